//! The small types of the propagator interface: solver literals as propagators see them, the
//! check mode, clause kinds, what running a propagator did, and the watch flags.

use crate::solver::lit::{Lit, Var};

/// A literal of the solver (an atom's or an auxiliary variable, positive or negated), as
/// propagators see it. Obtained from [`crate::PropagateInit::solver_literal`] or
/// [`crate::PropagateInit::add_literal`]; `!lit` is its negation.
///
/// ```
/// # use solver_core::doc_support::{choice, on_check};
/// // In a propagator's `check`, on each model of `{a}.`; `atoms[0]` is `a`'s literal:
/// let run = on_check(&choice(1), |_, atoms, _| {
///     let a = atoms[0];
///     (a.variable() == (!a).variable(), a.is_positive(), (!a).to_string())
/// });
/// assert!(run.calls.iter().all(|c| c.0 && c.1 && c.2.starts_with('-')));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SolverLiteral(pub(crate) u32);

impl SolverLiteral {
    /// The literal that is always true (`!SolverLiteral::TRUE` is always false).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::SolverLiteral;
    /// let run = on_check(&choice(1), |ctl, _, _| {
    ///     (ctl.value(SolverLiteral::TRUE), ctl.value(!SolverLiteral::TRUE))
    /// });
    /// assert!(run.calls.iter().all(|&values| values == (Some(true), Some(false))));
    /// ```
    pub const TRUE: SolverLiteral = SolverLiteral(Lit::TRUE.0);

    /// The variable's number (0 is the constant true).
    ///
    /// ```
    /// use solver_core::SolverLiteral;
    /// assert_eq!(SolverLiteral::TRUE.variable(), 0);
    /// assert_eq!((!SolverLiteral::TRUE).variable(), 0);
    /// ```
    pub fn variable(self) -> u32 {
        self.0 >> 1
    }

    /// Whether this is the positive literal of its variable.
    ///
    /// ```
    /// use solver_core::SolverLiteral;
    /// assert!(SolverLiteral::TRUE.is_positive());
    /// assert!(!(!SolverLiteral::TRUE).is_positive());
    /// ```
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }

    /// The solver's literal.
    pub(crate) fn lit(self) -> Lit {
        Lit(self.0)
    }

    /// The public form of a solver literal.
    pub(crate) fn of(lit: Lit) -> SolverLiteral {
        SolverLiteral(lit.0)
    }
}

impl std::ops::Not for SolverLiteral {
    type Output = SolverLiteral;
    fn not(self) -> SolverLiteral {
        SolverLiteral(self.0 ^ 1)
    }
}

impl std::fmt::Display for SolverLiteral {
    /// clingo's signed form: `v` or `-v`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.is_positive() { "" } else { "-" };
        write!(f, "{sign}{}", self.variable())
    }
}

/// When [`crate::Propagator::check`] is called (clingo's `PropagatorCheckMode`).
///
/// ```
/// use solver_core::*;
/// use std::sync::{atomic::{AtomicUsize, Ordering}, Arc};
/// struct Counter(CheckMode, Arc<AtomicUsize>); // counts its `check` calls
/// impl Propagator for Counter {
///     fn init(&mut self, init: &mut PropagateInit<'_>) { init.set_check_mode(self.0) }
///     fn check(&mut self, _: &mut PropagateControl<'_>) { self.1.fetch_add(1, Ordering::SeqCst); }
/// }
/// // `checks(mode)`: how often a `Counter(mode, _)` checks while the models of `{a}.` are
/// // enumerated.
/// # let program = solver_core::doc_support::choice(1);
/// # let checks = |mode| {
/// #     let (count, mut solver) = (Arc::new(AtomicUsize::new(0)), MultiShot::new());
/// #     solver.add(&program).unwrap();
/// #     solver.register_propagator(Box::new(Counter(mode, count.clone())));
/// #     solver.solve(&[], SolveOptions::default()).unwrap();
/// #     while solver.next_model().is_some() {}
/// #     count.load(Ordering::SeqCst)
/// # };
/// assert_eq!(checks(CheckMode::Off), 0);
/// assert_eq!(checks(CheckMode::Total), 2); // the models {a} and {}
/// assert!(checks(CheckMode::Fixpoint) > 2); // also at the fixpoints before them
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CheckMode {
    /// Never.
    Off,
    /// On every total assignment, before it is accepted as a model (the default).
    #[default]
    Total,
    /// On every propagation fixpoint, total assignments included (once each).
    Fixpoint,
    /// On every propagation fixpoint, and on a total assignment once more before it is
    /// accepted as a model (clingo's `Both`: `Fixpoint` and `Total` together).
    Both,
}

impl CheckMode {
    /// Whether `check` runs at every propagation fixpoint.
    pub(super) fn at_fixpoints(self) -> bool {
        matches!(self, CheckMode::Fixpoint | CheckMode::Both)
    }

    /// Whether `check` runs (again) on a total assignment before it is a model.
    pub(super) fn on_total(self) -> bool {
        matches!(self, CheckMode::Total | CheckMode::Both)
    }
}

/// Which direction of `literal <=> constraint` a weight constraint of
/// [`crate::PropagateInit::add_weight_constraint`] enforces (clingo's `type_`).
///
/// ```
/// assert_eq!(solver_core::Implication::default(), solver_core::Implication::Equivalence);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Implication {
    /// Both directions (clingo's `type_ = 0`).
    #[default]
    Equivalence,
    /// The literal implies the constraint (clingo's right implication, `type_ > 0`).
    LiteralToConstraint,
    /// The constraint implies the literal (clingo's left implication, `type_ < 0`).
    ConstraintToLiteral,
}

/// When [`crate::Propagator::undo`] is called (clingo's `PropagatorUndoMode`).
///
/// ```
/// assert_eq!(solver_core::UndoMode::default(), solver_core::UndoMode::Default);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum UndoMode {
    /// For the decision levels at which `propagate` was given literals (the default).
    #[default]
    Default,
    /// Also for the decision levels above 0 at which only `check` ran (with no literals).
    Always,
}

/// Whether a clause added by a propagator may be deleted again.
///
/// ```
/// # use solver_core::doc_support::{choice, on_check};
/// use solver_core::ClauseKind;
/// assert_eq!(ClauseKind::default(), ClauseKind::Learnt);
/// // In `check` on the models of `{a}.`, a static clause `not a` removes the model {a}:
/// let run = on_check(&choice(1), |ctl, atoms, _| ctl.add_clause(&[!atoms[0]], ClauseKind::Static));
/// assert_eq!(run.models, [vec![]]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ClauseKind {
    /// A learnt nogood: the solver may delete it when it cleans up learnt nogoods.
    #[default]
    Learnt,
    /// Kept for good, like the program's nogoods.
    Static,
}

/// What running a propagator did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Nothing assigned, no conflict.
    Quiet,
    /// Something was assigned: propagate before going on.
    Assigned,
    /// A violated clause; its nogood is in the context's `nogood`.
    Conflict,
}

/// Whether `lit` is watched under the flags `watched`.
pub(super) fn is_watched(watched: &[bool], lit: Lit) -> bool {
    watched.get(lit.index()).copied().unwrap_or(false)
}

/// Sets the watch flag of `lit`.
pub(super) fn set_watch(watched: &mut Vec<bool>, lit: Lit, on: bool) {
    if watched.len() <= lit.index() {
        if !on {
            return;
        }
        watched.resize(lit.index() + 1, false);
    }
    watched[lit.index()] = on;
}

/// Whether `var` is a variable of an assignment over `vars` variables.
pub(super) fn in_range(var: Var, vars: usize) -> bool {
    var.index() < vars
}

/// A propagator's check and undo modes, as `init` sets them.
pub(crate) struct Modes<'a> {
    /// When `check` runs.
    pub(crate) check: &'a mut CheckMode,
    /// When `undo` runs.
    pub(crate) undo: &'a mut UndoMode,
}
