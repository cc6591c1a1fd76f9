//! `info: tuple ignored` for body `#sum`/`#sum+` elements, given as gringo accumulates them.
//!
//! gringo grounds each element of a body aggregate as a statement of its own (an
//! "accumulation"): its body is the rule's literals *before* the aggregate in gringo's sorted
//! body (see `normalize::body_order`), then the element's condition. Its instantiator
//! reports once per binding of the statement's important variables (the aggregate's global
//! variables, the tuple's, and those of condition literals over predicates that are not
//! complete with facts only); a report whose weight is not an integer (`#sum`), or is negative
//! (`#sum+`), gives the info. So the infos do not follow our own join of the rule: a literal
//! after the aggregate in gringo's order that fails does not stop them (`h :- #sum+{-1:p}, b.`
//! with `b` underivable informs), one before it does (`h :- b, #sum+{-1:p}.` does not).
//!
//! [`Grounder::report_ignored_tuples`] does that accumulation once per rule, after the rule is
//! grounded (after its component's fixpoint for a recursive rule): the prefix joined in
//! `Mode::Domain` (no atom or rule created; `not not l` read as `l`), projected onto the
//! aggregate's global variables, then each element's condition under each projection.
//!
//! # Invariants
//! - Messages only: nothing here changes the ground program.
//! - An instance is reported once per rule (pooled copies of a rule are rules of their own,
//!   as in gringo), element by element in the order written.

use fxhash::FxHashSet;

use crate::ast::{AggregateFunction, Sign, Span};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::{Grounder, Mode, Stop};
use crate::normalize::body_order::sorted_body;
use crate::normalize::print::Printer;
use crate::normalize::rules::{AggElem, AggLit, AtomPat, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::{eval, Binding, T};
use crate::term::intern::Val;

/// The variables of `agg` (elements and bounds) bound outside it, in `rule`'s body.
fn aggregate_globals(rule: &Rule, agg: &AggLit) -> Vec<u32> {
    let mut vars = Vec::new();
    agg.bounds.iter().for_each(|(_, t)| t.vars(&mut vars));
    for e in &agg.elems {
        e.terms.iter().for_each(|t| t.vars(&mut vars));
        e.domain_cond()
            .iter()
            .for_each(|l| safety::lit_vars(l, &mut vars));
    }
    vars.retain(|v| rule.globals.contains(v));
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// Whether an element's weight may be ignored: not a constant that `function` counts.
fn may_ignore(function: AggregateFunction, e: &AggElem) -> bool {
    if e.weight_span.is_none() {
        return false;
    }
    match (function, e.terms.first()) {
        (AggregateFunction::Sum, Some(T::Val(Val::Num(_)))) => false,
        (AggregateFunction::SumPlus, Some(T::Val(Val::Num(n)))) => *n < 0,
        (AggregateFunction::Sum | AggregateFunction::SumPlus, _) => true,
        _ => false,
    }
}

/// A literal as the accumulation matches it without creating atoms: `not not l` as `l`.
fn matched_as(lit: &Lit) -> Lit {
    match lit {
        Lit::Atom(Sign::NotNot, pat) => Lit::Atom(Sign::None, pat.clone()),
        other => other.clone(),
    }
}

impl Grounder<'_> {
    /// Gives the `tuple ignored` infos of `rule`'s body aggregates as gringo's accumulations
    /// give them (see the module doc).
    pub(crate) fn report_ignored_tuples(&mut self, rule: &Rule) -> Result<(), Stop> {
        let may = |l: &Lit| match l {
            Lit::Agg(agg) => agg.elems.iter().any(|e| may_ignore(agg.function, e)),
            _ => false,
        };
        if !rule.body.iter().any(may) {
            return Ok(());
        }
        let printer = Printer {
            table: self.table,
            names: &rule.var_names,
        };
        let order = sorted_body(&printer, rule);
        let mut aggs: Vec<(&AggLit, Vec<Lit>)> = Vec::new();
        for (pos, &i) in order.iter().enumerate() {
            let Some(Lit::Agg(agg)) = rule.body.get(i).filter(|l| may(l)) else {
                continue;
            };
            let before = order.get(..pos).unwrap_or(&[]);
            let prefix = before
                .iter()
                .filter_map(|&j| rule.body.get(j).map(matched_as))
                .collect();
            aggs.push((agg, prefix));
        }
        aggs.sort_by_key(|(agg, _)| agg.span.start);
        for (agg, prefix) in aggs {
            self.accumulate_ignored(rule, agg, &prefix)?;
        }
        Ok(())
    }

    /// The accumulations of `agg`'s elements after `prefix` (see the module doc).
    fn accumulate_ignored(
        &mut self,
        rule: &Rule,
        agg: &AggLit,
        prefix: &[Lit],
    ) -> Result<(), Stop> {
        let globals = aggregate_globals(rule, agg);
        let mut binding: Binding = vec![None; rule.var_names.len()];
        for p in &rule.params {
            if let Some(slot) = binding.get_mut(p.var as usize) {
                *slot = Some(p.value);
            }
        }
        let mut seen = FxHashSet::default();
        let mut outers: Vec<Vec<Option<Val>>> = Vec::new();
        self.sub_join(rule, prefix, &mut binding, Mode::Domain, &mut |_, b, _| {
            let outer: Vec<Option<Val>> = globals
                .iter()
                .map(|&v| b.get(v as usize).copied().flatten())
                .collect();
            if seen.insert(outer.clone()) {
                outers.push(outer);
            }
            Ok(())
        })?;
        for (index, e) in agg.elems.iter().enumerate() {
            if !may_ignore(agg.function, e) {
                continue;
            }
            let cond: Vec<Lit> = e.domain_cond().iter().map(matched_as).collect();
            for outer in &outers {
                for (&v, val) in globals.iter().zip(outer) {
                    if let Some(slot) = binding.get_mut(v as usize) {
                        *slot = *val;
                    }
                }
                let bound: Vec<u32> = globals
                    .iter()
                    .zip(outer)
                    .filter(|(_, val)| val.is_some())
                    .map(|(&v, _)| v)
                    .collect();
                self.sub_join(rule, &cond, &mut binding, Mode::Domain, &mut |g, b, _| {
                    g.accumulated(agg.function, (index, e), (&bound, b));
                    Ok(())
                })?;
            }
        }
        Ok(())
    }

    /// One accumulated instance of element `e` under `b` (`outer`: the aggregate's bound
    /// global variables): the info when its weight is ignored and the instance is new.
    fn accumulated(
        &mut self,
        function: AggregateFunction,
        (index, e): (usize, &AggElem),
        (outer, b): (&[u32], &Binding),
    ) {
        let Some(span) = &e.weight_span else { return };
        let mut tuple = Vec::with_capacity(e.terms.len());
        for t in &e.terms {
            match eval(self.table, t, b) {
                Ok(v) => tuple.push(v),
                Err(_) => return,
            }
        }
        if !Self::ignored_weight(function, &tuple) {
            return;
        }
        let key = self.instance_key(outer, (index, e), b);
        if let Some(info) = self.tuple_ignored(span, &tuple, key) {
            self.infos.push(info);
        }
    }

    /// Whether a body `#sum` ignores a tuple (its weight is not an integer) or a `#sum+` does
    /// (its weight is negative or not an integer).
    fn ignored_weight(function: AggregateFunction, tuple: &[Val]) -> bool {
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
    /// once in all when the `p` atoms are facts. The element's position `index` comes first:
    /// the elements a pool in one condition unfolds into (`#sup : q(W), W = (2;3)`) are
    /// accumulated apart, as gringo unpools them into elements of their own.
    fn instance_key(
        &mut self,
        outer: &[u32],
        (index, e): (usize, &AggElem),
        b: &Binding,
    ) -> Vec<Option<Val>> {
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
        let position = Val::Num(i32::try_from(index).unwrap_or(i32::MAX));
        std::iter::once(Some(position))
            .chain(vars.iter().map(|&v| b.get(v as usize).copied().flatten()))
            .collect()
    }

    /// Whether `pat`'s predicate is complete with facts only (gringo's positively stratified
    /// occurrence; in the component being grounded it is not).
    pub(crate) fn only_facts(&mut self, pat: &AtomPat) -> bool {
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

    /// `info: tuple ignored` for `tuple` at `span`, once per rule and instance `key`; `None`
    /// when given already.
    pub(super) fn tuple_ignored(
        &mut self,
        span: &Span,
        tuple: &[Val],
        key: Vec<Option<Val>>,
    ) -> Option<Diagnostic> {
        let seen = (self.current_rule, span.clone(), tuple.to_vec(), key);
        if !self.ignored_seen.insert(seen) {
            return None;
        }
        Some(self.ignored_info(span, tuple))
    }

    /// The `info: tuple ignored` for `tuple` at `span`.
    pub(super) fn ignored_info(&self, span: &Span, tuple: &[Val]) -> Diagnostic {
        let text: Vec<String> = tuple
            .iter()
            .map(|v| self.table.show(*v).to_string())
            .collect();
        Diagnostic {
            severity: Severity::Info,
            span: Some(span.clone()),
            message: "tuple ignored:".into(),
            notes: vec![Note {
                span: None,
                text: text.join(","),
            }],
        }
    }
}
