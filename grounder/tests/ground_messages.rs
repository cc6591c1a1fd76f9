//! Message golden tests: each `tests/ground_messages/<name>.lp` is grounded and its messages
//! compared with `<name>.expected`, the exact text clingo 5.8.3 prints for it (messages
//! separated by blank lines). clingo interleaves errors and infos in the order it finds them;
//! `ground` returns all errors first, so errors and infos are compared as two ordered lists.

use std::path::Path;

use grounder::{ground, Diagnostic, GroundOptions, Severity, Source};

fn dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ground_messages")
}

/// Our messages for `name`: (errors, infos) as clingo prints them.
fn ours(name: &str) -> (Vec<String>, Vec<String>) {
    let text = std::fs::read(dir().join(name)).expect("fixture exists");
    let diagnostics: Vec<Diagnostic> =
        match ground(&[Source::new(name, text)], &GroundOptions::default()) {
            Ok(g) => g.infos,
            Err(e) => e.diagnostics,
        };
    let pick = |s: Severity| {
        diagnostics
            .iter()
            .filter(|d| d.severity == s)
            .map(|d| d.to_string())
            .collect::<Vec<String>>()
    };
    // clingo prints 20 messages; a 21st error that `ground` keeps only makes the printer end
    // the run with `too many messages` (see `syntax::MAX_ERRORS`).
    let mut errors = pick(Severity::Error);
    errors.truncate(20);
    (errors, pick(Severity::Info))
}

/// clingo's messages for `name`: (errors, infos).
fn clingos(name: &str) -> (Vec<String>, Vec<String>) {
    let path = dir().join(name.replace(".lp", ".expected"));
    let text = std::fs::read_to_string(path).expect("expected file exists");
    let messages: Vec<String> = text
        .trim_end()
        .split("\n\n")
        .filter(|m| !m.is_empty())
        .map(String::from)
        .collect();
    let is_error = |m: &String| m.lines().next().is_some_and(|l| l.contains(": error: "));
    let errors = messages.iter().filter(|m| is_error(m)).cloned().collect();
    let infos = messages.iter().filter(|m| !is_error(m)).cloned().collect();
    (errors, infos)
}

fn check(name: &str) {
    assert_eq!(ours(name), clingos(name), "{name}");
}

#[test]
fn unsafe_variable_in_negative_body_literal() {
    check("unsafe_negative_body.lp");
}

#[test]
fn unsafe_variables_in_comparison_and_negation() {
    check("unsafe_comparison_and_negation.lp");
}

#[test]
fn unsafe_variable_in_show_term() {
    check("unsafe_show_term.lp");
}

#[test]
fn unsafe_variable_in_weak_constraint() {
    check("unsafe_weak_constraint.lp");
}

#[test]
fn unsafe_variables_in_body_aggregate_and_its_guard() {
    check("unsafe_body_aggregate.lp");
}

#[test]
fn unsafe_variable_in_head_aggregate_element() {
    check("unsafe_head_aggregate.lp");
}

#[test]
fn unsafe_variable_in_external() {
    check("unsafe_external.lp");
}

#[test]
fn unsafe_variable_in_integrity_constraint() {
    check("unsafe_constraint.lp");
}

#[test]
fn nonlinear_arithmetic_does_not_bind() {
    check("unsafe_nonlinear_arithmetic.lp");
}

#[test]
fn unsafe_notes_are_sorted_by_name_and_disjunctions_printed() {
    check("unsafe_notes_sorted_by_name.lp");
}

#[test]
fn operation_undefined_infos() {
    check("operation_undefined.lp");
}

#[test]
fn atom_not_in_any_head_infos() {
    check("atom_not_in_head.lp");
}

#[test]
fn global_variable_in_aggregate_tuple_info() {
    check("global_variable_in_tuple.lp");
}

#[test]
fn operation_undefined_comes_before_undefined_atoms() {
    check("info_order.lp");
}

/// clingo prints a body with its positive atoms first, each group last to first.
#[test]
fn unsafe_rules_print_their_body_in_clingos_order() {
    check("unsafe_body_order.lp");
}

/// Each call is a variable `#ScriptN` bound by `#script(#ScriptN,f(..)` (clingo's text).
#[test]
fn unsafe_external_calls_show_their_script_variables() {
    check("unsafe_external_calls.lp");
}

/// Unknown functions: once per rule, call and arguments, in clingo's grounding order.
#[test]
fn unknown_function_infos_in_clingos_order() {
    check("unknown_function_infos.lp");
}

#[test]
fn constant_definitions_are_printed_as_clingo_prints_terms() {
    check("const_definitions_printed.lp");
}

#[test]
fn an_undefined_single_head_drops_the_statement_before_its_body() {
    check("undefined_head_drops_statement.lp");
}

#[test]
fn an_aggregate_guard_mirrors_only_linear_arithmetic() {
    check("unsafe_aggregate_guard_arithmetic.lp");
}

/// Conditions print with what gringo's rewriting adds (mirrored equations, `#ArithN` names
/// of non-linear sides), and a conditional literal's error repeats once per alternative
/// that the condition alone cannot make safe.
#[test]
fn unsafe_conditions_print_their_rewriting_and_repeat_per_alternative() {
    check("unsafe_condition_rewriting.lp");
}

#[test]
fn unsafe_disjunction_elements_are_reported_at_the_head() {
    check("unsafe_disjunction_elements.lp");
}

#[test]
fn unsafe_disjunction_rule_notes_point_outside_conditional_elements() {
    check("unsafe_disjunction_rule_notes.lp");
}
