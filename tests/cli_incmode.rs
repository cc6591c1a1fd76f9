//! `#include <incmode>.` on the command line against clingo 5.8.3's output: every case of
//! `tests/cli/cases_incmode.txt`.

mod common;

#[test]
fn incmode_cases_match_clingo() {
    let failures = common::check_cases("cases_incmode.txt");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The lines of `text` whose key (before `:`) is one of `keys`, in order.
fn lines_with_keys(text: &str, keys: &[&str]) -> Vec<String> {
    let key = |line: &str| line.split(':').next().unwrap_or("").trim_end().to_string();
    text.lines()
        .filter(|line| keys.contains(&key(line).as_str()))
        .map(str::to_string)
        .collect()
}

/// `--stats` of incremental runs (`tests/cli/cases_incmode_stats.txt`): the call count, the
/// accumulated `Problems` with their average guiding-path length, and the program counts are
/// clingo's; the search counters depend on the solver and are not compared.
#[test]
fn incmode_stats_accumulate_over_calls_as_clingo() {
    let keys = [
        "Models", "Calls", "Problems", "Rules", "  Choice", "Atoms", "Tight",
    ];
    for case in common::cases("cases_incmode_stats.txt") {
        let got = common::run(&case.args, "");
        let want = common::expected(&case.name);
        assert_eq!(got.code, want.code, "{}", case.name);
        let (got, want) = (
            lines_with_keys(&got.stdout, &keys),
            lines_with_keys(&want.stdout, &keys),
        );
        assert_eq!(got.len(), keys.len(), "{}: {got:?}", case.name);
        assert_eq!(got, want, "{}", case.name);
    }
}
