//! Learnt-nogood deletion by LBD (glue clauses, LBD <= 2, are kept; the worse half of the
//! others that are not reasons goes), and compaction of the clause arena with reasons remapped.

use super::Search;
use crate::solver::assignment::{CRef, Reason};

impl Search {
    /// Deletes the worse half of the non-glue learnt clauses that are not reasons.
    pub(super) fn reduce_learnts(&mut self) {
        let mut candidates: Vec<CRef> = Vec::new();
        for &cref in &self.clauses.learnts {
            if !self.clauses.is_deleted(cref) && self.clauses.lbd(cref) > 2 && !self.is_locked(cref)
            {
                candidates.push(cref);
            }
        }
        let clauses = &self.clauses;
        candidates.sort_by(|&x, &y| {
            clauses.lbd(y).cmp(&clauses.lbd(x)).then(
                clauses
                    .activity(x)
                    .partial_cmp(&clauses.activity(y))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        let count = candidates.len() / 2;
        for &cref in &candidates[..count] {
            self.clauses.delete(cref);
        }
        self.stats.deleted_nogoods += count as u64;
        let mut learnts = std::mem::take(&mut self.clauses.learnts);
        learnts.retain(|&c| !self.clauses.is_deleted(c));
        self.clauses.learnts = learnts;
        if self.clauses.needs_collect() {
            self.collect_garbage();
        }
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
