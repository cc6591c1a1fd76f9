//! The difftest's regressions (`tests/regressions/<name>.lp` + `<name>.expected.json`, written
//! by `scripts/difftest` from clingo 5.8.3's answers) replayed through the engine's `Control`.
//!
//! Each query of a regression (see tests/regressions/README.md) is mapped onto a Control, solved,
//! every answer is checked with the independent stable-model checker, and the answers are
//! brought into the difftest's canonical form before comparing:
//! - `enum`: the sorted multiset of models (each its sorted shown atoms);
//! - `opt`: the optimum and the set of optimal models;
//! - `project`: the number of models and the set of models restricted to the `#project`
//!   signatures (any member of a projection class may be shown for it);
//! - `brave`/`cautious`: the last model printed;
//! - `error`: clingo rejects the program, so grounding must fail.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use engine::{Control, ModelKind};
use serde_json::{json, Value};

#[path = "support/control_args.rs"]
mod control_args;

fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions")
}

/// The regression programs, by name.
fn regression_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(regressions_dir())
        .expect("tests/regressions")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".lp").map(String::from)
        })
        .collect();
    names.sort();
    names
}

/// One printed answer: sorted shown atoms, costs, whether optimal.
type Answer = (Vec<String>, Vec<i64>, bool);

/// Solves and checks every answer that is a stable model.
fn checked_answers(ctl: &Control) -> Vec<Answer> {
    let program = ctl.ground_program().expect("grounded");
    ctl.solve()
        .expect("solve")
        .map(|model| {
            if model.kind() == ModelKind::Answer {
                if let Err(error) = solver_core::check::check_model(program, model.true_atoms()) {
                    panic!("answer {} is not a stable model: {error:?}", model.number());
                }
            }
            let mut names = model.shown_names();
            names.sort();
            (names, model.costs().to_vec(), model.is_optimal())
        })
        .collect()
}

/// `(name, arity)` of an atom in clingo's text form; `-q(1,(2,3))` is `("-q", 2)`.
fn atom_signature(atom: &str) -> (String, usize) {
    let Some((name, rest)) = atom.split_once('(') else {
        return (atom.to_string(), 0);
    };
    let (mut depth, mut arity, mut quoted, mut escaped) = (0i32, 1, false, false);
    for c in rest.chars() {
        match (quoted, c) {
            (true, '\\') if !escaped => escaped = true,
            (true, '"') if !escaped => quoted = false,
            (true, _) => escaped = false,
            (false, '"') => quoted = true,
            (false, '(') => depth += 1,
            (false, ')') => depth -= 1,
            (false, ',') if depth == 0 => arity += 1,
            _ => {}
        }
    }
    (name.to_string(), arity)
}

/// The names (with arity where a signature gives one) of the program's `#project` statements;
/// None without any.
fn project_signatures(text: &str) -> Option<Vec<(String, Option<usize>)>> {
    let parts: Vec<&str> = text.split("#project").skip(1).collect();
    if parts.is_empty() {
        return None;
    }
    let ident_end = |s: &str| {
        s.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\'' || c == '-'))
            .unwrap_or(s.len())
    };
    let signatures = parts.iter().map(|part| {
        let part = part.trim_start();
        let (name, rest) = part.split_at(ident_end(part));
        let arity = rest.trim_start().strip_prefix('/').and_then(|r| {
            let r = r.trim_start();
            r[..r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len())]
                .parse()
                .ok()
        });
        (name.to_string(), arity)
    });
    Some(signatures.collect())
}

/// The answers in the difftest's canonical form for query `kind`.
/// `onto`: clingo's projection symbols (recorded as "onto"), which the "project" query keeps
/// in place of the atoms of the `#project` signatures, and lists again.
fn canonical(kind: &str, answers: &[Answer], text: &str, onto: Option<&BTreeSet<&str>>) -> Value {
    match kind {
        "enum" => {
            let mut models: Vec<&Vec<String>> = answers.iter().map(|a| &a.0).collect();
            models.sort();
            json!({ "models": models })
        }
        "project" => {
            let signatures = project_signatures(text);
            let keep = |atom: &String| match (onto, &signatures) {
                (Some(symbols), _) => symbols.contains(atom.as_str()),
                (None, None) => true,
                (None, Some(list)) => {
                    let (name, arity) = atom_signature(atom);
                    list.iter()
                        .any(|(n, a)| *n == name && a.is_none_or(|a| a == arity))
                }
            };
            let projections: BTreeSet<Vec<&String>> = answers
                .iter()
                .map(|a| a.0.iter().filter(|atom| keep(atom)).collect())
                .collect();
            match onto {
                Some(symbols) => json!({ "count": answers.len(), "projections": projections,
                    "onto": symbols }),
                None => json!({ "count": answers.len(), "projections": projections }),
            }
        }
        "brave" | "cautious" => json!({ "consequences": answers.last().map(|a| &a.0) }),
        _ => {
            let optimum = answers.last().map(|a| a.1.clone());
            let optimal: BTreeSet<&Vec<String>> = answers
                .iter()
                .filter(|a| Some(&a.1) == optimum.as_ref())
                .map(|a| &a.0)
                .collect();
            json!({ "optimum": optimum, "models": optimal })
        }
    }
}

/// Replays one query of a regression; returns a description of the difference, if any.
fn replay_query(path: &Path, text: &str, kind: &str, query: &Value) -> Option<String> {
    let mut args: Vec<String> = query["args"]
        .as_array()
        .expect("args")
        .iter()
        .map(|a| a.as_str().expect("arg").to_string())
        .collect();
    args.push(path.to_string_lossy().into_owned());
    let mut ctl = control_args::control_for(&args, Path::new("/"));
    let grounded = ctl.ground();
    if query.get("error").is_some() {
        return grounded
            .is_ok()
            .then(|| format!("{kind}: clingo rejects the program, mini-clingo accepts it"));
    }
    if let Err(error) = grounded {
        return Some(format!(
            "{kind}: clingo accepts, mini-clingo rejects: {error}"
        ));
    }
    let onto: Option<BTreeSet<&str>> = query
        .get("onto")
        .and_then(Value::as_array)
        .map(|symbols| symbols.iter().filter_map(Value::as_str).collect());
    let got = canonical(kind, &checked_answers(&ctl), text, onto.as_ref());
    let mut want = query.clone();
    want.as_object_mut().expect("query object").remove("args");
    (got != want).then(|| format!("{kind}: expected {want}\n  got {got}"))
}

#[test]
fn every_regression_agrees_with_clingo() {
    let mut failures = Vec::new();
    let names = regression_names();
    for name in &names {
        let path = regressions_dir().join(format!("{name}.lp"));
        let text = std::fs::read_to_string(&path).expect("regression program");
        let expected = regressions_dir().join(format!("{name}.expected.json"));
        let record: Value = serde_json::from_str(
            &std::fs::read_to_string(&expected).expect("regression expectation"),
        )
        .expect("json");
        let queries = record["queries"].as_object().expect("queries");
        assert!(!queries.is_empty(), "{name}: no queries");
        for (kind, query) in queries {
            if let Some(difference) = replay_query(&path, &text, kind, query) {
                failures.push(format!("{name}: {difference}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn atom_signatures_follow_clingo_text() {
    assert_eq!(atom_signature("a"), ("a".to_string(), 0));
    assert_eq!(atom_signature("-q(1,(2,3))"), ("-q".to_string(), 2));
    assert_eq!(atom_signature("p(\"a,b\",f(1,2))"), ("p".to_string(), 2));
    assert_eq!(
        project_signatures("#project q/1. #project r(X) : d(X)."),
        Some(vec![("q".to_string(), Some(1)), ("r".to_string(), None)])
    );
    assert_eq!(project_signatures("a."), None);
}
