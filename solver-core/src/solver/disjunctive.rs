//! Stability check for disjunctive programs that are not head-cycle-free (non-HCF).
//!
//! Shifting (`build.rs`) is sound only for head-cycle-free programs, so the atoms of a
//! positive-dependency SCC holding two atoms of one disjunctive head (the *non-HCF atoms* `N`)
//! get no source-pointer unfounded-set propagation. The search still enforces the completion of
//! the shifted program, whose models are the supported models; a total assignment `M` is then
//! a stable model iff no non-empty `U ⊆ M ∩ N` is *unfounded*: every rule `r` with
//! `H(r) ∩ U ≠ ∅` has a false body in `M`, a positive body atom in `U`, or a head atom in
//! `M \ U` (Leone, Rullo, Scarcello 1997; the HCF and acyclic parts are already settled by
//! propagation, and any unfounded set of `M` gives one inside a single component).
//!
//! Deciding this is coNP-hard, so it is a search of its own, as in clasp: one *tester* program,
//! built once, whose stable models under the assumptions "`m_x` iff `x ∈ M`" are exactly the
//! non-empty unfounded sets. Its atoms: `m_x` (external) for every atom of the rules in scope;
//! `u_a` (choice) for `a ∈ N`, meaning `a ∈ U`, with `:- u_a, not m_a` and `:- not u_1, ...`;
//! `w_h ≡ ¬m_h ∨ u_h` (the head atom `h ∈ N` is not in `M \ U`); `e_a ≡ m_a ∧ ¬u_a` (`a` true
//! outside `U`, for weight bodies). Each rule `r` forbids the `U` it would support:
//! `:- body_M(r), ext(r), heads(r)` where `body_M` is the body over `m`, `ext` says that it
//! still holds with `U` false (`not u_b` for positive `b ∈ N`; a weight body over the `e`/`m`
//! literals) and `heads` is `w_h` for `h ∈ H ∩ N` and `not m_h` for the other head atoms
//! (a choice rule gives one constraint `:- body_M, ext, u_h` per `h ∈ H ∩ N`). `M` is a model,
//! so a true `body_M` implies a true head atom, hence `H ∩ U ≠ ∅` whenever all `heads` hold.
//! The tester is tight and normal, so its own search needs no such check; it keeps its learnt
//! nogoods from one check to the next (Koch, Leone, Pfeifer 2003; Gebser et al. 2013).
//!
//! Checks are incremental. The tester's answer depends only on the values of the observed
//! atoms, so a candidate with the observed values of the last stable one is stable without a
//! search. The assumptions are ordered with the atoms whose value changed least recently
//! first (consecutive candidates of an enumeration differ in the atoms of its last decisions);
//! the tester keeps the propagated levels of the prefix it assumed last time and answers at
//! once when the new assumptions start with a prefix it refuted last time
//! (`Search::solve_assuming`). Under a fixed value of the first atoms the answer is often
//! already decided, so most checks of an enumeration cost a comparison of two prefixes.
//!
//! When the tester finds `U`, the search learns the loop nogood `{p} ∪ {x : x blocks an
//! external support of U}` for an atom `p ∈ U`: each rule with a head in `U` and no positive
//! body atom in `U` contributes a true head atom outside `U` (disjunctive rules), else a false
//! body literal (normal bodies) or all false elements (weight bodies). Every stable model
//! satisfies it, and `M` violates it, so the search never returns to `M`.
//! Weight bodies are taken as `build.rs` normalises them (positive weights).

use fxhash::FxHashMap;

use super::assignment::Assignment;
use super::body::BodyKey;
use super::limits::Limits;
use super::lit::{Lit, Var};
use crate::program::{Atom, Body, ExternalValue, GroundProgram, HeadKind, Literal};
use crate::program::{Rule, WeightedLiteral};

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

/// The non-HCF atoms, their rules and the tester program.
#[derive(Clone, Debug, Default)]
pub(crate) struct Minimality {
    /// `in_scope[v]`: whether variable `v` is a non-HCF atom.
    in_scope: Vec<bool>,
    /// Rules with at least one head atom in scope.
    rules: Vec<CheckedRule>,
    /// The tester program.
    tester: GroundProgram,
    /// `(x, m_x)`: the program atoms the tester reads and their `m` atoms.
    observed: Vec<(Var, Atom)>,
    /// `(u_a, a)`: the tester's `u` atoms and the non-HCF atom each stands for.
    chosen: Vec<(Atom, Var)>,
}

/// The solver a minimality check runs its tester program on: a search under assumptions that
/// keeps its learnt nogoods between calls (the crate's `Solver`, which sits above this module).
pub(crate) trait Tester: Send {
    /// Whether a model exists in which every literal of `assumptions` holds (`Err` if `limits`
    /// stopped the search); after `Ok(true)`, [`Tester::holds`] reads that model.
    fn solve_under(&mut self, assumptions: &[Lit], limits: Limits) -> Result<bool, ()>;
    /// Whether `atom` is true in the model of the last successful `solve_under`.
    fn holds(&self, atom: Atom) -> bool;
}

/// Builds a tester for a tester program (`None` if the program cannot be solved).
pub(crate) type TesterFactory = fn(&GroundProgram) -> Option<Box<dyn Tester>>;

/// A [`Minimality`] spec, its tester solver (built on the first check) and what the last
/// check assumed.
pub(crate) struct MinimalityCheck {
    spec: Minimality,
    /// Makes the tester on the first check.
    new_tester: TesterFactory,
    tester: Option<Box<dyn Tester>>,
    /// Indices into `spec.observed` in the order they are assumed: the atoms whose value
    /// changed least recently first, so that the tester keeps the longest assumption prefix.
    order: Vec<usize>,
    /// The value of each observed atom (indexed like `spec.observed`) at the last completed
    /// check; empty before the first.
    last_values: Vec<bool>,
    /// Whether the last completed check found the assignment stable.
    last_stable: bool,
    /// Scratch: the values of the current check.
    values: Vec<bool>,
    /// The assumptions of the current check (those of the last one between checks).
    assumptions: Vec<Lit>,
    /// Scratch: observed atoms whose value changed.
    moved: Vec<usize>,
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

impl Minimality {
    /// A checker for the non-HCF `atoms` (variables below `var_count`) and their `rules`.
    pub(crate) fn new(var_count: usize, atoms: &[Var], rules: Vec<CheckedRule>) -> Minimality {
        let mut in_scope = vec![false; var_count];
        for atom in atoms {
            in_scope[atom.index()] = true;
        }
        let mut builder = TesterBuilder::default();
        for &atom in atoms {
            builder.add_chosen(atom);
        }
        builder.require_some_chosen();
        for rule in &rules {
            builder.forbid_support(rule, &in_scope);
        }
        Minimality {
            in_scope,
            rules,
            tester: builder.program,
            observed: sorted(builder.observed.into_iter().collect()),
            chosen: sorted(builder.chosen.into_iter().map(|(v, u)| (u, v)).collect()),
        }
    }

    /// Whether the program has non-HCF atoms at all.
    pub(crate) fn is_active(&self) -> bool {
        !self.chosen.is_empty()
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
}

impl MinimalityCheck {
    /// A check for `spec`; the tester is built by `new_tester` when first needed.
    pub(crate) fn new(spec: Minimality, new_tester: TesterFactory) -> MinimalityCheck {
        MinimalityCheck {
            order: (0..spec.observed.len()).collect(),
            spec,
            new_tester,
            tester: None,
            last_values: Vec::new(),
            last_stable: false,
            values: Vec::new(),
            assumptions: Vec::new(),
            moved: Vec::new(),
        }
    }

    /// Whether the program has non-HCF atoms at all.
    pub(crate) fn is_active(&self) -> bool {
        self.spec.is_active()
    }

    /// Checks the total assignment `a`; the tester stops with the search's `limits`.
    ///
    /// The tester's answer depends only on the values of the observed atoms, so a check with
    /// the values of the last stable one is answered without the tester; otherwise the
    /// assumptions are ordered (see `order`) so that the tester re-propagates only from the
    /// first observed atom whose value changed.
    pub(crate) fn check(&mut self, a: &Assignment, limits: &Limits) -> Verdict {
        if !self.spec.chosen.iter().any(|&(_, v)| a.is_true(v.pos())) {
            return Verdict::Stable;
        }
        self.values.clear();
        let observed = self.spec.observed.iter();
        self.values
            .extend(observed.map(|&(x, _)| a.is_true(x.pos())));
        if self.last_stable && self.values == self.last_values {
            return Verdict::Stable;
        }
        self.order_assumptions();
        let verdict = self.run_tester(a, limits);
        if !matches!(verdict, Verdict::Stopped) {
            std::mem::swap(&mut self.values, &mut self.last_values);
            self.last_stable = matches!(verdict, Verdict::Stable);
        } else {
            self.last_values.clear();
        }
        verdict
    }

    /// Moves the observed atoms whose value changed since the last check behind the others
    /// (keeping both groups' order) and fills `assumptions` in the new order.
    fn order_assumptions(&mut self) {
        let (values, last) = (&self.values, &self.last_values);
        let changed = |i: usize| last.get(i) != values.get(i);
        let first = self.order.iter().position(|&i| changed(i));
        let first = first.unwrap_or(self.order.len());
        self.moved.clear();
        let mut kept = first;
        for read in first..self.order.len() {
            let i = self.order[read];
            if changed(i) {
                self.moved.push(i);
            } else {
                self.order[kept] = i;
                kept += 1;
            }
        }
        self.order.truncate(kept);
        self.order.extend_from_slice(&self.moved);
        // The assumptions before `first` are those of the last check (same atoms, same values).
        self.assumptions.truncate(first);
        for &i in &self.order[first..] {
            if let (Some(&(_, m)), Some(&value)) = (self.spec.observed.get(i), values.get(i)) {
                self.assumptions.push(Lit::new(Var(m.0), !value));
            }
        }
    }

    /// Runs the tester under `assumptions`; a model of it is an unfounded set of `a`.
    fn run_tester(&mut self, a: &Assignment, limits: &Limits) -> Verdict {
        let spec = &self.spec;
        let tester = match &mut self.tester {
            Some(tester) => tester,
            None => match (self.new_tester)(&spec.tester) {
                Some(solver) => self.tester.insert(solver),
                None => return Verdict::Stopped,
            },
        };
        match tester.solve_under(&self.assumptions, limits.clone()) {
            Err(()) => Verdict::Stopped,
            Ok(false) => Verdict::Stable,
            Ok(true) => {
                let unfounded: Vec<Var> = spec
                    .chosen
                    .iter()
                    .filter(|&&(u, _)| tester.holds(u))
                    .map(|&(_, v)| v)
                    .collect();
                Verdict::Unfounded(spec.loop_nogood(&unfounded, a))
            }
        }
    }
}

/// `pairs` sorted (the builder's maps iterate in hash order).
fn sorted<T: Ord>(mut pairs: Vec<T>) -> Vec<T> {
    pairs.sort_unstable();
    pairs
}

/// Adds to `nogood` true literals that block every external support `rule` could give `U`.
fn blockers(rule: &CheckedRule, in_set: &[bool], a: &Assignment, nogood: &mut Vec<Lit>) {
    let positive_in_set = |l: &Lit| !l.is_negative() && in_set[l.var().index()];
    if let BodyKey::Normal(lits) = &rule.body {
        if lits.iter().any(positive_in_set) {
            return;
        }
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

/// Builds the tester program (see the module doc for its atoms and rules).
#[derive(Default)]
struct TesterBuilder {
    program: GroundProgram,
    /// Program atom → its `m` atom.
    observed: FxHashMap<Var, Atom>,
    /// Non-HCF atom → its `u` atom.
    chosen: FxHashMap<Var, Atom>,
    /// Non-HCF atom → its `w` atom.
    not_outside: FxHashMap<Var, Atom>,
    /// Non-HCF atom → its `e` atom.
    true_outside: FxHashMap<Var, Atom>,
}

impl TesterBuilder {
    /// `m_x`, an external the assumptions fix.
    fn observe(&mut self, x: Var) -> Atom {
        if let Some(&m) = self.observed.get(&x) {
            return m;
        }
        let m = self.program.new_atom();
        self.program.externals.push((m, ExternalValue::Free));
        self.observed.insert(x, m);
        m
    }

    /// `{u_a}. :- u_a, not m_a.`
    fn add_chosen(&mut self, a: Var) {
        let u = self.program.new_atom();
        self.chosen.insert(a, u);
        let m = self.observe(a);
        self.program.add_rule(HeadKind::Choice, vec![u], Vec::new());
        self.constraint(vec![Literal::positive(u), Literal::negative(m)]);
    }

    /// `:- not u_1, ..., not u_n.`
    fn require_some_chosen(&mut self) {
        let mut none: Vec<Literal> = self
            .chosen
            .values()
            .map(|&u| Literal::negative(u))
            .collect();
        none.sort_unstable_by_key(|l| l.atom().0);
        self.constraint(none);
    }

    /// The constraint(s) forbidding the unfounded sets `rule` would support.
    fn forbid_support(&mut self, rule: &CheckedRule, in_scope: &[bool]) {
        let mut body = self.body_in_m(&rule.body);
        body.extend(self.external_body(&rule.body));
        if rule.choice {
            for &h in rule.heads.iter().filter(|h| in_scope[h.index()]) {
                let mut constraint = body.clone();
                constraint.push(Literal::positive(self.chosen[&h]));
                self.constraint(constraint);
            }
            return;
        }
        for &h in &rule.heads {
            let literal = match in_scope[h.index()] {
                true => Literal::positive(self.not_outside(h)),
                false => Literal::negative(self.observe(h)),
            };
            body.push(literal);
        }
        self.constraint(body);
    }

    /// The body evaluated in `M`: its literals over `m` (a weight body through an auxiliary atom).
    fn body_in_m(&mut self, body: &BodyKey) -> Vec<Literal> {
        match body {
            BodyKey::Normal(lits) => lits.iter().map(|&l| self.in_m(l)).collect(),
            BodyKey::Weight(lower, elements) => {
                let elements = elements.iter().map(|&(l, w)| (self.in_m(l), w)).collect();
                vec![self.weight_atom(*lower, elements)]
            }
        }
    }

    /// Literals saying the body holds with the atoms of `U` false (given it holds in `M`).
    fn external_body(&mut self, body: &BodyKey) -> Vec<Literal> {
        match body {
            BodyKey::Normal(lits) => lits
                .iter()
                .filter(|l| !l.is_negative())
                .filter_map(|l| self.chosen.get(&l.var()))
                .map(|&u| Literal::negative(u))
                .collect(),
            BodyKey::Weight(lower, elements) => {
                let elements = elements
                    .iter()
                    .map(
                        |&(l, w)| match self.chosen.contains_key(&l.var()) && !l.is_negative() {
                            true => (Literal::positive(self.true_outside(l.var())), w),
                            false => (self.in_m(l), w),
                        },
                    )
                    .collect();
                vec![self.weight_atom(*lower, elements)]
            }
        }
    }

    /// The literal over `m` for a program literal (`Var(0)` is the constant true).
    fn in_m(&mut self, l: Lit) -> Literal {
        let m = self.observe(l.var());
        match l.is_negative() {
            true => Literal::negative(m),
            false => Literal::positive(m),
        }
    }

    /// `w_h :- not m_h. w_h :- u_h.`
    fn not_outside(&mut self, h: Var) -> Atom {
        if let Some(&w) = self.not_outside.get(&h) {
            return w;
        }
        let (m, u, w) = (self.observe(h), self.chosen[&h], self.program.new_atom());
        self.program
            .add_rule(HeadKind::Disjunction, vec![w], vec![Literal::negative(m)]);
        self.program
            .add_rule(HeadKind::Disjunction, vec![w], vec![Literal::positive(u)]);
        self.not_outside.insert(h, w);
        w
    }

    /// `e_a :- m_a, not u_a.`
    fn true_outside(&mut self, a: Var) -> Atom {
        if let Some(&e) = self.true_outside.get(&a) {
            return e;
        }
        let (m, u, e) = (self.observe(a), self.chosen[&a], self.program.new_atom());
        let body = vec![Literal::positive(m), Literal::negative(u)];
        self.program.add_rule(HeadKind::Disjunction, vec![e], body);
        self.true_outside.insert(a, e);
        e
    }

    /// An atom defined by `lower <= #sum { w : l }`.
    fn weight_atom(&mut self, lower: i64, elements: Vec<(Literal, i64)>) -> Literal {
        let atom = self.program.new_atom();
        let elements = elements
            .into_iter()
            .map(|(literal, weight)| WeightedLiteral { literal, weight })
            .collect();
        self.program.rules.push(Rule {
            kind: HeadKind::Disjunction,
            head: vec![atom],
            body: Body::Weight { lower, elements },
        });
        Literal::positive(atom)
    }

    /// `:- body.`
    fn constraint(&mut self, body: Vec<Literal>) {
        self.program
            .add_rule(HeadKind::Disjunction, Vec::new(), body);
    }
}
