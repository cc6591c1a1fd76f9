//! Shared checks for the fuzz targets: solve a ground program under tight limits and verify
//! every answer.
//!
//! # What is checked
//! - every model the solver reports is a stable model ([`solver_core::check::check_model`]);
//! - for a small program without minimize statements whose search finished, the model set
//!   equals the brute-force oracle's ([`solver_core::brute::stable_models`]).
//!
//! A failed check panics: under libFuzzer a panic is the crash report.
//!
//! # Time
//! Every phase of one input runs under a [`Deadline`]: its interrupt fires after
//! [`INPUT_TIME_LIMIT`], and grounding, preprocessing and search must then stop. A program
//! whose grounding is merely long (`p :- X = 1..9999, Y = 1..9999, X*Y < 0.`) is thus no
//! finding; libFuzzer's `-timeout` (10 s in CI) reports a phase that ignores the interrupt.
#![forbid(unsafe_code)]

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use solver_core::{GroundProgram, Interrupt, Model, SolveOptions, Solver};

/// The most models one fuzz input may enumerate.
pub const MODEL_LIMIT: u64 = 50;

/// The solver's time limit per input (hangs beyond it are reported by libFuzzer's `-timeout`).
pub const TIME_LIMIT: Duration = Duration::from_secs(1);

/// The time one input may take in all its phases before its interrupt fires.
pub const INPUT_TIME_LIMIT: Duration = Duration::from_secs(2);

/// An interrupt that fires [`INPUT_TIME_LIMIT`] after [`Deadline::start`] unless the deadline
/// was dropped first (a watcher thread waits on a channel that the drop closes).
pub struct Deadline {
    interrupt: Interrupt,
    _done: mpsc::Sender<()>,
}

impl Deadline {
    /// Starts the clock.
    pub fn start() -> Deadline {
        let interrupt = Interrupt::new();
        let (done, closed) = mpsc::channel::<()>();
        let watched = interrupt.clone();
        std::thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = closed.recv_timeout(INPUT_TIME_LIMIT) {
                watched.interrupt_for_good();
            }
        });
        Deadline {
            interrupt,
            _done: done,
        }
    }

    /// The interrupt to hand to every phase.
    pub fn interrupt(&self) -> &Interrupt {
        &self.interrupt
    }
}

/// The largest candidate-atom count for which the model set is compared with brute force.
pub const BRUTE_CANDIDATES: usize = 10;

/// Solves `program` (at most [`MODEL_LIMIT`] models, [`TIME_LIMIT`]) and checks every model.
/// Returns the complete model set, sorted, when the search enumerated it (finished, below the
/// limit, no minimize statement), else `None`.
///
/// # Panics
/// When a model is not stable or the model set differs from brute force's.
pub fn solve_and_check(
    program: &GroundProgram,
    deadline: &Deadline,
) -> Option<Vec<Vec<solver_core::Atom>>> {
    let options = SolveOptions {
        models: MODEL_LIMIT,
        time_limit: Some(TIME_LIMIT),
        interrupt: Some(deadline.interrupt().clone()),
        ..SolveOptions::default()
    };
    let Ok(mut solver) = Solver::new(program, options) else {
        return None;
    };
    let mut models: Vec<Vec<solver_core::Atom>> = Vec::new();
    while let Some(model) = solver.next_model() {
        check_one(program, &model);
        models.push(model.atoms);
    }
    let summary = solver.summary();
    let finished = summary.exhausted && !summary.timed_out && !summary.interrupted;
    if !(finished && program.minimizes.is_empty() && (models.len() as u64) < MODEL_LIMIT) {
        return None;
    }
    models.sort();
    compare_with_brute(program, models.clone());
    Some(models)
}

/// Panics unless `model` is a stable model of `program`.
fn check_one(program: &GroundProgram, model: &Model) {
    if let Err(error) = solver_core::check::check_model(program, &model.atoms) {
        panic!(
            "model {:?} is not stable: {error}\nprogram:\n{}",
            model.atoms,
            solver_core::aspif::write(program)
        );
    }
}

/// Panics unless the solver's complete model set equals the brute-force one.
fn compare_with_brute(program: &GroundProgram, mut models: Vec<Vec<solver_core::Atom>>) {
    if solver_core::brute::candidate_atoms(program).len() > BRUTE_CANDIDATES {
        return;
    }
    let Ok(expected) = solver_core::brute::stable_models(program) else {
        return;
    };
    models.sort();
    assert_eq!(
        models,
        expected,
        "solver and brute force disagree\nprogram:\n{}",
        solver_core::aspif::write(program)
    );
}
