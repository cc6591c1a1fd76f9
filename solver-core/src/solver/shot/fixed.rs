//! The atoms a [`MultiShot`] solver fixed at level 0, read incrementally: what clingo's
//! clean-up after a solve call feeds back to the grounder (atoms fixed true become facts,
//! atoms fixed false leave the domains).
//!
//! Level-0 values only grow: the level-0 part of the trail is only appended to between calls
//! (a delta that takes the trail off asserts the old literals again first, in their order,
//! see `call.rs`). So a [`FixedCursor`] remembering how much of that part was read, and the
//! literal it ended with, lets each read cost only the literals fixed since: the reads of a
//! whole run cost the size of the trail once. Should the prefix ever change (the remembered
//! literal is not where it was), the read starts over from the beginning: atoms are then
//! reported again, which a consumer applying them idempotently does not notice.
//!
//! # Invariants
//! - A read reports atoms only (never rule bodies or the constant), each with the value it
//!   has at level 0, and never an external atom (externals are not fixed at level 0; a
//!   released one is no longer external).

use super::MultiShot;
use crate::program::{Atom, Literal};
use crate::solver::build::Standing;
use crate::solver::lit::Lit;

/// How much of a solver's level-0 trail a consumer has read (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FixedCursor {
    /// The trail positions read (`0..read`).
    read: usize,
    /// The literal at position `read - 1` when it was read.
    last: Option<Lit>,
}

impl MultiShot {
    /// The atoms fixed at level 0 since `cursor` was last advanced, as program literals
    /// (positive: fixed true, negative: fixed false), in the order they were fixed; advances
    /// `cursor`. The first read with a new cursor reports every fixed atom. External atoms
    /// are never reported. Translates the pending deltas and ends the current solve call.
    ///
    /// ```
    /// use solver_core::{FixedCursor, GroundProgram, HeadKind, Literal, MultiShot, SolveOptions};
    ///
    /// // `a.  b :- c.  {c}.  :- c.`: `a` is fixed true, `b` and `c` false.
    /// let mut program = GroundProgram::new();
    /// let (a, b, c) = (program.new_atom(), program.new_atom(), program.new_atom());
    /// program.add_fact(a);
    /// program.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(c)]);
    /// program.add_rule(HeadKind::Choice, vec![c], vec![]);
    /// program.add_rule(HeadKind::Disjunction, vec![], vec![Literal::positive(c)]);
    /// let mut solver = MultiShot::new();
    /// solver.add(&program).unwrap();
    /// let mut cursor = FixedCursor::default();
    /// let mut fixed = solver.fixed_since(&mut cursor);
    /// fixed.sort();
    /// assert_eq!(fixed, [Literal::negative(c), Literal::negative(b), Literal::positive(a)]);
    /// // Nothing was fixed since.
    /// solver.solve(&[], SolveOptions::default()).unwrap();
    /// assert!(solver.next_model().is_some());
    /// assert!(solver.fixed_since(&mut cursor).is_empty());
    /// ```
    pub fn fixed_since(&mut self, cursor: &mut FixedCursor) -> Vec<Literal> {
        self.end_call();
        let _ = self.flush();
        let assignment = &self.search.assignment;
        let trail = &assignment.trail;
        let end = match assignment.level() {
            0 => trail.len(),
            _ => assignment.level_start(1),
        };
        let kept = cursor.read <= end
            && (cursor.read == 0 || trail.get(cursor.read - 1) == cursor.last.as_ref());
        let from = if kept { cursor.read } else { 0 };
        let fixed = trail
            .get(from.max(1)..end)
            .unwrap_or(&[])
            .iter()
            .filter_map(|&lit| self.fixed_atom(lit))
            .collect();
        cursor.read = end;
        cursor.last = end.checked_sub(1).and_then(|i| trail.get(i)).copied();
        fixed
    }

    /// The program literal a level-0 trail literal makes true, if its variable is an atom's
    /// and the atom is not external.
    fn fixed_atom(&self, lit: Lit) -> Option<Literal> {
        let var = lit.var();
        if self.program.is_atom.get(var.index()) != Some(&true) {
            return None;
        }
        let atom: Atom = self.program.atoms.atom_of(var);
        if atom.0 == 0 || atom.0 > self.program.atoms.count() {
            return None;
        }
        if let Standing::External(_) = self.program.atoms.standing(atom) {
            return None;
        }
        Some(match lit.is_negative() {
            true => Literal::negative(atom),
            false => Literal::positive(atom),
        })
    }
}
