//! The engine's error type: bad input is an `Err` carrying what clingo would print.

use grounder::{Diagnostic, Severity};
use solver_core::SolveError;

/// Why a `Control` call failed. Unsatisfiability is a result, never an error.
///
/// ```
/// use engine::{Control, Error};
/// let mut ctl = Control::new();
/// ctl.add("base", "p(X) :- not q(X).").unwrap();
/// let error = ctl.ground().unwrap_err();
/// assert!(matches!(error, Error::Ground(_)));
/// assert_eq!(error.to_string(), "grounding stopped because of errors");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The program text does not parse; the diagnostics say where.
    #[error("parsing failed")]
    Parse(Vec<Diagnostic>),
    /// The program parses but cannot be grounded (unsafe variables, ...).
    #[error("grounding stopped because of errors")]
    Ground(Vec<Diagnostic>),
    /// An input file could not be read.
    #[error("file could not be opened:\n  {0}")]
    FileNotFound(String),
    /// Malformed aspif input; the message names the line.
    #[error("{0}")]
    Aspif(String),
    /// The solver refused the program.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The API was used out of order (see the crate docs for the states).
    #[error("usage: {0}")]
    Usage(String),
}

impl Error {
    /// Classifies the grounder's diagnostics as clingo does: lexer and syntax errors (and
    /// unreadable includes, `#const` redefinitions and cycles) fail parsing, anything else fails grounding.
    pub(crate) fn from_diagnostics(diagnostics: Vec<Diagnostic>) -> Error {
        let parse = diagnostics.iter().any(|d| {
            d.severity == Severity::Error
                && (d.message.starts_with("syntax error")
                    || d.message.starts_with("lexer error")
                    || d.message.starts_with("file could not be opened")
                    || d.message.starts_with("redefinition of constant")
                    || d.message.starts_with("cyclic constant definition"))
        });
        if parse {
            Error::Parse(diagnostics)
        } else {
            Error::Ground(diagnostics)
        }
    }

    /// The diagnostics of a parse or grounding error (empty for other errors).
    ///
    /// ```
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "p(.").unwrap();
    /// let error = ctl.ground().unwrap_err();
    /// assert!(matches!(error, engine::Error::Parse(_)));
    /// let message = error.diagnostics()[0].to_string();
    /// assert_eq!(message, "base:1:3-4: error: syntax error, unexpected ., expecting ) or ;");
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Error::Parse(d) | Error::Ground(d) => d,
            _ => &[],
        }
    }
}
