//! The grounder's public entry points: [`ground`], [`parse_symbol`] and [`print_text`].
//!
//! `ground` runs the pipeline: load (parse, dialect rewrite) → rewrite into rules (constants,
//! pools, intervals, arithmetic) → safety check (all errors, at most 20, end the run) →
//! instantiate component by component → classical negation constraints → simplification →
//! the ground program with its output table.
//!
//! # Invariants
//! - Messages are returned in clingo's order: parse errors (at most
//!   [`crate::syntax::MAX_ERRORS`]) before the infos; the `operation undefined` infos of
//!   simplification before each rule's safety messages.

use crate::ast;
use crate::diagnostic::{Diagnostic, Severity};
use crate::instantiate::components::{ground_all, undefined_atom_infos};
use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::{simplify, Truth};
use crate::instantiate::{Budget, GBody, GLit, GRule, Grounder, Stop};
use crate::normalize::drop::simplify_rule;
use crate::normalize::print::Printer;
use crate::normalize::rewrite::{rewrite, PlainFact};
use crate::normalize::rules::{Pred, Rule};
use crate::normalize::safety;
use crate::output::symbols::ProgramSymbols;
use crate::output::Grounded;
use crate::syntax::facts::Facts;
use crate::term::intern::Interner;
use crate::{Dialect, Functions, Source, Symbol};
use fxhash::FxHashSet;

/// Limits on grounding work.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most ground atoms plus ground rules before grounding stops with an error.
    pub max_ground_size: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_ground_size: 8_000_000,
        }
    }
}

/// Options for [`ground`].
#[derive(Clone, Debug, Default)]
pub struct GroundOptions {
    /// `-c name=term` constants: they replace default `#const` definitions; with an
    /// `[override]` one of the same name they are a redefinition error, as in clingo.
    pub constants: Vec<(String, String)>,
    /// The input language.
    pub dialect: Dialect,
    /// Size limits.
    pub limits: Limits,
    /// Stops grounding when set.
    pub interrupt: Option<solver_core::Interrupt>,
    /// The functions `@name(args)` terms call (see [`Functions`]).
    pub functions: Functions,
}

/// Grounding failed: the errors (at most 20) followed by the infos.
#[derive(Clone, Debug, thiserror::Error)]
#[error("grounding stopped because of errors")]
pub struct GroundError {
    /// The messages.
    pub diagnostics: Vec<Diagnostic>,
}

fn error_at(message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        span: None,
        message,
        notes: Vec::new(),
    }
}

/// Errors first (at most 20), then infos.
fn fail(mut errors: Vec<Diagnostic>, infos: Vec<Diagnostic>) -> GroundError {
    errors.truncate(crate::syntax::MAX_ERRORS);
    errors.extend(infos);
    GroundError {
        diagnostics: errors,
    }
}

/// The safety check failed: the infos so far, then each rule's messages in rule order (its
/// `global variable in tuple` infos, then its errors), up to the last of at most 20 errors.
fn fail_checked(mut diagnostics: Vec<Diagnostic>, checked: Vec<Diagnostic>) -> GroundError {
    let mut errors = 0;
    for d in checked {
        if d.severity == Severity::Error {
            if errors == crate::syntax::MAX_ERRORS {
                break;
            }
            errors += 1;
        }
        diagnostics.push(d);
    }
    GroundError { diagnostics }
}

/// Grounds the sources into a ground program.
///
/// The simple facts of the sources are taken out before parsing (see `syntax::facts`) unless
/// one of them names a constant (`#const` or `-c`): then the sources are parsed whole.
pub fn ground(sources: &[Source], options: &GroundOptions) -> Result<Grounded, GroundError> {
    let (loaded, facts) =
        crate::syntax::load_split(sources, options.dialect).map_err(|e| fail(e, Vec::new()))?;
    let mut overrides = Vec::new();
    for (name, text) in &options.constants {
        match crate::syntax::parse_term(text) {
            Ok(t) => overrides.push((name.clone(), t)),
            Err(d) => return Err(fail(vec![d], loaded.infos)),
        }
    }
    let (loaded, facts) = if names_constant(&loaded.program, &overrides, &facts) {
        drop((loaded, facts));
        let loaded =
            crate::syntax::load(sources, options.dialect).map_err(|e| fail(e, Vec::new()))?;
        (loaded, Facts::default())
    } else {
        (loaded, facts)
    };
    let mut infos = loaded.infos;
    ground_program(loaded.program, facts, &overrides, options, &mut infos)
}

/// Whether a fact of `facts` uses a name that is a constant of `program` or `overrides`.
fn names_constant(
    program: &ast::Program,
    overrides: &[(String, ast::Term)],
    facts: &Facts,
) -> bool {
    if facts.is_empty() {
        return false;
    }
    let mut constants: FxHashSet<&str> = overrides.iter().map(|(n, _)| n.as_str()).collect();
    for statement in &program.statements {
        if let ast::StatementKind::Const { name, .. } = &statement.kind {
            constants.insert(name);
        }
    }
    !constants.is_empty() && facts.names().any(|n| constants.contains(n))
}

/// Grounds a parsed program and the facts taken out of it (both dropped once rewritten).
pub(crate) fn ground_program(
    program: ast::Program,
    facts: Facts,
    overrides: &[(String, ast::Term)],
    options: &GroundOptions,
    infos: &mut Vec<Diagnostic>,
) -> Result<Grounded, GroundError> {
    let mut table = Interner::default();
    let mut diags = Vec::new();
    let rewritten = rewrite(&mut table, &program, &facts, overrides, &mut diags);
    drop((program, facts));
    let (errors, rewrite_infos): (Vec<_>, Vec<_>) = diags
        .into_iter()
        .partition(|d| d.severity == Severity::Error);
    if !errors.is_empty() {
        // `#const` errors end parsing, as in clingo: nothing is simplified or checked.
        return Err(fail(errors, std::mem::take(infos)));
    }
    infos.extend(rewrite_infos);
    let mut checked = Vec::new();
    let rules = safe_rules(&table, rewritten.rules, &mut checked);
    if checked.iter().any(|d| d.severity == Severity::Error) {
        return Err(fail_checked(std::mem::take(infos), checked));
    }
    infos.append(&mut checked);
    let budget = Budget {
        max_size: options.limits.max_ground_size,
        interrupt: options.interrupt.clone(),
        ticks: 0,
    };
    let reported: Vec<_> = infos
        .iter()
        .filter(|d| d.message == "operation undefined:")
        .filter_map(|d| d.span.clone())
        .collect();
    let mut g = Grounder::new(&mut table, budget);
    g.functions = options.functions.clone();
    g.already_reported(reported);
    let defined = defined_preds(&g, &rewritten.directives.defined, &rewritten.facts);
    let mut undefined_atoms = undefined_atom_infos(&mut g, &rules, &defined);
    let grounded =
        ground_all(&mut g, &rules, &rewritten.facts).and_then(|()| classical_negation(&mut g));
    // Only disjunctions being grounded ask for the plain facts.
    g.plain_facts = FxHashSet::default();
    // clingo reports what grounding meets (operation undefined) before undefined atoms.
    infos.append(&mut g.infos);
    infos.append(&mut undefined_atoms);
    infos.extend(calls_in_grounding_order(&g, &rules));
    if let Err(stop) = grounded {
        let error = match stop {
            Stop::Limit(m) => error_at(m),
            Stop::Interrupted => error_at("grounding interrupted".into()),
            Stop::Failed(d) => d,
        };
        return Err(fail(vec![error], std::mem::take(infos)));
    }
    let (mut truth, external) = initial_truth(&g);
    let ground_rules = simplify(&mut truth, &external, std::mem::take(&mut g.rules));
    let source = crate::output::Source {
        rules: &rules,
        facts: &rewritten.facts,
        directives: &rewritten.directives,
    };
    let built = crate::output::build(&g, &source, &ground_rules, &truth);
    drop(g);
    Ok(Grounded {
        program: built.program,
        symbols: ProgramSymbols::new(table, built.shown, built.atoms),
        infos: std::mem::take(infos),
    })
}

/// The infos of calls of unknown functions, in clingo's grounding order of their rules (see
/// `output::order::grounding_positions`), each rule's in the order they were made.
fn calls_in_grounding_order(g: &Grounder, rules: &[Rule]) -> Vec<Diagnostic> {
    let positions = crate::output::order::grounding_positions(g, rules);
    let position = |rule: &Option<usize>| rule.and_then(|i| positions.get(i).copied());
    let mut infos: Vec<&(Option<usize>, Diagnostic)> = g.call_infos.iter().collect();
    infos.sort_by_key(|(rule, _)| position(rule));
    infos.into_iter().map(|(_, info)| info.clone()).collect()
}

/// The `#defined` predicates and those of the facts taken out by the loader.
fn defined_preds(g: &Grounder, defined: &[Pred], facts: &[PlainFact]) -> Vec<Pred> {
    let mut defined = defined.to_vec();
    let mut seen: FxHashSet<Pred> = FxHashSet::default();
    for fact in facts {
        if let Some(f) = g.table.as_fun(fact.atom) {
            let pred = Pred {
                name: f.name,
                arity: f.args.len() as u32,
                negative: f.negative,
            };
            if seen.insert(pred) {
                defined.push(pred);
            }
        }
    }
    defined
}

/// The rules without unsafe variables; each checked rule's `global variable in tuple` infos
/// and safety errors go to `messages`. What gringo's simplification removes (see
/// `normalize::drop`) is removed before the check.
fn safe_rules(table: &Interner, rules: Vec<Rule>, messages: &mut Vec<Diagnostic>) -> Vec<Rule> {
    let mut safe = Vec::new();
    for mut rule in rules {
        if !simplify_rule(&mut rule) {
            continue;
        }
        messages.append(&mut rule.tuple_infos);
        let printer = Printer {
            table,
            names: &rule.var_names,
        };
        let found = safety::check(
            &rule,
            &|| printer.rule(&rule),
            &|agg| {
                let mut text = String::new();
                printer.aggregate(agg, &mut text);
                text
            },
            &|| printer.head_aggregate(&rule.head),
        );
        if found.is_empty() {
            safe.push(rule);
        } else {
            messages.extend(found);
        }
    }
    safe
}

/// Facts true, everything else unknown; and which atoms are external.
fn initial_truth(g: &Grounder) -> (Vec<Truth>, Vec<bool>) {
    let truth: Vec<Truth> = g
        .store
        .atoms
        .iter()
        .map(|a| if a.fact { Truth::True } else { Truth::Unknown })
        .collect();
    let mut external = vec![false; truth.len()];
    for (a, _) in &g.extras.externals {
        if let Some(x) = external.get_mut(a.0 as usize) {
            *x = true;
        }
    }
    (truth, external)
}

/// `:- p(t), -p(t).` for every atom derivable together with its classical negation.
fn classical_negation(g: &mut Grounder) -> Result<(), Stop> {
    let mut pairs = Vec::new();
    for (i, info) in g.store.atoms.iter().enumerate() {
        let Some(val) = info.val else { continue };
        let Some(f) = g.table.as_fun(val) else {
            continue;
        };
        if !f.negative || !info.in_domain {
            continue;
        }
        pairs.push((AtomId(i as u32), f.name, f.args.to_vec()));
    }
    for (neg, name, args) in pairs {
        let positive = g.table.fun(name, false, &args);
        if let Some(pos) = g.store.find(positive) {
            if g.store.info(pos).is_some_and(|i| i.in_domain) {
                g.push_rule(GRule {
                    choice: false,
                    head: Vec::new(),
                    body: GBody::Normal(vec![GLit::pos(pos), GLit::pos(neg)]),
                })?;
            }
        }
    }
    Ok(())
}

/// Parses a term and evaluates it to a ground symbol.
pub fn parse_symbol(text: &str) -> Result<Symbol, Diagnostic> {
    let term = crate::syntax::parse_term(text)?;
    crate::normalize::rewrite::ground_term(&term).ok_or_else(|| Diagnostic {
        severity: Severity::Error,
        span: Some(term.span.clone()),
        message: format!("not a ground term: {text}"),
        notes: Vec::new(),
    })
}

/// clingo's `--text` output of a ground program: one rule per line with symbol names.
pub fn print_text(grounded: &Grounded) -> String {
    crate::output::text::print(grounded)
}
