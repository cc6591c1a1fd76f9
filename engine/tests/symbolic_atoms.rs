//! `Control::symbolic_atoms` along multi-shot scripts, against clingo 5.8.3's Python API
//! (`ctl.symbolic_atoms` in its order, `signatures`, lookups): the expected answers are in
//! `tests/data/symbolic_atoms.json`, written by `scripts/symbolic-atoms-expected.py`.
//! At the end of each case the view is also checked against a model: an atom's program atom is true in
//! the model exactly when the model contains its symbol.

use serde_json::Value;

use engine::Control;

mod recorded;
use recorded::{atom_list, ground, sym, truth};

const DATA: &str = include_str!("data/symbolic_atoms.json");

/// The atoms of `ctl` agree with a model (see the module doc), and `by_signature` lists
/// each signature's atoms in order.
fn check_consistent(ctl: &Control) {
    let atoms = ctl.symbolic_atoms();
    let model = ctl.solve().expect("solve").next();
    for a in atoms.iter() {
        if let Some(model) = &model {
            let holds = model.true_atoms().contains(&a.atom());
            assert_eq!(holds, model.contains(a.symbol()), "{}", a.symbol());
        }
        let (name, arity, positive) = a.signature();
        let same: Vec<_> = atoms
            .iter()
            .filter(|b| b.signature() == a.signature())
            .collect();
        let by: Vec<_> = atoms.by_signature(&name, arity, positive).collect();
        assert_eq!(same, by);
        assert_eq!(atoms.find(a.symbol()), Some(a));
    }
}

/// `ours` without the atoms clingo dropped in its clean-up after a solve but we keep. The
/// clean-up drops the atoms fixed false at level 0, and which atoms those are depends on the
/// search path: clasp fixes `w(4)` of `aggregates_and_conditions` (three `in/1` atoms
/// under an upper bound of two) without a conflict, our search by a learnt nogood that a
/// different decision order does not need. Only non-fact, non-external atoms absent from
/// clingo's list may be left out; everything else must match in order.
fn without_search_dependent(ours: &Value, clingos: &Value) -> Value {
    let clingos = clingos.as_array().expect("atoms");
    let kept = ours.as_array().expect("atoms").iter().filter(|a| {
        let droppable = a[1] == false && a[2] == false;
        !droppable || clingos.iter().any(|c| c[0] == a[0])
    });
    Value::Array(kept.cloned().collect())
}

fn record(ctl: &Control, step: &Value, case: &str) {
    let expected = &step["expected"];
    let atoms = atom_list(ctl);
    assert_eq!(
        without_search_dependent(&atoms, &expected["atoms"]),
        expected["atoms"],
        "{case}: atoms"
    );
    let signatures: Vec<Value> = ctl
        .symbolic_atoms()
        .signatures()
        .iter()
        .map(|(n, a, p)| serde_json::json!([n, a, p]))
        .collect();
    assert_eq!(
        Value::Array(signatures),
        expected["signatures"],
        "{case}: signatures"
    );
    let atoms = ctl.symbolic_atoms();
    for (symbol, found) in expected["found"].as_object().expect("found") {
        let found = found.as_bool().expect("bool");
        assert_eq!(
            atoms.find(&sym(symbol)).is_some(),
            found,
            "{case}: lookup {symbol}"
        );
    }
}

fn run(case: &Value) {
    let name = case["name"].as_str().expect("name");
    let mut ctl = Control::new();
    ctl.add("case", case["program"].as_str().expect("program"))
        .expect("add");
    for step in case["steps"].as_array().expect("steps") {
        if let Some(spec) = step.get("ground") {
            ground(&mut ctl, spec).expect("ground");
        } else if step.get("solve").is_some() {
            ctl.solve().expect("solve").summary();
        } else if let Some(assign) = step.get("assign") {
            let (atom, v) = (
                assign[0].as_str().expect("atom"),
                assign[1].as_str().expect("value"),
            );
            ctl.assign_external(&sym(atom), truth(v)).expect("assign");
        } else if let Some(atom) = step.get("release") {
            ctl.release_external(&sym(atom.as_str().expect("atom")))
                .expect("release");
        } else if step.get("atoms").is_some() {
            record(&ctl, step, name);
        }
    }
    // Last: its solve call would start a clean-up at the next step.
    check_consistent(&ctl);
}

fn case(name: &str) -> Value {
    recorded::case(DATA, name)
}

#[test]
fn simplified_atoms_are_not_symbolic_atoms() {
    run(&case("simplified_atoms"));
}

#[test]
fn cleanup_after_solve_makes_facts_and_drops_false_atoms() {
    run(&case("cleanup_after_solve"));
}

#[test]
fn externals_across_steps() {
    run(&case("externals_across_steps"));
}

#[test]
fn aggregates_and_conditions() {
    run(&case("aggregates_and_conditions"));
}

#[test]
fn incremental_steps() {
    run(&case("incremental_steps"));
}

#[test]
fn atoms_agree_with_models() {
    let mut ctl = Control::new();
    ctl.add(
        "t",
        "p(1..3). {q(X)} :- p(X). r(X) :- q(X), X > 1. #external e. s :- e, q(1).",
    )
    .expect("add");
    ctl.ground().expect("ground");
    check_consistent(&ctl);
}
