//! The solver's public interface: options in, models out, a summary at the end.
//!
//! A [`Solver`](crate::Solver) is made from a [`GroundProgram`](crate::GroundProgram) and [`SolveOptions`] (a
//! [`MultiShot`](crate::MultiShot) solver takes the options per solve call); calling
//! [`Solver::next_model`](crate::Solver::next_model) repeatedly yields the models the options ask for (every model once,
//! each projection once, improving models then optima, or brave/cautious approximations) and
//! `None` when the search is over; [`Solver::summary`](crate::Solver::summary) then tells how it ended. Models are not
//! stored by the solver (enumeration by backtracking with blocking of the last model's
//! decisions, or projective enumeration), so memory stays flat however many there are.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::program::Atom;

/// How models are enumerated (clingo's `--enum-mode`).
///
/// ```
/// use solver_core::{EnumMode, GroundProgram, HeadKind, Literal, Solver, SolveOptions};
/// let mut program = GroundProgram::new(); // a; b. :- a, b.
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
/// program.add_constraint(vec![Literal::positive(a), Literal::positive(b)]);
/// let last = |enum_mode| {
///     let mut solver = Solver::new(&program, SolveOptions { enum_mode, ..SolveOptions::default() });
///     std::iter::from_fn(|| solver.as_mut().unwrap().next_model()).last().unwrap().atoms
/// };
/// assert_eq!(last(EnumMode::Brave), [a, b]); // each holds in some model
/// assert_eq!(last(EnumMode::Cautious), []); // none holds in every model
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum EnumMode {
    /// Backtracking enumeration, or recording when projecting.
    #[default]
    Auto,
    /// Enumerate by backtracking over the last model's decisions.
    Backtrack,
    /// Enumerate by recording a nogood per model found.
    Record,
    /// Compute brave consequences (the union of all models).
    Brave,
    /// Compute cautious consequences (the intersection of all models).
    Cautious,
}

/// How minimize statements are used (clingo's `--opt-mode`).
///
/// ```
/// use solver_core::*;
/// let mut program = GroundProgram::new(); // { a; b }. :- not a, not b. #minimize { 1: a; 1: b }.
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
/// program.add_constraint(vec![Literal::negative(a), Literal::negative(b)]);
/// let weighted = |atom| WeightedLiteral { literal: Literal::positive(atom), weight: 1 };
/// program.add_minimize(0, vec![weighted(a), weighted(b)]);
/// let summary = |opt_mode| {
///     let options = SolveOptions { opt_mode, ..SolveOptions::default() };
///     let mut solver = Solver::new(&program, options).unwrap();
///     while solver.next_model().is_some() {}
///     solver.summary()
/// };
/// assert_eq!(summary(OptMode::OptN).optimal_models, 2); // {a} and {b}
/// assert_eq!(summary(OptMode::Enum).models, 3); // {a}, {b} and {a, b}
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum OptMode {
    /// Find an optimum by branch and bound; report each improving model.
    #[default]
    Opt,
    /// Find an optimum, then enumerate every optimal model.
    OptN,
    /// Enumerate models, reporting their costs, without optimizing.
    Enum,
    /// Ignore minimize statements.
    Ignore,
}

/// Options for one solve call.
///
/// ```
/// use solver_core::{doc_support, Solver, SolveOptions};
/// let program = doc_support::choice(2); // { a1; a2 }.
/// let options = SolveOptions { models: 3, ..SolveOptions::default() };
/// let mut solver = Solver::new(&program, options).unwrap();
/// assert_eq!(std::iter::from_fn(|| solver.next_model()).count(), 3);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// How many models to report; 0 means all. (In `Opt` mode the improving models are always
    /// reported; this bounds the optimal ones in `OptN`.)
    pub models: u64,
    /// How models are enumerated, or brave/cautious consequences (`--enum-mode`).
    pub enum_mode: EnumMode,
    /// What to do with minimize statements (`--opt-mode`).
    pub opt_mode: OptMode,
    /// Enumerate each distinct projection onto `GroundProgram::projection` once.
    pub project: bool,
    /// Seed for the heuristic's random choices (read by [`crate::Solver::new`]; a
    /// [`crate::MultiShot`] solver takes its seed when created, see
    /// [`crate::MultiShot::with_seed`]).
    pub seed: u64,
    /// Apply the program's `#heuristic` statements (clingo's `--heuristic=Domain`); without
    /// it they are ignored, as in clingo. Only the search order changes, never the models.
    pub domain_heuristic: bool,
    /// Stop after this long (checked often enough to stop within milliseconds).
    pub time_limit: Option<Duration>,
    /// Set from another thread to stop the search.
    pub interrupt: Option<Interrupt>,
}

/// A `Send + Sync` handle that stops a running search.
///
/// ```
/// use solver_core::Interrupt;
/// let interrupt = Interrupt::new();
/// let handle = interrupt.clone(); // the clones share the flag
/// std::thread::spawn(move || handle.interrupt()).join().unwrap();
/// assert!(interrupt.is_set());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicU8>);

/// [`Interrupt`]'s states: clear, set until the next [`Interrupt::reset`], set for good.
const CLEAR: u8 = 0;
const SET: u8 = 1;
const SET_FOR_GOOD: u8 = 2;

impl Interrupt {
    /// A fresh, unset handle.
    ///
    /// ```
    /// assert!(!solver_core::Interrupt::new().is_set());
    /// ```
    pub fn new() -> Interrupt {
        Interrupt::default()
    }
    /// Asks the search to stop as soon as possible.
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Interrupt, Solver, SolveOptions};
    /// let mut program = GroundProgram::new(); // { a }.
    /// let a = program.new_atom();
    /// program.add_rule(HeadKind::Choice, vec![a], vec![]);
    /// let interrupt = Interrupt::new();
    /// interrupt.interrupt(); // before the search even starts
    /// let options = SolveOptions { interrupt: Some(interrupt), ..SolveOptions::default() };
    /// let mut solver = Solver::new(&program, options).unwrap();
    /// assert_eq!(solver.next_model(), None);
    /// assert!(solver.summary().interrupted);
    /// ```
    pub fn interrupt(&self) {
        let _ = self
            .0
            .compare_exchange(CLEAR, SET, Ordering::SeqCst, Ordering::SeqCst);
    }
    /// Asks this search and every later one to stop: [`Interrupt::reset`] does not clear it.
    /// A signal handler's request that the whole run end: a signal that comes between two
    /// solve calls is not lost to the second call's reset.
    ///
    /// ```
    /// let interrupt = solver_core::Interrupt::new();
    /// interrupt.interrupt_for_good();
    /// interrupt.reset();
    /// assert!(interrupt.is_set());
    /// ```
    pub fn interrupt_for_good(&self) {
        self.0.store(SET_FOR_GOOD, Ordering::SeqCst);
    }
    /// Whether an interrupt was asked for.
    ///
    /// ```
    /// let interrupt = solver_core::Interrupt::new();
    /// assert!(!interrupt.is_set());
    /// interrupt.interrupt();
    /// assert!(interrupt.is_set());
    /// ```
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed) != CLEAR
    }
    /// Clears the flag, for the next solve call, unless it was set for good.
    ///
    /// ```
    /// let interrupt = solver_core::Interrupt::new();
    /// interrupt.interrupt();
    /// interrupt.reset();
    /// assert!(!interrupt.is_set());
    /// ```
    pub fn reset(&self) {
        let _ = self
            .0
            .compare_exchange(SET, CLEAR, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// One answer reported by the solver.
///
/// ```
/// use solver_core::{GroundProgram, Solver, SolveOptions};
/// let mut program = GroundProgram::new();
/// let a = program.new_atom();
/// program.add_fact(a);
/// let model = Solver::new(&program, SolveOptions::default()).unwrap().next_model().unwrap();
/// assert_eq!((model.number, model.atoms, model.costs), (1, vec![a], vec![]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// 1-based number of this answer in the solve call (clingo's `Answer: N`); `OptN` numbers
    /// the optimal models from 1 again once the optimum is proven.
    pub number: u64,
    /// The true atoms, ascending. For brave/cautious this is the current approximation of the
    /// tracked atoms plus the atoms the clauses settle before the search (clasp's facts).
    pub atoms: Vec<Atom>,
    /// Costs per priority level, highest priority first (empty without minimize statements).
    pub costs: Vec<i64>,
    /// Whether this model is known to be optimal (`OptN` after the optimum is proven).
    pub optimal: bool,
    /// Brave/cautious only: clasp's `[lower;upper]` bounds of the consequences over the
    /// tracked atoms after this model (see [`crate::Solver::consequence_bounds`]).
    pub consequences: Option<(u64, u64)>,
    /// Brave/cautious only: the output conditions that are neither empty nor one positive
    /// literal and whose conjunction is in the consequences (clasp tracks each output's whole
    /// condition: `#show 5 : not a.` is a brave consequence when some model lacks `a`), as the
    /// program gave them, sorted. The other outputs are decided by `atoms`.
    pub conditions: Vec<Vec<crate::program::Literal>>,
}

/// Wall-clock times of a search.
///
/// ```
/// use solver_core::{GroundProgram, Solver, SolveOptions};
/// let mut program = GroundProgram::new(); // a.
/// let a = program.new_atom();
/// program.add_fact(a);
/// let mut solver = Solver::new(&program, SolveOptions::default()).unwrap();
/// while solver.next_model().is_some() {}
/// let times = solver.summary().times;
/// assert!(times.first_model <= times.solve && times.unsat <= times.solve);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct SolveTimes {
    /// The whole search, from the solver's creation to its end (or to now).
    pub solve: Duration,
    /// Until the first model (zero without models).
    pub first_model: Duration,
    /// From the last model (or the start) to the end of a complete search; zero otherwise.
    pub unsat: Duration,
}

/// How a search ended (or stands).
///
/// ```
/// use solver_core::{GroundProgram, HeadKind, Solver, SolveOptions};
/// let mut program = GroundProgram::new(); // { a; b }.
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
/// let mut solver = Solver::new(&program, SolveOptions::default()).unwrap();
/// assert_eq!(solver.summary().satisfiable, None); // nothing searched yet
/// while solver.next_model().is_some() {}
/// let summary = solver.summary();
/// assert_eq!((summary.satisfiable, summary.models, summary.exhausted), (Some(true), 4, true));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// `Some(true)` if a model was found, `Some(false)` if proven to have none, `None` if unknown.
    pub satisfiable: Option<bool>,
    /// The whole search space was explored.
    pub exhausted: bool,
    /// Answers reported.
    pub models: u64,
    /// The optimum was proven (optimization only).
    pub optimum_proven: bool,
    /// Number of optimal models reported (`OptN`).
    pub optimal_models: u64,
    /// The best costs found, highest priority first.
    pub costs: Option<Vec<i64>>,
    /// The search was stopped by the interrupt handle.
    pub interrupted: bool,
    /// The search was stopped by the time limit.
    pub timed_out: bool,
    /// The solver's counters and the program's sizes.
    pub statistics: Statistics,
    /// Wall-clock times.
    pub times: SolveTimes,
}

/// Counters of one solve call.
///
/// ```
/// use solver_core::{GroundProgram, HeadKind, Literal, Solver, SolveOptions};
/// let mut program = GroundProgram::new(); // { a }. b :- a. a :- b.
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Choice, vec![a], vec![]);
/// program.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]);
/// program.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(b)]);
/// let mut solver = Solver::new(&program, SolveOptions::default()).unwrap();
/// while solver.next_model().is_some() {}
/// let statistics = solver.summary().statistics;
/// assert_eq!((statistics.atoms, statistics.rules), (2, 3));
/// assert!(!statistics.tight); // a and b depend on each other positively
/// assert!(statistics.choices >= 1); // {a, b} and {} both need a decision
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statistics {
    /// Decisions made by the search.
    pub choices: u64,
    /// Conflicts met (each is analysed into a learnt nogood, or ends the search at level 0).
    pub conflicts: u64,
    /// Restarts of the search.
    pub restarts: u64,
    /// Nogoods learnt from conflicts and loops.
    pub learnt_nogoods: u64,
    /// Learnt nogoods deleted by the clean-ups of the learnt nogood database.
    pub deleted_nogoods: u64,
    /// Assigned literals whose consequences were propagated (decisions included).
    pub propagations: u64,
    /// Learnt nogoods (loop nogoods included) kept from earlier solve calls of a
    /// [`crate::MultiShot`] solver when this call started.
    pub kept_nogoods: u64,
    /// Atoms of the input program.
    pub atoms: u64,
    /// Rules of the input program.
    pub rules: u64,
    /// Distinct rule bodies of the input program.
    pub bodies: u64,
    /// Variables of the solver after preprocessing.
    pub variables: u64,
    /// The program's nogoods and weight constraints after preprocessing.
    pub constraints: u64,
    /// Rule bodies that got no variable of their own: equal to one literal, to none (true),
    /// to the atom they are the only support of, or used by integrity constraints only
    /// (clasp's `Equivalences`, counted as its `Other`; `variables + equivalences` is the
    /// count of variables without this preprocessing).
    pub equivalences: u64,
    /// External atoms, whose variables preprocessing must keep (clasp's `Frozen`).
    pub frozen: u64,
    /// Whether the program is tight: its positive dependency graph has no cycle.
    pub tight: bool,
}

/// Why a program cannot be solved.
///
/// ```
/// use solver_core::{Atom, GroundProgram, Solver, SolveError, SolveOptions};
/// let mut program = GroundProgram::new();
/// program.add_fact(Atom(1)); // no atom was created
/// let result = Solver::new(&program, SolveOptions::default());
/// assert!(matches!(result, Err(SolveError::Invalid(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The program uses something this solver refuses rather than answer wrongly.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The program is malformed (an atom out of range, ...).
    #[error("invalid program: {0}")]
    Invalid(String),
    /// A delta gives rules to an atom an earlier delta defined (clasp's "redefinition of
    /// atom"); the solver is unchanged.
    #[error("redefinition of atom {}", .0 .0)]
    Redefinition(Atom),
}
