//! clingo's clean-up after a solve call, on the grounder's side: the atoms the solver fixed
//! at level 0 are fed back into the domains before the next grounding (clingo's
//! `PredicateDomain::cleanup`, on by default: `Control.enable_cleanup`).
//!
//! - An atom fixed false (the solver never fixes an external) leaves its domain for good
//!   (`Store::remove_from_domain`): later groundings do not instantiate rules whose positive
//!   body needs it, a negative literal over it is true, and a later grounding deriving the
//!   same term makes a new atom with a new aspif number (so no `redefinition of atom`; the old
//!   atom stays false). So is an atom outside its domain that a grounding numbered without a
//!   rule (`b(2) :- a(2), not b(1).` of `b(t) :- a(t), not b(t-1).`, as gringo keeps it): the
//!   solver fixes it false, and `step(1)` ground after the solve defines a new `b(1)`.
//! - An atom fixed true becomes a fact: later rules drop it from their bodies and are dropped
//!   when it is negated; no fact rule is written for it (the solver has it true already).
//!
//! The caller gives the atoms fixed since its last clean-up (`solver_core::FixedCursor`), so
//! the clean-ups of a run cost the level-0 trail once. Applying an atom twice changes nothing.
//!
//! # Invariants
//! - An aspif number refers to the grounder atom it was given to; after that atom was removed
//!   and its term derived again, the old number is skipped (the term's atom has a new one).

use solver_core::Literal;

use super::Session;
use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::Truth;

/// What a clean-up changed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cleaned {
    /// Atoms that became facts.
    pub facts: usize,
    /// Atoms removed from their domains.
    pub removed: usize,
}

impl Session {
    /// Applies the level-0 values `fixed` (program literals of the ground program so far:
    /// positive for an atom fixed true, negative for one fixed false) to the domains, as
    /// clingo's clean-up does before the next grounding (see the module doc). Literals of
    /// auxiliary or unknown atoms are ignored.
    ///
    /// ```
    /// use grounder::{GroundOptions, Session, Source};
    /// use solver_core::{Atom, Body, Literal};
    ///
    /// let mut session = Session::new(GroundOptions::default());
    /// let text = "{r}. q :- r. #program step. s :- q. t :- not q. #show s/0. #show t/0.";
    /// session.add(&Source::new("<block>", text)).unwrap();
    /// let base = session.ground(&[("base", vec![])]).unwrap();
    /// // Say the solver fixed `q` false (atom 2).
    /// assert_eq!(session.atom_symbol(Atom(2)).unwrap().to_string(), "q");
    /// session.clean_up(&[Literal::negative(Atom(2))]);
    /// let step = session.ground(&[("step", vec![])]).unwrap();
    /// // `s :- q.` is not instantiated, `t :- not q.` is the fact `t`.
    /// assert_eq!(step.program.rules.len(), 1);
    /// assert_eq!(step.program.rules[0].body, Body::Normal(vec![]));
    /// assert_eq!(step.shown.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["t"]);
    /// ```
    pub fn clean_up(&mut self, fixed: &[Literal]) -> Cleaned {
        let mut cleaned = Cleaned::default();
        for &literal in fixed {
            let Some(a) = self.grounder_atom(literal.atom()) else {
                continue;
            };
            match literal.is_positive() {
                true if self.make_fact(a) => cleaned.facts += 1,
                false if self.state.kept.store.remove_from_domain(a) => cleaned.removed += 1,
                _ => {}
            }
        }
        cleaned
    }

    /// The grounder atom aspif atom `atom` was given to, if it is still its term's atom.
    fn grounder_atom(&self, atom: solver_core::Atom) -> Option<AtomId> {
        let index = (atom.0 as usize).checked_sub(1)?;
        let val = self.state.atoms.get(index).copied().flatten()?;
        let a = self.state.kept.store.find(val)?;
        (self.state.emitted.number_of(a) == Some(atom)).then_some(a)
    }

    /// Makes `a` a fact the solver has already (no fact rule is written); whether it was not
    /// one before.
    fn make_fact(&mut self, a: AtomId) -> bool {
        if !self.state.kept.store.set_fact(&self.table, a) {
            return false;
        }
        if let Some(t) = self.state.truth.get_mut(a.0 as usize) {
            *t = Truth::True;
        }
        self.state.emitted.fact_written(a);
        true
    }
}
