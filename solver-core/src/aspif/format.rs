//! The format's limits and the reader's errors.

/// The largest atom number accepted (clasp's variable limit, 2^28 - 1).
pub const MAX_ATOM: u32 = (1 << 28) - 1;

/// The comment text (after `10 `) through which `write` preserves `atom_count`.
pub(super) const ATOMS_COMMENT: &str = "atoms";

/// A malformed or unsupported aspif input, with the 1-based line where it was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct AspifError {
    /// The 1-based line of the offending token.
    pub line: usize,
    /// What is wrong there.
    pub kind: AspifErrorKind,
}

/// What is wrong with an aspif input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AspifErrorKind {
    /// The input does not start with `asp`.
    #[error("expected the header \"asp 1 0 0\", found {0:?}")]
    MissingHeader(String),
    /// The header names a version other than 1.0.
    #[error("unsupported aspif version {0}; only version 1.0 is supported")]
    UnsupportedVersion(String),
    /// The header carries a tag this reader refuses.
    #[error("the header tag {0:?} is not supported")]
    UnsupportedTag(String),
    /// A token that is not an integer where an integer was expected.
    #[error("expected {expected}, found {found:?}")]
    ExpectedInteger {
        /// What was expected (e.g. "an integer", "an atom").
        expected: &'static str,
        /// The token found.
        found: String,
    },
    /// The line ended where a value was expected.
    #[error("expected {0}, found end of line")]
    UnexpectedEndOfLine(&'static str),
    /// An integer outside the range its position allows.
    #[error("{what} {value} is out of range ({range})")]
    OutOfRange {
        /// The kind of value (e.g. "atom", "weight").
        what: &'static str,
        /// The number as written.
        value: String,
        /// The allowed range, in words.
        range: &'static str,
    },
    /// A statement type this reader refuses.
    #[error("{0} statements (type {1}) are not supported")]
    UnsupportedStatement(&'static str, i64),
    /// A statement type aspif 1.0 does not define.
    #[error("unknown statement type {0}")]
    UnknownStatement(i64),
    /// Extra tokens after a complete statement.
    #[error("unexpected {0:?} after the end of the statement")]
    TrailingInput(String),
    /// An output string shorter than its declared length, or cut inside a character.
    #[error("the output string does not have the declared length {0}")]
    BadString(i64),
    /// The input ended before the end statement `0`.
    #[error("missing the end statement \"0\"")]
    MissingEnd,
    /// Input after the end statement `0`.
    #[error("unexpected {0:?} after the end statement")]
    AfterEnd(String),
    /// A second step of an `incremental` program.
    #[error("a second step of an incremental program: multi-shot solving is not supported")]
    SecondStep,
}
