//! Tests of `instantiate::recursion`: positive recursion through conditions and aggregates.

use super::ground_text;

/// Asserts that every line of `wanted` is among the ground `lines`.
fn assert_has(lines: &[String], wanted: &[&str]) {
    for want in wanted {
        assert!(lines.iter().any(|l| l == want), "{want} missing: {lines:?}");
    }
}

/// The condition `q` and the literal `p` depend on the head `b`: gringo's
/// `x | q :- not not p` is added, and the conjunction is its `#delayed` atom over `x`
/// (checked against clingo 5.8.3's aspif: `b :- d. d :- x.`).
#[test]
fn recursive_condition_gets_the_disjunctive_rule() {
    let lines = ground_text("q :- b. b :- p : q. p :- b.").unwrap();
    assert_has(
        &lines,
        &[
            "__aux(3):-not q.",
            "__aux(3):-p.",
            "__aux(3);q:-not __aux(4).",
            "__aux(4):-not p.",
            "__aux(5):-__aux(3).",
            "b:-__aux(5).",
        ],
    );
}

/// Without recursion the condition is plain negation, as gringo grounds it.
#[test]
fn stratified_condition_has_no_disjunction() {
    let lines = ground_text("{q}. p :- q. b :- p : q.").unwrap();
    assert!(!lines.iter().any(|l| l.contains(';')), "{lines:?}");
    assert!(lines.iter().any(|l| l == "__aux(4):-not q."), "{lines:?}");
}

/// A literal derived without the head (`{p}`) needs no disjunction even when the
/// condition is recursive.
#[test]
fn literal_outside_the_cycle_has_no_disjunction() {
    let lines = ground_text("{q}. q :- b. b :- p : q. {p}.").unwrap();
    assert!(!lines.iter().any(|l| l.contains(';')), "{lines:?}");
}

/// `-1` on the recursive `q` becomes weight 1 on `y ≡ q → A` (gringo's translation).
#[test]
fn recursive_negative_weight_is_an_implication() {
    let lines = ground_text("{d}. q :- #sum{-1,x:q; 2,y:d} >= 1.").unwrap();
    assert_has(
        &lines,
        &[
            "__aux(2):-__aux(5).",
            "__aux(2):-not q.",
            "__aux(2);q:-not __aux(4).",
            "__aux(5):-2<=#sum{1,0:__aux(2);2,1:d}.",
            "__aux(4):-not __aux(5).",
            "q:-__aux(5).",
        ],
    );
}

/// A negative weight on a tuple with two conditions `q, d` and `e, q` of a non-monotone sum
/// (weights of both signs): as gringo writes it, the tuple's atom stands itself in the
/// implication's disjunction, and implies one of its conditions' conjunction atoms, each of
/// which implies its literals (`k :- d, q. d :- k. q :- k.`).
#[test]
fn alternatives_in_a_head_are_conjunction_atoms() {
    let text = "{d;e}. q :- #sum{-1,x : q, d; -1,x : e, q ; 2,y: d} >= 1.";
    let lines = ground_text(text).unwrap();
    let aux_only = |l: &&String| {
        let (head, body) = l.split_once(":-").unwrap_or(("", ""));
        let atoms: Vec<&str> = head.split(';').collect();
        atoms.len() == 2
            && atoms.iter().all(|a| a.starts_with("__aux("))
            && body.starts_with("__aux(")
            && !body.contains(',')
    };
    assert_eq!(lines.iter().filter(aux_only).count(), 1, "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(";__aux(") && l.contains(":-not __aux(")),
        "{lines:?}"
    );
    for implied in ["d:-__aux(", "e:-__aux("] {
        assert!(lines.iter().any(|l| l.starts_with(implied)), "{lines:?}");
    }
    assert!(
        !lines
            .iter()
            .any(|l| l.contains(";q:-") || l.contains(";d;e:-")),
        "{lines:?}"
    );
}

/// The weights of one literal are added up first: `-1 + 2` on `q(6)` is never negative, so
/// the sum holds; being recursive, it is gringo's `#delayed` literal, true but no fact.
#[test]
fn weights_of_one_literal_are_merged() {
    let text = "q(6) :- 0 <= #sum { -1,x : q(W); 2,k : q(W) } <= 3.";
    let lines = ground_text(text).unwrap();
    assert!(!lines.iter().any(|l| l.contains("#sum")), "{lines:?}");
    assert_has(&lines, &["q(6):-__aux(2).", "__aux(2)."]);
}
