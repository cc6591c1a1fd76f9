//! The statements of a grounding besides rules and outputs: minimize, externals, projection,
//! edges and heuristics, with what they keep across groundings ([`Statements`]).
//!
//! Weak constraint instances with the same `(weight, priority, terms)` count once: their
//! bodies become one literal (an auxiliary atom when there are several), grouped into one
//! minimize statement per priority. Every priority of an instance the instantiation produced
//! gets a statement, even when simplification falsified all its instances or their weights
//! are 0 (clingo then prints a 0 cost at that level). A tuple met again by a later grounding
//! with new bodies still counts once, as in gringo: its old literal is cancelled (the same
//! weight, negated) and the literal of all its bodies added.
//!
//! Externals: a `#external` instance over a fact, or over an atom an earlier grounding gave a
//! rule, declares nothing (clingo ignores it). Edges: `#edge` nodes are numbered by first
//! appearance over all groundings.
//!
//! # Invariants
//! - Summed over all groundings, a weak tuple contributes its weight once, under the
//!   disjunction of its bodies.

use fxhash::FxHashMap;
use solver_core::{ExternalValue, Literal, WeightedLiteral};

use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::{simplify_conj, Truth};
use crate::instantiate::{GLit, Grounder};
use crate::output::numbering::Numbering;
use crate::output::source::Source;
use crate::term::intern::Val;

/// A weak constraint tuple: priority, weight, terms.
type WeakKey = (i32, i64, Vec<Val>);

/// What a tuple contributes so far: its bodies and their literal (`None`: never written).
#[derive(Debug, Default)]
struct WeakTuple {
    bodies: Vec<Vec<GLit>>,
    literal: Option<Literal>,
}

/// What the statements keep across groundings.
#[derive(Default, Debug)]
pub(crate) struct Statements {
    /// Weak constraint tuples so far.
    weak: FxHashMap<WeakKey, WeakTuple>,
    /// `#edge` node numbers.
    nodes: FxHashMap<Val, u32>,
}

impl Statements {
    /// Writes this grounding's minimize, external, projection, edge and heuristic statements;
    /// `defined_before(a)`: whether an earlier grounding gave the aspif atom `a` a rule.
    pub(crate) fn write(
        &mut self,
        n: &mut Numbering,
        g: &Grounder,
        from: &Source,
        truth: &[Truth],
        defined_before: &dyn Fn(solver_core::Atom) -> bool,
    ) {
        self.minimize(n, g, truth);
        externals(n, g, truth, defined_before);
        projection(n, g, truth, from);
        self.edges(n, g, truth);
        heuristics(n, g, truth);
    }

    fn minimize(&mut self, n: &mut Numbering, g: &Grounder, truth: &[Truth]) {
        let mut by_priority: Vec<(i32, Vec<WeightedLiteral>)> = Vec::new();
        for key in &g.extras.weak_order {
            let Some(bodies) = g.extras.weak.get(key) else {
                continue;
            };
            let (priority, weight, _) = key;
            let entry = match by_priority.iter().position(|(p, _)| p == priority) {
                Some(k) => k,
                None => {
                    by_priority.push((*priority, Vec::new()));
                    by_priority.len() - 1
                }
            };
            let tuple = self.weak.entry(key.clone()).or_default();
            let before = tuple.bodies.len();
            tuple
                .bodies
                .extend(bodies.iter().filter_map(|b| simplify_conj(truth, b)));
            // An instance the instantiation produced keeps its level even when simplification
            // falsified it or its weight is 0: clingo's grounder emits it and clasp keeps the
            // level.
            if tuple.bodies.len() == before || *weight == 0 {
                continue;
            }
            let Some((_, elems)) = by_priority.get_mut(entry) else {
                continue;
            };
            if let Some(old) = tuple.literal {
                elems.push(WeightedLiteral {
                    literal: old,
                    weight: -*weight,
                });
            }
            let literal = weak_literal(n, g, &tuple.bodies);
            tuple.literal = Some(literal);
            elems.push(WeightedLiteral {
                literal,
                weight: *weight,
            });
        }
        by_priority.sort_by_key(|(p, _)| std::cmp::Reverse(*p));
        for (p, elems) in by_priority {
            n.program.add_minimize(p, elems);
        }
    }

    /// `#edge` instances whose body can hold.
    fn edges(&mut self, n: &mut Numbering, g: &Grounder, truth: &[Truth]) {
        for (from, to, cond) in &g.extras.edges {
            let Some(cond) = simplify_conj(truth, cond) else {
                continue;
            };
            let mut node = |v: &Val| {
                let next = self.nodes.len() as u32;
                *self.nodes.entry(*v).or_insert(next)
            };
            let (from, to) = (node(from), node(to));
            let condition = n.lits(g, &cond);
            n.program.add_edge(from, to, condition);
        }
    }
}

/// The literal of a weak tuple with `bodies`: a true auxiliary atom when one is empty.
fn weak_literal(n: &mut Numbering, g: &Grounder, bodies: &[Vec<GLit>]) -> Literal {
    if bodies.iter().any(|b| b.is_empty()) {
        let aux = n.aux();
        n.program.add_fact(aux);
        Literal::positive(aux)
    } else {
        n.disjunction(g, bodies)
    }
}

fn externals(
    n: &mut Numbering,
    g: &Grounder,
    truth: &[Truth],
    defined_before: &dyn Fn(solver_core::Atom) -> bool,
) {
    for &(atom, value) in &g.extras.externals {
        // A fact is no external; nor is an atom found false: one with rules that never fire
        // (an open external is never found false).
        if matches!(truth.get(atom.0 as usize), Some(Truth::True | Truth::False)) {
            continue;
        }
        if n.get(atom).is_some_and(defined_before) {
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

/// The atoms of this grounding's `#project a : body.` instances and, for its `#project p/n`
/// signatures, every atom of `p/n` (of any grounding), each when it is not known false or is
/// in gringo's domain though false ([`Extras::unruled`]: heads of rules simplified away,
/// atoms of disjunction instances dropped for a fact). gringo projects every atom of its
/// domain and only those: an atom numbered for a negated literal kept open but never derived
/// (`p(0) :- not not p(3).`, p(3) without rules) is not projected. The atoms of such an instance (`q(1) ; a.` with the fact `a`) are in it, so
/// `#project q(1).` makes a projection that is never true, not an empty one (which would range
/// over the shown atoms).
///
/// [`Extras::unruled`]: crate::instantiate::Extras::unruled
fn projection(n: &mut Numbering, g: &Grounder, truth: &[Truth], from: &Source) {
    if from.project.is_empty() && g.extras.projects.is_empty() {
        return;
    }
    n.program.projection = Some(Vec::new());
    let mut atoms: Vec<AtomId> = g.extras.projects.clone();
    for (i, info) in g.store.atoms.iter().enumerate() {
        let pred = g.store.preds.get(info.pred as usize).map(|p| p.pred);
        if info.in_domain && pred.is_some_and(|p| from.project.contains(&p)) {
            atoms.push(AtomId(i as u32));
        }
    }
    atoms.sort_unstable();
    atoms.dedup();
    let unruled: fxhash::FxHashSet<AtomId> = g.extras.unruled.iter().copied().collect();
    for a in atoms {
        let in_domain = g
            .store
            .atoms
            .get(a.0 as usize)
            .is_some_and(|info| info.in_domain);
        let open = in_domain && truth.get(a.0 as usize) != Some(&Truth::False);
        if unruled.contains(&a) || open {
            let id = n.atom(g, a);
            n.program.add_projection(id);
        }
    }
}
