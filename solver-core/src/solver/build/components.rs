//! The positive dependency graph of a delta's atoms and what its strongly connected
//! components decide: which atoms the unfounded-set checker watches (atoms of cyclic,
//! head-cycle-free components) and which go to the minimality check instead (components
//! holding two head atoms of one disjunctive rule: not head-cycle-free).
//!
//! Edges run from each head atom to the positive atoms of its rule's body (weight bodies
//! included). Components come from an iterative Tarjan (no recursion on graph depth); a
//! component is cyclic when it has several atoms or a self-loop.
//!
//! Per delta the nodes are the atoms it completes, with the edges of its rules as given (before
//! shifting): an atom completed earlier keeps its rules, which lead to atoms of earlier deltas
//! only, so a cycle through a new atom has only atoms of this delta, and the checker is
//! extended with new components. A delta that completes an external of an earlier delta (which
//! earlier rules may depend on) has the components recomputed over all rules in flat form
//! (shifting adds only negative literals, so the positive edges are those of the rules as
//! given), and the checker is rebuilt; with disjunctive rules in the program that is refused.

use std::collections::hash_map::Entry;

use fxhash::{FxHashMap, FxHashSet};

use super::encode::Builder;
use super::{FlatRule, Standing, UfsUpdate};
use crate::api::SolveError;
use crate::program::Body;
use crate::program::HeadKind;
use crate::solver::body::{atom_var, literal, normalise_body, positive_atoms, BodyKey};
use crate::solver::disjunctive::{CheckedRule, Minimality};
use crate::solver::lit::{Lit, Var};
use crate::solver::unfounded::{FlatLists, UfsGraph};

/// The graph's nodes: dense indices from 1 (Tarjan's node 0 is unused) and their variables;
/// a leading run of consecutive variables is indexed by offset, the rest by a map.
struct Nodes {
    vars: Vec<Var>,
    /// The first variable and the length of the consecutive run it starts.
    run: (u32, u32),
    /// Node of each variable after the run.
    index: FxHashMap<u32, u32>,
}

impl Nodes {
    fn new(vars: Vec<Var>) -> Nodes {
        let first = vars.first().map_or(0, |v| v.0);
        let run = vars
            .iter()
            .zip(first..)
            .take_while(|(v, i)| v.0 == *i)
            .count();
        let rest = vars.iter().enumerate().skip(run);
        let index = rest.map(|(i, v)| (v.0, i as u32 + 1)).collect();
        Nodes {
            vars,
            run: (first, run as u32),
            index,
        }
    }

    fn node(&self, var: Var) -> Option<u32> {
        let offset = var.0.wrapping_sub(self.run.0);
        if offset < self.run.1 {
            return Some(offset + 1);
        }
        self.index.get(&var.0).copied()
    }
}

impl Builder<'_> {
    /// SCCs of the positive dependency graph of the delta (see the module doc); the
    /// unfounded-set update and, when non-HCF atoms were added, the new minimality check.
    pub(super) fn dependency_components(
        &mut self,
    ) -> Result<(UfsUpdate, Option<Minimality>), SolveError> {
        if self.completes_old_external {
            return self.all_components();
        }
        let nodes = Nodes::new(self.completing.vars.clone());
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut positives: Vec<Lit> = Vec::new();
        for rule in &self.program.rules {
            if !positive_lits(&rule.body, &mut positives)? {
                continue;
            }
            for &h in &rule.head {
                let Some(from) = nodes.node(atom_var(h)) else {
                    continue;
                };
                let targets = positives.iter().filter_map(|l| nodes.node(l.var()));
                pairs.extend(targets.map(|to| (from, to)));
            }
        }
        let edges = FlatLists::from_pairs(nodes.vars.len() + 1, pairs.iter().copied());
        drop(pairs);
        let (component, cyclic) = strongly_connected(&edges);
        let non_hcf = self.non_hcf_components(&nodes, &component, &cyclic);
        let ufs_cyclic: Vec<bool> = cyclic
            .iter()
            .zip(&non_hcf)
            .map(|(&c, &n)| c && !n)
            .collect();
        let (first_atom, first_body) = self.state.ufs_sizes;
        let rules = &self.state.rules[self.first_rule..];
        let graph = self.unfounded_structures(
            &nodes,
            rules,
            &component,
            &ufs_cyclic,
            (first_atom, first_body),
        );
        self.state.ufs_sizes = (
            first_atom + graph.atom_count(),
            first_body + graph.body_count(),
        );
        self.note_sccs(&graph);
        let minimality = self.minimality_check(&nodes, &component, &non_hcf)?;
        Ok((UfsUpdate::Extend(graph), minimality))
    }

    /// The components over all completed atoms and all rules; the checker anew.
    fn all_components(&mut self) -> Result<(UfsUpdate, Option<Minimality>), SolveError> {
        if self.state.has_disjunctions {
            return Err(SolveError::Unsupported(
                "a delta defining an external atom of an earlier delta in a program with \
                 disjunctive rules"
                    .into(),
            ));
        }
        let completed = |s: Standing| s == Standing::Completed;
        let atoms = self.state.atoms.with_standing(completed);
        let nodes = Nodes::new(atoms.iter().map(|&a| self.state.atoms.var(a)).collect());
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for rule in &self.state.rules {
            let body = &self.state.bodies[rule.body as usize].1;
            let positives = positive_atoms(body);
            for &h in &rule.heads {
                let Some(from) = nodes.node(h) else {
                    continue;
                };
                let targets = positives.iter().filter_map(|&(v, _)| nodes.node(v));
                pairs.extend(targets.map(|to| (from, to)));
            }
        }
        let edges = FlatLists::from_pairs(nodes.vars.len() + 1, pairs.iter().copied());
        let (component, cyclic) = strongly_connected(&edges);
        self.state.scc_count = 0;
        let rules = &self.state.rules[..];
        let graph = self.unfounded_structures(&nodes, rules, &component, &cyclic, (0, 0));
        self.state.ufs_sizes = (graph.atom_count(), graph.body_count());
        self.note_sccs(&graph);
        Ok((UfsUpdate::Rebuild(graph), None))
    }

    /// Counts the SCC ids `graph` uses.
    fn note_sccs(&mut self, graph: &UfsGraph) {
        let next = graph.atom_sccs.iter().map(|scc| scc + 1).max();
        self.state.scc_count = next
            .unwrap_or(self.state.scc_count)
            .max(self.state.scc_count);
    }

    /// Per component: whether it holds two head atoms of one disjunctive rule (non-HCF).
    fn non_hcf_components(&self, nodes: &Nodes, component: &[u32], cyclic: &[bool]) -> Vec<bool> {
        let mut non_hcf = vec![false; cyclic.len()];
        for rule in &self.program.rules {
            if rule.kind != HeadKind::Disjunction || rule.head.len() < 2 {
                continue;
            }
            let mut heads: Vec<u32> = rule
                .head
                .iter()
                .filter_map(|&a| nodes.node(atom_var(a)))
                .collect();
            heads.sort_unstable();
            heads.dedup();
            let mut components: Vec<u32> = heads
                .iter()
                .map(|&h| component[h as usize])
                .filter(|&c| cyclic[c as usize])
                .collect();
            components.sort_unstable();
            for pair in components.windows(2).filter(|w| w[0] == w[1]) {
                non_hcf[pair[0] as usize] = true;
            }
        }
        non_hcf
    }

    /// The stability checker for all non-HCF atoms so far, if the delta added some: its
    /// atoms and the rules of the delta defining them join the earlier ones.
    fn minimality_check(
        &mut self,
        nodes: &Nodes,
        component: &[u32],
        non_hcf: &[bool],
    ) -> Result<Option<Minimality>, SolveError> {
        let in_scope = |v: Var| {
            nodes
                .node(v)
                .is_some_and(|n| non_hcf[component[n as usize] as usize])
        };
        let atoms: Vec<Var> = nodes
            .vars
            .iter()
            .copied()
            .filter(|&v| in_scope(v))
            .collect();
        if atoms.is_empty() {
            return Ok(None);
        }
        let mut rules = Vec::new();
        for rule in &self.program.rules {
            if !rule.head.iter().any(|&h| in_scope(atom_var(h))) {
                continue;
            }
            let Some(body) = normalise_body(&rule.body)? else {
                continue;
            };
            let mut heads: Vec<Var> = rule.head.iter().map(|&a| atom_var(a)).collect();
            heads.sort_unstable();
            heads.dedup();
            let choice = rule.kind == HeadKind::Choice;
            rules.push(CheckedRule {
                heads,
                choice,
                body,
            });
        }
        let (all_atoms, all_rules) = &mut self.state.non_hcf;
        all_atoms.extend(atoms);
        all_rules.extend(rules);
        let var_count = self.state.var_count;
        Ok(Some(Minimality::new(
            var_count,
            all_atoms,
            all_rules.clone(),
        )))
    }

    /// The cyclic atoms and their bodies per SCC, numbered from `first` (atoms, bodies), with
    /// SCC ids after the earlier ones. Bodies are numbered in the order the rules first reach
    /// them (one per body and SCC); an atom's bodies and a body's heads are in the order of
    /// the rules, each pair once.
    fn unfounded_structures(
        &self,
        nodes: &Nodes,
        rules: &[FlatRule],
        component: &[u32],
        cyclic: &[bool],
        first: (usize, usize),
    ) -> UfsGraph {
        let mut graph = UfsGraph::default();
        let mut scc_ids: FxHashMap<u32, u32> = FxHashMap::default();
        let mut atom_index = vec![u32::MAX; component.len()];
        let scc_base = self.state.scc_count;
        for node in 1..component.len() {
            let c = component[node];
            if !cyclic[c as usize] {
                continue;
            }
            let next = scc_base + scc_ids.len() as u32;
            atom_index[node] = graph.atom_count() as u32;
            graph.atom_lits.push(nodes.vars[node - 1].pos());
            graph.atom_sccs.push(*scc_ids.entry(c).or_insert(next));
        }
        let local = |v: Var| nodes.node(v).map_or(u32::MAX, |n| atom_index[n as usize]);
        let mut body_index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        // (body, head) pairs in rule order; a body's first head, and the later pairs of bodies
        // reached again, to keep each pair once.
        let mut supports: Vec<(u32, u32)> = Vec::new();
        let mut first_head: Vec<u32> = Vec::new();
        let mut later: FxHashSet<(u32, u32)> = FxHashSet::default();
        for rule in rules {
            for &h in &rule.heads {
                let head = local(h);
                if head == u32::MAX {
                    continue;
                }
                let scc = graph.atom_sccs[head as usize];
                let id = match body_index.entry((rule.body, scc)) {
                    Entry::Occupied(entry) => {
                        let id = *entry.get();
                        if first_head[id as usize] == head || !later.insert((id, head)) {
                            continue;
                        }
                        id
                    }
                    Entry::Vacant(entry) => {
                        let id = graph.body_count() as u32;
                        entry.insert(id);
                        let (lit, key) = &self.state.bodies[rule.body as usize];
                        add_body(&mut graph, *lit, key, scc, &local);
                        first_head.push(head);
                        id
                    }
                };
                supports.push((id, head));
            }
        }
        link(&mut graph, &supports);
        renumber_from(&mut graph, first);
        graph
    }
}

/// Adds the unfounded-set view of one body for one SCC: its in-SCC positive atoms (`local`
/// gives an atom's index, `u32::MAX` for none) and, for a weight body, its elements.
fn add_body(graph: &mut UfsGraph, lit: Lit, body: &BodyKey, scc: u32, local: &dyn Fn(Var) -> u32) {
    graph.body_lits.push(lit);
    let mut add_pred = |v: Var, w: i64| {
        let a = local(v);
        if a != u32::MAX && graph.atom_sccs[a as usize] == scc {
            graph.body_preds.push((a, w));
        }
    };
    match body {
        BodyKey::Normal(lits) => {
            for l in lits.iter().filter(|l| !l.is_negative()) {
                add_pred(l.var(), 1);
            }
            graph.body_weight.push(u32::MAX);
        }
        BodyKey::Weight(lower, elements) => {
            for &(l, w) in elements.iter().filter(|(l, _)| !l.is_negative()) {
                add_pred(l.var(), w);
            }
            graph.body_weight.push(graph.weights.len() as u32);
            graph.weights.push((*lower, elements.clone()));
        }
    }
    graph.body_preds.close();
}

/// Fills the lists linking atoms and bodies: from the (body, head) `supports` in order, each
/// body's heads and each atom's bodies; from the bodies' in-SCC atoms, where each atom occurs.
fn link(graph: &mut UfsGraph, supports: &[(u32, u32)]) {
    let (atoms, bodies) = (graph.atom_count(), graph.body_count());
    graph.body_heads = FlatLists::from_pairs(bodies, supports.iter().copied());
    let by_head = supports.iter().map(|&(body, head)| (head, body));
    graph.atom_bodies = FlatLists::from_pairs(atoms, by_head);
    let preds = &graph.body_preds;
    let occurs = (0..bodies).flat_map(|b| {
        let pairs = preds.get(b).iter();
        pairs.map(move |&(atom, weight)| (atom, (b as u32, weight)))
    });
    graph.atom_occurs = FlatLists::from_pairs(atoms, occurs);
}

/// Shifts local atom and body indices by `first` (atoms, bodies).
fn renumber_from(graph: &mut UfsGraph, first: (usize, usize)) {
    let (a0, b0) = (first.0 as u32, first.1 as u32);
    if a0 > 0 {
        graph.body_heads.map_items(|h| *h += a0);
        graph.body_preds.map_items(|p| p.0 += a0);
    }
    if b0 > 0 {
        graph.atom_bodies.map_items(|b| *b += b0);
        graph.atom_occurs.map_items(|o| o.0 += b0);
    }
}

/// Fills `out` with the positive literals of `body` as its normalised key has them (sorted,
/// each once); `false` when the body has complementary literals (no key). A normal body is
/// normalised in `out` (as `normalise_body` does, without allocating).
fn positive_lits(body: &Body, out: &mut Vec<Lit>) -> Result<bool, SolveError> {
    out.clear();
    let Body::Normal(literals) = body else {
        let Some(key) = normalise_body(body)? else {
            return Ok(false);
        };
        out.extend(positive_atoms(&key).into_iter().map(|(v, _)| v.pos()));
        return Ok(true);
    };
    out.extend(literals.iter().map(|&l| literal(l)));
    out.sort_unstable();
    out.dedup();
    if out.windows(2).any(|w| w[0] == !w[1]) {
        return Ok(false);
    }
    out.retain(|l| !l.is_negative());
    Ok(true)
}

/// Tarjan's SCC algorithm without recursion; returns (component per node, component cyclic).
/// Node 0 is unused. A component is cyclic if it has several nodes or a self-loop.
pub(super) fn strongly_connected(edges: &FlatLists<u32>) -> (Vec<u32>, Vec<bool>) {
    let n = edges.len();
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![u32::MAX; n];
    let mut cyclic = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<(u32, usize)> = Vec::new();
    let mut counter = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != u32::MAX {
            continue;
        }
        calls.push((root, 0));
        while let Some(&mut (node, ref mut next)) = calls.last_mut() {
            let v = node as usize;
            if *next == 0 && index[v] == u32::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(node);
                on_stack[v] = true;
            }
            if let Some(&w) = edges.get(v).get(*next) {
                *next += 1;
                let w_index = index[w as usize];
                if w_index == u32::MAX {
                    calls.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v] = low[v].min(w_index);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent as usize] = low[parent as usize].min(low[v]);
            }
            if low[v] == index[v] {
                let id = cyclic.len() as u32;
                let mut size = 0;
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    component[w as usize] = id;
                    size += 1;
                    if w == node {
                        break;
                    }
                }
                cyclic.push(size > 1 || edges.get(v).contains(&node));
            }
        }
    }
    (component, cyclic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tarjan_finds_cycles_and_self_loops() {
        let pairs = [(1, 2), (2, 1), (3, 3), (4, 1)];
        let edges = FlatLists::from_pairs(5, pairs.into_iter());
        let (component, cyclic) = strongly_connected(&edges);
        assert_eq!(component[1], component[2]);
        assert!(cyclic[component[1] as usize]);
        assert!(cyclic[component[3] as usize]);
        assert!(!cyclic[component[4] as usize]);
    }
}
