//! The rewritten rules that can be grounded: safety errors reported, and what gringo's
//! simplification removes (`normalize::drop`: undefined arithmetic, unguarded aggregates)
//! removed first, as clingo does.
//!
//! # Invariants
//! - Every rule [`safe_rules`] returns is safe (see `safety::check`); every rule left out is
//!   either reported (unsafe) or can never have an instance.

use crate::diagnostic::Diagnostic;
use crate::normalize::drop::simplify_rule;
use crate::normalize::print::Printer;
use crate::normalize::rules::Rule;
use crate::normalize::safety;
use crate::term::intern::Interner;

/// The rules without unsafe variables; each checked rule's `global variable in tuple` infos
/// and safety errors go to `messages`, in rule order. What gringo's simplification removes
/// (see `normalize::drop`) is removed before the check.
pub(crate) fn safe_rules(
    table: &Interner,
    rules: Vec<Rule>,
    messages: &mut Vec<Diagnostic>,
) -> Vec<Rule> {
    // In place: a copy would move every (large) rule once more.
    let mut rules = rules;
    rules.retain_mut(|rule| {
        if !simplify_rule(rule) {
            return false;
        }
        messages.append(&mut rule.tuple_infos);
        let rule: &Rule = rule;
        let printer = Printer {
            table,
            names: &rule.var_names,
        };
        let order = crate::normalize::body_order::sorted_body(&printer, rule);
        let texts = safety::Texts {
            rule: &|| printer.rule(rule),
            lit: &|lit| {
                let mut text = String::new();
                printer.lit(lit, &mut text);
                text
            },
            head: &|| printer.head_aggregate(&rule.head),
        };
        let found = safety::check(rule, &order, &texts);
        let safe = found.is_empty();
        messages.extend(found);
        safe
    });
    rules
}
