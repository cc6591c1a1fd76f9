//! Lists for consecutive indices in one flat array (compressed sparse rows), and the
//! unfounded-set checker's graph built from them.
//!
//! A large positive loop has one cyclic atom and one body per rule; a `Vec` per atom and per
//! body for each relation (bodies of an atom, atoms a body needs, ...) cost four allocations
//! per rule and ~250 bytes per atom. Here each relation is two arrays: the items of all lists
//! in index order, and where each list starts.
//!
//! Invariant: `starts` has one entry per list plus a final one, ascending, the last equal to
//! `items.len()`; list `i` is `items[starts[i]..starts[i + 1]]`.

use crate::solver::lit::Lit;

/// Lists for the indices `0..len()`, stored flat (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct FlatLists<T> {
    starts: Vec<u32>,
    items: Vec<T>,
}

impl<T> Default for FlatLists<T> {
    fn default() -> FlatLists<T> {
        FlatLists {
            starts: vec![0],
            items: Vec::new(),
        }
    }
}

impl<T: Copy + Default> FlatLists<T> {
    /// The number of lists.
    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The list at `index`.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> &[T] {
        &self.items[self.starts[index] as usize..self.starts[index + 1] as usize]
    }

    /// The item at `position` of the list at `index`.
    #[inline]
    pub(crate) fn item(&self, index: usize, position: usize) -> T {
        self.items[self.starts[index] as usize + position]
    }

    /// Appends an item to the list being filled (ended by [`FlatLists::close`]).
    pub(crate) fn push(&mut self, item: T) {
        self.items.push(item);
    }

    /// Ends the list being filled: the items pushed since the last call are its items.
    pub(crate) fn close(&mut self) {
        self.starts.push(flat_index(self.items.len()));
    }

    /// Changes every item by `f`.
    pub(crate) fn map_items(&mut self, f: impl Fn(&mut T)) {
        self.items.iter_mut().for_each(f);
    }

    /// Appends the lists of `other` after these.
    pub(crate) fn append(&mut self, other: FlatLists<T>) {
        if self.items.is_empty() && self.len() == 0 {
            *self = other;
            return;
        }
        let base = flat_index(self.items.len());
        self.starts
            .extend(other.starts[1..].iter().map(|s| s + base));
        self.items.extend(other.items);
    }

    /// Lists for `0..lists` from `(index, item)` pairs: each list holds its pairs' items in
    /// the pairs' order (a stable counting sort).
    pub(crate) fn from_pairs(lists: usize, pairs: impl Iterator<Item = (u32, T)> + Clone) -> Self {
        let mut starts = vec![0u32; lists + 1];
        for (index, _) in pairs.clone() {
            starts[index as usize + 1] += 1;
        }
        for i in 0..lists {
            starts[i + 1] += starts[i];
        }
        let mut fill: Vec<u32> = starts[..lists].to_vec();
        let mut items = vec![T::default(); starts[lists] as usize];
        for (index, item) in pairs {
            let slot = &mut fill[index as usize];
            items[*slot as usize] = item;
            *slot += 1;
        }
        FlatLists { starts, items }
    }
}

/// Lists by index that grow one item at a time, all in one array: each item links to the next
/// of its list, and each list knows its first and last item (`NONE` for none). A list reads in
/// the order of its pushes.
#[derive(Clone, Debug)]
pub(crate) struct ChainedLists<T> {
    /// Per index: the first and the last item of its list.
    ends: Vec<(u32, u32)>,
    /// Per item: the next item of its list.
    next: Vec<u32>,
    items: Vec<T>,
}

impl<T> Default for ChainedLists<T> {
    fn default() -> ChainedLists<T> {
        ChainedLists {
            ends: Vec::new(),
            next: Vec::new(),
            items: Vec::new(),
        }
    }
}

/// No item.
const NONE: u32 = u32::MAX;

impl<T: Copy> ChainedLists<T> {
    /// Appends `item` to the list at `index`.
    pub(crate) fn push(&mut self, index: usize, item: T) {
        if self.ends.len() <= index {
            self.ends.resize(index + 1, (NONE, NONE));
        }
        let at = flat_index(self.items.len());
        self.items.push(item);
        self.next.push(NONE);
        match self.ends[index] {
            (NONE, _) => self.ends[index] = (at, at),
            (_, last) => {
                self.next[last as usize] = at;
                self.ends[index].1 = at;
            }
        }
    }

    /// The items of the list at `index` (none when never written).
    #[inline]
    pub(crate) fn get(&self, index: usize) -> impl Iterator<Item = T> + '_ {
        let mut at = self.ends.get(index).map_or(NONE, |e| e.0);
        std::iter::from_fn(move || {
            let item = *self.items.get(at as usize)?;
            at = self.next[at as usize];
            Some(item)
        })
    }
}

/// An index into a flat array as stored (`u32`: four billion items are beyond memory anyway).
fn flat_index(index: usize) -> u32 {
    u32::try_from(index).expect("flat lists beyond 2^32 items")
}

/// Cyclic atoms and their bodies as the unfounded-set checker reads them. Atoms and bodies
/// are numbered from 0 in the checker's whole graph (a delta's graph continues the
/// numbering of the earlier ones, see [`UfsGraph::append`]); a body is one per (body, SCC).
#[derive(Clone, Debug, Default)]
pub(crate) struct UfsGraph {
    /// Per atom: its variable's positive literal.
    pub(crate) atom_lits: Vec<Lit>,
    /// Per atom: its SCC.
    pub(crate) atom_sccs: Vec<u32>,
    /// Per atom: the bodies supporting it.
    pub(crate) atom_bodies: FlatLists<u32>,
    /// Per atom: the bodies where it is a positive in-SCC atom, with its weight there.
    pub(crate) atom_occurs: FlatLists<(u32, i64)>,
    /// Per body: its variable's positive literal (or the one literal it is).
    pub(crate) body_lits: Vec<Lit>,
    /// Per body: the atoms of its SCC it supports.
    pub(crate) body_heads: FlatLists<u32>,
    /// Per body: its positive in-SCC atoms with their weights (1 in normal bodies).
    pub(crate) body_preds: FlatLists<(u32, i64)>,
    /// Per body: its index in `weights`, `u32::MAX` for a normal body.
    pub(crate) body_weight: Vec<u32>,
    /// Weight bodies: the bound and all normalised elements.
    pub(crate) weights: Vec<(i64, Vec<(Lit, i64)>)>,
}

impl UfsGraph {
    /// The number of atoms.
    pub(crate) fn atom_count(&self) -> usize {
        self.atom_lits.len()
    }

    /// The number of bodies.
    pub(crate) fn body_count(&self) -> usize {
        self.body_lits.len()
    }

    /// A weight body's bound and elements; `None` for a normal body.
    #[inline]
    pub(crate) fn weight(&self, body: usize) -> Option<&(i64, Vec<(Lit, i64)>)> {
        match self.body_weight[body] {
            u32::MAX => None,
            index => Some(&self.weights[index as usize]),
        }
    }

    /// Appends `other`, whose atom and body indices already continue this graph's.
    pub(crate) fn append(&mut self, other: UfsGraph) {
        let weight_base = flat_index(self.weights.len());
        let shift = |w: u32| if w == u32::MAX { w } else { w + weight_base };
        self.body_weight
            .extend(other.body_weight.iter().map(|&w| shift(w)));
        self.weights.extend(other.weights);
        self.atom_lits.extend(other.atom_lits);
        self.atom_sccs.extend(other.atom_sccs);
        self.atom_bodies.append(other.atom_bodies);
        self.atom_occurs.append(other.atom_occurs);
        self.body_lits.extend(other.body_lits);
        self.body_heads.append(other.body_heads);
        self.body_preds.append(other.body_preds);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_keep_their_order_within_each_list() {
        let pairs = [(2u32, 'a'), (0, 'b'), (2, 'c'), (0, 'd')];
        let lists = FlatLists::from_pairs(4, pairs.iter().copied());
        assert_eq!(lists.len(), 4);
        assert_eq!(lists.get(0), &['b', 'd']);
        assert_eq!(lists.get(1), &[] as &[char]);
        assert_eq!(lists.get(2), &['a', 'c']);
        assert_eq!(lists.get(3), &[] as &[char]);
        let mut more = FlatLists::default();
        more.push('e');
        more.close();
        let mut all = lists.clone();
        all.append(more);
        assert_eq!(all.len(), 5);
        assert_eq!(all.get(4), &['e']);
        assert_eq!(all.item(2, 1), 'c');
    }

    #[test]
    fn chained_lists_read_in_push_order() {
        let mut lists = ChainedLists::default();
        for (index, item) in [(3, 'a'), (1, 'b'), (3, 'c'), (3, 'd')] {
            lists.push(index, item);
        }
        assert_eq!(lists.get(3).collect::<String>(), "acd");
        assert_eq!(lists.get(1).collect::<String>(), "b");
        assert_eq!(lists.get(0).count(), 0);
        assert_eq!(lists.get(9).count(), 0);
    }
}
