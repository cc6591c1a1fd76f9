//! The stable-model solvers: [`MultiShot`], a solver that takes a program as a sequence of
//! deltas and solves it repeatedly (`shot`), and [`Solver`], the one-shot solver: one delta,
//! one solve call, on the same code path.
//!
//! Each solve call runs the CDCL search (`search`) to the next answer the options ask for
//! (`driver`). After a reported model, the next call first moves the search past it
//! (`enumerate`):
//! - plain enumeration: flip the last decision (backtracking enumeration, no stored models) or,
//!   in `Record` mode, add a nogood of the model's decisions;
//! - projection (`Record`/`Auto`): a nogood over the projected atoms, so each projection is
//!   reported once (the reported model is a full stable model with a new projection);
//! - brave/cautious: a nogood demanding an atom outside the union / missing from the
//!   intersection; each reported model carries the current approximation;
//! - `Opt`: tighten the bound to strictly better costs (branch and bound); exhaustion proves
//!   the optimum. `OptN`: afterwards the nogoods that depend on the strict bound are dropped
//!   and the search enumerates all models with the optimal costs (numbered from 1 again, as
//!   clingo does). `Enum`: enumerate, reporting costs.
//!
//! Model limits follow clingo 5.8.3: `models` bounds all answers in `Opt` mode and the optimal
//! ones in `OptN`; reaching the limit stops without proving anything more.

mod acyclic;
mod added_facts;
mod analyze;
mod assignment;
mod blocked;
mod body;
mod build;
mod classification;
mod clauses;
mod clock;
mod consequences;
mod disjunctive;
mod domain;
mod driver;
mod dropped_disjunctions;
mod enumerate;
mod heuristic;
mod initial_propagation;
mod limits;
mod lit;
mod literal_aliases;
mod minimize;
mod propagator;
mod refuted_atoms;
mod restart;
mod search;
mod shot;
mod unfounded;
mod weight;

#[cfg(test)]
mod tests;

use self::clock::Clock;
use crate::api::{Interrupt, Model, SolveError, SolveOptions, Summary};
use crate::program::GroundProgram;

pub use self::propagator::{
    CheckMode, ClauseKind, Implication, PartialAssignment, PropagateControl, PropagateInit,
    Propagator, SolverLiteral, UndoMode,
};
pub use self::shot::{FixedCursor, MultiShot};

/// A CDCL stable-model solver for one ground program and one set of options: a
/// [`MultiShot`] solver given the program as its only delta and solved once.
pub struct Solver {
    /// The solver, with its one solve call started.
    shot: MultiShot,
}

impl Solver {
    /// Prepares a solver for `program` under `options`. The interrupt handle is polled between
    /// the translation's phases: once it is set, the solver is already stopped (`next_model`
    /// gives `None`, the summary says interrupted), built for the empty program if the
    /// translation was cut short.
    pub fn new(program: &GroundProgram, options: SolveOptions) -> Result<Solver, SolveError> {
        let clock = Clock::start();
        let interrupted = || options.interrupt.as_ref().is_some_and(Interrupt::is_set);
        let mut shot = MultiShot::with_seed(options.seed);
        let mut stopped = !shot.add_until(program, &interrupted)?;
        if stopped {
            shot = MultiShot::with_seed(options.seed);
            shot.add(&GroundProgram::new())?;
        }
        stopped |= interrupted();
        shot.start_call(&[], options, clock)?;
        if stopped {
            shot.stop_call();
        }
        Ok(Solver { shot })
    }

    /// The next answer the options ask for; `None` when the search is over (see `summary`).
    pub fn next_model(&mut self) -> Option<Model> {
        self.shot.next_model()
    }

    /// How the search ended (or stands).
    pub fn summary(&self) -> Summary {
        self.shot.summary()
    }

    /// Brave/cautious only: clingo's `Consequences: [lower;upper]` over the tracked atoms (the
    /// projection atoms, else the atoms of single positive output conditions, else all atoms)
    /// after the last reported model. Outputs without a condition (facts) are not counted; add
    /// them. `None` in other modes.
    pub fn consequence_bounds(&self) -> Option<(u64, u64)> {
        self.shot.consequence_bounds()
    }
}
