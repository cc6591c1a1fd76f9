//! The CDCL search loop (Gebser, Kaufmann, Schaub: conflict-driven answer set solving).
//!
//! One propagation pipeline: for each trail literal, counters of weight constraints and the
//! optimization bound are updated first (so they stay consistent whatever happens next), then
//! binary, ternary and long clauses propagate, then weight constraints. At a fixpoint the
//! post-propagators run: the bound's propagation, then the unfounded-set check, which adds loop
//! nogoods. A total assignment of a program that is not head-cycle-free must also pass the
//! minimality check (`disjunctive.rs`) before it is a model; if it fails, its loop nogood is
//! a conflict. A conflict is turned into a nogood of true literals and resolved:
//! - at or below the enumeration root level (`root`): flip the decision of its highest level
//!   (enumeration by backtracking, Gebser et al. LPNMR 2007), or end the search at level 0;
//! - above it: first-UIP learning, then backjump to `max(backjump level, root)`.
//!
//! The acyclicity constraint of `#edge` statements (`acyclic.rs`) sees each trail literal
//! right after the counters; a cycle of present edges is a conflict on their conditions.
//! User propagators (`theory.rs`) run after the unfounded-set check at each fixpoint, check
//! a total assignment before it is a model, may choose each decision instead of the
//! heuristic, and see backtracking one level at a time.
//! Restarts return to `root`; learnt nogoods are deleted by LBD on a schedule.
//! Under assumptions (`solve_assuming`: every solve call, whose first assumption is its tag,
//! and the minimality tester) the assumptions are the decisions of the levels up to `root`; the next call keeps the levels of the prefix it
//! shares with the last one, and answers at once if it starts with a prefix refuted last time.
//! Invariants: levels on the trail never decrease; literals at levels `<= root` after the
//! decision of a level are enumeration flips (reason `Decision`), never analyzed.

mod assume;
mod conflict;
mod propagate;
mod reduce;
mod steps;
mod theory;

use super::acyclic::{Acyclicity, Implication};
use super::analyze::Analyzer;
use super::assignment::{Assignment, Reason};
use super::clauses::{ClauseConflict, ClauseStore};
use super::disjunctive::{MinimalityCheck, Verdict};
use super::heuristic::Heuristic;
use super::limits::Limits;
use super::lit::Lit;
use super::minimize::Minimizer;
use super::propagator::PropagatorHost;
use super::restart::Schedule;
use super::unfounded::Unfounded;
use super::weight::WeightStore;
use crate::api::Statistics;

/// A conflict found by propagation.
#[derive(Copy, Clone, Debug)]
enum Conflict {
    /// A violated clause.
    Clause(ClauseConflict),
    /// A violated weight constraint.
    Weight(u32),
    /// The optimization bound is violated.
    Minimize,
    /// The nogood stored in `Search::nogood`.
    Nogood,
}

/// How a call to [`Search::solve`] ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every variable is assigned without conflict: a stable model.
    Model,
    /// No (further) model exists.
    Exhausted,
    /// The interrupt handle was set.
    Interrupted,
    /// The time limit passed.
    TimedOut,
}

/// The search state: one struct per component, borrowed separately.
pub(crate) struct Search {
    /// Values, levels, reasons and the trail.
    pub(crate) assignment: Assignment,
    /// Problem, learnt, loop and enumeration clauses.
    pub(crate) clauses: ClauseStore,
    /// Weight constraints of weight bodies.
    pub(crate) weights: WeightStore,
    /// Minimize levels and the optimization bound.
    pub(crate) minimizer: Minimizer,
    /// The unfounded-set checker (inactive for tight programs).
    pub(crate) unfounded: Unfounded,
    /// The stability check of non-HCF components (inactive for HCF programs).
    pub(crate) minimality: MinimalityCheck,
    /// The acyclicity constraint of `#edge` statements (inactive without edges).
    pub(crate) acyclic: Acyclicity,
    /// Decision heuristic.
    pub(crate) heuristic: Heuristic,
    /// User propagators (none registered: every hook is one test).
    propagators: PropagatorHost,
    schedule: Schedule,
    analyzer: Analyzer,
    /// Enumeration root: levels at or below it are never backjumped over.
    pub(crate) root: u32,
    /// Levels `1..=assumed` hold the assumptions of [`Search::solve_assuming`].
    assumed: u32,
    /// A conflict was resolved at an assumption level: no model under the assumptions.
    failed: bool,
    /// The assumption level of that conflict (levels below it are still propagated).
    failed_level: u32,
    /// The assumptions the current trail holds, each with the decision level after it.
    assumption_trail: Vec<(Lit, u32)>,
    /// If not 0: the first `refuted` assumptions of `assumption_trail` have no model together.
    refuted: usize,
    /// The highest assumption level the refutation depends on (`u32::MAX`: an assumption
    /// found false, whose refutation is the whole refuted prefix).
    core_level: u32,
    /// Conflict nogood scratch (true literals).
    nogood: Vec<Lit>,
    /// Unfounded set scratch.
    unfounded_set: Vec<Lit>,
    /// Scratch: the acyclicity constraint's implications at a fixpoint.
    acyclic_implied: Vec<Implication>,
    /// Loop clause scratch.
    loop_clause: Vec<Lit>,
    /// A top-level conflict was found: the search space is exhausted.
    pub(crate) exhausted: bool,
    /// Search counters.
    pub(crate) stats: Statistics,
    /// Interrupt handle and deadline.
    pub(crate) limits: Limits,
    /// Steps since the last limit check.
    steps: u32,
    /// The last propagation stopped early, in the queue or the unfounded-set check (interrupt
    /// or deadline).
    propagation_stopped: bool,
    /// Units learnt above level 0 (under assumptions), asserted at level 0 after the call.
    learnt_units: Vec<Lit>,
    /// The current solve call's tag literal (for the clauses over volatile variables).
    call_tag: Option<Lit>,
    /// Variables from this one on are volatile: added by a propagator during this call.
    volatile_from: usize,
}

impl Search {
    /// A search over the given components; `units` are asserted at level 0.
    pub(crate) fn new(parts: SearchParts, units: &[Lit]) -> Search {
        let vars = parts.assignment.var_count();
        let mut search = Search {
            assignment: parts.assignment,
            clauses: parts.clauses,
            weights: parts.weights,
            minimizer: parts.minimizer,
            unfounded: parts.unfounded,
            minimality: parts.minimality,
            acyclic: parts.acyclic,
            heuristic: parts.heuristic,
            propagators: PropagatorHost::default(),
            schedule: Schedule::new(),
            analyzer: Analyzer::new(vars),
            root: 0,
            assumed: 0,
            failed: false,
            failed_level: 0,
            assumption_trail: Vec::new(),
            refuted: 0,
            core_level: 0,
            nogood: Vec::new(),
            unfounded_set: Vec::new(),
            acyclic_implied: Vec::new(),
            loop_clause: Vec::new(),
            exhausted: false,
            stats: Statistics::default(),
            limits: Limits::default(),
            steps: 0,
            propagation_stopped: false,
            learnt_units: Vec::new(),
            call_tag: None,
            volatile_from: vars,
        };
        for &unit in units {
            match search.assignment.value(unit) {
                super::lit::Value::True => {}
                super::lit::Value::False => search.exhausted = true,
                super::lit::Value::Unassigned => search.assignment.assign(unit, Reason::Fact),
            }
        }
        search
    }

    /// Propagates before the first decision; a conflict there exhausts the search. Returns
    /// whether the search can go on.
    pub(crate) fn propagate_root(&mut self) -> bool {
        if self.exhausted || self.assignment.level() != 0 {
            return !self.exhausted;
        }
        if self.propagate().is_err() {
            self.weights.clear_pending();
            self.exhausted = true;
        }
        !self.exhausted
    }

    /// Runs until a model, exhaustion, or a limit.
    pub(crate) fn solve(&mut self) -> Outcome {
        loop {
            if self.exhausted || self.failed {
                return Outcome::Exhausted;
            }
            if let Some(stop) = self.check_limits() {
                return stop;
            }
            match self.propagate() {
                Err(conflict) => self.on_conflict(conflict),
                Ok(()) if self.propagation_stopped => {
                    self.propagation_stopped = false;
                    return self.stop_outcome();
                }
                Ok(()) => match self.heuristic.decide(&self.assignment) {
                    None => {
                        if let Some(outcome) = self.on_total() {
                            return outcome;
                        }
                    }
                    Some(mut lit) => {
                        if self.propagators.is_active() {
                            lit = self.decide_theory(lit);
                        }
                        self.stats.choices += 1;
                        self.assignment.new_level();
                        self.assignment.assign(lit, Reason::Decision);
                    }
                },
            }
        }
    }

    /// A total assignment: a model if the propagators' `check` adds nothing it violates or
    /// implies and the minimality check (non-HCF programs) passes; `None` when the search
    /// must go on (a conflict was resolved, or something was implied).
    fn on_total(&mut self) -> Option<Outcome> {
        if self.propagators.is_active() {
            match self.check_theory() {
                Ok(false) => {}
                Ok(true) => return None,
                Err(conflict) => {
                    self.on_conflict(conflict);
                    return None;
                }
            }
        }
        if !self.minimality.is_active() {
            return Some(Outcome::Model);
        }
        match self.minimality.check(&self.assignment, &self.limits) {
            Verdict::Stable => Some(Outcome::Model),
            Verdict::Unfounded(nogood) => {
                self.nogood = nogood;
                self.on_conflict(Conflict::Nogood);
                None
            }
            Verdict::Stopped => Some(self.stop_outcome()),
        }
    }

    /// Checks the interrupt and the deadline every few steps.
    fn check_limits(&mut self) -> Option<Outcome> {
        self.steps += 1;
        if self.steps < 32 {
            return None;
        }
        self.steps = 0;
        if self.limits.interrupted() {
            return Some(Outcome::Interrupted);
        }
        if self.limits.timed_out() {
            return Some(Outcome::TimedOut);
        }
        None
    }

    /// Whether the interrupt is set or the deadline has passed.
    fn limits_reached(&self) -> bool {
        self.limits.interrupted() || self.limits.timed_out()
    }

    /// Why a search stopped early: interrupted unless the deadline has passed.
    fn stop_outcome(&self) -> Outcome {
        if self.limits.timed_out() {
            Outcome::TimedOut
        } else {
            Outcome::Interrupted
        }
    }
}

/// The components a [`Search`] is made of.
pub(crate) struct SearchParts {
    /// Values, levels, reasons and the trail.
    pub(crate) assignment: Assignment,
    /// Problem, learnt, loop and enumeration clauses.
    pub(crate) clauses: ClauseStore,
    /// Weight constraints of weight bodies.
    pub(crate) weights: WeightStore,
    /// Minimize levels and the optimization bound.
    pub(crate) minimizer: Minimizer,
    /// The unfounded-set checker (inactive for tight programs).
    pub(crate) unfounded: Unfounded,
    /// The stability check of non-HCF components.
    pub(crate) minimality: MinimalityCheck,
    /// The acyclicity constraint.
    pub(crate) acyclic: Acyclicity,
    /// Decision heuristic.
    pub(crate) heuristic: Heuristic,
}
