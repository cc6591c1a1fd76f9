//! The public API of the grounder: limits, symbols, text output, directives.

use grounder::{ground, parse_symbol, print_text, GroundOptions, Grounded, Limits, Source, Symbol};
use solver_core::{ExternalValue, Interrupt};

fn ground_str(text: &str) -> Grounded {
    ground(&[Source::new("<test>", text)], &GroundOptions::default()).expect("grounds")
}

fn sorted_text(g: &Grounded) -> Vec<String> {
    let mut lines: Vec<String> = print_text(g).lines().map(String::from).collect();
    lines.sort();
    lines
}

#[test]
fn unbounded_recursion_stops_at_the_limit_with_an_error() {
    let options = GroundOptions {
        limits: Limits {
            max_ground_size: 10_000,
        },
        ..GroundOptions::default()
    };
    let source = Source::new("<test>", "p(X+1) :- p(X). p(0).");
    let err = ground(&[source], &options).expect_err("must stop");
    let text = err.diagnostics[0].to_string();
    assert!(text.contains("grounding limit exceeded"), "{text}");
}

#[test]
fn a_set_interrupt_stops_grounding() {
    let interrupt = Interrupt::new();
    interrupt.interrupt();
    let options = GroundOptions {
        interrupt: Some(interrupt),
        ..GroundOptions::default()
    };
    let source = Source::new("<test>", "n(1..100000). m(X) :- n(X).");
    let err = ground(&[source], &options).expect_err("interrupted");
    assert!(err.diagnostics[0].to_string().contains("interrupted"));
}

#[test]
fn parse_symbol_evaluates_ground_terms() {
    let s = parse_symbol("f(1+2,\"a\",-b,(1,))").unwrap();
    assert_eq!(s.to_string(), "f(3,\"a\",-b,(1,))");
    assert_eq!(parse_symbol("#sup").unwrap(), Symbol::Supremum);
    assert!(parse_symbol("f(X)").is_err());
    assert!(parse_symbol("1/0").is_err());
}

#[test]
fn symbols_sort_in_clingos_term_order() {
    let order = [
        "#inf", "-3", "1", "a", "b", "-a", "\"a\"", "(1,)", "f(1)", "(1,2)", "-f(1)", "#sup",
    ];
    let symbols: Vec<Symbol> = order.iter().map(|t| parse_symbol(t).unwrap()).collect();
    let mut sorted = symbols.clone();
    sorted.sort();
    assert_eq!(sorted, symbols);
}

#[test]
fn text_output_of_a_choice_program() {
    let g =
        ground_str("p(1..2). {q(X) : p(X)} 1. r :- q(1), not q(2). #show r/0. #show t(X) : q(X).");
    assert_eq!(
        sorted_text(&g),
        [
            "#show r:r.",
            "#show t(1):q(1).",
            "#show t(2):q(2).",
            "#show.",
            ":-__aux(6).",
            "__aux(6):-2<=#sum{1,0:q(1);1,1:q(2)}.",
            "p(1).",
            "p(2).",
            "r:-q(1),not q(2).",
            "{q(1);q(2)}.",
        ]
    );
    assert_eq!(g.symbols.shown_len(), g.program.outputs.len());
    assert_eq!(g.symbols.atom_len(), g.program.atom_count as usize);
    assert_eq!(
        g.symbols.atom(0).map(|s| s.to_string()),
        Some("p(1)".into())
    );
    assert_eq!(g.symbols.atom_text(0), Some("p(1)".into()));
}

#[test]
fn externals_projection_and_defined() {
    let g = ground_str(
        "#external e(1..2). #external f. [true] #project q/1. {q(1..2)}. r :- e(1), f. #defined u/0. s :- u.",
    );
    let values: Vec<ExternalValue> = g.program.externals.iter().map(|(_, v)| *v).collect();
    // gringo grounds independent statements from the last to the first (clingo's `--text`
    // lists `#external f.[true]` before `#external e(1).` and `#external e(2).`).
    assert_eq!(
        values,
        [
            ExternalValue::True,
            ExternalValue::False,
            ExternalValue::False
        ]
    );
    assert_eq!(g.program.projection.as_ref().map(Vec::len), Some(2));
    assert!(
        g.infos.is_empty(),
        "#defined silences the info: {:?}",
        g.infos
    );
}

#[test]
fn hidden_and_shown_signatures() {
    let g = ground_str("a. b. -c. #show a/0. #show -c/0.");
    let shown: Vec<String> = g.symbols.shown_symbols().map(|s| s.to_string()).collect();
    assert_eq!(shown, ["a", "-c"]);
    let g = ground_str("a. b. #show.");
    assert_eq!(g.symbols.shown_len(), 0);
}

/// gringo 3's `#hide p(X) : q(X).` hides the instances where the condition holds; several
/// such statements for one predicate all apply; `#hide p/n.` still hides a signature.
#[test]
fn gringo3_conditional_hide_hides_matching_instances() {
    let options = GroundOptions {
        dialect: grounder::Dialect::Gringo3,
        ..GroundOptions::default()
    };
    let text = "p(1..4). q(2). r(1). s(f(1)). s(f(2)). t. \
                #hide p(X) : q(X). #hide p(X) : r(X). #hide p(4). \
                #hide s(f(X)) : X > 1. #hide t/0.";
    let g = ground(&[Source::new("<test>", text)], &options).expect("grounds");
    let mut shown: Vec<String> = g.symbols.shown_symbols().map(|s| s.to_string()).collect();
    shown.sort();
    assert_eq!(shown, ["p(3)", "q(2)", "r(1)", "s(f(1))"]);
}

#[test]
fn program_parts_other_than_base_are_skipped() {
    let g = ground_str("a. #program other. b. #program base. c.");
    let shown: Vec<String> = g.symbols.shown_symbols().map(|s| s.to_string()).collect();
    assert_eq!(shown, ["a", "c"]);
}

#[test]
fn const_is_overridden_from_the_command_line() {
    let options = GroundOptions {
        constants: vec![("n".into(), "5".into())],
        ..GroundOptions::default()
    };
    let source = Source::new("<test>", "#const n = 2. #const m = n + 1. p(1..m).");
    let g = ground(&[source], &options).unwrap();
    assert_eq!(g.symbols.shown_len(), 6);
}

#[test]
fn weak_constraint_instances_with_equal_tuples_count_once() {
    let g = ground_str("{a; b}. :~ a. [1@1, x] :~ b. [1@1, x] :~ a. [2@2] :~ b. [2@2]");
    let mut levels: Vec<(i32, usize)> = g
        .program
        .minimizes
        .iter()
        .map(|m| (m.priority, m.elements.len()))
        .collect();
    levels.sort();
    assert_eq!(levels, [(1, 1), (2, 1)]);
}
