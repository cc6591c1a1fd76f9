//! The rule dependency graph: which rules must be grounded before which, as gringo decides it.
//!
//! Nodes are the rules with a head. Rule `i` depends on rule `j` when an atom of `i`'s body
//! (inside aggregates, conditional literals, negation and head conditions too) *unifies* with a
//! head atom of `j`: same predicate, and arguments that can be equal (a variable matches
//! anything, linear arithmetic any number, other arithmetic anything (see `is_linear`),
//! function terms match argument by argument, ground values must be equal). Unification,
//! not the predicate alone, is what gringo's dependency analysis uses: a rule deriving
//! `p(n)` does not feed a body atom `p(2)`, so the two rules need not be in one component,
//! and a negative literal over `p(2)` is decided once its providers are grounded.
//! Plain facts are left out (they are grounded before everything else). Tarjan's algorithm
//! (`depgraph`) on the edges from provider to consumer, its order reversed, gives the
//! components as gringo orders them: dependencies first, and independent rules from the last
//! to the first (so clingo reports their grounding infos, and lists their externals, in reverse
//! statement order).
//!
//! gringo then splits each component by its *positive* edges (a body atom outside `not`, as
//! `Lit::atoms` tells, unifying with a head; the elements of a negated aggregate count as
//! positive, as before the split: taking them as negative loses answer sets of the regression
//! aggregates-over-negated-elements): the parts, again dependencies first, are ground
//! one after another, each to its fixpoint, so a part's heads are all known (facts included)
//! when a later part is ground, and a negative literal over a later part stays undecided.
//! `q(X) :- dom(X), b : s(W,W). s(3,X) :- dom(X), not q(Y) : dom(Y), a.` grounds `s` first:
//! `s(3,3)` is a fact, so `b : s(3,3)` fails and `q` never enters a domain (seed 106427).
//!
//! # Invariants
//! - Unification over-approximates (a repeated variable is not checked for consistency), so
//!   every real dependency is an edge.

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{BinaryOp, UnaryOp};
use crate::normalize::rules::{AtomPat, Rule};
use crate::plan::depgraph::Graph;
use crate::term::eval::T;
use crate::term::intern::{Interner, Val};

/// Whether the terms `a` and `b` may denote the same value.
fn unify(table: &Interner, a: &T, b: &T) -> bool {
    match (a, b) {
        (T::Var(_), _) | (_, T::Var(_)) | (T::Call(..), _) | (_, T::Call(..)) => true,
        (T::Unary(UnaryOp::Minus, _), _) | (_, T::Unary(UnaryOp::Minus, _)) => true,
        (t @ (T::Unary(..) | T::Binary(..)), _) | (_, t @ (T::Unary(..) | T::Binary(..)))
            if !is_linear(t) =>
        {
            true
        }
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

/// Whether an arithmetic term is linear as gringo reads it: `+`, `-` and `*` (and `-` of a
/// sum or product) over numbers and exactly one variable (`2*X+1`, `-(X+1)`). gringo unifies
/// a linear term with a number only; any other arithmetic (`X/2`, `|X|`, `X+X`, `1/Y`) is a
/// wildcard to it, which unifies even with a tuple (seed 9393 of the full grammar:
/// `s((X,),2\X)` depends on a head `s(1/Y,1)`).
fn is_linear(t: &T) -> bool {
    fn vars(t: &T) -> Option<u32> {
        match t {
            T::Val(Val::Num(_)) => Some(0),
            T::Var(_) => Some(1),
            T::Unary(UnaryOp::Minus, x) => vars(x),
            T::Binary(BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul, l, r) => {
                Some(vars(l)? + vars(r)?)
            }
            _ => None,
        }
    }
    vars(t) == Some(1)
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
/// as its positive parts (see the module doc) with whether it is recursive (several rules, or
/// one depending on itself).
pub(crate) fn rule_components(
    table: &Interner,
    rules: &[Rule],
    skip: &dyn Fn(&Rule) -> bool,
) -> Vec<(Vec<Vec<usize>>, bool)> {
    let nodes: Vec<usize> = (0..rules.len())
        .filter(|&i| {
            rules
                .get(i)
                .is_some_and(|r| r.head.each_atom().next().is_some() && !skip(r))
        })
        .collect();
    let heads = HeadLists::new(rules, &nodes, true);
    let mut graph = Graph::new(nodes.len());
    let mut atoms = Vec::new();
    let mut targets: Vec<u32> = Vec::new();
    let mut found: Vec<u32> = Vec::new();
    let mut positive: Vec<(u32, u32)> = Vec::new();
    for (n, &i) in nodes.iter().enumerate() {
        let Some(rule) = rules.get(i) else { continue };
        body_atoms(rule, &mut atoms);
        targets.clear();
        for &(atom, pos) in &atoms {
            heads.candidates(atom, &mut found);
            for &m in &found {
                let unifies = nodes
                    .get(m as usize)
                    .and_then(|&j| rules.get(j))
                    .is_some_and(|r| r.head.each_atom().any(|h| unify_atoms(table, atom, h)));
                if unifies {
                    targets.push(m);
                    if pos {
                        positive.push((m, n as u32));
                    }
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
    let rank = positive_ranks(&components, &positive, nodes.len());
    components
        .into_iter()
        .map(|comp| {
            let recursive = comp.len() > 1 || comp.first().is_some_and(|&n| graph.has_self_loop(n));
            (positive_parts(&comp, &rank, &nodes), recursive)
        })
        .collect()
}

/// Per node: the position of its component in the graph of the `positive` edges (provider,
/// consumer) that stay within one of `components`, dependencies first (independent ones from
/// the last to the first, as for the components themselves).
fn positive_ranks(components: &[Vec<u32>], positive: &[(u32, u32)], n: usize) -> Vec<u32> {
    let mut comp_of = vec![u32::MAX; n];
    for (c, comp) in components.iter().enumerate() {
        for &node in comp {
            if let Some(slot) = comp_of.get_mut(node as usize) {
                *slot = c as u32;
            }
        }
    }
    let mut graph = Graph::new(n);
    for &(m, k) in positive {
        if comp_of.get(m as usize) == comp_of.get(k as usize) {
            graph.depend(m, k);
        }
    }
    let mut rank = vec![0u32; n];
    for (r, part) in graph.components().iter().rev().enumerate() {
        for &node in part {
            if let Some(slot) = rank.get_mut(node as usize) {
                *slot = r as u32;
            }
        }
    }
    rank
}

/// The rules of the component `comp` (nodes) split by `rank` into its positive parts, in rank
/// order, each part's rules in program order.
fn positive_parts(comp: &[u32], rank: &[u32], nodes: &[usize]) -> Vec<Vec<usize>> {
    let mut members: Vec<(u32, usize)> = comp
        .iter()
        .filter_map(|&n| Some((*rank.get(n as usize)?, *nodes.get(n as usize)?)))
        .collect();
    members.sort_unstable();
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for (r, i) in members {
        match parts.last_mut() {
            Some(part) if last == Some(r) => part.push(i),
            _ => parts.push(vec![i]),
        }
        last = Some(r);
    }
    parts
}

/// The body atoms (by occurrence) of the rules `members` of a component that unify with a
/// head atom of one of them: the only body atoms whose domains may grow while the component
/// is ground (every other provider is in an earlier component).
pub(crate) fn open_body_atoms(
    table: &Interner,
    rules: &[Rule],
    members: &[usize],
) -> FxHashSet<AtomPat> {
    let heads = HeadLists::new(rules, members, false);
    let mut open = FxHashSet::default();
    let mut atoms = Vec::new();
    let mut found = Vec::new();
    for rule in members.iter().filter_map(|&i| rules.get(i)) {
        body_atoms(rule, &mut atoms);
        for &(atom, _) in &atoms {
            heads.candidates(atom, &mut found);
            let unifies = found.iter().any(|&m| {
                members
                    .get(m as usize)
                    .and_then(|&j| rules.get(j))
                    .is_some_and(|r| r.head.each_atom().any(|h| unify_atoms(table, atom, h)))
            });
            if unifies {
                open.insert(atom.clone());
            }
        }
    }
    open
}

/// gringo's *unstratified* negations of a component given as its positive `parts` (in
/// grounding order): each negated body atom occurrence (nested ones and head conditions too)
/// that unifies with a head atom of the component, with the last part that has such a head.
/// Ground in part `k`, the occurrence is unstratified when that part is `k` or later (a head
/// of its own part, its own rule's too, or of a part still to come): gringo grounds it while
/// the atom is open, so it keeps the literal even when the atom never gets a rule, whatever
/// the order of the component's rules. A provider in an earlier part only makes it
/// stratified (decided from the domain). Atoms for which `defined_nowhere` holds (no head
/// unifies with them once repeated variables are checked, see `undefined::never_defined`)
/// are left out: gringo decides them.
pub(crate) fn negation_providers(
    table: &Interner,
    rules: &[Rule],
    parts: &[Vec<usize>],
    defined_nowhere: &dyn Fn(&AtomPat) -> bool,
) -> FxHashMap<AtomPat, u32> {
    let members: Vec<usize> = parts.iter().flatten().copied().collect();
    let part_of: Vec<u32> = (0u32..)
        .zip(parts)
        .flat_map(|(k, part)| part.iter().map(move |_| k))
        .collect();
    let heads = HeadLists::new(rules, &members, false);
    let mut last = FxHashMap::default();
    let (mut atoms, mut found) = (Vec::new(), Vec::new());
    for rule in members.iter().filter_map(|&i| rules.get(i)) {
        body_atoms(rule, &mut atoms);
        for &(atom, positive) in &atoms {
            if positive || last.contains_key(atom) || defined_nowhere(atom) {
                continue;
            }
            heads.candidates(atom, &mut found);
            let providing = found.iter().filter(|&&m| {
                let rule = members.get(m as usize).and_then(|&j| rules.get(j));
                rule.is_some_and(|r| r.head.each_atom().any(|h| unify_atoms(table, atom, h)))
            });
            let part = providing.filter_map(|&m| part_of.get(m as usize)).max();
            if let Some(&part) = part {
                last.insert(atom.clone(), part);
            }
        }
    }
    last
}

/// Per predicate name, the nodes whose rules have a head atom of a predicate of that name:
/// one list per name, chained through one array of entries (no allocation per predicate, no
/// hashing: interned names are dense). Callers check the arity by unifying. The ground head
/// atoms (every argument a value) of a name with more than [`FEW`] head atoms are kept apart,
/// sorted by their content hash, so that a ground body atom finds its few candidates by binary
/// search instead of scanning every head of the name (`p(0) :- p(1). p(1) :- p(2). ...` would
/// make the graph's construction quadratic).
struct HeadLists {
    /// Slot of each name in `ends`: the name itself (`None`: for the whole program, whose
    /// names are dense), or a small table for a component's few names (a vector as long as
    /// the largest name, per component, would cost the program's size for each).
    slots: Option<FxHashMap<u32, u32>>,
    /// Per name slot: its first and last entry (`u32::MAX` for none).
    ends: Vec<(u32, u32)>,
    /// Entries: a node and the next entry of the same name (`u32::MAX` ends the list).
    entries: Vec<(u32, u32)>,
    /// The ground head atoms kept apart: `(name, content hash, node)`, sorted.
    ground: Vec<(u32, u64, u32)>,
}

/// Names with at most this many head atoms are only chained (a scan of a few heads costs
/// less than a look-up).
const FEW: u32 = 8;

impl HeadLists {
    /// The lists of the head atoms of `nodes` (rules by index); `dense`: slots are the names
    /// themselves.
    fn new(rules: &[Rule], nodes: &[usize], dense: bool) -> HeadLists {
        let head_atoms = || {
            (0u32..).zip(nodes).flat_map(|(n, &i)| {
                let atoms = rules.get(i).into_iter().flat_map(|r| r.head.each_atom());
                atoms.map(move |a| (n, a))
            })
        };
        let mut lists = HeadLists {
            slots: (!dense).then(FxHashMap::default),
            ends: Vec::new(),
            entries: Vec::with_capacity(nodes.len()),
            ground: Vec::new(),
        };
        let mut counts: Vec<u32> = Vec::new();
        for (_, a) in head_atoms() {
            let slot = lists.add_slot(a.pred.name);
            if counts.len() <= slot {
                counts.resize(slot + 1, 0);
            }
            if let Some(c) = counts.get_mut(slot) {
                *c += 1;
            }
        }
        lists.ends = vec![(u32::MAX, u32::MAX); counts.len()];
        for (n, a) in head_atoms() {
            let slot = lists.slot(a.pred.name);
            let many = slot.and_then(|s| counts.get(s)).is_some_and(|&c| c > FEW);
            match ground_hash(a).filter(|_| many) {
                Some(hash) => lists.ground.push((a.pred.name, hash, n)),
                None => lists.chain(slot, n),
            }
        }
        lists.ground.sort_unstable();
        lists
    }

    /// The slot of `name`, given one if it has none.
    fn add_slot(&mut self, name: u32) -> usize {
        match &mut self.slots {
            None => name as usize,
            Some(slots) => {
                let next = slots.len() as u32;
                *slots.entry(name).or_insert(next) as usize
            }
        }
    }

    /// The slot of `name`, if it has one.
    fn slot(&self, name: u32) -> Option<usize> {
        match &self.slots {
            None => Some(name as usize),
            Some(slots) => slots.get(&name).map(|&s| s as usize),
        }
    }

    /// Appends node `n` to the list of a name's `slot` (once when its head atoms follow each other).
    fn chain(&mut self, slot: Option<usize>, n: u32) {
        let Some((first, last)) = slot.and_then(|s| self.ends.get_mut(s)) else {
            return;
        };
        let entry = self.entries.len() as u32;
        match self.entries.get_mut(*last as usize) {
            Some(tail) if tail.0 == n => return,
            Some(tail) => tail.1 = entry,
            None => *first = entry,
        }
        *last = entry;
        self.entries.push((n, u32::MAX));
    }

    /// Into `out` (cleared first): the nodes with a head atom that may unify with `atom` (of a
    /// predicate named as it is; a node may come twice).
    fn candidates(&self, atom: &AtomPat, out: &mut Vec<u32>) {
        out.clear();
        let name = atom.pred.name;
        let first = self
            .slot(name)
            .and_then(|s| self.ends.get(s))
            .map_or(u32::MAX, |e| e.0);
        let chained = std::iter::successors(self.entries.get(first as usize), |&&(_, next)| {
            self.entries.get(next as usize)
        });
        out.extend(chained.map(|&(node, _)| node));
        let (lo, hi) = match ground_hash(atom) {
            Some(hash) => ((name, hash, 0), (name, hash, u32::MAX)),
            None => ((name, 0, 0), (name, u64::MAX, u32::MAX)),
        };
        let from = self.ground.partition_point(|&e| e < lo);
        let same = self.ground.get(from..).unwrap_or(&[]);
        out.extend(
            same.iter()
                .take_while(|&&e| e <= hi)
                .map(|&(_, _, node)| node),
        );
    }
}

/// The content hash of `atom` as a function term (as the term table hashes it), when all its
/// arguments are values.
pub(crate) fn ground_hash(atom: &AtomPat) -> Option<u64> {
    let args: Option<Vec<Val>> = atom
        .args
        .iter()
        .map(|t| match t {
            T::Val(v) => Some(*v),
            _ => None,
        })
        .collect();
    Some(crate::term::intern::fun_hash(
        atom.pred.name,
        atom.pred.negative,
        &args?,
    ))
}
