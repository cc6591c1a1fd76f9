//! One grounding of a session: the rule instances of the named parts instantiated over the
//! domains kept from earlier groundings, what is certain settled, the ground program written.
//!
//! Truth values carry over: an earlier fact stays true; an atom an earlier grounding left
//! undecided (it has rules or is external) stays open, so simplification treats it like an
//! external (it may be true, it is not removed); an atom found false earlier may be derived by
//! the new rules and is found false again otherwise. Only the new rules are simplified and
//! written; an earlier atom that becomes a fact gets its fact rule now. An `#external` atom that
//! heads a rule of the grounding (other than a tautology `a :- a, ..`) is not open: clasp ignores
//! the declaration of an atom with a rule, even one whose body can never hold.
//!
//! # Invariants
//! - `State::truth` and `State::external` cover every atom of `State::kept`'s store after a
//!   grounding; `State::atoms[i]` is the term of aspif atom `i + 1`.

use fxhash::FxHashSet;

use crate::diagnostic::Diagnostic;
use crate::instantiate::components::ground_all;
use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::{simplify, Truth};
use crate::instantiate::undefined::{never_defined, undefined_atom_infos, HeadPatterns, Heads};
use crate::instantiate::{Budget, GBody, GLit, GRule, Grounder, Kept, Stop};
use crate::normalize::rules::Rule;
use crate::output::source::Source;
use crate::output::{build, Built, Emitted};
use crate::session::options::GroundOptions;
use crate::session::program::{Added, Call};
use crate::term::intern::{Interner, Val};

/// What the groundings of a session keep.
#[derive(Default)]
pub(crate) struct State {
    /// The grounder's atoms, domains and auxiliary atoms.
    pub kept: Kept,
    /// The truth of each grounder atom after the last grounding.
    pub truth: Vec<Truth>,
    /// Whether each grounder atom was declared external.
    pub external: Vec<bool>,
    /// What the output wrote so far.
    pub emitted: Emitted,
    /// Negative atoms whose `:- a, -a.` constraint was written.
    pub negation_done: FxHashSet<AtomId>,
    /// The term of each aspif atom (`None`: auxiliary).
    pub atoms: Vec<Option<Val>>,
}

/// Grounds `call` (its infos go to `infos`); an error if grounding stopped. With the built
/// program comes the position in `infos` where the infos of instantiation start: before it
/// are those clingo reports before grounding (rewriting, undefined atoms).
pub(crate) fn ground_call(
    table: &mut Interner,
    state: &mut State,
    call: &Call,
    added: &Added,
    options: &GroundOptions,
    infos: &mut Vec<Diagnostic>,
) -> Result<(Built, usize), Stop> {
    let budget = Budget {
        max_size: options.limits.max_ground_size,
        interrupt: options.interrupt.clone(),
        ticks: 0,
    };
    let mut g = Grounder::resume(table, std::mem::take(&mut state.kept), budget);
    g.functions = options.functions.clone();
    g.already_reported(added.reported.iter().cloned());
    let first: Vec<&crate::normalize::rules::Rule> = call
        .first
        .iter()
        .filter_map(|&i| call.rules.get(i))
        .collect();
    let patterns = HeadPatterns::new(&call.rules);
    let heads = Heads::new(&patterns, &call.wholesale);
    let mut undefined_atoms = undefined_atom_infos(&mut g, &first, &heads);
    // Facts and earlier groundings count for the infos, not for gringo's dependencies: an atom
    // that is neither a fact nor in the domain is derivable only through a head that unifies.
    let no_wholesale = FxHashSet::default();
    let rule_heads = Heads::new(&patterns, &no_wholesale);
    g.never_defined = never_defined(g.table, &call.rules, &rule_heads);
    drop(patterns);
    let grounded = ground_all(&mut g, &call.rules, &call.facts)
        .and_then(|()| classical_negation(&mut g, &mut state.negation_done));
    // Only disjunctions being grounded ask for the plain facts.
    g.plain_facts = FxHashSet::default();
    // clingo reports undefined atoms when it grounds their statements, before what grounding
    // meets (operation undefined) in them.
    infos.append(&mut undefined_atoms);
    let instantiation_infos = infos.len();
    g.give_all_head_ignored();
    infos.append(&mut g.infos);
    infos.extend(calls_in_grounding_order(&g, &call.rules));
    if let Err(stop) = grounded {
        state.kept = g.into_kept();
        return Err(stop);
    }
    let headed = headed_externals(&g);
    let mut open = start_truth(&g, &mut state.truth, &mut state.external, &headed);
    // `not` the atom without rules stands for a certain aggregate element, kept as gringo
    // keeps it (see `instantiate::aggregate::SumForm`), so it is not folded away.
    if let Some(never) = g.made_never_aux() {
        open[never.0 as usize] = true;
    }
    // gringo keeps an unstratified `not a` (see `Grounder::unstratified_negation`) even when
    // `a` gets no rule.
    for &a in &g.open_negated {
        if let Some(o) = open.get_mut(a.0 as usize) {
            *o = true;
        }
    }
    if !call.project.is_empty() || !g.extras.projects.is_empty() {
        keep_grounded_heads(&mut g);
    }
    let true_fact = take_certain_conjunction_fact(&mut g, &mut open);
    let mut ground_rules = simplify(&mut state.truth, &open, std::mem::take(&mut g.rules));
    ground_rules.extend(true_fact);
    let source = Source {
        rules: &call.rules,
        facts: &call.facts,
        directives: &added.directives,
        project: &call.project,
    };
    let built = build(&g, &mut state.emitted, &source, ground_rules, &state.truth);
    state.kept = g.into_kept();
    Ok((built, instantiation_infos))
}

/// Adds the head atoms of every ground rule to [`Extras::unruled`] before `simplify` drops
/// rules: gringo writes each rule as it grounds it, so their head atoms stay in its domain (and
/// under a projected signature in its `#project` statements) even when a fact found later
/// satisfies the rule or a body atom turns out to have no rule (`r(2) ; q(1).` grounded before
/// `r(1..3).`, or `b ; q :- not not a.` where `a` is never derived).
///
/// [`Extras::unruled`]: crate::instantiate::Extras::unruled
fn keep_grounded_heads(g: &mut Grounder) {
    let heads = g.rules.iter().flat_map(|r| r.head.iter().copied());
    g.extras.unruled.extend(heads);
}

/// Takes the fact rule `aux.` of [`Grounder::certain_conjunction`] out of the rules (when this grounding
/// made it) and opens `aux`, so that `simplify` keeps `aux` in the bodies that have it; the rule
/// is written after all others. gringo writes the `#delayed` atom of a conjunction over a
/// recursive condition that turns out certain (`p(W) : r(W)` with no `r` atom), or of a
/// recursive body aggregate that holds (`0 < #sum{2 : dom(W); 2 : b}` in a rule with head
/// `b`), in the rules that use it and defines it last, and clasp reads `d :- b, x. :- d. x.`
/// otherwise than `:- b.` (seeds 56544 and 20231: the projected brave consequences).
fn take_certain_conjunction_fact(g: &mut Grounder, open: &mut [bool]) -> Option<GRule> {
    let aux = g.made_certain_conjunction()?;
    let is_fact_rule = |r: &GRule| {
        !r.choice && r.head == [aux] && matches!(&r.body, GBody::Normal(l) if l.is_empty())
    };
    let at = g.rules.iter().position(is_fact_rule)?;
    if let Some(o) = open.get_mut(aux.0 as usize) {
        *o = true;
    }
    Some(g.rules.remove(at))
}

/// The infos of calls of unknown functions, in clingo's grounding order of their rules (see
/// `output::order::grounding_positions`), each rule's in the order they were made.
fn calls_in_grounding_order(g: &Grounder, rules: &[Rule]) -> Vec<Diagnostic> {
    if g.call_infos.is_empty() {
        return Vec::new();
    }
    let positions = crate::output::order::grounding_positions(g, rules);
    let position = |rule: &Option<usize>| rule.and_then(|i| positions.get(i).copied());
    let mut infos: Vec<&(Option<usize>, Diagnostic)> = g.call_infos.iter().collect();
    infos.sort_by_key(|(rule, _)| position(rule));
    infos.into_iter().map(|(_, info)| info.clone()).collect()
}

/// The `#external` atoms of this grounding that head one of its rules. gringo writes every rule
/// it instantiates, and clasp ignores the `#external` of an atom with a rule, even one whose body
/// can never hold (a rule gringo keeps that our simplification removes afterwards): such an atom
/// is an ordinary atom, false when none of its rules can fire. clasp first drops a rule with its
/// head atom in its positive body (`a :- a.`), which defines nothing; the rule of a conditional
/// head element whose condition has it and more (`p : p, not s.`) is no such rule for clasp
/// (see [`Extras::self_conditioned`]).
///
/// [`Extras::self_conditioned`]: crate::instantiate::Extras::self_conditioned
fn headed_externals(g: &Grounder) -> FxHashSet<AtomId> {
    if g.extras.externals.is_empty() {
        return FxHashSet::default();
    }
    let declared: FxHashSet<AtomId> = g.extras.externals.iter().map(|(a, _)| *a).collect();
    g.rules
        .iter()
        .flat_map(|rule| {
            let in_body = |a: AtomId| match &rule.body {
                GBody::Normal(lits) => lits.contains(&GLit::pos(a)),
                GBody::Weight { .. } => false,
            };
            rule.head.iter().copied().filter(move |&a| !in_body(a))
        })
        .chain(g.extras.self_conditioned.iter().copied())
        .filter(|a| declared.contains(a))
        .collect()
}

/// Extends the truth values to the atoms of this grounding (facts true, others unknown) and
/// reopens the atoms found false earlier; returns which atoms are open: external (unless it
/// heads a rule of this grounding, `headed`), or left undecided by an earlier grounding.
fn start_truth(
    g: &Grounder,
    truth: &mut Vec<Truth>,
    external: &mut Vec<bool>,
    headed: &FxHashSet<AtomId>,
) -> Vec<bool> {
    let atoms = g.store.atoms.len();
    let mut open: Vec<bool> = truth.iter().map(|t| *t == Truth::Unknown).collect();
    open.resize(atoms, false);
    for t in truth.iter_mut() {
        if *t == Truth::False {
            *t = Truth::Unknown;
        }
    }
    truth.resize(atoms, Truth::Unknown);
    for (t, info) in truth.iter_mut().zip(&g.store.atoms) {
        if info.fact {
            *t = Truth::True;
        }
    }
    external.resize(atoms, false);
    for (a, _) in g
        .extras
        .externals
        .iter()
        .filter(|(a, _)| !headed.contains(a))
    {
        if let Some(x) = external.get_mut(a.0 as usize) {
            *x = true;
        }
    }
    for (o, &x) in open.iter_mut().zip(external.iter()) {
        *o |= x;
    }
    open
}

/// `:- p(t), -p(t).` for every atom derivable together with its classical negation (once).
fn classical_negation(g: &mut Grounder, done: &mut FxHashSet<AtomId>) -> Result<(), Stop> {
    let mut pairs = Vec::new();
    for (i, info) in g.store.atoms.iter().enumerate() {
        let Some(val) = info.val else { continue };
        let Some(f) = g.table.as_fun(val) else {
            continue;
        };
        if !f.negative || !info.in_domain || done.contains(&AtomId(i as u32)) {
            continue;
        }
        pairs.push((AtomId(i as u32), f.name, f.args.to_vec()));
    }
    for (neg, name, args) in pairs {
        let positive = g.table.fun(name, false, &args);
        if let Some(pos) = g.store.find(positive) {
            if g.store.info(pos).is_some_and(|i| i.in_domain) {
                done.insert(neg);
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
