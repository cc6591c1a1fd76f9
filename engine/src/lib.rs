//! engine: the embeddable clingo-like Control API, clingo-compatible output, and the
//! `mini-clingo` command line.
//!
//! # The API contract
//! A [`Control`] collects program text ([`Control::add`], [`Control::load`],
//! [`Control::set_const`] before the first grounding), grounds parts of it
//! ([`Control::ground`] for `base`, [`Control::ground_parts`] for parts with arguments) and
//! solves what was ground so far ([`Control::solve`] returns a [`SolveHandle`], an iterator
//! over [`Model`]s; [`SolveHandle::summary`] finishes the search and tells how it ended), in
//! any order and as often as clingo allows. All solve calls run on one persistent solver that
//! keeps its learnt nogoods; [`Control::assign_external`] and [`Control::release_external`]
//! set external atoms between calls. [`Control::symbolic_atoms`] lists the ground atoms and
//! [`Control::backend`] adds ground statements after a grounding; [`Control::solve_with`]
//! solves with a callback per model. [`incmode::run`] is clingo's incremental loop on top.
//!
//! # From clingo's Python API to this crate
//! | clingo (Python) | engine |
//! |---|---|
//! | `Control(["-c", "n=3", "0"])` | [`Control::new`], [`Control::with_options`], [`Control::set_const`], [`Control::options_mut`] (`models: Some(0)`) |
//! | `ctl.configuration.solve.models`, `.opt_mode`, `.enum_mode`, `.project`, `--heuristic` | the [`Options`] fields [`models`](Options::models), [`opt_mode`](Options::opt_mode), [`enum_mode`](Options::enum_mode), [`projection`](Options::projection), [`domain_heuristic`](Options::domain_heuristic); [`Control::options`] reads them |
//! | `ctl.add("base", [], text)` | [`Control::add`] (`#program` inside the text selects parts) |
//! | `ctl.load(path)` | [`Control::load`] ([`Control::sources`] lists what was added) |
//! | `ctl.load_aspif(files)` / `ctl.load(path)` of an aspif file | [`Control::load_aspif`] / [`Control::ground`] of an aspif source |
//! | `ctl.ground([("base", [])])` | [`Control::ground`] |
//! | `ctl.ground([("step", [Number(t)])])` | [`Control::ground_parts`]`(&[("step", &[Symbol::Number(t)])])` |
//! | `Control(logger=f)` (the grounder's messages) | [`Control::infos`]; errors are [`Error::diagnostics`] |
//! | `ctl.assign_external(atom, True/False/None)` | [`Control::assign_external`] with [`TruthValue`] |
//! | `ctl.release_external(atom)` | [`Control::release_external`] |
//! | `ctl.solve(assumptions=[(atom, True)], yield_=True)` | [`Control::solve_with_assumptions`] ([`Control::solve`] without), iterate the [`SolveHandle`] |
//! | `ctl.solve(assumptions=..., on_model=f)` (`f` returns `False` to stop) | [`Control::solve_with`]`(&assumptions, \|model\| -> bool)`, returns the [`Summary`] |
//! | `handle.get()` (`satisfiable`, `exhausted`, `interrupted`) | [`SolveHandle::summary`] ([`Summary::satisfiable`], [`Summary::exhausted`], [`Summary::interrupted`]) |
//! | `handle.cancel()` | [`SolveHandle::cancel`] |
//! | `handle.core()` (after an unsatisfiable solve under assumptions) | [`SolveHandle::core`] (program literals; [`SymbolicAtoms`] names them) |
//! | `ctl.is_conflicting` | [`Control::is_conflicting`] |
//! | `ctl.statistics` | [`Summary::statistics`] |
//! | `model.symbols(shown=True)` / `str(model)` | [`Model::symbols`] / [`Model::shown_names`] ([`Model::shown_len`] counts them) |
//! | `model.symbols(atoms=True)`, `model.contains(s)` | [`Model::atoms`], [`Model::contains`] ([`Model::true_atoms`]: the program atoms) |
//! | `model.is_true(literal)` | [`Model::is_true`] (a [`Literal`]) |
//! | `model.number`, `model.cost`, `model.optimality_proven`, `model.type` | [`Model::number`], [`Model::costs`], [`Model::is_optimal`], [`Model::kind`] ([`ModelKind`]) |
//! | the `Consequences: [l;u]` line of brave/cautious reasoning | [`Model::consequence_bounds`], [`Model::consequence_count`] |
//! | `ctl.interrupt()` | [`Control::interrupt_handle`] (`Interrupt::interrupt` from any thread; stops grounding and solving), [`Control::use_interrupt`] to share one |
//! | `ctl.get_const(name)` | [`Control::constant`] |
//! | a context object / `#script` function for `@f` calls | [`Control::register_function`] |
//! | `ctl.register_propagator(p)` (`init`, `propagate`, `undo`, `check`, `decide`) | [`Control::register_propagator`] with a [`Propagator`] ([`init`](Propagator::init), [`propagate`](Propagator::propagate), [`undo`](Propagator::undo), [`check`](Propagator::check), [`decide`](Propagator::decide)) |
//! | `init.add_literal()`, `init.add_clause(c)`, `init.add_watch(l)`, `init.remove_watch(l)`, `init.check_mode`, `init.undo_mode`, `init.assignment`, `init.solver_literal(l)` | [`PropagateInit`] (through `Deref`: [`add_literal`](solver_core::PropagateInit::add_literal), [`add_clause`](solver_core::PropagateInit::add_clause), [`add_watch`](solver_core::PropagateInit::add_watch), [`remove_watch`](solver_core::PropagateInit::remove_watch), [`check_mode`](solver_core::PropagateInit::check_mode) / [`set_check_mode`](solver_core::PropagateInit::set_check_mode) with [`CheckMode`] (`Off`, `Total`, `Fixpoint`, `Both`), [`undo_mode`](solver_core::PropagateInit::undo_mode) / [`set_undo_mode`](solver_core::PropagateInit::set_undo_mode) with [`UndoMode`], [`assignment`](solver_core::PropagateInit::assignment), [`solver_literal`](solver_core::PropagateInit::solver_literal)) |
//! | `init.add_weight_constraint(l, lits, bound, type_)` (`compare_equal=False`), `init.add_minimize(l, w, p)`, `init.propagate()`, `init.assignment` | [`add_weight_constraint`](solver_core::PropagateInit::add_weight_constraint) with [`Implication`], [`add_minimize`](solver_core::PropagateInit::add_minimize), [`propagate`](solver_core::PropagateInit::propagate), [`assignment`](solver_core::PropagateInit::assignment) (through `Deref`) |
//! | `init.solver_literal(init.symbolic_atoms[s].literal)`, `init.symbolic_atoms.by_signature(n, a)` | [`PropagateInit::symbol_literal`], [`PropagateInit::atoms_with_signature`] |
//! | `ctl.add_literal()`, `ctl.add_clause(c, lock=True)`, `ctl.add_nogood(n)`, `ctl.propagate()` (in `propagate`/`check`) | [`PropagateControl::add_literal`], [`PropagateControl::add_clause`] with [`ClauseKind::Static`], [`PropagateControl::add_nogood`], [`PropagateControl::propagate`] |
//! | `ctl.add_watch(l)`, `ctl.remove_watch(l)`, `ctl.has_watch(l)` | [`PropagateControl::add_watch`], [`PropagateControl::remove_watch`], [`PropagateControl::has_watch`] |
//! | `ctl.assignment` / the `assignment` of `undo` and `decide` (`decision_level`, `root_level`, `value`, `is_true`, `is_false`, `is_free`, `level`, `is_fixed`, `has_conflict`, `decision`, `trail`, `is_total`, `has_literal`, `size`) | [`PropagateControl::assignment`], a [`PartialAssignment`] ([`PartialAssignment::decision_level`], [`PartialAssignment::root_level`], [`PartialAssignment::value`], [`PartialAssignment::is_true`], [`PartialAssignment::is_false`], [`PartialAssignment::is_free`], [`PartialAssignment::level`], [`PartialAssignment::is_fixed`], [`PartialAssignment::has_conflict`], [`PartialAssignment::decision`], [`PartialAssignment::trail`], [`PartialAssignment::is_total`], [`PartialAssignment::has_literal`], [`PartialAssignment::size`]) |
//! | `for a in ctl.symbolic_atoms` (`a.symbol`, `a.literal`, `a.is_fact`, `a.is_external`) | [`Control::symbolic_atoms`], [`SymbolicAtoms::iter`] ([`SymbolicAtom::symbol`], [`SymbolicAtom::atom`], [`SymbolicAtom::is_fact`], [`SymbolicAtom::is_external`], [`SymbolicAtom::signature`]) |
//! | `ctl.symbolic_atoms.by_signature(name, arity, positive)` | [`SymbolicAtoms::by_signature`] |
//! | `ctl.symbolic_atoms[symbol]` | [`SymbolicAtoms::find`] |
//! | `ctl.symbolic_atoms.signatures` | [`SymbolicAtoms::signatures`] |
//! | `len(ctl.symbolic_atoms)` | [`SymbolicAtoms::len`], [`SymbolicAtoms::is_empty`] |
//! | `ctl.cleanup()` / `ctl.enable_cleanup = False` / `ctl.enable_cleanup` | [`Control::cleanup`] / [`Control::set_enable_cleanup`]`(false)` / [`Control::enable_cleanup`] |
//! | `with ctl.backend() as b:` | [`Control::backend`]`(\|b\| { ...; Ok(()) })` |
//! | `b.add_atom(symbol)` / `b.add_atom()` | [`Backend::add_atom`]`(Some(&symbol))` / `(None)` |
//! | `b.add_rule(head, body, choice)` | [`Backend::add_rule`] (body: [`Literal::positive`] / [`Literal::negative`]) |
//! | `b.add_weight_rule(head, lower, body, choice)` | [`Backend::add_weight_rule`] |
//! | `b.add_minimize(priority, literals)` | [`Backend::add_minimize`] |
//! | `b.add_external(atom, value)` | [`Backend::add_external`] |
//! | (aspif output statement) | [`Backend::add_show`] |
//! | `ctl.register_observer(o)` (to see the ground program) | [`Control::ground_program`] (read-only), [`Control::program_with_externals`], [`Control::has_minimize`] |
//! | `clingo.parse_term("p(1)")`, `Number(1)`, `String("a")`, `Function("p", args)` | [`parse_term`], [`Symbol::Number`], [`Symbol::String`], [`Symbol::function`] |
//! | `#include <incmode>.` driven by clingo | [`incmode::run`] |
//! | `clingo.clingo_main(app, args)` (the command line) | [`cli::run`], [`cli::run_and_exit`]; [`output::Printer`] prints clingo's output |
//!
//! Ours only: [`Control::parse`] (syntax errors before grounding), [`Control::incmode`],
//! [`Control::end_grounding`] (free the grounder's memory for good),
//! [`Control::translate_for_search`] (also the ground program's rules), [`Control::text`] and
//! [`Control::aspif`] (clingo's `--text` and `--mode=gringo` output).
//!
//! ```
//! use engine::{Control, Symbol, TruthValue};
//! # fn main() -> Result<(), engine::Error> {
//! let mut ctl = Control::new();
//! ctl.add("base", "#program step(t). #external go(t). p(t) :- go(t).")?;
//! ctl.ground_parts(&[("step", &[Symbol::Number(1)])])?;
//! ctl.assign_external(&engine::parse_term("go(1)").unwrap(), TruthValue::True)?;
//! assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["go(1)", "p(1)"]);
//! ctl.release_external(&engine::parse_term("go(1)").unwrap())?;
//! assert_eq!(ctl.solve()?.next().unwrap().shown_names(), Vec::<String>::new());
//! # Ok(()) }
//! ```
//!
//! Bad input (syntax errors, unsafe variables, unreadable files, malformed aspif) is an
//! [`Error`] carrying clingo-format [`Diagnostic`]s. Calling a method in the wrong state is
//! misuse and returns [`Error::Usage`]; no method panics. An unsatisfiable program is not an
//! error: the iterator is empty and the summary says `satisfiable == Some(false)`.
//!
//! A search stops early when the [`Interrupt`] from [`Control::interrupt_handle`] is set (from
//! any thread: it is `Send + Sync`) or when the time limit in [`Options`] passes.
//!
//! ```
//! use engine::{Control, Error, Projection};
//! # fn main() -> Result<(), Error> {
//! let mut ctl = Control::new();
//! ctl.options_mut().projection = Projection::Show;
//! ctl.add("base", "{ a; b }.")?;
//! // Solving before grounding is misuse, reported as an error value.
//! assert!(matches!(ctl.solve(), Err(Error::Usage(_))));
//! # Ok(()) }
//! ```
#![forbid(unsafe_code)]

mod backend;
pub mod cli;
mod control;
mod error;
mod ground;
pub mod incmode;
pub mod output;
mod propagator;
mod solve;

pub use control::{
    Backend, Control, Options, Projection, Signature, SymbolicAtom, SymbolicAtoms, TruthValue,
};
pub use error::Error;
pub use grounder::{Diagnostic, Dialect, Functions, IntoSymbols, Source, Symbol};
pub use propagator::{PropagateInit, Propagator};
pub use solve::{Model, ModelKind, SolveHandle};
pub use solver_core::{
    Atom, CheckMode, ClauseKind, EnumMode, GroundProgram, Implication, Interrupt, Literal, OptMode,
    PartialAssignment, PropagateControl, SolveTimes, SolverLiteral, Statistics, Summary, UndoMode,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// Parses a ground term such as `p(1,"a")` with clingo's syntax.
///
/// ```
/// use engine::{parse_term, Symbol};
/// let term = parse_term("p(1,\"a\")").unwrap();
/// let args = vec![Symbol::Number(1), Symbol::String("a".into())];
/// assert_eq!(term, Symbol::function("p", args));
/// assert_eq!(parse_term("-3").unwrap(), Symbol::Number(-3));
/// assert!(parse_term("p(X)").is_err()); // not ground
/// ```
pub fn parse_term(text: &str) -> Result<Symbol, Diagnostic> {
    backend::parse_symbol(text)
}
