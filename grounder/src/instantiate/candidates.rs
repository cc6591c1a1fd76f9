//! The candidates of one join frame: the atoms, values or bindings a body literal can take
//! given the binding so far (positive atoms from the domain's indexes, restricted to a
//! semi-naive range; negative literals, comparisons and intervals decided or enumerated).

use super::{compare, Cand, GLit, Grounder, JoinPlan, JoinScratch, Mode, Stop};
use crate::ast::{CompareOp, Sign};
use crate::instantiate::domain::AtomId;
use crate::normalize::rules::{AtomPat, Lit, Rule};
use crate::term::eval::{Binding, T};
use crate::term::intern::Val;

impl<'a> Grounder<'a> {
    /// Pushes the candidates of plan step `step` onto `s.cands`.
    pub(super) fn candidates(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        step: usize,
        binding: &mut Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let Some(&index) = plan.order.get(step) else {
            return Ok(());
        };
        let Some(lit) = plan.lits.get(index) else {
            return Ok(());
        };
        match lit {
            Lit::Bool(b) => {
                if *b {
                    s.push_assign(None, &[]);
                }
            }
            Lit::Atom(Sign::None, pat) => {
                let range = plan.ranges.and_then(|r| r.get(index)).copied();
                self.atom_candidates(rule, pat, range.unwrap_or((0, u32::MAX)), binding, s);
            }
            Lit::Atom(sign, pat) => {
                let open = self.unstratified_negation(pat);
                let emit = open && plan.mode == Mode::Emit;
                self.negative_candidates(rule, (*sign, pat), binding, (open, emit), s)?
            }
            Lit::Cmp(CompareOp::Eq, T::Var(v), T::Call(name, args)) => {
                self.call_candidates(rule, *v, (*name, args), binding, s)?
            }
            Lit::Cmp(op, l, r) => {
                if let Some(cand) = self.compare_candidate(rule, *op, l, r, binding) {
                    s.cands.push(cand);
                }
            }
            Lit::Range(v, lo, hi) => self.range_candidates(rule, *v, lo, hi, binding, s)?,
            Lit::Agg(agg) => {
                for (bind, lits) in self.body_aggregate(rule, agg, binding, plan.mode)? {
                    s.push_assign(bind, &lits);
                }
            }
            Lit::Cond(c) => {
                if let Some(lits) = self.conditional(rule, c, binding, plan.mode)? {
                    s.push_assign(None, &lits);
                }
            }
        }
        Ok(())
    }

    /// The domain atoms in `range` that agree with the bound arguments of `pat`.
    pub(super) fn atom_candidates(
        &mut self,
        rule: &Rule,
        pat: &AtomPat,
        range: (u32, u32),
        binding: &Binding,
        s: &mut JoinScratch,
    ) {
        let pred = self.store.pred(pat.pred);
        let mut mask = 0u64;
        let mut all_bound = true;
        s.key.clear();
        for (i, t) in pat.args.iter().enumerate() {
            if i < 64 && t.is_bound(binding) {
                match self.eval_term(rule, t, binding) {
                    Some(v) => s.key.push(v),
                    None => return,
                }
                mask |= 1 << i;
            } else {
                all_bound = false;
            }
        }
        if all_bound && !pat.args.is_empty() {
            let found = self.store.find_bound(self.table, &pat.pred, &s.key, range);
            s.cands.extend(found.map(Cand::Atom));
            return;
        }
        let JoinScratch { key, cands, .. } = s;
        self.store
            .lookup(self.table, pred, mask, key, range, cands, Cand::Atom);
    }

    /// Whether the domain of `atom`, an instance of the body atom `pat`, is final: its
    /// predicate is complete, no head of the program defines `pat` (`never_defined`), or no
    /// head of the component being ground does (`open_body`).
    pub(crate) fn settled(&self, atom: AtomId, pat: &AtomPat) -> bool {
        let complete = self
            .store
            .info(atom)
            .and_then(|i| self.store.preds.get(i.pred as usize))
            .is_some_and(|d| d.complete);
        complete
            || (!self.never_defined.is_empty() && self.never_defined.contains(pat))
            || self
                .open_body
                .as_ref()
                .is_some_and(|open| !open.contains(pat))
    }

    /// Whether the predicate of `pat` is complete: its component (or every rule deriving it)
    /// is ground, so an atom outside its domain never gets a rule, and `not not q(1)` is
    /// false while grounding also in the domain pass (`q(2;3). s(1) ; r(W) : s(W) :- not not
    /// q(W) : d(W).` with `d(1)`: r enters no domain, so `:~ r(X). [X,X]` keeps no level, as
    /// in clingo 5.8.3; full seed 62447).
    pub(crate) fn pred_complete(&self, pat: &AtomPat) -> bool {
        self.store
            .find_pred(pat.pred)
            .and_then(|p| self.store.preds.get(p as usize))
            .is_some_and(|d| d.complete)
    }

    /// Whether a negated literal over `pat` is gringo's unstratified occurrence: while a
    /// recursive component is ground, its atom unifies with a head of the part being ground
    /// or of a later part (`Grounder::negation_providers`). gringo grounds it while the atom
    /// is open: the domain never decides it, and its atom stays open in `simplify`.
    pub(crate) fn unstratified_negation(&self, pat: &AtomPat) -> bool {
        !self.negation_providers.is_empty()
            && self
                .negation_providers
                .get(pat)
                .is_some_and(|&last| last >= self.part)
    }

    /// A negated literal: decided when its domain is final ([`Self::settled`]: its predicate
    /// is complete, or its atom unifies with no head, as gringo's dependencies by unification
    /// make it non-recursive) or the atom is a fact from before the component being grounded,
    /// else the literal itself (`not not a` through an auxiliary atom). A fact derived inside
    /// the component (`component_facts`) does not decide it: whether a member joined earlier
    /// derived it would otherwise decide the literal, and the statement order would change the
    /// ground rules and the domains (seed 20539 of the full grammar).
    ///
    /// An unstratified literal (`open`, see [`Self::unstratified_negation`]) is never decided
    /// by the domain, also not when a rule with aggregates or conditions over the component
    /// is emitted after the component's fixpoint: gringo grounds its body while the atom is
    /// open. When `emit`, its atom goes to `open_negated`, which `simplify` leaves open:
    /// gringo writes `r(3) :- not r(1).` for `dom(1..3). r(3) :- dom(X), not r(X).` (default
    /// seed 58824) and `x :- not a.` for `x :- not a. a :- x, a.`.
    pub(super) fn negative_candidates(
        &mut self,
        rule: &Rule,
        (sign, pat): (Sign, &AtomPat),
        binding: &Binding,
        (open, emit): (bool, bool),
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let Some(atom) = self.ground_atom(rule, pat, binding) else {
            return Ok(());
        };
        let complete = !open && self.settled(atom, pat);
        let fact = self.store.is_fact(atom)
            && !self
                .component_facts
                .as_ref()
                .is_some_and(|facts| facts.contains(&atom));
        let derivable = self.store.info(atom).is_some_and(|i| i.in_domain);
        if emit && !fact {
            self.open_negated.insert(atom);
        }
        match sign {
            Sign::Not if fact => {}
            Sign::Not if complete && !derivable => s.push_assign(None, &[]),
            Sign::Not => s.push_assign(None, &[GLit::neg(atom)]),
            _ if fact => s.push_assign(None, &[]),
            _ if complete && !derivable => {}
            _ => {
                let aux = self.not_aux(atom)?;
                s.push_assign(None, &[GLit::neg(aux)]);
            }
        }
        Ok(())
    }

    /// The one candidate of a comparison, if any: checked when both sides are bound
    /// (`Cand::Pass` when it holds), else the variable an equation solves for or the value
    /// the unbound side must match (`Cand::Bind` when that side is a variable).
    pub(super) fn compare_candidate(
        &mut self,
        rule: &Rule,
        op: CompareOp,
        l: &T,
        r: &T,
        binding: &Binding,
    ) -> Option<Cand> {
        let (lb, rb) = (l.is_bound(binding), r.is_bound(binding));
        if lb && rb {
            let (x, y) = (
                self.eval_term(rule, l, binding),
                self.eval_term(rule, r, binding),
            );
            return compare(self.table, op, x?, y?).then_some(Cand::Pass);
        }
        let free_side = if lb { r } else { l };
        let matchable = || matches!(free_side, T::Var(_)) || free_side.is_matchable(binding);
        if op == CompareOp::Eq && (!(lb || rb) || !matchable()) {
            let (var, v) = crate::term::eval::solve_linear(l, r, binding)??;
            return Some(Cand::Bind(var, v));
        }
        let bound_side = if lb { l } else { r };
        let v = self.eval_term(rule, bound_side, binding)?;
        match free_side {
            // Matching an unbound variable binds it.
            T::Var(x) => Some(Cand::Bind(*x, v)),
            _ => Some(Cand::Match(v, !lb)),
        }
    }

    /// An interval `var = lo..hi`: checked when `var` is bound, else one candidate per value.
    pub(super) fn range_candidates(
        &mut self,
        rule: &Rule,
        var: u32,
        lo: &T,
        hi: &T,
        binding: &Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let (Some(a), Some(b)) = (
            self.eval_term(rule, lo, binding),
            self.eval_term(rule, hi, binding),
        ) else {
            return Ok(());
        };
        let (Val::Num(a), Val::Num(b)) = (a, b) else {
            self.interval_undefined(rule, var, lo, hi);
            return Ok(());
        };
        if let Some(Some(v)) = binding.get(var as usize) {
            if matches!(v, Val::Num(n) if a <= *n && *n <= b) {
                s.push_assign(None, &[]);
            }
            return Ok(());
        }
        let count = (i64::from(b) - i64::from(a) + 1).max(0) as u64;
        if count > self.budget.max_size {
            return Err(Stop::Limit(format!(
                "grounding limit exceeded: interval {a}..{b} is too large"
            )));
        }
        for n in a..=b {
            s.push_assign(Some((var, Val::Num(n))), &[]);
        }
        Ok(())
    }

    /// clingo's `info: interval undefined` for an interval whose bounds are not both numbers
    /// (at the interval, the interval as written as the note); the instance is dropped.
    fn interval_undefined(&mut self, rule: &Rule, var: u32, lo: &T, hi: &T) {
        let Some(span) = rule.var_span(var) else {
            return;
        };
        let printer = crate::normalize::print::Printer {
            table: self.table,
            names: &rule.var_names,
        };
        let mut text = String::new();
        printer.term(lo, &mut text);
        text.push_str("..");
        printer.term(hi, &mut text);
        self.infos.push(crate::diagnostic::Diagnostic {
            severity: crate::diagnostic::Severity::Info,
            span: Some(span.clone()),
            message: "interval undefined:".into(),
            notes: vec![crate::diagnostic::Note { span: None, text }],
        });
    }
}
