//! The command line against clingo 5.8.3's recorded outputs on program text (grounder and
//! solver together): every case of `tests/cli/cases_ground.txt`.

mod common;

#[test]
fn every_case_matches_clingo() {
    let failures = common::check_cases("cases_ground.txt");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
