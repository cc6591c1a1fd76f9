//! The literal equivalences clasp's preprocessing (`--eq`) finds, as far as brave/cautious
//! consequences under a projection need them to decide which untracked atoms clasp shows.
//!
//! # Algorithm
//! An atom with exactly one rule (identical copies counted once, rules whose normal body has
//! the atom itself positively not counted: they cannot support it), a non-choice rule with
//! that atom as its only head and not shifted from a disjunction, is equivalent to the rule's
//! body;
//! its negative literal to the body's complement. A body is the literal it needs alone: a
//! normal body of one literal, or a weight body needing every element (the weights without
//! the lightest stay below the bound, clasp's test for reading it as a normal body) once its
//! elements are replaced by their representatives and equal ones merged (`1 <= #sum{p;q}` with
//! p and q equivalent is p). Any other body is its own variable. The representatives are
//! recomputed until none changes (weight bodies depend on their elements' representatives).
//!
//! A body of one negative literal `not a`, `a` an atom of choice rules only, is `a`'s
//! complement only when clasp's classification gives `a` its variable before the body's (see
//! `classification.rs`); otherwise it is a variable of its own, shared by the atoms it is the
//! only rule of (`{p} :- r. r :- not x. x :- not p.`: `not p` is classified before p is
//! reached through r, so x is not `not p`, and r is not p).
//!
//! # Invariants
//! - `parent[v]`, when set, is the literal the positive literal of `v` is equivalent to;
//!   following parents (complementing on negative literals) ends at a representative, or
//!   stops after `2 * var_count` steps on a cycle.

use super::body::{conjunction_of, BodyKey};
use super::build::ProgramState;
use super::classification::late_negative_units;
use super::lit::{Lit, Var};

/// Representatives of literals under the equivalences of single-rule atoms.
pub(super) struct LiteralAliases {
    /// Per variable: the literal its atom is equivalent to (see the module invariants).
    parent: Vec<Option<Lit>>,
    /// Per variable: the body index of the atom's only rule, for atoms that have one.
    only_body: Vec<Option<u32>>,
    /// Per body: the atom standing for it when it is a late negative unit (see
    /// [`late_negative_units`]): the first atom whose only rule it is.
    late_owner: Vec<Option<Var>>,
}

impl LiteralAliases {
    /// The aliases of `program`'s rules.
    pub(super) fn new(program: &ProgramState) -> LiteralAliases {
        let n = program.var_count;
        let mut rules_of = vec![0u32; n];
        let mut only_body: Vec<Option<u32>> = vec![None; n];
        let mut seen = std::collections::HashSet::new();
        let distinct = program
            .rules
            .iter()
            .filter(|r| seen.insert((&r.heads, r.body, r.choice)));
        for rule in distinct {
            let supports = |h: &&Var| !needs_itself(program, rule.body, **h);
            for h in rule.heads.iter().filter(supports) {
                rules_of[h.index()] += 1;
            }
            if let (false, false, [h]) = (rule.choice, rule.shifted, rule.heads.as_slice()) {
                if supports(&h) {
                    only_body[h.index()] = Some(rule.body);
                }
            }
        }
        for (v, body) in only_body.iter_mut().enumerate() {
            if rules_of[v] != 1 {
                *body = None;
            }
        }
        let late = late_negative_units(program);
        let mut late_owner: Vec<Option<Var>> = vec![None; program.bodies.len()];
        for (v, body) in only_body.iter().enumerate() {
            if let Some(b) = body.filter(|b| late[*b as usize]) {
                late_owner[b as usize].get_or_insert(Var(v as u32));
            }
        }
        let mut aliases = LiteralAliases {
            parent: vec![None; n],
            only_body,
            late_owner,
        };
        for _ in 0..=n {
            if !aliases.refine(program) {
                break;
            }
        }
        aliases
    }

    /// One round of recomputing each single-rule atom's parent; whether any changed.
    fn refine(&mut self, program: &ProgramState) -> bool {
        let parents: Vec<Option<Lit>> = (0..self.parent.len())
            .map(|v| self.only_body[v].map(|b| self.body_literal(program, b)))
            .collect();
        let changed = parents != self.parent;
        self.parent = parents;
        changed
    }

    /// The literal body `b` is: its one needed literal's representative, else its variable.
    fn body_literal(&self, program: &ProgramState, b: u32) -> Lit {
        if let Some(owner) = self.late_owner[b as usize] {
            return owner.pos();
        }
        match self.conjunction(program, b).as_deref() {
            Some([l]) => *l,
            _ => program.bodies[b as usize].0,
        }
    }

    /// The representatives of the literals body `b` needs all of, when it is such a
    /// conjunction (see [`conjunction_of`]).
    fn conjunction(&self, program: &ProgramState, b: u32) -> Option<Vec<Lit>> {
        let mapped = match &program.bodies[b as usize].1 {
            BodyKey::Normal(lits) => BodyKey::Normal(self.sorted_roots(lits)),
            BodyKey::Weight(bound, elements) => {
                BodyKey::Weight(*bound, self.merged(*bound, elements))
            }
        };
        let mut lits = conjunction_of(&mapped)?;
        lits.sort_unstable();
        Some(lits)
    }

    /// The representatives of `lits`, sorted and without repetitions.
    pub(super) fn sorted_roots(&self, lits: &[Lit]) -> Vec<Lit> {
        let mut roots: Vec<Lit> = lits.iter().map(|&l| self.root(l)).collect();
        roots.sort_unstable();
        roots.dedup();
        roots
    }

    /// Weight elements on their representatives, equal ones merged and capped at `bound`.
    fn merged(&self, bound: i64, elements: &[(Lit, i64)]) -> Vec<(Lit, i64)> {
        let mut merged: Vec<(Lit, i64)> = Vec::new();
        for &(l, w) in elements {
            let root = self.root(l);
            match merged.iter_mut().find(|(m, _)| *m == root) {
                Some((_, weight)) => *weight = weight.saturating_add(w).min(bound),
                None => merged.push((root, w.min(bound))),
            }
        }
        merged
    }

    /// The representative of `l`.
    pub(super) fn root(&self, mut l: Lit) -> Lit {
        let mut flip = false;
        for _ in 0..2 * self.parent.len() {
            let var: Var = l.var();
            match self.parent.get(var.index()).copied().flatten() {
                Some(p) if p.var() != var => {
                    flip ^= l.is_negative();
                    l = p;
                }
                _ => break,
            }
        }
        if flip {
            !l
        } else {
            l
        }
    }

    /// Whether body `b` of a rule with head `head` cannot hold for deriving it: a conjunction
    /// that on the representatives has complementary literals or the complement of the head's.
    pub(super) fn contradicts(&self, program: &ProgramState, b: u32, head: Var) -> bool {
        let Some(roots) = self.conjunction(program, b) else {
            return false;
        };
        let against_head = !self.root(head.pos());
        roots.windows(2).any(|w| w[0] == !w[1]) || roots.contains(&against_head)
    }
}

/// Whether body `b` has `head` among its positive literals: such a rule cannot support
/// `head` (`{q} :- q.`), and clasp's equivalences do not count it as one of its rules.
fn needs_itself(program: &ProgramState, b: u32, head: Var) -> bool {
    matches!(&program.bodies[b as usize].1, BodyKey::Normal(lits) if lits.contains(&head.pos()))
}
