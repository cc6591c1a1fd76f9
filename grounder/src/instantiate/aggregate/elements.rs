//! Aggregate elements: each element's condition joined under the rule's binding, instances
//! grouped by tuple (a tuple holds when any of its conditions does), and their weights.

use super::{Groups, Weighted};
use crate::ast::AggregateFunction;
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GLit, Grounder, Mode, Stop};
use crate::normalize::rules::{AggLit, Rule};
use crate::term::eval::Binding;
use crate::term::intern::Val;

impl Grounder<'_> {
    /// The tuples of aggregate elements under `binding` with the condition literals of each.
    pub(super) fn agg_instances(
        &mut self,
        rule: &Rule,
        agg: &AggLit,
        binding: &mut Binding,
        mode: Mode,
    ) -> Result<Groups, Stop> {
        let mut groups = Groups::default();
        let mut tuple = Vec::new();
        for (index, e) in agg.elems.iter().enumerate() {
            let terms = &e.terms;
            let mut element = |g: &mut Grounder<'_>, b: &mut Binding| {
                g.sub_join(rule, &e.cond, b, mode, &mut |g, b, lits| {
                    tuple.clear();
                    for t in terms {
                        match g.eval_term(rule, t, b) {
                            Some(v) => tuple.push(v),
                            None => return Ok(()),
                        }
                    }
                    groups.add(&tuple, lits, index as u32);
                    Ok(())
                })
            };
            if e.filter.is_empty() {
                element(self, binding)?;
            } else {
                // The filter's instances bind variables only: their literals are dropped.
                self.sub_join(rule, &e.filter, binding, Mode::Domain, &mut |g, b, _| {
                    element(g, b)
                })?;
            }
        }
        Ok(groups)
    }

    /// The weight of a tuple for `function`; `None` when the tuple does not count.
    pub(crate) fn weight_of(function: AggregateFunction, tuple: &[Val]) -> Option<Val> {
        match function {
            AggregateFunction::Count => Some(Val::Num(1)),
            AggregateFunction::Sum => match tuple.first() {
                Some(Val::Num(n)) if *n != 0 => Some(Val::Num(*n)),
                _ => None,
            },
            AggregateFunction::SumPlus => match tuple.first() {
                Some(Val::Num(n)) if *n > 0 => Some(Val::Num(*n)),
                _ => None,
            },
            AggregateFunction::Min | AggregateFunction::Max => tuple.first().copied(),
        }
    }

    /// Groups with weights, each uncertain group turned into one literal (emit mode only).
    pub(super) fn weighted(
        &mut self,
        function: AggregateFunction,
        groups: &Groups,
        mode: Mode,
    ) -> Result<Vec<Weighted>, Stop> {
        let mut out = Vec::new();
        for group in 0..groups.len() {
            let Some(w) = Self::weight_of(function, groups.tuple(group)) else {
                continue;
            };
            let mut alts = groups.alternatives(group);
            if groups.alternatives(group).any(<[GLit]>::is_empty) {
                out.push((w, None));
            } else if mode == Mode::Domain {
                out.push((w, Some(GLit::pos(AtomId(0)))));
            } else if let (Some([lit]), None) = (alts.next(), alts.next()) {
                // One alternative of one literal: the literal itself (what `disj_lit` returns).
                out.push((w, Some(*lit)));
            } else {
                let alts = groups.alternatives(group).map(<[GLit]>::to_vec).collect();
                let lit = self.disj_lit(alts)?;
                out.push((w, Some(lit)));
            }
        }
        Ok(out)
    }

    /// A literal for a disjunction of conjunctions (each non-empty).
    pub(crate) fn disj_lit(&mut self, mut alts: Vec<Vec<GLit>>) -> Result<GLit, Stop> {
        alts.sort();
        alts.dedup();
        if let [only] = alts.as_slice() {
            if let [lit] = only.as_slice() {
                return Ok(*lit);
            }
        }
        let aux = self.define_aux(alts.clone())?;
        self.aux_alternatives.insert(aux, alts);
        Ok(GLit::pos(aux))
    }
}
