//! The literal equivalences clasp's preprocessing (`--eq`) finds, as far as brave/cautious
//! consequences under a projection need them to decide which untracked atoms clasp shows.
//!
//! # Algorithm
//! An atom with exactly one rule (identical copies counted once, rules whose normal body has
//! the atom itself, positively or negated, not counted: they cannot support it; nor are the
//! shifted rules of a disjunction clasp drops as satisfied, see `dropped_disjunctions.rs`), a
//! non-choice rule with that atom as its only head and not shifted from a disjunction, is
//! equivalent to the rule's body; its negative literal to the body's complement. A body is the
//! literal it needs alone: a normal body of one literal, or a weight body needing every
//! element (the weights without
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
//! clasp classifies a second time when the simplification after the first classification
//! changes an atom's supports. The second round reads the atoms outside clasp's "upper"
//! closure (no rule can derive them when negative literals are read as true, nor through a
//! body clasp's propagation before the first classification makes false, see
//! `initial_propagation.rs`; externals are in it) as false: they leave the bodies, a negative
//! one lowering a weight body's bound by its weight, and the rules whose bodies need one positively are dropped (gringo's
//! `N = #sum+{2:p; W:q(W)}` writes the fact part as `not x` with `x` an atom without rules;
//! `v :- 4 <= #sum{2:not x; 2:q}.` is `v :- q.` in the second round, and with `#project q.`
//! v shows with q). In either round a weight element whose representative is a constant
//! leaves its body (a true one lowering the bound), and a conjunction with a false literal is
//! false. The second round also sees what clasp's propagation of the false atoms assigned:
//! an atom loses the rules whose bodies come to false (false itself when none is left),
//! recomputed until the false bodies stay the same (`c :- not x. y :- not c. s :- r. s :-
//! y.` makes s equal to r). An atom with a normal rule whose body comes to true is a fact,
//! whatever its other rules (`d :- not q. d :- not x. r :- q, d.` makes r equal to q), and
//! an atom's bodies are merged again when that makes them one literal.
//! Without a trigger there is one round, and `not x` stays in the body
//! (`v :- 4 <= #sum{2:not x; 2:q}.` alone is not q). The triggers modelled:
//! - an atom with several rules whose supported bodies all come to the same literal (`v :- x1.
//!   v :- x2.` with `x1` and `x2` the heads of one body: clasp merges the supports;
//!   known-mismatches seeds 53496 and 64140);
//! - an atom with several rules of which one normal rule is left once the unsupported ones
//!   are dropped (clasp gave it a variable of its own, and its one support is another; seed
//!   124014, where the other rule's body needs an atom whose one body clasp's propagation
//!   made false);
//! - a supported body with a false atom that becomes a fact, or the same conjunction as
//!   another body that still has heads (`a :- r. a :- y.` with a variable of its own, and
//!   `v :- not x, r.`: the body becomes `r`, merges with `a`'s, and v's support changes;
//!   seed 93027). Bodies that are one conjunction as clasp reads the program count once, and
//!   a one-positive-literal body whose heads are all that atom's aliases has lost them when
//!   clasp reaches a later body (see `bodies_simplify_together`). A body only rules shifted
//!   from a disjunction have is no such other body: clasp shifts disjunctions after its
//!   preprocessing and supports their atoms as a choice does until then (`a ; x.` and
//!   `v :- 5 <= #sum{2:not a; 4:not y}.`: the weight body becomes `not a`, the body of the
//!   shifted `x :- not a.`, but nothing merges and v stays apart from a).
//!
//! clasp's translation of small weight rules into normal rules (`--trans-ext=dynamic`) is not
//! modelled: such weight bodies take part only when they are conjunctions.
//!
//! # Invariants
//! - `parent[v]`, when set, is the literal the positive literal of `v` is equivalent to;
//!   following parents (complementing on negative literals) ends at a representative, or
//!   enters a cycle of parents (`r :- not x. x :- not r.`: r is not x, x is not r), whose
//!   smallest literal is then the representative of every literal that reaches it.

use super::body::{conjunction_of, BodyKey};
use super::build::ProgramState;
use super::classification::late_negative_units;
use super::initial_propagation::initially_false;
use super::lit::{Lit, Var};

/// How clasp's preprocessing reads the rules shifted from disjunctions (see
/// `dropped_disjunctions.rs`).
#[derive(Default)]
pub(super) struct DisjunctionReading {
    /// Per rule of `program.rules`: left out (of a satisfied disjunction, or deriving a
    /// refuted atom).
    pub(super) dropped: Vec<bool>,
    /// Per rule: a shifted rule read as a normal rule (the one atom its disjunction has left
    /// once the refuted atoms are gone).
    pub(super) unshifted: Vec<bool>,
    /// Per variable: an atom the integrity constraints make false before the preprocessing.
    pub(super) refuted: Vec<bool>,
}

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
    /// Per variable: an atom a constraint makes false before the preprocessing (see
    /// [`DisjunctionReading::refuted`]), false in both rounds.
    refuted: Vec<bool>,
    /// Per variable: an atom all of whose supported rules the second round finds false
    /// bodies for (see [`Self::second_round`]): false itself.
    lost_rules: Vec<bool>,
    /// Per variable, in the second round: the bodies of its normal rules (it the only head);
    /// one that comes to `Lit::TRUE` makes it a fact, whatever its other rules.
    normal_bodies: Vec<Vec<u32>>,
}

impl LiteralAliases {
    /// The aliases of `program`'s rules as `reading` has clasp read its disjunctions (see
    /// `dropped_disjunctions.rs`).
    pub(super) fn new(program: &ProgramState, reading: &DisjunctionReading) -> LiteralAliases {
        let n = program.var_count;
        let all = RuleCounts::new(program, reading, |_| true);
        let late = late_negative_units(program);
        let mut late_owner: Vec<Option<Var>> = vec![None; program.bodies.len()];
        for (v, body) in all.only_body.iter().enumerate() {
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
            only_body: all.only_body.clone(),
            late_owner,
            body_of_var,
            late_body_of,
            false_atoms: Vec::new(),
            refuted: reading.refuted.clone(),
            lost_rules: Vec::new(),
            normal_bodies: Vec::new(),
        };
        aliases.settle(program);
        let closure = UpperClosure::new(program);
        let kept = RuleCounts::new(program, reading, |b| closure.supported[b as usize]);
        let shared = aliases.shared_supports(program, &kept);
        let single_left = (0..n).any(|v| all.rules_of[v] > 1 && kept.only_body[v].is_some());
        let false_atoms = closure.false_atoms(program);
        if !shared.is_empty()
            || single_left
            || aliases.bodies_simplify_together(program, &all, &closure, &false_atoms)
        {
            aliases.false_atoms = false_atoms;
            aliases.second_round(program, reading, &closure, kept, &shared);
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

    /// Whether clasp's strong simplification at the end of the first classification, which
    /// reads `false_atoms` as false, makes a body with such an atom a fact or equal to another
    /// body that still has heads (see the module docs): either makes clasp classify again.
    /// Only supported bodies of rules with heads count, and bodies that are the same
    /// conjunction as clasp reads the program are one. A body without false atoms that is one
    /// positive literal, all of whose rules are normal rules of atoms without other rules, has
    /// lost its heads (they are that literal's atom) when clasp reaches a later body.
    fn bodies_simplify_together(
        &mut self,
        program: &ProgramState,
        all: &RuleCounts,
        closure: &UpperClosure,
        false_atoms: &[bool],
    ) -> bool {
        let mut groups: std::collections::HashMap<Vec<Lit>, Vec<SimplifiedBody>> =
            Default::default();
        self.false_atoms = false_atoms.to_vec();
        let mut fact = false;
        for b in 0..program.bodies.len() as u32 {
            if !closure.supported[b as usize] || !all.with_heads[b as usize] {
                continue;
            }
            let key = &program.bodies[b as usize].1;
            let (Some(lits), Some(mut input)) = (self.conjunction(program, b), conjunction_of(key))
            else {
                continue;
            };
            input.sort_unstable();
            let has_false = input
                .iter()
                .any(|l| false_atoms.get(l.var().index()) == Some(&true));
            fact |= has_false && lits.is_empty();
            groups.entry(lits).or_default().push(SimplifiedBody {
                index: b,
                input,
                has_false,
                loses_heads: all.loses_heads(program, b),
            });
        }
        self.false_atoms = Vec::new();
        fact || groups.values().any(|bodies| {
            bodies.iter().any(|x| {
                let merges_with = |y: &SimplifiedBody| !y.loses_heads || y.index > x.index;
                let other = |y: &SimplifiedBody| y.index != x.index && y.input != x.input;
                x.has_false && bodies.iter().any(|y| other(y) && merges_with(y))
            })
        })
    }

    /// One round of recomputing each single-rule atom's parent, and of each atom with a
    /// normal rule whose body holds (second round); whether any changed.
    fn refine(&mut self, program: &ProgramState) -> bool {
        let lost_rules = |v: usize| self.lost_rules.get(v) == Some(&true);
        let holds = |b: &u32| self.body_literal(program, *b) == Lit::TRUE;
        let fact = |v: usize| {
            self.normal_bodies
                .get(v)
                .is_some_and(|b| b.iter().any(holds))
        };
        let parents: Vec<Option<Lit>> = (0..self.parent.len())
            .map(|v| match lost_rules(v) {
                true => Some(Lit::FALSE),
                false if fact(v) => Some(Lit::TRUE),
                false => self.only_body[v].map(|b| self.body_literal(program, b)),
            })
            .collect();
        let changed = parents != self.parent;
        self.parent = parents;
        changed
    }

    /// The literal body `b` is: its one needed literal's representative, `Lit::TRUE` when it
    /// needs none, else its variable.
    fn body_literal(&self, program: &ProgramState, b: u32) -> Lit {
        if let Some(owner) = self.late_owner[b as usize] {
            return owner.pos();
        }
        match self.conjunction(program, b).as_deref() {
            Some([l]) => *l,
            Some([]) => Lit::TRUE,
            _ => program.bodies[b as usize].0,
        }
    }

    /// The representatives of the literals body `b` needs all of, when it is such a
    /// conjunction (see [`conjunction_of`]).
    fn conjunction(&self, program: &ProgramState, b: u32) -> Option<Vec<Lit>> {
        self.key_conjunction(&program.bodies[b as usize].1)
    }

    /// The representatives of the literals the body `key` needs all of, when it is such a
    /// conjunction (sorted; see [`conjunction_of`]), without those that are `Lit::TRUE`: clasp's
    /// preprocessing drops the facts from a body before it reads it as one literal (`x. r :- a,
    /// x.` makes r equal to a, whatever the order of the rules).
    pub(super) fn key_conjunction(&self, key: &BodyKey) -> Option<Vec<Lit>> {
        let mapped = match self.without_false_atoms(key)? {
            BodyKey::Normal(lits) => BodyKey::Normal(self.sorted_roots(&lits)),
            BodyKey::Weight(bound, _) if bound <= 0 => BodyKey::Normal(Vec::new()),
            BodyKey::Weight(bound, elements) => self.without_constants(bound, &elements),
        };
        let mut lits = conjunction_of(&mapped)?;
        lits.retain(|&l| l != Lit::TRUE);
        if lits.contains(&Lit::FALSE) {
            return Some(vec![Lit::FALSE]);
        }
        lits.sort_unstable();
        Some(lits)
    }

    /// `key` with the literals over [`Self::false_atoms`] left out: a positive one makes a
    /// normal body false (`None`), a negative one holds (a weight body's bound drops by its
    /// weight).
    fn without_false_atoms(&self, key: &BodyKey) -> Option<BodyKey> {
        let marked = |atoms: &[bool], l: &Lit| atoms.get(l.var().index()) == Some(&true);
        let is_false = |l: &Lit| marked(&self.false_atoms, l) || marked(&self.refuted, l);
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

/// The second classification round and the constants it reads.
impl LiteralAliases {
    /// The atoms with two or more rules left in `kept`, each a normal rule with the atom as its
    /// only head, whose bodies are all the same literal, each with one of those bodies (see the
    /// module docs: they make clasp classify again).
    fn shared_supports(&self, program: &ProgramState, kept: &RuleCounts) -> Vec<(Var, u32)> {
        let mut shared = Vec::new();
        for (v, bodies) in kept.normal_bodies.iter().enumerate() {
            let mut distinct = bodies.clone();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() < 2 || distinct.len() != kept.rules_of[v] as usize {
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

    /// The second classification round (see the module docs): the atoms' only rules among
    /// those with supported bodies (`shared` overriding, and the atoms whose several bodies
    /// the false atoms make one literal: `p :- q, not x. p :- q, not y.` with x and y
    /// without rules is `p :- q.`), settled, then again without the
    /// rules whose bodies that makes false, until those stay the same (clasp's propagation
    /// after the first round assigns them: `a :- q. a :- y. y :- not c. c :- not x.` with x
    /// without rules leaves `a :- q.`; seed 23522 of the full grammar). An atom with a normal
    /// rule whose body comes to true is a fact (`d :- not q. d :- not x. r :- q, d.` with x
    /// without rules makes r equal to q), and the atoms' bodies are merged again when that
    /// makes several of them one literal (`r :- q, d1. r :- q, d2.` with `d1 :- not x1.` and
    /// `d2 :- not x2.`).
    fn second_round(
        &mut self,
        program: &ProgramState,
        reading: &DisjunctionReading,
        closure: &UpperClosure,
        mut counts: RuleCounts,
        shared: &[(Var, u32)],
    ) {
        let mut false_bodies = vec![false; program.bodies.len()];
        let supported = RuleCounts::new(program, reading, |b| closure.supported[b as usize]);
        for _ in 0..=program.bodies.len() {
            let merged = self.shared_supports(program, &counts);
            self.only_body = counts.only_body.clone();
            self.normal_bodies = counts.normal_bodies.clone();
            for &(v, body) in shared.iter().chain(&merged) {
                if !false_bodies[body as usize] {
                    self.only_body[v.index()] = Some(body);
                }
            }
            self.settle(program);
            let now: Vec<bool> = (0..program.bodies.len() as u32)
                .map(|b| {
                    closure.supported[b as usize] && self.body_literal(program, b) == Lit::FALSE
                })
                .collect();
            // Settling can make several bodies of an atom one literal (their atoms now facts).
            let merged_again = self.shared_supports(program, &counts) != merged;
            if now == false_bodies {
                if merged_again {
                    continue;
                }
                return;
            }
            false_bodies = now;
            let live = |b: u32| closure.supported[b as usize] && !false_bodies[b as usize];
            counts = RuleCounts::new(program, reading, live);
            self.lost_rules = (0..program.var_count)
                .map(|v| supported.rules_of[v] > 0 && counts.rules_of[v] == 0)
                .collect();
        }
    }

    /// A weight body on its elements' representatives (see [`Self::merged`]), the elements
    /// whose representative is a constant left out, a true one lowering the bound by its
    /// weight (clasp's preprocessing removes the atoms with a value from the bodies: with
    /// `c :- not x. y :- not c.` and x without rules, `v :- 1 <= #sum{1:q; 1:y}.` is `v :- q.`
    /// in the second round; seed 23522 of the full grammar). A body whose open elements stay
    /// below the bound is false, also when no element was a constant (the caller may have left
    /// out the false atoms: `a :- 1 <= #sum{1:x}.` with x without rules).
    fn without_constants(&self, bound: i64, elements: &[(Lit, i64)]) -> BodyKey {
        let merged = self.merged(bound, elements);
        let is_constant = |l: &Lit| l.var() == Var::TRUE;
        let held: i64 = merged
            .iter()
            .filter(|(l, _)| *l == Lit::TRUE)
            .fold(0i64, |sum, (_, w)| sum.saturating_add(*w));
        let constants = merged.iter().any(|(l, _)| is_constant(l));
        let open: Vec<(Lit, i64)> = merged
            .into_iter()
            .filter(|(l, _)| !is_constant(l))
            .collect();
        let reachable = open.iter().fold(0i64, |sum, (_, w)| sum.saturating_add(*w));
        match bound.saturating_sub(held) {
            left if left <= 0 => BodyKey::Normal(Vec::new()),
            left if reachable < left => BodyKey::Normal(vec![Lit::FALSE]),
            left if !constants => BodyKey::Weight(left, open),
            left => BodyKey::Weight(left, self.merged(left, &open)),
        }
    }
}

/// A body as [`LiteralAliases::bodies_simplify_together`] compares it.
struct SimplifiedBody {
    /// Its index in the program's bodies (clasp's order of bodies).
    index: u32,
    /// Its literals as clasp reads the program (sorted).
    input: Vec<Lit>,
    /// Whether it has an atom the second round reads as false.
    has_false: bool,
    /// Whether clasp drops its heads (see [`RuleCounts::loses_heads`]).
    loses_heads: bool,
}

/// The rules of each atom among those whose bodies pass a filter.
struct RuleCounts {
    /// Per variable: its rules (identical copies once; rules needing the atom itself, which
    /// cannot support it, not counted).
    rules_of: Vec<u32>,
    /// Per variable: the body of its only rule, when that is a normal rule with it as the
    /// only head.
    only_body: Vec<Option<u32>>,
    /// Per variable: the bodies of its normal rules with it as the only head.
    normal_bodies: Vec<Vec<u32>>,
    /// Per body: whether a rule with a head, not shifted from a disjunction, has it (clasp
    /// shifts disjunctions after its preprocessing: their shifted bodies take no part in it).
    with_heads: Vec<bool>,
    /// Per body: whether every rule with it is a normal rule whose one head has no other rule.
    single_rule_heads: Vec<bool>,
}

impl RuleCounts {
    /// The counts over the rules whose bodies `keep` accepts, those `reading` drops aside and
    /// those it reads unshifted as normal rules.
    fn new(
        program: &ProgramState,
        reading: &DisjunctionReading,
        keep: impl Fn(u32) -> bool,
    ) -> RuleCounts {
        let n = program.var_count;
        let mut counts = RuleCounts {
            rules_of: vec![0; n],
            only_body: vec![None; n],
            normal_bodies: vec![Vec::new(); n],
            with_heads: vec![false; program.bodies.len()],
            single_rule_heads: vec![true; program.bodies.len()],
        };
        let mut seen = std::collections::HashSet::new();
        let is_dropped = |i: usize| reading.dropped.get(i) == Some(&true);
        let distinct = program
            .rules
            .iter()
            .enumerate()
            .filter(|&(i, r)| !is_dropped(i) && keep(r.body))
            .filter(|(_, r)| seen.insert((&r.heads, r.body, r.choice)));
        for (i, rule) in distinct {
            let shifted = rule.shifted && reading.unshifted.get(i) != Some(&true);
            let supports = |h: &&Var| !needs_itself(program, rule.body, **h);
            for h in rule.heads.iter().filter(supports) {
                counts.rules_of[h.index()] += 1;
            }
            counts.with_heads[rule.body as usize] |= !rule.heads.is_empty() && !shifted;
            if let (false, false, [h]) = (rule.choice, shifted, rule.heads.as_slice()) {
                if supports(&h) {
                    counts.only_body[h.index()] = Some(rule.body);
                    counts.normal_bodies[h.index()].push(rule.body);
                }
            } else {
                counts.single_rule_heads[rule.body as usize] = false;
            }
        }
        for (v, body) in counts.only_body.iter_mut().enumerate() {
            if counts.rules_of[v] != 1 {
                *body = None;
            }
        }
        for (v, bodies) in counts.normal_bodies.iter().enumerate() {
            if counts.rules_of[v] != 1 {
                bodies
                    .iter()
                    .for_each(|&b| counts.single_rule_heads[b as usize] = false);
            }
        }
        counts
    }

    /// Whether body `b` is one positive literal and each of its heads is that literal's atom
    /// in clasp's first classification (normal rules of atoms without other rules): clasp
    /// drops the heads as equal atoms and removes the body.
    fn loses_heads(&self, program: &ProgramState, b: u32) -> bool {
        let one_positive = matches!(&program.bodies[b as usize].1, BodyKey::Normal(l) if l.len() == 1 && !l[0].is_negative());
        one_positive && self.single_rule_heads[b as usize]
    }
}

/// clasp's "upper" closure: the atoms some rule can derive when negative literals are read
/// as true (externals included), and the bodies whose positive part it satisfies (the
/// supported bodies, the only ones clasp classifies); the bodies and atoms clasp's initial
/// propagation makes false take no part (see `initial_propagation.rs`).
struct UpperClosure {
    /// Per variable: in the closure (only atoms and externals are).
    upper: Vec<bool>,
    /// Per body: supported.
    supported: Vec<bool>,
}

impl UpperClosure {
    /// The closure of `program`'s rules, by counting each body's missing positive weight.
    fn new(program: &ProgramState) -> UpperClosure {
        let is_atom = |l: &Lit| program.is_atom.get(l.var().index()) == Some(&true);
        let mut rules_of_body: Vec<Vec<usize>> = vec![Vec::new(); program.bodies.len()];
        for (i, rule) in program.rules.iter().enumerate() {
            rules_of_body[rule.body as usize].push(i);
        }
        let mut watchers: Vec<Vec<(u32, i64)>> = vec![Vec::new(); program.var_count];
        let mut missing: Vec<i64> = Vec::with_capacity(program.bodies.len());
        for (b, (_, key)) in program.bodies.iter().enumerate() {
            let (bound, elements): (i64, Vec<(Lit, i64)>) = match key {
                BodyKey::Normal(lits) => {
                    (lits.len() as i64, lits.iter().map(|&l| (l, 1)).collect())
                }
                BodyKey::Weight(bound, elements) => (*bound, elements.clone()),
            };
            let mut need = bound;
            for (l, w) in elements {
                if l.is_negative() || !is_atom(&l) {
                    need = need.saturating_sub(w);
                } else {
                    watchers[l.var().index()].push((b as u32, w));
                }
            }
            missing.push(need);
        }
        let mut closure = UpperClosure {
            upper: vec![false; program.var_count],
            supported: vec![false; program.bodies.len()],
        };
        let mut atoms: Vec<Var> = Vec::new();
        for (atom, _) in program.atoms.externals() {
            closure.add_atom(program.atoms.var(atom), &mut atoms);
        }
        let initial = initially_false(program);
        let mut bodies: Vec<usize> = (0..missing.len()).filter(|&b| missing[b] <= 0).collect();
        while !bodies.is_empty() || !atoms.is_empty() {
            for b in bodies.drain(..).filter(|&b| !initial.bodies[b]) {
                closure.supported[b] = true;
                for &r in &rules_of_body[b] {
                    let heads = program.rules[r].heads.iter();
                    for &h in heads.filter(|h| !initial.atoms[h.index()]) {
                        closure.add_atom(h, &mut atoms);
                    }
                }
            }
            for v in atoms.drain(..) {
                for &(b, w) in &watchers[v.index()] {
                    let before = missing[b as usize];
                    missing[b as usize] = before.saturating_sub(w);
                    if before > 0 && missing[b as usize] <= 0 {
                        bodies.push(b as usize);
                    }
                }
            }
        }
        closure
    }

    /// Puts `v` in the closure, queueing it in `added` the first time.
    fn add_atom(&mut self, v: Var, added: &mut Vec<Var>) {
        if !std::mem::replace(&mut self.upper[v.index()], true) {
            added.push(v);
        }
    }

    /// Per variable: an atom outside the closure, which clasp's second classification reads
    /// as false.
    fn false_atoms(&self, program: &ProgramState) -> Vec<bool> {
        (0..program.var_count)
            .map(|v| program.is_atom.get(v) == Some(&true) && !self.upper[v])
            .collect()
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
