//! The search's hooks for user propagators (`propagator`): at a propagation fixpoint, on a
//! total assignment before it is a model, on backtracking, and the static clauses of `init`
//! at level 0. Each hook is one test of [`PropagatorHost::is_active`] when no propagator is
//! registered.
//!
//! The host is taken out of the search while a propagator runs, so the propagator's control
//! can borrow the search's parts; no hook backtracks while it is out.

use super::{Conflict, Search};
use crate::solver::lit::Lit;
use crate::solver::propagator::{add_clause, Propagator, PropagatorHost, Step, TheoryContext};

impl Search {
    /// Runs the propagators at a fixpoint: `Ok(true)` if one assigned something.
    pub(super) fn propagate_theory(&mut self) -> Result<bool, Conflict> {
        self.with_host(PropagatorHost::propagate)
    }

    /// Runs `check` on a total assignment: `Ok(true)` if something was assigned (so it is no
    /// longer a fixpoint), a conflict if a clause added is violated.
    pub(super) fn check_theory(&mut self) -> Result<bool, Conflict> {
        self.with_host(PropagatorHost::check_total)
    }

    /// Runs `run` on the host with the search's parts as its context.
    fn with_host(
        &mut self,
        run: fn(&mut PropagatorHost, &mut TheoryContext<'_>) -> Step,
    ) -> Result<bool, Conflict> {
        let mut host = std::mem::take(&mut self.propagators);
        let step = run(&mut host, &mut self.theory_context());
        self.propagators = host;
        match step {
            Step::Quiet => Ok(false),
            Step::Assigned => Ok(true),
            Step::Conflict => {
                self.weights.clear_pending();
                Err(Conflict::Nogood)
            }
        }
    }

    /// The parts of the search a propagator's clauses touch.
    fn theory_context(&mut self) -> TheoryContext<'_> {
        TheoryContext {
            assignment: &mut self.assignment,
            clauses: &mut self.clauses,
            nogood: &mut self.nogood,
            learnt_units: &mut self.learnt_units,
        }
    }

    /// Registers a user propagator (at level 0, between solve calls).
    pub(crate) fn register_propagator(&mut self, propagator: Box<dyn Propagator>) {
        self.propagators.register(propagator);
    }

    /// The propagators taken out (for `init`); `None` when none is registered. Give them
    /// back with [`Search::put_propagators`].
    pub(crate) fn take_propagators(&mut self) -> Option<PropagatorHost> {
        match self.propagators.is_active() {
            true => Some(std::mem::take(&mut self.propagators)),
            false => None,
        }
    }

    /// Gives back the propagators of [`Search::take_propagators`].
    pub(crate) fn put_propagators(&mut self, host: PropagatorHost) {
        self.propagators = host;
    }

    /// Adds the static clauses of the propagators' `init` at level 0; a violated one
    /// exhausts the search for good. Propagates afterwards.
    pub(crate) fn add_init_clauses(&mut self, clauses: Vec<Vec<Lit>>) {
        debug_assert_eq!(self.assignment.level(), 0);
        for mut clause in clauses {
            if !add_clause(&mut self.theory_context(), &mut clause, false) {
                self.exhausted = true;
            }
        }
        self.propagate_root();
    }
}
