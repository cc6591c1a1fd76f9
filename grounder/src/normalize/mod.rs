//! Normalization: AST statements to rules in the grounder's own form.
//!
//! In: the statements of one program part (plus the simple facts `syntax::facts` took out).
//! Out: `rules::Rule`s (non-ground, pool-free, variables numbered, the part's parameters as
//! variables `#Inc0`...) and the part's `#project` signatures, after `rewrite` (constants
//! checked and resolved by `constants`, head literals that are not atoms moved to the body by
//! `negheads`, pools via `unpool`, intervals, arithmetic, statement kinds as special heads),
//! `drop` (what gringo's simplification removes: undefined terms, unguarded aggregates),
//! `safety` (every variable bound; the join plan of each rule) and `safe` (unsafe rules
//! reported and left out). `astwalk` visits every term of a statement; `print` prints rules
//! and terms back as clingo shows them in messages.
//!
//! # Invariants
//! - Every rule that leaves this stage is pool-free, its variables are numbered densely, and
//!   it is safe (unsafe rules are reported, every unsafe variable, and dropped).

pub(crate) mod astwalk;
pub(crate) mod body_order;
pub(crate) mod constants;
pub(crate) mod drop;
pub(crate) mod inequalities;
pub(crate) mod negheads;
pub(crate) mod print;
pub(crate) mod rewrite;
pub(crate) mod rules;
pub(crate) mod safe;
pub(crate) mod safety;
pub(crate) mod unpool;
