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

use json::JsonPrinter;
use text::TextPrinter;

/// clasp's print levels for models and costs (`--quiet`).
///
/// ```
/// use engine::output::{ModelEvent, OutputConfig, PrintLevel, Printer, RunSummary};
/// // `--quiet=1 -V0`: a model that is not known optimal waits; the last one prints at the end.
/// let config = OutputConfig { models: PrintLevel::Best, verbosity: 0, ..OutputConfig::default() };
/// let mut printer = Printer::new(&config);
/// let model = ModelEvent { number: 1, shown: vec!["a".into()], ..ModelEvent::default() };
/// assert_eq!(printer.model(&model), "");
/// assert_eq!(printer.finish(&RunSummary::default()), "a\nUNKNOWN\n");
/// ```
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
///
/// ```
/// use engine::output::{Format, OutputConfig, Printer};
/// let config = OutputConfig { format: Format::Json, ..OutputConfig::default() };
/// let begin = Printer::new(&config).begin("mini-clingo", &["a.lp".to_string()]);
/// assert!(begin.starts_with("{\n  \"Solver\": \"mini-clingo\",\n  \"Input\": [\n    \"a.lp\""));
/// ```
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
///
/// ```
/// use engine::output::{OutputConfig, Printer};
/// // The default is clingo's: text, verbosity 1 (banner and summary), every model.
/// let mut printer = Printer::new(&OutputConfig::default());
/// let begin = printer.begin("mini-clingo version 0.1.0", &["a.lp".to_string()]);
/// assert_eq!(begin, "mini-clingo version 0.1.0\nReading from a.lp\n");
/// ```
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
///
/// ```
/// use engine::output::{ConsequenceKind, OutputConfig, Outcome, Printer, RunSummary};
/// let summary = RunSummary {
///     outcome: Some(Outcome::Satisfiable),
///     models: 3,
///     complete: true,
///     consequences: Some((ConsequenceKind::Cautious, 2)),
///     ..RunSummary::default()
/// };
/// let text = Printer::new(&OutputConfig::default()).finish(&summary);
/// assert!(text.contains("Models       : 3\n  Cautious   : yes\nConsequences : 2\n"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConsequenceKind {
    /// The union of all models.
    Brave,
    /// The intersection of all models.
    Cautious,
}

impl ConsequenceKind {
    /// The name clasp prints in the summary.
    ///
    /// ```
    /// use engine::output::ConsequenceKind;
    /// assert_eq!(ConsequenceKind::Brave.name(), "Brave");
    /// assert_eq!(ConsequenceKind::Cautious.name(), "Cautious");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ConsequenceKind::Brave => "Brave",
            ConsequenceKind::Cautious => "Cautious",
        }
    }
}

/// One answer, as the printer sees it.
///
/// ```
/// use engine::output::{ModelEvent, OutputConfig, Printer};
/// let mut printer = Printer::new(&OutputConfig::default());
/// let model = ModelEvent { number: 2, shown: vec!["a".into(), "b".into()], costs: Some(vec![3]),
///                          ..ModelEvent::default() };
/// assert_eq!(printer.model(&model), "Answer: 2 (Time: 0.000s)\na b\nOptimization: 3\n");
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
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
///
/// ```
/// use engine::output::{OutputConfig, Outcome, Printer, RunSummary};
/// let mut printer = Printer::new(&OutputConfig { verbosity: 0, ..OutputConfig::default() });
/// let summary = RunSummary { outcome: Some(Outcome::Unsatisfiable), ..RunSummary::default() };
/// assert_eq!(printer.finish(&summary), "UNSATISFIABLE\n");
/// ```
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
    ///
    /// ```
    /// use engine::output::Outcome;
    /// assert_eq!(Outcome::OptimumFound.text(), "OPTIMUM FOUND");
    /// assert_eq!(Outcome::Unknown.text(), "UNKNOWN");
    /// ```
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
///
/// ```
/// use engine::output::{OutputConfig, Printer, RunSummary, StopReason};
/// let summary = RunSummary { stopped: Some(StopReason::TimeLimit), ..RunSummary::default() };
/// let text = Printer::new(&OutputConfig::default()).finish(&summary);
/// assert!(text.starts_with("UNKNOWN\n\nTIME LIMIT   : 1\nModels       : 0+\n"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// A signal or the interrupt handle (`INTERRUPTED  : 1`).
    Interrupted,
    /// `--time-limit` (`TIME LIMIT   : 1`).
    TimeLimit,
}

/// Wall and CPU times of a run, in seconds.
///
/// ```
/// use engine::output::{OutputConfig, Printer, RunSummary, Times};
/// let times = Times { total: 1.5, solve: 1.25, first_model: 0.5, unsat: 0.0, cpu: 1.5 };
/// let text = Printer::new(&OutputConfig::default())
///     .finish(&RunSummary { times, ..RunSummary::default() });
/// assert!(text.contains("Time         : 1.500s (Solving: 1.25s 1st Model: 0.50s Unsat: 0.00s)\n"));
/// ```
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
///
/// ```
/// use engine::output::{OutputConfig, Printer, RunSummary, StatsView};
/// let stats = StatsView { choices: 7, conflicts: 2, ..StatsView::default() };
/// let mut printer = Printer::new(&OutputConfig { stats: 1, ..OutputConfig::default() });
/// let text = printer.finish(&RunSummary { stats, ..RunSummary::default() });
/// assert!(text.contains("Choices      : 7       \nConflicts    : 2        (Analyzed: 2)\n"));
/// ```
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
///
/// ```
/// use engine::output::{OutputConfig, Outcome, Printer, RunSummary};
/// let summary = RunSummary {
///     outcome: Some(Outcome::Satisfiable),
///     models: 2,
///     complete: true,
///     ..RunSummary::default()
/// };
/// let text = Printer::new(&OutputConfig::default()).finish(&summary);
/// assert!(text.starts_with("SATISFIABLE\n\nModels       : 2\nCalls        : 1\n"));
/// ```
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

/// The printer for one run, in any format: each method returns the text to write.
///
/// ```
/// use engine::output::{ModelEvent, OutputConfig, Outcome, Printer, RunSummary};
/// let mut printer = Printer::new(&OutputConfig { verbosity: 0, ..OutputConfig::default() });
/// let mut out = printer.begin("mini-clingo", &[]) + &printer.solving();
/// out += &printer.model(&ModelEvent { number: 1, shown: vec!["a".into()], ..Default::default() });
/// out += &printer.finish(&RunSummary { outcome: Some(Outcome::Satisfiable), ..Default::default() });
/// assert_eq!(out, "a\nSATISFIABLE\n");
/// ```
#[derive(Debug)]
pub struct Printer {
    format: Kind,
}

/// The printer of each format.
#[derive(Debug)]
enum Kind {
    /// `--outf=0` and `--outf=1`.
    Text(TextPrinter),
    /// `--outf=2`.
    Json(JsonPrinter),
    /// `--outf=3`.
    None,
}

impl Printer {
    /// A printer for `config`.
    ///
    /// ```
    /// use engine::output::{Format, OutputConfig, Printer};
    /// let config = OutputConfig { format: Format::Competition, ..OutputConfig::default() };
    /// let mut printer = Printer::new(&config);
    /// assert_eq!(printer.solving(), "% Solving...\n");
    /// ```
    pub fn new(config: &OutputConfig) -> Printer {
        let format = match config.format {
            Format::Text => Kind::Text(TextPrinter::new(config, false)),
            Format::Competition => Kind::Text(TextPrinter::new(config, true)),
            Format::Json => Kind::Json(JsonPrinter::new(config)),
            Format::None => Kind::None,
        };
        Printer { format }
    }

    /// Banner and inputs: `solver` is e.g. `mini-clingo version 0.1.0`.
    ///
    /// ```
    /// use engine::output::{OutputConfig, Printer};
    /// let mut printer = Printer::new(&OutputConfig::default());
    /// let inputs = ["a.lp".to_string(), "b.lp".to_string()];
    /// assert_eq!(printer.begin("mini-clingo", &inputs), "mini-clingo\nReading from a.lp ...\n");
    /// ```
    pub fn begin(&mut self, solver: &str, inputs: &[String]) -> String {
        match &mut self.format {
            Kind::Text(p) => p.begin(solver, inputs),
            Kind::Json(p) => p.begin(solver, inputs),
            Kind::None => String::new(),
        }
    }

    /// Reading and preprocessing are done (text formats print their times from `-V2` on).
    ///
    /// ```
    /// use engine::output::{OutputConfig, Printer};
    /// let mut printer = Printer::new(&OutputConfig { verbosity: 2, ..OutputConfig::default() });
    /// assert_eq!(printer.prepared(0.25, 0.0), "Reading      : 0.250s\nPreprocessing: 0.000s\n");
    /// ```
    pub fn prepared(&mut self, reading: f64, preprocessing: f64) -> String {
        match &mut self.format {
            Kind::Text(p) => p.prepared(reading, preprocessing),
            Kind::Json(_) | Kind::None => String::new(),
        }
    }

    /// The search starts.
    ///
    /// ```
    /// use engine::output::{OutputConfig, Printer};
    /// let mut printer = Printer::new(&OutputConfig::default());
    /// assert_eq!(printer.solving(), "Solving...\n");
    /// ```
    pub fn solving(&mut self) -> String {
        match &mut self.format {
            Kind::Text(p) => p.solving(),
            Kind::Json(p) => p.solving(),
            Kind::None => String::new(),
        }
    }

    /// Whether any answer's shown atoms can be printed (not under `--quiet=2,2` or `--outf=3`);
    /// when not, a [`ModelEvent`] may leave `shown` empty.
    ///
    /// ```
    /// use engine::output::{OutputConfig, PrintLevel, Printer};
    /// assert!(Printer::new(&OutputConfig::default()).prints_models());
    /// let quiet = OutputConfig { models: PrintLevel::No, costs: PrintLevel::No, ..OutputConfig::default() };
    /// assert!(!Printer::new(&quiet).prints_models());
    /// ```
    pub fn prints_models(&self) -> bool {
        match &self.format {
            Kind::Text(p) => p.quiet.prints_anything(),
            Kind::Json(p) => p.quiet.prints_anything(),
            Kind::None => false,
        }
    }

    /// One answer.
    ///
    /// ```
    /// use engine::output::{Format, ModelEvent, OutputConfig, Printer};
    /// let mut printer = Printer::new(&OutputConfig { format: Format::Competition, ..OutputConfig::default() });
    /// let model = ModelEvent { number: 1, shown: vec!["a".into()], optimal: true, ..ModelEvent::default() };
    /// assert_eq!(printer.model(&model), "% Answer: 1 (Time: 0.000s)\nANSWER\na.\n");
    /// ```
    pub fn model(&mut self, model: &ModelEvent) -> String {
        match &mut self.format {
            Kind::Text(p) => p.model(model),
            Kind::Json(p) => p.model(model),
            Kind::None => String::new(),
        }
    }

    /// The end of the run: deferred best model, result and summary.
    ///
    /// ```
    /// use engine::output::{Format, OutputConfig, Outcome, Printer, RunSummary};
    /// let mut printer = Printer::new(&OutputConfig { format: Format::None, ..OutputConfig::default() });
    /// let summary = RunSummary { outcome: Some(Outcome::Satisfiable), ..RunSummary::default() };
    /// assert_eq!(printer.finish(&summary), "");
    /// ```
    pub fn finish(&mut self, summary: &RunSummary) -> String {
        match &mut self.format {
            Kind::Text(p) => p.finish(summary),
            Kind::Json(p) => p.finish(summary),
            Kind::None => String::new(),
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
