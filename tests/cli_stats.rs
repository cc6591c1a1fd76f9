//! `--stats`: clasp's statistics block after the summary, with clasp's keys in clasp's order
//! and layout. Values that depend only on the program are checked exactly; search counts
//! (choices, conflicts, variables, ...) depend on the solver, so only their keys are.

mod common;

/// The lines after `CPU Time` of a run with `flag` (`--stats`, `--stats=2`) on
/// `tests/cli/stats.lp`.
fn stats_lines(flag: &str) -> Vec<String> {
    let args = [flag.to_string(), "stats.lp".to_string(), "0".to_string()];
    let out = common::run(&args, "");
    assert_eq!(out.code, 30, "{}", out.stderr);
    let lines: Vec<String> = out.stdout.lines().map(str::to_string).collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("CPU Time"))
        .expect("summary");
    lines[start + 1..].to_vec()
}

fn key(line: &str) -> &str {
    line.split(':').next().unwrap_or("").trim_end()
}

#[test]
fn stats_block_has_clasps_keys_and_the_programs_counts() {
    let lines = stats_lines("--stats");
    let keys: Vec<&str> = lines.iter().map(|l| key(l)).collect();
    assert_eq!(
        keys,
        [
            "",
            "Choices",
            "Conflicts",
            "Restarts",
            "Problems",
            "Lemmas",
            "",
            "Rules",
            "  Choice",
            "  Minimize",
            "Atoms",
            "Disjunctions",
            "Bodies",
            "  Sum",
            "  Count",
            "Equivalences",
            "Tight",
            "Variables",
            "Constraints",
        ]
    );
    let exact = [
        "Problems     : 1        (Average Length: 0.00 Splits: 0)",
        "Rules        : 8       ",
        "  Choice     : 1       ",
        "  Minimize   : 1       ",
        "Atoms        : 10      ",
        "Disjunctions : 0        (Original: 2)",
        "Bodies       : 10      ",
        "  Sum        : 1       ",
        "  Count      : 1       ",
        "Tight        : Yes",
    ];
    for line in exact {
        assert!(
            lines.iter().any(|l| l == line),
            "missing {line:?} in {lines:#?}"
        );
    }
}

#[test]
fn stats_level_two_prints_the_same_block() {
    let keys = |lines: Vec<String>| lines.iter().map(|l| key(l).to_string()).collect::<Vec<_>>();
    assert_eq!(keys(stats_lines("--stats=2")), keys(stats_lines("--stats")));
}

#[test]
fn stats_after_an_input_error_are_zero_and_tight() {
    let args = ["--stats".to_string(), "err.lp".to_string()];
    let out = common::run(&args, "");
    assert_eq!(out.code, 65);
    let tail: Vec<&str> = out
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("CPU"))
        .collect();
    assert_eq!(
        tail[1..],
        [
            "",
            "Choices      : 0       ",
            "Conflicts    : 0        (Analyzed: 0)",
            "Restarts     : 0       ",
            "Problems     : 0        (Average Length: 0.00 Splits: 0)",
            "Lemmas       : 0        (Deleted: 0)",
            "",
            "Rules        : 0       ",
            "Atoms        : 0       ",
            "Bodies       : 0       ",
            "Tight        : Yes",
            "Variables    : 0        (Eliminated:    0 Frozen:    0)",
            "Constraints  : 0       ",
        ]
    );
}

/// clasp's average guiding-path length is the number of externals a search assumes (true or
/// false, not free); clingo 5.8.3 prints 2.00 here.
#[test]
fn problems_average_length_counts_assumed_externals() {
    let args = ["--stats".to_string()];
    let out = common::run(
        &args,
        "#external e. #external f. [true] #external g. [free] {a}.",
    );
    let problems = out.stdout.lines().find(|l| l.starts_with("Problems"));
    assert_eq!(
        problems,
        Some("Problems     : 1        (Average Length: 2.00 Splits: 0)")
    );
}

/// `Equivalences` counts the bodies without a variable of their own (here the empty body of
/// `{a}.` and `{a, e}`, which takes `b`'s variable); `Frozen` the external atoms (clingo
/// 5.8.3 prints `Frozen:    1` here too).
#[test]
fn equivalences_and_frozen_count_shared_bodies_and_externals() {
    let args = ["--stats".to_string()];
    let out = common::run(&args, "{a}. #external e. b :- a, e.");
    let line = |key: &str| {
        out.stdout
            .lines()
            .find(|l| l.starts_with(key))
            .map(str::to_string)
    };
    assert_eq!(
        line("Equivalences").as_deref(),
        Some("Equivalences : 2        (Atom=Atom: 0 Body=Body: 0 Other: 2)")
    );
    let variables = line("Variables").unwrap_or_default();
    assert!(
        variables.ends_with("(Eliminated:    0 Frozen:    1)"),
        "{variables}"
    );
}
