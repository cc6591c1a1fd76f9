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
//! Restarts return to `root`; learnt nogoods are deleted by LBD on a schedule.
//! Under assumptions (`solve_assuming`, the minimality tester's entry) the assumptions are the
//! decisions of the levels up to `root`; the next call keeps the levels of the prefix it
//! shares with the last one, and answers at once if it starts with a prefix refuted last time.
//! Invariants: levels on the trail never decrease; literals at levels `<= root` after the
//! decision of a level are enumeration flips (reason `Decision`), never analyzed.

use std::time::Instant;

use super::analyze::{Analyzer, Explainer};
use super::assignment::{Assignment, CRef, Reason};
use super::clauses::{ClauseConflict, ClauseStore};
use super::disjunctive::{Minimality, MinimalityCheck, Verdict};
use super::heuristic::Heuristic;
use super::lit::Lit;
use super::minimize::Minimizer;
use super::restart::Schedule;
use super::unfounded::Unfounded;
use super::weight::WeightStore;
use crate::api::{Interrupt, Statistics};

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

/// When to stop early.
#[derive(Clone, Debug, Default)]
pub(crate) struct Limits {
    /// The interrupt handle.
    pub(crate) interrupt: Option<Interrupt>,
    /// The deadline.
    pub(crate) deadline: Option<Instant>,
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
    minimality: MinimalityCheck,
    /// Decision heuristic.
    pub(crate) heuristic: Heuristic,
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
    /// Conflict nogood scratch (true literals).
    nogood: Vec<Lit>,
    /// Unfounded set scratch.
    unfounded_set: Vec<Lit>,
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
            minimality: MinimalityCheck::new(parts.minimality),
            heuristic: parts.heuristic,
            schedule: Schedule::new(),
            analyzer: Analyzer::new(vars),
            root: 0,
            assumed: 0,
            failed: false,
            failed_level: 0,
            assumption_trail: Vec::new(),
            refuted: 0,
            nogood: Vec::new(),
            unfounded_set: Vec::new(),
            loop_clause: Vec::new(),
            exhausted: false,
            stats: Statistics::default(),
            limits: Limits::default(),
            steps: 0,
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
                Ok(()) => match self.heuristic.decide(&self.assignment) {
                    None if self.minimality.is_active() => {
                        match self.minimality.check(&self.assignment, &self.limits) {
                            Verdict::Stable => return Outcome::Model,
                            Verdict::Unfounded(nogood) => {
                                self.nogood = nogood;
                                self.on_conflict(Conflict::Nogood);
                            }
                            Verdict::Stopped => return self.stop_outcome(),
                        }
                    }
                    None => return Outcome::Model,
                    Some(lit) => {
                        self.stats.choices += 1;
                        self.assignment.new_level();
                        self.assignment.assign(lit, Reason::Decision);
                    }
                },
            }
        }
    }

    /// Searches for a model in which every literal of `assumptions` holds (learnt nogoods are
    /// kept): the assumptions are the decisions of the first levels, which are never
    /// backjumped over; a conflict resolved at one of them means no such model (`Exhausted`,
    /// without exhausting the search for later calls). The levels of the longest prefix that
    /// the previous call assumed too are kept (see [`Search::reusable_assumptions`]), and a
    /// call that starts with a refuted prefix of the previous one fails at once.
    pub(crate) fn solve_assuming(&mut self, assumptions: &[Lit]) -> Outcome {
        if self.starts_refuted(assumptions) {
            return Outcome::Exhausted;
        }
        self.refuted = 0;
        let kept = self.reusable_assumptions(assumptions);
        let level = kept
            .checked_sub(1)
            .map_or(0, |i| self.assumption_trail[i].1);
        self.backtrack(level);
        self.assumption_trail.truncate(kept);
        (self.root, self.assumed, self.failed) = (level, level, false);
        for &lit in &assumptions[kept..] {
            if self.exhausted || self.failed {
                return Outcome::Exhausted;
            }
            if let Err(conflict) = self.propagate() {
                self.on_conflict(conflict);
                continue;
            }
            match self.assignment.value(lit) {
                super::lit::Value::True => {}
                super::lit::Value::False => {
                    self.assumption_trail.push((lit, self.assumed));
                    self.refuted = self.assumption_trail.len();
                    return Outcome::Exhausted;
                }
                super::lit::Value::Unassigned => {
                    self.assignment.new_level();
                    self.assignment.assign(lit, Reason::Decision);
                    self.assumed = self.assignment.level();
                    self.root = self.assumed;
                }
            }
            self.assumption_trail.push((lit, self.assumed));
        }
        self.solve()
    }

    /// Whether `assumptions` start with the refuted prefix of the last call's assumptions.
    ///
    /// # Invariant
    /// The decisions of levels `1..=assumed` are assumptions, so a conflict resolved at an
    /// assumption level `t` (or an assumption found false at level `t`) shows that the
    /// assumptions up to level `t` have no model; the nogoods only grow by consequences.
    fn starts_refuted(&self, assumptions: &[Lit]) -> bool {
        let n = self.refuted;
        n > 0
            && self.assumption_trail.len() >= n
            && assumptions.len() >= n
            && self.assumption_trail[..n]
                .iter()
                .zip(assumptions)
                .all(|(&(old, _), &new)| old == new)
    }

    /// How many leading `assumptions` the previous call assumed at the same positions with
    /// their levels still valid: present on the trail and propagated to a fixpoint, which
    /// holds for every level below the current one except from the level of a failing
    /// conflict on (its violated nogood is not on the propagation queue).
    ///
    /// # Invariant
    /// Levels `1..=assumed` are never backtracked during a call (restarts and backjumps stop
    /// at `root = assumed`), and a learnt nogood asserts at its second-highest level, so
    /// each lower level stays a fixpoint of all nogoods, learnt ones included.
    fn reusable_assumptions(&self, assumptions: &[Lit]) -> usize {
        let valid_below = match self.failed {
            true => self.failed_level,
            false => self.assignment.level().saturating_add(1),
        };
        self.assumption_trail
            .iter()
            .zip(assumptions)
            .take_while(|&(&(old, level), &new)| old == new && level < valid_below)
            .count()
    }

    /// Checks the interrupt and the deadline every few steps.
    fn check_limits(&mut self) -> Option<Outcome> {
        self.steps += 1;
        if self.steps < 32 {
            return None;
        }
        self.steps = 0;
        if self
            .limits
            .interrupt
            .as_ref()
            .is_some_and(Interrupt::is_set)
        {
            return Some(Outcome::Interrupted);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Outcome::TimedOut);
        }
        None
    }

    /// Why a search stopped early: interrupted unless the deadline has passed.
    fn stop_outcome(&self) -> Outcome {
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            Outcome::TimedOut
        } else {
            Outcome::Interrupted
        }
    }

    /// Handles a conflict: learn, backjump, maybe restart or delete learnt nogoods.
    fn on_conflict(&mut self, conflict: Conflict) {
        self.stats.conflicts += 1;
        self.conflict_nogood(conflict);
        self.resolve_nogood();
        self.heuristic.decay();
        let (restart, reduce) = self.schedule.on_conflict();
        if reduce {
            self.reduce_learnts();
        }
        if restart && !self.exhausted {
            self.stats.restarts += 1;
            self.backtrack(self.root);
        }
    }

    /// Fills `self.nogood` with the true literals of a conflict.
    fn conflict_nogood(&mut self, conflict: Conflict) {
        let mut nogood = std::mem::take(&mut self.nogood);
        if !matches!(conflict, Conflict::Nogood) {
            nogood.clear();
        }
        match conflict {
            Conflict::Clause(ClauseConflict::Binary(x, y)) => nogood.extend([!x, !y]),
            Conflict::Clause(ClauseConflict::Ternary(x, y, z)) => nogood.extend([!x, !y, !z]),
            Conflict::Clause(ClauseConflict::Long(cref)) => {
                nogood.extend(self.clauses.lits(cref).iter().map(|&c| !Lit(c)));
            }
            Conflict::Weight(id) => self
                .weights
                .explain(id, None, &self.assignment, &mut nogood),
            Conflict::Minimize => {
                let levels = self.minimizer.violation().unwrap_or(0);
                self.minimizer
                    .explain(levels, u32::MAX, &self.assignment, &mut nogood);
            }
            Conflict::Nogood => {}
        }
        self.nogood = nogood;
    }

    /// Resolves the violated nogood in `self.nogood` (all literals true).
    pub(crate) fn resolve_nogood(&mut self) {
        let a = &self.assignment;
        let top = self
            .nogood
            .iter()
            .map(|l| a.level_of(l.var()))
            .max()
            .unwrap_or(0);
        if top <= self.root {
            if top == 0 {
                self.exhausted = true;
            } else if top <= self.assumed {
                self.failed = true;
                self.failed_level = top;
                let trail = self.assumption_trail.iter();
                self.refuted = trail.take_while(|&&(_, level)| level <= top).count();
            } else {
                self.flip(top);
            }
            return;
        }
        self.backtrack(top);
        let explainer = Explainer {
            assignment: &self.assignment,
            clauses: &self.clauses,
            weights: &self.weights,
            minimizer: &self.minimizer,
        };
        let nogood = std::mem::take(&mut self.nogood);
        let learnt = self
            .analyzer
            .analyze(&explainer, &mut self.heuristic, &nogood);
        self.nogood = nogood;
        for cref in self.analyzer.used_clauses.drain(..) {
            self.clauses.bump(cref, 1.0);
        }
        self.learn(learnt.level, learnt.lbd);
    }

    /// Adds the analyzer's clause, backjumps and asserts its first literal.
    fn learn(&mut self, level: u32, lbd: u32) {
        self.backtrack(level.max(self.root));
        let lits = std::mem::take(&mut self.analyzer.learnt);
        self.stats.learnt_nogoods += 1;
        if lits.len() == 1 {
            self.assignment.assign(lits[0], Reason::Fact);
        } else {
            let cref = self.clauses.alloc(&lits, true, lbd);
            self.assignment.assign(lits[0], Reason::Clause(cref));
        }
        self.analyzer.learnt = lits;
    }

    /// Enumeration step: flips the decision of `level`, which becomes explored.
    pub(crate) fn flip(&mut self, level: u32) {
        let decision = self.assignment.decision_of(level);
        self.backtrack(level - 1);
        self.assignment.assign(!decision, Reason::Decision);
        self.root = level - 1;
    }

    /// Undoes every level above `level`.
    pub(crate) fn backtrack(&mut self, level: u32) {
        if level >= self.assignment.level() {
            return;
        }
        let start = self.assignment.level_start(level + 1);
        while self.assignment.trail.len() > start {
            let position = self.assignment.trail.len() - 1;
            let Some(lit) = self.assignment.pop() else {
                break;
            };
            if position < self.assignment.qhead {
                self.weights.undo(lit);
                self.minimizer.undo(lit);
            }
            self.heuristic.on_unassign(lit);
            if self.unfounded.is_active() {
                self.unfounded.on_unassign(lit.var());
            }
        }
        self.assignment.qhead = self.assignment.qhead.min(start);
        self.assignment.level_starts.truncate(level as usize);
        self.weights.clear_pending();
    }

    /// Propagates to a fixpoint of all propagators, or returns a conflict.
    fn propagate(&mut self) -> Result<(), Conflict> {
        loop {
            self.propagate_queue()?;
            if self.minimizer.propagate(&mut self.assignment) {
                continue;
            }
            if self.unfounded.is_active() && self.check_unfounded()? {
                continue;
            }
            return Ok(());
        }
    }

    /// Processes the trail from `qhead`.
    fn propagate_queue(&mut self) -> Result<(), Conflict> {
        while self.assignment.qhead < self.assignment.trail.len() {
            let p = self.assignment.trail[self.assignment.qhead];
            self.assignment.qhead += 1;
            self.stats.propagations += 1;
            self.weights.on_true(p);
            let violated = self.minimizer.on_true(p);
            if self.unfounded.is_active() {
                self.unfounded.on_assign(p.var(), &self.assignment);
            }
            if let Err(c) = self.clauses.propagate(!p, &mut self.assignment) {
                self.weights.clear_pending();
                return Err(Conflict::Clause(c));
            }
            self.weights
                .propagate(&mut self.assignment)
                .map_err(Conflict::Weight)?;
            if violated {
                return Err(Conflict::Minimize);
            }
        }
        Ok(())
    }

    /// Runs the unfounded-set check; `Ok(true)` if it assigned something.
    fn check_unfounded(&mut self) -> Result<bool, Conflict> {
        let mut set = std::mem::take(&mut self.unfounded_set);
        set.clear();
        self.unfounded.check(&self.assignment, &mut set);
        let result = if set.is_empty() {
            Ok(false)
        } else {
            self.falsify_unfounded(&set).map(|_| true)
        };
        self.unfounded_set = set;
        result
    }

    /// Makes every atom of the unfounded `set` false with a loop nogood, or reports a conflict.
    fn falsify_unfounded(&mut self, set: &[Lit]) -> Result<(), Conflict> {
        let mut external = std::mem::take(&mut self.loop_clause);
        external.clear();
        self.unfounded
            .external_support(set, &self.assignment, &mut external);
        let a = &self.assignment;
        external.sort_by_key(|l| std::cmp::Reverse(a.level_of(l.var())));
        let result = match set.iter().find(|&&u| self.assignment.is_true(u)) {
            Some(&u) => {
                self.nogood.clear();
                self.nogood.push(u);
                self.nogood.extend(external.iter().map(|&l| !l));
                Err(Conflict::Nogood)
            }
            None => {
                for &u in set {
                    self.add_loop_clause(u, &external);
                }
                Ok(())
            }
        };
        self.loop_clause = external;
        result
    }

    /// Adds `(¬u ∨ external...)` and makes `u` false with it as reason.
    fn add_loop_clause(&mut self, u: Lit, external: &[Lit]) {
        if !self.assignment.is_false(u) && external.is_empty() {
            self.assignment.assign(!u, Reason::Fact);
            return;
        }
        if self.assignment.is_false(u) {
            return;
        }
        let mut clause = Vec::with_capacity(external.len() + 1);
        clause.push(!u);
        clause.extend_from_slice(external);
        let cref = self
            .clauses
            .alloc(&clause, true, external.len().min(8) as u32 + 1);
        self.assignment.assign(!u, Reason::Clause(cref));
    }

    /// Adds a clause violated by the current assignment and resolves the conflict.
    pub(crate) fn add_violated_clause(&mut self, mut clause: Vec<Lit>) {
        let a = &self.assignment;
        clause.sort_by_key(|l| std::cmp::Reverse(a.level_of(l.var())));
        clause.dedup();
        if clause.len() >= 2 {
            self.clauses.alloc(&clause, false, 0);
        }
        self.nogood.clear();
        self.nogood.extend(clause.iter().map(|&l| !l));
        self.resolve_nogood();
    }

    /// Resolves a violated optimization bound.
    pub(crate) fn resolve_bound(&mut self) {
        self.conflict_nogood(Conflict::Minimize);
        self.resolve_nogood();
    }

    /// Deletes the worse half of the non-glue learnt clauses that are not reasons.
    fn reduce_learnts(&mut self) {
        let mut candidates: Vec<CRef> = Vec::new();
        for &cref in &self.clauses.learnts {
            if !self.clauses.is_deleted(cref) && self.clauses.lbd(cref) > 2 && !self.is_locked(cref)
            {
                candidates.push(cref);
            }
        }
        let clauses = &self.clauses;
        candidates.sort_by(|&x, &y| {
            clauses.lbd(y).cmp(&clauses.lbd(x)).then(
                clauses
                    .activity(x)
                    .partial_cmp(&clauses.activity(y))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        let count = candidates.len() / 2;
        for &cref in &candidates[..count] {
            self.clauses.delete(cref);
        }
        self.stats.deleted_nogoods += count as u64;
        let mut learnts = std::mem::take(&mut self.clauses.learnts);
        learnts.retain(|&c| !self.clauses.is_deleted(c));
        self.clauses.learnts = learnts;
        if self.clauses.needs_collect() {
            self.collect_garbage();
        }
    }

    /// Whether a clause is the reason of its first literal.
    fn is_locked(&self, cref: CRef) -> bool {
        let first = self.clauses.lit(cref, 0);
        self.assignment.is_true(first)
            && self.assignment.reason_of(first.var()) == Reason::Clause(cref)
    }

    /// Compacts the clause arena and remaps reasons.
    fn collect_garbage(&mut self) {
        let moves = self.clauses.collect();
        for index in 0..self.assignment.trail.len() {
            let var = self.assignment.trail[index].var();
            if let Reason::Clause(old) = self.assignment.reason_of(var) {
                if let Ok(i) = moves.binary_search_by_key(&old, |m| m.0) {
                    self.assignment.set_reason(var, Reason::Clause(moves[i].1));
                }
            }
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
    pub(crate) minimality: Minimality,
    /// Decision heuristic.
    pub(crate) heuristic: Heuristic,
}
