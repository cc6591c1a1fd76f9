//! [`Source`]: what one grounding ground, which the output reads besides the grounder.

use crate::normalize::rewrite::{Directives, PlainFact};
use crate::normalize::rules::{Pred, Rule};

/// What one grounding ground, besides the grounder's state.
pub(crate) struct Source<'a> {
    /// The rewritten rules.
    pub rules: &'a [Rule],
    /// The facts the loader took out of the statements.
    pub facts: &'a [PlainFact],
    /// The directives of the whole program.
    pub directives: &'a Directives,
    /// The `#project p/n` signatures of the parts ground.
    pub project: &'a [Pred],
}
