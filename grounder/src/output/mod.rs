//! Output: ground rules and atoms to the `solver_core::GroundProgram` and its symbols.
//!
//! In: the `Grounder` after instantiation, the truth values of `simplify`, the rules and
//! directives of `normalize`. Out: [`Grounded`] (the program, `symbols::ProgramSymbols`, the
//! infos); `order` gives gringo's order of shown atoms, `text` prints a program as `--text`.
//!
//! From the grounder's atoms and rules to a `solver_core::GroundProgram` with its symbols.
//!
//! Atoms get aspif numbers facts first, then as gringo numbers them: rules in the grounding
//! order of the statements deriving their heads, head atoms before body atoms (see
//! `order::pred_ranks`); atoms first met in outputs, minimize, externals or projection come
//! after. clasp prints non-fact atoms by number, so this numbering is clingo's answer order.
//! Facts become fact rules. An atom is shown when its predicate is shown: with any `#show p/n.`
//! or `#show.` only the listed signatures, otherwise every predicate except hidden ones.
//! `#show t : body.` adds its instances after the atoms (later statements first, as gringo).
//! Shown atoms are output in gringo's order (see `order`), which is the order clingo prints
//! facts in. Weak constraint instances with the same `(weight, priority, terms)` count once:
//! their bodies become one literal (an auxiliary atom when there are several), grouped into
//! one minimize statement per priority. Every priority of an instance the instantiation
//! produced gets a statement, even when simplification falsified all its instances or their
//! weights are 0 (clingo then prints a 0 cost at that level).
//!
//! # Invariants
//! - `Built::atoms[i]` names atom `i + 1`; `shown[i]` names `outputs[i]`.
//! - Shown atoms come first, in gringo's output order; then the `#show` terms. No
//!   `(symbol, condition)` pair is output twice.

pub(crate) mod order;
pub(crate) mod symbols;
pub(crate) mod text;

use fxhash::FxHashMap;
use solver_core::{Atom, ExternalValue, GroundProgram, HeadKind, Literal, WeightedLiteral};

use crate::diagnostic::Diagnostic;
use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::{simplify_conj, Truth};
use crate::instantiate::{GBody, GLit, GRule, Grounder};
use crate::normalize::rewrite::{Directives, PlainFact};
use crate::normalize::rules::{Pred, Rule};
use crate::output::symbols::ProgramSymbols;
use crate::term::intern::Val;

/// A grounded program with its symbol tables.
#[derive(Clone, Debug)]
pub struct Grounded {
    /// The ground program.
    pub program: solver_core::GroundProgram,
    /// The symbols of `program.outputs` (each output's `name` is its symbol's Display text)
    /// and of its atoms (none for auxiliary atoms).
    pub symbols: ProgramSymbols,
    /// Info messages (clingo's `info:` lines), in order.
    pub infos: Vec<Diagnostic>,
}

/// The ground program with its symbol tables.
pub(crate) struct Built {
    /// The program.
    pub program: GroundProgram,
    /// Terms of the outputs.
    pub shown: Vec<Val>,
    /// Terms of the atoms (`None`: auxiliary).
    pub atoms: Vec<Option<Val>>,
}

/// Assigns aspif numbers to grounder atoms.
struct Numbering {
    /// `ids[a]` is the aspif number of grounder atom `a` (`None`: not numbered yet).
    ids: Vec<Option<Atom>>,
    program: GroundProgram,
    atoms: Vec<Option<Val>>,
}

impl Numbering {
    fn atom(&mut self, g: &Grounder, a: AtomId) -> Atom {
        let slot = a.0 as usize;
        if let Some(&Some(id)) = self.ids.get(slot) {
            return id;
        }
        let id = self.program.new_atom();
        if self.ids.len() <= slot {
            self.ids.resize(slot + 1, None);
        }
        if let Some(entry) = self.ids.get_mut(slot) {
            *entry = Some(id);
        }
        self.atoms.push(g.store.info(a).and_then(|i| i.val));
        id
    }

    fn lit(&mut self, g: &Grounder, l: GLit) -> Literal {
        let a = self.atom(g, l.atom);
        if l.positive {
            Literal::positive(a)
        } else {
            Literal::negative(a)
        }
    }

    fn lits(&mut self, g: &Grounder, ls: &[GLit]) -> Vec<Literal> {
        ls.iter().map(|&l| self.lit(g, l)).collect()
    }

    /// A literal standing for the disjunction of `bodies` (a fresh atom per several).
    fn disjunction(&mut self, g: &Grounder, bodies: &[Vec<GLit>]) -> Literal {
        if let [only] = bodies {
            if let [l] = only.as_slice() {
                return self.lit(g, *l);
            }
        }
        let aux = self.program.new_atom();
        self.atoms.push(None);
        for b in bodies {
            let body = self.lits(g, b);
            self.program
                .add_rule(HeadKind::Disjunction, vec![aux], body);
        }
        Literal::positive(aux)
    }
}

/// Whether atoms of `pred` are shown.
fn is_shown(d: &Directives, pred: Pred) -> bool {
    if d.show_explicit {
        d.show.contains(&pred)
    } else {
        !d.hide.contains(&pred)
    }
}

/// What the ground rules were ground from.
pub(crate) struct Source<'a> {
    /// The rewritten rules.
    pub rules: &'a [Rule],
    /// The facts the loader took out of the statements.
    pub facts: &'a [PlainFact],
    /// The directives.
    pub directives: &'a Directives,
}

/// Builds the program from the simplified rules, ground from `from`.
pub(crate) fn build(g: &Grounder, from: &Source, rules: &[GRule], truth: &[Truth]) -> Built {
    let (source, d) = (from.rules, from.directives);
    let mut n = Numbering {
        ids: vec![None; g.store.atoms.len()],
        program: GroundProgram::new(),
        atoms: Vec::with_capacity(g.store.atoms.len()),
    };
    let get = |a: AtomId| truth.get(a.0 as usize).copied().unwrap_or(Truth::Unknown);
    // Exact capacities: a large program's vectors would otherwise double past their size.
    let facts = (0..g.store.atoms.len() as u32)
        .filter(|&i| {
            g.store
                .info(AtomId(i))
                .is_some_and(|info| info.val.is_some())
        })
        .filter(|&i| get(AtomId(i)) == Truth::True)
        .count();
    n.program.rules.reserve_exact(facts + rules.len());
    for (i, info) in g.store.atoms.iter().enumerate() {
        if info.val.is_some() && get(AtomId(i as u32)) == Truth::True {
            let a = n.atom(g, AtomId(i as u32));
            n.program.add_fact(a);
        }
    }
    number_in_gringo_order(&mut n, g, source, rules);
    for r in rules {
        add_rule(&mut n, g, r);
    }
    let mut outputs = shown_atoms(&mut n, g, from, truth);
    let terms = show_terms(&mut n, g, source, truth);
    // A `#show` term equal to a shown atom is printed twice, as clingo prints it (`p(1).
    // #show p(1).` shows `p(1) p(1)`); equal terms are merged by `show_terms`.
    outputs.extend(terms);
    let mut shown = Vec::with_capacity(outputs.len());
    n.program.outputs.reserve_exact(outputs.len());
    for (v, cond) in outputs {
        n.program.add_output(g.table.show(v).to_string(), cond);
        shown.push(v);
    }
    minimize(&mut n, g, truth);
    externals(&mut n, g, truth);
    projection(&mut n, g, truth, d);
    edges(&mut n, g, truth);
    heuristics(&mut n, g, truth);
    Built {
        program: n.program,
        shown,
        atoms: n.atoms,
    }
}

/// Numbers the atoms of `rules` (facts are numbered already) as gringo does: rules in the
/// grounding order of the statements deriving their heads (see `order`), each numbering its
/// head atoms, then its body atoms, on first use. clasp prints non-fact atoms by number, so
/// this is the order of clingo's answer lines.
fn number_in_gringo_order(n: &mut Numbering, g: &Grounder, source: &[Rule], rules: &[GRule]) {
    let ranks = crate::output::order::pred_ranks(g, source);
    let rank = |a: &AtomId| {
        let pred = g.store.info(*a).map_or(u32::MAX, |i| i.pred);
        ranks.get(pred as usize).copied().unwrap_or(usize::MAX)
    };
    let mut ordered: Vec<(usize, &GRule)> = rules
        .iter()
        .map(|r| (r.head.iter().map(rank).min().unwrap_or(usize::MAX), r))
        .collect();
    ordered.sort_by_key(|(k, _)| *k);
    for (_, r) in ordered {
        let body: Vec<AtomId> = match &r.body {
            GBody::Normal(lits) => lits.iter().map(|l| l.atom).collect(),
            GBody::Weight { elems, .. } => elems.iter().map(|(l, _)| l.atom).collect(),
        };
        for &a in r.head.iter().chain(&body) {
            n.atom(g, a);
        }
    }
}

fn add_rule(n: &mut Numbering, g: &Grounder, r: &GRule) {
    let kind = if r.choice {
        HeadKind::Choice
    } else {
        HeadKind::Disjunction
    };
    let head: Vec<Atom> = r.head.iter().map(|&a| n.atom(g, a)).collect();
    match &r.body {
        GBody::Normal(lits) => {
            let body = n.lits(g, lits);
            n.program.add_rule(kind, head, body);
        }
        GBody::Weight { lower, elems } => {
            let elems = elems
                .iter()
                .map(|&(l, w)| WeightedLiteral {
                    literal: n.lit(g, l),
                    weight: w,
                })
                .collect();
            n.program.add_weight_rule(kind, head, *lower, elems);
        }
    }
}

fn shown_atoms(
    n: &mut Numbering,
    g: &Grounder,
    from: &Source,
    truth: &[Truth],
) -> Vec<(Val, Vec<Literal>)> {
    let d = from.directives;
    let order = crate::output::order::shown_order(g, from.rules, from.facts);
    let mut out = Vec::with_capacity(order.len());
    for id in order {
        let Some(info) = g.store.info(id) else {
            continue;
        };
        let (Some(val), Some(dom)) = (info.val, g.store.preds.get(info.pred as usize)) else {
            continue;
        };
        let t = truth.get(id.0 as usize).copied().unwrap_or(Truth::Unknown);
        let internal = g.table.name_text(dom.pred.name).starts_with('#');
        if t == Truth::False || !info.in_domain || internal || !is_shown(d, dom.pred) {
            continue;
        }
        let cond = if t == Truth::True {
            Vec::new()
        } else {
            vec![n.lit(g, GLit::pos(id))]
        };
        out.push((val, cond));
    }
    out
}

/// The `#show t : body.` instances, one output per term: a term shown under several
/// conditions is shown once when any of them holds (an auxiliary atom for the disjunction).
/// As in gringo, later statements' terms come first (independent statements are grounded
/// last to first); a statement's terms keep their grounding order.
fn show_terms(
    n: &mut Numbering,
    g: &Grounder,
    source: &[Rule],
    truth: &[Truth],
) -> Vec<(Val, Vec<Literal>)> {
    let mut conds: FxHashMap<Val, Vec<Vec<GLit>>> = FxHashMap::default();
    let mut order = Vec::new();
    for (v, cond) in &g.extras.shows {
        if let Some(c) = simplify_conj(truth, cond) {
            let entry = conds.entry(*v).or_insert_with(|| {
                order.push(*v);
                Vec::new()
            });
            if !entry.contains(&c) {
                entry.push(c);
            }
        }
    }
    order.sort_by_key(|&v| std::cmp::Reverse(crate::output::order::show_statement(g, source, v)));
    let mut out = Vec::new();
    for v in order {
        let bodies = conds.remove(&v).unwrap_or_default();
        let cond = if bodies.iter().any(|b| b.is_empty()) {
            Vec::new()
        } else if let [only] = bodies.as_slice() {
            n.lits(g, only)
        } else {
            vec![n.disjunction(g, &bodies)]
        };
        out.push((v, cond));
    }
    out
}

fn minimize(n: &mut Numbering, g: &Grounder, truth: &[Truth]) {
    let mut by_priority: Vec<(i32, Vec<WeightedLiteral>)> = Vec::new();
    for key in &g.extras.weak_order {
        let Some(bodies) = g.extras.weak.get(key) else {
            continue;
        };
        let bodies: Vec<Vec<GLit>> = bodies
            .iter()
            .filter_map(|b| simplify_conj(truth, b))
            .collect();
        let (priority, weight, _) = key;
        let entry = match by_priority.iter().position(|(p, _)| p == priority) {
            Some(k) => k,
            None => {
                by_priority.push((*priority, Vec::new()));
                by_priority.len() - 1
            }
        };
        // An instance the instantiation produced keeps its level even when simplification
        // falsified it or its weight is 0: clingo's grounder emits it and clasp keeps the level.
        if bodies.is_empty() || *weight == 0 {
            continue;
        }
        let literal = if bodies.iter().any(|b| b.is_empty()) {
            let aux = n.program.new_atom();
            n.atoms.push(None);
            n.program.add_fact(aux);
            Literal::positive(aux)
        } else {
            n.disjunction(g, &bodies)
        };
        if let Some((_, elems)) = by_priority.get_mut(entry) {
            elems.push(WeightedLiteral {
                literal,
                weight: *weight,
            });
        }
    }
    by_priority.sort_by_key(|(p, _)| std::cmp::Reverse(*p));
    for (p, elems) in by_priority {
        n.program.add_minimize(p, elems);
    }
}

fn externals(n: &mut Numbering, g: &Grounder, truth: &[Truth]) {
    for &(atom, value) in &g.extras.externals {
        if truth.get(atom.0 as usize) == Some(&Truth::True) {
            continue;
        }
        let name = g
            .table
            .as_fun(value)
            .filter(|f| f.args.is_empty())
            .map(|f| g.table.name_text(f.name));
        let value = match name {
            Some("true") => ExternalValue::True,
            Some("free") => ExternalValue::Free,
            Some("release") => ExternalValue::Release,
            _ => ExternalValue::False,
        };
        let a = n.atom(g, atom);
        n.program.add_external(a, value);
    }
}

/// `#edge` instances whose body can hold; nodes are numbered by first appearance.
fn edges(n: &mut Numbering, g: &Grounder, truth: &[Truth]) {
    let mut nodes: FxHashMap<Val, u32> = FxHashMap::default();
    for (from, to, cond) in &g.extras.edges {
        let Some(cond) = simplify_conj(truth, cond) else {
            continue;
        };
        let mut node = |v: &Val| {
            let next = nodes.len() as u32;
            *nodes.entry(*v).or_insert(next)
        };
        let (from, to) = (node(from), node(to));
        let condition = n.lits(g, &cond);
        n.program.add_edge(from, to, condition);
    }
}

/// `#heuristic` instances over atoms that exist (in the domain, not false) whose body can hold
/// and whose weight and priority are integers and modifier one of clingo's six.
fn heuristics(n: &mut Numbering, g: &Grounder, truth: &[Truth]) {
    for (atom, [weight, priority, modifier], cond) in &g.extras.heuristics {
        let exists = g
            .store
            .atoms
            .get(atom.0 as usize)
            .is_some_and(|i| i.in_domain);
        if !exists || truth.get(atom.0 as usize) == Some(&Truth::False) {
            continue;
        }
        let (Val::Num(value), Val::Num(priority)) = (*weight, *priority) else {
            continue;
        };
        let (Some(modifier), Ok(priority)) = (
            crate::instantiate::head::heuristic_modifier(g.table, *modifier),
            u32::try_from(priority),
        ) else {
            continue;
        };
        let Some(cond) = simplify_conj(truth, cond) else {
            continue;
        };
        let condition = n.lits(g, &cond);
        let atom = n.atom(g, *atom);
        n.program.add_heuristic(solver_core::HeuristicDirective {
            modifier,
            atom,
            value,
            priority,
            condition,
        });
    }
}

fn projection(n: &mut Numbering, g: &Grounder, truth: &[Truth], d: &Directives) {
    if d.project.is_empty() && g.extras.projects.is_empty() {
        return;
    }
    n.program.projection = Some(Vec::new());
    let mut atoms: Vec<AtomId> = g.extras.projects.clone();
    for (i, info) in g.store.atoms.iter().enumerate() {
        let pred = g.store.preds.get(info.pred as usize).map(|p| p.pred);
        if info.in_domain && pred.is_some_and(|p| d.project.contains(&p)) {
            atoms.push(AtomId(i as u32));
        }
    }
    atoms.sort_unstable();
    atoms.dedup();
    for a in atoms {
        if truth.get(a.0 as usize) != Some(&Truth::False) {
            let id = n.atom(g, a);
            n.program.add_projection(id);
        }
    }
}
