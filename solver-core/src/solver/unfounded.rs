//! Unfounded-set checking with source pointers, only for the non-tight part of the program.
//!
//! Atoms in non-trivial strongly connected components (SCCs) of the positive dependency graph
//! ("cyclic atoms") each keep a *source*: a supporting body, not false, whose positive atoms in
//! the same SCC are themselves sourced, so that following sources never cycles (for a weight
//! body: the non-false weight outside the SCC's unsourced atoms reaches the bound).
//!
//! Invariant after a check: every non-false cyclic atom has a source. A source can only break
//! when a source body, or an element of a weight source body, becomes false; such events (and
//! unassigning an unsourced atom on backtracking) mark the SCC *dirty*. Checking a dirty SCC
//! recomputes its sources as a least fixpoint from the bodies whose in-SCC positive atoms are
//! sourced; the non-false atoms left without a source form an unfounded set `U`
//! (Gebser, Kaufmann, Schaub, AIJ 2012, section 5). Each `u ∈ U` gets the loop nogood
//! `{u} ∪ {¬x : x an external support of U}`, in clause form `(¬u ∨ ext...)`, where the
//! external supports are the (false) bodies without positive atoms in `U` and, for weight
//! bodies, the false elements outside `U`, which is valid because a stable model containing
//! an atom of `U` must satisfy one such body using atoms outside `U`.

use super::assignment::Assignment;
use super::lit::{Lists, Lit, Var};

/// A body supporting atoms of one SCC.
#[derive(Clone, Debug)]
pub(crate) struct UfsBody {
    /// The body variable's positive literal.
    pub(crate) body: Lit,
    /// Indices of the atoms of the SCC it supports.
    pub(crate) heads: Vec<u32>,
    /// Positive in-SCC atoms with their weights (1 for normal bodies).
    pub(crate) preds: Vec<(u32, i64)>,
    /// For a weight body: its bound and all normalised elements.
    pub(crate) weight: Option<(i64, Vec<(Lit, i64)>)>,
}

/// A cyclic atom.
#[derive(Clone, Debug)]
pub(crate) struct UfsAtom {
    /// The atom variable's positive literal.
    pub(crate) lit: Lit,
    /// Its SCC.
    pub(crate) scc: u32,
    /// Bodies (indices into `bodies`) supporting it.
    pub(crate) bodies: Vec<u32>,
    /// Bodies where it is a positive in-SCC atom, with its weight there.
    pub(crate) occurs: Vec<(u32, i64)>,
}

/// The unfounded-set checker.
#[derive(Default)]
pub(crate) struct Unfounded {
    /// Cyclic atoms.
    atoms: Vec<UfsAtom>,
    /// Bodies of cyclic atoms, one entry per (body, SCC).
    bodies: Vec<UfsBody>,
    /// Atoms and bodies per SCC.
    sccs: Vec<(Vec<u32>, Vec<u32>)>,
    /// Source body per atom.
    source: Vec<Option<u32>>,
    /// How many atoms use each body as source.
    source_count: Vec<u32>,
    /// Dirty flag per SCC and the dirty SCCs.
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    /// `watch[var]`: (body, literal) pairs: the body's source may break when the literal is false.
    watch: Lists<(u32, Lit)>,
    /// `atom_of_var[var]`: the cyclic atom index of an atom variable.
    atom_of_var: Vec<u32>,
    /// Scratch: per body, how much support is still missing.
    missing: Vec<i64>,
    /// Scratch: bodies ready to act as sources.
    queue: Vec<u32>,
    /// Scratch: stamp per variable for collecting external supports.
    stamp: Vec<u32>,
    /// Current stamp value.
    epoch: u32,
}

impl Unfounded {
    /// A checker over `atoms` and `bodies`, grouped by SCC (`scc` ids `0..scc_count`).
    pub(crate) fn new(
        vars: usize,
        atoms: Vec<UfsAtom>,
        bodies: Vec<UfsBody>,
        scc_count: usize,
    ) -> Unfounded {
        let mut sccs = vec![(Vec::new(), Vec::new()); scc_count];
        let mut atom_of_var = vec![u32::MAX; vars];
        let mut watch = Lists::default();
        for (index, atom) in atoms.iter().enumerate() {
            sccs[atom.scc as usize].0.push(index as u32);
            atom_of_var[atom.lit.var().index()] = index as u32;
        }
        for (index, body) in bodies.iter().enumerate() {
            let scc = body.heads.first().map_or(0, |&h| atoms[h as usize].scc);
            sccs[scc as usize].1.push(index as u32);
            watch.push(body.body.var().index(), (index as u32, body.body));
            for &(lit, _) in body.weight.iter().flat_map(|w| &w.1) {
                watch.push(lit.var().index(), (index as u32, lit));
            }
        }
        Unfounded {
            source: vec![None; atoms.len()],
            source_count: vec![0; bodies.len()],
            dirty: vec![true; scc_count],
            dirty_list: (0..scc_count as u32).collect(),
            missing: vec![0; bodies.len()],
            stamp: vec![0; vars],
            atoms,
            bodies,
            sccs,
            watch,
            atom_of_var,
            queue: Vec::new(),
            epoch: 0,
        }
    }

    /// Whether the program has cyclic atoms at all.
    pub(crate) fn is_active(&self) -> bool {
        !self.atoms.is_empty()
    }

    /// Notes that `var` was assigned: sources relying on it may break.
    pub(crate) fn on_assign(&mut self, var: Var, a: &Assignment) {
        for &(body, lit) in self.watch.get(var.index()) {
            if self.source_count[body as usize] > 0 && a.is_false(lit) {
                let scc = self.atoms[self.bodies[body as usize].heads[0] as usize].scc;
                mark(&mut self.dirty, &mut self.dirty_list, scc);
            }
        }
    }

    /// Notes that `var` was unassigned: an unsourced atom becomes possible again.
    pub(crate) fn on_unassign(&mut self, var: Var) {
        let Some(&atom) = self.atom_of_var.get(var.index()) else {
            return;
        };
        if atom != u32::MAX && self.source[atom as usize].is_none() {
            let scc = self.atoms[atom as usize].scc;
            mark(&mut self.dirty, &mut self.dirty_list, scc);
        }
    }

    /// Checks dirty SCCs; fills `unfounded` with the atom literals of the first unfounded set.
    pub(crate) fn check(&mut self, a: &Assignment, unfounded: &mut Vec<Lit>) {
        while let Some(scc) = self.dirty_list.pop() {
            self.dirty[scc as usize] = false;
            self.recompute(scc as usize, a);
            let (atoms, _) = &self.sccs[scc as usize];
            for &atom in atoms {
                let lit = self.atoms[atom as usize].lit;
                if self.source[atom as usize].is_none() && !a.is_false(lit) {
                    unfounded.push(lit);
                }
            }
            if !unfounded.is_empty() {
                mark(&mut self.dirty, &mut self.dirty_list, scc);
                return;
            }
        }
    }

    /// Recomputes the sources of one SCC as a least fixpoint.
    fn recompute(&mut self, scc: usize, a: &Assignment) {
        for index in 0..self.sccs[scc].0.len() {
            let atom = self.sccs[scc].0[index] as usize;
            if let Some(body) = self.source[atom].take() {
                self.source_count[body as usize] -= 1;
            }
        }
        for index in 0..self.sccs[scc].1.len() {
            let body = self.sccs[scc].1[index];
            self.missing[body as usize] = self.initial_missing(body, a);
            if self.missing[body as usize] <= 0 && !a.is_false(self.bodies[body as usize].body) {
                self.queue.push(body);
            }
        }
        while let Some(body) = self.queue.pop() {
            for index in 0..self.bodies[body as usize].heads.len() {
                let head = self.bodies[body as usize].heads[index];
                self.try_source(head, body, a);
            }
        }
    }

    /// Support a body lacks before any in-SCC atom is sourced.
    fn initial_missing(&self, body: u32, a: &Assignment) -> i64 {
        let body = &self.bodies[body as usize];
        let Some((lower, elements)) = &body.weight else {
            return body.preds.len() as i64;
        };
        let is_pred = |lit: Lit| {
            !lit.is_negative()
                && body
                    .preds
                    .iter()
                    .any(|&(p, _)| self.atoms[p as usize].lit == lit)
        };
        let available = elements
            .iter()
            .filter(|&&(lit, _)| !a.is_false(lit) && !is_pred(lit))
            .fold(0i64, |sum, e| sum.saturating_add(e.1));
        lower.saturating_sub(available)
    }

    /// Makes `body` the source of `head` if the head needs one, and updates dependents.
    fn try_source(&mut self, head: u32, body: u32, a: &Assignment) {
        let atom = &self.atoms[head as usize];
        if self.source[head as usize].is_some() || a.is_false(atom.lit) {
            return;
        }
        self.source[head as usize] = Some(body);
        self.source_count[body as usize] += 1;
        for &(dependent, weight) in &self.atoms[head as usize].occurs {
            let before = self.missing[dependent as usize];
            let after = before.saturating_sub(weight);
            self.missing[dependent as usize] = after;
            let ready = before > 0 && after <= 0;
            if ready && !a.is_false(self.bodies[dependent as usize].body) {
                self.queue.push(dependent);
            }
        }
    }

    /// Appends to `out` the external-support literals (all false) of the unfounded set `set`.
    pub(crate) fn external_support(&mut self, set: &[Lit], a: &Assignment, out: &mut Vec<Lit>) {
        self.epoch = self.epoch.wrapping_add(1).max(1);
        for &lit in set {
            self.stamp[lit.var().index()] = self.epoch;
        }
        for &lit in set {
            let atom = self.atom_of_var[lit.var().index()] as usize;
            for &body in &self.atoms[atom].bodies {
                self.body_support(body, a, out);
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// The false literals by which one body of an unfounded atom fails to support it.
    fn body_support(&self, body: u32, a: &Assignment, out: &mut Vec<Lit>) {
        let body = &self.bodies[body as usize];
        let in_set =
            |atom: u32| self.stamp[self.atoms[atom as usize].lit.var().index()] == self.epoch;
        let depends_on_set = body.preds.iter().any(|&(p, _)| in_set(p));
        match &body.weight {
            None if depends_on_set => {}
            None => {
                debug_assert!(
                    a.is_false(body.body),
                    "external body of an unfounded set holds"
                );
                out.push(body.body);
            }
            Some(_) if a.is_false(body.body) => out.push(body.body),
            Some((_, elements)) => {
                for &(element, _) in elements {
                    let inside =
                        !element.is_negative() && self.stamp[element.var().index()] == self.epoch;
                    if !inside && a.is_false(element) {
                        out.push(element);
                    }
                }
            }
        }
    }
}

/// Marks an SCC dirty once.
fn mark(dirty: &mut [bool], list: &mut Vec<u32>, scc: u32) {
    if !dirty[scc as usize] {
        dirty[scc as usize] = true;
        list.push(scc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::assignment::Reason;

    /// `a :- b. b :- a. a :- not c.` with a=1, b=2, c=3 and bodies {b}=4, {a}=5, {not c}=6.
    fn even_loop() -> Unfounded {
        let atom = |v: u32, bodies: Vec<u32>, occurs: Vec<(u32, i64)>| UfsAtom {
            lit: Var(v).pos(),
            scc: 0,
            bodies,
            occurs,
        };
        let body = |v: u32, heads: Vec<u32>, preds: Vec<(u32, i64)>| UfsBody {
            body: Var(v).pos(),
            heads,
            preds,
            weight: None,
        };
        let atoms = vec![
            atom(1, vec![0, 2], vec![(1, 1)]),
            atom(2, vec![1], vec![(0, 1)]),
        ];
        let bodies = vec![
            body(4, vec![0], vec![(1, 1)]),
            body(5, vec![1], vec![(0, 1)]),
            body(6, vec![0], vec![]),
        ];
        Unfounded::new(7, atoms, bodies, 1)
    }

    #[test]
    fn loop_without_external_body_is_unfounded() {
        let mut ufs = even_loop();
        let mut a = Assignment::new(7);
        let mut set = Vec::new();
        ufs.check(&a, &mut set);
        assert!(set.is_empty(), "the external body still supports the loop");
        a.new_level();
        a.assign(Var(6).neg(), Reason::Decision);
        ufs.on_assign(Var(6), &a);
        ufs.check(&a, &mut set);
        assert_eq!(set, vec![Var(1).pos(), Var(2).pos()]);
        let mut external = Vec::new();
        ufs.external_support(&set, &a, &mut external);
        assert_eq!(external, vec![Var(6).pos()]);
    }

    #[test]
    fn backtracking_makes_unsourced_atoms_dirty_again() {
        let mut ufs = even_loop();
        let mut a = Assignment::new(7);
        let mut set = Vec::new();
        a.new_level();
        for lit in [
            Var(6).neg(),
            Var(1).neg(),
            Var(2).neg(),
            Var(4).neg(),
            Var(5).neg(),
        ] {
            a.assign(lit, Reason::Decision);
            ufs.on_assign(lit.var(), &a);
        }
        ufs.check(&a, &mut set);
        assert!(set.is_empty(), "false atoms are not unfounded");
        while let Some(lit) = a.pop() {
            ufs.on_unassign(lit.var());
            if a.trail.len() == 1 {
                break;
            }
        }
        ufs.check(&a, &mut set);
        assert!(set.is_empty());
        assert_eq!(
            ufs.source[0],
            Some(2),
            "a is sourced by its external body again"
        );
    }
}
