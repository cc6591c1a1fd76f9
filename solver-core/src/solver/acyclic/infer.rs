//! Inference for the acyclicity constraint (clasp's ACYC propagation): an edge one condition
//! literal short of present, whose presence would close a cycle with present edges, must stay
//! absent, so its missing literal is made false.
//!
//! # Algorithm
//! Run at each propagation fixpoint over the edges changed since the last one:
//! - an edge `a -> b` that became *pending* (all condition literals but one true, that one
//!   unassigned): a forward search from `b` looks for `a`;
//! - an edge `u -> v` that became present: a backward search from `u` marks the nodes that
//!   reach `u`, a forward search from `v` the nodes `v` reaches; every pending edge leaving a
//!   node of the second set and entering one of the first closes a cycle through `u -> v`.
//!
//! Each implication carries its reason: the true literals of the pending edge and the
//! conditions of the path that closes the cycle (all true). The reason is empty only for an
//! edge whose cycle consists of unconditional edges, which the first fixpoint (level 0) finds.
//!
//! # Invariants
//! - Implications are computed against one assignment; the caller assigns them in order and
//!   treats a literal that is already true as done and one already false as a conflict.

use super::{Acyclicity, Implication};
use crate::solver::assignment::Assignment;
use crate::solver::lit::{Lit, Value};

impl Acyclicity {
    /// Appends to `implied` what the edges changed since the last fixpoint force.
    pub(crate) fn infer(&mut self, assignment: &Assignment, implied: &mut Vec<Implication>) {
        let mut pending = std::mem::take(&mut self.fresh_pending);
        for &id in &pending {
            self.infer_pending(id, assignment, implied);
        }
        pending.clear();
        self.fresh_pending = pending;
        let mut present = std::mem::take(&mut self.fresh_present);
        for &id in &present {
            if self.is_present(id) {
                self.infer_through(id, assignment, implied);
            }
        }
        present.clear();
        self.fresh_present = present;
    }

    /// Whether the edge `id` is in the present graph.
    fn is_present(&self, id: u32) -> bool {
        self.count[id as usize] as usize == self.edges[id as usize].condition.len()
    }

    /// The one unassigned condition literal of `id` when all its other literals are true.
    fn missing_literal(&self, id: u32, assignment: &Assignment) -> Option<Lit> {
        let mut missing = None;
        for &lit in &self.edges[id as usize].condition {
            match assignment.value(lit) {
                Value::True => {}
                Value::False => return None,
                Value::Unassigned if missing.is_none() => missing = Some(lit),
                Value::Unassigned => return None,
            }
        }
        missing
    }

    /// The pending edge `id` closes a cycle on its own: forward search from its target.
    fn infer_pending(&mut self, id: u32, assignment: &Assignment, implied: &mut Vec<Implication>) {
        let Some(missing) = self.missing_literal(id, assignment) else {
            return;
        };
        let (from, to) = {
            let edge = &self.edges[id as usize];
            (edge.from, edge.to)
        };
        if !self.reaches(to, from) {
            return;
        }
        let mut reason = Vec::new();
        self.forward_path(to, from, &mut reason);
        implied.push(self.implication(id, missing, reason));
    }

    /// The present edge `id` (`u -> v`) may close cycles with pending edges `a -> b` where `v`
    /// reaches `a` and `b` reaches `u`.
    fn infer_through(&mut self, id: u32, assignment: &Assignment, implied: &mut Vec<Implication>) {
        let (u, v) = {
            let edge = &self.edges[id as usize];
            (edge.from, edge.to)
        };
        let back = self.search_backward(u);
        self.search_forward(v, None);
        let forward = self.stamp;
        let mut candidates = Vec::new();
        for (node, &stamp) in self.seen.iter().enumerate() {
            if stamp == forward {
                candidates.extend(self.leaving[node].iter().copied());
            }
        }
        for e in candidates {
            let (a, b) = {
                let edge = &self.edges[e as usize];
                (edge.from, edge.to)
            };
            if self.seen_back[b as usize] != back || self.is_present(e) {
                continue;
            }
            let Some(missing) = self.missing_literal(e, assignment) else {
                continue;
            };
            let mut reason = self.edges[id as usize].condition.clone();
            self.forward_path(v, a, &mut reason);
            self.backward_path(b, u, &mut reason);
            implied.push(self.implication(e, missing, reason));
        }
    }

    /// The implication `!missing` of the pending edge `id`, whose other literals join `reason`.
    fn implication(&self, id: u32, missing: Lit, mut reason: Vec<Lit>) -> Implication {
        let condition = &self.edges[id as usize].condition;
        reason.extend(condition.iter().copied().filter(|&l| l != missing));
        reason.sort_unstable();
        reason.dedup();
        Implication {
            lit: !missing,
            reason,
        }
    }

    /// Depth-first search backwards from `end` over present edges: marks in `seen_back` (with
    /// the returned stamp) the nodes that reach `end` and records in `child` the edge each
    /// leaves by on its way there.
    fn search_backward(&mut self, end: u32) -> u32 {
        let stamp = self.next_stamp();
        self.stack.clear();
        self.stack.push(end);
        self.seen_back[end as usize] = stamp;
        while let Some(node) = self.stack.pop() {
            for &e in &self.into[node as usize] {
                let prev = self.edges[e as usize].from;
                if self.seen_back[prev as usize] != stamp {
                    self.seen_back[prev as usize] = stamp;
                    self.child[prev as usize] = e;
                    self.stack.push(prev);
                }
            }
        }
        stamp
    }

    /// Appends the conditions of the path `start ->* end` that the last backward search found.
    fn backward_path(&self, start: u32, end: u32, conditions: &mut Vec<Lit>) {
        let mut node = start;
        while node != end {
            let edge = &self.edges[self.child[node as usize] as usize];
            conditions.extend_from_slice(&edge.condition);
            node = edge.to;
        }
    }
}
