//! The command line against clingo 5.8.3's recorded outputs, on aspif input (clasp mode) and
//! on command-line errors: every case of `tests/cli/cases.txt`.

mod common;

#[test]
fn every_case_matches_clingo() {
    let failures = common::check_cases("cases.txt");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn masking_keeps_answers_and_costs() {
    let masked = common::mask("Answer: 12 (Time: 0.003s)\nOptimization: 3 10\n");
    assert_eq!(masked, "Answer: 12 (Time: Ts)\nOptimization: 3 10\n");
}
