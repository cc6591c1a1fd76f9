//! Search under assumptions (solve calls and the minimality tester): the assumptions are the
//! decisions of the levels up to `root`; the next call keeps the levels of the prefix it shares
//! with the last one, and answers at once if it starts with a prefix refuted last time.
//!
//! # Invariants
//! - Levels `1..=assumed` hold assumptions and are never backtracked during a call (restarts
//!   and backjumps stop at `root = assumed`).
//! - `refuted > 0` means the first `refuted` entries of `assumption_trail` have no model
//!   together (the nogoods only grow by consequences, so this stays true).

use super::{Outcome, Search};
use crate::solver::assignment::Reason;
use crate::solver::lit::{Lit, Value};

impl Search {
    /// Searches for a model in which every literal of `assumptions` holds (learnt nogoods are
    /// kept): the assumptions are the decisions of the first levels, which are never
    /// backjumped over; a conflict resolved at one of them means no such model (`Exhausted`,
    /// without exhausting the search for later calls). The levels of the longest prefix that
    /// the previous call assumed too are kept (see [`Search::reusable_assumptions`]), and a
    /// call that starts with a refuted prefix of the previous one fails at once.
    pub(crate) fn solve_assuming(&mut self, assumptions: &[Lit]) -> Outcome {
        if self.starts_refuted(assumptions) {
            return Outcome::Exhausted;
        }
        self.refuted = 0;
        let kept = self.reusable_assumptions(assumptions);
        let level = kept
            .checked_sub(1)
            .map_or(0, |i| self.assumption_trail[i].1);
        self.backtrack(level);
        self.assumption_trail.truncate(kept);
        (self.root, self.assumed, self.failed) = (level, level, false);
        for &lit in &assumptions[kept..] {
            if self.exhausted || self.failed {
                return Outcome::Exhausted;
            }
            if let Err(conflict) = self.propagate() {
                self.on_conflict(conflict);
                continue;
            }
            if self.propagation_stopped {
                self.propagation_stopped = false;
                return self.stop_outcome();
            }
            match self.assignment.value(lit) {
                Value::True => {}
                Value::False => {
                    self.assumption_trail.push((lit, self.assumed));
                    self.refuted = self.assumption_trail.len();
                    self.core_level = u32::MAX;
                    return Outcome::Exhausted;
                }
                Value::Unassigned => {
                    self.assignment.new_level();
                    self.assignment.assign(lit, Reason::Decision);
                    self.assumed = self.assignment.level();
                    self.root = self.assumed;
                }
            }
            self.assumption_trail.push((lit, self.assumed));
        }
        self.solve()
    }

    /// After a call found its assumptions without a model: the positions (in the call's
    /// assumptions) of the ones clasp reports as its core: among the refuted prefix, those
    /// that were decided (not already true when their turn came) at a level the final
    /// conflict depends on or below, and the one found false. Empty when the program itself
    /// has no model (a conflict at level 0, or one that depends on no assumption).
    pub(crate) fn core_positions(&self) -> Vec<usize> {
        if self.exhausted {
            return Vec::new();
        }
        let a = &self.assignment;
        let refuted = self.refuted.min(self.assumption_trail.len());
        let in_core = |&(lit, level): &(Lit, u32)| {
            a.is_false(lit)
                || (level > 0 && level <= self.core_level && a.decision_of(level) == lit)
        };
        let trail = self.assumption_trail[..refuted].iter().enumerate();
        trail.filter(|(_, e)| in_core(e)).map(|(i, _)| i).collect()
    }

    /// Whether `assumptions` start with the refuted prefix of the last call's assumptions.
    ///
    /// # Invariant
    /// The decisions of levels `1..=assumed` are assumptions, so a conflict resolved at an
    /// assumption level `t` (or an assumption found false at level `t`) shows that the
    /// assumptions up to level `t` have no model; the nogoods only grow by consequences.
    fn starts_refuted(&self, assumptions: &[Lit]) -> bool {
        let n = self.refuted;
        n > 0
            && self.assumption_trail.len() >= n
            && assumptions.len() >= n
            && self.assumption_trail[..n]
                .iter()
                .zip(assumptions)
                .all(|(&(old, _), &new)| old == new)
    }

    /// How many leading `assumptions` the previous call assumed at the same positions with
    /// their levels still valid: present on the trail and propagated to a fixpoint, which
    /// holds for every level below the current one except from the level of a failing
    /// conflict on (its violated nogood is not on the propagation queue).
    ///
    /// # Invariant
    /// Levels `1..=assumed` are never backtracked during a call (restarts and backjumps stop
    /// at `root = assumed`), and a learnt nogood asserts at its second-highest level, so
    /// each lower level stays a fixpoint of all nogoods, learnt ones included.
    fn reusable_assumptions(&self, assumptions: &[Lit]) -> usize {
        let valid_below = match self.failed {
            true => self.failed_level,
            false => self.assignment.level().saturating_add(1),
        };
        self.assumption_trail
            .iter()
            .zip(assumptions)
            .take_while(|&(&(old, level), &new)| old == new && level < valid_below)
            .count()
    }
}
