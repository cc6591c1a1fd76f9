//! clasp's JSON output (`--outf=2`), byte for byte (times aside).
//!
//! clasp writes JSON incrementally with its own layout: two spaces of indentation per open
//! object or array, `"key": value` pairs separated by `,\n`, the input list and model values on
//! one line separated by `,`/`, `, costs on one line. [`JsonWriter`] reproduces that layout
//! with a stack of open brackets and the pending separator, so models can be printed as they
//! come and the document is closed by [`JsonPrinter::finish`].

use std::fmt::Write as _;

use super::{ModelEvent, Outcome, OutputConfig, PrintLevel, Quiet, RunSummary, StopReason};

/// clasp's incremental JSON layout.
#[derive(Debug, Default)]
struct JsonWriter {
    out: String,
    /// Open brackets, innermost last.
    stack: Vec<char>,
    /// What goes before the next key: nothing right after an opening bracket, `,\n` otherwise.
    separator: &'static str,
}

impl JsonWriter {
    fn indent(&self) -> usize {
        self.stack.len() * 2
    }

    fn take(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// The separator, the indentation and `"key": ` (no key inside arrays).
    fn key(&mut self, key: Option<&str>) {
        let _ = write!(
            self.out,
            "{}{:indent$}",
            self.separator,
            "",
            indent = self.indent()
        );
        if let Some(key) = key {
            let _ = write!(self.out, "\"{key}\": ");
        }
    }

    fn push(&mut self, key: Option<&str>, bracket: char, indent_contents: bool) {
        self.key(key);
        self.stack.push(bracket);
        self.out.push(bracket);
        self.out.push('\n');
        self.separator = "";
        if indent_contents {
            let _ = write!(self.out, "{:indent$}", "", indent = self.indent());
        }
    }

    fn pop(&mut self) {
        let bracket = self.stack.pop().unwrap_or('{');
        let close = if bracket == '{' { '}' } else { ']' };
        let _ = write!(self.out, "\n{:indent$}{close}", "", indent = self.indent());
        self.separator = ",\n";
    }

    fn top_is_array(&self) -> bool {
        self.stack.last() == Some(&'[')
    }

    fn string(&mut self, value: &str, sep: &str) {
        self.out.push_str(sep);
        self.out.push('"');
        for c in value.chars() {
            match c {
                '\u{8}' => self.out.push_str("\\b"),
                '\u{c}' => self.out.push_str("\\f"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    fn key_string(&mut self, key: &str, value: &str) {
        self.key(Some(key));
        self.string(value, "");
        self.separator = ",\n";
    }

    fn key_raw(&mut self, key: &str, value: impl std::fmt::Display) {
        self.key(Some(key));
        let _ = write!(self.out, "{value}");
        self.separator = ",\n";
    }

    fn key_time(&mut self, key: &str, seconds: f64) {
        self.key_raw(key, format_args!("{seconds:.3}"));
    }

    fn costs(&mut self, key: &str, costs: &[i64]) {
        self.push(Some(key), '[', false);
        let _ = write!(self.out, "{:indent$}", "", indent = self.indent());
        self.out.push_str(&super::join_costs(costs, ", "));
        self.pop();
    }

    fn consequences(&mut self, lower: u64, open: u64) {
        self.push(Some("Consequences"), '{', false);
        self.key_raw("True", lower);
        self.key_raw("Open", open);
        self.pop();
    }
}

/// The JSON printer's state.
#[derive(Debug)]
pub(super) struct JsonPrinter {
    writer: JsonWriter,
    verbosity: u32,
    /// The quiet levels and the last model kept for them.
    pub(super) quiet: Quiet,
    /// The `Witnesses` array of the current call is open.
    witnesses_open: bool,
}

impl JsonPrinter {
    /// A JSON printer (verbosity is capped at 1 as in clasp).
    pub(super) fn new(config: &OutputConfig) -> JsonPrinter {
        JsonPrinter {
            writer: JsonWriter::default(),
            verbosity: config.verbosity.min(1),
            quiet: Quiet::new(config),
            witnesses_open: false,
        }
    }

    /// Opens the document: `Solver`, `Input`, and the `Call` array.
    pub(super) fn begin(&mut self, solver: &str, inputs: &[String]) -> String {
        let w = &mut self.writer;
        w.push(None, '{', false);
        w.key_string("Solver", solver);
        w.push(Some("Input"), '[', true);
        for (i, input) in inputs.iter().enumerate() {
            w.string(input, if i == 0 { "" } else { "," });
        }
        w.pop();
        w.push(Some("Call"), '[', false);
        w.take()
    }

    /// Opens the call object.
    pub(super) fn solving(&mut self) -> String {
        self.writer.push(None, '{', false);
        self.writer.key_time("Start", 0.0);
        self.writer.take()
    }

    /// One witness, subject to the quiet levels.
    pub(super) fn model(&mut self, model: &ModelEvent) -> String {
        if let Some(level) = self.quiet.on_model(model) {
            self.print_model(model, level);
        }
        self.writer.take()
    }

    fn start_witness(&mut self, time: f64) {
        if !self.witnesses_open {
            self.writer.push(Some("Witnesses"), '[', false);
            self.witnesses_open = true;
        }
        self.writer.push(None, '{', false);
        self.writer.key_time("Time", time);
    }

    fn print_model(&mut self, model: &ModelEvent, level: PrintLevel) {
        let mut started = false;
        if self.quiet.models <= level {
            self.start_witness(model.time);
            started = true;
            self.writer.push(Some("Value"), '[', true);
            for (i, atom) in model.shown.iter().enumerate() {
                self.writer.string(atom, if i == 0 { "" } else { ", " });
            }
            self.writer.pop();
        }
        let has_meta = model.consequences.is_some() || model.costs.is_some();
        if self.quiet.costs <= level && has_meta {
            if !started {
                self.start_witness(model.time);
                started = true;
            }
            if let Some((lower, upper)) = model.consequences {
                self.writer.consequences(lower, upper.saturating_sub(lower));
            }
            if let Some(costs) = &model.costs {
                self.writer.costs("Costs", costs);
            }
        }
        if started {
            self.writer.pop();
        }
    }

    /// Closes the call (printing a deferred best model) and writes the summary.
    pub(super) fn finish(&mut self, summary: &RunSummary) -> String {
        if let Some(model) = self.quiet.deferred(summary) {
            self.print_model(&model, PrintLevel::Best);
        }
        if self.witnesses_open {
            self.writer.pop();
            self.witnesses_open = false;
        }
        if self.writer.top_is_array() && self.writer.stack.len() == 2 {
            // No search ran (an input error): clasp still writes the call.
            self.writer.push(None, '{', false);
            self.writer.key_time("Start", 0.0);
        }
        if !self.writer.top_is_array() {
            self.writer.key_time("Stop", summary.times.total);
            self.writer.pop();
        }
        while self.writer.top_is_array() {
            self.writer.pop();
        }
        self.print_summary(summary);
        while !self.writer.stack.is_empty() {
            self.writer.pop();
        }
        self.writer.out.push('\n');
        self.writer.take()
    }

    fn print_summary(&mut self, summary: &RunSummary) {
        let outcome = summary.outcome.unwrap_or(Outcome::Unknown);
        self.writer.key_string("Result", outcome.text());
        if self.verbosity == 0 {
            return;
        }
        match summary.stopped {
            Some(StopReason::Interrupted) => self.writer.key_raw("INTERRUPTED", 1),
            Some(StopReason::TimeLimit) => self.writer.key_raw("TIME LIMIT", 1),
            None => {}
        }
        self.print_models(summary, outcome);
        self.writer.key_raw("Calls", summary.calls.max(1));
        let t = summary.times;
        let w = &mut self.writer;
        w.push(Some("Time"), '{', false);
        w.key_time("Total", t.total);
        w.key_time("Solve", t.solve);
        w.key_time("Model", t.first_model);
        w.key_time("Unsat", t.unsat);
        w.key_time("CPU", t.cpu);
        w.pop();
    }

    fn print_models(&mut self, summary: &RunSummary, outcome: Outcome) {
        let w = &mut self.writer;
        let yes = |b: bool| if b { "yes" } else { "unknown" };
        w.push(Some("Models"), '{', false);
        w.key_raw("Number", summary.models);
        w.key_string("More", if summary.complete { "no" } else { "yes" });
        if matches!(outcome, Outcome::Satisfiable | Outcome::OptimumFound) {
            if let Some((kind, count)) = summary.consequences {
                w.key_string(kind.name(), yes(summary.complete));
                w.consequences(count, 0);
            }
            if summary.optimize {
                w.key_string("Optimum", yes(summary.optimum));
                w.key_raw("Optimal", summary.optimal);
                w.costs("Costs", &summary.costs);
            }
        }
        w.pop();
    }
}
