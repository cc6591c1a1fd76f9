//! Stand-in for the grounder's `ground`, `print_text` and `parse_symbol` until they are on
//! main: the same functions and types, reporting that the grounder is missing.
//! Deleted at merge time (backend.rs then calls `grounder` directly).

#![allow(dead_code)]

use grounder::{Diagnostic, Dialect, Severity, Source, Symbol};
use solver_core::{GroundProgram, Interrupt};

/// Mirrors `grounder::GroundOptions`.
#[derive(Clone, Debug, Default)]
pub(crate) struct GroundOptions {
    pub constants: Vec<(String, String)>,
    pub dialect: Dialect,
    pub interrupt: Option<Interrupt>,
}

/// Mirrors `grounder::Grounded`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Grounded {
    pub program: GroundProgram,
    pub shown: Vec<Symbol>,
    pub atoms: Vec<Option<Symbol>>,
    pub infos: Vec<Diagnostic>,
}

/// Mirrors `grounder::GroundError`.
#[derive(Clone, Debug)]
pub(crate) struct GroundError {
    pub diagnostics: Vec<Diagnostic>,
}

fn missing(what: &str) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        span: None,
        message: format!("{what} is not available in this build"),
        notes: Vec::new(),
    }
}

pub(crate) fn ground_options(
    constants: Vec<(String, String)>,
    dialect: Dialect,
    interrupt: Option<Interrupt>,
) -> GroundOptions {
    GroundOptions {
        constants,
        dialect,
        interrupt,
    }
}

pub(crate) fn ground(_: &[Source], _: &GroundOptions) -> Result<Grounded, GroundError> {
    Err(GroundError {
        diagnostics: vec![missing("the grounder")],
    })
}

pub(crate) fn print_text(_: &Grounded) -> String {
    String::new()
}

pub(crate) fn parse_symbol(text: &str) -> Result<Symbol, Diagnostic> {
    Ok(Symbol::constant(text))
}
