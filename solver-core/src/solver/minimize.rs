//! The optimization bound: branch and bound over lexicographically ordered priority levels.
//!
//! Levels are ordered highest priority first; each holds literals with positive weights
//! (negative weights are normalised to the complement literal plus a constant offset). `sums`
//! holds, per level, the weight of the true literals processed so far (trail positions before
//! `qhead`), maintained by [`Minimizer::on_true`] and [`Minimizer::undo`].
//!
//! With a bound `U`, the current lower bound `L = sums` must stay lexicographically below `U`
//! (`strict`) or at most `U`. Since all weights are positive, any extension of an assignment has
//! a lexicographically larger `L`, so the true literals at levels up to the first level where `L`
//! exceeds `U` (or all levels when `L = U`) form a valid nogood. Propagation (at fixpoints):
//! with levels `0..i` tight (`L_j = U_j`), every unassigned literal there must be false, and at
//! level `i` every unassigned literal with `L_i + w > U_i` must be false.

use super::assignment::{Assignment, Reason};
use super::lit::{Lists, Lit, Value};

/// One priority level.
#[derive(Clone, Debug, Default)]
pub(crate) struct Level {
    /// Literals with positive weights, by decreasing weight.
    pub(crate) lits: Vec<(Lit, i64)>,
    /// Constant part of the cost (from normalised negative weights).
    pub(crate) offset: i64,
}

/// The minimize statements and the current bound.
#[derive(Default)]
pub(crate) struct Minimizer {
    /// Levels, highest priority first.
    pub(crate) levels: Vec<Level>,
    /// Per-level weight of processed true literals.
    sums: Vec<i64>,
    /// `triggers[l]`: (level, weight) entries for literal `l`.
    triggers: Lists<(u32, i64)>,
    /// The bound (normalised costs, without offsets), if any.
    bound: Option<Vec<i64>>,
    /// Whether the bound excludes equal costs.
    strict: bool,
    /// The solve call's tag literal: the bound holds only while it is true, and every
    /// explanation names it, so nogoods learnt from the bound are conditional (see `shot`).
    tag: Option<Lit>,
    /// Whether `tag` is true (processed on the trail).
    tag_true: bool,
}

impl Minimizer {
    /// A minimizer over `levels`.
    pub(crate) fn new(mut levels: Vec<Level>) -> Minimizer {
        let mut triggers = Lists::default();
        for (index, level) in levels.iter_mut().enumerate() {
            level.lits.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
            for &(lit, weight) in &level.lits {
                triggers.push(lit.index(), (index as u32, weight));
            }
        }
        Minimizer {
            sums: vec![0; levels.len()],
            levels,
            triggers,
            bound: None,
            strict: true,
            tag: None,
            tag_true: false,
        }
    }

    /// Makes the bound conditional on `tag` (the literal must be unassigned now).
    pub(crate) fn set_tag(&mut self, tag: Option<Lit>) {
        self.tag = tag;
        self.tag_true = false;
    }

    /// Whether the bound applies now: set, and the tag (if any) true.
    fn active_bound(&self) -> Option<&Vec<i64>> {
        let bound = self.bound.as_ref()?;
        (self.tag.is_none() || self.tag_true).then_some(bound)
    }

    /// Sets the bound; `strict` demands strictly better costs. Costs are normalised.
    pub(crate) fn set_bound(&mut self, bound: Option<Vec<i64>>, strict: bool) {
        debug_assert!(bound.is_none() || !self.levels.is_empty(), "see `is_inert`");
        self.bound = bound;
        self.strict = strict;
    }

    /// Whether `on_true` and `undo` may be skipped (the backtracking of a search with no other
    /// per-literal hook does): no levels, so no sums, and no bound, which without levels never
    /// comes (only optimization sets one; see `set_bound`), so `tag_true`, then possibly stale,
    /// is not read before the next `set_tag`.
    #[inline]
    pub(crate) fn is_inert(&self) -> bool {
        self.levels.is_empty() && self.bound.is_none()
    }

    /// Updates the sums for `lit` having become true; `true` if the bound is now violated.
    /// Without minimize statements (no levels) a literal other than the tag costs two tests.
    #[inline]
    pub(crate) fn on_true(&mut self, lit: Lit) -> bool {
        if Some(lit) == self.tag {
            self.tag_true = true;
            return self.violation().is_some();
        }
        !self.levels.is_empty() && self.count_true(lit)
    }

    /// [`Minimizer::on_true`] for a literal other than the tag, with levels.
    fn count_true(&mut self, lit: Lit) -> bool {
        let mut touched = false;
        for &(level, weight) in self.triggers.get(lit.index()) {
            self.sums[level as usize] = self.sums[level as usize].saturating_add(weight);
            touched = true;
        }
        touched && self.violation().is_some()
    }

    /// Reverts `on_true(lit)`.
    #[inline]
    pub(crate) fn undo(&mut self, lit: Lit) {
        if Some(lit) == self.tag {
            self.tag_true = false;
        }
        if !self.levels.is_empty() {
            self.uncount_true(lit);
        }
    }

    /// [`Minimizer::undo`] with levels.
    fn uncount_true(&mut self, lit: Lit) {
        for &(level, weight) in self.triggers.get(lit.index()) {
            self.sums[level as usize] = self.sums[level as usize].saturating_sub(weight);
        }
    }

    /// The number of levels whose true literals explain a violation of the bound, if violated.
    pub(crate) fn violation(&self) -> Option<usize> {
        let bound = self.active_bound()?;
        for (index, (&sum, &limit)) in self.sums.iter().zip(bound).enumerate() {
            if sum != limit {
                return (sum > limit).then_some(index + 1);
            }
        }
        self.strict.then_some(self.sums.len())
    }

    /// The normalised costs of the true literals of a total assignment.
    pub(crate) fn costs(&self, a: &Assignment) -> Vec<i64> {
        let sum = |level: &Level| {
            let true_weight = level
                .lits
                .iter()
                .filter(|(l, _)| a.is_true(*l))
                .map(|e| e.1);
            true_weight.fold(0i64, i64::saturating_add)
        };
        self.levels.iter().map(sum).collect()
    }

    /// Normalised costs with offsets added back: the user's costs.
    pub(crate) fn user_costs(&self, normalised: &[i64]) -> Vec<i64> {
        let with_offset = |(c, l): (&i64, &Level)| c.saturating_add(l.offset);
        normalised
            .iter()
            .zip(&self.levels)
            .map(with_offset)
            .collect()
    }

    /// Appends the tag literal (if any) and the true literals of the first `levels` levels
    /// assigned before `limit`.
    pub(crate) fn explain(&self, levels: usize, limit: u32, a: &Assignment, out: &mut Vec<Lit>) {
        out.extend(self.tag);
        for level in &self.levels[..levels.min(self.levels.len())] {
            for &(lit, _) in &level.lits {
                if a.is_true(lit) && a.position_of(lit.var()) < limit {
                    out.push(lit);
                }
            }
        }
    }

    /// Falsifies literals that would exceed the bound; returns whether anything was assigned.
    pub(crate) fn propagate(&self, a: &mut Assignment) -> bool {
        let Some(bound) = self.active_bound() else {
            return false;
        };
        let mut assigned = false;
        for (index, level) in self.levels.iter().enumerate() {
            let gap = bound[index].saturating_sub(self.sums[index]);
            if gap < 0 {
                return assigned;
            }
            for &(lit, weight) in &level.lits {
                if weight <= gap {
                    break;
                }
                if a.value(lit) == Value::Unassigned {
                    a.assign(!lit, Reason::Minimize(index as u32));
                    assigned = true;
                }
            }
            if gap > 0 {
                return assigned;
            }
        }
        assigned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::lit::Var;

    fn two_levels() -> Minimizer {
        let high = Level {
            lits: vec![(Var(1).pos(), 1)],
            offset: 0,
        };
        let low = Level {
            lits: vec![(Var(2).pos(), 3), (Var(3).pos(), 1)],
            offset: -1,
        };
        Minimizer::new(vec![high, low])
    }

    #[test]
    fn lexicographic_violation_names_the_deciding_level() {
        let mut m = two_levels();
        m.set_bound(Some(vec![0, 5]), true);
        assert!(!m.on_true(Var(2).pos()));
        assert!(m.on_true(Var(1).pos()));
        assert_eq!(m.violation(), Some(1));
        m.undo(Var(1).pos());
        assert_eq!(m.violation(), None);
        m.set_bound(Some(vec![0, 3]), true);
        assert_eq!(m.violation(), Some(2));
        m.set_bound(Some(vec![0, 3]), false);
        assert_eq!(m.violation(), None);
        assert_eq!(m.user_costs(&[0, 3]), vec![0, 2]);
    }

    #[test]
    fn tight_levels_falsify_their_literals() {
        let mut m = two_levels();
        let mut a = Assignment::new(4);
        m.set_bound(Some(vec![0, 2]), true);
        assert!(m.propagate(&mut a));
        assert!(a.is_false(Var(1).pos()));
        assert!(a.is_false(Var(2).pos()));
        assert_eq!(a.value(Var(3).pos()), Value::Unassigned);
    }
}
