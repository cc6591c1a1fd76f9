//! The `Session` API beyond clingo's answers (those are in `multishot.rs`): the one-shot
//! `ground` is a session grounding `base`, `#include <incmode>`, refreshing the output table,
//! an interrupted session.

use grounder::{ground, GroundOptions, Session, Source, Symbol};
use solver_core::Interrupt;

fn fixture(name: &str) -> Source {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read(&path).expect("fixture");
    Source::new(path, text)
}

fn shown(symbols: &[Symbol]) -> Vec<String> {
    symbols.iter().map(Symbol::to_string).collect()
}

#[test]
fn one_shot_ground_is_a_session_grounding_base() {
    for name in [
        "dominoes.lp",
        "flowerfinder.lp",
        "frog-cards.lp",
        "hinomaru-pieces.lp",
    ] {
        let source = fixture(name);
        let options = GroundOptions::default();
        let once = ground(std::slice::from_ref(&source), &options).expect("grounds");
        let mut session = Session::new(options);
        session.add(&source).expect("adds");
        let step = session.ground(&[("base", Vec::new())]).expect("grounds");
        assert_eq!(step.program, once.program, "{name}");
        assert_eq!(step.first_atom, 1);
        let once_shown: Vec<Symbol> = once.symbols.shown_symbols().collect();
        assert_eq!(shown(&step.shown), shown(&once_shown), "{name}");
        let once_atoms: Vec<Option<Symbol>> = (0..once.symbols.atom_len())
            .map(|i| once.symbols.atom(i))
            .collect();
        assert_eq!(step.atoms, once_atoms, "{name}");
        assert!(step.errors.is_empty());
    }
}

#[test]
fn incmode_is_recorded_and_refused_by_the_one_shot_ground() {
    let mut session = Session::new(GroundOptions::default());
    assert!(!session.incmode());
    let text = "#include <incmode>.\n#include <incmode>.\na.";
    session.add(&Source::new("<block>", text)).expect("adds");
    assert!(session.incmode());
    let step = session.ground(&[("base", Vec::new())]).expect("grounds");
    let infos: Vec<String> = step.infos.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        infos,
        ["<block>:2:1-20: warning: already included file:\n  <incmode>"]
    );
    assert_eq!(shown(&step.shown), ["a"]);

    let unknown = Source::new("<block>", "#include <foo>.");
    let error = session.add(&unknown).expect_err("no such library");
    let text = error.diagnostics[0].to_string();
    assert_eq!(
        text,
        "<block>:1:1-16: error: file could not be opened:\n  <foo>"
    );

    let source = Source::new("<block>", "#include <incmode>. a.");
    let error = ground(&[source], &GroundOptions::default()).expect_err("refused");
    assert!(error.diagnostics[0].message.contains("not supported"));
}

#[test]
fn a_show_directive_added_later_takes_effect_at_the_next_grounding() {
    let mut session = Session::new(GroundOptions::default());
    session
        .add(&Source::new("<block>", "{p}. q."))
        .expect("adds");
    let step = session.ground(&[("base", Vec::new())]).expect("grounds");
    assert_eq!(shown(&step.shown), ["p", "q"]);
    session
        .add(&Source::new("<block>", "#show q/0."))
        .expect("adds");
    let step = session.ground(&[]).expect("grounds nothing");
    assert!(step.outputs_replace);
    assert_eq!(shown(&step.shown), ["q"]);
    assert!(step.program.rules.is_empty());
    assert_eq!(step.first_atom, step.program.atom_count + 1);
}

#[test]
fn an_interrupted_session_refuses_to_ground_again() {
    let interrupt = Interrupt::new();
    let options = GroundOptions {
        interrupt: Some(interrupt.clone()),
        ..GroundOptions::default()
    };
    let mut session = Session::new(options);
    let text = "n(1..100000). m(X) :- n(X).";
    session.add(&Source::new("<block>", text)).expect("adds");
    interrupt.interrupt();
    let error = session
        .ground(&[("base", Vec::new())])
        .expect_err("interrupted");
    assert!(error.diagnostics[0].message.contains("interrupted"));
    interrupt.reset();
    let again = session
        .ground(&[("base", Vec::new())])
        .expect_err("refused");
    assert!(again.diagnostics[0].message.contains("interrupted"));
}

#[test]
fn a_constant_redefinition_fails_the_add_and_adds_nothing() {
    let mut session = Session::new(GroundOptions::default());
    session
        .add(&Source::new("<block>", "#const n=1. p(n)."))
        .expect("adds");
    let error = session
        .add(&Source::new("<block>", "#const n=2. q(n)."))
        .expect_err("redefinition");
    assert_eq!(error.diagnostics[0].message, "redefinition of constant:");
    let step = session.ground(&[("base", Vec::new())]).expect("grounds");
    assert_eq!(shown(&step.shown), ["p(1)"]);
}
