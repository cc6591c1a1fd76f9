//! Tests of `instantiate::satisfiable`: aggregates that cannot be satisfied.

use super::ground_text;

/// Checked against clingo 5.8.3 (`--text`): one tuple cannot reach 2, so `r(3)` is never
/// defined and the element `a : r(W)` has no instance.
#[test]
fn unreachable_lower_bound_leaves_elements_undefined() {
    let lines = ground_text("2 { r(3); a : r(W) }.").unwrap();
    assert_eq!(lines, ["#show.", ":-#true."]);
}

/// `#min` of no certain element can be `#sup`, never `<= 0` with weight 1 alone.
#[test]
fn min_interval_starts_at_the_least_weight() {
    let lines = ground_text("#min{ 1,x: r(3); 5,y : a : r(W) } <= 0.").unwrap();
    assert_eq!(lines, ["#show.", ":-#true."]);
}

/// Checked against clingo 5.8.3 (`--text`): `q(1)` alone cannot make the count reach 3,
/// so the recursive rule derives no `q` atom, not even for the domain (no `:~` for q(2)).
#[test]
fn recursive_body_aggregate_out_of_reach_derives_nothing() {
    let text = "dom(1..3). {q(1)}. q(X) :- dom(X), 3 <= #count{ W : q(W) }.
                :~ q(X), X > 1. [1,X]";
    let lines = ground_text(text).unwrap();
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("q(2)") || l.contains("q(3)")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with(":~")), "{lines:?}");
}

/// A fact element is certain: `[2, 3]` meets `<= 2`, so `a : r(3)` is grounded.
#[test]
fn certain_elements_shift_the_interval() {
    let text = "b. #sum{ 2,x : b; 1,z: r(3); 1,y : a : r(W) } <= 2.";
    let lines = ground_text(text).unwrap();
    assert!(lines.iter().any(|l| l == "{a}:-r(3)."), "{lines:?}");
    let text = "b. #sum{ 2,x : b; 1,z: r(3); 1,y : a : r(W) } <= 1.";
    let lines = ground_text(text).unwrap();
    assert_eq!(lines, ["#show b.", "#show.", ":-#true.", "b."]);
}

/// Checked against clingo 5.8.3 (`--text`): the bounds are an interval of symbols, and the
/// open interval `(1, 2)` meets `[0, 3]` though no integer lies in it, so the elements are
/// defined (`b` has rules); `(1, 1)` is empty, so they are not.
#[test]
fn bounds_are_symbol_intervals() {
    let text = "{x}. 1 < {a(1);a(2);a(3)} < 2 :- x. b :- a(X).";
    let lines = ground_text(text).unwrap();
    assert!(lines.iter().any(|l| l == "b:-a(2)."), "{lines:?}");
    let text = "{x}. 1 < {a(1);a(2);a(3)} < 1 :- x. b :- a(X).";
    let lines = ground_text(text).unwrap();
    assert!(!lines.iter().any(|l| l.starts_with("b:-")), "{lines:?}");
}
