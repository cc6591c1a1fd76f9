//! The rewritten rules that can be grounded: safety errors reported, and what gringo's
//! simplification removes (`normalize::drop`: undefined arithmetic, unguarded aggregates)
//! removed first, as clingo does.
//!
//! # Invariants
//! - Every rule [`safe_rules`] returns is safe (see `safety::check`); every rule left out is
//!   either reported (unsafe) or can never have an instance.

use crate::ast::{CompareOp, Sign};
use crate::diagnostic::Diagnostic;
use crate::normalize::drop::simplify_rule;
use crate::normalize::inequalities;
use crate::normalize::print::Printer;
use crate::normalize::rules::{Head, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::T;
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
        messages.append(&mut rule.take_tuple_infos());
        let mut found = unsafe_errors(table, rule);
        if !found.is_empty() {
            let mut bounded = rule.clone();
            inequalities::bind_by_inequalities(&mut bounded);
            found = unsafe_errors(table, &bounded);
            *rule = bounded;
        }
        let safe = found.is_empty();
        messages.extend(found);
        if safe {
            mark_compared_assignments(table, rule);
        }
        safe
    });
    rules.iter_mut().for_each(move_single_condition);
    rules
}

/// The unsafe-variable errors of `rule` (see `safety::check`); none without variables.
fn unsafe_errors(table: &Interner, rule: &Rule) -> Vec<Diagnostic> {
    if rule.var_names.is_empty() {
        return Vec::new();
    }
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
        head: &|| printer.head_alone(&rule.head),
    };
    safety::check(rule, &order, &texts)
}

/// Marks the body aggregates `X = #agg` that gringo grounds as comparisons (see
/// `body_order::compared_assignments`): the join then binds `X` first and checks the
/// aggregate's value against it, keeping an instance for each `X` whose value is in range.
fn mark_compared_assignments(table: &Interner, rule: &mut Rule) {
    // Only `X = #agg` can be an assignment (the rewriting made every guard with variables a
    // variable): other rules skip the sort, which prints each literal.
    let assigns = |l: &Lit| {
        matches!(l, Lit::Agg(a) if a.sign == Sign::None
            && matches!(a.bounds.as_slice(), [(CompareOp::Eq, T::Var(_))]))
    };
    if !rule.body.iter().any(assigns) {
        return;
    }
    let printer = Printer {
        table,
        names: &rule.var_names,
    };
    let compared = crate::normalize::body_order::compared_assignments(&printer, rule);
    for i in compared {
        if let Some(Lit::Agg(agg)) = rule.body.get_mut(i) {
            agg.compared = true;
        }
    }
}

/// Moves the condition of a single head element without bounds into the body, as gringo does
/// (see `Head::single_element`), when the body needs it: when some body literal can only be
/// placed once the condition has bound its variables (`{ q(Y) : r(Z) } :- d(Y), not s(Z).`).
/// Otherwise the condition stays with the element, whose grounding gives the same instances.
/// gringo accumulates a body aggregate's elements in a rule with the other body literals, the
/// moved ones among them: an element sharing a variable with the condition is grounded for
/// each domain instance of it, the variable staying local, and the condition is no condition
/// of the element (`{ b : e(W) } :- #sum { W : d(W) } < 2.` sums the `W` of the possible `e`,
/// true or not: `AggElem::filter`).
fn move_single_condition(rule: &mut Rule) {
    let cond = match rule.head.single_element() {
        Some(e) if e.sign == Sign::None && !e.cond.is_empty() => e.cond.clone(),
        _ => return,
    };
    let mut moved = Vec::new();
    cond.iter().for_each(|l| safety::lit_vars(l, &mut moved));
    moved.retain(|v| !rule.globals.contains(v));
    for lit in &mut rule.body {
        let Lit::Agg(agg) = lit else { continue };
        for e in &mut agg.elems {
            let mut vars = Vec::new();
            e.terms.iter().for_each(|t| t.vars(&mut vars));
            e.cond.iter().for_each(|l| safety::lit_vars(l, &mut vars));
            if vars.iter().any(|v| moved.contains(v)) {
                e.filter.extend(cond.iter().cloned());
            }
        }
    }
    let mut bound: safety::Bound = rule.params.iter().map(|p| p.var).collect();
    let (_, left) = safety::plan(&rule.body, &mut bound, &rule.globals, &|_| 0);
    if left.is_empty() {
        return;
    }
    if let Head::Choice { elems, .. } | Head::Agg { elems, .. } = &mut rule.head {
        for e in elems.iter_mut() {
            rule.body.append(&mut e.cond);
        }
    }
}
