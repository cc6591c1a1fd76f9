//! [`Numbering`]: aspif numbers for grounder atoms, given on first use and kept across
//! groundings, while one grounding's ground program is written.
//!
//! # Invariants
//! - `ids[a]` is the aspif number of grounder atom `a` once it has one, and never changes.
//! - `program.atom_count` is the number of aspif atoms of every grounding so far; the atoms
//!   numbered during this one are `first..=program.atom_count`, `atoms[i]` naming
//!   `Atom(first + i)` (`None`: auxiliary).

use solver_core::{Atom, GroundProgram, HeadKind, Literal};

use crate::instantiate::domain::AtomId;
use crate::instantiate::{GLit, Grounder};
use crate::term::intern::Val;

/// Assigns aspif numbers to grounder atoms while writing one grounding's program.
pub(crate) struct Numbering<'e> {
    /// `ids[a]`: the aspif number of grounder atom `a` (`None`: not numbered yet).
    ids: &'e mut Vec<Option<Atom>>,
    /// The program of this grounding (its `atom_count` counts every grounding's atoms).
    pub program: GroundProgram,
    /// The first atom numbered during this grounding.
    pub first: u32,
    /// Terms of the atoms numbered during this grounding (`None`: auxiliary).
    pub atoms: Vec<Option<Val>>,
}

impl<'e> Numbering<'e> {
    /// A numbering that continues `ids`, where `atom_count` atoms exist already.
    pub fn resume(ids: &'e mut Vec<Option<Atom>>, atom_count: u32, atoms: usize) -> Self {
        let program = GroundProgram {
            atom_count,
            ..GroundProgram::default()
        };
        if ids.len() < atoms {
            ids.resize(atoms, None);
        }
        Numbering {
            ids,
            program,
            first: atom_count + 1,
            atoms: Vec::new(),
        }
    }

    /// The aspif number of `a` if it has one.
    pub fn get(&self, a: AtomId) -> Option<Atom> {
        self.ids.get(a.0 as usize).copied().flatten()
    }

    /// The aspif number of `a`, given now if it has none.
    pub fn atom(&mut self, g: &Grounder, a: AtomId) -> Atom {
        if let Some(id) = self.get(a) {
            return id;
        }
        let id = self.program.new_atom();
        let slot = a.0 as usize;
        if self.ids.len() <= slot {
            self.ids.resize(slot + 1, None);
        }
        if let Some(entry) = self.ids.get_mut(slot) {
            *entry = Some(id);
        }
        self.atoms.push(g.store.info(a).and_then(|i| i.val));
        id
    }

    /// A fresh auxiliary atom.
    pub fn aux(&mut self) -> Atom {
        self.atoms.push(None);
        self.program.new_atom()
    }

    pub fn lit(&mut self, g: &Grounder, l: GLit) -> Literal {
        let a = self.atom(g, l.atom);
        if l.positive {
            Literal::positive(a)
        } else {
            Literal::negative(a)
        }
    }

    pub fn lits(&mut self, g: &Grounder, ls: &[GLit]) -> Vec<Literal> {
        ls.iter().map(|&l| self.lit(g, l)).collect()
    }

    /// A literal standing for the disjunction of `bodies` (a fresh atom per several).
    pub fn disjunction(&mut self, g: &Grounder, bodies: &[Vec<GLit>]) -> Literal {
        if let [only] = bodies {
            if let [l] = only.as_slice() {
                return self.lit(g, *l);
            }
        }
        let aux = self.aux();
        for b in bodies {
            let body = self.lits(g, b);
            self.program
                .add_rule(HeadKind::Disjunction, vec![aux], body);
        }
        Literal::positive(aux)
    }
}
