//! aspif reading and writing: gringo's output is read as expected, `read(write(p)) == p` for
//! generated programs without negative body weights, an equivalent program with them (written
//! as clasp accepts it), and every malformed input gets an exact error naming its line.

mod common;

use proptest::prelude::*;
use solver_core::aspif::{read, write};
use solver_core::{
    Atom, Body, Edge, ExternalValue, GroundProgram, HeadKind, HeuristicDirective,
    HeuristicModifier, Literal, Minimize, Output, Rule, WeightedLiteral,
};

fn pos(a: u32) -> Literal {
    Literal::positive(Atom(a))
}

fn neg(a: u32) -> Literal {
    Literal::negative(Atom(a))
}

fn wl(literal: Literal, weight: i64) -> WeightedLiteral {
    WeightedLiteral { literal, weight }
}

/// Every statement kind once, as gringo would print it.
const EVERY_STATEMENT: &str = "asp 1 0 0
1 0 1 1 0 0
1 1 2 2 3 0 1 -1
1 0 2 4 5 1 2 2 2 2 -2 1
1 0 0 0 2 2 3
2 1 2 2 3 -3 -1
3 2 2 3
4 10 p(\"a b\",1) 1 2
4 1 q 0
5 4 0
5 5 1
5 6 2
5 7 3
6 2 1 -4
7 5 2 1 0 0
7 2 3 -4 7 2 1 -2
8 0 1 1 2
8 4294967295 0 0
0
";

fn every_statement_program() -> GroundProgram {
    GroundProgram {
        atom_count: 7,
        rules: vec![
            Rule {
                kind: HeadKind::Disjunction,
                head: vec![Atom(1)],
                body: Body::Normal(vec![]),
            },
            Rule {
                kind: HeadKind::Choice,
                head: vec![Atom(2), Atom(3)],
                body: Body::Normal(vec![neg(1)]),
            },
            Rule {
                kind: HeadKind::Disjunction,
                head: vec![Atom(4), Atom(5)],
                body: Body::Weight {
                    lower: 2,
                    elements: vec![wl(pos(2), 2), wl(neg(2), 1)],
                },
            },
            Rule {
                kind: HeadKind::Disjunction,
                head: vec![],
                body: Body::Normal(vec![pos(2), pos(3)]),
            },
        ],
        minimizes: vec![Minimize {
            priority: 1,
            elements: vec![wl(pos(2), 3), wl(neg(3), -1)],
        }],
        projection: Some(vec![Atom(2), Atom(3)]),
        outputs: vec![
            Output {
                name: "p(\"a b\",1)".into(),
                condition: vec![pos(2)],
            },
            Output {
                name: "q".into(),
                condition: vec![],
            },
        ],
        externals: vec![
            (Atom(4), ExternalValue::Free),
            (Atom(5), ExternalValue::True),
            (Atom(6), ExternalValue::False),
            (Atom(7), ExternalValue::Release),
        ],
        assumptions: vec![pos(1), neg(4)],
        heuristics: vec![
            HeuristicDirective {
                modifier: HeuristicModifier::False,
                atom: Atom(2),
                value: 1,
                priority: 0,
                condition: vec![],
            },
            HeuristicDirective {
                modifier: HeuristicModifier::Factor,
                atom: Atom(3),
                value: -4,
                priority: 7,
                condition: vec![pos(1), neg(2)],
            },
        ],
        edges: vec![
            Edge {
                from: 0,
                to: 1,
                condition: vec![pos(2)],
            },
            Edge {
                from: u32::MAX,
                to: 0,
                condition: vec![],
            },
        ],
    }
}

#[test]
fn reads_every_statement_kind() {
    assert_eq!(read(EVERY_STATEMENT), Ok(every_statement_program()));
}

#[test]
fn writes_every_statement_kind_as_gringo_does() {
    assert_eq!(write(&every_statement_program()), EVERY_STATEMENT);
}

#[test]
fn no_projection_statement_means_no_projection() {
    let program = read("asp 1 0 0\n1 1 1 1 0 0\n0\n").unwrap();
    assert_eq!(program.projection, None);
    let empty = read("asp 1 0 0\n3 0\n0\n").unwrap();
    assert_eq!(empty.projection, Some(vec![]));
    assert_eq!(write(&empty), "asp 1 0 0\n3 0\n0\n");
}

#[test]
fn projection_statements_accumulate() {
    let program = read("asp 1 0 0\n3 1 2\n3 2 1 3\n0\n").unwrap();
    assert_eq!(program.projection, Some(vec![Atom(2), Atom(1), Atom(3)]));
}

#[test]
fn comments_blank_lines_and_carriage_returns_are_accepted() {
    let program = read("asp 1 0 0\r\n\n10 made by hand\r\n1 0 1 2 0 0\r\n\n0\r\n\n").unwrap();
    assert_eq!(program.atom_count, 2);
    assert_eq!(program.rules.len(), 1);
}

#[test]
fn atom_count_survives_through_the_atoms_comment() {
    let mut program = GroundProgram::new();
    let a = program.new_atom();
    program.new_atom();
    program.new_atom();
    program.add_fact(a);
    let text = write(&program);
    assert_eq!(text, "asp 1 0 0\n1 0 1 1 0 0\n10 atoms 3\n0\n");
    assert_eq!(read(&text), Ok(program));
}

#[test]
fn output_names_may_hold_spaces_newlines_and_unicode() {
    let mut program = GroundProgram::new();
    let a = program.new_atom();
    program.add_output("s(\"x y\nz é\")", vec![Literal::positive(a)]);
    program.add_output("", vec![]);
    let text = write(&program);
    assert_eq!(read(&text), Ok(program));
}

#[test]
fn reads_gringo_output() {
    // gringo --output=intermediate for: p("a b"). {q}. r :- q. #show p/1. #show r/0.
    let text =
        "asp 1 0 0\n1 0 1 1 0 0\n1 1 1 2 0 0\n1 0 1 3 0 1 2\n4 8 p(\"a b\") 0\n4 1 r 1 3\n0\n";
    let program = read(text).unwrap();
    assert_eq!(program.atom_count, 3);
    assert_eq!(program.rules[2].body, Body::Normal(vec![pos(2)]));
    assert_eq!(program.outputs[0].name, "p(\"a b\")");
    assert_eq!(write(&program), text);
}

fn error_of(text: &str) -> String {
    match read(text) {
        Ok(program) => panic!("expected an error, read {program:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn malformed_inputs_get_exact_errors() {
    let cases: &[(&str, &str)] = &[
        (
            "",
            "line 1: expected the header \"asp 1 0 0\", found \"end of line\"",
        ),
        (
            "1 0 1 1 0 0\n0\n",
            "line 1: expected the header \"asp 1 0 0\", found \"1\"",
        ),
        (
            "asp 2 0 0\n0\n",
            "line 1: unsupported aspif version 2.0.0; only version 1.0 is supported",
        ),
        (
            "asp 1 0\n0\n",
            "line 1: expected the revision, found end of line",
        ),
        (
            "asp 1 0 0 incremental\n0\n0\n",
            "line 3: a second step of an incremental program: multi-shot solving is not supported",
        ),
        (
            "asp 1 0 0 shiny\n0\n",
            "line 1: the header tag \"shiny\" is not supported",
        ),
        (
            "asp 1 0 0\n1 0 1 x 0 0\n0\n",
            "line 2: expected an atom, found \"x\"",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0\n0\n",
            "line 2: expected a count, found end of line",
        ),
        (
            "asp 1 0 0\n1 0 1\n0\n",
            "line 2: expected an atom, found end of line",
        ),
        (
            "asp 1 0 0\n1 0 1 0 0 0\n0\n",
            "line 2: an atom 0 is out of range (atoms are 1..=268435455)",
        ),
        (
            "asp 1 0 0\n1 0 1 268435456 0 0\n0\n",
            "line 2: an atom 268435456 is out of range (atoms are 1..=268435455)",
        ),
        (
            "asp 1 0 0\n1 0 -1 1 0 0\n0\n",
            "line 2: a count -1 is out of range (must not be negative)",
        ),
        (
            "asp 1 0 0\n1 2 1 1 0 0\n0\n",
            "line 2: a head type 2 is out of range (0 disjunction or 1 choice)",
        ),
        (
            "asp 1 0 0\n1 0 1 1 2 0\n0\n",
            "line 2: a body type 2 is out of range (0 normal or 1 weight)",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0 1 0\n0\n",
            "line 2: literal 0 is out of range (literals are nonzero atoms with a sign)",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0 1 -268435456\n0\n",
            "line 2: literal -268435456 is out of range (literals are nonzero atoms with a sign)",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0 1 99999999999999999999\n0\n",
            "line 2: integer 99999999999999999999 is out of range (a 64-bit integer)",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0 4000000000 1\n0\n",
            "line 2: expected a literal, found end of line",
        ),
        (
            "asp 1 0 0\n1 0 1 1 1 2 1 1\n0\n",
            "line 2: expected a weight, found end of line",
        ),
        (
            "asp 1 0 0\n2 3000000000 0\n0\n",
            "line 2: a priority 3000000000 is out of range (a 32-bit integer)",
        ),
        (
            "asp 1 0 0\n1 0 1 1 0 0 7\n0\n",
            "line 2: unexpected \"7\" after the end of the statement",
        ),
        (
            "asp 1 0 0\n4 50 ab 0\n0\n",
            "line 2: the output string does not have the declared length 50",
        ),
        (
            "asp 1 0 0\n4 1 é 0\n0\n",
            "line 2: the output string does not have the declared length 1",
        ),
        (
            "asp 1 0 0\n5 1 4\n0\n",
            "line 2: an external value 4 is out of range (0 free, 1 true, 2 false or 3 release)",
        ),
        (
            "asp 1 0 0\n9 0 1 0\n0\n",
            "line 2: theory statements (type 9) are not supported",
        ),
        (
            "asp 1 0 0\n7 6 1 0 0 0\n0\n",
            "line 2: a heuristic modifier 6 is out of range (0 level, 1 sign, 2 factor, 3 init, 4 true or 5 false)",
        ),
        (
            "asp 1 0 0\n7 0 0 0 0 0\n0\n",
            "line 2: an atom 0 is out of range (atoms are 1..=268435455)",
        ),
        (
            "asp 1 0 0\n7 0 1 2147483648 0 0\n0\n",
            "line 2: a heuristic value 2147483648 is out of range (a 32-bit integer)",
        ),
        (
            "asp 1 0 0\n7 0 1 1 -1 0\n0\n",
            "line 2: a heuristic priority -1 is out of range (a 32-bit unsigned integer)",
        ),
        (
            "asp 1 0 0\n7 0 1 1 1\n0\n",
            "line 2: expected a count, found end of line",
        ),
        (
            "asp 1 0 0\n8 -1 0 0\n0\n",
            "line 2: an edge node -1 is out of range (a 32-bit unsigned integer)",
        ),
        (
            "asp 1 0 0\n8 0 4294967296 0\n0\n",
            "line 2: an edge node 4294967296 is out of range (a 32-bit unsigned integer)",
        ),
        (
            "asp 1 0 0\n8 0 1 2 1\n0\n",
            "line 2: expected a literal, found end of line",
        ),
        (
            "asp 1 0 0\n8 0 1 1 0\n0\n",
            "line 2: literal 0 is out of range (literals are nonzero atoms with a sign)",
        ),
        ("asp 1 0 0\n11\n0\n", "line 2: unknown statement type 11"),
        ("asp 1 0 0\n-1\n0\n", "line 2: unknown statement type -1"),
        (
            "asp 1 0 0\n1 1 1 1 0 0\n",
            "line 3: missing the end statement \"0\"",
        ),
        (
            "asp 1 0 0\n0\n1 0 0 0 0\n",
            "line 3: unexpected \"1\" after the end statement",
        ),
        (
            "asp 1 0 0\n0 0\n",
            "line 2: unexpected \"0\" after the end of the statement",
        ),
        (
            "asp 1 0 0\n1 0 1 1\u{a0} 0 0\n0\n",
            "line 2: expected an atom, found \"1\\u{a0}\"",
        ),
        (
            "asp 1 0 0\n+1 0 1 1 0 0\n0\n",
            "line 2: expected a statement type, found \"+1\"",
        ),
        (
            "asp 1 0 0\n4 3 a\nb 1 x\n0\n",
            "line 3: expected a literal, found \"x\"",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(&error_of(text), expected, "input {text:?}");
    }
}

#[test]
fn error_value_names_the_line() {
    let error = read("asp 1 0 0\n1 0 1 1 0 0\n\n1 0 1 q 0 0\n0\n").unwrap_err();
    assert_eq!(error.line, 4);
}

/// A program with everything the writer can print: arbitrary names, large numbers, atom_count
/// beyond the atoms mentioned.
fn any_program() -> impl Strategy<Value = GroundProgram> {
    let shape = common::Shape {
        atoms: 9,
        rules: 6,
        max_disjunction: 3,
        choice: 4,
        weight_bodies: 4,
        minimizes: 2,
        projection: true,
        externals: 2,
        assumptions: 2,
        edges: 3,
        heuristics: 3,
    };
    (
        common::program(shape),
        0u32..4,
        any::<bool>(),
        proptest::collection::vec(
            (".*", proptest::collection::vec(common::literal(9), 0..3)),
            0..3,
        ),
        any::<i64>(),
        any::<i64>(),
    )
        .prop_map(
            |(mut program, extra_atoms, keep_projection, outputs, lower, weight)| {
                program.atom_count += extra_atoms;
                if !keep_projection {
                    program.projection = None;
                }
                program.outputs.extend(
                    outputs
                        .into_iter()
                        .map(|(name, condition)| Output { name, condition }),
                );
                program.add_weight_rule(HeadKind::Choice, vec![], lower, vec![wl(pos(1), weight)]);
                program
            },
        )
}

/// `program` with every weight-body weight made non-negative (what the writer keeps unchanged).
fn with_non_negative_body_weights(mut program: GroundProgram) -> GroundProgram {
    for rule in &mut program.rules {
        if let Body::Weight { elements, .. } = &mut rule.body {
            for element in elements {
                element.weight = element.weight.checked_abs().unwrap_or(i64::MAX);
            }
        }
    }
    program
}

/// The weights of every weight body of `program`.
fn body_weights(program: &GroundProgram) -> Vec<i64> {
    let weights = program.rules.iter().filter_map(|rule| match &rule.body {
        Body::Weight { elements, .. } => Some(elements.iter().map(|e| e.weight)),
        Body::Normal(_) => None,
    });
    weights.flatten().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn read_inverts_write(program in any_program()) {
        let program = with_non_negative_body_weights(program);
        prop_assert_eq!(read(&write(&program)), Ok(program));
    }

    #[test]
    fn negative_body_weights_are_written_as_clasp_accepts_them(
        program in common::program(common::Shape {
            atoms: 6,
            rules: 6,
            max_disjunction: 2,
            choice: 3,
            weight_bodies: 6,
            minimizes: 0,
            projection: false,
            externals: 0,
            assumptions: 0,
            edges: 0,
            heuristics: 0,
        }),
    ) {
        let written = read(&write(&program)).expect("the writer's output reads back");
        prop_assert!(body_weights(&written).iter().all(|&w| w >= 0));
        prop_assert_eq!(
            solver_core::brute::stable_models(&written),
            solver_core::brute::stable_models(&program)
        );
    }

    #[test]
    fn reading_garbage_never_panics(text in "(asp 1 0 0\n)?[-0-9 \na-z\"]{0,60}") {
        let _ = read(&text);
    }

    #[test]
    fn reading_a_damaged_program_never_panics(
        program in any_program(),
        cut in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let mut bytes = write(&program).into_bytes();
        let at = cut.index(bytes.len());
        bytes.truncate(at.max(1));
        bytes.push(byte);
        let text = String::from_utf8_lossy(&bytes);
        let _ = read(&text);
    }
}

/// clingo 5.8.3's `--mode=gringo` writes the `incremental` tag even for one-shot grounding;
/// such a program of one step reads as the same program without the tag.
#[test]
fn reads_the_incremental_tag_of_a_one_step_program() {
    let body = "1 0 2 1 2 0 0\n1 0 1 3 0 1 1\n4 1 a 1 1\n4 1 b 1 2\n4 1 c 1 3\n0\n";
    let tagged = read(&format!("asp 1 0 0 incremental\n{body}")).expect("tagged");
    let plain = read(&format!("asp 1 0 0\n{body}")).expect("plain");
    assert_eq!(tagged, plain);
    assert_eq!(tagged.atom_count, 3);
    assert_eq!(tagged.outputs.len(), 3);
}
