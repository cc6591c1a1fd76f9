//! The completion of one delta in clause form (see the module doc of `build`): bodies are
//! normalised and interned, disjunctions shifted, then bodies, rules and the support of the
//! atoms the delta completes become units, clauses and weight constraints.

use fxhash::FxHashMap;

use super::{
    plain_condition, Clauses, Delta, Disjunction, FlatRule, Heads, ProgramState, UfsUpdate,
};
use crate::api::SolveError;
use crate::program::{Body, GroundProgram, HeadKind};
use crate::solver::body::{atom_var, conjoin, literal_of, normalise_body, BodyKey};
use crate::solver::lit::{Lit, Var};
use crate::solver::unfounded::{FlatLists, UfsGraph};
use crate::solver::weight::combinations;

/// The atoms a delta completes, numbered densely (`slot`): its new atoms (consecutive
/// variables) first, then older atoms it completes (open ones it mentions, externals it
/// defines).
#[derive(Default)]
pub(super) struct Completing {
    /// The variable of the first new atom.
    first: u32,
    /// Number of new atoms.
    count: u32,
    /// Older atoms completed here, by variable, with their slots.
    others: FxHashMap<u32, u32>,
    /// Every completed atom, by slot.
    pub(super) vars: Vec<Var>,
}

impl Completing {
    /// The slot of `var`, if the delta completes it.
    pub(super) fn slot(&self, var: Var) -> Option<usize> {
        let offset = var.0.wrapping_sub(self.first);
        if offset < self.count {
            return (self.vars.get(offset as usize) == Some(&var)).then_some(offset as usize);
        }
        self.others.get(&var.0).map(|&s| s as usize)
    }

    /// Adds an atom the delta completes.
    pub(super) fn push(&mut self, var: Var) {
        let slot = self.vars.len() as u32;
        if self.vars.is_empty() {
            self.first = var.0;
        }
        if slot == self.count && var.0 == self.first + self.count && self.others.is_empty() {
            self.count += 1;
        } else {
            self.others.insert(var.0, slot);
        }
        self.vars.push(var);
    }
}

/// The heads of the facts (non-choice rules of one head and an empty body) a delta gave so far,
/// per variable.
#[derive(Default)]
struct GivenFacts(Vec<bool>);

impl GivenFacts {
    /// Notes the rule of `heads` and body `key` if it is a fact.
    fn note(&mut self, choice: bool, heads: &[Var], key: &BodyKey) {
        let [head] = heads else { return };
        if choice || !matches!(key, BodyKey::Normal(lits) if lits.is_empty()) {
            return;
        }
        if self.0.len() <= head.index() {
            self.0.resize(head.index() + 1, false);
        }
        self.0[head.index()] = true;
    }

    /// Notes in `state` what clasp reads of the integrity constraint `lits` (two or more): its
    /// one literal left (see [`ProgramState::unit_constraints`]), else its guarded refutation
    /// (see [`ProgramState::guarded_refutations`]).
    fn read_constraint(&self, lits: &[Lit], state: &mut ProgramState) {
        match self.unit_constraint(lits) {
            Some(unit) => state.unit_constraints.push(unit),
            None => state
                .guarded_refutations
                .extend(self.guarded_refutation(lits)),
        }
    }

    /// The one literal left of the integrity constraint `lits` (two or more) once the positive
    /// literals over the facts given so far are dropped, if one is left: clasp reads such a
    /// constraint as that literal's (`b. :- b, -b.` as `:- -b.`; see
    /// [`ProgramState::unit_constraints`]).
    fn unit_constraint(&self, lits: &[Lit]) -> Option<Lit> {
        let given = |l: &&Lit| !l.is_negative() && self.0.get(l.var().index()) == Some(&true);
        let mut left = lits.iter().filter(|l| !given(l));
        match (left.next(), left.next()) {
            (Some(&l), None) => Some(l),
            _ => None,
        }
    }

    /// The one positive literal of the integrity constraint `lits` (two or more) left once
    /// the positive literals over the facts given so far are dropped, with the atoms of the
    /// other literals, when all of those are negative (see
    /// [`ProgramState::guarded_refutations`]).
    fn guarded_refutation(&self, lits: &[Lit]) -> Option<(Lit, Vec<Var>)> {
        // Called for every constraint while the program is built: nothing is allocated unless
        // the constraint has that shape.
        let given = |l: &&Lit| !l.is_negative() && self.0.get(l.var().index()) == Some(&true);
        let mut positive = lits.iter().filter(|l| !l.is_negative() && !given(l));
        let (Some(&refuted), None) = (positive.next(), positive.next()) else {
            return None;
        };
        let negated: Vec<Var> = lits
            .iter()
            .filter(|l| l.is_negative())
            .map(|l| l.var())
            .collect();
        (!negated.is_empty()).then_some((refuted, negated))
    }
}

/// Working state of one delta's translation.
pub(super) struct Builder<'p> {
    /// The delta in variable space.
    pub(super) program: &'p GroundProgram,
    /// The program so far (updated as the delta is read).
    pub(super) state: &'p mut ProgramState,
    /// Index of the delta's first new body in `state.bodies`.
    pub(super) first_body: usize,
    /// Index of the delta's first rule in `state.rules`.
    pub(super) first_rule: usize,
    /// Open atoms the delta mentions (to be completed or made external).
    pub(super) fresh: Vec<Var>,
    /// The atoms this delta completes.
    pub(super) completing: Completing,
    /// Per completing slot: the atom is the head of a fact.
    pub(super) facts: Vec<bool>,
    /// Bodies standing for output conditions (never sharing an atom's variable).
    pub(super) output_bodies: Vec<u32>,
    /// Whether the delta completes an external of an earlier delta.
    pub(super) completes_old_external: bool,
    /// What the search adds.
    pub(super) out: Delta,
    /// A clause being simplified (see [`Builder::clause`]).
    scratch: Vec<Lit>,
    /// The facts the delta gave before the rule being read.
    given_facts: GivenFacts,
}

impl<'p> Builder<'p> {
    /// A builder for `program` (in variable space) over `state`.
    pub(super) fn new(
        program: &'p GroundProgram,
        state: &'p mut ProgramState,
        fresh: Vec<Var>,
    ) -> Builder<'p> {
        Builder {
            program,
            first_body: state.bodies.len(),
            first_rule: state.rules.len(),
            state,
            fresh,
            completing: Completing::default(),
            facts: Vec::new(),
            output_bodies: Vec::new(),
            completes_old_external: false,
            scratch: Vec::new(),
            given_facts: GivenFacts::default(),
            out: Delta {
                units: Vec::new(),
                clauses: Clauses::default(),
                weights: Vec::new(),
                ufs: UfsUpdate::Extend(UfsGraph::default()),
                minimality: None,
                levels: None,
                new_edges: false,
                assumptions: Vec::new(),
                mentioned: Vec::new(),
                releases: Vec::new(),
            },
        }
    }

    /// Normalises bodies and shifts disjunctions into `state.rules`; `Ok(false)` when `stop`,
    /// asked every 4,096 rules, says to give up.
    pub(super) fn flatten_rules(&mut self, stop: &dyn Fn() -> bool) -> Result<bool, SolveError> {
        self.state.rule_count += self.program.rules.len() as u64;
        // About a body per rule with a head and a body (facts share the empty one, integrity
        // constraints of two or more literals intern none): grown once here rather than
        // rehashed a dozen times, and not sized for a program of facts.
        let interning = |r: &&crate::program::Rule| {
            (r.kind == HeadKind::Choice || !r.head.is_empty())
                && !matches!(&r.body, Body::Normal(b) if b.is_empty())
        };
        let with_body = self.program.rules.iter().filter(interning).count();
        self.state.body_ids.reserve(with_body + 1);
        for (index, rule) in self.program.rules.iter().enumerate() {
            if index % 4096 == 4095 && stop() {
                return Ok(false);
            }
            let heads = match rule.head.as_slice() {
                [] => Heads::Few(None),
                [atom] => Heads::Few(Some(atom_var(*atom))),
                atoms => {
                    let mut vars: Vec<Var> = atoms.iter().map(|&a| atom_var(a)).collect();
                    vars.sort_unstable();
                    vars.dedup();
                    Heads::from(vars)
                }
            };
            let Some(key) = normalise_body(&rule.body)? else {
                continue;
            };
            let choice = rule.kind == HeadKind::Choice;
            let key = match key {
                BodyKey::Normal(lits) if !choice && heads.is_empty() && lits.len() > 1 => {
                    self.given_facts.read_constraint(&lits, self.state);
                    self.state.note_constraint(&lits);
                    self.constraint_clause(lits);
                    continue;
                }
                key => key,
            };
            self.given_facts.note(choice, &heads, &key);
            self.state.has_disjunctions |= !choice && heads.len() > 1;
            if choice || heads.len() <= 1 {
                let body = self.intern(key);
                self.state.rules.push(FlatRule {
                    heads,
                    choice,
                    body,
                    shifted: false,
                });
                continue;
            }
            let first = self.state.rules.len();
            for &head in &heads {
                let others: Vec<Lit> = heads
                    .iter()
                    .filter(|&&h| h != head)
                    .map(|h| h.neg())
                    .collect();
                if let Some(shifted) = conjoin(&key, &others)? {
                    let body = self.intern(shifted);
                    self.state.rules.push(FlatRule {
                        heads: Heads::Few(Some(head)),
                        choice: false,
                        body,
                        shifted: true,
                    });
                }
            }
            let (body, rules) = (key, first..self.state.rules.len());
            let disjunction = Disjunction { heads, body, rules };
            self.state.disjunctions.push(disjunction);
        }
        Ok(true)
    }

    /// The integrity constraint `:- l1, ..., ln.` (n > 1, a normalised key) as the clause
    /// `(¬l1 ∨ ... ∨ ¬ln)`: no body variable, no definition and no rule (clasp adds such
    /// constraints as plain nogoods). Counted as a body without a variable of its own.
    fn constraint_clause(&mut self, mut lits: Vec<Lit>) {
        for lit in &mut lits {
            *lit = !*lit;
        }
        self.state.constraint_bodies += 1;
        self.clause(&lits);
    }

    /// Errors when the variables do not fit literal codes.
    pub(super) fn check_variable_count(&self) -> Result<(), SolveError> {
        let variables = self.state.var_count as u64;
        if variables >= 1 << 31 {
            return Err(SolveError::Unsupported(format!(
                "{variables} solver variables (atoms and rule bodies) are more than 2^31"
            )));
        }
        Ok(())
    }

    /// Bodies, rules and support of the delta (after [`Builder::allocate_body_vars`]).
    pub(super) fn encode(&mut self) -> Result<(), SolveError> {
        self.encode_bodies();
        self.encode_rules();
        self.encode_support();
        Ok(())
    }

    /// The delta's result.
    pub(super) fn finish(self) -> Delta {
        self.out
    }

    /// The literal of body `index`: its own variable, or the literal it is equivalent to.
    pub(super) fn body_lit(&self, index: u32) -> Lit {
        self.state.bodies[index as usize].0
    }

    /// Whether body `index` needs a definition: it is not one literal or none, or it stands
    /// for an output condition with a variable of its own. Its variable is its own or that of
    /// the atom it is the only support of (see `share.rs`).
    pub(super) fn is_defined(&self, index: u32) -> bool {
        let key = &self.state.bodies[index as usize].1;
        if literal_of(key).is_none() {
            return true;
        }
        self.state.condition_ids.find_key(key, &self.state.bodies) == Some(index)
    }

    /// Whether body `index` is the empty conjunction.
    fn is_empty_body(&self, index: u32) -> bool {
        matches!(&self.state.bodies[index as usize].1, BodyKey::Normal(lits) if lits.is_empty())
    }

    /// Marks the completing atoms that are heads of facts (a non-choice rule with one head
    /// atom and an empty body): they get the unit `a`, no support clause.
    pub(super) fn mark_facts(&mut self) {
        self.facts = vec![false; self.completing.vars.len()];
        for index in self.first_rule..self.state.rules.len() {
            let rule = &self.state.rules[index];
            if let (false, [head]) = (rule.choice, rule.heads.as_slice()) {
                if self.is_empty_body(rule.body) {
                    if let Some(slot) = self.completing.slot(*head) {
                        self.facts[slot] = true;
                    }
                }
            }
        }
    }

    /// Adds a clause, simplifying tautologies (`Lit::TRUE` included), duplicates and
    /// `Lit::FALSE`; short ones become units.
    fn clause(&mut self, given: &[Lit]) {
        let mut lits = std::mem::take(&mut self.scratch);
        lits.clear();
        lits.extend_from_slice(given);
        lits.sort_unstable();
        lits.dedup();
        let tautology = lits.first() == Some(&Lit::TRUE) || lits.windows(2).any(|w| w[0] == !w[1]);
        let start = usize::from(lits.first() == Some(&Lit::FALSE));
        match &lits[start..] {
            _ if tautology => {}
            [] => self.out.units.push(Lit::FALSE),
            [unit] => self.out.units.push(*unit),
            clause => self.out.clauses.push(clause),
        }
        self.scratch = lits;
    }

    /// Body definitions of the new bodies with variables of their own: clauses for normal
    /// bodies, weight constraints for weight bodies.
    fn encode_bodies(&mut self) {
        let mut back: Vec<Lit> = Vec::new();
        for index in self.first_body..self.state.bodies.len() {
            if !self.is_defined(index as u32) {
                continue;
            }
            let b = self.body_lit(index as u32).var();
            let BodyKey::Normal(lits) = &mut self.state.bodies[index].1 else {
                let BodyKey::Weight(lower, elements) = &self.state.bodies[index].1 else {
                    unreachable!("a body key is normal or weight");
                };
                let (lower, elements) = (*lower, elements.clone());
                match translated_need(lower, &elements) {
                    Some(need) => self.encode_count_clauses(b, need, &elements),
                    None => self.encode_weight(b, lower, elements),
                }
                continue;
            };
            // Taken out while its clauses are added (`clause` needs `self`), then put back.
            let lits = std::mem::take(lits);
            for &l in &lits {
                self.clause(&[b.neg(), l]);
            }
            back.clear();
            back.extend(lits.iter().map(|&l| !l));
            back.push(b.pos());
            self.clause(&back);
            self.state.bodies[index].1 = BodyKey::Normal(lits);
        }
    }

    /// `b ≡ Σ w·l ≥ lower` as two weight constraints.
    fn encode_weight(&mut self, b: Var, lower: i64, elements: Vec<(Lit, i64)>) {
        let total = elements.iter().fold(0i64, |s, e| s.saturating_add(e.1));
        let negated: Vec<(Lit, i64)> = elements.iter().map(|&(l, w)| (!l, w)).collect();
        self.out.weights.push((b.pos(), elements, lower));
        self.out.weights.push((b.neg(), negated, total - lower + 1));
    }

    /// `(¬B ∨ h)` for the delta's normal rules, `(¬B)` for integrity constraints.
    fn encode_rules(&mut self) {
        for index in self.first_rule..self.state.rules.len() {
            let rule = &self.state.rules[index];
            if rule.choice {
                continue;
            }
            let (body, head) = (rule.body, rule.heads.first().copied());
            let b = self.body_lit(body);
            let is_fact = |h: Var| self.completing.slot(h).is_some_and(|s| self.facts[s]);
            match head {
                Some(h) if is_fact(h) && self.is_empty_body(body) => self.clause(&[h.pos()]),
                Some(h) => self.clause(&[!b, h.pos()]),
                None => self.clause(&[!b]),
            }
        }
    }

    /// `(¬a ∨ B1 ∨ ... ∨ Bk)` per atom the delta completes (facts excepted). The body of a
    /// choice rule that contains `not a` never supports `a` and is left out, as clasp's
    /// preprocessing drops `a` from such a rule (`{a} :- not a.` alone makes `a` false before
    /// the search, which brave/cautious consequences show through the atoms it settles). A
    /// normal rule `a :- not a, B.` keeps its body: clasp makes it the constraint `:- not a, B.`,
    /// whose consequences its preprocessing does not settle (default-generator seed 1321).
    fn encode_support(&mut self) {
        // (slot, body index) pairs in rule order, then flat lists by slot.
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for rule in &self.state.rules[self.first_rule..] {
            let key = &self.state.bodies[rule.body as usize].1;
            for &h in &rule.heads {
                let blocked = rule.choice
                    && matches!(key, BodyKey::Normal(lits) if lits.binary_search(&h.neg()).is_ok());
                match self.completing.slot(h) {
                    Some(slot) if !self.facts[slot] && !blocked => {
                        pairs.push((slot as u32, rule.body))
                    }
                    _ => {}
                }
            }
        }
        let slots = self.completing.vars.len();
        let support = FlatLists::from_pairs(slots, pairs.iter().copied());
        drop(pairs);
        let mut clause = Vec::new();
        for slot in 0..slots {
            if self.facts[slot] {
                continue;
            }
            clause.clear();
            let bodies = support.get(slot).iter();
            clause.extend(bodies.map(|&body| self.state.bodies[body as usize].0));
            clause.push(self.completing.vars[slot].neg());
            self.clause(&clause);
        }
    }
}

impl Builder<'_> {
    /// Interns the condition of each output that is not a [`plain_condition`] as a body, so
    /// consequences can track the condition as a whole (clasp tracks output conditions);
    /// returns their bodies' indices in output order (`None` for a contradictory condition: the
    /// output is never shown, nor tracked).
    pub(super) fn intern_output_conditions(&mut self) -> Result<Vec<Option<u32>>, SolveError> {
        let mut vars = Vec::new();
        for output in &self.program.outputs {
            if plain_condition(&output.condition) {
                continue;
            }
            let body = Body::Normal(output.condition.clone());
            let var = match normalise_body(&body)? {
                Some(key) => {
                    let index = self.intern_with_var(key);
                    self.output_bodies.push(index);
                    Some(index)
                }
                None => None,
            };
            vars.push(var);
        }
        Ok(vars)
    }
}

/// Small count bodies as clauses (see [`translated_need`]).
impl Builder<'_> {
    /// `b ≡ at least need of the elements' literals` as clauses, without auxiliary variables:
    /// `(¬S ∨ b)` for each `need`-subset `S`, `(¬b ∨ T)` for each `(n − need + 1)`-subset `T`.
    /// Unit propagation on these clauses derives what the two weight constraints would.
    fn encode_count_clauses(&mut self, b: Var, need: usize, elements: &[(Lit, i64)]) {
        let lits: Vec<Lit> = elements.iter().map(|e| e.0).collect();
        let mut subsets = Vec::new();
        combinations(&lits, need, &mut Vec::new(), &mut subsets);
        for subset in &mut subsets {
            subset.iter_mut().for_each(|l| *l = !*l);
            subset.push(b.pos());
            self.clause(subset);
        }
        subsets.clear();
        combinations(&lits, lits.len() - need + 1, &mut Vec::new(), &mut subsets);
        for subset in &mut subsets {
            subset.push(b.neg());
            self.clause(subset);
        }
    }
}

/// clasp's `--trans-ext=dynamic` choice for a weight body over elements of equal weight `w`
/// that needs `k = ⌈lower / w⌉` of its `n` literals: clauses when `k = 1`, or when `n ≤ 6` and
/// `C(n, k) ≤ 15` (its `transformNoAux`); returns `k` then, `None` to keep weight
/// constraints (unequal weights included).
fn translated_need(lower: i64, elements: &[(Lit, i64)]) -> Option<usize> {
    let weight = elements.first()?.1;
    if weight <= 0 || elements.iter().any(|e| e.1 != weight) {
        return None;
    }
    let (n, need) = (
        elements.len(),
        (lower as i128 + weight as i128 - 1) / weight as i128,
    );
    if need < 1 || need as usize > n {
        return None;
    }
    let need = need as usize;
    (need == 1 || (n <= 6 && binomial(n, need) <= 15)).then_some(need)
}

/// `C(n, k)` for `k ≤ n` (used with `n ≤ 6`).
fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}
