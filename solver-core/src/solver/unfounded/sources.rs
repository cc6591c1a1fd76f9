//! The three phases of an unfounded-set check over source pointers (see the parent module):
//! remove the sources that broke, re-source the pending atoms as a forward fixpoint, and
//! collect the unfounded set of one SCC from what is left.

use super::{Stopped, Unfounded, POLL};
use crate::solver::assignment::Assignment;
use crate::solver::limits::Limits;
use crate::solver::lit::Lit;

impl Unfounded {
    /// Fills `unfounded` with the atom literals of an unfounded set of one SCC (empty when
    /// every non-false cyclic atom has a source). `Err(Stopped)` when the interrupt or the
    /// deadline stopped the check; the state stays consistent and the next check resumes.
    pub(crate) fn check(
        &mut self,
        a: &Assignment,
        limits: &Limits,
        unfounded: &mut Vec<Lit>,
    ) -> Result<(), Stopped> {
        self.next_round();
        self.propagate_gain(a, limits)?;
        self.remove_broken(a, limits)?;
        self.next_round();
        self.resource_pending(a, limits)?;
        self.collect(a, unfounded);
        Ok(())
    }

    /// Starts a new round: the weight bodies' available weights are scanned afresh.
    fn next_round(&mut self) {
        self.round = self.round.wrapping_add(1).max(1);
        if self.round == 1 {
            self.avail_round.fill(0);
        }
    }

    /// Counts a step; every [`POLL`] steps, whether the limits say to stop.
    fn poll(&mut self, limits: &Limits) -> Result<(), Stopped> {
        self.steps += 1;
        if self.steps < POLL {
            return Ok(());
        }
        self.steps = 0;
        match limits.interrupted() || limits.timed_out() {
            true => Err(Stopped),
            false => Ok(()),
        }
    }

    /// Phase 1: unsources the heads of broken bodies that are false, transitively (a weight
    /// body whose element became false counts as broken: phase 2 re-validates it).
    fn remove_broken(&mut self, a: &Assignment, limits: &Limits) -> Result<(), Stopped> {
        loop {
            self.propagate_loss(limits)?;
            let Some(body) = self.broken.pop() else {
                return Ok(());
            };
            self.in_broken[body as usize] = false;
            let b = body as usize;
            if self.graph.weight(b).is_some() || a.is_false(self.graph.body_lits[b]) {
                self.unsource_heads(body);
            }
        }
    }

    /// Removes the source of every head sourced by `body`; they go to `lost`.
    fn unsource_heads(&mut self, body: u32) {
        if self.source_count[body as usize] == 0 {
            return;
        }
        for index in 0..self.graph.body_heads.get(body as usize).len() {
            let head = self.graph.body_heads.item(body as usize, index);
            if self.source[head as usize] == Some(body) {
                self.source[head as usize] = None;
                self.source_count[body as usize] -= 1;
                self.lost.push(head);
            }
        }
    }

    /// Drains `lost`: each atom becomes pending, and the bodies it occurs in lose their
    /// heads' sources (conservatively for weight bodies, which phase 2 re-validates).
    fn propagate_loss(&mut self, limits: &Limits) -> Result<(), Stopped> {
        while let Some(&atom) = self.lost.last() {
            self.poll(limits)?;
            self.lost.pop();
            self.make_pending(atom);
            for index in 0..self.graph.atom_occurs.get(atom as usize).len() {
                let (body, weight) = self.graph.atom_occurs.item(atom as usize, index);
                let missing = &mut self.missing[body as usize];
                *missing = missing.saturating_add(weight);
                self.unsource_heads(body);
            }
        }
        Ok(())
    }

    /// Phase 2: each pending atom that is not false takes a valid body as its source; new
    /// sources propagate forward.
    fn resource_pending(&mut self, a: &Assignment, limits: &Limits) -> Result<(), Stopped> {
        self.propagate_gain(a, limits)?;
        for index in 0..self.pending.len() {
            let atom = self.pending[index];
            let lit = self.graph.atom_lits[atom as usize];
            if self.source[atom as usize].is_some() || a.is_false(lit) {
                continue;
            }
            for position in 0..self.graph.atom_bodies.get(atom as usize).len() {
                self.poll(limits)?;
                let body = self.graph.atom_bodies.item(atom as usize, position);
                if self.is_valid(body, a) {
                    self.set_source(atom, body);
                    self.propagate_gain(a, limits)?;
                    break;
                }
            }
        }
        Ok(())
    }

    /// Makes `body` the source of `atom`, which goes to `gained`.
    fn set_source(&mut self, atom: u32, body: u32) {
        debug_assert!(self.source[atom as usize].is_none(), "atom sourced twice");
        self.source[atom as usize] = Some(body);
        self.source_count[body as usize] += 1;
        self.in_gained[atom as usize] = true;
        self.gained.push(atom);
    }

    /// Drains `gained`: lowers `missing` of the bodies each atom occurs in; a body that
    /// becomes valid sources its unsourced, non-false heads.
    fn propagate_gain(&mut self, a: &Assignment, limits: &Limits) -> Result<(), Stopped> {
        while let Some(&atom) = self.gained.last() {
            self.poll(limits)?;
            self.gained.pop();
            self.in_gained[atom as usize] = false;
            for index in 0..self.graph.atom_occurs.get(atom as usize).len() {
                let (body, weight) = self.graph.atom_occurs.item(atom as usize, index);
                if self.gain(body, weight, a) {
                    self.source_heads(body, a);
                }
            }
        }
        Ok(())
    }

    /// Notes that an in-SCC atom of `body` with `weight` got a source; whether the body just
    /// became valid.
    fn gain(&mut self, body: u32, weight: i64, a: &Assignment) -> bool {
        let b = body as usize;
        self.missing[b] = self.missing[b].saturating_sub(weight);
        if a.is_false(self.graph.body_lits[b]) {
            return false;
        }
        let Some((lower, _)) = self.graph.weight(b) else {
            return self.missing[b] <= 0 && self.missing[b] + weight > 0;
        };
        let lower = *lower;
        if self.avail_round[b] != self.round {
            return self.available(body, a) >= lower;
        }
        let before = self.avail[b];
        self.avail[b] = before.saturating_add(weight);
        before < lower && self.avail[b] >= lower
    }

    /// Sources the unsourced, non-false heads of a valid body.
    fn source_heads(&mut self, body: u32, a: &Assignment) {
        for index in 0..self.graph.body_heads.get(body as usize).len() {
            let head = self.graph.body_heads.item(body as usize, index);
            let lit = self.graph.atom_lits[head as usize];
            if self.source[head as usize].is_none() && !a.is_false(lit) {
                self.set_source(head, body);
            }
        }
    }

    /// Whether `body` can be a source now.
    fn is_valid(&mut self, body: u32, a: &Assignment) -> bool {
        let b = body as usize;
        if a.is_false(self.graph.body_lits[b]) {
            return false;
        }
        match self.graph.weight(b) {
            None => self.missing[b] <= 0,
            Some((lower, _)) => {
                let lower = *lower;
                self.available(body, a) >= lower
            }
        }
    }

    /// The weight of a weight body's non-false elements other than its unsourced in-SCC
    /// atoms: scanned once per round (`avail_round`), then kept up to date by [`Self::gain`].
    /// An atom in `gained` counts as unsourced until its gain is propagated (no double count).
    fn available(&mut self, body: u32, a: &Assignment) -> i64 {
        let b = body as usize;
        if self.avail_round[b] == self.round {
            return self.avail[b];
        }
        let graph = &self.graph;
        let scc = graph.atom_sccs[graph.body_heads.item(b, 0) as usize];
        let mut sum = 0i64;
        for &(lit, weight) in graph.weight(b).iter().flat_map(|w| &w.1) {
            if a.is_false(lit) {
                continue;
            }
            let atom = self.atom_of_var[lit.var().index()];
            let unsourced_pred = !lit.is_negative()
                && atom != u32::MAX
                && graph.atom_sccs[atom as usize] == scc
                && (self.source[atom as usize].is_none() || self.in_gained[atom as usize]);
            if !unsourced_pred {
                sum = sum.saturating_add(weight);
            }
        }
        self.avail[b] = sum;
        self.avail_round[b] = self.round;
        sum
    }

    /// Phase 3: the non-false unsourced pending atoms of the first such atom's SCC; `pending`
    /// keeps exactly the non-false unsourced atoms.
    fn collect(&mut self, a: &Assignment, unfounded: &mut Vec<Lit>) {
        let mut scc = None;
        let mut kept = 0;
        for index in 0..self.pending.len() {
            let atom = self.pending[index];
            let (lit, atom_scc) = (
                self.graph.atom_lits[atom as usize],
                self.graph.atom_sccs[atom as usize],
            );
            if self.source[atom as usize].is_some() || a.is_false(lit) {
                self.in_pending[atom as usize] = false;
                continue;
            }
            if *scc.get_or_insert(atom_scc) == atom_scc {
                unfounded.push(lit);
            }
            self.pending[kept] = atom;
            kept += 1;
        }
        self.pending.truncate(kept);
    }
}
