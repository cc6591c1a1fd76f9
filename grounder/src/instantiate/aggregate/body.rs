//! Body aggregates: the truth of `#count`/`#sum`/`#min`/`#max` against its bounds for one
//! binding, and assignments `X = #agg{..}` grounded once per possible value.
//!
//! Whether the instance stays is gringo's decision from the aggregate's value range (see
//! `satisfiable`), which may keep a literal that never holds (`1 < #count{2 : p; 2 : r}`):
//! it then stands as an atom without rules, so the rule's head atoms stay possible and a weak
//! constraint keeps its level.

use super::{Checks, Groups, Outcomes, SumForm, Tri, Weighted, MAX_SUBSET_SUMS};
use crate::ast::{AggregateFunction, CompareOp, Sign};
use crate::instantiate::domain::AtomId;
use crate::instantiate::recursion::monotone_atom;
use crate::instantiate::{GLit, Grounder, Mode, Stop};
use crate::normalize::rules::{AggLit, Bound, Rule};
use crate::normalize::safety;
use crate::term::eval::Binding;
use crate::term::intern::Val;

/// A body aggregate's function, grouped elements, instances and evaluated bounds.
type RangeOf<'e> = (
    AggregateFunction,
    &'e [Weighted],
    &'e Groups,
    &'e [(CompareOp, Val)],
);

impl Grounder<'_> {
    /// The ground outcomes of a body aggregate: an optional assignment and the literals.
    pub(crate) fn body_aggregate(
        &mut self,
        rule: &Rule,
        agg: &AggLit,
        binding: &mut Binding,
        mode: Mode,
    ) -> Result<Outcomes, Stop> {
        let bound = Self::bound_set(binding);
        let assign = safety::assigned_var(agg, &bound);
        let groups = self.agg_instances(rule, agg, binding, mode)?;
        let elems = self.weighted(agg.function, &groups, mode)?;
        let mut checks: Checks = Vec::new();
        match assign {
            Some(var) => {
                for v in self.possible_values(agg.function, &elems)? {
                    checks.push((Some((var, v)), vec![(CompareOp::Eq, v)]));
                }
            }
            None => {
                let Some(bounds) = self.eval_bounds(rule, &agg.bounds, binding) else {
                    return Ok(Vec::new());
                };
                checks.push((None, bounds));
            }
        }
        let mut out = Vec::new();
        for (bind, bounds) in checks {
            let monotone = monotone_atom(agg, bind.is_some())
                && self.decided_when_within(rule, agg, &groups, &bounds);
            if mode == Mode::Domain {
                let range = (agg.function, elems.as_slice(), &groups, bounds.as_slice());
                if self.possible_in_domain(agg.sign, range, monotone) {
                    out.push((bind, Vec::new()));
                }
                continue;
            }
            let recursive = agg.sign == Sign::None
                && agg
                    .elems
                    .iter()
                    .any(|e| self.condition_recursive(rule, &e.cond));
            let mut tri =
                self.bounds_tri(agg.function, &elems, &bounds, recursive, SumForm::Gringo)?;
            if recursive {
                tri = self.delayed(tri)?;
            }
            if agg.sign != Sign::None {
                tri = self.negate(tri)?;
            }
            if agg.sign == Sign::NotNot {
                tri = self.negate(tri)?;
            }
            if bind.is_none() {
                let range = (agg.function, elems.as_slice(), &groups, bounds.as_slice());
                tri = self.as_gringo_keeps(agg.sign, range, tri);
            }
            if tri == Tri::True
                && (agg.sign == Sign::Not || !monotone)
                && self.accumulated_in_component(rule, agg)
            {
                // gringo's `#delayed` literal: true, but no fact while grounding.
                tri = Tri::Lits(vec![GLit::pos(self.delayed_true(agg.sign)?)]);
            }
            match tri {
                Tri::True => out.push((bind, Vec::new())),
                // gringo leaves a negated aggregate undecided in a component that depends
                // negatively on itself: the instance stays, under a literal that never holds
                // (its head atoms stay possible, and so the levels of weak constraints over them).
                // A monotone one that holds is a fact for gringo even there: `not` it goes.
                Tri::False if agg.sign == Sign::Not && monotone => {}
                Tri::False if agg.sign != Sign::None && self.unstratified => {
                    let never = self.store.aux();
                    out.push((bind, vec![GLit::pos(never)]));
                }
                Tri::False => {}
                Tri::Lits(l) => out.push((bind, l)),
            }
        }
        Ok(out)
    }

    /// In `Mode::Domain`: whether the aggregate under `sign` may hold, as gringo decides it
    /// from the value range over the elements known so far (the decisions `as_gringo_keeps`
    /// takes without creating atoms): an aggregate whose range misses its bounds never holds
    /// (`not not` it neither), and `not` one whose range lies within its bounds is false,
    /// unless the component depends negatively on itself, where gringo leaves negated
    /// aggregates undecided unless they are `monotone` (see `recursion::monotone_atom`): such
    /// an aggregate within its bounds stays within them as elements are added. Elements only
    /// grow over the rounds of a component, and a deferred rule is joined again in each
    /// round, so a head dropped here is added once the elements make the aggregate possible.
    fn possible_in_domain(&self, sign: Sign, range: RangeOf<'_>, monotone: bool) -> bool {
        let (function, elems, groups, bounds) = range;
        match sign {
            Sign::None => self.in_range(function, elems, groups, bounds, true),
            Sign::Not if monotone && self.within_range(function, groups, bounds) => false,
            _ if self.unstratified => true,
            Sign::Not => !self.within_range(function, groups, bounds),
            Sign::NotNot => self.in_range(function, elems, groups, bounds, false),
        }
    }

    /// An undecided recursive aggregate as the auxiliary atom gringo writes for it (its
    /// `#delayed` literal), defined by one rule with the aggregate's literals as body unless
    /// they are an auxiliary atom of the translation already: clasp does not equate the
    /// rule's head with the aggregate's literal before it simplifies the rules using it
    /// (`s | q :- #max{1 : s} < 1.` is `s | q :- d. d :- not s.`, where `s` is not removed
    /// from the head as in `s | q :- not s.`).
    fn delayed(&mut self, tri: Tri) -> Result<Tri, Stop> {
        Ok(match tri {
            Tri::Lits(l) if self.is_translation_aux(&l) => Tri::Lits(l),
            Tri::Lits(l) => Tri::Lits(vec![GLit::pos(self.define_aux(vec![l])?)]),
            decided => decided,
        })
    }

    /// Whether `lits` is one positive auxiliary atom (no program atom).
    fn is_translation_aux(&self, lits: &[GLit]) -> bool {
        let aux = |l: &GLit| self.store.info(l.atom).is_some_and(|i| i.val.is_none());
        matches!(lits, [only] if only.positive && aux(only))
    }

    /// The literal `tri` (the aggregate under its sign) as gringo keeps it, which decides from
    /// the aggregate's value range (see `satisfiable`): an aggregate whose range misses the
    /// bounds is false (its rule goes, `not` it is true), one whose range lies within the
    /// bounds true, and any other stays, so a literal that never holds stays as one (a weak
    /// constraint over it stays a minimize statement).
    fn as_gringo_keeps(&mut self, sign: Sign, range: RangeOf<'_>, tri: Tri) -> Tri {
        let (function, elems, groups, bounds) = range;
        if !self.in_range(function, elems, groups, bounds, sign == Sign::None) {
            return if sign == Sign::Not {
                Tri::True
            } else {
                Tri::False
            };
        }
        if tri != Tri::False || (sign == Sign::Not && self.within_range(function, groups, bounds)) {
            return tri;
        }
        Tri::Lits(vec![GLit::pos(self.store.aux())])
    }

    /// Whether gringo's value range of a body aggregate meets `bounds` (see `satisfiable`).
    /// gringo makes each `=` bound of a non-negated (`split`) aggregate a literal of its own,
    /// the other bounds staying together: `2 = #count{..} = 3` is possible when 2 and 3 are.
    fn in_range(
        &self,
        function: AggregateFunction,
        elems: &[Weighted],
        groups: &Groups,
        bounds: &[(CompareOp, Val)],
        split: bool,
    ) -> bool {
        let (equal, rest): (Vec<_>, Vec<_>) = bounds
            .iter()
            .partition(|(op, _)| split && *op == CompareOp::Eq);
        let mut parts: Vec<&[(CompareOp, Val)]> = equal.iter().map(std::slice::from_ref).collect();
        if !rest.is_empty() || equal.is_empty() {
            parts.push(&rest);
        }
        let mut entries = None;
        parts.into_iter().all(|part| {
            self.body_satisfiable(function, elems, part) || {
                let entries = entries.get_or_insert_with(|| {
                    groups.range_entries(|tuple| Self::weight_of(function, tuple))
                });
                self.range_meets(function, entries, part)
            }
        })
    }

    /// Whether gringo decides a negated monotone recursive aggregate (see
    /// `recursion::monotone_atom`) that lies within its bounds: only when it does so over the
    /// elements outside its rule's component. Facts of the component's own elements do not
    /// count: `r(X) :- dom(X), not #count{1 : r(Y)} >= 1.` with the fact `r(0)` stays a
    /// `#delayed` literal, with a fact `s(0)` of an earlier component in an element `1 : s(Y)`
    /// it is false. Positive aggregates are decided as before.
    fn decided_when_within(
        &self,
        rule: &Rule,
        agg: &AggLit,
        groups: &Groups,
        bounds: &[(CompareOp, Val)],
    ) -> bool {
        if agg.sign == Sign::None || !self.accumulated_in_component(rule, agg) {
            return true;
        }
        let own: Vec<bool> = agg
            .elems
            .iter()
            .map(|e| self.element_accumulated(rule, &e.cond))
            .collect();
        let outside = |elem: u32| !own.get(elem as usize).copied().unwrap_or(false);
        let weight = |tuple: &[Val]| Self::weight_of(agg.function, tuple);
        let entries = groups.range_entries_certain_from(weight, outside);
        self.range_within(agg.function, &entries, bounds)
    }

    /// Whether gringo's value range of a body aggregate lies within `bounds` (it always holds).
    fn within_range(
        &self,
        function: AggregateFunction,
        groups: &Groups,
        bounds: &[(CompareOp, Val)],
    ) -> bool {
        let entries = groups.range_entries(|tuple| Self::weight_of(function, tuple));
        self.range_within(function, &entries, bounds)
    }

    /// Evaluates guards; `None` when one is undefined.
    pub(crate) fn eval_bounds(
        &mut self,
        rule: &Rule,
        bounds: &[Bound],
        binding: &Binding,
    ) -> Option<Vec<(CompareOp, Val)>> {
        let mut out = Vec::new();
        for (op, t) in bounds {
            out.push((*op, self.eval_term(rule, t, binding)?));
        }
        Some(out)
    }

    /// The values an aggregate can take given its elements.
    pub(super) fn possible_values(
        &mut self,
        function: AggregateFunction,
        elems: &[Weighted],
    ) -> Result<Vec<Val>, Stop> {
        match function {
            AggregateFunction::Min | AggregateFunction::Max => {
                let mut vals: Vec<Val> = elems.iter().map(|(w, _)| *w).collect();
                let empty = if function == AggregateFunction::Max {
                    Val::Inf
                } else {
                    Val::Sup
                };
                if elems.iter().all(|(_, l)| l.is_some()) {
                    vals.push(empty);
                }
                let table = &*self.table;
                vals.sort_by(|a, b| table.cmp(*a, *b));
                vals.dedup();
                Ok(vals)
            }
            _ => self.possible_sums(elems),
        }
    }

    pub(super) fn possible_sums(&mut self, elems: &[Weighted]) -> Result<Vec<Val>, Stop> {
        let num = |w: &Val| match w {
            Val::Num(n) => i64::from(*n),
            _ => 0,
        };
        let fixed: i64 = elems
            .iter()
            .filter(|(_, l)| l.is_none())
            .map(|(w, _)| num(w))
            .sum();
        let mut sums = std::collections::BTreeSet::from([fixed]);
        let mut exact = true;
        for (w, _) in elems.iter().filter(|(_, l)| l.is_some()) {
            let add: Vec<i64> = sums.iter().map(|s| s + num(w)).collect();
            sums.extend(add);
            if sums.len() > MAX_SUBSET_SUMS {
                exact = false;
                break;
            }
        }
        if !exact {
            let lo = fixed
                + elems
                    .iter()
                    .filter(|(_, l)| l.is_some())
                    .map(|(w, _)| num(w).min(0))
                    .sum::<i64>();
            let hi = fixed
                + elems
                    .iter()
                    .filter(|(_, l)| l.is_some())
                    .map(|(w, _)| num(w).max(0))
                    .sum::<i64>();
            if (hi - lo) as u64 > self.budget.max_size {
                return Err(Stop::Limit(
                    "grounding limit exceeded: too many aggregate values".into(),
                ));
            }
            sums = (lo..=hi).collect();
        }
        Ok(sums
            .into_iter()
            .filter_map(|s| i32::try_from(s).ok().map(Val::Num))
            .collect())
    }
}

/// The `#delayed` literals of recursive aggregates.
impl Grounder<'_> {
    /// gringo's `#delayed` literal of a recursive body aggregate under `sign` that holds: a
    /// non-negated one stays in the bodies ([`Grounder::certain_conjunction`]: clasp reads
    /// `d :- x, a. :- d. x.` otherwise than `:- a.`, seed 20231), a negated one is the
    /// [`Grounder::true_aux`] that `simplify` folds away.
    fn delayed_true(&mut self, sign: Sign) -> Result<AtomId, Stop> {
        match sign {
            Sign::None => self.certain_conjunction(),
            _ => self.true_aux(),
        }
    }
}
