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
//! # Reclassification
//! clasp classifies a second time when the first classification leaves an atom with several
//! rules whose bodies all come to the same literal (`v :- x1. v :- x2.` with `x1` and `x2`
//! the heads of one body: clasp merges the supports and reclassifies). The second round sees
//! such an atom as having one rule, and the atoms without any rule (not external) as false:
//! they leave the bodies, a negative one lowering a weight body's bound by its weight (gringo's
//! `N = #sum+{2:p; W:q(W)}` writes the fact part as `not x` with `x` an atom without rules;
//! `v :- 4 <= #sum{2:not x; 2:q}.` is `v :- q.` in the second round, so with `#project q.`
//! v shows with q: known-mismatches seeds 53496 and 64140). Without such an atom there is one
//! round, and `not x` stays in the body (`v :- 4 <= #sum{2:not x; 2:q}.` alone is not q).
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
    /// Per variable: an atom without rules that the second classification round reads as
    /// false (empty in the first round; see the module docs).
    false_atoms: Vec<bool>,
}

impl LiteralAliases {
    /// The aliases of `program`'s rules.
    pub(super) fn new(program: &ProgramState) -> LiteralAliases {
        let n = program.var_count;
        let mut rules_of = vec![0u32; n];
        let mut only_body: Vec<Option<u32>> = vec![None; n];
        // Per atom: the bodies of its rules that are normal rules with it as the only head.
        let mut normal_bodies: Vec<Vec<u32>> = vec![Vec::new(); n];
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
                    normal_bodies[h.index()].push(rule.body);
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
            false_atoms: Vec::new(),
        };
        aliases.settle(program);
        let shared = aliases.shared_supports(program, &rules_of, &normal_bodies);
        if !shared.is_empty() {
            for (v, body) in shared {
                aliases.only_body[v.index()] = Some(body);
            }
            aliases.false_atoms = atoms_without_rules(program);
            aliases.settle(program);
        }
        aliases
    }

    /// Recomputes the parents until none changes.
    fn settle(&mut self, program: &ProgramState) {
        for _ in 0..=self.parent.len() {
            if !self.refine(program) {
                break;
            }
        }
    }

    /// The atoms with two or more rules, each a normal rule with the atom as its only head,
    /// whose bodies are all the same literal, each with one of those bodies (see the module
    /// docs: they make clasp classify again).
    fn shared_supports(
        &self,
        program: &ProgramState,
        rules_of: &[u32],
        normal_bodies: &[Vec<u32>],
    ) -> Vec<(Var, u32)> {
        let mut shared = Vec::new();
        for (v, bodies) in normal_bodies.iter().enumerate() {
            let mut distinct = bodies.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() < 2 || distinct.len() != rules_of[v] as usize {
                continue;
            }
            let first = self.body_literal(program, distinct[0]);
            if distinct[1..]
                .iter()
                .all(|&b| self.body_literal(program, b) == first)
            {
                shared.push((Var(v as u32), distinct[0]));
            }
        }
        shared
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
        let mapped = match self.without_false_atoms(&program.bodies[b as usize].1)? {
            BodyKey::Normal(lits) => BodyKey::Normal(self.sorted_roots(&lits)),
            BodyKey::Weight(bound, _) if bound <= 0 => BodyKey::Normal(Vec::new()),
            BodyKey::Weight(bound, elements) => {
                BodyKey::Weight(bound, self.merged(bound, &elements))
            }
        };
        let mut lits = conjunction_of(&mapped)?;
        lits.sort_unstable();
        Some(lits)
    }

    /// `key` with the literals over [`Self::false_atoms`] left out: a positive one makes a
    /// normal body false (`None`), a negative one holds (a weight body's bound drops by its
    /// weight).
    fn without_false_atoms(&self, key: &BodyKey) -> Option<BodyKey> {
        let is_false = |l: &Lit| self.false_atoms.get(l.var().index()) == Some(&true);
        match key {
            BodyKey::Normal(lits) if lits.iter().any(|l| is_false(l) && !l.is_negative()) => None,
            BodyKey::Normal(lits) => Some(BodyKey::Normal(
                lits.iter().copied().filter(|l| !is_false(l)).collect(),
            )),
            BodyKey::Weight(bound, elements) => {
                let held: i64 = elements
                    .iter()
                    .filter(|(l, _)| is_false(l) && l.is_negative())
                    .map(|(_, w)| *w)
                    .sum();
                let left = elements.iter().copied().filter(|(l, _)| !is_false(l));
                Some(BodyKey::Weight(bound.saturating_sub(held), left.collect()))
            }
        }
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

/// Per variable: an atom that no rule has in its head and that is not external.
fn atoms_without_rules(program: &ProgramState) -> Vec<bool> {
    let mut without = program.is_atom.clone();
    without.resize(program.var_count, false);
    for rule in &program.rules {
        rule.heads.iter().for_each(|h| without[h.index()] = false);
    }
    for (atom, _) in program.atoms.externals() {
        without[program.atoms.var(atom).index()] = false;
    }
    without
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
