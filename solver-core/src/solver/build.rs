//! Translation of a [`GroundProgram`] into the solver's constraints (Clark completion, clasp
//! style, Gebser et al. AIJ 2012 section 3).
//!
//! Atom `i` (aspif numbering) is variable `i`; every distinct rule body gets a variable after
//! the atoms. Nogoods, in clause form:
//! - normal body `B = {l1..ln}`: `(¬B ∨ li)` for each `i` and `(B ∨ ¬l1 ∨ ... ∨ ¬ln)`;
//! - weight body `B ≡ Σ w·l ≥ k`: two native weight constraints (see `weight.rs`);
//! - rule `h :- B` (non-choice): `(¬B ∨ h)`; integrity constraint `:- B`: `(¬B)`;
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

use fxhash::FxHashMap;

use super::disjunctive::{CheckedRule, Minimality};
use super::lit::{Lit, Var};
use super::minimize::Level;
use super::unfounded::{UfsAtom, UfsBody};
use crate::api::SolveError;
use crate::program::{Body, ExternalValue, GroundProgram, HeadKind, Literal};

/// A weight constraint `(condition, elements, bound)`: `condition → Σ w·l ≥ bound`.
pub(crate) type WeightSpec = (Lit, Vec<(Lit, i64)>, i64);

/// A body after normalisation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BodyKey {
    /// Sorted distinct literals, none complementary.
    Normal(Vec<Lit>),
    /// Bound and merged positive-weight elements (sorted by literal).
    Weight(i64, Vec<(Lit, i64)>),
}

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
    pub(crate) ufs: (Vec<UfsAtom>, Vec<UfsBody>, usize),
    /// Number of distinct bodies.
    pub(crate) body_count: usize,
    /// The stability check of non-HCF components (inactive for HCF programs).
    pub(crate) minimality: Minimality,
}

/// Working state of the translation.
struct Builder<'p> {
    program: &'p GroundProgram,
    bodies: Vec<BodyKey>,
    body_ids: FxHashMap<BodyKey, u32>,
    rules: Vec<FlatRule>,
    /// `facts[a]`: atom `a` is the head of a fact (see the module doc).
    facts: Vec<bool>,
    out: Translation,
}

/// Translates `program`; errors for invalid or unsupported programs.
pub(crate) fn translate(program: &GroundProgram) -> Result<Translation, SolveError> {
    program
        .validate()
        .map_err(|e| SolveError::Invalid(e.to_string()))?;
    let mut builder = Builder {
        program,
        bodies: Vec::new(),
        body_ids: FxHashMap::default(),
        rules: Vec::new(),
        facts: vec![false; program.atom_count as usize + 1],
        out: Translation {
            var_count: 0,
            is_atom: Vec::new(),
            units: Vec::new(),
            clauses: Vec::new(),
            weights: Vec::new(),
            levels: Vec::new(),
            ufs: (Vec::new(), Vec::new(), 0),
            body_count: 0,
            minimality: Minimality::default(),
        },
    };
    builder.flatten_rules()?;
    builder.add_externals();
    let variables = 1 + program.atom_count as u64 + builder.bodies.len() as u64;
    if variables >= 1 << 31 {
        return Err(SolveError::Unsupported(format!(
            "{variables} solver variables (atoms and rule bodies) are more than 2^31"
        )));
    }
    builder.allocate_variables();
    builder.encode_bodies();
    builder.encode_rules();
    builder.encode_support();
    builder.encode_assumptions();
    builder.out.levels = minimize_levels(program);
    builder.dependency_components()?;
    Ok(builder.out)
}

/// The variable of an atom.
fn atom_var(atom: crate::program::Atom) -> Var {
    Var(atom.0)
}

/// The solver literal of a program literal.
fn literal(l: Literal) -> Lit {
    Lit::new(atom_var(l.atom()), !l.is_positive())
}

impl Builder<'_> {
    /// Normalises bodies and shifts disjunctions into `rules`.
    fn flatten_rules(&mut self) -> Result<(), SolveError> {
        for rule in &self.program.rules {
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
        Ok(())
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
                None => vec![b.neg()],
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

    /// Externals without defining rules: `Free` and `True` as the choice `{a}.`, `True` also
    /// as a unit; `False` and `Release` leave the atom unsupported.
    fn add_externals(&mut self) {
        let externals = self.external_values();
        for (atom, value) in externals.into_iter().enumerate() {
            if !matches!(value, Some(ExternalValue::Free | ExternalValue::True)) {
                continue;
            }
            let body = self.intern(BodyKey::Normal(Vec::new()));
            let heads = vec![Var(atom as u32)];
            self.rules.push(FlatRule {
                heads,
                choice: true,
                body,
            });
            if value == Some(ExternalValue::True) {
                self.out.units.push(Var(atom as u32).pos());
            }
        }
    }

    /// The effective external value per atom: the last declaration, except that `Release` is
    /// final; absent for atoms some rule defines.
    fn external_values(&self) -> Vec<Option<ExternalValue>> {
        let mut values = vec![None; self.program.atom_count as usize + 1];
        if self.program.externals.is_empty() {
            return values;
        }
        for &(atom, value) in &self.program.externals {
            let slot = &mut values[atom.0 as usize];
            if *slot != Some(ExternalValue::Release) {
                *slot = Some(value);
            }
        }
        for rule in &self.program.rules {
            for h in defined_heads(rule) {
                values[h.index()] = None;
            }
        }
        values
    }

    /// Assumptions as units.
    fn encode_assumptions(&mut self) {
        for &l in &self.program.assumptions {
            self.out.units.push(literal(l));
        }
    }

    /// SCCs of the positive dependency graph (over the rules as given, before shifting);
    /// HCF check; unfounded-set structures.
    fn dependency_components(&mut self) -> Result<(), SolveError> {
        let atoms = self.program.atom_count as usize + 1;
        let mut edges: Vec<Vec<u32>> = vec![Vec::new(); atoms];
        for rule in &self.program.rules {
            let Some(body) = normalise_body(&rule.body)? else {
                continue;
            };
            let positives = positive_atoms(&body);
            for &h in &rule.head {
                edges[h.0 as usize].extend(positives.iter().map(|&(v, _)| v.0));
            }
        }
        let (component, cyclic) = strongly_connected(&edges);
        let non_hcf = self.non_hcf_components(&component, &cyclic);
        let ufs_cyclic: Vec<bool> = cyclic
            .iter()
            .zip(&non_hcf)
            .map(|(&c, &n)| c && !n)
            .collect();
        self.unfounded_structures(&component, &ufs_cyclic);
        self.minimality_check(&component, &non_hcf)?;
        Ok(())
    }

    /// Per component: whether it holds two head atoms of one disjunctive rule (non-HCF).
    fn non_hcf_components(&self, component: &[u32], cyclic: &[bool]) -> Vec<bool> {
        let mut non_hcf = vec![false; cyclic.len()];
        for rule in &self.program.rules {
            if rule.kind != HeadKind::Disjunction || rule.head.len() < 2 {
                continue;
            }
            let mut heads: Vec<u32> = rule.head.iter().map(|a| a.0).collect();
            heads.sort_unstable();
            heads.dedup();
            let mut components: Vec<u32> = heads
                .iter()
                .map(|&h| component[h as usize])
                .filter(|&c| cyclic[c as usize])
                .collect();
            components.sort_unstable();
            for pair in components.windows(2).filter(|w| w[0] == w[1]) {
                non_hcf[pair[0] as usize] = true;
            }
        }
        non_hcf
    }

    /// The stability checker for the atoms of non-HCF components and the rules defining them
    /// (free or true externals count as choice rules with empty bodies).
    fn minimality_check(&mut self, component: &[u32], non_hcf: &[bool]) -> Result<(), SolveError> {
        let in_scope = |v: usize| non_hcf[component[v] as usize];
        let atoms: Vec<Var> = (1..component.len())
            .filter(|&v| in_scope(v))
            .map(|v| Var(v as u32))
            .collect();
        if atoms.is_empty() {
            return Ok(());
        }
        let mut rules = Vec::new();
        for rule in &self.program.rules {
            if !rule.head.iter().any(|h| in_scope(h.0 as usize)) {
                continue;
            }
            let Some(body) = normalise_body(&rule.body)? else {
                continue;
            };
            let mut heads: Vec<Var> = rule.head.iter().map(|&a| atom_var(a)).collect();
            heads.sort_unstable();
            heads.dedup();
            let choice = rule.kind == HeadKind::Choice;
            rules.push(CheckedRule {
                heads,
                choice,
                body,
            });
        }
        for (atom, value) in self.external_values().into_iter().enumerate() {
            if matches!(value, Some(ExternalValue::Free | ExternalValue::True)) && in_scope(atom) {
                rules.push(CheckedRule {
                    heads: vec![Var(atom as u32)],
                    choice: true,
                    body: BodyKey::Normal(Vec::new()),
                });
            }
        }
        self.out.minimality = Minimality::new(self.out.var_count, &atoms, rules);
        Ok(())
    }

    /// Builds the cyclic atoms and their bodies per SCC.
    fn unfounded_structures(&mut self, component: &[u32], cyclic: &[bool]) {
        let mut scc_ids: FxHashMap<u32, u32> = FxHashMap::default();
        let mut atom_index = vec![u32::MAX; component.len()];
        let mut atoms: Vec<UfsAtom> = Vec::new();
        for v in 1..component.len() {
            let c = component[v];
            if !cyclic[c as usize] {
                continue;
            }
            let next = scc_ids.len() as u32;
            let scc = *scc_ids.entry(c).or_insert(next);
            atom_index[v] = atoms.len() as u32;
            atoms.push(UfsAtom {
                lit: Var(v as u32).pos(),
                scc,
                bodies: Vec::new(),
                occurs: Vec::new(),
            });
        }
        let mut bodies: Vec<UfsBody> = Vec::new();
        let mut body_index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        for rule in &self.rules {
            for &h in &rule.heads {
                let head = atom_index[h.index()];
                if head == u32::MAX {
                    continue;
                }
                let scc = atoms[head as usize].scc;
                let key = (rule.body, scc);
                let id = match body_index.get(&key) {
                    Some(&id) => id,
                    None => {
                        let id = bodies.len() as u32;
                        body_index.insert(key, id);
                        let body = &self.bodies[rule.body as usize];
                        bodies.push(ufs_body(
                            self.body_var(rule.body),
                            body,
                            scc,
                            &atoms,
                            &atom_index,
                        ));
                        for &(p, w) in &bodies[id as usize].preds {
                            atoms[p as usize].occurs.push((id, w));
                        }
                        id
                    }
                };
                if !bodies[id as usize].heads.contains(&head) {
                    bodies[id as usize].heads.push(head);
                    atoms[head as usize].bodies.push(id);
                }
            }
        }
        self.out.ufs = (atoms, bodies, scc_ids.len());
    }
}

/// The head atoms a rule defines in clasp's sense (which overrides an external declaration).
///
/// The body is simplified as clasp does when a rule is added: weights made positive, equal
/// literals merged, weights capped at the bound. A body no interpretation satisfies defines
/// nothing; a body needing all its literals is a conjunction (weights 1, slack 0); otherwise
/// `slack` is total weight minus bound. A head atom whose positive literal weighs more than the
/// slack makes a disjunctive rule define nothing and is not defined by a choice; a head atom
/// whose negative literal weighs more than the slack is not defined.
fn defined_heads(rule: &crate::program::Rule) -> Vec<Var> {
    let Some((slack, weights)) = simplified_body(&rule.body) else {
        return Vec::new();
    };
    let weight = |lit: Lit| weights.get(&lit).copied().unwrap_or(0);
    let satisfied = |v: Var| weight(v.pos()) > slack;
    let heads = rule.head.iter().map(|&a| atom_var(a));
    if rule.kind == HeadKind::Disjunction && heads.clone().any(satisfied) {
        return Vec::new();
    }
    heads
        .filter(|&v| !satisfied(v) && weight(v.neg()) <= slack)
        .collect()
}

/// A body as clasp simplifies it: `(slack, weight per literal)`, `None` if it can never hold.
fn simplified_body(body: &Body) -> Option<(i128, FxHashMap<Lit, i128>)> {
    let (lower, pairs): (i128, Vec<(Lit, i128)>) = match body {
        Body::Normal(lits) => (0, lits.iter().map(|&l| (literal(l), 1)).collect()),
        Body::Weight { lower, elements } => {
            let mut bound = *lower as i128;
            let mut pairs = Vec::new();
            for e in elements {
                let (lit, w) = (literal(e.literal), e.weight as i128);
                if w < 0 {
                    bound -= w;
                }
                pairs.push(if w < 0 { (!lit, -w) } else { (lit, w) });
            }
            (bound, pairs)
        }
    };
    let mut weights: FxHashMap<Lit, i128> = FxHashMap::default();
    for (lit, w) in pairs {
        *weights.entry(lit).or_insert(0) += w;
    }
    weights.retain(|_, w| *w != 0);
    let conjunction = |weights: FxHashMap<Lit, i128>| {
        let consistent = weights.keys().all(|&l| !weights.contains_key(&!l));
        consistent.then(|| (0, weights.into_keys().map(|l| (l, 1)).collect()))
    };
    if matches!(body, Body::Normal(_)) {
        return conjunction(weights);
    }
    if lower <= 0 {
        return Some((0, FxHashMap::default()));
    }
    weights.values_mut().for_each(|w| *w = (*w).min(lower));
    let total: i128 = weights.values().sum();
    let lightest = weights.values().copied().min().unwrap_or(0);
    let reachable: i128 = weights
        .iter()
        .map(
            |(&l, &w)| match (weights.get(&!l).copied(), l.is_negative()) {
                (None, _) => w,
                (Some(opposite), false) => w.max(opposite),
                (Some(_), true) => 0,
            },
        )
        .sum();
    if reachable < lower {
        None
    } else if total - lightest < lower {
        conjunction(weights)
    } else {
        Some((total - lower, weights))
    }
}

/// The unfounded-set view of one body for one SCC.
fn ufs_body(var: Var, body: &BodyKey, scc: u32, atoms: &[UfsAtom], index: &[u32]) -> UfsBody {
    let preds = positive_atoms(body)
        .into_iter()
        .filter_map(|(v, w)| {
            let a = index[v.index()];
            (a != u32::MAX && atoms[a as usize].scc == scc).then_some((a, w))
        })
        .collect();
    let weight = match body {
        BodyKey::Weight(lower, elements) => Some((*lower, elements.clone())),
        BodyKey::Normal(_) => None,
    };
    UfsBody {
        body: var.pos(),
        heads: Vec::new(),
        preds,
        weight,
    }
}

/// Positive atoms of a body with their weights (1 in normal bodies).
fn positive_atoms(body: &BodyKey) -> Vec<(Var, i64)> {
    match body {
        BodyKey::Normal(lits) => lits
            .iter()
            .filter(|l| !l.is_negative())
            .map(|l| (l.var(), 1))
            .collect(),
        BodyKey::Weight(_, elements) => elements
            .iter()
            .filter(|(l, _)| !l.is_negative())
            .map(|&(l, w)| (l.var(), w))
            .collect(),
    }
}

/// Normalises a body; `None` when it can never hold.
fn normalise_body(body: &Body) -> Result<Option<BodyKey>, SolveError> {
    match body {
        Body::Normal(lits) => Ok(normal_key(lits.iter().map(|&l| literal(l)).collect())),
        Body::Weight { lower, elements } => {
            let pairs = elements
                .iter()
                .map(|e| (literal(e.literal), e.weight))
                .collect();
            weight_key(*lower, pairs)
        }
    }
}

/// A normal body key, `None` if it contains complementary literals.
fn normal_key(mut lits: Vec<Lit>) -> Option<BodyKey> {
    lits.sort_unstable();
    lits.dedup();
    if lits.windows(2).any(|w| w[0] == !w[1]) {
        return None;
    }
    Some(BodyKey::Normal(lits))
}

/// A weight body key: positive weights (clasp's normalisation: `(l, w)` with `w < 0` becomes
/// `(¬l, −w)` and raises the bound by `−w`), equal literals merged; complementary literals are
/// kept apart, since `{a, not a}` is not a tautology under the stable-model reduct. Trivial
/// bodies become empty normal bodies.
fn weight_key(lower: i64, pairs: Vec<(Lit, i64)>) -> Result<Option<BodyKey>, SolveError> {
    let overflow = || SolveError::Unsupported("weight body with weights out of range".into());
    let mut by_lit: FxHashMap<Lit, i128> = FxHashMap::default();
    let mut bound = lower as i128;
    for (lit, weight) in pairs {
        let (lit, weight) = match weight < 0 {
            true => {
                bound -= weight as i128;
                (!lit, -(weight as i128))
            }
            false => (lit, weight as i128),
        };
        *by_lit.entry(lit).or_insert(0) += weight;
    }
    if bound <= 0 {
        return Ok(Some(BodyKey::Normal(Vec::new())));
    }
    let mut elements: Vec<(Lit, i64)> = Vec::new();
    let mut total: i128 = 0;
    for (lit, weight) in by_lit {
        let capped = weight.min(bound);
        if capped > 0 {
            total += capped;
            elements.push((lit, i64::try_from(capped).map_err(|_| overflow())?));
        }
    }
    if total < bound {
        return Ok(None);
    }
    let bound = i64::try_from(bound).map_err(|_| overflow())?;
    elements.sort_unstable();
    Ok(Some(BodyKey::Weight(bound, elements)))
}

/// The conjunction of a body with extra literals (shifting); `None` if it can never hold.
fn conjoin(key: &BodyKey, extra: &[Lit]) -> Result<Option<BodyKey>, SolveError> {
    match key {
        BodyKey::Normal(lits) => Ok(normal_key(lits.iter().chain(extra).copied().collect())),
        BodyKey::Weight(lower, elements) => {
            let total: i128 = elements.iter().map(|e| e.1 as i128).sum();
            let big = total + 1;
            let bound = *lower as i128 + big * extra.len() as i128;
            let overflow =
                || SolveError::Unsupported("weight body with weights out of range".into());
            let big = i64::try_from(big).map_err(|_| overflow())?;
            let bound = i64::try_from(bound).map_err(|_| overflow())?;
            let mut pairs: Vec<(Lit, i64)> = elements.clone();
            pairs.extend(extra.iter().map(|&l| (l, big)));
            weight_key(bound, pairs)
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

/// Tarjan's SCC algorithm without recursion; returns (component per node, component cyclic).
/// Node 0 is unused. A component is cyclic if it has several nodes or a self-loop.
fn strongly_connected(edges: &[Vec<u32>]) -> (Vec<u32>, Vec<bool>) {
    let n = edges.len();
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![u32::MAX; n];
    let mut cyclic = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<(u32, usize)> = Vec::new();
    let mut counter = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != u32::MAX {
            continue;
        }
        calls.push((root, 0));
        while let Some(&mut (node, ref mut next)) = calls.last_mut() {
            let v = node as usize;
            if *next == 0 && index[v] == u32::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(node);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*next) {
                *next += 1;
                let w_index = index[w as usize];
                if w_index == u32::MAX {
                    calls.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v] = low[v].min(w_index);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent as usize] = low[parent as usize].min(low[v]);
            }
            if low[v] == index[v] {
                let id = cyclic.len() as u32;
                let mut size = 0;
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    component[w as usize] = id;
                    size += 1;
                    if w == node {
                        break;
                    }
                }
                cyclic.push(size > 1 || edges[v].contains(&node));
            }
        }
    }
    (component, cyclic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{Atom, WeightedLiteral};

    #[test]
    fn tarjan_finds_cycles_and_self_loops() {
        let edges = vec![vec![], vec![2], vec![1], vec![3], vec![1]];
        let (component, cyclic) = strongly_connected(&edges);
        assert_eq!(component[1], component[2]);
        assert!(cyclic[component[1] as usize]);
        assert!(cyclic[component[3] as usize]);
        assert!(!cyclic[component[4] as usize]);
    }

    #[test]
    fn negative_weights_are_normalised() {
        let key = weight_key(0, vec![(Var(1).pos(), -2), (Var(2).pos(), 1)]).unwrap();
        assert_eq!(
            key,
            Some(BodyKey::Weight(
                2,
                vec![(Var(1).neg(), 2), (Var(2).pos(), 1)]
            ))
        );
        assert_eq!(
            weight_key(1, vec![(Var(1).pos(), 1), (Var(1).neg(), 1)]).unwrap(),
            Some(BodyKey::Weight(
                1,
                vec![(Var(1).pos(), 1), (Var(1).neg(), 1)]
            ))
        );
        assert_eq!(weight_key(3, vec![(Var(1).pos(), 1)]).unwrap(), None);
        assert_eq!(
            weight_key(0, vec![]).unwrap(),
            Some(BodyKey::Normal(vec![]))
        );
    }

    #[test]
    fn non_hcf_atoms_go_to_the_minimality_check_not_to_unfounded_sets() {
        let mut p = GroundProgram::new();
        let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
        p.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
        p.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(b)]);
        p.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]);
        p.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(c)]);
        let t = translate(&p).unwrap();
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
