//! Property tests: the [`Solver`] against the brute-force oracle on random small ground programs
//! from the test schedule (see `common`): tight and non-tight, choice rules, weight bodies with
//! negative weights, disjunction (head-cycle-free or not), constraints, minimize statements with
//! priorities, projection, externals and assumptions. Checked: the exact model set, each model
//! once, model limits, the optimum and every optimal model (`OptN`), each projection once,
//! brave and cautious consequences, and every reported model through the independent checker.
//! No program is refused (disjunction that is not head-cycle-free included).

mod common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use solver_core::brute::{self, brave, cautious, costs, optimal_models, project, projection_atoms};
use solver_core::check::check_model;
use solver_core::{Atom, EnumMode, GroundProgram, Model, OptMode, SolveOptions, Solver, Summary};

/// All answers of one solve call.
fn solve(
    program: &GroundProgram,
    options: SolveOptions,
) -> Result<(Vec<Model>, Summary), TestCaseError> {
    let mut solver = match Solver::new(program, options) {
        Ok(solver) => solver,
        Err(error) => return Err(TestCaseError::fail(format!("refused: {error}"))),
    };
    let mut models = Vec::new();
    while let Some(model) = solver.next_model() {
        models.push(model);
        prop_assert!(models.len() <= 5000, "runaway enumeration");
    }
    Ok((models, solver.summary()))
}

/// Every reported model is stable.
fn all_stable(program: &GroundProgram, models: &[Model]) -> Result<(), TestCaseError> {
    for model in models {
        if let Err(error) = check_model(program, &model.atoms) {
            return Err(TestCaseError::fail(format!(
                "{:?} is not stable: {error}",
                model.atoms
            )));
        }
    }
    Ok(())
}

fn options(opt_mode: OptMode, enum_mode: EnumMode) -> SolveOptions {
    SolveOptions {
        opt_mode,
        enum_mode,
        ..SolveOptions::default()
    }
}

/// The exact model set, each once; satisfiability and exhaustion in the summary.
fn check_enumeration(
    program: &GroundProgram,
    expected: &[Vec<Atom>],
    enum_mode: EnumMode,
) -> Result<(), TestCaseError> {
    let (models, summary) = solve(program, options(OptMode::Ignore, enum_mode))?;
    all_stable(program, &models)?;
    let mut found: Vec<Vec<Atom>> = models.iter().map(|m| m.atoms.clone()).collect();
    found.sort();
    prop_assert_eq!(&found, &expected.to_vec(), "model set ({:?})", enum_mode);
    prop_assert_eq!(summary.satisfiable, Some(!expected.is_empty()));
    prop_assert!(summary.exhausted);
    prop_assert_eq!(summary.models, models.len() as u64);
    Ok(())
}

/// A model limit: that many distinct stable models (or all there are).
fn check_limit(
    program: &GroundProgram,
    expected: &[Vec<Atom>],
    limit: u64,
) -> Result<(), TestCaseError> {
    let limited = SolveOptions {
        models: limit,
        ..options(OptMode::Ignore, EnumMode::Auto)
    };
    let (models, _) = solve(program, limited)?;
    all_stable(program, &models)?;
    let distinct: BTreeSet<&Vec<Atom>> = models.iter().map(|m| &m.atoms).collect();
    prop_assert_eq!(distinct.len(), models.len());
    prop_assert_eq!(models.len(), expected.len().min(limit as usize));
    Ok(())
}

/// `Opt`: improving models, the last optimal and proven; `OptN`: exactly the optimal models,
/// and `limit` of them when limited.
fn check_optimization(
    program: &GroundProgram,
    expected: &[Vec<Atom>],
    limit: u64,
) -> Result<(), TestCaseError> {
    let (models, summary) = solve(program, options(OptMode::Opt, EnumMode::Auto))?;
    all_stable(program, &models)?;
    for pair in models.windows(2) {
        prop_assert!(
            pair[1].costs < pair[0].costs,
            "not improving: {:?} then {:?}",
            pair[0].costs,
            pair[1].costs
        );
    }
    for model in &models {
        prop_assert_eq!(&model.costs, &costs(program, &model.atoms));
    }
    let best = optimal_models(program, expected);
    prop_assert_eq!(
        models.last().map(|m| m.costs.clone()),
        best.as_ref().map(|(c, _)| c.clone())
    );
    prop_assert_eq!(summary.optimum_proven, best.is_some());
    let (all, _) = solve(program, options(OptMode::OptN, EnumMode::Auto))?;
    all_stable(program, &all)?;
    let mut optimal: Vec<Vec<Atom>> = all
        .iter()
        .filter(|m| m.optimal)
        .map(|m| m.atoms.clone())
        .collect();
    optimal.sort();
    let best_models = best.map(|(_, models)| models).unwrap_or_default();
    prop_assert_eq!(&optimal, &best_models, "optimal models");
    check_optimal_limit(program, &best_models, limit)
}

/// `OptN` with a model limit: that many distinct optimal models (or all there are).
fn check_optimal_limit(
    program: &GroundProgram,
    best_models: &[Vec<Atom>],
    limit: u64,
) -> Result<(), TestCaseError> {
    let limited = SolveOptions {
        models: limit,
        ..options(OptMode::OptN, EnumMode::Auto)
    };
    let (all, _) = solve(program, limited)?;
    let optimal: BTreeSet<Vec<Atom>> = all
        .iter()
        .filter(|m| m.optimal)
        .map(|m| m.atoms.clone())
        .collect();
    prop_assert_eq!(
        optimal.len(),
        best_models.len().min(limit as usize),
        "limited OptN"
    );
    prop_assert!(optimal.iter().all(|m| best_models.contains(m)));
    Ok(())
}

/// Each projection once, all of them.
fn check_projection(program: &GroundProgram, expected: &[Vec<Atom>]) -> Result<(), TestCaseError> {
    let projecting = SolveOptions {
        project: true,
        ..options(OptMode::Ignore, EnumMode::Auto)
    };
    let (models, _) = solve(program, projecting)?;
    all_stable(program, &models)?;
    let onto = projection_atoms(program);
    let found: Vec<Vec<Atom>> = models.iter().map(|m| project(&m.atoms, &onto)).collect();
    let distinct: BTreeSet<Vec<Atom>> = found.iter().cloned().collect();
    prop_assert_eq!(distinct.len(), found.len(), "a projection twice");
    prop_assert_eq!(distinct, brute::projected_models(program, expected));
    Ok(())
}

/// The final brave and cautious answers; with a projection statement clingo computes them over
/// the projected atoms only.
fn check_consequences(
    program: &GroundProgram,
    expected: &[Vec<Atom>],
) -> Result<(), TestCaseError> {
    let restrict = |atoms: Vec<Atom>| match &program.projection {
        Some(onto) => project(&atoms, onto),
        None => atoms,
    };
    for (mode, answer) in [
        (
            EnumMode::Brave,
            (!expected.is_empty()).then(|| brave(expected)),
        ),
        (EnumMode::Cautious, cautious(expected)),
    ] {
        let (models, _) = solve(program, options(OptMode::Ignore, mode))?;
        let last = models.last().map(|m| restrict(m.atoms.clone()));
        prop_assert_eq!(last, answer.map(restrict), "{:?}", mode);
    }
    Ok(())
}

/// `Enum`: every model once, each with its costs.
fn check_cost_enumeration(
    program: &GroundProgram,
    expected: &[Vec<Atom>],
) -> Result<(), TestCaseError> {
    let (models, _) = solve(program, options(OptMode::Enum, EnumMode::Auto))?;
    all_stable(program, &models)?;
    for model in &models {
        prop_assert_eq!(&model.costs, &costs(program, &model.atoms));
    }
    let mut found: Vec<Vec<Atom>> = models.iter().map(|m| m.atoms.clone()).collect();
    found.sort();
    prop_assert_eq!(found, expected.to_vec(), "model set (Enum)");
    Ok(())
}

/// Runs every check that applies to `program`.
fn check_program(
    program: &GroundProgram,
    enum_mode: EnumMode,
    limit: u64,
) -> Result<(), TestCaseError> {
    let expected =
        brute::stable_models(program).map_err(|e| TestCaseError::reject(e.to_string()))?;
    check_enumeration(program, &expected, enum_mode)?;
    check_limit(program, &expected, limit)?;
    if !program.minimizes.is_empty() {
        check_optimization(program, &expected, limit)?;
        check_cost_enumeration(program, &expected)?;
    }
    if program.projection.is_some() {
        check_projection(program, &expected)?;
    }
    check_consequences(program, &expected)
}

/// The enumeration modes that enumerate models.
fn enum_mode() -> impl Strategy<Value = EnumMode> {
    prop_oneof![
        Just(EnumMode::Auto),
        Just(EnumMode::Backtrack),
        Just(EnumMode::Record)
    ]
}

/// A generated program, shown as aspif text when a case fails.
#[derive(Clone)]
struct Case(GroundProgram);

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", solver_core::aspif::write(&self.0))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn solver_agrees_with_brute_force(
        case in common::scheduled_program().prop_map(Case),
        enum_mode in enum_mode(),
        limit in 1u64..4,
    ) {
        check_program(&case.0, enum_mode, limit)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Larger programs (12 atoms, 22 rules), where learning and restarts happen.
    #[test]
    fn solver_agrees_with_brute_force_on_larger_programs(
        case in common::program(common::large_shape()).prop_map(Case),
        enum_mode in enum_mode(),
    ) {
        check_program(&case.0, enum_mode, 5)?;
    }
}
