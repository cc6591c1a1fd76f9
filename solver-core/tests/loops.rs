//! Large positive loops (issue 15): the unfounded-set check on one big strongly connected
//! component. Answers were checked with clingo 5.8.3 (`clingo 0` on the same programs written
//! as text); every model is also checked by `solver_core::check`.

use solver_core::check::check_model;
use solver_core::{aspif, Atom, GroundProgram, Interrupt, Model, SolveOptions, Solver, Summary};

/// `{p0}. p0 :- p1. p1 :- p2. ... p(n-1) :- p0.` in aspif, atom `i + 1` being `p(i)`.
fn positive_loop(n: u32) -> GroundProgram {
    let mut text = String::from("asp 1 0 0\n1 1 1 1 0 0\n");
    for i in 0..n {
        let body = (i + 1) % n + 1;
        text += &format!("1 0 1 {} 0 1 {}\n", i + 1, body);
    }
    for i in 0..n {
        let name = format!("p{i}");
        text += &format!("4 {} {} 1 {}\n", name.len(), name, i + 1);
    }
    text += "0\n";
    aspif::read(&text).expect("valid aspif")
}

/// `{r(i)}. p(i) :- p(i+1). p(i) :- r(i). :- not p0.` for `i < n`, atoms `p(i) = i + 1`,
/// `r(i) = n + i + 1`: the loop holds exactly when some `r(i)` does.
fn supported_loop(n: u32) -> GroundProgram {
    let mut text = String::from("asp 1 0 0\n");
    for i in 0..n {
        let (p, next, r) = (i + 1, (i + 1) % n + 1, n + i + 1);
        text += &format!("1 1 1 {r} 0 0\n1 0 1 {p} 0 1 {next}\n1 0 1 {p} 0 1 {r}\n");
    }
    text += "1 0 0 0 1 -1\n";
    for i in 0..n {
        text += &format!("4 {} p{i} 1 {}\n", format!("p{i}").len(), i + 1);
        text += &format!("4 {} r{i} 1 {}\n", format!("r{i}").len(), n + i + 1);
    }
    text += "0\n";
    aspif::read(&text).expect("valid aspif")
}

fn solve(program: &GroundProgram, options: SolveOptions) -> (Vec<Model>, Summary) {
    let mut solver = Solver::new(program, options).expect("supported program");
    let mut models = Vec::new();
    while let Some(model) = solver.next_model() {
        assert_eq!(check_model(program, &model.atoms), Ok(()), "{:?}", model);
        models.push(model);
    }
    (models, solver.summary())
}

#[test]
fn positive_loop_has_the_empty_model_and_the_full_one() {
    let n = 2000;
    let (models, summary) = solve(&positive_loop(n), SolveOptions::default());
    let mut found: Vec<Vec<Atom>> = models.into_iter().map(|m| m.atoms).collect();
    found.sort();
    let all: Vec<Atom> = (1..=n).map(Atom).collect();
    assert_eq!(found, vec![Vec::new(), all]);
    assert!(summary.exhausted);
}

#[test]
fn loop_with_external_supports_needs_one_of_them() {
    let n = 9;
    let (models, summary) = solve(&supported_loop(n), SolveOptions::default());
    assert_eq!(models.len(), (1 << n) - 1);
    let all_p: Vec<Atom> = (1..=n).map(Atom).collect();
    for model in &models {
        assert!(all_p.iter().all(|p| model.atoms.contains(p)), "{model:?}");
    }
    assert!(summary.exhausted);
}

/// The first unfounded-set check of a 20,000-atom loop takes more than one poll interval, so
/// an interrupt set after the solver is built (and before the search) is noticed inside it,
/// before any model.
#[test]
fn interrupt_is_noticed_inside_the_unfounded_set_check() {
    let interrupt = Interrupt::new();
    let options = SolveOptions {
        interrupt: Some(interrupt.clone()),
        ..SolveOptions::default()
    };
    let program = positive_loop(20_000);
    let mut solver = Solver::new(&program, options).expect("supported program");
    interrupt.interrupt();
    assert_eq!(solver.next_model(), None);
    let summary = solver.summary();
    assert!(summary.interrupted && !summary.exhausted);
    assert_eq!(summary.satisfiable, None);
}

/// An interrupt set before the solver is built stops the translation: no model, interrupted.
#[test]
fn interrupt_is_noticed_while_translating() {
    let interrupt = Interrupt::new();
    interrupt.interrupt();
    let options = SolveOptions {
        interrupt: Some(interrupt),
        ..SolveOptions::default()
    };
    let (models, summary) = solve(&positive_loop(20_000), options);
    assert!(models.is_empty());
    assert!(summary.interrupted && !summary.exhausted);
    assert_eq!(summary.satisfiable, None);
}
