//! The Control API end to end: states, models as symbols, optimization, consequences,
//! projection, assumptions, externals, interrupts and errors.

use std::collections::BTreeSet;

use engine::{
    parse_term, Control, EnumMode, Error, Interrupt, ModelKind, OptMode, Projection, Symbol,
    TruthValue,
};

fn sym(text: &str) -> Symbol {
    parse_term(text).expect("term")
}

fn grounded(program: &str) -> Control {
    let mut ctl = Control::new();
    ctl.add("test", program).expect("add");
    ctl.ground().expect("ground");
    ctl
}

/// Every model's shown symbols, as sorted text.
fn answer_sets(ctl: &Control) -> BTreeSet<String> {
    ctl.solve()
        .expect("solve")
        .map(|m| {
            let mut atoms: Vec<String> = m.symbols().iter().map(|s| s.to_string()).collect();
            atoms.sort();
            atoms.join(" ")
        })
        .collect()
}

#[test]
fn enumerates_all_models_with_models_zero() {
    let mut ctl = grounded("a;b. c :- a.");
    ctl.options_mut().models = Some(0);
    let expected: BTreeSet<String> = ["a c", "b"].iter().map(|s| s.to_string()).collect();
    assert_eq!(answer_sets(&ctl), expected);
    let mut handle = ctl.solve().expect("solve");
    assert_eq!(handle.by_ref().count(), 2);
    let summary = handle.summary();
    assert_eq!(summary.satisfiable, Some(true));
    assert!(summary.exhausted);
    assert_eq!(summary.models, 2);
}

#[test]
fn default_is_one_model_and_not_exhausted() {
    let ctl = grounded("a;b.");
    let mut handle = ctl.solve().expect("solve");
    assert_eq!(handle.by_ref().count(), 1);
    let summary = handle.summary();
    assert_eq!(summary.models, 1);
    assert!(!summary.exhausted);
}

#[test]
fn unsatisfiable_is_a_result_not_an_error() {
    let ctl = grounded("a. :- a.");
    let mut handle = ctl.solve().expect("solve");
    assert!(handle.next().is_none());
    let summary = handle.summary();
    assert_eq!(summary.satisfiable, Some(false));
    assert!(summary.exhausted);
}

#[test]
fn model_atoms_contains_and_numbers() {
    let ctl = grounded("p(1..2). q(X) :- p(X), X > 1. #show q/1.");
    let model = ctl.solve().expect("solve").next().expect("a model");
    assert_eq!(model.number(), 1);
    assert_eq!(model.kind(), ModelKind::Answer);
    assert_eq!(model.symbols(), vec![sym("q(2)")]);
    assert_eq!(model.atoms(), vec![sym("p(1)"), sym("p(2)"), sym("q(2)")]);
    assert!(model.contains(&sym("p(1)")));
    assert!(!model.contains(&sym("q(1)")));
}

#[test]
fn optimization_reports_costs_and_proves_the_optimum() {
    let ctl = grounded("{a;b;c}. :- not a, not b. #minimize{1,a:a; 1,b:b; 2@2,c:c}.");
    let mut handle = ctl.solve().expect("solve");
    let models: Vec<_> = handle.by_ref().collect();
    let last = models.last().expect("a model");
    assert_eq!(last.costs(), &[0, 1]);
    let summary = handle.summary();
    assert!(summary.optimum_proven);
    assert_eq!(summary.costs, Some(vec![0, 1]));
}

#[test]
fn opt_n_enumerates_every_optimal_model() {
    let mut ctl = grounded(
        "{a;b;c;d}. :- not a, not b. :- not c, not d. #minimize{1,x:a; 1,x:b; 1,y:c; 1,y:d}.",
    );
    ctl.options_mut().opt_mode = OptMode::OptN;
    let optimal: Vec<_> = ctl
        .solve()
        .expect("solve")
        .filter(|m| m.is_optimal())
        .collect();
    assert_eq!(optimal.len(), 9);
    assert!(optimal.iter().all(|m| m.costs() == [2]));
}

#[test]
fn brave_and_cautious_consequences() {
    let mut ctl = grounded("a;b. c :- a. d.");
    ctl.options_mut().enum_mode = EnumMode::Brave;
    let last = ctl.solve().expect("solve").last().expect("a model");
    assert_eq!(last.kind(), ModelKind::Brave);
    let mut brave: Vec<String> = last.symbols().iter().map(|s| s.to_string()).collect();
    brave.sort();
    assert_eq!(brave, vec!["a", "b", "c", "d"]);
    ctl.options_mut().enum_mode = EnumMode::Cautious;
    let last = ctl.solve().expect("solve").last().expect("a model");
    assert_eq!(last.symbols(), vec![sym("d")]);
}

#[test]
fn projection_onto_shown_atoms() {
    let mut ctl = grounded("{a;b;c}. #show a/0.");
    ctl.options_mut().models = Some(0);
    assert_eq!(ctl.options().projection, Projection::Off);
    assert_eq!(ctl.solve().expect("solve").count(), 8);
    ctl.options_mut().projection = Projection::Show;
    assert_eq!(ctl.solve().expect("solve").count(), 2);
}

#[test]
fn projection_onto_project_directives() {
    let mut ctl = grounded("{a;b;c}. #project a/0. #project b/0.");
    ctl.options_mut().models = Some(0);
    ctl.options_mut().projection = Projection::Auto;
    assert_eq!(ctl.solve().expect("solve").count(), 4);
}

/// Regression (difftest): `#project r/1.` with no ground `r` atoms writes no projection, so
/// `--project=auto` projects onto the shown atoms, as clingo does.
#[test]
fn project_directive_without_atoms_falls_back_to_shown_atoms() {
    let mut ctl = grounded("a;b;c. #project r/1. #show a/0. #show b/0.");
    ctl.options_mut().models = Some(0);
    ctl.options_mut().projection = Projection::Auto;
    let expected: BTreeSet<String> = ["", "a", "b"].iter().map(|s| s.to_string()).collect();
    assert_eq!(answer_sets(&ctl), expected);
}

#[test]
fn assumptions_restrict_the_models() {
    let mut ctl = grounded("{a;b}.");
    ctl.options_mut().models = Some(0);
    let with_a = ctl
        .solve_with_assumptions(&[(sym("a"), true), (sym("b"), false)])
        .expect("solve")
        .count();
    assert_eq!(with_a, 1);
    let unknown = ctl
        .solve_with_assumptions(&[(sym("zzz"), true)])
        .expect("solve")
        .count();
    assert_eq!(unknown, 0);
}

#[test]
fn externals_follow_assign_external() {
    let mut ctl = grounded("#external e. a :- e.");
    ctl.options_mut().models = Some(0);
    let has_a = |ctl: &Control| ctl.solve().expect("solve").any(|m| m.contains(&sym("a")));
    assert!(!has_a(&ctl), "externals are false by default");
    ctl.assign_external(&sym("e"), TruthValue::True)
        .expect("assign");
    assert!(has_a(&ctl));
    ctl.assign_external(&sym("e"), TruthValue::False)
        .expect("assign");
    assert!(!has_a(&ctl));
    ctl.assign_external(&sym("e"), TruthValue::Free)
        .expect("assign");
    assert_eq!(ctl.solve().expect("solve").count(), 2);
}

#[test]
fn interrupt_handle_is_send_and_sync_and_stops_the_search() {
    fn send_sync<T: Send + Sync>(_: &T) {}
    let mut ctl = grounded(
        "p(1..14). h(1..13). 1 { in(P,H) : h(H) } 1 :- p(P). :- in(P1,H), in(P2,H), P1 < P2.",
    );
    ctl.options_mut().models = Some(0);
    let handle: Interrupt = ctl.interrupt_handle();
    send_sync(&handle);
    let mut search = ctl.solve().expect("solve");
    let stopper = std::thread::spawn(move || handle.interrupt());
    stopper.join().expect("thread");
    assert!(search.next().is_none());
    let summary = search.summary();
    assert!(summary.interrupted);
    assert!(!summary.exhausted);
    assert_eq!(summary.satisfiable, None);
}

#[test]
fn misuse_is_a_usage_error() {
    let mut ctl = Control::new();
    assert!(matches!(ctl.solve(), Err(Error::Usage(_))));
    assert!(matches!(ctl.text(), Err(Error::Usage(_))));
    assert!(matches!(
        ctl.assign_external(&sym("a"), TruthValue::True),
        Err(Error::Usage(_))
    ));
    ctl.add("base", "a.").expect("add");
    ctl.ground().expect("ground");
    // Multi-shot: more text and more groundings are fine; constants are fixed.
    ctl.add("base", "b.").expect("add after grounding");
    ctl.ground().expect("ground again");
    assert!(matches!(ctl.set_const("n", "1"), Err(Error::Usage(_))));
}

#[test]
fn syntax_errors_carry_diagnostics() {
    let mut ctl = Control::new();
    ctl.add("bad.lp", "p(X) :- q(X)\n").expect("add");
    let error = ctl.ground().expect_err("a syntax error");
    assert!(matches!(error, Error::Parse(_)));
    assert_eq!(
        error.diagnostics()[0].to_string(),
        "bad.lp:2:1-2: error: syntax error, unexpected EOF"
    );
}

#[test]
fn unsafe_variables_fail_grounding() {
    let mut ctl = Control::new();
    ctl.add("u.lp", "p(X) :- not q(X).\nq(1).\n").expect("add");
    let error = ctl.ground().expect_err("unsafe");
    assert!(matches!(error, Error::Ground(_)));
    assert_eq!(error.to_string(), "grounding stopped because of errors");
    let text = error.diagnostics()[0].to_string();
    assert!(text.contains("'X' is unsafe"), "{text}");
}

#[test]
fn missing_file_is_an_error() {
    let mut ctl = Control::new();
    let error = ctl.load("/nonexistent/x.lp").expect_err("missing");
    assert!(matches!(error, Error::FileNotFound(_)));
}

#[test]
fn constants_replace_defaults() {
    let mut ctl = Control::new();
    ctl.set_const("n", "5").expect("const");
    ctl.add("c.lp", "#const n=2. p(n).").expect("add");
    ctl.ground().expect("ground");
    let model = ctl.solve().expect("solve").next().expect("a model");
    assert_eq!(model.symbols(), vec![sym("p(5)")]);
}

#[test]
fn aspif_round_trip_keeps_the_models() {
    let mut ctl = grounded("{a;b}. c :- a, b. :- c, not a.");
    ctl.options_mut().models = Some(0);
    let before = answer_sets(&ctl);
    let aspif = ctl.aspif().expect("aspif");
    let mut again = Control::new();
    again.options_mut().models = Some(0);
    again.load_aspif(&aspif).expect("read aspif");
    assert_eq!(answer_sets(&again), before);
    assert_eq!(before.len(), 4);
}

#[test]
fn an_aspif_source_is_read_as_a_ground_program() {
    let text = grounded("{a;b}. :- a, b.").aspif().expect("aspif");
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.add("ground.aspif", &text).expect("add");
    ctl.ground()
        .expect("aspif is read, not parsed as a program");
    let expected: BTreeSet<String> = ["", "a", "b"].iter().map(|s| s.to_string()).collect();
    assert_eq!(answer_sets(&ctl), expected);
}

#[test]
fn aspif_with_other_sources_is_an_error() {
    let text = grounded("a.").aspif().expect("aspif");
    let mut ctl = Control::new();
    ctl.add("ground.aspif", &text).expect("add");
    ctl.add("more.lp", "b.").expect("add");
    let error = ctl.ground().expect_err("aspif cannot be combined");
    assert_eq!(
        error.to_string(),
        "ground.aspif: a ground program in aspif is read on its own; it cannot be combined with other inputs"
    );
}
