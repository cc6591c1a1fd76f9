//! The driver of one solve call: what the options ask for (enumerate, optimize, brave or
//! cautious consequences), the model limit, the summary, and how the search is moved on
//! between answers (see the parent module doc and `enumerate.rs`).
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
use super::search::Outcome;
use super::shot::MultiShot;
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
    fn limit_reached(&self) -> bool {
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

impl MultiShot {
    /// The next answer of the current solve call; `None` when the call is over (see
    /// [`MultiShot::summary`]).
    pub fn next_model(&mut self) -> Option<crate::api::Model> {
        if self.call.stage == Stage::AfterModel {
            self.call.stage = Stage::Searching;
            self.after_model();
        }
        while matches!(self.call.stage, Stage::Starting | Stage::Searching) {
            let outcome = match self.call.stage {
                Stage::Starting => {
                    self.call.stage = Stage::Searching;
                    let assumptions = std::mem::take(&mut self.call.assumptions);
                    let outcome = self.search.solve_assuming(&assumptions);
                    self.call.assumptions = assumptions;
                    outcome
                }
                _ => self.search.solve(),
            };
            match outcome {
                Outcome::Model => return Some(self.report_model()),
                Outcome::Exhausted => self.on_exhausted(),
                Outcome::Interrupted => self.stop(true),
                Outcome::TimedOut => self.stop(false),
            }
        }
        None
    }

    /// How the current (or last) solve call ended, or stands; its counters are those of the
    /// call.
    pub fn summary(&self) -> Summary {
        let mut summary = self.call.summary.clone();
        let (now, start) = (&self.search.stats, &self.call.counters_at_start);
        summary.times = self.call.clock.times(summary.exhausted);
        summary.statistics = Statistics {
            choices: now.choices - start.choices,
            conflicts: now.conflicts - start.conflicts,
            restarts: now.restarts - start.restarts,
            learnt_nogoods: now.learnt_nogoods - start.learnt_nogoods,
            deleted_nogoods: now.deleted_nogoods - start.deleted_nogoods,
            propagations: now.propagations - start.propagations,
            kept_nogoods: self.call.kept_nogoods,
            ..self.program_statistics()
        };
        summary
    }

    /// Moves past the last model, or stops at the model limit. At the limit the search space
    /// may still be exhausted as clingo reports it: when moving past the model needs no search
    /// (the model was found without open decisions, every projection is done, no atom is left
    /// for the consequences). Improving models of an optimization are not moved past there.
    fn after_model(&mut self) {
        let limit = self.call.limit_reached();
        let improving = self.call.task == Task::Optimize && !self.call.optimal_phase;
        if !(limit && improving) {
            self.move_past_model();
        }
        if self.search.exhausted || self.search.failed() || self.call.enumeration_over {
            self.on_exhausted();
        } else if limit {
            self.finish();
        }
    }

    /// Ends the call.
    fn finish(&mut self) {
        self.call.stage = Stage::Done;
        self.call.clock.on_end();
    }

    /// Stops on the interrupt (`true`) or the time limit.
    fn stop(&mut self, interrupted: bool) {
        self.call.summary.interrupted = interrupted;
        self.call.summary.timed_out = !interrupted;
        self.finish();
    }

    /// Stops the call as interrupted before its search (an interrupt during the translation).
    pub(super) fn stop_call(&mut self) {
        self.stop(true);
    }

    /// The search space is exhausted: finish, or start enumerating optimal models.
    fn on_exhausted(&mut self) {
        let call = &mut self.call;
        let found = call.summary.models > 0;
        let has_costs = !call.ignore_costs && !self.search.minimizer.levels.is_empty();
        if call.task == Task::Optimize && found && !call.optimal_phase {
            call.summary.optimum_proven = true;
            if call.options.opt_mode == OptMode::OptN {
                self.start_optimal_phase();
                return;
            }
        }
        if call.task == Task::Enumerate && has_costs && found {
            call.summary.optimum_proven = true;
        }
        call.summary.exhausted = true;
        call.summary.satisfiable = Some(found);
        self.finish();
    }

    /// `OptN`: drops the nogoods that depend on the strict bound and searches again, under
    /// the same assumptions, for all models no worse than the optimum.
    fn start_optimal_phase(&mut self) {
        self.search.reset_assumptions();
        if let (Some(tag), true) = (self.call.tag, self.call.conditional) {
            self.search.drop_conditional(tag);
        }
        self.call.enumeration_over = false;
        self.search.minimizer.set_bound(self.call.best.clone(), false);
        self.call.optimal_phase = true;
        self.call.stage = Stage::Starting;
    }
}
