//! The join loop: a rule's body literals matched in plan order on an explicit frame stack.
//!
//! [`Grounder::join`] runs the plan of `normalize::safety::plan` over a [`JoinScratch`]
//! (see the invariants in the module doc of `instantiate`); `candidates` supplies each
//! frame's candidates; a solution is handed to the caller's `found` (for rule heads:
//! `head`'s [`Grounder::on_match`]). A step that has at most one candidate (a comparison, a
//! negative literal, `#true`/`#false`) is checked in place rather than given a frame: its
//! bindings and literals go on the trail and literal stack above the mark of the frame
//! below, which undoes them with its own, and the tick of its one candidate is kept, so the
//! join tries the same candidates in the same order as with a frame per step.

use super::{lit_size, Cand, Found, Frame, GLit, Grounder, JoinPlan, JoinScratch, Mode, Stop};
use crate::ast::{CompareOp, Sign};
use crate::instantiate::domain::AtomId;
use crate::normalize::rules::{AtomPat, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::{match_term, Binding, T};
use crate::term::intern::Val;

impl<'a> Grounder<'a> {
    /// Joins `lits` (in the order `order`) starting from `binding`, calling `found` for each
    /// solution with the ground literals collected. `ranges[i]` restricts positive literal `i`.
    pub fn join(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        binding: &mut Binding,
        found: &mut Found<'_, 'a>,
    ) -> Result<(), Stop> {
        if plan.order.is_empty() {
            return found(self, binding, &[]);
        }
        let mut scratch = self.scratch.pop().unwrap_or_default();
        let result = self.run_join(rule, plan, binding, found, &mut scratch);
        unbind_to(binding, &mut scratch.trail, 0);
        scratch.clear();
        self.scratch.push(scratch);
        result
    }

    /// The join loop: try each frame's candidates in turn, entering the next plan step after
    /// each one that matches and reporting a solution after the last step.
    pub(super) fn run_join(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        binding: &mut Binding,
        found: &mut Found<'_, 'a>,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        self.enter(rule, plan, 0, binding, found, s)?;
        while let Some(frame) = s.frames.last_mut() {
            unbind_to(binding, &mut s.trail, frame.trail);
            s.glits.truncate(frame.glits);
            let Some(&cand) = s.cands.get(frame.next).filter(|_| frame.next < frame.end) else {
                s.cands.truncate(frame.start);
                s.cand_lits.truncate(frame.lits_mark);
                s.frames.pop();
                continue;
            };
            frame.next += 1;
            let step = frame.step;
            self.tick()?;
            let lit = plan.order.get(step).and_then(|&i| plan.lits.get(i));
            if self.apply(lit, cand, binding, s) {
                self.enter(rule, plan, step + 1, binding, found, s)?;
            }
        }
        Ok(())
    }

    /// Enters plan step `step` after the steps before it matched: reports a solution after
    /// the last step, checks a step of at most one candidate ([`is_check`]) in place, as a
    /// frame of that one candidate would (the same tick and bindings, undone by the frame
    /// below), and pushes the frame of the first step with more candidates.
    fn enter(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        mut step: usize,
        binding: &mut Binding,
        found: &mut Found<'_, 'a>,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        loop {
            let Some(lit) = plan.order.get(step).and_then(|&i| plan.lits.get(i)) else {
                return found(self, binding, &s.glits);
            };
            if !is_check(lit) {
                return self.push_frame(rule, plan, step, binding, s);
            }
            if !self.check(rule, plan, step, lit, binding, s)? {
                return Ok(());
            }
            step += 1;
        }
    }

    /// Computes the candidate of a check step and applies it; `false` when there is none or
    /// it does not match.
    fn check(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        step: usize,
        lit: &Lit,
        binding: &mut Binding,
        s: &mut JoinScratch,
    ) -> Result<bool, Stop> {
        let (start, lits_mark) = (s.cands.len(), s.cand_lits.len());
        let cand = match lit {
            Lit::Cmp(op, l, r) => self.compare_candidate(rule, *op, l, r, binding),
            _ => {
                self.candidates(rule, plan, step, binding, s)?;
                let cand = s.cands.get(start).copied();
                s.cands.truncate(start);
                cand
            }
        };
        let matched = match cand {
            Some(cand) => {
                self.tick()?;
                self.apply(Some(lit), cand, binding, s)
            }
            None => false,
        };
        s.cand_lits.truncate(lits_mark);
        Ok(matched)
    }

    /// Enters plan step `step`: computes its candidates and pushes its frame.
    pub(super) fn push_frame(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        step: usize,
        binding: &mut Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let (start, lits_mark) = (s.cands.len(), s.cand_lits.len());
        self.candidates(rule, plan, step, binding, s)?;
        s.frames.push(Frame {
            step,
            start,
            next: start,
            end: s.cands.len(),
            lits_mark,
            trail: s.trail.len(),
            glits: s.glits.len(),
        });
        Ok(())
    }

    /// Applies one candidate; `false` when it does not match.
    pub(super) fn apply(
        &mut self,
        lit: Option<&Lit>,
        cand: Cand,
        binding: &mut Binding,
        s: &mut JoinScratch,
    ) -> bool {
        let JoinScratch {
            trail,
            glits,
            cand_lits,
            ..
        } = s;
        match (cand, lit) {
            (Cand::Atom(a), Some(Lit::Atom(_, pat))) => {
                self.apply_atom(a, pat, binding, trail, glits)
            }
            (Cand::Match(v, left_free), Some(Lit::Cmp(_, l, r))) => {
                let side = if left_free { l } else { r };
                match_term(self.table, side, v, binding, trail) == Ok(true)
            }
            (Cand::Pass, _) => true,
            (Cand::Bind(var, v), _) => bind_var(binding, trail, var, v),
            (Cand::Assign(bind, start, end), _) => {
                if let Some((var, v)) = bind {
                    if !bind_var(binding, trail, var, v) {
                        return false;
                    }
                }
                glits.extend_from_slice(cand_lits.get(start as usize..end as usize).unwrap_or(&[]));
                true
            }
            _ => false,
        }
    }

    /// Matches the pattern of a positive literal with domain atom `a`.
    pub(super) fn apply_atom(
        &mut self,
        a: AtomId,
        pat: &AtomPat,
        binding: &mut Binding,
        trail: &mut Vec<u32>,
        glits: &mut Vec<GLit>,
    ) -> bool {
        let Some(val) = self.store.info(a).and_then(|i| i.val) else {
            return false;
        };
        if self.table.as_fun(val).is_none() {
            return false;
        }
        for (i, t) in pat.args.iter().enumerate() {
            // Fetched per argument: matching may intern terms (bound arithmetic).
            let arg = self.table.as_fun(val).and_then(|f| f.args.get(i).copied());
            let Some(v) = arg else { return false };
            if match_term(self.table, t, v, binding, trail) != Ok(true) {
                return false;
            }
        }
        if !self.store.is_fact(a) {
            glits.push(GLit::pos(a));
        }
        true
    }

    /// Joins a condition under the current binding.
    pub fn sub_join(
        &mut self,
        rule: &Rule,
        cond: &[Lit],
        binding: &mut Binding,
        mode: Mode,
        found: &mut Found<'_, 'a>,
    ) -> Result<(), Stop> {
        if cond.is_empty() {
            return found(self, binding, &[]);
        }
        let mut bound = Self::bound_set(binding);
        let store = &self.store;
        let sizes = |l: &Lit| lit_size(store, l);
        let (order, left) = safety::plan(cond, &mut bound, &rule.globals, &sizes);
        if !left.is_empty() {
            return Ok(());
        }
        let plan = JoinPlan {
            lits: cond,
            order: &order,
            ranges: None,
            mode,
        };
        self.join(rule, plan, binding, found)
    }
}

/// Whether `lit` has at most one candidate whatever the binding: a comparison (not an
/// external call), a constant or a negative literal.
fn is_check(lit: &Lit) -> bool {
    match lit {
        Lit::Cmp(CompareOp::Eq, T::Var(_), T::Call(..)) => false,
        Lit::Cmp(..) | Lit::Bool(_) => true,
        Lit::Atom(sign, _) => *sign != Sign::None,
        Lit::Range(..) | Lit::Agg(_) | Lit::Cond(_) => false,
    }
}

/// Binds `var` to `v` (recorded on `trail`) unless it is bound; `false` when it is bound to
/// another value.
fn bind_var(binding: &mut Binding, trail: &mut Vec<u32>, var: u32, v: Val) -> bool {
    match binding.get_mut(var as usize) {
        Some(slot @ None) => {
            *slot = Some(v);
            trail.push(var);
            true
        }
        Some(Some(w)) => *w == v,
        None => false,
    }
}

/// Unbinds the variables of `trail` from position `mark` on.
fn unbind_to(binding: &mut Binding, trail: &mut Vec<u32>, mark: usize) {
    for v in trail.drain(mark.min(trail.len())..) {
        if let Some(slot) = binding.get_mut(v as usize) {
            *slot = None;
        }
    }
}
