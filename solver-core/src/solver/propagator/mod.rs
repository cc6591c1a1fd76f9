//! User propagators: the extension point theory solvers use (clingo's `Propagator`).
//!
//! A [`Propagator`] registered on a [`crate::MultiShot`] solver is initialised before every
//! solve call ([`Propagator::init`] with a [`PropagateInit`]: it maps program literals to
//! [`SolverLiteral`]s, watches some of them, may add static clauses and new literals, and
//! chooses its [`CheckMode`]). During the search it is a post-propagator, run after the
//! unfounded-set check at each propagation fixpoint:
//! - [`Propagator::propagate`] gets the watched literals that became true since its last call
//!   (in trail order) with a [`PropagateControl`] that reads the assignment and adds clauses;
//! - [`Propagator::undo`] gets, on backtracking, once per decision level undone (highest
//!   first, after that level's literals are unassigned, with the decision level still that
//!   level, as clingo), the literals passed to `propagate` at that level (every literal
//!   passed to `propagate` is undone exactly once; in [`UndoMode::Always`] a level above 0
//!   where only `check` ran is undone too, with no literals);
//! - [`Propagator::check`] runs on every total assignment before it is accepted as a model
//!   (and, in [`CheckMode::Fixpoint`] and [`CheckMode::Both`], at every fixpoint; `Both`
//!   checks a total assignment twice, as clingo);
//! - [`Propagator::decide`] runs before each decision with the literal the solver's
//!   heuristic chose (the fallback): the first propagator that returns a free literal makes
//!   that the decision.
//!
//! A clause the control adds is a nogood like any other: if it is unit it implies its last
//! literal (with the clause as reason), if it is violated it is the conflict, resolved by the
//! normal first-UIP analysis (or the end of the search at level 0). After a clause that
//! assigned something or conflicts, the solver propagates before the propagator runs again;
//! [`PropagateControl::propagate`] propagates at once, inside the callback. Literals are
//! added in `init` for good ([`PropagateInit::add_literal`]) or during the search for the
//! solve call ([`PropagateControl::add_literal`]); a watch added during the search applies to
//! assignments made after it.
//!
//! # How changes are found
//! Each registered propagator (an [`Entry`]) keeps a watch flag per literal code, a cursor on
//! the trail, and the stack of the literals it was given with their trail positions. At a
//! fixpoint the trail from the cursor on is scanned for watched literals; backtracking to
//! trail index `s` pops the stack down to `s` (those literals go to `undo`) and moves the
//! cursor back to `s`; the search backtracks level by level while a propagator is registered,
//! so each such call undoes one level. Nothing of this runs when no propagator is registered.
//!
//! # Invariants
//! - `cursor <= trail.len()`; every watched literal on the trail before `cursor` is on the
//!   stack `passed`, with its position; positions on `passed` ascend.
//! - A propagator's clauses are consequences of its theory: they stay for later solve calls
//!   (learnt ones may be deleted like learnt nogoods).

mod clause;
mod control;
mod types;
mod view;
mod weight;

pub(crate) use self::clause::{add_clause, InitAccess, SearchAccess, Static, TheoryContext};
pub use self::control::{PropagateControl, PropagateInit};
pub use self::types::{CheckMode, ClauseKind, Implication, SolverLiteral, UndoMode};
pub(crate) use self::types::{Modes, Step};
pub use self::view::PartialAssignment;

use self::types::is_watched;
use super::assignment::Assignment;
use super::lit::Lit;

/// A user-defined propagator (see the module doc of `propagator` for when each method runs).
///
/// A model the solver reports has passed `check` of every registered propagator with no
/// clause added that the model violates. All methods but `init` have empty defaults.
pub trait Propagator: Send {
    /// Called before each solve call, with the whole program so far: map program literals,
    /// add watches, add static clauses and literals, set the check mode. Watches persist
    /// from call to call (adding one again is harmless).
    fn init(&mut self, init: &mut PropagateInit<'_>);

    /// The watched literals that became true since the last call (or since they were last
    /// undone), in the order they were assigned. Return after an `add_clause` that gave
    /// `false` (a conflict).
    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        let _ = (ctl, changes);
    }

    /// The literals passed to `propagate` at the decision level being undone (already
    /// unassigned in `assignment`, whose decision level is still that level). Before each
    /// `init` the literals passed at level 0 are undone too (they stay assigned and are
    /// passed again after `init`). Meant for updating the propagator's state; the assignment
    /// cannot be changed here.
    fn undo(&mut self, assignment: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        let _ = (assignment, changes);
    }

    /// A total assignment (or, in [`CheckMode::Fixpoint`] and [`CheckMode::Both`], any
    /// fixpoint): add the clauses it
    /// violates; a total assignment is a model only if nothing is added that it violates.
    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        let _ = ctl;
    }

    /// The next decision, at a propagation fixpoint with some variable unassigned:
    /// `fallback` is the literal the solver's heuristic chose. Return a free literal to make
    /// it true as the next decision, or `None` to leave the choice to the propagators
    /// registered later and in the end to `fallback` (clingo's `decide` returning 0). A
    /// literal that is assigned or not of this solver counts as `None` (clingo 5.8.3 takes
    /// a false one for 0 too, and loops on a true one). Under projection, a literal outside
    /// the projected atoms counts as `None` while one of them is free (projective
    /// enumeration decides them first).
    fn decide(
        &mut self,
        assignment: &PartialAssignment<'_>,
        fallback: SolverLiteral,
    ) -> Option<SolverLiteral> {
        let _ = (assignment, fallback);
        None
    }
}

/// One registered propagator and its bookkeeping (see the module doc).
pub(crate) struct Entry {
    /// The user's propagator.
    propagator: Box<dyn Propagator>,
    /// Watch flag per literal code (missing: not watched).
    watched: Vec<bool>,
    /// When `check` runs.
    check_mode: CheckMode,
    /// When `undo` runs.
    undo_mode: UndoMode,
    /// In [`UndoMode::Always`]: the trail starts of the levels above 0 where `check` ran
    /// (ascending, each once), each undone once.
    checked: Vec<usize>,
    /// Trail index up to which watched literals were passed.
    cursor: usize,
    /// The literals passed to `propagate` and not undone, with their trail positions.
    passed: Vec<(usize, SolverLiteral)>,
    /// Scratch: the changes of one call.
    changes: Vec<SolverLiteral>,
}

/// The registered propagators.
#[derive(Default)]
pub(crate) struct PropagatorHost {
    entries: Vec<Entry>,
}

impl PropagatorHost {
    /// Whether a propagator is registered (every hook tests this first).
    pub(crate) fn is_active(&self) -> bool {
        !self.entries.is_empty()
    }

    /// Registers a propagator; it is initialised before the next solve call.
    pub(crate) fn register(&mut self, propagator: Box<dyn Propagator>) {
        self.entries.push(Entry {
            propagator,
            watched: Vec::new(),
            check_mode: CheckMode::Total,
            undo_mode: UndoMode::Default,
            checked: Vec::new(),
            cursor: 0,
            passed: Vec::new(),
            changes: Vec::new(),
        });
    }

    /// The registered propagators, to initialise them.
    pub(crate) fn entries_mut(&mut self) -> impl Iterator<Item = &mut Entry> {
        self.entries.iter_mut()
    }

    /// Runs the propagators at a fixpoint, the first that assigns or conflicts ending the round.
    pub(crate) fn propagate(&mut self, search: &mut dyn SearchAccess) -> Step {
        for entry in &mut self.entries {
            let step = entry.propagate(search);
            if step != Step::Quiet {
                return step;
            }
        }
        Step::Quiet
    }

    /// Runs `check` of the propagators in [`CheckMode::Total`] or [`CheckMode::Both`] on a
    /// total assignment (those in `Fixpoint` mode have just checked it).
    pub(crate) fn check_total(&mut self, search: &mut dyn SearchAccess) -> Step {
        for entry in &mut self.entries {
            if entry.check_mode.on_total() {
                let step = entry.check(search);
                if step != Step::Quiet {
                    return step;
                }
            }
        }
        Step::Quiet
    }

    /// The trail was cut back to index `start`: undo what the propagators saw beyond it.
    pub(crate) fn backtrack(&mut self, start: usize, assignment: &PartialAssignment<'_>) {
        for entry in &mut self.entries {
            entry.backtrack(start, assignment);
        }
    }

    /// The decision: the first free literal a propagator's `decide` returns, else `fallback`.
    pub(crate) fn decide(&mut self, assignment: &PartialAssignment<'_>, fallback: Lit) -> Lit {
        for entry in &mut self.entries {
            let chosen = entry
                .propagator
                .decide(assignment, SolverLiteral::of(fallback));
            if let Some(lit) = chosen.filter(|&l| assignment.is_free(l)) {
                return lit.lit();
            }
        }
        fallback
    }

    /// Stops every watch on a variable from `vars` on (the volatile variables of a call).
    pub(crate) fn forget_watches_from(&mut self, vars: usize) {
        for entry in &mut self.entries {
            entry.watched.truncate(2 * vars);
        }
    }
}

impl Entry {
    /// Passes the new watched literals to `propagate`; in `Fixpoint` and `Both` mode then
    /// `check`s.
    fn propagate(&mut self, search: &mut dyn SearchAccess) -> Step {
        self.collect_changes(&search.assignment().trail);
        let before = search.assignment().trail.len();
        let mut ctl = PropagateControl::new(search, &mut self.watched);
        if !self.changes.is_empty() {
            self.propagator.propagate(&mut ctl, &self.changes);
        }
        if ctl.step(before) == Step::Quiet && self.check_mode.at_fixpoints() {
            self.propagator.check(&mut ctl);
            let step = ctl.step(before);
            self.note_check(search.assignment());
            return step;
        }
        ctl.step(before)
    }

    /// Runs `check`.
    fn check(&mut self, search: &mut dyn SearchAccess) -> Step {
        let before = search.assignment().trail.len();
        let mut ctl = PropagateControl::new(search, &mut self.watched);
        self.propagator.check(&mut ctl);
        let step = ctl.step(before);
        self.note_check(search.assignment());
        step
    }

    /// In [`UndoMode::Always`], records that `check` ran at the current level (above 0).
    fn note_check(&mut self, assignment: &Assignment) {
        let level = assignment.level();
        if self.undo_mode == UndoMode::Always && level > 0 {
            let start = assignment.level_start(level);
            if self.checked.last() != Some(&start) {
                self.checked.push(start);
            }
        }
    }

    /// Fills `changes` with the watched literals on `trail` from the cursor on, records them
    /// as passed and moves the cursor to the end.
    fn collect_changes(&mut self, trail: &[Lit]) {
        self.changes.clear();
        for (position, &lit) in trail.iter().enumerate().skip(self.cursor) {
            if is_watched(&self.watched, lit) {
                self.changes.push(SolverLiteral::of(lit));
                self.passed.push((position, SolverLiteral::of(lit)));
            }
        }
        self.cursor = trail.len();
    }

    /// Undoes the passed literals at trail index `start` or later (all of them for 0, before
    /// `init`).
    /// In [`UndoMode::Always`] a level where only `check` ran is undone with no literals.
    pub(crate) fn backtrack(&mut self, start: usize, assignment: &PartialAssignment<'_>) {
        self.cursor = self.cursor.min(start);
        let checked = self.checked.partition_point(|&position| position < start);
        let was_checked = checked < self.checked.len();
        self.checked.truncate(checked);
        let keep = self
            .passed
            .partition_point(|&(position, _)| position < start);
        if keep == self.passed.len() {
            if was_checked {
                self.propagator.undo(assignment, &[]);
            }
            return;
        }
        self.changes.clear();
        self.changes
            .extend(self.passed.drain(keep..).map(|(_, lit)| lit));
        self.propagator.undo(assignment, &self.changes);
    }

    /// The propagator, its watches and its modes, for `init`.
    pub(crate) fn parts(&mut self) -> (&mut dyn Propagator, &mut Vec<bool>, Modes<'_>) {
        let modes = Modes {
            check: &mut self.check_mode,
            undo: &mut self.undo_mode,
        };
        (self.propagator.as_mut(), &mut self.watched, modes)
    }
}
