//! The seam to the grounder and the solver: the only module that calls them.
//!
//! Everything the engine needs from the two crates goes through these few functions, so the
//! rest of the engine depends on plain data (`GroundProgram`, `Symbol`, `Diagnostic`) only.

use grounder::{Diagnostic, Source, Symbol};
use solver_core::{GroundProgram, Model, SolveError, SolveOptions, Summary};

pub(crate) use grounder::{GroundError, GroundOptions, Grounded};

/// The grounder's options from the engine's settings.
pub(crate) fn ground_options(
    constants: Vec<(String, String)>,
    dialect: grounder::Dialect,
    interrupt: Option<solver_core::Interrupt>,
    functions: grounder::Functions,
) -> GroundOptions {
    GroundOptions {
        constants,
        dialect,
        interrupt,
        functions,
        ..GroundOptions::default()
    }
}

/// Grounds `sources` as one program.
pub(crate) fn ground(sources: &[Source], options: &GroundOptions) -> Result<Grounded, GroundError> {
    grounder::ground(sources, options)
}

/// The ground program as text (`--text`).
pub(crate) fn print_text(grounded: &Grounded) -> String {
    grounder::print_text(grounded)
}

/// Parses one ground term.
pub(crate) fn parse_symbol(text: &str) -> Result<Symbol, Diagnostic> {
    grounder::parse_symbol(text)
}

/// Reads aspif; the error names the line.
pub(crate) fn read_aspif(text: &str) -> Result<GroundProgram, String> {
    solver_core::aspif::read(text).map_err(|e| e.to_string())
}

/// Writes aspif.
pub(crate) fn write_aspif(program: &GroundProgram) -> String {
    solver_core::aspif::write(program)
}

/// A running search.
pub(crate) struct Search(solver_core::Solver);

impl Search {
    /// Prepares the search over `program`.
    pub(crate) fn new(
        program: &GroundProgram,
        options: SolveOptions,
    ) -> Result<Search, SolveError> {
        solver_core::Solver::new(program, options).map(Search)
    }

    /// The next model, or `None` when the search is over.
    pub(crate) fn next_model(&mut self) -> Option<Model> {
        self.0.next_model()
    }

    /// How the search ended (or stands).
    pub(crate) fn summary(&self) -> Summary {
        self.0.summary()
    }
}
