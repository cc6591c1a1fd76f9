//! [`ProgramSymbols`]: the symbols of a ground program's outputs and atoms, each ground term
//! stored once.
//!
//! A model of a million-fact program shows a million atoms; holding each as an owned
//! [`Symbol`] tree (twice: as output and as atom) costs a few hundred bytes per atom. Here the
//! grounder's term table is kept instead (frozen: its lookup maps dropped), outputs and atoms
//! are 8-byte term ids into it, and a [`Symbol`] is made only when asked for.
//!
//! # Invariants
//! - Every id in `shown` and `atoms` was made by `table`.
//! - The table is frozen: nothing is interned into it after construction.

use crate::term::intern::{Interner, Val};
use crate::term::symbol::Symbol;

/// The symbols of a ground program's outputs and atoms.
#[derive(Clone, Debug, Default)]
pub struct ProgramSymbols {
    /// The terms (frozen).
    table: Interner,
    /// `shown[i]`: the symbol of output `i`.
    shown: Vec<Val>,
    /// `atoms[i]`: the symbol of `Atom(i + 1)`, `None` for auxiliary atoms.
    atoms: Vec<Option<Val>>,
}

impl ProgramSymbols {
    /// Symbols from the grounder's table (which is frozen here).
    pub(crate) fn new(mut table: Interner, shown: Vec<Val>, atoms: Vec<Option<Val>>) -> Self {
        table.freeze();
        ProgramSymbols {
            table,
            shown,
            atoms,
        }
    }

    /// Symbols given as values (`shown[i]` for output `i`, `atoms[i]` for `Atom(i + 1)`).
    pub fn from_symbols(shown: &[Symbol], atoms: &[Option<Symbol>]) -> ProgramSymbols {
        let mut table = Interner::default();
        let shown = shown.iter().map(|s| table.intern_symbol(s)).collect();
        let atoms = atoms
            .iter()
            .map(|s| s.as_ref().map(|s| table.intern_symbol(s)))
            .collect();
        ProgramSymbols::new(table, shown, atoms)
    }

    /// The number of outputs.
    pub fn shown_len(&self) -> usize {
        self.shown.len()
    }

    /// The symbol of output `index`.
    pub fn shown(&self, index: usize) -> Option<Symbol> {
        self.shown.get(index).map(|&v| self.table.to_symbol(v))
    }

    /// The symbols of all outputs, in order.
    pub fn shown_symbols(&self) -> impl Iterator<Item = Symbol> + '_ {
        self.shown.iter().map(|&v| self.table.to_symbol(v))
    }

    /// The number of atoms (`Atom(1)` to `Atom(atom_len())`).
    pub fn atom_len(&self) -> usize {
        self.atoms.len()
    }

    /// The symbol of `Atom(index + 1)`, `None` for an auxiliary atom or beyond the atoms.
    pub fn atom(&self, index: usize) -> Option<Symbol> {
        let v = self.atoms.get(index).copied().flatten()?;
        Some(self.table.to_symbol(v))
    }

    /// The text of the symbol of `Atom(index + 1)` as clingo prints it (no symbol is built).
    pub fn atom_text(&self, index: usize) -> Option<String> {
        let v = self.atoms.get(index).copied().flatten()?;
        Some(self.table.show(v).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        let p = Symbol::function("p", vec![Symbol::Number(1), Symbol::String("a".into())]);
        let q = Symbol::Function {
            name: "q".into(),
            args: Vec::new(),
            negative: true,
        };
        let symbols = ProgramSymbols::from_symbols(
            std::slice::from_ref(&q),
            &[Some(p.clone()), None, Some(q.clone())],
        );
        assert_eq!(symbols.shown_len(), 1);
        assert_eq!(symbols.shown(0), Some(q.clone()));
        assert_eq!(symbols.shown(1), None);
        assert_eq!(
            symbols.shown_symbols().collect::<Vec<_>>(),
            std::slice::from_ref(&q)
        );
        assert_eq!(symbols.atom_len(), 3);
        assert_eq!(symbols.atom(0), Some(p));
        assert_eq!(symbols.atom(1), None);
        assert_eq!(symbols.atom(2), Some(q));
        assert_eq!(symbols.atom_text(0).as_deref(), Some("p(1,\"a\")"));
        assert_eq!(symbols.atom_text(2).as_deref(), Some("-q"));
    }
}
