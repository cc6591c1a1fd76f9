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
///
/// The dialects read some constructs differently: a pool in a body atom is a disjunction
/// in clingo 5 (`p(1;2)` is `p(1)` or `p(2)`) and a conjunction in gringo 3.
///
/// ```
/// use grounder::{ground, Dialect, GroundOptions, Source};
/// let shown = |dialect| {
///     let source = Source::new("f.lp", "p(1). q :- p(1;2).");
///     let grounded = ground(&[source], &GroundOptions { dialect, ..Default::default() });
///     grounded.unwrap().symbols.shown_symbols().map(|s| s.to_string()).collect::<Vec<_>>()
/// };
/// assert_eq!(shown(Dialect::Clingo), ["p(1)", "q"]);
/// assert_eq!(shown(Dialect::Gringo3), ["p(1)"]);
/// assert_eq!(Dialect::default(), Dialect::Auto);
/// ```
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
///
/// ```
/// use grounder::{ground, GroundOptions, Source};
/// let source = Source::new("f.lp", "p(X) :- not q(X).");
/// let error = ground(&[source], &GroundOptions::default()).unwrap_err();
/// // Messages name the source.
/// assert!(error.diagnostics[0].to_string().starts_with("f.lp:1:1-18: error: unsafe variables in:"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// Shown in messages; `<stdin>` for standard input.
    pub name: String,
    /// The program text, as bytes.
    pub text: Vec<u8>,
}

impl Source {
    /// A source from text held in memory.
    ///
    /// ```
    /// let source = grounder::Source::new("<stdin>", "a.");
    /// assert_eq!(source.name, "<stdin>");
    /// assert_eq!(source.text, b"a.");
    /// ```
    pub fn new(name: impl Into<String>, text: impl Into<Vec<u8>>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }
}
