//! Messages in clingo's format.
//!
//! ```text
//! file.lp:3:1-18: error: unsafe variables in:
//!   p(X):-not q(X).
//! file.lp:3:3-4: note: 'X' is unsafe
//! ```
//! A location prints as `file:line:col-col` when it is on one line and
//! `file:line:col-line:col` otherwise; the end column is one past the last character. An
//! empty location (start = end) prints as `file:line:col`, as gringo prints it.

use std::fmt;

use crate::ast::Span;

/// How serious a message is.
///
/// ```
/// use grounder::{ground, GroundOptions, Severity, Source};
/// let grounded = ground(&[Source::new("f.lp", "p :- q.")], &GroundOptions::default()).unwrap();
/// assert_eq!(grounded.infos[0].severity, Severity::Info); // q is in no head
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The program is rejected.
    Error,
    /// Something likely wrong that clingo warns about (`warning:`); the program still runs.
    Warning,
    /// Something worth telling (`info:` in clingo), the program still runs.
    Info,
}

/// A note attached to a message, optionally with its own location.
///
/// ```
/// use grounder::{ground, GroundOptions, Source};
/// let error = ground(&[Source::new("f.lp", "p(X).")], &GroundOptions::default()).unwrap_err();
/// let notes = &error.diagnostics[0].notes; // the rule, then the variable at its location
/// assert_eq!((notes[0].span.is_none(), notes[0].text.as_str()), (true, "p(X):-[#inc_base]."));
/// assert_eq!((notes[1].span.is_some(), notes[1].text.as_str()), (true, "'X' is unsafe"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Where it points (`None`: no location).
    pub span: Option<Span>,
    /// The text after `note: `.
    pub text: String,
}

/// One message; `Display` writes it as clingo does.
///
/// ```
/// use grounder::{ground, GroundOptions, Severity, Source};
/// let source = Source::new("f.lp", "p(X) :- not q(X).");
/// let error = ground(&[source], &GroundOptions::default()).unwrap_err();
/// let unsafe_x = &error.diagnostics[0];
/// assert_eq!(unsafe_x.severity, Severity::Error);
/// assert_eq!(unsafe_x.message, "unsafe variables in:");
/// assert_eq!(
///     unsafe_x.to_string(),
///     "f.lp:1:1-18: error: unsafe variables in:\n  p(X):-[#inc_base];not q(X).\nf.lp:1:3-4: note: 'X' is unsafe"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or info.
    pub severity: Severity,
    /// Where in the input (`None`: no location, `<unknown>` in the text).
    pub span: Option<Span>,
    /// The first line (without location and severity); may continue on further lines.
    pub message: String,
    /// Notes written after the message, each on its own line.
    pub notes: Vec<Note>,
}

impl Diagnostic {
    /// The name of clingo's warning class of this message, as `-W no-<name>` silences it:
    /// `atom-undefined`, `file-included`, `operation-undefined`, `global-variable` or
    /// `other` (the classes as clingo 5.8.3 files each message).
    ///
    /// ```
    /// use grounder::{ground, GroundOptions, Source};
    /// let grounded = ground(&[Source::new("f.lp", "p :- q.")], &GroundOptions::default()).unwrap();
    /// let info = &grounded.infos[0];
    /// assert_eq!(info.to_string(), "f.lp:1:6-7: info: atom does not occur in any rule head:\n  q");
    /// assert_eq!(info.warning_class(), "atom-undefined");
    /// ```
    pub fn warning_class(&self) -> &'static str {
        let message = self.message.as_str();
        if message.starts_with("atom does not occur") || message.starts_with("no atoms over") {
            "atom-undefined"
        } else if message.starts_with("already included") {
            "file-included"
        } else if [
            "operation undefined",
            "interval undefined",
            "tuple ignored",
            "heuristic",
        ]
        .iter()
        .any(|prefix| message.starts_with(prefix))
        {
            "operation-undefined"
        } else if message.starts_with("global variable") {
            "global-variable"
        } else {
            "other"
        }
    }

    /// An error without a location (`*** ERROR: (clingo): message` in clingo's output).
    pub(crate) fn unlocated_error(message: String) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span: None,
            message,
            notes: Vec::new(),
        }
    }
}

/// Writes a span as clingo does.
pub struct DisplaySpan<'a>(pub &'a Span);

impl fmt::Display for DisplaySpan<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        if s.start == s.end {
            write!(f, "{}:{}:{}", s.file, s.start.line, s.start.column)
        } else if s.start.line == s.end.line {
            write!(
                f,
                "{}:{}:{}-{}",
                s.file, s.start.line, s.start.column, s.end.column
            )
        } else {
            write!(
                f,
                "{}:{}:{}-{}:{}",
                s.file, s.start.line, s.start.column, s.end.line, s.end.column
            )
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        };
        match &self.span {
            Some(span) => write!(f, "{}: {severity}: {}", DisplaySpan(span), self.message)?,
            None => write!(f, "<unknown>: {severity}: {}", self.message)?,
        }
        for note in &self.notes {
            match &note.span {
                Some(span) => write!(f, "\n{}: note: {}", DisplaySpan(span), note.text)?,
                None => write!(f, "\n  {}", note.text)?,
            }
        }
        Ok(())
    }
}
