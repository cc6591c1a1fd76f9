//! [`Control`]: configure, load, ground, solve.
//!
//! # States
//! A `Control` is *building* until [`Control::ground`] (or [`Control::load_aspif`]) succeeds,
//! then *grounded*. Building accepts [`Control::add`], [`Control::load`] and
//! [`Control::set_const`]; grounded accepts [`Control::solve`] (any number of times),
//! [`Control::assign_external`] between solves, and the printers ([`Control::text`],
//! [`Control::aspif`]). Calling a method in the wrong state is misuse and returns
//! `Err(Error::Usage)`; nothing panics. Options may be changed in any state and apply to the
//! next call that uses them.
//!
//! # Invariants
//! - `ground` is `Some` exactly in the grounded state; its `atoms` table is shared (`Arc`) with
//!   every [`Model`](crate::Model) so models stay valid after the `Control` changes.
//! - `externals` holds the values set by `assign_external`; they replace the program's
//!   defaults when a search starts and the program itself is never modified.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use grounder::{Diagnostic, Dialect, ProgramSymbols, Source, Symbol};
use solver_core::{
    Atom, EnumMode, ExternalValue, GroundProgram, Interrupt, Literal, OptMode, SolveOptions,
};

use crate::backend::{self, Grounded};
use crate::solve::SolveHandle;
use crate::Error;

/// What `--project` projects onto.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Projection {
    /// No projection: every model is reported.
    #[default]
    Off,
    /// Onto the atoms in the conditions of the shown atoms.
    Show,
    /// Onto the `#project` atoms.
    Project,
    /// Onto the `#project` atoms if there is a `#project` statement, else as `Show`.
    Auto,
}

/// Solving options (clingo's command-line options of the same names).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// How many models to compute; `None` is clingo's default (all when optimizing or
    /// computing consequences, else 1); `Some(0)` is all.
    pub models: Option<u64>,
    /// Enumeration algorithm, or brave/cautious consequences (`--enum-mode`).
    pub enum_mode: EnumMode,
    /// What to do with minimize statements (`--opt-mode`).
    pub opt_mode: OptMode,
    /// What to project onto (`--project`).
    pub projection: Projection,
    /// Seed for the solver's random choices.
    pub seed: u64,
    /// Stop the search after this long.
    pub time_limit: Option<Duration>,
    /// The input language.
    pub dialect: Dialect,
}

/// The value [`Control::assign_external`] gives an external atom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TruthValue {
    /// The atom holds.
    True,
    /// The atom does not hold.
    False,
    /// Either value; the solver chooses.
    Free,
    /// No longer external: false unless derived.
    Release,
}

/// The grounded program and its symbol tables, shared with models.
#[derive(Debug)]
pub(crate) struct Ground {
    /// The program searches start from (an empty projection removed, see
    /// [`without_empty_projection`]).
    pub(crate) program: GroundProgram,
    /// The symbols of `program.outputs` (aligned) and of its atoms (`Atom(i + 1)` at `i`).
    pub(crate) symbols: ProgramSymbols,
    /// How the program was made: from text (then `--text` can print it) or from aspif.
    origin: Origin,
    /// Symbol to atom, for assumptions, externals and [`crate::Model::contains`]; built on
    /// first use (most runs never ask).
    index: OnceLock<HashMap<Symbol, Atom>>,
    /// Output indices in clasp's printing order (see [`print_order`]).
    pub(crate) print_order: Vec<usize>,
}

/// Where a [`Ground`] came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Origin {
    /// Grounded from text; `empty_projection`: the grounder's projection was empty and removed.
    Text { empty_projection: bool },
    /// Read from aspif.
    Aspif,
}

impl Ground {
    fn new(program: GroundProgram, symbols: ProgramSymbols, origin: Origin) -> Ground {
        let print_order = print_order(&program);
        Ground {
            program,
            symbols,
            origin,
            index: OnceLock::new(),
            print_order,
        }
    }

    /// The atom of a symbol, if the program has one.
    pub(crate) fn atom_of(&self, symbol: &Symbol) -> Option<Atom> {
        let index = self.index.get_or_init(|| {
            (0..self.symbols.atom_len())
                .filter_map(|i| Some((self.symbols.atom(i)?, Atom(u32::try_from(i + 1).ok()?))))
                .collect()
        });
        index.get(symbol).copied()
    }

    /// The grounder's result again (for `--text`); `None` for a program read from aspif.
    fn grounded(&self) -> Option<Grounded> {
        let Origin::Text { empty_projection } = self.origin else {
            return None;
        };
        let mut program = self.program.clone();
        if empty_projection {
            program.projection = Some(Vec::new());
        }
        Some(Grounded {
            program,
            symbols: self.symbols.clone(),
            infos: Vec::new(),
        })
    }
}

/// The embedding API: collects program text, grounds it and starts searches.
///
/// ```
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = engine::Control::new();
/// ctl.add("base", "{ a }.")?;
/// assert!(ctl.solve().is_err()); // misuse: not grounded yet
/// # Ok(()) }
/// ```
#[derive(Debug, Default)]
pub struct Control {
    options: Options,
    constants: Vec<(String, String)>,
    sources: Vec<Source>,
    ground: Option<Arc<Ground>>,
    externals: HashMap<Atom, ExternalValue>,
    infos: Vec<Diagnostic>,
    interrupt: Interrupt,
}

impl Control {
    /// A fresh control with default options.
    pub fn new() -> Control {
        Control::default()
    }

    /// A fresh control with `options`.
    pub fn with_options(options: Options) -> Control {
        Control {
            options,
            ..Control::default()
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The options, to change them.
    pub fn options_mut(&mut self) -> &mut Options {
        &mut self.options
    }

    fn require_building(&self, what: &str) -> Result<(), Error> {
        match self.ground {
            None => Ok(()),
            Some(_) => Err(Error::Usage(format!(
                "{what} after the program was grounded"
            ))),
        }
    }

    fn require_ground(&self, what: &str) -> Result<&Arc<Ground>, Error> {
        self.ground
            .as_ref()
            .ok_or_else(|| Error::Usage(format!("{what} before the program was grounded")))
    }

    /// Replaces the constant `name` by `term` (`-c name=term`); the grounder parses `term`.
    pub fn set_const(&mut self, name: &str, term: &str) -> Result<(), Error> {
        self.require_building("set_const")?;
        self.constants.push((name.to_string(), term.to_string()));
        Ok(())
    }

    /// Adds program text; `name` is shown in messages.
    pub fn add(&mut self, name: &str, text: &str) -> Result<(), Error> {
        self.require_building("add")?;
        self.sources.push(Source::new(name, text));
        Ok(())
    }

    /// Adds the contents of a file; `-` reads standard input.
    pub fn load(&mut self, path: impl AsRef<Path>) -> Result<(), Error> {
        self.require_building("load")?;
        let path = path.as_ref();
        let name = path.to_string_lossy().into_owned();
        let (name, text) = if name == "-" {
            ("<stdin>".to_string(), read_stdin())
        } else {
            (name, std::fs::read(path))
        };
        let text = text.map_err(|_| Error::FileNotFound(name.clone()))?;
        self.sources.push(Source::new(name, text));
        Ok(())
    }

    /// Grounds everything added so far as one program.
    ///
    /// Errors carry the grounder's diagnostics; informational messages (like clingo's
    /// `info: atom does not occur in any rule head`) are kept in [`Control::infos`].
    ///
    /// Like clingo, a single source that is a ground program in aspif (it starts with the
    /// header `asp `) is read as one (see [`Control::load_aspif`]) instead of being grounded;
    /// aspif combined with other sources is an error.
    pub fn ground(&mut self) -> Result<(), Error> {
        self.require_building("ground")?;
        if let Some(text) = self.aspif_source()? {
            return self.load_aspif(&text);
        }
        let options = backend::ground_options(
            self.constants.clone(),
            self.options.dialect,
            Some(self.interrupt.clone()),
        );
        let grounded = backend::ground(&self.sources, &options)
            .map_err(|e| Error::from_diagnostics(e.diagnostics))?;
        let Grounded {
            program,
            symbols,
            infos,
        } = grounded;
        self.infos = infos;
        let empty_projection = program.projection.as_ref().is_some_and(Vec::is_empty);
        let ground = Ground::new(
            without_empty_projection(program),
            symbols,
            Origin::Text { empty_projection },
        );
        self.ground = Some(Arc::new(ground));
        Ok(())
    }

    /// The text of the only source when it is aspif; `None` when no source is.
    fn aspif_source(&self) -> Result<Option<String>, Error> {
        let is_aspif = |source: &Source| source.text.starts_with(b"asp ");
        match (self.sources.as_slice(), self.sources.iter().find(|s| is_aspif(s))) {
            (_, None) => Ok(None),
            ([only], Some(_)) => Ok(Some(String::from_utf8_lossy(&only.text).into_owned())),
            (_, Some(aspif)) => Err(Error::Aspif(format!(
                "{}: a ground program in aspif is read on its own; it cannot be combined with other inputs",
                aspif.name
            ))),
        }
    }

    /// Reads a ground program in aspif (clasp mode) instead of grounding text.
    ///
    /// Output names are parsed as terms where possible, else kept verbatim.
    pub fn load_aspif(&mut self, text: &str) -> Result<(), Error> {
        self.require_building("load_aspif")?;
        let program = backend::read_aspif(text).map_err(Error::Aspif)?;
        let shown: Vec<Symbol> = program
            .outputs
            .iter()
            .map(|o| backend::parse_symbol(&o.name).unwrap_or_else(|_| Symbol::constant(&o.name)))
            .collect();
        let mut atoms = vec![None; program.atom_count as usize];
        for (output, symbol) in program.outputs.iter().zip(&shown) {
            if let [literal] = output.condition.as_slice() {
                if let Some(slot) = atoms.get_mut(literal.atom().index()) {
                    if literal.is_positive() && slot.is_none() {
                        *slot = Some(symbol.clone());
                    }
                }
            }
        }
        let symbols = ProgramSymbols::from_symbols(&shown, &atoms);
        self.ground = Some(Arc::new(Ground::new(program, symbols, Origin::Aspif)));
        Ok(())
    }

    /// The sources added so far, in order.
    pub fn sources(&self) -> &[Source] {
        &self.sources
    }

    /// The grounder's informational messages from the last [`Control::ground`].
    pub fn infos(&self) -> &[Diagnostic] {
        &self.infos
    }

    /// The ground program, once grounded.
    pub fn ground_program(&self) -> Option<&GroundProgram> {
        self.ground.as_ref().map(|g| &g.program)
    }

    /// Whether the ground program has minimize statements.
    pub fn has_minimize(&self) -> bool {
        self.ground_program()
            .is_some_and(|p| !p.minimizes.is_empty())
    }

    /// The ground program as text (clingo's `--text`).
    pub fn text(&self) -> Result<String, Error> {
        let ground = self.require_ground("text")?;
        match ground.grounded() {
            Some(grounded) => Ok(backend::print_text(&grounded)),
            None => Err(Error::Usage(
                "text of a program read from aspif".to_string(),
            )),
        }
    }

    /// The ground program in aspif (clingo's `--mode=gringo`).
    pub fn aspif(&self) -> Result<String, Error> {
        Ok(backend::write_aspif(&self.require_ground("aspif")?.program))
    }

    /// Sets the value of an external atom for the following searches.
    ///
    /// As in clingo, an atom that is not external (or not in the program) is left alone.
    pub fn assign_external(&mut self, atom: &Symbol, value: TruthValue) -> Result<(), Error> {
        let ground = self.require_ground("assign_external")?;
        let Some(id) = ground.atom_of(atom) else {
            return Ok(());
        };
        if ground.program.externals.iter().any(|(a, _)| *a == id) {
            let value = match value {
                TruthValue::True => ExternalValue::True,
                TruthValue::False => ExternalValue::False,
                TruthValue::Free => ExternalValue::Free,
                TruthValue::Release => ExternalValue::Release,
            };
            self.externals.insert(id, value);
        }
        Ok(())
    }

    /// A handle that stops a running search (or grounding) from any thread.
    pub fn interrupt_handle(&self) -> Interrupt {
        self.interrupt.clone()
    }

    /// Makes this control use `handle` (for example one that a signal handler sets) instead
    /// of its own interrupt handle.
    pub fn use_interrupt(&mut self, handle: Interrupt) {
        self.interrupt = handle;
    }

    /// Starts a search; iterate the handle for the models.
    pub fn solve(&self) -> Result<SolveHandle, Error> {
        self.solve_with_assumptions(&[])
    }

    /// Starts a search under assumptions: each `(atom, value)` must hold in every model.
    /// Assuming an atom the program does not have to be true makes the search unsatisfiable.
    pub fn solve_with_assumptions(
        &self,
        assumptions: &[(Symbol, bool)],
    ) -> Result<SolveHandle, Error> {
        let ground = self.require_ground("solve")?;
        let (program, project) = self.search_program(ground, assumptions);
        let limit = self.effective_models(&program);
        self.interrupt.reset();
        let options = SolveOptions {
            models: limit,
            enum_mode: self.options.enum_mode,
            opt_mode: self.options.opt_mode,
            project,
            seed: self.options.seed,
            time_limit: self.options.time_limit,
            interrupt: Some(self.interrupt.clone()),
        };
        SolveHandle::start(Arc::clone(ground), &program, options)
    }

    /// The program of one search: the ground program with the assigned externals, the
    /// assumptions and the projection installed (copied only when one of them changes it);
    /// and whether to project.
    fn search_program<'g>(
        &self,
        ground: &'g Ground,
        assumptions: &[(Symbol, bool)],
    ) -> (Cow<'g, GroundProgram>, bool) {
        let mut program = Cow::Borrowed(&ground.program);
        if !self.externals.is_empty() {
            self.apply_externals(program.to_mut());
        }
        if !assumptions.is_empty() {
            self.apply_assumptions(ground, program.to_mut(), assumptions);
        }
        let project =
            self.options.projection != Projection::Off && self.apply_projection(program.to_mut());
        (program, project)
    }

    fn apply_externals(&self, program: &mut GroundProgram) {
        for (atom, value) in &mut program.externals {
            if let Some(new) = self.externals.get(atom) {
                *value = *new;
            }
        }
    }

    fn apply_assumptions(
        &self,
        ground: &Ground,
        program: &mut GroundProgram,
        assumptions: &[(Symbol, bool)],
    ) {
        for (symbol, value) in assumptions {
            let atom = match ground.atom_of(symbol) {
                Some(atom) => atom,
                None if *value => program.new_atom(),
                None => continue,
            };
            let literal = if *value {
                Literal::positive(atom)
            } else {
                Literal::negative(atom)
            };
            program.assumptions.push(literal);
        }
    }

    /// Installs the projection the options ask for; returns whether to project.
    fn apply_projection(&self, program: &mut GroundProgram) -> bool {
        let onto_shown = match self.options.projection {
            Projection::Off => return false,
            Projection::Show => true,
            Projection::Project => false,
            Projection::Auto => program.projection.is_none(),
        };
        if onto_shown {
            program.projection = Some(shown_atoms(program));
        } else if program.projection.is_none() {
            program.projection = Some(Vec::new());
        }
        true
    }

    /// The number of models to compute: clingo's default when none was given.
    fn effective_models(&self, program: &GroundProgram) -> u64 {
        if let Some(models) = self.options.models {
            return models;
        }
        let consequences = matches!(self.options.enum_mode, EnumMode::Brave | EnumMode::Cautious);
        let optimizing = !program.minimizes.is_empty()
            && matches!(self.options.opt_mode, OptMode::Opt | OptMode::OptN);
        if consequences || optimizing {
            0
        } else {
            1
        }
    }
}

/// The order clasp prints shown atoms in (`LogicProgram::prepareOutputTable`): outputs are
/// stably sorted by the id of their condition (empty: 0; one positive literal: its atom; several
/// literals: after all atoms, in output order; one negative literal: after those, larger atoms
/// first, as clasp compares the literal's bits unsigned). Then the outputs whose condition is
/// true at the start (empty, a fact, or the negation of an atom without rules) are printed
/// first, the others after, each group in sorted order.
pub(crate) fn print_order(program: &GroundProgram) -> Vec<usize> {
    let heads = head_atoms(program);
    let true_at_start = |o: &solver_core::Output| match o.condition.as_slice() {
        [] => true,
        [l] if l.is_positive() => heads.facts.contains(&l.atom()),
        [l] => !heads.defined.contains(&l.atom()),
        _ => false,
    };
    let mut order: Vec<usize> = (0..program.outputs.len()).collect();
    order.sort_by_key(|&i| condition_id(i, &program.outputs[i]));
    let (mut first, rest): (Vec<usize>, Vec<usize>) = order
        .into_iter()
        .partition(|&i| true_at_start(&program.outputs[i]));
    first.extend(rest);
    first
}

/// clasp's sort key for output `index`'s condition (see [`print_order`]).
fn condition_id(index: usize, output: &solver_core::Output) -> u64 {
    const BODIES: u64 = 1 << 32;
    const NEGATIVE: u64 = 1 << 33;
    match output.condition.as_slice() {
        [] => 0,
        [l] if l.is_positive() => u64::from(l.atom().0),
        [l] => NEGATIVE + u64::from(u32::MAX - l.atom().0),
        _ => BODIES + index as u64,
    }
}

/// The program's facts and the atoms that occur in some rule head.
struct HeadAtoms {
    facts: std::collections::HashSet<Atom>,
    defined: std::collections::HashSet<Atom>,
}

fn head_atoms(program: &GroundProgram) -> HeadAtoms {
    let mut heads = HeadAtoms {
        facts: Default::default(),
        defined: program.externals.iter().map(|(a, _)| *a).collect(),
    };
    for rule in &program.rules {
        heads.defined.extend(rule.head.iter().copied());
        let fact = rule.kind == solver_core::HeadKind::Disjunction
            && rule.head.len() == 1
            && matches!(&rule.body, solver_core::Body::Normal(b) if b.is_empty());
        if fact {
            heads.facts.extend(rule.head.iter().copied());
        }
    }
    heads
}

/// The atoms in the conditions of the program's outputs, ascending, without duplicates.
pub(crate) fn shown_atoms(program: &GroundProgram) -> Vec<Atom> {
    let mut atoms: Vec<Atom> = program
        .outputs
        .iter()
        .flat_map(|o| o.condition.iter().map(|l| l.atom()))
        .collect();
    atoms.sort_unstable();
    atoms.dedup();
    atoms
}

fn read_stdin() -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut text = Vec::new();
    std::io::stdin().read_to_end(&mut text)?;
    Ok(text)
}

/// `#project` statements without ground atoms project onto nothing in the AST but, as in
/// clingo (whose aspif then has no projection statement), mean "no projection": `--project`
/// falls back to the shown atoms and brave/cautious range over the shown atoms.
fn without_empty_projection(mut program: GroundProgram) -> GroundProgram {
    if program.projection.as_ref().is_some_and(Vec::is_empty) {
        program.projection = None;
    }
    program
}
