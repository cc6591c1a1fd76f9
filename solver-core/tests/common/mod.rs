//! Shared test support: proptest generators of small ground programs, driven by a "test
//! schedule" of shapes so that rare features (non-tight loops, disjunction, negative weights,
//! externals, assumptions, several priority levels) are hit often on tiny inputs.
#![allow(dead_code)]

use proptest::prelude::*;
use solver_core::{
    Atom, Body, Edge, ExternalValue, GroundProgram, HeadKind, HeuristicDirective,
    HeuristicModifier, Literal, Minimize, Output, Rule, WeightedLiteral,
};

/// What a generated program may contain.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Atoms are `1..=atoms`.
    pub atoms: u32,
    /// Number of rules.
    pub rules: usize,
    /// Largest head of a disjunctive rule (1: normal programs only).
    pub max_disjunction: usize,
    /// Probability weight of choice rules (0..=10).
    pub choice: u32,
    /// Probability weight of weight bodies (0..=10).
    pub weight_bodies: u32,
    /// Number of minimize statements.
    pub minimizes: usize,
    /// Whether to add a projection statement.
    pub projection: bool,
    /// Number of external declarations.
    pub externals: usize,
    /// Number of assumptions.
    pub assumptions: usize,
    /// Number of `#edge` statements (nodes 0..4, conditions of up to two literals).
    pub edges: usize,
    /// Number of `#heuristic` statements.
    pub heuristics: usize,
}

/// The schedule: shapes from tiny to small, each stressing some features.
pub fn schedule() -> Vec<Shape> {
    let base = Shape {
        atoms: 3,
        rules: 4,
        max_disjunction: 1,
        choice: 3,
        weight_bodies: 0,
        minimizes: 0,
        projection: false,
        externals: 0,
        assumptions: 0,
        edges: 0,
        heuristics: 0,
    };
    vec![
        base.clone(),
        Shape {
            atoms: 6,
            rules: 6,
            choice: 6,
            edges: 5,
            heuristics: 4,
            ..base.clone()
        },
        Shape {
            atoms: 5,
            rules: 7,
            ..base.clone()
        },
        Shape {
            atoms: 6,
            rules: 9,
            weight_bodies: 4,
            ..base.clone()
        },
        Shape {
            atoms: 8,
            rules: 12,
            weight_bodies: 2,
            choice: 4,
            ..base.clone()
        },
        Shape {
            atoms: 4,
            rules: 6,
            max_disjunction: 3,
            choice: 1,
            ..base.clone()
        },
        Shape {
            atoms: 7,
            rules: 9,
            max_disjunction: 2,
            weight_bodies: 2,
            ..base.clone()
        },
        Shape {
            atoms: 6,
            rules: 8,
            minimizes: 3,
            choice: 5,
            ..base.clone()
        },
        Shape {
            atoms: 8,
            rules: 10,
            minimizes: 2,
            weight_bodies: 3,
            choice: 5,
            ..base.clone()
        },
        Shape {
            atoms: 7,
            rules: 8,
            projection: true,
            choice: 5,
            ..base.clone()
        },
        Shape {
            atoms: 5,
            rules: 6,
            externals: 3,
            assumptions: 1,
            ..base.clone()
        },
        Shape {
            atoms: 10,
            rules: 14,
            weight_bodies: 3,
            choice: 4,
            minimizes: 1,
            projection: true,
            externals: 1,
            assumptions: 1,
            max_disjunction: 2,
            edges: 3,
            heuristics: 3,
        },
    ]
}

/// A shape big enough for learning and restarts, small enough for brute force (12 atoms).
pub fn large_shape() -> Shape {
    Shape {
        atoms: 12,
        rules: 22,
        max_disjunction: 2,
        choice: 5,
        weight_bodies: 3,
        minimizes: 2,
        projection: true,
        externals: 1,
        assumptions: 0,
        edges: 4,
        heuristics: 4,
    }
}

/// A strategy over the shapes of the schedule.
pub fn shape_strategy() -> impl Strategy<Value = Shape> {
    let shapes = schedule();
    (0..shapes.len()).prop_map(move |i| shapes[i].clone())
}

/// A literal over `1..=atoms`.
pub fn literal(atoms: u32) -> impl Strategy<Value = Literal> {
    (1..=atoms, any::<bool>()).prop_map(|(a, positive)| {
        if positive {
            Literal::positive(Atom(a))
        } else {
            Literal::negative(Atom(a))
        }
    })
}

/// A weighted literal with weights in `low..=high`.
pub fn weighted(atoms: u32, low: i64, high: i64) -> impl Strategy<Value = WeightedLiteral> {
    (literal(atoms), low..=high).prop_map(|(literal, weight)| WeightedLiteral { literal, weight })
}

/// A rule body (normal or weight, with negative weights).
pub fn body(shape: &Shape) -> impl Strategy<Value = Body> {
    let atoms = shape.atoms;
    let normal = proptest::collection::vec(literal(atoms), 0..=3).prop_map(Body::Normal);
    let weight = (
        -1i64..=4,
        proptest::collection::vec(weighted(atoms, -2, 3), 0..=4),
    )
        .prop_map(|(lower, elements)| Body::Weight { lower, elements });
    let weight_share = shape.weight_bodies;
    prop_oneof![10 - weight_share.min(9) => normal, weight_share.max(1) => weight]
        .prop_filter("weight bodies only where the shape allows", move |b| {
            weight_share > 0 || matches!(b, Body::Normal(_))
        })
}

/// A rule: a disjunction (possibly empty: a constraint) or a choice.
pub fn rule(shape: &Shape) -> impl Strategy<Value = Rule> {
    let atoms = shape.atoms;
    let head_atoms = move |range: std::ops::RangeInclusive<usize>| {
        proptest::collection::vec((1..=atoms).prop_map(Atom), range)
    };
    let constraint = Just((HeadKind::Disjunction, Vec::new()));
    let disjunctive =
        head_atoms(1..=shape.max_disjunction).prop_map(|head| (HeadKind::Disjunction, head));
    let choice = head_atoms(1..=3).prop_map(|head| (HeadKind::Choice, head));
    let choice_share = shape.choice.min(7);
    let head = prop_oneof![
        2 => constraint,
        8 - choice_share => disjunctive,
        choice_share.max(1) => choice,
    ]
    .prop_filter("choices only where the shape allows", move |(kind, _)| {
        choice_share > 0 || *kind == HeadKind::Disjunction
    });
    (head, body(shape))
        .prop_filter("no constraint with an empty body", |((_, head), body)| {
            !head.is_empty() || *body != Body::Normal(Vec::new())
        })
        .prop_map(|((kind, head), body)| avoid_choice_quirk(Rule { kind, head, body }))
}

/// Drops, from the sum body of a choice rule with several head atoms, the elements over those
/// head atoms (either sign): clasp never derives such a head atom from such a rule, a quirk the
/// checker documents and does not follow (gringo never emits that shape).
pub fn avoid_choice_quirk(mut rule: Rule) -> Rule {
    let mut distinct = rule.head.clone();
    distinct.sort();
    distinct.dedup();
    if rule.kind == HeadKind::Choice && distinct.len() > 1 {
        if let Body::Weight { elements, .. } = &mut rule.body {
            elements.retain(|e| !distinct.contains(&e.literal.atom()));
        }
    }
    rule
}

/// An external value.
pub fn external_value() -> impl Strategy<Value = ExternalValue> {
    prop_oneof![
        3 => Just(ExternalValue::Free),
        1 => Just(ExternalValue::True),
        1 => Just(ExternalValue::False),
        1 => Just(ExternalValue::Release),
    ]
}

/// A program of the given shape (atom_count is `shape.atoms`; outputs name every atom).
pub fn program(shape: Shape) -> impl Strategy<Value = GroundProgram> {
    let atoms = shape.atoms;
    let rules = proptest::collection::vec(rule(&shape), shape.rules);
    let minimizes = proptest::collection::vec(
        (
            0i32..=2,
            proptest::collection::vec(weighted(atoms, -2, 4), 1..=3),
        )
            .prop_map(|(priority, elements)| Minimize { priority, elements }),
        shape.minimizes,
    );
    let projection = proptest::collection::vec((1..=atoms).prop_map(Atom), 0..=3);
    let externals = proptest::collection::vec(
        ((1..=atoms).prop_map(Atom), external_value()),
        shape.externals,
    );
    let assumptions = proptest::collection::vec(literal(atoms), shape.assumptions);
    let with_projection = shape.projection;
    let conditions = move || proptest::collection::vec(literal(atoms), 0..=2);
    let edges = proptest::collection::vec(
        (0u32..4, 0u32..4, conditions()).prop_map(|(from, to, condition)| Edge {
            from,
            to,
            condition,
        }),
        shape.edges,
    );
    let heuristics = proptest::collection::vec(
        (0u32..6, 1..=atoms, -3i32..=3, 0u32..3, conditions()).prop_map(
            |(code, atom, value, priority, condition)| HeuristicDirective {
                modifier: HeuristicModifier::from_code(code).expect("codes 0..6"),
                atom: Atom(atom),
                value,
                priority,
                condition,
            },
        ),
        shape.heuristics,
    );
    (
        rules,
        minimizes,
        projection,
        externals,
        assumptions,
        edges,
        heuristics,
    )
        .prop_map(
            move |(rules, minimizes, projection, mut externals, assumptions, edges, heuristics)| {
                GroundProgram {
                    atom_count: atoms,
                    externals: {
                        // clasp's treatment of an external atom that heads rules depends on its
                        // parse-time simplification (see `check`); keep externals undefined.
                        externals.retain(|(atom, _)| !rules.iter().any(|r| r.head.contains(atom)));
                        externals
                    },
                    rules,
                    minimizes,
                    projection: with_projection.then_some(projection),
                    outputs: (1..=atoms)
                        .map(|a| Output {
                            name: format!("a{a}"),
                            condition: vec![Literal::positive(Atom(a))],
                        })
                        .collect(),
                    assumptions,
                    edges,
                    heuristics,
                }
            },
        )
}

/// A program from the schedule.
pub fn scheduled_program() -> impl Strategy<Value = GroundProgram> {
    shape_strategy().prop_flat_map(program)
}
