//! Choice rules and head aggregates: choice rules over the element atoms plus the constraint
//! `:- body, not bound_holds` (only `:- body` when the bounds cannot be met).

use super::head_ignored::IgnoredAt;
use super::{Groups, SumForm, Tri};
use crate::ast::{AggregateFunction, Sign};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::print::Printer;
use crate::normalize::rules::{Bound, HeadElem, Rule};
use crate::normalize::safety::lit_vars;
use crate::term::eval::Binding;
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
        let weights = Weights::of(function, elems, bounds);
        // Each element's infos and instances, to give the infos last element first as gringo.
        let mut element_infos = Vec::with_capacity(elems.len());
        let mut element_instances = Vec::with_capacity(elems.len());
        let globals = aggregate_globals(elems, bounds, binding);
        for (elem, e) in elems.iter().enumerate() {
            let important = match weights {
                Weights::Checked => self.head_important_vars(rule, e),
                _ => Vec::new(),
            };
            let cx = ElementCx {
                rule,
                function,
                weights,
                mode,
                elem,
                globals: &globals,
                important: &important,
            };
            let (infos, first) = (self.infos.len(), instances.len());
            self.element_instances(&cx, e, binding, &mut instances)?;
            element_infos.push(self.infos.split_off(infos));
            element_instances.push(first..instances.len());
        }
        for (i, mut infos) in element_infos.into_iter().enumerate().rev() {
            self.infos.append(&mut infos);
            if weights == Weights::Checked && function == Some(AggregateFunction::SumPlus) {
                let (e, range) = (&elems[i], element_instances[i].clone());
                self.negative_weights_ignored(e, i, &instances[range], &globals);
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

    /// The instances of one element of a choice or head aggregate, appended to `out`.
    fn element_instances(
        &mut self,
        cx: &ElementCx<'_>,
        e: &HeadElem,
        binding: &mut Binding,
        out: &mut Vec<HeadAggInstance>,
    ) -> Result<(), Stop> {
        let (rule, function, mode) = (cx.rule, cx.function, cx.mode);
        if e.sign != Sign::None {
            out.extend(self.literal_instances(cx, e, binding)?);
            return Ok(());
        }
        let atoms = self.keyed_element_atoms(rule, e, binding, (mode, false), cx.important)?;
        for (local, ((atom, terms, cond), key)) in atoms.into_iter().enumerate() {
            if self.undefined_weight(cx, e, (&terms, Some(atom), key), local) {
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
            out.push((tuple, Some(atom), cond));
        }
        Ok(())
    }

    /// `info: tuple ignored` for the negative weights of a head `#sum+` element's instances,
    /// once per tuple of the aggregate instance (the values of its `globals`), whichever
    /// element has it (see `head_ignored`). The instances stay: their atoms are still chosen,
    /// and our sum leaves the weights out (clingo counts them: a clingo defect, see
    /// known-mismatches-full 13454).
    fn negative_weights_ignored(
        &mut self,
        e: &HeadElem,
        elem: usize,
        instances: &[HeadAggInstance],
        globals: &[Option<Val>],
    ) {
        let Some(span) = &e.weight_span else {
            return;
        };
        let at = IgnoredAt {
            span,
            any_element: true,
            elem,
            globals,
            local: 0,
        };
        for (local, (tuple, ..)) in instances.iter().enumerate() {
            if matches!(tuple.first(), Some(Val::Num(n)) if *n < 0) {
                let at = IgnoredAt { local, ..at };
                self.head_tuple_ignored(&at, (tuple.clone(), None, Vec::new()));
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
        cx: &ElementCx<'_>,
        e: &HeadElem,
        binding: &mut Binding,
    ) -> Result<Vec<HeadAggInstance>, Stop> {
        let (rule, function, mode) = (cx.rule, cx.function, cx.mode);
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
            let local = out.len();
            let key = cx.important.iter();
            let key = key.map(|&v| b.get(v as usize).copied().flatten()).collect();
            if g.undefined_weight(cx, e, (&tuple, None, key), local) {
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
    /// integer: clingo drops it, with the info [`Weights`] says (unless it is unchecked).
    fn undefined_weight(
        &mut self,
        cx: &ElementCx<'_>,
        e: &HeadElem,
        (tuple, atom, key): (&[Val], Option<AtomId>, Vec<Option<Val>>),
        local: usize,
    ) -> bool {
        let (rule, function, weights) = (cx.rule, cx.function, cx.weights);
        let sum = matches!(
            function,
            Some(AggregateFunction::Sum | AggregateFunction::SumPlus)
        );
        let (Some(w), Some(t), Some(span)) =
            (tuple.first(), e.terms.first(), e.weight_span.as_deref())
        else {
            return false;
        };
        if !sum || matches!(w, Val::Num(_)) || weights == Weights::Unchecked {
            return false;
        }
        if weights == Weights::Checked {
            let at = IgnoredAt {
                span,
                any_element: false,
                elem: cx.elem,
                globals: cx.globals,
                local,
            };
            self.head_tuple_ignored(&at, (tuple.to_vec(), atom, key));
        } else if weights == Weights::Single
            && self
                .ignored_seen
                .insert((self.current_rule, span.clone(), Vec::new(), Vec::new()))
        {
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

/// What the instances of a choice's or head aggregate's elements are found for.
#[derive(Clone, Copy)]
struct ElementCx<'r> {
    rule: &'r Rule,
    function: Option<AggregateFunction>,
    weights: Weights,
    mode: Mode,
    /// The element's position in the aggregate.
    elem: usize,
    /// The values of the aggregate's global variables (see [`aggregate_globals`]).
    globals: &'r [Option<Val>],
    /// The element's important variables (see `head_ignored`).
    important: &'r [u32],
}

/// How gringo checks the weights of a head `#sum` or `#sum+` (`Unchecked` for other heads).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Weights {
    /// One element without bounds: gringo moves it into the body, where the weight `w` is
    /// `w+0`: `info: operation undefined: (w+0)` (`w` as written), once per rule.
    Single,
    /// Several elements without bounds, none with a condition: gringo writes a plain choice,
    /// the weights unchecked (`#sum { k : w ; k : y }.` chooses `w` and `y`, no info).
    Unchecked,
    /// Otherwise `info: tuple ignored`, as in a body aggregate, also for a `#sum+`'s negative
    /// weights (see `negative_weights_ignored`).
    Checked,
}

impl Weights {
    fn of(function: Option<AggregateFunction>, elems: &[HeadElem], bounds: &[Bound]) -> Weights {
        let sum = matches!(
            function,
            Some(AggregateFunction::Sum | AggregateFunction::SumPlus)
        );
        match (sum, bounds.is_empty(), elems.len()) {
            (false, ..) => Weights::Unchecked,
            (true, false, _) => Weights::Checked,
            (true, true, 1) => Weights::Single,
            (true, true, _) if elems.iter().any(|e| !e.cond.is_empty()) => Weights::Checked,
            (true, true, _) => Weights::Unchecked,
        }
    }
}

/// The values of the variables of a head aggregate's elements and bounds that the rule body
/// bound (the aggregate's global variables), in variable order.
fn aggregate_globals(elems: &[HeadElem], bounds: &[Bound], binding: &Binding) -> Vec<Option<Val>> {
    let mut vars = Vec::new();
    bounds.iter().for_each(|(_, t)| t.vars(&mut vars));
    for e in elems {
        e.terms.iter().for_each(|t| t.vars(&mut vars));
        e.atom.args.iter().for_each(|t| t.vars(&mut vars));
        e.cond.iter().for_each(|l| lit_vars(l, &mut vars));
    }
    vars.sort_unstable();
    vars.dedup();
    vars.iter()
        .filter_map(|&v| binding.get(v as usize).copied().flatten())
        .map(Some)
        .collect()
}
