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

/// When [`crate::Propagator::check`] is called.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CheckMode {
    /// Never.
    Off,
    /// On every total assignment, before it is accepted as a model (the default).
    #[default]
    Total,
    /// On every propagation fixpoint, total assignments included (clingo's `both`).
    Fixpoint,
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
