//! What `init` adds besides clauses: weight constraints (clingo's
//! `PropagateInit.add_weight_constraint`), minimize elements (`add_minimize`) and propagation
//! at level 0 (`PropagateInit.propagate`).
//!
//! A weight constraint `Σ wᵢ·lᵢ >= bound` is normalized first: the weights per variable are
//! summed (`w·l + v·¬l` is `v + (w − v)·l`), a negative weight moves to the complement, and
//! the constants go into the bound, so its elements have positive weights over distinct
//! variables. Each direction of `literal <=> constraint` is then one native weight
//! constraint with a condition: `literal → Σ wᵢ·lᵢ >= bound`, and `¬literal → Σ wᵢ·¬lᵢ >=
//! total − bound + 1` (the constraint false). Both are added to the search with the clauses.

use std::collections::BTreeMap;

use super::control::PropagateInit;
use super::types::{in_range, Implication, SolverLiteral};
use crate::solver::build::minimize_levels;
use crate::solver::lit::{Lit, Var};

impl PropagateInit<'_> {
    /// Adds `literal <=> Σ weight·lit >= bound` (clingo's `add_weight_constraint` with
    /// `compare_equal=False`; `implication` is its `type_`), added at level 0 with the
    /// clauses (so [`PropagateInit::propagate`] tells whether the search still has a model).
    /// Weights may be negative and literals may repeat. A constraint over a literal that is
    /// not of this solver is ignored.
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Implication, Literal, MultiShot,
    ///     PropagateInit, Propagator, SolveOptions};
    ///
    /// /// `c <=> 2·a + b >= 2`: `a` alone makes `c` true.
    /// struct AtLeast;
    /// impl Propagator for AtLeast {
    ///     fn init(&mut self, init: &mut PropagateInit<'_>) {
    ///         let lit = |init: &PropagateInit<'_>, a| init.solver_literal(Literal::positive(solver_core::Atom(a))).unwrap();
    ///         let (a, b, c) = (lit(init, 1), lit(init, 2), lit(init, 3));
    ///         init.add_weight_constraint(c, &[(a, 2), (b, 1)], 2, Implication::Equivalence);
    ///         assert!(init.add_clause(&[a]) && init.propagate());
    ///         assert_eq!(init.value(c), Some(true));
    ///     }
    /// }
    ///
    /// let mut program = GroundProgram::new(); // { a; b; c }.
    /// let atoms = vec![program.new_atom(), program.new_atom(), program.new_atom()];
    /// program.add_rule(HeadKind::Choice, atoms, vec![]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// solver.register_propagator(Box::new(AtLeast));
    /// solver.solve(&[], SolveOptions { models: 0, ..SolveOptions::default() }).unwrap();
    /// assert_eq!(std::iter::from_fn(|| solver.next_model()).count(), 2);
    /// ```
    pub fn add_weight_constraint(
        &mut self,
        literal: SolverLiteral,
        elements: &[(SolverLiteral, i64)],
        bound: i64,
        implication: Implication,
    ) {
        let vars = *self.var_count;
        let known = |l: SolverLiteral| in_range(l.lit().var(), vars);
        if !known(literal) || elements.iter().any(|&(l, _)| !known(l)) {
            return;
        }
        let (elements, bound) = normalize(elements, bound);
        let total = elements.iter().fold(0i64, |s, e| s.saturating_add(e.1));
        let condition = literal.lit();
        if implication != Implication::ConstraintToLiteral {
            self.added
                .weights
                .push((condition, elements.clone(), bound));
        }
        if implication != Implication::LiteralToConstraint {
            let negated = elements.iter().map(|&(l, w)| (!l, w)).collect();
            let bound = total.saturating_sub(bound).saturating_add(1);
            self.added.weights.push((!condition, negated, bound));
        }
    }

    /// Adds the clauses and weight constraints of `init` so far at level 0 and propagates
    /// them with the program's nogoods (not with the propagators), so that
    /// [`PropagateInit::assignment`] shows their consequences (clingo's
    /// `PropagateInit.propagate`); `false` if the search has no model any more.
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Literal, MultiShot, PropagateInit,
    ///     Propagator, SolveOptions};
    ///
    /// struct Force;
    /// impl Propagator for Force {
    ///     fn init(&mut self, init: &mut PropagateInit<'_>) {
    ///         let a = init.solver_literal(Literal::positive(solver_core::Atom(1))).unwrap();
    ///         let b = init.solver_literal(Literal::positive(solver_core::Atom(2))).unwrap();
    ///         init.add_clause(&[a]);
    ///         assert_eq!(init.value(b), None);
    ///         assert!(init.propagate());
    ///         assert_eq!(init.value(b), Some(true)); // by the program's `b :- a.`
    ///     }
    /// }
    ///
    /// let mut program = GroundProgram::new(); // { a }. b :- a.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a], vec![]);
    /// program.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// solver.register_propagator(Box::new(Force));
    /// solver.solve(&[], SolveOptions::default()).unwrap();
    /// assert_eq!(solver.next_model().unwrap().atoms, [a, b]);
    /// ```
    pub fn propagate(&mut self) -> bool {
        let added = std::mem::take(self.added);
        let vars = *self.var_count;
        self.search.add_static(vars, self.is_atom, added)
    }

    /// Adds `weight·literal` at `priority` to the minimize statements (clingo's
    /// `add_minimize`): for this and every later solve call, like a `#minimize` element of
    /// the program (a propagator adding it in each `init` adds it again each time, as in
    /// clingo). A literal that is not of this solver is ignored.
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Literal, MultiShot, PropagateInit,
    ///     Propagator, SolveOptions};
    ///
    /// /// Minimizes `2·a + b` at priority 0.
    /// struct Cost;
    /// impl Propagator for Cost {
    ///     fn init(&mut self, init: &mut PropagateInit<'_>) {
    ///         let lit = |init: &PropagateInit<'_>, a| init.solver_literal(Literal::positive(solver_core::Atom(a))).unwrap();
    ///         let (a, b) = (lit(init, 1), lit(init, 2));
    ///         init.add_minimize(a, 2, 0);
    ///         init.add_minimize(b, 1, 0);
    ///     }
    /// }
    ///
    /// let mut program = GroundProgram::new(); // { a; b }. :- not a, not b.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    /// program.add_rule(HeadKind::Disjunction, vec![], vec![Literal::negative(a), Literal::negative(b)]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// solver.register_propagator(Box::new(Cost));
    /// solver.solve(&[], SolveOptions { models: 0, ..SolveOptions::default() }).unwrap();
    /// let last = std::iter::from_fn(|| solver.next_model()).last().unwrap();
    /// assert_eq!((last.atoms, last.costs), (vec![b], vec![1]));
    /// ```
    pub fn add_minimize(&mut self, literal: SolverLiteral, weight: i64, priority: i32) {
        if !in_range(literal.lit().var(), *self.var_count) {
            return;
        }
        self.minimize
            .push((priority, vec![(literal.lit(), weight)]));
        self.added.levels = Some(minimize_levels(self.minimize));
    }
}

/// `Σ weight·lit >= bound` with positive weights over distinct variables (see the module
/// doc), the constant true (variable 0) folded into the bound.
fn normalize(elements: &[(SolverLiteral, i64)], bound: i64) -> (Vec<(Lit, i64)>, i64) {
    let mut per_var: BTreeMap<u32, (i64, i64)> = BTreeMap::new();
    for &(lit, weight) in elements {
        let slot = per_var.entry(lit.variable()).or_default();
        match lit.is_positive() {
            true => slot.0 = slot.0.saturating_add(weight),
            false => slot.1 = slot.1.saturating_add(weight),
        }
    }
    let mut bound = bound;
    let mut out = Vec::new();
    for (var, (positive, negative)) in per_var {
        // positive·x + negative·(1 − x) = negative + (positive − negative)·x
        bound = bound.saturating_sub(negative);
        let diff = positive.saturating_sub(negative);
        let var = Var(var);
        if var == Var::TRUE {
            bound = bound.saturating_sub(diff);
        } else if diff > 0 {
            out.push((var.pos(), diff));
        } else if diff < 0 {
            // diff·x = diff − diff·¬x
            bound = bound.saturating_sub(diff);
            out.push((var.neg(), -diff));
        }
    }
    (out, bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_complements_and_negative_weights() {
        let (a, b) = (
            SolverLiteral::of(Var(1).pos()),
            SolverLiteral::of(Var(2).pos()),
        );
        // 2a + b − a + ¬b >= 2  is  a + 1 >= 2 (b and ¬b sum to 1).
        let (elements, bound) = normalize(&[(a, 2), (b, 1), (a, -1), (!b, 1)], 2);
        assert_eq!((elements, bound), (vec![(Var(1).pos(), 1)], 1));
        // −2a >= −1  is  2·¬a >= 1.
        assert_eq!(normalize(&[(a, -2)], -1), (vec![(Var(1).neg(), 2)], 1));
        // the constant true counts into the bound.
        assert_eq!(
            normalize(&[(SolverLiteral::TRUE, 3), (b, 1)], 4),
            (vec![(Var(2).pos(), 1)], 1)
        );
    }
}
