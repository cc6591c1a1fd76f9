//! Adding programs to a [`Session`]: loading, the facts taken out or left in, the `-c`
//! constants, and the part a program starts in.

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::session::options::{fail, GroundError};
use crate::session::Session;
use crate::syntax::facts::Facts;
use crate::syntax::Loaded;
use crate::Source;

/// The statement `#program name(params).` that a program added to a part starts with (its
/// parameters declared at the start of `file`).
pub(super) fn part_declaration(name: &str, params: &[&str], file: &str) -> ast::Statement {
    let start = ast::Position { line: 1, column: 1 };
    let span = ast::Span {
        file: std::sync::Arc::from(file),
        start,
        end: start,
    };
    let params = params
        .iter()
        .map(|p| (p.to_string(), span.clone()))
        .collect();
    ast::Statement {
        kind: ast::StatementKind::Program {
            name: name.to_string(),
            params,
        },
        span,
    }
}

/// Puts `start` before the statements of `loaded` (and after it the facts placed there).
fn start_with(loaded: &mut Loaded, facts: &mut Facts, start: Option<&ast::Statement>) {
    let Some(start) = start else {
        return;
    };
    loaded.program.statements.insert(0, start.clone());
    for fact in &mut facts.facts {
        fact.at += 1;
    }
}

impl Session {
    /// Adds sources in one load; keeps them for parsing again when `keep` (see `program`).
    pub(crate) fn add_sources(
        &mut self,
        sources: &[Source],
        start: Option<ast::Statement>,
        keep: bool,
    ) -> Result<(), GroundError> {
        let dialect = self.options.dialect;
        let (mut loaded, mut facts) =
            crate::syntax::load_split(sources, dialect).map_err(|e| fail(e, Vec::new()))?;
        start_with(&mut loaded, &mut facts, start.as_ref());
        let overrides = match self.overrides() {
            Ok(overrides) => overrides,
            Err(d) => return Err(fail(vec![d], loaded.infos)),
        };
        let (loaded, facts) =
            if self
                .added
                .facts_need_statements(&loaded.program, &overrides, &facts)
            {
                drop((loaded, facts));
                let mut loaded =
                    crate::syntax::load(sources, dialect).map_err(|e| fail(e, Vec::new()))?;
                let mut facts = Facts::default();
                start_with(&mut loaded, &mut facts, start.as_ref());
                (loaded, facts)
            } else {
                (loaded, facts)
            };
        let kept = keep.then(|| (sources.to_vec(), dialect, start));
        self.add_loaded(loaded, facts, kept)
    }

    /// Adds a loaded program (`facts` taken out of it).
    pub(crate) fn add_loaded(
        &mut self,
        loaded: Loaded,
        facts: Facts,
        sources: Option<crate::session::program::Sources>,
    ) -> Result<(), GroundError> {
        let overrides = match self.overrides() {
            Ok(overrides) => overrides,
            Err(d) => return Err(fail(vec![d], loaded.infos)),
        };
        let Loaded {
            program,
            infos,
            incmode,
        } = loaded;
        let loaded = Loaded {
            program,
            infos: Vec::new(),
            incmode: None,
        };
        self.added
            .add(&mut self.table, loaded, facts, &overrides, sources)
            .map_err(|e| fail(e, infos.clone()))?;
        self.incmode = self.incmode.take().or(incmode);
        self.infos.extend(infos);
        Ok(())
    }

    /// Where `#include <incmode>.` was first written.
    pub(crate) fn incmode_span(&self) -> Option<&ast::Span> {
        self.incmode.as_ref()
    }

    /// The parsed `-c` constants.
    pub(super) fn overrides(&mut self) -> Result<Vec<(String, ast::Term)>, Diagnostic> {
        if let Some(parsed) = &self.overrides {
            return Ok(parsed.clone());
        }
        let mut parsed = Vec::new();
        for (name, text) in &self.options.constants {
            parsed.push((
                name.clone(),
                crate::syntax::parse_const_override(name, text)?,
            ));
        }
        self.overrides = Some(parsed.clone());
        Ok(parsed)
    }
}
