//! The driver of a solve call: runs the search to the answers the options ask for, moves it
//! past each reported model (`enumerate.rs`), and ends the call on exhaustion, the model
//! limit, the interrupt or the deadline (see the parent module doc of `solver`).

use super::MultiShot;
use crate::api::{OptMode, Statistics, Summary};
use crate::solver::driver::{Stage, Task};
use crate::solver::search::Outcome;

impl MultiShot {
    /// Ends the current solve call and deletes the learnt nogoods (clasp's
    /// `--forget-on-step=lemmas`): the next call searches with the program's nogoods only.
    /// Returns how many were deleted. Without it a call keeps what earlier calls learnt.
    ///
    /// ```
    /// use solver_core::{MultiShot, SolveOptions};
    /// // Pigeonhole 4 into 3: unsatisfiable, and not without conflicts.
    /// let program = solver_core::doc_support::pigeonhole(4, 3);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// solver.solve(&[], SolveOptions::default()).unwrap();
    /// assert!(solver.next_model().is_none());
    /// assert!(solver.forget_learnts() > 0);
    /// assert_eq!(solver.forget_learnts(), 0);
    /// ```
    pub fn forget_learnts(&mut self) -> u64 {
        self.end_call();
        self.search.forget_learnts()
    }

    /// The next answer of the current solve call; `None` when the call is over (see
    /// [`MultiShot::summary`]).
    pub fn next_model(&mut self) -> Option<crate::api::Model> {
        if self.call.stage == Stage::AfterModel {
            self.call.stage = Stage::Searching;
            self.after_model();
        }
        while matches!(self.call.stage, Stage::Starting | Stage::Searching) {
            let outcome = match self.call.stage {
                Stage::Starting => {
                    self.call.stage = Stage::Searching;
                    let assumptions = std::mem::take(&mut self.call.assumptions);
                    let outcome = self.search.solve_assuming(&assumptions);
                    self.call.assumptions = assumptions;
                    outcome
                }
                _ => self.search.solve(),
            };
            match outcome {
                Outcome::Model => return Some(self.report_model()),
                Outcome::Exhausted => self.on_exhausted(),
                Outcome::Interrupted => self.stop(true),
                Outcome::TimedOut => self.stop(false),
            }
        }
        None
    }

    /// How the current (or last) solve call ended, or stands; its counters are those of the
    /// call.
    pub fn summary(&self) -> Summary {
        let mut summary = self.call.summary.clone();
        let (now, start) = (&self.search.stats, &self.call.counters_at_start);
        summary.times = self.call.clock.times(summary.exhausted);
        summary.statistics = Statistics {
            choices: now.choices - start.choices,
            conflicts: now.conflicts - start.conflicts,
            restarts: now.restarts - start.restarts,
            learnt_nogoods: now.learnt_nogoods - start.learnt_nogoods,
            deleted_nogoods: now.deleted_nogoods - start.deleted_nogoods,
            propagations: now.propagations - start.propagations,
            kept_nogoods: self.call.kept_nogoods,
            ..self.program_statistics()
        };
        summary
    }

    /// After a solve call proved that its assumptions have no model (`satisfiable` is
    /// `Some(false)`, and the call was not ended since): the call's assumptions that clasp reports as the reason, as clingo's
    /// `SolveHandle.core()`: those of the assumptions up to the one at whose level the final
    /// conflict arose, or that was found false, that were assumed as decisions (in the
    /// call's order; an assumption already true when its turn came, a repeat among them, is
    /// left out), and the
    /// one found false. A program
    /// unsatisfiable without assumptions has the empty core. `None` while the call may
    /// still have a model, or when it had one. The externals' values and the program's
    /// `#assume` literals are not in the core.
    ///
    /// ```
    /// use solver_core::{Atom, GroundProgram, HeadKind, Literal, MultiShot, SolveOptions};
    /// let (a, b, c) = (Atom(1), Atom(2), Atom(3));
    /// let mut program = GroundProgram::new();
    /// program.atom_count = 3;
    /// program.add_rule(HeadKind::Choice, vec![a, b, c], vec![]);
    /// program.add_rule(HeadKind::Disjunction, vec![], vec![Literal::positive(a), Literal::positive(b)]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// let assumptions = [Literal::positive(a), Literal::positive(b), Literal::positive(c)];
    /// solver.solve(&assumptions, SolveOptions::default()).unwrap();
    /// assert!(solver.next_model().is_none());
    /// assert_eq!(solver.core(), Some(vec![Literal::positive(a), Literal::positive(b)]));
    /// ```
    pub fn core(&self) -> Option<Vec<crate::Literal>> {
        let over = self.call.open && self.call.stage == Stage::Done;
        if !over || self.call.summary.satisfiable != Some(false) {
            return None;
        }
        let own = &self.call.own_assumptions;
        let offset = self.call.assumptions.len() - own.len();
        let positions = self.search.core_positions().into_iter();
        let mut core = Vec::new();
        for literal in positions.filter_map(|i| i.checked_sub(offset).map(|i| own[i])) {
            if !core.contains(&literal) {
                core.push(literal); // a repeat is true at its first occurrence's level
            }
        }
        Some(core)
    }

    /// Whether the program is known to have no model whatever the assumptions (clingo's
    /// `Control.is_conflicting`): a conflict at level 0, found when the deltas added so far
    /// were propagated (translating them now, between calls) or by an earlier search. As in
    /// clasp, a search that proved the program unsatisfiable under its own assumption (each
    /// call's tag) tells it at level 0 only once its call ended: `true` from the next call
    /// on, not right after the first. Does not end the current call.
    ///
    /// ```
    /// use solver_core::{Atom, GroundProgram, HeadKind, Literal, MultiShot};
    /// let mut program = GroundProgram::new();
    /// program.atom_count = 1;
    /// program.add_rule(HeadKind::Choice, vec![Atom(1)], vec![]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// assert!(!solver.is_conflicting());
    /// let mut both = GroundProgram::new();
    /// both.atom_count = 1;
    /// both.add_rule(HeadKind::Disjunction, vec![], vec![Literal::positive(Atom(1))]);
    /// both.add_rule(HeadKind::Disjunction, vec![], vec![Literal::negative(Atom(1))]);
    /// solver.add(&both).unwrap();
    /// assert!(solver.is_conflicting());
    /// ```
    pub fn is_conflicting(&mut self) -> bool {
        if !self.call.open {
            let _ = self.flush();
        }
        self.search.exhausted
    }

    /// Moves past the last model, or stops at the model limit. At the limit the search space
    /// may still be exhausted as clingo reports it: when moving past the model needs no search
    /// (the model was found without open decisions, every projection is done, no atom is left
    /// for the consequences). Improving models of an optimization are not moved past there.
    fn after_model(&mut self) {
        let limit = self.call.limit_reached();
        let improving = self.call.task == Task::Optimize && !self.call.optimal_phase;
        if !(limit && improving) {
            self.move_past_model();
        }
        if self.search.exhausted || self.search.failed() || self.call.enumeration_over {
            self.on_exhausted();
        } else if limit {
            self.finish();
        }
    }

    /// Ends the call.
    fn finish(&mut self) {
        self.call.stage = Stage::Done;
        self.call.clock.on_end();
    }

    /// Stops on the interrupt (`true`) or the time limit.
    fn stop(&mut self, interrupted: bool) {
        self.call.summary.interrupted = interrupted;
        self.call.summary.timed_out = !interrupted;
        self.finish();
    }

    /// Stops the call as interrupted before its search (an interrupt during the translation).
    pub(crate) fn stop_call(&mut self) {
        self.stop(true);
    }

    /// The search space is exhausted: finish, or start enumerating optimal models.
    fn on_exhausted(&mut self) {
        let call = &mut self.call;
        let found = call.summary.models > 0;
        let has_costs = !call.ignore_costs && !self.search.minimizer.levels.is_empty();
        if call.task == Task::Optimize && found && !call.optimal_phase {
            call.summary.optimum_proven = true;
            if call.options.opt_mode == OptMode::OptN {
                self.start_optimal_phase();
                return;
            }
        }
        if call.task == Task::Enumerate && has_costs && found {
            call.summary.optimum_proven = true;
        }
        call.summary.exhausted = true;
        call.summary.satisfiable = Some(found);
        self.finish();
    }

    /// `OptN`: drops the nogoods that depend on the strict bound and searches again, under
    /// the same assumptions, for all models no worse than the optimum.
    fn start_optimal_phase(&mut self) {
        self.search.reset_assumptions();
        if let (Some(tag), true) = (self.call.tag, self.call.conditional) {
            self.search.drop_conditional(tag);
        }
        self.call.enumeration_over = false;
        self.search
            .minimizer
            .set_bound(self.call.best.clone(), false);
        self.call.optimal_phase = true;
        self.call.stage = Stage::Starting;
    }
}
