//! Golden tests of error messages: every `tests/fixtures/errors/NAME.lp` is parsed in the
//! clingo dialect and its messages must equal `NAME.expected`, which is what clingo 5.8.3
//! printed for the same file (the clingo 5.8.3 executable, `clingo --text NAME.lp`: its
//! message lines; re-checked against the executable, all 56 equal).

use std::path::PathBuf;

use grounder::{syntax, Dialect, Source};

/// The messages for one file, one per line.
fn messages(name: &str, text: Vec<u8>) -> String {
    match syntax::parse(&Source::new(name, text), Dialect::Clingo) {
        Ok(_) => String::new(),
        Err(errors) => errors.iter().map(|e| format!("{e}\n")).collect(),
    }
}

#[test]
fn messages_match_clingo() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/errors");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".lp"))
        .collect();
    names.sort();
    assert!(names.len() >= 20);
    let mut failures = Vec::new();
    for name in names {
        let text = std::fs::read(dir.join(&name)).unwrap();
        let expected = std::fs::read_to_string(dir.join(name.replace(".lp", ".expected"))).unwrap();
        let got = messages(&name, text);
        if got != expected {
            failures.push(format!(
                "{name}:\n  expected: {expected:?}\n  got:      {got:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
