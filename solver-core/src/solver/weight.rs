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
    /// The bound the sum must reach.
    bound: i64,
    /// Decided by level 0 and taken out of the triggers ([`WeightStore::simplify_at_root`]).
    retired: bool,
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
    /// How many constraints are retired.
    retired: usize,
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
            bound,
            retired: false,
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

    /// The constraints still propagated (statistics).
    pub(crate) fn active_count(&self) -> usize {
        self.constraints.len() - self.retired
    }

    /// Retires the constraints that the level-0 assignment `a` (propagated, nothing pending)
    /// leaves with nothing to do or with a few clauses' worth of meaning, appending those
    /// clauses (open literals only, at most [`ROOT_CLAUSE_LIMIT`] per constraint) to `out`:
    /// - a false condition: the constraint can only re-derive it;
    /// - a true condition over elements of equal weight needing `r` more of the `n` open ones:
    ///   every `n − r + 1` of them hold a true one, `C(n, r − 1)` clauses (none when `r ≤ 0`).
    ///
    /// Retired constraints leave the triggers; they stay in `constraints` for the reasons
    /// of level-0 literals. Level-0 literals are facts for good (see `search/steps.rs`), so
    /// the clauses say under them what the constraint said.
    pub(crate) fn simplify_at_root(&mut self, a: &Assignment, out: &mut Vec<Vec<Lit>>) {
        let before = self.retired;
        for constraint in self.constraints.iter_mut().filter(|c| !c.retired) {
            let retire = match a.value(constraint.condition) {
                Value::False => true,
                Value::True => constraint.root_clauses(a, out),
                Value::Unassigned => false,
            };
            if retire {
                constraint.retired = true;
                self.retired += 1;
            }
        }
        if self.retired > before {
            let constraints = &self.constraints;
            self.triggers
                .retain(|&(id, _)| !constraints[id as usize].retired);
        }
    }

    /// Whether every constraint is retired (no trigger left): the per-literal calls below
    /// then cost one test.
    #[inline]
    pub(crate) fn is_idle(&self) -> bool {
        self.retired == self.constraints.len()
    }

    /// Updates slacks for `lit` having become true; remembers touched constraints.
    #[inline]
    pub(crate) fn on_true(&mut self, lit: Lit) {
        if !self.is_idle() {
            self.count_false_element(lit);
        }
    }

    /// [`WeightStore::on_true`] with constraints left.
    fn count_false_element(&mut self, lit: Lit) {
        for &(id, role) in self.triggers.get(lit.index()) {
            if let Role::Element(weight) = role {
                self.constraints[id as usize].slack -= weight;
            }
            self.pending.push(id);
        }
    }

    /// Reverts `on_true(lit)` when `lit` is unassigned by backtracking.
    #[inline]
    pub(crate) fn undo(&mut self, lit: Lit) {
        if !self.is_idle() {
            self.uncount_false_element(lit);
        }
    }

    /// [`WeightStore::undo`] with constraints left.
    fn uncount_false_element(&mut self, lit: Lit) {
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
    #[inline]
    pub(crate) fn propagate(&mut self, a: &mut Assignment) -> Result<(), u32> {
        if self.pending.is_empty() {
            return Ok(());
        }
        self.propagate_pending(a)
    }

    /// [`WeightStore::propagate`] with constraints pending.
    fn propagate_pending(&mut self, a: &mut Assignment) -> Result<(), u32> {
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

/// The most clauses a retired constraint may turn into.
const ROOT_CLAUSE_LIMIT: u64 = 8;

impl WeightConstraint {
    /// With the condition true at level 0: appends the clauses equivalent to the constraint
    /// under `a` and returns true, or returns false (kept native) when the weights differ or
    /// the clauses would be more than [`ROOT_CLAUSE_LIMIT`].
    fn root_clauses(&self, a: &Assignment, out: &mut Vec<Vec<Lit>>) -> bool {
        let weight = self.elements[0].1;
        if self.elements.iter().any(|e| e.1 != weight) {
            return false;
        }
        let open: Vec<Lit> = (self.elements.iter().map(|e| e.0))
            .filter(|&l| a.value(l) == Value::Unassigned)
            .collect();
        let true_count = self.elements.iter().filter(|e| a.is_true(e.0)).count() as i64;
        let need = (self.bound + weight - 1) / weight - true_count;
        if need <= 0 {
            return true;
        }
        let size = open.len() as i64 - need + 1;
        if size < 1 || binomial(open.len() as u64, size as u64) > ROOT_CLAUSE_LIMIT {
            return false;
        }
        combinations(&open, size as usize, &mut Vec::new(), out);
        true
    }
}

/// `C(n, k)`, saturating at `u64::MAX`.
fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k.min(n));
    (0..k).fold(1u64, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// Appends every `size`-subset of `lits` (extending `prefix`) to `out`.
pub(crate) fn combinations(
    lits: &[Lit],
    size: usize,
    prefix: &mut Vec<Lit>,
    out: &mut Vec<Vec<Lit>>,
) {
    if size == 0 {
        out.push(prefix.clone());
        return;
    }
    for i in 0..=lits.len() - size {
        prefix.push(lits[i]);
        combinations(&lits[i + 1..], size - 1, prefix, out);
        prefix.pop();
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

    #[test]
    fn root_simplification_retires_decided_constraints_into_clauses() {
        let mut store = WeightStore::default();
        let mut a = Assignment::new(6);
        let lits = |vars: &[u32]| vars.iter().map(|&v| (Var(v).pos(), 1)).collect::<Vec<_>>();
        // 1 -> at least 1 of {2,3,4}; 5 -> at least 2 of {¬2,¬3,¬4} (at most one of 2,3,4);
        // ¬1 -> at least 3 of {¬2,¬3,¬4}, with 1 true at level 0: retired without clauses.
        assert!(store.add(Var(1).pos(), lits(&[2, 3, 4]), 1));
        let negated: Vec<_> = lits(&[2, 3, 4]).iter().map(|&(l, w)| (!l, w)).collect();
        assert!(store.add(Var(5).pos(), negated.clone(), 2));
        assert!(store.add(Var(1).neg(), negated, 3));
        for lit in [Var(1).pos(), Var(5).pos()] {
            a.assign(lit, Reason::Fact);
            store.on_true(lit);
        }
        assert_eq!(store.propagate(&mut a), Ok(()));
        let mut clauses = Vec::new();
        store.simplify_at_root(&a, &mut clauses);
        let pos = |v: u32| Var(v).pos();
        let neg = |v: u32| Var(v).neg();
        assert_eq!(
            clauses,
            vec![
                vec![pos(2), pos(3), pos(4)],
                vec![neg(2), neg(3)],
                vec![neg(2), neg(4)],
                vec![neg(3), neg(4)],
            ]
        );
        assert_eq!(store.active_count(), 0);
        store.on_true(Var(2).neg());
        assert_eq!(store.propagate(&mut a), Ok(()));
        assert!(!a.is_assigned(Var(3)));
    }

    #[test]
    fn root_simplification_keeps_large_or_undecided_constraints() {
        let mut store = WeightStore::default();
        let a = Assignment::new(8);
        let negated: Vec<_> = (2..8).map(|v| (Var(v).neg(), 1)).collect();
        // At most one of six: 15 binary clauses, over the limit; an undecided condition.
        assert!(store.add(Lit::TRUE, negated.clone(), 5));
        assert!(store.add(Var(1).pos(), negated, 5));
        let mut clauses = Vec::new();
        store.simplify_at_root(&a, &mut clauses);
        assert!(clauses.is_empty());
        assert_eq!(store.active_count(), 2);
    }
}
