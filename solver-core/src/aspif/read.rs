//! The aspif reader's cursor: lines, tokens and bounded integers. Statements are read by
//! `statements.rs` on top of it.
//!
//! # Invariants
//! - `line` is the 1-based line of `pos`; every error names it.
//! - Nothing is allocated by a count before that many items have been read.

use super::format::{AspifError, AspifErrorKind, MAX_ATOM};
use crate::program::{Atom, Literal, WeightedLiteral};

/// What one statement contributed.
pub(super) enum Statement {
    /// Something was added to the program (or a comment skipped).
    Added,
    /// The `10 atoms N` comment.
    AtomCount(u32),
    /// The end statement `0`.
    End,
}

/// A cursor over the input text that tracks the current line.
pub(super) struct Reader<'a> {
    /// The whole input.
    pub(super) text: &'a str,
    /// Byte offset of the next unread character.
    pub(super) pos: usize,
    /// 1-based line of `pos`.
    pub(super) line: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub(super) fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            pos: 0,
            line: 1,
        }
    }

    /// An error at the current line.
    pub(super) fn error(&self, kind: AspifErrorKind) -> AspifError {
        AspifError {
            line: self.line,
            kind,
        }
    }

    /// The unread rest of the input.
    pub(super) fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    /// Whether all input has been read.
    pub(super) fn at_eof(&self) -> bool {
        self.rest().is_empty()
    }

    /// Skips spaces, tabs and carriage returns (not newlines).
    fn skip_spaces(&mut self) {
        let rest = self.rest();
        let trimmed = rest.trim_start_matches([' ', '\t', '\r']);
        self.pos += rest.len() - trimmed.len();
    }

    /// Skips whitespace including newlines, counting lines.
    pub(super) fn skip_blank_lines(&mut self) {
        loop {
            self.skip_spaces();
            if !self.rest().starts_with('\n') {
                return;
            }
            self.pos += 1;
            self.line += 1;
        }
    }

    /// The next token on this line, if any.
    pub(super) fn token(&mut self) -> Option<&'a str> {
        self.skip_spaces();
        let rest = self.rest();
        let length = rest.find([' ', '\t', '\r', '\n']).unwrap_or(rest.len());
        if length == 0 {
            return None;
        }
        self.pos += length;
        rest.get(..length)
    }

    /// Reads an integer described as `expected` in errors.
    pub(super) fn integer(&mut self, expected: &'static str) -> Result<i64, AspifError> {
        let token = self
            .token()
            .ok_or_else(|| self.error(AspifErrorKind::UnexpectedEndOfLine(expected)))?;
        let digits = token.strip_prefix('-').unwrap_or(token);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(AspifErrorKind::ExpectedInteger {
                expected,
                found: token.to_string(),
            }));
        }
        token
            .parse()
            .map_err(|_| self.out_of_range("integer", token, "a 64-bit integer"))
    }

    /// An out-of-range error for `value`.
    fn out_of_range(
        &self,
        what: &'static str,
        value: impl ToString,
        range: &'static str,
    ) -> AspifError {
        self.error(AspifErrorKind::OutOfRange {
            what,
            value: value.to_string(),
            range,
        })
    }

    /// Reads an integer in `low..=high`.
    pub(super) fn ranged(
        &mut self,
        what: &'static str,
        low: i64,
        high: i64,
        range: &'static str,
    ) -> Result<i64, AspifError> {
        let value = self.integer(what)?;
        if value < low || value > high {
            return Err(self.out_of_range(what, value, range));
        }
        Ok(value)
    }

    /// Reads a count of following items (no upper bound: missing items fail on their own).
    pub(super) fn count(&mut self) -> Result<i64, AspifError> {
        self.ranged("a count", 0, i64::MAX, "must not be negative")
    }

    /// Reads an atom.
    pub(super) fn atom(&mut self) -> Result<Atom, AspifError> {
        let value = self.ranged("an atom", 1, MAX_ATOM.into(), "atoms are 1..=268435455")?;
        Ok(Atom(value as u32))
    }

    /// Reads a literal (a signed atom).
    fn literal(&mut self) -> Result<Literal, AspifError> {
        let value = self.integer("a literal")?;
        i32::try_from(value)
            .ok()
            .filter(|v| v.unsigned_abs() <= MAX_ATOM)
            .and_then(Literal::from_aspif)
            .ok_or_else(|| {
                self.out_of_range("literal", value, "literals are nonzero atoms with a sign")
            })
    }

    /// Reads `n a1 .. an`.
    pub(super) fn atoms(&mut self) -> Result<Vec<Atom>, AspifError> {
        let count = self.count()?;
        (0..count).map(|_| self.atom()).collect()
    }

    /// Reads `n l1 .. ln`.
    pub(super) fn literals(&mut self) -> Result<Vec<Literal>, AspifError> {
        let count = self.count()?;
        (0..count).map(|_| self.literal()).collect()
    }

    /// Reads `n l1 w1 .. ln wn`.
    pub(super) fn weighted(&mut self) -> Result<Vec<WeightedLiteral>, AspifError> {
        let count = self.count()?;
        (0..count)
            .map(|_| {
                let literal = self.literal()?;
                let weight = self.integer("a weight")?;
                Ok(WeightedLiteral { literal, weight })
            })
            .collect()
    }
}
