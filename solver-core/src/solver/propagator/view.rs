//! [`PartialAssignment`]: the read-only view of the search's assignment a propagator gets
//! (clingo's `Assignment`): values and decision levels of solver literals, the decisions,
//! the root level and the trail.
//!
//! # Invariants
//! - The view borrows the assignment: it cannot outlive the callback it is passed to.
//! - Literals out of range read as unassigned (`has_literal` tells them apart).

use super::types::{in_range, SolverLiteral};
use crate::solver::assignment::Assignment;
use crate::solver::lit::{Lit, Value};

/// The search's (partial) assignment as a propagator sees it.
#[derive(Copy, Clone)]
pub struct PartialAssignment<'a> {
    /// The assignment.
    assignment: &'a Assignment,
    /// Levels up to this one are not backtracked during the solve call.
    root: u32,
    /// A clause added in the current callback is violated.
    conflict: bool,
}

impl<'a> PartialAssignment<'a> {
    /// A view of `assignment` with root level `root`.
    pub(crate) fn new(assignment: &'a Assignment, root: u32, conflict: bool) -> Self {
        PartialAssignment {
            assignment,
            root,
            conflict,
        }
    }

    /// The current decision level (0: before any decision).
    pub fn decision_level(&self) -> u32 {
        self.assignment.level()
    }

    /// The root level: levels up to it (the solve call's assumptions, or the levels
    /// enumeration has exhausted) are not backtracked during the call.
    pub fn root_level(&self) -> u32 {
        self.root
    }

    /// Whether a clause added in the current callback is violated (the callback must return).
    pub fn has_conflict(&self) -> bool {
        self.conflict
    }

    /// Whether the assignment is total: every variable the search decides is assigned
    /// (clingo's `Assignment.is_total`; the atoms no statement mentions, false in every
    /// model, are no variables the search decides).
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, MultiShot, PropagateControl, PropagateInit,
    ///     Propagator, SolveOptions, CheckMode};
    ///
    /// /// Checks at every fixpoint; counts those with a total assignment.
    /// struct Totals(std::sync::Arc<std::sync::atomic::AtomicUsize>);
    /// impl Propagator for Totals {
    ///     fn init(&mut self, init: &mut PropagateInit<'_>) {
    ///         init.set_check_mode(CheckMode::Fixpoint);
    ///     }
    ///     fn check(&mut self, ctl: &mut PropagateControl<'_>) {
    ///         let a = ctl.assignment();
    ///         assert_eq!(a.is_total(), a.trail_size() == a.size());
    ///         if a.is_total() {
    ///             self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    ///         }
    ///     }
    /// }
    ///
    /// let mut program = GroundProgram::new(); // { a; b }.
    /// let atoms = vec![program.new_atom(), program.new_atom()];
    /// program.add_rule(HeadKind::Choice, atoms, vec![]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// let totals = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    /// solver.register_propagator(Box::new(Totals(totals.clone())));
    /// solver.solve(&[], SolveOptions { models: 0, ..SolveOptions::default() }).unwrap();
    /// assert_eq!(std::iter::from_fn(|| solver.next_model()).count(), 4);
    /// // each of the four models was checked on a total assignment
    /// assert_eq!(totals.load(std::sync::atomic::Ordering::Relaxed), 4);
    /// ```
    pub fn is_total(&self) -> bool {
        self.assignment.is_total()
    }

    /// Whether `lit` is a literal of this solver.
    pub fn has_literal(&self, lit: SolverLiteral) -> bool {
        in_range(lit.lit().var(), self.assignment.var_count())
    }

    /// The number of variables of the solver (the constant true included).
    pub fn size(&self) -> usize {
        self.assignment.var_count()
    }

    /// The value of `lit`: `Some(true)`, `Some(false)`, or `None` while unassigned.
    pub fn value(&self, lit: SolverLiteral) -> Option<bool> {
        if !self.has_literal(lit) {
            return None;
        }
        match self.assignment.value(lit.lit()) {
            Value::True => Some(true),
            Value::False => Some(false),
            Value::Unassigned => None,
        }
    }

    /// Whether `lit` is true.
    pub fn is_true(&self, lit: SolverLiteral) -> bool {
        self.value(lit) == Some(true)
    }

    /// Whether `lit` is false.
    pub fn is_false(&self, lit: SolverLiteral) -> bool {
        self.value(lit) == Some(false)
    }

    /// Whether `lit` is unassigned.
    pub fn is_free(&self, lit: SolverLiteral) -> bool {
        self.value(lit).is_none()
    }

    /// Whether `lit` is assigned at level 0 (for good in this solve call).
    pub fn is_fixed(&self, lit: SolverLiteral) -> bool {
        self.level(lit) == Some(0)
    }

    /// The decision level `lit` was assigned at; `None` while it is unassigned.
    pub fn level(&self, lit: SolverLiteral) -> Option<u32> {
        let var = lit.lit().var();
        let a = self.assignment;
        (self.has_literal(lit) && a.is_assigned(var)).then(|| a.level_of(var))
    }

    /// The decision of `level` (for level 0 the true literal); `None` for a level above the
    /// current one, or one whose literals are being undone.
    pub fn decision(&self, level: u32) -> Option<SolverLiteral> {
        let start = self.trail_begin(level)?;
        self.trail_at(start)
    }

    /// The number of assigned literals (the trail's length, the constant true included).
    pub fn trail_size(&self) -> usize {
        self.assignment.trail.len()
    }

    /// The literal at `offset` of the trail (in assignment order).
    pub fn trail_at(&self, offset: usize) -> Option<SolverLiteral> {
        self.assignment
            .trail
            .get(offset)
            .map(|&l| SolverLiteral::of(l))
    }

    /// The trail offset where `level` starts (its decision's offset).
    pub fn trail_begin(&self, level: u32) -> Option<usize> {
        (level <= self.decision_level()).then(|| self.assignment.level_start(level))
    }

    /// The trail offset after the last literal of `level`.
    pub fn trail_end(&self, level: u32) -> Option<usize> {
        let len = self.trail_size();
        let end = match self.trail_begin(level + 1) {
            Some(next) => next,
            None => self.trail_begin(level).map(|_| len)?,
        };
        Some(end.min(len))
    }

    /// The assigned literals in assignment order.
    pub fn trail(&self) -> impl Iterator<Item = SolverLiteral> + 'a {
        self.assignment
            .trail
            .iter()
            .map(|&l: &Lit| SolverLiteral::of(l))
    }
}
