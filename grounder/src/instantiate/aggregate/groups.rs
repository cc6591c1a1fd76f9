//! The instances of an aggregate's elements grouped by tuple, stored flat.
//!
//! A tuple holds when any of its alternatives (condition literal lists) does. Groups are kept
//! in the order of their tuples' first occurrence and each group's alternatives in the order
//! they were added, as a chain through `alt_next`; tuples, literals and alternatives live in
//! a few shared vectors, so adding an instance allocates nothing per tuple or condition (a
//! `#count` over 500,000 atoms made four allocations per element before). Tuples are found
//! by their hash, groups of equal hash chained through `same_hash`.

use crate::instantiate::GLit;
use crate::term::intern::Val;
use fxhash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

/// No alternative / no group (end of a chain).
const NONE: u32 = u32::MAX;

/// Aggregate tuples with the alternative conditions under which each holds.
#[derive(Default)]
pub(super) struct Groups {
    /// The tuples' values, concatenated; group `g`'s is `vals[tuple_start[g]..tuple_start[g + 1]]`.
    vals: Vec<Val>,
    /// Per group, where its tuple starts in `vals`, plus the end of the last one.
    tuple_start: Vec<u32>,
    /// Per group, its first and last alternative.
    alt_ends: Vec<(u32, u32)>,
    /// Per alternative, its literals' range in `lits`.
    alt_lits: Vec<(u32, u32)>,
    /// Per alternative, the next alternative of its group.
    alt_next: Vec<u32>,
    /// The alternatives' literals, concatenated.
    lits: Vec<GLit>,
    /// The first group of each tuple hash.
    by_hash: FxHashMap<u64, u32>,
    /// Per group, the next group of the same tuple hash.
    same_hash: Vec<u32>,
}

impl Groups {
    /// Adds the alternative `lits` to the group of `tuple` (a new group if the tuple is new).
    pub(super) fn add(&mut self, tuple: &[Val], lits: &[GLit]) {
        let group = self.group_of(tuple);
        let alt = self.alt_next.len() as u32;
        let start = self.lits.len() as u32;
        self.lits.extend_from_slice(lits);
        self.alt_lits.push((start, self.lits.len() as u32));
        self.alt_next.push(NONE);
        let ends = &mut self.alt_ends[group as usize];
        match ends.1 {
            NONE => *ends = (alt, alt),
            last => {
                self.alt_next[last as usize] = alt;
                ends.1 = alt;
            }
        }
    }

    /// The group of `tuple`, created if new.
    fn group_of(&mut self, tuple: &[Val]) -> u32 {
        let mut hasher = FxHasher::default();
        tuple.hash(&mut hasher);
        let hash = hasher.finish();
        let first = self.by_hash.get(&hash).copied().unwrap_or(NONE);
        let mut group = first;
        while group != NONE {
            if self.tuple(group as usize) == tuple {
                return group;
            }
            group = self.same_hash[group as usize];
        }
        let group = self.len() as u32;
        if self.tuple_start.is_empty() {
            self.tuple_start.push(0);
        }
        self.vals.extend_from_slice(tuple);
        self.tuple_start.push(self.vals.len() as u32);
        self.alt_ends.push((NONE, NONE));
        self.same_hash.push(first);
        self.by_hash.insert(hash, group);
        group
    }

    /// The number of groups.
    pub(super) fn len(&self) -> usize {
        self.alt_ends.len()
    }

    /// The tuple of group `group`.
    pub(super) fn tuple(&self, group: usize) -> &[Val] {
        let (start, end) = (self.tuple_start[group], self.tuple_start[group + 1]);
        &self.vals[start as usize..end as usize]
    }

    /// The alternatives of group `group`, in the order they were added.
    pub(super) fn alternatives(&self, group: usize) -> impl Iterator<Item = &[GLit]> + '_ {
        let first = self.alt_ends[group].0;
        std::iter::successors(Some(first).filter(|&a| a != NONE), move |&a| {
            Some(self.alt_next[a as usize]).filter(|&n| n != NONE)
        })
        .map(move |a| {
            let (start, end) = self.alt_lits[a as usize];
            &self.lits[start as usize..end as usize]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instantiate::domain::AtomId;

    #[test]
    fn groups_keep_first_occurrence_order_and_alternatives_in_order() {
        let mut groups = Groups::default();
        let (a, b, c) = (
            GLit::pos(AtomId(1)),
            GLit::pos(AtomId(2)),
            GLit::pos(AtomId(3)),
        );
        groups.add(&[Val::Num(1)], &[a]);
        groups.add(&[Val::Num(2), Val::Num(3)], &[b, c]);
        groups.add(&[Val::Num(1)], &[]);
        groups.add(&[Val::Num(1)], &[c]);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups.tuple(0), &[Val::Num(1)]);
        assert_eq!(groups.tuple(1), &[Val::Num(2), Val::Num(3)]);
        let first: Vec<&[GLit]> = groups.alternatives(0).collect();
        assert_eq!(first, vec![&[a][..], &[][..], &[c][..]]);
        let second: Vec<&[GLit]> = groups.alternatives(1).collect();
        assert_eq!(second, vec![&[b, c][..]]);
    }
}
