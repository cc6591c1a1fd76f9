//! The acyclicity propagator for `#edge` statements (clasp's ACYC constraint): conflict
//! detection here, inference of edges that must stay absent in `infer.rs`.
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
//! Edges made present and edges left one condition literal short of present (*pending*) are
//! queued for the inference step (`infer.rs`), which runs at the propagation fixpoint.
//!
//! # Invariants
//! - `count[e]` is the number of true condition literals of `e` among the trail literals the
//!   propagator has seen; `e` is in `out[from(e)]` iff `count[e] == need(e)`.
//! - Between conflicts the present edges are acyclic.
//! - `into[v]` holds the present edges entering `v` (the reverse of `out`).
//! - The queues `fresh_present` and `fresh_pending` hold the edges changed since the last
//!   fixpoint; undoing a literal empties them (every level below the current one was at a
//!   fixpoint, so its edges were examined there). An entry whose edge changed again is
//!   harmless: the inference rechecks each edge's state.
//! - Without edges the propagator is inactive and costs one branch per trail literal.

use fxhash::FxHashMap;

mod infer;

use super::body::literal;
use super::lit::Lit;
use crate::program::Edge;

/// A literal the acyclicity constraint forces, with the true literals that force it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Implication {
    /// The literal to make true (the negation of a pending edge's missing literal).
    pub(crate) lit: Lit,
    /// True literals that, together with `!lit`, would close a cycle (sorted, deduplicated).
    pub(crate) reason: Vec<Lit>,
}

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
    /// Per node: the present edges entering it.
    into: Vec<Vec<u32>>,
    /// Per node: all edges leaving it, present or not.
    leaving: Vec<Vec<u32>>,
    /// Edges made present since the last fixpoint.
    fresh_present: Vec<u32>,
    /// Edges that became pending (one condition literal short) since the last fixpoint; at
    /// the start, every edge with a one-literal condition.
    fresh_pending: Vec<u32>,
    /// Backward search from an edge's source: visit stamp per node.
    seen_back: Vec<u32>,
    /// Backward search: the edge through which each node reaches the source.
    child: Vec<u32>,
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
        acyclic.into = vec![Vec::new(); node_count];
        acyclic.leaving = vec![Vec::new(); node_count];
        for (id, edge) in acyclic.edges.iter().enumerate() {
            acyclic.leaving[edge.from as usize].push(id as u32);
            if edge.condition.len() == 1 {
                acyclic.fresh_pending.push(id as u32);
            }
        }
        acyclic.seen = vec![0; node_count];
        acyclic.seen_back = vec![0; node_count];
        acyclic.child = vec![u32::MAX; node_count];
        acyclic.parent = vec![u32::MAX; node_count];
        let mut cycle = Vec::new();
        for id in 0..acyclic.edges.len() as u32 {
            if acyclic.edges[id as usize].condition.is_empty() {
                acyclic.make_present(id);
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
                self.fresh.push(id);
            } else if *count as usize + 1 == edge.condition.len() {
                self.fresh_pending.push(id);
            }
        }
        for at in 0..self.fresh.len() {
            self.make_present(self.fresh[at]);
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
                let (from, to) = (edge.from as usize, edge.to as usize);
                remove_last(&mut self.out[from], id);
                remove_last(&mut self.into[to], id);
            }
            *count -= 1;
        }
        self.fresh_present.clear();
        self.fresh_pending.clear();
    }

    /// Adds the edge `id` to the present graph and queues it for inference.
    fn make_present(&mut self, id: u32) {
        let edge = &self.edges[id as usize];
        self.out[edge.from as usize].push(id);
        self.into[edge.to as usize].push(id);
        self.fresh_present.push(id);
    }

    /// Whether the present edge `id` closes a cycle; if so, `nogood` holds the conditions of
    /// the cycle's edges (sorted, without duplicates).
    fn closes_cycle(&mut self, id: u32, nogood: &mut Vec<Lit>) -> bool {
        let (from, to) = {
            let edge = &self.edges[id as usize];
            (edge.from, edge.to)
        };
        if !self.reaches(to, from) {
            return false;
        }
        nogood.clear();
        nogood.extend_from_slice(&self.edges[id as usize].condition);
        self.forward_path(to, from, nogood);
        nogood.sort_unstable();
        nogood.dedup();
        true
    }

    /// A fresh visit stamp.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.seen_back.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Depth-first search from `start` over present edges; stops when `target` is reached
    /// (`None`: visit everything reachable). Marks the visited nodes in `seen` with the new
    /// stamp and records in `parent` the edge through which each was reached.
    fn search_forward(&mut self, start: u32, target: Option<u32>) -> bool {
        let stamp = self.next_stamp();
        self.stack.clear();
        self.stack.push(start);
        self.seen[start as usize] = stamp;
        if target == Some(start) {
            return true;
        }
        while let Some(node) = self.stack.pop() {
            for &e in &self.out[node as usize] {
                let next = self.edges[e as usize].to;
                if self.seen[next as usize] != stamp {
                    self.seen[next as usize] = stamp;
                    self.parent[next as usize] = e;
                    if target == Some(next) {
                        return true;
                    }
                    self.stack.push(next);
                }
            }
        }
        false
    }

    /// Whether `target` is reachable from `start` over present edges (see `search_forward`).
    fn reaches(&mut self, start: u32, target: u32) -> bool {
        self.search_forward(start, Some(target))
    }

    /// Appends the conditions of the edges of the path `start ->* end` that the last forward
    /// search found.
    fn forward_path(&self, start: u32, end: u32, conditions: &mut Vec<Lit>) {
        let mut node = end;
        while node != start {
            let edge = &self.edges[self.parent[node as usize] as usize];
            conditions.extend_from_slice(&edge.condition);
            node = edge.from;
        }
    }
}

/// Removes the last occurrence of `id` from `list`.
fn remove_last(list: &mut Vec<u32>, id: u32) {
    if let Some(at) = list.iter().rposition(|&e| e == id) {
        list.remove(at);
    }
}
