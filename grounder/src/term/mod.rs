//! Terms: the values the other stages compute with.
//!
//! In: nothing of the pipeline (every stage uses these). Out: [`symbol::Symbol`] (ground terms
//! as owned public values), `intern::Interner` (ground terms as small copyable `Val` ids),
//! `eval` (non-ground terms of rewritten rules, their evaluation and matching) and
//! [`functions::Functions`] (the closures `@f(args)` calls).
//!
//! # Invariants
//! - Two equal ground terms have the same `Val`; `Val` order is clingo's term order.
//! - Evaluation never panics on user arithmetic: an undefined operation is reported, not
//!   computed.

pub(crate) mod eval;
pub mod functions;
pub(crate) mod intern;
pub mod symbol;
