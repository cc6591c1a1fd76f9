//! The state of one solve call: what the options ask for (enumerate, optimize, brave or
//! cautious consequences), the model limit, the summary so far. The driver that moves the
//! search from answer to answer is `shot/answers.rs` (and `enumerate.rs`).
//!
//! # Invariants
//! - The call's assumptions are the decisions of the search's first levels; they are set up
//!   by the first search of the call (`Stage::Starting`) and again when `OptN` starts its
//!   enumeration of optimal models.
//! - The tag literal is the first assumption of every call: enumeration flips stay above
//!   level 0, and the nogoods that depend on the call (the optimization bound, recorded
//!   models, consequence clauses) contain the negated tag literal.

use std::time::Instant;

use super::clock::Clock;
use super::consequences::Consequences;
use super::limits::Limits;
use super::lit::{Lit, Var};
use crate::api::{EnumMode, OptMode, SolveOptions, Statistics, Summary};

/// Where a call stands between `next_model` calls.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// The search must first set up the assumptions.
    Starting,
    /// Nothing reported yet, or the search continues from where it is.
    Searching,
    /// A model was reported; the search must move past it first.
    AfterModel,
    /// The call is over.
    Done,
}

/// What the driver does with models.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Task {
    /// Enumerate models (possibly with costs).
    Enumerate,
    /// Brave consequences.
    Brave,
    /// Cautious consequences.
    Cautious,
    /// Branch and bound towards the optimum.
    Optimize,
}

/// The state of one solve call.
pub(super) struct Call {
    /// The options.
    pub(super) options: SolveOptions,
    /// The assumptions (the tag first, if any).
    pub(super) assumptions: Vec<Lit>,
    /// The caller's assumptions (the last ones of `assumptions`), as program literals.
    pub(super) own_assumptions: Vec<crate::Literal>,
    /// The tag literal: the call's first assumption, so that no enumeration flip lands at
    /// level 0 and the call's own nogoods can be told apart (see `shot`).
    pub(super) tag: Option<Lit>,
    /// Whether the call adds nogoods of its own (bound, recorded models, consequence clauses).
    pub(super) conditional: bool,
    /// Projected atoms when projecting.
    pub(super) projection: Option<Vec<Var>>,
    /// What to do with models.
    pub(super) task: Task,
    /// Whether models are blocked by recorded nogoods rather than by backtracking.
    pub(super) record: bool,
    /// Whether minimize statements are ignored (`OptMode::Ignore`).
    pub(super) ignore_costs: bool,
    /// Brave/cautious only: the approximation so far.
    pub(super) consequences: Option<Consequences>,
    /// Whether `OptN` has proven the optimum and enumerates optimal models.
    pub(super) optimal_phase: bool,
    /// The best normalised costs so far.
    pub(super) best: Option<Vec<i64>>,
    /// Where the call stands.
    pub(super) stage: Stage,
    /// The call was started and not yet ended (its nogoods and settings are in the search).
    pub(super) open: bool,
    /// No further model: every one (or every projection) has been reported.
    pub(super) enumeration_over: bool,
    /// The summary so far.
    pub(super) summary: Summary,
    /// The call's wall-clock times.
    pub(super) clock: Clock,
    /// The search's counters when the call started.
    pub(super) counters_at_start: Statistics,
    /// Learnt nogoods present when the call started (kept from earlier calls).
    pub(super) kept_nogoods: u64,
}

impl Call {
    /// A finished call with no answers (before the first solve call).
    pub(super) fn none() -> Call {
        Call {
            options: SolveOptions::default(),
            assumptions: Vec::new(),
            own_assumptions: Vec::new(),
            tag: None,
            conditional: false,
            projection: None,
            task: Task::Enumerate,
            record: false,
            ignore_costs: false,
            consequences: None,
            optimal_phase: false,
            best: None,
            stage: Stage::Done,
            open: false,
            enumeration_over: false,
            summary: Summary::default(),
            clock: Clock::start(),
            counters_at_start: Statistics::default(),
            kept_nogoods: 0,
        }
    }

    /// The interrupt and deadline of the options.
    pub(super) fn limits(&self) -> Limits {
        Limits {
            interrupt: self.options.interrupt.clone(),
            deadline: self.options.time_limit.map(|t| Instant::now() + t),
        }
    }

    /// Whether the requested number of models has been reported.
    pub(crate) fn limit_reached(&self) -> bool {
        let limit = self.options.models;
        let counted = match (self.task, self.options.opt_mode) {
            (Task::Optimize, OptMode::OptN) => self.summary.optimal_models,
            _ => self.summary.models,
        };
        limit != 0 && counted >= limit
    }
}

/// What the driver does with models under `options` when the program has `levels` minimize
/// levels.
pub(super) fn task_for(options: &SolveOptions, levels: usize) -> Task {
    match options.enum_mode {
        EnumMode::Brave => Task::Brave,
        EnumMode::Cautious => Task::Cautious,
        _ if levels > 0 && matches!(options.opt_mode, OptMode::Opt | OptMode::OptN) => {
            Task::Optimize
        }
        _ => Task::Enumerate,
    }
}
