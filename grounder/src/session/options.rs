//! Options of a grounding ([`GroundOptions`], [`Limits`]) and its error ([`GroundError`]).
//!
//! # Invariants
//! - A [`GroundError`] lists the errors first (at most [`crate::syntax::MAX_ERRORS`]), then
//!   the infos, as clingo reports them.

use crate::diagnostic::{Diagnostic, Severity};
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
    /// The functions `@name(args)` terms call (see [`crate::Functions`]).
    pub functions: crate::Functions,
}

/// Grounding failed: the errors (at most [`crate::syntax::MAX_ERRORS`]) followed by the infos.
#[derive(Clone, Debug, thiserror::Error)]
#[error("grounding stopped because of errors")]
pub struct GroundError {
    /// The messages.
    pub diagnostics: Vec<Diagnostic>,
}

/// The safety check failed: the infos so far, then each rule's messages in rule order (its
/// `global variable in tuple` infos, then its errors), up to the last of at most
/// [`crate::syntax::MAX_ERRORS`] errors.
pub(crate) fn fail_checked(
    mut diagnostics: Vec<Diagnostic>,
    checked: Vec<Diagnostic>,
) -> GroundError {
    let mut errors = 0;
    for d in checked {
        if d.severity == Severity::Error {
            if errors == crate::syntax::MAX_ERRORS {
                break;
            }
            errors += 1;
        }
        diagnostics.push(d);
    }
    GroundError { diagnostics }
}

pub(crate) fn fail(mut errors: Vec<Diagnostic>, infos: Vec<Diagnostic>) -> GroundError {
    errors.truncate(crate::syntax::MAX_ERRORS);
    errors.extend(infos);
    GroundError {
        diagnostics: errors,
    }
}
