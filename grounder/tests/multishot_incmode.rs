//! clingo's incremental loop (`#include <incmode>.`) replayed on a [`Session`]: every
//! `multishot/incmode/NAME.lp` must give the answers the clingo 5.8.3 executable prints, in
//! its order (`NAME.answers`, made by `scripts/multishot-cases.py`), after as many solve calls.
//!
//! The loop is clingo's: step 0 grounds `base` and `check(0)`, step `t > 0` grounds `step(t)`
//! and `check(t)`; `check(t)` declares the external `query(t)` (clingo adds that declaration),
//! which is true while step `t` is solved and released after; it stops at the first step
//! with a model. The steps are added up as an incremental solver takes them and solved from
//! scratch. A model prints its shown symbols in clasp's order: outputs stably sorted by their
//! condition (none first, then one positive atom by number, several literals after all atoms),
//! those true from the start (facts) before the others; the outputs of earlier steps come
//! first, so facts print step by step.

use std::collections::HashMap;

use grounder::{GroundOptions, Session, Source, Symbol};
use solver_core::{Atom, ExternalValue, GroundProgram, Output, SolveOptions, Solver};

/// The outputs in clasp's printing order (see the module doc).
fn printing_order(program: &GroundProgram) -> Vec<usize> {
    let is_fact = |a: Atom| {
        program.rules.iter().any(|r| {
            r.head == [a]
                && r.kind == solver_core::HeadKind::Disjunction
                && r.body == solver_core::Body::Normal(Vec::new())
        })
    };
    let key = |(i, o): (usize, &Output)| match o.condition.as_slice() {
        [] => (true, 0),
        [l] if l.is_positive() => (is_fact(l.atom()), u64::from(l.atom().0)),
        _ => (false, (1 << 32) + i as u64),
    };
    let mut order: Vec<usize> = (0..program.outputs.len()).collect();
    order.sort_by_key(|&i| {
        let (fact, id) = key((i, &program.outputs[i]));
        (!fact, id)
    });
    order
}

/// The answer lines of every model of `program` (`shown` names its outputs), sorted.
fn answers(program: &GroundProgram, shown: &[Symbol]) -> Vec<String> {
    let order = printing_order(program);
    let options = SolveOptions {
        models: 0,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(program, options).expect("solvable");
    let mut lines = Vec::new();
    while let Some(model) = solver.next_model() {
        solver_core::check::check_model(program, &model.atoms).expect("a stable model");
        let holds = |o: &Output| {
            let true_atom = |a: Atom| model.atoms.binary_search(&a).is_ok();
            o.condition
                .iter()
                .all(|l| true_atom(l.atom()) == l.is_positive())
        };
        let line: Vec<String> = order
            .iter()
            .filter(|&&i| holds(&program.outputs[i]))
            .map(|&i| shown[i].to_string())
            .collect();
        lines.push(line.join(" "));
    }
    lines.sort();
    lines
}

/// Runs clingo's loop on `text`: the number of solve calls and the last call's answers.
fn incmode(name: &str, text: &str) -> (usize, Vec<String>) {
    let text = format!("{text}\n#program check(t). #external query(t).");
    let mut session = Session::new(GroundOptions::default());
    session.add(&Source::new(name, text)).expect("adds");
    assert!(session.incmode());
    let (mut program, mut shown) = (GroundProgram::default(), Vec::new());
    let mut atoms: HashMap<String, Atom> = HashMap::new();
    for t in 0..20 {
        let check = ("check", vec![Symbol::Number(t)]);
        let parts = match t {
            0 => vec![check, ("base", Vec::new())],
            _ => vec![check, ("step", vec![Symbol::Number(t)])],
        };
        let step = session.ground(&parts).expect("grounds");
        session.mark_solved();
        for (i, symbol) in step.atoms.iter().enumerate() {
            if let Some(symbol) = symbol {
                atoms.insert(symbol.to_string(), Atom(step.first_atom + i as u32));
            }
        }
        program.atom_count = step.program.atom_count;
        program.rules.extend(step.program.rules);
        program.externals.extend(step.program.externals);
        if let Some(&previous) = atoms.get(&format!("query({})", t - 1)) {
            program.externals.push((previous, ExternalValue::Release));
        }
        program
            .externals
            .push((atoms[&format!("query({t})")], ExternalValue::True));
        if step.outputs_replace {
            (program.outputs, shown) = (Vec::new(), Vec::new());
        }
        program.outputs.extend(step.program.outputs);
        shown.extend(step.shown);
        let lines = answers(&program, &shown);
        if !lines.is_empty() {
            return (t as usize + 1, lines);
        }
    }
    panic!("{name}: no model in 20 steps");
}

#[test]
fn incmode_programs_print_clingos_answers_in_its_order() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/multishot/incmode");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("the folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "lp") {
            continue;
        }
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("the program");
        let expected = std::fs::read_to_string(path.with_extension("answers")).expect("answers");
        let mut lines = expected.lines();
        let calls = lines.next().and_then(|l| l.strip_prefix("Calls: "));
        let mut want: Vec<String> = lines.map(String::from).collect();
        want.sort();
        let (got_calls, got) = incmode(&name, &text);
        assert_eq!(
            Some(got_calls.to_string().as_str()),
            calls,
            "{name}: solve calls"
        );
        assert_eq!(got, want, "{name}");
        checked += 1;
    }
    assert!(checked >= 3);
}
