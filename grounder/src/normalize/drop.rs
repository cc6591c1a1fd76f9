//! What gringo's simplification removes from a rewritten rule before the safety check.
//!
//! gringo simplifies each statement before it checks safety: a term that is undefined
//! whatever its variables are (`q(1/0)`, `c+1`, `f(X)-1`, `|f(X)|`: see
//! [`T::is_undefined_arith`]; the `operation undefined` info was given while rewriting) makes
//! the literal holding it impossible, and the variables that only it had are gone with it.
//! Per place, as clingo 5.8.3 answers:
//! - a body atom, comparison or interval (under any sign), a body aggregate's guard, a head
//!   aggregate's or choice's guard, a weak
//!   constraint's weight, priority or terms, and the term or atom of `#show`, `#project`,
//!   `#external`, `#edge` and `#heuristic`: the whole rule is removed (not checked);
//! - the atom of a head that is one unconditional atom: the rule is removed (not so when
//!   the head also had `not` or `not not` disjuncts: `r(c+3) ; not not p(X).` is unsafe);
//! - the atom of an unconditional element of a larger disjunction, also under `not` or
//!   `not not` (moved into the body, see `negheads`): the element is removed and the rule
//!   never fires, but the rest is still checked (`s(X) ; r(c+1).` and
//!   `b ; not q(1/0) :- not d(W).` are unsafe);
//! - the literal of a body conditional literal: that alternative is removed (with none left,
//!   the literal is `#false : cond`: `b :- q(c+1) : r(X).` holds when no `r(X)` does);
//! - a condition literal: its element is removed (a disjunction left empty is a constraint:
//!   `a : q(c+1).` is unsatisfiable), and a body conditional literal with it holds;
//! - a body aggregate element's tuple, a choice or head aggregate element's atom or tuple:
//!   the element is removed.
//!
//! The atom of a conditional element of a disjunction stays: grounding decides it
//! (`p(a+0) : #true.` is satisfied).
//!
//! A body aggregate without guards always holds: it is removed too (and with it its elements'
//! variables); under one `not` it is `#false`.

use crate::ast::Sign;
use crate::normalize::rules::{AtomPat, CondAlt, Head, HeadElem, Lit, Rule};
use crate::term::eval::T;

/// Removes what gringo's simplification removes; false when the whole rule goes.
pub(crate) fn simplify_rule(rule: &mut Rule) -> bool {
    drop_unguarded_aggregates(rule);
    body_defined(&mut rule.body, rule.head_lits) && head_defined(rule)
}

/// A body aggregate without guards always holds: clingo removes it before the safety check
/// (and with it its elements' variables); under one `not` it is `#false` (the rest of the rule
/// is still checked: `not s(X) :- not #min{..}.` is unsafe).
fn drop_unguarded_aggregates(rule: &mut Rule) {
    for lit in &mut rule.body {
        if let Lit::Agg(agg) = lit {
            if agg.bounds.is_empty() && agg.sign == Sign::Not {
                *lit = Lit::Bool(false);
            }
        }
    }
    rule.body
        .retain(|l| !matches!(l, Lit::Agg(agg) if agg.bounds.is_empty()));
}

/// Whether a term of `ts` is undefined whatever the variables are.
fn undefined(ts: &[T]) -> bool {
    ts.iter().any(T::contains_undefined_arith)
}

/// Whether a flat literal (atom, comparison, interval) has such a term.
fn lit_undefined(lit: &Lit) -> bool {
    match lit {
        Lit::Atom(_, atom) => undefined(&atom.args),
        Lit::Cmp(_, left, right) | Lit::Range(_, left, right) => {
            left.contains_undefined_arith() || right.contains_undefined_arith()
        }
        Lit::Bool(_) | Lit::Agg(_) | Lit::Cond(_) => false,
    }
}

/// Whether a condition has an undefined literal.
fn cond_undefined(cond: &[Lit]) -> bool {
    cond.iter().any(lit_undefined)
}

/// Whether the condition of the disjunction element `e` has an undefined term, its own
/// `not`/`not not` literal (the last atom of its condition) aside: gringo reads that literal
/// as `#true` when its atom is undefined (`not q(W/0) : d(W)` holds with `d(W)`).
fn disjunct_condition_undefined(e: &HeadElem) -> bool {
    let literal = match e.sign {
        Sign::None => None,
        _ => e.cond.iter().rposition(|l| matches!(l, Lit::Atom(..))),
    };
    let mut others = e
        .cond
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != literal);
    others.any(|(_, l)| lit_undefined(l))
}

/// Simplifies the body; false when the rule goes.
fn body_defined(body: &mut Vec<Lit>, head_lits: usize) -> bool {
    let mut holds = Vec::new();
    for (i, lit) in body.iter_mut().enumerate() {
        match lit {
            // A disjunct moved from the head: removed, the rule never fires but is checked.
            other if i < head_lits && lit_undefined(other) => *other = Lit::Bool(false),
            Lit::Agg(agg) => {
                if agg.bounds.iter().any(|(_, t)| t.contains_undefined_arith()) {
                    return false;
                }
                agg.elems
                    .retain(|e| !undefined(&e.terms) && !cond_undefined(&e.cond));
            }
            Lit::Cond(c) if cond_undefined(&c.cond) => holds.push(i),
            Lit::Cond(c) => {
                c.alts
                    .retain(|a| !lit_undefined(&a.lit) && !cond_undefined(&a.local));
                if c.alts.is_empty() {
                    c.alts.push(CondAlt {
                        lit: Lit::Bool(false),
                        local: Vec::new(),
                    });
                }
            }
            other if lit_undefined(other) => return false,
            _ => {}
        }
    }
    for i in holds.into_iter().rev() {
        body.remove(i);
    }
    true
}

/// Simplifies the head; false when the rule goes.
fn head_defined(rule: &mut Rule) -> bool {
    let atom_undefined = |a: &AtomPat| undefined(&a.args);
    match &mut rule.head {
        Head::Disj(elems) => {
            // One atom and no `not`/`not not` disjunct moved into the body (`head_lits`).
            if let ([only], 0) = (elems.as_slice(), rule.head_lits) {
                if only.cond.is_empty() && atom_undefined(&only.atom) {
                    return false;
                }
            }
            elems.retain(|e| !disjunct_condition_undefined(e));
            let before = elems.len();
            elems.retain(|e| !(e.cond.is_empty() && atom_undefined(&e.atom)));
            if elems.len() < before {
                rule.body.push(Lit::Bool(false));
            }
            true
        }
        Head::Choice { elems, bounds, .. } | Head::Agg { elems, bounds, .. } => {
            if bounds.iter().any(|(_, t)| t.contains_undefined_arith()) {
                return false;
            }
            elems.retain(|e| {
                !atom_undefined(&e.atom) && !undefined(&e.terms) && !cond_undefined(&e.cond)
            });
            true
        }
        Head::Weak {
            weight,
            priority,
            terms,
            ..
        } => {
            !weight.contains_undefined_arith()
                && !priority.contains_undefined_arith()
                && !undefined(terms)
        }
        Head::Show(t) => !t.contains_undefined_arith(),
        Head::Project(atom) => !atom_undefined(atom),
        Head::External(atom, value) => !atom_undefined(atom) && !value.contains_undefined_arith(),
        Head::Edge(u, v) => !u.contains_undefined_arith() && !v.contains_undefined_arith(),
        Head::Heuristic(h) => !atom_undefined(&h.0) && !undefined(&h.1[..]),
    }
}
