//! Multi-shot use of the Control API against clingo 5.8.3's Python API (expected answers
//! recorded from it): parts with parameters, externals assigned and released between solves,
//! learnt state kept, and misuse (unknown parts, redefinitions, unknown externals) reported
//! without panics. Every model is checked by the independent stable-model checker against
//! the accumulated program under that solve's external values.

use std::collections::BTreeSet;

use engine::{parse_term, Control, Symbol, TruthValue};

fn sym(text: &str) -> Symbol {
    parse_term(text).expect("term")
}

/// All models of a solve, as sorted text, each checked by `solver_core::check`.
fn models(ctl: &Control) -> BTreeSet<String> {
    let program = ctl.program_with_externals().expect("grounded");
    let mut all = BTreeSet::new();
    for model in ctl.solve().expect("solve") {
        solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
        let mut shown = model.shown_names();
        shown.sort();
        all.insert(shown.join(" "));
    }
    all
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn control(program: &str) -> Control {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.add("test", program).expect("add");
    ctl
}

#[test]
fn parts_ground_step_by_step() {
    let mut ctl = control("p(0). #program step(t). p(t) :- p(t-1). { q(t) }.");
    ctl.ground().expect("base");
    assert_eq!(models(&ctl), set(&["p(0)"]));
    ctl.ground_parts(&[("step", &[Symbol::Number(1)])])
        .expect("step 1");
    assert_eq!(models(&ctl), set(&["p(0) p(1)", "p(0) p(1) q(1)"]));
    ctl.ground_parts(&[("step", &[Symbol::Number(2)])])
        .expect("step 2");
    assert_eq!(models(&ctl).len(), 4);
}

#[test]
fn externals_assigned_and_released() {
    let mut ctl = control("#external e. a :- e. { b }.");
    ctl.ground().expect("ground");
    assert_eq!(models(&ctl), set(&["", "b"]));
    ctl.assign_external(&sym("e"), TruthValue::True)
        .expect("assign");
    assert_eq!(models(&ctl), set(&["a e", "a b e"]));
    ctl.assign_external(&sym("e"), TruthValue::Free)
        .expect("free");
    assert_eq!(models(&ctl).len(), 4);
    ctl.release_external(&sym("e")).expect("release");
    assert_eq!(models(&ctl), set(&["", "b"]));
    // Released for good: assigning it again changes nothing (clingo ignores it).
    ctl.assign_external(&sym("e"), TruthValue::True)
        .expect("assign released");
    assert_eq!(models(&ctl), set(&["", "b"]));
}

#[test]
fn unknown_part_is_ignored() {
    let mut ctl = control("a.");
    ctl.ground_parts(&[("base", &[]), ("nope", &[Symbol::Number(1)])])
        .expect("an unknown part is no error");
    assert_eq!(models(&ctl), set(&["a"]));
}

#[test]
fn redefinition_after_solve_is_an_error() {
    let mut ctl = control("{c}. #program p. b :- c. #program q. b :- not c.");
    ctl.ground_parts(&[("base", &[]), ("p", &[])])
        .expect("ground");
    assert_eq!(models(&ctl), set(&["", "b c"]));
    let error = ctl.ground_parts(&[("q", &[])]).expect_err("redefinition");
    assert_eq!(
        error.diagnostics()[0].message,
        "redefinition of atom <'b',2>"
    );
    // The control stays usable: the refused rule is left out.
    assert_eq!(models(&ctl), set(&["", "b c"]));
}

#[test]
fn unknown_and_non_external_atoms_are_left_alone() {
    let mut ctl = control("a. { b }.");
    ctl.ground().expect("ground");
    ctl.release_external(&sym("zz"))
        .expect("unknown atom: ignored");
    ctl.assign_external(&sym("zz"), TruthValue::True)
        .expect("ignored");
    ctl.assign_external(&sym("b"), TruthValue::True)
        .expect("not external: ignored");
    ctl.release_external(&sym("b"))
        .expect("not external: ignored");
    assert_eq!(models(&ctl), set(&["a", "a b"]));
}

#[test]
fn assumptions_per_call() {
    let mut ctl = control("{ a; b }.");
    ctl.ground().expect("ground");
    let handle = ctl
        .solve_with_assumptions(&[(sym("a"), true), (sym("b"), false)])
        .expect("solve");
    let answers: Vec<Vec<String>> = handle.map(|m| m.shown_names()).collect();
    assert_eq!(answers, vec![vec!["a".to_string()]]);
    assert_eq!(models(&ctl).len(), 4, "assumptions hold for one call only");
    let mut unknown = ctl
        .solve_with_assumptions(&[(sym("zz"), true)])
        .expect("solve");
    assert!(unknown.next().is_none());
    assert_eq!(unknown.summary().satisfiable, Some(false));
}

#[test]
fn incmode_loop_on_the_public_api() {
    use engine::incmode::{run, IncConfig, IncHandler};
    struct Count(u64, Vec<String>);
    impl IncHandler for Count {
        fn grounded(&mut self, _: &[engine::Diagnostic]) {}
        fn solved(&mut self, _: &Control, _: u64, mut h: engine::SolveHandle) -> engine::Summary {
            self.1.extend(h.by_ref().map(|m| m.shown_names().join(" ")));
            self.0 += 1;
            h.summary()
        }
    }
    // /tmp/inc/t.lp of the task: clingo prints 4 calls and one model.
    let mut ctl = control(
        "#include <incmode>. #program base. pos(0,0). #program step(t). { move(t) }.
         pos(t,X+1) :- pos(t-1,X), move(t). pos(t,X) :- pos(t-1,X), not move(t).
         #program check(t). :- query(t), not pos(t,3). #show move/1.",
    );
    let mut seen = Count(0, Vec::new());
    let (summary, calls) = run(&mut ctl, &IncConfig::default(), &mut seen).expect("run");
    assert_eq!((calls, seen.0, summary.satisfiable), (4, 4, Some(true)));
    assert_eq!(seen.1, ["move(1) move(2) move(3)"]);
}

#[test]
fn control_and_handles_can_move_to_other_threads() {
    fn send<T: Send>() {}
    send::<Control>();
    send::<engine::SolveHandle>();
}
