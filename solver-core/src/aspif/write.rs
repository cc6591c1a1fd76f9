//! Writing a ground program as aspif text: one statement per line, gringo's layout; weight
//! body elements with negative weights are written as clasp accepts them (see the module doc
//! of `aspif`).

use std::fmt::Write as _;

use crate::program::{
    Atom, Body, ExternalValue, GroundProgram, HeadKind, Literal, Rule, WeightedLiteral,
};

/// Appends one rule statement.
pub(super) fn write_rule(out: &mut String, rule: &Rule) {
    let kind = match rule.kind {
        HeadKind::Disjunction => 0,
        HeadKind::Choice => 1,
    };
    let _ = write!(out, "1 {kind}");
    write_atoms(out, &rule.head);
    match &rule.body {
        Body::Normal(literals) => {
            out.push_str(" 0");
            write_literals(out, literals);
        }
        Body::Weight { lower, elements } => {
            let (lower, elements) = without_negative_weights(*lower, elements);
            let _ = write!(out, " 1 {lower}");
            write_weighted(out, &elements);
        }
    }
    out.push('\n');
}

/// The same weight body with non-negative weights only, as aspif demands: `w·l` with `w < 0`
/// equals `w + |w|·¬l`, so the element becomes `¬l = |w|` and the bound grows by `|w|`.
fn without_negative_weights(
    lower: i64,
    elements: &[WeightedLiteral],
) -> (i64, Vec<WeightedLiteral>) {
    let mut lower = lower;
    let elements = elements
        .iter()
        .map(|element| {
            if element.weight >= 0 {
                return *element;
            }
            lower = lower.saturating_sub(element.weight);
            WeightedLiteral {
                literal: element.literal.negate(),
                weight: element.weight.saturating_neg(),
            }
        })
        .collect();
    (lower, elements)
}

/// Appends ` n a1 .. an`.
pub(super) fn write_atoms(out: &mut String, atoms: &[Atom]) {
    let _ = write!(out, " {}", atoms.len());
    for atom in atoms {
        let _ = write!(out, " {}", atom.0);
    }
}

/// Appends ` n l1 .. ln`.
pub(super) fn write_literals(out: &mut String, literals: &[Literal]) {
    let _ = write!(out, " {}", literals.len());
    for literal in literals {
        let _ = write!(out, " {literal}");
    }
}

/// Appends ` n l1 w1 .. ln wn`.
pub(super) fn write_weighted(out: &mut String, elements: &[WeightedLiteral]) {
    let _ = write!(out, " {}", elements.len());
    for element in elements {
        let _ = write!(out, " {} {}", element.literal, element.weight);
    }
}

/// The aspif code of an external value.
pub(super) fn external_code(value: ExternalValue) -> u8 {
    match value {
        ExternalValue::Free => 0,
        ExternalValue::True => 1,
        ExternalValue::False => 2,
        ExternalValue::Release => 3,
    }
}

/// The largest atom mentioned anywhere in `program` (0 if none).
pub(super) fn largest_atom(program: &GroundProgram) -> u32 {
    let literal_atoms = |literals: &[Literal]| literals.iter().map(|l| l.atom().0).max();
    let weighted_atoms =
        |elements: &[WeightedLiteral]| elements.iter().map(|w| w.literal.atom().0).max();
    let rules = program.rules.iter().flat_map(|rule| {
        let body = match &rule.body {
            Body::Normal(literals) => literal_atoms(literals),
            Body::Weight { elements, .. } => weighted_atoms(elements),
        };
        rule.head.iter().map(|a| a.0).chain(body)
    });
    let minimizes = program
        .minimizes
        .iter()
        .filter_map(|m| weighted_atoms(&m.elements));
    let projection = program.projection.iter().flatten().map(|a| a.0);
    let outputs = program
        .outputs
        .iter()
        .filter_map(|o| literal_atoms(&o.condition));
    let externals = program.externals.iter().map(|(a, _)| a.0);
    let assumptions = literal_atoms(&program.assumptions);
    let edges = program
        .edges
        .iter()
        .filter_map(|e| literal_atoms(&e.condition));
    let heuristics = program
        .heuristics
        .iter()
        .flat_map(|h| std::iter::once(h.atom.0).chain(literal_atoms(&h.condition)));
    rules
        .chain(minimizes)
        .chain(projection)
        .chain(outputs)
        .chain(externals)
        .chain(assumptions)
        .chain(edges)
        .chain(heuristics)
        .max()
        .unwrap_or(0)
}
