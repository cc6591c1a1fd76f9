//! A delta in variable space: every atom id replaced by the atom's variable, so the
//! translation reads atom ids as variable ids (`body::literal` is the identity). The first
//! delta's atoms are variables `1..=n` already and are borrowed, not copied.

use std::borrow::Cow;

use super::atoms::AtomTable;
use crate::program::{Atom, Body, Edge, GroundProgram, HeuristicDirective, Literal, Minimize};
use crate::program::{Output, Rule, WeightedLiteral};

/// `delta` with atom ids replaced by their variables; `atom_count` becomes the highest
/// variable of its atoms. The atoms must all be in `atoms`.
pub(super) fn to_var_space<'d>(
    delta: &'d GroundProgram,
    atoms: &AtomTable,
) -> Cow<'d, GroundProgram> {
    if atoms.is_identity() {
        return Cow::Borrowed(delta);
    }
    let atom = |a: Atom| Atom(atoms.var(a).0);
    let lit = |l: Literal| match l.is_positive() {
        true => Literal::positive(atom(l.atom())),
        false => Literal::negative(atom(l.atom())),
    };
    let lits = |ls: &[Literal]| ls.iter().map(|&l| lit(l)).collect::<Vec<_>>();
    let weighted = |ws: &[WeightedLiteral]| {
        let renamed = ws.iter().map(|w| WeightedLiteral {
            literal: lit(w.literal),
            weight: w.weight,
        });
        renamed.collect::<Vec<_>>()
    };
    let rule = |r: &Rule| Rule {
        kind: r.kind,
        head: r.head.iter().map(|&a| atom(a)).collect(),
        body: match &r.body {
            Body::Normal(ls) => Body::Normal(lits(ls)),
            Body::Weight { lower, elements } => Body::Weight {
                lower: *lower,
                elements: weighted(elements),
            },
        },
    };
    Cow::Owned(GroundProgram {
        atom_count: (1..=delta.atom_count)
            .map(|a| atom(Atom(a)).0)
            .max()
            .unwrap_or(0),
        rules: delta.rules.iter().map(rule).collect(),
        minimizes: delta
            .minimizes
            .iter()
            .map(|m| Minimize {
                priority: m.priority,
                elements: weighted(&m.elements),
            })
            .collect(),
        projection: delta
            .projection
            .as_ref()
            .map(|p| p.iter().map(|&a| atom(a)).collect()),
        outputs: delta
            .outputs
            .iter()
            .map(|o| Output {
                name: o.name.clone(),
                condition: lits(&o.condition),
            })
            .collect(),
        externals: delta.externals.iter().map(|&(a, v)| (atom(a), v)).collect(),
        assumptions: lits(&delta.assumptions),
        edges: delta
            .edges
            .iter()
            .map(|e| Edge {
                from: e.from,
                to: e.to,
                condition: lits(&e.condition),
            })
            .collect(),
        heuristics: delta
            .heuristics
            .iter()
            .map(|h| HeuristicDirective {
                atom: atom(h.atom),
                condition: lits(&h.condition),
                ..h.clone()
            })
            .collect(),
    })
}
