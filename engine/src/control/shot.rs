//! Grounding parts into the persistent solver: each grounding's delta goes to the session's
//! solver and is appended to the accumulated program the models, `--text` and the checker
//! read (see the [`Control`] states and invariants); externals are set on the solver.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use grounder::Symbol;
use solver_core::{ExternalValue, GroundProgram};

use super::{Control, Projection, TruthValue};
use crate::backend::{self, SharedShot, Shot};
use crate::ground::{shown_atoms, Ground, Origin};
use crate::Error;

impl Control {
    /// Grounds the named parts, each with its arguments, as clingo's
    /// `ctl.ground([("step", [Number(t)])])`: the parts declared by `#program name(p1,..,pn).`
    /// (the statements before any `#program` are `base`), a parameter standing for its
    /// argument. A part nobody declared is ignored, as in clingo. Text added since the last
    /// grounding is parsed first. The new rules are added to the solver; a rule redefining an
    /// atom that had rules before the last solve is left out and reported as an error
    /// (clingo's `redefinition of atom <'a',1>`) after the rest of the grounding was added.
    ///
    /// ```
    /// use engine::{Control, Symbol};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "#program step(t). p(t).")?;
    /// ctl.ground_parts(&[("step", &[Symbol::Number(1)]), ("step", &[Symbol::Number(2)])])?;
    /// let mut shown = ctl.solve()?.next().unwrap().shown_names();
    /// shown.sort();
    /// assert_eq!(shown, ["p(1)", "p(2)"]);
    /// # Ok(()) }
    /// ```
    pub fn ground_parts(&mut self, parts: &[(&str, &[Symbol])]) -> Result<(), Error> {
        self.require_text("ground")?;
        self.give_sources()?;
        self.clean_up();
        self.release_propagator_ground();
        let Some(session) = self.session.as_mut() else {
            return Err(Error::Usage("no grounding session".into()));
        };
        if self.solved.swap(false, Ordering::Relaxed) {
            session.mark_solved();
        }
        let parts: Vec<(&str, Vec<Symbol>)> = parts.iter().map(|(n, a)| (*n, a.to_vec())).collect();
        let first = self.ground.is_none();
        let ground = self.ground.get_or_insert_with(|| Arc::new(Ground::empty()));
        let grounded = session.ground_into(&parts, &mut Arc::make_mut(ground).symbols);
        let mut step = grounded.map_err(|e| {
            if first {
                self.ground = None;
            }
            Error::from_diagnostics(e.diagnostics)
        })?;
        self.infos = step.infos.clone();
        let errors = step.errors.clone();
        if step.outputs_replace {
            for (symbol, condition) in &self.backend_shows {
                step.program
                    .add_output(symbol.to_string(), condition.clone());
                step.shown.push(symbol.clone());
            }
        }
        self.add_step(step)?;
        match errors.is_empty() {
            true => Ok(()),
            false => Err(Error::from_diagnostics(errors)),
        }
    }

    /// Parses the text added since the last grounding without grounding anything (syntax
    /// errors are reported now; [`Control::incmode`] is then known).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "#include <incmode>. #program step(t). p(t).")?;
    /// ctl.parse()?;
    /// assert!(ctl.incmode());
    /// assert!(ctl.add("bad", "p(").is_ok() && ctl.parse().is_err());
    /// # Ok(()) }
    /// ```
    pub fn parse(&mut self) -> Result<(), Error> {
        self.require_text("parse")?;
        if self.ground.is_none() && self.aspif_source()?.is_some() {
            return Ok(()); // read by `ground` as aspif
        }
        self.give_sources()
    }

    /// The ground program so far with the external values set by
    /// [`Control::assign_external`] (what a model of the next search is a stable model of;
    /// a released external is false).
    ///
    /// ```
    /// use engine::{parse_term, TruthValue};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "#external e. #external f. p :- e.")?;
    /// ctl.ground()?;
    /// ctl.assign_external(&parse_term("e").unwrap(), TruthValue::True)?;
    /// ctl.release_external(&parse_term("f").unwrap())?;
    /// let program = ctl.program_with_externals().unwrap();
    /// assert_eq!(ctl.ground_program().unwrap().externals.len(), 2);
    /// let e = ctl.symbolic_atoms().find(&parse_term("e").unwrap()).unwrap().atom();
    /// assert_eq!(format!("{:?}", program.externals), format!("[({e:?}, True)]")); // no `f`
    /// # Ok(()) }
    /// ```
    pub fn program_with_externals(&self) -> Option<GroundProgram> {
        let ground = self.ground.as_ref().filter(|g| !g.rules_dropped)?;
        let mut program = GroundProgram::clone(&ground.program);
        program
            .externals
            .retain_mut(|(atom, value)| match self.externals.get(atom) {
                Some(ExternalValue::Release) => false,
                Some(new) => {
                    *value = *new;
                    true
                }
                None => true,
            });
        Some(program)
    }

    /// The value of the constant `name` as the program's `#const` definitions (the text added
    /// so far, parsed now) and [`Control::set_const`] define it (clingo's `get_const`);
    /// `None` when undefined.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.set_const("k", "\"x\"")?;
    /// ctl.add("base", "#const n = 3. #const k = 1.")?;
    /// assert_eq!(ctl.constant("n")?, Some(engine::Symbol::Number(3)));
    /// assert_eq!(ctl.constant("k")?.unwrap().to_string(), "\"x\"");
    /// assert_eq!(ctl.constant("m")?, None);
    /// # Ok(()) }
    /// ```
    pub fn constant(&mut self, name: &str) -> Result<Option<Symbol>, Error> {
        self.parse()?;
        Ok(self.session.as_mut().and_then(|s| s.constant(name)))
    }

    /// Whether a source included clingo's `incmode` library (`#include <incmode>.`), as far
    /// as the text was parsed (by the last grounding).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "#include <incmode>. p.")?;
    /// assert!(!ctl.incmode()); // not parsed yet
    /// ctl.ground()?;
    /// assert!(ctl.incmode());
    /// # Ok(()) }
    /// ```
    pub fn incmode(&self) -> bool {
        self.session.as_ref().is_some_and(|s| s.incmode())
    }

    /// The one-shot CLI's error for `#include <incmode>.`.
    pub(crate) fn refuse_incmode(&self) -> Result<(), Error> {
        let Some(span) = self.session.as_ref().and_then(|s| s.incmode_at()) else {
            return Ok(());
        };
        let error = grounder::Diagnostic {
            severity: grounder::Severity::Error,
            span: Some(span.clone()),
            message: "#include <incmode> (a system library) is not supported".into(),
            notes: Vec::new(),
        };
        Err(Error::from_diagnostics(vec![error]))
    }

    /// Tells the session of a solve call since the last grounding (see `mark_solved`).
    pub(super) fn sync_solved(&mut self) {
        if let Some(session) = self.session.as_mut() {
            if self.solved.swap(false, Ordering::Relaxed) {
                session.mark_solved();
            }
        }
    }

    /// Starts the session on the first grounding and gives it the sources added since.
    fn give_sources(&mut self) -> Result<(), Error> {
        if self.session.is_none() {
            let options = backend::ground_options(
                self.constants.clone(),
                self.options.dialect,
                Some(self.interrupt.clone()),
                self.functions.clone(),
            );
            self.session = Some(backend::Session::new(options));
        }
        if let Some(session) = self.session.as_mut() {
            session.set_functions(self.functions.clone());
        }
        let new = self.sources.get(self.given..).unwrap_or(&[]);
        if new.is_empty() {
            return Ok(());
        }
        if let Some(session) = self.session.as_mut() {
            session
                .add_all(new)
                .map_err(|e| Error::from_diagnostics(e.diagnostics))?;
        }
        self.given = self.sources.len();
        Ok(())
    }

    /// The persistent solver (made with the options' seed on first use).
    pub(super) fn new_shot(&mut self) -> SharedShot {
        if let Some(shot) = &self.shot {
            return Arc::clone(shot);
        }
        let mut shot = Shot::with_seed(self.options.seed);
        let pending = self.pending_propagators.get_mut();
        let pending = pending.unwrap_or_else(|poisoned| poisoned.into_inner());
        for propagator in pending.drain(..) {
            shot.register_propagator(Box::new(propagator));
        }
        Arc::clone(self.shot.insert(Arc::new(std::sync::Mutex::new(shot))))
    }

    /// Adds a grounding's delta to the solver and to the accumulated program (whose symbols
    /// the session extended already; a copy is made if a model still holds it).
    pub(super) fn add_step(&mut self, step: backend::Step) -> Result<(), Error> {
        let mut delta = step.program;
        let empty_projection = delta.projection.as_ref().is_some_and(Vec::is_empty);
        if empty_projection {
            delta.projection = None;
        }
        let projected = self
            .ground_program()
            .is_some_and(|p| p.projection.is_some());
        let own_projection = match self.options.projection {
            Projection::Project => true,
            Projection::Show => false,
            _ => delta.projection.as_ref().is_some_and(|p| !p.is_empty()),
        };
        project(self.options.projection, &mut delta, projected);
        let delta = Arc::new(delta);
        let added = backend::lock(&self.new_shot()).add(Arc::clone(&delta));
        self.release_propagator_ground();
        let ground = Arc::make_mut(self.ground.get_or_insert_with(|| Arc::new(Ground::empty())));
        let was_empty = ground.empty_projection();
        let first_new = ground.program.atom_count as usize;
        ground.projection_statement |= own_projection;
        ground.append(delta, step.outputs_replace);
        if let Some(session) = self.session.as_mut() {
            // A backend's atoms and outputs (a grounding extended the symbols already).
            session.extend_symbols(&mut ground.symbols, &step.shown);
        }
        ground.index_new_atoms(first_new);
        ground.origin = Origin::Text {
            empty_projection: ground.program.projection.is_none()
                && (was_empty || empty_projection),
        };
        added.map_err(Error::Solve)
    }

    /// Drops the propagators' reference to the last call's program: `Arc::make_mut` would
    /// clone the whole program to extend it (the next call sets it again before `init`).
    pub(super) fn release_propagator_ground(&self) {
        *super::search::lock_slot(&self.propagator_ground) = None;
    }
}

/// Setting external atoms between solve calls.
impl Control {
    /// Sets the value of an external atom for the following searches (clingo's
    /// `assign_external`; [`TruthValue::Release`] is [`Control::release_external`]).
    ///
    /// As in clingo, an atom that is not external (or not in the program) is left alone.
    ///
    /// ```
    /// use engine::{Control, TruthValue};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "#external e. a :- e.")?;
    /// ctl.ground()?;
    /// ctl.assign_external(&engine::parse_term("e").unwrap(), TruthValue::True)?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["e", "a"]);
    /// # Ok(()) }
    /// ```
    pub fn assign_external(&mut self, atom: &Symbol, value: TruthValue) -> Result<(), Error> {
        self.clean_up();
        let ground = self.require_ground("assign_external")?;
        let Some(id) = ground.atom_of(atom) else {
            return Ok(());
        };
        let value = match value {
            TruthValue::True => ExternalValue::True,
            TruthValue::False => ExternalValue::False,
            TruthValue::Free => ExternalValue::Free,
            TruthValue::Release => ExternalValue::Release,
        };
        let shot = self.new_shot();
        let mut shot = backend::lock(&shot);
        shot.assign_external(id, value);
        let now = shot.external_value(id);
        match now {
            Some(v) => self.externals.insert(id, v),
            None if value == ExternalValue::Release => self.externals.insert(id, value),
            None => None,
        };
        Ok(())
    }

    /// Releases an external atom (clingo's `release_external`): from now on it is no external
    /// (its value and later `#external` declarations are ignored), and when the next search
    /// starts it keeps the rules groundings since then gave it, or without any is false for
    /// good. An atom that is not external, or unknown, is left alone as in clingo.
    ///
    /// ```
    /// use engine::Control;
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "#external e. [true]")?;
    /// ctl.ground()?;
    /// ctl.release_external(&engine::parse_term("e").unwrap())?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), Vec::<String>::new());
    /// # Ok(()) }
    /// ```
    pub fn release_external(&mut self, atom: &Symbol) -> Result<(), Error> {
        self.assign_external(atom, TruthValue::Release)
    }
}

/// Installs the projection `projection` (the option) asks for on a delta (`projected`: an earlier
/// delta had a projection).
fn project(projection: Projection, delta: &mut GroundProgram, projected: bool) {
    let onto_shown = match projection {
        Projection::Off | Projection::Project => false,
        Projection::Show => true,
        Projection::Auto => delta.projection.is_none() && !projected,
    };
    if onto_shown {
        delta.projection = Some(shown_atoms(delta));
    }
    // `--project=project` projects onto the `#project` atoms even when there are none:
    // then every model is the same one (clingo reports one).
    if projection == Projection::Project {
        delta.projection.get_or_insert_with(Vec::new);
    }
}
