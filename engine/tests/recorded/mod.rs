//! Reading the recorded multi-shot scripts of `tests/data/*.json` (written by the
//! `scripts/*-expected.py` generators from clingo 5.8.3's Python API): symbols, truth values
//! and the parts of a `ground` step.

use engine::{parse_term, Control, Error, Symbol, TruthValue};
use serde_json::Value;

/// A symbol written as clingo prints it.
pub fn sym(text: &str) -> Symbol {
    parse_term(text).expect("term")
}

/// `"true"`, `"false"`, `"release"`, anything else free.
pub fn truth(text: &str) -> TruthValue {
    match text {
        "true" => TruthValue::True,
        "false" => TruthValue::False,
        "release" => TruthValue::Release,
        _ => TruthValue::Free,
    }
}

/// `[["step", [1]]]` as parts.
pub fn parts(spec: &Value) -> Vec<(String, Vec<Symbol>)> {
    let parts = spec.as_array().expect("parts");
    parts
        .iter()
        .map(|p| {
            let name = p[0].as_str().expect("name").to_string();
            let args = p[1].as_array().expect("args");
            let args = args
                .iter()
                .map(|a| Symbol::Number(a.as_i64().expect("number") as i32));
            (name, args.collect())
        })
        .collect()
}

/// Grounds the parts of a `ground` step (`[["step", [1]]]`).
pub fn ground(ctl: &mut Control, spec: &Value) -> Result<(), Error> {
    let parts = parts(spec);
    let borrowed: Vec<(&str, &[Symbol])> = parts
        .iter()
        .map(|(n, a)| (n.as_str(), a.as_slice()))
        .collect();
    ctl.ground_parts(&borrowed)
}

/// The case named `name` of the recorded cases `data` (a JSON list of `{"name": ..}`).
pub fn case(data: &str, name: &str) -> Value {
    let cases: Value = serde_json::from_str(data).expect("json");
    let cases = cases.as_array().expect("cases");
    let case = cases.iter().find(|c| c["name"] == name).expect("case");
    case.clone()
}

/// The symbolic atoms of `ctl` as clingo's record: `[symbol, is_fact, is_external]` in order.
pub fn atom_list(ctl: &Control) -> Value {
    let atoms = ctl.symbolic_atoms();
    let list = atoms
        .iter()
        .map(|a| serde_json::json!([a.symbol().to_string(), a.is_fact(), a.is_external()]));
    Value::Array(list.collect())
}
