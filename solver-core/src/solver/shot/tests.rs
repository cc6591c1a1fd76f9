//! Tests of what a [`MultiShot`] solver keeps and drops between solve calls.

use super::MultiShot;
use crate::api::{EnumMode, OptMode, SolveOptions, Summary};
use crate::check::check_model;
use crate::program::{Atom, ExternalValue, GroundProgram, HeadKind, Literal, WeightedLiteral};

/// Pigeons `1..=pigeons` into holes `1..=holes`, each pigeon present when its external
/// atom is true: `{p(P,H) : hole(H)} :- in(P).`, `:- in(P), not 1 <= {p(P,H)}.`,
/// `:- p(P1,H), p(P2,H).` Returns the program and the `in` atoms.
fn pigeons(pigeons: u32, holes: u32) -> (GroundProgram, Vec<Atom>) {
    let mut p = GroundProgram::new();
    let present: Vec<Atom> = (0..pigeons).map(|_| p.new_atom()).collect();
    let cells: Vec<Vec<Atom>> = (0..pigeons)
        .map(|_| (0..holes).map(|_| p.new_atom()).collect())
        .collect();
    for (&pigeon, row) in present.iter().zip(&cells) {
        p.add_external(pigeon, ExternalValue::False);
        p.add_rule(HeadKind::Choice, row.clone(), vec![Literal::positive(pigeon)]);
        let placed = p.new_atom();
        let elements = row.iter().map(|&c| WeightedLiteral {
            literal: Literal::positive(c),
            weight: 1,
        });
        p.add_weight_rule(HeadKind::Disjunction, vec![placed], 1, elements.collect());
        p.add_constraint(vec![Literal::positive(pigeon), Literal::negative(placed)]);
    }
    for hole in 0..holes as usize {
        for first in 0..pigeons as usize {
            for second in first + 1..pigeons as usize {
                let both = [cells[first][hole], cells[second][hole]];
                p.add_constraint(both.iter().map(|&a| Literal::positive(a)).collect());
            }
        }
    }
    (p, present)
}

/// Runs a call to its end; returns the number of models and the summary.
fn run(solver: &mut MultiShot, assumptions: &[Literal], options: SolveOptions) -> (u64, Summary) {
    solver.solve(assumptions, options).expect("the call starts");
    let mut models = 0;
    while solver.next_model().is_some() {
        models += 1;
    }
    (models, solver.summary())
}

#[test]
fn learnt_nogoods_survive_from_call_to_call() {
    let (program, present) = pigeons(7, 6);
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
    assert!(second.statistics.kept_nogoods > 0, "{:?}", second.statistics);
    assert!(
        second.statistics.conflicts * 10 < first.statistics.conflicts,
        "kept nogoods make the second proof cheap: {} then {} conflicts",
        first.statistics.conflicts,
        second.statistics.conflicts
    );
    solver.assign_external(present[6], ExternalValue::False);
    let (models, third) = run(&mut solver, &[], SolveOptions { models: 1, ..SolveOptions::default() });
    assert_eq!((models, third.satisfiable), (1, Some(true)));
}

#[test]
fn an_assumption_refutes_only_its_own_call() {
    let (program, present) = pigeons(3, 2);
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
    assert_eq!(run(&mut solver, &against_a_value, SolveOptions::default()).0, 0);
}

#[test]
fn the_bound_of_an_optimization_goes_with_its_call() {
    let mut p = GroundProgram::new();
    let (a, b) = (p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    p.add_minimize(0, vec![WeightedLiteral { literal: Literal::negative(a), weight: 1 }]);
    p.add_minimize(0, vec![WeightedLiteral { literal: Literal::negative(b), weight: 1 }]);
    let mut solver = MultiShot::new();
    solver.add(&p).unwrap();
    let (_, optimized) = run(&mut solver, &[], SolveOptions::default());
    assert_eq!(optimized.costs, Some(vec![0]));
    let enumerate = SolveOptions { opt_mode: OptMode::Enum, ..SolveOptions::default() };
    assert_eq!(run(&mut solver, &[], enumerate).0, 4, "the bound of cost 0 is gone");
    let record = SolveOptions { enum_mode: EnumMode::Record, ..SolveOptions::default() };
    let optn = SolveOptions { opt_mode: OptMode::OptN, ..record.clone() };
    assert_eq!(run(&mut solver, &[], optn).1.optimal_models, 1);
    let ignore = SolveOptions { opt_mode: OptMode::Ignore, ..record };
    assert_eq!(run(&mut solver, &[], ignore.clone()).0, 4, "recorded models are gone");
    let brave = SolveOptions { enum_mode: EnumMode::Brave, ..ignore.clone() };
    run(&mut solver, &[], brave);
    assert_eq!(run(&mut solver, &[], ignore).0, 4, "consequence clauses are gone");
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

#[test]
fn the_one_shot_solver_is_one_delta_and_one_call() {
    let (program, _) = pigeons(4, 4);
    let mut p = program.clone();
    for (atom, value) in p.externals.iter_mut() {
        *value = if atom.0 <= 3 { ExternalValue::True } else { ExternalValue::False };
    }
    let mut one_shot = crate::Solver::new(&p, SolveOptions::default()).unwrap();
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
