//! Command-line options: clingo's names, values and error messages, parsed with clap.
//!
//! clap does the tokenising (long/short options, `=` values, attached short values like
//! `-q1`); this module turns the matches into [`CliOptions`] and clap's errors into clingo's
//! wording (`In context '<mini-clingo>': 'abc' invalid value for: 'models'`). A positional
//! argument that is a non-negative integer is the model count, as in clingo.

use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command};

use crate::output::{Format, OutputConfig, PrintLevel};
use crate::{Diagnostic, Dialect, EnumMode, OptMode, Options, Projection};

/// The program name used in messages.
pub(super) const PROGRAM: &str = "mini-clingo";

/// What the run does (`--mode`, `--text`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(super) enum Mode {
    /// Ground and solve.
    #[default]
    Clingo,
    /// Ground and print aspif.
    Gringo,
    /// Read aspif and solve.
    Clasp,
    /// Ground and print the ground program as text.
    Text,
}

/// Everything the command line asked for.
#[derive(Clone, Debug, PartialEq, Default)]
pub(super) struct CliOptions {
    /// What the run does.
    pub(super) mode: Mode,
    /// Input files in order (empty: standard input).
    pub(super) files: Vec<String>,
    /// `-c name=term`, in order.
    pub(super) constants: Vec<(String, String)>,
    /// Solving options.
    pub(super) solve: Options,
    /// Printing options.
    pub(super) output: OutputConfig,
    /// `-W`: the warning classes (clingo's names, see `Diagnostic::warning_class`) whose
    /// messages are not printed.
    pub(super) silenced: Vec<&'static str>,
    /// `--check-models` (not in clingo): check every answer set with the independent checker.
    pub(super) check_models: bool,
}

impl CliOptions {
    /// Whether `-W` lets `diagnostic` be printed.
    pub(super) fn shows(&self, diagnostic: &Diagnostic) -> bool {
        !self.silenced.contains(&diagnostic.warning_class())
    }
}

/// What parsing the command line produced.
#[derive(Debug, PartialEq)]
pub(super) enum Parsed {
    /// Run with these options.
    Run(Box<CliOptions>),
    /// Print this text (help, version) and exit 0.
    Print(String),
    /// Bad option: print this message on stderr and exit with code 1.
    Error(String),
}

fn value_arg(name: &'static str) -> Arg {
    Arg::new(name).long(name).action(ArgAction::Set)
}

fn optional_arg(name: &'static str, implicit: &'static str) -> Arg {
    value_arg(name)
        .num_args(0..=1)
        .require_equals(true)
        .default_missing_value(implicit)
}

/// The clap command describing clingo's options.
fn command() -> Command {
    Command::new(PROGRAM)
        .about("mini-clingo: grounding and solving of answer set programs, clingo-compatible")
        .override_usage("mini-clingo [number] [options] [files]")
        .disable_version_flag(true)
        .args([
            value_arg("models")
                .short('n')
                .help("Compute at most <n> models (0 for all)"),
            value_arg("const")
                .short('c')
                .action(ArgAction::Append)
                .help("Replace term occurrences of <id> with <term> (<id>=<term>)"),
            optional_arg("project", "auto")
                .help("Enable projective solution enumeration {show|project|auto}"),
            value_arg("enum-mode")
                .short('e')
                .help("Configure enumeration algorithm {auto|bt|record|brave|cautious}"),
            value_arg("opt-mode").help("Configure optimization algorithm {opt|optN|enum|ignore}"),
            optional_arg("quiet", "2,2,2")
                .short('q')
                .help("Configure printing of models, costs, and calls <mod>[,<cost>][,<call>]"),
            optional_arg("verbose", "2")
                .short('V')
                .help("Set verbosity level to <n>"),
            value_arg("outf").help("Use {0=default|1=competition|2=JSON|3=no} output"),
            value_arg("time-limit").help("Set time limit to <n> seconds (0=no limit)"),
            optional_arg("stats", "1")
                .short('s')
                .help("Enable {1=basic|2=full} statistics"),
            Arg::new("text")
                .long("text")
                .action(ArgAction::SetTrue)
                .help("Print plain text format"),
            value_arg("mode").help("Run in {clingo|clasp|gringo} mode"),
            value_arg("dialect").help("Input language {auto|clingo|gringo3}"),
            value_arg("seed").help("Set random number generator's seed to <n>"),
            value_arg("heuristic").help(
                "Configure decision heuristic {Berkmin|Vmtf|Vsids|Domain|Unit|None}[,<n>] \
                 (Domain applies #heuristic statements; the others all use the default)",
            ),
            value_arg("forget-on-step").help(
                "Configure forgetting on (incremental) step {varScores|signs|lemmaScores|lemmas}[,...] \
                 (lemmas: the learnt nogoods are deleted before each solve call)",
            ),
            value_arg("warn")
                .short('W')
                .action(ArgAction::Append)
                .help("Enable/disable warnings: none|all|[no-]<name> (clingo's names)"),
            Arg::new("check-models")
                .long("check-models")
                .action(ArgAction::SetTrue)
                .help("Check every answer set with the independent stable-model checker"),
            Arg::new("version")
                .long("version")
                .short('v')
                .action(ArgAction::SetTrue)
                .help("Print version information and exit"),
            Arg::new("inputs").action(ArgAction::Append).num_args(0..),
        ])
}

/// Parses `args` (without the program name).
pub(super) fn parse(args: &[String]) -> Parsed {
    let argv = std::iter::once(PROGRAM.to_string()).chain(args.iter().map(|a| expand_short(a)));
    let matches = match command().try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::DisplayHelp => return Parsed::Print(e.to_string()),
        Err(e) => return Parsed::Error(clingo_message(&e)),
    };
    if matches.get_flag("version") {
        return Parsed::Print(version_text());
    }
    match from_matches(&matches) {
        Ok(options) => Parsed::Run(Box::new(options)),
        Err(message) => Parsed::Error(context_error(&message)),
    }
}

/// `-q1`, `-V0`, `-s2`: short options with an optional attached value become `--quiet=1` etc.
/// (clap only attaches optional values with `=`).
fn expand_short(arg: &str) -> String {
    let long = match arg.get(..2) {
        Some("-q") => "quiet",
        Some("-V") => "verbose",
        Some("-s") => "stats",
        _ => return arg.to_string(),
    };
    match arg.get(2..) {
        Some(value) if !value.is_empty() => {
            format!("--{long}={}", value.trim_start_matches('='))
        }
        _ => arg.to_string(),
    }
}

/// `mini-clingo version X` and the license line.
pub(super) fn version_text() -> String {
    format!(
        "{PROGRAM} version {}\nLicense: The MIT License <https://opensource.org/licenses/MIT>\n",
        env!("CARGO_PKG_VERSION")
    )
}

fn context_error(message: &str) -> String {
    format!("In context '<{PROGRAM}>': {message}")
}

fn invalid(value: &str, option: &str) -> String {
    format!("'{value}' invalid value for: '{option}'")
}

/// clingo's wording for clap's errors.
fn clingo_message(error: &clap::Error) -> String {
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(" "),
        _ => String::new(),
    };
    let option = option_name(&context(ContextKind::InvalidArg));
    match error.kind() {
        ErrorKind::UnknownArgument => context_error(&format!(
            "unknown option: '{}'",
            option_name(&context(ContextKind::InvalidArg))
        )),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            context_error(&invalid(&context(ContextKind::InvalidValue), &option))
        }
        ErrorKind::ArgumentConflict => context_error(&format!("multiple occurrences: '{option}'")),
        ErrorKind::NoEquals | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("SyntaxError: '{option}' requires a value!")
        }
        _ => context_error(error.kind().as_str().unwrap_or("bad command line")),
    }
}

/// `--models <MODELS>` → `models`.
fn option_name(raw: &str) -> String {
    raw.trim_start_matches('-')
        .split([' ', '='])
        .next()
        .unwrap_or("")
        .to_string()
}

fn from_matches(m: &ArgMatches) -> Result<CliOptions, String> {
    let mut options = CliOptions::default();
    let text = m.get_flag("text");
    options.mode = parse_mode(m.get_one::<String>("mode"), text)?;
    let (files, positional_models) = split_inputs(m)?;
    options.files = files;
    options.constants = parse_constants(m)?;
    options.solve = parse_solve(m, positional_models)?;
    options.output = parse_output(m)?;
    options.silenced = parse_warnings(m)?;
    options.check_models = m.get_flag("check-models");
    Ok(options)
}

/// The warning classes `-W` silences, the values applied in order: `none` silences all,
/// `all` none, `no-<name>` one class and `<name>` enables it again.
fn parse_warnings(m: &ArgMatches) -> Result<Vec<&'static str>, String> {
    const NAMES: [&str; 5] = [
        "atom-undefined",
        "file-included",
        "operation-undefined",
        "global-variable",
        "other",
    ];
    let mut silenced: Vec<&'static str> = Vec::new();
    for value in m.get_many::<String>("warn").into_iter().flatten() {
        let name = value.trim_start_matches("no-");
        match (value.as_str(), NAMES.iter().find(|n| **n == name)) {
            ("none", _) => silenced = NAMES.to_vec(),
            ("all", _) => silenced.clear(),
            (_, Some(&class)) if value.starts_with("no-") => {
                if !silenced.contains(&class) {
                    silenced.push(class);
                }
            }
            (_, Some(&class)) => silenced.retain(|c| *c != class),
            (other, None) => return Err(invalid(other, "warn")),
        }
    }
    Ok(silenced)
}

fn parse_mode(mode: Option<&String>, text: bool) -> Result<Mode, String> {
    let mode = match mode.map(String::as_str) {
        None | Some("clingo") => Mode::Clingo,
        Some("gringo") => Mode::Gringo,
        Some("clasp") => Mode::Clasp,
        Some(other) => return Err(invalid(other, "mode")),
    };
    Ok(if text && mode != Mode::Clasp {
        Mode::Text
    } else {
        mode
    })
}

/// Files, and the model count given as a positional number.
fn split_inputs(m: &ArgMatches) -> Result<(Vec<String>, Option<u64>), String> {
    let mut files = Vec::new();
    let mut models = None;
    for input in m.get_many::<String>("inputs").into_iter().flatten() {
        match input.parse::<u64>() {
            Ok(n) if models.is_none() => models = Some(n),
            Ok(_) => return Err("multiple occurrences: 'models'".to_string()),
            Err(_) => files.push(input.clone()),
        }
    }
    Ok((files, models))
}

fn parse_constants(m: &ArgMatches) -> Result<Vec<(String, String)>, String> {
    let mut constants = Vec::new();
    for c in m.get_many::<String>("const").into_iter().flatten() {
        match c.split_once('=') {
            Some((name, term)) if !name.is_empty() => {
                constants.push((name.trim().to_string(), term.to_string()))
            }
            _ => return Err(invalid(c, "const")),
        }
    }
    Ok(constants)
}

fn number<T: std::str::FromStr>(m: &ArgMatches, name: &str) -> Result<Option<T>, String> {
    match m.get_one::<String>(name) {
        None => Ok(None),
        Some(v) => v.trim().parse().map(Some).map_err(|_| invalid(v, name)),
    }
}

fn parse_solve(m: &ArgMatches, positional_models: Option<u64>) -> Result<Options, String> {
    let models = number::<u64>(m, "models")?;
    if models.is_some() && positional_models.is_some() {
        return Err("multiple occurrences: 'models'".to_string());
    }
    let time_limit = number::<u64>(m, "time-limit")?.filter(|&s| s > 0);
    Ok(Options {
        models: models.or(positional_models),
        enum_mode: parse_enum_mode(m.get_one::<String>("enum-mode"))?,
        opt_mode: parse_opt_mode(m.get_one::<String>("opt-mode"))?,
        projection: parse_projection(m.get_one::<String>("project"))?,
        seed: number::<u64>(m, "seed")?.unwrap_or(0),
        time_limit: time_limit.map(Duration::from_secs),
        dialect: parse_dialect(m.get_one::<String>("dialect"))?,
        domain_heuristic: parse_heuristic(m.get_one::<String>("heuristic"))?,
        forget_learnts: parse_forget(m.get_one::<String>("forget-on-step"))?,
    })
}

/// `--forget-on-step=<list>`: clasp's `varScores,signs,lemmaScores,lemmas` (any case), or a
/// number (their bit mask: lemmas is 8); whether the learnt nogoods are forgotten. The other
/// parts name heuristic state, which our solver keeps in any case.
fn parse_forget(value: Option<&String>) -> Result<bool, String> {
    let Some(value) = value else {
        return Ok(false);
    };
    if let Ok(mask) = value.parse::<u32>() {
        return if mask < 16 {
            Ok(mask & 8 != 0)
        } else {
            Err(invalid(value, "forget-on-step"))
        };
    }
    let known = ["varscores", "signs", "lemmascores", "lemmas"];
    let parts: Vec<String> = value.split(',').map(str::to_ascii_lowercase).collect();
    if parts.iter().any(|p| !known.contains(&p.as_str())) {
        return Err(invalid(value, "forget-on-step"));
    }
    Ok(parts.iter().any(|p| p == "lemmas"))
}

/// `--heuristic=<name>[,<n>]` as clasp accepts it (names in any case); whether it is Domain.
fn parse_heuristic(value: Option<&String>) -> Result<bool, String> {
    let Some(value) = value else {
        return Ok(false);
    };
    let (name, number) = match value.split_once(',') {
        Some((name, n)) => (name, Some(n)),
        None => (value.as_str(), None),
    };
    let known = ["berkmin", "vmtf", "vsids", "domain", "unit", "none"];
    let name = name.to_ascii_lowercase();
    let number_ok = number.is_none_or(|n| n.parse::<u32>().is_ok());
    if !known.contains(&name.as_str()) || !number_ok {
        return Err(invalid(value, "heuristic"));
    }
    Ok(name == "domain")
}

fn parse_enum_mode(value: Option<&String>) -> Result<EnumMode, String> {
    Ok(match value.map(String::as_str) {
        None | Some("auto") => EnumMode::Auto,
        Some("bt") => EnumMode::Backtrack,
        Some("record") => EnumMode::Record,
        Some("brave") => EnumMode::Brave,
        Some("cautious") => EnumMode::Cautious,
        Some(other) => return Err(invalid(other, "enum-mode")),
    })
}

fn parse_opt_mode(value: Option<&String>) -> Result<OptMode, String> {
    Ok(match value.map(String::as_str) {
        None | Some("opt") => OptMode::Opt,
        Some("optN") => OptMode::OptN,
        Some("enum") => OptMode::Enum,
        Some("ignore") => OptMode::Ignore,
        Some(other) => return Err(invalid(other, "opt-mode")),
    })
}

fn parse_projection(value: Option<&String>) -> Result<Projection, String> {
    let Some(value) = value else {
        return Ok(Projection::Off);
    };
    let mode = value.split(',').next().unwrap_or("");
    Ok(match mode {
        "no" => Projection::Off,
        "show" => Projection::Show,
        "project" => Projection::Project,
        "auto" => Projection::Auto,
        _ => return Err(invalid(value, "project")),
    })
}

fn parse_dialect(value: Option<&String>) -> Result<Dialect, String> {
    Ok(match value.map(String::as_str) {
        None | Some("auto") => Dialect::Auto,
        Some("clingo") => Dialect::Clingo,
        Some("gringo3") => Dialect::Gringo3,
        Some(other) => return Err(invalid(other, "dialect")),
    })
}

fn print_level(value: &str, option: &str) -> Result<PrintLevel, String> {
    match value.trim() {
        "0" => Ok(PrintLevel::All),
        "1" => Ok(PrintLevel::Best),
        "2" => Ok(PrintLevel::No),
        _ => Err(invalid(value, option)),
    }
}

fn parse_output(m: &ArgMatches) -> Result<OutputConfig, String> {
    let mut config = OutputConfig::default();
    if let Some(quiet) = m.get_one::<String>("quiet") {
        let mut levels = quiet.split(',');
        let models = print_level(levels.next().unwrap_or(""), "quiet")?;
        let costs = match levels.next() {
            Some(level) => print_level(level, "quiet")?,
            None => models,
        };
        if let Some(call) = levels.next() {
            print_level(call, "quiet")?;
        }
        config.models = models;
        config.costs = costs;
    }
    if let Some(verbosity) = number::<u32>(m, "verbose")? {
        config.verbosity = verbosity;
    }
    config.format = match number::<u32>(m, "outf")? {
        None | Some(0) => Format::Text,
        Some(1) => Format::Competition,
        Some(2) => Format::Json,
        Some(3) => Format::None,
        Some(other) => return Err(invalid(&other.to_string(), "outf")),
    };
    if let Some(stats) = m.get_one::<String>("stats") {
        let level = stats.split(',').next().unwrap_or("");
        config.stats = level.trim().parse().map_err(|_| invalid(stats, "stats"))?;
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    fn run(line: &str) -> CliOptions {
        match parse(&args(line)) {
            Parsed::Run(options) => *options,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn error(line: &str) -> String {
        match parse(&args(line)) {
            Parsed::Error(message) => message,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn positional_number_is_the_model_count() {
        let options = run("a.lp 0 b.lp");
        assert_eq!(options.files, vec!["a.lp", "b.lp"]);
        assert_eq!(options.solve.models, Some(0));
        assert_eq!(run("a.lp").solve.models, None);
        assert_eq!(run("-n 3 a.lp").solve.models, Some(3));
        assert_eq!(run("--models=5").solve.models, Some(5));
    }

    #[test]
    fn modes_and_enumeration() {
        let options = run("-e brave --opt-mode=optN --project --time-limit=2 --seed=7");
        assert_eq!(options.solve.enum_mode, EnumMode::Brave);
        assert_eq!(options.solve.opt_mode, OptMode::OptN);
        assert_eq!(options.solve.projection, Projection::Auto);
        assert_eq!(options.solve.time_limit, Some(Duration::from_secs(2)));
        assert_eq!(options.solve.seed, 7);
        assert_eq!(run("--project=show").solve.projection, Projection::Show);
        assert_eq!(
            run("--enum-mode=cautious").solve.enum_mode,
            EnumMode::Cautious
        );
        assert_eq!(run("--text x.lp").mode, Mode::Text);
        assert_eq!(run("--mode=gringo").mode, Mode::Gringo);
        assert_eq!(run("--mode=clasp").mode, Mode::Clasp);
        assert!(run("--heuristic=Domain").solve.domain_heuristic);
        assert!(run("--heuristic=domain,3").solve.domain_heuristic);
        assert!(!run("--heuristic=Vsids,92").solve.domain_heuristic);
        assert!(!run("x.lp").solve.domain_heuristic);
        assert!(run("--forget-on-step=lemmas").solve.forget_learnts);
        assert!(run("--forget-on-step=signs,Lemmas").solve.forget_learnts);
        assert!(run("--forget-on-step=8").solve.forget_learnts);
        assert!(!run("--forget-on-step=varScores,signs").solve.forget_learnts);
        assert!(!run("x.lp").solve.forget_learnts);
        assert_eq!(run("--dialect=gringo3").solve.dialect, Dialect::Gringo3);
        assert!(run("--check-models").check_models);
        assert!(!run("0").check_models);
        assert_eq!(run("-W none").silenced.len(), 5);
        assert_eq!(run("--warn=no-atom-undefined").silenced, ["atom-undefined"]);
        assert!(run("-W none -W all").silenced.is_empty());
        let some = run("-W none -W atom-undefined -W no-other");
        assert!(!some.silenced.contains(&"atom-undefined"));
        assert_eq!(some.silenced.len(), 4);
    }

    #[test]
    fn quiet_verbose_outf_stats() {
        let o = run("-q").output;
        assert_eq!((o.models, o.costs), (PrintLevel::No, PrintLevel::No));
        let o = run("-q1").output;
        assert_eq!((o.models, o.costs), (PrintLevel::Best, PrintLevel::Best));
        let o = run("--quiet=1,0").output;
        assert_eq!((o.models, o.costs), (PrintLevel::Best, PrintLevel::All));
        assert_eq!(run("-V0").output.verbosity, 0);
        assert_eq!(run("--outf=2").output.format, Format::Json);
        assert_eq!(run("--stats").output.stats, 1);
        assert_eq!(run("--stats=2").output.stats, 2);
    }

    #[test]
    fn constants_in_order() {
        let options = run("-c n=5 --const m=f(1)");
        let expected = vec![
            ("n".to_string(), "5".to_string()),
            ("m".to_string(), "f(1)".to_string()),
        ];
        assert_eq!(options.constants, expected);
    }

    #[test]
    fn errors_use_clingo_wording() {
        assert_eq!(
            error("--foo t.lp"),
            "In context '<mini-clingo>': unknown option: 'foo'"
        );
        assert_eq!(
            error("--models=abc"),
            "In context '<mini-clingo>': 'abc' invalid value for: 'models'"
        );
        assert_eq!(
            error("--enum-mode=foo"),
            "In context '<mini-clingo>': 'foo' invalid value for: 'enum-mode'"
        );
        assert_eq!(
            error("--heuristic=Domain,"),
            "In context '<mini-clingo>': 'Domain,' invalid value for: 'heuristic'"
        );
        assert_eq!(
            error("t.lp 0 3"),
            "In context '<mini-clingo>': multiple occurrences: 'models'"
        );
    }

    #[test]
    fn help_and_version_are_printed() {
        assert!(matches!(parse(&args("--help")), Parsed::Print(t) if t.contains("--models")));
        assert!(
            matches!(parse(&args("--version")), Parsed::Print(t) if t.starts_with("mini-clingo version"))
        );
    }
}
