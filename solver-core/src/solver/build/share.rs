//! Which variable each new body of a delta gets: clasp's preprocessing of equivalent atoms
//! and bodies (`--eq`; Gebser, Kaufmann, Schaub, "Conflict-driven answer set solving: From
//! theory to practice", AIJ 2012; the Potassco guide's "Preprocessing"), in the form the
//! translation needs. Atoms keep their variables (models, projection, consequences, heuristics,
//! edges, assumptions and externals read them); only bodies give theirs up:
//! - the empty conjunction is `Lit::TRUE` and a conjunction of one literal is that literal
//!   (done when the body is interned, `encode.rs`): no variable, no definition;
//! - a new body that is the only support of an atom the delta completes, through non-choice
//!   rules, is equivalent to that atom (the completion says `a ↔ B`), so it takes the atom's
//!   variable: its definition is written over the atom's variable, and the rule clause
//!   `(¬B ∨ a)` and the support clause `(¬a ∨ B)` become tautologies and vanish;
//! - the body of an integrity constraint with two or more literals is never interned: the
//!   constraint is the clause of its negated literals (`encode.rs`, `constraint_clause`);
//! - every other new body gets a variable of its own; so does the only support of `a` that
//!   contains `not a` (`a :- not a, B.`): sharing would make unit propagation derive `¬a`
//!   before the search, which clasp's preprocessing does not (it turns the rule into the
//!   constraint `:- not a, B.`), and brave/cautious consequences show what propagation
//!   settles before the search (`consequences.rs`; default-generator seed 1321).
//!
//! # Invariants
//! - A body's literal equals the body's truth value in every assignment satisfying the
//!   delta's clauses, so rules sharing the body (in this delta or a later one: bodies are
//!   interned by key) may use it as the body, the unfounded-set checker may watch it, and a
//!   loop nogood may cite it.
//! - An atom's completion holds through later deltas: an atom completed here gets no new
//!   support later (a redefinition, refused unless the atom is fixed at level 0, where a new
//!   rule adds only its clause and the old support clause `a → B` already held), so `a ↔ B`
//!   stays true. Output-condition bodies never take an atom's variable (consequences track
//!   them as conjunctions, by a variable that is no atom's).

use std::hash::{Hash, Hasher};

use fxhash::{FxHashMap, FxHashSet, FxHasher};

use super::encode::Builder;
use crate::solver::body::{literal_of, BodyKey};
use crate::solver::lit::{Lit, Var};

/// The supports of one atom the delta completes, as far as sharing is concerned.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Support {
    /// No rule of the delta.
    None,
    /// Only non-choice rules with this body (index in `state.bodies`).
    One(u32),
    /// Several bodies, or a choice rule.
    Many,
}

impl Builder<'_> {
    /// The index of a body, interning it: the empty conjunction is `Lit::TRUE`, a conjunction
    /// of one literal is that literal (clasp's preprocessing: no body variable for them), any
    /// other new body gets the next variable.
    pub(super) fn intern(&mut self, key: BodyKey) -> u32 {
        let hash = key_hash(&key);
        if let Some(id) = self.state.body_ids.find(hash, &key, &self.state.bodies) {
            return id;
        }
        let lit = literal_of(&key).unwrap_or(UNALLOCATED);
        self.push_body(lit, key);
        let id = self.state.bodies.len() as u32 - 1;
        self.state.body_ids.insert(hash, id);
        id
    }

    /// The index of a body with a variable of its own, for an output condition (consequences
    /// track a condition by a variable): [`Builder::intern`] unless the key is one literal
    /// or none, whose own variables are kept apart (`ProgramState::condition_ids`).
    pub(super) fn intern_with_var(&mut self, key: BodyKey) -> u32 {
        if literal_of(&key).is_none() {
            return self.intern(key);
        }
        let hash = key_hash(&key);
        let bodies = &self.state.bodies;
        if let Some(id) = self.state.condition_ids.find(hash, &key, bodies) {
            return id;
        }
        self.push_body(UNALLOCATED, key);
        let id = self.state.bodies.len() as u32 - 1;
        self.state.condition_ids.insert(hash, id);
        id
    }

    /// Appends a body with its literal.
    fn push_body(&mut self, lit: Lit, key: BodyKey) {
        self.state.bodies.push((lit, key));
    }

    /// Chooses the variable of each new body (see the module doc) and counts the bodies
    /// without a variable of their own in `state.equivalences`.
    pub(super) fn allocate_body_vars(&mut self) {
        let shared = self.share_atom_vars();
        let mut literals = 0;
        for index in self.first_body..self.state.bodies.len() {
            literals += usize::from(!self.is_defined(index as u32));
            if self.state.bodies[index].0 == UNALLOCATED {
                let var = Var(self.state.var_count as u32);
                self.state.var_count += 1;
                self.state.is_atom.push(false);
                self.state.bodies[index].0 = var.pos();
            }
        }
        self.state.equivalences += (shared + literals) as u64;
    }

    /// Gives each new body that is the only support of a completed atom (no fact) that
    /// atom's variable; returns how many.
    fn share_atom_vars(&mut self) -> usize {
        let supports = self.single_supports();
        let outputs: FxHashSet<u32> = self.output_bodies.iter().copied().collect();
        let mut shared = 0;
        for (slot, support) in supports.into_iter().enumerate() {
            let Support::One(body) = support else {
                continue;
            };
            let index = body as usize;
            let atom = self.completing.vars[slot];
            let fresh = index >= self.first_body && self.state.bodies[index].0 == UNALLOCATED;
            let blocks = self.has_literal(body, atom.neg());
            if fresh && !self.facts[slot] && !blocks && !outputs.contains(&body) {
                self.state.bodies[index].0 = atom.pos();
                shared += 1;
            }
        }
        shared
    }

    /// Whether body `index` has the literal `lit` (as an element, for a weight body).
    fn has_literal(&self, index: u32, lit: Lit) -> bool {
        match &self.state.bodies[index as usize].1 {
            BodyKey::Normal(lits) => lits.binary_search(&lit).is_ok(),
            BodyKey::Weight(_, elements) => elements.iter().any(|e| e.0 == lit),
        }
    }

    /// Per completing slot: the atom's supports among the delta's rules.
    fn single_supports(&self) -> Vec<Support> {
        let mut supports = vec![Support::None; self.completing.vars.len()];
        for rule in &self.state.rules[self.first_rule..] {
            for &head in &rule.heads {
                let Some(slot) = self.completing.slot(head) else {
                    continue;
                };
                supports[slot] = match supports[slot] {
                    _ if rule.choice => Support::Many,
                    Support::None => Support::One(rule.body),
                    Support::One(body) if body == rule.body => Support::One(body),
                    _ => Support::Many,
                };
            }
        }
        supports
    }
}

/// The literal of a new body whose variable [`Builder::allocate_body_vars`] has not chosen yet.
const UNALLOCATED: Lit = Lit(u32::MAX);

#[cfg(test)]
mod tests {
    use super::super::ProgramState;
    use crate::program::{GroundProgram, HeadKind, Literal, WeightedLiteral};
    use crate::solver::lit::{Lit, Var};

    /// The literal of each body of the first delta's translation, and the variable count.
    fn body_lits(p: &GroundProgram) -> (Vec<Lit>, usize) {
        let mut state = ProgramState::default();
        state.translate(p, &|_| false, &|| false).unwrap().unwrap();
        (state.bodies.iter().map(|b| b.0).collect(), state.var_count)
    }

    #[test]
    fn an_only_support_takes_its_atoms_variable_a_shared_or_choice_body_does_not() {
        let mut p = GroundProgram::new();
        let (a, b, c, d, e) = (
            p.new_atom(),
            p.new_atom(),
            p.new_atom(),
            p.new_atom(),
            p.new_atom(),
        );
        p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
        let ab = vec![Literal::positive(a), Literal::negative(b)];
        // c's only support (twice): c's variable; d has another rule: the body gets one.
        p.add_rule(HeadKind::Disjunction, vec![c], ab.clone());
        p.add_rule(HeadKind::Disjunction, vec![c], ab);
        p.add_rule(
            HeadKind::Disjunction,
            vec![d],
            vec![Literal::positive(a), Literal::positive(b)],
        );
        p.add_rule(HeadKind::Disjunction, vec![d], vec![Literal::negative(a)]);
        // e's only rule is a choice: its body keeps a variable.
        let be = vec![Literal::positive(b), Literal::negative(a)];
        p.add_rule(HeadKind::Choice, vec![e], be);
        let (lits, vars) = body_lits(&p);
        let expected = vec![
            Lit::TRUE,
            Var(c.0).pos(),
            Var(6).pos(),
            Var(a.0).neg(),
            Var(7).pos(),
        ];
        assert_eq!((lits, vars), (expected, 8));
    }

    #[test]
    fn weight_bodies_share_and_output_conditions_keep_a_variable_of_their_own() {
        let mut p = GroundProgram::new();
        let (a, b, c, d) = (p.new_atom(), p.new_atom(), p.new_atom(), p.new_atom());
        p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
        let elements = vec![
            WeightedLiteral {
                literal: Literal::positive(a),
                weight: 1,
            },
            WeightedLiteral {
                literal: Literal::positive(b),
                weight: 1,
            },
        ];
        p.add_weight_rule(HeadKind::Disjunction, vec![c], 1, elements);
        let ab = vec![Literal::positive(a), Literal::positive(b)];
        p.add_rule(HeadKind::Disjunction, vec![d], ab.clone());
        p.add_output("x", ab);
        p.add_output("y", vec![Literal::negative(a)]);
        let (lits, vars) = body_lits(&p);
        // {}, the weight body (c's variable), {a, b} (an output condition: var 5), {not a}
        // (an output condition: var 6).
        let expected = vec![Lit::TRUE, Var(c.0).pos(), Var(5).pos(), Var(6).pos()];
        assert_eq!((lits, vars), (expected, 7));
    }
}

/// The hash of a body key by which [`KeyIndex`] finds it.
pub(super) fn key_hash(key: &BodyKey) -> u64 {
    let mut hasher = FxHasher::default();
    key.hash(&mut hasher);
    hasher.finish()
}

/// Bodies by key, the keys kept once (in `ProgramState::bodies`): the hash of a key leads to
/// the last body with that hash, and each body to the one before it with the same hash (in
/// `earlier`, only for hashes two keys share).
#[derive(Default)]
pub(crate) struct KeyIndex {
    last: FxHashMap<u64, u32>,
    earlier: FxHashMap<u32, u32>,
}

impl KeyIndex {
    /// The body with `key` (of hash `hash`), if it is in the index.
    pub(super) fn find(&self, hash: u64, key: &BodyKey, bodies: &[(Lit, BodyKey)]) -> Option<u32> {
        let mut next = self.last.get(&hash).copied();
        while let Some(id) = next {
            if bodies[id as usize].1 == *key {
                return Some(id);
            }
            next = self.earlier.get(&id).copied();
        }
        None
    }

    /// The body with `key`, if it is in the index (its hash computed here).
    pub(super) fn find_key(&self, key: &BodyKey, bodies: &[(Lit, BodyKey)]) -> Option<u32> {
        self.find(key_hash(key), key, bodies)
    }

    /// Adds body `id`, whose key has hash `hash` and is not in the index yet.
    pub(super) fn insert(&mut self, hash: u64, id: u32) {
        if let Some(before) = self.last.insert(hash, id) {
            self.earlier.insert(id, before);
        }
    }

    /// Room for `additional` more bodies.
    pub(super) fn reserve(&mut self, additional: usize) {
        self.last.reserve(additional);
    }
}
