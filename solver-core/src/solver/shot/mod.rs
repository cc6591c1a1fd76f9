//! Multi-shot solving (clasp's incremental mode): one solver takes a program as a sequence of
//! deltas and solves it again and again, keeping what it learnt.
//!
//! - [`MultiShot::add`] translates a delta (`build`): new atoms and bodies get new variables,
//!   their nogoods join the running search at level 0. Atoms of earlier deltas are never
//!   redefined (clasp's "redefinition" error); an external of an earlier delta may be defined.
//! - [`MultiShot::assign_external`] / [`MultiShot::release_external`]: an external's value is
//!   an assumption of each solve call (`True`/`False`) or left free. Released, it is no
//!   external any more; when the next call starts (clingo's end of the step) it keeps the
//!   rules the step's deltas gave it, or without any is false for good (a level-0 unit). Externals are never fixed at level 0, so every nogood learnt under
//!   one value stays valid under another.
//! - [`MultiShot::solve`] starts a solve call under the externals' values, the assumptions
//!   of the deltas added since the last call, and the call's own assumptions; [`MultiShot::next_model`]
//!   yields its answers as the [`SolveOptions`] ask (every enumeration and optimization mode).
//!
//! # What a call keeps and drops
//! Learnt nogoods, loop nogoods, activities and saved phases stay from call to call: the
//! program's nogoods only grow, so a nogood learnt from them stays a consequence. Every call
//! assumes a *tag* literal first, so enumeration (which flips decisions above the assumptions)
//! never fixes anything at level 0. A call that adds nogoods of its own (the optimization
//! bound, recorded models, consequence clauses) puts the negated tag into them, and so is it
//! in every nogood learnt from them (the tag, a decision below every other, is never resolved
//! away). When the call ends they are deleted (clasp's conditional nogoods), with the bound,
//! the enumeration state and the preferred (projected) variables.
//!
//! # Deviations from clingo 5.8.3 (clasp's preprocessing shows through there)
//! - An atom whose rules make it equivalent to an external (`a :- e.`) may take rules in a
//!   later step in clingo (clasp merged it with `e`, and its models then show `e` true with
//!   it); here it is completed, and such a rule is a redefinition.
//! - A later step closing a positive loop through an external of an earlier step (a program
//!   that is not modular): here the loop is checked as in the accumulated program; clingo's
//!   answers for further rules on its atoms differ.
//!
//! # Invariants
//! - Between calls the search is at level 0, propagated, without assumptions.
//! - The level-0 assignment holds only consequences of the deltas' nogoods (and released
//!   externals), never an external's value or a call's assumption.
//! - A delta is added to an empty trail: the level-0 literals are taken off, the constraints
//!   added, and the literals asserted again as facts.

mod answers;
mod call;
mod fixed;
mod tester;
mod theory;

pub use fixed::FixedCursor;

use std::sync::Arc;

use super::build::externals::external_after;
use super::build::{ProgramState, Standing};
use super::driver::Call;
use super::lit::Lit;
use super::lit::Var;
use super::search::Search;
use crate::api::{SolveError, Statistics};
use crate::program::{Atom, ExternalValue, GroundProgram};

/// A solver for a program given as a sequence of deltas, solved any number of times.
///
/// ```
/// use solver_core::{Atom, ExternalValue, GroundProgram, HeadKind, Literal, MultiShot, SolveOptions};
///
/// // Step 1: `#external e. a :- e.`
/// let mut step1 = GroundProgram::new();
/// let (e, a) = (step1.new_atom(), step1.new_atom());
/// step1.add_external(e, ExternalValue::False);
/// step1.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(e)]);
/// let mut solver = MultiShot::new();
/// solver.add(&step1).unwrap();
/// solver.solve(&[], SolveOptions::default()).unwrap();
/// assert_eq!(solver.next_model().unwrap().atoms, Vec::<Atom>::new());
/// // Make `e` true and solve again: `a` follows.
/// solver.assign_external(e, ExternalValue::True);
/// solver.solve(&[], SolveOptions::default()).unwrap();
/// assert_eq!(solver.next_model().unwrap().atoms, vec![e, a]);
/// assert!(solver.next_model().is_none());
/// ```
pub struct MultiShot {
    /// The search, kept from call to call.
    pub(super) search: Search,
    /// The deltas so far, as the translation keeps them.
    pub(super) program: ProgramState,
    /// The current (or last) solve call.
    pub(super) call: Call,
    /// The tag variable of the calls (allocated with the variables of the first step a call
    /// translates, or by the first call).
    tag: Option<Var>,
    /// Assumptions of the deltas added since the last solve call (for the next call only).
    step_assumptions: Vec<Lit>,
    /// An earlier failure left the program half translated: every later call fails with it.
    broken: Option<SolveError>,
    /// The deltas of the current step not translated yet, as one program; shared with the
    /// caller when it gave its only delta by [`MultiShot::add_shared`] (copied on the first
    /// change while the caller still holds it).
    pending: Option<Arc<GroundProgram>>,
    /// Externals released in the current step (ascending): released when the next call
    /// starts, unless a delta of the step defined them.
    releasing: Vec<Atom>,
    /// [`MultiShot::end_deltas`] was called: no delta follows.
    deltas_ended: bool,
}

/// Appends the statements of `delta` to `step`.
fn append(step: &mut GroundProgram, delta: &GroundProgram) {
    step.atom_count = step.atom_count.max(delta.atom_count);
    step.rules.extend_from_slice(&delta.rules);
    step.minimizes.extend_from_slice(&delta.minimizes);
    if let Some(atoms) = &delta.projection {
        step.projection
            .get_or_insert_with(Vec::new)
            .extend_from_slice(atoms);
    }
    step.outputs.extend_from_slice(&delta.outputs);
    step.externals.extend_from_slice(&delta.externals);
    step.assumptions.extend_from_slice(&delta.assumptions);
    step.edges.extend_from_slice(&delta.edges);
    step.heuristics.extend_from_slice(&delta.heuristics);
}

impl Default for MultiShot {
    fn default() -> MultiShot {
        MultiShot::new()
    }
}

impl MultiShot {
    /// An empty solver (no atoms); the heuristic's random tie-breaking is off.
    pub fn new() -> MultiShot {
        MultiShot::with_seed(0)
    }

    /// An empty solver whose heuristic breaks initial ties with `seed` (clingo's `--seed`;
    /// the seed of the [`SolveOptions`](crate::SolveOptions) of later calls is not read).
    pub fn with_seed(seed: u64) -> MultiShot {
        MultiShot {
            search: Search::empty(seed, |_| None),
            program: ProgramState::default(),
            call: Call::none(),
            tag: None,
            step_assumptions: Vec::new(),
            broken: None,
            pending: None,
            releasing: Vec::new(),
            deltas_ended: false,
        }
    }

    /// Tells the solver that no delta follows (clasp's one-shot mode, where the program
    /// builder is disposed of once the solver is prepared): what the translation keeps for
    /// later deltas and for brave or cautious consequences (the rules and bodies in flat form
    /// and their interning tables, a large part of the memory of a big program) is freed
    /// once the next solve call has started. From then on [`MultiShot::add`] fails, and so
    /// does a later call for brave or cautious consequences ([`SolveError::Invalid`]); the
    /// search, the externals and the other calls work as before.
    ///
    /// ```
    /// use solver_core::{EnumMode, GroundProgram, HeadKind, MultiShot, SolveOptions};
    /// let mut program = GroundProgram::new(); // `{a}.`
    /// let a = program.new_atom();
    /// program.add_rule(HeadKind::Choice, vec![a], vec![]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// solver.end_deltas();
    /// solver.solve(&[], SolveOptions::default()).unwrap();
    /// assert!(solver.next_model().is_some());
    /// assert!(solver.add(&GroundProgram::new()).is_err());
    /// let brave = SolveOptions { enum_mode: EnumMode::Brave, ..SolveOptions::default() };
    /// assert!(solver.solve(&[], brave).is_err());
    /// assert!(solver.solve(&[], SolveOptions::default()).is_ok());
    /// ```
    pub fn end_deltas(&mut self) {
        self.deltas_ended = true;
    }

    /// Adds a delta: its atoms continue the numbering (`atom_count` is the new total) and its
    /// statements are new. The deltas added between two solve calls form one *step*, as in
    /// clingo: they are translated together when the next call starts (assigning,
    /// releasing or reading an external does not end the step), so their rules may define
    /// the same atoms. Errors, which leave the solver
    /// unchanged: an atom out of range or fewer atoms than before ([`SolveError::Invalid`]),
    /// a rule defining an atom of an earlier step whose value is not fixed
    /// ([`SolveError::Redefinition`]). A construct the solver cannot handle is reported by the
    /// translation (the next [`MultiShot::solve`]); after it the solver refuses every call.
    /// Ends the current solve call.
    pub fn add(&mut self, delta: &GroundProgram) -> Result<(), SolveError> {
        self.begin_delta()?;
        self.check_delta(delta)?;
        append(self.pending_mut(), delta);
        Ok(())
    }

    /// [`MultiShot::add`] without copying the delta when it starts the step: the solver
    /// keeps `delta` itself until the step is translated (at the next solve call), so a
    /// caller that keeps the program too holds it once, not twice. Later changes to the
    /// step (another delta, an external's value) copy it first if the caller still holds
    /// it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use solver_core::{GroundProgram, MultiShot, SolveOptions};
    /// let mut program = GroundProgram::new(); // `a.`
    /// let a = program.new_atom();
    /// program.add_fact(a);
    /// let program = Arc::new(program);
    /// let mut solver = MultiShot::new();
    /// solver.add_shared(Arc::clone(&program)).unwrap();
    /// solver.solve(&[], SolveOptions::default()).unwrap();
    /// assert_eq!(solver.next_model().unwrap().atoms, vec![a]);
    /// // The solver dropped its reference once the step was translated.
    /// assert_eq!(Arc::strong_count(&program), 1);
    /// ```
    pub fn add_shared(&mut self, delta: Arc<GroundProgram>) -> Result<(), SolveError> {
        self.begin_delta()?;
        self.check_delta(&delta)?;
        match &self.pending {
            None => self.pending = Some(delta),
            Some(_) => append(self.pending_mut(), &delta),
        }
        Ok(())
    }

    /// The step's pending program, to change (made, or copied from the caller's).
    fn pending_mut(&mut self) -> &mut GroundProgram {
        Arc::make_mut(self.pending.get_or_insert_with(Arc::default))
    }

    /// Sets the value of an external atom for the next solve calls (`Release` is
    /// [`MultiShot::release_external`]); ignored for atoms that are not external (defined,
    /// released, or unknown), as clingo does. Ends the current solve call. The deltas of the
    /// current step stay one step: the value is recorded with them (as a declaration after
    /// theirs) when there are any, so a later delta of the step may still define their atoms.
    pub fn assign_external(&mut self, atom: Atom, value: ExternalValue) {
        if value == ExternalValue::Release {
            return self.release_external(atom);
        }
        self.end_call();
        if self.external_value(atom).is_none() {
            return;
        }
        match &mut self.pending {
            Some(pending) => Arc::make_mut(pending).externals.push((atom, value)),
            None => self
                .program
                .atoms
                .set_standing(atom, Standing::External(value)),
        }
    }

    /// Releases an external atom as clingo does, when the next solve call starts: then it
    /// is a plain atom whose rules are those the deltas of the current step give it (none:
    /// false for good, and a later rule deriving it is a contradiction). From now on it is no
    /// external: its value and later declarations are ignored. Ignored for other atoms. Ends
    /// the current solve call.
    pub fn release_external(&mut self, atom: Atom) {
        self.end_call();
        if self.external_value(atom).is_none() {
            return;
        }
        match &mut self.pending {
            Some(pending) => Arc::make_mut(pending)
                .externals
                .push((atom, ExternalValue::Release)),
            None => self.mark_released(atom),
        }
    }

    /// Records an external atom (other atoms are ignored) as released in the current step.
    fn mark_released(&mut self, atom: Atom) {
        if let Standing::External(_) = self.standing(atom) {
            if let Err(slot) = self.releasing.binary_search(&atom) {
                self.releasing.insert(slot, atom);
            }
        }
    }

    /// Completes the externals released in the step that no delta defined: false for good.
    fn apply_releases(&mut self) {
        for atom in std::mem::take(&mut self.releasing) {
            if let Standing::External(_) = self.standing(atom) {
                self.program.atoms.set_standing(atom, Standing::Completed);
                let var = self.program.atoms.var(atom);
                if let Err(slot) = self.program.released.binary_search(&var) {
                    self.program.released.insert(slot, var);
                }
                self.search.assert_facts(&[var.neg()]);
            }
        }
    }

    /// Whether `atom` is external (not defined, not released) with the value it has, the
    /// deltas added since the last solve call included (read without translating them).
    pub fn external_value(&mut self, atom: Atom) -> Option<ExternalValue> {
        if self.releasing.binary_search(&atom).is_ok() {
            return None;
        }
        external_after(&self.program.atoms, self.pending.as_deref(), atom)
    }

    /// The value `atom` has at level 0 between calls (`None`: undecided, or not an atom):
    /// what clingo's clean-up after a solve reads (true atoms become facts, false ones leave
    /// the domains). Ends the current solve call.
    pub fn fixed_value(&mut self, atom: Atom) -> Option<bool> {
        self.end_call();
        let _ = self.flush();
        if atom.0 == 0 || atom.0 > self.program.atoms.count() {
            return None;
        }
        let var = self.program.atoms.var(atom);
        let assignment = &self.search.assignment;
        if var.index() >= assignment.var_count() || !assignment.is_assigned(var) {
            return None;
        }
        (assignment.level_of(var) == 0).then(|| assignment.is_true(var.pos()))
    }

    /// Number of atoms of all deltas so far.
    pub fn atom_count(&self) -> u32 {
        let pending = self.pending.as_ref().map_or(0, |p| p.atom_count);
        self.program.atoms.count().max(pending)
    }

    /// Brave/cautious only: clingo's `Consequences: [lower;upper]` over the tracked atoms after
    /// the last reported model of the current call (see [`crate::Solver::consequence_bounds`]).
    pub fn consequence_bounds(&self) -> Option<(u64, u64)> {
        let consequences = self.call.consequences.as_ref()?;
        let root = self.search.assumed_levels();
        Some(consequences.bounds(&self.search.assignment, root))
    }

    /// The standing of `atom` (`Completed` for atoms out of range: nothing to assign).
    fn standing(&self, atom: Atom) -> Standing {
        match atom.0 >= 1 && atom.0 <= self.program.atoms.count() {
            true => self.program.atoms.standing(atom),
            false => Standing::Completed,
        }
    }

    /// The program's sizes.
    pub(super) fn program_statistics(&self) -> Statistics {
        Statistics {
            atoms: self.program.atoms.count() as u64,
            rules: self.program.rule_count,
            bodies: self.program.body_count() as u64 + self.program.constraint_bodies,
            variables: self.program.var_count as u64,
            equivalences: self.program.equivalences + self.program.constraint_bodies,
            frozen: self.program.atoms.externals().count() as u64,
            constraints: self.search.clauses.problem_count
                + self.search.weights.active_count() as u64,
            tight: self.program.is_tight(),
            ..Statistics::default()
        }
    }
}
