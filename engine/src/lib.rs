//! engine: the embeddable clingo-like Control API, clingo-compatible output, and the
//! `mini-clingo` command line.
//!
//! # The API contract
//! A [`Control`] goes through three states:
//! 1. **building** — [`Control::add`], [`Control::load`] and [`Control::set_const`] collect the
//!    program; options ([`Control::options_mut`]) and the external functions `@f(..)` calls
//!    ([`Control::register_function`]) may be set at any time;
//! 2. **grounded** — after [`Control::ground`] (or [`Control::load_aspif`]) succeeded; the
//!    program can no longer change, but [`Control::assign_external`] sets external atoms;
//! 3. **solving** — [`Control::solve`] returns a [`SolveHandle`], an iterator over [`Model`]s;
//!    [`SolveHandle::summary`] finishes the search and tells how it ended. Solving may be
//!    repeated; each call starts a fresh search.
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
pub mod output;
mod solve;

pub use control::{Control, Options, Projection, TruthValue};
pub use error::Error;
pub use grounder::{Diagnostic, Dialect, Functions, IntoSymbols, Source, Symbol};
pub use solve::{Model, ModelKind, SolveHandle};
pub use solver_core::{
    Atom, EnumMode, GroundProgram, Interrupt, OptMode, SolveTimes, Statistics, Summary,
};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// Parses a ground term such as `p(1,"a")` with clingo's syntax.
pub fn parse_term(text: &str) -> Result<Symbol, Diagnostic> {
    backend::parse_symbol(text)
}
