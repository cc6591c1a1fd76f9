//! Round trips through the command line: `--mode=gringo` output read back by `--mode=clasp`,
//! and `--text` output grounded again.

mod common;

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
