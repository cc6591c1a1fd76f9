//! The rewritten rules that can be grounded: safety errors reported, and what undefined
//! arithmetic makes impossible removed first, as clingo does.
//!
//! # Invariants
//! - Every rule [`safe_rules`] returns is safe (see `safety::check`); every rule left out is
//!   either reported (unsafe) or can never have an instance.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::normalize::print::Printer;
use crate::normalize::rules::{Head, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::T;
use crate::term::intern::Interner;

/// The rules without unsafe variables; the others' errors go to `errors`. What arithmetic
/// undefined whatever the variables (`q(1/0)`, `c/2 < 3`, already reported as `operation
/// undefined`) makes impossible is removed before the check, as clingo does (see
/// [`drop_undefined_parts`]).
pub(crate) fn safe_rules(
    table: &Interner,
    rules: Vec<Rule>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Rule> {
    let mut safe = Vec::new();
    for mut rule in rules {
        drop_unguarded_aggregates(&mut rule);
        if !drop_undefined_parts(&mut rule) {
            continue;
        }
        let printer = Printer {
            table,
            names: &rule.var_names,
        };
        let found = safety::check(
            &rule,
            &|| printer.rule(&rule),
            &|agg| {
                let mut text = String::new();
                printer.aggregate(agg, &mut text);
                text
            },
            &|| printer.head_aggregate(&rule.head),
        );
        if found.is_empty() {
            safe.push(rule);
        } else {
            errors.extend(found);
        }
    }
    safe
}

/// A body aggregate without guards always holds: clingo removes it before the safety check
/// (and with it its elements' variables); under one `not` it is `#false` (the rest of the rule
/// is still checked: `not s(X) :- not #min{..}.` is unsafe).
fn drop_unguarded_aggregates(rule: &mut Rule) {
    for lit in &mut rule.body {
        if let Lit::Agg(agg) = lit {
            if agg.bounds.is_empty() && agg.sign == ast::Sign::Not {
                *lit = Lit::Bool(false);
            }
        }
    }
    rule.body
        .retain(|l| !matches!(l, Lit::Agg(agg) if agg.bounds.is_empty()));
}

/// Removes what can never hold because a term in it is undefined whatever the variables: the
/// whole rule (returns false) for such a body atom or comparison, a positive body aggregate's
/// guard or the atom of a head that is one unconditional atom; just the element for a body
/// aggregate element's tuple or a choice or head aggregate element's atom or tuple. A
/// disjunction of several elements stays whole (`s(X) ; r(c+1).` is unsafe in clingo), and so
/// does a conditional element: grounding decides it (`p(a+0) : #true.` is satisfied).
fn drop_undefined_parts(rule: &mut Rule) -> bool {
    let undefined = |ts: &[T]| ts.iter().any(T::contains_undefined_arith);
    for lit in &mut rule.body {
        match lit {
            Lit::Agg(agg) => {
                let guards = agg.bounds.iter().any(|(_, t)| t.contains_undefined_arith());
                if guards && agg.sign == ast::Sign::None {
                    return false;
                }
                agg.elems.retain(|e| !undefined(&e.terms));
            }
            other if has_undefined_ground_term(other) => return false,
            _ => {}
        }
    }
    match &mut rule.head {
        Head::Disj(elems) => match elems.as_slice() {
            [only] => !(only.cond.is_empty() && undefined(&only.atom.args)),
            _ => true,
        },
        Head::Choice { elems, .. } | Head::Agg { elems, .. } => {
            elems.retain(|e| !undefined(&e.atom.args) && !undefined(&e.terms));
            true
        }
        _ => true,
    }
}

/// Whether an atom or comparison of a body has an arithmetic term that is undefined whatever
/// its variables are (see [`T::is_undefined_arith`]).
fn has_undefined_ground_term(lit: &Lit) -> bool {
    match lit {
        Lit::Atom(_, atom) => atom.args.iter().any(T::contains_undefined_arith),
        Lit::Cmp(_, left, right) => {
            left.contains_undefined_arith() || right.contains_undefined_arith()
        }
        _ => false,
    }
}
