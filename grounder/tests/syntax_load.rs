//! `load`: includes resolved relative to the including file, each file once, missing files
//! reported at the directive (texts as clingo 5.8.3 prints them).

use grounder::{syntax, Dialect, Source};

fn fixture(name: &str) -> Source {
    let path = format!(
        "{}/tests/fixtures/include/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read(&path).unwrap();
    Source::new(path, text)
}

#[test]
fn includes_are_inlined_once() {
    let loaded = syntax::load(&[fixture("main.lp")], Dialect::Auto).unwrap();
    assert_eq!(loaded.program.to_string(), "c.\nb.\na.\n");
    assert_eq!(loaded.infos.len(), 1);
    let info = loaded.infos[0].to_string();
    assert!(
        info.ends_with("main.lp:2:1-21: warning: already included file:\n  sub/b.lp"),
        "{info}"
    );
}

#[test]
fn a_file_including_itself_is_read_once() {
    let loaded = syntax::load(&[fixture("self.lp")], Dialect::Auto).unwrap();
    assert_eq!(loaded.program.to_string(), "a.\n");
    assert_eq!(loaded.infos.len(), 1);
}

#[test]
fn a_missing_include_is_an_error_at_the_directive() {
    let errors = syntax::load(&[fixture("broken.lp")], Dialect::Auto).unwrap_err();
    let text = errors[0].to_string();
    assert!(
        text.ends_with("broken.lp:1:1-23: error: file could not be opened:\n  missing.lp"),
        "{text}"
    );
}

#[test]
fn sources_are_concatenated_and_errors_collected() {
    let a = Source::new("<string>", "a. b :- a.");
    let b = Source::new("x.lp", "c :- .\n");
    let loaded = syntax::load(&[a.clone(), b], Dialect::Auto).unwrap();
    assert_eq!(loaded.program.to_string(), "a.\nb :- a.\nc.\n");
    let bad = Source::new("y.lp", "p(.\n");
    let errors = syntax::load(&[a, bad.clone(), bad], Dialect::Auto).unwrap_err();
    assert_eq!(errors.len(), 2);
    assert_eq!(
        errors[0].to_string(),
        "y.lp:1:3-4: error: syntax error, unexpected ., expecting ) or ;"
    );
}
