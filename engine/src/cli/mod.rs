//! The `mini-clingo` command line: a thin layer over [`Control`] and the printers.
//!
//! One run: parse the options (module `options`); read the inputs (files, or standard input when
//! there are none or for `-`); ground (or read aspif in clasp mode); then either print the
//! ground program (`--text`, `--mode=gringo`) or solve, streaming each model to stdout as it
//! is found and ending with clingo's result line and summary. Diagnostics and warnings go to
//! stderr in clingo's format. The exit code is clingo's: 10 (a model was found) + 20 (the
//! search was exhausted) + 1 (interrupted or out of time); 65 for an input error, 1 for a bad
//! option, 0 after printing help or the version. (33, out of memory, is the binary's global
//! allocator's: see `src/oom.rs`.)

mod incremental;
mod message_limit;
mod options;
mod report;
mod worker;

use report::{exit_code, EXIT_INTERRUPTED};
use report::{stats_view, Reporter};

use std::io::Write;
use std::time::{Duration, Instant};

use crate::output::{Outcome, Printer, RunSummary, StopReason};
use crate::{Control, EnumMode, Error, Interrupt, Model, ModelKind, OptMode, Summary};
use options::{CliOptions, Mode, Parsed, PROGRAM};
use solver_core::check::{CheckError, Checker};

/// Exit code: the input was rejected.
const EXIT_INPUT_ERROR: i32 = 65;
/// Exit code: bad command line.
const EXIT_BAD_OPTION: i32 = 1;

/// Runs the command line; `interrupt` is set by the caller's signal handler. Returns the
/// exit code.
///
/// ```
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let path = std::env::temp_dir().join(format!("cli-doc-{}.lp", std::process::id()));
/// std::fs::write(&path, "{ a }.")?;
/// let args = ["-V0".to_string(), "0".to_string(), path.display().to_string()];
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let code = engine::cli::run(&args, engine::Interrupt::new(), &mut out, &mut err);
/// std::fs::remove_file(&path)?;
/// assert_eq!((code, String::from_utf8(out)?.as_str()), (30, "\na\nSATISFIABLE\n"));
/// # Ok(()) }
/// ```
pub fn run(args: &[String], interrupt: Interrupt, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let options = match options::parse(args) {
        Parsed::Run(options) => options,
        Parsed::Print(text) => {
            let _ = out.write_all(text.as_bytes());
            return 0;
        }
        Parsed::Error(message) => {
            let _ = writeln!(err, "*** ERROR: ({PROGRAM}): {message}");
            let _ = writeln!(
                err,
                "*** Info : ({PROGRAM}): Try '--help' for usage information"
            );
            return EXIT_BAD_OPTION;
        }
    };
    let mut run = Run::new(&options, interrupt, out, err);
    run.execute()
}

/// Runs the command line with the process's arguments and standard streams, then ends the
/// process with the exit code without freeing what the run built: the system takes the memory
/// back at once, while freeing a million-atom program's many small vectors one by one takes
/// about a second (also after an interrupt).
///
/// `release_free_memory` is called once the solver's structures are built, before the
/// search starts (before `Solving...`): the binary's allocator can give the memory freed
/// since grounding back to the system there. What stays mapped during the search is what
/// an interrupt's exit has to unmap (see the BENCHMARKS sections on the positive loop).
///
/// ```no_run
/// // The `main` of a clingo-like binary (it does not return: the example is not run).
/// let args: Vec<String> = std::env::args().skip(1).collect();
/// engine::cli::run_and_exit(&args, engine::Interrupt::new(), || {})
/// ```
pub fn run_and_exit(args: &[String], interrupt: Interrupt, release_free_memory: fn()) -> ! {
    match options::parse(args) {
        Parsed::Run(options) => worker::run_and_exit(options, interrupt, release_free_memory),
        _ => {
            let (mut out, mut err) = (std::io::stdout(), std::io::stderr());
            std::process::exit(run(args, interrupt, &mut out, &mut err))
        }
    }
}

/// One run's state: the control, the printer and the streams.
struct Run<'a> {
    options: &'a CliOptions,
    control: Control,
    printer: Printer,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    start: Instant,
    /// When reading and grounding ended.
    read_done: Option<Instant>,
    time_limit_hit: bool,
    /// The finished search, kept (not freed) until the run is dropped.
    searched: Option<crate::SolveHandle>,
    /// Set while reading and grounding when another thread may end the run (see `worker`).
    reading: Option<std::sync::Arc<std::sync::Mutex<bool>>>,
    /// The program includes `incmode`: solving runs clingo's incremental loop.
    incremental: bool,
    /// Called once the search's structures are built (see [`run_and_exit`]).
    release_free_memory: fn(),
    /// clingo's limit on the grounder's messages.
    messages: message_limit::MessageLimit,
}

impl<'a> Run<'a> {
    fn new(
        options: &'a CliOptions,
        interrupt: Interrupt,
        out: &'a mut dyn Write,
        err: &'a mut dyn Write,
    ) -> Run<'a> {
        let mut control = Control::with_options(options.solve.clone());
        control.use_interrupt(interrupt);
        Run {
            options,
            control,
            printer: Printer::new(&options.output),
            out,
            err,
            start: Instant::now(),
            read_done: None,
            time_limit_hit: false,
            searched: None,
            reading: None,
            incremental: false,
            release_free_memory: || {},
            messages: Default::default(),
        }
    }

    /// The reports' view of this run.
    fn reporter(&self) -> Reporter<'_> {
        Reporter {
            options: self.options,
            control: &self.control,
            start: self.start,
        }
    }

    fn print(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    /// clasp reports a time limit like a signal.
    fn time_limit_message(&mut self) {
        let _ = writeln!(self.err, "*** Info : ({PROGRAM}): INTERRUPTED by signal!");
    }

    fn warn(&mut self, message: &str) {
        let _ = writeln!(self.err, "*** Warn : ({PROGRAM}): {message}");
    }

    fn input_names(&self) -> Vec<String> {
        if self.options.files.is_empty() {
            vec!["stdin".to_string()]
        } else {
            self.options.files.clone()
        }
    }

    fn execute(&mut self) -> i32 {
        let solving = matches!(self.options.mode, Mode::Clingo | Mode::Clasp);
        if solving {
            let banner = format!("{PROGRAM} version {}", env!("CARGO_PKG_VERSION"));
            let text = self.printer.begin(&banner, &self.input_names());
            self.print(&text);
        }
        let flag = self.reading.clone();
        let prepared = worker::reading(flag.as_deref(), || self.prepare());
        if let Err(error) = prepared {
            return self.fail(&error, solving);
        }
        self.read_done = Some(Instant::now());
        match self.options.mode {
            Mode::Text => self.print_program(Control::text),
            Mode::Gringo => self.print_program(Control::aspif),
            Mode::Clingo if self.incremental => self.solve_incremental(),
            Mode::Clingo | Mode::Clasp => self.solve(),
        }
    }

    /// Reads the inputs and grounds them (or reads aspif).
    fn prepare(&mut self) -> Result<(), Error> {
        let files = if self.options.files.is_empty() {
            vec!["-".to_string()]
        } else {
            self.options.files.clone()
        };
        if self.options.mode == Mode::Clasp {
            // Like clasp, only the first input is read.
            let text = read_input(files.first().map_or("-", String::as_str))?;
            return self.control.load_aspif(&String::from_utf8_lossy(&text));
        }
        for (name, term) in &self.options.constants {
            self.control.set_const(name, term)?;
        }
        for file in &files {
            self.control.load(file)?;
        }
        self.control.parse()?;
        if self.control.incmode() && self.options.mode == Mode::Clingo {
            self.incremental = true;
            return Ok(());
        }
        let watchdog = self.start_watchdog();
        let grounded = self
            .control
            .ground()
            .and_then(|()| self.control.refuse_incmode());
        // One-shot: nothing is ground again, so the grounder's rules can go before solving.
        self.control.end_grounding();
        if let Some(done) = watchdog {
            self.time_limit_hit = done.finish();
        }
        let infos = self.control.infos().to_vec();
        self.print_messages(&infos);
        grounded
    }

    /// Prints the grounder's `messages` that `-W` leaves on, within clingo's limit (see
    /// `message_limit.rs`); returns whether the limit ended the run.
    fn print_messages(&mut self, messages: &[grounder::Diagnostic]) -> bool {
        let shown = messages.iter().filter(|d| self.options.shows(d));
        let (text, too_many) = self.messages.render(shown);
        let _ = self.err.write_all(text.as_bytes());
        too_many
    }

    /// Interrupts grounding when the time limit passes.
    fn start_watchdog(&self) -> Option<Watchdog> {
        let limit = self.options.solve.time_limit?;
        Some(Watchdog::start(limit, self.control.interrupt_handle()))
    }

    /// Prints an input error as clingo does and returns its exit code.
    fn fail(&mut self, error: &Error, solving: bool) -> i32 {
        if self.control.interrupt_handle().is_set() {
            return self.finish_without_solving(solving);
        }
        let too_many = self.print_messages(error.diagnostics());
        let mut text = String::new();
        let message = match error {
            _ if too_many => "too many messages.".to_string(),
            Error::FileNotFound(_) => {
                text.push_str(&format!("<cmd>: error: {error}\n\n"));
                "parsing failed".to_string()
            }
            other => other.to_string(),
        };
        text.push_str(&format!("*** ERROR: ({PROGRAM}): {message}\n"));
        let _ = self.err.write_all(text.as_bytes());
        if solving {
            let summary = RunSummary {
                outcome: Some(Outcome::Unknown),
                times: self.reporter().times(&Summary::default()),
                stats: stats_view(&Summary::default(), None),
                ..RunSummary::default()
            };
            let text = self.printer.finish(&summary);
            self.print(&text);
        }
        EXIT_INPUT_ERROR
    }

    /// Grounding was interrupted: an UNKNOWN result.
    fn finish_without_solving(&mut self, solving: bool) -> i32 {
        if self.time_limit_hit {
            self.time_limit_message();
        }
        if solving {
            let stopped = if self.time_limit_hit {
                StopReason::TimeLimit
            } else {
                StopReason::Interrupted
            };
            let summary = RunSummary {
                outcome: Some(Outcome::Unknown),
                stopped: Some(stopped),
                times: self.reporter().times(&Summary::default()),
                stats: stats_view(&Summary::default(), None),
                ..RunSummary::default()
            };
            let text = self.printer.finish(&summary);
            self.print(&text);
        }
        EXIT_INTERRUPTED
    }

    fn print_program(&mut self, print: fn(&Control) -> Result<String, Error>) -> i32 {
        match print(&self.control) {
            Ok(text) => {
                self.print(&text);
                0
            }
            Err(error) => self.fail(&error, false),
        }
    }

    fn warn_about_model_count(&mut self) {
        let options = &self.options.solve;
        let explicit = options.models.is_some_and(|n| n > 0);
        let minimize = self.control.has_minimize();
        let consequences = matches!(options.enum_mode, EnumMode::Brave | EnumMode::Cautious);
        if minimize && options.opt_mode == OptMode::Enum {
            self.warn("opt-mode=enum: No bound given, optimize statement ignored.");
        }
        if explicit && consequences {
            self.warn("#models not 0: last model may not cover consequences.");
        } else if explicit && minimize && options.opt_mode == OptMode::Opt {
            self.warn("#models not 0: optimality of last model not guaranteed.");
        }
    }

    fn solve(&mut self) -> i32 {
        if self.control.interrupt_handle().is_set() || self.time_limit_hit {
            return self.finish_without_solving(true);
        }
        self.warn_about_model_count();
        if let Some(limit) = self.options.solve.time_limit {
            let left = limit.saturating_sub(self.start.elapsed());
            self.control.options_mut().time_limit = Some(left.max(Duration::from_millis(1)));
        }
        let reading = self
            .read_done
            .unwrap_or(self.start)
            .duration_since(self.start);
        let preprocessing = self.read_done.map_or(Duration::ZERO, |t| t.elapsed());
        let checked = match self.options.check_models {
            true => self.control.program_with_externals(),
            false => None,
        };
        let checker = checked.as_ref().map(Checker::new);
        // `Control::solve` clears the interrupt handle for the new search, so "Solving..." is
        // printed only after it: a Ctrl-C once that line is out always stops the search. It
        // also builds the solver's constraints, which polls the interrupt only between long
        // phases: it runs watched, as reading and grounding do (see `worker`). Unless the
        // rules are read later (`--check-models` has its copy; `--stats` counts them), they
        // are dropped before the solver builds its clause store, which reuses their memory.
        let keep_rules = self.options.output.stats > 0;
        let flag = self.reading.clone();
        let control = &mut self.control;
        let started = worker::reading(flag.as_deref(), || {
            if !keep_rules {
                control.translate_for_search()?;
            }
            control.solve()
        });
        let mut handle = match started {
            Ok(handle) => handle,
            Err(error) => return self.fail(&error, true),
        };
        (self.release_free_memory)();
        let mut text = self
            .printer
            .prepared(reading.as_secs_f64(), preprocessing.as_secs_f64());
        text += &self.printer.solving();
        self.print(&text);
        let solve_start = Instant::now();
        let mut last: Option<Model> = None;
        let costs_shown = self.reporter().costs_shown();
        let with_names = self.printer.prints_models();
        for model in handle.by_ref() {
            let event = self
                .reporter()
                .model_event(&model, costs_shown, with_names, solve_start);
            let text = self.printer.model(&event);
            self.print(&text);
            if let Err(message) = check_model(checker.as_ref(), &model) {
                let _ = writeln!(self.err, "{message}");
                return EXIT_NOT_STABLE;
            }
            last = Some(model);
        }
        let summary = handle.summary();
        if summary.timed_out {
            self.time_limit_message();
        }
        let run_summary = self
            .reporter()
            .run_summary(&summary, last.as_ref(), costs_shown);
        let text = self.printer.finish(&run_summary);
        self.print(&text);
        self.searched = Some(handle);
        exit_code(&summary)
    }
}

/// clasp's `[lower;upper]` for a consequence approximation with `shown` atoms.
///
/// Brave: the atoms seen so far are certain, the rest still possible. Cautious: only facts are
/// certain before the search ends, the current intersection is possible. (clasp also drops
/// atoms it knows to be false at the top level from the brave upper bound; we cannot see those,
/// so intermediate upper bounds may be larger than clingo's.)
/// The exit code of `--check-models` when an answer is not a stable model (EX_SOFTWARE).
const EXIT_NOT_STABLE: i32 = 70;

/// With `--check-models` (`checker` given: the ground program prepared, or why it is invalid):
/// whether an answer set is a stable model of the ground program, by `solver_core::check`;
/// brave/cautious answers are not models and pass.
fn check_model(
    checker: Option<&Result<Checker<'_>, CheckError>>,
    model: &Model,
) -> Result<(), String> {
    let Some(checker) = checker else {
        return Ok(());
    };
    if model.kind() != ModelKind::Answer {
        return Ok(());
    }
    let checked = match checker {
        Ok(checker) => checker.check(model.true_atoms()),
        Err(invalid) => Err(invalid.clone()),
    };
    checked.map_err(|error| {
        let number = model.number();
        format!("*** ERROR: ({PROGRAM}): answer {number} is not a stable model: {error}")
    })
}

fn read_input(file: &str) -> Result<Vec<u8>, Error> {
    let result = if file == "-" {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut text).map(|_| text)
    } else {
        std::fs::read(file)
    };
    result.map_err(|_| Error::FileNotFound(file.to_string()))
}

/// A thread that sets an interrupt once a time limit passes, unless finished first.
struct Watchdog {
    done: Interrupt,
    fired: Interrupt,
}

impl Watchdog {
    fn start(limit: Duration, target: Interrupt) -> Watchdog {
        let done = Interrupt::new();
        let fired = Interrupt::new();
        let (done_flag, fired_flag) = (done.clone(), fired.clone());
        std::thread::spawn(move || {
            let deadline = Instant::now() + limit;
            while !done_flag.is_set() {
                let now = Instant::now();
                if now >= deadline {
                    fired_flag.interrupt();
                    target.interrupt();
                    return;
                }
                std::thread::sleep((deadline - now).min(Duration::from_millis(20)));
            }
        });
        Watchdog { done, fired }
    }

    /// Stops the watchdog; returns whether it fired.
    fn finish(self) -> bool {
        self.done.interrupt();
        self.fired.is_set()
    }
}
