//! The literal equivalences clasp's preprocessing (`--eq`) finds, as far as brave/cautious
//! consequences under a projection need them to decide which untracked atoms clasp shows.
//!
//! # Algorithm
//! An atom with exactly one rule (identical copies counted once, rules whose normal body has
//! the atom itself, positively or negated, not counted: they cannot support it), a non-choice rule with
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
//!   enters a cycle of parents (`r :- not x. x :- not r.`: r is not x, x is not r), whose
//!   smallest literal is then the representative of every literal that reaches it.

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
    /// The normal bodies of two or more literals, by their variable.
    body_of_var: std::collections::HashMap<Var, u32>,
    /// The late negative unit bodies, by the atom standing for each (see `late_owner`).
    late_body_of: std::collections::HashMap<Var, u32>,
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
        let body_of_var = (0..program.bodies.len() as u32)
            .filter_map(|b| match &program.bodies[b as usize] {
                (lit, BodyKey::Normal(lits)) if lits.len() > 1 && !lit.is_negative() => {
                    Some((lit.var(), b))
                }
                _ => None,
            })
            .collect();
        let late_body_of = late_owner
            .iter()
            .enumerate()
            .filter_map(|(b, owner)| owner.map(|o| (o, b as u32)))
            .collect();
        let mut aliases = LiteralAliases {
            parent: vec![None; n],
            only_body,
            late_owner,
            body_of_var,
            late_body_of,
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

    /// The representative of `l`: the end of its parent chain, or on a cycle of parents
    /// (`r :- not x. x :- not r.`) the cycle's smallest literal, so that every literal that
    /// reaches the cycle gets the same one whatever its distance to it.
    pub(super) fn root(&self, l: Lit) -> Lit {
        let mut state = (l, false);
        for _ in 0..2 * self.parent.len() {
            match self.step(state) {
                Some(next) => state = next,
                None => return flipped(state),
            }
        }
        self.smallest_on_cycle(state)
    }

    /// The literal after `l` on its parent chain with the accumulated complement, or `None`
    /// at a representative.
    fn step(&self, (l, flip): (Lit, bool)) -> Option<(Lit, bool)> {
        let var: Var = l.var();
        match self.parent.get(var.index()).copied().flatten() {
            Some(p) if p.var() != var => Some((p, flip ^ l.is_negative())),
            _ => None,
        }
    }

    /// The smallest literal equivalent to the start of a parent cycle through `start`
    /// (walked until `start` repeats with the same complement: twice round an odd cycle).
    fn smallest_on_cycle(&self, start: (Lit, bool)) -> Lit {
        let mut smallest = flipped(start);
        let mut state = start;
        for _ in 0..4 * self.parent.len() {
            let Some(next) = self.step(state) else { break };
            if next == start {
                break;
            }
            smallest = smallest.min(flipped(next));
            state = next;
        }
        smallest
    }

    /// The late negative unit body (see [`late_negative_units`]) whose variable `owner` stands
    /// for, if any.
    fn late_body_owned_by(&self, owner: Var) -> Option<u32> {
        self.late_body_of.get(&owner).copied()
    }

    /// Whether body `b` of a rule with head `head` cannot hold for deriving it: a conjunction
    /// that on the representatives has complementary literals or the complement of the head's.
    /// A body that is one literal whose representative is another normal body's variable is
    /// that body (`{q} :- r. r :- not q, x.`: clasp's equivalences give the choice the body
    /// `not q, x`, and q cannot be derived); so is one whose representative is the atom
    /// standing for a late negative unit (`{q} :- d. d :- not q.`: the choice's body is the
    /// body `not q` itself, which clasp classifies before q has a variable, and q cannot be
    /// derived; `{p} :- r. r :- not x. x :- not p.` gives the choice the complement of that
    /// body's variable, and p stays possible).
    pub(super) fn contradicts(&self, program: &ProgramState, b: u32, head: Var) -> bool {
        let Some(mut roots) = self.conjunction(program, b) else {
            return false;
        };
        if let [l] = roots.as_slice() {
            let equal_body = self.body_of_var.get(&l.var()).copied();
            let equal_body = equal_body.or_else(|| self.late_body_owned_by(l.var()));
            let equal_body = equal_body.filter(|_| !l.is_negative());
            if let Some(other) = equal_body.filter(|&other| other != b) {
                roots = self.conjunction(program, other).unwrap_or(roots);
            }
        }
        let against_head = !self.root(head.pos());
        roots.windows(2).any(|w| w[0] == !w[1]) || roots.contains(&against_head)
    }
}

/// `l`, complemented when `flip`.
fn flipped((l, flip): (Lit, bool)) -> Lit {
    if flip {
        !l
    } else {
        l
    }
}

/// Whether body `b` has `head` among its literals: such a rule cannot support `head`
/// (`{q} :- q.`; `p :- q, not p.`, which clasp reads as the constraint `:- q, not p.`), and
/// clasp's equivalences do not count it as one of its rules.
fn needs_itself(program: &ProgramState, b: u32, head: Var) -> bool {
    matches!(&program.bodies[b as usize].1, BodyKey::Normal(lits)
        if lits.contains(&head.pos()) || lits.contains(&head.neg()))
}
