//! The puzzle programs of `programs/` replayed through the engine's `Control` API.
//!
//! Every run of `programs/runs.txt` (except `@bench` ones) has its own `#[test]`, named after
//! the run, that
//! 1. maps the run's mini-clingo arguments (files, `-c`, `--project`, `-e`, `--opt-mode`, the
//!    model count, `--dialect`) onto a [`Control`],
//! 2. grounds and solves, and compares the models with `programs/expected/<name>.json` exactly
//!    as programs/README.md prescribes for the run's mode, and
//! 3. checks every stable model of the ground program with the independent checker
//!    [`solver_core::check::check_model`].
//!
//! Step 3 checks each answer the Control returned ([`engine::Model::true_atoms`]), and also
//! enumerates the Control's ground program with [`solver_core::Solver`] directly (all models,
//! no projection, optimization ignored) and checks each of those.
//! `every_run_has_a_test` keeps the list of tests in step with runs.txt.

use std::path::Path;

use engine::{Control, ModelKind, OptMode};
use serde_json::Value;

#[path = "support/control_args.rs"]
mod control_args;
use solver_core::{SolveOptions, Solver};

/// The repository root: runs.txt paths are relative to it.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One line of runs.txt: the name and mini-clingo's arguments.
struct Run {
    name: String,
    args: Vec<String>,
}

/// The runs of programs/runs.txt, `@bench` ones included.
fn runs() -> Vec<Run> {
    let text = std::fs::read_to_string(root().join("programs/runs.txt")).expect("runs.txt");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(" | ").collect();
            Run {
                name: fields[0].trim().to_string(),
                args: fields[1].split_whitespace().map(String::from).collect(),
            }
        })
        .collect()
}

/// What a search printed: each model's shown atoms (sorted) and cost, and the result line.
struct Outcome {
    models: Vec<(Vec<String>, Vec<i64>)>,
    result: &'static str,
}

fn solve(ctl: &Control) -> Outcome {
    let program = ctl.ground_program().expect("grounded");
    let mut handle = ctl.solve().expect("solve");
    let models = handle
        .by_ref()
        .map(|model| {
            if model.kind() == ModelKind::Answer {
                if let Err(error) = solver_core::check::check_model(program, model.true_atoms()) {
                    panic!("answer {} is not a stable model: {error:?}", model.number());
                }
            }
            let mut names = model.shown_names();
            names.sort();
            (names, model.costs().to_vec())
        })
        .collect();
    let summary = handle.summary();
    let result = match summary.satisfiable {
        Some(true) if summary.optimum_proven => "OPTIMUM FOUND",
        Some(true) => "SATISFIABLE",
        Some(false) => "UNSATISFIABLE",
        None => "UNKNOWN",
    };
    Outcome { models, result }
}

/// The expected models of a run, as sorted atom lists.
fn models_of(record: &Value, key: &str) -> Vec<Vec<String>> {
    let list = record[key].as_array().map(Vec::as_slice).unwrap_or(&[]);
    list.iter()
        .map(|model| {
            let atoms = model.as_array().expect("a model is a list");
            atoms
                .iter()
                .map(|a| a.as_str().expect("atom").to_string())
                .collect()
        })
        .collect()
}

/// Compares what was printed with the expected record, per the README's rules for `mode`.
fn compare(name: &str, record: &Value, outcome: &Outcome) {
    let want = models_of(record, "models");
    let got: Vec<Vec<String>> = outcome.models.iter().map(|(m, _)| m.clone()).collect();
    let expected_result = record["result"].as_str().expect("result").replace('_', " ");
    assert_eq!(outcome.result, expected_result, "{name}: result");
    match record["mode"].as_str().expect("mode") {
        "enumerate" => {
            let mut sorted = got.clone();
            sorted.sort();
            assert_eq!(
                sorted.len() as u64,
                record["count"].as_u64().expect("count"),
                "{name}"
            );
            assert_eq!(sorted, want, "{name}: the models differ");
        }
        "first" => {
            assert_eq!(got.len(), 1, "{name}: one model asked for");
            assert!(
                want.contains(&got[0]),
                "{name}: {:?} is not an answer set",
                got[0]
            );
        }
        "brave" | "cautious" => {
            assert_eq!(got.last(), want.first(), "{name}: the consequences differ");
        }
        mode @ ("opt" | "optN") => compare_optimum(name, mode, record, outcome, &want),
        other => panic!("{name}: unknown mode {other}"),
    }
}

fn compare_optimum(
    name: &str,
    mode: &str,
    record: &Value,
    outcome: &Outcome,
    want: &[Vec<String>],
) {
    let optimum: Vec<i64> = record["optimum"]
        .as_array()
        .expect("optimum")
        .iter()
        .map(|c| c.as_i64().expect("cost"))
        .collect();
    let (last, cost) = outcome.models.last().expect("an optimal model");
    assert_eq!(cost, &optimum, "{name}: optimum");
    if mode == "opt" {
        assert!(want.contains(last), "{name}: the last model is not optimal");
        return;
    }
    let mut best: Vec<Vec<String>> = outcome
        .models
        .iter()
        .filter(|(_, c)| c == &optimum)
        .map(|(m, _)| m.clone())
        .collect();
    best.sort();
    best.dedup();
    assert_eq!(best, want, "{name}: the optimal models differ");
}

/// Checks every stable model of the grounded program with the independent checker; returns
/// how many there are.
fn check_every_model(name: &str, ctl: &Control) -> u64 {
    let program = ctl.ground_program().expect("grounded");
    let options = SolveOptions {
        models: 0,
        opt_mode: OptMode::Ignore,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(program, options).expect("solver");
    let mut count = 0;
    while let Some(model) = solver.next_model() {
        count += 1;
        if let Err(error) = solver_core::check::check_model(program, &model.atoms) {
            panic!("{name}: model {count} is not a stable model: {error:?}");
        }
    }
    count
}

/// Replays the run `name` of runs.txt.
fn replay(name: &str) {
    let run = runs()
        .into_iter()
        .find(|r| r.name == name)
        .expect("a run of runs.txt");
    let file = root()
        .join("programs/expected")
        .join(format!("{}.json", name.replace('@', "_")));
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(file).expect("expected json")).expect("json");
    let mut ctl = control_args::control_for(&run.args, root());
    ctl.ground()
        .unwrap_or_else(|e| panic!("{name}: grounding failed: {e}"));
    let outcome = solve(&ctl);
    compare(name, &record, &outcome);
    let stable = check_every_model(name, &ctl);
    let unsatisfiable = outcome.result == "UNSATISFIABLE";
    assert_eq!(stable == 0, unsatisfiable, "{name}: {stable} stable models");
    let projected = run.args.iter().any(|a| a.starts_with("--project"));
    if record["mode"] == "enumerate" && !projected {
        assert_eq!(
            Some(stable),
            record["count"].as_u64(),
            "{name}: stable models"
        );
    }
}

/// One `#[test]` per run: `test_name => "run name"`.
macro_rules! runs {
    ($($test:ident => $name:literal),* $(,)?) => {
        $(#[test] fn $test() { replay($name); })*
        /// The run names that have a test.
        const TESTED: &[&str] = &[$($name),*];
    };
}

runs! {
    flowerfinder => "flowerfinder",
    flowerfinder_post => "flowerfinder-post",
    dominoes_6x4 => "dominoes-6x4",
    hinomaru_post => "hinomaru-post",
    hinomaru_all => "hinomaru-all",
    hinomaru_project_loc => "hinomaru-project-loc",
    hinomaru_project_face => "hinomaru-project-face",
    hinomaru_brave => "hinomaru-brave",
    hinomaru_cautious => "hinomaru-cautious",
    nonogram_post => "nonogram-post",
    nonogram_all => "nonogram-all",
    lunar_post => "lunar-post",
    lunar_1 => "lunar-1",
    lunar_2 => "lunar-2",
    lunar_3 => "lunar-3",
    lunar_3_modern => "lunar-3-modern",
    flowerdisk => "flowerdisk",
    flowerdisk_original => "flowerdisk-original",
    frog => "frog",
    frog_cautious => "frog-cautious",
}

#[test]
fn every_run_has_a_test() {
    let mut missing: Vec<String> = runs()
        .into_iter()
        .map(|r| r.name)
        .filter(|n| !n.ends_with("@bench") && !TESTED.contains(&n.as_str()))
        .collect();
    missing.sort();
    assert!(
        missing.is_empty(),
        "runs.txt runs without a test: {missing:?}"
    );
    assert_eq!(TESTED.len(), 20);
}

#[test]
fn dominoes_6x4_has_281_tilings() {
    let mut ctl = Control::new();
    ctl.set_const("ymax", "4").expect("set_const");
    ctl.options_mut().models = Some(0);
    ctl.load(root().join("programs/dominoes.lp")).expect("load");
    ctl.ground().expect("ground");
    let mut handle = ctl.solve().expect("solve");
    let count = handle.by_ref().count();
    assert_eq!(count, 281);
    assert_eq!(handle.summary().models, 281);
}
