//! Aggregates, conditional literals and choice heads as ground rules.
//!
//! An aggregate's elements are grounded under the rule's binding (a sub-join of each element's
//! condition); instances with the same tuple count once, and a tuple holds when any of its
//! conditions does (an auxiliary atom with one rule per condition when there are several).
//! `#count`, `#sum` and `#sum+` become weight rules over the uncertain tuples, the certain ones
//! folded into the bound: `value >= k` is `aux :- k - fixed <= #sum{w,l : ...}`, `value <= k`
//! is `not (value >= k+1)`, `=` both, `!=` the negation (aggregates and conditions that depend
//! positively on their rule's head keep clingo's semantics, see `recursion`). `#min`/`#max` become disjunctions
//! (`#max >= b` iff some tuple with weight `>= b` holds). An assignment `X = #agg{..}` is
//! grounded once per possible value (the subset sums of the uncertain weights, or the range
//! between the extremes when those are too many). A body conditional literal `l : c` is the
//! conjunction over the condition's instances of `l`, or of `aux :- l. aux :- not c_i.` when
//! the instance's condition is not certain (an instance whose literal is part of its own
//! condition always holds and is dropped); a conjunction over a recursive condition that holds
//! anyway is the atom `aux :- .`, so its rule's head is no fact while grounding, as in gringo.
//! Choice and head-aggregate rules become choice rules plus a constraint
//! `:- body, not bound_holds`; when the elements cannot meet the bounds (see `satisfiable`)
//! the element atoms stay undefined and only `:- body` is emitted.
//!
//! # Invariants
//! - In `Mode::Domain` no atom or rule is created; aggregates are reported as possibly true
//!   (assignments with every value that is possible given the current elements) unless a
//!   non-negated one cannot meet its bounds whichever uncertain elements hold (see
//!   `satisfiable`), as gringo leaves such an aggregate undefined in a recursive component;
//!   likewise a conditional literal is possibly true unless an instance with a certain
//!   condition has a positive literal whose atom is in no domain yet.

use fxhash::FxHashMap;

use crate::ast::{AggregateFunction, CompareOp, Sign};
use crate::instantiate::domain::AtomId;
use crate::instantiate::{compare, GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::rules::{AggElem, AggLit, AtomPat, Bound, CondLit, HeadElem, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::Binding;
use crate::term::intern::Val;

/// A literal's value known at grounding time, or the literals it depends on (a conjunction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    /// Certainly true.
    True,
    /// Certainly false.
    False,
    /// True iff all these hold.
    Lits(Vec<GLit>),
}

/// A grouped aggregate element: its weight and its literal (`None`: certainly holds).
pub(crate) type Weighted = (Val, Option<GLit>);

/// The integer weight of an element (0 for a non-number).
pub(crate) fn weight(w: &Val) -> i64 {
    match w {
        Val::Num(n) => i64::from(*n),
        _ => 0,
    }
}

/// For `sum >= k`: the weight the uncertain elements must still reach and those elements
/// with their weights, or `Err` with the truth value when the certain elements decide it.
pub(crate) fn open_sum(elems: &[Weighted], k: i64) -> Result<(i64, Vec<(GLit, i64)>), Tri> {
    let (fixed, uncertain) = split_weights(elems);
    let need = k - fixed;
    let min: i64 = uncertain.iter().map(|(_, w)| (*w).min(0)).sum();
    let max: i64 = uncertain.iter().map(|(_, w)| (*w).max(0)).sum();
    if need <= min {
        return Err(Tri::True);
    }
    if need > max {
        return Err(Tri::False);
    }
    Ok((need, uncertain))
}

/// The summed weight of the certain elements and the uncertain ones with their weights.
fn split_weights(elems: &[Weighted]) -> (i64, Vec<(GLit, i64)>) {
    let fixed = elems
        .iter()
        .filter(|(_, l)| l.is_none())
        .map(|(w, _)| weight(w))
        .sum();
    let uncertain = elems
        .iter()
        .filter_map(|(w, l)| l.map(|l| (l, weight(w))))
        .collect();
    (fixed, uncertain)
}

/// Aggregate tuples with the alternative conditions under which each holds.
type Groups = Vec<(Vec<Val>, Vec<Vec<GLit>>)>;

/// Outcomes of a body aggregate: an optional assignment and the literals it needs.
pub(crate) type Outcomes = Vec<(Option<(u32, Val)>, Vec<GLit>)>;

/// Bounds to check, with the assignment they belong to.
type Checks = Vec<(Option<(u32, Val)>, Vec<(CompareOp, Val)>)>;

/// The most distinct values an assignment aggregate enumerates by subset sums.
const MAX_SUBSET_SUMS: usize = 20_000;

impl Grounder<'_> {
    /// The tuples of aggregate elements under `binding` with the condition literals of each.
    fn agg_instances(
        &mut self,
        rule: &Rule,
        elems: &[AggElem],
        binding: &mut Binding,
        mode: Mode,
    ) -> Result<Groups, Stop> {
        let mut index: FxHashMap<Vec<Val>, usize> = FxHashMap::default();
        let mut groups: Groups = Vec::new();
        for e in elems {
            let terms = &e.terms;
            self.sub_join(rule, &e.cond, binding, mode, &mut |g, b, lits| {
                let mut tuple = Vec::with_capacity(terms.len());
                for t in terms {
                    match g.eval_term(rule, t, b) {
                        Some(v) => tuple.push(v),
                        None => return Ok(()),
                    }
                }
                let slot = *index.entry(tuple.clone()).or_insert_with(|| {
                    groups.push((tuple, Vec::new()));
                    groups.len() - 1
                });
                if let Some((_, alts)) = groups.get_mut(slot) {
                    alts.push(lits.to_vec());
                }
                Ok(())
            })?;
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
    fn weighted(
        &mut self,
        function: AggregateFunction,
        groups: Groups,
        mode: Mode,
    ) -> Result<Vec<Weighted>, Stop> {
        let mut out = Vec::new();
        for (tuple, alts) in groups {
            let Some(w) = Self::weight_of(function, &tuple) else {
                continue;
            };
            if alts.iter().any(|a| a.is_empty()) {
                out.push((w, None));
            } else if mode == Mode::Domain {
                out.push((w, Some(GLit::pos(AtomId(0)))));
            } else {
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
        let groups = self.agg_instances(rule, &agg.elems, binding, mode)?;
        let elems = self.weighted(agg.function, groups, mode)?;
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
            if mode == Mode::Domain {
                // As gringo: an aggregate whose elements cannot reach its bounds never holds.
                if agg.sign != Sign::None || self.body_satisfiable(agg.function, &elems, &bounds) {
                    out.push((bind, Vec::new()));
                }
                continue;
            }
            let recursive = agg.sign == Sign::None
                && agg
                    .elems
                    .iter()
                    .any(|e| self.condition_recursive(rule, &e.cond));
            let mut tri = self.bounds_tri(agg.function, &elems, &bounds, recursive)?;
            if agg.sign != Sign::None {
                tri = self.negate(tri)?;
            }
            if agg.sign == Sign::NotNot {
                tri = self.negate(tri)?;
            }
            match tri {
                Tri::True => out.push((bind, Vec::new())),
                Tri::False => {}
                Tri::Lits(l) => out.push((bind, l)),
            }
        }
        Ok(out)
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
    fn possible_values(
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

    fn possible_sums(&mut self, elems: &[Weighted]) -> Result<Vec<Val>, Stop> {
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

    /// Whether the aggregate value satisfies all `bounds` (`recursive`: the aggregate depends
    /// positively on its rule's head, see `recursion`).
    fn bounds_tri(
        &mut self,
        function: AggregateFunction,
        elems: &[Weighted],
        bounds: &[(CompareOp, Val)],
        recursive: bool,
    ) -> Result<Tri, Stop> {
        let mut lits = Vec::new();
        for &(op, b) in bounds {
            let tri = match function {
                _ if recursive => self.recursive_bound_tri(function, elems, op, b)?,
                AggregateFunction::Min | AggregateFunction::Max => {
                    self.extreme_tri(function == AggregateFunction::Max, elems, op, b)?
                }
                _ => self.sum_tri(elems, op, b)?,
            };
            match tri {
                Tri::True => {}
                Tri::False => return Ok(Tri::False),
                Tri::Lits(l) => lits.extend(l),
            }
        }
        Ok(if lits.is_empty() {
            Tri::True
        } else {
            Tri::Lits(lits)
        })
    }

    pub(crate) fn sum_tri(
        &mut self,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
    ) -> Result<Tri, Stop> {
        let Val::Num(n) = b else {
            let holds = compare(self.table, op, Val::Num(0), b);
            return Ok(if holds { Tri::True } else { Tri::False });
        };
        let n = i64::from(n);
        Ok(match op {
            CompareOp::Ge => self.sum_ge(elems, n)?,
            CompareOp::Gt => self.sum_ge(elems, n + 1)?,
            CompareOp::Le => {
                let t = self.sum_ge(elems, n + 1)?;
                self.negate(t)?
            }
            CompareOp::Lt => {
                let t = self.sum_ge(elems, n)?;
                self.negate(t)?
            }
            CompareOp::Eq | CompareOp::Ne => {
                let ge = self.sum_ge(elems, n)?;
                let gt = self.sum_ge(elems, n + 1)?;
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

    /// `sum >= k`.
    pub(crate) fn sum_ge(&mut self, elems: &[Weighted], k: i64) -> Result<Tri, Stop> {
        let (need, uncertain) = match open_sum(elems, k) {
            Ok(open) => open,
            Err(decided) => return Ok(decided),
        };
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

    /// `#max op b` (or `#min op b` when `!max`).
    pub(crate) fn extreme_tri(
        &mut self,
        max: bool,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
    ) -> Result<Tri, Stop> {
        use CompareOp::*;
        // For #max: `>= b` iff some weight >= b holds, `<= b` iff no weight > b holds.
        // For #min the mirror image.
        let (toward, strict_toward) = if max { (Ge, Gt) } else { (Le, Lt) };
        let mirrored = |o: CompareOp| {
            if max {
                o
            } else {
                crate::normalize::rules::flip(o)
            }
        };
        let empty = if max { Val::Inf } else { Val::Sup };
        Ok(match mirrored(op) {
            Ge if b == empty => Tri::True,
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

    /// The negation of a three-valued literal.
    pub(crate) fn negate(&mut self, t: Tri) -> Result<Tri, Stop> {
        Ok(match t {
            Tri::True => Tri::False,
            Tri::False => Tri::True,
            Tri::Lits(l) => match l.as_slice() {
                [one] => Tri::Lits(vec![one.negate()]),
                _ => Tri::Lits(vec![GLit::neg(self.define_aux(vec![l])?)]),
            },
        })
    }

    /// The ground value of a simple literal (atom, comparison, boolean) under `binding`.
    fn simple_tri(&mut self, rule: &Rule, lit: &Lit, binding: &Binding) -> Result<Tri, Stop> {
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
                let complete = info
                    .and_then(|i| self.store.preds.get(i.pred as usize))
                    .is_some_and(|d| d.complete);
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
    fn existential_tri(
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

    /// A body conditional literal: the literals of its conjunction, `None` when false.
    pub(crate) fn conditional(
        &mut self,
        rule: &Rule,
        c: &CondLit,
        binding: &mut Binding,
        mode: Mode,
    ) -> Result<Option<Vec<GLit>>, Stop> {
        if mode == Mode::Domain {
            let possible = self.conditional_possible(rule, c, binding)?;
            return Ok(possible.then(Vec::new));
        }
        let mut instances: Vec<(Tri, Vec<GLit>)> = Vec::new();
        let recursive = self.condition_recursive(rule, &c.cond)
            && self.condition_recursive(rule, std::slice::from_ref(&c.lit));
        let lit = &c.lit;
        self.sub_join(rule, &c.cond, binding, mode, &mut |g, b, lits| {
            let tri = match lit {
                Lit::Atom(Sign::None, pat) if !pat.args.iter().all(|t| t.is_bound(b)) => {
                    g.existential_tri(rule, lit, b)?
                }
                _ => g.simple_tri(rule, lit, b)?,
            };
            instances.push((tri, lits.to_vec()));
            Ok(())
        })?;
        let mut conj_lits = Vec::new();
        for (tri, cond) in instances {
            match self.conditional_instance(tri, &cond, recursive)? {
                Some(lits) => conj_lits.extend(lits),
                None => return Ok(None),
            }
        }
        if conj_lits.is_empty() && self.condition_recursive(rule, &c.cond) {
            // gringo's conjunction over a recursive condition is never a fact (its rule's head
            // is not one either): true, but through an atom.
            conj_lits.push(GLit::pos(self.true_aux()?));
        }
        Ok(Some(conj_lits))
    }

    /// In `Mode::Domain`: whether a body conditional literal `l : c` can hold given the atoms
    /// derived so far. It cannot when an instance with a certain condition has a positive
    /// literal whose atom is in no domain yet: gringo leaves such a conjunction undefined
    /// (`p :- q(X) : r(X).` with the fact `r(2)` derives `p` only once `q(2)` is derivable).
    fn conditional_possible(
        &mut self,
        rule: &Rule,
        c: &CondLit,
        binding: &mut Binding,
    ) -> Result<bool, Stop> {
        let Lit::Atom(Sign::None, pat) = &c.lit else {
            return Ok(true);
        };
        let mut blocked = false;
        self.sub_join(rule, &c.cond, binding, Mode::Domain, &mut |g, b, lits| {
            let certain = lits.is_empty() && pat.args.iter().all(|t| t.is_bound(b));
            if certain && !blocked {
                blocked = !g.possibly_derived(rule, pat, b);
            }
            Ok(())
        })?;
        Ok(!blocked)
    }

    /// Whether the ground atom of `pat` under `binding` is in its domain (without creating
    /// the atom); an undefined term counts as derivable (`Mode::Emit` decides that instance).
    fn possibly_derived(&mut self, rule: &Rule, pat: &AtomPat, binding: &Binding) -> bool {
        let mut args = Vec::with_capacity(pat.args.len());
        for t in &pat.args {
            match self.eval_term(rule, t, binding) {
                Some(v) => args.push(v),
                None => return true,
            }
        }
        let val = self.table.fun(pat.pred.name, pat.pred.negative, &args);
        self.store
            .find(val)
            .and_then(|a| self.store.info(a))
            .is_some_and(|i| i.in_domain || i.fact)
    }

    /// The literals one instance `l : cond` of a conditional literal adds to the conjunction
    /// (`None`: it is false); `recursive`: the condition depends on the rule's head.
    fn conditional_instance(
        &mut self,
        tri: Tri,
        cond: &[GLit],
        recursive: bool,
    ) -> Result<Option<Vec<GLit>>, Stop> {
        if implied_by(&tri, cond) {
            // `l : c` with `l` among the literals of `c` holds whatever `c` is.
            return Ok(Some(Vec::new()));
        }
        // `x :- not c_i.` for each `c_i`; for `c_i = not e` that is `x :- not not e.`, never
        // `x :- e.`, which would let `e` support itself through `x` when `e` depends on `x`.
        let mut bodies: Vec<Vec<GLit>> = Vec::with_capacity(cond.len() + 1);
        for c in cond {
            bodies.push(vec![self.not_not(c.negate())?]);
        }
        let mut implication = None;
        match (tri, cond.is_empty()) {
            (Tri::True, _) => return Ok(Some(Vec::new())),
            (Tri::False, true) => return Ok(None),
            (Tri::Lits(l), true) => return Ok(Some(l)),
            (Tri::False, false) => {}
            (Tri::Lits(l), false) => {
                if recursive {
                    implication = Some(l.clone());
                }
                bodies.push(l);
            }
        }
        let x = self.define_aux(bodies)?;
        if let Some(l) = implication {
            self.implication_support(x, cond, &l)?;
        }
        Ok(Some(vec![GLit::pos(x)]))
    }

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
        let mut instances: Vec<(Vec<Val>, AtomId, Vec<GLit>)> = Vec::new();
        for e in elems {
            for (atom, terms, cond) in self.head_element_atoms(rule, e, binding, mode, false)? {
                let tuple = match function {
                    None => self
                        .store
                        .info(atom)
                        .and_then(|i| i.val)
                        .into_iter()
                        .collect(),
                    Some(_) => terms,
                };
                instances.push((tuple, atom, cond));
            }
        }
        let bvals = self.eval_bounds(rule, bounds, binding);
        let count = AggregateFunction::Count;
        if let Some(bvals) = &bvals {
            if !self.head_satisfiable(function.unwrap_or(count), &instances, bvals) {
                // As gringo: the element atoms stay undefined; the body must be false.
                return match mode {
                    Mode::Domain => Ok(()),
                    Mode::Emit => self.constraint(body.to_vec()),
                };
            }
        }
        for (_, atom, _) in &instances {
            self.store.add_to_domain(self.table, *atom);
        }
        if mode == Mode::Domain {
            return Ok(());
        }
        self.choice_rules(&instances, body)?;
        let Some(bvals) = bvals.filter(|b| !b.is_empty()) else {
            return Ok(());
        };
        let mut index: FxHashMap<Vec<Val>, usize> = FxHashMap::default();
        let mut groups: Groups = Vec::new();
        for (tuple, atom, cond) in instances {
            let mut alt = cond;
            if !self.store.is_fact(atom) {
                alt.push(GLit::pos(atom));
            }
            let slot = *index.entry(tuple.clone()).or_insert_with(|| {
                groups.push((tuple, Vec::new()));
                groups.len() - 1
            });
            if let Some((_, alts)) = groups.get_mut(slot) {
                alts.push(alt);
            }
        }
        let function = function.unwrap_or(AggregateFunction::Count);
        let weighted = self.weighted(function, groups, mode)?;
        let tri = self.bounds_tri(function, &weighted, &bvals, false)?;
        let violated = self.negate(tri)?;
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

    fn constraint(&mut self, body: Vec<GLit>) -> Result<(), Stop> {
        self.push_rule(GRule {
            choice: false,
            head: Vec::new(),
            body: GBody::Normal(body),
        })
    }

    /// `{a; b} :- body.` for unconditional elements, `{a} :- body, cond.` for the others.
    fn choice_rules(
        &mut self,
        instances: &[(Vec<Val>, AtomId, Vec<GLit>)],
        body: &[GLit],
    ) -> Result<(), Stop> {
        let mut free: Vec<AtomId> = instances
            .iter()
            .filter(|(_, a, c)| c.is_empty() && !self.store.is_fact(*a))
            .map(|(_, a, _)| *a)
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
}

/// Whether a conditional literal's instance is implied by its own condition `cond` (its
/// literals all occur in `cond`).
fn implied_by(tri: &Tri, cond: &[GLit]) -> bool {
    match tri {
        Tri::Lits(lits) => !cond.is_empty() && lits.iter().all(|l| cond.contains(l)),
        _ => false,
    }
}

/// The conjunction of two three-valued literals.
pub(crate) fn conj(a: Tri, b: Tri) -> Tri {
    match (a, b) {
        (Tri::False, _) | (_, Tri::False) => Tri::False,
        (Tri::True, x) | (x, Tri::True) => x,
        (Tri::Lits(mut x), Tri::Lits(y)) => {
            x.extend(y);
            Tri::Lits(x)
        }
    }
}
