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
//!   program as added so far, whichever part they are in and whether it was ground. Each
//!   grounding appends the output entries of the atoms and terms it made shown, so models print
//!   the facts of earlier steps first, as clingo's; when the directives changed, the table is
//!   rebuilt from every atom so far and replaces the earlier one ([`Step::outputs_replace`];
//!   clingo applies a `#show` added after the last grounding when it solves: call
//!   `ground(&[])` to get the table then). A `#show t : body.` term shown again under new
//!   conditions gets an entry excluding its earlier ones, so it is printed once.
//!   `#project p/n.` belongs to its part: it projects the atoms of `p/n` existing when that
//!   part is ground. Weak constraint tuples count once over all steps.
//! - `#const` definitions hold for the whole program; a statement gets the constants known
//!   when it is rewritten, at the first grounding after it was added (all parts at once). A
//!   redefinition fails the `add` (clingo: "parsing failed") and adds nothing. Rewriting
//!   errors (unsafe variables, in any part) fail that grounding and every later one (clingo
//!   also refuses every later `add`; a session accepts them).
//! - Messages name parameters as clingo does (`b(#Inc0)`, `[#inc_step(#Inc0)]`); `atom does
//!   not occur in any rule head` is reported at a statement's first grounding only; the
//!   predicates it counts as having a head are those of the parts ground so far (this
//!   grounding's included), of every fact added (`p(t).`, not `p :- #true.`) and `#defined`.
//!   `global variable in tuple of aggregate element` comes again for every statement so far
//!   whenever statements added later are rewritten. `no atoms over signature occur in
//!   program` comes after every grounding for each `#show p/n.` (of any part) whose predicate
//!   no ground statement, fact or `#defined` has mentioned yet.
//! - `add` starts in `base`, as clingo's `Control.add(text)`; `add_to_part` in the part
//!   named, as `Control.add(name, params, text)`.
//! - `#include <incmode>.` adds nothing; [`Session::incmode`] says whether it was included
//!   (the incremental driver is the caller's: clingo's loop over `base`, `step(t)`,
//!   `check(t)` with the external `query(t)`).
//!
//! # Known deviations (found by random programs split into parts, checked against clingo)
//! - What a grounding settles stays settled: an atom it finds without support (no rule, or
//!   only unfounded ones) is false for good and the rules that needed it are gone. clingo
//!   leaves such atoms to clasp, which decides them when it solves; so a later grounding
//!   *before any solve* that defines the atom is seen by clingo's earlier rules and not by
//!   ours: `{q(1..2)}. r(X) :- q(X), not x(X), X > 1. x(1) :- not r(1).` (gringo cannot
//!   decide `not r(1)` inside the component), then a part with `r(1).`: clingo's models lack
//!   `x(1)`, ours keep it. With a solve in between (as in clingo's incremental loop) both
//!   agree. (1 of 287 random programs split into three parts.)
//! - After a solve that found the program unsatisfiable without assumptions, clasp accepts any
//!   later rule (no `redefinition of atom`); the session cannot know the solve's outcome, so a
//!   consumer should then ignore [`Step::errors`].
//!
//! # Invariants (what a consumer of the steps relies on)
//! - Atom numbers continue: a step's program has `atom_count` = all atoms so far; atoms
//!   `first_atom..=atom_count` are new ([`Step::atoms`] names them), the others were named by
//!   earlier steps and keep their meaning.
//! - Rules, externals, minimize, projection, edges and heuristics are deltas: the union over
//!   the steps (in order) is the program. Minimize elements add up per priority (an element
//!   may cancel an earlier one with the negated weight); a later external declaration of an
//!   atom replaces its default value; projection is on once a step had `Some` projection.
//! - `outputs` (with [`Step::shown`]) are appended to the output table of the earlier steps,
//!   or replace it when [`Step::outputs_replace`]; an output's condition may name atoms of
//!   earlier steps.

mod add;
mod atoms;
mod call;
mod cleanup;
mod options;
pub(crate) mod program;
mod step;

pub use atoms::{DomainAtom, Signature};
pub use cleanup::Cleaned;
pub(crate) use options::fail;
pub use options::{GroundError, GroundOptions, Limits};

use std::sync::atomic::{AtomicU64, Ordering};

use solver_core::{Atom, GroundProgram};

use crate::ast;
use crate::diagnostic::Diagnostic;
use crate::output::symbols::ProgramSymbols;
use crate::term::intern::{Interner, Val};
use crate::{Source, Symbol};
use program::Added;
use step::State;

/// One grounding's result: the new part of the ground program and the symbols it names.
#[derive(Clone, Debug)]
pub struct Step {
    /// The rules, statements, new atoms and output entries of this grounding (see the
    /// module's invariants).
    pub program: GroundProgram,
    /// Whether `program.outputs` replaces the earlier output table (the `#show` directives
    /// changed); otherwise it is appended to it.
    pub outputs_replace: bool,
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

/// A [`Step`] of a grounding's output with the symbols of its atoms and outputs.
fn step(
    built: crate::output::Built,
    infos: Vec<Diagnostic>,
    error: Option<Diagnostic>,
    atoms: Vec<Option<Symbol>>,
    shown: Vec<Symbol>,
) -> Step {
    Step {
        first_atom: built.first,
        atoms,
        shown,
        program: built.program,
        outputs_replace: built.replace,
        infos,
        errors: error.into_iter().collect(),
    }
}

/// The id of the next session (ids tell which session a [`ProgramSymbols`] mirrors).
static NEXT_SESSION: AtomicU64 = AtomicU64::new(1);

/// A multi-shot grounding session (see the module doc).
///
/// ```
/// use grounder::{GroundOptions, Session, Source, Symbol};
///
/// let mut session = Session::new(GroundOptions::default());
/// let text = "a. #program step(t). p(t) :- a. #show p/1.";
/// session.add(&Source::new("<block>", text)).unwrap();
/// let base = session.ground(&[("base", vec![])]).unwrap();
/// assert_eq!(base.atoms, vec![Some(Symbol::function("a", vec![]))]);
/// assert!(base.shown.is_empty());
/// // The step continues the numbering: its new atom is `Atom(2)`.
/// let step = session.ground(&[("step", vec![Symbol::Number(1)])]).unwrap();
/// assert_eq!(step.first_atom, 2);
/// let p1 = Symbol::function("p", vec![Symbol::Number(1)]);
/// assert_eq!(step.atoms, vec![Some(p1.clone())]);
/// assert_eq!(step.shown, vec![p1]);
/// ```
pub struct Session {
    /// This session's id (unique in the process).
    id: u64,
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
    /// [`Session::end_grounding`] freed the session's state.
    ended: bool,
}

impl Session {
    /// An empty session.
    pub fn new(options: GroundOptions) -> Session {
        Session {
            id: NEXT_SESSION.fetch_add(1, Ordering::Relaxed),
            options,
            overrides: None,
            table: Interner::default(),
            added: Added::default(),
            state: State::default(),
            incmode: None,
            infos: Vec::new(),
            broken: None,
            ended: false,
        }
    }

    /// Parses `source` (its `#include`s resolved) and adds its statements to their parts.
    /// Nothing is ground yet. Errors: syntax errors, unreadable includes, bad `-c`
    /// constants, constant redefinitions; then nothing is added.
    pub fn add(&mut self, source: &Source) -> Result<(), GroundError> {
        self.add_sources(std::slice::from_ref(source), None, true)
    }

    /// Adds `source` to the part `name(params)`, as clingo's `Control.add(name, params,
    /// text)`: its statements before any `#program` belong to that part.
    pub fn add_to_part(
        &mut self,
        name: &str,
        params: &[&str],
        source: &Source,
    ) -> Result<(), GroundError> {
        let start = add::part_declaration(name, params, &source.name);
        self.add_sources(std::slice::from_ref(source), Some(start), true)
    }

    /// [`Session::add`] for several sources read as one load (as the one-shot
    /// [`crate::ground`] reads them: one `#include` set, messages in input order).
    pub fn add_all(&mut self, sources: &[Source]) -> Result<(), GroundError> {
        self.add_sources(sources, None, true)
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
        let symbol = |v: &Option<Val>| v.map(|v| self.table.to_symbol(v));
        let atoms = self.new_atoms(built.first).iter().map(symbol).collect();
        let shown = built.shown.iter().map(|&v| self.table.to_symbol(v));
        let shown = shown.collect();
        Ok(step(built, infos, error, atoms, shown))
    }

    /// [`Session::ground`] for a consumer that keeps the symbols of every step in one
    /// [`ProgramSymbols`]: the step's new atoms and outputs are appended to `symbols` (only
    /// the terms this grounding made are copied, see [`ProgramSymbols`]) instead of given as
    /// values, so [`Step::atoms`] and [`Step::shown`] are empty. `symbols` must be empty or
    /// have been extended by this session only (an error otherwise, and nothing is ground).
    pub fn ground_into(
        &mut self,
        parts: &[(&str, Vec<Symbol>)],
        symbols: &mut ProgramSymbols,
    ) -> Result<Step, GroundError> {
        if !symbols.extends(self.id) {
            let message = "symbols extended by another grounding session".to_string();
            return Err(options::fail(
                vec![Diagnostic::unlocated_error(message)],
                Vec::new(),
            ));
        }
        let (mut built, infos, error) = self.ground_parts(parts)?;
        let shown = std::mem::take(&mut built.shown);
        // From the first atom `symbols` lacks: atoms a backend numbered come along.
        let atoms = self.new_atoms(symbols.atom_len() as u32 + 1);
        symbols.extend(self.id, &self.table, atoms, shown, built.replace);
        Ok(step(built, infos, error, Vec::new(), Vec::new()))
    }

    /// Brings `symbols` (extended by this session, see [`Session::ground_into`]) up to date
    /// after statements added outside a grounding (a backend): the atoms numbered since, and
    /// the outputs `shown` appended to the output table.
    pub fn extend_symbols(&mut self, symbols: &mut ProgramSymbols, shown: &[Symbol]) {
        if !symbols.extends(self.id) {
            return;
        }
        let shown = shown.iter().map(|s| self.table.intern_symbol(s)).collect();
        let atoms = self.new_atoms(symbols.atom_len() as u32 + 1);
        symbols.extend(self.id, &self.table, atoms, shown, false);
    }

    /// The terms of the atoms from `first` on (`None`: auxiliary).
    fn new_atoms(&self, first: u32) -> &[Option<Val>] {
        let first = (first as usize).saturating_sub(1);
        self.state.atoms.get(first..).unwrap_or(&[])
    }

    /// Ends grounding for good: what the session keeps for later groundings is freed (on a
    /// large program most of the grounder's memory): the rewritten rules of the parts, the
    /// atoms with their domains and indexes, the aspif numbering and the term table (a
    /// [`ProgramSymbols`] extended by [`Session::ground_into`] has its own copy of the
    /// terms). A later [`Session::ground`] fails, [`Session::backend_atom`] refuses, and
    /// [`Session::domain_atoms`], [`Session::signatures`] and [`Session::atom_symbol`] find
    /// nothing. For a caller that only solves what was ground (a one-shot run), so that the
    /// solver can reuse that memory.
    ///
    /// ```
    /// use grounder::{ProgramSymbols, Session, Source};
    /// let mut session = Session::new(Default::default());
    /// session.add(&Source::new("f.lp", "p(1..3). q(X) :- p(X).")).unwrap();
    /// let mut symbols = ProgramSymbols::default();
    /// session.ground_into(&[("base", vec![])], &mut symbols).unwrap();
    /// assert_eq!(session.domain_atoms().len(), 6);
    /// session.end_grounding();
    /// assert!(session.has_ended());
    /// assert!(session.domain_atoms().is_empty());
    /// assert!(session.backend_atom(None).is_err());
    /// assert!(session.ground(&[("base", vec![])]).is_err());
    /// // The symbols keep their own terms.
    /// assert_eq!(symbols.atom(0).unwrap().to_string(), "p(1)");
    /// ```
    pub fn end_grounding(&mut self) {
        self.added.release_rules();
        self.table = Interner::default();
        self.state = State::default();
        self.ended = true;
        self.broken = Some("grounding ended: the session released its rules".into());
    }

    /// Whether [`Session::end_grounding`] was called.
    pub fn has_ended(&self) -> bool {
        self.ended
    }

    /// Tells the session that the program ground so far is being solved: an atom with a rule
    /// now cannot get a rule in a later grounding (clingo's redefinition error).
    pub fn mark_solved(&mut self) {
        self.state.emitted.definitions.step += 1;
    }

    /// Replaces the functions `@f(args)` terms call, for the groundings from now on.
    pub fn set_functions(&mut self, functions: crate::Functions) {
        self.options.functions = functions;
    }

    /// The value of the constant `name` as the `#const` definitions added so far and the
    /// `-c` constants define it (clingo's `Control.get_const`); `None` when undefined.
    ///
    /// ```
    /// use grounder::{GroundOptions, Session, Source, Symbol};
    /// let options = GroundOptions { constants: vec![("m".into(), "7".into())], ..GroundOptions::default() };
    /// let mut session = Session::new(options);
    /// session.add(&Source::new("<block>", "#const n = 2*3. #const m = 1.")).unwrap();
    /// assert_eq!(session.constant("n"), Some(Symbol::Number(6)));
    /// assert_eq!(session.constant("m"), Some(Symbol::Number(7)));
    /// assert_eq!(session.constant("k"), None);
    /// ```
    pub fn constant(&mut self, name: &str) -> Option<Symbol> {
        let overrides = self.overrides().ok()?;
        self.added.constant(name, &overrides)
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
}
