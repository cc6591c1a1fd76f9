//! Multi-shot grounding against clingo 5.8.3's Python API: the cases and clingo's answers are
//! in `multishot/expected.json` (made by `scripts/multishot-cases.py`).
//!
//! Each case replays its actions on a [`Session`]: the steps' programs are added up into one
//! ground program (rules, externals, minimize, projection and outputs appended, the outputs
//! replaced when a step says so), as an incremental solver takes them; `assign`/`release` append an external
//! declaration (the last one counts). At each `solve` the session is told, and the program so
//! far is solved from scratch; every model is checked by the independent stable-model checker
//! and the models' shown symbols must be clingo's, as must the errors and messages of every
//! action.

use std::collections::HashMap;

use grounder::{parse_symbol, GroundOptions, Session, Source, Step, Symbol};
use serde_json::Value;
use solver_core::{Atom, ExternalValue, GroundProgram, OptMode, SolveOptions, Solver};

/// The program so far, as a consumer of the steps holds it.
#[derive(Default)]
struct Consumer {
    program: GroundProgram,
    shown: Vec<Symbol>,
    atoms: HashMap<Symbol, Atom>,
}

impl Consumer {
    /// Adds a step (see the `Session` invariants).
    fn add(&mut self, step: Step) {
        let Step {
            program,
            first_atom,
            atoms,
            shown,
            outputs_replace,
            ..
        } = step;
        assert_eq!(
            first_atom,
            self.program.atom_count + 1,
            "atoms continue the numbering"
        );
        assert_eq!(
            program.atom_count,
            first_atom - 1 + atoms.len() as u32,
            "one symbol entry per new atom"
        );
        for (i, symbol) in atoms.into_iter().enumerate() {
            if let Some(symbol) = symbol {
                self.atoms.insert(symbol, Atom(first_atom + i as u32));
            }
        }
        let total = &mut self.program;
        total.atom_count = program.atom_count;
        total.rules.extend(program.rules);
        total.minimizes.extend(program.minimizes);
        total.externals.extend(program.externals);
        total.edges.extend(program.edges);
        total.heuristics.extend(program.heuristics);
        if let Some(atoms) = program.projection {
            total.projection.get_or_insert_with(Vec::new).extend(atoms);
        }
        if outputs_replace {
            total.outputs.clear();
            self.shown.clear();
        }
        total.outputs.extend(program.outputs);
        self.shown.extend(shown);
        total.validate().expect("every atom is in range");
    }

    /// Every model's shown symbols (sorted; with `opt`, the optimal models and their costs).
    fn solve(&self, mode: &str) -> Vec<Vec<String>> {
        let options = SolveOptions {
            models: 0,
            opt_mode: if mode == "opt" {
                OptMode::OptN
            } else {
                OptMode::Opt
            },
            project: mode == "project",
            ..SolveOptions::default()
        };
        let mut solver = Solver::new(&self.program, options).expect("solvable program");
        let mut models = Vec::new();
        while let Some(model) = solver.next_model() {
            solver_core::check::check_model(&self.program, &model.atoms)
                .unwrap_or_else(|e| panic!("not a stable model: {e:?}"));
            if mode == "opt" && !model.optimal {
                continue;
            }
            let mut shown: Vec<String> = self
                .program
                .outputs
                .iter()
                .zip(&self.shown)
                .filter(|(o, _)| {
                    o.condition
                        .iter()
                        .all(|l| model.atoms.binary_search(&l.atom()).is_ok() == l.is_positive())
                })
                .map(|(_, s)| s.to_string())
                .collect();
            shown.sort();
            if mode == "opt" {
                shown.push(format!("cost={:?}", model.costs));
            }
            models.push(shown);
        }
        models.sort();
        models
    }

    /// Appends the declaration `atom` external with `value` (ignored for unknown atoms).
    fn declare(&mut self, atom: &str, value: ExternalValue) {
        let symbol = parse_symbol(atom).expect("a symbol");
        if let Some(&a) = self.atoms.get(&symbol) {
            self.program.externals.push((a, value));
        }
    }
}

/// The messages of a failed grounding or add.
fn messages(diagnostics: &[grounder::Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d.to_string().trim_end().to_string())
        .collect()
}

/// Replays one case; returns what differs from clingo (models, errors and messages).
fn replay(case: &Value) -> Vec<String> {
    let name = case["name"].as_str().unwrap_or("?");
    let mode = case["mode"].as_str().unwrap_or("enum");
    let mut session = Session::new(GroundOptions::default());
    let mut consumer = Consumer::default();
    let mut problems = Vec::new();
    let first = session.add(&Source::new(
        "<block>",
        case["program"].as_str().unwrap_or(""),
    ));
    assert!(first.is_ok(), "{name}: the program adds");
    let actions = case["actions"].as_array().cloned().unwrap_or_default();
    let expected = case["expected"].as_array().cloned().unwrap_or_default();
    for (k, (action, want)) in actions.iter().zip(&expected).enumerate() {
        let got = act(&mut session, &mut consumer, action, mode);
        let want_models = want.get("models").cloned();
        let want = serde_json::json!({
            "ok": want["ok"],
            "error": want["error"],
            "messages": want["messages"],
            "models": want_models,
        });
        if got != want {
            problems.push(format!(
                "{name}, action {k} {action}:\n  want {want}\n  got  {got}"
            ));
        }
    }
    problems
}

/// Performs one action; its result in the shape of the expected data.
fn act(session: &mut Session, consumer: &mut Consumer, action: &Value, mode: &str) -> Value {
    let (mut ok, mut error, mut msgs, mut models) = (true, Value::Null, Vec::new(), Value::Null);
    if action == "solve" {
        session.mark_solved();
        models = serde_json::json!(consumer.solve(mode));
    } else if let Some(parts) = action.get("ground") {
        let parts = ground_parts(parts);
        let parts: Vec<(&str, Vec<Symbol>)> =
            parts.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
        match session.ground(&parts) {
            Ok(mut step) => {
                msgs = messages(&step.infos);
                if let Some(e) = step.errors.first() {
                    (ok, error) = (false, Value::from(e.message.clone()));
                }
                step.infos.clear();
                consumer.add(step);
            }
            Err(e) => {
                (ok, error) = (false, Value::from(e.to_string()));
                msgs = messages(&e.diagnostics);
            }
        }
    } else if let Some(text) = action.get("add").and_then(Value::as_str) {
        let source = Source::new("<block>", text);
        let added = match action.get("part") {
            Some(part) => {
                let params: Vec<&str> = part[1]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                session.add_to_part(part[0].as_str().unwrap_or(""), &params, &source)
            }
            None => session.add(&source),
        };
        if let Err(e) = added {
            (ok, error) = (false, Value::from("parsing failed"));
            msgs = messages(&e.diagnostics);
        }
    } else if let Some(assign) = action.get("assign") {
        let value = match assign[1].as_str() {
            Some("true") => ExternalValue::True,
            Some("false") => ExternalValue::False,
            _ => ExternalValue::Free,
        };
        consumer.declare(assign[0].as_str().unwrap_or(""), value);
    } else if let Some(atom) = action.get("release").and_then(Value::as_str) {
        consumer.declare(atom, ExternalValue::Release);
    }
    serde_json::json!({"ok": ok, "error": error, "messages": msgs, "models": models})
}

/// The parts of a `ground` action with their arguments parsed.
fn ground_parts(parts: &Value) -> Vec<(String, Vec<Symbol>)> {
    let mut out = Vec::new();
    for part in parts.as_array().into_iter().flatten() {
        let name = part[0].as_str().unwrap_or("").to_string();
        let args = part[1]
            .as_array()
            .into_iter()
            .flatten()
            .map(|a| parse_symbol(a.as_str().unwrap_or("")).expect("an argument"))
            .collect();
        out.push((name, args));
    }
    out
}

#[test]
fn multishot_grounding_matches_clingo() {
    let text = include_str!("multishot/expected.json");
    let cases: Value = serde_json::from_str(text).expect("valid JSON");
    let cases = cases.as_array().expect("a list of cases");
    assert!(cases.len() >= 44);
    let problems: Vec<String> = cases.iter().flat_map(replay).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
