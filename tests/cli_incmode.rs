//! `#include <incmode>.` on the command line against clingo 5.8.3's output: every case of
//! `tests/cli/cases_incmode.txt`.

mod common;

#[test]
fn incmode_cases_match_clingo() {
    let failures = common::check_cases("cases_incmode.txt");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
