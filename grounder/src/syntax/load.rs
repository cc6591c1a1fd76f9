//! Loading several sources with `#include` resolution.
//!
//! Each source is parsed (its dialect decided per file); an `#include "f".` is replaced by
//! the statements of `f`, read relative to the directory of the including file (standard
//! input and in-memory text: relative to the working directory). Every file is read once:
//! a second include of the same file (same canonical path) is reported, as clingo does, with
//! `already included file` and skipped. A missing file is an error at the directive. Include
//! nesting is bounded by [`MAX_INCLUDE_DEPTH`].
//!
//! `#include <incmode>.` names clingo's built-in library for incremental solving: it adds no
//! statements; the loader records where it was first included ([`Loaded::incmode`]), reports a
//! second include as `already included file`, and any other `<name>` as a file that could not
//! be opened, as clingo does.
//!
//! [`load_split`] also takes the simple facts out of each source (see [`super::facts`]) and
//! places each among the statements: `Fact::at` is the number of statements (of all sources,
//! includes resolved) before it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::facts::{Fact, Facts};
use crate::ast::{Program, Span, Statement, StatementKind};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::{Dialect, Source};

/// The deepest chain of includes followed.
pub const MAX_INCLUDE_DEPTH: usize = 100;

/// Everything the sources say, in order, plus the non-fatal messages.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// The statements of every source and included file, includes resolved.
    pub program: Program,
    /// Messages that do not stop the run (already included files).
    pub infos: Vec<Diagnostic>,
    /// Where `#include <incmode>.` was first written, if it was.
    pub incmode: Option<Span>,
}

/// The state of one load.
#[derive(Default)]
struct Loader {
    dialect: Dialect,
    /// Take simple facts out of the sources (into `facts`).
    split: bool,
    facts: Facts,
    seen: HashSet<PathBuf>,
    statements: Vec<Statement>,
    infos: Vec<Diagnostic>,
    errors: Vec<Diagnostic>,
    incmode: Option<Span>,
}

/// Parses every source and resolves includes; all errors of all files are returned together.
pub fn load(sources: &[Source], dialect: Dialect) -> Result<Loaded, Vec<Diagnostic>> {
    load_with(sources, dialect, false).map(|(loaded, _)| loaded)
}

/// [`load`] with the simple facts taken out of the statements (see [`super::facts`]).
pub(crate) fn load_split(
    sources: &[Source],
    dialect: Dialect,
) -> Result<(Loaded, Facts), Vec<Diagnostic>> {
    load_with(sources, dialect, true)
}

/// Loads the sources, taking facts out when `split`.
fn load_with(
    sources: &[Source],
    dialect: Dialect,
    split: bool,
) -> Result<(Loaded, Facts), Vec<Diagnostic>> {
    let mut loader = Loader {
        dialect,
        split,
        ..Loader::default()
    };
    for source in sources {
        if let Ok(path) = Path::new(&source.name).canonicalize() {
            loader.seen.insert(path);
        }
    }
    for source in sources {
        loader.source(source, 0);
    }
    if loader.errors.is_empty() {
        let loaded = Loaded {
            program: Program {
                statements: loader.statements,
            },
            infos: loader.infos,
            incmode: loader.incmode,
        };
        Ok((loaded, loader.facts))
    } else {
        loader.errors.truncate(super::MAX_ERRORS);
        Err(loader.errors)
    }
}

impl Loader {
    /// Parses one source and appends its statements, following its includes.
    fn source(&mut self, source: &Source, depth: usize) {
        let parsed = match self.split {
            true => super::parse_split(source, self.dialect),
            false => super::parse(source, self.dialect).map(|p| (p, Facts::default())),
        };
        let (program, facts) = match parsed {
            Ok(parsed) => parsed,
            Err(errors) => return self.errors.extend(errors),
        };
        let mut facts = self.facts.absorb(facts).into_iter().peekable();
        self.statements.reserve(program.statements.len());
        for statement in program.statements {
            while let Some(fact) = facts.next_if(|f| f.start < statement.span.start) {
                self.place(fact);
            }
            match statement.kind {
                StatementKind::Include(file) => self.include(source, &file, statement.span, depth),
                StatementKind::IncludeLibrary(name) => self.library(&name, statement.span),
                _ => self.statements.push(statement),
            }
        }
        facts.for_each(|fact| self.place(fact));
    }

    /// Adds a fact of the current source after the statements loaded so far.
    fn place(&mut self, fact: Fact) {
        let at = self.statements.len() as u32;
        self.facts.facts.push(Fact { at, ..fact });
    }

    /// `#include <name>.`: only `incmode` exists (and is included once).
    fn library(&mut self, name: &str, span: Span) {
        let text = format!("<{name}>");
        match (name, &self.incmode) {
            ("incmode", None) => self.incmode = Some(span),
            ("incmode", Some(_)) => {
                let info = message(Severity::Warning, span, "already included file:", &text);
                self.infos.push(info);
            }
            _ => {
                let error = message(Severity::Error, span, "file could not be opened:", &text);
                self.errors.push(error);
            }
        }
    }

    /// Follows `#include "file".` written in `from`.
    fn include(&mut self, from: &Source, file: &str, span: Span, depth: usize) {
        let base = match from.name.as_str() {
            "<stdin>" | "<string>" | "-" => PathBuf::new(),
            name => Path::new(name)
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default(),
        };
        let path = base.join(file);
        let Ok(canonical) = path.canonicalize() else {
            return self.errors.push(message(
                Severity::Error,
                span,
                "file could not be opened:",
                file,
            ));
        };
        if !self.seen.insert(canonical) {
            let info = message(Severity::Warning, span, "already included file:", file);
            return self.infos.push(info);
        }
        if depth >= MAX_INCLUDE_DEPTH {
            return self.errors.push(message(
                Severity::Error,
                span,
                "includes nested too deeply:",
                file,
            ));
        }
        match std::fs::read(&path) {
            Ok(text) => {
                let name = path.to_string_lossy().into_owned();
                self.source(&Source::new(name, text), depth + 1);
            }
            Err(_) => self.errors.push(message(
                Severity::Error,
                span,
                "file could not be opened:",
                file,
            )),
        }
    }
}

/// A message with the file name on its second line, as clingo writes it.
fn message(severity: Severity, span: Span, text: &str, file: &str) -> Diagnostic {
    Diagnostic {
        severity,
        span: Some(span),
        message: text.into(),
        notes: vec![Note {
            span: None,
            text: file.into(),
        }],
    }
}
