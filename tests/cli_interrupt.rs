//! Ctrl-C in every phase of a run: SIGINT sent to the binary while it parses text, reads
//! aspif, grounds, searches, enumerates and optimizes. Each run stays long in its phase (the
//! signal arrives once a marker line is out, long before the phase could end), and each must
//! stop with clingo's result for an interrupted run: `UNKNOWN` and exit 1 before a model,
//! `SATISFIABLE` with `Models : N+` and exit 11 after one. How fast it stops is measured in
//! BENCHMARKS.md ("Interrupts"), not here.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// What clingo prints when interrupted before the first model (after the masked banner).
const INTERRUPTED: &str = "UNKNOWN\n\nINTERRUPTED  : 1\nModels       : 0+\nCalls        : 1\n";

/// Starts the binary with `args` in the CLI fixtures' directory, `stdin` written and closed.
fn spawn(args: &[&str], stdin: &str) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mini-clingo"))
        .args(args)
        .current_dir(common::cli_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("write");
    child
}

/// Sends SIGINT to `child` once its stdout has printed a line starting with `marker`; the
/// exit code and the (masked) output after that line.
fn interrupt_after(mut child: Child, marker: &str) -> (Option<i32>, String) {
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).expect("read") > 0, "{seen}");
        let found = line.starts_with(marker);
        seen.push_str(&line);
        if found {
            break;
        }
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).expect("read");
    let status = child.wait().expect("wait");
    (status.code(), common::mask(&rest))
}

/// A file in the system's temporary directory holding `lines` lines made by `line`, named
/// for this process so parallel test runs do not share it.
fn large_file(name: &str, header: &str, lines: usize, line: impl Fn(usize) -> String) -> PathBuf {
    let path = std::env::temp_dir().join(format!("mini-clingo-{}-{name}", std::process::id()));
    let mut text = String::from(header);
    for i in 0..lines {
        text.push_str(&line(i));
        text.push('\n');
    }
    std::fs::write(&path, text).expect("write the input");
    path
}

/// The interrupted summary after the first model: `SATISFIABLE`, `INTERRUPTED : 1` and a
/// model count with clingo's `+`.
fn assert_interrupted_after_models(code: Option<i32>, rest: &str) {
    assert_eq!(code, Some(11), "{rest}");
    let summary = &rest[rest.find("SATISFIABLE\n").expect(rest)..];
    assert!(
        summary.starts_with("SATISFIABLE\n\nINTERRUPTED  : 1\nModels       : "),
        "{summary}"
    );
    let models = summary.lines().nth(3).expect("models line");
    assert!(models.ends_with('+'), "{summary}");
}

#[test]
fn sigint_while_parsing_prints_the_unknown_summary() {
    // Half a million rules take seconds to read: the signal arrives while parsing.
    let n = 500_000;
    let path = large_file("parse.lp", "{p0}.\n", n, |i| {
        format!("p{i} :- p{}.", (i + 1) % n)
    });
    let child = spawn(&["0", "-q", path.to_str().expect("utf-8 path")], "");
    let (code, rest) = interrupt_after(child, "Reading from");
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, Some(1), "{rest}");
    assert!(rest.starts_with(INTERRUPTED), "{rest}");
}

#[test]
fn sigint_while_reading_aspif_prints_the_unknown_summary() {
    // The same loop as aspif rules `a :- b.`, read by `--mode=clasp`.
    let n = 500_000;
    let path = large_file("read.aspif", "asp 1 0 0\n1 1 1 1 0 0\n", n, |i| {
        format!("1 0 1 {} 0 1 {}", i + 1, (i + 1) % n + 1)
    });
    let child = spawn(
        &[
            "--mode=clasp",
            "0",
            "-q",
            path.to_str().expect("utf-8 path"),
        ],
        "",
    );
    let (code, rest) = interrupt_after(child, "Reading from");
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, Some(1), "{rest}");
    assert!(rest.starts_with(INTERRUPTED), "{rest}");
}

#[test]
fn sigint_while_grounding_prints_the_unknown_summary() {
    // Grounds for minutes (until the grounding limit): the signal arrives while grounding.
    let child = spawn(&[], "p(X+1) :- p(X), X < 100000000. p(0).\n");
    let (code, rest) = interrupt_after(child, "Reading from stdin");
    assert_eq!(code, Some(1), "{rest}");
    assert!(rest.starts_with(INTERRUPTED), "{rest}");
}

#[test]
fn sigint_during_the_search_prints_the_unknown_summary() {
    // A hard unsatisfiable instance: no model comes before the signal.
    let child = spawn(&["--mode=clasp", "hard.aspif"], "");
    let (code, rest) = interrupt_after(child, "Solving...");
    assert_eq!(code, Some(1), "{rest}");
    assert!(rest.starts_with(INTERRUPTED), "{rest}");
}

#[test]
fn sigint_during_enumeration_reports_the_models_found() {
    // 2^60 answers: the enumeration is still running when the signal arrives.
    let child = spawn(&["0"], "{p(1..60)}.\n");
    let (code, rest) = interrupt_after(child, "Answer: 1");
    assert_interrupted_after_models(code, &rest);
}

#[test]
fn sigint_during_optimization_reports_the_best_model_so_far() {
    // Proving this optimum takes far longer than the first improvements.
    let program = "d(1..200). {p(X) : d(X)}.\n\
                   :~ p(X), p(Y), X < Y, (X+Y) \\ 7 = 0. [1,X,Y]\n\
                   :~ not p(X), d(X), X \\ 3 = 0. [2,X]\n\
                   :- #count{X: p(X)} > 120.\n";
    let child = spawn(&["0"], program);
    let (code, rest) = interrupt_after(child, "Optimization: ");
    assert_interrupted_after_models(code, &rest);
    assert!(
        rest.contains("  Optimum    : unknown\nOptimization : "),
        "{rest}"
    );
}

#[test]
fn sigint_ends_an_incremental_loop_that_never_stops() {
    // Every step is unsatisfiable and no `imax` bounds the loop: only the signal ends it (clingo
    // 5.8.3 prints `Sending shutdown signal...` and goes on; we end with the run's summary).
    // A signal between two calls or while a step is grounded ends the loop after the last
    // unsatisfiable call (exit 20 + 1); one that the search sees leaves that call UNKNOWN.
    let program = "#include <incmode>.\n#program check(t). :- query(t).\n";
    let child = spawn(&["0"], program);
    let (code, rest) = interrupt_after(child, "Solving...");
    let (result, models) = match code {
        Some(21) => ("UNSATISFIABLE", "0"),
        Some(1) => ("UNKNOWN", "0+"),
        _ => panic!("exit code {code:?}: {rest}"),
    };
    let summary = &rest[rest.find(&format!("{result}\n")).expect(&rest)..];
    let expected =
        format!("{result}\n\nINTERRUPTED  : 1\nModels       : {models}\nCalls        : ");
    assert!(summary.starts_with(&expected), "{summary}");
}
