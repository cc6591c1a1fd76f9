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

/// The rules (by member position) each local predicate of a component wakes.
pub(crate) struct Watchers {
    /// Per local predicate: the members woken by any new atom of it.
    by_pred: Vec<Vec<u32>>,
    /// Per local predicate: `(content hash of a ground literal's atom, member)`, sorted; empty
    /// unless more than [`FEW`] members wait on ground atoms of the predicate.
    by_atom: Vec<Vec<(u64, u32)>>,
}

impl Watchers {
    /// The watchers of `locals` local predicates for the recursive literals `lits`: each a
    /// member position, the literal's atom and its local predicate.
    pub(crate) fn new<'r>(
        locals: usize,
        lits: impl Iterator<Item = (u32, &'r AtomPat, usize)>,
    ) -> Watchers {
        let mut by_pred: Vec<Vec<u32>> = vec![Vec::new(); locals];
        let mut by_atom: Vec<Vec<(u64, u32)>> = vec![Vec::new(); locals];
        for (member, atom, q) in lits {
            match (ground_hash(atom), by_atom.get_mut(q)) {
                (Some(hash), Some(list)) => list.push((hash, member)),
                _ => by_pred.get_mut(q).into_iter().for_each(|l| l.push(member)),
            }
        }
        for (list, keyed) in by_pred.iter_mut().zip(&mut by_atom) {
            if keyed.len() <= FEW {
                list.extend(keyed.drain(..).map(|(_, member)| member));
            } else {
                keyed.sort_unstable();
            }
        }
        Watchers { by_pred, by_atom }
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
        out.extend_from_slice(self.by_pred.get(q).map_or(&[][..], Vec::as_slice));
        let keyed = self.by_atom.get(q).map_or(&[][..], Vec::as_slice);
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
