//! Solving benchmarks: `solver_core::Solver` on aspif fixtures (all models of 8 queens and of
//! Hamiltonian cycles, an unsatisfiable pigeonhole), and `engine::Control::solve` on grounded
//! puzzles (all 281 tilings of dominoes 6x4, all models of flowerfinder, hinomaru with
//! `--project`). Grounding happens once, before timing; each iteration is a fresh search.
//!
//! Run: `cargo bench --bench solve`. Every model count is checked before timing.

mod support;

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use solver_core::{GroundProgram, SolveOptions, Solver};

use support::{count_models, read, Run};

/// aspif fixtures and their model counts (from their `.expect` files).
const FIXTURES: &[(&str, u64)] = &[
    ("queens8", 92),
    ("hamilton_complete", 720),
    ("hamilton", 4),
    ("pigeon_unsat", 0),
    ("pigeon6", 0),
    ("sudoku4", 12),
];

/// Enumerates every model of `program` with solver-core; returns how many there are.
fn enumerate(program: &GroundProgram) -> u64 {
    let options = SolveOptions {
        models: 0,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(program, options).expect("fixture translates");
    let mut models = 0;
    while solver.next_model().is_some() {
        models += 1;
    }
    models
}

fn solve_fixtures(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve-aspif");
    for &(name, expected) in FIXTURES {
        let text = read(&format!("solver-core/tests/fixtures/{name}.aspif"));
        let program = solver_core::aspif::read(&text).expect("fixture is valid aspif");
        assert_eq!(enumerate(&program), expected, "{name}: model count");
        group.bench_function(name, |b| b.iter(|| enumerate(&program)));
    }
    group.finish();
}

fn solve_puzzles(c: &mut Criterion) {
    let runs = [
        (
            Run::files("dominoes-6x4-all", &["programs/dominoes.lp"])
                .with_const("ymax", "4")
                .all_models(),
            281,
        ),
        (
            Run::files("flowerfinder-all", &["programs/flowerfinder.lp"]).all_models(),
            1,
        ),
        (
            Run::files("hinomaru-project", &["programs/hinomaru.lp"])
                .all_models()
                .projected(),
            96,
        ),
    ];
    let mut group = c.benchmark_group("solve");
    for (run, expected) in &runs {
        let ctl = run.ground();
        assert_eq!(count_models(&ctl), *expected, "{}: model count", run.name);
        group.bench_function(run.name, |b| b.iter(|| count_models(&ctl)));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = solve_fixtures, solve_puzzles
}
criterion_main!(benches);
