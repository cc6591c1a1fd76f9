//! solver-core: the stable models of ground logic programs, in the clasp tradition.
//!
//! Input is a [`GroundProgram`] (built by hand, by the grounder, or read from aspif); output is
//! a stream of [`Model`]s from a [`Solver`] (one program, one solve call) or a [`MultiShot`]
//! solver (a program given as a sequence of deltas, externals assigned between solve calls,
//! learnt nogoods kept from call to call, as clasp's incremental mode). See the module docs for
//! the algorithms.
#![forbid(unsafe_code)]

pub mod api;
pub mod aspif;
pub mod brute;
pub mod check;
#[doc(hidden)]
pub mod doc_support;
pub mod program;
mod solver;

pub use api::{
    EnumMode, Interrupt, Model, OptMode, SolveError, SolveOptions, SolveTimes, Statistics, Summary,
};
pub use program::{
    Atom, AtomOutOfRange, Body, Edge, ExternalValue, GroundProgram, HeadKind, HeuristicDirective,
    HeuristicModifier, Literal, Minimize, Output, Rule, WeightedLiteral,
};
pub use solver::{
    CheckMode, ClauseKind, FixedCursor, Implication, MultiShot, PartialAssignment,
    PropagateControl, PropagateInit, Propagator, Solver, SolverLiteral, UndoMode,
};
