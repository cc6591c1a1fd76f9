//! [`Session`]: multi-shot grounding, as clingo's `Control.add` / `Control.ground` do it.
//!
//! A session keeps the program added so far (by part, see `program`) and everything its
//! groundings produced: the term table, the atoms and their domains, the aspif numbering, the
//! truth of atoms, the output table. Each [`Session::ground`] call grounds the named parts with
//! their parameters substituted and returns a [`Step`]: the *new* part of the ground program.
//! The one-shot [`crate::ground`] is a session that grounds `base` once.
//!
//! # Semantics (clingo 5.8.3's Python API, checked case by case)
//! - Parts: statements before any `#program` are in `base`; `#program name(p1,...,pn).` starts
//!   the part `name/n` (name *and* arity), whose statements accumulate over declarations and
//!   `add` calls. `ground(&[("step", vec![Symbol::Number(3)])])` grounds exactly the named
//!   parts, a parameter standing for its value wherever it is used as a constant (a `#const` of
//!   the same name wins); a part nobody declared is ignored without a message, as clingo
//!   ignores it. The parts named in one call are ground together as one program (so `not r`
//!   over an `r` of another part named in the same call sees its rules), in declaration order,
//!   a part named twice with the same arguments once.
//! - Only the new rules are ground, against the accumulated domains: a rule ground earlier is
//!   not ground again when a later step adds atoms its body could match (`#program base.
//!   a :- b. #program step. b.` grounded base then step has the model `{b}`), and a negative
//!   literal decided earlier stays decided. Facts of earlier steps are known true, other
//!   atoms of earlier steps stay open (their rules are with the solver).
//! - `#external` atoms of any step stay open until a rule defines them; an external may get
//!   rules in a later step (then it is an ordinary atom); `#external` over an atom that has a
//!   rule from an earlier grounding, or over a fact, declares nothing; a later `#external` of
//!   an external atom sets its default value again.
//! - Redefinition: clasp freezes the atoms with rules when it solves; a rule grounded after a
//!   solve with a frozen atom in its head is refused: `redefinition of atom <'a',1>` (the
//!   atom and its aspif number; Python raises `RuntimeError`, the CLI prints `*** ERROR:
//!   (clingo): redefinition of atom <'a',2>` and exits with 65). Groundings between two solve
//!   calls may give the same atoms rules. The session learns of solves through
//!   [`Session::mark_solved`]; the refused rules are left out of the [`Step`] and the error is
//!   in [`Step::errors`] (clingo keeps the rules before the refused one and drops the rest of
//!   that grounding; we keep all others). A fact written again (`a.` then `a.`) is no rule.
//! - `#show p/n.`, `#show.` (and `#defined p/n`, gringo 3's `#hide`) hold for the whole
//!   program as added so far, whichever part they are in and whether it was ground: the output
//!   table is rebuilt at each grounding from every atom so far (`Step::program.outputs` is the
//!   whole table, see the invariants). `#show t : body.` terms accumulate, each output once.
//!   `#project p/n.` belongs to its part: it projects the atoms of `p/n` existing when that
//!   part is ground. Weak constraint tuples count once over all steps.
//! - `#const` definitions hold for the whole program; a statement gets the constants known
//!   when it is rewritten, at the first grounding after it was added (all parts at once). A
//!   redefinition fails the `add` (clingo: "parsing failed") and adds nothing. Rewriting
//!   errors (unsafe variables, in any part) fail that grounding and every later one.
//! - Messages name parameters as clingo does (`b(#Inc0)`, `[#inc_step(#Inc0)]`); `atom does
//!   not occur in any rule head` is reported at a statement's first grounding only, with the
//!   heads of every statement added and rewritten so far.
//! - `#include <incmode>.` adds nothing; [`Session::incmode`] says whether it was included
//!   (the incremental driver is the caller's: clingo's loop over `base`, `step(t)`,
//!   `check(t)` with the external `query(t)`).
//!
//! # Invariants (what a consumer of the steps relies on)
//! - Atom numbers continue: a step's program has `atom_count` = all atoms so far; atoms
//!   `first_atom..=atom_count` are new ([`Step::atoms`] names them), the others were named by
//!   earlier steps and keep their meaning.
//! - Rules, externals, minimize, projection, edges and heuristics are deltas: the union over
//!   the steps (in order) is the program. Minimize elements add up per priority (an element
//!   may cancel an earlier one with the negated weight); a later external declaration of an
//!   atom replaces its default value; projection is on once a step had `Some` projection.
//! - `outputs` is the whole output table after the step: it replaces the earlier one.

mod options;
mod program;
mod step;

pub(crate) use options::fail;
pub use options::{GroundError, GroundOptions, Limits};

use solver_core::{Atom, GroundProgram};

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::instantiate::Stop;
use crate::output::symbols::ProgramSymbols;
use crate::output::Grounded;
use crate::syntax::facts::Facts;
use crate::syntax::Loaded;
use crate::term::intern::{Interner, Val};
use crate::{Source, Symbol};
use program::Added;
use step::State;

/// One grounding's result: the new part of the ground program and the symbols it names.
#[derive(Clone, Debug)]
pub struct Step {
    /// The rules, statements and new atoms of this grounding, and the whole output table
    /// (see the module's invariants).
    pub program: GroundProgram,
    /// The first atom new in this step.
    pub first_atom: u32,
    /// `atoms[i]`: the symbol of `Atom(first_atom + i)` (`None` for an auxiliary atom).
    pub atoms: Vec<Option<Symbol>>,
    /// `shown[i]`: the symbol of `program.outputs[i]`.
    pub shown: Vec<Symbol>,
    /// Info messages, in order.
    pub infos: Vec<Diagnostic>,
    /// Errors clingo raises after grounding (`redefinition of atom`): the rules they concern
    /// are left out of `program`, the rest of the step stands. Add the step, then report them.
    pub errors: Vec<Diagnostic>,
}

/// A multi-shot grounding session (see the module doc).
pub struct Session {
    options: GroundOptions,
    /// The `-c` constants, parsed on first use.
    overrides: Option<Vec<(String, ast::Term)>>,
    table: Interner,
    added: Added,
    state: State,
    /// Where `#include <incmode>.` was first written.
    incmode: Option<ast::Span>,
    /// Infos of `add` calls, given with the next step.
    infos: Vec<Diagnostic>,
    /// Why grounding stopped for good (an interrupt or a size limit mid-grounding).
    broken: Option<String>,
}

impl Session {
    /// An empty session.
    pub fn new(options: GroundOptions) -> Session {
        Session {
            options,
            overrides: None,
            table: Interner::default(),
            added: Added::default(),
            state: State::default(),
            incmode: None,
            infos: Vec::new(),
            broken: None,
        }
    }

    /// Parses `source` (its `#include`s resolved) and adds its statements to their parts.
    /// Nothing is ground yet. Errors: syntax errors, unreadable includes, bad `-c`
    /// constants, constant redefinitions; then nothing is added.
    pub fn add(&mut self, source: &Source) -> Result<(), GroundError> {
        self.add_sources(std::slice::from_ref(source), true)
    }

    /// [`Session::add`] for several sources read as one load (as the one-shot
    /// [`crate::ground`] reads them: one `#include` set, messages in input order).
    pub fn add_all(&mut self, sources: &[Source]) -> Result<(), GroundError> {
        self.add_sources(sources, true)
    }

    /// Where `#include <incmode>.` was first written, if it was.
    pub fn incmode_at(&self) -> Option<&ast::Span> {
        self.incmode.as_ref()
    }

    /// Grounds the named parts with their arguments (see the module doc). Errors: rewriting
    /// errors (nothing is ground; they come again with every later call), an interrupt or a
    /// size limit (the session then refuses to ground again).
    pub fn ground(&mut self, parts: &[(&str, Vec<Symbol>)]) -> Result<Step, GroundError> {
        let (built, infos, error) = self.ground_parts(parts)?;
        let first = built.first as usize;
        let atoms = self
            .state
            .atoms
            .get(first.saturating_sub(1)..)
            .unwrap_or(&[]);
        let symbol = |v: &Option<Val>| v.map(|v| self.table.to_symbol(v));
        Ok(Step {
            first_atom: built.first,
            atoms: atoms.iter().map(symbol).collect(),
            shown: built
                .shown
                .iter()
                .map(|&v| self.table.to_symbol(v))
                .collect(),
            program: built.program,
            infos,
            errors: error.into_iter().collect(),
        })
    }

    /// Tells the session that the program ground so far is being solved: an atom with a rule
    /// now cannot get a rule in a later grounding (clingo's redefinition error).
    pub fn mark_solved(&mut self) {
        self.state.emitted.definitions.step += 1;
    }

    /// Whether a source included clingo's `incmode` library.
    pub fn incmode(&self) -> bool {
        self.incmode.is_some()
    }

    /// The number of atoms of every step so far.
    pub fn atom_count(&self) -> u32 {
        self.state.emitted.atom_count
    }

    /// The symbol of `atom` (`None` for an auxiliary atom or beyond the atoms).
    pub fn atom_symbol(&self, atom: Atom) -> Option<Symbol> {
        let index = (atom.0 as usize).checked_sub(1)?;
        let v = self.state.atoms.get(index).copied().flatten()?;
        Some(self.table.to_symbol(v))
    }

    /// Adds sources in one load; keeps them for parsing again when `keep` (see `program`).
    pub(crate) fn add_sources(
        &mut self,
        sources: &[Source],
        keep: bool,
    ) -> Result<(), GroundError> {
        let dialect = self.options.dialect;
        let (loaded, facts) =
            crate::syntax::load_split(sources, dialect).map_err(|e| fail(e, Vec::new()))?;
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
                let loaded =
                    crate::syntax::load(sources, dialect).map_err(|e| fail(e, Vec::new()))?;
                (loaded, Facts::default())
            } else {
                (loaded, facts)
            };
        let kept = keep.then(|| (sources.to_vec(), dialect));
        self.add_loaded(loaded, facts, kept)
    }

    /// Adds a loaded program (`facts` taken out of it).
    pub(crate) fn add_loaded(
        &mut self,
        loaded: Loaded,
        facts: Facts,
        sources: Option<(Vec<Source>, crate::Dialect)>,
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
    fn overrides(&mut self) -> Result<Vec<(String, ast::Term)>, Diagnostic> {
        if let Some(parsed) = &self.overrides {
            return Ok(parsed.clone());
        }
        let mut parsed = Vec::new();
        for (name, text) in &self.options.constants {
            parsed.push((name.clone(), crate::syntax::parse_term(text)?));
        }
        self.overrides = Some(parsed.clone());
        Ok(parsed)
    }

    /// Grounds the named parts: the built program, the infos and a redefinition error.
    fn ground_parts(
        &mut self,
        parts: &[(&str, Vec<Symbol>)],
    ) -> Result<(crate::output::Built, Vec<Diagnostic>, Option<Diagnostic>), GroundError> {
        let mut infos = std::mem::take(&mut self.infos);
        if let Some(message) = &self.broken {
            let error = Diagnostic::unlocated_error(message.clone());
            return Err(fail(vec![error], infos));
        }
        let overrides = self.overrides().map_err(|d| fail(vec![d], Vec::new()))?;
        self.added
            .rewrite_pending(&mut self.table, &overrides, &mut infos)?;
        let requested = self.requested(parts);
        let call = self.added.call(requested);
        let built = step::ground_call(
            &mut self.table,
            &mut self.state,
            &call,
            &self.added,
            &self.options,
            &mut infos,
        );
        self.added.restore(call);
        let mut built = match built {
            Ok(built) => built,
            Err(stop) => {
                let message = match stop {
                    Stop::Limit(m) => m,
                    Stop::Interrupted => "grounding interrupted".into(),
                };
                self.broken = Some(message.clone());
                let error = Diagnostic::unlocated_error(message);
                return Err(fail(vec![error], infos));
            }
        };
        self.state.atoms.append(&mut built.atoms);
        let error = built.error.take();
        Ok((built, infos, error))
    }

    /// The parts named in `parts` that exist, in declaration order, each with its distinct
    /// argument tuples in ascending term order.
    fn requested(&mut self, parts: &[(&str, Vec<Symbol>)]) -> Vec<(usize, Vec<Vec<Val>>)> {
        let mut requested: Vec<(usize, Vec<Vec<Val>>)> = Vec::new();
        for (name, args) in parts {
            let Some(index) = self.added.find(name, args.len()) else {
                continue;
            };
            let tuple: Vec<Val> = args.iter().map(|s| self.table.intern_symbol(s)).collect();
            match requested.iter_mut().find(|(i, _)| *i == index) {
                Some((_, tuples)) if !tuples.contains(&tuple) => tuples.push(tuple),
                Some(_) => {}
                None => requested.push((index, vec![tuple])),
            }
        }
        requested.sort_by_key(|(i, _)| *i);
        let table = &self.table;
        for (_, tuples) in &mut requested {
            tuples.sort_by(|a, b| {
                a.iter()
                    .zip(b)
                    .map(|(x, y)| table.cmp(*x, *y))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
        }
        requested
    }

    /// Grounds `base` once and gives up the session for the one-shot result.
    pub(crate) fn ground_once(mut self) -> Result<Grounded, GroundError> {
        let (built, infos, error) = self.ground_parts(&[("base", Vec::new())])?;
        if let Some(error) = error {
            return Err(fail(vec![error], infos));
        }
        let atoms = std::mem::take(&mut self.state.atoms);
        Ok(Grounded {
            program: built.program,
            symbols: ProgramSymbols::new(self.table, built.shown, atoms),
            infos,
        })
    }
}
