//! Round trips through the command line: `--mode=gringo` output read back by `--mode=clasp`,
//! `--text` output grounded again, and Ctrl-C during a long search.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn args(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_string).collect()
}

/// The answer lines of a run, sorted (the order of answers is the search's business).
fn answers(stdout: &str) -> Vec<String> {
    let masked = common::unordered_atoms(&common::mask(stdout));
    let mut lines: Vec<String> = Vec::new();
    let mut after_answer = false;
    for line in masked.lines() {
        if after_answer {
            lines.push(line.to_string());
        }
        after_answer = line.starts_with("Answer:");
    }
    lines.sort();
    lines
}

#[test]
fn aspif_from_gringo_mode_solves_like_the_program() {
    for program in ["t1.lp", "card.lp", "show.lp", "terms.lp", "opt.lp"] {
        let direct = common::run(&args(&format!("{program} 0")), "");
        let aspif = common::run(&args(&format!("--mode=gringo {program}")), "");
        assert_eq!(aspif.code, 0, "{program}: {}", aspif.stderr);
        assert!(aspif.stdout.starts_with("asp 1 0 0"), "{program}");
        let solved = common::run(&args("--mode=clasp 0"), &aspif.stdout);
        assert_eq!(solved.code, direct.code, "{program}");
        assert_eq!(
            answers(&solved.stdout),
            answers(&direct.stdout),
            "{program}"
        );
        assert!(!answers(&direct.stdout).is_empty(), "{program}");
    }
}

#[test]
fn text_output_grounds_to_the_same_answers() {
    let programs = [
        "t1.lp",
        "facts.lp",
        "terms.lp",
        "facts_order.lp",
        "text_aggregates.lp",
        "text_show.lp",
        "text_hidden.lp",
        "text_pools.lp",
    ];
    for program in programs {
        let direct = common::run(&args(&format!("{program} 0")), "");
        assert!(!answers(&direct.stdout).is_empty(), "{program}");
        let text = common::run(&args(&format!("--text {program}")), "");
        assert_eq!(text.code, 0, "{program}: {}", text.stderr);
        let again = common::run(&args("0"), &text.stdout);
        assert_eq!(again.code, direct.code, "{program}");
        assert_eq!(answers(&again.stdout), answers(&direct.stdout), "{program}");
    }
}

/// The last `Optimization:` line of a run.
fn optimum(stdout: &str) -> Option<String> {
    stdout
        .lines()
        .rev()
        .find(|l| l.starts_with("Optimization:"))
        .map(str::to_string)
}

#[test]
fn text_output_keeps_the_optimum_of_weak_constraints_and_minimize() {
    for program in ["opt.lp", "optn.lp"] {
        let direct = common::run(&args(&format!("--opt-mode=optN 0 {program}")), "");
        let text = common::run(&args(&format!("--text {program}")), "");
        assert_eq!(text.code, 0, "{program}: {}", text.stderr);
        assert!(text.stdout.contains(":~"), "{program}: {}", text.stdout);
        let again = common::run(&args("--opt-mode=optN 0"), &text.stdout);
        assert_eq!(again.code, direct.code, "{program}");
        assert!(optimum(&direct.stdout).is_some(), "{program}");
        assert_eq!(optimum(&again.stdout), optimum(&direct.stdout), "{program}");
    }
}

/// Sends SIGINT to `child` once its stdout has printed a line ending in `marker`; the exit code
/// and the (masked) output after that line.
fn interrupt_after(mut child: std::process::Child, marker: &str) -> (Option<i32>, String) {
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = String::new();
    while !seen.ends_with(marker) {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).expect("read") > 0, "{seen}");
        seen.push_str(&line);
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

const INTERRUPTED: &str = "UNKNOWN\n\nINTERRUPTED  : 1\nModels       : 0+\nCalls        : 1\n";

#[test]
fn sigint_stops_the_search_and_prints_the_summary() {
    let child = Command::new(env!("CARGO_BIN_EXE_mini-clingo"))
        .args(["--mode=clasp", "hard.aspif"])
        .current_dir(common::cli_dir())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let (code, rest) = interrupt_after(child, "Solving...\n");
    assert_eq!(code, Some(1), "{rest}");
    assert!(rest.starts_with(INTERRUPTED), "{rest}");
}

#[test]
fn sigint_stops_grounding_and_prints_the_summary() {
    // Grounds for minutes (until the grounding limit): the signal arrives while grounding.
    let program = "p(X+1) :- p(X), X < 100000000. p(0).\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_mini-clingo"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut stdin, program.as_bytes()).expect("write");
    drop(stdin);
    let (code, rest) = interrupt_after(child, "Reading from stdin\n");
    assert_eq!(code, Some(1), "{rest}");
    assert!(rest.starts_with(INTERRUPTED), "{rest}");
}
