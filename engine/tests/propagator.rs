//! User propagators on a `Control`: the all-different propagator of `examples/propagator.rs`
//! against the same constraint written as a rule (same model sets on random instances, in
//! one-shot and multi-shot use, under assumptions, with the work done in `propagate` or only
//! in `check`), a propagator whose `check` adds a clause false at level 0 (no model), one
//! that adds literals and static clauses in `init`, and a no-op propagator (the same models
//! as without it, its changes passed and undone consistently). Every model is checked by
//! the independent stable-model checker against the ground program. `is_total` is checked
//! against the free literals with an atom no statement mentions in the program.

#[path = "../../examples/propagator.rs"]
#[allow(dead_code)]
mod example;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use engine::{
    parse_term, CheckMode, ClauseKind, Control, EnumMode, OptMode, PartialAssignment,
    PropagateControl, PropagateInit, Propagator, SolverLiteral, Symbol,
};
use example::AllDifferent;
use solver_core::{Atom, Literal};

/// All models of a solve (as sorted text), each checked by `solver_core::check`.
fn models(ctl: &Control, assumptions: &[(Symbol, bool)]) -> BTreeSet<String> {
    let program = ctl.program_with_externals().expect("grounded");
    let mut all = BTreeSet::new();
    for model in ctl.solve_with_assumptions(assumptions).expect("solve") {
        solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
        let mut shown = model.shown_names();
        shown.sort();
        all.insert(shown.join(" "));
    }
    all
}

/// A control for `text` (all models), with what `register` registers, ground.
fn control(text: &str, register: impl FnOnce(&mut Control)) -> Control {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    register(&mut ctl);
    ctl.add("base", text).expect("add");
    ctl.ground().expect("ground");
    ctl
}

/// Whether no two shown `assign(X,V)` of a model share `V`.
fn all_different(model: &str) -> bool {
    let values: Vec<&str> = model
        .split(' ')
        .filter_map(|a| a.strip_suffix(')')?.rsplit(',').next())
        .collect();
    values.iter().collect::<HashSet<_>>().len() == values.len()
}

/// A small deterministic generator (64-bit LCG).
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random instance: variables `1..=n`, each with a random domain among `1..=m`, one value
/// each; some values forbidden for pairs of variables by a rule, so the program is more than
/// the choice.
fn instance(seed: u64) -> String {
    let mut random = Random(seed);
    let n = 3 + random.below(3);
    let m = n + random.below(2);
    let mut text = format!("var(1..{n}).\n");
    for x in 1..=n {
        for v in 1..=m {
            if random.below(4) != 0 {
                text += &format!("dom({x},{v}).\n");
            }
        }
    }
    text += "1 { assign(X,V) : dom(X,V) } 1 :- var(X).\n";
    text += "near(X,Y) :- var(X), var(Y), Y = X + 1.\n";
    text += "far(X) :- assign(X,V), near(X,Y), assign(Y,W), W != V + 1, W != V - 1.\n";
    text += &format!(":- far(X), X > {}.\n", random.below(n) + 1);
    text + "#show assign/2.\n"
}

const RULE: &str = ":- assign(X,V), assign(Y,V), X != Y.\n";

/// Registers nothing.
fn none(_: &mut Control) {}

/// Asserts that the random instances of `seeds` have the same models with the propagator
/// `make` gives as with the rule (and that enough of them have models).
fn compare_with_rule<P: Propagator + 'static>(seeds: std::ops::Range<u64>, make: fn() -> P) {
    let mut nonempty = 0;
    for seed in seeds.clone() {
        let text = instance(seed);
        let by_rule = models(&control(&(text.clone() + RULE), none), &[]);
        let register = move |ctl: &mut Control| ctl.register_propagator(make());
        let by_propagator = models(&control(&text, register), &[]);
        assert_eq!(by_propagator, by_rule, "seed {seed}:\n{text}");
        assert!(by_propagator.iter().all(|m| all_different(m)));
        nonempty += usize::from(!by_rule.is_empty());
    }
    assert!(
        nonempty * 3 >= seeds.count(),
        "too few satisfiable instances"
    );
}

#[test]
fn all_different_propagator_has_the_models_of_the_rule() {
    compare_with_rule(0..24, AllDifferent::default);
}

/// The all-different propagator with `check` off: `propagate` alone must be complete.
#[derive(Default)]
struct PropagateOnly(AllDifferent);

impl Propagator for PropagateOnly {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.0.init(init);
        init.set_check_mode(CheckMode::Off);
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        self.0.propagate(ctl, changes);
    }

    fn undo(&mut self, assignment: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        self.0.undo(assignment, changes);
    }

    fn check(&mut self, _: &mut PropagateControl<'_>) {
        panic!("check called in CheckMode::Off");
    }
}

#[test]
fn propagate_alone_gives_the_models_of_the_rule() {
    compare_with_rule(0..24, PropagateOnly::default);
}

/// The all-different propagator with its watches removed: all the work is in `check`.
#[derive(Default)]
struct CheckOnly(AllDifferent);

impl Propagator for CheckOnly {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.0.init(init);
        for (_, lit) in init.atoms_with_signature("assign", 2) {
            init.remove_watch(lit);
        }
    }

    fn propagate(&mut self, _: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        panic!("propagate called with {changes:?} though nothing is watched");
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        self.0.check(ctl);
    }
}

#[test]
fn check_alone_gives_the_models_of_the_rule() {
    compare_with_rule(100..112, CheckOnly::default);
}

#[test]
fn all_different_under_assumptions_and_after_a_refuted_call() {
    let text = "var(1..3). 1 { assign(X,V) : V = 1..3 } 1 :- var(X). #show assign/2.\n";
    let ctl = control(text, |ctl: &mut Control| {
        ctl.register_propagator(AllDifferent::default())
    });
    let clash = [
        (parse_term("assign(1,2)").unwrap(), true),
        (parse_term("assign(3,2)").unwrap(), true),
    ];
    assert!(models(&ctl, &clash).is_empty());
    let fixed = [(parse_term("assign(1,2)").unwrap(), true)];
    let expected = [
        "assign(1,2) assign(2,1) assign(3,3)",
        "assign(1,2) assign(2,3) assign(3,1)",
    ];
    assert_eq!(
        models(&ctl, &fixed),
        expected.iter().map(|s| s.to_string()).collect()
    );
    assert_eq!(models(&ctl, &[]).len(), 6);
}

const STEPS: &str = "
#program base. val(1..4).
#program step(k). var(k). 1 { assign(k,V) : val(V), V != k } 1.
#show assign/2.
";

#[test]
fn all_different_in_multishot_steps_sees_the_new_atoms() {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.register_propagator(AllDifferent::default());
    ctl.add("base", STEPS).unwrap();
    ctl.ground().unwrap();
    for k in 1..=5 {
        ctl.ground_parts(&[("step", &[Symbol::Number(k)])]).unwrap();
        let by_propagator = models(&ctl, &[]);
        let mut reference = Control::new();
        reference.options_mut().models = Some(0);
        reference.add("base", &(STEPS.to_string() + RULE)).unwrap();
        let steps: Vec<[Symbol; 1]> = (1..=k).map(|t| [Symbol::Number(t)]).collect();
        let mut parts: Vec<(&str, &[Symbol])> = vec![("base", &[])];
        parts.extend(steps.iter().map(|s| ("step", &s[..])));
        reference.ground_parts(&parts).unwrap();
        let by_rule = models(&reference, &[]);
        assert_eq!(by_propagator, by_rule, "step {k}");
        assert_eq!(by_rule.is_empty(), k == 5, "step {k}");
    }
}

/// Adds, in `check`, a clause whose only literal is false at level 0.
struct FalseAtCheck {
    fact: Option<SolverLiteral>,
    checks: u32,
}

impl Propagator for FalseAtCheck {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.fact = init.symbol_literal(&parse_term("f").unwrap());
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        self.checks += 1;
        if let Some(fact) = self.fact {
            assert_eq!(ctl.value(fact), Some(true));
            assert!(!ctl.add_clause(&[!fact], ClauseKind::Learnt));
        }
    }
}

#[test]
fn a_check_clause_false_at_level_zero_leaves_no_model() {
    let mut ctl = control("f. { a; b }. c :- a, b.", none);
    ctl.register_propagator(FalseAtCheck {
        fact: None,
        checks: 0,
    });
    let mut handle = ctl.solve().unwrap();
    assert!(handle.next().is_none());
    let summary = handle.summary();
    assert_eq!(summary.satisfiable, Some(false));
    assert!(summary.exhausted);
    assert!(models(&ctl, &[]).is_empty(), "unsatisfiable for good");
}

/// Adds a literal `x` in `init` with static clauses `x <-> a & b` and the unit `x`.
struct Conjunction;

impl Propagator for Conjunction {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        let a = init.symbol_literal(&parse_term("a").unwrap()).unwrap();
        let b = init.symbol_literal(&parse_term("b").unwrap()).unwrap();
        let x = init.add_literal();
        assert_eq!(init.value(x), None);
        for clause in [vec![!x, a], vec![!x, b], vec![x, !a, !b], vec![x]] {
            assert!(init.add_clause(&clause));
        }
    }
}

#[test]
fn literals_and_static_clauses_of_init() {
    let mut ctl = control("{ a; b; c }.", none);
    assert_eq!(models(&ctl, &[]).len(), 8);
    ctl.register_propagator(Conjunction);
    let expected: BTreeSet<String> = ["a b", "a b c"].iter().map(|s| s.to_string()).collect();
    assert_eq!(models(&ctl, &[]), expected);
    assert_eq!(models(&ctl, &[]), expected, "init again on the next call");
}

/// Watches both literals of every atom and checks at every fixpoint; adds nothing, but
/// asserts that no literal is passed twice without an undo and none is undone unpassed, and
/// that `undo` comes once per level, as clingo's: the literals of one call were all passed
/// at the level being undone, and are unassigned.
#[derive(Default)]
struct NoOp {
    /// The literals passed and not undone, with the level they were passed at.
    passed: HashMap<SolverLiteral, u32>,
    /// Literals passed to `propagate` and `check` calls, shared with the test.
    counts: Arc<[AtomicU64; 2]>,
}

impl Propagator for NoOp {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        init.set_check_mode(CheckMode::Fixpoint);
        for atom in 1..=init.atom_count() {
            if let Some(lit) = init.solver_literal(Literal::positive(Atom(atom))) {
                init.add_watch(lit);
                init.add_watch(!lit);
            }
        }
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        for &lit in changes {
            assert_eq!(ctl.value(lit), Some(true));
            let level = ctl.level_of(lit).expect("assigned");
            assert!(
                self.passed.insert(lit, level).is_none(),
                "{lit} passed twice"
            );
        }
        self.counts[0].fetch_add(changes.len() as u64, Ordering::Relaxed);
    }

    fn undo(&mut self, assignment: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        let level = assignment.decision_level();
        for lit in changes {
            assert_eq!(
                self.passed.remove(lit),
                Some(level),
                "{lit} undone at level {level}"
            );
            // Level 0 is undone before each `init`, its literals staying assigned.
            let free = assignment.is_free(*lit);
            assert!(level == 0 || free, "{lit} undone while assigned");
        }
        assert!(
            self.passed.values().all(|&l| l < level),
            "a higher level left"
        );
    }

    fn check(&mut self, _: &mut PropagateControl<'_>) {
        self.counts[1].fetch_add(1, Ordering::Relaxed);
    }
}

const PROGRAMS: [&str; 4] = [
    "{ a; b; c }. d :- a, not b. e :- d, c. :- e, not a.",
    "a :- b. b :- a. { c }. a :- c. { d } :- not a. x :- not d.",
    "a | b. c | d :- a. :- c, b.",
    "1 { p(1..5) } 3. q(X) :- p(X), not p(X+1). :- q(1), q(3).",
];

#[test]
fn a_no_op_propagator_keeps_the_models() {
    for text in PROGRAMS {
        let plain = models(&control(text, none), &[]);
        let noop = NoOp::default();
        let counts = Arc::clone(&noop.counts);
        let register = |ctl: &mut Control| ctl.register_propagator(noop);
        let watched = control(text, register);
        assert_eq!(models(&watched, &[]), plain, "{text}");
        assert_eq!(models(&watched, &[]), plain, "{text} (second call)");
        assert!(
            counts[0].load(Ordering::Relaxed) > 0,
            "{text}: nothing propagated"
        );
        assert!(
            counts[1].load(Ordering::Relaxed) > 0,
            "{text}: nothing checked"
        );
    }
}

#[test]
fn a_no_op_propagator_keeps_the_optimum() {
    let text = "{ p(1..6) }. :- not 2 { p(X) }. #minimize { X : p(X) }. #show p/1.";
    let optimal = |ctl: &mut Control| {
        ctl.options_mut().opt_mode = OptMode::OptN;
        let program = ctl.program_with_externals().unwrap();
        let mut handle = ctl.solve().unwrap();
        let best: Vec<Vec<String>> = handle
            .by_ref()
            .filter(|m| m.is_optimal())
            .inspect(|m| solver_core::check::check_model(&program, m.true_atoms()).unwrap())
            .map(|m| m.shown_names())
            .collect();
        (best, handle.summary().costs)
    };
    let expected = (
        vec![vec!["p(1)".to_string(), "p(2)".to_string()]],
        Some(vec![3]),
    );
    assert_eq!(optimal(&mut control(text, none)), expected);
    let register = |ctl: &mut Control| ctl.register_propagator(NoOp::default());
    assert_eq!(optimal(&mut control(text, register)), expected);
}

/// The optimal models (OptN) and the optimum, or the last model of a brave/cautious search,
/// as sorted text; every model checked.
fn final_answers(
    ctl: &mut Control,
    mode: Option<EnumMode>,
) -> (BTreeSet<String>, Option<Vec<i64>>) {
    match mode {
        Some(mode) => ctl.options_mut().enum_mode = mode,
        None => ctl.options_mut().opt_mode = OptMode::OptN,
    }
    let program = ctl.program_with_externals().unwrap();
    let mut handle = ctl.solve().unwrap();
    let mut answers = Vec::new();
    for model in handle.by_ref() {
        if mode.is_none() {
            solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
        }
        let mut shown = model.shown_names();
        shown.sort();
        answers.push((model.is_optimal(), shown.join(" ")));
    }
    let kept: BTreeSet<String> = match mode {
        None => answers.into_iter().filter(|a| a.0).map(|a| a.1).collect(),
        Some(_) => answers.pop().map(|a| a.1).into_iter().collect(),
    };
    (kept, handle.summary().costs)
}

#[test]
fn all_different_optimum_and_consequences_match_the_rule() {
    let minimize = "#minimize { V*X,X : assign(X,V) }.\n";
    let mut optimal = 0;
    for seed in 200..208 {
        let text = instance(seed) + minimize;
        for mode in [None, Some(EnumMode::Brave), Some(EnumMode::Cautious)] {
            let by_rule = final_answers(&mut control(&(text.clone() + RULE), none), mode);
            let register = |ctl: &mut Control| ctl.register_propagator(AllDifferent::default());
            let by_propagator = final_answers(&mut control(&text, register), mode);
            assert_eq!(by_propagator, by_rule, "seed {seed}, {mode:?}:\n{text}");
            optimal += usize::from(mode.is_none() && by_rule.1.is_some());
        }
    }
    assert!(optimal >= 3, "too few satisfiable instances: {optimal}");
}

/// Decides the atoms `x(N)` first (positive), outside the projection of its test.
#[derive(Default)]
struct DecideX(Vec<SolverLiteral>);

impl Propagator for DecideX {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.0 = init
            .atoms_with_signature("x", 1)
            .into_iter()
            .map(|(_, l)| l)
            .collect();
    }

    fn decide(
        &mut self,
        assignment: &PartialAssignment<'_>,
        _: SolverLiteral,
    ) -> Option<SolverLiteral> {
        self.0.iter().copied().find(|&l| assignment.is_free(l))
    }
}

#[test]
fn decide_keeps_projective_enumeration_exact() {
    let text = "{ p(1..3) }. { x(1..3) }. :- p(1), x(1), x(2). #show p/1.";
    let mut ctl = control(text, |ctl| ctl.register_propagator(DecideX::default()));
    ctl.options_mut().projection = engine::Projection::Show;
    let program = ctl.program_with_externals().expect("grounded");
    let mut answers = Vec::new();
    for model in ctl.solve().expect("solve") {
        solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
        answers.push(model.shown_names().join(" "));
    }
    let distinct: BTreeSet<&String> = answers.iter().collect();
    assert_eq!((answers.len(), distinct.len()), (8, 8), "{answers:?}");
}

/// Checks in `Fixpoint` mode that `is_total` holds exactly when no literal is free among the
/// atoms and the propagator's literal, and counts the total checks.
struct TotalWatch {
    lits: Vec<SolverLiteral>,
    totals: Arc<AtomicU64>,
}

impl Propagator for TotalWatch {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        init.set_check_mode(CheckMode::Fixpoint);
        self.lits = ["a", "b"]
            .iter()
            .map(|s| init.symbol_literal(&parse_term(s).unwrap()).unwrap())
            .collect();
        self.lits.push(init.add_literal());
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        let a = ctl.assignment();
        let free = self.lits.iter().any(|&l| a.is_free(l));
        assert_eq!(a.is_total(), !free);
        if a.is_total() {
            self.totals.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[test]
fn is_total_ignores_atoms_no_statement_mentions() {
    let totals = Arc::new(AtomicU64::new(0));
    let propagator = TotalWatch {
        lits: Vec::new(),
        totals: Arc::clone(&totals),
    };
    let mut ctl = control("{ a; b }.", |c| c.register_propagator(propagator));
    // `x` is an atom no statement mentions: false in every model, never decided.
    let x = parse_term("x").unwrap();
    ctl.backend(|b| b.add_atom(Some(&x)).map(drop))
        .expect("backend");
    let expected: BTreeSet<String> = ["", "a", "b", "a b"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(models(&ctl, &[]), expected);
    // each model twice (the propagator's literal true or false), each checked when total
    assert_eq!(totals.load(Ordering::Relaxed), 8);
}
