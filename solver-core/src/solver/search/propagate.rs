//! The propagation pipeline: per trail literal, counters of weight constraints and the
//! optimization bound first, the acyclicity constraint's edges (a cycle is a conflict), then binary, ternary and long clauses, then weight constraints;
//! at a fixpoint the post-propagators: the bound, the acyclicity inference (a literal
//! whose edge would close a cycle is made false, with the cycle as its reason), then the unfounded-set check, whose loop
//! nogoods make the atoms of an unfounded set false (or are the conflict), then the user
//! propagators (`theory.rs`). A check stopped by
//! the interrupt or the deadline ends propagation early with `propagation_stopped` set: the caller
//! must not take the assignment for a fixpoint (the search returns its stop outcome). The
//! queue itself looks at the limits every [`POLL_EVERY`] literals, so that one long
//! propagation (a million-atom chain set by one decision) stops as promptly.
//!
//! # Invariants
//! - Every literal below `qhead` has been seen by every propagator.
//! - On a conflict, the weight constraints' pending queue is cleared.
//! - A queue stopped by the limits leaves `qhead` at the first literal not yet seen, with no
//!   weight constraint pending: the next propagation resumes there, and backtracking undoes
//!   only what the propagators have seen.

use super::{Conflict, Search};
use crate::solver::assignment::Reason;
use crate::solver::lit::Lit;

/// How many trail literals the queue processes between two looks at the interrupt and the
/// deadline (a power of two; a few milliseconds of propagation at most).
const POLL_EVERY: usize = 1 << 14;

impl Search {
    /// Propagates to a fixpoint of all propagators, or returns a conflict; `Ok` with
    /// `propagation_stopped` set when the limits stopped the queue or the unfounded-set check
    /// first.
    pub(super) fn propagate(&mut self) -> Result<(), Conflict> {
        self.propagation_stopped = false;
        loop {
            self.propagate_queue()?;
            if self.propagation_stopped {
                return Ok(());
            }
            if self.minimizer.propagate(&mut self.assignment) {
                continue;
            }
            if self.acyclic.is_active() && self.propagate_acyclic()? {
                continue;
            }
            if self.unfounded.is_active() && self.check_unfounded()? {
                continue;
            }
            if self.propagators.is_active()
                && !self.propagation_stopped
                && self.propagate_theory()?
            {
                continue;
            }
            return Ok(());
        }
    }

    /// Processes the trail from `qhead`; stops early with `propagation_stopped` set when the
    /// limits say so (see the invariants).
    pub(super) fn propagate_queue(&mut self) -> Result<(), Conflict> {
        self.clauses.prepare();
        if self.clauses_only() {
            return self.propagate_clause_queue();
        }
        while let Some(p) = self.next_queued() {
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

    /// [`Search::propagate_queue`] when [`Search::clauses_only`] holds: the same literals in
    /// the same order to the clauses alone, without the tests of the idle hooks.
    fn propagate_clause_queue(&mut self) -> Result<(), Conflict> {
        while let Some(p) = self.next_queued() {
            if let Err(c) = self.clauses.propagate(!p, &mut self.assignment) {
                self.weights.clear_pending();
                return Err(Conflict::Clause(c));
            }
        }
        Ok(())
    }

    /// The trail literal at `qhead`, which moves past it; `None` at the end of the trail or
    /// when the limits stop the queue (`propagation_stopped` then set; see the invariants).
    #[inline(always)]
    fn next_queued(&mut self) -> Option<Lit> {
        if self.assignment.qhead >= self.assignment.trail.len() {
            return None;
        }
        if self.assignment.qhead % POLL_EVERY == POLL_EVERY - 1 && self.limits_reached() {
            self.propagation_stopped = true;
            return None;
        }
        let p = self.assignment.trail[self.assignment.qhead];
        self.assignment.qhead += 1;
        self.stats.propagations += 1;
        Some(p)
    }

    /// Whether the clauses are the only propagator that reacts to a trail literal: no weight
    /// constraint left, no optimization level (hence no bound, whose tag then needs no
    /// tracking), no acyclicity constraint and no cyclic atom.
    pub(super) fn clauses_only(&self) -> bool {
        self.weights.is_idle()
            && self.minimizer.is_inert()
            && !self.acyclic.is_active()
            && !self.unfounded.is_active()
    }

    /// Assigns what the acyclicity constraint infers; `Ok(true)` if it assigned something.
    fn propagate_acyclic(&mut self) -> Result<bool, Conflict> {
        let mut implied = std::mem::take(&mut self.acyclic_implied);
        implied.clear();
        self.acyclic.infer(&self.assignment, &mut implied);
        let mut assigned = false;
        let mut result = Ok(false);
        for implication in &implied {
            if self.assignment.is_true(implication.lit) {
                continue;
            }
            if self.assignment.is_false(implication.lit) {
                self.nogood.clear();
                self.nogood.extend_from_slice(&implication.reason);
                self.nogood.push(!implication.lit);
                self.weights.clear_pending();
                result = Err(Conflict::Nogood);
                break;
            }
            let mut others: Vec<Lit> = implication.reason.iter().map(|&l| !l).collect();
            let a = &self.assignment;
            others.sort_by_key(|l| std::cmp::Reverse(a.level_of(l.var())));
            self.add_implied_clause(implication.lit, &others);
            assigned = true;
        }
        self.acyclic_implied = implied;
        result.map(|_: bool| assigned)
    }

    /// Adds the learnt clause `(lit ∨ others...)` (every literal of `others` false, sorted by
    /// decreasing level) and makes the unassigned `lit` true with it as reason; with `others`
    /// empty, `lit` holds without antecedents (a fact).
    fn add_implied_clause(&mut self, lit: Lit, others: &[Lit]) {
        if others.is_empty() {
            if self.assignment.level() > 0 {
                self.learnt_units.push(lit);
            }
            self.assignment.assign(lit, Reason::Fact);
            return;
        }
        let mut clause = Vec::with_capacity(others.len() + 1);
        clause.push(lit);
        clause.extend_from_slice(others);
        let cref = self
            .clauses
            .alloc(&clause, true, others.len().min(8) as u32 + 1);
        self.assignment.assign(lit, Reason::Clause(cref));
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
            self.propagation_stopped = true;
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
        if !self.assignment.is_false(u) {
            self.add_implied_clause(!u, external);
        }
    }
}
