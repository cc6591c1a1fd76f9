//! Tests of the ground program's shape where clasp's preprocessing (and so the projected
//! brave consequences) depends on it: gringo's `#delayed` atoms. Each expectation was checked
//! against clingo 5.8.3's `--mode=gringo` output.

use super::ground_text;

/// Asserts that every line of `wanted` is among the ground `lines`.
fn assert_has(lines: &[String], wanted: &[&str]) {
    for want in wanted {
        assert!(lines.iter().any(|l| l == want), "{want} missing: {lines:?}");
    }
}

/// A head aggregate with a bound is written through its `#delayed` atom `d :- body.`, the
/// choice rule having the body `d`; a plain choice rule keeps its body (seed 98888).
#[test]
fn bounded_head_aggregate_goes_through_its_delayed_atom() {
    let lines = ground_text("{b}. 0 { a ; c } :- not not b.").unwrap();
    let choice = lines
        .iter()
        .find(|l| l.starts_with("{a;c}:-"))
        .unwrap_or_else(|| panic!("choice missing: {lines:?}"));
    let d = choice.trim_start_matches("{a;c}:-").trim_end_matches('.');
    assert!(d.starts_with("__aux("), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with(&format!("{d}:-not "))),
        "{lines:?}"
    );
    let plain = ground_text("{b}. {a;c} :- b.").unwrap();
    assert_has(&plain, &["{a;c}:-b."]);
}

/// The ground rules of `text` as printed, without `#` directives, in written order.
fn rule_lines(text: &str) -> Vec<String> {
    let source = crate::Source::new("<test>", text);
    let program = crate::syntax::parse(&source, crate::Dialect::Clingo).unwrap();
    let facts = crate::syntax::facts::Facts::default();
    let options = crate::session::GroundOptions::default();
    let g = crate::ground::ground_program(program, facts, &options).unwrap();
    let printed = crate::ground::print_text(&g);
    printed
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The `#delayed` fact written last (`__aux(N).`), without its dot.
fn last_delayed_fact(lines: &[String]) -> &str {
    let last = lines.last().map(String::as_str).unwrap_or_default();
    assert!(
        last.starts_with("__aux(") && !last.contains(":-"),
        "{lines:?}"
    );
    last.trim_end_matches('.')
}

/// The conjunction over a recursive condition that turns out certain is an atom whose fact is
/// written after the rules using it, as gringo's `#delayed` fact is (seed 56544).
#[test]
fn certain_recursive_conjunction_fact_comes_last() {
    let lines = rule_lines("dom(1..3). {b}. 2 { r(1) : dom(W) } 2 :- p(W) : r(W); b.");
    let fact = last_delayed_fact(&lines);
    let d = lines
        .iter()
        .find(|l| l.ends_with(&format!(":-b,{fact}.")))
        .unwrap_or_else(|| panic!("conjunction missing: {lines:?}"));
    let atom = d.split(":-").next().unwrap_or_default();
    assert!(lines.contains(&format!(":-{atom}.")), "{lines:?}");
}

/// A recursive `#sum` that holds is no fact while grounding: its `#delayed` atom stays in the
/// rule's body, its fact written last, as gringo writes it (seed 20231).
#[test]
fn recursive_sum_that_holds_stays_in_the_body() {
    let lines = rule_lines("dom(1..3). {a}. b :- a, 0 < #sum { 2,W : dom(W); 2 : b }.");
    let fact = last_delayed_fact(&lines);
    assert!(lines.contains(&format!("b:-a,{fact}.")), "{lines:?}");
}

/// A condition whose atom unifies with no head of the rule's component is no recursion, even
/// when the predicates form a cycle (`r` reads `p(1)`, the rule derives `p(4)`): gringo
/// decides the conjunction, so `p(4)` is a fact; with `r :- p(4).` it is `#delayed` (seed
/// 114545).
#[test]
fn condition_over_non_unifying_head_is_decided() {
    assert_eq!(rule_lines("p(4) :- q : r. r :- p(1)."), ["p(4)."]);
    let lines = rule_lines("p(4) :- q : r. r :- p(4).");
    assert!(
        lines.iter().any(|l| l.starts_with("p(4):-__aux(")),
        "{lines:?}"
    );
}

/// A conditional `not` disjunct stays a disjunct, each instance through a stand-in `h` with
/// `h :- not q(1), q(1).`, `:- not q(1), h.` and `:- q(1), h, not x.` for `x :- not q(1).`,
/// as gringo writes it; moved into the body (`a :- not not q(W) : q(W).`) it made `a` a fact
/// clasp's preprocessing leaves open (seed 6417).
#[test]
fn conditional_negated_disjunct_stays_in_the_head() {
    let lines = rule_lines("{ q(1) }. not q(W) : q(W) | a.");
    let head = lines
        .iter()
        .find(|l| l.starts_with("a;__aux("))
        .unwrap_or_else(|| panic!("disjunction missing: {lines:?}"));
    let h = head.trim_start_matches("a;").trim_end_matches('.');
    assert_has(
        &lines,
        &[&format!("{h}:-not q(1),q(1)."), &format!(":-not q(1),{h}.")],
    );
    let x = lines
        .iter()
        .find_map(|l| {
            l.strip_suffix(":-not q(1).")
                .filter(|x| x.starts_with("__aux("))
        })
        .unwrap_or_else(|| panic!("`not not q(1)` missing: {lines:?}"));
    assert_has(&lines, &[&format!(":-q(1),{h},not {x}.")]);
}

/// The `not not q(1)` of a stand-in's constraint stays when `q(1)` turns out a fact after the
/// disjunction was ground (a recursive `#sum+`), so the constraint keeps two literals, as
/// clasp sees gringo's (seed 6417).
#[test]
fn negated_disjunct_constraint_keeps_double_negation_of_later_fact() {
    let text = "dom(1..3). q(X) :- dom(X), not not #sum+ { 1 : q(Y) } <= X. \
                not q(W) : q(W) | a.";
    let lines = rule_lines(text);
    assert!(!lines.contains(&"a.".to_string()), "{lines:?}");
    let kept = lines
        .iter()
        .filter(|l| l.starts_with(":-__aux(") && l.contains(",not __aux("))
        .count();
    assert_eq!(kept, 3, "{lines:?}");
}
