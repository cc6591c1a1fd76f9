//! The output table: which atoms and `#show` terms a model shows, under which conditions.
//!
//! An atom is shown when its predicate is shown: with any `#show p/n.` or `#show.` only the
//! listed signatures, otherwise every predicate except hidden ones. These directives hold for
//! the whole program as added so far (clingo reads them when a program is added, whichever
//! part they are in), so the table is rebuilt from every atom of every grounding each time:
//! a `#show q/1.` added later hides the atoms of other predicates shown before. Shown atoms
//! come in gringo's order (see `order`), which is the order clingo prints facts in.
//!
//! `#show t : body.` adds its instances after the atoms (later statements first, as gringo).
//! A term is output once, when any of its conditions holds: several conditions become one
//! auxiliary atom. A term shown again by a later grounding keeps its place; its condition is
//! then the disjunction of all its conditions so far (a new auxiliary atom; gringo instead
//! outputs the term again under the new conditions minus the old).
//!
//! # Invariants
//! - No `(symbol, condition)` pair is output twice; a term's conditions are those of the
//!   groundings that produced it, simplified when they were ground.

use fxhash::FxHashMap;
use solver_core::Literal;

use crate::instantiate::simplify::{simplify_conj, Truth};
use crate::instantiate::{GLit, Grounder};
use crate::normalize::rewrite::Directives;
use crate::normalize::rules::{Pred, Rule};
use crate::output::numbering::Numbering;
use crate::output::order::ShownOrder;
use crate::output::source::Source;
use crate::term::intern::Val;

/// What became of an atom's fact rule.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum FactRule {
    /// Not a fact (yet).
    #[default]
    None,
    /// Written.
    Written,
    /// Refused: the atom was frozen with other rules (see `definitions`).
    Refused,
}

/// Whether atoms of `pred` are shown (see the module doc).
fn is_shown(d: &Directives, pred: Pred) -> bool {
    if d.show_explicit {
        d.show.contains(&pred)
    } else {
        !d.hide.contains(&pred)
    }
}

/// The shown atoms of every grounding so far with their conditions: none for facts whose fact
/// rule was written (`written`), the atom for others.
pub(crate) fn shown_atoms(
    n: &mut Numbering,
    g: &Grounder,
    (order, written): (&ShownOrder, &[FactRule]),
    from: &Source,
    truth: &[Truth],
) -> Vec<(Val, Vec<Literal>)> {
    let d = from.directives;
    let mut out = Vec::new();
    for id in order.atoms() {
        let Some(info) = g.store.info(id) else {
            continue;
        };
        let (Some(val), Some(dom)) = (info.val, g.store.preds.get(info.pred as usize)) else {
            continue;
        };
        let t = truth.get(id.0 as usize).copied().unwrap_or(Truth::Unknown);
        let internal = g.table.name_text(dom.pred.name).starts_with('#');
        if t == Truth::False || !info.in_domain || internal || !is_shown(d, dom.pred) {
            continue;
        }
        let cond = if t == Truth::True && written.get(id.0 as usize) == Some(&FactRule::Written) {
            Vec::new()
        } else {
            vec![n.lit(g, GLit::pos(id))]
        };
        out.push((val, cond));
    }
    out
}

/// One `#show` term: its conditions so far and the literal output for them.
#[derive(Debug)]
struct Term {
    /// The term.
    val: Val,
    /// Its conditions (one holding shows it).
    bodies: Vec<Vec<GLit>>,
    /// The output condition for `bodies`, once written.
    cond: Option<Vec<Literal>>,
}

/// The `#show t : body.` terms of every grounding so far, in output order.
#[derive(Default, Debug)]
pub(crate) struct Terms {
    /// The terms.
    terms: Vec<Term>,
    /// Index of each term in `terms`.
    index: FxHashMap<Val, usize>,
}

impl Terms {
    /// Adds the shown terms of this grounding (`g.extras.shows`) and returns every term with
    /// its condition. A term's instances of this grounding are ordered as gringo grounds the
    /// statements: independent statements last to first, a statement's instances in order.
    pub(crate) fn extend(
        &mut self,
        n: &mut Numbering,
        g: &Grounder,
        source: &[Rule],
        truth: &[Truth],
    ) -> Vec<(Val, Vec<Literal>)> {
        let mut conds: FxHashMap<Val, Vec<Vec<GLit>>> = FxHashMap::default();
        let mut order = Vec::new();
        for (v, cond) in &g.extras.shows {
            if let Some(c) = simplify_conj(truth, cond) {
                let entry = conds.entry(*v).or_insert_with(|| {
                    order.push(*v);
                    Vec::new()
                });
                if !entry.contains(&c) {
                    entry.push(c);
                }
            }
        }
        let rank = |v: &Val| crate::output::order::show_statement(g, source, *v);
        order.sort_by_key(|v| std::cmp::Reverse(rank(v)));
        for v in order {
            self.add(v, conds.remove(&v).unwrap_or_default());
        }
        self.terms
            .iter_mut()
            .map(|term| {
                let cond = term
                    .cond
                    .get_or_insert_with(|| condition(n, g, &term.bodies));
                (term.val, cond.clone())
            })
            .collect()
    }

    /// Adds the conditions `bodies` of term `v` (a new term at the end).
    fn add(&mut self, v: Val, bodies: Vec<Vec<GLit>>) {
        let k = *self.index.entry(v).or_insert_with(|| {
            self.terms.push(Term {
                val: v,
                bodies: Vec::new(),
                cond: None,
            });
            self.terms.len() - 1
        });
        let Some(term) = self.terms.get_mut(k) else {
            return;
        };
        for body in bodies {
            if !term.bodies.contains(&body) {
                term.bodies.push(body);
                term.cond = None;
            }
        }
    }
}

/// The output condition of a term shown when one of `bodies` holds.
fn condition(n: &mut Numbering, g: &Grounder, bodies: &[Vec<GLit>]) -> Vec<Literal> {
    if bodies.iter().any(|b| b.is_empty()) {
        Vec::new()
    } else if let [only] = bodies {
        n.lits(g, only)
    } else {
        vec![n.disjunction(g, bodies)]
    }
}
