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

/// The symbols of every step so far, as `ground_into` keeps them: atoms then outputs.
fn all_symbols(symbols: &grounder::ProgramSymbols) -> (Vec<Option<Symbol>>, Vec<String>) {
    let atoms = (0..symbols.atom_len()).map(|i| symbols.atom(i)).collect();
    (
        atoms,
        symbols.shown_symbols().map(|s| s.to_string()).collect(),
    )
}

#[test]
fn ground_into_appends_the_symbols_that_ground_lists() {
    let text = "a. #program step(t). p(t,f(t)) :- a. q(g(t)). #show q/1. #program late. #show p/2.";
    let steps: [(&str, Vec<Symbol>); 4] = [
        ("base", vec![]),
        ("step", vec![Symbol::Number(1)]),
        (
            "step",
            vec![Symbol::function("h", vec![Symbol::String("s".into())])],
        ),
        ("late", vec![]),
    ];
    let (mut listing, mut extending) = (
        Session::new(GroundOptions::default()),
        Session::new(GroundOptions::default()),
    );
    listing.add(&Source::new("<block>", text)).expect("adds");
    extending.add(&Source::new("<block>", text)).expect("adds");
    let mut symbols = grounder::ProgramSymbols::default();
    let (mut atoms, mut outputs) = (Vec::new(), Vec::new());
    for (name, args) in steps {
        let parts = [(name, args)];
        let listed = listing.ground(&parts).expect("grounds");
        let extended = extending
            .ground_into(&parts, &mut symbols)
            .expect("grounds");
        assert_eq!(listed.program, extended.program);
        assert!(extended.atoms.is_empty() && extended.shown.is_empty());
        atoms.extend(listed.atoms);
        if listed.outputs_replace {
            outputs.clear();
        }
        outputs.extend(shown(&listed.shown));
        assert_eq!(all_symbols(&symbols), (atoms.clone(), outputs.clone()));
    }
    // `#show p/2.` rebuilt the table from every atom so far, in atom order.
    let expected = [
        "p(1,f(1))",
        "q(g(1))",
        "p(h(\"s\"),f(h(\"s\")))",
        "q(g(h(\"s\")))",
    ];
    assert_eq!(outputs, expected);
    // Symbols extended by one session are refused by another, which grounds nothing.
    let error = listing
        .ground_into(&[("step", vec![Symbol::Number(2)])], &mut symbols)
        .expect_err("symbols of another session");
    assert_eq!(
        error.diagnostics[0].message,
        "symbols extended by another grounding session"
    );
    assert_eq!(listing.atom_count(), extending.atom_count());
}
