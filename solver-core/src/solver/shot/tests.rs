//! Tests of what a [`MultiShot`] solver keeps and drops between solve calls.

use super::MultiShot;
use crate::api::{EnumMode, OptMode, SolveOptions, Summary};
use crate::check::check_model;
use crate::program::{ExternalValue, GroundProgram, HeadKind, Literal, WeightedLiteral};

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
