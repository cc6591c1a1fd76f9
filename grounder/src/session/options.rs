//! Options of a grounding ([`GroundOptions`], [`Limits`]) and its error ([`GroundError`]).
//!
//! # Invariants
//! - A [`GroundError`] lists the errors first (at most [`crate::syntax::MAX_ERRORS`]), then
//!   the infos, as clingo reports them.

use crate::diagnostic::Diagnostic;
use crate::Dialect;

/// Limits on grounding work.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most ground atoms plus ground rules before grounding stops with an error.
    pub max_ground_size: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_ground_size: 8_000_000,
        }
    }
}

/// Options for [`crate::ground`] and [`crate::Session`].
#[derive(Clone, Debug, Default)]
pub struct GroundOptions {
    /// `-c name=term` constants: they replace default `#const` definitions; with an
    /// `[override]` one of the same name they are a redefinition error, as in clingo.
    pub constants: Vec<(String, String)>,
    /// The input language.
    pub dialect: Dialect,
    /// Size limits (of each grounding).
    pub limits: Limits,
    /// Stops grounding when set.
    pub interrupt: Option<solver_core::Interrupt>,
}

/// Grounding failed: the errors (at most 20) followed by the infos.
#[derive(Clone, Debug, thiserror::Error)]
#[error("grounding stopped because of errors")]
pub struct GroundError {
    /// The messages.
    pub diagnostics: Vec<Diagnostic>,
}

/// Errors first (at most 20), then infos.
pub(crate) fn fail(mut errors: Vec<Diagnostic>, infos: Vec<Diagnostic>) -> GroundError {
    errors.truncate(crate::syntax::MAX_ERRORS);
    errors.extend(infos);
    GroundError {
        diagnostics: errors,
    }
}
