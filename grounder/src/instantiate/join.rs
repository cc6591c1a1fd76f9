//! The join loop: a rule's body literals matched in plan order on an explicit frame stack.
//!
//! [`Grounder::join`] runs the plan of `normalize::safety::plan` over a [`JoinScratch`]
//! (see the invariants in the module doc of `instantiate`); `candidates` supplies each
//! frame's candidates; a solution is handed to the caller's `found` (for rule heads:
//! `head`'s [`Grounder::on_match`]).

use super::{lit_size, Cand, Found, Frame, GLit, Grounder, JoinPlan, JoinScratch, Mode, Stop};
use crate::instantiate::domain::AtomId;
use crate::normalize::rules::{AtomPat, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::{match_term, Binding};

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
        self.push_frame(rule, plan, 0, binding, s)?;
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
            if !self.apply(lit, cand, binding, s) {
                continue;
            }
            if step + 1 == plan.order.len() {
                found(self, binding, &s.glits)?;
                continue;
            }
            self.push_frame(rule, plan, step + 1, binding, s)?;
        }
        Ok(())
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
            (Cand::Match(v), Some(Lit::Cmp(_, l, r))) => {
                let side = if l.is_bound(binding) { r } else { l };
                match_term(self.table, side, v, binding, trail) == Ok(true)
            }
            (Cand::Assign(bind, start, end), _) => {
                if let Some((var, v)) = bind {
                    match binding.get_mut(var as usize) {
                        Some(slot @ None) => {
                            *slot = Some(v);
                            trail.push(var);
                        }
                        Some(Some(w)) if *w == v => {}
                        _ => return false,
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

/// Unbinds the variables of `trail` from position `mark` on.
fn unbind_to(binding: &mut Binding, trail: &mut Vec<u32>, mark: usize) {
    for v in trail.drain(mark.min(trail.len())..) {
        if let Some(slot) = binding.get_mut(v as usize) {
            *slot = None;
        }
    }
}
