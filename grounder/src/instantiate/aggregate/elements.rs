//! Aggregate elements: each element's condition joined under the rule's binding, instances
//! grouped by tuple (a tuple holds when any of its conditions does), and their weights.

use super::{Groups, Weighted};
use crate::ast::{AggregateFunction, Span};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GLit, Grounder, Mode, Stop};
use crate::normalize::rules::{AggElem, AggLit, AtomPat, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::Binding;
use crate::term::intern::Val;

/// The variables of `agg` (elements and bounds) bound outside it, in `rule`'s body.
fn aggregate_globals(rule: &Rule, agg: &AggLit) -> Vec<u32> {
    let mut vars = Vec::new();
    agg.bounds.iter().for_each(|(_, t)| t.vars(&mut vars));
    for e in &agg.elems {
        e.terms.iter().for_each(|t| t.vars(&mut vars));
        e.cond.iter().for_each(|l| safety::lit_vars(l, &mut vars));
    }
    vars.retain(|v| rule.globals.contains(v));
    vars.sort_unstable();
    vars.dedup();
    vars
}

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
        let mut outer = aggregate_globals(rule, agg);
        // Not the variable an assignment `N = #sum{..}` binds.
        outer.retain(|&v| binding.get(v as usize).is_some_and(Option::is_some));
        for (index, e) in agg.elems.iter().enumerate() {
            let terms = &e.terms;
            self.sub_join(rule, &e.cond, binding, mode, &mut |g, b, lits| {
                tuple.clear();
                for t in terms {
                    match g.eval_term(rule, t, b) {
                        Some(v) => tuple.push(v),
                        None => return Ok(()),
                    }
                }
                if let Some(span) = &e.weight_span {
                    if g.ignored_weight(agg.function, &tuple) {
                        // A join for the domains (`Domain`) may meet the aggregate before
                        // its global variables are bound: no instance gringo accumulates.
                        if let Some(key) = g.instance_key(&outer, e, b) {
                            let at = (agg.span.start, index);
                            if let Some(info) = g.tuple_ignored(span, &tuple, key) {
                                g.pending_ignored.push((at, info));
                            }
                        }
                    }
                }
                groups.add(&tuple, lits, index as u32);
                Ok(())
            })?;
        }
        Ok(groups)
    }

    /// Whether a body `#sum` ignores a tuple (its weight is not an integer) or a `#sum+` does
    /// (its weight is negative or not an integer).
    pub(super) fn ignored_weight(&self, function: AggregateFunction, tuple: &[Val]) -> bool {
        match (function, tuple.first()) {
            (AggregateFunction::Sum, Some(w)) => !matches!(w, Val::Num(_)),
            (AggregateFunction::SumPlus, Some(w)) => !matches!(w, Val::Num(n) if *n >= 0),
            _ => false,
        }
    }

    /// What tells one of gringo's accumulations of an element instance from another: the
    /// values of the aggregate's global variables `outer` and of the variables of the
    /// condition's literals over predicates with atoms that are no facts. gringo grounds an
    /// element once per binding of those (its "important" variables; the tuple's values are
    /// the rest), so `#sum+{-1,k : p(W)}` is accumulated once per atom `p(W)` of a choice but
    /// once in all when the `p` atoms are facts. `None` while a global variable is unbound.
    fn instance_key(&mut self, outer: &[u32], e: &AggElem, b: &Binding) -> Option<Vec<Val>> {
        if outer
            .iter()
            .any(|&v| b.get(v as usize).copied().flatten().is_none())
        {
            return None;
        }
        let mut vars = outer.to_vec();
        for lit in &e.cond {
            if let Lit::Atom(_, pat) = lit {
                if !self.only_facts(pat) {
                    pat.args.iter().for_each(|t| t.vars(&mut vars));
                }
            }
        }
        vars.sort_unstable();
        vars.dedup();
        vars.iter()
            .map(|&v| b.get(v as usize).copied().flatten())
            .collect()
    }

    /// Whether `pat`'s predicate is complete with facts only (gringo's positively stratified
    /// occurrence; in the component being grounded it is not).
    fn only_facts(&mut self, pat: &AtomPat) -> bool {
        let pred = self.store.pred(pat.pred);
        if let Some(&known) = self.facts_only.get(&pred) {
            return known;
        }
        let Some(domain) = self.store.preds.get(pred as usize) else {
            return true;
        };
        if !domain.complete {
            return false;
        }
        let only = domain.members.iter().all(|&a| self.store.is_fact(a));
        self.facts_only.insert(pred, only);
        only
    }

    /// `info: tuple ignored`, once per element instance as gringo accumulates it (`key`, see
    /// `instance_key`), for a tuple a `#sum` or `#sum+` ignores; `None` when given already.
    pub(super) fn tuple_ignored(
        &mut self,
        span: &Span,
        tuple: &[Val],
        key: Vec<Val>,
    ) -> Option<Diagnostic> {
        if !self
            .ignored_seen
            .insert((span.clone(), tuple.to_vec(), key))
        {
            return None;
        }
        let text: Vec<String> = tuple
            .iter()
            .map(|v| self.table.show(*v).to_string())
            .collect();
        Some(Diagnostic {
            severity: Severity::Info,
            span: Some(span.clone()),
            message: "tuple ignored:".into(),
            notes: vec![Note {
                span: None,
                text: text.join(","),
            }],
        })
    }

    /// Gives the body aggregates' `tuple ignored` infos of the rule just joined in gringo's
    /// order: it grounds each element of each aggregate as a statement of its own, so an
    /// element's infos for all the rule's bindings come before the next element's.
    pub(crate) fn flush_ignored(&mut self) {
        let mut pending = std::mem::take(&mut self.pending_ignored);
        pending.sort_by_key(|(at, _)| *at);
        self.infos.extend(pending.into_iter().map(|(_, info)| info));
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
