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
//! External atoms are not reported while they are external (clingo keeps them, whatever
//! their value): one fixed at level 0 (a learnt unit: `:- e.` makes `e` false for good) is
//! kept aside in the cursor and reported by the first read after it was released or defined.
//!
//! # Invariants
//! - A read reports atoms only (never rule bodies or the constant), each with the value it
//!   has at level 0, and never an atom that is external at the time of the read.
//! - Every atom fixed at level 0 is reported once it is not external (at least once; twice
//!   only after a trail prefix change).

use super::MultiShot;
use crate::program::{Atom, Literal};
use crate::solver::build::Standing;
use crate::solver::lit::{Lit, Value};

/// How much of a solver's level-0 trail a consumer has read (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FixedCursor {
    /// The trail positions read (`0..read`).
    read: usize,
    /// The literal at position `read - 1` when it was read.
    last: Option<Lit>,
    /// External atoms read fixed at level 0, not reported yet.
    externals: Vec<Atom>,
}

impl MultiShot {
    /// The atoms fixed at level 0 since `cursor` was last advanced, as program literals
    /// (positive: fixed true, negative: fixed false), in the order they were fixed; advances
    /// `cursor`. The first read with a new cursor reports every fixed atom. An external atom
    /// is reported only by the first read after it was released or defined. Translates the
    /// pending deltas and ends the current solve call.
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
        let mut fixed = self.no_longer_external(&mut cursor.externals);
        for &lit in trail.get(from.max(1)..end).unwrap_or(&[]) {
            match self.fixed_atom(lit) {
                Some(Ok(literal)) => fixed.push(literal),
                Some(Err(external)) => cursor.externals.push(external),
                None => {}
            }
        }
        cursor.read = end;
        cursor.last = end.checked_sub(1).and_then(|i| trail.get(i)).copied();
        fixed
    }

    /// The literals of the atoms of `externals` that are no longer external (taken out).
    fn no_longer_external(&self, externals: &mut Vec<Atom>) -> Vec<Literal> {
        let mut fixed = Vec::new();
        externals.retain(|&atom| {
            let lit = self.program.atoms.lit(Literal::positive(atom));
            match self.fixed_atom(lit) {
                Some(Err(_)) => true,
                Some(Ok(_)) | None => {
                    let value = self.search.assignment.value(lit);
                    match value {
                        Value::True => fixed.push(Literal::positive(atom)),
                        Value::False => fixed.push(Literal::negative(atom)),
                        Value::Unassigned => {}
                    }
                    false
                }
            }
        });
        fixed
    }

    /// The program literal a level-0 trail literal makes true, if its variable is an atom's:
    /// `Err` with the atom while it is external.
    fn fixed_atom(&self, lit: Lit) -> Option<Result<Literal, Atom>> {
        let var = lit.var();
        if self.program.is_atom.get(var.index()) != Some(&true) {
            return None;
        }
        let atom: Atom = self.program.atoms.atom_of(var);
        if atom.0 == 0 || atom.0 > self.program.atoms.count() {
            return None;
        }
        if let Standing::External(_) = self.program.atoms.standing(atom) {
            return Some(Err(atom));
        }
        Some(Ok(match lit.is_negative() {
            true => Literal::negative(atom),
            false => Literal::positive(atom),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{ExternalValue, GroundProgram, HeadKind};

    /// `#external e. a :- e. :- a.`: `e` is false at level 0 but reported only once released,
    /// which takes effect when the next solve call starts.
    #[test]
    fn externals_are_reported_once_released() {
        let mut program = GroundProgram::new();
        let (e, a) = (program.new_atom(), program.new_atom());
        program.add_external(e, ExternalValue::Free);
        program.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(e)]);
        program.add_rule(HeadKind::Disjunction, vec![], vec![Literal::positive(a)]);
        let mut solver = MultiShot::new();
        solver.add(&program).unwrap();
        let mut cursor = FixedCursor::default();
        assert_eq!(solver.fixed_since(&mut cursor), [Literal::negative(a)]);
        assert_eq!(solver.fixed_since(&mut cursor), []);
        solver.release_external(e);
        assert_eq!(solver.fixed_since(&mut cursor), []);
        solver.solve(&[], crate::SolveOptions::default()).unwrap();
        assert_eq!(solver.fixed_since(&mut cursor), [Literal::negative(e)]);
        assert_eq!(solver.fixed_since(&mut cursor), []);
    }
}
