//! Learnt-nogood deletion, after clasp's "basic" reduction with activity scores.
//!
//! A learnt clause's activity counts the conflict analyses that resolved on it and is halved
//! at every deletion round, so it weighs recent use. A round keeps the clauses that are
//! reasons now, the glue clauses (LBD <= `GLUE`), the clauses of LBD <= `TIER` used in one of
//! the last four rounds (activity >= `RECENT`), and the active ones (activity above
//! 1.5 times the average); it deletes the others, oldest first, up to `DELETED_PERCENT` of
//! all learnt clauses (75 %, not clasp's 50 %: a smaller database halves our cost per
//! conflict on pigeonhole; BENCHMARKS.md, "Cost per conflict on the cardinality programs").
//! The arena is compacted, with reasons remapped, when more than half of it is garbage. (Sorting by LBD alone kept long-unused clauses: on pigeonhole 10 the watch lists
//! grew so long that a conflict cost 4x clasp's; see BENCHMARKS.md.)

use super::Search;
use crate::solver::assignment::{CRef, Reason};

/// Clauses with an LBD at most this are never deleted.
const GLUE: u32 = 2;
/// Clauses with an LBD at most this are kept while they are used.
const TIER: u32 = 6;
/// At most this share (percent) of the learnt clauses goes in one deletion round.
const DELETED_PERCENT: usize = 75;
/// The activity of a clause used once in the last four deletion rounds.
const RECENT: f64 = 1.0 / 16.0;

impl Search {
    /// Deletes up to `DELETED_PERCENT` of the learnt clauses: the oldest that are neither
    /// reasons, glue, recently used low-LBD clauses, nor active; halves the activity of those
    /// kept.
    pub(super) fn reduce_learnts(&mut self) {
        let mut learnts = std::mem::take(&mut self.clauses.learnts);
        learnts.retain(|&c| !self.clauses.is_deleted(c));
        let total: f64 = learnts
            .iter()
            .map(|&c| f64::from(self.clauses.activity(c)))
            .sum();
        let active = 1.5 * total / learnts.len().max(1) as f64;
        let mut quota = learnts.len() * DELETED_PERCENT / 100;
        learnts.retain(|&cref| {
            let keep = quota == 0 || self.keeps(cref, active);
            if keep {
                self.clauses.halve_activity(cref);
            } else {
                self.clauses.delete(cref);
                quota -= 1;
                self.stats.deleted_nogoods += 1;
            }
            keep
        });
        self.clauses.learnts = learnts;
        if self.clauses.needs_collect() {
            self.collect_garbage();
        }
    }

    /// Deletes every learnt clause that is not the reason of an assigned literal (clasp's
    /// `--forget-on-step=lemmas`); returns how many it deleted.
    pub(crate) fn forget_learnts(&mut self) -> u64 {
        let mut learnts = std::mem::take(&mut self.clauses.learnts);
        learnts.retain(|&c| !self.clauses.is_deleted(c));
        let before = learnts.len();
        learnts.retain(|&cref| {
            let keep = self.is_locked(cref);
            if !keep {
                self.clauses.delete(cref);
            }
            keep
        });
        let forgotten = (before - learnts.len()) as u64;
        self.stats.deleted_nogoods += forgotten;
        self.clauses.learnts = learnts;
        if self.clauses.needs_collect() {
            self.collect_garbage();
        }
        forgotten
    }

    /// Whether a deletion round keeps a learnt clause (see the module doc).
    fn keeps(&self, cref: CRef, active: f64) -> bool {
        let lbd = self.clauses.lbd(cref);
        let activity = f64::from(self.clauses.activity(cref));
        lbd <= GLUE
            || activity > active
            || (lbd <= TIER && activity >= RECENT)
            || self.is_locked(cref)
    }

    /// Whether a clause is the reason of its first literal.
    fn is_locked(&self, cref: CRef) -> bool {
        let first = self.clauses.lit(cref, 0);
        self.assignment.is_true(first)
            && self.assignment.reason_of(first.var()) == Reason::Clause(cref)
    }

    /// Compacts the clause arena and remaps reasons.
    pub(super) fn collect_garbage(&mut self) {
        let moves = self.clauses.collect();
        for index in 0..self.assignment.trail.len() {
            let var = self.assignment.trail[index].var();
            if let Reason::Clause(old) = self.assignment.reason_of(var) {
                if let Ok(i) = moves.binary_search_by_key(&old, |m| m.0) {
                    self.assignment.set_reason(var, Reason::Clause(moves[i].1));
                }
            }
        }
    }
}
