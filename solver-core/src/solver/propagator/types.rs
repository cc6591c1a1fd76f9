//! The small types of the propagator interface: solver literals as propagators see them, the
//! check mode, clause kinds, what running a propagator did, and the watch flags.

use crate::solver::lit::{Lit, Var};

/// A literal of the solver (an atom's or an auxiliary variable, positive or negated), as
/// propagators see it. Obtained from [`crate::PropagateInit::solver_literal`] or
/// [`crate::PropagateInit::add_literal`]; `!lit` is its negation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SolverLiteral(pub(crate) u32);

impl SolverLiteral {
    /// The literal that is always true (`!SolverLiteral::TRUE` is always false).
    pub const TRUE: SolverLiteral = SolverLiteral(Lit::TRUE.0);

    /// The variable's number (0 is the constant true).
    pub fn variable(self) -> u32 {
        self.0 >> 1
    }

    /// Whether this is the positive literal of its variable.
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
/// assert_eq!(solver_core::CheckMode::default(), solver_core::CheckMode::Total);
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
