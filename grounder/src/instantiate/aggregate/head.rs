//! Choice rules and head aggregates: choice rules over the element atoms plus the constraint
//! `:- body, not bound_holds` (only `:- body` when the bounds cannot be met).

use super::{Groups, SumForm, Tri};
use crate::ast::{AggregateFunction, Sign};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::print::Printer;
use crate::normalize::rules::{Bound, HeadElem, Rule};
use crate::term::eval::{Binding, T};
use crate::term::intern::Val;

impl Grounder<'_> {
    /// A choice rule (`function == None`) or head aggregate: choice rules for the element
    /// atoms and a constraint enforcing the bounds.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn head_aggregate(
        &mut self,
        rule: &Rule,
        function: Option<AggregateFunction>,
        elems: &[HeadElem],
        bounds: &[Bound],
        mode: Mode,
        binding: &mut Binding,
        body: &[GLit],
    ) -> Result<(), Stop> {
        let mut instances: Vec<HeadAggInstance> = Vec::new();
        for e in elems {
            if e.sign != Sign::None {
                let bounded = !bounds.is_empty();
                let found = self.literal_instances(rule, e, function, bounded, binding, mode)?;
                instances.extend(found);
                continue;
            }
            for (atom, terms, cond) in self.head_element_atoms(rule, e, binding, mode, false)? {
                if self.undefined_weight(rule, function, e, &terms, !bounds.is_empty()) {
                    continue;
                }
                let tuple = match function {
                    None => self
                        .store
                        .info(atom)
                        .and_then(|i| i.val)
                        .into_iter()
                        .collect(),
                    Some(_) => terms,
                };
                instances.push((tuple, Some(atom), cond));
            }
        }
        let Some(bvals) = self.eval_bounds(rule, bounds, binding) else {
            // An undefined bound drops the rule instance, as in clingo.
            return Ok(());
        };
        let bvals = Some(bvals);
        let count = AggregateFunction::Count;
        let delayed = function.is_some() || !bounds.is_empty();
        if let Some(bvals) = &bvals {
            if !self.head_satisfiable(function.unwrap_or(count), &instances, bvals) {
                // As gringo: the element atoms stay undefined; the body must be false.
                return match mode {
                    Mode::Domain => Ok(()),
                    Mode::Emit => {
                        let body = self.delayed_body(delayed, body)?;
                        self.constraint(body)
                    }
                };
            }
        }
        for (_, atom, _) in &instances {
            if let Some(atom) = atom {
                self.store.add_to_domain(self.table, *atom);
            }
        }
        if mode == Mode::Domain {
            return Ok(());
        }
        let body = &self.delayed_body(delayed, body)?;
        self.choice_rules(&instances, body)?;
        let Some(bvals) = bvals.filter(|b| !b.is_empty()) else {
            return Ok(());
        };
        let mut groups = Groups::default();
        for (tuple, atom, mut alt) in instances {
            if let Some(atom) = atom.filter(|a| !self.store.is_fact(*a)) {
                alt.push(GLit::pos(atom));
            }
            groups.add(&tuple, &alt, 0);
        }
        let function = function.unwrap_or(AggregateFunction::Count);
        let weighted = self.weighted(function, &groups, mode)?;
        let tri = self.bounds_tri(function, &weighted, &bvals, false, SumForm::Head)?;
        // In a constraint's body `not not a` is `a`.
        let violated = match tri {
            Tri::Lits(l) if l.len() == 1 => Tri::Lits(l.iter().map(|x| x.negate()).collect()),
            t => self.negate(t)?,
        };
        match violated {
            Tri::False => Ok(()),
            Tri::True => self.constraint(body.to_vec()),
            Tri::Lits(l) => {
                let mut b = body.to_vec();
                b.extend(l);
                self.constraint(b)
            }
        }
    }

    /// The body the rules of a head aggregate instance get: gringo writes an aggregate with
    /// bounds or a function (`delayed`; not a plain choice `{ .. } :- body.`) through its
    /// `#delayed` atom `d :- body.`, its choice and bound rules having the body `d`. clasp
    /// reads `{a} :- d. d :- not y.` otherwise than `{a} :- not y.` (seed 98888: the brave
    /// consequences under `#project`), and keeps the choice rule `{p} :- d.` where it would
    /// drop `{p} :- not p.` as never supporting `p`: `p` has a rule, so an `#external p.` is
    /// ignored (full seed 49567). An empty body stays empty.
    fn delayed_body(&mut self, delayed: bool, body: &[GLit]) -> Result<Vec<GLit>, Stop> {
        if !delayed || body.is_empty() {
            return Ok(body.to_vec());
        }
        let d = self.define_aux(vec![body.to_vec()])?;
        Ok(vec![GLit::pos(d)])
    }

    pub(super) fn constraint(&mut self, body: Vec<GLit>) -> Result<(), Stop> {
        self.push_rule(GRule {
            choice: false,
            head: Vec::new(),
            body: GBody::Normal(body),
        })
    }

    /// `{a; b} :- body.` for unconditional elements, `{a} :- body, cond.` for the others.
    pub(super) fn choice_rules(
        &mut self,
        instances: &[HeadAggInstance],
        body: &[GLit],
    ) -> Result<(), Stop> {
        let mut free: Vec<AtomId> = instances
            .iter()
            .filter_map(|(_, a, c)| a.filter(|a| c.is_empty() && !self.store.is_fact(*a)))
            .collect();
        free.sort_unstable();
        free.dedup();
        if !free.is_empty() {
            self.push_rule(GRule {
                choice: true,
                head: free,
                body: GBody::Normal(body.to_vec()),
            })?;
        }
        for (_, atom, cond) in instances.iter() {
            let Some(atom) = atom else {
                continue;
            };
            if cond.is_empty() || self.store.is_fact(*atom) {
                continue;
            }
            let mut b = body.to_vec();
            b.extend(cond.iter().copied());
            self.push_rule(GRule {
                choice: true,
                head: vec![*atom],
                body: GBody::Normal(b),
            })?;
        }
        Ok(())
    }

    /// The instances of a `not b` element (`e.sign` set): in a choice keyed by the tuple
    /// `1,b` (`2,b` for `not not b`) as gringo does, in a head aggregate by its terms.
    fn literal_instances(
        &mut self,
        rule: &Rule,
        e: &HeadElem,
        function: Option<AggregateFunction>,
        bounded: bool,
        binding: &mut Binding,
        mode: Mode,
    ) -> Result<Vec<HeadAggInstance>, Stop> {
        let mut out = Vec::new();
        let choice = function.is_none();
        let code = if e.sign == Sign::Not { 1 } else { 2 };
        self.sub_join(rule, &e.cond, binding, mode, &mut |g, b, lits| {
            let mut tuple = Vec::new();
            if choice {
                let mut args = Vec::with_capacity(e.atom.args.len());
                for t in &e.atom.args {
                    match g.eval_term(rule, t, b) {
                        Some(v) => args.push(v),
                        None => return Ok(()),
                    }
                }
                let p = e.atom.pred;
                tuple.push(Val::Num(code));
                tuple.push(g.table.fun(p.name, p.negative, &args));
            } else {
                for t in &e.terms {
                    match g.eval_term(rule, t, b) {
                        Some(v) => tuple.push(v),
                        None => return Ok(()),
                    }
                }
            }
            if g.undefined_weight(rule, function, e, &tuple, bounded) {
                return Ok(());
            }
            out.push((tuple, None, lits.to_vec()));
            Ok(())
        })?;
        Ok(out)
    }
}

impl Grounder<'_> {
    /// Whether an element instance of a head `#sum` or `#sum+` has a weight that is not an
    /// integer: clingo drops it with `info: operation undefined: (w+0)` (`w` as written; with
    /// bounds or a constant `w` it is `info: tuple ignored`).
    fn undefined_weight(
        &mut self,
        rule: &Rule,
        function: Option<AggregateFunction>,
        e: &HeadElem,
        tuple: &[Val],
        bounded: bool,
    ) -> bool {
        let sum = matches!(
            function,
            Some(AggregateFunction::Sum | AggregateFunction::SumPlus)
        );
        let (Some(w), Some(t), Some(span)) =
            (tuple.first(), e.terms.first(), e.weight_span.as_deref())
        else {
            return false;
        };
        if !sum || matches!(w, Val::Num(_)) {
            return false;
        }
        if bounded || matches!(t, T::Val(_)) {
            // With bounds or a constant weight: `info: tuple ignored` as in a body aggregate.
            if let Some(info) = self.tuple_ignored(span, tuple, Vec::new()) {
                self.infos.push(info);
            }
        } else if self.ignored_seen.insert((
            self.current_rule,
            span.clone(),
            tuple.to_vec(),
            Vec::new(),
        )) {
            let mut text = String::from("(");
            Printer {
                table: self.table,
                names: &rule.var_names,
            }
            .term(t, &mut text);
            text.push_str("+0)");
            self.infos.push(Diagnostic {
                severity: Severity::Info,
                span: Some(span.clone()),
                message: "operation undefined:".into(),
                notes: vec![Note { span: None, text }],
            });
        }
        true
    }
}

/// An element instance of a choice or head aggregate: its tuple, its atom (`None` for a
/// `not b` element) and its condition.
pub(crate) type HeadAggInstance = (Vec<Val>, Option<AtomId>, Vec<GLit>);
