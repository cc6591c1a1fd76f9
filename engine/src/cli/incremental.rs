//! `#include <incmode>.` on the command line: clingo's incremental loop
//! ([`crate::incmode::run`]) with each call printed as clingo 5.8.3 prints it: a `Solving...`
//! line per call, the call's answers numbered from 1, the grounding infos as they come; then
//! one result and summary: the last call's result, the models of all calls (`+` when the
//! last call stopped at the model limit), the number of calls; the exit code of the last call.
//! `--stats` sums the search counters over the calls, as clasp's accumulated statistics
//! (`Problems` counts the calls; each call's guiding path has clasp's step literal and the
//! externals it assumes); the program counts are those of the whole program.

use std::time::Instant;

use solver_core::check::Checker;

use super::{check_model, exit_code, Run, EXIT_NOT_STABLE};
use crate::incmode::{self, IncConfig, IncHandler};
use crate::output::StatsView;
use crate::{Control, Diagnostic, Interrupt, Model, SolveHandle, Summary};

/// The printing side of the loop.
struct Calls<'r, 'a> {
    run: &'r mut Run<'a>,
    /// Models of the calls so far.
    models: u64,
    last: Option<Model>,
    /// An answer failed `--check-models`.
    not_stable: bool,
    /// The first call also prints the preparation times.
    first: bool,
    /// The search counters summed over the calls.
    stats: StatsView,
    /// A call was interrupted (a signal or the time limit): the loop ends there. clingo
    /// 5.8.3 prints `Sending shutdown signal...` and goes on solving step after step, never
    /// stopping; we end with the interrupted run's summary, as for a one-shot run.
    interrupted: bool,
    /// The control's interrupt handle (each solve call resets it).
    interrupt: Interrupt,
}

/// Adds the search counters of one call (`assumed`: the externals it assumes) to `sum`.
fn accumulate(sum: &mut StatsView, summary: &Summary, assumed: u64) {
    let s = &summary.statistics;
    sum.choices += s.choices;
    sum.conflicts += s.conflicts;
    sum.restarts += s.restarts;
    sum.lemmas += s.learnt_nogoods;
    sum.deleted += s.deleted_nogoods;
    sum.problems += 1;
    sum.path_length += 1 + assumed;
}

/// Replaces the search counters of `view` (the last call's) by the sums over the calls.
fn with_sums(view: &mut StatsView, sum: &StatsView) {
    view.choices = sum.choices;
    view.conflicts = sum.conflicts;
    view.restarts = sum.restarts;
    view.lemmas = sum.lemmas;
    view.deleted = sum.deleted;
    view.problems = sum.problems;
    view.path_length = sum.path_length;
}

impl IncHandler for Calls<'_, '_> {
    fn grounded(&mut self, infos: &[Diagnostic]) {
        // The next solve call resets the handle: a signal that came while grounding is kept.
        self.interrupted |= self.interrupt.is_set();
        self.run.print_messages(infos);
    }

    fn stopped(&self) -> bool {
        self.not_stable || self.interrupted || self.interrupt.is_set()
    }

    fn solved(&mut self, ctl: &Control, _step: u64, mut handle: SolveHandle) -> Summary {
        let mut text = String::new();
        if std::mem::take(&mut self.first) {
            text += &self.run.printer.prepared(0.0, 0.0);
        }
        text += &self.run.printer.solving();
        self.run.print(&text);
        let (stats, check) = (
            self.run.options.output.stats > 0,
            self.run.options.check_models,
        );
        // The program is copied only when asked for (the loop may run many calls).
        let with_externals = (stats || check).then(|| ctl.program_with_externals());
        let with_externals = with_externals.flatten();
        let assumed = with_externals
            .as_ref()
            .map_or(0, super::report::assumed_externals);
        let checked = check.then_some(with_externals).flatten();
        let checker = checked.as_ref().map(Checker::new);
        let solve_start = Instant::now();
        let costs_shown = self.run.reporter().costs_shown();
        let with_names = self.run.printer.prints_models();
        let mut last = None;
        for model in handle.by_ref() {
            let reporter = self.run.reporter();
            let event = reporter.model_event(&model, costs_shown, with_names, solve_start);
            let text = self.run.printer.model(&event);
            self.run.print(&text);
            if let Err(message) = check_model(checker.as_ref(), &model) {
                let _ = writeln!(self.run.err, "{message}");
                self.not_stable = true;
                break;
            }
            last = Some(model);
        }
        let summary = handle.summary();
        self.interrupted |= summary.interrupted;
        accumulate(&mut self.stats, &summary, assumed);
        self.models += summary.models;
        if last.is_some() {
            self.last = last;
        }
        summary
    }
}

impl Run<'_> {
    /// Runs the incremental loop and prints its summary.
    pub(super) fn solve_incremental(&mut self) -> i32 {
        let config = match IncConfig::from_control(&mut self.control) {
            Ok(config) => config,
            Err(error) => return self.fail(&error, true),
        };
        let mut control = std::mem::take(&mut self.control);
        let interrupt = control.interrupt_handle();
        let mut calls = Calls {
            run: self,
            models: 0,
            last: None,
            not_stable: false,
            first: true,
            stats: StatsView::default(),
            interrupted: false,
            interrupt,
        };
        let result = incmode::run(&mut control, &config, &mut calls);
        let (models, last, not_stable) = (calls.models, calls.last, calls.not_stable);
        // A signal after a call's summary ends the loop at `stopped` without marking a call.
        let interrupted = calls.interrupted || calls.interrupt.is_set();
        let sums = calls.stats;
        self.control = control;
        if not_stable {
            return EXIT_NOT_STABLE;
        }
        let (mut summary, count) = match result {
            Ok(done) => done,
            Err(error) => return self.fail(&error, true),
        };
        summary.models = models;
        summary.interrupted |= interrupted;
        let costs_shown = self.reporter().costs_shown();
        let mut run_summary = self
            .reporter()
            .run_summary(&summary, last.as_ref(), costs_shown);
        run_summary.calls = count;
        with_sums(&mut run_summary.stats, &sums);
        let text = self.printer.finish(&run_summary);
        self.print(&text);
        exit_code(&summary)
    }
}
