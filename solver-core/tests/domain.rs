//! `#edge` and `#heuristic` programs (clingo 5.8.3's ground aspif in `tests/domain/`, written
//! by `tests/domain/generate.sh`) solved by [`Solver`]: the model set equals clingo's with and
//! without the domain heuristic, every model passes the independent checker (which checks the
//! acyclicity of the present edges), and where the statements determine it the first model
//! under the domain heuristic is clingo's first model under `--heuristic=Domain`.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use solver_core::brute::stable_models;
use solver_core::check::check_model;
use solver_core::{aspif, GroundProgram, SolveOptions, Solver};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/domain")
}

fn names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("tests/domain")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|file| file.strip_suffix(".aspif").map(str::to_string))
        .collect();
    names.sort();
    names
}

fn read(name: &str, extension: &str) -> Option<String> {
    std::fs::read_to_string(dir().join(format!("{name}.{extension}"))).ok()
}

/// A model as clingo prints it: the shown names, sorted, joined by spaces.
fn shown(program: &GroundProgram, atoms: &[solver_core::Atom]) -> String {
    let truth: BTreeSet<u32> = atoms.iter().map(|a| a.0).collect();
    let holds = |l: &solver_core::Literal| truth.contains(&l.atom().0) == l.is_positive();
    let mut names: Vec<&str> = program
        .outputs
        .iter()
        .filter(|o| o.condition.iter().all(holds))
        .map(|o| o.name.as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    names.join(" ")
}

/// Every model (checked) as shown names, in the order found.
fn solve(program: &GroundProgram, domain: bool, models: u64, name: &str) -> Vec<String> {
    let options = SolveOptions {
        models,
        domain_heuristic: domain,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(program, options).expect("the program translates");
    let mut found = Vec::new();
    while let Some(model) = solver.next_model() {
        if let Err(e) = check_model(program, &model.atoms) {
            panic!("{name}: model {:?} fails the check: {e}", model.atoms);
        }
        found.push(shown(program, &model.atoms));
    }
    found
}

#[test]
fn model_sets_match_clingo_with_and_without_the_domain_heuristic() {
    let names = names();
    assert!(names.len() >= 10, "{names:?}");
    for name in names {
        let program = aspif::read(&read(&name, "aspif").expect("aspif")).expect("reads");
        let expected: BTreeSet<String> = read(&name, "models")
            .expect("models")
            .lines()
            .map(str::to_string)
            .collect();
        for domain in [false, true] {
            let found = solve(&program, domain, 0, &name);
            let set: BTreeSet<String> = found.iter().cloned().collect();
            assert_eq!(set.len(), found.len(), "{name}: a model found twice");
            assert_eq!(set, expected, "{name} (domain heuristic: {domain})");
        }
    }
}

#[test]
fn first_model_under_the_domain_heuristic_matches_clingo() {
    let mut compared = 0;
    for name in names() {
        let Some(first) = read(&name, "first") else {
            continue;
        };
        let program = aspif::read(&read(&name, "aspif").expect("aspif")).expect("reads");
        let found = solve(&program, true, 1, &name);
        assert_eq!(found, vec![first.trim_end().to_string()], "{name}");
        compared += 1;
    }
    assert_eq!(compared, 4);
}

#[test]
fn heuristic_statements_are_ignored_without_the_domain_heuristic() {
    // clingo 5.8.3 without --heuristic=Domain: the first model of heu_true_false is empty.
    let program = aspif::read(&read("heu_true_false", "aspif").expect("aspif")).expect("reads");
    assert_eq!(
        solve(&program, false, 1, "heu_true_false"),
        vec![String::new()]
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Random programs with edges and heuristic statements (static and dynamic conditions):
    /// the domain heuristic finds exactly the brute-force model set.
    #[test]
    fn domain_heuristic_keeps_the_model_set(
        program in common::program(common::Shape {
            atoms: 6,
            rules: 7,
            max_disjunction: 2,
            choice: 6,
            weight_bodies: 2,
            minimizes: 0,
            projection: false,
            externals: 1,
            assumptions: 0,
            edges: 4,
            heuristics: 6,
        }),
    ) {
        let expected: BTreeSet<Vec<solver_core::Atom>> =
            stable_models(&program).expect("small").into_iter().collect();
        let options = SolveOptions { domain_heuristic: true, ..SolveOptions::default() };
        let mut solver = Solver::new(&program, options).expect("translates");
        let mut found = BTreeSet::new();
        while let Some(model) = solver.next_model() {
            prop_assert_eq!(check_model(&program, &model.atoms), Ok(()));
            prop_assert!(found.insert(model.atoms));
        }
        prop_assert_eq!(found, expected);
    }
}
