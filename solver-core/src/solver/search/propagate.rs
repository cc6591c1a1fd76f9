//! The propagation pipeline: per trail literal, counters of weight constraints and the
//! optimization bound first, the acyclicity constraint's edges (a cycle is a conflict), then binary, ternary and long clauses, then weight constraints;
//! at a fixpoint the post-propagators: the bound, then the unfounded-set check, whose loop
//! nogoods make the atoms of an unfounded set false (or are the conflict). A check stopped by
//! the interrupt or the deadline ends propagation early with `ufs_stopped` set: the caller
//! must not take the assignment for a fixpoint (the search returns its stop outcome).
//!
//! # Invariants
//! - Every literal below `qhead` has been seen by every propagator.
//! - On a conflict, the weight constraints' pending queue is cleared.

use super::{Conflict, Search};
use crate::solver::assignment::Reason;
use crate::solver::lit::Lit;

impl Search {
    /// Propagates to a fixpoint of all propagators, or returns a conflict; `Ok` with
    /// `ufs_stopped` set when the limits stopped the unfounded-set check first.
    pub(super) fn propagate(&mut self) -> Result<(), Conflict> {
        self.ufs_stopped = false;
        loop {
            self.propagate_queue()?;
            if self.minimizer.propagate(&mut self.assignment) {
                continue;
            }
            if self.unfounded.is_active() && self.check_unfounded()? {
                continue;
            }
            return Ok(());
        }
    }

    /// Processes the trail from `qhead`.
    fn propagate_queue(&mut self) -> Result<(), Conflict> {
        while self.assignment.qhead < self.assignment.trail.len() {
            let p = self.assignment.trail[self.assignment.qhead];
            self.assignment.qhead += 1;
            self.stats.propagations += 1;
            self.weights.on_true(p);
            let violated = self.minimizer.on_true(p);
            if self.unfounded.is_active() {
                self.unfounded.on_assign(p.var(), &self.assignment);
            }
            if self.acyclic.is_active() && self.acyclic.on_true(p, &mut self.nogood) {
                self.weights.clear_pending();
                return Err(Conflict::Nogood);
            }
            if let Err(c) = self.clauses.propagate(!p, &mut self.assignment) {
                self.weights.clear_pending();
                return Err(Conflict::Clause(c));
            }
            self.weights
                .propagate(&mut self.assignment)
                .map_err(Conflict::Weight)?;
            if violated {
                return Err(Conflict::Minimize);
            }
        }
        Ok(())
    }

    /// Runs the unfounded-set check; `Ok(true)` if it assigned something.
    fn check_unfounded(&mut self) -> Result<bool, Conflict> {
        let mut set = std::mem::take(&mut self.unfounded_set);
        set.clear();
        if self
            .unfounded
            .check(&self.assignment, &self.limits, &mut set)
            .is_err()
        {
            self.ufs_stopped = true;
            self.unfounded_set = set;
            return Ok(false);
        }
        let result = if set.is_empty() {
            Ok(false)
        } else {
            self.falsify_unfounded(&set).map(|_| true)
        };
        self.unfounded_set = set;
        result
    }

    /// Makes every atom of the unfounded `set` false with a loop nogood, or reports a conflict.
    fn falsify_unfounded(&mut self, set: &[Lit]) -> Result<(), Conflict> {
        let mut external = std::mem::take(&mut self.loop_clause);
        external.clear();
        self.unfounded
            .external_support(set, &self.assignment, &mut external);
        let a = &self.assignment;
        external.sort_by_key(|l| std::cmp::Reverse(a.level_of(l.var())));
        let result = match set.iter().find(|&&u| self.assignment.is_true(u)) {
            Some(&u) => {
                self.nogood.clear();
                self.nogood.push(u);
                self.nogood.extend(external.iter().map(|&l| !l));
                Err(Conflict::Nogood)
            }
            None => {
                for &u in set {
                    self.add_loop_clause(u, &external);
                }
                Ok(())
            }
        };
        self.loop_clause = external;
        result
    }

    /// Adds `(¬u ∨ external...)` and makes `u` false with it as reason.
    fn add_loop_clause(&mut self, u: Lit, external: &[Lit]) {
        if !self.assignment.is_false(u) && external.is_empty() {
            if self.assignment.level() > 0 {
                self.learnt_units.push(!u);
            }
            self.assignment.assign(!u, Reason::Fact);
            return;
        }
        if self.assignment.is_false(u) {
            return;
        }
        let mut clause = Vec::with_capacity(external.len() + 1);
        clause.push(!u);
        clause.extend_from_slice(external);
        let cref = self
            .clauses
            .alloc(&clause, true, external.len().min(8) as u32 + 1);
        self.assignment.assign(!u, Reason::Clause(cref));
    }
}
