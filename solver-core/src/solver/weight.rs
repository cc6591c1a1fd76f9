//! Weight constraints, propagated natively (never unrolled into clauses).
//!
//! Each constraint reads `condition → Σ weight_i · lit_i ≥ bound` with positive weights, each
//! at most `bound`, sorted by decreasing weight. A weight body `B ≡ Σ w·l ≥ k` becomes two of
//! them: `B → Σ w·l ≥ k` and `¬B → Σ w·¬l ≥ W − k + 1` (W the total weight).
//!
//! `slack = Σ{w_i : lit_i not false} − bound`, counting only falsifications already processed
//! (trail positions before `qhead`); [`WeightStore::on_true`] lowers it and
//! [`WeightStore::undo`] raises it again on backtracking. Propagation:
//! - `slack < 0`: the condition must be false (a conflict if it is true);
//! - condition true: each unassigned `lit_i` with `w_i > slack` must be true.
//!
//! Explanations are computed lazily from the trail: the antecedents of an implied literal are
//! the condition (unless the condition itself was implied) and every element false before it.

use super::assignment::{Assignment, Reason};
use super::lit::{Lists, Lit, Value};

/// One normalised weight constraint.
pub(crate) struct WeightConstraint {
    /// When true, the sum must reach `bound`; when the sum cannot, it is made false.
    pub(crate) condition: Lit,
    /// Elements by decreasing weight.
    pub(crate) elements: Vec<(Lit, i64)>,
    /// Current slack (see module doc).
    slack: i64,
}

/// Which part of a constraint a literal event concerns.
#[derive(Copy, Clone, Debug)]
enum Role {
    /// The condition became true.
    Condition,
    /// An element became false, losing this weight.
    Element(i64),
}

/// All weight constraints and their per-literal triggers.
#[derive(Default)]
pub(crate) struct WeightStore {
    /// The constraints.
    pub(crate) constraints: Vec<WeightConstraint>,
    /// `triggers[l]`: constraints to update when `l` becomes true.
    triggers: Lists<(u32, Role)>,
    /// Constraints touched since the last `propagate` (scratch, empty between calls).
    pending: Vec<u32>,
}

impl WeightStore {
    /// Adds `condition → Σ w·l ≥ bound`; elements must be positive-weight, distinct variables.
    /// Returns false when the sum can never reach the bound (the condition must be false).
    pub(crate) fn add(
        &mut self,
        condition: Lit,
        mut elements: Vec<(Lit, i64)>,
        bound: i64,
    ) -> bool {
        for element in &mut elements {
            element.1 = element.1.min(bound);
        }
        elements.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
        let total: i64 = elements.iter().fold(0i64, |s, e| s.saturating_add(e.1));
        if total < bound {
            return false;
        }
        let id = self.constraints.len() as u32;
        self.triggers.push(condition.index(), (id, Role::Condition));
        for &(lit, weight) in &elements {
            self.triggers
                .push((!lit).index(), (id, Role::Element(weight)));
        }
        self.constraints.push(WeightConstraint {
            condition,
            elements,
            slack: total - bound,
        });
        true
    }

    /// [`WeightStore::add`] to a search with literals assigned (at level 0): the slack starts
    /// without the weights of the elements whose falsification was processed already (trail
    /// positions before `qhead`; later ones reach [`WeightStore::on_true`] as usual), and the
    /// constraint waits for the next [`WeightStore::propagate`].
    pub(crate) fn add_assigned(
        &mut self,
        condition: Lit,
        elements: Vec<(Lit, i64)>,
        bound: i64,
        a: &Assignment,
    ) -> bool {
        if !self.add(condition, elements, bound) {
            return false;
        }
        let id = self.constraints.len() - 1;
        let processed = |lit: Lit| a.is_false(lit) && (a.position_of(lit.var()) as usize) < a.qhead;
        let constraint = &mut self.constraints[id];
        for &(lit, weight) in &constraint.elements {
            if processed(lit) {
                constraint.slack -= weight;
            }
        }
        self.pending.push(id as u32);
        true
    }

    /// Updates slacks for `lit` having become true; remembers touched constraints.
    pub(crate) fn on_true(&mut self, lit: Lit) {
        for &(id, role) in self.triggers.get(lit.index()) {
            if let Role::Element(weight) = role {
                self.constraints[id as usize].slack -= weight;
            }
            self.pending.push(id);
        }
    }

    /// Reverts `on_true(lit)` when `lit` is unassigned by backtracking.
    pub(crate) fn undo(&mut self, lit: Lit) {
        for &(id, role) in self.triggers.get(lit.index()) {
            if let Role::Element(weight) = role {
                self.constraints[id as usize].slack += weight;
            }
        }
    }

    /// Drops remembered constraints (after a conflict elsewhere).
    pub(crate) fn clear_pending(&mut self) {
        self.pending.clear();
    }

    /// Propagates the constraints touched since the last call; `Err(id)` on a conflict.
    pub(crate) fn propagate(&mut self, a: &mut Assignment) -> Result<(), u32> {
        while let Some(id) = self.pending.pop() {
            if let Err(id) = self.propagate_one(id, a) {
                self.pending.clear();
                return Err(id);
            }
        }
        Ok(())
    }

    /// Propagates one constraint.
    fn propagate_one(&self, id: u32, a: &mut Assignment) -> Result<(), u32> {
        let constraint = &self.constraints[id as usize];
        if constraint.slack < 0 {
            return match a.value(constraint.condition) {
                Value::True => Err(id),
                Value::False => Ok(()),
                Value::Unassigned => {
                    a.assign(!constraint.condition, Reason::Weight(id));
                    Ok(())
                }
            };
        }
        if !a.is_true(constraint.condition) {
            return Ok(());
        }
        for &(lit, weight) in &constraint.elements {
            if weight <= constraint.slack {
                break;
            }
            if a.value(lit) == Value::Unassigned {
                a.assign(lit, Reason::Weight(id));
            }
        }
        Ok(())
    }

    /// Appends the true antecedents of `implied` (made true by constraint `id`) to `out`;
    /// with `implied = None`, the antecedents of the constraint's conflict.
    pub(crate) fn explain(
        &self,
        id: u32,
        implied: Option<Lit>,
        a: &Assignment,
        out: &mut Vec<Lit>,
    ) {
        let constraint = &self.constraints[id as usize];
        let limit = implied.map_or(u32::MAX, |lit| a.position_of(lit.var()));
        if implied != Some(!constraint.condition) {
            out.push(constraint.condition);
        }
        for &(lit, _) in &constraint.elements {
            if a.is_false(lit) && a.position_of(lit.var()) < limit {
                out.push(!lit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::lit::Var;

    #[test]
    fn condition_true_forces_heavy_elements() {
        let mut store = WeightStore::default();
        let mut a = Assignment::new(5);
        let elements = vec![(Var(2).pos(), 2), (Var(3).pos(), 1), (Var(4).pos(), 1)];
        assert!(store.add(Var(1).pos(), elements, 3));
        a.assign(Var(3).neg(), Reason::Decision);
        store.on_true(Var(3).neg());
        a.assign(Var(1).pos(), Reason::Decision);
        store.on_true(Var(1).pos());
        assert_eq!(store.propagate(&mut a), Ok(()));
        assert!(a.is_true(Var(2).pos()) && a.is_true(Var(4).pos()));
        let mut why = Vec::new();
        store.explain(0, Some(Var(4).pos()), &a, &mut why);
        assert_eq!(why, vec![Var(1).pos(), Var(3).neg()]);
    }

    #[test]
    fn unreachable_bound_falsifies_condition_and_undo_restores() {
        let mut store = WeightStore::default();
        let mut a = Assignment::new(4);
        assert!(store.add(Var(1).pos(), vec![(Var(2).pos(), 1), (Var(3).pos(), 1)], 2));
        a.assign(Var(2).neg(), Reason::Decision);
        store.on_true(Var(2).neg());
        assert_eq!(store.propagate(&mut a), Ok(()));
        assert!(a.is_false(Var(1).pos()));
        assert_eq!(store.constraints[0].slack, -1);
        store.undo(Var(2).neg());
        assert_eq!(store.constraints[0].slack, 0);
        assert!(!store.add(Var(1).pos(), vec![(Var(2).pos(), 1)], 2));
    }
}
