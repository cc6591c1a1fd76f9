//! clingo-compatible result printing: text (`--outf=0`), competition (`--outf=1`), JSON
//! (`--outf=2`) and none (`--outf=3`).
//!
//! The printer follows clasp's output protocol: [`Printer::begin`] once (banner and inputs),
//! [`Printer::solving`] when the search starts, [`Printer::model`] per answer, and
//! [`Printer::finish`] once with the run's [`RunSummary`]. Which models are printed is decided
//! by the two quiet levels (`--quiet=<models>,<costs>`): a model is of level *best* when it is
//! known optimal (or is the final consequence set), otherwise of level *all*; it is printed when
//! the models' quiet level is at most its level, and its costs/consequences when the costs'
//! quiet level is. When the user asked for the best models only, the last model seen is
//! printed again at the end as best, exactly as clasp does.
//!
//! # Invariants
//! - Every line ends with `\n`; the printer owns no file handles, it appends to a `String`
//!   that the caller flushes after every event (so an interrupted run has printed its models).
//! - Times are the only nondeterministic bytes (`%.3f`/`%.2f` seconds as clasp prints them).

mod json;
mod text;

use std::fmt::Write as _;

pub use json::JsonPrinter;
pub use text::TextPrinter;

/// clasp's print levels for models and costs (`--quiet`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum PrintLevel {
    /// Print every model.
    #[default]
    All = 0,
    /// Print only optimal models (or the last one).
    Best = 1,
    /// Print no model.
    No = 2,
}

/// The output format (`--outf`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// clingo's default text format.
    #[default]
    Text,
    /// The ASP competition format (`% ` comments, `ANSWER`, `COST`, `OPTIMUM`).
    Competition,
    /// clasp's JSON.
    Json,
    /// Print nothing.
    None,
}

/// How a run is printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputConfig {
    /// Text, competition, JSON or none.
    pub format: Format,
    /// `--verbose`: 0 prints only models and the result, 1 (default) adds banner and summary,
    /// 2 and more add the reading/preprocessing times and the end-of-search separator.
    pub verbosity: u32,
    /// Quiet level for models.
    pub models: PrintLevel,
    /// Quiet level for costs and consequences.
    pub costs: PrintLevel,
    /// `--stats` level (0 = off).
    pub stats: u32,
}

impl Default for OutputConfig {
    fn default() -> OutputConfig {
        OutputConfig {
            format: Format::Text,
            verbosity: 1,
            models: PrintLevel::All,
            costs: PrintLevel::All,
            stats: 0,
        }
    }
}

/// Brave or cautious reasoning.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConsequenceKind {
    /// The union of all models.
    Brave,
    /// The intersection of all models.
    Cautious,
}

impl ConsequenceKind {
    /// The name clasp prints in the summary.
    pub fn name(self) -> &'static str {
        match self {
            ConsequenceKind::Brave => "Brave",
            ConsequenceKind::Cautious => "Cautious",
        }
    }
}

/// One answer, as the printer sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelEvent {
    /// `Answer: N`.
    pub number: u64,
    /// The shown atoms, printed in this order.
    pub shown: Vec<String>,
    /// Costs, highest priority first, when the program optimizes.
    pub costs: Option<Vec<i64>>,
    /// `[lower; upper]` bounds on the consequences, for brave/cautious reasoning.
    pub consequences: Option<(u64, u64)>,
    /// The model is known to be optimal (optN after the optimum is proven).
    pub optimal: bool,
    /// The consequences are final (the search is complete).
    pub definite: bool,
    /// Seconds since the search started.
    pub time: f64,
}

/// The result line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Stopped before anything was known.
    Unknown,
    /// A model was found.
    Satisfiable,
    /// There is no model.
    Unsatisfiable,
    /// The optimum was found and proven.
    OptimumFound,
}

impl Outcome {
    /// The text clingo prints for it.
    pub fn text(self) -> &'static str {
        match self {
            Outcome::Unknown => "UNKNOWN",
            Outcome::Satisfiable => "SATISFIABLE",
            Outcome::Unsatisfiable => "UNSATISFIABLE",
            Outcome::OptimumFound => "OPTIMUM FOUND",
        }
    }
}

/// Why a run stopped early.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// A signal or the interrupt handle (`INTERRUPTED  : 1`).
    Interrupted,
    /// `--time-limit` (`TIME LIMIT   : 1`).
    TimeLimit,
}

/// Wall and CPU times of a run, in seconds.
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct Times {
    /// The whole run.
    pub total: f64,
    /// The search.
    pub solve: f64,
    /// Until the first model.
    pub first_model: f64,
    /// From the last model to the end of a complete search.
    pub unsat: f64,
    /// CPU time of the process.
    pub cpu: f64,
}

/// Solver statistics printed by `--stats`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StatsView {
    /// Decisions.
    pub choices: u64,
    /// Conflicts.
    pub conflicts: u64,
    /// Restarts.
    pub restarts: u64,
    /// Learnt nogoods.
    pub lemmas: u64,
    /// Learnt nogoods deleted.
    pub deleted: u64,
    /// Rules of the input program.
    pub rules: u64,
    /// Atoms of the input program.
    pub atoms: u64,
    /// Rule bodies.
    pub bodies: u64,
    /// Solver variables.
    pub variables: u64,
    /// Solver constraints.
    pub constraints: u64,
    /// Bodies without a variable of their own (clasp's `Equivalences`, as its `Other`).
    pub equivalences: u64,
    /// External atoms (clasp's frozen variables).
    pub frozen: u64,
    /// No positive cycles.
    pub tight: bool,
    /// The searches run (clasp's `Problems`: one guiding path per search).
    pub problems: u64,
    /// The guiding paths' total length (clasp's `Average Length` times `Problems`): each
    /// search's assumptions (the externals it assumes true or false), plus one per search in
    /// multi-shot mode (clasp's step literal).
    pub path_length: u64,
    /// Choice rules of the input program.
    pub choice_rules: u64,
    /// Minimize statements (one per priority level).
    pub minimize: u64,
    /// Disjunctive rules of the input program (all shifted away before the search).
    pub disjunctions: u64,
    /// Weight bodies whose weights are all 1 (clasp's `Count`).
    pub count_bodies: u64,
    /// The other weight bodies (clasp's `Sum`).
    pub sum_bodies: u64,
}

/// Everything the final summary prints.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct RunSummary {
    /// The result line (`None` prints `UNKNOWN`).
    pub outcome: Option<Outcome>,
    /// Why the run stopped early, if it did.
    pub stopped: Option<StopReason>,
    /// Models enumerated.
    pub models: u64,
    /// Solve calls (`Calls`; 0 prints 1).
    pub calls: u64,
    /// The search space was exhausted (no `+` after the model count).
    pub complete: bool,
    /// Brave/cautious reasoning and the final number of consequences.
    pub consequences: Option<(ConsequenceKind, u64)>,
    /// The program had minimize statements and a model was found (prints `Optimum`).
    pub has_costs: bool,
    /// Optimization proper (opt/optN, not enum): prints `Optimization`.
    pub optimize: bool,
    /// The optimum was proven.
    pub optimum: bool,
    /// Number of optimal models found.
    pub optimal: u64,
    /// The best costs found.
    pub costs: Vec<i64>,
    /// Times of the run.
    pub times: Times,
    /// Statistics for `--stats`.
    pub stats: StatsView,
}

/// The printer for one run, in any format.
#[derive(Debug)]
pub enum Printer {
    /// `--outf=0` and `--outf=1`.
    Text(TextPrinter),
    /// `--outf=2`.
    Json(JsonPrinter),
    /// `--outf=3`.
    None,
}

impl Printer {
    /// A printer for `config`.
    pub fn new(config: &OutputConfig) -> Printer {
        match config.format {
            Format::Text => Printer::Text(TextPrinter::new(config, false)),
            Format::Competition => Printer::Text(TextPrinter::new(config, true)),
            Format::Json => Printer::Json(JsonPrinter::new(config)),
            Format::None => Printer::None,
        }
    }

    /// Banner and inputs: `solver` is e.g. `mini-clingo version 0.1.0`.
    pub fn begin(&mut self, solver: &str, inputs: &[String]) -> String {
        match self {
            Printer::Text(p) => p.begin(solver, inputs),
            Printer::Json(p) => p.begin(solver, inputs),
            Printer::None => String::new(),
        }
    }

    /// Reading and preprocessing are done (text formats print their times from `-V2` on).
    pub fn prepared(&mut self, reading: f64, preprocessing: f64) -> String {
        match self {
            Printer::Text(p) => p.prepared(reading, preprocessing),
            Printer::Json(_) | Printer::None => String::new(),
        }
    }

    /// The search starts.
    pub fn solving(&mut self) -> String {
        match self {
            Printer::Text(p) => p.solving(),
            Printer::Json(p) => p.solving(),
            Printer::None => String::new(),
        }
    }

    /// Whether any answer's shown atoms can be printed (not under `--quiet=2,2` or `--outf=3`);
    /// when not, a [`ModelEvent`] may leave `shown` empty.
    pub fn prints_models(&self) -> bool {
        match self {
            Printer::Text(p) => p.quiet.prints_anything(),
            Printer::Json(p) => p.quiet.prints_anything(),
            Printer::None => false,
        }
    }

    /// One answer.
    pub fn model(&mut self, model: &ModelEvent) -> String {
        match self {
            Printer::Text(p) => p.model(model),
            Printer::Json(p) => p.model(model),
            Printer::None => String::new(),
        }
    }

    /// The end of the run: deferred best model, result and summary.
    pub fn finish(&mut self, summary: &RunSummary) -> String {
        match self {
            Printer::Text(p) => p.finish(summary),
            Printer::Json(p) => p.finish(summary),
            Printer::None => String::new(),
        }
    }
}

/// The quiet-level bookkeeping shared by all formats (clasp's `Output::onModel`).
#[derive(Clone, Debug, Default)]
struct Quiet {
    models: PrintLevel,
    costs: PrintLevel,
    /// The last model seen.
    last: Option<ModelEvent>,
    /// The last model must be printed again at the end as best.
    print_last: bool,
}

impl Quiet {
    fn new(config: &OutputConfig) -> Quiet {
        Quiet {
            models: config.models,
            costs: config.costs,
            last: None,
            print_last: false,
        }
    }

    /// Whether some model could be printed at all.
    fn prints_anything(&self) -> bool {
        self.models != PrintLevel::No || self.costs != PrintLevel::No
    }

    /// The level of `model`, and whether anything of it is printed now.
    fn on_model(&mut self, model: &ModelEvent) -> Option<PrintLevel> {
        let level = if (model.optimal && model.consequences.is_none()) || model.definite {
            PrintLevel::Best
        } else {
            PrintLevel::All
        };
        let has_meta = model.consequences.is_some() || model.costs.is_some();
        let print = self.models <= level || (has_meta && self.costs <= level);
        self.print_last = level != PrintLevel::Best
            && (self.models == PrintLevel::Best || (self.costs == PrintLevel::Best && has_meta));
        // Only a model printed again at the end is kept (`deferred`).
        self.last = self.print_last.then(|| model.clone());
        print.then_some(level)
    }

    /// The model to print again at the end, made definite when the search is complete.
    fn deferred(&mut self, summary: &RunSummary) -> Option<ModelEvent> {
        if !self.print_last {
            return None;
        }
        let mut model = self.last.take()?;
        if summary.complete {
            if let Some((lower, _)) = model.consequences {
                model.consequences = Some((lower, lower));
            }
            model.definite = true;
        }
        Some(model)
    }
}

/// Joins costs with `sep`.
fn join_costs(costs: &[i64], sep: &str) -> String {
    let mut out = String::new();
    for (i, cost) in costs.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        let _ = write!(out, "{cost}");
    }
    out
}

/// clasp shortens long input names to their last 38 characters.
fn prettify(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() < 40 {
        return name.to_string();
    }
    let tail: String = chars[chars.len() - 38..].iter().collect();
    format!("...{tail}")
}

#[cfg(test)]
mod tests;
