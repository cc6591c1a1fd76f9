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
//! | comment | `10 text` (ignored, except this module's own `10 atoms N`, see below) |
//!
//! A rule body `B` is `0 n l1..ln` (normal) or `1 lower n l1 w1..ln wn` (weight).
//!
//! The `incremental` tag (which clingo 5.8's front end writes even for one-shot grounding) is
//! accepted for a program of one step; a second step (multi-shot solving) is refused. Theory
//! (7), heuristic (8) and edge (9) statements and other tags are refused with an
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

use std::fmt::Write as _;

use crate::program::{
    Atom, Body, ExternalValue, GroundProgram, HeadKind, Literal, Minimize, Output, Rule,
    WeightedLiteral,
};

/// The largest atom number accepted (clasp's variable limit, 2^28 - 1).
pub const MAX_ATOM: u32 = (1 << 28) - 1;

/// The comment text (after `10 `) through which `write` preserves `atom_count`.
const ATOMS_COMMENT: &str = "atoms";

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
    if program.atom_count > largest_atom(program) {
        let _ = writeln!(out, "10 {ATOMS_COMMENT} {}", program.atom_count);
    }
    out.push_str("0\n");
    out
}

/// Appends one rule statement.
fn write_rule(out: &mut String, rule: &Rule) {
    let kind = match rule.kind {
        HeadKind::Disjunction => 0,
        HeadKind::Choice => 1,
    };
    let _ = write!(out, "1 {kind}");
    write_atoms(out, &rule.head);
    match &rule.body {
        Body::Normal(literals) => {
            out.push_str(" 0");
            write_literals(out, literals);
        }
        Body::Weight { lower, elements } => {
            let (lower, elements) = without_negative_weights(*lower, elements);
            let _ = write!(out, " 1 {lower}");
            write_weighted(out, &elements);
        }
    }
    out.push('\n');
}

/// The same weight body with non-negative weights only, as aspif demands: `w·l` with `w < 0`
/// equals `w + |w|·¬l`, so the element becomes `¬l = |w|` and the bound grows by `|w|`.
fn without_negative_weights(
    lower: i64,
    elements: &[WeightedLiteral],
) -> (i64, Vec<WeightedLiteral>) {
    let mut lower = lower;
    let elements = elements
        .iter()
        .map(|element| {
            if element.weight >= 0 {
                return *element;
            }
            lower = lower.saturating_sub(element.weight);
            WeightedLiteral {
                literal: element.literal.negate(),
                weight: element.weight.saturating_neg(),
            }
        })
        .collect();
    (lower, elements)
}

/// Appends ` n a1 .. an`.
fn write_atoms(out: &mut String, atoms: &[Atom]) {
    let _ = write!(out, " {}", atoms.len());
    for atom in atoms {
        let _ = write!(out, " {}", atom.0);
    }
}

/// Appends ` n l1 .. ln`.
fn write_literals(out: &mut String, literals: &[Literal]) {
    let _ = write!(out, " {}", literals.len());
    for literal in literals {
        let _ = write!(out, " {literal}");
    }
}

/// Appends ` n l1 w1 .. ln wn`.
fn write_weighted(out: &mut String, elements: &[WeightedLiteral]) {
    let _ = write!(out, " {}", elements.len());
    for element in elements {
        let _ = write!(out, " {} {}", element.literal, element.weight);
    }
}

/// The aspif code of an external value.
fn external_code(value: ExternalValue) -> u8 {
    match value {
        ExternalValue::Free => 0,
        ExternalValue::True => 1,
        ExternalValue::False => 2,
        ExternalValue::Release => 3,
    }
}

/// The largest atom mentioned anywhere in `program` (0 if none).
fn largest_atom(program: &GroundProgram) -> u32 {
    let literal_atoms = |literals: &[Literal]| literals.iter().map(|l| l.atom().0).max();
    let weighted_atoms =
        |elements: &[WeightedLiteral]| elements.iter().map(|w| w.literal.atom().0).max();
    let rules = program.rules.iter().flat_map(|rule| {
        let body = match &rule.body {
            Body::Normal(literals) => literal_atoms(literals),
            Body::Weight { elements, .. } => weighted_atoms(elements),
        };
        rule.head.iter().map(|a| a.0).chain(body)
    });
    let minimizes = program
        .minimizes
        .iter()
        .filter_map(|m| weighted_atoms(&m.elements));
    let projection = program.projection.iter().flatten().map(|a| a.0);
    let outputs = program
        .outputs
        .iter()
        .filter_map(|o| literal_atoms(&o.condition));
    let externals = program.externals.iter().map(|(a, _)| a.0);
    let assumptions = literal_atoms(&program.assumptions);
    rules
        .chain(minimizes)
        .chain(projection)
        .chain(outputs)
        .chain(externals)
        .chain(assumptions)
        .max()
        .unwrap_or(0)
}

/// What one statement contributed.
enum Statement {
    /// Something was added to the program (or a comment skipped).
    Added,
    /// The `10 atoms N` comment.
    AtomCount(u32),
    /// The end statement `0`.
    End,
}

/// A cursor over the input text that tracks the current line.
struct Reader<'a> {
    /// The whole input.
    text: &'a str,
    /// Byte offset of the next unread character.
    pos: usize,
    /// 1-based line of `pos`.
    line: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            pos: 0,
            line: 1,
        }
    }

    /// An error at the current line.
    fn error(&self, kind: AspifErrorKind) -> AspifError {
        AspifError {
            line: self.line,
            kind,
        }
    }

    /// The unread rest of the input.
    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    /// Whether all input has been read.
    fn at_eof(&self) -> bool {
        self.rest().is_empty()
    }

    /// Skips spaces, tabs and carriage returns (not newlines).
    fn skip_spaces(&mut self) {
        let rest = self.rest();
        let trimmed = rest.trim_start_matches([' ', '\t', '\r']);
        self.pos += rest.len() - trimmed.len();
    }

    /// Skips whitespace including newlines, counting lines.
    fn skip_blank_lines(&mut self) {
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
    fn token(&mut self) -> Option<&'a str> {
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
    fn integer(&mut self, expected: &'static str) -> Result<i64, AspifError> {
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
    fn ranged(
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
    fn count(&mut self) -> Result<i64, AspifError> {
        self.ranged("a count", 0, i64::MAX, "must not be negative")
    }

    /// Reads an atom.
    fn atom(&mut self) -> Result<Atom, AspifError> {
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
    fn atoms(&mut self) -> Result<Vec<Atom>, AspifError> {
        let count = self.count()?;
        (0..count).map(|_| self.atom()).collect()
    }

    /// Reads `n l1 .. ln`.
    fn literals(&mut self) -> Result<Vec<Literal>, AspifError> {
        let count = self.count()?;
        (0..count).map(|_| self.literal()).collect()
    }

    /// Reads `n l1 w1 .. ln wn`.
    fn weighted(&mut self) -> Result<Vec<WeightedLiteral>, AspifError> {
        let count = self.count()?;
        (0..count)
            .map(|_| {
                let literal = self.literal()?;
                let weight = self.integer("a weight")?;
                Ok(WeightedLiteral { literal, weight })
            })
            .collect()
    }

    /// Requires the end of the line (or of the input) and moves past it.
    fn end_of_statement(&mut self) -> Result<(), AspifError> {
        if let Some(token) = self.token() {
            return Err(self.error(AspifErrorKind::TrailingInput(token.to_string())));
        }
        if self.rest().starts_with('\n') {
            self.pos += 1;
            self.line += 1;
        }
        Ok(())
    }

    /// Requires that only blank lines follow the end statement.
    fn after_end(&mut self, incremental: bool) -> Result<(), AspifError> {
        self.skip_blank_lines();
        match self.token() {
            Some(_) if incremental => Err(self.error(AspifErrorKind::SecondStep)),
            Some(token) => Err(self.error(AspifErrorKind::AfterEnd(token.to_string()))),
            None => Ok(()),
        }
    }

    /// Reads the header line `asp 1 0 R [tags]`; returns whether it has the `incremental` tag.
    fn header(&mut self) -> Result<bool, AspifError> {
        match self.token() {
            Some("asp") => {}
            other => {
                let found = other.unwrap_or("end of line").to_string();
                return Err(self.error(AspifErrorKind::MissingHeader(found)));
            }
        }
        let major = self.integer("the major version")?;
        let minor = self.integer("the minor version")?;
        let revision = self.integer("the revision")?;
        if major != 1 || minor != 0 || revision < 0 {
            let version = format!("{major}.{minor}.{revision}");
            return Err(self.error(AspifErrorKind::UnsupportedVersion(version)));
        }
        let mut incremental = false;
        while let Some(tag) = self.token() {
            if tag != "incremental" {
                return Err(self.error(AspifErrorKind::UnsupportedTag(tag.to_string())));
            }
            incremental = true;
        }
        self.end_of_statement()?;
        Ok(incremental)
    }

    /// Reads one statement (the line is at its first token) into `program`.
    fn statement(&mut self, program: &mut GroundProgram) -> Result<Statement, AspifError> {
        match self.integer("a statement type")? {
            0 => return Ok(Statement::End),
            1 => program.rules.push(self.rule()?),
            2 => {
                let priority = self.ranged(
                    "a priority",
                    i32::MIN.into(),
                    i32::MAX.into(),
                    "a 32-bit integer",
                )?;
                let elements = self.weighted()?;
                let priority = priority as i32;
                program.minimizes.push(Minimize { priority, elements });
            }
            3 => {
                let atoms = self.atoms()?;
                program
                    .projection
                    .get_or_insert_with(Vec::new)
                    .extend(atoms);
            }
            4 => program.outputs.push(self.output()?),
            5 => program.externals.push(self.external()?),
            6 => program.assumptions.extend(self.literals()?),
            7 => return Err(self.error(AspifErrorKind::UnsupportedStatement("theory", 7))),
            8 => return Err(self.error(AspifErrorKind::UnsupportedStatement("heuristic", 8))),
            9 => return Err(self.error(AspifErrorKind::UnsupportedStatement("edge", 9))),
            10 => return Ok(self.comment()),
            other => return Err(self.error(AspifErrorKind::UnknownStatement(other))),
        }
        Ok(Statement::Added)
    }

    /// Reads the rest of a rule statement.
    fn rule(&mut self) -> Result<Rule, AspifError> {
        let kind = match self.ranged("a head type", 0, 1, "0 disjunction or 1 choice")? {
            0 => HeadKind::Disjunction,
            _ => HeadKind::Choice,
        };
        let head = self.atoms()?;
        let body = match self.ranged("a body type", 0, 1, "0 normal or 1 weight")? {
            0 => Body::Normal(self.literals()?),
            _ => {
                let lower = self.integer("a lower bound")?;
                let elements = self.weighted()?;
                Body::Weight { lower, elements }
            }
        };
        Ok(Rule { kind, head, body })
    }

    /// Reads the rest of an output statement: `m s n l1..ln`.
    fn output(&mut self) -> Result<Output, AspifError> {
        let length = self.count()?;
        let rest = self.rest();
        let name = rest
            .strip_prefix(' ')
            .and_then(|after| usize::try_from(length).ok().and_then(|n| after.get(..n)))
            .ok_or_else(|| self.error(AspifErrorKind::BadString(length)))?;
        self.pos += 1 + name.len();
        self.line += name.matches('\n').count();
        let condition = self.literals()?;
        Ok(Output {
            name: name.to_string(),
            condition,
        })
    }

    /// Reads the rest of an external statement: `a v`.
    fn external(&mut self) -> Result<(Atom, ExternalValue), AspifError> {
        let atom = self.atom()?;
        let value = match self.ranged(
            "an external value",
            0,
            3,
            "0 free, 1 true, 2 false or 3 release",
        )? {
            0 => ExternalValue::Free,
            1 => ExternalValue::True,
            2 => ExternalValue::False,
            _ => ExternalValue::Release,
        };
        Ok((atom, value))
    }

    /// Skips a comment to the end of its line; recognises `10 atoms N`.
    fn comment(&mut self) -> Statement {
        let rest = self.rest();
        let line = rest.split('\n').next().unwrap_or("");
        self.pos += line.len();
        let mut words = line.split_whitespace();
        let count = match (words.next(), words.next(), words.next()) {
            (Some(ATOMS_COMMENT), Some(number), None) => number.parse::<u32>().ok(),
            _ => None,
        };
        match count.filter(|n| *n <= MAX_ATOM) {
            Some(n) => Statement::AtomCount(n),
            None => Statement::Added,
        }
    }
}
