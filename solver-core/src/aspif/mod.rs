//! Reading and writing aspif 1.0, the Potassco intermediate format (gringo's
//! `--output=intermediate`, clasp's input).
//!
//! # Format
//! A header line `asp 1 0 R [tags]`, then one statement per line, each a list of integers
//! separated by spaces, ending with the statement `0`:
//!
//! | statement | shape |
//! |---|---|
//! | rule | `1 H n a1..an B`: head type `H` 0 disjunction, 1 choice; body `B` (below) |
//! | minimize | `2 priority n l1 w1..ln wn` |
//! | projection | `3 n a1..an` |
//! | output | `4 m s n l1..ln` where `s` is exactly `m` bytes (it may contain spaces) |
//! | external | `5 a v` with `v` 0 free, 1 true, 2 false, 3 release |
//! | assumption | `6 n l1..ln` |
//! | heuristic | `7 m a v p n l1..ln`: modifier `m` 0 level, 1 sign, 2 factor, 3 init, 4 true, 5 false; atom `a`, value `v` (`i32`), priority `p` (`u32`), condition |
//! | edge | `8 u v n l1..ln`: edge between nodes `u`, `v` (`u32`, not atoms) under a condition |
//! | comment | `10 text` (ignored, except this module's own `10 atoms N`, see below) |
//!
//! A rule body `B` is `0 n l1..ln` (normal) or `1 lower n l1 w1..ln wn` (weight).
//!
//! The `incremental` tag (which clingo 5.8's front end writes even for one-shot grounding) is
//! accepted for a program of one step; a second step (multi-shot solving) is refused. Theory
//! statements (9) and other tags are refused with an
//! [`AspifError`] naming the line; so is every malformed input (the reader never panics and
//! never allocates by a count it has not yet read).
//!
//! # Invariants
//! - Atoms are in `1..=MAX_ATOM` (clasp's limit); literals are nonzero atoms with a sign.
//! - `read` sets `atom_count` to the largest atom mentioned, or to `N` from a `10 atoms N`
//!   comment when that is larger. `write` emits that comment only when the program declares more
//!   atoms than it mentions, so `read(&write(p)) == Ok(p)` for every valid program `p` whose
//!   weight bodies have no negative weight.
//! - The reader accepts a superset of what clasp accepts: weights are any `i64` and may be
//!   negative in weight bodies. Clasp refuses those, so `write` turns an element `l = w` with
//!   `w < 0` into `¬l = |w|` and raises the bound by `|w|` (the same body: `w·l = w + |w|·¬l`).

mod format;
mod read;
mod statements;
mod write;

use std::fmt::Write as _;

use self::format::ATOMS_COMMENT;
pub use self::format::{AspifError, AspifErrorKind, MAX_ATOM};
use self::read::{Reader, Statement};
use self::write::{
    external_code, largest_atom, write_atoms, write_literals, write_rule, write_weighted,
};
use crate::program::GroundProgram;

/// Parses an aspif 1.0 program.
///
/// # Errors
/// An [`AspifError`] naming the line of the first problem.
pub fn read(text: &str) -> Result<GroundProgram, AspifError> {
    let mut reader = Reader::new(text);
    let incremental = reader.header()?;
    let mut program = GroundProgram::new();
    let mut declared_atoms = 0;
    loop {
        reader.skip_blank_lines();
        if reader.at_eof() {
            return Err(reader.error(AspifErrorKind::MissingEnd));
        }
        match reader.statement(&mut program)? {
            Statement::End => break,
            Statement::AtomCount(count) => declared_atoms = declared_atoms.max(count),
            Statement::Added => {}
        }
        reader.end_of_statement()?;
    }
    reader.end_of_statement()?;
    reader.after_end(incremental)?;
    program.atom_count = declared_atoms.max(largest_atom(&program));
    Ok(program)
}

/// Writes `program` as aspif 1.0 text, one statement per line (gringo's layout).
pub fn write(program: &GroundProgram) -> String {
    let mut out = String::from("asp 1 0 0\n");
    for rule in &program.rules {
        write_rule(&mut out, rule);
    }
    for minimize in &program.minimizes {
        let _ = write!(out, "2 {}", minimize.priority);
        write_weighted(&mut out, &minimize.elements);
        out.push('\n');
    }
    if let Some(projection) = &program.projection {
        out.push('3');
        write_atoms(&mut out, projection);
        out.push('\n');
    }
    for output in &program.outputs {
        let _ = write!(out, "4 {} {}", output.name.len(), output.name);
        write_literals(&mut out, &output.condition);
        out.push('\n');
    }
    for (atom, value) in &program.externals {
        let _ = writeln!(out, "5 {} {}", atom.0, external_code(*value));
    }
    if !program.assumptions.is_empty() {
        out.push('6');
        write_literals(&mut out, &program.assumptions);
        out.push('\n');
    }
    for directive in &program.heuristics {
        let _ = write!(
            out,
            "7 {} {} {} {}",
            directive.modifier.code(),
            directive.atom.0,
            directive.value,
            directive.priority
        );
        write_literals(&mut out, &directive.condition);
        out.push('\n');
    }
    for edge in &program.edges {
        let _ = write!(out, "8 {} {}", edge.from, edge.to);
        write_literals(&mut out, &edge.condition);
        out.push('\n');
    }
    if program.atom_count > largest_atom(program) {
        let _ = writeln!(out, "10 {ATOMS_COMMENT} {}", program.atom_count);
    }
    out.push_str("0\n");
    out
}
