//! The search's hooks for user propagators (`propagator`): at a propagation fixpoint, on a
//! total assignment before it is a model, before a decision, on backtracking (level by
//! level, see `conflict.rs`), and the static clauses of `init` at level 0. Each hook is one
//! test of [`PropagatorHost::is_active`] when no propagator is registered.
//!
//! The host is taken out of the search while a propagator runs, so the propagator's control
//! can borrow the search (as [`SearchAccess`]); no hook backtracks while it is out.
//!
//! # Volatile variables
//! A propagator may add variables during the search (clingo's volatile literals). They are
//! the variables from `volatile_from` on; the assignment grows at once, the other parts when
//! the callback returns. A clause over one gets the negated tag literal of the solve call
//! (so it and every nogood learnt from it are dropped with the call's conditional nogoods);
//! when the call ends each volatile variable is fixed false at level 0 and unwatched.

use super::{Conflict, Search};
use crate::solver::assignment::Reason;
use crate::solver::build::Clauses;
use crate::solver::lit::{Lit, Var};
use crate::solver::minimize::Minimizer;
use crate::solver::propagator::{
    add_clause, InitAccess, PartialAssignment, Propagator, PropagatorHost, SearchAccess, Static,
    Step, TheoryContext,
};

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

    /// The decision among the propagators' `decide` answers and the heuristic's `fallback`;
    /// a fallback not taken goes back to the heuristic. While the fallback is preferred (a
    /// projected atom), so must the decision be: projective enumeration relies on it.
    pub(super) fn decide_theory(&mut self, fallback: Lit) -> Lit {
        let view = PartialAssignment::new(&self.assignment, self.root, false);
        let mut lit = self.propagators.decide(&view, fallback);
        let preferred = |var| self.heuristic.is_preferred(var);
        if preferred(fallback.var()) && !preferred(lit.var()) {
            lit = fallback;
        }
        if lit != fallback {
            self.heuristic.on_unassign(fallback);
        }
        lit
    }

    /// Runs `run` on the host with the search as its context.
    fn with_host(
        &mut self,
        run: fn(&mut PropagatorHost, &mut dyn SearchAccess) -> Step,
    ) -> Result<bool, Conflict> {
        let mut host = std::mem::take(&mut self.propagators);
        let step = run(&mut host, self);
        self.propagators = host;
        if self.assignment.var_count() > self.heuristic.var_count() {
            self.grow_parts(&[]);
        }
        match step {
            Step::Quiet => Ok(false),
            Step::Assigned => Ok(true),
            Step::Conflict => {
                self.weights.clear_pending();
                Err(Conflict::Nogood)
            }
        }
    }

    /// Registers a user propagator (at level 0, between solve calls).
    pub(crate) fn register_propagator(&mut self, propagator: Box<dyn Propagator>) {
        self.propagators.register(propagator);
    }

    /// Whether user propagators are registered (their `init` may add variables).
    pub(crate) fn has_propagators(&self) -> bool {
        self.propagators.is_active()
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

    /// Starts a solve call with tag literal `tag`: variables added from now on are volatile.
    pub(crate) fn begin_volatile(&mut self, tag: Option<Lit>) {
        self.call_tag = tag;
        self.volatile_from = self.var_count();
    }

    /// Whether the current call added volatile variables.
    pub(crate) fn has_volatile(&self) -> bool {
        self.volatile_from < self.var_count()
    }

    /// Ends the call's volatile variables (at level 0, their clauses dropped already): each
    /// is fixed false and unwatched.
    pub(crate) fn retire_volatile(&mut self) {
        debug_assert_eq!(self.assignment.level(), 0);
        for v in self.volatile_from..self.var_count() {
            let lit = Var(v as u32).neg();
            if !self.assignment.is_assigned(lit.var()) {
                self.assignment.assign(lit, Reason::Fact);
            }
        }
        self.propagators.forget_watches_from(self.volatile_from);
        self.begin_volatile(None);
    }
}

impl SearchAccess for Search {
    fn assignment(&self) -> &crate::solver::assignment::Assignment {
        &self.assignment
    }

    fn root(&self) -> u32 {
        self.root
    }

    fn theory_context(&mut self) -> TheoryContext<'_> {
        TheoryContext {
            assignment: &mut self.assignment,
            clauses: &mut self.clauses,
            nogood: &mut self.nogood,
            learnt_units: &mut self.learnt_units,
        }
    }

    fn add_volatile_var(&mut self) -> Var {
        let var = Var(self.var_count() as u32);
        self.assignment.grow(self.var_count() + 1);
        var
    }

    fn volatile_tag(&self, clause: &[Lit]) -> Option<Lit> {
        let volatile = |l: &Lit| l.var().index() >= self.volatile_from;
        self.call_tag.filter(|_| clause.iter().any(volatile))
    }

    fn propagate_units(&mut self) -> bool {
        match self.propagate_queue() {
            Ok(()) => true,
            Err(conflict) => {
                self.weights.clear_pending();
                self.conflict_nogood(conflict);
                false
            }
        }
    }
}

impl InitAccess for Search {
    fn assignment(&self) -> &crate::solver::assignment::Assignment {
        &self.assignment
    }

    /// A violated clause exhausts the search for good; a weight constraint that cannot hold
    /// makes its condition false; new minimize levels are built on an empty trail (the
    /// level-0 literals are taken off and asserted again).
    fn add_static(&mut self, vars: usize, is_atom: &[bool], added: Static) -> bool {
        debug_assert_eq!(self.assignment.level(), 0);
        self.grow(vars, is_atom);
        if let Some(levels) = added.levels {
            let facts = self.take_trail();
            self.minimizer = Minimizer::new(levels);
            self.assert_facts(&facts);
        }
        for mut clause in added.clauses {
            if !add_clause(&mut self.theory_context(), &mut clause, false) {
                self.exhausted = true;
            }
        }
        let mut units = Vec::new();
        self.add_at_root(&Clauses::default(), added.weights, &mut units);
        self.assert_facts(&units);
        self.propagate_root()
    }
}
