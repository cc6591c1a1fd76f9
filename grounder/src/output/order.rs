//! gringo's order of shown atoms, which clingo's answer lines follow.
//!
//! clasp prints a model as: the shown facts in the order gringo output them, then the other
//! shown atoms by aspif atom number. gringo outputs the shown atoms domain by domain, each
//! domain's atoms in insertion order; so the order of facts in an answer line is fixed by
//! 1. the order gringo creates predicate domains: the statements that are not simple facts,
//!    in program order, each creating its domains as it is translated for grounding (head
//!    element conditions and body conditional literals first, then the other body literals
//!    from last to first — a negative literal with variables after the positive ones, in
//!    program order — then the head atoms); then the predicates of the simple facts (a ground
//!    atom without body: gringo's EDB), facts written as such before facts from pools;
//! 2. each domain's insertion order: the simple facts first (in the order of 1.), then the
//!    atoms derived by grounding, in derivation order.
//!
//! This module reproduces both from the rewritten rules (found by comparing with clingo 5.8.3's
//! `--mode=gringo` output; gringo's exact rule for the body order is not documented). Atoms of
//! predicates no rule mentions keep the store's order at the end.
//!
//! Across groundings of a multi-shot session the order is kept and extended ([`ShownOrder`]):
//! the domains a grounding creates come after the earlier ones, and the atoms it adds to a
//! domain after the domain's earlier atoms (its simple facts first among them).
//!
//! # Invariants
//! - [`ShownOrder::atoms`] lists every in-domain atom of the store exactly once.

use fxhash::FxHashMap;

use crate::ast::Sign;
use crate::instantiate::domain::AtomId;
use crate::instantiate::Grounder;
use crate::normalize::rewrite::PlainFact;
use crate::normalize::rules::{simple_fact, Head, Lit, Pred, Rule};
use crate::term::eval::T;
use crate::term::intern::Val;

/// A simple fact's rank, packed (see [`rank`]): facts from pools after the others, then
/// program order. [`NO_RANK`] for atoms that are no simple fact.
type FactRank = u64;

/// The rank of atoms that are no simple fact (after every fact).
const NO_RANK: FactRank = u64::MAX;

/// The rank of a simple fact: from a pool or not, then before which rule it stands (its own
/// index for a rule), then the index of a fact taken out by the loader (`u32::MAX` for rules).
fn rank(pooled: bool, rule: usize, fact: u32) -> FactRank {
    let rule = rule.min((1 << 31) - 1) as u64;
    (u64::from(pooled) << 63) | (rule << 32) | u64::from(fact)
}

/// The in-domain atoms of the store in gringo's output order, kept across groundings: the
/// domains in creation order (those of a later grounding after the earlier ones), each
/// domain's atoms in insertion order, a grounding's simple facts first among the atoms it
/// added.
#[derive(Default, Debug)]
pub(crate) struct ShownOrder {
    /// Predicate indexes in domain creation order.
    domains: Vec<u32>,
    /// Whether a predicate is in `domains`.
    placed: Vec<bool>,
    /// Per predicate: its domain's members in output order.
    members: Vec<Vec<AtomId>>,
}

impl ShownOrder {
    /// Places the domains and atoms the grounding of `rules` and `facts` created.
    pub(crate) fn extend(&mut self, g: &Grounder, rules: &[Rule], facts: &[PlainFact]) {
        let edb = simple_facts(g, rules, facts);
        let edb_rank = |a: &AtomId| edb.get(a.0 as usize).copied().unwrap_or(NO_RANK);
        self.placed.resize(g.store.preds.len(), false);
        self.members.resize_with(g.store.preds.len(), Vec::new);
        for pred in domain_order(g, rules, &edb) {
            if let Some(placed) = self.placed.get_mut(pred as usize).filter(|p| !**p) {
                *placed = true;
                self.domains.push(pred);
            }
        }
        for (pred, domain) in g.store.preds.iter().enumerate() {
            let Some(out) = self.members.get_mut(pred) else {
                continue;
            };
            let start = out.len();
            out.extend_from_slice(domain.members.get(start..).unwrap_or(&[]));
            if let Some(added) = out.get_mut(start..).filter(|a| a.len() > 1) {
                added.sort_by_key(edb_rank);
            }
        }
    }

    /// The predicates (store indexes) in gringo's domain creation order, as far as placed.
    pub(crate) fn domains(&self) -> &[u32] {
        &self.domains
    }

    /// Every in-domain atom of the store (as of the last [`ShownOrder::extend`]), in order.
    pub(crate) fn atoms(&self) -> impl Iterator<Item = AtomId> + '_ {
        self.domains
            .iter()
            .flat_map(|&p| self.members.get(p as usize).map_or(&[][..], Vec::as_slice))
            .copied()
    }
}

/// The rank of each atom (by id) as a simple fact, [`NO_RANK`] for others; a fact sharing its
/// statement's span with another rule came from a pool. An atom written as a fact twice has
/// the rank of its first occurrence.
fn simple_facts(g: &Grounder, rules: &[Rule], facts: &[PlainFact]) -> Vec<FactRank> {
    // How many rules share the span of each simple fact (only those spans are counted).
    let mut spans: FxHashMap<_, usize> = rules
        .iter()
        .filter(|rule| simple_fact(rule).is_some())
        .map(|rule| (&rule.span, 0))
        .collect();
    if !spans.is_empty() {
        for rule in rules {
            if let Some(count) = spans.get_mut(&rule.span) {
                *count += 1;
            }
        }
    }
    let mut ranks = vec![NO_RANK; g.store.atoms.len()];
    let mut first = |val: Val, r: FactRank| {
        if let Some(slot) = g.store.find(val).and_then(|a| ranks.get_mut(a.0 as usize)) {
            if *slot == NO_RANK {
                *slot = r;
            }
        }
    };
    let mut pending = facts.iter().zip(0u32..).peekable();
    for (i, rule) in rules.iter().enumerate() {
        while let Some((fact, k)) = pending.next_if(|(f, _)| f.before as usize <= i) {
            first(fact.atom, rank(false, i, k));
        }
        if let Some((pred, args)) = simple_fact(rule) {
            let pooled = spans.get(&rule.span).copied().unwrap_or(0) > 1;
            if let Some(val) = g.table.find_fun(pred.name, pred.negative, &args) {
                first(val, rank(pooled, i, u32::MAX));
            }
        }
    }
    for (fact, k) in pending {
        first(fact.atom, rank(false, rules.len(), k));
    }
    ranks
}

/// Predicate indexes in gringo's domain creation order.
fn domain_order(g: &Grounder, rules: &[Rule], edb: &[FactRank]) -> Vec<u32> {
    let mut preds = Vec::new();
    for rule in rules.iter().filter(|r| simple_fact(r).is_none()) {
        rule_domains(rule, &mut preds);
    }
    // Per predicate index: whether it is in `order` already.
    let mut placed = vec![false; g.store.preds.len()];
    let mut seen = |i: u32| {
        placed
            .get_mut(i as usize)
            .is_some_and(|s| !std::mem::replace(s, true))
    };
    let mut order: Vec<u32> = preds
        .into_iter()
        .filter_map(|p| g.store.find_pred(p))
        .filter(|&i| seen(i))
        .collect();
    let mut first_fact: Vec<FactRank> = vec![NO_RANK; g.store.preds.len()];
    for (info, &r) in g.store.atoms.iter().zip(edb) {
        if let Some(slot) = first_fact.get_mut(info.pred as usize) {
            *slot = (*slot).min(r);
        }
    }
    let mut facts: Vec<(FactRank, u32)> = (0u32..)
        .zip(&first_fact)
        .filter(|(_, &r)| r != NO_RANK)
        .map(|(p, &r)| (r, p))
        .collect();
    facts.sort_unstable();
    order.extend(facts.into_iter().map(|(_, p)| p).filter(|&p| seen(p)));
    let all = g.store.preds.len() as u32;
    order.extend((0..all).filter(|&i| seen(i)));
    order
}

/// The predicates of one statement in the order gringo creates their domains.
fn rule_domains(rule: &Rule, out: &mut Vec<Pred>) {
    body_domains(rule, out);
    out.extend(rule.head.each_atom().map(|a| a.pred));
}

/// The predicates of a statement's head conditions and body, in the order gringo creates their
/// domains.
fn body_domains(rule: &Rule, out: &mut Vec<Pred>) {
    for cond in rule.head.conditions() {
        cond.iter().for_each(|l| lit_preds(l, out));
    }
    for lit in rule.body.iter().rev() {
        if let Lit::Cond(c) = lit {
            c.cond.iter().for_each(|l| lit_preds(l, out));
            c.alts.iter().for_each(|a| lit_preds(&a.lit, out));
        }
    }
    let deferred = |l: &Lit| matches!(l, Lit::Atom(Sign::Not, a) if has_vars(&a.args));
    for lit in rule.body.iter().rev() {
        if !matches!(lit, Lit::Cond(_)) && !deferred(lit) {
            lit_preds(lit, out);
        }
    }
    for lit in rule.body.iter().filter(|l| deferred(l)) {
        lit_preds(lit, out);
    }
}

fn lit_preds(lit: &Lit, out: &mut Vec<Pred>) {
    if let Lit::Atom(_, atom) = lit {
        out.push(atom.pred);
        return;
    }
    let mut atoms = Vec::new();
    lit.atoms(&mut atoms);
    out.extend(atoms.into_iter().map(|(a, _)| a.pred));
}

fn has_vars(args: &[T]) -> bool {
    let mut vars = Vec::new();
    args.iter().for_each(|t| t.vars(&mut vars));
    !vars.is_empty()
}

/// The index (among `rules`) of the `#show t : body.` statement that most likely produced the
/// shown term `val`: the most specific pattern that fits (a value, then a function of the
/// same name and arity, then anything), the first of equals. `None` if no pattern fits.
pub(crate) fn show_statement(g: &Grounder, rules: &[Rule], val: Val) -> Option<usize> {
    let fun = g.table.as_fun(val);
    let fit = |t: &T| match t {
        T::Val(v) => (*v == val).then_some(2),
        T::Fun(name, negative, args) => fun
            .filter(|f| f.name == *name && f.negative == *negative && f.args.len() == args.len())
            .map(|_| 1),
        _ => Some(0),
    };
    let mut best: Option<(u8, usize)> = None;
    for (i, rule) in rules.iter().enumerate() {
        let Head::Show(t) = &rule.head else { continue };
        if let Some(score) = fit(t) {
            match best {
                Some((b, _)) if b >= score => {}
                _ => best = Some((score, i)),
            }
        }
    }
    best.map(|(_, i)| i)
}

/// For each predicate index, the position in gringo's grounding order of the first statement
/// that derives it (`usize::MAX` for none).
///
/// gringo grounds the statements (all but simple facts) in the reverse post-order of a
/// depth-first search over "statement j uses a predicate statement i derives" edges, roots and
/// successors taken in program order; so independent statements are grounded last to first,
/// and atoms (numbered when first output) follow that order. For the atoms' order a
/// statement's own head predicates count as used (see [`rule_domains`]).
pub(crate) fn pred_ranks(g: &Grounder, rules: &[Rule]) -> Vec<usize> {
    let stms = statements(rules);
    let heads = forward(&stms, &statement_edges(g, rules, &stms, head_preds));
    let users = backward(g, &statement_edges(g, rules, &stms, rule_domains));
    let mut order = post_order(
        &Via {
            out: &heads,
            via: &users,
        },
        0..heads.len(),
    );
    order.reverse();
    let positions = positions(rules.len(), &stms, order);
    let mut ranks = vec![usize::MAX; g.store.preds.len()];
    for (rule, &position) in rules.iter().zip(&positions) {
        for a in rule.head.each_atom() {
            if let Some(rank) = g
                .store
                .find_pred(a.pred)
                .and_then(|p| ranks.get_mut(p as usize))
            {
                *rank = (*rank).min(position);
            }
        }
    }
    ranks
}

/// Each rule's position in the order gringo grounds the statements and so makes their
/// external calls (`usize::MAX` for simple facts): the post-order of a depth-first search
/// over "statement j uses (in its body or conditions) a predicate statement i derives" edges
/// from j to i, roots taken last to first, so dependencies come first and independent
/// statements last to first. Checked with clingo 5.8.3's `function 'f' not found` infos:
/// `p(@f(1);@g(1)).` calls `@g` first, and `r(1..3). u(@m(1);@n(1)). v(@o(1)) :- r(X).` calls
/// `@o`, `@n`, `@m` (the order of [`pred_ranks`] would put `@o` last).
pub(crate) fn grounding_positions(g: &Grounder, rules: &[Rule]) -> Vec<usize> {
    let stms = statements(rules);
    let derivers = backward(g, &statement_edges(g, rules, &stms, head_preds));
    let uses = forward(&stms, &statement_edges(g, rules, &stms, body_domains));
    let graph = Via {
        out: &uses,
        via: &derivers,
    };
    positions(
        rules.len(),
        &stms,
        post_order(&graph, (0..uses.len()).rev()),
    )
}

/// The head predicates of a rule.
fn head_preds(rule: &Rule, out: &mut Vec<Pred>) {
    out.extend(rule.head.each_atom().map(|a| a.pred));
}

/// Successor lists of the nodes `0..n` in one flat array (no allocation per node): node
/// `i`'s successors are `targets[start[i]..start[i + 1]]`.
struct Adjacency {
    start: Vec<u32>,
    targets: Vec<u32>,
}

impl Adjacency {
    /// The lists of `edges` `(from, to)`: each node's successors in the order of `edges`,
    /// a successor repeated right after itself kept once.
    fn from_edges(n: usize, edges: &[(u32, u32)]) -> Adjacency {
        let mut start = vec![0u32; n + 1];
        for &(from, _) in edges {
            if let Some(c) = start.get_mut(from as usize + 1) {
                *c += 1;
            }
        }
        for i in 1..start.len() {
            let before = start.get(i - 1).copied().unwrap_or(0);
            if let Some(c) = start.get_mut(i) {
                *c += before;
            }
        }
        let mut fill = start.clone();
        let mut targets = vec![0u32; start.last().copied().unwrap_or(0) as usize];
        for &(from, to) in edges {
            if let Some(at) = fill.get_mut(from as usize) {
                if let Some(t) = targets.get_mut(*at as usize) {
                    *t = to;
                }
                *at += 1;
            }
        }
        Adjacency { start, targets }.deduplicated()
    }

    /// The same lists without a successor repeated right after itself.
    fn deduplicated(self) -> Adjacency {
        let mut start = Vec::with_capacity(self.start.len());
        let mut targets = Vec::with_capacity(self.targets.len());
        start.push(0);
        for i in 0..self.len() {
            let list = self.of(i);
            targets.extend(
                list.iter()
                    .enumerate()
                    .filter_map(|(k, &t)| (k == 0 || list.get(k - 1) != Some(&t)).then_some(t)),
            );
            start.push(targets.len() as u32);
        }
        Adjacency { start, targets }
    }

    fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// The successors of node `i`.
    fn of(&self, i: usize) -> &[u32] {
        let from = self.start.get(i).copied().unwrap_or(0) as usize;
        let to = self.start.get(i + 1).copied().unwrap_or(0) as usize;
        self.targets.get(from..to).unwrap_or(&[])
    }
}

/// The statements: the indexes of the rules that are no simple facts.
fn statements(rules: &[Rule]) -> Vec<usize> {
    (0..rules.len())
        .filter(|&i| rules.get(i).is_some_and(|r| simple_fact(r).is_none()))
        .collect()
}

/// Per statement (of `stms`) the predicate indexes `preds` gives it.
fn forward(stms: &[usize], edges: &[(u32, u32)]) -> Adjacency {
    Adjacency::from_edges(stms.len(), edges)
}

/// Per predicate index the statements it is given to, ascending.
fn backward(g: &Grounder, edges: &[(u32, u32)]) -> Adjacency {
    // Sorted by statement, so each predicate's list comes out ascending.
    let inverse: Vec<(u32, u32)> = edges.iter().map(|&(j, p)| (p, j)).collect();
    Adjacency::from_edges(g.store.preds.len(), &inverse)
}

/// The pairs (statement position in `stms`, predicate index) of the predicates `preds` gives
/// each statement, by statement.
fn statement_edges(
    g: &Grounder,
    rules: &[Rule],
    stms: &[usize],
    preds: fn(&Rule, &mut Vec<Pred>),
) -> Vec<(u32, u32)> {
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(stms.len());
    let mut list = Vec::new();
    for (j, rule) in (0u32..).zip(stms.iter().filter_map(|&r| rules.get(r))) {
        list.clear();
        preds(rule, &mut list);
        edges.extend(
            list.iter()
                .filter_map(|&p| g.store.find_pred(p))
                .map(|p| (j, p)),
        );
    }
    edges
}

/// Rule index to position, from the statements' `order` (`usize::MAX` for the others).
fn positions(rules: usize, stms: &[usize], order: Vec<usize>) -> Vec<usize> {
    let mut positions = vec![usize::MAX; rules];
    for (k, s) in order.into_iter().enumerate() {
        if let Some(slot) = stms.get(s).and_then(|&r| positions.get_mut(r)) {
            *slot = k;
        }
    }
    positions
}

/// The graph over statements with an edge from `i` to `j` when `j` is in the `via` list of a
/// predicate in the `out` list of `i`, without the edges made: a statement's successors are
/// the union of its predicates' lists (a predicate derived by `n` statements and used by `n`
/// has `n²` such edges: a positive loop over one predicate).
struct Via<'a> {
    out: &'a Adjacency,
    via: &'a Adjacency,
}

/// Post-order of an iterative depth-first search from `roots` in turn (no recursion:
/// statement counts are user-controlled), each node's successors taken in ascending order.
///
/// A node's next child is its smallest unvisited successor (every successor below the point a
/// scan over its ascending list reached is visited, so that is the same child). Each
/// predicate keeps one cursor into its `via` list, shared by every node reaching it, before
/// which every statement is visited: the search costs the size of the lists, not of the
/// edges.
fn post_order(graph: &Via, roots: impl Iterator<Item = usize>) -> Vec<usize> {
    let nodes = graph.out.len();
    let mut visited = vec![false; nodes];
    let mut cursor = vec![0usize; graph.via.len()];
    let mut post = Vec::with_capacity(nodes);
    for root in roots {
        if !mark(&mut visited, root) {
            continue;
        }
        let mut stack = vec![root];
        while let Some(&node) = stack.last() {
            match next_child(graph, node, &visited, &mut cursor) {
                Some(child) => {
                    mark(&mut visited, child);
                    stack.push(child);
                }
                None => {
                    post.push(node);
                    stack.pop();
                }
            }
        }
    }
    post
}

/// The smallest unvisited successor of `node`, the cursors of its predicates moved past the
/// visited statements.
fn next_child(graph: &Via, node: usize, visited: &[bool], cursor: &mut [usize]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for &p in graph.out.of(node) {
        let list = graph.via.of(p as usize);
        let Some(at) = cursor.get_mut(p as usize) else {
            continue;
        };
        while list
            .get(*at)
            .is_some_and(|&s| visited.get(s as usize) != Some(&false))
        {
            *at += 1;
        }
        if let Some(&s) = list.get(*at) {
            best = Some(best.map_or(s as usize, |b| b.min(s as usize)));
        }
    }
    best
}

/// Marks `node` visited; returns whether it was not before.
fn mark(visited: &mut [bool], node: usize) -> bool {
    match visited.get_mut(node) {
        Some(seen) => !std::mem::replace(seen, true),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The post-order of the search over the edges made: each node's successors (the union
    /// of its predicates' lists) sorted, deduplicated and scanned in turn, as the search was
    /// written before it went through the predicates.
    fn post_order_of_edges(graph: &Via, roots: impl Iterator<Item = usize>) -> Vec<usize> {
        let succ: Vec<Vec<usize>> = (0..graph.out.len())
            .map(|i| {
                let mut list: Vec<usize> = graph
                    .out
                    .of(i)
                    .iter()
                    .flat_map(|&p| graph.via.of(p as usize).iter().map(|&j| j as usize))
                    .collect();
                list.sort_unstable();
                list.dedup();
                list
            })
            .collect();
        let mut visited = vec![false; succ.len()];
        let mut post = Vec::new();
        for root in roots {
            if !mark(&mut visited, root) {
                continue;
            }
            let mut stack = vec![(root, 0usize)];
            while let Some((node, next)) = stack.last_mut() {
                match succ[*node].get(*next).copied() {
                    Some(child) => {
                        *next += 1;
                        if mark(&mut visited, child) {
                            stack.push((child, 0));
                        }
                    }
                    None => {
                        post.push(*node);
                        stack.pop();
                    }
                }
            }
        }
        post
    }

    /// Random statement → predicate lists (a few predicates each, some shared by many
    /// statements) and the inverse lists, ascending as `backward` makes them.
    fn random_graph(seed: u64, nodes: u32, preds: u32) -> (Adjacency, Adjacency) {
        let mut state = seed;
        let mut next = |below: u32| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % u64::from(below)) as u32
        };
        let mut edges = Vec::new();
        for j in 0..nodes {
            for _ in 0..next(4) {
                edges.push((j, next(preds)));
            }
        }
        let inverse: Vec<(u32, u32)> = edges.iter().map(|&(j, p)| (p, j)).collect();
        (
            Adjacency::from_edges(nodes as usize, &edges),
            Adjacency::from_edges(preds as usize, &inverse),
        )
    }

    #[test]
    fn search_through_predicates_gives_the_post_order_of_the_edges() {
        for seed in 0..300 {
            let (out, via) = random_graph(seed, 2 + (seed % 40) as u32, 1 + (seed % 7) as u32);
            let graph = Via {
                out: &out,
                via: &via,
            };
            let n = out.len();
            assert_eq!(
                post_order(&graph, 0..n),
                post_order_of_edges(&graph, 0..n),
                "seed {seed}"
            );
            assert_eq!(
                post_order(&graph, (0..n).rev()),
                post_order_of_edges(&graph, (0..n).rev()),
                "seed {seed}"
            );
        }
    }
}
