//! [`Control`]: configure, load, ground, solve.
//!
//! # States
//! As in clingo, program text may be added ([`Control::add`], [`Control::load`]) and parts
//! ground ([`Control::ground`] for `base`, [`Control::ground_parts`] for any parts with
//! arguments) at any time, and the program ground so far solved any number of times
//! ([`Control::solve`], [`Control::solve_with_assumptions`]), with
//! [`Control::assign_external`] / [`Control::release_external`] in between. All searches
//! run on one persistent solver (`solver_core::MultiShot`): each grounding adds its delta,
//! learnt nogoods are kept from call to call. [`Control::set_const`] is accepted until the
//! first grounding ([`Control::register_function`] at any time, used by the next grounding);
//! once something was ground, [`Control::backend`] adds ground statements (a step like a
//! grounding's) and [`Control::symbolic_atoms`] lists the ground atoms; after a solve call,
//! the next grounding, external assignment or backend first feeds what the solver fixed at
//! level 0 back to the grounder (clingo's clean-up: [`Control::cleanup`],
//! [`Control::set_enable_cleanup`]); a program read from aspif ([`Control::load_aspif`]) accepts no more
//! text. Misuse returns `Err(Error::Usage)`; nothing panics. Options may be changed at any
//! time; `seed` is read at the first grounding, `projection` at each grounding (it applies
//! to the atoms ground so far), the others at each solve.
//!
//! Errors of a grounding: rewriting and syntax errors leave the program as it was; a
//! redefinition (an atom with rules before a solve getting rules after it, clingo's
//! `redefinition of atom <'a',1>`) is reported after the rest of the grounding was added.
//!
//! # Invariants
//! - `ground` is `Some` once something was ground: the accumulated program (the union of the
//!   deltas, the last output table) with the symbols of all atoms; it is shared (`Arc`) with
//!   every [`Model`](crate::Model) so models stay valid after the `Control` changes, and
//!   replaced (not modified) by a later grounding.
//! - `externals` holds the values set by `assign_external` / `release_external`, given to
//!   the solver at once (which applies a release when the next search starts);
//!   [`Control::ground_program`] shows the program with its defaults.
//! - `given` sources of `sources` are in the session; the others are added at the next
//!   grounding.
//! - Propagators ([`Control::register_propagator`], at any time) are in the solver once it
//!   exists, in `pending_propagators` before; `propagator_ground` holds the program of the
//!   last solve call started, which their `init` reads (see `crate::propagator`).

mod atoms;
mod cleanup;
mod ground_backend;
mod search;
mod shot;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use grounder::{Diagnostic, Dialect, Functions, IntoSymbols, ProgramSymbols, Source, Symbol};
use solver_core::{Atom, EnumMode, ExternalValue, GroundProgram, Interrupt, OptMode};

pub use atoms::{Signature, SymbolicAtom, SymbolicAtoms};
pub use ground_backend::Backend;

use crate::backend::{self, SharedShot};
use crate::ground::{Ground, Origin};
use crate::Error;

/// What `--project` projects onto.
///
/// ```
/// use engine::{Control, Projection};
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = Control::new();
/// ctl.options_mut().models = Some(0);
/// ctl.options_mut().projection = Projection::Show;
/// ctl.add("base", "{ a; b }. #show a/0.")?;
/// ctl.ground()?;
/// // Four models, two after projecting onto the shown `a`.
/// assert_eq!(ctl.solve()?.count(), 2);
/// # Ok(()) }
/// ```
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
///
/// ```
/// use engine::{Control, OptMode, Options};
/// # fn main() -> Result<(), engine::Error> {
/// let options = Options { models: Some(0), opt_mode: OptMode::Enum, ..Options::default() };
/// let mut ctl = Control::with_options(options);
/// ctl.add("base", "{ a; b }. :~ a. [1]")?;
/// ctl.ground()?;
/// // `--opt-mode=enum 0`: every model, not only the improving ones.
/// assert_eq!(ctl.solve()?.count(), 4);
/// # Ok(()) }
/// ```
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
    /// Apply `#heuristic` statements (`--heuristic=Domain`); clingo ignores them otherwise.
    pub domain_heuristic: bool,
    /// Delete the learnt nogoods before each solve call (`--forget-on-step=lemmas`); by
    /// default a call keeps what earlier calls learnt.
    pub forget_learnts: bool,
}

/// The value [`Control::assign_external`] gives an external atom.
///
/// ```
/// use engine::{Control, TruthValue};
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = Control::new();
/// ctl.options_mut().models = Some(0);
/// ctl.add("base", "#external e. p :- e.")?;
/// ctl.ground()?;
/// assert_eq!(ctl.solve()?.count(), 1); // externals are false by default
/// ctl.assign_external(&engine::parse_term("e").unwrap(), TruthValue::Free)?;
/// assert_eq!(ctl.solve()?.count(), 2);
/// # Ok(()) }
/// ```
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

/// The embedding API: collects program text, grounds it and starts searches.
///
/// ```
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = engine::Control::new();
/// ctl.add("base", "{ a }.")?;
/// assert!(ctl.solve().is_err()); // misuse: not grounded yet
/// # Ok(()) }
/// ```
#[derive(Default)]
pub struct Control {
    options: Options,
    constants: Vec<(String, String)>,
    sources: Vec<Source>,
    /// How many of `sources` the session has.
    given: usize,
    session: Option<backend::Session>,
    shot: Option<SharedShot>,
    ground: Option<Arc<Ground>>,
    externals: HashMap<Atom, ExternalValue>,
    infos: Vec<Diagnostic>,
    interrupt: Interrupt,
    functions: Functions,
    /// A solve call started since the last grounding (the session must hear of it).
    solved: std::sync::atomic::AtomicBool,
    /// Propagators registered before the solver was made (given to it when it is).
    pending_propagators: std::sync::Mutex<Vec<crate::propagator::Symbolic>>,
    /// The ground program the propagators' `init` sees (set before each solve call).
    propagator_ground: crate::propagator::GroundSlot,
    /// clingo's clean-up after a solve (see `atoms`).
    cleanup: cleanup::CleanUp,
    /// The outputs backends added, appended again when a grounding rebuilds the table.
    backend_shows: Vec<(Symbol, Vec<solver_core::Literal>)>,
}

impl std::fmt::Debug for Control {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("options", &self.options)
            .field("sources", &self.sources.len())
            .field("grounded", &self.ground.is_some())
            .finish()
    }
}

/// Making a control, and its options.
impl Control {
    /// A fresh control with default options.
    ///
    /// ```
    /// let ctl = engine::Control::new();
    /// assert_eq!(ctl.options(), &engine::Options::default());
    /// assert!(ctl.sources().is_empty() && ctl.ground_program().is_none());
    /// ```
    pub fn new() -> Control {
        Control::default()
    }

    /// A fresh control with `options`.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let options = engine::Options { models: Some(0), ..Default::default() };
    /// let mut ctl = engine::Control::with_options(options);
    /// ctl.add("base", "{ a; b; c }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.count(), 8);
    /// # Ok(()) }
    /// ```
    pub fn with_options(options: Options) -> Control {
        Control {
            options,
            ..Control::default()
        }
    }

    /// The options.
    ///
    /// ```
    /// let ctl = engine::Control::new();
    /// assert_eq!(ctl.options().models, None); // clingo's default: 1, or all when optimizing
    /// ```
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The options, to change them (they apply to the next grounding or solve call).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a; b }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.count(), 1);
    /// ctl.options_mut().models = Some(3);
    /// assert_eq!(ctl.solve()?.count(), 3);
    /// # Ok(()) }
    /// ```
    pub fn options_mut(&mut self) -> &mut Options {
        &mut self.options
    }
}

/// Adding program text, grounding it, or reading a ground program.
impl Control {
    fn require_building(&self, what: &str) -> Result<(), Error> {
        match self.ground {
            None => Ok(()),
            Some(_) => Err(Error::Usage(format!(
                "{what} after the program was grounded"
            ))),
        }
    }

    /// Text may be added unless the program was read from aspif.
    fn require_text(&self, what: &str) -> Result<(), Error> {
        match &self.ground {
            Some(ground) if !ground.is_from_text() => Err(Error::Usage(format!(
                "{what} after a program was read from aspif"
            ))),
            _ => Ok(()),
        }
    }

    fn require_ground(&self, what: &str) -> Result<&Arc<Ground>, Error> {
        self.ground
            .as_ref()
            .ok_or_else(|| Error::Usage(format!("{what} before the program was grounded")))
    }

    /// [`Control::require_ground`] for what prints the rules.
    fn require_rules(&self, what: &str) -> Result<&Arc<Ground>, Error> {
        let ground = self.require_ground(what)?;
        match ground.rules_dropped {
            true => Err(Error::Usage(format!("{what} after translate_for_search"))),
            false => Ok(ground),
        }
    }

    /// Replaces the constant `name` by `term` (`-c name=term`); the grounder parses `term`.
    /// Only before the first grounding.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.set_const("n", "2")?;
    /// ctl.add("base", "#const n = 5. p(1..n).")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["p(1)", "p(2)"]);
    /// assert!(matches!(ctl.set_const("n", "3"), Err(engine::Error::Usage(_))));
    /// # Ok(()) }
    /// ```
    pub fn set_const(&mut self, name: &str, term: &str) -> Result<(), Error> {
        self.require_building("set_const")?;
        self.constants.push((name.to_string(), term.to_string()));
        Ok(())
    }

    /// Registers `function` as the external function `@name(...)` of the program, for the
    /// next [`Control::ground`] (registering a name again replaces the earlier function).
    ///
    /// The grounder calls it when it meets `@name(args)` with every argument ground, in any
    /// position (facts, rule bodies and heads, aggregates, conditions, `#show`, `#const`). It
    /// returns one [`Symbol`] or a `Vec` of them: the call takes each in turn, like a pool
    /// (clingo's functions returning a list); an empty `Vec` drops the rule instance. It is
    /// called once per distinct argument tuple in a grounding, so it should depend on its
    /// arguments only. An `Err` stops grounding: [`Control::ground`] fails with
    /// [`Error::Ground`] whose diagnostic is `external function failed:` at the call, with the
    /// call and the error's text as its note. A call of a name nothing is registered under is
    /// clingo's `info: operation undefined` (`function 'f' not found`) in [`Control::infos`]
    /// and drops the instance.
    ///
    /// ```
    /// use engine::{Control, Error, Symbol};
    /// # fn main() -> Result<(), Error> {
    /// let mut ctl = Control::new();
    /// // @range(N): the numbers 1..N, one instance each.
    /// ctl.register_function("range", |args: &[Symbol]| match args {
    ///     [Symbol::Number(n)] => Ok((1..=*n).map(Symbol::Number).collect::<Vec<_>>()),
    ///     _ => Err("range: expected one number"),
    /// });
    /// ctl.add("base", "p(@range(3)). q :- p(X), X > @range(2).")?;
    /// ctl.ground()?;
    /// let model = ctl.solve()?.next().expect("one model");
    /// let shown: Vec<String> = model.symbols().iter().map(Symbol::to_string).collect();
    /// assert_eq!(shown, ["p(1)", "p(2)", "p(3)", "q"]);
    /// # Ok(()) }
    /// ```
    pub fn register_function<F, R, E>(&mut self, name: &str, function: F)
    where
        F: Fn(&[Symbol]) -> Result<R, E> + Send + Sync + 'static,
        R: IntoSymbols,
        E: std::fmt::Display,
    {
        self.functions.register(name, function);
    }

    /// Adds program text; `name` is shown in messages.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("prog.lp", "p(1). q(X) :- p(X), not r(X).")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["p(1)", "q(1)"]);
    /// assert_eq!(ctl.infos()[0].to_string(),
    ///            "prog.lp:1:25-29: info: atom does not occur in any rule head:\n  r(X)");
    /// # Ok(()) }
    /// ```
    pub fn add(&mut self, name: &str, text: &str) -> Result<(), Error> {
        self.require_text("add")?;
        self.sources.push(Source::new(name, text));
        Ok(())
    }

    /// Adds the contents of a file; `-` reads standard input.
    ///
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// let path = std::env::temp_dir().join(format!("load-doc-{}.lp", std::process::id()));
    /// std::fs::write(&path, "p(1..3).")?;
    /// let mut ctl = engine::Control::new();
    /// ctl.load(&path)?;
    /// std::fs::remove_file(&path)?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_len(), 3);
    /// assert!(matches!(ctl.load("no/such.lp"), Err(engine::Error::FileNotFound(f)) if f == "no/such.lp"));
    /// # Ok(()) }
    /// ```
    pub fn load(&mut self, path: impl AsRef<Path>) -> Result<(), Error> {
        self.require_text("load")?;
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

    /// Grounds the `base` part of everything added so far (clingo's
    /// `ctl.ground([("base", [])])`); see [`Control::ground_parts`] for other parts.
    ///
    /// Errors carry the grounder's diagnostics; informational messages (like clingo's
    /// `info: atom does not occur in any rule head`) are kept in [`Control::infos`].
    ///
    /// Like clingo, a single source that is a ground program in aspif (it starts with the
    /// header `asp `) is read as one (see [`Control::load_aspif`]) instead of being grounded;
    /// aspif combined with other sources is an error.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a. #program step(t). b(t).")?;
    /// ctl.ground()?;
    /// let model = ctl.solve()?.next().unwrap();
    /// assert_eq!(model.shown_names(), ["a"]);
    /// # Ok(()) }
    /// ```
    pub fn ground(&mut self) -> Result<(), Error> {
        if self.ground.is_none() {
            if let Some(text) = self.aspif_source()? {
                return self.load_aspif(&text);
            }
        }
        self.ground_parts(&[("base", &[])])
    }

    /// Ends grounding for good, for a caller that only solves what was ground: the grounder
    /// frees what it keeps for later groundings (its rules, atoms, domains and term table:
    /// most of its memory on a large program), any later grounding or backend fails, and
    /// [`Control::symbolic_atoms`] lists nothing (see `grounder::Session::end_grounding`).
    /// The sources' texts go too ([`Control::sources`] keeps their names; a million-rule
    /// program's text is about 20 MB). The solver likewise frees the rule tables it keeps for later
    /// steps once the next search has started (`solver_core::MultiShot::end_deltas`): a later
    /// search for brave or
    /// cautious consequences fails.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a. b :- a.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.symbolic_atoms().len(), 2);
    /// ctl.end_grounding();
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["a", "b"]);
    /// assert!(ctl.ground().is_err());
    /// assert!(ctl.backend(|b| b.add_atom(None)).is_err());
    /// assert_eq!(ctl.symbolic_atoms().len(), 0);
    /// assert!(ctl.sources()[0].text.is_empty());
    /// # Ok(()) }
    /// ```
    pub fn end_grounding(&mut self) {
        if let Some(session) = self.session.as_mut() {
            session.end_grounding();
        }
        for source in &mut self.sources {
            source.text = Vec::new();
        }
        if let Some(shot) = &self.shot {
            backend::lock(shot).end_deltas();
        }
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
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// // `{ a }. b :- a.` with both atoms shown.
    /// ctl.load_aspif("asp 1 0 0\n1 1 1 1 0 0\n1 0 1 2 0 1 1\n4 1 a 1 1\n4 1 b 1 2\n0\n")?;
    /// ctl.options_mut().models = Some(0);
    /// let models: Vec<_> = ctl.solve()?.map(|m| m.shown_names()).collect();
    /// assert_eq!(models, [vec![], vec!["a", "b"]]);
    /// # Ok(()) }
    /// ```
    pub fn load_aspif(&mut self, text: &str) -> Result<(), Error> {
        self.require_building("load_aspif")?;
        let mut program = backend::read_aspif(text).map_err(Error::Aspif)?;
        // `--project=project` projects onto the projection statement's atoms even when
        // there is none (as for text input, see `Control::add_step`): one model.
        let project_option = self.options.projection == Projection::Project;
        if project_option {
            program.projection.get_or_insert_with(Vec::new);
        }
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
        self.given = self.sources.len();
        let shot = self.new_shot();
        let program = Arc::new(program);
        backend::lock(&shot)
            .add(Arc::clone(&program))
            .map_err(Error::Solve)?;
        let mut ground = Ground::new(program, symbols, Origin::Aspif);
        ground.projection_statement |= project_option;
        self.ground = Some(Arc::new(ground));
        Ok(())
    }
}

/// What was added and ground.
impl Control {
    /// The sources added so far, in order.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("one", "a.")?;
    /// ctl.add("two", "b.")?;
    /// let names: Vec<&str> = ctl.sources().iter().map(|s| s.name.as_str()).collect();
    /// assert_eq!(names, ["one", "two"]);
    /// # Ok(()) }
    /// ```
    pub fn sources(&self) -> &[Source] {
        &self.sources
    }

    /// The grounder's informational messages from the last grounding.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a :- b. c(X) :- X = 1/0.")?;
    /// ctl.ground()?;
    /// let infos: Vec<&str> = ctl.infos().iter().map(|d| d.message.as_str()).collect();
    /// assert_eq!(infos, ["operation undefined:", "atom does not occur in any rule head:"]);
    /// # Ok(()) }
    /// ```
    pub fn infos(&self) -> &[Diagnostic] {
        &self.infos
    }

    /// The ground program so far (the union of the groundings' deltas), once grounded
    /// (without its rules after [`Control::translate_for_search`]).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }. b :- a.")?;
    /// assert!(ctl.ground_program().is_none());
    /// ctl.ground()?;
    /// assert_eq!(ctl.ground_program().unwrap().rules.len(), 2);
    /// # Ok(()) }
    /// ```
    pub fn ground_program(&self) -> Option<&GroundProgram> {
        self.ground.as_ref().map(|g| &*g.program)
    }

    /// Whether the ground program has minimize statements.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }. #minimize { 1: a }.")?;
    /// ctl.ground()?;
    /// assert!(ctl.has_minimize());
    /// # Ok(()) }
    /// ```
    pub fn has_minimize(&self) -> bool {
        self.ground_program()
            .is_some_and(|p| !p.minimizes.is_empty())
    }

    /// The ground program as text (clingo's `--text`, in our own format: the rules as
    /// clingo prints them, then `#show` statements that make the text a complete program).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "p(1..2). { q(X) } :- p(X), X > 1. #show q/1.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.text()?, "#show.\np(1).\np(2).\n{q(2)}.\n#show q(2):q(2).\n");
    /// # Ok(()) }
    /// ```
    pub fn text(&self) -> Result<String, Error> {
        let ground = self.require_rules("text")?;
        match ground.grounded() {
            Some(grounded) => Ok(backend::print_text(&grounded)),
            None => Err(Error::Usage(
                "text of a program read from aspif".to_string(),
            )),
        }
    }

    /// The ground program in aspif (clingo's `--mode=gringo`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.aspif()?, "asp 1 0 0\n1 1 1 1 0 0\n4 1 a 1 1\n0\n");
    /// # Ok(()) }
    /// ```
    pub fn aspif(&self) -> Result<String, Error> {
        Ok(backend::write_aspif(&self.require_rules("aspif")?.program))
    }
}

fn read_stdin() -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut text = Vec::new();
    std::io::stdin().read_to_end(&mut text)?;
    Ok(text)
}
