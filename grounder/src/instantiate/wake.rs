//! Which rules of a recursive component a semi-naive round re-joins (see `components`).
//!
//! A rule is worth re-joining in a round only when one of its recursive literals (positive
//! body atoms over the component) can match an atom of the last round's delta. A literal with
//! variables can match any atom of its predicate, so its rule is woken whenever the predicate
//! grew. A ground literal (`p(3)`) matches one atom only: when many rules wait on ground atoms
//! of one predicate (a positive loop `p(0) :- p(1). p(1) :- p(2). ...` over one predicate), they
//! are kept sorted by the atom's content hash and only those whose atom is in the delta wake
//! up; waking them all would make each round cost the whole component (quadratic grounding).
//!
//! # Invariants
//! - Every rule that has a recursive literal matching an atom of a predicate's delta is
//!   woken (a hash collision only wakes a rule too many, which then joins to nothing).
//! - Waking never changes what a round emits, only which fruitless joins it skips: a rule
//!   whose recursive literals match no delta atom joins to nothing in that round.

use crate::instantiate::Grounder;
use crate::normalize::rules::AtomPat;
use crate::plan::rulegraph::ground_hash;
use crate::term::intern::fun_hash;

/// Up to this many rules waiting on ground atoms of one predicate are simply woken whenever
/// the predicate grows (a look-up per delta atom costs more than joining a few rules).
const FEW: usize = 8;

/// The rules (by member position) each local predicate of a component wakes, as flat lists
/// (one array of items and one of list starts per relation, so a component of `n` predicates
/// costs two allocations, not `2n`).
pub(crate) struct Watchers {
    /// Per local predicate `q`: the members woken by any new atom of it,
    /// `pred_items[pred_starts[q]..pred_starts[q + 1]]`.
    pred_starts: Vec<u32>,
    pred_items: Vec<u32>,
    /// Per local predicate `q`: `(content hash of a ground literal's atom, member)`, sorted,
    /// `atom_items[atom_starts[q]..atom_starts[q + 1]]`; empty unless more than [`FEW`]
    /// members wait on ground atoms of the predicate.
    atom_starts: Vec<u32>,
    atom_items: Vec<(u64, u32)>,
}

/// List starts (`counts.len() + 1` entries) of lists of `counts` items each.
fn starts(counts: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(counts.len() + 1);
    let mut sum = 0u32;
    out.push(0);
    for &c in counts {
        sum += c;
        out.push(sum);
    }
    out
}

/// The list `q` of a flat relation.
fn list<'a, T>(starts: &[u32], items: &'a [T], q: usize) -> &'a [T] {
    match (starts.get(q), starts.get(q + 1)) {
        (Some(&from), Some(&to)) => items.get(from as usize..to as usize).unwrap_or(&[]),
        _ => &[],
    }
}

impl Watchers {
    /// The watchers of `locals` local predicates for the recursive literals `lits`: each a
    /// member position, the literal's atom and its local predicate.
    pub(crate) fn new<'r>(
        locals: usize,
        lits: impl Iterator<Item = (u32, &'r AtomPat, usize)>,
    ) -> Watchers {
        // (local predicate, content hash if ground, member), in literal order.
        let lits: Vec<(usize, Option<u64>, u32)> = lits
            .filter(|&(_, _, q)| q < locals)
            .map(|(member, atom, q)| (q, ground_hash(atom), member))
            .collect();
        let mut keyed = vec![0u32; locals];
        for &(q, hash, _) in &lits {
            if hash.is_some() {
                keyed[q] += 1;
            }
        }
        let by_atom = |q: usize, hash: Option<u64>| hash.is_some() && keyed[q] as usize > FEW;
        let mut pred_counts = vec![0u32; locals];
        let mut atom_items = Vec::new();
        for &(q, hash, member) in &lits {
            match hash.filter(|_| by_atom(q, hash)) {
                Some(h) => atom_items.push((q, h, member)),
                None => pred_counts[q] += 1,
            }
        }
        let pred_starts = starts(&pred_counts);
        let mut fill: Vec<u32> = pred_starts.clone();
        let mut pred_items = vec![0u32; lits.len() - atom_items.len()];
        for &(q, hash, member) in &lits {
            if !by_atom(q, hash) {
                pred_items[fill[q] as usize] = member;
                fill[q] += 1;
            }
        }
        atom_items.sort_unstable();
        let mut atom_counts = vec![0u32; locals];
        for &(q, _, _) in &atom_items {
            atom_counts[q] += 1;
        }
        Watchers {
            pred_starts,
            pred_items,
            atom_starts: starts(&atom_counts),
            atom_items: atom_items.into_iter().map(|(_, h, m)| (h, m)).collect(),
        }
    }

    /// Adds to `out` the members woken by the local predicate `q` (store index `pred`) whose
    /// delta is the member positions `old..cur`.
    pub(crate) fn wake(
        &self,
        g: &Grounder,
        (q, pred): (usize, u32),
        delta: (u32, u32),
        out: &mut Vec<u32>,
    ) {
        out.extend_from_slice(list(&self.pred_starts, &self.pred_items, q));
        let keyed = list(&self.atom_starts, &self.atom_items, q);
        if keyed.is_empty() {
            return;
        }
        let members = g
            .store
            .preds
            .get(pred as usize)
            .map_or(&[][..], |d| d.members.as_slice());
        let new = members
            .get(delta.0 as usize..delta.1 as usize)
            .unwrap_or(&[]);
        for &atom in new {
            let val = g.store.info(atom).and_then(|i| i.val);
            let Some(f) = val.and_then(|v| g.table.as_fun(v)) else {
                continue;
            };
            let hash = fun_hash(f.name, f.negative, f.args);
            let from = keyed.partition_point(|&(h, _)| h < hash);
            let same = keyed.get(from..).unwrap_or(&[]);
            out.extend(
                same.iter()
                    .take_while(|&&(h, _)| h == hash)
                    .map(|&(_, m)| m),
            );
        }
    }
}
