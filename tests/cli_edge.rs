//! `#edge` and `#heuristic` on aspif and text input against clingo 5.8.3's recorded outputs: every case
//! of `tests/cli/cases_edge.txt`.

mod common;

#[test]
fn every_edge_and_heuristic_case_matches_clingo() {
    let failures = common::check_cases("cases_edge.txt");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
