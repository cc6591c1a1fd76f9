//! `#min` and `#max` bounds as [`Tri`]s. `#max >= b` holds iff some element of weight `>= b`
//! holds and `#max <= b` iff none of weight `> b` does; `#min` is the mirror image, and the
//! empty aggregate's value is `#inf` (`#max`) or `#sup` (`#min`). Two writings:
//! [`Grounder::extreme_tri`] (disjunctions and their negations) and, as gringo writes a body
//! aggregate, [`Grounder::gringo_extreme_tri`] (conjunctions of negated elements).

use super::{conj, Tri, Weighted};
use crate::ast::CompareOp;
use crate::instantiate::{compare, GLit, Grounder, Stop};
use crate::term::intern::Val;

/// The comparisons of `#max op b`, or of `#min op b` read as the mirror image of a `#max`.
struct Sides {
    /// Weights toward the extreme from `b`, `b` included (`>=` for `#max`).
    toward: CompareOp,
    /// Weights strictly toward the extreme (`>` for `#max`).
    strict_toward: CompareOp,
    /// `op` as a bound on a `#max`.
    mirrored: CompareOp,
    /// The empty aggregate's value.
    empty: Val,
}

impl Sides {
    fn of(max: bool, op: CompareOp) -> Sides {
        use CompareOp::*;
        if max {
            Sides {
                toward: Ge,
                strict_toward: Gt,
                mirrored: op,
                empty: Val::Inf,
            }
        } else {
            Sides {
                toward: Le,
                strict_toward: Lt,
                mirrored: crate::normalize::rules::flip(op),
                empty: Val::Sup,
            }
        }
    }
}

impl Grounder<'_> {
    /// `#max op b` (or `#min op b` when `!max`).
    pub(crate) fn extreme_tri(
        &mut self,
        max: bool,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
    ) -> Result<Tri, Stop> {
        use CompareOp::*;
        let Sides {
            toward,
            strict_toward,
            mirrored,
            empty,
        } = Sides::of(max, op);
        Ok(match mirrored {
            Ge if b == empty => Tri::True,
            // Beyond the empty value (`#min{..} > #sup`, `#max{..} < #inf`): nothing is.
            Lt if b == empty => Tri::False,
            Ge => self.exists(elems, toward, b)?,
            Gt => self.exists(elems, strict_toward, b)?,
            Le => {
                let t = self.exists(elems, strict_toward, b)?;
                self.negate(t)?
            }
            Lt => {
                let t = self.exists(elems, toward, b)?;
                self.negate(t)?
            }
            Eq | Ne => {
                let at_least = if b == empty {
                    Tri::True
                } else {
                    self.exists(elems, toward, b)?
                };
                let beyond = self.exists(elems, strict_toward, b)?;
                let not_beyond = self.negate(beyond)?;
                let eq = conj(at_least, not_beyond);
                if op == Eq {
                    eq
                } else {
                    self.negate(eq)?
                }
            }
        })
    }

    /// `#max op b` (or `#min op b` when `!max`) as gringo writes a body aggregate: a bound
    /// that excludes the weights on the extreme's side (`#min >= b`) is the conjunction of the
    /// negations of those elements (`not q, not p`, each element's literal negated once, as
    /// `negate` does), not the negation of their disjunction, which clasp's preprocessing does
    /// not see through the same way (a choice rule whose body is `not q(1), not q(2)` loses the
    /// heads q(1), q(2)); `!=` is the disjunction of the elements beyond `b` and of the
    /// conjunction of the negated elements at `b`. The other bounds are disjunctions, as in
    /// [`Grounder::extreme_tri`].
    pub(crate) fn gringo_extreme_tri(
        &mut self,
        max: bool,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
    ) -> Result<Tri, Stop> {
        use CompareOp::*;
        let Sides {
            toward,
            strict_toward,
            mirrored,
            empty,
        } = Sides::of(max, op);
        if b == empty && matches!(mirrored, Ge | Lt) {
            return self.extreme_tri(max, elems, op, b);
        }
        Ok(match mirrored {
            Ge => self.exists(elems, toward, b)?,
            Gt => self.exists(elems, strict_toward, b)?,
            Le => self.none_of(elems, strict_toward, b)?,
            Lt => self.none_of(elems, toward, b)?,
            Eq => {
                let at_least = if b == empty {
                    Tri::True
                } else {
                    self.exists(elems, toward, b)?
                };
                conj(at_least, self.none_of(elems, strict_toward, b)?)
            }
            // The empty aggregate's value has no element at `b`: some element must hold.
            Ne if b == empty => self.exists(elems, strict_toward, b)?,
            Ne => self.beyond_or_none_at(elems, strict_toward, b)?,
        })
    }

    /// `!=` for `#min`/`#max`: some element beyond `b` (`weight op b`) holds, or none at `b`.
    fn beyond_or_none_at(
        &mut self,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
    ) -> Result<Tri, Stop> {
        let Some(beyond) = self.holding_lits(elems, op, b) else {
            return Ok(Tri::True);
        };
        let mut alts: Vec<Vec<GLit>> = beyond.into_iter().map(|l| vec![l]).collect();
        match self.none_of(elems, CompareOp::Eq, b)? {
            Tri::True => return Ok(Tri::True),
            Tri::False => {}
            Tri::Lits(none) if alts.is_empty() => return Ok(Tri::Lits(none)),
            Tri::Lits(none) => alts.push(none),
        }
        if alts.is_empty() {
            return Ok(Tri::False);
        }
        Ok(Tri::Lits(vec![self.disj_lit(alts)?]))
    }

    /// Whether no element whose weight satisfies `weight op b` holds: the conjunction of the
    /// elements' negations.
    fn none_of(&mut self, elems: &[Weighted], op: CompareOp, b: Val) -> Result<Tri, Stop> {
        let Some(holding) = self.holding_lits(elems, op, b) else {
            return Ok(Tri::False);
        };
        let mut lits = Vec::new();
        for l in holding {
            match self.negate(Tri::Lits(vec![l]))? {
                Tri::Lits(n) => lits.extend(n),
                decided => return Ok(decided),
            }
        }
        lits.dedup();
        Ok(if lits.is_empty() {
            Tri::True
        } else {
            Tri::Lits(lits)
        })
    }

    /// The literals of the elements whose weight satisfies `weight op b`, `None` when one of
    /// them certainly holds.
    fn holding_lits(&self, elems: &[Weighted], op: CompareOp, b: Val) -> Option<Vec<GLit>> {
        let mut lits = Vec::new();
        for (w, l) in elems {
            if compare(self.table, op, *w, b) {
                lits.push((*l)?);
            }
        }
        Some(lits)
    }
}
