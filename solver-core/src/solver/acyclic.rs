//! The acyclicity propagator for `#edge` statements (clasp's ACYC constraint, conflict
//! detection part).
//!
//! An edge `u -> v` is *present* when every literal of its condition is true. Every model must
//! make the present edges an acyclic graph.
//!
//! # Algorithm
//! Each edge keeps a counter of its true condition literals; literals watch the edges whose
//! conditions contain them. When a trail literal makes an edge's counter reach the condition's
//! length, the edge is added to the adjacency list of `u` and a depth-first search from `v`
//! over present edges looks for `u` (incremental reachability: only the new edge can close a
//! cycle, since the graph before it was acyclic). If `u` is reached, the edges of the path and
//! the new edge form a cycle and the conjunction of their conditions is a violated nogood,
//! resolved and learnt like any other conflict. Backtracking undoes the counters (only for
//! literals the propagator has seen) and removes edges that stop being present.
//! Unconditional edges are present from the start; a cycle among them makes the program
//! unsatisfiable (`Acyclicity::new` reports it).
//!
//! # Invariants
//! - `count[e]` is the number of true condition literals of `e` among the trail literals the
//!   propagator has seen; `e` is in `out[from(e)]` iff `count[e] == need(e)`.
//! - Between conflicts the present edges are acyclic.
//! - Without edges the propagator is inactive and costs one branch per trail literal.

use fxhash::FxHashMap;

use super::body::literal;
use super::lit::Lit;
use crate::program::Edge;

/// One edge between dense node indices.
struct EdgeState {
    from: u32,
    to: u32,
    /// Condition literals, sorted and without duplicates.
    condition: Vec<Lit>,
}

/// The acyclicity propagator.
#[derive(Default)]
pub(crate) struct Acyclicity {
    edges: Vec<EdgeState>,
    /// True condition literals per edge.
    count: Vec<u32>,
    /// Per literal code: the edges whose condition contains the literal.
    watches: Vec<Vec<u32>>,
    /// Per node: the present edges leaving it.
    out: Vec<Vec<u32>>,
    /// Depth-first search: visit stamp per node.
    seen: Vec<u32>,
    /// The current stamp.
    stamp: u32,
    /// Depth-first search: the edge through which each node was reached.
    parent: Vec<u32>,
    /// Depth-first search stack of nodes.
    stack: Vec<u32>,
    /// Scratch: edges made present by the current literal.
    fresh: Vec<u32>,
}

impl Acyclicity {
    /// The propagator for `edges` over `vars` variables; `Err(())` when the unconditional
    /// edges already have a cycle.
    pub(crate) fn new(edges: &[Edge], vars: usize) -> Result<Acyclicity, ()> {
        let mut acyclic = Acyclicity::default();
        if edges.is_empty() {
            return Ok(acyclic);
        }
        let mut nodes: FxHashMap<u32, u32> = FxHashMap::default();
        let mut dense = |node: u32| {
            let next = nodes.len() as u32;
            *nodes.entry(node).or_insert(next)
        };
        acyclic.watches = vec![Vec::new(); 2 * vars];
        for edge in edges {
            let mut condition: Vec<Lit> = edge.condition.iter().map(|&l| literal(l)).collect();
            condition.sort_unstable();
            condition.dedup();
            if condition.windows(2).any(|w| w[0].var() == w[1].var()) {
                continue; // `l` and `not l`: never present
            }
            let id = acyclic.edges.len() as u32;
            for lit in &condition {
                acyclic.watches[lit.index()].push(id);
            }
            let (from, to) = (dense(edge.from), dense(edge.to));
            acyclic.edges.push(EdgeState {
                from,
                to,
                condition,
            });
        }
        let node_count = nodes.len();
        acyclic.count = vec![0; acyclic.edges.len()];
        acyclic.out = vec![Vec::new(); node_count];
        acyclic.seen = vec![0; node_count];
        acyclic.parent = vec![u32::MAX; node_count];
        let mut cycle = Vec::new();
        for id in 0..acyclic.edges.len() as u32 {
            if acyclic.edges[id as usize].condition.is_empty() {
                acyclic.out[acyclic.edges[id as usize].from as usize].push(id);
                if acyclic.closes_cycle(id, &mut cycle) {
                    return Err(());
                }
            }
        }
        Ok(acyclic)
    }

    /// Whether the program has edges at all.
    pub(crate) fn is_active(&self) -> bool {
        !self.edges.is_empty()
    }

    /// `lit` became true: counts it, adds the edges it makes present and, if one of them
    /// closes a cycle, fills `nogood` with the cycle's condition literals and returns `true`.
    pub(crate) fn on_true(&mut self, lit: Lit, nogood: &mut Vec<Lit>) -> bool {
        let Some(watching) = self.watches.get(lit.index()) else {
            return false;
        };
        self.fresh.clear();
        for &id in watching {
            let count = &mut self.count[id as usize];
            *count += 1;
            let edge = &self.edges[id as usize];
            if *count as usize == edge.condition.len() {
                self.out[edge.from as usize].push(id);
                self.fresh.push(id);
            }
        }
        let fresh = std::mem::take(&mut self.fresh);
        let found = fresh.iter().any(|&id| self.closes_cycle(id, nogood));
        self.fresh = fresh;
        found
    }

    /// Undoes [`Acyclicity::on_true`] for `lit` (which the propagator has seen).
    pub(crate) fn undo(&mut self, lit: Lit) {
        let Some(watching) = self.watches.get(lit.index()) else {
            return;
        };
        for &id in watching {
            let edge = &self.edges[id as usize];
            let count = &mut self.count[id as usize];
            if *count as usize == edge.condition.len() {
                let out = &mut self.out[edge.from as usize];
                if let Some(at) = out.iter().rposition(|&e| e == id) {
                    out.remove(at);
                }
            }
            *count -= 1;
        }
    }

    /// Whether the present edge `id` closes a cycle; if so, `nogood` holds the conditions of
    /// the cycle's edges (sorted, without duplicates).
    fn closes_cycle(&mut self, id: u32, nogood: &mut Vec<Lit>) -> bool {
        let (from, to) = {
            let edge = &self.edges[id as usize];
            (edge.from, edge.to)
        };
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stack.clear();
        self.stack.push(to);
        self.seen[to as usize] = self.stamp;
        self.parent[to as usize] = id;
        let mut reached = to == from;
        while let (false, Some(node)) = (reached, self.stack.pop()) {
            for &e in &self.out[node as usize] {
                let next = self.edges[e as usize].to;
                if self.seen[next as usize] != self.stamp {
                    self.seen[next as usize] = self.stamp;
                    self.parent[next as usize] = e;
                    if next == from {
                        reached = true;
                        break;
                    }
                    self.stack.push(next);
                }
            }
        }
        if !reached {
            return false;
        }
        nogood.clear();
        nogood.extend_from_slice(&self.edges[id as usize].condition);
        let mut node = from;
        while node != to {
            let edge = &self.edges[self.parent[node as usize] as usize];
            nogood.extend_from_slice(&edge.condition);
            node = edge.from;
        }
        nogood.sort_unstable();
        nogood.dedup();
        true
    }
}
