//! Conflict resolution: the violated nogood of a conflict, first-UIP learning and backjumping
//! above the enumeration root, flipping the highest decision at or below it (enumeration by
//! backtracking), failing the assumptions at an assumption level (noting the highest
//! assumption level the conflict depends on, for the core), and exhaustion at level 0.
//!
//! # Invariants
//! - `nogood` holds only true literals when `resolve_nogood` runs.
//! - Backtracking undoes the counters of weight constraints and the optimization bound only
//!   for literals already propagated (positions below `qhead`).

use super::{Conflict, Search};
use crate::solver::analyze::Explainer;
use crate::solver::assignment::Reason;
use crate::solver::clauses::ClauseConflict;
use crate::solver::lit::Lit;
use crate::solver::propagator::PartialAssignment;

impl Search {
    /// Handles a conflict: learn, backjump, maybe restart or delete learnt nogoods.
    pub(super) fn on_conflict(&mut self, conflict: Conflict) {
        self.stats.conflicts += 1;
        self.conflict_nogood(conflict);
        self.resolve_nogood();
        self.heuristic.decay();
        let (restart, reduce) = self.schedule.on_conflict();
        if reduce {
            self.reduce_learnts();
        }
        if restart && !self.exhausted {
            self.stats.restarts += 1;
            self.backtrack(self.root);
        }
    }

    /// Fills `self.nogood` with the true literals of a conflict.
    pub(super) fn conflict_nogood(&mut self, conflict: Conflict) {
        let mut nogood = std::mem::take(&mut self.nogood);
        if !matches!(conflict, Conflict::Nogood) {
            nogood.clear();
        }
        match conflict {
            Conflict::Clause(ClauseConflict::Binary(x, y)) => nogood.extend([!x, !y]),
            Conflict::Clause(ClauseConflict::Ternary(x, y, z)) => nogood.extend([!x, !y, !z]),
            Conflict::Clause(ClauseConflict::Long(cref)) => {
                nogood.extend(self.clauses.lits(cref).iter().map(|&c| !Lit(c)));
            }
            Conflict::Weight(id) => self
                .weights
                .explain(id, None, &self.assignment, &mut nogood),
            Conflict::Minimize => {
                let levels = self.minimizer.violation().unwrap_or(0);
                self.minimizer
                    .explain(levels, u32::MAX, &self.assignment, &mut nogood);
            }
            Conflict::Nogood => {}
        }
        self.nogood = nogood;
    }

    /// Resolves the violated nogood in `self.nogood` (all literals true).
    pub(crate) fn resolve_nogood(&mut self) {
        let a = &self.assignment;
        let top = self
            .nogood
            .iter()
            .map(|l| a.level_of(l.var()))
            .max()
            .unwrap_or(0);
        if top <= self.root {
            if top == 0 {
                self.exhausted = true;
            } else if top <= self.assumed {
                self.failed = true;
                self.failed_level = top;
                let trail = self.assumption_trail.iter();
                self.refuted = trail.take_while(|&&(_, level)| level <= top).count();
                self.core_level = self.dependency_level(&self.nogood);
            } else {
                self.flip(top);
            }
            return;
        }
        self.backtrack(top);
        let explainer = Explainer {
            assignment: &self.assignment,
            clauses: &self.clauses,
            weights: &self.weights,
            minimizer: &self.minimizer,
        };
        let nogood = std::mem::take(&mut self.nogood);
        let learnt = self
            .analyzer
            .analyze(&explainer, &mut self.heuristic, &nogood);
        self.nogood = nogood;
        for cref in self.analyzer.used_clauses.drain(..) {
            self.clauses.bump(cref, 1.0);
        }
        self.learn(learnt.level, learnt.lbd);
    }

    /// The highest decision level whose decision the true literals `lits` depend on (their
    /// reasons followed back; 0: none, they follow from the nogoods alone). A literal at a
    /// level at or below the highest found so far cannot raise it and is not followed.
    fn dependency_level(&self, lits: &[Lit]) -> u32 {
        let explainer = Explainer {
            assignment: &self.assignment,
            clauses: &self.clauses,
            weights: &self.weights,
            minimizer: &self.minimizer,
        };
        let a = &self.assignment;
        let (mut highest, mut stack) = (0, lits.to_vec());
        let mut seen = std::collections::HashSet::new();
        while let Some(lit) = stack.pop() {
            let level = a.level_of(lit.var());
            if level <= highest || !seen.insert(lit.var()) {
                continue;
            }
            match a.reason_of(lit.var()) {
                Reason::Decision => highest = level,
                _ => explainer.explain(lit, &mut stack),
            }
        }
        highest
    }

    /// Adds the analyzer's clause, backjumps and asserts its first literal.
    fn learn(&mut self, level: u32, lbd: u32) {
        self.backtrack(level.max(self.root));
        let lits = std::mem::take(&mut self.analyzer.learnt);
        self.stats.learnt_nogoods += 1;
        if lits.len() == 1 {
            if self.assignment.level() > 0 {
                self.learnt_units.push(lits[0]);
            }
            self.assignment.assign(lits[0], Reason::Fact);
        } else {
            let cref = self.clauses.alloc(&lits, true, lbd);
            self.assignment.assign(lits[0], Reason::Clause(cref));
        }
        self.analyzer.learnt = lits;
    }

    /// Enumeration step: flips the decision of `level`, which becomes explored.
    pub(crate) fn flip(&mut self, level: u32) {
        let decision = self.assignment.decision_of(level);
        self.backtrack(level - 1);
        self.assignment.assign(!decision, Reason::Decision);
        self.root = level - 1;
    }

    /// Undoes every level above `level` (one by one, highest first, while a propagator is
    /// registered: its `undo` sees one level at a time).
    pub(crate) fn backtrack(&mut self, level: u32) {
        if level >= self.assignment.level() {
            return;
        }
        let top = match self.propagators.is_active() {
            true => self.assignment.level(),
            false => level + 1,
        };
        for undone in (level + 1..=top).rev() {
            self.unassign_from(self.assignment.level_start(undone));
            self.assignment.level_starts.truncate(undone as usize - 1);
        }
    }

    /// Unassigns the trail literals from index `start` on, last first, undoing the counters
    /// of the propagators that have seen them.
    pub(super) fn unassign_from(&mut self, start: usize) {
        let (acyclic, unfounded) = (self.acyclic.is_active(), self.unfounded.is_active());
        let qhead = self.assignment.qhead;
        if self.clauses_only() {
            // Only the heuristic sees the unassigned literals (the other hooks are idle): one
            // loop over the tail, no per-literal tests of the idle hooks.
            let heuristic = &mut self.heuristic;
            self.assignment
                .unassign_tail(start, |lit| heuristic.on_unassign(lit));
        }
        while self.assignment.trail.len() > start {
            let position = self.assignment.trail.len() - 1;
            let Some(lit) = self.assignment.pop() else {
                break;
            };
            if position < qhead {
                self.weights.undo(lit);
                self.minimizer.undo(lit);
                if acyclic {
                    self.acyclic.undo(lit);
                }
            }
            self.heuristic.on_unassign(lit);
            if unfounded {
                self.unfounded.on_unassign(lit.var());
            }
        }
        self.assignment.qhead = self.assignment.qhead.min(start);
        self.weights.clear_pending();
        if self.propagators.is_active() {
            let view = PartialAssignment::new(&self.assignment, self.root, false);
            self.propagators.backtrack(start, &view);
        }
    }

    /// Adds a clause violated by the current assignment and resolves the conflict.
    pub(crate) fn add_violated_clause(&mut self, mut clause: Vec<Lit>) {
        let a = &self.assignment;
        clause.sort_by_key(|l| std::cmp::Reverse(a.level_of(l.var())));
        clause.dedup();
        if clause.len() >= 2 {
            self.clauses.alloc(&clause, false, 0);
        }
        self.nogood.clear();
        self.nogood.extend(clause.iter().map(|&l| !l));
        self.resolve_nogood();
    }

    /// Resolves a violated optimization bound.
    pub(crate) fn resolve_bound(&mut self) {
        self.conflict_nogood(Conflict::Minimize);
        self.resolve_nogood();
    }
}
