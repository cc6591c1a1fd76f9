//! `Control::backend` along multi-shot scripts, against clingo 5.8.3's Python API
//! (`Control.backend()`): the answers (the models of each solve call, errors) are in
//! `tests/data/backend.json`, written by `scripts/backend-expected.py`. Every model is
//! checked by the independent stable-model checker against the accumulated program (backend
//! statements included) under that solve's external values.

use std::collections::HashMap;

use serde_json::Value;

use engine::{Atom, Backend, Control, Error, Literal, OptMode, Symbol};

mod recorded;
use recorded::{atom_list, case, ground, sym, truth};

const DATA: &str = include_str!("data/backend.json");

fn text(value: &Value) -> &str {
    value.as_str().expect("string")
}

/// The backend ops of a step, with the atoms named so far.
struct Ops<'n> {
    names: &'n mut HashMap<String, Atom>,
}

impl Ops<'_> {
    fn atom(&self, name: &Value) -> Atom {
        self.names[text(name)]
    }

    fn literal(&self, lit: &Value) -> Literal {
        match text(lit).strip_prefix('-') {
            Some(name) => Literal::negative(self.names[name]),
            None => Literal::positive(self.names[text(lit)]),
        }
    }

    fn atoms(&self, list: &Value) -> Vec<Atom> {
        list.as_array()
            .expect("atoms")
            .iter()
            .map(|a| self.atom(a))
            .collect()
    }

    fn weighted(&self, list: &Value) -> Vec<(Literal, i64)> {
        let list = list.as_array().expect("weighted");
        list.iter()
            .map(|p| (self.literal(&p[0]), p[1].as_i64().expect("weight")))
            .collect()
    }

    fn run(&mut self, backend: &mut Backend<'_>, op: &Value) -> Result<(), Error> {
        match text(&op[0]) {
            "atom" => {
                let symbol = op[2].as_str().map(sym);
                let atom = backend.add_atom(symbol.as_ref())?;
                self.names.insert(text(&op[1]).to_string(), atom);
            }
            "rule" => {
                let body: Vec<Literal> = op[2]
                    .as_array()
                    .expect("body")
                    .iter()
                    .map(|l| self.literal(l))
                    .collect();
                backend.add_rule(&self.atoms(&op[1]), &body, op[3].as_bool().expect("choice"));
            }
            "weight" => {
                let lower = op[2].as_i64().expect("lower");
                let choice = op[4].as_bool().expect("choice");
                backend.add_weight_rule(&self.atoms(&op[1]), lower, &self.weighted(&op[3]), choice);
            }
            "minimize" => {
                let priority = op[1].as_i64().expect("priority") as i32;
                backend.add_minimize(priority, &self.weighted(&op[2]));
            }
            "external" => backend.add_external(self.atom(&op[1]), truth(text(&op[2]))),
            other => panic!("unknown op {other}"),
        }
        Ok(())
    }
}

/// The result and sorted models of a solve (the optimal ones when optimizing), each model
/// checked by `solver_core::check`.
fn solve(ctl: &Control) -> Value {
    let program = ctl.program_with_externals().expect("grounded");
    let mut handle = ctl.solve().expect("solve");
    let mut models = Vec::new();
    for model in handle.by_ref() {
        solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
        let mut shown = model.shown_names();
        shown.sort();
        models.push((model.is_optimal(), shown));
    }
    if ctl.has_minimize() {
        models.retain(|(optimal, _)| *optimal);
    }
    let mut models: Vec<Vec<String>> = models.into_iter().map(|(_, m)| m).collect();
    models.sort();
    let result = match handle.summary().satisfiable {
        Some(true) => "SAT",
        _ => "UNSAT",
    };
    serde_json::json!({"result": result, "models": models})
}

/// Runs one step; `Err` with the error's first line.
fn step(ctl: &mut Control, step: &Value, names: &mut HashMap<String, Atom>) -> Result<(), String> {
    let first_line = |e: Error| match e.diagnostics().first() {
        Some(d) => d.message.clone(),
        None => e.to_string(),
    };
    if let Some(spec) = step.get("ground") {
        ground(ctl, spec).map_err(first_line)?;
    } else if let Some(more) = step.get("add") {
        ctl.add("more", text(more)).map_err(first_line)?;
    } else if let Some(assign) = step.get("assign") {
        let value = truth(text(&assign[1]));
        ctl.assign_external(&sym(text(&assign[0])), value)
            .map_err(first_line)?;
    } else if let Some(atom) = step.get("release") {
        ctl.release_external(&sym(text(atom))).map_err(first_line)?;
    } else if let Some(ops) = step.get("backend") {
        let mut ops_runner = Ops { names };
        ctl.backend(|b| {
            for op in ops.as_array().expect("ops") {
                ops_runner.run(b, op)?;
            }
            Ok(())
        })
        .map_err(first_line)?;
    } else if step.get("solve").is_some() {
        assert_eq!(solve(ctl), step["expected"]);
    } else if step.get("atoms").is_some() {
        assert_eq!(atom_list(ctl), step["expected"]);
    }
    Ok(())
}

fn run(name: &str) {
    let case = case(DATA, name);
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.options_mut().opt_mode = OptMode::OptN;
    ctl.add("case", text(&case["program"])).expect("add");
    let mut names = HashMap::new();
    for spec in case["steps"].as_array().expect("steps") {
        let outcome = step(&mut ctl, spec, &mut names);
        match spec.get("error") {
            Some(error) => {
                assert_eq!(outcome, Err(text(error).to_string()), "{name}");
                return;
            }
            None => outcome.unwrap_or_else(|e| panic!("{name}: {e}")),
        }
    }
}

#[test]
fn backend_atoms_join_the_grounder_domains() {
    run("atoms_join_the_domains");
}

#[test]
fn weight_rules_and_choices() {
    run("weight_rules_and_choices");
}

#[test]
fn disjunctive_rules() {
    run("disjunction");
}

#[test]
fn minimize_statements() {
    run("minimize");
}

#[test]
fn externals_assigned_released_and_defined() {
    run("externals");
}

#[test]
fn backend_release_takes_effect_when_the_next_solve_starts() {
    run("released_by_backend_then_defined");
}

#[test]
fn backend_facts_are_facts_and_its_externals_are_not_listed_external() {
    run("backend_facts_and_externals_as_symbolic_atoms");
}

#[test]
fn backend_facts_over_atoms_the_grounder_knew_are_ordinary_rules() {
    run("backend_facts_over_known_atoms");
}

#[test]
fn external_assignments_do_not_end_the_step() {
    run("step_spans_external_assignments");
}

#[test]
fn backend_rule_for_an_atom_solved_before_is_a_redefinition() {
    run("redefinition_by_backend");
}

#[test]
fn backend_and_grounding_in_one_step_may_define_atoms() {
    run("same_step_definitions");
}

#[test]
fn a_failing_build_adds_its_atoms_only() {
    let mut ctl = Control::new();
    ctl.add("t", "#program step(t). q(t) :- p(t).")
        .expect("add");
    ctl.ground().expect("ground");
    let failed = ctl.backend(|b| {
        let p = b.add_atom(Some(&sym("p(1)")))?;
        b.add_rule(&[p], &[], false);
        Err::<(), _>(Error::Usage("stop".into()))
    });
    assert!(matches!(failed, Err(Error::Usage(_))));
    ctl.ground_parts(&[("step", &[Symbol::Number(1)])])
        .expect("step");
    let model = ctl.solve().expect("solve").next().expect("a model");
    assert!(model.shown_names().is_empty());
    assert!(ctl.symbolic_atoms().find(&sym("p(1)")).is_some());
}

#[test]
fn a_number_is_no_atom() {
    let mut ctl = Control::new();
    ctl.add("t", "a.").expect("add");
    ctl.ground().expect("ground");
    let result = ctl.backend(|b| b.add_atom(Some(&Symbol::Number(3))));
    assert!(matches!(result, Err(Error::Usage(_))));
    assert_eq!(
        ctl.solve()
            .expect("solve")
            .next()
            .expect("model")
            .shown_names(),
        ["a"]
    );
}

#[test]
fn backend_before_grounding_is_misuse() {
    let mut ctl = Control::new();
    ctl.add("t", "a.").expect("add");
    assert!(matches!(ctl.backend(|_| Ok(())), Err(Error::Usage(_))));
}
