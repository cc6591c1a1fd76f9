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
///
/// ```
/// # use solver_core::doc_support::{choice, on_check};
/// // In a propagator's `check` on the models of `{a; b}.` (total assignments):
/// let run = on_check(&choice(2), |ctl, atoms, _| {
///     let assignment = ctl.assignment();
///     atoms.iter().all(|&atom| !assignment.is_free(atom))
/// });
/// assert_eq!(run.calls, [true; 4]);
/// ```
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
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.`: `a` is decided, so its level is the current one.
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.level(atoms[0]), assignment.decision_level())
    /// });
    /// assert!(run.calls.iter().all(|&(level_of_a, level)| level_of_a == Some(level) && level > 0));
    /// ```
    pub fn decision_level(&self) -> u32 {
        self.assignment.level()
    }

    /// The root level: levels up to it (the solve call's assumptions, or the levels
    /// enumeration has exhausted) are not backtracked during the call.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.`: `a` is first decided above the root level; once
    /// // enumeration has exhausted that value, the other one is at the root level for good.
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.level(atoms[0]).unwrap(), assignment.root_level())
    /// });
    /// let (first, last) = (run.calls[0], run.calls[1]);
    /// assert!(first.0 > first.1 && last.0 <= last.1);
    /// ```
    pub fn root_level(&self) -> u32 {
        self.root
    }

    /// Whether a clause added in the current callback is violated (the callback must return).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::ClauseKind;
    /// // In `check` on the models of `{a}.`, the clause `not a` conflicts with the model {a}:
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let fine = ctl.add_clause(&[!atoms[0]], ClauseKind::Learnt);
    ///     (fine, ctl.assignment().has_conflict())
    /// });
    /// assert!(run.calls.contains(&(false, true)));
    /// assert!(run.calls.iter().all(|&(fine, conflict)| fine != conflict));
    /// ```
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
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::SolverLiteral;
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let assignment = ctl.assignment();
    ///     assignment.has_literal(atoms[0]) && assignment.has_literal(!SolverLiteral::TRUE)
    /// });
    /// assert!(run.calls.iter().all(|&known| known));
    /// ```
    pub fn has_literal(&self, lit: SolverLiteral) -> bool {
        in_range(lit.lit().var(), self.assignment.var_count())
    }

    /// The number of variables of the solver (the constant true included).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a; b}.` (total assignments: every variable is assigned):
    /// let run = on_check(&choice(2), |ctl, _, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.size(), assignment.trail_size())
    /// });
    /// assert!(run.calls.iter().all(|&(size, assigned)| size == assigned && size > 2));
    /// ```
    pub fn size(&self) -> usize {
        self.assignment.var_count()
    }

    /// The value of `lit`: `Some(true)`, `Some(false)`, or `None` while unassigned.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.`:
    /// let mut run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.value(atoms[0]), assignment.value(!atoms[0]))
    /// });
    /// run.calls.sort();
    /// assert_eq!(run.calls, [(Some(false), Some(true)), (Some(true), Some(false))]);
    /// ```
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
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a; b}.`:
    /// let mut run = on_check(&choice(2), |ctl, atoms, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.is_true(atoms[0]), assignment.is_true(atoms[1]))
    /// });
    /// run.calls.sort();
    /// assert_eq!(run.calls, [(false, false), (false, true), (true, false), (true, true)]);
    /// ```
    pub fn is_true(&self, lit: SolverLiteral) -> bool {
        self.value(lit) == Some(true)
    }

    /// Whether `lit` is false.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.`:
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.is_false(atoms[0]), assignment.is_true(!atoms[0]))
    /// });
    /// assert!(run.calls.contains(&(true, true)) && run.calls.contains(&(false, false)));
    /// ```
    pub fn is_false(&self, lit: SolverLiteral) -> bool {
        self.value(lit) == Some(false)
    }

    /// Whether `lit` is unassigned.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// # use solver_core::doc_support::on_propagate;
    /// // In `propagate` (every atom watched) on `{a; b}.`: when `a` or `b` becomes true first,
    /// // the other one is still free; a total assignment leaves nothing free.
    /// let run = on_propagate(&choice(2), |ctl, atoms, _| {
    ///     atoms.iter().filter(|&&atom| ctl.assignment().is_free(atom)).count()
    /// });
    /// assert!(run.calls.contains(&1));
    /// let run = on_check(&choice(2), |ctl, atoms, _| ctl.assignment().is_free(atoms[0]));
    /// assert!(run.calls.iter().all(|&free| !free));
    /// ```
    pub fn is_free(&self, lit: SolverLiteral) -> bool {
        self.value(lit).is_none()
    }

    /// Whether `lit` is assigned at level 0 (for good in this solve call).
    ///
    /// ```
    /// # use solver_core::doc_support::on_check;
    /// use solver_core::{GroundProgram, HeadKind};
    /// let mut program = GroundProgram::new(); // a. { b }.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_fact(a);
    /// program.add_rule(HeadKind::Choice, vec![b], vec![]);
    /// let run = on_check(&program, |ctl, atoms, _| {
    ///     (ctl.assignment().is_fixed(atoms[0]), ctl.assignment().is_fixed(atoms[1]))
    /// });
    /// assert_eq!(run.calls, [(true, false), (true, false)]); // `b` is decided in both models
    /// ```
    pub fn is_fixed(&self, lit: SolverLiteral) -> bool {
        self.level(lit) == Some(0)
    }

    /// The decision level `lit` was assigned at; `None` while it is unassigned.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::SolverLiteral;
    /// // In `check` on the models of `{a}.`:
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.level(SolverLiteral::TRUE), assignment.level(atoms[0]).is_some())
    /// });
    /// assert!(run.calls.iter().all(|&levels| levels == (Some(0), true)));
    /// ```
    pub fn level(&self, lit: SolverLiteral) -> Option<u32> {
        let var = lit.lit().var();
        let a = self.assignment;
        (self.has_literal(lit) && a.is_assigned(var)).then(|| a.level_of(var))
    }

    /// The decision of `level` (for level 0 the true literal); `None` for a level above the
    /// current one, or one whose literals are being undone.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::SolverLiteral;
    /// // In `check` on the models of `{a}.`:
    /// let run = on_check(&choice(1), |ctl, _, _| {
    ///     let assignment = ctl.assignment();
    ///     let level = assignment.decision_level();
    ///     let last = assignment.decision(level).unwrap();
    ///     let last_is_at_level = assignment.level(last) == Some(level);
    ///     (assignment.decision(0), last_is_at_level, assignment.decision(level + 1))
    /// });
    /// assert!(run.calls.iter().all(|&c| c == (Some(SolverLiteral::TRUE), true, None)));
    /// ```
    pub fn decision(&self, level: u32) -> Option<SolverLiteral> {
        let start = self.trail_begin(level)?;
        self.trail_at(start)
    }
}

/// The trail: the assigned literals in assignment order, by decision level.
impl<'a> PartialAssignment<'a> {
    /// The number of assigned literals (the trail's length, the constant true included).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a; b}.`: the trail holds every variable once.
    /// let run = on_check(&choice(2), |ctl, _, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.trail_size(), assignment.trail().count(), assignment.size())
    /// });
    /// assert!(run.calls.iter().all(|&(size, count, variables)| size == count && size == variables));
    /// ```
    pub fn trail_size(&self) -> usize {
        self.assignment.trail.len()
    }

    /// The literal at `offset` of the trail (in assignment order).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::SolverLiteral;
    /// // In `check` on the models of `{a}.`:
    /// let run = on_check(&choice(1), |ctl, _, _| {
    ///     let assignment = ctl.assignment();
    ///     (assignment.trail_at(0), assignment.trail_at(assignment.trail_size()))
    /// });
    /// assert!(run.calls.iter().all(|&c| c == (Some(SolverLiteral::TRUE), None)));
    /// ```
    pub fn trail_at(&self, offset: usize) -> Option<SolverLiteral> {
        self.assignment
            .trail
            .get(offset)
            .map(|&l| SolverLiteral::of(l))
    }

    /// The trail offset where `level` starts (its decision's offset).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.`: each level starts with its decision.
    /// let run = on_check(&choice(1), |ctl, _, _| {
    ///     let assignment = ctl.assignment();
    ///     let level = assignment.decision_level();
    ///     let start = assignment.trail_begin(level).unwrap();
    ///     let starts_with_decision = assignment.trail_at(start) == assignment.decision(level);
    ///     (assignment.trail_begin(0), starts_with_decision, assignment.trail_begin(level + 1))
    /// });
    /// assert!(run.calls.iter().all(|&c| c == (Some(0), true, None)));
    /// ```
    pub fn trail_begin(&self, level: u32) -> Option<usize> {
        (level <= self.decision_level()).then(|| self.assignment.level_start(level))
    }

    /// The trail offset after the last literal of `level`.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.`: the current level ends the trail.
    /// let run = on_check(&choice(1), |ctl, _, _| {
    ///     let assignment = ctl.assignment();
    ///     let ends = assignment.trail_end(assignment.decision_level()) == Some(assignment.trail_size());
    ///     (ends, assignment.trail_end(0) == assignment.trail_begin(1))
    /// });
    /// assert!(run.calls.iter().all(|&c| c == (true, true)));
    /// ```
    pub fn trail_end(&self, level: u32) -> Option<usize> {
        let len = self.trail_size();
        let end = match self.trail_begin(level + 1) {
            Some(next) => next,
            None => self.trail_begin(level).map(|_| len)?,
        };
        Some(end.min(len))
    }

    /// The assigned literals in assignment order.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::SolverLiteral;
    /// // In `check` on the models of `{a}.`: the trail starts with the true literal and holds
    /// // `a` or its negation.
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let trail: Vec<SolverLiteral> = ctl.assignment().trail().collect();
    ///     trail[0] == SolverLiteral::TRUE && (trail.contains(&atoms[0]) || trail.contains(&!atoms[0]))
    /// });
    /// assert!(run.calls.iter().all(|&fine| fine));
    /// ```
    pub fn trail(&self) -> impl Iterator<Item = SolverLiteral> + 'a {
        self.assignment
            .trail
            .iter()
            .map(|&l: &Lit| SolverLiteral::of(l))
    }
}
