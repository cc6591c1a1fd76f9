//! The grounder's one-shot entry points: [`ground`], [`parse_symbol`] and [`print_text`].
//!
//! `ground` is a [`Session`] that grounds `base` once: load (parse, dialect rewrite) →
//! rewrite into rules (constants, pools, intervals, arithmetic) → safety check (all errors,
//! at most [`crate::syntax::MAX_ERRORS`], end the run) → instantiate component by component →
//! classical negation constraints → simplification → the ground program with its output table.
//!
//! # Invariants
//! - Errors are returned together at the end, at most [`crate::syntax::MAX_ERRORS`], followed
//!   by the infos, as clingo reports them.

use crate::diagnostic::{Diagnostic, Severity};
use crate::output::Grounded;
use crate::session::{fail, GroundError, GroundOptions, Session};
use crate::{Source, Symbol};

/// Grounds the sources into a ground program (the `base` part; other parts are not ground).
///
/// The simple facts of the sources are taken out before parsing (see `syntax::facts`) unless
/// one of them names a constant (`#const` or `-c`): then the sources are parsed whole.
/// `#include <incmode>.` is refused: its incremental loop needs a [`Session`].
pub fn ground(sources: &[Source], options: &GroundOptions) -> Result<Grounded, GroundError> {
    let mut session = Session::new(options.clone());
    session.add_sources(sources, None, false)?;
    if let Some(span) = session.incmode_span() {
        let error = Diagnostic {
            severity: Severity::Error,
            span: Some(span.clone()),
            message: "#include <incmode> (a system library) is not supported".into(),
            notes: Vec::new(),
        };
        return Err(fail(vec![error], Vec::new()));
    }
    session.ground_once()
}

/// Grounds a parsed program and the facts taken out of it (the base part).
#[cfg(test)]
pub(crate) fn ground_program(
    program: crate::ast::Program,
    facts: crate::syntax::facts::Facts,
    options: &GroundOptions,
) -> Result<Grounded, GroundError> {
    let mut session = Session::new(options.clone());
    let loaded = crate::syntax::Loaded {
        program,
        infos: Vec::new(),
        incmode: None,
    };
    session.add_loaded(loaded, facts, None)?;
    session.ground_once()
}

/// Parses a term and evaluates it to a ground symbol.
pub fn parse_symbol(text: &str) -> Result<Symbol, Diagnostic> {
    let term = crate::syntax::parse_term(text)?;
    crate::normalize::rewrite::ground_term(&term).ok_or_else(|| Diagnostic {
        severity: Severity::Error,
        span: Some(term.span.clone()),
        message: format!("not a ground term: {text}"),
        notes: Vec::new(),
    })
}

/// clingo's `--text` output of a ground program: one rule per line with symbol names.
pub fn print_text(grounded: &Grounded) -> String {
    crate::output::text::print(grounded)
}
