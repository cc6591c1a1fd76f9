//! Bound checks as [`Tri`]s: weight rules for sums (see [`SumForm`] for the certain weights),
//! `#min`/`#max` (see `extremes`), and the value of the simple literals inside elements.

use super::{conj, open_sum, weight, Tri, Weighted};
use crate::ast::{AggregateFunction, CompareOp, Sign};
use crate::instantiate::{compare, GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::rules::{Lit, Rule};
use crate::term::eval::Binding;
use crate::term::intern::Val;

/// How `sum >= k` is written when the elements leave it open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SumForm {
    /// As gringo writes a body aggregate: the literal of the only element when no other one
    /// has a weight (`#count{1 : p} >= 1` is `p`), else a weight rule keeping each certain
    /// element as the literal that always holds (`not` an atom without rules) and the bound
    /// unchanged. clasp's preprocessing does not read such a rule as the one literal it needs,
    /// which the literal aliases of brave/cautious consequences under a projection follow.
    Gringo,
    /// As gringo writes the bounds of a head aggregate: a weight rule keeping each certain
    /// element as the literal that always holds and the bound unchanged, as [`SumForm::Gringo`],
    /// but never the one literal of the only element (`q(2). { q(2); b } 1.` is `x :- 2 <=
    /// #sum{1:b; 1:not y}.`). clasp sees `b` false only after its first classification, when
    /// `y` without rules becomes false; brave consequences under a projection follow that
    /// (known-mismatches seed 101054).
    Head,
}

impl Grounder<'_> {
    /// Whether the aggregate value satisfies all `bounds` (`recursive`: the aggregate depends
    /// positively on its rule's head, see `recursion`; `form`: how open sums are written).
    pub(super) fn bounds_tri(
        &mut self,
        function: AggregateFunction,
        elems: &[Weighted],
        bounds: &[(CompareOp, Val)],
        recursive: bool,
        form: SumForm,
    ) -> Result<Tri, Stop> {
        let mut lits = Vec::new();
        for &(op, b) in bounds {
            let tri = match function {
                _ if recursive => self.recursive_bound_tri(function, elems, op, b)?,
                AggregateFunction::Min | AggregateFunction::Max if form == SumForm::Gringo => {
                    self.gringo_extreme_tri(function == AggregateFunction::Max, elems, op, b)?
                }
                AggregateFunction::Min | AggregateFunction::Max => {
                    self.extreme_tri(function == AggregateFunction::Max, elems, op, b)?
                }
                _ => self.sum_tri(elems, op, b, form)?,
            };
            match tri {
                Tri::True => {}
                Tri::False => return Ok(Tri::False),
                Tri::Lits(l) => lits.extend(l),
            }
        }
        let extreme = matches!(function, AggregateFunction::Min | AggregateFunction::Max);
        Ok(match lits.len() {
            0 => Tri::True,
            // gringo writes a #min/#max body aggregate as one literal: the conjunction of its
            // bounds' literals is an auxiliary atom.
            n if n > 1 && extreme && form == SumForm::Gringo && !recursive => {
                Tri::Lits(vec![GLit::pos(self.define_aux(vec![lits])?)])
            }
            _ => Tri::Lits(lits),
        })
    }

    pub(crate) fn sum_tri(
        &mut self,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
        form: SumForm,
    ) -> Result<Tri, Stop> {
        let Val::Num(n) = b else {
            let holds = compare(self.table, op, Val::Num(0), b);
            return Ok(if holds { Tri::True } else { Tri::False });
        };
        let n = i64::from(n);
        Ok(match op {
            CompareOp::Ge => self.sum_ge(elems, n, form)?,
            CompareOp::Gt => self.sum_ge(elems, n + 1, form)?,
            CompareOp::Le => {
                let t = self.sum_ge(elems, n + 1, form)?;
                self.negate(t)?
            }
            CompareOp::Lt => {
                let t = self.sum_ge(elems, n, form)?;
                self.negate(t)?
            }
            CompareOp::Eq | CompareOp::Ne => {
                let ge = self.sum_ge(elems, n, form)?;
                let gt = self.sum_ge(elems, n + 1, form)?;
                let not_gt = self.negate(gt)?;
                let eq = conj(ge, not_gt);
                if op == CompareOp::Eq {
                    eq
                } else {
                    self.negate(eq)?
                }
            }
        })
    }

    /// `sum >= k`. A negated literal `not a` with a negative weight is written as its stand-in
    /// `x :- not a.`: the solver moves a negative weight to the complement (clasp's
    /// normalisation), which must be `not x` (`not not a`, no positive dependency on `a`, as in
    /// Ferraris' reduct and gringo's output), not `a` (`r :- #sum { -1 : not r } >= 0.` has the
    /// answer sets {} and {r}).
    pub(crate) fn sum_ge(
        &mut self,
        elems: &[Weighted],
        k: i64,
        form: SumForm,
    ) -> Result<Tri, Stop> {
        let (mut need, mut uncertain) = match open_sum(elems, k) {
            Ok(open) => open,
            Err(decided) => return Ok(decided),
        };
        if form == SumForm::Gringo {
            if let Some(only) = only_weighted(elems, &uncertain) {
                return Ok(Tri::Lits(vec![only]));
            }
        }
        let keeps_certain = matches!(form, SumForm::Gringo | SumForm::Head);
        if keeps_certain && !uncertain.iter().any(|(l, _)| self.is_stand_in(*l)) {
            let always = GLit::neg(self.never_aux());
            for (w, _) in elems.iter().filter(|(w, l)| l.is_none() && weight(w) != 0) {
                need += weight(w);
                uncertain.push((always, weight(w)));
            }
        }
        for (lit, w) in &mut uncertain {
            if *w < 0 && !lit.positive {
                *lit = GLit::pos(self.not_aux(lit.atom)?);
            }
        }
        let aux = self.store.aux();
        self.push_rule(GRule {
            choice: false,
            head: vec![aux],
            body: GBody::Weight {
                lower: need,
                elems: uncertain,
            },
        })?;
        Ok(Tri::Lits(vec![GLit::pos(aux)]))
    }

    /// Whether some element whose weight satisfies `weight op b` holds.
    pub(crate) fn exists(
        &mut self,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
    ) -> Result<Tri, Stop> {
        let mut lits = Vec::new();
        for (w, l) in elems {
            if !compare(self.table, op, *w, b) {
                continue;
            }
            match l {
                None => return Ok(Tri::True),
                Some(l) => lits.push(vec![*l]),
            }
        }
        if lits.is_empty() {
            return Ok(Tri::False);
        }
        Ok(Tri::Lits(vec![self.disj_lit(lits)?]))
    }

    /// The negation of a three-valued literal. The negation of `not a` is `not x` with
    /// `x :- not a.`, never `a`: `not not a` does not depend positively on `a`, so a rule
    /// `p :- not #count{1 : p} <= 0.` can support `p` (`p :- not not p.`), as in clingo.
    pub(crate) fn negate(&mut self, t: Tri) -> Result<Tri, Stop> {
        Ok(match t {
            Tri::True => Tri::False,
            Tri::False => Tri::True,
            Tri::Lits(l) => match l.as_slice() {
                [one] if one.positive => Tri::Lits(vec![one.negate()]),
                [one] => Tri::Lits(vec![self.not_not(one.negate())?]),
                _ => Tri::Lits(vec![GLit::neg(self.define_aux(vec![l])?)]),
            },
        })
    }

    /// The ground value of a simple literal (atom, comparison, boolean) under `binding`. An
    /// unstratified negated atom is not decided by its domain and stays open (as in
    /// `Grounder::negative_candidates`): `x :- not a : q(W). {a} :- x, a.` keeps `not a`.
    pub(super) fn simple_tri(
        &mut self,
        rule: &Rule,
        lit: &Lit,
        binding: &Binding,
    ) -> Result<Tri, Stop> {
        match lit {
            Lit::Bool(b) => Ok(if *b { Tri::True } else { Tri::False }),
            Lit::Cmp(op, l, r) => {
                let (Some(x), Some(y)) = (
                    self.eval_term(rule, l, binding),
                    self.eval_term(rule, r, binding),
                ) else {
                    return Ok(Tri::False);
                };
                Ok(if compare(self.table, *op, x, y) {
                    Tri::True
                } else {
                    Tri::False
                })
            }
            Lit::Atom(sign, pat) => {
                let Some(atom) = self.ground_atom(rule, pat, binding) else {
                    return Ok(Tri::False);
                };
                let info = self.store.info(atom);
                let fact = info.is_some_and(|i| i.fact);
                let derivable = info.is_some_and(|i| i.in_domain);
                let open = *sign != Sign::None && self.unstratified_negation(pat);
                if open && !fact {
                    self.open_negated.insert(atom);
                }
                let complete = !open && self.settled(atom, pat);
                let positive = if fact {
                    Tri::True
                } else if complete && !derivable {
                    Tri::False
                } else {
                    Tri::Lits(vec![GLit::pos(atom)])
                };
                match sign {
                    Sign::None => Ok(positive),
                    Sign::Not => self.negate(positive),
                    Sign::NotNot => {
                        let n = self.negate(positive)?;
                        self.negate(n)
                    }
                }
            }
            _ => Ok(Tri::True),
        }
    }

    /// A positive literal with variables bound neither globally nor by the condition holds
    /// when some instance of it does (gringo grounds `e(X) : f(Y)` to `e(1)|e(2)`).
    pub(super) fn existential_tri(
        &mut self,
        rule: &Rule,
        lit: &Lit,
        binding: &mut Binding,
    ) -> Result<Tri, Stop> {
        let mut alternatives: Vec<Vec<GLit>> = Vec::new();
        let mut certain = false;
        self.sub_join(
            rule,
            std::slice::from_ref(lit),
            binding,
            Mode::Emit,
            &mut |_, _, l| {
                if l.is_empty() {
                    certain = true;
                } else {
                    alternatives.push(l.to_vec());
                }
                Ok(())
            },
        )?;
        if certain {
            return Ok(Tri::True);
        }
        if alternatives.is_empty() {
            return Ok(Tri::False);
        }
        Ok(Tri::Lits(vec![self.disj_lit(alternatives)?]))
    }
}

impl Grounder<'_> {
    /// Whether `l` is `not x` for an auxiliary atom `x` (a `not not a` stand-in): clasp
    /// replaces it by its equivalent and simplifies the body again, dropping the literals
    /// that always hold, so the certain weights are folded into the bound then.
    fn is_stand_in(&self, l: GLit) -> bool {
        !l.positive && self.store.info(l.atom).is_some_and(|i| i.val.is_none())
    }
}

/// The literal of the only element with a weight, when it is uncertain with a positive weight
/// (gringo writes the aggregate as that literal).
fn only_weighted(elems: &[Weighted], uncertain: &[(GLit, i64)]) -> Option<GLit> {
    let certain = elems.iter().any(|(w, l)| l.is_none() && weight(w) != 0);
    let mut weighty = uncertain.iter().filter(|(_, w)| *w != 0);
    match (certain, weighty.next(), weighty.next()) {
        (false, Some(&(only, w)), None) if w > 0 => Some(only),
        _ => None,
    }
}
