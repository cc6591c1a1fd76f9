//! Replays a multi-shot script (the JSON of `scripts/gen_multishot.py`) on the public engine
//! API and prints one JSON line per solve step, as `scripts/multishot_reference.py` prints
//! clingo's answers: `{"step": N, "result": "SAT"|"UNSAT", "models": [[..], ..]}` (each
//! model's shown symbols sorted, the models sorted), or `{"step": N, "error": "..."}` ending
//! the run. This is mini-clingo's side of `scripts/difftest-multishot`.
//!
//! Usage: `multishot_replay SCRIPT.json`

use engine::{Control, Error, Symbol, TruthValue};
use serde_json::{json, Value};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: multishot_replay SCRIPT.json");
        std::process::exit(2);
    };
    let script: Value = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(script) => script,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    for line in replay(&script) {
        println!("{line}");
    }
}

/// The answer lines of every solve step, up to the first error.
fn replay(script: &Value) -> Vec<Value> {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    let mut out = Vec::new();
    let program = script["program"].as_str().unwrap_or("");
    if let Err(e) = ctl.add("<string>", program) {
        out.push(json!({"step": 0, "error": first_line(&e)}));
        return out;
    }
    let steps = script["steps"].as_array().cloned().unwrap_or_default();
    for (number, step) in steps.iter().enumerate() {
        match run_step(&mut ctl, step) {
            Ok(Some(answer)) => out.push(with_step(number, answer)),
            Ok(None) => {}
            Err(e) => {
                out.push(json!({"step": number, "error": first_line(&e)}));
                break;
            }
        }
    }
    out
}

/// Runs one step; a solve step gives its answer.
fn run_step(ctl: &mut Control, step: &Value) -> Result<Option<Value>, Error> {
    if let Some(parts) = step.get("ground") {
        let parts = ground_parts(parts);
        let named: Vec<(&str, &[Symbol])> = parts
            .iter()
            .map(|(n, a)| (n.as_str(), a.as_slice()))
            .collect();
        ctl.ground_parts(&named)?;
    } else if let Some(assign) = step.get("assign") {
        let value = match assign[1].as_str() {
            Some("true") => TruthValue::True,
            Some("false") => TruthValue::False,
            _ => TruthValue::Free,
        };
        ctl.assign_external(&term(&assign[0])?, value)?;
    } else if let Some(atom) = step.get("release") {
        ctl.release_external(&term(atom)?)?;
    } else if let Some(spec) = step.get("solve") {
        return solve(ctl, spec).map(Some);
    }
    Ok(None)
}

/// All models of one solve call under the step's assumptions.
fn solve(ctl: &Control, spec: &Value) -> Result<Value, Error> {
    let mut assumptions = Vec::new();
    for pair in spec["assumptions"].as_array().into_iter().flatten() {
        assumptions.push((term(&pair[0])?, pair[1].as_bool().unwrap_or(true)));
    }
    let mut handle = ctl.solve_with_assumptions(&assumptions)?;
    let mut models: Vec<Vec<String>> = handle
        .by_ref()
        .map(|m| {
            let mut shown: Vec<String> = m.symbols().iter().map(|s| s.to_string()).collect();
            shown.sort();
            shown
        })
        .collect();
    models.sort();
    let result = match handle.summary().satisfiable {
        Some(true) => "SAT",
        _ => "UNSAT",
    };
    Ok(json!({"result": result, "models": models}))
}

/// `[["step", [1]]]` as named parts with arguments.
fn ground_parts(parts: &Value) -> Vec<(String, Vec<Symbol>)> {
    let mut named = Vec::new();
    for part in parts.as_array().into_iter().flatten() {
        let name = part[0].as_str().unwrap_or("").to_string();
        let args = part[1]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_i64())
            .map(|a| Symbol::Number(a as i32))
            .collect();
        named.push((name, args));
    }
    named
}

fn term(value: &Value) -> Result<Symbol, Error> {
    engine::parse_term(value.as_str().unwrap_or(""))
        .map_err(|d| Error::Usage(format!("bad term in the script: {d}")))
}

fn with_step(number: usize, answer: Value) -> Value {
    let mut line = json!({"step": number});
    if let (Some(line), Some(answer)) = (line.as_object_mut(), answer.as_object()) {
        line.extend(answer.clone());
    }
    line
}

/// The first line of an error's message (the diagnostics' first message when it has any).
fn first_line(error: &Error) -> String {
    let text = match error.diagnostics().first() {
        Some(d) => d.message.clone(),
        None => error.to_string(),
    };
    text.lines().next().unwrap_or("").to_string()
}
