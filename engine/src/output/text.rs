//! clasp's text output (`--outf=0`) and the competition format (`--outf=1`).
//!
//! Both share one layout; the competition format prefixes comment lines with `% `, writes
//! `ANSWER` before a model, atoms as `a.`, `COST` for costs and `OPTIMUM`/`INCONSISTENT` as
//! results, and prints only the best model. Keys in the summary are padded to 13 columns
//! (15 with the `% ` prefix).

use std::fmt::Write as _;

use super::{
    join_costs, prettify, ModelEvent, Outcome, OutputConfig, PrintLevel, Quiet, RunSummary,
    StopReason,
};

/// The text printer's state.
#[derive(Debug)]
pub(super) struct TextPrinter {
    verbosity: u32,
    stats: u32,
    competition: bool,
    /// The quiet levels and the last model kept for them.
    pub(super) quiet: Quiet,
}

impl TextPrinter {
    /// A text printer; `competition` selects `--outf=1`.
    pub(super) fn new(config: &OutputConfig, competition: bool) -> TextPrinter {
        let mut quiet = Quiet::new(config);
        if competition {
            quiet.models = PrintLevel::Best;
            quiet.costs = PrintLevel::Best;
        }
        TextPrinter {
            verbosity: config.verbosity,
            stats: config.stats,
            competition,
            quiet,
        }
    }

    fn comment_prefix(&self) -> &'static str {
        if self.competition {
            "% "
        } else {
            ""
        }
    }

    fn width(&self) -> usize {
        13 + self.comment_prefix().len()
    }

    /// A comment line shown from verbosity 1 on.
    fn comment(&self, out: &mut String, line: &str) {
        if self.verbosity >= 1 {
            out.push_str(self.comment_prefix());
            out.push_str(line);
            out.push('\n');
        }
    }

    /// `key: value` with the key padded as clasp does.
    fn key_value(&self, out: &mut String, key: &str, value: &str) {
        let _ = writeln!(
            out,
            "{}{key:<width$}: {value}",
            self.comment_prefix(),
            width = self.width()
        );
    }

    /// Banner and `Reading from`.
    pub(super) fn begin(&mut self, solver: &str, inputs: &[String]) -> String {
        let mut out = String::new();
        self.comment(&mut out, solver);
        if let Some(first) = inputs.first() {
            let more = if inputs.len() > 1 { " ..." } else { "" };
            self.comment(&mut out, &format!("Reading from {}{more}", prettify(first)));
        }
        out
    }

    /// From verbosity 2 on: how long reading (parsing and grounding) and preparing the search
    /// took, as clasp's `Reading      : 0.001s` and `Preprocessing: 0.000s` lines.
    pub(super) fn prepared(&mut self, reading: f64, preprocessing: f64) -> String {
        let mut out = String::new();
        if self.verbosity >= 2 {
            // Unlike the summary, these keys are 13 columns wide in both formats.
            let prefix = self.comment_prefix();
            let _ = writeln!(out, "{prefix}{:<13}: {reading:.3}s", "Reading");
            let _ = writeln!(out, "{prefix}Preprocessing: {preprocessing:.3}s");
        }
        out
    }

    /// `Solving...`
    pub(super) fn solving(&mut self) -> String {
        let mut out = String::new();
        self.comment(&mut out, "Solving...");
        out
    }

    /// One answer, subject to the quiet levels.
    pub(super) fn model(&mut self, model: &ModelEvent) -> String {
        match self.quiet.on_model(model) {
            Some(level) => self.print_model(model, level),
            None => String::new(),
        }
    }

    fn print_model(&self, model: &ModelEvent, level: PrintLevel) -> String {
        let mut out = String::new();
        let values = self.quiet.models <= level;
        let meta = self.quiet.costs <= level;
        if !values && !meta {
            return out;
        }
        self.comment(
            &mut out,
            &format!("Answer: {} (Time: {:.3}s)", model.number, model.time),
        );
        if values {
            self.print_values(&mut out, model);
        }
        if meta {
            self.print_meta(&mut out, model);
        }
        out
    }

    fn print_values(&self, out: &mut String, model: &ModelEvent) {
        if self.competition {
            out.push_str("ANSWER\n");
        }
        for (i, atom) in model.shown.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(atom);
            if self.competition {
                out.push('.');
            }
        }
        out.push('\n');
    }

    fn print_meta(&self, out: &mut String, model: &ModelEvent) {
        if let Some((lower, upper)) = model.consequences {
            let _ = writeln!(
                out,
                "{}Consequences: [{lower};{upper}]",
                self.comment_prefix()
            );
        }
        if let Some(costs) = &model.costs {
            let label = if self.competition {
                "COST "
            } else {
                "Optimization: "
            };
            let _ = writeln!(out, "{label}{}", join_costs(costs, " "));
        }
    }

    fn result_text(&self, outcome: Outcome) -> &'static str {
        match (self.competition, outcome) {
            (true, Outcome::Satisfiable) => "",
            (true, Outcome::Unsatisfiable) => "INCONSISTENT",
            (true, Outcome::OptimumFound) => "OPTIMUM",
            (_, outcome) => outcome.text(),
        }
    }

    /// The deferred best model, the result line and the summary; from verbosity 2 on, clasp's
    /// separator line (90 `-` and a `|`) ends the search first.
    pub(super) fn finish(&mut self, summary: &RunSummary) -> String {
        let mut out = String::new();
        if self.verbosity >= 2 {
            let _ = writeln!(out, "{}{}|", self.comment_prefix(), "-".repeat(90));
        }
        if let Some(model) = self.quiet.deferred(summary) {
            out.push_str(&self.print_model(&model, PrintLevel::Best));
        }
        let result = self.result_text(summary.outcome.unwrap_or(Outcome::Unknown));
        if !result.is_empty() {
            out.push_str(result);
            out.push('\n');
        }
        if self.verbosity >= 1 || self.stats > 0 {
            self.print_summary(&mut out, summary);
        }
        if self.stats > 0 {
            self.print_stats(&mut out, summary);
        }
        out
    }

    fn print_summary(&self, out: &mut String, summary: &RunSummary) {
        let _ = writeln!(out, "{}", self.comment_prefix());
        match summary.stopped {
            Some(StopReason::Interrupted) => self.key_value(out, "INTERRUPTED", "1"),
            Some(StopReason::TimeLimit) => self.key_value(out, "TIME LIMIT", "1"),
            None => {}
        }
        let more = if summary.complete { "" } else { "+" };
        self.key_value(out, "Models", &format!("{}{more}", summary.models));
        let satisfiable = matches!(
            summary.outcome,
            Some(Outcome::Satisfiable | Outcome::OptimumFound)
        );
        if satisfiable {
            self.print_sat_details(out, summary, more);
        }
        self.key_value(out, "Calls", &summary.calls.max(1).to_string());
        let t = &summary.times;
        self.key_value(
            out,
            "Time",
            &format!(
                "{:.3}s (Solving: {:.2}s 1st Model: {:.2}s Unsat: {:.2}s)",
                t.total, t.solve, t.first_model, t.unsat
            ),
        );
        self.key_value(out, "CPU Time", &format!("{:.3}s", t.cpu));
    }

    fn print_sat_details(&self, out: &mut String, summary: &RunSummary, more: &str) {
        let yes = |b: bool| if b { "yes" } else { "unknown" };
        if let Some((kind, _)) = summary.consequences {
            self.key_value(out, &format!("  {}", kind.name()), yes(summary.complete));
        }
        if summary.has_costs {
            self.key_value(out, "  Optimum", yes(summary.optimum));
        }
        if summary.optimize {
            if summary.optimal > 1 {
                self.key_value(out, "  Optimal", &summary.optimal.to_string());
            }
            self.key_value(out, "Optimization", &join_costs(&summary.costs, " "));
        }
        if let Some((_, count)) = summary.consequences {
            self.key_value(out, "Consequences", &format!("{count}{more}"));
        }
    }

    /// clasp's `--stats` block, in its layout, with the lines we have values for: clasp's
    /// solver details we do not track (lemma kinds, backjumps, model level, restart averages,
    /// constraint kinds) are left out rather than printed with made-up values; `Analyzed` is
    /// the number of conflicts. `Equivalences` (printed when there are some, as clasp) counts
    /// the bodies without a variable of their own, all as clasp's `Other` (no atom is merged
    /// with another, no body with another beyond equal keys); `Eliminated` is 0 as in clasp
    /// without `--sat-prepro` (we have no variable elimination); `Frozen` counts the external
    /// atoms. `--stats=2` prints the same block.
    fn print_stats(&self, out: &mut String, summary: &RunSummary) {
        let s = &summary.stats;
        let _ = writeln!(out, "{}", self.comment_prefix());
        let problems = s.problems;
        let average = match problems {
            0 => 0.0,
            n => s.path_length as f64 / n as f64,
        };
        let lines = [
            ("Choices", format!("{:<8}", s.choices)),
            (
                "Conflicts",
                format!("{:<8} (Analyzed: {})", s.conflicts, s.conflicts),
            ),
            ("Restarts", format!("{:<8}", s.restarts)),
            (
                "Problems",
                format!("{problems:<8} (Average Length: {average:.2} Splits: 0)"),
            ),
            (
                "Lemmas",
                format!("{:<8} (Deleted: {})", s.lemmas, s.deleted),
            ),
        ];
        for (key, value) in lines {
            self.key_value(out, key, &value);
        }
        let _ = writeln!(out, "{}", self.comment_prefix());
        self.print_program_stats(out, s);
    }

    /// The program part of `--stats`: rules, atoms, bodies by kind, tightness, variables.
    fn print_program_stats(&self, out: &mut String, s: &super::StatsView) {
        let mut lines = vec![("Rules", format!("{:<8}", s.rules))];
        let kinds = [("  Choice", s.choice_rules), ("  Minimize", s.minimize)];
        lines.extend(
            kinds
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(k, n)| (*k, format!("{n:<8}"))),
        );
        lines.push(("Atoms", format!("{:<8}", s.atoms)));
        if s.disjunctions > 0 {
            lines.push((
                "Disjunctions",
                format!("{:<8} (Original: {})", 0, s.disjunctions),
            ));
        }
        lines.push(("Bodies", format!("{:<8}", s.bodies)));
        let bodies = [("  Sum", s.sum_bodies), ("  Count", s.count_bodies)];
        lines.extend(
            bodies
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|(k, n)| (*k, format!("{n:<8}"))),
        );
        if s.equivalences > 0 {
            let kinds = format!("(Atom=Atom: 0 Body=Body: 0 Other: {})", s.equivalences);
            lines.push(("Equivalences", format!("{:<8} {kinds}", s.equivalences)));
        }
        let tight = if s.tight { "Yes" } else { "No" };
        lines.push(("Tight", tight.to_string()));
        let frozen = format!("(Eliminated: {:>4} Frozen: {:>4})", 0, s.frozen);
        lines.push(("Variables", format!("{:<8} {frozen}", s.variables)));
        lines.push(("Constraints", format!("{:<8}", s.constraints)));
        for (key, value) in lines {
            self.key_value(out, key, &value);
        }
    }
}
