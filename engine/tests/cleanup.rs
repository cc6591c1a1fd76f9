//! clingo's clean-up after a solve call (`Control::cleanup`, `Control::set_enable_cleanup`)
//! along multi-shot scripts, against clingo 5.8.3's Python API: the expected answers are in
//! `tests/data/cleanup.json`, written by `scripts/cleanup-expected.py`. Per step: the models
//! of each solve (each checked by the independent stable-model checker against the
//! accumulated program under the external values), the symbolic atoms and lookups, and after
//! each grounding its error and, where our rules are gringo's one for one, the number of
//! rules it added, which clingo counts with an observer of the rules gringo passes on: rules
//! over atoms the clean-up removed are not ground, so the second grounding of
//! `joins_skip_removed_atoms` adds 4 rules where `joins_without_cleanup` adds 10. The
//! `released_*` cases follow `release_external`, which takes effect when the next solve
//! starts: a rule of the same step still defines the released atom.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use engine::Control;

mod recorded;
use recorded::{atom_list, case, ground, sym, truth};

const DATA: &str = include_str!("data/cleanup.json");

/// The models of a solve call as clingo's record, each checked by `solver_core::check`.
fn models(ctl: &Control) -> Value {
    let program = ctl.program_with_externals().expect("grounded");
    let mut all = Vec::new();
    for model in ctl.solve().expect("solve") {
        solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
        let shown: BTreeSet<String> = model.shown_names().into_iter().collect();
        all.push(shown.into_iter().collect::<Vec<_>>());
    }
    all.sort();
    json!(all)
}

/// The symbolic atoms and lookups of `ctl` as clingo's record.
fn atoms(ctl: &Control, lookups: &Value) -> Value {
    let atoms = ctl.symbolic_atoms();
    let mut found = serde_json::Map::new();
    for symbol in lookups.as_array().expect("lookups") {
        let symbol = symbol.as_str().expect("symbol");
        let present = atoms.find(&sym(symbol)).is_some();
        found.insert(symbol.to_string(), json!(present));
    }
    json!({"atoms": atom_list(ctl), "found": found})
}

/// A grounding as clingo's record: the error's first line, and the number of rules it added
/// when the step asks to compare it (else clingo's count is taken).
fn grounding(ctl: &mut Control, spec: &Value) -> Value {
    let rules = |ctl: &Control| ctl.ground_program().map_or(0, |p| p.rules.len());
    let before = rules(ctl);
    let error = ground(ctl, &spec["ground"]).err();
    let added = match spec.get("count").is_some() {
        true => json!(rules(ctl) - before),
        false => spec["expected"]["rules"].clone(),
    };
    match error {
        Some(error) => {
            let message = match error.diagnostics().first() {
                Some(d) => d.message.clone(),
                None => error.to_string(),
            };
            let line = message.lines().next().unwrap_or("").to_string();
            json!({"error": line, "rules": added})
        }
        None => json!({"rules": added}),
    }
}

/// Runs the step; its record when clingo recorded one.
fn step(ctl: &mut Control, step: &Value) -> Option<Value> {
    if step.get("ground").is_some() {
        return Some(grounding(ctl, step));
    }
    if step.get("solve").is_some() {
        return Some(json!({"models": models(ctl)}));
    }
    if let Some(lookups) = step.get("atoms") {
        return Some(atoms(ctl, lookups));
    }
    if let Some(assign) = step.get("assign") {
        let atom = sym(assign[0].as_str().expect("atom"));
        let value = truth(assign[1].as_str().expect("value"));
        ctl.assign_external(&atom, value).expect("assign");
    } else if let Some(atom) = step.get("release") {
        let atom = sym(atom.as_str().expect("atom"));
        ctl.release_external(&atom).expect("release");
    } else if step.get("cleanup").is_some() {
        ctl.cleanup();
    } else if let Some(enable) = step.get("enable_cleanup") {
        ctl.set_enable_cleanup(enable.as_bool().expect("bool"));
    }
    None
}

/// A record with its atoms sorted: which atoms remain is what the clean-up decides (their
/// order is `symbolic_atoms.rs`'s subject; gringo derives the atoms of a recursive component
/// like `at/2` of `incremental_path` in another order than we do).
fn sorted_atoms(mut record: Value) -> Value {
    if let Some(atoms) = record.get_mut("atoms").and_then(Value::as_array_mut) {
        atoms.sort_by_key(|a| a.to_string());
    }
    record
}

fn run(name: &str) {
    let case = case(DATA, name);
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.add("case", case["program"].as_str().expect("program"))
        .expect("add");
    for (number, spec) in case["steps"].as_array().expect("steps").iter().enumerate() {
        if let Some(record) = step(&mut ctl, spec) {
            let expected = sorted_atoms(spec["expected"].clone());
            assert_eq!(
                sorted_atoms(record),
                expected,
                "{name}: step {number} {spec}"
            );
        }
    }
}

#[test]
fn removed_atom_defined_again_is_a_new_atom() {
    run("removed_atom_defined_again");
}

#[test]
fn fixed_true_becomes_fact() {
    run("fixed_true_becomes_fact");
}

#[test]
fn joins_skip_removed_atoms() {
    run("joins_skip_removed_atoms");
}

#[test]
fn joins_without_cleanup_match_removed_atoms() {
    run("joins_without_cleanup");
}

#[test]
fn externals_are_never_removed() {
    run("externals_are_never_removed");
}

#[test]
fn released_before_solve_is_removed() {
    run("released_before_solve");
}

#[test]
fn no_cleanup_without_solve() {
    run("no_cleanup_without_solve");
}

#[test]
fn explicit_cleanup() {
    run("explicit_cleanup");
}

#[test]
fn aggregates_over_removed_atoms() {
    run("aggregates_over_removed_atoms");
}

#[test]
fn removed_then_negated_in_same_step() {
    run("removed_then_negated_in_same_step");
}

#[test]
fn open_atom_redefined_is_still_an_error() {
    run("open_atom_redefined");
}

#[test]
fn shown_atom_removed() {
    run("shown_atom_removed");
}

#[test]
fn incremental_path() {
    run("incremental_path");
}

#[test]
fn released_then_defined_in_the_same_step() {
    run("released_then_defined");
}

#[test]
fn released_never_defined_is_false() {
    run("released_never_defined");
}

#[test]
fn released_solved_then_defined_is_a_new_atom() {
    run("released_solved_then_defined");
}

#[test]
fn released_solved_then_defined_without_cleanup_contradicts() {
    run("released_solved_then_defined_without_cleanup");
}

#[test]
fn released_then_defined_by_rule() {
    run("released_then_defined_by_rule");
}

#[test]
fn released_then_chosen() {
    run("released_then_chosen");
}

#[test]
fn negated_own_head_solved_then_defined_is_a_new_atom() {
    run("negated_own_head_solved_then_defined");
}

#[test]
fn negated_own_head_defined_before_solve_keeps_its_atom() {
    run("negated_own_head_defined_before_solve");
}
