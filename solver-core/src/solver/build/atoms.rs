//! The program's atoms as the solver sees them across deltas: each atom's variable and its
//! standing (open, external, completed).
//!
//! The atoms of a delta get consecutive variables after every variable of the earlier deltas
//! (their bodies included), so the map is a list of segments `(first atom, first variable,
//! count)`; the first delta's atoms are variables `1..=n` (the identity). A delta is renumbered
//! into variable space before it is translated (see `renumber.rs`).
//!
//! # Standing of an atom (clasp's incremental program, `LogicProgram` in clasp)
//! - `Open`: no statement of any delta has mentioned it yet. It is false in every model (an
//!   assumption of each solve call) and is completed by the delta that first mentions it.
//! - `External(value)`: declared `#external` and not defined by a rule; `value` is assumed
//!   (`True`, `False`) or left free (`Free`) in each solve call, never fixed at level 0.
//! - `Completed`: its definition is final (its rules, all of one delta; or released): a later
//!   rule with it in the head is a redefinition unless its value is fixed at level 0.

use super::super::assignment::Assignment;
use super::super::lit::{Lit, Var};
use crate::program::{Atom, ExternalValue, Literal};

/// Where an atom stands (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Standing {
    /// Not mentioned yet: false until a delta mentions it.
    Open,
    /// External with its value for the next solve calls (`Free`, `True` or `False`).
    External(ExternalValue),
    /// Defined for good.
    Completed,
}

/// A run of atoms with consecutive variables.
#[derive(Copy, Clone, Debug)]
struct Segment {
    first_atom: u32,
    first_var: u32,
    count: u32,
}

/// The atoms of all deltas so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct AtomTable {
    /// Variable per atom (index 0 unused).
    vars: Vec<Var>,
    /// Standing per atom (index 0 unused).
    standing: Vec<Standing>,
    /// The atom-to-variable segments, ascending.
    segments: Vec<Segment>,
    /// Every atom that has been external, in the order it became so (some may be completed
    /// since).
    externals: Vec<Atom>,
}

impl AtomTable {
    /// Number of atoms (the highest atom id).
    pub(crate) fn count(&self) -> u32 {
        self.vars.len().saturating_sub(1) as u32
    }

    /// The variable of `atom` (which must exist).
    pub(crate) fn var(&self, atom: Atom) -> Var {
        self.vars[atom.0 as usize]
    }

    /// The atom of an atom variable.
    pub(crate) fn atom_of(&self, var: Var) -> Atom {
        let index = self.segments.partition_point(|s| s.first_var <= var.0);
        let s = self.segments[index.saturating_sub(1)];
        Atom(var.0 - s.first_var + s.first_atom)
    }

    /// The solver literal of a program literal.
    pub(crate) fn lit(&self, literal: Literal) -> Lit {
        Lit::new(self.var(literal.atom()), !literal.is_positive())
    }

    /// The standing of `atom`.
    pub(crate) fn standing(&self, atom: Atom) -> Standing {
        self.standing[atom.0 as usize]
    }

    /// Sets the standing of `atom`.
    pub(crate) fn set_standing(&mut self, atom: Atom, standing: Standing) {
        let slot = &mut self.standing[atom.0 as usize];
        if matches!(standing, Standing::External(_)) && !matches!(slot, Standing::External(_)) {
            self.externals.push(atom);
        }
        *slot = standing;
    }

    /// The external atoms with their values, in the order they became external.
    pub(crate) fn externals(&self) -> impl Iterator<Item = (Atom, ExternalValue)> + '_ {
        self.externals
            .iter()
            .filter_map(|&a| match self.standing(a) {
                Standing::External(value) => Some((a, value)),
                _ => None,
            })
    }

    /// Adds atoms up to `count` in all, open, with variables from `first_var` on.
    pub(crate) fn add_atoms(&mut self, count: u32, first_var: u32) {
        let first_atom = self.count() + 1;
        if count < first_atom {
            return;
        }
        if self.vars.is_empty() {
            self.vars.push(Var::TRUE);
            self.standing.push(Standing::Completed);
        }
        let added = count + 1 - first_atom;
        self.vars.extend((0..added).map(|i| Var(first_var + i)));
        self.standing.extend((0..added).map(|_| Standing::Open));
        self.segments.push(Segment {
            first_atom,
            first_var,
            count: added,
        });
    }

    /// Whether atom ids are variable ids (one segment starting at 1, or none).
    pub(crate) fn is_identity(&self) -> bool {
        self.segments.iter().all(|s| s.first_atom == s.first_var)
    }

    /// The true atoms of `a`, ascending.
    pub(crate) fn true_atoms(&self, a: &Assignment) -> Vec<Atom> {
        let mut atoms = Vec::new();
        for s in &self.segments {
            let vars = s.first_var..s.first_var + s.count;
            let shift = |v: u32| Atom(v - s.first_var + s.first_atom);
            atoms.extend(a.true_vars(vars).map(shift));
        }
        atoms
    }

    /// The atoms of one standing, ascending.
    pub(crate) fn with_standing(&self, wanted: fn(Standing) -> bool) -> Vec<Atom> {
        let all = (1..self.vars.len() as u32).map(Atom);
        all.filter(|&a| wanted(self.standing(a))).collect()
    }
}
