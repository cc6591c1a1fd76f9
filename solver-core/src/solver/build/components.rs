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

use fxhash::FxHashMap;

use super::encode::Builder;
use super::{FlatRule, Standing, UfsUpdate};
use crate::api::SolveError;
use crate::program::HeadKind;
use crate::solver::body::{atom_var, normalise_body, positive_atoms, BodyKey};
use crate::solver::disjunctive::{CheckedRule, Minimality};
use crate::solver::lit::{Lit, Var};
use crate::solver::unfounded::{UfsAtom, UfsBody};

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
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); nodes.vars.len() + 1];
        for rule in &self.program.rules {
            let Some(body) = normalise_body(&rule.body)? else {
                continue;
            };
            let positives = positive_atoms(&body);
            for &h in &rule.head {
                let Some(from) = nodes.node(atom_var(h)) else {
                    continue;
                };
                let targets = positives.iter().filter_map(|&(v, _)| nodes.node(v));
                edges[from as usize].extend(targets);
            }
        }
        let (component, cyclic) = strongly_connected(&edges);
        let non_hcf = self.non_hcf_components(&nodes, &component, &cyclic);
        let ufs_cyclic: Vec<bool> = cyclic
            .iter()
            .zip(&non_hcf)
            .map(|(&c, &n)| c && !n)
            .collect();
        let (first_atom, first_body) = self.state.ufs_sizes;
        let rules = &self.state.rules[self.first_rule..];
        let (atoms, bodies) = self.unfounded_structures(
            &nodes,
            rules,
            &component,
            &ufs_cyclic,
            (first_atom, first_body),
        );
        self.state.ufs_sizes = (first_atom + atoms.len(), first_body + bodies.len());
        self.note_sccs(&atoms);
        let minimality = self.minimality_check(&nodes, &component, &non_hcf)?;
        Ok((UfsUpdate::Extend(atoms, bodies), minimality))
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
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); nodes.vars.len() + 1];
        for rule in &self.state.rules {
            let body = &self.state.bodies[rule.body as usize].1;
            let positives = positive_atoms(body);
            for &h in &rule.heads {
                let Some(from) = nodes.node(h) else {
                    continue;
                };
                let targets = positives.iter().filter_map(|&(v, _)| nodes.node(v));
                edges[from as usize].extend(targets);
            }
        }
        let (component, cyclic) = strongly_connected(&edges);
        self.state.scc_count = 0;
        let rules = &self.state.rules[..];
        let (atoms, bodies) = self.unfounded_structures(&nodes, rules, &component, &cyclic, (0, 0));
        self.state.ufs_sizes = (atoms.len(), bodies.len());
        self.note_sccs(&atoms);
        Ok((UfsUpdate::Rebuild(atoms, bodies), None))
    }

    /// Counts the SCC ids `atoms` use.
    fn note_sccs(&mut self, atoms: &[UfsAtom]) {
        let next = atoms.iter().map(|a| a.scc + 1).max();
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
    /// SCC ids after the earlier ones.
    fn unfounded_structures(
        &self,
        nodes: &Nodes,
        rules: &[FlatRule],
        component: &[u32],
        cyclic: &[bool],
        first: (usize, usize),
    ) -> (Vec<UfsAtom>, Vec<UfsBody>) {
        let mut scc_ids: FxHashMap<u32, u32> = FxHashMap::default();
        let mut atom_index = vec![u32::MAX; component.len()];
        let mut atoms: Vec<UfsAtom> = Vec::new();
        let scc_base = self.state.scc_count;
        for node in 1..component.len() {
            let c = component[node];
            if !cyclic[c as usize] {
                continue;
            }
            let next = scc_base + scc_ids.len() as u32;
            let scc = *scc_ids.entry(c).or_insert(next);
            atom_index[node] = atoms.len() as u32;
            atoms.push(UfsAtom {
                lit: nodes.vars[node - 1].pos(),
                scc,
                bodies: Vec::new(),
                occurs: Vec::new(),
            });
        }
        let local = |v: Var| nodes.node(v).map_or(u32::MAX, |n| atom_index[n as usize]);
        let mut bodies: Vec<UfsBody> = Vec::new();
        let mut body_index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        for rule in rules {
            for &h in &rule.heads {
                let head = local(h);
                if head == u32::MAX {
                    continue;
                }
                let scc = atoms[head as usize].scc;
                let id = match body_index.get(&(rule.body, scc)) {
                    Some(&id) => id,
                    None => {
                        let id = bodies.len() as u32;
                        body_index.insert((rule.body, scc), id);
                        let (lit, key) = &self.state.bodies[rule.body as usize];
                        bodies.push(ufs_body(*lit, key, scc, &atoms, &local));
                        for &(p, w) in &bodies[id as usize].preds {
                            atoms[p as usize].occurs.push((id, w));
                        }
                        id
                    }
                };
                if !bodies[id as usize].heads.contains(&head) {
                    bodies[id as usize].heads.push(head);
                    atoms[head as usize].bodies.push(id);
                }
            }
        }
        renumber_from(&mut atoms, &mut bodies, first);
        (atoms, bodies)
    }
}

/// Shifts local atom and body indices by `first` (atoms, bodies).
fn renumber_from(atoms: &mut [UfsAtom], bodies: &mut [UfsBody], first: (usize, usize)) {
    let (a0, b0) = (first.0 as u32, first.1 as u32);
    if (a0, b0) == (0, 0) {
        return;
    }
    for atom in atoms.iter_mut() {
        atom.bodies.iter_mut().for_each(|b| *b += b0);
        atom.occurs.iter_mut().for_each(|o| o.0 += b0);
    }
    for body in bodies.iter_mut() {
        body.heads.iter_mut().for_each(|h| *h += a0);
        body.preds.iter_mut().for_each(|p| p.0 += a0);
    }
}

/// The unfounded-set view of one body for one SCC.
fn ufs_body(
    lit: Lit,
    body: &BodyKey,
    scc: u32,
    atoms: &[UfsAtom],
    local: &dyn Fn(Var) -> u32,
) -> UfsBody {
    let preds = positive_atoms(body)
        .into_iter()
        .filter_map(|(v, w)| {
            let a = local(v);
            (a != u32::MAX && atoms[a as usize].scc == scc).then_some((a, w))
        })
        .collect();
    let weight = match body {
        BodyKey::Weight(lower, elements) => Some((*lower, elements.clone())),
        BodyKey::Normal(_) => None,
    };
    UfsBody {
        body: lit,
        heads: Vec::new(),
        preds,
        weight,
    }
}

/// Tarjan's SCC algorithm without recursion; returns (component per node, component cyclic).
/// Node 0 is unused. A component is cyclic if it has several nodes or a self-loop.
pub(super) fn strongly_connected(edges: &[Vec<u32>]) -> (Vec<u32>, Vec<bool>) {
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
            if let Some(&w) = edges[v].get(*next) {
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
                cyclic.push(size > 1 || edges[v].contains(&node));
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
        let edges = vec![vec![], vec![2], vec![1], vec![3], vec![1]];
        let (component, cyclic) = strongly_connected(&edges);
        assert_eq!(component[1], component[2]);
        assert!(cyclic[component[1] as usize]);
        assert!(cyclic[component[3] as usize]);
        assert!(!cyclic[component[4] as usize]);
    }
}
