//! The rule dependency graph: which rules must be grounded before which, as gringo decides it.
//!
//! Nodes are the rules with a head. Rule `i` depends on rule `j` when an atom of `i`'s body
//! (inside aggregates, conditional literals, negation and head conditions too) *unifies* with a
//! head atom of `j`: same predicate, and arguments that can be equal (a variable or arithmetic
//! matches any number, function terms match argument by argument, ground values must be
//! equal). Unification, not the predicate alone, is what gringo's dependency analysis uses: a
//! rule deriving `p(n)` does not feed a body atom `p(2)`, so the two rules need not be in one
//! component, and a negative literal over `p(2)` is decided once its providers are grounded.
//! Plain facts are left out (they are grounded before everything else). Tarjan's algorithm
//! (`depgraph`) on the edges from provider to consumer, its order reversed, gives the
//! components as gringo orders them: dependencies first, and independent rules from the last
//! to the first (so clingo reports their grounding infos, and lists their externals, in reverse
//! statement order).
//!
//! # Invariants
//! - Unification over-approximates (a repeated variable is not checked for consistency), so
//!   every real dependency is an edge.

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::UnaryOp;
use crate::normalize::rules::{AtomPat, Pred, Rule};
use crate::plan::depgraph::Graph;
use crate::term::eval::T;
use crate::term::intern::{Interner, Val};

/// Whether the terms `a` and `b` may denote the same value.
fn unify(table: &Interner, a: &T, b: &T) -> bool {
    match (a, b) {
        (T::Var(_), _) | (_, T::Var(_)) | (T::Call(..), _) | (_, T::Call(..)) => true,
        (T::Unary(UnaryOp::Minus, _), _) | (_, T::Unary(UnaryOp::Minus, _)) => true,
        (T::Unary(..) | T::Binary(..), other) | (other, T::Unary(..) | T::Binary(..)) => {
            matches!(other, T::Val(Val::Num(_)) | T::Unary(..) | T::Binary(..))
        }
        (T::Val(x), T::Val(y)) => x == y,
        (T::Val(v), T::Fun(name, negative, args)) | (T::Fun(name, negative, args), T::Val(v)) => {
            let Val::Fun(id) = v else { return false };
            let f = table.fun_data(*id);
            f.name == *name
                && f.negative == *negative
                && f.args.len() == args.len()
                && f.args
                    .iter()
                    .zip(args)
                    .all(|(&x, t)| unify(table, &T::Val(x), t))
        }
        (T::Fun(n1, s1, a1), T::Fun(n2, s2, a2)) => {
            n1 == n2
                && s1 == s2
                && a1.len() == a2.len()
                && a1.iter().zip(a2).all(|(x, y)| unify(table, x, y))
        }
    }
}

/// Whether two atom patterns may denote the same atom.
fn unify_atoms(table: &Interner, a: &AtomPat, b: &AtomPat) -> bool {
    a.pred == b.pred
        && a.args.len() == b.args.len()
        && a.args.iter().zip(&b.args).all(|(x, y)| unify(table, x, y))
}

/// The body atoms of a rule (body literals, nested ones too, and head-element conditions)
/// into `atoms` (cleared first).
fn body_atoms<'a>(rule: &'a Rule, atoms: &mut Vec<(&'a AtomPat, bool)>) {
    atoms.clear();
    rule.body.iter().for_each(|l| l.atoms(atoms));
    for cond in rule.head.conditions() {
        cond.iter().for_each(|l| l.atoms(atoms));
    }
}

/// The components of the rules with heads that are not `skip`ped, dependencies first, each
/// with whether it is recursive (several rules, or one depending on itself).
pub(crate) fn rule_components(
    table: &Interner,
    rules: &[Rule],
    skip: &dyn Fn(&Rule) -> bool,
) -> Vec<(Vec<usize>, bool)> {
    let nodes: Vec<usize> = (0..rules.len())
        .filter(|&i| {
            rules
                .get(i)
                .is_some_and(|r| r.head.each_atom().next().is_some() && !skip(r))
        })
        .collect();
    let heads = HeadLists::new(rules, &nodes);
    let mut graph = Graph::new(nodes.len());
    let mut atoms = Vec::new();
    let mut targets: Vec<u32> = Vec::new();
    for (n, &i) in nodes.iter().enumerate() {
        let Some(rule) = rules.get(i) else { continue };
        body_atoms(rule, &mut atoms);
        targets.clear();
        for &(atom, _) in &atoms {
            for m in heads.nodes_of(atom.pred) {
                let unifies = nodes
                    .get(m as usize)
                    .and_then(|&j| rules.get(j))
                    .is_some_and(|r| r.head.each_atom().any(|h| unify_atoms(table, atom, h)));
                if unifies {
                    targets.push(m);
                }
            }
        }
        targets.sort_unstable();
        targets.dedup();
        // Edges run from provider to consumer: Tarjan's order reversed is gringo's (dependencies
        // first, independent rules from the last to the first).
        targets.iter().for_each(|&m| graph.depend(m, n as u32));
    }
    let mut components = graph.components();
    components.reverse();
    components
        .into_iter()
        .map(|comp| {
            let recursive = comp.len() > 1 || comp.first().is_some_and(|&n| graph.has_self_loop(n));
            let mut members: Vec<usize> = comp
                .iter()
                .filter_map(|&n| nodes.get(n as usize).copied())
                .collect();
            members.sort_unstable();
            (members, recursive)
        })
        .collect()
}

/// The body atoms (by occurrence) of the rules `members` of a component that unify with a
/// head atom of one of them: the only body atoms whose domains may grow while the component
/// is ground (every other provider is in an earlier component).
pub(crate) fn open_body_atoms(
    table: &Interner,
    rules: &[Rule],
    members: &[usize],
) -> FxHashSet<AtomPat> {
    let member_rules = || members.iter().filter_map(|&i| rules.get(i));
    let mut heads: FxHashMap<Pred, Vec<&AtomPat>> = FxHashMap::default();
    for head in member_rules().flat_map(|r| r.head.each_atom()) {
        heads.entry(head.pred).or_default().push(head);
    }
    let mut open = FxHashSet::default();
    let mut atoms = Vec::new();
    for rule in member_rules() {
        body_atoms(rule, &mut atoms);
        for &(atom, _) in &atoms {
            let same_pred = heads.get(&atom.pred).map_or(&[][..], Vec::as_slice);
            if same_pred.iter().any(|h| unify_atoms(table, atom, h)) {
                open.insert(atom.clone());
            }
        }
    }
    open
}

/// Per predicate name, the nodes whose rules have a head atom of a predicate of that name,
/// ascending: one list per name, chained through one array of entries (no allocation per
/// predicate, no hashing: interned names are dense). Callers check the arity by unifying.
struct HeadLists {
    /// Per interned name: its first and last entry (`u32::MAX` for none).
    ends: Vec<(u32, u32)>,
    /// Entries: a node and the next entry of the same name (`u32::MAX` ends the list).
    entries: Vec<(u32, u32)>,
}

impl HeadLists {
    fn new(rules: &[Rule], nodes: &[usize]) -> HeadLists {
        let mut ends: Vec<(u32, u32)> = Vec::new();
        let mut entries: Vec<(u32, u32)> = Vec::with_capacity(nodes.len());
        for (n, &i) in nodes.iter().enumerate() {
            let n = n as u32;
            for a in rules.get(i).into_iter().flat_map(|r| r.head.each_atom()) {
                let name = a.pred.name as usize;
                if ends.len() <= name {
                    ends.resize(name + 1, (u32::MAX, u32::MAX));
                }
                let Some((first, last)) = ends.get_mut(name) else {
                    continue;
                };
                let entry = entries.len() as u32;
                match entries.get_mut(*last as usize) {
                    Some(tail) if tail.0 == n => continue,
                    Some(tail) => tail.1 = entry,
                    None => *first = entry,
                }
                *last = entry;
                entries.push((n, u32::MAX));
            }
        }
        HeadLists { ends, entries }
    }

    /// The nodes with a head atom of a predicate named as `pred`, ascending.
    fn nodes_of(&self, pred: Pred) -> impl Iterator<Item = u32> + '_ {
        let first = self.ends.get(pred.name as usize).map_or(u32::MAX, |e| e.0);
        std::iter::successors(self.entries.get(first as usize), |&&(_, next)| {
            self.entries.get(next as usize)
        })
        .map(|&(node, _)| node)
    }
}
