//! [`Clauses`]: the clauses of a translated delta, stored flat.
//!
//! A delta of a large program has hundreds of thousands of short clauses; a `Vec` each costs
//! its 24-byte header and an allocation (16 bytes of allocator overhead, rounded up) per
//! clause, more than the literals themselves, and all of them are alive while the search
//! copies the clauses into its own store. Here the literals of all clauses are one array and
//! each clause is the range up to its end in `ends`.
//!
//! # Invariants
//! - `ends` is non-decreasing and its last entry is `lits.len()`; clause `i` is
//!   `lits[ends[i - 1]..ends[i]]` (from 0 for the first).

use crate::solver::lit::Lit;

/// A list of clauses, each a slice of literals.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clauses {
    /// The literals of every clause, one clause after another.
    lits: Vec<Lit>,
    /// The end of each clause in `lits`.
    ends: Vec<u32>,
}

impl Clauses {
    /// Appends a clause.
    pub(crate) fn push(&mut self, clause: &[Lit]) {
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len() as u32);
    }

    /// The clauses in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        let ranges = starts.zip(self.ends.iter().copied());
        ranges.map(|(start, end)| self.lits.get(start as usize..end as usize).unwrap_or(&[]))
    }

    /// The number of clauses.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether `clause` is one of the clauses (literals in the same order).
    #[cfg(test)]
    pub(crate) fn contains(&self, clause: &[Lit]) -> bool {
        self.iter().any(|c| c == clause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::lit::Var;

    #[test]
    fn clauses_come_back_in_order_with_their_literals() {
        let (a, b, c) = (Var(1), Var(2), Var(3));
        let mut clauses = Clauses::default();
        clauses.push(&[a.pos(), b.neg()]);
        clauses.push(&[a.neg(), b.pos(), c.pos()]);
        clauses.push(&[c.neg(), a.pos()]);
        let back: Vec<Vec<Lit>> = clauses.iter().map(<[Lit]>::to_vec).collect();
        assert_eq!(
            back,
            [
                vec![a.pos(), b.neg()],
                vec![a.neg(), b.pos(), c.pos()],
                vec![c.neg(), a.pos()]
            ]
        );
        assert_eq!(clauses.len(), 3);
        assert!(clauses.contains(&[a.neg(), b.pos(), c.pos()]));
        assert!(!clauses.contains(&[a.neg(), b.pos()]));
    }

    #[test]
    fn no_clauses() {
        let clauses = Clauses::default();
        assert_eq!(clauses.iter().count(), 0);
        assert!(!clauses.contains(&[]));
    }
}
