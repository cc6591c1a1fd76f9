//! The instances of an aggregate's elements grouped by tuple, stored flat.
//!
//! A tuple holds when any of its alternatives (condition literal lists) does. Groups are kept
//! in the order of their tuples' first occurrence and each group's alternatives in the order
//! they were added, as a chain through `alt_next`; tuples, literals and alternatives live in
//! a few shared vectors, so adding an instance allocates nothing per tuple or condition (a
//! `#count` over 500,000 atoms made four allocations per element before). Tuples are found
//! by their hash, groups of equal hash chained through `same_hash`. Each alternative also
//! remembers the element it came from, for gringo's value range (`range_entries`).

use crate::instantiate::GLit;
use crate::term::intern::Val;
use fxhash::{FxHashMap, FxHashSet, FxHasher};
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
    /// Per alternative, the index of the aggregate element it is an instance of.
    alt_elem: Vec<u32>,
    /// The alternatives' literals, concatenated.
    lits: Vec<GLit>,
    /// The first group of each tuple hash.
    by_hash: FxHashMap<u64, u32>,
    /// Per group, the next group of the same tuple hash.
    same_hash: Vec<u32>,
}

impl Groups {
    /// Adds the alternative `lits`, an instance of element `elem`, to the group of `tuple` (a
    /// new group if the tuple is new).
    pub(super) fn add(&mut self, tuple: &[Val], lits: &[GLit], elem: u32) {
        let group = self.group_of(tuple);
        let alt = self.alt_next.len() as u32;
        let start = self.lits.len() as u32;
        self.lits.extend_from_slice(lits);
        self.alt_lits.push((start, self.lits.len() as u32));
        self.alt_next.push(NONE);
        self.alt_elem.push(elem);
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
        self.alternatives_of_elements(group).map(|(_, lits)| lits)
    }

    /// The alternatives of group `group` with their elements, in the order they were added.
    fn alternatives_of_elements(&self, group: usize) -> impl Iterator<Item = (u32, &[GLit])> + '_ {
        let first = self.alt_ends[group].0;
        std::iter::successors(Some(first).filter(|&a| a != NONE), move |&a| {
            Some(self.alt_next[a as usize]).filter(|&n| n != NONE)
        })
        .map(move |a| {
            let (start, end) = self.alt_lits[a as usize];
            (
                self.alt_elem[a as usize],
                &self.lits[start as usize..end as usize],
            )
        })
    }

    /// The `(weight, certain)` entries whose interval (see `satisfiable`) is gringo's value range
    /// of a body aggregate over these groups (`weight` gives a tuple's weight, `None`: neutral).
    ///
    /// gringo accumulates every instance of an element's condition into the range, not every
    /// tuple: an uncertain instance widens it by its weight each time (instances of one element
    /// with the same literals once), until the tuple's first certain instance, which counts
    /// like one certain entry in place of one uncertain one; later instances count no more.
    /// So `#count{2 : p; 2 : r}` ranges over `[0, 2]` though it never exceeds 1.
    pub(super) fn range_entries(&self, weight: impl Fn(&[Val]) -> Option<Val>) -> Vec<(Val, bool)> {
        self.range_entries_certain_from(weight, |_| true)
    }

    /// [`Self::range_entries`] where only the elements `certain_from` accepts count as certain:
    /// a certain instance of another element widens the range like an uncertain one.
    pub(super) fn range_entries_certain_from(
        &self,
        weight: impl Fn(&[Val]) -> Option<Val>,
        certain_from: impl Fn(u32) -> bool,
    ) -> Vec<(Val, bool)> {
        let mut entries = Vec::new();
        let mut seen: FxHashSet<(u32, &[GLit])> = FxHashSet::default();
        for group in 0..self.len() {
            let Some(w) = weight(self.tuple(group)) else {
                continue;
            };
            seen.clear();
            for (elem, lits) in self.alternatives_of_elements(group) {
                if lits.is_empty() && certain_from(elem) {
                    if !seen.is_empty() {
                        entries.pop();
                    }
                    entries.push((w, true));
                    break;
                }
                if seen.insert((elem, lits)) {
                    entries.push((w, false));
                }
            }
        }
        entries
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
        groups.add(&[Val::Num(1)], &[a], 0);
        groups.add(&[Val::Num(2), Val::Num(3)], &[b, c], 0);
        groups.add(&[Val::Num(1)], &[], 1);
        groups.add(&[Val::Num(1)], &[c], 1);
        assert_eq!(groups.len(), 2);
        assert_eq!(groups.tuple(0), &[Val::Num(1)]);
        assert_eq!(groups.tuple(1), &[Val::Num(2), Val::Num(3)]);
        let first: Vec<&[GLit]> = groups.alternatives(0).collect();
        assert_eq!(first, vec![&[a][..], &[][..], &[c][..]]);
        let second: Vec<&[GLit]> = groups.alternatives(1).collect();
        assert_eq!(second, vec![&[b, c][..]]);
    }

    #[test]
    fn range_entries_count_instances_until_a_certain_one() {
        let (p, r) = (GLit::pos(AtomId(1)), GLit::pos(AtomId(2)));
        let count = |_: &[Val]| Some(Val::Num(1));
        let two = [Val::Num(2)];
        // `#count{2 : p; 2 : r}`: two uncertain instances of one tuple.
        let mut groups = Groups::default();
        groups.add(&two, &[p], 0);
        groups.add(&two, &[r], 1);
        let uncertain = (Val::Num(1), false);
        assert_eq!(groups.range_entries(count), vec![uncertain, uncertain]);
        // The same literals from one element count once, from another element again.
        groups.add(&two, &[p], 0);
        groups.add(&two, &[p], 2);
        assert_eq!(groups.range_entries(count).len(), 3);
        // A certain instance replaces one uncertain entry; later instances count no more.
        groups.add(&two, &[], 3);
        groups.add(&two, &[r], 4);
        let certain = (Val::Num(1), true);
        assert_eq!(
            groups.range_entries(count),
            vec![uncertain, uncertain, certain]
        );
        // A certain first instance: one certain entry whatever follows.
        let mut groups = Groups::default();
        groups.add(&two, &[], 0);
        groups.add(&two, &[p], 1);
        assert_eq!(groups.range_entries(count), vec![certain]);
        // Neutral tuples (`None` weight) contribute nothing.
        assert!(groups.range_entries(|_| None).is_empty());
    }
}
