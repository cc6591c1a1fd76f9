//! The 29 aspif fixtures (gringo 5.4.1 output of the programs in tests/fixtures/) solved by
//! [`Solver`] and compared with what clingo 5.8.3 says (the `.expect` files written by
//! `tests/fixtures/regenerate.sh`): satisfiability, model count, projected model count, brave
//! and cautious consequences, optimum costs and the number of optimal models. Every model the
//! solver reports goes through the independent checker.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use solver_core::brute::{costs, project, projection_atoms};
use solver_core::check::check_model;
use solver_core::{
    aspif, Atom, EnumMode, GroundProgram, Model, OptMode, SolveOptions, Solver, Summary,
};

/// The fixture directory.
fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The fixture names (each NAME has NAME.lp, NAME.aspif and NAME.expect).
fn fixture_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixture_dir())
        .expect("fixture directory")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|file| file.strip_suffix(".aspif").map(str::to_string))
        .collect();
    names.sort();
    names
}

/// A fixture: its program and clingo's answers.
struct Fixture {
    name: String,
    program: GroundProgram,
    expect: BTreeMap<String, String>,
}

impl Fixture {
    fn load(name: &str) -> Fixture {
        let read = |extension: &str| {
            let path = fixture_dir().join(format!("{name}.{extension}"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        let program = aspif::read(&read("aspif")).unwrap_or_else(|e| panic!("{name}: {e}"));
        let expect = read("expect")
            .lines()
            .filter_map(|line| line.split_once('='))
            .map(|(key, value)| (key.to_string(), value.to_string()))
            .collect();
        Fixture {
            name: name.to_string(),
            program,
            expect,
        }
    }

    fn expected(&self, key: &str) -> Option<&str> {
        self.expect.get(key).map(String::as_str)
    }

    fn expected_count(&self, key: &str) -> Option<u64> {
        self.expected(key).map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{}: bad {key}={v}", self.name))
        })
    }

    /// Solves with `options`.
    fn solve(&self, options: SolveOptions) -> (Vec<Model>, Summary) {
        let mut solver = Solver::new(&self.program, options)
            .unwrap_or_else(|error| panic!("{}: {error}", self.name));
        let mut models = Vec::new();
        while let Some(model) = solver.next_model() {
            models.push(model);
        }
        (models, solver.summary())
    }

    /// The shown names of a set of atoms (clingo's output), sorted, joined by spaces.
    fn shown(&self, atoms: &[Atom]) -> String {
        let true_atoms: BTreeSet<Atom> = atoms.iter().copied().collect();
        let mut names: Vec<&str> = self
            .program
            .outputs
            .iter()
            .filter(|output| {
                output
                    .condition
                    .iter()
                    .all(|l| true_atoms.contains(&l.atom()) == l.is_positive())
            })
            .map(|output| output.name.as_str())
            .collect();
        names.sort();
        names.dedup();
        names.join(" ")
    }

    fn check(&self, model: &Model, what: &str) {
        if let Err(error) = check_model(&self.program, &model.atoms) {
            panic!(
                "{}: {what} model {:?} is not stable: {error}",
                self.name, model.atoms
            );
        }
    }
}

/// Records a failed expectation instead of stopping at the first one.
macro_rules! expect_eq {
    ($failures:expr, $left:expr, $right:expr, $($what:tt)+) => {{
        let (left, right) = (&$left, &$right);
        if left != right {
            let what = format!($($what)+);
            $failures.push(format!("{what}: solver {left:?}, expected {right:?}"));
        }
    }};
}

fn options(opt_mode: OptMode) -> SolveOptions {
    SolveOptions {
        opt_mode,
        ..SolveOptions::default()
    }
}

/// Every model once, all stable; the count and satisfiability clingo reports.
fn check_enumeration(fixture: &Fixture, failures: &mut Vec<String>) {
    let (models, summary) = fixture.solve(options(OptMode::Ignore));
    for model in &models {
        fixture.check(model, "enumerated");
    }
    let distinct: BTreeSet<&Vec<Atom>> = models.iter().map(|m| &m.atoms).collect();
    let name = &fixture.name;
    expect_eq!(
        failures,
        distinct.len(),
        models.len(),
        "{name}: distinct models"
    );
    let count = Some(models.len() as u64);
    expect_eq!(
        failures,
        count,
        fixture.expected_count("models"),
        "{name}: model count"
    );
    let satisfiable = Some(fixture.expected("satisfiable") == Some("true"));
    expect_eq!(
        failures,
        summary.satisfiable,
        satisfiable,
        "{name}: satisfiable"
    );
    expect_eq!(failures, summary.exhausted, true, "{name}: exhausted");
}

/// Each projection once; as many as clingo's `--project`.
fn check_projection(fixture: &Fixture, failures: &mut Vec<String>) {
    let project_options = SolveOptions {
        project: true,
        ..options(OptMode::Ignore)
    };
    let (models, _) = fixture.solve(project_options);
    let onto = projection_atoms(&fixture.program);
    let mut seen = BTreeSet::new();
    for model in &models {
        fixture.check(model, "projected");
        seen.insert(project(&model.atoms, &onto));
    }
    let name = &fixture.name;
    expect_eq!(
        failures,
        seen.len(),
        models.len(),
        "{name}: distinct projections"
    );
    let count = Some(models.len() as u64);
    let expected = fixture.expected_count("projected_models");
    expect_eq!(failures, count, expected, "{name}: projected model count");
}

/// The last brave/cautious answer shows what clingo's does (no answer without models).
fn check_consequences(fixture: &Fixture, mode: EnumMode, key: &str, failures: &mut Vec<String>) {
    let consequence_options = SolveOptions {
        enum_mode: mode,
        ..options(OptMode::Ignore)
    };
    let (models, _) = fixture.solve(consequence_options);
    let last = models.last().map(|m| fixture.shown(&m.atoms));
    let name = &fixture.name;
    expect_eq!(
        failures,
        last.as_deref(),
        fixture.expected(key),
        "{name}: {key}"
    );
}

/// The optimum and the number of optimal models, every reported model stable with its costs.
fn check_optimization(fixture: &Fixture, failures: &mut Vec<String>) {
    let Some(optimum) = fixture.expected("optimum") else {
        return;
    };
    let optimum: Vec<i64> = optimum
        .split_whitespace()
        .map(|c| c.parse().expect("cost"))
        .collect();
    let (models, summary) = fixture.solve(options(OptMode::Opt));
    let name = &fixture.name;
    for model in &models {
        fixture.check(model, "improving");
        let actual = costs(&fixture.program, &model.atoms);
        expect_eq!(failures, model.costs, actual, "{name}: reported costs");
    }
    let last = models.last().map(|m| m.costs.clone());
    expect_eq!(failures, last, Some(optimum.clone()), "{name}: optimum");
    expect_eq!(
        failures,
        summary.optimum_proven,
        true,
        "{name}: optimum proven"
    );
    let (all, _) = fixture.solve(options(OptMode::OptN));
    let optimal: Vec<&Model> = all.iter().filter(|m| m.optimal).collect();
    let distinct: BTreeSet<&Vec<Atom>> = optimal.iter().map(|m| &m.atoms).collect();
    for model in &optimal {
        fixture.check(model, "optimal");
        expect_eq!(
            failures,
            model.costs,
            optimum,
            "{name}: an optimal model's costs"
        );
    }
    expect_eq!(
        failures,
        distinct.len(),
        optimal.len(),
        "{name}: distinct optimal models"
    );
    let count = Some(optimal.len() as u64);
    let expected = fixture.expected_count("optimal_models");
    expect_eq!(failures, count, expected, "{name}: optimal model count");
}

#[test]
fn fixtures_agree_with_clingo() {
    let names = fixture_names();
    assert!(names.len() >= 25, "only {} fixtures", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let fixture = Fixture::load(name);
        check_enumeration(&fixture, &mut failures);
        check_projection(&fixture, &mut failures);
        check_consequences(&fixture, EnumMode::Brave, "brave", &mut failures);
        check_consequences(&fixture, EnumMode::Cautious, "cautious", &mut failures);
        check_optimization(&fixture, &mut failures);
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fixtures_round_trip_through_aspif() {
    for name in fixture_names() {
        let fixture = Fixture::load(&name);
        let text = aspif::write(&fixture.program);
        assert_eq!(aspif::read(&text).as_ref(), Ok(&fixture.program), "{name}");
    }
}
