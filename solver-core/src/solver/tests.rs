//! Solver tests: small hand-made programs with known answers, every model checked by the
//! independent checker, plus a seeded differential test against brute-force enumeration.

use std::collections::BTreeSet;

use super::disjunctive::Tester;
use super::{MultiShot, Solver};
use crate::api::{EnumMode, Interrupt, Model, OptMode, SolveOptions, Summary};
use crate::brute;
use crate::check::check_model;
use crate::program::{Atom, ExternalValue, GroundProgram, HeadKind, Literal, WeightedLiteral};

/// Runs the solver to the end; checks every full model with the checker.
fn run(program: &GroundProgram, options: SolveOptions) -> (Vec<Model>, Summary) {
    let checks_models = !matches!(options.enum_mode, EnumMode::Brave | EnumMode::Cautious);
    let mut solver = Solver::new(program, options).expect("solver builds");
    let mut models = Vec::new();
    while let Some(model) = solver.next_model() {
        if checks_models {
            assert_eq!(
                check_model(program, &model.atoms),
                Ok(()),
                "not stable: {model:?}"
            );
        }
        models.push(model);
    }
    (models, solver.summary())
}

/// All models as sorted sets of atom numbers.
fn all_models(program: &GroundProgram) -> BTreeSet<Vec<u32>> {
    let (models, summary) = run(program, SolveOptions::default());
    assert!(summary.exhausted);
    let set: BTreeSet<Vec<u32>> = models
        .iter()
        .map(|m| m.atoms.iter().map(|a| a.0).collect())
        .collect();
    assert_eq!(set.len(), models.len(), "a model was reported twice");
    set
}

fn pos(a: Atom) -> Literal {
    Literal::positive(a)
}

fn neg(a: Atom) -> Literal {
    Literal::negative(a)
}

fn atoms(p: &mut GroundProgram, n: usize) -> Vec<Atom> {
    (0..n).map(|_| p.new_atom()).collect()
}

fn set(models: &[&[u32]]) -> BTreeSet<Vec<u32>> {
    models.iter().map(|m| m.to_vec()).collect()
}

fn weighted(lits: &[Literal], weights: &[i64]) -> Vec<WeightedLiteral> {
    lits.iter()
        .zip(weights)
        .map(|(&literal, &weight)| WeightedLiteral { literal, weight })
        .collect()
}

#[test]
fn tight_even_loop_has_two_models() {
    let mut p = GroundProgram::new();
    let v = atoms(&mut p, 2);
    p.add_rule(HeadKind::Disjunction, vec![v[0]], vec![neg(v[1])]);
    p.add_rule(HeadKind::Disjunction, vec![v[1]], vec![neg(v[0])]);
    assert_eq!(all_models(&p), set(&[&[1], &[2]]));
}

/// A fact inside a positive loop keeps supporting the loop (facts become units, but the
/// unfounded-set checker still sees their empty body); a weight body that always holds is a
/// fact too.
#[test]
fn facts_in_positive_loops_stay_founded() {
    let mut p = GroundProgram::new();
    let v = atoms(&mut p, 4);
    p.add_fact(v[0]);
    p.add_rule(HeadKind::Disjunction, vec![v[0]], vec![pos(v[1])]);
    p.add_rule(HeadKind::Disjunction, vec![v[1]], vec![pos(v[0])]);
    p.add_rule(HeadKind::Disjunction, vec![v[2]], vec![neg(v[0])]);
    let always = weighted(&[pos(v[2])], &[1]);
    p.add_weight_rule(HeadKind::Disjunction, vec![v[3]], 0, always);
    assert_eq!(all_models(&p), set(&[&[1, 2, 4]]));
}

#[test]
fn positive_loop_is_unfounded() {
    let mut p = GroundProgram::new();
    let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Disjunction, vec![a], vec![pos(b)]);
    p.add_rule(HeadKind::Disjunction, vec![b], vec![pos(a)]);
    p.add_rule(HeadKind::Disjunction, vec![a], vec![neg(c)]);
    p.add_rule(HeadKind::Disjunction, vec![c], vec![neg(a)]);
    assert_eq!(all_models(&p), set(&[&[1, 2], &[3]]));
    let mut q = GroundProgram::new();
    let (a, b) = (q.new_atom(), q.new_atom());
    q.add_rule(HeadKind::Disjunction, vec![a], vec![pos(b)]);
    q.add_rule(HeadKind::Disjunction, vec![b], vec![pos(a)]);
    assert_eq!(all_models(&q), set(&[&[]]));
}

#[test]
fn choice_with_cardinality_bounds() {
    let mut p = GroundProgram::new();
    let v = atoms(&mut p, 3);
    let ok = p.new_atom();
    p.add_rule(HeadKind::Choice, v.clone(), vec![]);
    let lits: Vec<Literal> = v.iter().map(|&a| pos(a)).collect();
    p.add_weight_rule(
        HeadKind::Disjunction,
        vec![],
        3,
        weighted(&lits, &[1, 1, 1]),
    );
    p.add_weight_rule(
        HeadKind::Disjunction,
        vec![ok],
        2,
        weighted(&lits, &[1, 1, 1]),
    );
    p.add_constraint(vec![neg(ok)]);
    assert_eq!(all_models(&p), set(&[&[1, 2, 4], &[1, 3, 4], &[2, 3, 4]]));
}

#[test]
fn weight_body_inside_a_loop_needs_external_support() {
    let mut p = GroundProgram::new();
    let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_weight_rule(
        HeadKind::Disjunction,
        vec![a],
        2,
        weighted(&[pos(b), neg(c)], &[2, 1]),
    );
    p.add_rule(HeadKind::Disjunction, vec![b], vec![pos(a)]);
    p.add_rule(HeadKind::Choice, vec![c], vec![]);
    assert_eq!(all_models(&p), set(&[&[], &[3]]));
}

#[test]
fn negative_weights_are_normalised() {
    let mut p = GroundProgram::new();
    let (a, b, h) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    p.add_weight_rule(
        HeadKind::Disjunction,
        vec![h],
        0,
        weighted(&[pos(a), pos(b)], &[-1, 1]),
    );
    assert_eq!(all_models(&p), set(&[&[3], &[1, 2, 3], &[2, 3], &[1]]));
}

#[test]
fn head_cycle_free_disjunction_is_shifted() {
    let mut p = GroundProgram::new();
    let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
    p.add_rule(HeadKind::Disjunction, vec![c], vec![pos(a)]);
    assert_eq!(all_models(&p), set(&[&[1, 3], &[2]]));
}

#[test]
fn non_head_cycle_free_disjunction_keeps_its_minimal_model() {
    let mut p = GroundProgram::new();
    let (a, b) = (p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
    p.add_rule(HeadKind::Disjunction, vec![a], vec![pos(b)]);
    p.add_rule(HeadKind::Disjunction, vec![b], vec![pos(a)]);
    // Shifting would lose {a, b}: `a :- not b` and `b :- not a` cannot support the loop.
    assert_eq!(all_models(&p), set(&[&[1, 2]]));
}

#[test]
fn non_head_cycle_free_candidates_that_are_not_minimal_are_rejected() {
    // `a ; b :- c. c :- a. c :- b.`: {a, c} and {b, c} are supported but unfounded.
    let mut p = GroundProgram::new();
    let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Disjunction, vec![a, b], vec![pos(c)]);
    p.add_rule(HeadKind::Disjunction, vec![c], vec![pos(a)]);
    p.add_rule(HeadKind::Disjunction, vec![c], vec![pos(b)]);
    assert_eq!(all_models(&p), set(&[&[]]));
    // With `c` a fact, both halves of the disjunction are minimal.
    p.add_rule(HeadKind::Disjunction, vec![c], vec![]);
    assert_eq!(all_models(&p), set(&[&[1, 3], &[2, 3]]));
}

#[test]
fn non_head_cycle_free_check_handles_choices_and_weight_bodies() {
    // `a ; b. a :- 2 <= #sum { 1 : b ; 1 : x }. b :- a. {x}.`
    let mut p = GroundProgram::new();
    let (a, b, x) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
    p.add_weight_rule(
        HeadKind::Disjunction,
        vec![a],
        2,
        weighted(&[pos(b), pos(x)], &[1, 1]),
    );
    p.add_rule(HeadKind::Disjunction, vec![b], vec![pos(a)]);
    p.add_rule(HeadKind::Choice, vec![x], vec![]);
    let expected = brute::stable_models(&p).unwrap();
    let expected: BTreeSet<Vec<u32>> = expected
        .iter()
        .map(|m| m.iter().map(|a| a.0).collect())
        .collect();
    assert_eq!(all_models(&p), expected);
    assert_eq!(expected, set(&[&[2], &[1, 2, 3]]));
}

#[test]
fn non_head_cycle_free_saturation_checks_every_candidate() {
    // A 2QBF by saturation (∃x ∀y: a DNF), so consecutive candidates share most of what the
    // minimality check assumes: `tx(i) | fx(i). ty(j) | fy(j). ty(j) :- sat. fy(j) :- sat.
    // :- not sat.` and eight `sat :- ...` terms; clingo 5.8.3 gives the seven x assignments
    // {}, {1}, {2}, {1,2}, {1,3}, {2,3}, {1,2,3} (every model also holds sat and all y atoms).
    let mut p = GroundProgram::new();
    let tx = atoms(&mut p, 3);
    let fx = atoms(&mut p, 3);
    let ty = atoms(&mut p, 3);
    let fy = atoms(&mut p, 3);
    let sat = p.new_atom();
    for i in 0..3 {
        p.add_rule(HeadKind::Disjunction, vec![tx[i], fx[i]], vec![]);
        p.add_rule(HeadKind::Disjunction, vec![ty[i], fy[i]], vec![]);
        p.add_rule(HeadKind::Disjunction, vec![ty[i]], vec![pos(sat)]);
        p.add_rule(HeadKind::Disjunction, vec![fy[i]], vec![pos(sat)]);
    }
    p.add_rule(HeadKind::Disjunction, vec![], vec![neg(sat)]);
    let terms = [
        vec![tx[0], ty[0]],
        vec![tx[0], fy[0]],
        vec![tx[1], ty[1], ty[2]],
        vec![tx[1], fy[1]],
        vec![tx[1], ty[1], fy[2]],
        vec![fx[2], ty[2]],
        vec![fx[2], fy[2], ty[0]],
        vec![fx[0], fx[1], fy[0], fy[2]],
    ];
    for term in terms {
        p.add_rule(
            HeadKind::Disjunction,
            vec![sat],
            term.into_iter().map(pos).collect(),
        );
    }
    let model = |xs: &[usize]| -> Vec<u32> {
        let mut atoms: Vec<u32> = (0..3)
            .map(|i| if xs.contains(&i) { tx[i].0 } else { fx[i].0 })
            .chain(ty.iter().chain(&fy).map(|a| a.0))
            .chain([sat.0])
            .collect();
        atoms.sort_unstable();
        atoms
    };
    let expected: BTreeSet<Vec<u32>> = [&[][..], &[0], &[1], &[0, 1], &[0, 2], &[1, 2], &[0, 1, 2]]
        .iter()
        .map(|xs| model(xs))
        .collect();
    assert_eq!(all_models(&p), expected);
    let brute: BTreeSet<Vec<u32>> = brute::stable_models(&p)
        .unwrap()
        .iter()
        .map(|m| m.iter().map(|a| a.0).collect())
        .collect();
    assert_eq!(brute, expected);
}

#[test]
fn externals_follow_their_values() {
    for (value, expected) in [
        (ExternalValue::Free, set(&[&[], &[1]])),
        (ExternalValue::True, set(&[&[1]])),
        (ExternalValue::False, set(&[&[]])),
        (ExternalValue::Release, set(&[&[]])),
    ] {
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        p.add_external(a, value);
        assert_eq!(all_models(&p), expected, "{value:?}");
    }
    let mut p = GroundProgram::new();
    let (a, b) = (p.new_atom(), p.new_atom());
    p.add_external(a, ExternalValue::Free);
    p.add_rule(HeadKind::Disjunction, vec![a], vec![pos(b)]);
    p.add_rule(HeadKind::Choice, vec![b], vec![]);
    assert_eq!(all_models(&p), set(&[&[], &[1, 2]]));
}

#[test]
fn assumptions_must_hold() {
    let mut p = GroundProgram::new();
    let (a, b) = (p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    p.assumptions.push(neg(a));
    assert_eq!(all_models(&p), set(&[&[], &[2]]));
    p.assumptions.push(pos(a));
    let (models, summary) = run(&p, SolveOptions::default());
    assert!(models.is_empty());
    assert_eq!(summary.satisfiable, Some(false));
}

/// Six free externals, four choices and constraints that make some external values
/// unsatisfiable (the program of [`solve_under_keeps_prefixes_soundly`]); returns the
/// externals followed by the choice atoms.
fn assumption_program() -> (GroundProgram, Vec<Atom>) {
    let mut p = GroundProgram::new();
    let x = atoms(&mut p, 6);
    let y = atoms(&mut p, 4);
    for &e in &x {
        p.add_external(e, ExternalValue::Free);
    }
    p.add_rule(HeadKind::Choice, y.clone(), vec![]);
    let constraints = [
        vec![pos(x[0]), pos(x[1]), neg(y[0])],
        vec![pos(y[0]), pos(y[1])],
        vec![pos(x[2]), neg(y[1]), neg(y[2])],
        vec![pos(y[2]), pos(x[3]), pos(x[4])],
        vec![pos(x[5]), neg(y[3])],
        vec![pos(y[3]), pos(x[0]), pos(x[2])],
        vec![neg(x[4]), pos(y[0]), neg(x[5])],
        vec![pos(x[1]), pos(x[3]), neg(y[2])],
        vec![neg(x[0]), neg(x[2]), neg(x[4]), pos(y[1])],
        vec![pos(x[2]), pos(x[5]), neg(y[0])],
    ];
    for body in constraints {
        p.add_rule(HeadKind::Disjunction, vec![], body);
    }
    (p, x.into_iter().chain(y).collect())
}

#[test]
fn solve_under_keeps_prefixes_soundly() {
    // One solver answers a long sequence of assumption sets (Gray-code order, then pseudo-random
    // orders and prefixes, so that prefixes are kept, refuted prefixes recur and the order of
    // the assumptions changes); each answer must be that of a fresh solver.
    let (p, atoms) = assumption_program();
    let lits = |mask: u32, order: &[usize]| -> Vec<super::lit::Lit> {
        let var = |i: usize| super::lit::Var(atoms[i].0);
        order
            .iter()
            .map(|&i| super::lit::Lit::new(var(i), mask & (1 << i) == 0))
            .collect()
    };
    let gray = (0..64u32).map(|g| (g ^ (g >> 1), (0..6).collect()));
    let mut queries: Vec<(u32, Vec<usize>)> = gray.collect();
    let mut state = 12345u32;
    for _ in 0..600 {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let mut order: Vec<usize> = (0..10).collect();
        order.rotate_left((state >> 8) as usize % 10);
        order.truncate(4 + (state >> 16) as usize % 7);
        queries.push(((state >> 18) % 1024, order));
    }
    let tester = |p: &GroundProgram| {
        let mut solver = MultiShot::new();
        solver.add(p).expect("the program translates");
        solver
            .solve(&[], SolveOptions::default())
            .expect("a call starts");
        solver
    };
    let mut incremental = tester(&p);
    let (mut satisfiable, mut unsatisfiable) = (0, 0);
    for (mask, order) in queries {
        let assumptions = lits(mask, &order);
        let mut fresh = tester(&p);
        let expected = fresh.solve_under(&assumptions, super::limits::Limits::default());
        let got = incremental.solve_under(&assumptions, super::limits::Limits::default());
        assert_eq!(got, expected, "mask {mask:06b}, order {order:?}");
        if got == Ok(true) {
            let assignment = &incremental.search.assignment;
            assert!(assumptions.iter().all(|&l| assignment.is_true(l)));
            satisfiable += 1;
        } else {
            unsatisfiable += 1;
        }
    }
    assert!(
        satisfiable > 50 && unsatisfiable > 50,
        "{satisfiable} / {unsatisfiable}"
    );
}

#[test]
fn enumerates_each_model_once_and_respects_limits() {
    let mut p = GroundProgram::new();
    let v = atoms(&mut p, 10);
    p.add_rule(HeadKind::Choice, v, vec![]);
    assert_eq!(all_models(&p).len(), 1024);
    let record = SolveOptions {
        enum_mode: EnumMode::Record,
        ..SolveOptions::default()
    };
    let (models, _) = run(&p, record);
    let distinct: BTreeSet<_> = models.iter().map(|m| m.atoms.clone()).collect();
    assert_eq!((models.len(), distinct.len()), (1024, 1024));
    let limited = SolveOptions {
        models: 5,
        ..SolveOptions::default()
    };
    let (models, summary) = run(&p, limited);
    assert_eq!(
        models.iter().map(|m| m.number).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
    assert_eq!((summary.models, summary.exhausted), (5, false));
}

/// clingo 5.8.3 reports the search space as exhausted when the model limit is reached after a
/// model that leaves nothing to explore: `p(1..3).` and `{a}. :- not a.` with `-n 1` print
/// `Models : 1` and exit 30; `{a}.` prints `1+` and exits 10; `{a;b}. :- not a.` with `-n 2`
/// finds both models and exits 30.
#[test]
fn the_model_limit_is_exhaustion_when_nothing_is_left_to_explore() {
    let limited = |models| SolveOptions {
        models,
        ..SolveOptions::default()
    };
    let ends = |p: &GroundProgram, models| {
        let (found, summary) = run(p, limited(models));
        (found.len(), summary.exhausted)
    };
    let mut facts = GroundProgram::new();
    for atom in atoms(&mut facts, 3) {
        facts.add_rule(HeadKind::Disjunction, vec![atom], vec![]);
    }
    assert_eq!(ends(&facts, 1), (1, true));
    let mut forced = GroundProgram::new();
    let a = forced.new_atom();
    forced.add_rule(HeadKind::Choice, vec![a], vec![]);
    forced.add_constraint(vec![neg(a)]);
    assert_eq!(ends(&forced, 1), (1, true));
    let mut free = GroundProgram::new();
    let a = free.new_atom();
    free.add_rule(HeadKind::Choice, vec![a], vec![]);
    assert_eq!(ends(&free, 1), (1, false));
    let mut two = GroundProgram::new();
    let ab = atoms(&mut two, 2);
    two.add_rule(HeadKind::Choice, ab.clone(), vec![]);
    two.add_constraint(vec![neg(ab[0])]);
    assert_eq!(ends(&two, 1), (1, false));
    assert_eq!(ends(&two, 2), (2, true));
}

/// Pigeons into holes: each pigeon in some hole, no two in one hole.
fn pigeonhole(pigeons: usize, holes: usize) -> GroundProgram {
    let mut p = GroundProgram::new();
    let x: Vec<Vec<Atom>> = (0..pigeons).map(|_| atoms(&mut p, holes)).collect();
    for row in &x {
        p.add_rule(HeadKind::Choice, row.clone(), vec![]);
        p.add_constraint(row.iter().map(|&a| neg(a)).collect());
    }
    for (i, first) in x.iter().enumerate() {
        for second in &x[i + 1..] {
            for (&a, &b) in first.iter().zip(second) {
                p.add_constraint(vec![pos(a), pos(b)]);
            }
        }
    }
    p
}

#[test]
fn pigeonhole_is_unsatisfiable() {
    let p = pigeonhole(6, 5);
    let (models, summary) = run(&p, SolveOptions::default());
    assert!(models.is_empty());
    assert_eq!(
        (summary.satisfiable, summary.exhausted),
        (Some(false), true)
    );
    assert!(summary.statistics.conflicts > 0);
}

/// `{a;b;c}. :- not a, not b. #minimize{1,a:a;1,b:b;1,c:c}. #minimize{2@2:a}.`
fn priorities_program() -> GroundProgram {
    let mut p = GroundProgram::new();
    let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Choice, vec![a, b, c], vec![]);
    p.add_constraint(vec![neg(a), neg(b)]);
    p.add_minimize(1, weighted(&[pos(a), pos(b), pos(c)], &[1, 1, 1]));
    p.add_minimize(2, weighted(&[pos(a)], &[2]));
    p
}

#[test]
fn optimization_respects_priorities() {
    let p = priorities_program();
    let (models, summary) = run(&p, SolveOptions::default());
    let last = models.last().expect("a model");
    assert_eq!(
        (last.atoms.clone(), last.costs.clone()),
        (vec![Atom(2)], vec![0, 1])
    );
    assert!(
        models.windows(2).all(|w| w[1].costs < w[0].costs),
        "not improving"
    );
    assert!(summary.optimum_proven && summary.exhausted);
    assert_eq!(summary.costs, Some(vec![0, 1]));
    assert_eq!(summary.models, models.len() as u64);
}

#[test]
fn opt_n_numbers_optimal_models_from_one() {
    let mut p = priorities_program();
    p.minimizes.pop();
    let options = SolveOptions {
        opt_mode: OptMode::OptN,
        ..SolveOptions::default()
    };
    let (models, summary) = run(&p, options);
    let optimal: Vec<&Model> = models.iter().filter(|m| m.optimal).collect();
    let found: BTreeSet<Vec<Atom>> = optimal.iter().map(|m| m.atoms.clone()).collect();
    assert_eq!(found, [vec![Atom(1)], vec![Atom(2)]].into_iter().collect());
    assert_eq!(
        optimal.iter().map(|m| m.number).collect::<Vec<_>>(),
        vec![1, 2]
    );
    assert_eq!(summary.optimal_models, 2);
    assert_eq!(summary.models, models.len() as u64);
    assert!(summary.optimum_proven && summary.exhausted);
}

#[test]
fn opt_with_model_limit_stops_unproven() {
    let p = priorities_program();
    let options = SolveOptions {
        models: 1,
        ..SolveOptions::default()
    };
    let (models, summary) = run(&p, options);
    assert_eq!(models.len(), 1);
    assert!(!summary.optimum_proven && !summary.exhausted);
}

#[test]
fn enum_mode_reports_every_model_with_costs() {
    let p = priorities_program();
    let options = SolveOptions {
        opt_mode: OptMode::Enum,
        ..SolveOptions::default()
    };
    let (models, summary) = run(&p, options);
    assert_eq!(models.len(), 6);
    for m in &models {
        assert_eq!(m.costs, brute::costs(&p, &m.atoms));
    }
    assert_eq!(summary.costs, None);
}

#[test]
fn projection_reports_each_projection_once() {
    let mut p = GroundProgram::new();
    let v = atoms(&mut p, 3);
    p.add_rule(HeadKind::Choice, v.clone(), vec![]);
    p.add_projection(v[0]);
    p.add_projection(v[2]);
    let options = SolveOptions {
        project: true,
        ..SolveOptions::default()
    };
    let (models, summary) = run(&p, options);
    let projections: BTreeSet<Vec<Atom>> = models
        .iter()
        .map(|m| brute::project(&m.atoms, &[v[0], v[2]]))
        .collect();
    assert_eq!((models.len(), projections.len()), (4, 4));
    assert!(summary.exhausted);
}

/// `{a;b;c}. :- a, b. h :- a.` showing a, b, c.
fn consequences_program() -> GroundProgram {
    let mut p = GroundProgram::new();
    let (a, b, c, h) = (p.new_atom(), p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Choice, vec![a, b, c], vec![]);
    p.add_constraint(vec![pos(a), pos(b)]);
    p.add_rule(HeadKind::Disjunction, vec![h], vec![pos(a)]);
    for (name, atom) in [("a", a), ("b", b), ("c", c)] {
        p.add_output(name, vec![pos(atom)]);
    }
    p
}

#[test]
fn brave_and_cautious_consequences() {
    let p = consequences_program();
    let brave = SolveOptions {
        enum_mode: EnumMode::Brave,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(&p, brave.clone()).expect("solver builds");
    let mut bounds = Vec::new();
    while solver.next_model().is_some() {
        bounds.push(solver.consequence_bounds());
    }
    assert_eq!(bounds.last(), Some(&Some((3, 3))));
    assert!(bounds
        .iter()
        .flatten()
        .all(|&(lower, upper)| lower <= upper && upper == 3));
    let (models, summary) = run(&p, brave);
    assert_eq!(
        models.last().map(|m| m.atoms.clone()),
        Some(vec![Atom(1), Atom(2), Atom(3)])
    );
    assert!(models
        .windows(2)
        .all(|w| w[0].atoms.len() < w[1].atoms.len()));
    assert_eq!(summary.models, models.len() as u64);
    let cautious = SolveOptions {
        enum_mode: EnumMode::Cautious,
        ..SolveOptions::default()
    };
    let (models, _) = run(&p, cautious);
    assert_eq!(models.last().map(|m| m.atoms.clone()), Some(vec![]));
}

/// `{p0}. p1 :- p0. ... p(n-1) :- p(n-2).`: a tight chain, so the one decision on `p0`
/// propagates all `n` atoms in one queue, with no unfounded-set check to poll the limits.
fn implication_chain(n: usize) -> GroundProgram {
    let mut p = GroundProgram::new();
    let first = add_chain(&mut p, n);
    p.add_rule(HeadKind::Choice, vec![first], vec![]);
    p
}

/// Adds `n` new atoms `c0 .. c(n-1)` and the rules `c(i+1) :- c(i).`; returns `c0`.
fn add_chain(p: &mut GroundProgram, n: usize) -> Atom {
    let chain = atoms(p, n);
    for pair in chain.windows(2) {
        let body = vec![Literal::positive(pair[0])];
        p.add_rule(HeadKind::Disjunction, vec![pair[1]], body);
    }
    chain[0]
}

/// A call whose deadline has already passed: no model, timed out.
fn expired_call(solver: &mut MultiShot) {
    let expired = SolveOptions {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolveOptions::default()
    };
    solver.solve(&[], expired).expect("a call starts");
    assert_eq!(solver.next_model(), None);
    let summary = solver.summary();
    assert!(summary.timed_out && !summary.exhausted);
}

/// A call without limits to the end: the sizes of its models (each checked against
/// `program`), sorted.
fn model_sizes(solver: &mut MultiShot, program: &GroundProgram) -> Vec<usize> {
    solver
        .solve(&[], SolveOptions::default())
        .expect("a call starts");
    let mut sizes = Vec::new();
    while let Some(model) = solver.next_model() {
        assert_eq!(check_model(program, &model.atoms), Ok(()));
        sizes.push(model.atoms.len());
    }
    assert!(solver.summary().exhausted);
    sizes.sort_unstable();
    sizes
}

/// The limits are looked at inside one long propagation (the queue polls them): a call whose
/// deadline has already passed stops while the first decision's propagation runs, before it
/// reaches the total assignment of the first model (the search's own check comes only every
/// few decisions). The next call, without a limit, resumes from the stopped queue and finds
/// both models.
#[test]
fn limits_are_noticed_inside_one_long_propagation() {
    let n = 100_000;
    let program = implication_chain(n);
    let mut solver = MultiShot::new();
    solver.add(&program).expect("the program translates");
    expired_call(&mut solver);
    assert_eq!(model_sizes(&mut solver, &program), vec![0, n]);
}

/// A step added after a call stopped by its deadline is translated under that call's limits,
/// so its root propagation (the fact `q0` of a 100,000-atom chain `q(i+1) :- q(i).`) stops
/// part-way; the clauses are then not simplified by the part-propagated level 0 (an
/// implication of a queued fact would be lost), and the next call derives the whole chain.
#[test]
fn a_root_propagation_stopped_by_the_limits_loses_no_implication() {
    let n = 100_000;
    let first = implication_chain(n);
    let mut whole = first.clone();
    let mut delta = GroundProgram::new();
    atoms(&mut delta, n);
    for program in [&mut whole, &mut delta] {
        let q0 = add_chain(program, n);
        program.add_fact(q0);
    }
    let mut solver = MultiShot::new();
    solver.add(&first).expect("the program translates");
    expired_call(&mut solver);
    solver.add(&delta).expect("a delta of new atoms");
    assert_eq!(model_sizes(&mut solver, &whole), vec![n, 2 * n]);
}

#[test]
fn interrupt_stops_the_search() {
    let p = pigeonhole(11, 10);
    let interrupt = Interrupt::new();
    interrupt.interrupt();
    let options = SolveOptions {
        interrupt: Some(interrupt),
        ..SolveOptions::default()
    };
    let (models, summary) = run(&p, options);
    assert!(models.is_empty());
    assert!(summary.interrupted && !summary.exhausted);
    assert_eq!(summary.satisfiable, None);
}

#[test]
fn empty_program_has_the_empty_model_and_is_tight() {
    let p = GroundProgram::new();
    assert_eq!(all_models(&p), set(&[&[]]));
    let (_, summary) = run(&p, SolveOptions::default());
    assert!(summary.statistics.tight);
    let mut loop_program = GroundProgram::new();
    let (a, b) = (loop_program.new_atom(), loop_program.new_atom());
    loop_program.add_rule(HeadKind::Disjunction, vec![a], vec![pos(b)]);
    loop_program.add_rule(HeadKind::Disjunction, vec![b], vec![pos(a)]);
    let (_, summary) = run(&loop_program, SolveOptions::default());
    assert!(!summary.statistics.tight);
}

/// Regression: `a :- 1 <= {a, not a}.` has no stable model (clingo: UNSATISFIABLE); merging
/// the complementary literals into a constant made it a fact.
#[test]
fn regression_complementary_weight_literals_are_not_a_tautology() {
    let mut p = GroundProgram::new();
    let a = p.new_atom();
    p.add_weight_rule(
        HeadKind::Disjunction,
        vec![a],
        1,
        weighted(&[pos(a), neg(a)], &[1, 1]),
    );
    assert_eq!(all_models(&p), BTreeSet::new());
}

/// Regression: `#external a. a ; b :- a.` keeps `a` free (the rule defines nothing in clasp),
/// and the free external must support `a` in its positive loop (clingo: {} and {a}).
#[test]
fn regression_free_external_supports_its_positive_loop() {
    let mut p = GroundProgram::new();
    let (a, b) = (p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Disjunction, vec![a, b], vec![pos(a)]);
    p.add_external(a, ExternalValue::Free);
    assert_eq!(all_models(&p), set(&[&[], &[1]]));
}

/// Regression: a rule whose body never holds does not define its head, so the external stays
/// free (clingo: {} and {a} for `#external a. b ; a :- c, not c.`).
#[test]
fn regression_external_with_contradictory_rule_stays_free() {
    let mut p = GroundProgram::new();
    let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
    p.add_rule(HeadKind::Disjunction, vec![b, a], vec![pos(c), neg(c)]);
    p.add_external(a, ExternalValue::Free);
    assert_eq!(all_models(&p), set(&[&[], &[1]]));
}

#[test]
fn elapsed_time_limit_stops_the_search() {
    let p = pigeonhole(11, 10);
    let options = SolveOptions {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolveOptions::default()
    };
    let (models, summary) = run(&p, options);
    assert!(models.is_empty());
    assert!(summary.timed_out && !summary.interrupted && !summary.exhausted);
}

/// A small deterministic pseudo-random generator for the differential test.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// A random small program: normal, choice, weight and disjunctive rules, externals,
/// assumptions, minimize statements and a projection.
fn random_program(rng: &mut Rng, max_atoms: u64, max_rules: u64) -> GroundProgram {
    let mut p = GroundProgram::new();
    let n = 2 + rng.below(max_atoms - 1);
    let v = atoms(&mut p, n as usize);
    let lit = |rng: &mut Rng| {
        let a = v[rng.below(n) as usize];
        if rng.below(3) == 0 {
            neg(a)
        } else {
            pos(a)
        }
    };
    for _ in 0..1 + rng.below(max_rules) {
        let heads: Vec<Atom> = (0..rng.below(3))
            .map(|_| v[rng.below(n) as usize])
            .collect();
        let kind = match rng.below(4) {
            0 => HeadKind::Choice,
            _ => HeadKind::Disjunction,
        };
        let body: Vec<Literal> = (0..rng.below(4)).map(|_| lit(rng)).collect();
        if rng.below(4) == 0 {
            let weights: Vec<i64> = body.iter().map(|_| rng.below(5) as i64 - 1).collect();
            p.add_weight_rule(kind, heads, rng.below(4) as i64, weighted(&body, &weights));
        } else {
            p.add_rule(kind, heads, body);
        }
    }
    if rng.below(5) == 0 {
        let value = [
            ExternalValue::Free,
            ExternalValue::True,
            ExternalValue::False,
        ][rng.below(3) as usize];
        p.add_external(v[rng.below(n) as usize], value);
    }
    if rng.below(6) == 0 {
        p.assumptions.push(lit(rng));
    }
    for _ in 0..rng.below(3) {
        let lits: Vec<Literal> = (0..1 + rng.below(3)).map(|_| lit(rng)).collect();
        let weights: Vec<i64> = lits.iter().map(|_| rng.below(5) as i64 - 1).collect();
        p.add_minimize(rng.below(3) as i32, weighted(&lits, &weights));
    }
    if rng.below(2) == 0 {
        for &a in &v {
            if rng.below(2) == 0 {
                p.add_projection(a);
            }
        }
    }
    p
}

/// Every answer of a solve call.
fn answers(p: &GroundProgram, options: SolveOptions) -> (Vec<Model>, Summary) {
    let mut solver = Solver::new(p, options).unwrap_or_else(|e| panic!("{e}"));
    let mut models = Vec::new();
    while let Some(model) = solver.next_model() {
        models.push(model);
    }
    (models, solver.summary())
}

/// Compares plain and recorded enumeration with the brute-force model set.
fn compare_enumeration(p: &GroundProgram, expected: &BTreeSet<Vec<Atom>>, seed: u64) {
    for enum_mode in [EnumMode::Auto, EnumMode::Record] {
        let options = SolveOptions {
            seed,
            enum_mode,
            opt_mode: OptMode::Ignore,
            ..SolveOptions::default()
        };
        let (models, summary) = answers(p, options);
        let found: BTreeSet<Vec<Atom>> = models.iter().map(|m| m.atoms.clone()).collect();
        assert_eq!(found.len(), models.len(), "duplicate model in {p:?}");
        assert_eq!(&found, expected, "{enum_mode:?} program {p:?}");
        assert_eq!(summary.satisfiable, Some(!expected.is_empty()));
    }
}

/// Compares `Opt` and `OptN` with the brute-force optimum.
fn compare_optimization(p: &GroundProgram, models: &[Vec<Atom>], seed: u64) {
    let Some((best, optimal)) = brute::optimal_models(p, models) else {
        return;
    };
    if p.minimizes.is_empty() {
        return;
    }
    let (found, summary) = answers(
        p,
        SolveOptions {
            seed,
            ..SolveOptions::default()
        },
    );
    let last = found.last().expect("a model");
    assert_eq!(last.costs, best, "Opt in {p:?}");
    assert!(summary.optimum_proven, "{summary:?} {found:?} in {p:?}");
    for pair in found.windows(2) {
        assert!(pair[1].costs < pair[0].costs, "not improving in {p:?}");
    }
    let options = SolveOptions {
        seed,
        opt_mode: OptMode::OptN,
        ..SolveOptions::default()
    };
    let (found, summary) = answers(p, options);
    let optimal_found: BTreeSet<Vec<Atom>> = found
        .iter()
        .filter(|m| m.optimal)
        .map(|m| m.atoms.clone())
        .collect();
    assert_eq!(
        optimal_found,
        optimal.into_iter().collect(),
        "OptN in {p:?}"
    );
    assert_eq!(summary.optimal_models as usize, optimal_found.len());
}

/// Compares projective enumeration (by backtracking and by recorded nogoods) and brave/cautious
/// consequences with brute force.
fn compare_projection_and_consequences(p: &GroundProgram, models: &[Vec<Atom>], seed: u64) {
    for enum_mode in [EnumMode::Auto, EnumMode::Record] {
        let options = SolveOptions {
            seed,
            project: true,
            enum_mode,
            opt_mode: OptMode::Ignore,
            ..SolveOptions::default()
        };
        let (found, _) = answers(p, options);
        let onto = brute::projection_atoms(p);
        let projections: BTreeSet<Vec<Atom>> = found
            .iter()
            .map(|m| brute::project(&m.atoms, &onto))
            .collect();
        let repeated = format!("{enum_mode:?}: projection repeated in {p:?}");
        assert_eq!(projections.len(), found.len(), "{repeated}");
        let expected = brute::projected_models(p, models);
        assert_eq!(projections, expected, "{enum_mode:?}: projection in {p:?}");
    }
    // Without outputs, consequences range over the projection atoms, or all atoms; the
    // models also show the atoms settled before the search.
    let tracked = |atoms: Vec<Atom>| match &p.projection {
        Some(onto) => brute::project(&atoms, onto),
        None => atoms,
    };
    for (mode, expected) in [
        (
            EnumMode::Brave,
            (!models.is_empty()).then(|| tracked(brute::brave(models))),
        ),
        (EnumMode::Cautious, brute::cautious(models).map(tracked)),
    ] {
        let options = SolveOptions {
            seed,
            enum_mode: mode,
            opt_mode: OptMode::Ignore,
            ..SolveOptions::default()
        };
        let (found, _) = answers(p, options);
        let last = found.last().map(|m| m.atoms.clone());
        assert_eq!(last.clone().map(tracked), expected, "{mode:?} in {p:?}");
        // Untracked atoms shown are settled before the search (true in every model) or equal
        // in every model to a shown tracked atom (clasp's equivalences).
        let every = brute::cautious(models).unwrap_or_default();
        let shown = last.unwrap_or_default();
        let equal = |x: Atom, t: Atom| models.iter().all(|m| m.contains(&x) == m.contains(&t));
        for &atom in &shown {
            let tracked_itself = tracked(vec![atom]) == [atom];
            let aliased = shown
                .iter()
                .any(|&t| t != atom && tracked(vec![t]) == [t] && equal(atom, t));
            assert!(
                tracked_itself || every.contains(&atom) || aliased,
                "{mode:?} shows {atom:?}, false in some model of {p:?}"
            );
        }
    }
}

#[test]
fn random_programs_match_brute_force() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut compared = 0;
    for round in 0..3000 {
        let (max_atoms, max_rules) = if round % 3 == 0 { (12, 24) } else { (6, 9) };
        let p = random_program(&mut rng, max_atoms, max_rules);
        let Ok(models) = brute::stable_models(&p) else {
            continue;
        };
        let expected: BTreeSet<Vec<Atom>> = models.iter().cloned().collect();
        compare_enumeration(&p, &expected, round);
        compare_optimization(&p, &models, round);
        compare_projection_and_consequences(&p, &models, round);
        compared += 1;
    }
    assert!(compared > 2000, "only {compared} programs compared");
}
