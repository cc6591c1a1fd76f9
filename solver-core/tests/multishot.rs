//! Multi-shot solving against clingo 5.8.3: the scenarios of `tests/multishot/scenarios.txt`
//! (deltas added step by step, externals assigned and released, solve calls in every mode)
//! run on one [`MultiShot`] solver, each answer compared with clingo's (recorded in the file by
//! `scripts/multishot-expected.py`), and every model checked by the independent checker
//! against the accumulated program with the externals' values and assumptions of its call.

use std::collections::BTreeSet;

use solver_core::check::check_model;
use solver_core::{Atom, EnumMode, ExternalValue, GroundProgram, HeadKind, Literal, Model};
use solver_core::{MultiShot, OptMode, SolveError, SolveOptions, WeightedLiteral};

#[path = "common/pigeonhole.rs"]
mod pigeonhole;

use pigeonhole::pigeonhole;

const SCENARIOS: &str = include_str!("multishot/scenarios.txt");

/// A scenario's state: the solver and what the checker needs.
struct Run {
    name: String,
    solver: MultiShot,
    /// Every statement so far, with the externals' current values appended.
    accumulated: GroundProgram,
    /// Assumptions of the deltas since the last solve call (for the next one only).
    step_assumptions: Vec<Literal>,
    /// The delta being read, its outcome, and the last solve call's answer.
    delta: Option<GroundProgram>,
    last_add: Option<Result<(), SolveError>>,
    answer: Option<String>,
}

fn literal(word: &str) -> Literal {
    let value: i32 = word.parse().expect("a literal");
    Literal::from_aspif(value).expect("a non-zero literal")
}

fn atoms(words: &[&str]) -> Vec<Atom> {
    words
        .iter()
        .map(|w| Atom(w.parse().expect("an atom")))
        .collect()
}

fn weighted(words: &[&str]) -> Vec<WeightedLiteral> {
    let pair = |w: &&str| {
        let (weight, lit) = w.split_once(':').expect("W:L");
        WeightedLiteral {
            literal: literal(lit),
            weight: weight.parse().expect("a weight"),
        }
    };
    words.iter().map(pair).collect()
}

fn value(word: &str) -> ExternalValue {
    match word {
        "true" => ExternalValue::True,
        "false" => ExternalValue::False,
        "free" => ExternalValue::Free,
        "release" => ExternalValue::Release,
        other => panic!("unknown external value {other}"),
    }
}

/// Adds one statement line to `p`.
fn statement(p: &mut GroundProgram, words: &[&str]) {
    fn split<'w>(rest: &[&'w str]) -> (Vec<Atom>, Vec<&'w str>) {
        let arrow = rest.iter().position(|w| *w == ":-").expect("`:-`");
        (atoms(&rest[..arrow]), rest[arrow + 1..].to_vec())
    }
    let (kind, rest) = (words[0], &words[1..]);
    let head_kind = |choice: bool| {
        if choice {
            HeadKind::Choice
        } else {
            HeadKind::Disjunction
        }
    };
    match kind {
        "rule" | "choice" => {
            let (head, body) = split(rest);
            let body = body.iter().map(|w| literal(w)).collect();
            p.add_rule(head_kind(kind == "choice"), head, body);
        }
        "wrule" | "wchoice" => {
            let (head, body) = split(rest);
            let lower = body[0].parse().expect("a bound");
            p.add_weight_rule(
                head_kind(kind == "wchoice"),
                head,
                lower,
                weighted(&body[1..]),
            );
        }
        "minimize" => p.add_minimize(rest[0].parse().expect("a priority"), weighted(&rest[1..])),
        "external" => p.add_external(atoms(&rest[..1])[0], value(rest[1])),
        "assume" => p.assumptions.extend(rest.iter().map(|w| literal(w))),
        "project" => atoms(rest).into_iter().for_each(|a| p.add_projection(a)),
        other => panic!("unknown statement {other}"),
    }
}

/// `{a b}` text of a model.
fn text(atoms: &[Atom]) -> String {
    let inner: Vec<String> = atoms.iter().map(|a| a.0.to_string()).collect();
    format!("{{{}}}", inner.join(" "))
}

impl Run {
    fn new(name: &str) -> Run {
        Run {
            name: name.to_string(),
            solver: MultiShot::new(),
            accumulated: GroundProgram::new(),
            step_assumptions: Vec::new(),
            delta: None,
            last_add: None,
            answer: None,
        }
    }

    /// Ends a delta: adds it to the solver and, if accepted, to the accumulated program.
    fn end_delta(&mut self) {
        let delta = self.delta.take().expect("`end` after `add`");
        let result = self.solver.add(&delta);
        if result.is_ok() {
            let acc = &mut self.accumulated;
            acc.atom_count = delta.atom_count;
            acc.rules.extend(delta.rules);
            acc.minimizes.extend(delta.minimizes);
            acc.externals.extend(delta.externals);
            if let Some(atoms) = delta.projection {
                acc.projection.get_or_insert_with(Vec::new).extend(atoms);
            }
            self.step_assumptions.extend(delta.assumptions);
        }
        self.last_add = Some(result);
    }

    /// Runs a solve call and renders its answer as the scenario file does.
    fn solve(&mut self, words: &[&str]) -> String {
        let numeric = |w: &&&str| w.trim_start_matches('-').parse::<u32>().is_ok();
        let mode = words
            .get(1)
            .filter(|w| !numeric(w))
            .copied()
            .unwrap_or("enum");
        let assumptions: Vec<Literal> = words[1..]
            .iter()
            .filter(numeric)
            .map(|w| literal(w))
            .collect();
        let options = SolveOptions {
            enum_mode: match mode {
                "brave" => EnumMode::Brave,
                "cautious" => EnumMode::Cautious,
                _ => EnumMode::Auto,
            },
            opt_mode: if mode == "optn" {
                OptMode::OptN
            } else {
                OptMode::Ignore
            },
            project: mode == "project",
            ..SolveOptions::default()
        };
        if let Err(error) = self.solver.solve(&assumptions, options) {
            return format!("expect error  # {error}");
        }
        let mut models: Vec<Model> = Vec::new();
        while let Some(model) = self.solver.next_model() {
            models.push(model);
        }
        if matches!(mode, "enum" | "optn" | "project") {
            for model in &models {
                self.check(model, &assumptions);
            }
        }
        self.step_assumptions.clear();
        self.render(mode, models)
    }

    /// Checks a model against the accumulated program under the call's externals and
    /// assumptions.
    fn check(&mut self, model: &Model, assumptions: &[Literal]) {
        let mut program = self.accumulated.clone();
        for atom in (1..=program.atom_count).map(Atom) {
            let value = self.solver.external_value(atom);
            let declared = program.externals.iter().any(|&(a, _)| a == atom);
            match value {
                Some(v) => program.externals.push((atom, v)),
                None if declared => program.externals.push((atom, ExternalValue::Release)),
                None => {}
            }
        }
        program.assumptions = self.step_assumptions.clone();
        program.assumptions.extend_from_slice(assumptions);
        if let Err(error) = check_model(&program, &model.atoms) {
            panic!(
                "{}: model {} fails the check: {error}",
                self.name,
                text(&model.atoms)
            );
        }
    }

    /// The answer as the scenario file writes it.
    fn render(&self, mode: &str, models: Vec<Model>) -> String {
        let last = models.last().map(|m| text(&m.atoms));
        let optimal: Vec<&Model> = models.iter().filter(|m| m.optimal).collect();
        let cost = optimal.first().map(|m| m.costs.clone());
        let projection: BTreeSet<Atom> = self
            .accumulated
            .projection
            .iter()
            .flatten()
            .copied()
            .collect();
        let shown = |m: &Model| match mode {
            "project" => text(
                &m.atoms
                    .iter()
                    .copied()
                    .filter(|a| projection.contains(a))
                    .collect::<Vec<_>>(),
            ),
            _ => text(&m.atoms),
        };
        let set: BTreeSet<String> = match mode {
            "optn" => optimal.iter().map(|m| shown(m)).collect(),
            _ => models.iter().map(shown).collect(),
        };
        if set.is_empty() {
            return "expect none".into();
        }
        // A `BTreeSet` of strings is in the order of Python's `sorted`.
        let sorted: Vec<String> = set.into_iter().collect();
        match (mode, cost) {
            ("brave" | "cautious", _) => format!("expect {}", last.unwrap_or_default()),
            ("optn", Some(cost)) => {
                let cost: Vec<String> = cost.iter().map(|c| c.to_string()).collect();
                format!("expect cost {} : {}", cost.join(" "), sorted.join(" "))
            }
            _ => format!("expect {}", sorted.join(" ")),
        }
    }
}

#[test]
fn scenarios_match_clingo() {
    let mut run: Option<Run> = None;
    let mut checked = 0;
    for (number, line) in SCENARIOS.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = code.split_whitespace().collect();
        let Some(&first) = words.first() else {
            continue;
        };
        if first == "scenario" {
            run = Some(Run::new(words[1]));
            continue;
        }
        let run = run.as_mut().expect("a scenario first");
        let at = format!("{} (line {})", run.name, number + 1);
        match first {
            "add" => {
                let mut delta = GroundProgram::new();
                delta.atom_count = words[1].parse().expect("an atom count");
                run.delta = Some(delta);
                run.last_add = None;
            }
            "end" => run.end_delta(),
            "assign" => run
                .solver
                .assign_external(atoms(&words[1..2])[0], value(words[2])),
            "release" => run.solver.release_external(atoms(&words[1..2])[0]),
            "solve" => run.answer = Some(run.solve(&words)),
            "expect" if words.get(1) == Some(&"error") => {
                let add = run.last_add.take();
                assert!(
                    matches!(add, Some(Err(SolveError::Redefinition(_)))),
                    "{at}: {add:?}"
                );
                assert!(run.answer.is_none(), "{at}: clingo refuses the solve call");
                checked += 1;
            }
            "expect" => {
                let got = run.answer.take().expect("`expect` after `solve`");
                assert_eq!(got, code.trim(), "{at}");
                assert!(
                    !got.contains("error"),
                    "{at}: clingo answers, the solver fails"
                );
                checked += 1;
            }
            _ => statement(
                run.delta.as_mut().expect("a statement inside `add`"),
                &words,
            ),
        }
        if first == "end" {
            if let Some(Err(error)) = &run.last_add {
                let next_is_error = SCENARIOS
                    .lines()
                    .nth(number + 1)
                    .is_some_and(|l| l.contains("expect error"));
                assert!(next_is_error, "{at}: the delta failed: {error}");
            }
        }
    }
    assert!(checked >= 50, "only {checked} answers checked");
}

/// A small xorshift generator for the randomized tests.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as u32
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
}

/// A random literal over atoms `1..=atoms`.
fn random_literal(r: &mut Random, atoms: u32) -> Literal {
    let atom = Atom(1 + r.below(atoms));
    if r.chance(35) {
        Literal::negative(atom)
    } else {
        Literal::positive(atom)
    }
}

/// A random delta: atoms `first..=last` are new; its rule heads are new atoms or
/// `defined_later` (externals of earlier deltas it defines); bodies range over all atoms.
fn random_delta(r: &mut Random, first: u32, last: u32, defined_later: &[Atom]) -> GroundProgram {
    let mut p = GroundProgram::new();
    p.atom_count = last;
    let heads: Vec<Atom> = (first..=last)
        .map(Atom)
        .chain(defined_later.iter().copied())
        .collect();
    for _ in 0..2 + r.below(5) {
        let head = vec![heads[r.below(heads.len() as u32) as usize]];
        let body: Vec<Literal> = (0..r.below(3)).map(|_| random_literal(r, last)).collect();
        match r.below(8) {
            0 | 1 => p.add_rule(HeadKind::Choice, head, body),
            2 => p.add_constraint(body),
            3 => {
                let elements = (0..1 + r.below(3))
                    .map(|_| WeightedLiteral {
                        literal: random_literal(r, last),
                        weight: 1 + r.below(2) as i64,
                    })
                    .collect();
                p.add_weight_rule(HeadKind::Disjunction, head, 1 + r.below(3) as i64, elements);
            }
            _ => p.add_rule(HeadKind::Disjunction, head, body),
        }
    }
    if r.chance(30) {
        let elements = vec![WeightedLiteral {
            literal: random_literal(r, last),
            weight: 1 + r.below(3) as i64,
        }];
        p.add_minimize(r.below(2) as i32, elements);
    }
    p
}

/// The model sets of a solve call (sorted atom lists), with the optimum for `OptN`.
fn models_of(next: &mut dyn FnMut() -> Option<Model>, optn: bool) -> BTreeSet<Vec<Atom>> {
    let mut models = BTreeSet::new();
    while let Some(model) = next() {
        if !optn || model.optimal {
            models.insert(model.atoms);
        }
    }
    models
}

/// Random delta sequences with externals assigned, released and defined later: every
/// call of one [`MultiShot`] solver gives the models of the accumulated program (under the
/// externals' values) as a fresh one-shot [`solver_core::Solver`] does, in enumeration and
/// `OptN` mode; every model passes the checker.
#[test]
fn random_delta_sequences_agree_with_one_shot_solving() {
    let mut r = Random(0x9E37_79B9_7F4A_7C15);
    let (mut calls, mut models, mut optimizing) = (0, 0, 0);
    for case in 0..300 {
        let mut solver = MultiShot::new();
        let mut accumulated = GroundProgram::new();
        let mut externals: Vec<Atom> = Vec::new();
        for step in 0..3 {
            let first = accumulated.atom_count + 1;
            let last = accumulated.atom_count + 2 + r.below(3);
            let defined: Vec<Atom> = externals.iter().copied().filter(|_| r.chance(20)).collect();
            let mut delta = random_delta(&mut r, first, last, &defined);
            for atom in (first..=last).map(Atom) {
                if r.chance(25) {
                    delta.add_external(atom, ExternalValue::False);
                }
            }
            solver.add(&delta).expect("a delta without redefinitions");
            accumulated.atom_count = last;
            accumulated.rules.extend(delta.rules);
            accumulated.minimizes.extend(delta.minimizes);
            accumulated.externals.extend(delta.externals);
            externals = (1..=last)
                .map(Atom)
                .filter(|&a| solver.external_value(a).is_some())
                .collect();
            for &atom in &externals {
                let value = [
                    ExternalValue::True,
                    ExternalValue::False,
                    ExternalValue::Free,
                ];
                solver.assign_external(atom, value[r.below(3) as usize]);
            }
            if step == 1 && !externals.is_empty() && r.chance(30) {
                let atom = externals.remove(0);
                solver.release_external(atom);
                accumulated.externals.push((atom, ExternalValue::Release));
            }
            let mut program = accumulated.clone();
            for &atom in &externals {
                let value = solver.external_value(atom).expect("still external");
                program.externals.push((atom, value));
            }
            let optn = !program.minimizes.is_empty() && r.chance(50);
            let options = SolveOptions {
                opt_mode: if optn { OptMode::OptN } else { OptMode::Ignore },
                ..SolveOptions::default()
            };
            solver.solve(&[], options.clone()).expect("the call starts");
            let got = models_of(&mut || solver.next_model(), optn);
            let mut fresh = solver_core::Solver::new(&program, options).expect("one shot");
            let want = models_of(&mut || fresh.next_model(), optn);
            assert_eq!(got, want, "case {case} step {step}: {program:?}");
            for model in &got {
                check_model(&program, model).unwrap_or_else(|e| panic!("case {case}: {e}"));
            }
            calls += 1;
            models += got.len();
            optimizing += optn as usize;
        }
    }
    assert_eq!(calls, 900);
    assert!(
        models > 900 && optimizing > 50,
        "{models} models, {optimizing} OptN calls"
    );
}

/// Runs a call to its end; returns the number of models and the summary.
fn run(
    solver: &mut MultiShot,
    assumptions: &[Literal],
    options: SolveOptions,
) -> (u64, solver_core::Summary) {
    solver.solve(assumptions, options).expect("the call starts");
    let mut models = 0;
    while solver.next_model().is_some() {
        models += 1;
    }
    (models, solver.summary())
}

#[test]
fn learnt_nogoods_survive_from_call_to_call() {
    let (program, present) = pigeonhole(7, 6);
    let mut solver = MultiShot::new();
    solver.add(&program).unwrap();
    for &pigeon in &present {
        solver.assign_external(pigeon, ExternalValue::True);
    }
    let (models, first) = run(&mut solver, &[], SolveOptions::default());
    assert_eq!((models, first.satisfiable), (0, Some(false)));
    assert_eq!(first.statistics.kept_nogoods, 0);
    assert!(first.statistics.conflicts > 100, "{:?}", first.statistics);
    let (models, second) = run(&mut solver, &[], SolveOptions::default());
    assert_eq!((models, second.satisfiable), (0, Some(false)));
    assert!(
        second.statistics.kept_nogoods > 0,
        "{:?}",
        second.statistics
    );
    assert!(
        second.statistics.conflicts * 10 < first.statistics.conflicts,
        "kept nogoods make the second proof cheap: {} then {} conflicts",
        first.statistics.conflicts,
        second.statistics.conflicts
    );
    solver.assign_external(present[6], ExternalValue::False);
    let (models, third) = run(
        &mut solver,
        &[],
        SolveOptions {
            models: 1,
            ..SolveOptions::default()
        },
    );
    assert_eq!((models, third.satisfiable), (1, Some(true)));
}

#[test]
fn an_assumption_refutes_only_its_own_call() {
    let (program, present) = pigeonhole(3, 2);
    let mut solver = MultiShot::new();
    solver.add(&program).unwrap();
    for &pigeon in &present {
        solver.assign_external(pigeon, ExternalValue::Free);
    }
    let all_in: Vec<Literal> = present.iter().map(|&a| Literal::positive(a)).collect();
    assert_eq!(run(&mut solver, &all_in, SolveOptions::default()).0, 0);
    let two_in = &all_in[..2];
    // Two pigeons in two holes (the third one free): each in its own hole, two ways, with
    // the third pigeon absent.
    let (models, summary) = run(&mut solver, two_in, SolveOptions::default());
    assert_eq!((models, summary.exhausted), (2, true));
    let against_a_value = [Literal::negative(present[0])];
    solver.assign_external(present[0], ExternalValue::True);
    assert_eq!(
        run(&mut solver, &against_a_value, SolveOptions::default()).0,
        0
    );
}

#[test]
fn the_one_shot_solver_is_one_delta_and_one_call() {
    let (program, _) = pigeonhole(4, 4);
    let mut p = program.clone();
    for (atom, value) in p.externals.iter_mut() {
        *value = if atom.0 <= 3 {
            ExternalValue::True
        } else {
            ExternalValue::False
        };
    }
    let mut one_shot = solver_core::Solver::new(&p, SolveOptions::default()).unwrap();
    let mut one = 0;
    while let Some(model) = one_shot.next_model() {
        check_model(&p, &model.atoms).unwrap();
        one += 1;
    }
    let mut solver = MultiShot::new();
    solver.add(&p).unwrap();
    assert_eq!(run(&mut solver, &[], SolveOptions::default()).0, one);
    // Each hole empty or taken by one of the three pigeons, each pigeon in one hole at least:
    // 4^4 - 3·3^4 + 3·2^4 - 1 = 60.
    assert_eq!(one, 60);
}

#[test]
fn the_bound_of_an_optimization_goes_with_its_call() {
    let mut p = GroundProgram::new();
    let (a, b) = (p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    p.add_minimize(
        0,
        vec![WeightedLiteral {
            literal: Literal::negative(a),
            weight: 1,
        }],
    );
    p.add_minimize(
        0,
        vec![WeightedLiteral {
            literal: Literal::negative(b),
            weight: 1,
        }],
    );
    let mut solver = MultiShot::new();
    solver.add(&p).unwrap();
    let (_, optimized) = run(&mut solver, &[], SolveOptions::default());
    assert_eq!(optimized.costs, Some(vec![0]));
    let enumerate = SolveOptions {
        opt_mode: OptMode::Enum,
        ..SolveOptions::default()
    };
    assert_eq!(
        run(&mut solver, &[], enumerate).0,
        4,
        "the bound of cost 0 is gone"
    );
    let record = SolveOptions {
        enum_mode: EnumMode::Record,
        ..SolveOptions::default()
    };
    let optn = SolveOptions {
        opt_mode: OptMode::OptN,
        ..record.clone()
    };
    assert_eq!(run(&mut solver, &[], optn).1.optimal_models, 1);
    let ignore = SolveOptions {
        opt_mode: OptMode::Ignore,
        ..record
    };
    assert_eq!(
        run(&mut solver, &[], ignore.clone()).0,
        4,
        "recorded models are gone"
    );
    let brave = SolveOptions {
        enum_mode: EnumMode::Brave,
        ..ignore.clone()
    };
    run(&mut solver, &[], brave);
    assert_eq!(
        run(&mut solver, &[], ignore).0,
        4,
        "consequence clauses are gone"
    );
}

#[test]
fn a_minimize_statement_without_elements_still_has_a_cost_level() {
    let mut p = GroundProgram::new();
    let a = p.new_atom();
    p.add_fact(a);
    p.add_minimize(0, Vec::new());
    let mut solver = MultiShot::new();
    solver.add(&p).unwrap();
    let (models, summary) = run(&mut solver, &[], SolveOptions::default());
    assert_eq!((models, summary.costs), (1, Some(vec![0])));
}

#[test]
fn released_externals_are_false_for_good_and_models_check() {
    let mut p = GroundProgram::new();
    let (e, a) = (p.new_atom(), p.new_atom());
    p.add_external(e, ExternalValue::Free);
    p.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(e)]);
    let mut solver = MultiShot::new();
    solver.add(&p).unwrap();
    assert_eq!(run(&mut solver, &[], SolveOptions::default()).0, 2);
    solver.release_external(e);
    solver.assign_external(e, ExternalValue::True);
    assert_eq!(solver.external_value(e), None);
    solver.solve(&[], SolveOptions::default()).unwrap();
    let model = solver.next_model().expect("the empty model");
    assert!(model.atoms.is_empty());
    p.externals.push((e, ExternalValue::Release));
    check_model(&p, &model.atoms).unwrap();
    assert!(solver.next_model().is_none());
}

/// `add_shared` keeps the caller's program as it was: a later delta of the same step and an
/// external's value change the solver's copy, and the models are those of `add`.
#[test]
fn shared_deltas_are_copied_on_change_and_answer_as_copied_ones() {
    let mut first = GroundProgram::new(); // `#external e. a :- e.`
    let (e, a) = (first.new_atom(), first.new_atom());
    first.add_external(e, ExternalValue::False);
    first.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(e)]);
    let mut second = GroundProgram::new(); // `b :- a.`
    second.atom_count = first.atom_count;
    let b = second.new_atom();
    second.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]);
    let models = |shared: bool| {
        let mut solver = MultiShot::new();
        let original = std::sync::Arc::new(first.clone());
        if shared {
            solver.add_shared(std::sync::Arc::clone(&original)).unwrap();
        } else {
            solver.add(&original).unwrap();
        }
        solver.add(&second).unwrap();
        solver.assign_external(e, ExternalValue::True);
        assert_eq!(*original, first, "the caller's program is unchanged");
        solver.solve(&[], SolveOptions::default()).unwrap();
        let mut models = Vec::new();
        while let Some(model) = solver.next_model() {
            models.push(model.atoms);
        }
        models
    };
    assert_eq!(models(true), [vec![e, a, b]]);
    assert_eq!(models(true), models(false));
}

/// A solver told that no delta follows (`MultiShot::end_deltas`, the one-shot CLI) frees its
/// rule tables when the call starts: the same models and program statistics as without, on a
/// program with shared bodies, a positive loop, a choice and a weight body; then a delta and
/// a call for consequences are refused, and a plain call still answers.
#[test]
fn end_deltas_keeps_answers_and_statistics_and_refuses_later_deltas() {
    let mut program = GroundProgram::new();
    let (a, b, c, d) = (
        program.new_atom(),
        program.new_atom(),
        program.new_atom(),
        program.new_atom(),
    );
    program.add_rule(HeadKind::Choice, vec![a, d], vec![]); // {a; d}.
    program.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]); // b :- a.
    program.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(a)]); // c :- a.
    program.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(c)]); // b :- c.
    program.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(b)]); // c :- b.
    let two = |atom| WeightedLiteral {
        literal: Literal::positive(atom),
        weight: 2,
    };
    program.add_weight_rule(HeadKind::Disjunction, vec![], 3, vec![two(b), two(d)]);
    let answer = |end: bool| {
        let mut solver = MultiShot::new();
        solver.add(&program).unwrap();
        if end {
            solver.end_deltas();
        }
        let models = all_models(&mut solver);
        let statistics = solver.summary().statistics;
        let program_sizes = (statistics.rules, statistics.bodies, statistics.variables);
        let sizes = (
            program_sizes,
            statistics.constraints,
            statistics.equivalences,
        );
        (solver, models, sizes, statistics.tight)
    };
    let (_, kept_models, kept_sizes, kept_tight) = answer(false);
    let (mut ended, models, sizes, tight) = answer(true);
    assert_eq!(
        (&models, sizes, tight),
        (&kept_models, kept_sizes, kept_tight)
    );
    assert!(!tight);
    let refused = ended.add(&GroundProgram::new());
    assert!(matches!(refused, Err(SolveError::Invalid(_))));
    let brave = SolveOptions {
        enum_mode: EnumMode::Brave,
        ..SolveOptions::default()
    };
    assert!(matches!(
        ended.solve(&[], brave),
        Err(SolveError::Invalid(_))
    ));
    // A later call of the same solver may find the models in another order.
    let sorted = |mut models: Vec<Vec<Atom>>| {
        models.sort();
        models
    };
    assert_eq!(sorted(all_models(&mut ended)), sorted(kept_models));
}

/// The models of a plain call, in order.
fn all_models(solver: &mut MultiShot) -> Vec<Vec<Atom>> {
    solver.solve(&[], SolveOptions::default()).unwrap();
    std::iter::from_fn(|| solver.next_model().map(|m| m.atoms)).collect()
}
