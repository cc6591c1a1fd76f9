//! Variables and literals, clasp style.
//!
//! A [`Var`] is a dense `u32` index; variable 0 is the constant true. A [`Lit`] is the `u32`
//! code `2·var + sign` where sign 1 means the negative literal, so `!lit` flips the low bit and
//! literal codes index per-literal arrays directly. Atoms and rule bodies both get variables.

use std::ops::Not;

/// A propositional variable (an atom, a rule body, or the constant true at index 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Var(pub(crate) u32);

impl Var {
    /// The constant-true variable.
    pub(crate) const TRUE: Var = Var(0);

    /// The variable as an array index.
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    /// The positive literal of this variable.
    pub(crate) fn pos(self) -> Lit {
        Lit(self.0 << 1)
    }

    /// The negative literal of this variable.
    pub(crate) fn neg(self) -> Lit {
        Lit((self.0 << 1) | 1)
    }
}

/// A literal: `2·var + sign` (sign 1 = negative).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Lit(pub(crate) u32);

impl Lit {
    /// The constant true literal.
    pub(crate) const TRUE: Lit = Lit(0);
    /// The constant false literal.
    pub(crate) const FALSE: Lit = Lit(1);

    /// The literal of `var`, negative when `negative` holds.
    pub(crate) fn new(var: Var, negative: bool) -> Lit {
        Lit((var.0 << 1) | negative as u32)
    }

    /// The literal's variable.
    pub(crate) fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// Whether this is the negative literal of its variable.
    pub(crate) fn is_negative(self) -> bool {
        self.0 & 1 == 1
    }

    /// The literal code as an array index.
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// The value of a variable or literal under the current assignment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    True,
    False,
    Unassigned,
}

/// Lists indexed by literal or variable code, allocated only up to the highest index that
/// has had an entry: a variable no constraint mentions (a fact, say) costs nothing here.
/// Reading beyond the allocated part gives an empty list.
#[derive(Clone, Debug)]
pub(crate) struct Lists<T>(Vec<Vec<T>>);

/// The entry at `index` of a table indexed by literal codes, growing it with default entries
/// up to `index` when it is shorter.
#[inline]
pub(crate) fn grown_at<T: Default>(table: &mut Vec<T>, index: usize) -> &mut T {
    if index < table.len() {
        // The same test as the index's bounds check, which the compiler then drops.
        return &mut table[index];
    }
    grow_to(table, index);
    &mut table[index]
}

/// Grows `table` with default entries up to `index` (the cold path of [`grown_at`]).
#[cold]
fn grow_to<T: Default>(table: &mut Vec<T>, index: usize) {
    table.resize_with(index + 1, T::default);
}

impl<T> Default for Lists<T> {
    fn default() -> Lists<T> {
        Lists(Vec::new())
    }
}

impl<T> Lists<T> {
    /// The list at `index` (empty when never written).
    #[inline]
    pub(crate) fn get(&self, index: usize) -> &[T] {
        self.0.get(index).map_or(&[], Vec::as_slice)
    }

    /// The list at `index`, allocating up to it.
    #[inline]
    pub(crate) fn at(&mut self, index: usize) -> &mut Vec<T> {
        grown_at(&mut self.0, index)
    }

    /// Appends `item` to the list at `index`.
    #[inline]
    pub(crate) fn push(&mut self, index: usize, item: T) {
        self.at(index).push(item);
    }

    /// Keeps, in every list, the items `keep` accepts.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.0.iter_mut().for_each(|list| list.retain(&mut keep));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_codes_follow_clasp() {
        let v = Var(3);
        assert_eq!(v.pos().0, 6);
        assert_eq!(v.neg().0, 7);
        assert_eq!(!v.pos(), v.neg());
        assert_eq!(v.neg().var(), v);
        assert!(v.neg().is_negative());
        assert_eq!(Var::TRUE.pos(), Lit::TRUE);
        assert_eq!(!Lit::TRUE, Lit::FALSE);
    }
}
