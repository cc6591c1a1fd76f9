//! Tests of the pipeline driver (`ground`): facts taken out, stratified programs.

use super::ground_text;
use crate::ground::{ground, ground_program, print_text};
use crate::session::GroundOptions;
use crate::syntax::facts::Facts;
use crate::{Dialect, Source};

/// The shown symbols (in output order) and the `--text` of `text`, grounded with the
/// simple facts taken out (`split`) or parsed whole.
fn shown_and_text(text: &str, split: bool) -> (Vec<String>, String) {
    let source = Source::new("<test>", text);
    let options = GroundOptions::default();
    let g = if split {
        ground(&[source], &options).unwrap()
    } else {
        let program = crate::syntax::parse(&source, Dialect::Auto).unwrap();
        ground_program(program, Facts::default(), &options).unwrap()
    };
    let shown = (0..g.symbols.shown_len())
        .filter_map(|i| g.symbols.shown(i))
        .map(|s| s.to_string())
        .collect();
    (shown, print_text(&g))
}

/// Facts taken out before parsing ground exactly as when parsed: output order (facts by
/// program order, pools after, domains in creation order), atom numbers, constants,
/// program parts.
#[test]
fn facts_taken_out_ground_as_parsed() {
    let programs = [
        "q(3). p(2) :- q(3). p(1). r(X) :- p(X). p(0;5). p(4). q(1..2). s(\"a\",f(g(1))).",
        "b :- a. a. c(1). c(X+1) :- c(X), X < 3. c(0). #show c/1.",
        "#const n = 2. p(n). p(m). q(1).",
        "p(1). #program other. p(2). q(7). #program base. p(3).",
        "x(2). y(1). x(1). z :- x(1), y(1). :- x(3). y(0).",
        "e(1,2). e(2,3). path(X,Y) :- e(X,Y). path(X,Z) :- path(X,Y), e(Y,Z). e(1,2).",
    ];
    for text in programs {
        assert_eq!(
            shown_and_text(text, true),
            shown_and_text(text, false),
            "{text}"
        );
    }
    // The facts in clingo 5.8.3's answer order: `q(3) q(1) q(2) p(1) p(4) p(0) p(5) p(2)`.
    let (shown, _) = shown_and_text(programs[0], true);
    let facts = [
        "q(3)", "q(1)", "q(2)", "p(1)", "p(4)", "p(0)", "p(5)", "p(2)",
    ];
    assert_eq!(
        shown.get(..8).map(|s| s.to_vec()),
        Some(facts.map(String::from).to_vec())
    );
}

/// Checked against `gringo --text` (same rules, plus our `#show` lines).
#[test]
fn stratified_program_is_decided() {
    let lines = ground_text("p(1..3). q(X) :- p(X), X > 1. r :- not q(1). s :- not q(2).").unwrap();
    let want = [
        "#show p(1).",
        "#show p(2).",
        "#show p(3).",
        "#show q(2).",
        "#show q(3).",
        "#show r.",
        "#show.",
        "p(1).",
        "p(2).",
        "p(3).",
        "q(2).",
        "q(3).",
        "r.",
    ];
    assert_eq!(lines, want);
}

#[test]
fn even_loop_keeps_negation() {
    let lines = ground_text("a :- not b. b :- not a. c :- a. #show c/0.").unwrap();
    assert_eq!(
        lines,
        ["#show c:c.", "#show.", "a:-not b.", "b:-not a.", "c:-a."]
    );
}

/// The rules of `text` once grounded.
fn rule_count(text: &str) -> usize {
    let g = ground(&[Source::new("<test>", text)], &GroundOptions::default()).unwrap();
    g.program.rules.len()
}

/// `_` in a positive body literal is projected away as gringo does (`#p_on(#p,#b(B),#b(T))`),
/// so the constraint is grounded once per block and step, not once per pair of moves and
/// blocks on it: 10 x 10 x 10 x 10 ground constraints without projection. The same rules as
/// `clingo --text` (56,281 on the suite's blocks world; 56,241 here).
#[test]
fn anonymous_variables_in_positive_bodies_are_projected() {
    let text = "{ m(1..10,1..10,1..10) }. { o(1..10,1..10,1..10) }. \
                :- m(B,_,T), o(_,B,T).";
    // The two choices, 100 projection rules for each literal's 1,000 atoms, 100 constraints.
    assert_eq!(rule_count(text), 2 + 2 * 1000 + 100);
    // A single body literal with a single-literal head is not projected (gringo's score 1).
    assert_eq!(rule_count("{ m(1..10,1..10) }. a(X) :- m(X,_)."), 1 + 100);
    // Named variables are kept, as in gringo.
    assert_eq!(
        rule_count("{ m(1..5,1..5) }. { o(1..5) }. :- m(B,Y), o(B)."),
        2 + 25
    );
}

/// Programs with simple ground rules (see `syntax::facts`) among other statements.
const GROUND_RULE_PROGRAMS: [&str; 6] = [
    "a :- b. b :- a. {a}. c :- not a, b. :- c, not b.\n d(1,\"x\",f(g(2),h)) :-\n  a, not e(f(1)).",
    "p0 :- p1. p1 :- p2. p2 :- p0. {p0}. q(X) :- p(X). p(1). r :- p(1), p(1), not q(1).",
    "#const n = 2. a :- b(n). b(2). {c}. d :- c.",
    "a :- b. #program step(t). c(t) :- a. d :- a. #program base. {b}. e :- not b.",
    "x :- y. y :- x, not z. z :- not y. {x; y}. -w :- x. v :- not -w. u :- s(\"t\",-1). t :- s(f(\"u\"),2). s(f(\"u\"),2).",
    ":- a. :- not b, c. a :- c. {c}. b :- c(1..2). c(1). #show a/0. #show c/1.",
];

/// The rewritten rules of `text` (the base part) but its simple facts, as `Debug` text, with
/// the simple facts and ground rules taken out (`split`) or everything parsed.
fn rewritten(text: &str, split: bool) -> String {
    use crate::session::program::Added;
    let sources = [Source::new("<test>", text)];
    let whole = || crate::syntax::load(&sources, Dialect::Auto).unwrap();
    let mut added = Added::default();
    let (loaded, facts) = match split {
        true => crate::syntax::load_split(&sources, Dialect::Auto).unwrap(),
        false => (whole(), Facts::default()),
    };
    let (loaded, facts) = match added.facts_need_statements(&loaded.program, &[], &facts) {
        true => (whole(), Facts::default()),
        false => (loaded, facts),
    };
    let mut table = crate::term::intern::Interner::default();
    added.add(&mut table, loaded, facts, &[], None).unwrap();
    added
        .rewrite_pending(&mut table, &[], &mut Vec::new())
        .unwrap();
    let part = added.parts.first().unwrap();
    let rules = part.rules.iter();
    let rules: Vec<_> = rules
        .filter(|r| !crate::normalize::rules::is_simple_fact(r))
        .collect();
    format!("{rules:?}")
}

/// Simple ground rules taken out before parsing become the rules the converter makes from
/// their statements (spans, interning order, order among the statements), and ground alike.
#[test]
fn ground_rules_taken_out_rewrite_as_parsed() {
    for text in GROUND_RULE_PROGRAMS {
        assert_eq!(rewritten(text, true), rewritten(text, false), "{text}");
        assert_eq!(
            shown_and_text(text, true),
            shown_and_text(text, false),
            "{text}"
        );
    }
}
