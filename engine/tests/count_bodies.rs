//! Count and equal-weight bodies that the translation turns into clauses (clasp's
//! `--trans-ext=dynamic` rule: a bound of 1, or at most 6 literals with `C(n, k) ≤ 15`) and
//! ones it keeps as weight constraints: every answer set, as clingo 5.8.3 prints them.

use std::collections::BTreeSet;

use engine::Control;
use solver_core::check::check_model;

/// Every answer set of `program` (all models), each as its sorted atoms joined by spaces;
/// each model is checked against the ground program by the independent checker (the
/// translation into clauses is what is under test).
fn answer_sets(program: &str) -> BTreeSet<String> {
    let mut ctl = Control::new();
    ctl.add("base", program).expect("add");
    ctl.ground().expect("ground");
    ctl.options_mut().models = Some(0);
    let ground = ctl.ground_program().expect("grounded").clone();
    ctl.solve()
        .expect("solve")
        .map(|m| {
            assert_eq!(check_model(&ground, m.true_atoms()), Ok(()), "{program}");
            let mut atoms: Vec<String> = m.symbols().iter().map(|s| s.to_string()).collect();
            atoms.sort();
            atoms.join(" ")
        })
        .collect()
}

fn set(models: &[&str]) -> BTreeSet<String> {
    models.iter().map(|s| s.to_string()).collect()
}

#[test]
fn bound_one_is_a_disjunction() {
    let want = set(&[
        "", "a b c h", "a b h", "a c h", "a h", "b c h", "b h", "c h",
    ]);
    assert_eq!(answer_sets("{a;b;c}. h :- 1 {a;b;c}."), want);
}

#[test]
fn two_of_three() {
    let want = set(&["", "a b c h", "a b h", "a c h", "a", "b c h", "b", "c"]);
    assert_eq!(answer_sets("{a;b;c}. h :- 2 {a;b;c}."), want);
}

#[test]
fn two_and_three_of_four() {
    let two = set(&[
        "",
        "a b c d h",
        "a b c h",
        "a b d h",
        "a b h",
        "a c d h",
        "a c h",
        "a d h",
        "a",
        "b c d h",
        "b c h",
        "b d h",
        "b",
        "c d h",
        "c",
        "d",
    ]);
    assert_eq!(answer_sets("{a;b;c;d}. h :- 2 {a;b;c;d}."), two);
    let three = set(&[
        "",
        "a b c d h",
        "a b c h",
        "a b d h",
        "a b",
        "a c d h",
        "a c",
        "a d",
        "a",
        "b c d h",
        "b c",
        "b d",
        "b",
        "c d",
        "c",
        "d",
    ]);
    assert_eq!(answer_sets("{a;b;c;d}. h :- 3 {a;b;c;d}."), three);
}

/// Five of six is translated (`C(6, 5) = 6`), three of six is not (`C(6, 3) = 20`): clingo
/// prints 64 answer sets for each, `h` in 7 and in 42 of them, in exactly those with at least
/// 5 (3) of the six atoms.
#[test]
fn five_and_three_of_six() {
    for (bound, with_h) in [(5, 7), (3, 42)] {
        let program = format!("{{a;b;c;d;e;f}}. h :- {bound} {{a;b;c;d;e;f}}.");
        let models = answer_sets(&program);
        assert_eq!(models.len(), 64, "{program}");
        let has_h = |m: &&String| m.split(' ').any(|a| a == "h");
        assert_eq!(models.iter().filter(has_h).count(), with_h, "{program}");
        for model in &models {
            let chosen = model
                .split(' ')
                .filter(|a| !a.is_empty() && *a != "h")
                .count();
            assert_eq!(has_h(&model), chosen >= bound, "{program}: {model}");
        }
    }
}

#[test]
fn negative_and_complementary_literals() {
    let want = set(&["", "a b c h", "a b", "a c h", "a h", "b c", "b", "c h"]);
    assert_eq!(answer_sets("{a;b;c}. h :- 2 {a; not b; c}."), want);
    let want = set(&["", "a b h", "a", "b h"]);
    assert_eq!(answer_sets("{a;b}. h :- 2 {a; not a; b}."), want);
}

#[test]
fn equal_weights_need_bound_over_weight() {
    let want = set(&["", "a b c h", "a b h", "a c h", "a", "b c h", "b", "c"]);
    assert_eq!(
        answer_sets("{a;b;c}. h :- 4 #sum{2,a:a; 2,b:b; 2,c:c}."),
        want
    );
}

#[test]
fn exactly_one_as_choice_bounds_and_constraints() {
    assert_eq!(
        answer_sets("1 {x(1..3)} 1."),
        set(&["x(1)", "x(2)", "x(3)"])
    );
    let constraints = "{a;b;c}. :- 2 {a;b;c}. :- not 1 {a;b;c}.";
    assert_eq!(answer_sets(constraints), set(&["a", "b", "c"]));
}

/// A translated body in a positive loop: `p` and `q` support each other only through `r`.
#[test]
fn translated_body_in_a_positive_loop() {
    assert_eq!(
        answer_sets("{r}. p :- 1 {q; r}. q :- p."),
        set(&["", "p q r"])
    );
}
