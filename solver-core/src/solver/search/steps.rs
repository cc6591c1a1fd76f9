//! What a multi-shot solver (`shot`) needs from the search between solve calls: growing the
//! variable space, adding constraints to the level-0 assignment as it stands (simplified by
//! it) or taking the level-0 trail apart so that constraints can be added to an empty
//! assignment and putting it back, forgetting the assumptions of a call, and dropping the
//! conditional nogoods of a call.
//!
//! # Invariants
//! - Between solve calls the search is at level 0, propagated, with no assumption state.
//! - The literals of the level-0 trail are consequences of the program's nogoods, which only
//!   grow: they stay true when re-asserted as facts after constraints are added.
//! - Units learnt above level 0 (under assumptions) are kept in `learnt_units` and asserted at
//!   level 0 when the call ends: they are consequences of the program alone.

use super::{Search, SearchParts};
use crate::solver::acyclic::Acyclicity;
use crate::solver::analyze::Analyzer;
use crate::solver::assignment::{Assignment, Reason};
use crate::solver::clauses::ClauseStore;
use crate::solver::disjunctive::{Minimality, MinimalityCheck, TesterFactory};
use crate::solver::heuristic::Heuristic;
use crate::solver::lit::{Lit, Value};
use crate::solver::minimize::Minimizer;
use crate::solver::unfounded::Unfounded;
use crate::solver::weight::WeightStore;

impl Search {
    /// A search over no variables but the constant, seeded for the heuristic's tie-breaking;
    /// `new_tester` serves the (inactive) minimality check until a delta replaces it.
    pub(crate) fn empty(seed: u64, new_tester: TesterFactory) -> Search {
        let parts = SearchParts {
            assignment: Assignment::new(1),
            clauses: ClauseStore::default(),
            weights: WeightStore::default(),
            minimizer: Minimizer::new(Vec::new()),
            unfounded: Unfounded::default(),
            minimality: MinimalityCheck::new(Minimality::default(), new_tester),
            acyclic: Acyclicity::default(),
            heuristic: Heuristic::new(1, &[false], seed),
        };
        Search::new(parts, &[])
    }

    /// Number of variables.
    pub(crate) fn var_count(&self) -> usize {
        self.assignment.var_count()
    }

    /// Adds unassigned variables up to `vars`; `is_atom[v]` selects a new variable's phase.
    pub(crate) fn grow(&mut self, vars: usize, is_atom: &[bool]) {
        if vars <= self.var_count() {
            return;
        }
        self.assignment.grow(vars);
        self.clauses.reserve_vars(vars);
        self.grow_parts(is_atom);
    }

    /// Grows the parts indexed by variable to the assignment's variables (`is_atom[v]` selects
    /// a new variable's phase; missing: an atom's).
    pub(crate) fn grow_parts(&mut self, is_atom: &[bool]) {
        let vars = self.assignment.var_count();
        self.heuristic.grow(vars, is_atom);
        self.unfounded.grow(vars);
        self.analyzer = Analyzer::new(vars);
    }

    /// Adds problem clauses and weight constraints at level 0 while the level-0 assignment
    /// stays (it holds consequences of the nogoods, which only grow): a clause it satisfies is
    /// counted but not kept, its false literals are left out, and a clause left with one
    /// literal goes to `units` (with none, `Lit::FALSE`); a weight constraint starts from the
    /// assignment (see [`WeightStore::add_assigned`]) and is propagated now (a conflict puts
    /// `Lit::FALSE` in `units`). The caller asserts `units`, which propagates the rest.
    pub(crate) fn add_at_root(
        &mut self,
        clauses: &crate::solver::build::Clauses,
        weights: Vec<crate::solver::build::WeightSpec>,
        units: &mut Vec<Lit>,
    ) {
        debug_assert_eq!(self.assignment.level(), 0);
        let mut open = Vec::new();
        for clause in clauses.iter() {
            open.clear();
            let value = |lit: &Lit| self.assignment.value(*lit);
            if clause.iter().any(|l| value(l) == Value::True) {
                self.clauses.problem_count += 1;
                continue;
            }
            open.extend(clause.iter().filter(|l| value(l) == Value::Unassigned));
            match open.as_slice() {
                [] => units.push(Lit::FALSE),
                [unit] => units.push(*unit),
                _ => self.clauses.add_problem(&open),
            }
            if open.len() < 2 {
                self.clauses.problem_count += 1;
            }
        }
        for (condition, elements, bound) in weights {
            if !self
                .weights
                .add_assigned(condition, elements, bound, &self.assignment)
            {
                units.push(!condition);
            }
        }
        if self.weights.propagate(&mut self.assignment).is_err() {
            units.push(Lit::FALSE);
        }
    }

    /// Unassigns everything but the constant (counters of propagators undone) and returns the
    /// level-0 literals that were assigned, in trail order.
    pub(crate) fn take_trail(&mut self) -> Vec<Lit> {
        self.reset_assumptions();
        let facts = self.assignment.trail[1..].to_vec();
        self.unassign_from(1);
        facts
    }

    /// Asserts `lits` at level 0 (a false one exhausts the search for good), then propagates.
    /// Then retires the weight constraints the level-0 assignment decides (see
    /// [`WeightStore::simplify_at_root`]), adding their clauses, and simplifies the binary and
    /// ternary clauses by it ([`ClauseStore::simplify_at_root`]).
    pub(crate) fn assert_facts(&mut self, lits: &[Lit]) {
        debug_assert_eq!(self.assignment.level(), 0);
        lits.iter().for_each(|&lit| self.assert_fact(lit));
        if self.root_fixpoint() {
            self.simplify_weights_at_root();
        }
        if self.root_fixpoint() {
            self.clauses.simplify_at_root(&self.assignment);
        }
    }

    /// Propagates at level 0; whether that reached a fixpoint without a conflict. The
    /// simplifications need one: a propagation stopped by the limits leaves facts queued
    /// whose implications are still in the clause lists and weight constraints.
    fn root_fixpoint(&mut self) -> bool {
        self.propagate_root() && self.assignment.qhead == self.assignment.trail.len()
    }

    /// Replaces the weight constraints decided at level 0 by their clauses (one-literal ones
    /// asserted and propagated).
    fn simplify_weights_at_root(&mut self) {
        let mut clauses = Vec::new();
        self.weights
            .simplify_at_root(&self.assignment, &mut clauses);
        let mut units = false;
        for clause in &clauses {
            match clause.as_slice() {
                [unit] => {
                    self.assert_fact(*unit);
                    units = true;
                }
                _ => self.clauses.add_problem(clause),
            }
        }
        if units {
            self.propagate_root();
        }
    }

    /// Makes `lit` a fact at the current level, or exhausts the search if it is false.
    fn assert_fact(&mut self, lit: Lit) {
        match self.assignment.value(lit) {
            Value::True => {}
            Value::False => self.exhausted = true,
            Value::Unassigned => self.assignment.assign(lit, Reason::Fact),
        }
    }

    /// Forgets the assumptions of the last call: back to level 0, nothing assumed or refuted,
    /// and the units learnt under the assumptions asserted at level 0.
    pub(crate) fn reset_assumptions(&mut self) {
        self.backtrack(0);
        (self.root, self.assumed, self.failed, self.refuted) = (0, 0, false, 0);
        self.assumption_trail.clear();
        let units = std::mem::take(&mut self.learnt_units);
        units.into_iter().for_each(|lit| self.assert_fact(lit));
    }

    /// Deletes the nogoods that hold only under the tag literal `tag` (their clauses contain
    /// `¬tag`); returns how many. Must run with `tag` unassigned.
    pub(crate) fn drop_conditional(&mut self, tag: Lit) -> u64 {
        debug_assert!(!self.assignment.is_assigned(tag.var()));
        let dropped = self.clauses.delete_containing(!tag);
        self.stats.deleted_nogoods += dropped;
        if self.clauses.needs_collect() {
            self.collect_garbage();
        }
        dropped
    }

    /// Number of levels holding assumptions (never flipped by enumeration).
    pub(crate) fn assumed_levels(&self) -> u32 {
        self.assumed
    }

    /// Whether the last call ended because its assumptions have no model.
    pub(crate) fn failed(&self) -> bool {
        self.failed
    }

    /// Replaces the stability check of non-HCF components (with nothing assigned).
    pub(crate) fn set_minimality(&mut self, minimality: MinimalityCheck) {
        self.minimality = minimality;
    }
}
