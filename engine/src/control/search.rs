//! Starting searches on a grounded [`Control`]: the solve call of the persistent solver
//! (assumptions translated to literals, clingo's default model count) and the interrupt
//! handle.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use grounder::Symbol;
use solver_core::{EnumMode, GroundProgram, Interrupt, Literal, OptMode, SolveOptions};

use super::{Control, Projection};
use crate::backend;
use crate::ground::Ground;
use crate::propagator::{GroundSlot, Propagator, Symbolic};
use crate::solve::SolveHandle;
use crate::Error;

impl Control {
    /// A handle that stops a running search (or grounding) from any thread.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ p(1..30) }.")?;
    /// ctl.ground()?;
    /// let stop = ctl.interrupt_handle();
    /// let mut handle = ctl.solve()?;
    /// handle.next();
    /// stop.interrupt(); // as another thread would, while the search runs
    /// let summary = handle.summary();
    /// assert!(summary.interrupted && summary.satisfiable == Some(true) && !summary.exhausted);
    /// # Ok(()) }
    /// ```
    pub fn interrupt_handle(&self) -> Interrupt {
        self.interrupt.clone()
    }

    /// Makes this control use `handle` (for example one that a signal handler sets) instead
    /// of its own interrupt handle.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// let shared = engine::Interrupt::new(); // e.g. one a signal handler sets
    /// ctl.use_interrupt(shared.clone());
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ p(1..30) }.")?;
    /// ctl.ground()?;
    /// let mut handle = ctl.solve()?;
    /// handle.next();
    /// shared.interrupt();
    /// assert!(handle.summary().interrupted);
    /// # Ok(()) }
    /// ```
    pub fn use_interrupt(&mut self, handle: Interrupt) {
        self.interrupt = handle;
    }

    /// Starts a search; iterate the handle for the models. It runs on the persistent solver,
    /// which keeps what it learnt for the next calls; starting another search, grounding or
    /// setting an external ends this one (its handle yields no more models).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.summary().satisfiable, Some(true));
    /// # Ok(()) }
    /// ```
    pub fn solve(&self) -> Result<SolveHandle, Error> {
        self.solve_with_assumptions(&[])
    }

    /// Starts a search under assumptions: each `(atom, value)` must hold in every model.
    /// Assuming an atom the program does not have to be true makes the search unsatisfiable.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }.")?;
    /// ctl.ground()?;
    /// let a = engine::parse_term("a").unwrap();
    /// let model = ctl.solve_with_assumptions(&[(a, false)])?.next().unwrap();
    /// assert!(model.shown_names().is_empty());
    /// # Ok(()) }
    /// ```
    pub fn solve_with_assumptions(
        &self,
        assumptions: &[(Symbol, bool)],
    ) -> Result<SolveHandle, Error> {
        let ground = self.require_ground("solve")?;
        let shot = self
            .shot
            .as_ref()
            .ok_or_else(|| Error::Usage("solve before the program was grounded".into()))?;
        let literals = assumption_literals(ground, assumptions);
        if self.options.forget_learnts {
            backend::lock(shot).forget_learnts();
        }
        *lock_slot(&self.propagator_ground) = Some(Arc::clone(ground));
        let limit = self.effective_models(&ground.program);
        self.interrupt.reset();
        self.solved.store(true, Ordering::Relaxed);
        self.cleanup_due();
        let options = SolveOptions {
            models: limit,
            enum_mode: self.options.enum_mode,
            opt_mode: self.options.opt_mode,
            project: self.options.projection != Projection::Off,
            seed: self.options.seed,
            domain_heuristic: self.options.domain_heuristic,
            time_limit: self.options.time_limit,
            interrupt: Some(self.interrupt.clone()),
        };
        SolveHandle::start(Arc::clone(ground), shot, &literals, options)
    }

    /// Prepares the searches of a caller that only solves from now on and prints nothing of
    /// the ground program: ends grounding ([`Control::end_grounding`]), then lets the solver
    /// translate the program now (the first step of the next solve call) and drops the
    /// program's rules right after the translation, before the solver builds its clause
    /// store, which then reuses their memory (on a million-rule program the rules are about
    /// a tenth of the memory of the search). The symbols of the atoms go too. What the
    /// printed models and the summary read stays: the outputs (with their names) and their
    /// printing order, the minimize statements, the externals, the projection. Afterwards
    /// [`Control::ground_program`] has no rules, [`Control::text`] and [`Control::aspif`]
    /// fail, [`Control::program_with_externals`] is `None`, and models have no symbols
    /// ([`crate::Model::symbols`] and [`crate::Model::atoms`] are empty, use
    /// [`crate::Model::shown_names`]). Nothing is dropped (and the translation waits for the
    /// solve call) while a model still holds the program. A translation error comes now, as
    /// the next solve call would give it.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a. b :- a. { c }. #show b/0. #show c/0.")?;
    /// ctl.ground()?;
    /// ctl.translate_for_search()?;
    /// assert!(ctl.ground_program().unwrap().rules.is_empty());
    /// assert!(ctl.text().is_err());
    /// ctl.options_mut().models = Some(0);
    /// let models: Vec<_> = ctl.solve()?.map(|m| m.shown_names()).collect();
    /// assert_eq!(models, [vec!["b"], vec!["b", "c"]]);
    /// assert!(ctl.solve()?.next().unwrap().symbols().is_empty());
    /// # Ok(()) }
    /// ```
    pub fn translate_for_search(&mut self) -> Result<(), Error> {
        self.end_grounding();
        self.release_propagator_ground();
        let (Some(ground), Some(shot)) = (self.ground.as_mut(), self.shot.as_ref()) else {
            return Ok(());
        };
        let Some(ground) = Arc::get_mut(ground) else {
            return Ok(());
        };
        // The printing order reads the rules (which atoms are facts or have rules). The
        // symbols go first, so that the translation's allocations reuse their memory.
        ground.print_order();
        ground.drop_symbols();
        let consequences = matches!(self.options.enum_mode, EnumMode::Brave | EnumMode::Cautious);
        let mut shot = backend::lock(shot);
        let translated = shot.translate_pending(&mut ground.program, consequences);
        ground.rules_dropped = ground.program.rules.is_empty();
        translated.map_err(Error::Solve)
    }

    /// Registers a user propagator for the following solve calls (clingo's
    /// `register_propagator`): its `init` runs at the start of each call, with the program
    /// ground so far; every model of those calls satisfies the clauses it adds. Ends the
    /// current search.
    ///
    /// ```
    /// use engine::{ClauseKind, Control, PropagateControl, PropagateInit, Propagator, SolverLiteral};
    ///
    /// /// At most one of the `p/1` atoms (as `:- p(X), p(Y), X < Y.` would say).
    /// #[derive(Default)]
    /// struct AtMostOne(Vec<SolverLiteral>);
    /// impl Propagator for AtMostOne {
    ///     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    ///         self.0 = init.atoms_with_signature("p", 1).into_iter().map(|(_, l)| l).collect();
    ///         for &lit in &self.0 {
    ///             init.add_watch(lit);
    ///         }
    ///     }
    ///     fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
    ///         for &new in changes {
    ///             for &other in &self.0 {
    ///                 if other != new && ctl.value(other) == Some(true) {
    ///                     ctl.add_nogood(&[new, other], ClauseKind::Learnt);
    ///                     return;
    ///                 }
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.register_propagator(AtMostOne::default());
    /// ctl.add("base", "{ p(1..3) }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.count(), 4); // {}, {p(1)}, {p(2)}, {p(3)}
    /// # Ok(()) }
    /// ```
    pub fn register_propagator(&mut self, propagator: impl Propagator + 'static) {
        let slot = Arc::clone(&self.propagator_ground);
        let symbolic = Symbolic::new(Box::new(propagator), slot);
        match &self.shot {
            Some(shot) => backend::lock(shot).register_propagator(Box::new(symbolic)),
            None => self
                .pending_propagators
                .get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(symbolic),
        }
    }

    /// Solves under `assumptions` (see [`Control::solve_with_assumptions`]) and calls
    /// `on_model` with each model as it is found (clingo's `ctl.solve(on_model=f)`); the
    /// search goes on while it returns `true`. Returns how the search ended: with `false`
    /// from `on_model` the search stops there (the summary is not `exhausted`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ a; b }.")?;
    /// ctl.ground()?;
    /// let mut seen = Vec::new();
    /// let summary = ctl.solve_with(&[], |model| {
    ///     seen.push(model.shown_names());
    ///     seen.len() < 3 // stop after the third model
    /// })?;
    /// assert_eq!((seen.len(), summary.models, summary.exhausted), (3, 3, false));
    /// let all = ctl.solve_with(&[], |_| true)?;
    /// assert_eq!((all.models, all.exhausted, all.satisfiable), (4, true, Some(true)));
    /// # Ok(()) }
    /// ```
    pub fn solve_with(
        &self,
        assumptions: &[(Symbol, bool)],
        mut on_model: impl FnMut(&crate::Model) -> bool,
    ) -> Result<solver_core::Summary, Error> {
        let mut handle = self.solve_with_assumptions(assumptions)?;
        while let Some(model) = handle.next() {
            if !on_model(&model) {
                return Ok(handle.cancel());
            }
        }
        Ok(handle.summary())
    }

    /// Whether the program is known to have no model whatever the assumptions and externals
    /// (clingo's `ctl.is_conflicting`): the ground program so far propagates to a conflict
    /// at level 0 (`:- .`, or `{a}. :- a. :- not a.`), or an earlier search proved it without
    /// a model (which, as in clingo, shows only from the next solve call on). False before
    /// the first grounding. The current search goes on.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }. :- a. #program p. :- not a.")?;
    /// ctl.ground()?;
    /// assert!(!ctl.is_conflicting());
    /// ctl.ground_parts(&[("p", &[])])?;
    /// assert!(ctl.is_conflicting());
    /// # Ok(()) }
    /// ```
    pub fn is_conflicting(&self) -> bool {
        let shot = self.shot.as_ref();
        shot.is_some_and(|shot| crate::backend::lock(shot).is_conflicting())
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

/// Locks the propagators' ground slot (a poisoned lock still holds a usable value).
pub(super) fn lock_slot(slot: &GroundSlot) -> std::sync::MutexGuard<'_, Option<Arc<Ground>>> {
    slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The literals of the assumptions; an atom the program does not have, assumed true, is
/// the contradiction `{a, not a}` over atom 1 (in a program without atoms that atom is out
/// of range: the solve fails with `Error::Solve`).
fn assumption_literals(ground: &Ground, assumptions: &[(Symbol, bool)]) -> Vec<Literal> {
    let mut literals = Vec::new();
    for (symbol, value) in assumptions {
        let literal = match ground.atom_of(symbol) {
            Some(atom) if *value => Literal::positive(atom),
            Some(atom) => Literal::negative(atom),
            None if *value => {
                let first = solver_core::Atom(1);
                literals.push(Literal::negative(first));
                Literal::positive(first)
            }
            None => continue,
        };
        literals.push(literal);
    }
    literals
}
