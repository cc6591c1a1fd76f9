//! The positive dependency graph of the program's atoms and what its strongly connected
//! components decide: which atoms the unfounded-set checker watches (atoms of cyclic,
//! head-cycle-free components) and which go to the minimality check instead (components
//! holding two head atoms of one disjunctive rule: not head-cycle-free).
//!
//! Edges run from each head atom to the positive atoms of its rule's body (weight bodies
//! included), over the rules as given, before shifting. Components come from an iterative
//! Tarjan (no recursion on graph depth); a component is cyclic when it has several atoms or a
//! self-loop.

use fxhash::FxHashMap;

use super::{BodyKey, Builder};
use crate::api::SolveError;
use crate::program::{ExternalValue, HeadKind};
use crate::solver::body::{atom_var, normalise_body, positive_atoms};
use crate::solver::disjunctive::{CheckedRule, Minimality};
use crate::solver::lit::Var;
use crate::solver::unfounded::{UfsAtom, UfsBody};

impl Builder<'_> {
    /// SCCs of the positive dependency graph (over the rules as given, before shifting);
    /// HCF check; unfounded-set structures.
    pub(super) fn dependency_components(&mut self) -> Result<(), SolveError> {
        let atoms = self.program.atom_count as usize + 1;
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); atoms];
        for rule in &self.program.rules {
            let Some(body) = normalise_body(&rule.body)? else {
                continue;
            };
            let positives = positive_atoms(&body);
            for &h in &rule.head {
                edges[h.0 as usize].extend(positives.iter().map(|&(v, _)| v.0));
            }
        }
        let (component, cyclic) = strongly_connected(&edges);
        let non_hcf = self.non_hcf_components(&component, &cyclic);
        let ufs_cyclic: Vec<bool> = cyclic
            .iter()
            .zip(&non_hcf)
            .map(|(&c, &n)| c && !n)
            .collect();
        self.unfounded_structures(&component, &ufs_cyclic);
        self.minimality_check(&component, &non_hcf)?;
        Ok(())
    }

    /// Per component: whether it holds two head atoms of one disjunctive rule (non-HCF).
    fn non_hcf_components(&self, component: &[u32], cyclic: &[bool]) -> Vec<bool> {
        let mut non_hcf = vec![false; cyclic.len()];
        for rule in &self.program.rules {
            if rule.kind != HeadKind::Disjunction || rule.head.len() < 2 {
                continue;
            }
            let mut heads: Vec<u32> = rule.head.iter().map(|a| a.0).collect();
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

    /// The stability checker for the atoms of non-HCF components and the rules defining them
    /// (free or true externals count as choice rules with empty bodies).
    fn minimality_check(&mut self, component: &[u32], non_hcf: &[bool]) -> Result<(), SolveError> {
        let in_scope = |v: usize| non_hcf[component[v] as usize];
        let atoms: Vec<Var> = (1..component.len())
            .filter(|&v| in_scope(v))
            .map(|v| Var(v as u32))
            .collect();
        if atoms.is_empty() {
            return Ok(());
        }
        let mut rules = Vec::new();
        for rule in &self.program.rules {
            if !rule.head.iter().any(|h| in_scope(h.0 as usize)) {
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
        for (atom, value) in self.external_values().into_iter().enumerate() {
            if matches!(value, Some(ExternalValue::Free | ExternalValue::True)) && in_scope(atom) {
                rules.push(CheckedRule {
                    heads: vec![Var(atom as u32)],
                    choice: true,
                    body: BodyKey::Normal(Vec::new()),
                });
            }
        }
        self.out.minimality = Minimality::new(self.out.var_count, &atoms, rules);
        Ok(())
    }

    /// Builds the cyclic atoms and their bodies per SCC.
    fn unfounded_structures(&mut self, component: &[u32], cyclic: &[bool]) {
        let mut scc_ids: FxHashMap<u32, u32> = FxHashMap::default();
        let mut atom_index = vec![u32::MAX; component.len()];
        let mut atoms: Vec<UfsAtom> = Vec::new();
        for v in 1..component.len() {
            let c = component[v];
            if !cyclic[c as usize] {
                continue;
            }
            let next = scc_ids.len() as u32;
            let scc = *scc_ids.entry(c).or_insert(next);
            atom_index[v] = atoms.len() as u32;
            atoms.push(UfsAtom {
                lit: Var(v as u32).pos(),
                scc,
                bodies: Vec::new(),
                occurs: Vec::new(),
            });
        }
        let mut bodies: Vec<UfsBody> = Vec::new();
        let mut body_index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        for rule in &self.rules {
            for &h in &rule.heads {
                let head = atom_index[h.index()];
                if head == u32::MAX {
                    continue;
                }
                let scc = atoms[head as usize].scc;
                let key = (rule.body, scc);
                let id = match body_index.get(&key) {
                    Some(&id) => id,
                    None => {
                        let id = bodies.len() as u32;
                        body_index.insert(key, id);
                        let body = &self.bodies[rule.body as usize];
                        bodies.push(ufs_body(
                            self.body_var(rule.body),
                            body,
                            scc,
                            &atoms,
                            &atom_index,
                        ));
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
        self.out.ufs = (atoms, bodies);
    }
}

/// The unfounded-set view of one body for one SCC.
fn ufs_body(var: Var, body: &BodyKey, scc: u32, atoms: &[UfsAtom], index: &[u32]) -> UfsBody {
    let preds = positive_atoms(body)
        .into_iter()
        .filter_map(|(v, w)| {
            let a = index[v.index()];
            (a != u32::MAX && atoms[a as usize].scc == scc).then_some((a, w))
        })
        .collect();
    let weight = match body {
        BodyKey::Weight(lower, elements) => Some((*lower, elements.clone())),
        BodyKey::Normal(_) => None,
    };
    UfsBody {
        body: var.pos(),
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
