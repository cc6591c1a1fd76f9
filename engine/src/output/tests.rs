//! The printers on synthetic runs; the expected texts are clingo 5.8.3's output for the
//! programs named in each test (times set to zero here, banner name replaced).

use super::*;

fn model(number: u64, shown: &[&str]) -> ModelEvent {
    ModelEvent {
        number,
        shown: shown.iter().map(|s| s.to_string()).collect(),
        costs: None,
        consequences: None,
        optimal: false,
        definite: false,
        time: 0.0,
    }
}

fn run(config: &OutputConfig, models: &[ModelEvent], summary: &RunSummary) -> String {
    let mut printer = Printer::new(config);
    let mut out = printer.begin("mini-clingo version 0.1.0", &["t1.lp".to_string()]);
    out += &printer.solving();
    for m in models {
        out += &printer.model(m);
    }
    out += &printer.finish(summary);
    out
}

fn sat_summary(models: u64, complete: bool) -> RunSummary {
    RunSummary {
        outcome: Some(Outcome::Satisfiable),
        models,
        complete,
        ..RunSummary::default()
    }
}

const TIMES: &str = "Calls        : 1
Time         : 0.000s (Solving: 0.00s 1st Model: 0.00s Unsat: 0.00s)
CPU Time     : 0.000s
";

/// `a;b. c :- a.` with `0`.
#[test]
fn text_all_models() {
    let models = [model(1, &["b"]), model(2, &["a", "c"])];
    let out = run(&OutputConfig::default(), &models, &sat_summary(2, true));
    let expected = "mini-clingo version 0.1.0\nReading from t1.lp\nSolving...\n\
Answer: 1 (Time: 0.000s)\nb\nAnswer: 2 (Time: 0.000s)\na c\nSATISFIABLE\n\n\
Models       : 2\n"
        .to_string()
        + TIMES;
    assert_eq!(out, expected);
}

/// The same with `-V0`.
#[test]
fn text_verbosity_zero_prints_values_and_result_only() {
    let config = OutputConfig {
        verbosity: 0,
        ..OutputConfig::default()
    };
    let models = [model(1, &["b"]), model(2, &["a", "c"])];
    let out = run(&config, &models, &sat_summary(2, true));
    assert_eq!(out, "b\na c\nSATISFIABLE\n");
}

fn optn_models() -> Vec<ModelEvent> {
    let mut first = model(1, &["b", "c"]);
    first.costs = Some(vec![2]);
    let mut second = model(1, &["a", "c"]);
    second.costs = Some(vec![2]);
    second.optimal = true;
    let mut third = model(2, &["b", "c"]);
    third.costs = Some(vec![2]);
    third.optimal = true;
    vec![first, second, third]
}

fn optn_summary() -> RunSummary {
    RunSummary {
        outcome: Some(Outcome::OptimumFound),
        models: 3,
        complete: false,
        has_costs: true,
        optimize: true,
        optimum: true,
        optimal: 2,
        costs: vec![2],
        ..RunSummary::default()
    }
}

/// optn.lp with `2 --opt-mode=optN`.
#[test]
fn text_optn_numbers_optimal_models_from_one() {
    let out = run(&OutputConfig::default(), &optn_models(), &optn_summary());
    let expected = "mini-clingo version 0.1.0\nReading from t1.lp\nSolving...\n\
Answer: 1 (Time: 0.000s)\nb c\nOptimization: 2\n\
Answer: 1 (Time: 0.000s)\na c\nOptimization: 2\n\
Answer: 2 (Time: 0.000s)\nb c\nOptimization: 2\n\
OPTIMUM FOUND\n\nModels       : 3+\n  Optimum    : yes\n  Optimal    : 2\n\
Optimization : 2\n"
        .to_string()
        + TIMES;
    assert_eq!(out, expected);
}

/// optn.lp with `--opt-mode=optN -q1,0`: costs of the non-optimal model without its atoms.
#[test]
fn text_quiet_models_but_not_costs() {
    let config = OutputConfig {
        models: PrintLevel::Best,
        costs: PrintLevel::All,
        ..OutputConfig::default()
    };
    let out = run(&config, &optn_models(), &optn_summary());
    assert!(out.contains("Solving...\nAnswer: 1 (Time: 0.000s)\nOptimization: 2\nAnswer: 1"));
    assert_eq!(out.matches("Answer:").count(), 3);
}

/// opt.lp with `-q0,1`: the last model is printed again at the end, with its costs.
#[test]
fn text_quiet_costs_reprints_last_model() {
    let config = OutputConfig {
        models: PrintLevel::All,
        costs: PrintLevel::Best,
        ..OutputConfig::default()
    };
    let mut only = model(1, &["b"]);
    only.costs = Some(vec![0, 1]);
    let summary = RunSummary {
        outcome: Some(Outcome::OptimumFound),
        models: 1,
        complete: true,
        has_costs: true,
        optimize: true,
        optimum: true,
        optimal: 1,
        costs: vec![0, 1],
        ..RunSummary::default()
    };
    let out = run(&config, &[only], &summary);
    let expected = "mini-clingo version 0.1.0\nReading from t1.lp\nSolving...\n\
Answer: 1 (Time: 0.000s)\nb\nAnswer: 1 (Time: 0.000s)\nb\nOptimization: 0 1\n\
OPTIMUM FOUND\n\nModels       : 1\n  Optimum    : yes\nOptimization : 0 1\n"
        .to_string()
        + TIMES;
    assert_eq!(out, expected);
}

/// t1.lp with `-e brave -q1`: only the final consequences, made definite.
#[test]
fn text_brave_quiet_prints_final_consequences() {
    let config = OutputConfig {
        models: PrintLevel::Best,
        costs: PrintLevel::Best,
        ..OutputConfig::default()
    };
    let mut first = model(1, &["b"]);
    first.consequences = Some((1, 3));
    let mut second = model(2, &["a", "b", "c"]);
    second.consequences = Some((3, 3));
    let summary = RunSummary {
        consequences: Some((ConsequenceKind::Brave, 3)),
        ..sat_summary(2, true)
    };
    let out = run(&config, &[first, second], &summary);
    let expected = "mini-clingo version 0.1.0\nReading from t1.lp\nSolving...\n\
Answer: 2 (Time: 0.000s)\na b c\nConsequences: [3;3]\nSATISFIABLE\n\n\
Models       : 2\n  Brave      : yes\nConsequences : 3\n"
        .to_string()
        + TIMES;
    assert_eq!(out, expected);
}

/// hard.lp with `--time-limit=1`.
#[test]
fn text_time_limit_unknown() {
    let summary = RunSummary {
        outcome: Some(Outcome::Unknown),
        stopped: Some(StopReason::TimeLimit),
        ..RunSummary::default()
    };
    let out = run(&OutputConfig::default(), &[], &summary);
    let expected = "mini-clingo version 0.1.0\nReading from t1.lp\nSolving...\nUNKNOWN\n\n\
TIME LIMIT   : 1\nModels       : 0+\n"
        .to_string()
        + TIMES;
    assert_eq!(out, expected);
}

/// opt.lp with `--outf=1`.
#[test]
fn competition_format() {
    let config = OutputConfig {
        format: Format::Competition,
        ..OutputConfig::default()
    };
    let mut only = model(1, &["b"]);
    only.costs = Some(vec![0, 1]);
    let summary = RunSummary {
        outcome: Some(Outcome::OptimumFound),
        models: 1,
        complete: true,
        has_costs: true,
        optimize: true,
        optimum: true,
        optimal: 1,
        costs: vec![0, 1],
        ..RunSummary::default()
    };
    let out = run(&config, &[only], &summary);
    let expected = "% mini-clingo version 0.1.0\n% Reading from t1.lp\n% Solving...\n\
% Answer: 1 (Time: 0.000s)\nANSWER\nb.\nCOST 0 1\nOPTIMUM\n% \n\
% Models         : 1\n%   Optimum      : yes\n% Optimization   : 0 1\n\
% Calls          : 1\n% Time           : 0.000s (Solving: 0.00s 1st Model: 0.00s Unsat: 0.00s)\n\
% CPU Time       : 0.000s\n";
    assert_eq!(out, expected);
}

/// t1.lp with `--outf=2 0`.
#[test]
fn json_models() {
    let config = OutputConfig {
        format: Format::Json,
        ..OutputConfig::default()
    };
    let models = [model(1, &["b"]), model(2, &["a", "c"])];
    let out = run(&config, &models, &sat_summary(2, true));
    let expected = r#"{
  "Solver": "mini-clingo version 0.1.0",
  "Input": [
    "t1.lp"
  ],
  "Call": [
    {
      "Start": 0.000,
      "Witnesses": [
        {
          "Time": 0.000,
          "Value": [
            "b"
          ]
        },
        {
          "Time": 0.000,
          "Value": [
            "a", "c"
          ]
        }
      ],
      "Stop": 0.000
    }
  ],
  "Result": "SATISFIABLE",
  "Models": {
    "Number": 2,
    "More": "no"
  },
  "Calls": 1,
  "Time": {
    "Total": 0.000,
    "Solve": 0.000,
    "Model": 0.000,
    "Unsat": 0.000,
    "CPU": 0.000
  }
}
"#;
    assert_eq!(out, expected);
}

/// t1.lp with `-e cautious --outf=2`: an empty value array and consequences.
#[test]
fn json_cautious_empty_value() {
    let config = OutputConfig {
        format: Format::Json,
        ..OutputConfig::default()
    };
    let mut only = model(2, &[]);
    only.consequences = Some((0, 0));
    let summary = RunSummary {
        consequences: Some((ConsequenceKind::Cautious, 0)),
        ..sat_summary(2, true)
    };
    let out = run(&config, &[only], &summary);
    let expected = "          \"Value\": [\n            \n          ],\n          \
\"Consequences\": {\n            \"True\": 0,\n            \"Open\": 0\n          }\n";
    assert!(out.contains(expected), "{out}");
    assert!(out.contains(
        "\"More\": \"no\",\n    \"Cautious\": \"yes\",\n    \"Consequences\": {\n      \"True\": 0,"
    ));
}

/// opt.lp with `--outf=2`: costs on one line, `Optimal` in the summary.
#[test]
fn json_costs() {
    let config = OutputConfig {
        format: Format::Json,
        ..OutputConfig::default()
    };
    let mut only = model(1, &["b"]);
    only.costs = Some(vec![0, 1]);
    let summary = RunSummary {
        outcome: Some(Outcome::OptimumFound),
        models: 1,
        complete: true,
        has_costs: true,
        optimize: true,
        optimum: true,
        optimal: 1,
        costs: vec![0, 1],
        ..RunSummary::default()
    };
    let out = run(&config, &[only], &summary);
    assert!(out.contains("          \"Costs\": [\n            0, 1\n          ]\n        }\n"));
    assert!(out.contains(
        "\"Result\": \"OPTIMUM FOUND\",\n  \"Models\": {\n    \"Number\": 1,\n    \"More\": \"no\",\n    \"Optimum\": \"yes\",\n    \"Optimal\": 1,\n    \"Costs\": [\n      0, 1\n    ]\n  },"
    ));
}

/// An unsatisfiable run has no `Witnesses`.
#[test]
fn json_unsat_without_witnesses() {
    let config = OutputConfig {
        format: Format::Json,
        ..OutputConfig::default()
    };
    let summary = RunSummary {
        outcome: Some(Outcome::Unsatisfiable),
        complete: true,
        ..RunSummary::default()
    };
    let out = run(&config, &[], &summary);
    assert!(out.contains(
        "  \"Call\": [\n    {\n      \"Start\": 0.000,\n      \"Stop\": 0.000\n    }\n  ],\n  \"Result\": \"UNSATISFIABLE\","
    ));
}

#[test]
fn long_input_names_are_shortened() {
    let long = "a".repeat(50);
    assert_eq!(prettify(&long), format!("...{}", "a".repeat(38)));
    assert_eq!(prettify("x.lp"), "x.lp");
}

/// An input error: no search, but clasp still writes a call with `Start` and `Stop`.
#[test]
fn json_without_search_still_has_a_call() {
    let config = OutputConfig {
        format: Format::Json,
        ..OutputConfig::default()
    };
    let mut printer = Printer::new(&config);
    let mut out = printer.begin("mini-clingo version 0.1.0", &["err.lp".to_string()]);
    let summary = RunSummary {
        outcome: Some(Outcome::Unknown),
        ..RunSummary::default()
    };
    out += &printer.finish(&summary);
    assert!(out.contains(
        "  \"Call\": [\n    {\n      \"Start\": 0.000,\n      \"Stop\": 0.000\n    }\n  ],\n  \"Result\": \"UNKNOWN\",\n  \"Models\": {\n    \"Number\": 0,\n    \"More\": \"yes\"\n  },"
    ), "{out}");
}
