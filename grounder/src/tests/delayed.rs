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

/// The conjunction over a recursive condition that turns out certain is an atom whose fact is
/// written after the rules using it, as gringo's `#delayed` fact is (seed 56544).
#[test]
fn certain_recursive_conjunction_fact_comes_last() {
    let text = "dom(1..3). {b}. 2 { r(1) : dom(W) } 2 :- p(W) : r(W); b.";
    let source = crate::Source::new("<test>", text);
    let program = crate::syntax::parse(&source, crate::Dialect::Clingo).unwrap();
    let facts = crate::syntax::facts::Facts::default();
    let options = crate::session::GroundOptions::default();
    let g = crate::ground::ground_program(program, facts, &options).unwrap();
    let printed = crate::ground::print_text(&g);
    let lines: Vec<&str> = printed.lines().filter(|l| !l.starts_with('#')).collect();
    let last = lines.last().copied().unwrap_or_default();
    assert!(
        last.starts_with("__aux(") && !last.contains(":-"),
        "{lines:?}"
    );
    let fact = last.trim_end_matches('.');
    let d = lines
        .iter()
        .find(|l| l.ends_with(&format!(":-b,{fact}.")))
        .unwrap_or_else(|| panic!("conjunction missing: {lines:?}"));
    let atom = d.split(":-").next().unwrap_or_default();
    assert!(lines.contains(&format!(":-{atom}.").as_str()), "{lines:?}");
}
