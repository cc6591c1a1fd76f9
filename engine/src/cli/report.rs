//! What a run reports about a search: each model's event for the printer, the result and
//! summary lines (models, optimum, consequences, times, `--stats`), and clingo's exit code.

use std::time::Instant;

use super::options::CliOptions;
use crate::output::{
    ConsequenceKind, ModelEvent, Outcome, RunSummary, StatsView, StopReason, Times,
};
use crate::{Control, EnumMode, Model, OptMode, Summary};
use solver_core::{Body, ExternalValue, GroundProgram, HeadKind};

/// Exit code: a model was found.
pub(super) const EXIT_SAT: i32 = 10;
/// Exit code: the search space was exhausted.
pub(super) const EXIT_EXHAUSTED: i32 = 20;
/// Exit code: the search was interrupted (signal or time limit).
pub(super) const EXIT_INTERRUPTED: i32 = 1;

/// What the reports of one run read: its options, its control and when it started.
pub(super) struct Reporter<'a> {
    pub(super) options: &'a CliOptions,
    pub(super) control: &'a Control,
    pub(super) start: Instant,
}

impl Reporter<'_> {
    /// Whether models carry costs: the program minimizes and the mode does not ignore it.
    pub(super) fn costs_shown(&self) -> bool {
        self.control.has_minimize() && self.options.solve.opt_mode != OptMode::Ignore
    }

    fn consequence_kind(&self) -> Option<ConsequenceKind> {
        match self.options.solve.enum_mode {
            EnumMode::Brave => Some(ConsequenceKind::Brave),
            EnumMode::Cautious => Some(ConsequenceKind::Cautious),
            _ => None,
        }
    }

    pub(super) fn model_event(
        &self,
        model: &Model,
        costs_shown: bool,
        with_names: bool,
        solve_start: Instant,
    ) -> ModelEvent {
        let consequences = model.consequence_bounds();
        let shown = match with_names {
            true => model.shown_names(),
            false => Vec::new(),
        };
        ModelEvent {
            number: model.number(),
            shown,
            costs: costs_shown.then(|| model.costs().to_vec()),
            consequences,
            optimal: model.is_optimal(),
            definite: false,
            time: solve_start.elapsed().as_secs_f64(),
        }
    }

    pub(super) fn run_summary(
        &self,
        s: &Summary,
        last: Option<&Model>,
        costs_shown: bool,
    ) -> RunSummary {
        let sat = s.satisfiable == Some(true) || last.is_some();
        let opt_mode = self.options.solve.opt_mode;
        let has_costs = costs_shown && sat;
        let optimum = has_costs && (s.optimum_proven || (opt_mode == OptMode::Enum && s.exhausted));
        let outcome = match (s.satisfiable, sat) {
            (Some(false), false) => Outcome::Unsatisfiable,
            (_, true) if optimum => Outcome::OptimumFound,
            (_, true) => Outcome::Satisfiable,
            _ => Outcome::Unknown,
        };
        let optimize = has_costs && matches!(opt_mode, OptMode::Opt | OptMode::OptN);
        let optimal = match opt_mode {
            OptMode::OptN => s.optimal_models,
            _ => u64::from(optimum),
        };
        let costs = s
            .costs
            .clone()
            .or_else(|| last.map(|m| m.costs().to_vec()))
            .unwrap_or_default();
        RunSummary {
            outcome: Some(outcome),
            stopped: stop_reason(s),
            models: s.models,
            calls: 1,
            complete: s.exhausted,
            consequences: self
                .consequence_kind()
                .zip(last.and_then(Model::consequence_count)),
            has_costs,
            optimize,
            optimum,
            optimal,
            costs,
            times: self.times(s),
            stats: stats_view(s, self.program_for_stats()),
        }
    }

    /// The ground program when `--stats` prints its figures: counting its rules by kind is a
    /// pass over every rule, which a run without `--stats` (or one just interrupted) skips.
    fn program_for_stats(&self) -> Option<&GroundProgram> {
        let shown = self.options.output.stats > 0;
        self.control.ground_program().filter(|_| shown)
    }

    pub(super) fn times(&self, s: &Summary) -> Times {
        Times {
            total: self.start.elapsed().as_secs_f64(),
            solve: s.times.solve.as_secs_f64(),
            first_model: s.times.first_model.as_secs_f64(),
            unsat: s.times.unsat.as_secs_f64(),
            cpu: cpu_seconds().unwrap_or_else(|| self.start.elapsed().as_secs_f64()),
        }
    }
}

fn stop_reason(s: &Summary) -> Option<StopReason> {
    if s.timed_out {
        Some(StopReason::TimeLimit)
    } else if s.interrupted {
        Some(StopReason::Interrupted)
    } else {
        None
    }
}

pub(super) fn stats_view(s: &Summary, program: Option<&GroundProgram>) -> StatsView {
    let st = &s.statistics;
    let mut view = StatsView {
        choices: st.choices,
        conflicts: st.conflicts,
        restarts: st.restarts,
        lemmas: st.learnt_nogoods,
        deleted: st.deleted_nogoods,
        rules: st.rules,
        atoms: st.atoms,
        bodies: st.bodies,
        variables: st.variables,
        constraints: st.constraints,
        equivalences: st.equivalences,
        frozen: st.frozen,
        // Nothing grounded (an input error): clasp reports the empty program as tight.
        tight: st.tight || program.is_none(),
        problems: u64::from(s.satisfiable.is_some() || s.models > 0 || st.choices > 0),
        ..StatsView::default()
    };
    if let Some(program) = program {
        count_program_kinds(&mut view, program);
        view.path_length = view.problems * assumed_externals(program);
    }
    view
}

/// The externals a search assumes: those with a value (not free), not released, without
/// rules (clasp's frozen assumptions). (Part of every run's summary, also after an interrupt:
/// no pass over the rules unless there is such an external, and no hashing.)
pub(super) fn assumed_externals(program: &GroundProgram) -> u64 {
    let valued =
        |value: &ExternalValue| matches!(value, ExternalValue::True | ExternalValue::False);
    if !program.externals.iter().any(|(_, value)| valued(value)) {
        return 0;
    }
    let mut defined = vec![false; program.atom_count as usize + 1];
    for atom in program.rules.iter().flat_map(|r| r.head.iter()) {
        if let Some(slot) = defined.get_mut(atom.0 as usize) {
            *slot = true;
        }
    }
    let assumed = program.externals.iter().filter(|(atom, value)| {
        valued(value) && !defined.get(atom.0 as usize).copied().unwrap_or(false)
    });
    assumed.count() as u64
}

fn count_program_kinds(view: &mut StatsView, program: &GroundProgram) {
    for rule in &program.rules {
        match rule.kind {
            HeadKind::Choice => view.choice_rules += 1,
            HeadKind::Disjunction if rule.head.len() > 1 => view.disjunctions += 1,
            HeadKind::Disjunction => {}
        }
        if let Body::Weight { elements, .. } = &rule.body {
            if elements.iter().all(|e| e.weight == 1) {
                view.count_bodies += 1;
            } else {
                view.sum_bodies += 1;
            }
        }
    }
    view.minimize = program.minimizes.len() as u64;
}

/// clingo's exit code for a finished search.
pub(super) fn exit_code(s: &Summary) -> i32 {
    let mut code = 0;
    if s.satisfiable == Some(true) || s.models > 0 {
        code += EXIT_SAT;
    }
    if s.exhausted {
        code += EXIT_EXHAUSTED;
    }
    if s.interrupted || s.timed_out {
        code += EXIT_INTERRUPTED;
    }
    code
}

/// The process's CPU time (user + system) from `/proc/self/stat`, on Linux.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}
