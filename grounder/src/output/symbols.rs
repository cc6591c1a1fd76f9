//! [`ProgramSymbols`]: the symbols of a ground program's outputs and atoms, each ground term
//! stored once.
//!
//! A model of a million-fact program shows a million atoms; holding each as an owned
//! [`Symbol`] tree (twice: as output and as atom) costs a few hundred bytes per atom. Here the
//! grounder's term table is kept instead (frozen: its lookup maps dropped), outputs and atoms
//! are 8-byte term ids into it, and a [`Symbol`] is made only when asked for.
//!
//! A multi-shot [`crate::Session`] extends one `ProgramSymbols` step by step
//! ([`crate::Session::ground_into`]): its table is then a *mirror* of the session's, the
//! same ids for the same terms, and each step copies only the terms the grounding interned
//! and appends the ids of its new atoms and outputs, so a step costs what it adds, however
//! many steps came before.
//!
//! # Invariants
//! - Every id in `shown` and `atoms` was made by `table`.
//! - The table is frozen: nothing is interned into it after construction; a mirror
//!   (`mirrors` is set) only grows by [`ProgramSymbols::extend`] from that session's table,
//!   of which it is a prefix.

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
    /// The session whose table `table` mirrors (`None`: a table of its own).
    mirrors: Option<u64>,
}

impl ProgramSymbols {
    /// Symbols from the grounder's table (which is frozen here).
    pub(crate) fn new(mut table: Interner, shown: Vec<Val>, atoms: Vec<Option<Val>>) -> Self {
        table.freeze();
        ProgramSymbols {
            table,
            shown,
            atoms,
            mirrors: None,
        }
    }

    /// Whether these symbols can be extended from the session `session` (they are empty, or
    /// mirror its table).
    pub(crate) fn extends(&self, session: u64) -> bool {
        match self.mirrors {
            Some(id) => id == session,
            None => self.atoms.is_empty() && self.shown.is_empty() && self.table.is_empty(),
        }
    }

    /// Appends one grounding of session `session` (see [`ProgramSymbols::extends`]): the
    /// terms `table` interned since the last step, the new atoms, and the outputs (which
    /// replace the earlier ones when `replace_shown`).
    pub(crate) fn extend(
        &mut self,
        session: u64,
        table: &Interner,
        atoms: &[Option<Val>],
        shown: Vec<Val>,
        replace_shown: bool,
    ) {
        debug_assert!(self.extends(session));
        self.mirrors = Some(session);
        table.extend_mirror(&mut self.table);
        self.atoms.extend_from_slice(atoms);
        if replace_shown {
            self.shown = shown;
        } else {
            self.shown.extend(shown);
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
