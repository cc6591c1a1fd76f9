//! Unit tests that run the whole pipeline on program text, with their helper [`ground_text`].
//!
//! They sit apart from the stages they test so that no stage imports the pipeline driver
//! (`ground`): the driver imports every stage, these tests import the driver.

use crate::ground::{ground_program, print_text};
use crate::session::GroundOptions;
use crate::syntax::facts::Facts;
use crate::{Dialect, Source};

mod delayed;
mod ground;
mod recursion;
mod satisfiable;

/// Grounds `text` (parsed directly, clingo dialect) and returns the sorted text lines.
pub(crate) fn ground_text(text: &str) -> Result<Vec<String>, Vec<String>> {
    let source = Source::new("<test>", text);
    let program = crate::syntax::parse(&source, Dialect::Clingo)
        .map_err(|e| e.iter().map(|d| d.to_string()).collect::<Vec<_>>())?;
    let g = ground_program(program, Facts::default(), &GroundOptions::default()).map_err(|e| {
        e.diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
    })?;
    let mut lines: Vec<String> = print_text(&g).lines().map(String::from).collect();
    lines.sort();
    Ok(lines)
}
