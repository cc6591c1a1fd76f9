//! External functions `@f(...)` registered on a `Control`, against clingo 5.8.3's answers.
//!
//! `tests/functions/cases.txt` holds the programs; `tests/functions/expected.json` clingo's
//! answers to them (written by `tests/functions/expected.py` with the same functions as an
//! embedded Python script): the models, the messages, or that grounding failed. Here the
//! functions are Rust closures; each case must give the same models (each checked with the
//! independent stable-model checker) and the same messages, or fail grounding with one
//! `external function failed:` error.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use engine::{Control, Error, OptMode, Symbol};
use serde_json::Value;

/// The test data directory.
fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/functions"))
}

/// `(name, program)` of each case of cases.txt (lines before the first `=== name` are its header).
fn cases() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(dir().join("cases.txt")).expect("cases.txt");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("=== ") {
            out.push((name.trim().to_string(), String::new()));
        } else if let Some((_, program)) = out.last_mut() {
            program.push_str(line);
            program.push('\n');
        }
    }
    out
}

fn number(s: &Symbol) -> Result<i32, String> {
    match s {
        Symbol::Number(n) => Ok(*n),
        other => Err(format!("not a number: {other}")),
    }
}

/// `args` when there are `n` of them.
fn arity(args: &[Symbol], n: usize) -> Result<&[Symbol], String> {
    match args.len() == n {
        true => Ok(args),
        false => Err(format!("{n} arguments expected, {} given", args.len())),
    }
}

fn gcd(a: i32, b: i32) -> i32 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i32::try_from(a).unwrap_or(i32::MAX)
}

/// The functions of cases.txt's header, as expected.py defines them in Python.
fn register_all(ctl: &mut Control) {
    ctl.register_function("gcd", |args: &[Symbol]| {
        let args = arity(args, 2)?;
        Ok::<_, String>(Symbol::Number(gcd(number(&args[0])?, number(&args[1])?)))
    });
    ctl.register_function("seq", |args: &[Symbol]| {
        let n = number(&arity(args, 1)?[0])?;
        Ok::<_, String>((0..n).map(Symbol::Number).collect::<Vec<_>>())
    });
    ctl.register_function("split", |args: &[Symbol]| match arity(args, 1)? {
        [Symbol::String(s)] => Ok(s
            .split(',')
            .map(|p| Symbol::String(p.into()))
            .collect::<Vec<_>>()),
        _ => Err("split: a string expected".to_string()),
    });
    ctl.register_function("ident", |args: &[Symbol]| {
        Ok::<_, String>(arity(args, 1)?[0].clone())
    });
    ctl.register_function("pair", |args: &[Symbol]| {
        Ok::<_, String>(Symbol::tuple(arity(args, 2)?.to_vec()))
    });
    ctl.register_function("empty", |args: &[Symbol]| {
        arity(args, 0).map(|_| Vec::<Symbol>::new())
    });
    ctl.register_function("dup", |args: &[Symbol]| {
        let x = &arity(args, 1)?[0];
        Ok::<_, String>(vec![x.clone(), x.clone()])
    });
    ctl.register_function("odd", |args: &[Symbol]| {
        arity(args, 0)?;
        let negative = |args| Symbol::Function {
            name: String::new(),
            args,
            negative: true,
        };
        let upper = Symbol::function("Foo", vec![Symbol::Number(1)]);
        Ok::<_, String>(vec![
            upper,
            negative(vec![Symbol::Number(1)]),
            negative(Vec::new()),
        ])
    });
    ctl.register_function("fail", |_: &[Symbol]| Err::<Symbol, _>("fail"));
}

/// Grounds `program` (named `<block>` as clingo's `Control.add` names it) with the functions.
fn ground(program: &str) -> Result<Control, Error> {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(0);
    ctl.options_mut().opt_mode = OptMode::OptN;
    register_all(&mut ctl);
    ctl.add("<block>", program)?;
    ctl.ground()?;
    Ok(ctl)
}

/// Every model's shown symbols (sorted text), each model checked to be stable; only the
/// optimal ones when the program optimizes (with `OptMode::OptN`).
fn models(ctl: &Control) -> BTreeSet<Vec<String>> {
    let program = ctl.ground_program().expect("grounded");
    let optimizes = ctl.has_minimize();
    ctl.solve()
        .expect("solve")
        .inspect(|model| {
            if let Err(error) = solver_core::check::check_model(program, model.true_atoms()) {
                panic!("not a stable model: {error:?}");
            }
        })
        .filter(|model| !optimizes || model.is_optimal())
        .map(|model| {
            let mut shown: Vec<String> = model.symbols().iter().map(Symbol::to_string).collect();
            shown.sort();
            shown
        })
        .collect()
}

fn expected_models(expected: &Value) -> BTreeSet<Vec<String>> {
    let models = expected["models"].as_array().expect("models");
    models
        .iter()
        .map(|m| {
            let atoms = m.as_array().expect("a model");
            atoms
                .iter()
                .map(|a| a.as_str().expect("atom").to_string())
                .collect()
        })
        .collect()
}

fn expected_messages(expected: &Value) -> Vec<String> {
    let messages = expected["messages"].as_array().expect("messages");
    messages
        .iter()
        .map(|m| m.as_str().expect("text").to_string())
        .collect()
}

/// One case against clingo's answer; the mismatch, if any.
fn check_case(name: &str, program: &str, expected: &Value) -> Option<String> {
    let grounded = ground(program);
    if expected["error"] == Value::Bool(true) {
        let errors = match &grounded {
            Err(Error::Ground(diagnostics)) => diagnostics
                .iter()
                .filter(|d| d.severity == grounder::Severity::Error)
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            Err(other) => return Some(format!("{name}: wrong error {other:?}")),
            Ok(_) => return Some(format!("{name}: clingo fails grounding, we do not")),
        };
        let failed = |e: &String| e.contains(": error: external function failed:\n  @");
        return (errors.len() != 1 || !failed(&errors[0]))
            .then(|| format!("{name}: errors {errors:?}"));
    }
    let ctl = match grounded {
        Ok(ctl) => ctl,
        Err(e) => {
            return Some(format!(
                "{name}: clingo grounds, we fail: {:?}",
                e.diagnostics()
            ))
        }
    };
    let infos: Vec<String> = ctl.infos().iter().map(ToString::to_string).collect();
    if infos != expected_messages(expected) {
        return Some(format!(
            "{name}: messages {infos:?}, clingo {:?}",
            expected["messages"]
        ));
    }
    let (got, want) = (models(&ctl), expected_models(expected));
    (got != want).then(|| format!("{name}: models {got:?}, clingo {want:?}"))
}

#[test]
fn cases_give_clingos_answers() {
    let text = std::fs::read_to_string(dir().join("expected.json")).expect("expected.json");
    let expected: Value = serde_json::from_str(&text).expect("JSON");
    let cases = cases();
    assert!(cases.len() >= 50, "{} cases", cases.len());
    let mut failures = Vec::new();
    for (name, program) in &cases {
        let answer = expected
            .get(name)
            .unwrap_or_else(|| panic!("no answer for {name}"));
        failures.extend(check_case(name, program, answer));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The error names the call with its arguments and the closure's message, at the call.
#[test]
fn a_failing_function_is_an_error_at_the_call() {
    let Err(Error::Ground(diagnostics)) = ground("q.\np(X) :- q, X = @fail(1,\"a\").\n") else {
        panic!("grounding must fail");
    };
    let text: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        ["<block>:2:16-28: error: external function failed:\n  @fail(1,\"a\"): fail"]
    );
    let Err(Error::Ground(diagnostics)) = ground("#show @fail.") else {
        panic!("grounding must fail");
    };
    assert_eq!(
        diagnostics[0].to_string(),
        "<block>:1:7-12: error: external function failed:\n  @fail: fail"
    );
}

/// A function is called once per distinct argument tuple, however often the grounder meets it.
#[test]
fn a_function_is_called_once_per_argument_tuple() {
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&calls);
    let mut ctl = Control::new();
    ctl.register_function("half", move |args: &[Symbol]| {
        counter.fetch_add(1, Ordering::SeqCst);
        Ok::<_, String>(Symbol::Number(number(&args[0])? / 2))
    });
    ctl.add(
        "t",
        "r(1..6). p(@half(X)) :- r(X). q(X) :- p(X), X != @half(4).",
    )
    .expect("add");
    ctl.ground().expect("ground");
    // @half(1..6) and @half(4): six distinct argument tuples.
    assert_eq!(calls.load(Ordering::SeqCst), 6);
    let shown: BTreeSet<Vec<String>> = models(&ctl);
    let want = "p(0) p(1) p(2) p(3) q(0) q(1) q(3) r(1) r(2) r(3) r(4) r(5) r(6)";
    let want: Vec<String> = want.split(' ').map(String::from).collect();
    assert_eq!(shown, BTreeSet::from([want]));
}

/// Registering again replaces; a function registered after grounding serves no earlier one.
#[test]
fn the_last_registration_counts() {
    let mut ctl = Control::new();
    ctl.register_function("k", |_: &[Symbol]| Ok::<_, String>(Symbol::Number(1)));
    ctl.register_function("k", |_: &[Symbol]| Ok::<_, String>(Symbol::Number(2)));
    ctl.add("t", "p(@k).").expect("add");
    ctl.ground().expect("ground");
    let shown = models(&ctl);
    assert_eq!(shown, BTreeSet::from([vec!["p(2)".to_string()]]));
}
