//! User propagators on a [`MultiShot`] solver: registering one, and initialising every one
//! before each solve call.
//!
//! `init` runs at the start of every solve call, after the pending deltas are translated,
//! at level 0 and before the call's assumptions, with the atoms of all deltas so far: a
//! propagator maps its literals again there (an atom a later step defines gets its own
//! variable then). Its watches and the clauses it added earlier stay. Before `init`, every
//! literal passed to it is undone; after it, the first propagation passes the watched
//! literals already true at level 0. The static clauses of `init` are added at level 0
//! after the search has grown to the literals `init` added.

use super::MultiShot;
use crate::solver::propagator::{InitAccess, PartialAssignment, PropagateInit, Propagator, Static};

impl MultiShot {
    /// Registers a user propagator for the following solve calls (it is initialised at the
    /// start of each). Ends the current solve call.
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Literal, MultiShot, PropagateControl,
    ///     PropagateInit, Propagator, SolveOptions, SolverLiteral, ClauseKind};
    ///
    /// /// Forbids `a` and `b` together, as `:- a, b.` would.
    /// struct NotBoth(Vec<SolverLiteral>);
    /// impl Propagator for NotBoth {
    ///     fn init(&mut self, init: &mut PropagateInit<'_>) {
    ///         self.0 = [1, 2].map(|a| init.solver_literal(Literal::positive(solver_core::Atom(a))).unwrap()).to_vec();
    ///         self.0.iter().for_each(|&l| init.add_watch(l));
    ///     }
    ///     fn propagate(&mut self, ctl: &mut PropagateControl<'_>, _changes: &[SolverLiteral]) {
    ///         if self.0.iter().all(|&l| ctl.value(l) == Some(true)) {
    ///             ctl.add_nogood(&self.0, ClauseKind::Learnt);
    ///         }
    ///     }
    /// }
    ///
    /// let mut program = GroundProgram::new(); // { a; b }.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// solver.register_propagator(Box::new(NotBoth(Vec::new())));
    /// solver.solve(&[], SolveOptions { models: 0, ..SolveOptions::default() }).unwrap();
    /// let mut models = std::iter::from_fn(|| solver.next_model()).map(|m| m.atoms).collect::<Vec<_>>();
    /// models.sort();
    /// assert_eq!(models, vec![vec![], vec![a], vec![b]]);
    /// ```
    pub fn register_propagator(&mut self, propagator: Box<dyn Propagator>) {
        self.end_call();
        self.search.register_propagator(propagator);
    }

    /// Calls `init` of every registered propagator and adds their static clauses and weight
    /// constraints (those of a `propagate` inside `init` are added there).
    pub(super) fn init_propagators(&mut self) {
        let Some(mut host) = self.search.take_propagators() else {
            return;
        };
        let mut added = Static::default();
        for entry in host.entries_mut() {
            entry.backtrack(
                0,
                &PartialAssignment::new(&self.search.assignment, 0, false),
            );
            let (propagator, watched, modes) = entry.parts();
            let mut init = PropagateInit {
                atoms: &self.program.atoms,
                search: &mut self.search,
                watched,
                modes,
                var_count: &mut self.program.var_count,
                is_atom: &mut self.program.is_atom,
                added: &mut added,
                minimize: &mut self.program.minimize,
            };
            propagator.init(&mut init);
        }
        self.search.put_propagators(host);
        let vars = self.program.var_count;
        self.search.add_static(vars, &self.program.is_atom, added);
    }
}
