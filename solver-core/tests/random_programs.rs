//! 200 random aspif programs with clingo 5.8.3's answers (tests/fixtures/random/, made by its
//! `regenerate.py`): the brute-force oracle and the [`Solver`] must both give exactly clingo's
//! stable models, and, with minimize statements, clingo's optimum and optimal models. This pins
//! the semantics of the checker (`check`) to clingo's, not only to the solver's.

use std::collections::BTreeSet;
use std::path::Path;

use solver_core::brute::{optimal_models, stable_models};
use solver_core::check::check_model;
use solver_core::{aspif, Atom, GroundProgram, OptMode, SolveOptions, Solver};

/// One recorded program and clingo's answers.
struct Recorded {
    number: usize,
    program: GroundProgram,
    models: Vec<Vec<Atom>>,
    /// The optimum costs and the optimal models (with minimize statements).
    optimum: Option<(Vec<i64>, Vec<Vec<Atom>>)>,
}

/// Parses `model 1 3` into atoms.
fn model_line(line: &str) -> Vec<Atom> {
    let rest = line.strip_prefix("model").expect("a model line");
    rest.split_whitespace()
        .map(|a| Atom(a.parse().expect("atom")))
        .collect()
}

/// Reads `count` model lines after a header whose second word is the count.
fn models_after<'a>(header: &str, lines: &mut impl Iterator<Item = &'a str>) -> Vec<Vec<Atom>> {
    let count: usize = header
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a count");
    (0..count)
        .map(|_| model_line(lines.next().expect("a model line")))
        .collect()
}

fn parse_block(block: &str) -> Recorded {
    let mut lines = block.lines();
    let header = lines.next().expect("program header");
    let number = header
        .strip_prefix("program ")
        .and_then(|n| n.parse().ok())
        .expect("program N");
    let text: Vec<&str> = lines.by_ref().take_while(|l| *l != "0").collect();
    let program = aspif::read(&format!("{}\n0\n", text.join("\n")))
        .unwrap_or_else(|e| panic!("program {number}: {e}"));
    let models = models_after(lines.next().expect("models"), &mut lines);
    let optimum = match lines.next() {
        Some(line) if line.starts_with("optimum") => {
            let costs = line
                .split_whitespace()
                .skip(1)
                .map(|c| c.parse().expect("cost"))
                .collect();
            let optimal = models_after(lines.next().expect("optimal"), &mut lines);
            Some((costs, optimal))
        }
        _ => None,
    };
    Recorded {
        number,
        program,
        models,
        optimum,
    }
}

fn recorded_programs() -> Vec<Recorded> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/random/random_programs.txt");
    let text = std::fs::read_to_string(path).expect("random_programs.txt");
    text.split("end\n")
        .filter(|block| !block.trim().is_empty())
        .map(parse_block)
        .collect()
}

fn sorted(mut models: Vec<Vec<Atom>>) -> Vec<Vec<Atom>> {
    models.sort();
    models
}

#[test]
fn brute_force_agrees_with_clingo() {
    let programs = recorded_programs();
    assert_eq!(programs.len(), 200);
    for recorded in &programs {
        let number = recorded.number;
        let models = stable_models(&recorded.program).expect("small program");
        assert_eq!(
            models,
            sorted(recorded.models.clone()),
            "program {number}: models"
        );
        let optimum = optimal_models(&recorded.program, &models);
        let expected = recorded.optimum.clone().map(|(c, m)| (c, sorted(m)));
        if recorded.optimum.is_some() {
            assert_eq!(optimum, expected, "program {number}: optimum");
        }
    }
}

/// Solves with `opt_mode`, every answer.
fn solve(program: &GroundProgram, opt_mode: OptMode) -> Vec<solver_core::Model> {
    let options = SolveOptions {
        opt_mode,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(program, options).unwrap_or_else(|error| panic!("{error}"));
    let mut models = Vec::new();
    while let Some(model) = solver.next_model() {
        models.push(model);
    }
    models
}

#[test]
fn solver_agrees_with_clingo() {
    for recorded in recorded_programs() {
        let number = recorded.number;
        let models = solve(&recorded.program, OptMode::Ignore);
        for model in &models {
            let verdict = check_model(&recorded.program, &model.atoms);
            assert_eq!(verdict, Ok(()), "program {number}: {:?}", model.atoms);
        }
        let found: Vec<Vec<Atom>> = models.iter().map(|m| m.atoms.clone()).collect();
        let distinct: BTreeSet<&Vec<Atom>> = found.iter().collect();
        assert_eq!(
            distinct.len(),
            found.len(),
            "program {number}: a model twice"
        );
        assert_eq!(
            sorted(found),
            sorted(recorded.models.clone()),
            "program {number}"
        );
        let Some((costs, optimal)) = &recorded.optimum else {
            continue;
        };
        let all = solve(&recorded.program, OptMode::OptN);
        let found: Vec<Vec<Atom>> = all
            .iter()
            .filter(|m| m.optimal)
            .map(|m| m.atoms.clone())
            .collect();
        assert_eq!(
            sorted(found),
            sorted(optimal.clone()),
            "program {number}: optimal models"
        );
        let last = all.last().map(|m| &m.costs);
        assert_eq!(last, Some(costs), "program {number}: optimum");
    }
}
