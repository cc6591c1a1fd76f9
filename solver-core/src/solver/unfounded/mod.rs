//! Unfounded-set checking with source pointers, only for the non-tight part of the program
//! (Gebser, Kaufmann, Schaub, "Conflict-driven answer set solving: From theory to practice",
//! AIJ 2012, section 5; clasp's `unfounded_check.h`).
//!
//! Atoms in non-trivial strongly connected components (SCCs) of the positive dependency graph
//! ("cyclic atoms") each may keep a *source*: a supporting body, not false, whose positive
//! atoms in the same SCC are themselves sourced, so that following sources never cycles. A
//! normal body is *valid* when it is not false and `missing[body]`, the number of its in-SCC
//! positive atoms without a source, is 0; a weight body when it is not false and the weight of
//! its non-false elements other than unsourced in-SCC atoms reaches the bound.
//!
//! # Invariants (between checks)
//! - `missing[b]` is the weight of `b`'s in-SCC positive atoms without a source.
//! - `source[a] == Some(b)` implies `b` was valid when chosen and no in-SCC atom of `b` lost
//!   its source since (losing one unsources every head sourced by `b`); `source_count[b]` is
//!   the number of atoms with source `b`.
//! - Every non-false cyclic atom without a source is in `pending`; a source body that became
//!   false (or a weight source whose element became false) since the last check is in
//!   `broken`.
//!
//! # The check, at each propagation fixpoint (`sources.rs`)
//! 0. *Resume*: sources gained by a stopped check are propagated first.
//! 1. *Remove*: each broken body that is really invalid unsources its heads; an atom losing
//!    its source raises `missing` of the bodies it occurs in and unsources their heads in turn.
//!    Every unsourced atom goes to `pending`.
//! 2. *Re-source*: each pending atom that is not false looks for a valid body; a new source
//!    lowers `missing` of the bodies its atom occurs in, and a body that becomes valid sources
//!    its unsourced heads (a forward fixpoint with a queue). A weight body's available weight
//!    is scanned once per check (then kept up to date by increments).
//! 3. The non-false pending atoms still without a source, restricted to the SCC of the first
//!    one, form an unfounded set `U`: every non-false body of an atom of `U` needs an atom of
//!    `U`. Each `u in U` gets the loop nogood `{u} + {not x : x an external support of U}`, in
//!    clause form `(not u | ext...)`, where the external supports are the (false) bodies
//!    without positive atoms in `U` and, for weight bodies, the false elements outside `U`.
//!
//! Work per check is linear in what changed: the atoms that lost their source, the bodies they
//! occur in and the pending atoms' bodies, never the whole component; an atom unassigned on
//! backtracking re-enters `pending` only if it has no source. The loops poll the interrupt and
//! the deadline every [`POLL`] steps; a stopped check leaves the state consistent and the next
//! check resumes from it.

mod flat;
mod sources;

pub(crate) use flat::{FlatLists, UfsGraph};

use super::assignment::Assignment;
use super::lit::{Lit, Var};
use flat::ChainedLists;

/// Steps between two polls of the interrupt and the deadline.
const POLL: u32 = 1024;

/// A check stopped by the interrupt or the deadline before its fixpoint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stopped;

/// The unfounded-set checker.
#[derive(Default)]
pub(crate) struct Unfounded {
    /// Cyclic atoms and their bodies, one body per (body, SCC).
    graph: UfsGraph,
    /// Source body per atom.
    source: Vec<Option<u32>>,
    /// How many atoms use each body as source.
    source_count: Vec<u32>,
    /// Per body: the weight of its in-SCC positive atoms without a source.
    missing: Vec<i64>,
    /// Bodies that may have stopped being valid sources, each once (`in_broken`).
    broken: Vec<u32>,
    /// Whether a body is in `broken`.
    in_broken: Vec<bool>,
    /// Atoms that may need a source, each once (`in_pending`).
    pending: Vec<u32>,
    /// Whether an atom is in `pending`.
    in_pending: Vec<bool>,
    /// Atoms that lost their source, whose dependents are still to update (phase 1).
    lost: Vec<u32>,
    /// Atoms that got a source, whose dependents are still to update (phase 2).
    gained: Vec<u32>,
    /// Whether an atom is in `gained`.
    in_gained: Vec<bool>,
    /// Per weight body: its available weight, valid when `avail_round` is `round`.
    avail: Vec<i64>,
    /// The check in which `avail` was computed, per body.
    avail_round: Vec<u32>,
    /// The current check's number.
    round: u32,
    /// Steps since the last poll of the limits.
    steps: u32,
    /// `watch[var]`: (body, literal) pairs: the body's source may break when the literal is false.
    watch: ChainedLists<(u32, Lit)>,
    /// `atom_of_var[var]`: the cyclic atom index of an atom variable.
    atom_of_var: Vec<u32>,
    /// Scratch: stamp per variable for collecting external supports.
    stamp: Vec<u32>,
    /// Current stamp value.
    epoch: u32,
}

impl Unfounded {
    /// A checker over `graph` (each body's heads and in-SCC atoms in one SCC).
    pub(crate) fn new(vars: usize, graph: UfsGraph) -> Unfounded {
        let mut checker = Unfounded::default();
        checker.extend(vars, graph);
        checker
    }

    /// Adds the cyclic atoms and bodies of a later program delta over `vars` variables in all.
    /// Their indices (heads, preds, bodies, occurs) continue the existing numbering, and their
    /// SCCs are new: no existing body gains a head or a positive in-SCC atom. The checker must
    /// be between checks with nothing assigned (a fresh trail).
    pub(crate) fn extend(&mut self, vars: usize, graph: UfsGraph) {
        let (first_atom, first_body) = (self.graph.atom_count(), self.graph.body_count());
        let (new_atoms, new_bodies) = (graph.atom_count(), graph.body_count());
        self.grow(vars);
        for (offset, lit) in graph.atom_lits.iter().enumerate() {
            self.atom_of_var[lit.var().index()] = (first_atom + offset) as u32;
        }
        self.missing.reserve(new_bodies);
        for (offset, &lit) in graph.body_lits.iter().enumerate() {
            let index = (first_body + offset) as u32;
            self.watch.push(lit.var().index(), (index, lit));
            for &(element, _) in graph.weight(offset).iter().flat_map(|w| &w.1) {
                self.watch.push(element.var().index(), (index, element));
            }
            let preds = graph.body_preds.get(offset);
            let missing = preds.iter().fold(0i64, |m, p| m.saturating_add(p.1));
            self.missing.push(missing);
        }
        self.source.resize(first_atom + new_atoms, None);
        self.in_pending.resize(first_atom + new_atoms, true);
        self.pending
            .extend(first_atom as u32..(first_atom + new_atoms) as u32);
        self.in_gained.resize(first_atom + new_atoms, false);
        self.source_count.resize(first_body + new_bodies, 0);
        self.in_broken.resize(first_body + new_bodies, false);
        self.avail.resize(first_body + new_bodies, 0);
        self.avail_round.resize(first_body + new_bodies, 0);
        self.graph.append(graph);
    }

    /// Sizes the per-variable tables for `vars` variables.
    pub(crate) fn grow(&mut self, vars: usize) {
        if self.atom_of_var.len() < vars {
            self.atom_of_var.resize(vars, u32::MAX);
            self.stamp.resize(vars, 0);
        }
    }

    /// Whether the program has cyclic atoms at all.
    pub(crate) fn is_active(&self) -> bool {
        self.graph.atom_count() > 0
    }

    /// Notes that `var` was assigned: a source body relying on it may break.
    pub(crate) fn on_assign(&mut self, var: Var, a: &Assignment) {
        for (body, lit) in self.watch.get(var.index()) {
            let b = body as usize;
            if self.source_count[b] > 0 && !self.in_broken[b] && a.is_false(lit) {
                self.in_broken[b] = true;
                self.broken.push(body);
            }
        }
    }

    /// Notes that `var` was unassigned: an unsourced atom may need a source again.
    pub(crate) fn on_unassign(&mut self, var: Var) {
        let Some(&atom) = self.atom_of_var.get(var.index()) else {
            return;
        };
        if atom != u32::MAX && self.source[atom as usize].is_none() {
            self.make_pending(atom);
        }
    }

    /// Puts `atom` into `pending` once.
    fn make_pending(&mut self, atom: u32) {
        if !self.in_pending[atom as usize] {
            self.in_pending[atom as usize] = true;
            self.pending.push(atom);
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
            for &body in self.graph.atom_bodies.get(atom) {
                self.body_support(body, a, out);
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// The false literals by which one body of an unfounded atom fails to support it.
    fn body_support(&self, body: u32, a: &Assignment, out: &mut Vec<Lit>) {
        let (graph, b) = (&self.graph, body as usize);
        let lit = graph.body_lits[b];
        let in_set =
            |atom: u32| self.stamp[graph.atom_lits[atom as usize].var().index()] == self.epoch;
        let depends_on_set = graph.body_preds.get(b).iter().any(|&(p, _)| in_set(p));
        match graph.weight(b) {
            None if depends_on_set => {}
            None => {
                debug_assert!(a.is_false(lit), "external body of an unfounded set holds");
                out.push(lit);
            }
            Some(_) if a.is_false(lit) => out.push(lit),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::assignment::Reason;
    use crate::solver::limits::Limits;

    /// An atom of SCC 0: its variable, supporting bodies and occurrences.
    type TestAtom = (u32, Vec<u32>, Vec<(u32, i64)>);
    /// A normal body: its variable, heads and in-SCC atoms.
    type TestBody = (u32, Vec<u32>, Vec<(u32, i64)>);

    /// The graph of `atoms` and normal `bodies`, all in SCC 0.
    fn graph(atoms: Vec<TestAtom>, bodies: Vec<TestBody>) -> UfsGraph {
        let mut g = UfsGraph::default();
        for (var, supports, occurs) in atoms {
            g.atom_lits.push(Var(var).pos());
            g.atom_sccs.push(0);
            supports.into_iter().for_each(|b| g.atom_bodies.push(b));
            g.atom_bodies.close();
            occurs.into_iter().for_each(|o| g.atom_occurs.push(o));
            g.atom_occurs.close();
        }
        for (var, heads, preds) in bodies {
            g.body_lits.push(Var(var).pos());
            g.body_weight.push(u32::MAX);
            heads.into_iter().for_each(|h| g.body_heads.push(h));
            g.body_heads.close();
            preds.into_iter().for_each(|p| g.body_preds.push(p));
            g.body_preds.close();
        }
        g
    }

    /// `a :- b. b :- a. a :- not c.` with a=1, b=2, c=3 and bodies {b}=4, {a}=5, {not c}=6.
    fn even_loop() -> Unfounded {
        let atoms = vec![(1, vec![0, 2], vec![(1, 1)]), (2, vec![1], vec![(0, 1)])];
        let bodies = vec![
            (4, vec![0], vec![(1, 1)]),
            (5, vec![1], vec![(0, 1)]),
            (6, vec![0], vec![]),
        ];
        Unfounded::new(7, graph(atoms, bodies))
    }

    #[test]
    fn loop_without_external_body_is_unfounded() {
        let mut ufs = even_loop();
        let mut a = Assignment::new(7);
        let mut set = Vec::new();
        ufs.check(&a, &Limits::default(), &mut set).unwrap();
        assert!(set.is_empty(), "the external body still supports the loop");
        a.new_level();
        a.assign(Var(6).neg(), Reason::Decision);
        ufs.on_assign(Var(6), &a);
        ufs.check(&a, &Limits::default(), &mut set).unwrap();
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
        ufs.check(&a, &Limits::default(), &mut set).unwrap();
        assert!(set.is_empty(), "false atoms are not unfounded");
        while let Some(lit) = a.pop() {
            ufs.on_unassign(lit.var());
            if a.trail.len() == 1 {
                break;
            }
        }
        ufs.check(&a, &Limits::default(), &mut set).unwrap();
        assert!(set.is_empty());
        assert_eq!(
            ufs.source[0],
            Some(2),
            "a is sourced by its external body again"
        );
    }

    /// A loop `x0 :- x1. ... x(n-1) :- x0.` with `x0 :- e.`: atoms are variables `1..=n`, the
    /// loop bodies `n+1..=2n` (body `n+1+i` is `{x((i+1) % n)}`), `e` is variable `2n+1`.
    fn long_loop(n: u32) -> Unfounded {
        let atoms = (0..n)
            .map(|i| {
                let supports = if i == 0 { vec![i, n] } else { vec![i] };
                (i + 1, supports, vec![((i + n - 1) % n, 1)])
            })
            .collect();
        let mut bodies: Vec<TestBody> = (0..n)
            .map(|i| (n + 1 + i, vec![i], vec![((i + 1) % n, 1)]))
            .collect();
        bodies.push((2 * n + 1, vec![0], vec![]));
        Unfounded::new(2 * n as usize + 2, graph(atoms, bodies))
    }

    #[test]
    fn a_stopped_check_resumes_where_it_stopped() {
        let n = 5000;
        let mut ufs = long_loop(n);
        let mut a = Assignment::new(2 * n as usize + 2);
        let mut set = Vec::new();
        let passed = Limits {
            interrupt: None,
            deadline: Some(std::time::Instant::now()),
        };
        assert_eq!(ufs.check(&a, &passed, &mut set), Err(Stopped));
        ufs.check(&a, &Limits::default(), &mut set).unwrap();
        assert!(set.is_empty(), "every atom is sourced through x0 :- e");
        assert!(ufs.source.iter().all(Option::is_some));
        let e = Var(2 * n + 1);
        a.new_level();
        a.assign(e.neg(), Reason::Decision);
        ufs.on_assign(e, &a);
        assert_eq!(ufs.check(&a, &passed, &mut set), Err(Stopped));
        ufs.check(&a, &Limits::default(), &mut set).unwrap();
        assert_eq!(set.len(), n as usize, "the whole loop is unfounded");
        let mut external = Vec::new();
        ufs.external_support(&set, &a, &mut external);
        assert_eq!(external, vec![e.pos()]);
    }
}
