//! Translation of a [`GroundProgram`] into the solver's constraints (Clark completion, clasp
//! style, Gebser et al. AIJ 2012 section 3).
//!
//! Atom `i` (aspif numbering) is variable `i`; every distinct rule body gets a variable after
//! the atoms. Nogoods, in clause form:
//! - normal body `B = {l1..ln}`: `(¬B ∨ li)` for each `i` and `(B ∨ ¬l1 ∨ ... ∨ ¬ln)`;
//! - weight body `B ≡ Σ w·l ≥ k`: two native weight constraints (see `weight.rs`);
//! - rule `h :- B` (non-choice): `(¬B ∨ h)`; integrity constraint `:- B`: `(¬B)`;
//! - a normal body used only by integrity constraints gets no definition: its constraints
//!   become the clause `(¬l1 ∨ ... ∨ ¬ln)` and its variable the unit `¬B` (clasp likewise
//!   adds such constraints as plain nogoods), so propagation never visits it;
//! - atom `a` with supporting bodies `B1..Bk`: `(¬a ∨ B1 ∨ ... ∨ Bk)` (no bodies: `a` false).
//!
//! A fact (a non-choice rule with one head atom whose body normalises to the empty
//! conjunction) gets the unit `a` instead of the rule clause `(¬B∅ ∨ h)` and no support
//! clause: with `B∅` true they say no more than that. Its rule stays in the unfounded-set
//! structures (the empty body supports the atom).
//!
//! Disjunctive rules are shifted (`a ; b :- B` gives `a :- B, not b` and `b :- B, not a`),
//! which is sound for head-cycle-free programs. A positive-dependency SCC holding two head
//! atoms of one disjunctive rule is not head-cycle-free: its atoms get no unfounded-set
//! propagation (the shifted loops would cut stable models) and are checked on total
//! assignments by `disjunctive.rs` instead. Externals without
//! rules: `Free` acts as a choice, `True`/`False` fix the value, `Release` is a plain atom;
//! an external atom that is also a rule head is a plain atom (as in clingo). Assumptions become
//! units. The positive dependency graph (atoms to the positive atoms of their bodies, weight
//! bodies included) is split into SCCs (iterative Tarjan); only atoms of non-trivial SCCs are
//! handed to the unfounded-set checker.

mod components;
mod externals;

use fxhash::FxHashMap;

use super::body::{atom_var, conjoin, literal, normalise_body, BodyKey};
use super::disjunctive::Minimality;
use super::lit::{Lit, Var};
use super::minimize::Level;
use super::unfounded::{UfsAtom, UfsBody};
use crate::api::SolveError;
use crate::program::{Edge, GroundProgram, HeadKind, HeuristicDirective};

/// A weight constraint `(condition, elements, bound)`: `condition → Σ w·l ≥ bound`.
pub(crate) type WeightSpec = (Lit, Vec<(Lit, i64)>, i64);

/// A rule after shifting: one or no head atom, or a choice over several.
struct FlatRule {
    /// Head atoms (variables); empty for an integrity constraint.
    heads: Vec<Var>,
    /// Whether heads are only supported, not forced.
    choice: bool,
    /// Index of the body.
    body: u32,
}

/// The translated program.
pub(crate) struct Translation {
    /// Number of variables (constant, atoms, bodies).
    pub(crate) var_count: usize,
    /// Whether each variable is an atom.
    pub(crate) is_atom: Vec<bool>,
    /// Literals true at level 0 (`Lit::FALSE` marks an empty clause).
    pub(crate) units: Vec<Lit>,
    /// Clauses of two or more literals.
    pub(crate) clauses: Vec<Vec<Lit>>,
    /// Weight constraints `(condition, elements, bound)`.
    pub(crate) weights: Vec<WeightSpec>,
    /// Minimize levels, highest priority first.
    pub(crate) levels: Vec<Level>,
    /// Cyclic atoms, their bodies, and the number of non-trivial SCCs.
    pub(crate) ufs: (Vec<UfsAtom>, Vec<UfsBody>),
    /// Number of distinct bodies.
    pub(crate) body_count: usize,
    /// The stability check of non-HCF components (inactive for HCF programs).
    pub(crate) minimality: Minimality,
    /// The `#edge` statements (see `acyclic.rs`).
    pub(crate) edges: Vec<Edge>,
    /// The `#heuristic` statements (see `domain.rs`).
    pub(crate) heuristics: Vec<HeuristicDirective>,
}

/// Working state of the translation.
struct Builder<'p> {
    program: &'p GroundProgram,
    bodies: Vec<BodyKey>,
    body_ids: FxHashMap<BodyKey, u32>,
    rules: Vec<FlatRule>,
    /// `constraint_only[b]`: normal body `b` occurs only in integrity constraints.
    constraint_only: Vec<bool>,
    /// `facts[a]`: atom `a` is the head of a fact (see the module doc).
    facts: Vec<bool>,
    out: Translation,
}

/// Translates `program`; errors for invalid or unsupported programs. `Ok(None)` when `stop`
/// (the interrupt, asked between the phases) says to give up.
pub(crate) fn translate(
    program: &GroundProgram,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Translation>, SolveError> {
    program
        .validate()
        .map_err(|e| SolveError::Invalid(e.to_string()))?;
    let mut builder = Builder {
        program,
        bodies: Vec::new(),
        body_ids: FxHashMap::default(),
        rules: Vec::new(),
        constraint_only: Vec::new(),
        facts: vec![false; program.atom_count as usize + 1],
        out: Translation {
            var_count: 0,
            is_atom: Vec::new(),
            units: Vec::new(),
            clauses: Vec::new(),
            weights: Vec::new(),
            levels: Vec::new(),
            ufs: (Vec::new(), Vec::new()),
            body_count: 0,
            minimality: Minimality::default(),
            edges: program.edges.clone(),
            heuristics: program.heuristics.clone(),
        },
    };
    if !builder.flatten_rules(stop)? {
        return Ok(None);
    }
    builder.add_externals();
    let variables = 1 + program.atom_count as u64 + builder.bodies.len() as u64;
    if variables >= 1 << 31 {
        return Err(SolveError::Unsupported(format!(
            "{variables} solver variables (atoms and rule bodies) are more than 2^31"
        )));
    }
    builder.allocate_variables();
    builder.mark_constraint_only();
    builder.encode_bodies();
    builder.encode_rules();
    if stop() {
        return Ok(None);
    }
    builder.encode_support();
    builder.encode_assumptions();
    builder.out.levels = minimize_levels(program);
    if stop() {
        return Ok(None);
    }
    builder.dependency_components()?;
    Ok(Some(builder.out))
}

impl Builder<'_> {
    /// Normalises bodies and shifts disjunctions into `rules`; `Ok(false)` when `stop`, asked
    /// every 4,096 rules, says to give up.
    fn flatten_rules(&mut self, stop: &dyn Fn() -> bool) -> Result<bool, SolveError> {
        for (index, rule) in self.program.rules.iter().enumerate() {
            if index % 4096 == 4095 && stop() {
                return Ok(false);
            }
            let mut heads: Vec<Var> = rule.head.iter().map(|&a| atom_var(a)).collect();
            heads.sort_unstable();
            heads.dedup();
            let Some(key) = normalise_body(&rule.body)? else {
                continue;
            };
            let choice = rule.kind == HeadKind::Choice;
            if let (false, [head], BodyKey::Normal(lits)) = (choice, heads.as_slice(), &key) {
                if lits.is_empty() {
                    self.mark_fact(*head);
                }
            }
            if choice || heads.len() <= 1 {
                let body = self.intern(key);
                self.rules.push(FlatRule {
                    heads,
                    choice,
                    body,
                });
                continue;
            }
            for &head in &heads {
                let others: Vec<Lit> = heads
                    .iter()
                    .filter(|&&h| h != head)
                    .map(|h| h.neg())
                    .collect();
                if let Some(shifted) = conjoin(&key, &others)? {
                    let body = self.intern(shifted);
                    self.rules.push(FlatRule {
                        heads: vec![head],
                        choice: false,
                        body,
                    });
                }
            }
        }
        Ok(true)
    }

    /// Atom `head` is a fact: the unit `head`, no support clause.
    fn mark_fact(&mut self, head: Var) {
        if let Some(slot) = self.facts.get_mut(head.index()) {
            *slot = true;
        }
    }

    /// The index of a body, interning it.
    fn intern(&mut self, key: BodyKey) -> u32 {
        if let Some(&id) = self.body_ids.get(&key) {
            return id;
        }
        let id = self.bodies.len() as u32;
        self.bodies.push(key.clone());
        self.body_ids.insert(key, id);
        id
    }

    /// Whether body `index` is the empty conjunction.
    fn is_empty_body(&self, index: u32) -> bool {
        matches!(self.bodies.get(index as usize), Some(BodyKey::Normal(lits)) if lits.is_empty())
    }

    /// The variable of body `index`.
    fn body_var(&self, index: u32) -> Var {
        Var(self.program.atom_count + 1 + index)
    }

    /// Sizes the variable space: constant, atoms, bodies.
    fn allocate_variables(&mut self) {
        let atoms = self.program.atom_count as usize;
        self.out.var_count = 1 + atoms + self.bodies.len();
        self.out.is_atom = (0..self.out.var_count)
            .map(|v| v >= 1 && v <= atoms)
            .collect();
        self.out.body_count = self.bodies.len();
    }

    /// Marks the normal bodies that only integrity constraints use.
    fn mark_constraint_only(&mut self) {
        let is_normal = |key: &BodyKey| matches!(key, BodyKey::Normal(_));
        self.constraint_only = self.bodies.iter().map(is_normal).collect();
        let mut in_constraint = vec![false; self.bodies.len()];
        for rule in &self.rules {
            let index = rule.body as usize;
            if rule.heads.is_empty() && !rule.choice {
                in_constraint[index] = true;
            } else {
                self.constraint_only[index] = false;
            }
        }
        for (only, used) in self.constraint_only.iter_mut().zip(in_constraint) {
            *only &= used;
        }
    }

    /// Whether body `index` is a normal body used only by integrity constraints.
    fn is_constraint_only(&self, index: u32) -> bool {
        self.constraint_only.get(index as usize) == Some(&true)
    }

    /// Adds a clause, simplifying tautologies and duplicates; short ones become units.
    fn clause(&mut self, mut lits: Vec<Lit>) {
        lits.sort_unstable();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] == !w[1]) {
            return;
        }
        match lits.len() {
            0 => self.out.units.push(Lit::FALSE),
            1 => self.out.units.push(lits[0]),
            _ => self.out.clauses.push(lits),
        }
    }

    /// Body definitions: clauses for normal bodies, weight constraints for weight bodies.
    fn encode_bodies(&mut self) {
        for index in 0..self.bodies.len() {
            let b = self.body_var(index as u32);
            if self.is_constraint_only(index as u32) {
                self.out.units.push(b.neg());
                continue;
            }
            match self.bodies[index].clone() {
                BodyKey::Normal(lits) => {
                    for &l in &lits {
                        self.clause(vec![b.neg(), l]);
                    }
                    let mut back: Vec<Lit> = lits.iter().map(|&l| !l).collect();
                    back.push(b.pos());
                    self.clause(back);
                }
                BodyKey::Weight(lower, elements) => self.encode_weight(b, lower, elements),
            }
        }
    }

    /// `b ≡ Σ w·l ≥ lower` as two weight constraints.
    fn encode_weight(&mut self, b: Var, lower: i64, elements: Vec<(Lit, i64)>) {
        let total = elements.iter().fold(0i64, |s, e| s.saturating_add(e.1));
        let negated: Vec<(Lit, i64)> = elements.iter().map(|&(l, w)| (!l, w)).collect();
        self.out.weights.push((b.pos(), elements, lower));
        self.out.weights.push((b.neg(), negated, total - lower + 1));
    }

    /// `(¬B ∨ h)` for normal rules, `(¬B)` for integrity constraints.
    fn encode_rules(&mut self) {
        for index in 0..self.rules.len() {
            let rule = &self.rules[index];
            if rule.choice {
                continue;
            }
            let b = self.body_var(rule.body);
            let clause = match rule.heads.first() {
                Some(&h)
                    if self.facts.get(h.index()) == Some(&true)
                        && self.is_empty_body(rule.body) =>
                {
                    vec![h.pos()]
                }
                Some(&h) => vec![b.neg(), h.pos()],
                None => match &self.bodies[rule.body as usize] {
                    BodyKey::Normal(lits) if self.is_constraint_only(rule.body) => {
                        lits.iter().map(|&l| !l).collect()
                    }
                    _ => vec![b.neg()],
                },
            };
            self.clause(clause);
        }
    }

    /// `(¬a ∨ B1 ∨ ... ∨ Bk)` per atom, respecting externals.
    fn encode_support(&mut self) {
        let atoms = self.program.atom_count as usize;
        let mut support: Vec<Vec<Lit>> = vec![Vec::new(); atoms + 1];
        let facts = std::mem::take(&mut self.facts);
        let is_fact = |atom: usize| facts.get(atom) == Some(&true);
        for rule in &self.rules {
            for &h in rule.heads.iter().filter(|h| !is_fact(h.index())) {
                support[h.index()].push(self.body_var(rule.body).pos());
            }
        }
        for (atom, clause) in support.iter_mut().enumerate().skip(1) {
            if is_fact(atom) {
                continue;
            }
            clause.push(Var(atom as u32).neg());
            let clause = std::mem::take(clause);
            self.clause(clause);
        }
        self.facts = facts;
    }

    /// Assumptions as units.
    fn encode_assumptions(&mut self) {
        for &l in &self.program.assumptions {
            self.out.units.push(literal(l));
        }
    }
}

/// Minimize statements grouped by priority (highest first), weights normalised positive.
fn minimize_levels(program: &GroundProgram) -> Vec<Level> {
    let mut priorities: Vec<i32> = program.minimizes.iter().map(|m| m.priority).collect();
    priorities.sort_unstable_by(|a, b| b.cmp(a));
    priorities.dedup();
    priorities
        .into_iter()
        .map(|priority| {
            let mut weights: FxHashMap<Lit, i64> = FxHashMap::default();
            let mut offset = 0i64;
            let elements = program.minimizes.iter().filter(|m| m.priority == priority);
            for e in elements.flat_map(|m| &m.elements) {
                let lit = literal(e.literal);
                let (lit, weight) = if e.weight < 0 {
                    offset = offset.saturating_add(e.weight);
                    (!lit, e.weight.saturating_neg())
                } else {
                    (lit, e.weight)
                };
                let slot = weights.entry(lit).or_insert(0);
                *slot = slot.saturating_add(weight);
            }
            let mut lits: Vec<(Lit, i64)> = weights.into_iter().filter(|e| e.1 != 0).collect();
            lits.sort_unstable();
            Level { lits, offset }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{Atom, Literal, WeightedLiteral};

    #[test]
    fn constraint_only_bodies_become_clauses_and_shared_bodies_keep_their_definition() {
        let mut p = GroundProgram::new();
        let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
        p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
        p.add_constraint(vec![Literal::positive(a), Literal::negative(b)]);
        p.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(b)]);
        p.add_constraint(vec![Literal::positive(b)]);
        let t = translate(&p, &|| false).unwrap().unwrap();
        // Bodies: {} (var 4), {a, not b} (var 5, constraint only), {b} (var 6, shared).
        assert_eq!(t.body_count, 3);
        let (va, vb, vc) = (Var(a.0), Var(b.0), Var(c.0));
        assert!(t.units.contains(&Var(5).neg()));
        assert!(t.clauses.contains(&vec![va.neg(), vb.pos()]));
        assert!(t
            .clauses
            .iter()
            .all(|c| !c.iter().any(|l| l.var() == Var(5))));
        assert!(t.units.contains(&Var(6).neg()));
        assert!(t.clauses.contains(&vec![vb.neg(), Var(6).pos()]));
        assert!(t.clauses.contains(&vec![vc.pos(), Var(6).neg()]));
    }

    #[test]
    fn non_hcf_atoms_go_to_the_minimality_check_not_to_unfounded_sets() {
        let mut p = GroundProgram::new();
        let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
        p.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
        p.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(b)]);
        p.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]);
        p.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(c)]);
        let t = translate(&p, &|| false).unwrap().unwrap();
        assert!(t.minimality.is_active());
        let cyclic: Vec<Lit> = t.ufs.0.iter().map(|atom| atom.lit).collect();
        assert_eq!(cyclic, vec![Var(c.0).pos()]);
        let _ = (
            Atom(1),
            WeightedLiteral {
                literal: Literal::positive(a),
                weight: 1,
            },
        );
    }
}
