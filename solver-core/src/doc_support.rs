//! Support for the doc examples of the propagator interface (hidden from the docs).
//!
//! [`PropagateControl`] and [`crate::PartialAssignment`] exist only inside a solve call, in the
//! callbacks of a registered [`Propagator`]. So that each method's example shows just the
//! lines a propagator would write, [`on_check`] and [`on_propagate`] register a propagator
//! made of one closure on a [`MultiShot`] solver, enumerate every model and return what the
//! closure returned at each call, with the models. They panic when the closure never ran, so
//! an example's assertions cannot pass without being executed.

use std::sync::{Arc, Mutex};

use crate::api::SolveOptions;
use crate::program::{Atom, GroundProgram, HeadKind, Literal};
use crate::solver::SolverLiteral;
use crate::solver::{CheckMode, MultiShot, PropagateControl, PropagateInit, Propagator};

/// A callback: the control, the positive solver literals of atoms `1..=atom_count` (index
/// `i` is `Atom(i + 1)`), and the changes (empty in `check`).
type Callback<T> =
    dyn FnMut(&mut PropagateControl<'_>, &[SolverLiteral], &[SolverLiteral]) -> T + Send;

/// What a run gives back.
#[derive(Debug)]
pub struct Run<T> {
    /// The closure's result at each call, in call order.
    pub calls: Vec<T>,
    /// The models found, each ascending, in ascending order.
    pub models: Vec<Vec<Atom>>,
}

/// The propagator: maps the atoms in `init`, watches them when it propagates, and records
/// the closure's results.
struct ClosurePropagator<T> {
    /// The positive literal of each atom.
    atoms: Vec<SolverLiteral>,
    /// Whether the closure runs in `propagate` (watching every atom) or in `check`.
    in_propagate: bool,
    /// The callback.
    callback: Box<Callback<T>>,
    /// The results so far.
    calls: Arc<Mutex<Vec<T>>>,
}

impl<T: Send> Propagator for ClosurePropagator<T> {
    fn init(&mut self, init: &mut PropagateInit<'_>) {
        let atoms = (1..=init.atom_count()).map(|a| Literal::positive(Atom(a)));
        self.atoms = atoms.filter_map(|l| init.solver_literal(l)).collect();
        if self.in_propagate {
            self.atoms.iter().for_each(|&l| init.add_watch(l));
            init.set_check_mode(CheckMode::Off);
        }
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        let result = (self.callback)(ctl, &self.atoms, changes);
        self.calls.lock().expect("unpoisoned").push(result);
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        let result = (self.callback)(ctl, &self.atoms, &[]);
        self.calls.lock().expect("unpoisoned").push(result);
    }
}

/// Enumerates the models of `program` with `callback` run by `check` on every total
/// assignment: `callback(ctl, atoms, &[])`.
///
/// # Panics
/// When the program is invalid or the callback never ran.
pub fn on_check<T, F>(program: &GroundProgram, callback: F) -> Run<T>
where
    T: Send + 'static,
    F: FnMut(&mut PropagateControl<'_>, &[SolverLiteral], &[SolverLiteral]) -> T + Send + 'static,
{
    run(program, false, Box::new(callback))
}

/// Enumerates the models of `program` with every atom's positive literal watched and
/// `callback(ctl, atoms, changes)` run by `propagate`.
///
/// # Panics
/// When the program is invalid or the callback never ran.
pub fn on_propagate<T, F>(program: &GroundProgram, callback: F) -> Run<T>
where
    T: Send + 'static,
    F: FnMut(&mut PropagateControl<'_>, &[SolverLiteral], &[SolverLiteral]) -> T + Send + 'static,
{
    run(program, true, Box::new(callback))
}

/// Registers the closure propagator, enumerates every model, and collects the results.
fn run<T: Send + 'static>(
    program: &GroundProgram,
    in_propagate: bool,
    callback: Box<Callback<T>>,
) -> Run<T> {
    let calls = Arc::new(Mutex::new(Vec::new()));
    let propagator = ClosurePropagator {
        atoms: Vec::new(),
        in_propagate,
        callback,
        calls: Arc::clone(&calls),
    };
    enumerate_with(program, Box::new(propagator), &calls)
}

/// Enumerates every model of `program` with `propagator` registered and takes the results
/// it left in `calls`.
///
/// # Panics
/// When the program is invalid or the propagator recorded no result.
fn enumerate_with<T>(
    program: &GroundProgram,
    propagator: Box<dyn Propagator>,
    calls: &Mutex<Vec<T>>,
) -> Run<T> {
    let mut solver = MultiShot::new();
    solver.add(program).expect("a valid program");
    solver.register_propagator(propagator);
    solver
        .solve(&[], SolveOptions::default())
        .expect("a valid program");
    let mut models: Vec<Vec<Atom>> = std::iter::from_fn(|| solver.next_model())
        .map(|m| m.atoms)
        .collect();
    models.sort();
    drop(solver);
    let calls = std::mem::take(&mut *calls.lock().expect("unpoisoned"));
    assert!(!calls.is_empty(), "the callback never ran");
    Run { calls, models }
}

/// The program `{a1; ...; an}.` (atoms `1..=n`).
pub fn choice(n: u32) -> GroundProgram {
    let mut program = GroundProgram::new();
    let atoms = (0..n).map(|_| program.new_atom()).collect();
    program.add_rule(HeadKind::Choice, atoms, Vec::new());
    program
}

/// Pigeonhole: `pigeons` pigeons, each in one of `holes` holes, no two in one hole (a choice
/// over the atoms `x(p,h)` and integrity constraints); unsatisfiable when `pigeons > holes`.
pub fn pigeonhole(pigeons: u32, holes: u32) -> GroundProgram {
    let mut program = GroundProgram::new();
    let grid: Vec<Vec<Atom>> = (0..pigeons)
        .map(|_| (0..holes).map(|_| program.new_atom()).collect())
        .collect();
    program.add_rule(HeadKind::Choice, grid.concat(), Vec::new());
    for row in &grid {
        program.add_constraint(row.iter().map(|&a| Literal::negative(a)).collect());
    }
    for h in 0..holes as usize {
        for (i, first) in grid.iter().enumerate() {
            for second in &grid[i + 1..] {
                program.add_constraint(vec![
                    Literal::positive(first[h]),
                    Literal::positive(second[h]),
                ]);
            }
        }
    }
    program
}

/// A propagator that runs a closure in `init` and does nothing else.
struct InitPropagator<T> {
    /// The callback.
    callback: Box<dyn FnMut(&mut PropagateInit<'_>) -> T + Send>,
    /// The results so far.
    calls: Arc<Mutex<Vec<T>>>,
}

impl<T: Send> Propagator for InitPropagator<T> {
    fn init(&mut self, init: &mut PropagateInit<'_>) {
        let result = (self.callback)(init);
        self.calls.lock().expect("unpoisoned").push(result);
    }
}

/// Enumerates the models of `program` with `callback(init)` run by the propagator's `init`
/// (the clauses and watches it adds take part in the search).
///
/// # Panics
/// When the program is invalid or the callback never ran.
pub fn on_init<T, F>(program: &GroundProgram, callback: F) -> Run<T>
where
    T: Send + 'static,
    F: FnMut(&mut PropagateInit<'_>) -> T + Send + 'static,
{
    let calls = Arc::new(Mutex::new(Vec::new()));
    let propagator = InitPropagator {
        callback: Box::new(callback),
        calls: Arc::clone(&calls),
    };
    enumerate_with(program, Box::new(propagator), &calls)
}
