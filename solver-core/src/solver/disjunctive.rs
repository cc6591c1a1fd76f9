//! Stability check for disjunctive programs that are not head-cycle-free (non-HCF).
//!
//! Shifting (`build.rs`) is sound only for head-cycle-free programs, so the atoms of a
//! positive-dependency SCC holding two atoms of one disjunctive head (the *non-HCF atoms* `N`)
//! get no source-pointer unfounded-set propagation. The search still enforces the completion of
//! the shifted program, whose models are the supported models; a total assignment `M` is then
//! a stable model iff no non-empty `U ⊆ M ∩ N` is *unfounded*: every rule `r` with
//! `H(r) ∩ U ≠ ∅` has a false body in `M`, a positive body atom in `U`, or a head atom in
//! `M \ U` (Leone, Rullo, Scarcello 1997; the HCF and acyclic parts are already settled by
//! propagation, and any unfounded set of `M` gives one inside a single component). Deciding
//! this is coNP-hard, so it is a search of its own: a small tight *tester* program whose stable
//! models are exactly the non-empty unfounded sets (a choice of `u_a` per atom `a ∈ M ∩ N`, a
//! constraint that some `u_a` holds, and one constraint per rule that would support `U`),
//! solved by a nested [`Solver`] (Koch, Leone, Pfeifer 2003; clasp's tester solver).
//!
//! When the tester finds `U`, the search learns the loop nogood `{p} ∪ {x : x blocks an
//! external support of U}` for an atom `p ∈ U`: each rule with a head in `U` and no positive
//! body atom in `U` contributes a true head atom outside `U` (disjunctive rules), else a false
//! body literal (normal bodies) or all false elements (weight bodies). Every stable model
//! satisfies it, and `M` violates it, so the search never returns to `M`.
//! Weight bodies are taken as `build.rs` normalises them (positive weights).

use super::assignment::Assignment;
use super::build::BodyKey;
use std::time::Instant;

use super::lit::{Lit, Var};
use super::search::Limits;
use super::Solver;
use crate::api::SolveOptions;
use crate::program::{Atom, Body, GroundProgram, HeadKind, Literal, WeightedLiteral};

/// A rule with a head atom in `N`, as the tester needs it.
#[derive(Clone, Debug)]
pub(crate) struct CheckedRule {
    /// Head atoms, sorted, without duplicates.
    pub(crate) heads: Vec<Var>,
    /// Whether the head is a choice.
    pub(crate) choice: bool,
    /// The normalised body.
    pub(crate) body: BodyKey,
}

/// The non-HCF atoms and their rules.
#[derive(Clone, Debug, Default)]
pub(crate) struct Minimality {
    /// `in_scope[v]`: whether variable `v` is a non-HCF atom.
    in_scope: Vec<bool>,
    /// The non-HCF atoms, ascending.
    atoms: Vec<Var>,
    /// Rules with at least one head atom in scope.
    rules: Vec<CheckedRule>,
}

impl Minimality {
    /// A checker for the non-HCF `atoms` (variables below `var_count`) and their `rules`.
    pub(crate) fn new(var_count: usize, atoms: Vec<Var>, rules: Vec<CheckedRule>) -> Minimality {
        let mut in_scope = vec![false; var_count];
        for atom in &atoms {
            in_scope[atom.index()] = true;
        }
        Minimality {
            in_scope,
            atoms,
            rules,
        }
    }

    /// Whether the program has non-HCF atoms at all.
    pub(crate) fn is_active(&self) -> bool {
        !self.atoms.is_empty()
    }

    /// Checks a total assignment; the tester stops with the search's `limits`.
    pub(crate) fn check(&self, a: &Assignment, limits: &Limits) -> Verdict {
        match self.unfounded_set(a, limits) {
            Ok(Some(unfounded)) => Verdict::Unfounded(self.loop_nogood(&unfounded, a)),
            Ok(None) => Verdict::Stable,
            Err(()) => Verdict::Stopped,
        }
    }

    /// The loop nogood (true literals) of the non-empty unfounded set `unfounded`.
    fn loop_nogood(&self, unfounded: &[Var], a: &Assignment) -> Vec<Lit> {
        let mut in_set = vec![false; self.in_scope.len()];
        for v in unfounded {
            in_set[v.index()] = true;
        }
        let mut nogood = vec![unfounded[0].pos()];
        for rule in &self.rules {
            if rule.heads.iter().any(|h| in_set[h.index()]) {
                blockers(rule, &in_set, a, &mut nogood);
            }
        }
        nogood.sort_unstable();
        nogood.dedup();
        nogood
    }

    /// A non-empty unfounded subset of the true atoms in scope, found by the tester; `Err` if
    /// the tester was stopped by the limits.
    fn unfounded_set(&self, a: &Assignment, limits: &Limits) -> Result<Option<Vec<Var>>, ()> {
        let candidates: Vec<Var> = self
            .atoms
            .iter()
            .copied()
            .filter(|v| a.is_true(v.pos()))
            .collect();
        if candidates.is_empty() {
            return Ok(None);
        }
        let tester = Tester::build(self, &candidates, a);
        let options = SolveOptions {
            models: 1,
            interrupt: limits.interrupt.clone(),
            time_limit: limits
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            ..SolveOptions::default()
        };
        let mut solver = Solver::new(&tester.program, options).map_err(|_| ())?;
        let Some(model) = solver.next_model() else {
            let summary = solver.summary();
            return if summary.interrupted || summary.timed_out {
                Err(())
            } else {
                Ok(None)
            };
        };
        let chosen = model.atoms.iter().filter_map(|atom| {
            let index = (atom.0 as usize).checked_sub(1)?;
            candidates.get(index).copied()
        });
        Ok(Some(chosen.collect()))
    }
}

/// The outcome of a minimality check.
pub(crate) enum Verdict {
    /// The assignment is a stable model.
    Stable,
    /// Not stable: the loop nogood (true literals) of an unfounded set.
    Unfounded(Vec<Lit>),
    /// The interrupt or the deadline stopped the check.
    Stopped,
}

/// Adds to `nogood` true literals that block every external support `rule` could give `U`.
fn blockers(rule: &CheckedRule, in_set: &[bool], a: &Assignment, nogood: &mut Vec<Lit>) {
    let positive_in_set = |l: &Lit| !l.is_negative() && in_set[l.var().index()];
    match &rule.body {
        BodyKey::Normal(lits) if lits.iter().any(positive_in_set) => return,
        _ => {}
    }
    if !rule.choice {
        let outside = rule
            .heads
            .iter()
            .find(|h| !in_set[h.index()] && a.is_true(h.pos()));
        if let Some(h) = outside {
            nogood.push(h.pos());
            return;
        }
    }
    match &rule.body {
        BodyKey::Normal(lits) => nogood.extend(lits.iter().find(|&&l| a.is_false(l)).map(|&l| !l)),
        BodyKey::Weight(_, elements) => nogood.extend(
            elements
                .iter()
                .filter(|(l, _)| a.is_false(*l))
                .map(|&(l, _)| !l),
        ),
    }
}

/// The tester program: atom `i` (1-based) is `u` of `candidates[i - 1]`; auxiliary atoms follow.
struct Tester<'c> {
    program: GroundProgram,
    candidates: &'c [Var],
}

impl<'c> Tester<'c> {
    /// Builds the tester for the true in-scope atoms `candidates` under the total assignment `a`.
    fn build(check: &Minimality, candidates: &'c [Var], a: &Assignment) -> Tester<'c> {
        let mut tester = Tester {
            program: GroundProgram::new(),
            candidates,
        };
        let chosen: Vec<Atom> = (0..candidates.len())
            .map(|_| tester.program.new_atom())
            .collect();
        tester
            .program
            .add_rule(HeadKind::Choice, chosen.clone(), Vec::new());
        let none_chosen = chosen.iter().map(|&u| Literal::negative(u)).collect();
        tester
            .program
            .add_rule(HeadKind::Disjunction, Vec::new(), none_chosen);
        for rule in &check.rules {
            tester.add_support_constraints(rule, &check.in_scope, a);
        }
        tester
    }

    /// The tester atom `u` of a candidate variable.
    fn chosen(&self, v: Var) -> Option<Atom> {
        let index = self.candidates.binary_search(&v).ok()?;
        Some(Atom(index as u32 + 1))
    }

    /// Forbids `U` that `rule` would support under `a`: for a rule with a true body, whose true
    /// heads are all in scope (disjunction), `U` may not contain its true heads (all of them for
    /// a disjunction, each for a choice) while its body holds without the atoms of `U`.
    fn add_support_constraints(&mut self, rule: &CheckedRule, in_scope: &[bool], a: &Assignment) {
        if !body_holds(&rule.body, a) {
            return;
        }
        let true_heads: Vec<Var> = rule
            .heads
            .iter()
            .copied()
            .filter(|h| a.is_true(h.pos()))
            .collect();
        if !rule.choice && true_heads.iter().any(|h| !in_scope[h.index()]) {
            return;
        }
        let external = self.external_body(&rule.body, a);
        let heads: Vec<Atom> = true_heads.iter().filter_map(|&h| self.chosen(h)).collect();
        let groups: Vec<Vec<Atom>> = if rule.choice {
            heads.into_iter().map(|h| vec![h]).collect()
        } else {
            vec![heads]
        };
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            let mut body: Vec<Literal> = group.into_iter().map(Literal::positive).collect();
            body.extend_from_slice(&external);
            self.program
                .add_rule(HeadKind::Disjunction, Vec::new(), body);
        }
    }

    /// Literals that hold iff the (true) body still holds once the atoms of `U` are false.
    /// Weight bodies get an auxiliary atom.
    fn external_body(&mut self, body: &BodyKey, a: &Assignment) -> Vec<Literal> {
        match body {
            BodyKey::Normal(lits) => lits
                .iter()
                .filter(|l| !l.is_negative())
                .filter_map(|l| self.chosen(l.var()))
                .map(Literal::negative)
                .collect(),
            BodyKey::Weight(lower, elements) => self.external_weight(*lower, elements, a),
        }
    }

    /// The weight-body case of [`Tester::external_body`].
    fn external_weight(
        &mut self,
        lower: i64,
        elements: &[(Lit, i64)],
        a: &Assignment,
    ) -> Vec<Literal> {
        let mut fixed = 0i64;
        let mut open = Vec::new();
        for &(l, w) in elements.iter().filter(|(l, _)| a.is_true(*l)) {
            match (l.is_negative(), self.chosen(l.var())) {
                (false, Some(u)) => open.push(WeightedLiteral {
                    literal: Literal::negative(u),
                    weight: w,
                }),
                _ => fixed = fixed.saturating_add(w),
            }
        }
        let needed = lower.saturating_sub(fixed);
        if needed <= 0 {
            return Vec::new();
        }
        let aux = self.program.new_atom();
        let body = Body::Weight {
            lower: needed,
            elements: open,
        };
        self.program.rules.push(crate::program::Rule {
            kind: HeadKind::Disjunction,
            head: vec![aux],
            body,
        });
        vec![Literal::positive(aux)]
    }
}

/// Whether a body holds under the total assignment `a`.
fn body_holds(body: &BodyKey, a: &Assignment) -> bool {
    match body {
        BodyKey::Normal(lits) => lits.iter().all(|&l| a.is_true(l)),
        BodyKey::Weight(lower, elements) => {
            let sum = elements
                .iter()
                .filter(|(l, _)| a.is_true(*l))
                .fold(0i64, |s, &(_, w)| s.saturating_add(w));
            sum >= *lower
        }
    }
}
