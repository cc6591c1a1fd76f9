#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod ast;
pub mod diagnostic;
pub mod syntax;

mod ground;
mod instantiate;
mod normalize;
mod output;
mod plan;
mod session;
mod term;
#[cfg(test)]
mod tests;

pub use term::symbol;

pub use diagnostic::{Diagnostic, Note, Severity};
pub use ground::{ground, parse_symbol, print_text};
pub use output::symbols::ProgramSymbols;
pub use output::Grounded;
pub use session::{
    Cleaned, DomainAtom, GroundError, GroundOptions, Limits, Session, Signature, Step,
};
pub use symbol::Symbol;
pub use term::functions::{Functions, IntoSymbols};

/// Which input language a file is written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Dialect {
    /// Decide per file from its legacy constructs.
    #[default]
    Auto,
    /// clingo 5's language.
    Clingo,
    /// gringo 3's language (as used by 2010-era programs).
    Gringo3,
}

/// One input: a file's name as the user gave it and its bytes (which may not be UTF-8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// Shown in messages; `<stdin>` for standard input.
    pub name: String,
    pub text: Vec<u8>,
}

impl Source {
    /// A source from text held in memory.
    pub fn new(name: impl Into<String>, text: impl Into<Vec<u8>>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }
}
