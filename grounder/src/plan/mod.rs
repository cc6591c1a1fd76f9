//! Planning: in which order the rules are grounded.
//!
//! In: rewritten `Rule`s. Out: `depgraph::Graph` (the predicate dependency graph and its
//! strongly connected components) and `rulegraph::rule_components` (the rule dependency graph
//! in gringo's grounding order). The per-rule join order is `normalize::safety::plan`.
//!
//! # Invariants
//! - Components come in topological order: a rule is grounded after every rule that can
//!   derive an atom of its positive body, except within one component.

pub(crate) mod depgraph;
pub(crate) mod rulegraph;
