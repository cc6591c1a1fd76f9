//! gringo's elements of a body conditional literal: the instances `l : c_i` of one literal
//! instance grouped into one element `l : c_1 | c_2 | ..`.
//!
//! gringo keys an element of `H :- q(X,Y) : r(X,Z).` by the values of the local variables
//! the literal shares with its condition (`X`): the instances that differ only in the
//! condition's own variables (`Z`) are one element, whose condition is the disjunction of
//! theirs (`not p(2) : p(W)` over `p(1..3)` is one element `not p(2) : p(1) | p(2) | p(3)`).
//! An element with at least two uncertain conditions is written as gringo writes it:
//! `e :- h. h :- l. e :- not k.` with `k` the disjunction of the conditions (`k :- c_i.`,
//! a condition of several literals through an atom `d :- c_i.`); when the condition is
//! recursive (gringo's non-monotone conjunction) and `l` can hold, `k` is also an
//! equivalence (`c_1 | c_2 | .. :- k.`, `a :- d.` for each literal `a` of a condition `d`)
//! and `e | k :- not not h.` makes `e` mean `k → l` under the reduct. clasp reads the
//! disjunction `c_1 | c_2 | ..` as a rule of each `c_i`, which keeps an atom that also has
//! a plain rule apart from that rule's body (seed 76491: `p(1) :- a.` no longer makes `a`
//! and `p(1)` one variable), so the grouping shows under a projection.
//!
//! A disjunct moved into the body from a disjunction (see `negheads`) keeps its instances
//! apart: gringo groups a disjunction element's instances too, but writes no `c_1 | c_2 | ..
//! :- k.` for them, which would give an external condition atom a rule (full seed 52006,
//! tests/regressions/disjunction-double-negated-element-over-external-condition).
//!
//! # Invariants
//! - An element with one uncertain condition keeps the per-instance translation
//!   (`conditional::conditional_instance`), and one with a certain condition is its literal
//!   (the uncertain instances of the same literal are implied by it).

use super::Tri;
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Stop};

impl Grounder<'_> {
    /// The literal standing for the element `l : c_1 | c_2 | ..` (`tri` is `l`, `conds` the
    /// uncertain conditions, at least two, deduplicated); `recursive`: gringo's non-monotone
    /// conjunction (the condition depends on the rule's head).
    pub(super) fn grouped_element(
        &mut self,
        tri: Tri,
        conds: &[Vec<GLit>],
        recursive: bool,
    ) -> Result<Vec<GLit>, Stop> {
        let head = match tri {
            Tri::True => return Ok(Vec::new()),
            Tri::False => None,
            Tri::Lits(l) => Some(l),
        };
        let element = self.store.aux();
        let head_atom = match head {
            Some(l) => {
                let h = self.define_aux(vec![l])?;
                self.push_normal(vec![element], vec![GLit::pos(h)])?;
                Some(h)
            }
            None => None,
        };
        let equivalence = recursive && head_atom.is_some();
        let check = self.equal_condition_formula(conds, equivalence)?;
        self.push_normal(vec![element], vec![GLit::neg(check)])?;
        if let (true, Some(h)) = (equivalence, head_atom) {
            let support = self.not_not(GLit::pos(h))?;
            self.push_normal(vec![element, check], vec![support])?;
        }
        Ok(vec![GLit::pos(element)])
    }

    /// gringo's `getEqualFormula`: an atom `k :- d_j.` for the disjunction of the conditions,
    /// `d_j` the condition's literal or an atom `d_j :- c_j.` for its conjunction; with
    /// `equivalence` also `d_1 | d_2 | .. :- k.` and `a :- d_j.` for each literal `a` of `c_j`
    /// (a negative `d_j` or `a` goes into the body doubly negated).
    fn equal_condition_formula(
        &mut self,
        conds: &[Vec<GLit>],
        equivalence: bool,
    ) -> Result<AtomId, Stop> {
        let mut disjuncts = Vec::with_capacity(conds.len());
        for c in conds {
            disjuncts.push(self.equal_condition_clause(c, equivalence)?);
        }
        let check = self.define_aux(disjuncts.iter().map(|&d| vec![d]).collect())?;
        if equivalence {
            self.push_implied(&disjuncts, GLit::pos(check))?;
        }
        Ok(check)
    }

    /// The literal of one condition for [`Self::equal_condition_formula`].
    fn equal_condition_clause(&mut self, cond: &[GLit], equivalence: bool) -> Result<GLit, Stop> {
        if let [only] = cond {
            return Ok(*only);
        }
        let d = self.define_aux(vec![cond.to_vec()])?;
        if equivalence {
            for &a in cond {
                self.push_implied(&[a], GLit::pos(d))?;
            }
        }
        Ok(GLit::pos(d))
    }

    /// `h_1 | h_2 | .. :- body.` with a negative `h_i = not e` moved into the body as its
    /// complement `not not e`.
    fn push_implied(&mut self, heads: &[GLit], body: GLit) -> Result<(), Stop> {
        let mut atoms = Vec::with_capacity(heads.len());
        let mut rule_body = vec![body];
        for &h in heads {
            if h.positive {
                atoms.push(h.atom);
            } else {
                rule_body.push(self.not_not(GLit::pos(h.atom))?);
            }
        }
        self.push_normal(atoms, rule_body)
    }

    /// Adds the rule `head :- body.` (a disjunction when `head` has several atoms).
    fn push_normal(&mut self, head: Vec<AtomId>, body: Vec<GLit>) -> Result<(), Stop> {
        self.push_rule(GRule {
            choice: false,
            head,
            body: GBody::Normal(body),
        })
    }
}
