//! The binary and ternary problem clauses by literal, in one pool of `u32` words.
//!
//! A literal's segment is `[x₁ … x_b]`, for each binary clause `(l ∨ x)` the implied `x`,
//! then, if the literal has ternary clauses, `[t, y₁ z₁ … y_t z_t]`, for each ternary clause
//! `(l ∨ y ∨ z)` the other two. The literal's record of the occurrence table keeps the
//! segment's [`Span`]: its start, `b`, and whether the ternary part follows, so that the
//! binary implications are read with one range check and the ternary part only when there
//! is one. One pool instead of two vectors per literal makes a literal's record less than
//! half the size (a record never straddles two cache lines), and a literal's lists are read
//! from one place.
//!
//! Clauses come in [`ShortLists::push`] as pending entries; [`ShortLists::rebuild`] writes a
//! fresh pool holding, per literal, its old entries then its pending ones in the order they
//! came (so the order of implications is the order of `push`, as with one vector per list),
//! and may edit each literal's lists on the way (the level-0 simplification).
//!
//! # Invariants
//! - Propagation reads the pool only with no entry pending (the search rebuilds first, see
//!   `ClauseStore::prepare`).
//! - Every literal with a pending entry has a record in the occurrence table.

use crate::solver::lit::Lit;

/// A clause waiting for the next rebuild: `owner` is the literal whose falsity it is visited
/// on, `first` and `second` the other literals (`second` none for a binary clause).
#[derive(Copy, Clone, Debug)]
struct Pending {
    /// The literal whose segment gets the entry.
    owner: u32,
    /// The implied literal of a binary clause, the first other literal of a ternary one.
    first: Lit,
    /// The second other literal of a ternary clause.
    second: Option<Lit>,
}

/// Where a literal's segment is: its start and its binary entries' count, the top bit set
/// when the ternary part follows them.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Span {
    /// The first word of the segment.
    start: u32,
    /// The number of binary entries, or [`TERNARY`] with it.
    binary: u32,
}

/// The bit of [`Span::binary`] set when the segment has a ternary part.
const TERNARY: u32 = 1 << 31;

/// The pool of segments and the entries not yet in it.
#[derive(Default)]
pub(super) struct ShortLists {
    /// The segments, back to back.
    pool: Vec<u32>,
    /// Entries added since the last rebuild, in the order they came (each rebuild frees the
    /// buffer: only a next step adds entries).
    pending: Vec<Pending>,
}

/// The lists of one literal, decoded for editing by [`ShortLists::rebuild`].
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub(super) struct Decoded {
    /// The implied literals of the binary clauses.
    pub(super) binary: Vec<Lit>,
    /// The other two literals of each ternary clause.
    pub(super) ternary: Vec<(Lit, Lit)>,
}

impl ShortLists {
    /// The binary entries of the segment at `span`.
    #[inline(always)]
    pub(super) fn binary(&self, span: Span) -> &[u32] {
        let start = span.start as usize;
        let end = start + (span.binary & !TERNARY) as usize;
        self.pool.get(start..end).unwrap_or(&[])
    }

    /// The ternary entries (two words each) of the segment at `span`.
    #[inline(always)]
    pub(super) fn ternary(&self, span: Span) -> &[u32] {
        if span.binary & TERNARY == 0 {
            return &[];
        }
        let count = span.start as usize + (span.binary & !TERNARY) as usize;
        let Some([pairs, rest @ ..]) = self.pool.get(count..) else {
            return &[];
        };
        rest.get(..2 * *pairs as usize).unwrap_or(&[])
    }

    /// Queues `(owner ∨ first)`, or `(owner ∨ first ∨ second)`, for the segment of `owner`.
    pub(super) fn push(&mut self, owner: Lit, first: Lit, second: Option<Lit>) {
        self.pending.push(Pending {
            owner: owner.0,
            first,
            second,
        });
    }

    /// Whether an entry waits for [`ShortLists::rebuild`].
    #[inline]
    pub(super) fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The lists of the segment at `span`.
    #[cfg(test)]
    pub(super) fn decode(&self, span: Span) -> Decoded {
        let (binary, ternary) = (self.binary(span), self.ternary(span));
        Decoded {
            binary: binary.iter().map(|&x| Lit(x)).collect(),
            ternary: ternary
                .chunks_exact(2)
                .map(|pair| (Lit(pair[0]), Lit(pair[1])))
                .collect(),
        }
    }

    /// Writes a fresh pool: for each literal (by code, `starts` its segment starts, updated),
    /// its old lists with its pending entries appended, passed through `edit` (which gets
    /// the literal and may change the lists).
    pub(super) fn rebuild<'s>(
        &mut self,
        spans: impl Iterator<Item = &'s mut Span>,
        mut edit: impl FnMut(Lit, &mut Decoded),
    ) {
        let mut pending = std::mem::take(&mut self.pending);
        pending.sort_by_key(|p| p.owner);
        let mut fresh = Vec::with_capacity(self.pool.len() + 2 * pending.len());
        let mut queue = pending.iter().peekable();
        let mut lists = Decoded::default();
        for (code, span) in spans.enumerate() {
            lists.binary.clear();
            lists.ternary.clear();
            let (binary, ternary) = (self.binary(*span), self.ternary(*span));
            lists.binary.extend(binary.iter().map(|&x| Lit(x)));
            let pairs = ternary.chunks_exact(2);
            lists
                .ternary
                .extend(pairs.map(|pair| (Lit(pair[0]), Lit(pair[1]))));
            while let Some(p) = queue.next_if(|p| p.owner as usize == code) {
                match p.second {
                    None => lists.binary.push(p.first),
                    Some(second) => lists.ternary.push((p.first, second)),
                }
            }
            edit(Lit(code as u32), &mut lists);
            *span = encode(&lists, &mut fresh);
        }
        debug_assert!(queue.next().is_none(), "a pending owner without a record");
        // Neither the reservation's slack nor the pending entries' buffer stays for the
        // search (16 and 64 MB on the million-atom positive loop): later entries come
        // only with the next step's clauses.
        fresh.shrink_to_fit();
        self.pool = fresh;
    }
}

/// Appends the segment of `lists` to `pool` and returns its span.
fn encode(lists: &Decoded, pool: &mut Vec<u32>) -> Span {
    let start = pool.len() as u32;
    pool.extend(lists.binary.iter().map(|x| x.0));
    let mut binary = lists.binary.len() as u32;
    debug_assert!(
        binary < TERNARY,
        "more binary clauses on a literal than literals"
    );
    if !lists.ternary.is_empty() {
        binary |= TERNARY;
        pool.push(lists.ternary.len() as u32);
        pool.extend(lists.ternary.iter().flat_map(|&(y, z)| [y.0, z.0]));
    }
    Span { start, binary }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rebuild_keeps_no_spare_buffer() {
        let mut lists = ShortLists::default();
        let mut spans = [Span::default(); 4];
        lists.push(Lit(0), Lit(3), None);
        lists.push(Lit(3), Lit(0), None);
        lists.push(Lit(1), Lit(2), Some(Lit(3)));
        lists.rebuild(spans.iter_mut(), |_, _| {});
        assert_eq!(lists.pending.capacity(), 0);
        assert_eq!(lists.pool.capacity(), lists.pool.len());
        assert_eq!(lists.decode(spans[0]).binary, [Lit(3)]);
        assert_eq!(lists.decode(spans[1]).ternary, [(Lit(2), Lit(3))]);
    }
}
