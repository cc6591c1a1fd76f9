//! What a propagator is handed: [`PropagateInit`] before a solve call, [`PropagateControl`]
//! during the search.
//!
//! The init control buffers its clauses (they are added at level 0 once `init` returns, when
//! the search has grown to the new literals); the search control adds clauses at once (see
//! `clause.rs`), and literals for the solve call only (volatile: see [`SearchAccess::add_volatile_var`]). Literals given by a propagator that are not literals of this solver are
//! ignored: a clause containing one is dropped.

use super::clause::{add_clause, InitAccess, SearchAccess, Static};
use super::types::{
    in_range, is_watched, set_watch, CheckMode, ClauseKind, Modes, SolverLiteral, Step, UndoMode,
};
use super::view::PartialAssignment;
use crate::program::Literal;
use crate::solver::assignment::Assignment;
use crate::solver::build::{AtomTable, Standing};
use crate::solver::lit::{Lit, Value, Var};

/// The control a propagator gets in `propagate` and `check`: reads the assignment, adds
/// literals, clauses and watches, and propagates.
///
/// ```
/// # use solver_core::doc_support::{choice, on_propagate};
/// use solver_core::{Atom, ClauseKind};
/// // In `propagate` on `{a; b}.`, every atom watched: once `a` is true, `b` must be false.
/// let run = on_propagate(&choice(2), |ctl, atoms, changes| {
///     let (a, b) = (atoms[0], atoms[1]);
///     !changes.contains(&a) || ctl.add_clause(&[!a, !b], ClauseKind::Learnt)
/// });
/// assert_eq!(run.models, [vec![], vec![Atom(1)], vec![Atom(2)]]);
/// ```
pub struct PropagateControl<'a> {
    /// The search (its propagators taken out while this control lives).
    search: &'a mut dyn SearchAccess,
    /// The propagator's watch flags.
    watched: &'a mut Vec<bool>,
    /// A clause added since the start of the call was violated.
    pub(super) conflict: bool,
    /// Scratch for a clause.
    clause: Vec<Lit>,
}

impl<'a> PropagateControl<'a> {
    /// A control over `search` for the propagator watching `watched`.
    pub(super) fn new(
        search: &'a mut dyn SearchAccess,
        watched: &'a mut Vec<bool>,
    ) -> PropagateControl<'a> {
        PropagateControl {
            search,
            watched,
            conflict: false,
            clause: Vec::new(),
        }
    }

    /// The assignment (clingo's `PropagateControl.assignment`).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.`:
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     ctl.assignment().value(atoms[0]) == ctl.value(atoms[0])
    /// });
    /// assert_eq!(run.calls, [true, true]);
    /// ```
    pub fn assignment(&self) -> PartialAssignment<'_> {
        PartialAssignment::new(self.search.assignment(), self.search.root(), self.conflict)
    }

    /// The value of `lit`: `Some(true)`, `Some(false)`, or `None` while unassigned.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_propagate};
    /// // In `propagate` on `{a; b}.`, every atom watched: the changes are true.
    /// let run = on_propagate(&choice(2), |ctl, _, changes| {
    ///     let all_true = changes.iter().all(|&lit| ctl.value(lit) == Some(true));
    ///     all_true && ctl.value(!changes[0]) == Some(false)
    /// });
    /// assert!(run.calls.iter().all(|&fine| fine));
    /// ```
    pub fn value(&self, lit: SolverLiteral) -> Option<bool> {
        value_of(self.search.assignment(), lit)
    }

    /// The current decision level (0: before any decision).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_propagate};
    /// // In `propagate` on `{a; b}.`: no change is from a level above the current one.
    /// let run = on_propagate(&choice(2), |ctl, _, changes| {
    ///     let level = ctl.decision_level();
    ///     (level, changes.iter().all(|&lit| ctl.level_of(lit) <= Some(level)))
    /// });
    /// assert!(run.calls.iter().all(|&(level, fine)| level > 0 && fine));
    /// ```
    pub fn decision_level(&self) -> u32 {
        self.search.assignment().level()
    }

    /// The decision level `lit`'s variable was assigned at, if assigned.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_propagate};
    /// use solver_core::SolverLiteral;
    /// // In `propagate` on `{a; b}.`:
    /// let run = on_propagate(&choice(2), |ctl, _, changes| {
    ///     (ctl.level_of(changes[0]).is_some(), ctl.level_of(SolverLiteral::TRUE))
    /// });
    /// assert!(run.calls.iter().all(|&c| c == (true, Some(0))));
    /// ```
    pub fn level_of(&self, lit: SolverLiteral) -> Option<u32> {
        self.assignment().level(lit)
    }

    /// A new variable's positive literal, for this solve call only (clingo's volatile
    /// literal): it may be watched and used in clauses at once, is decided by the search like
    /// any other variable, and shows in no model. When the call ends the clauses that mention
    /// it (and the nogoods learnt from them) are deleted and it is fixed false for good.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_propagate};
    /// // In `propagate` on `{a}.`: a fresh literal is free; it shows in no model, but the
    /// // search enumerates its values too, so (as in clingo 5.8.3) the model {a} comes twice.
    /// let mut added = false;
    /// let run = on_propagate(&choice(1), move |ctl, _, _| {
    ///     let fresh = (!added).then(|| ctl.add_literal());
    ///     added = true;
    ///     fresh.map(|lit| (ctl.value(lit), ctl.assignment().has_literal(lit)))
    /// });
    /// assert_eq!(run.calls[0], Some((None, true)));
    /// assert_eq!(run.models, [vec![], vec![solver_core::Atom(1)], vec![solver_core::Atom(1)]]);
    /// ```
    pub fn add_literal(&mut self) -> SolverLiteral {
        SolverLiteral::of(self.search.add_volatile_var().pos())
    }

    /// Adds a clause (at least one literal must hold). It may imply its last unassigned
    /// literal at once (at the current level, with the clause as reason) or be violated:
    /// then it is the conflict, `false` is returned, and the propagator must return; after
    /// a conflict further clauses are ignored (also `false`). A clause with a literal that is
    /// not of this solver is dropped. A clause over a literal of [`PropagateControl::add_literal`]
    /// is deleted when the solve call ends, whatever its kind.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// use solver_core::ClauseKind;
    /// // In `check` on the models of `{a}.`: the clause `not a` rejects the model {a}.
    /// let run = on_check(&choice(1), |ctl, atoms, _| ctl.add_clause(&[!atoms[0]], ClauseKind::Learnt));
    /// assert!(run.calls.contains(&false)); // the conflict, at the assignment with `a` true
    /// assert_eq!(run.models, [vec![]]);
    /// ```
    pub fn add_clause(&mut self, clause: &[SolverLiteral], kind: ClauseKind) -> bool {
        if self.conflict {
            return false;
        }
        let vars = self.search.assignment().var_count();
        if clause.iter().any(|l| !in_range(l.lit().var(), vars)) {
            return true;
        }
        let mut lits = std::mem::take(&mut self.clause);
        lits.extend(clause.iter().map(|l| l.lit()));
        if let Some(tag) = self.search.volatile_tag(&lits) {
            lits.push(!tag);
        }
        let learnt = kind == ClauseKind::Learnt;
        let fine = add_clause(&mut self.search.theory_context(), &mut lits, learnt);
        self.clause = lits;
        self.conflict = !fine;
        fine
    }

    /// Adds a nogood (the literals must not all hold): the clause of their negations.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_propagate};
    /// use solver_core::{Atom, ClauseKind};
    /// // In `propagate` on `{a; b}.`: `a` and `b` must not hold together.
    /// let run = on_propagate(&choice(2), |ctl, atoms, _| ctl.add_nogood(atoms, ClauseKind::Learnt));
    /// assert_eq!(run.models, [vec![], vec![Atom(1)], vec![Atom(2)]]);
    /// ```
    pub fn add_nogood(&mut self, nogood: &[SolverLiteral], kind: ClauseKind) -> bool {
        let clause: Vec<SolverLiteral> = nogood.iter().map(|&l| !l).collect();
        self.add_clause(&clause, kind)
    }

    /// Unit propagation of the clauses and constraints (not of the post-propagators: the
    /// unfounded-set check and the propagators) on what the clauses added so far implied;
    /// `false` on a conflict: the propagator must return (clingo's
    /// `PropagateControl.propagate`).
    ///
    /// ```
    /// # use solver_core::doc_support::{on_propagate};
    /// use solver_core::{ClauseKind, GroundProgram, HeadKind, Literal};
    /// let mut program = GroundProgram::new(); // { a; b }. c :- b.
    /// let (a, b, c) = (program.new_atom(), program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    /// program.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(b)]);
    /// // In `propagate`, once `a` is true: add `a -> b`; propagating derives `c` at once.
    /// let run = on_propagate(&program, |ctl, atoms, changes| {
    ///     let (a, b, c) = (atoms[0], atoms[1], atoms[2]);
    ///     if !changes.contains(&a) || ctl.value(b).is_some() {
    ///         return None;
    ///     }
    ///     ctl.add_clause(&[!a, b], ClauseKind::Learnt);
    ///     let before = ctl.value(c);
    ///     Some((before, ctl.propagate(), ctl.value(c)))
    /// });
    /// assert!(run.calls.contains(&Some((None, true, Some(true)))));
    /// ```
    pub fn propagate(&mut self) -> bool {
        if !self.conflict && !self.search.propagate_units() {
            self.conflict = true;
        }
        !self.conflict
    }

    /// Watches `lit` from now on (it is passed to `propagate` when it becomes true later).
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_check};
    /// // In `check` on the models of `{a}.` (nothing watched):
    /// let run = on_check(&choice(1), |ctl, atoms, _| {
    ///     let before = ctl.has_watch(atoms[0]);
    ///     ctl.add_watch(atoms[0]);
    ///     (before, ctl.has_watch(atoms[0]))
    /// });
    /// assert_eq!(run.calls[0], (false, true));
    /// ```
    pub fn add_watch(&mut self, lit: SolverLiteral) {
        set_watch(self.watched, lit.lit(), true);
    }

    /// Stops watching `lit`.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_propagate};
    /// // In `propagate` on `{a; b}.`, every atom watched: `a` is passed once, never again.
    /// let run = on_propagate(&choice(2), |ctl, atoms, changes| {
    ///     let a_passed = changes.contains(&atoms[0]);
    ///     if a_passed {
    ///         ctl.remove_watch(atoms[0]);
    ///     }
    ///     a_passed
    /// });
    /// assert_eq!(run.calls.iter().filter(|&&a_passed| a_passed).count(), 1);
    /// ```
    pub fn remove_watch(&mut self, lit: SolverLiteral) {
        set_watch(self.watched, lit.lit(), false);
    }

    /// Whether `lit` is watched.
    ///
    /// ```
    /// # use solver_core::doc_support::{choice, on_propagate};
    /// // In `propagate` on `{a}.`, where the atom's positive literal is watched:
    /// let run = on_propagate(&choice(1), |ctl, atoms, _| {
    ///     (ctl.has_watch(atoms[0]), ctl.has_watch(!atoms[0]))
    /// });
    /// assert!(run.calls.iter().all(|&c| c == (true, false)));
    /// ```
    pub fn has_watch(&self, lit: SolverLiteral) -> bool {
        is_watched(self.watched, lit.lit())
    }

    /// What the call did, given the trail length at its start.
    pub(super) fn step(&self, before: usize) -> Step {
        match (self.conflict, self.search.assignment().trail.len() > before) {
            (true, _) => Step::Conflict,
            (false, true) => Step::Assigned,
            (false, false) => Step::Quiet,
        }
    }
}

/// The value of `lit` under `a` (`None` also for literals out of range).
fn value_of(a: &Assignment, lit: SolverLiteral) -> Option<bool> {
    if !in_range(lit.lit().var(), a.var_count()) {
        return None;
    }
    match a.value(lit.lit()) {
        Value::True => Some(true),
        Value::False => Some(false),
        Value::Unassigned => None,
    }
}

/// The control a propagator gets in `init`, before each solve call (at level 0).
///
/// ```
/// use solver_core::{doc_support, Atom, Literal};
/// // At most one of a1, a2 (the clause `not a1 or not a2`), added in `init`.
/// let run = doc_support::on_init(&doc_support::choice(2), |init| {
///     let lit = |a| init.solver_literal(Literal::positive(Atom(a))).unwrap();
///     let clause = [!lit(1), !lit(2)];
///     init.add_clause(&clause)
/// });
/// assert_eq!(run.models, [vec![], vec![Atom(1)], vec![Atom(2)]]);
/// ```
pub struct PropagateInit<'a> {
    /// The program's atoms.
    pub(crate) atoms: &'a AtomTable,
    /// The search at level 0.
    pub(crate) search: &'a mut dyn InitAccess,
    /// The propagator's watch flags.
    pub(crate) watched: &'a mut Vec<bool>,
    /// The propagator's check and undo modes.
    pub(crate) modes: Modes<'a>,
    /// The solver's variable count (new literals are allocated here).
    pub(crate) var_count: &'a mut usize,
    /// Per variable: whether it is an atom (new literals are not).
    pub(crate) is_atom: &'a mut Vec<bool>,
    /// The static clauses, weight constraints (normalized) and minimize levels added, to be
    /// added at level 0 after `init` (or at `propagate`).
    pub(crate) added: &'a mut Static,
    /// The program's minimize statements, which `add_minimize` extends.
    pub(crate) minimize: &'a mut Vec<(i32, Vec<(Lit, i64)>)>,
}

impl PropagateInit<'_> {
    /// The solver literal of a program literal; `None` for an atom out of range. An atom no
    /// statement mentions (so false in every model) maps to a literal that is always false.
    /// The mapping of an atom may change when a later step defines it: map again in each
    /// `init`.
    ///
    /// ```
    /// use solver_core::{doc_support, Atom, Literal};
    /// // `{a1; a2}.`: each atom maps to a solver literal; atom 3 does not exist.
    /// let run = doc_support::on_init(&doc_support::choice(2), |init| {
    ///     let a1 = init.solver_literal(Literal::positive(Atom(1)));
    ///     let not_a1 = init.solver_literal(Literal::negative(Atom(1)));
    ///     (a1.map(|l| !l) == not_a1, init.solver_literal(Literal::positive(Atom(3))))
    /// });
    /// assert_eq!(run.calls, [(true, None)]);
    /// ```
    pub fn solver_literal(&self, literal: Literal) -> Option<SolverLiteral> {
        let atom = literal.atom();
        if atom.0 == 0 || atom.0 > self.atoms.count() {
            return None;
        }
        let lit = match self.atoms.standing(atom) {
            Standing::Open => Lit::new(Var::TRUE, literal.is_positive()),
            _ => self.atoms.lit(literal),
        };
        Some(SolverLiteral::of(lit))
    }

    /// The number of atoms of the program so far.
    ///
    /// ```
    /// use solver_core::doc_support;
    /// let run = doc_support::on_init(&doc_support::choice(3), |init| init.atom_count());
    /// assert_eq!(run.calls, [3]);
    /// ```
    pub fn atom_count(&self) -> u32 {
        self.atoms.count()
    }

    /// The level-0 assignment (with the consequences of the clauses added so far once
    /// [`PropagateInit::propagate`] ran).
    ///
    /// ```
    /// use solver_core::doc_support;
    /// // Nothing is decided in `init`: the assignment is at level 0.
    /// let run = doc_support::on_init(&doc_support::choice(2), |init| {
    ///     init.assignment().decision_level()
    /// });
    /// assert_eq!(run.calls, [0]);
    /// ```
    pub fn assignment(&self) -> PartialAssignment<'_> {
        PartialAssignment::new(self.search.assignment(), 0, false)
    }

    /// The value of `lit` at level 0 (`None`: not fixed).
    ///
    /// ```
    /// use solver_core::{doc_support, Atom, GroundProgram, HeadKind, Literal};
    /// // `a1.` and `{a2}.`: a1 is true at level 0, a2 open.
    /// let mut program = GroundProgram::new();
    /// let (a1, a2) = (program.new_atom(), program.new_atom());
    /// program.add_fact(a1);
    /// program.add_rule(HeadKind::Choice, vec![a2], Vec::new());
    /// let run = doc_support::on_init(&program, move |init| {
    ///     let value = |init: &solver_core::PropagateInit<'_>, a: Atom| {
    ///         init.value(init.solver_literal(Literal::positive(a)).unwrap())
    ///     };
    ///     (value(init, a1), value(init, a2))
    /// });
    /// assert_eq!(run.calls, [(Some(true), None)]);
    /// ```
    pub fn value(&self, lit: SolverLiteral) -> Option<bool> {
        value_of(self.search.assignment(), lit)
    }

    /// Watches `lit`: it is passed to `propagate` whenever it becomes true.
    ///
    /// ```
    /// use solver_core::{doc_support, Atom, Literal};
    /// let run = doc_support::on_init(&doc_support::choice(1), |init| {
    ///     let a1 = init.solver_literal(Literal::positive(Atom(1))).unwrap();
    ///     init.add_watch(a1);
    ///     init.add_watch(!a1); // `propagate` gets a1 or its negation, whichever is assigned
    /// });
    /// // Watching changes no model (PropagateControl::has_watch shows the watches).
    /// assert_eq!(run.models, [vec![], vec![Atom(1)]]);
    /// ```
    pub fn add_watch(&mut self, lit: SolverLiteral) {
        set_watch(self.watched, lit.lit(), true);
    }

    /// Stops watching `lit`.
    ///
    /// ```
    /// use solver_core::{doc_support, Atom, Literal};
    /// let run = doc_support::on_init(&doc_support::choice(1), |init| {
    ///     let a1 = init.solver_literal(Literal::positive(Atom(1))).unwrap();
    ///     init.add_watch(a1);
    ///     init.remove_watch(a1); // no propagate call for a1 any more
    /// });
    /// assert_eq!(run.models.len(), 2);
    /// ```
    pub fn remove_watch(&mut self, lit: SolverLiteral) {
        set_watch(self.watched, lit.lit(), false);
    }

    /// A new variable's positive literal (not an atom: it shows in no model), decided by the
    /// search like any other variable.
    ///
    /// ```
    /// use solver_core::{doc_support, Atom, Literal};
    /// // A fresh literal x with the clauses x <-> a1 leaves the models of `{a1}.` as they are.
    /// let run = doc_support::on_init(&doc_support::choice(1), |init| {
    ///     let a1 = init.solver_literal(Literal::positive(Atom(1))).unwrap();
    ///     let x = init.add_literal();
    ///     init.add_clause(&[!x, a1]) && init.add_clause(&[x, !a1])
    /// });
    /// assert_eq!(run.calls, [true]);
    /// assert_eq!(run.models, [vec![], vec![Atom(1)]]);
    /// ```
    pub fn add_literal(&mut self) -> SolverLiteral {
        let var = Var(*self.var_count as u32);
        *self.var_count += 1;
        self.is_atom.push(false);
        SolverLiteral::of(var.pos())
    }

    /// Adds a static clause, added at level 0 when `init` returns; `false` if it is
    /// violated at level 0 now (the search then has no model).
    ///
    /// ```
    /// use solver_core::{doc_support, Atom, Literal};
    /// // The clause `a1 or a2` removes the empty model of `{a1; a2}.`.
    /// let run = doc_support::on_init(&doc_support::choice(2), |init| {
    ///     let lit = |a| init.solver_literal(Literal::positive(Atom(a))).unwrap();
    ///     let clause = [lit(1), lit(2)];
    ///     init.add_clause(&clause)
    /// });
    /// assert_eq!(run.calls, [true]);
    /// assert_eq!(run.models, [vec![Atom(1)], vec![Atom(1), Atom(2)], vec![Atom(2)]]);
    /// ```
    pub fn add_clause(&mut self, clause: &[SolverLiteral]) -> bool {
        let vars = *self.var_count;
        if clause.iter().any(|l| !in_range(l.lit().var(), vars)) {
            return true;
        }
        let violated = clause.iter().all(|&l| self.value(l) == Some(false));
        self.added
            .clauses
            .push(clause.iter().map(|l| l.lit()).collect());
        !violated
    }

    /// The check mode (default [`CheckMode::Total`]).
    ///
    /// ```
    /// use solver_core::{doc_support, CheckMode};
    /// let run = doc_support::on_init(&doc_support::choice(1), |init| init.check_mode());
    /// assert_eq!(run.calls, [CheckMode::Total]);
    /// ```
    pub fn check_mode(&self) -> CheckMode {
        *self.modes.check
    }

    /// Sets when `check` runs.
    ///
    /// ```
    /// use solver_core::{doc_support, CheckMode};
    /// let run = doc_support::on_init(&doc_support::choice(1), |init| {
    ///     init.set_check_mode(CheckMode::Fixpoint);
    ///     init.check_mode()
    /// });
    /// assert_eq!(run.calls, [CheckMode::Fixpoint]);
    /// ```
    pub fn set_check_mode(&mut self, mode: CheckMode) {
        *self.modes.check = mode;
    }

    /// The undo mode (default [`UndoMode::Default`]).
    ///
    /// ```
    /// use solver_core::{doc_support, UndoMode};
    /// let run = doc_support::on_init(&doc_support::choice(1), |init| init.undo_mode());
    /// assert_eq!(run.calls, [UndoMode::Default]);
    /// ```
    pub fn undo_mode(&self) -> UndoMode {
        *self.modes.undo
    }

    /// Sets when `undo` runs (clingo's `PropagateInit.undo_mode`): with
    /// [`UndoMode::Always`], a decision level where `check` ran is undone even if
    /// `propagate` got no literals there, so a propagator can keep per-level state in
    /// `check`.
    ///
    /// ```
    /// use solver_core::{CheckMode, GroundProgram, HeadKind, MultiShot, PartialAssignment,
    ///     PropagateControl, PropagateInit, Propagator, SolveOptions, SolverLiteral, UndoMode};
    ///
    /// /// Pushes the decision level at each `check`, pops in `undo`: the stack always ends
    /// /// at the current level, which needs `undo` for the levels where only `check` ran.
    /// struct Levels(Vec<u32>);
    /// impl Propagator for Levels {
    ///     fn init(&mut self, init: &mut PropagateInit<'_>) {
    ///         init.set_check_mode(CheckMode::Fixpoint);
    ///         init.set_undo_mode(UndoMode::Always);
    ///     }
    ///     fn check(&mut self, ctl: &mut PropagateControl<'_>) {
    ///         let level = ctl.decision_level();
    ///         if level > 0 && self.0.last() != Some(&level) {
    ///             self.0.push(level);
    ///         }
    ///         assert!(self.0.windows(2).all(|w| w[0] < w[1]) && self.0.last() <= Some(&level));
    ///     }
    ///     fn undo(&mut self, assignment: &PartialAssignment<'_>, _changes: &[SolverLiteral]) {
    ///         assert_eq!(self.0.pop(), Some(assignment.decision_level()));
    ///     }
    /// }
    ///
    /// let mut program = GroundProgram::new(); // { a; b; c }.
    /// let atoms = vec![program.new_atom(), program.new_atom(), program.new_atom()];
    /// program.add_rule(HeadKind::Choice, atoms, vec![]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// solver.register_propagator(Box::new(Levels(Vec::new())));
    /// solver.solve(&[], SolveOptions { models: 0, ..SolveOptions::default() }).unwrap();
    /// assert_eq!(std::iter::from_fn(|| solver.next_model()).count(), 8);
    /// ```
    pub fn set_undo_mode(&mut self, mode: UndoMode) {
        *self.modes.undo = mode;
    }
}
