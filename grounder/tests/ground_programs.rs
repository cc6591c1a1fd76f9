//! Golden tests: each `tests/ground/<name>.lp` is grounded, its ground program solved with
//! solver-core (every answer set, or every optimal one with `--opt-mode=optN`), and the shown
//! atoms compared with `<name>.expected`, produced by clingo 5.8.3
//! (`clingo 0 --opt-mode=optN`; one answer set per line, atoms sorted, lines sorted, an
//! `optimum:` line first when the program optimizes; gringo 3's `#hide.` read as `#show.`).
//! Every model is also checked to be a stable model by solver-core's independent checker.

use std::collections::BTreeSet;
use std::path::Path;

use grounder::{ground, GroundOptions, Grounded, Source};
use solver_core::{check::check_model, OptMode, SolveOptions, Solver};

/// The shown symbols of a model, sorted and joined by spaces.
fn shown(g: &Grounded, atoms: &[solver_core::Atom]) -> String {
    let true_atoms: BTreeSet<_> = atoms.iter().copied().collect();
    let mut names: Vec<String> = g
        .program
        .outputs
        .iter()
        .zip(g.symbols.shown_symbols())
        .filter(|(o, _)| {
            o.condition
                .iter()
                .all(|l| true_atoms.contains(&l.atom()) == l.is_positive())
        })
        .map(|(_, s)| s.to_string())
        .collect();
    names.sort();
    names.dedup();
    names.join(" ")
}

/// The answer as the `.expected` files write it.
fn answer(name: &str, constants: &[(&str, &str)]) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ground")
        .join(name);
    let text = std::fs::read(&path).expect("fixture exists");
    let options = GroundOptions {
        constants: constants
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..GroundOptions::default()
    };
    let g = ground(&[Source::new(name, text)], &options).expect("grounds");
    g.program.validate().expect("atoms in range");
    let optimizing = !g.program.minimizes.is_empty();
    let options = SolveOptions {
        opt_mode: OptMode::OptN,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(&g.program, options).expect("solver accepts the program");
    let mut models = BTreeSet::new();
    let mut best = None;
    while let Some(m) = solver.next_model() {
        assert_eq!(
            check_model(&g.program, &m.atoms),
            Ok(()),
            "{name}: not a stable model"
        );
        if optimizing && !m.optimal {
            continue;
        }
        best = Some(m.costs.clone());
        models.insert(shown(&g, &m.atoms));
    }
    let mut out = Vec::new();
    if let (true, Some(costs)) = (optimizing, best) {
        let costs: Vec<String> = costs.iter().map(|c| c.to_string()).collect();
        out.push(format!("optimum: {}", costs.join(" ")));
    }
    if models.is_empty() {
        out.push("UNSATISFIABLE".into());
    }
    out.extend(models);
    out
}

fn expected(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ground")
        .join(name.replace(".lp", ".expected"));
    let text = std::fs::read_to_string(path).expect("expected file exists");
    text.lines().map(String::from).collect()
}

fn check(name: &str) {
    assert_eq!(answer(name, &[]), expected(name), "{name}");
}

#[test]
fn basics_recursion_negation_classical_negation() {
    check("basics.lp");
}

#[test]
fn choice_rules_with_bounds() {
    check("choice.lp");
}

#[test]
fn count_sum_aggregates_assignments_and_negated_aggregates() {
    check("agg.lp");
}

#[test]
fn min_max_and_sum_plus() {
    check("minmax.lp");
}

#[test]
fn conditional_literals_in_heads_and_bodies() {
    check("cond.lp");
}

#[test]
fn head_aggregates() {
    check("headagg.lp");
}

#[test]
fn pools_intervals_and_anonymous_variables() {
    check("pools.lp");
}

#[test]
fn anonymous_variables_projected_out_of_positive_bodies() {
    check("projection.lp");
}

#[test]
fn default_and_classical_negation() {
    check("negation.lp");
}

#[test]
fn constants_arithmetic_and_show_terms() {
    check("misc.lp");
}

#[test]
fn recursion_through_choices() {
    check("rec.lp");
    check("recursive.lp");
}

#[test]
fn recursive_aggregates() {
    check("recagg.lp");
}

#[test]
fn weak_constraints_and_minimize() {
    check("opt.lp");
    check("weak.lp");
}

#[test]
fn flowerfinder_seed_has_its_unique_answer() {
    check("flowerfinder.lp");
}

#[test]
fn dominoes_seed_6x4_has_281_tilings() {
    let answers = answer("dominoes_6x4.lp", &[]);
    assert_eq!(answers.len(), 281);
    assert_eq!(answers, expected("dominoes_6x4.lp"));
}

#[test]
fn command_line_constant_overrides_const() {
    // dominoes with -c ymax=2 on a 6x2 board: 13 tilings (Fibonacci), as clingo 5.8.3 says.
    let answers = answer("dominoes_6x4.lp", &[("ymax", "2")]);
    assert_eq!(answers.len(), 13);
}

#[test]
fn function_terms_min_max_on_symbols_and_sum_weights() {
    check("terms_and_aggregates.lp");
}

#[test]
fn aggregates_through_positive_and_negative_loops() {
    check("recursive_aggregates_loops.lp");
}

#[test]
fn disjunctive_heads() {
    check("disjunction.lp");
}

#[test]
fn body_conditional_literals_over_choices() {
    check("body_conditions.lp");
}

#[test]
fn head_conditions_over_choices() {
    check("uncertain_conditions.lp");
}

#[test]
fn strings_pools_and_classical_negation() {
    check("strings_pools_classical.lp");
}

#[test]
fn planning_over_time_with_choices_in_a_recursive_component() {
    check("planning_recursion_with_choices.lp");
}

#[test]
fn counting_constraints_over_intervals() {
    check("grid_counting.lp");
}

#[test]
fn empty_aggregates_chained_comparisons_and_booleans() {
    check("edge_cases.lp");
}

/// The number of answer sets of fixture `name`, duplicates included.
fn model_count(name: &str) -> usize {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ground")
        .join(name);
    let text = std::fs::read(&path).expect("fixture exists");
    let g = ground(&[Source::new(name, text)], &GroundOptions::default()).expect("grounds");
    let mut solver = Solver::new(&g.program, SolveOptions::default()).expect("solver accepts");
    let mut count = 0;
    while solver.next_model().is_some() {
        count += 1;
    }
    count
}

#[test]
fn disjunction_condition_satisfied_by_an_atom_derived_elsewhere() {
    check("disjunction_condition_atom_derived_elsewhere.lp");
}

/// `check`, and no answer set is reported twice.
fn check_without_duplicates(name: &str) {
    check(name);
    assert_eq!(
        model_count(name),
        expected(name).len(),
        "{name}: duplicates"
    );
}

#[test]
fn disjunction_condition_one_atom_under_many_conditions() {
    check_without_duplicates("disjunction_condition_one_atom_many_conditions.lp");
}

#[test]
fn disjunction_condition_stand_ins_give_no_duplicate_models() {
    check_without_duplicates("disjunction_condition_no_duplicate_models.lp");
}

#[test]
fn show_term_under_two_conditions_is_shown_once() {
    let name = "show_term_under_two_conditions.lp";
    check(name);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ground")
        .join(name);
    let text = std::fs::read(&path).expect("fixture exists");
    let g = ground(&[Source::new(name, text)], &GroundOptions::default()).expect("grounds");
    let mut shown: Vec<String> = g.symbols.shown_symbols().map(|s| s.to_string()).collect();
    let all = shown.len();
    shown.sort();
    shown.dedup();
    assert_eq!(shown.len(), all, "a term is output once");
}

#[test]
fn negative_literals_with_nested_anonymous_variables_are_projected() {
    check("negative_nested_anonymous.lp");
}

#[test]
fn negative_conditional_literal_with_an_unbound_variable_is_unsafe() {
    let text = "p(1). a :- not s(X,X) : p(W).";
    let err = match ground(&[Source::new("t.lp", text)], &GroundOptions::default()) {
        Ok(_) => panic!("clingo rejects the unsafe variable X"),
        Err(e) => e,
    };
    let first = &err.diagnostics[0];
    assert_eq!(first.message, "unsafe variables in:");
    assert!(
        first.notes.iter().any(|n| n.text == "'X' is unsafe"),
        "{:?}",
        first.notes
    );
}
