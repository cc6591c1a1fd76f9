//! `Model::is_true`, `Control::is_conflicting` and `SolveHandle::core` against clingo 5.8.3's
//! Python API (`Model.is_true`, `Control.is_conflicting`, `SolveHandle.core`): the expected
//! answers are in `tests/data/model_api.json`, written by `scripts/model-api-expected.py`.
//! Every model is checked by the independent stable-model checker; every core is checked to
//! be a subset of the assumptions that has no model itself, besides matching clingo's.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use engine::{parse_term, Control, Literal, Symbol};

const DATA: &str = include_str!("data/model_api.json");

/// A symbol written as clingo prints it.
fn sym(text: &str) -> Symbol {
    parse_term(text).expect("term")
}

fn cases(section: &str) -> Vec<Value> {
    let data: Value = serde_json::from_str(DATA).expect("json");
    data[section].as_array().expect("cases").clone()
}

fn control(program: &str) -> Control {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.add("base", program).expect("add");
    ctl
}

/// The assumptions of a record, `[[symbol, sign], ...]`.
fn assumptions(record: &Value) -> Vec<(Symbol, bool)> {
    let list = record.as_array().expect("assumptions").iter();
    list.map(|a| (sym(a[0].as_str().unwrap()), a[1].as_bool().unwrap()))
        .collect()
}

/// A literal as clingo's record `[symbol, sign]`.
fn literal_record(ctl: &Control, literal: Literal) -> Value {
    let atoms = ctl.symbolic_atoms();
    let atom = atoms
        .iter()
        .find(|a| a.atom() == literal.atom())
        .expect("atom");
    json!([atom.symbol().to_string(), literal.is_positive()])
}

/// For every symbolic atom: `[is_true(literal), is_true(-literal)]` in `model`.
fn truth_table(ctl: &Control, model: &engine::Model) -> Value {
    let mut table = BTreeMap::new();
    for atom in ctl.symbolic_atoms().iter() {
        let (pos, neg) = (
            Literal::positive(atom.atom()),
            Literal::negative(atom.atom()),
        );
        table.insert(
            atom.symbol().to_string(),
            json!([model.is_true(pos), model.is_true(neg)]),
        );
    }
    json!(table)
}

#[test]
fn is_true_matches_clingo() {
    for case in cases("is_true") {
        let mut ctl = control(case["program"].as_str().unwrap());
        ctl.ground().expect("ground");
        let program = ctl.program_with_externals().expect("grounded");
        let mut models = Vec::new();
        for model in ctl.solve().expect("solve") {
            solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
            let mut atoms: Vec<String> = model.atoms().iter().map(|s| s.to_string()).collect();
            atoms.sort();
            models.push(json!({"atoms": atoms, "is_true": truth_table(&ctl, &model)}));
        }
        models.sort_by_key(|m| m["atoms"].to_string());
        let mut expected = case["models"].as_array().unwrap().clone();
        expected.sort_by_key(|m| m["atoms"].to_string());
        assert_eq!(json!(models), json!(expected), "{}", case["name"]);
    }
}

#[test]
fn is_conflicting_matches_clingo() {
    for case in cases("conflicting") {
        let name = &case["name"];
        let mut ctl = control(case["program"].as_str().unwrap());
        assert!(!ctl.is_conflicting(), "{name} before grounding");
        for step in case["steps"].as_array().unwrap() {
            let mut record = serde_json::Map::new();
            if let Some(part) = step["ground"].as_str() {
                ctl.ground_parts(&[(part, &[])]).expect("ground");
            } else {
                let assumed = step.get("solve_assuming").map_or(Vec::new(), assumptions);
                let summary = ctl.solve_with(&assumed, |_| true).expect("solve");
                record.insert("satisfiable".into(), json!(summary.satisfiable));
            }
            record.insert("is_conflicting".into(), json!(ctl.is_conflicting()));
            assert_eq!(json!(record), step["expected"], "{name}: {step}");
        }
    }
}

#[test]
fn core_matches_clingo_and_has_no_model() {
    for case in cases("core") {
        let name = &case["name"];
        let mut ctl = control(case["program"].as_str().unwrap());
        ctl.ground().expect("ground");
        let assumed = assumptions(&case["assumptions"]);
        let mut handle = ctl.solve_with_assumptions(&assumed).expect("solve");
        let satisfiable = handle.summary().satisfiable;
        assert_eq!(json!(satisfiable), case["satisfiable"], "{name}");
        let Some(core) = handle.core() else {
            assert_eq!(satisfiable, Some(true), "{name}: no core after UNSAT");
            continue;
        };
        let records: Vec<Value> = core.iter().map(|&l| literal_record(&ctl, l)).collect();
        assert_eq!(json!(records), case["core"], "{name}");
        let subset = assumptions(&json!(records));
        assert!(
            subset.iter().all(|a| assumed.contains(a)),
            "{name}: not a subset"
        );
        let again = ctl.solve_with(&subset, |_| true).expect("solve");
        assert_eq!(
            again.satisfiable,
            Some(false),
            "{name}: the core has a model"
        );
    }
}

#[test]
fn core_is_none_once_the_call_was_superseded() {
    let mut ctl = control("{a;b}. :- a, b.");
    ctl.ground().expect("ground");
    let both = [(sym("a"), true), (sym("b"), true)];
    let mut first = ctl.solve_with_assumptions(&both).expect("solve");
    let mut second = ctl.solve_with_assumptions(&both).expect("solve");
    assert_eq!(first.core(), None);
    assert_eq!(second.core().map(|c| c.len()), Some(2));
}
