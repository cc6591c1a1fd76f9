//! The seam to the grounder and the solver: the only module that calls them.
//!
//! Everything the engine needs from the two crates goes through these few functions, so the
//! rest of the engine depends on plain data (`GroundProgram`, `Symbol`, `Diagnostic`) only.

use grounder::{Diagnostic, Symbol};
use std::sync::{Arc, Mutex, MutexGuard};

use solver_core::{
    Atom, ExternalValue, FixedCursor, GroundProgram, Literal, Model, MultiShot, SolveError,
    SolveOptions, Summary,
};

pub(crate) use grounder::{GroundOptions, Grounded, Session, Step};

/// The grounder's options from the engine's settings.
pub(crate) fn ground_options(
    constants: Vec<(String, String)>,
    dialect: grounder::Dialect,
    interrupt: Option<solver_core::Interrupt>,
    functions: grounder::Functions,
) -> GroundOptions {
    GroundOptions {
        constants,
        dialect,
        interrupt,
        functions,
        ..GroundOptions::default()
    }
}

/// The ground program as text (`--text`).
pub(crate) fn print_text(grounded: &Grounded) -> String {
    grounder::print_text(grounded)
}

/// Parses one ground term.
pub(crate) fn parse_symbol(text: &str) -> Result<Symbol, Diagnostic> {
    grounder::parse_symbol(text)
}

/// Reads aspif; the error names the line.
pub(crate) fn read_aspif(text: &str) -> Result<GroundProgram, String> {
    solver_core::aspif::read(text).map_err(|e| e.to_string())
}

/// Writes aspif.
pub(crate) fn write_aspif(program: &GroundProgram) -> String {
    solver_core::aspif::write(program)
}

/// The persistent solver of a [`crate::Control`], shared with the handle of its current
/// solve call. `call` counts the calls started: a handle whose call was superseded (a new
/// call, a grounding, an external assigned) yields nothing more.
#[derive(Default)]
pub(crate) struct Shot {
    solver: MultiShot,
    call: u64,
}

/// A [`Shot`] shared between a control and its handles.
pub(crate) type SharedShot = Arc<Mutex<Shot>>;

/// Locks the shared solver (a handle that panicked mid-call poisons nothing we rely on).
pub(crate) fn lock(shot: &SharedShot) -> MutexGuard<'_, Shot> {
    shot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Shot {
    /// A solver breaking initial ties with `seed`.
    pub(crate) fn with_seed(seed: u64) -> Shot {
        Shot {
            solver: MultiShot::with_seed(seed),
            call: 0,
        }
    }

    /// Adds a delta (shared with the caller, see `MultiShot::add_shared`); ends the current
    /// call.
    pub(crate) fn add(&mut self, delta: Arc<GroundProgram>) -> Result<(), SolveError> {
        self.call += 1;
        self.solver.add_shared(delta)
    }

    /// No delta follows (see `MultiShot::end_deltas`): the solver frees its rule tables once
    /// the next call has started.
    pub(crate) fn end_deltas(&mut self) {
        self.solver.end_deltas();
    }

    /// Translates the pending step now, dropping the rules of `program` when it is that step
    /// (see `MultiShot::translate_pending`); ends the current call.
    pub(crate) fn translate_pending(
        &mut self,
        program: &mut Arc<GroundProgram>,
        consequences: bool,
    ) -> Result<(), SolveError> {
        self.call += 1;
        self.solver.translate_pending(program, consequences)
    }

    /// Sets (or releases) an external; ends the current call.
    pub(crate) fn assign_external(&mut self, atom: Atom, value: ExternalValue) {
        self.call += 1;
        self.solver.assign_external(atom, value);
    }

    /// Registers a user propagator; ends the current call.
    pub(crate) fn register_propagator(&mut self, propagator: Box<dyn solver_core::Propagator>) {
        self.call += 1;
        self.solver.register_propagator(propagator);
    }

    /// The atoms fixed at level 0 since `cursor` (see `MultiShot::fixed_since`); ends the
    /// current call.
    pub(crate) fn fixed_since(&mut self, cursor: &mut FixedCursor) -> Vec<Literal> {
        self.call += 1;
        self.solver.fixed_since(cursor)
    }

    /// Deletes the learnt nogoods (see `MultiShot::forget_learnts`); ends the current call.
    pub(crate) fn forget_learnts(&mut self) {
        self.call += 1;
        self.solver.forget_learnts();
    }

    /// Whether the program has no model whatever the assumptions (see
    /// `MultiShot::is_conflicting`); the current call goes on.
    pub(crate) fn is_conflicting(&mut self) -> bool {
        self.solver.is_conflicting()
    }

    /// The value of an external atom (`None`: not external).
    pub(crate) fn external_value(&mut self, atom: Atom) -> Option<ExternalValue> {
        self.solver.external_value(atom)
    }
}

/// A running search: one solve call of a shared [`Shot`].
pub(crate) struct Search {
    shot: SharedShot,
    call: u64,
}

impl Search {
    /// Starts a solve call under `assumptions`.
    pub(crate) fn start(
        shot: &SharedShot,
        assumptions: &[Literal],
        options: SolveOptions,
    ) -> Result<Search, SolveError> {
        let mut guard = lock(shot);
        guard.call += 1;
        guard.solver.solve(assumptions, options)?;
        Ok(Search {
            shot: Arc::clone(shot),
            call: guard.call,
        })
    }

    /// The next model, or `None` when the search is over (or its call was superseded).
    pub(crate) fn next_model(&mut self) -> Option<Model> {
        let mut guard = lock(&self.shot);
        if guard.call != self.call {
            return None;
        }
        guard.solver.next_model()
    }

    /// The failed assumptions of an unsatisfiable call (see `MultiShot::core`); `None` if the
    /// call had a model or was superseded.
    pub(crate) fn core(&self) -> Option<Vec<Literal>> {
        let guard = lock(&self.shot);
        (guard.call == self.call).then(|| guard.solver.core())?
    }

    /// How the search ended (or stands).
    pub(crate) fn summary(&self) -> Summary {
        lock(&self.shot).solver.summary()
    }
}
