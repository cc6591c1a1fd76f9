//! Positive recursion through conditions and aggregates, translated as gringo does.
//!
//! A literal of a rule is *recursive* when its predicate lies in the same component of the
//! positive dependency graph as one of the rule's head predicates (head predicates depend on
//! the positive body atoms, the atoms of conditions, of non-negated aggregate elements and of
//! head conditions) and its atom unifies with a head of the rule component being ground
//! (`Grounder::open_body`: gringo's dependencies are by unification). There, replacing a
//! formula by a classically equivalent one can change the stable models, so clingo's
//! semantics (Ferraris' reduct of the nested implications) is kept with disjunctive rules, as
//! gringo emits them:
//! - a body conditional literal's instance `l : c` stands for `x ≡ c → l`: `x :- l.`,
//!   `x :- not c_i.` (as before) and, when the condition is recursive, `x | c_i :- not not l.`
//!   for each positive `c_i` and `x :- not not e, not not l.` for each `c_i = not e` (the
//!   disjunctive head `x | c` split over the conjunction `c`). gringo adds these whenever `c`
//!   is recursive; they are left out when `l` is not (then `l` is derived without `x`, so `x`
//!   holds by `x :- l.` whenever `c → l` does), which keeps more programs head-cycle-free;
//! - a recursive `#sum`/`#count` bound is written `k <= Σ w·l` with positive weights only: an
//!   element with a negative weight `-w` on `l` becomes weight `w` on `y ≡ l → A` (`A` the
//!   bound's own atom): `y :- not l.`, `y :- A.`, `y | l :- not not A.` (for `l = not a`,
//!   `y` is `not not a`); `value <= k` with negative weights is `-value >= -k` the same way,
//!   and `!=` is one atom `A` defined by a rule for `>` and one for `<` (negative weights on
//!   `y ≡ l → A` in both), not the negation of `=` nor a disjunction of two atoms; the weights
//!   of one literal are added up first. When the bound is non-monotone as gringo's analysis
//!   finds it (weights of both signs, or `!=` a value inside the range), each element's
//!   condition is an atom that also implies it (`c :- e.`, `:- e, not not d.` for `e ≡ c, not
//!   d`), and that atom itself stands in `y | e`, as gringo writes it (clasp's preprocessing
//!   then leaves `e` open even when its condition never holds: `r(Y), not r(Y)`); otherwise
//!   an element of several literals is multiplied out into clauses (see `head_clauses`);
//! - a recursive `#max != b` says that each element of weight `b` implies some element of
//!   greater weight (`#min`: smaller), each implication `e → D` as `y` above.
//!
//! These disjunctions can make a program non-head-cycle-free; the solver then checks each
//! candidate's minimality (`solver-core`'s `disjunctive.rs`) rather than trust the shifted
//! rules.
//!
//! A void rule (a body literal false whatever its variables are: `#false`, `not #true`, a
//! comparison of two values that fails) never fires, so it adds no edge: its head conditions
//! do not make the rule's head depend on anything (`b ; p(W) : q(W) :- #false.` leaves `p`
//! and `q` apart, and `q(3) :- p(W) : p(W), W = 3.` then needs no disjunction that would give
//! an external `p(3)` a rule).
//!
//! # Invariants
//! - `positive_scc` is filled before grounding starts; predicates created later (none in
//!   practice) count as not recursive.

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{AggregateFunction, CompareOp, Sign};
use crate::instantiate::aggregate::{open_sum, split_weights, weight, SumForm, Tri, Weighted};
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Stop};
use crate::normalize::rules::{AggLit, AtomPat, CondLit, Lit, Pred, Rule};
use crate::plan::depgraph::Graph;
use crate::term::eval::T;
use crate::term::intern::Val;

/// A disjunctive head with the extra body literals it needs: `(head atoms, body)`.
type HeadClause = (Vec<AtomId>, Vec<GLit>);

/// The most clauses a disjunction of conjunctions is multiplied out into.
const MAX_CLAUSES: usize = 64;

/// The elements with their weights negated (clamped to 32 bits).
fn negate_weights(elems: &[Weighted]) -> Vec<Weighted> {
    elems
        .iter()
        .map(|(w, l)| (Val::Num((-weight(w)).min(i64::from(i32::MAX)) as i32), *l))
        .collect()
}

/// Fills `g.positive_scc`, `g.accumulation_scc`, `g.negated_accumulation_scc` and
/// `g.negations_over_head` from the rules.
///
/// The graphs differ only through negated aggregates (and, for the third, the negations inside
/// aggregate elements and conditional literals): without any negated aggregate, all are the
/// first (not built again).
pub(crate) fn positive_components(g: &mut Grounder, rules: &[Rule]) {
    let mut negated = false;
    let positive = dependency_graph(g, rules, false, &mut negated);
    g.positive_scc = components(g, &positive);
    let negations = inner_negation_edges(g, rules);
    g.negations_over_head = negations_over_head(&positive, &negations);
    if !negated {
        g.accumulation_scc = g.positive_scc.clone();
        g.negated_accumulation_scc = g.positive_scc.clone();
        return;
    }
    let mut accumulation = dependency_graph(g, rules, true, &mut negated);
    g.accumulation_scc = components(g, &accumulation);
    g.negated_accumulation_scc = match negations.is_empty() {
        true => g.accumulation_scc.clone(),
        false => {
            negations
                .iter()
                .for_each(|&(h, p)| accumulation.depend(h, p));
            components(g, &accumulation)
        }
    };
}

/// The positive dependency graph of the predicates; `any_sign`: the elements of negated
/// aggregates count too. Sets `negated` when a negated aggregate was met.
fn dependency_graph(g: &mut Grounder, rules: &[Rule], any_sign: bool, negated: &mut bool) -> Graph {
    let mut graph = Graph::new(g.store.preds.len());
    // Buffers reused from rule to rule.
    let (mut atoms, mut deps) = (Vec::new(), Vec::new());
    for rule in rules {
        if void(g, rule) {
            continue;
        }
        atoms.clear();
        rule.body
            .iter()
            .for_each(|l| positive_atoms(l, any_sign, &mut atoms, negated));
        for cond in rule.head.conditions() {
            cond.iter()
                .for_each(|l| positive_atoms(l, any_sign, &mut atoms, negated));
        }
        deps.clear();
        deps.extend(atoms.iter().map(|a| g.store.pred(a.pred)));
        for head in rule.head.each_atom() {
            let h = g.store.pred(head.pred);
            deps.iter().for_each(|&d| graph.depend(h, d));
        }
    }
    graph
}

/// The component of each predicate in `graph`.
fn components(g: &Grounder, graph: &Graph) -> Vec<u32> {
    let mut scc = vec![u32::MAX; g.store.preds.len()];
    for (c, preds) in graph.components().iter().enumerate() {
        for &p in preds {
            if let Some(slot) = scc.get_mut(p as usize) {
                *slot = c as u32;
            }
        }
    }
    scc
}

/// The edges `(h, p)` from each head predicate `h` of a rule to each predicate `p` of an atom
/// under `not` or `not not` inside one of its body aggregate elements or conditional literals.
fn inner_negation_edges(g: &mut Grounder, rules: &[Rule]) -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    let mut negations = Vec::new();
    for rule in rules {
        if void(g, rule) {
            continue;
        }
        negations.clear();
        rule.body
            .iter()
            .for_each(|l| inner_negations(l, &mut negations));
        for &p in &negations {
            let p = g.store.pred(p);
            for head in rule.head.each_atom() {
                edges.push((g.store.pred(head.pred), p));
            }
        }
    }
    edges
}

/// The pairs `(p, h)` of the `negations` edges `(h, p)` where `p` depends on `h` in the
/// positive dependency graph `positive` (or is `h`). gringo orders the statements of a
/// component by its positive dependencies, so `p`'s rules are grounded with or after the rule
/// and its negation is still undecided (`#delayed`) there; a `p` that only depends on `h`
/// through negations is complete before (`q(3) :- q(W) : r(W), not b.` with
/// `b :- #count { W : q(W) } < 3.`: the conjunction over `not b` is delayed, the count over
/// `q` is not).
fn negations_over_head(positive: &Graph, negations: &[(u32, u32)]) -> FxHashSet<(u32, u32)> {
    let mut asked: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
    for &(h, p) in negations {
        asked.entry(p).or_default().push(h);
    }
    let mut holds = FxHashSet::default();
    let mut reach = positive.reach();
    for (p, heads) in asked {
        reach.walk(p);
        holds.extend(
            heads
                .into_iter()
                .filter(|&h| reach.reached(h))
                .map(|h| (p, h)),
        );
    }
    holds
}

/// The predicates of the atoms under `not` or `not not` inside the aggregate elements and
/// conditional literals of a body literal.
fn inner_negations(lit: &Lit, out: &mut Vec<Pred>) {
    let negated = |l: &Lit| match l {
        Lit::Atom(Sign::Not | Sign::NotNot, a) => Some(a.pred),
        _ => None,
    };
    match lit {
        Lit::Agg(agg) => out.extend(agg.elems.iter().flat_map(|e| &e.cond).filter_map(negated)),
        Lit::Cond(c) => {
            out.extend(c.alts.iter().filter_map(|a| negated(&a.lit)));
            out.extend(c.cond.iter().filter_map(negated));
        }
        _ => {}
    }
}

/// Whether a body literal of `rule` is false whatever its variables are: `#false` (also from
/// `not #true`) or a comparison of two values that fails.
pub(crate) fn void(g: &Grounder, rule: &Rule) -> bool {
    rule.body.iter().any(|lit| match lit {
        Lit::Bool(holds) => !holds,
        Lit::Cmp(op, T::Val(x), T::Val(y)) => !crate::instantiate::compare(g.table, *op, *x, *y),
        _ => false,
    })
}

/// The atoms of `lit` that its rule's head depends on positively (`any_sign`: also those of
/// the elements of a negated aggregate); sets `negated` when `lit` is a negated aggregate (the
/// one case where `any_sign` matters).
fn positive_atoms<'a>(
    lit: &'a Lit,
    any_sign: bool,
    out: &mut Vec<&'a AtomPat>,
    negated: &mut bool,
) {
    if matches!(lit, Lit::Agg(agg) if agg.sign != Sign::None) {
        *negated = true;
    }
    match lit {
        Lit::Atom(Sign::None, a) => out.push(a),
        Lit::Agg(agg) if any_sign || agg.sign == Sign::None => {
            for e in &agg.elems {
                e.cond
                    .iter()
                    .for_each(|l| positive_atoms(l, any_sign, out, negated));
            }
        }
        Lit::Cond(c) => {
            c.alts
                .iter()
                .for_each(|a| positive_atoms(&a.lit, any_sign, out, negated));
            c.cond
                .iter()
                .for_each(|l| positive_atoms(l, any_sign, out, negated));
        }
        _ => {}
    }
}

/// The weight of an aggregate element as an integer (0 for non-numbers, which never count).
/// The elements with the weights of each literal added up (the value of the sum is the same
/// function of the literals; weights that cancel leave the literal out).
fn merge_literals(elems: &[Weighted]) -> Vec<Weighted> {
    let mut out: Vec<(i64, Option<GLit>)> = Vec::with_capacity(elems.len());
    let mut index: FxHashMap<GLit, usize> = FxHashMap::default();
    for (w, l) in elems {
        let slot = l.and_then(|l| index.get(&l).copied());
        match slot.and_then(|i| out.get_mut(i)) {
            Some((sum, _)) => *sum += weight(w),
            None => {
                if let Some(l) = l {
                    index.insert(*l, out.len());
                }
                out.push((weight(w), *l));
            }
        }
    }
    let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    out.into_iter()
        .filter(|(w, _)| *w != 0)
        .map(|(w, l)| (Val::Num(clamp(w)), l))
        .collect()
}

/// Whether gringo's analysis of a recursive `#sum`/`#count` with the bound `op n` finds it
/// non-monotone (then it writes each element's condition as an atom that also implies it, see
/// [`Grounder::condition_implied`]): the uncertain elements with a positive literal have
/// weights of both signs, or the bound is `!= n` with `n` strictly inside the value range.
fn nonmonotone_sum(elems: &[Weighted], op: CompareOp, n: i64) -> bool {
    let (fixed, uncertain) = split_weights(elems);
    let signs = |positive: bool| {
        uncertain
            .iter()
            .any(|&(l, w)| l.positive && w != 0 && (w > 0) == positive)
    };
    if signs(true) && signs(false) {
        return true;
    }
    let min = fixed + uncertain.iter().map(|(_, w)| (*w).min(0)).sum::<i64>();
    let max = fixed + uncertain.iter().map(|(_, w)| (*w).max(0)).sum::<i64>();
    op == CompareOp::Ne && min < n && n < max
}

/// Whether gringo takes a recursive body aggregate (its sign aside) that lies within its
/// bounds as a fact while grounding: a `#count`, `#sum+` or `#max` with lower bounds only, or
/// a `#min` with upper bounds only, whose value only grows (`#min`: falls) as elements are
/// added, so it stays within them; never a `#sum` or an assignment (`X = #agg{..}`). Under
/// `not not` the literal is a fact then, under `not` it is false; a `not` over an aggregate
/// outside its bounds holds but is no fact (`#delayed`).
pub(crate) fn monotone_atom(agg: &AggLit, assignment: bool) -> bool {
    use AggregateFunction::*;
    let lower = |op: &CompareOp| matches!(op, CompareOp::Ge | CompareOp::Gt);
    let upper = |op: &CompareOp| matches!(op, CompareOp::Le | CompareOp::Lt);
    let ops = || agg.bounds.iter().map(|(op, _)| op);
    !assignment
        && match agg.function {
            Count | SumPlus | Max => ops().all(lower),
            Min => ops().all(upper),
            Sum => false,
        }
}

/// Positive recursion through conditions: the disjunctive rules and implications gringo adds.
impl Grounder<'_> {
    /// Whether `atom` shares a positive dependency component with a head atom of `rule`.
    fn in_head_cycle(&self, rule: &Rule, atom: &AtomPat) -> bool {
        self.shares_component(&self.positive_scc, rule, atom)
    }

    /// Whether the elements of `agg` (a body aggregate of `rule`) are still being accumulated
    /// while the rule is grounded: gringo's *recursive* aggregate. gringo then takes it as
    /// certain only when it is monotone (see [`monotone_atom`]); any other stays for clasp to
    /// decide (its `#delayed` literal), even when its value range lies within its bounds:
    /// `r(1) :- #count{1 : r(1)} != 5.` does not make `r(1)` a fact. A non-negated aggregate
    /// is recursive as [`Grounder::any_accumulated`] says; a negated one when an atom of its
    /// elements, under any sign, shares a component of `negated_accumulation_scc` with a head
    /// atom (`b :- not #sum { 1 : q(3) } = 2. q(3) :- not b : dom(X).` keeps the sum
    /// `#delayed`, as gringo does).
    pub(crate) fn accumulated_in_component(&self, rule: &Rule, agg: &AggLit) -> bool {
        let mut atoms = agg.elems.iter().flat_map(|e| &e.cond);
        if agg.sign == Sign::None {
            return self.any_accumulated(rule, atoms);
        }
        atoms.any(|l| match l {
            Lit::Atom(_, a) => self.shares_component(&self.negated_accumulation_scc, rule, a),
            _ => false,
        })
    }

    /// Whether an atom of a body conditional literal `c` of `rule` (of its literal or its
    /// condition) is still being accumulated (see [`Grounder::any_accumulated`]): gringo
    /// grounds the conjunction while its instances are still being accumulated and writes it
    /// as a `#delayed` atom (`r(X) | a :- dom(X), not a : dom(W).` is
    /// `r(1) | a :- d. d :- not a.`, where clasp does not drop `a` from the head).
    pub(crate) fn conjunction_accumulated(&self, rule: &Rule, c: &CondLit) -> bool {
        self.any_accumulated(rule, c.alts.iter().map(|a| &a.lit).chain(&c.cond))
    }

    /// Whether one of `lits` is still accumulated while `rule` is grounded: a positive atom
    /// that shares a component of `accumulation_scc` with a head atom of `rule`, or an atom
    /// under `not` whose predicate depends positively on a head atom's (`negations_over_head`).
    fn any_accumulated<'a>(&self, rule: &Rule, mut lits: impl Iterator<Item = &'a Lit>) -> bool {
        lits.any(|l| match l {
            Lit::Atom(Sign::None, a) => self.shares_component(&self.accumulation_scc, rule, a),
            Lit::Atom(_, a) => self.negation_over_head(rule, a.pred),
            _ => false,
        })
    }

    /// Whether `(pred, h)` is in `negations_over_head` for a head atom `h` of `rule`.
    fn negation_over_head(&self, rule: &Rule, pred: Pred) -> bool {
        let Some(p) = self.store.find_pred(pred) else {
            return false;
        };
        rule.head.atoms().iter().any(|h| {
            let h = self.store.find_pred(h.pred);
            h.is_some_and(|h| self.negations_over_head.contains(&(p, h)))
        })
    }

    /// Whether the body atom `atom` of `rule` lies in the same component of `scc` as a head
    /// atom of `rule` and unifies with a head of the rule component being ground (`open_body`,
    /// when known): gringo's dependencies are by unification, so a rule deriving `p(4)` and
    /// `p(3)` does not feed a body atom `p(1)`, and with `r :- p(1).` the condition of
    /// `p(4) :- q : r.` is no recursion: its conjunction is decided (`p(4).`, seed 114545).
    fn shares_component(&self, scc: &[u32], rule: &Rule, atom: &AtomPat) -> bool {
        if self
            .open_body
            .as_ref()
            .is_some_and(|open| !open.contains(atom))
        {
            return false;
        }
        let pred = atom.pred;
        let scc_of = |p: Pred| {
            self.store
                .find_pred(p)
                .and_then(|i| scc.get(i as usize).copied())
        };
        let Some(scc) = scc_of(pred) else {
            return false;
        };
        rule.head
            .atoms()
            .iter()
            .any(|h| scc_of(h.pred) == Some(scc))
    }

    /// Whether `rule` depends positively on itself: an atom of a positive body literal, of a
    /// non-negated aggregate's elements or of a condition (in the body or the head) shares a
    /// positive dependency component with a head atom.
    pub(crate) fn rule_positively_recursive(&self, rule: &Rule) -> bool {
        let (mut atoms, mut negated) = (Vec::new(), false);
        rule.body
            .iter()
            .for_each(|l| positive_atoms(l, false, &mut atoms, &mut negated));
        for cond in rule.head.conditions() {
            cond.iter()
                .for_each(|l| positive_atoms(l, false, &mut atoms, &mut negated));
        }
        atoms.iter().any(|a| self.in_head_cycle(rule, a))
    }

    /// Whether a condition has a positive literal that is recursive in `rule`.
    pub(crate) fn condition_recursive(&self, rule: &Rule, cond: &[Lit]) -> bool {
        cond.iter().any(|l| match l {
            Lit::Atom(Sign::None, a) => self.in_head_cycle(rule, a),
            _ => false,
        })
    }

    /// A literal equivalent to `not not l`.
    pub(crate) fn not_not(&mut self, l: GLit) -> Result<GLit, Stop> {
        if l.positive {
            Ok(GLit::neg(self.not_aux(l.atom)?))
        } else {
            Ok(l)
        }
    }

    /// The rules `x | c_i :- not not l.` (positive `c_i`) and `x :- not not e, not not l.`
    /// (`c_i = not e`) that make the stand-in `x` of a recursive `l : c` mean `c → l`.
    pub(crate) fn implication_support(
        &mut self,
        x: AtomId,
        cond: &[GLit],
        l: &[GLit],
    ) -> Result<(), Stop> {
        let mut body = Vec::with_capacity(l.len());
        for &lit in l {
            body.push(self.not_not(lit)?);
        }
        for &c in cond {
            let (head, mut rule_body) = if c.positive {
                (vec![x, c.atom], body.clone())
            } else {
                (vec![x], vec![self.not_not(c.negate())?])
            };
            if !c.positive {
                rule_body.extend(body.iter().copied());
            }
            self.push_rule(GRule {
                choice: false,
                head,
                body: GBody::Normal(rule_body),
            })?;
        }
        Ok(())
    }

    /// A literal for `l → a`: `y` with `y :- not l.`, `y :- a.` and `y | l :- not not a.`;
    /// for `l = not e` it is `not not e` (enough inside the weight body of `a` itself).
    fn implication_lit(&mut self, l: GLit, a: GLit) -> Result<GLit, Stop> {
        if !l.positive {
            return self.not_not(l.negate());
        }
        let y = self.define_aux(vec![vec![l.negate()], vec![a]])?;
        let support = self.not_not(a)?;
        for (mut head, mut body) in self.head_clauses(l.atom)? {
            head.insert(0, y);
            body.push(support);
            self.push_rule(GRule {
                choice: false,
                head,
                body: GBody::Normal(body),
            })?;
        }
        Ok(GLit::pos(y))
    }

    /// `atom` written for a disjunctive head, as clauses `(head atoms, extra body)` whose
    /// conjunction it stands for. An auxiliary atom of a disjunction of conjunctions is
    /// replaced by its alternatives (choosing the auxiliary alone would make none of them
    /// true), multiplied out into clauses (one literal of each alternative; a literal `not e`
    /// goes into the body as `not not e`), which keeps positive cycles out of the heads; past
    /// [`MAX_CLAUSES`] each conjunction becomes one atom (see `conjunction_atom`) instead.
    fn head_clauses(&mut self, atom: AtomId) -> Result<Vec<HeadClause>, Stop> {
        let Some(alts) = self.aux_alternatives.get(&atom).cloned() else {
            return Ok(vec![(vec![atom], Vec::new())]);
        };
        let product = alts
            .iter()
            .try_fold(1usize, |n, alt| n.checked_mul(alt.len()));
        if product.is_none_or(|n| n > MAX_CLAUSES) {
            let mut head = Vec::new();
            for alt in &alts {
                head.push(self.conjunction_atom(alt)?);
            }
            return Ok(vec![(head, Vec::new())]);
        }
        let mut clauses: Vec<Vec<GLit>> = vec![Vec::new()];
        for alt in &alts {
            clauses = clauses
                .iter()
                .flat_map(|c| alt.iter().map(move |&l| [c.as_slice(), &[l]].concat()))
                .filter(|c| !c.iter().any(|l| c.contains(&l.negate())))
                .collect();
        }
        for clause in &mut clauses {
            clause.sort_unstable();
            clause.dedup();
        }
        // A clause containing another one says nothing more.
        let subsumed = |c: &Vec<GLit>, all: &[Vec<GLit>]| {
            all.iter()
                .any(|d| d.len() < c.len() && d.iter().all(|l| c.contains(l)))
        };
        let kept: Vec<Vec<GLit>> = clauses
            .iter()
            .filter(|c| !subsumed(c, &clauses))
            .cloned()
            .collect();
        let mut out = Vec::with_capacity(kept.len());
        for mut clause in kept {
            clause.dedup();
            let head = clause
                .iter()
                .filter(|l| l.positive)
                .map(|l| l.atom)
                .collect();
            let mut body = Vec::new();
            for l in clause.iter().filter(|l| !l.positive) {
                body.push(self.not_not(l.negate())?);
            }
            out.push((head, body));
        }
        Ok(out)
    }

    /// An atom `k` equivalent to the conjunction `lits` also where it is chosen in a
    /// disjunctive head: `k :- lits.`, `c :- k.` (positive `c`), `:- k, not not e.` (`not e`).
    fn conjunction_atom(&mut self, lits: &[GLit]) -> Result<AtomId, Stop> {
        let k = self.define_aux(vec![lits.to_vec()])?;
        self.conjunction_implied(k, lits)?;
        Ok(k)
    }

    /// The rules that make an atom `k` defined by `k :- lits.` imply the conjunction `lits`:
    /// `c :- k.` (positive `c`), `:- k, not not e.` (`c = not e`).
    fn conjunction_implied(&mut self, k: AtomId, lits: &[GLit]) -> Result<(), Stop> {
        for &c in lits {
            let (head, body) = if c.positive {
                (vec![c.atom], vec![GLit::pos(k)])
            } else {
                (Vec::new(), vec![GLit::pos(k), self.not_not(c.negate())?])
            };
            self.push_rule(GRule {
                choice: false,
                head,
                body: GBody::Normal(body),
            })?;
        }
        Ok(())
    }

    /// Makes the auxiliary atom of an element's condition (a disjunction of conjunctions, see
    /// `disj_lit`) imply its condition, so that it can stand in a disjunctive head itself, as
    /// gringo writes the elements of a non-monotone recursive aggregate: one conjunction is
    /// implied as in [`Grounder::conjunction_implied`]; several by `h_1 | .. | h_n :- aux.`,
    /// `h_i` an alternative's atom, its conjunction atom, or for `not e` the body literal
    /// `not not e`. The atom leaves `aux_alternatives`, so [`Grounder::head_clauses`] writes
    /// it as itself and the rules are made once.
    fn condition_implied(&mut self, aux: AtomId) -> Result<(), Stop> {
        let Some(alts) = self.aux_alternatives.remove(&aux) else {
            return Ok(());
        };
        if let [only] = alts.as_slice() {
            return self.conjunction_implied(aux, only);
        }
        let (mut head, mut body) = (Vec::with_capacity(alts.len()), vec![GLit::pos(aux)]);
        for alt in &alts {
            match alt.as_slice() {
                [l] if l.positive => head.push(l.atom),
                [l] => body.push(self.not_not(l.negate())?),
                _ => head.push(self.conjunction_atom(alt)?),
            }
        }
        self.push_rule(GRule {
            choice: false,
            head,
            body: GBody::Normal(body),
        })
    }
}

/// Recursive aggregates: their bounds as weight rules and implications (see the module doc).
impl Grounder<'_> {
    /// Whether an aggregate element's condition `cond` in `rule` is still being accumulated
    /// while the rule is grounded (see [`Grounder::any_accumulated`]).
    pub(crate) fn element_accumulated(&self, rule: &Rule, cond: &[Lit]) -> bool {
        self.any_accumulated(rule, cond.iter())
    }

    /// `Σ w·l >= k` for a recursive aggregate: negative weights become positive weights on
    /// implications (see the module doc).
    fn recursive_sum_ge(&mut self, elems: &[Weighted], k: i64) -> Result<Tri, Stop> {
        let merged = merge_literals(elems);
        let elems = merged.as_slice();
        if elems.iter().all(|(w, l)| l.is_none() || weight(w) >= 0) {
            return self.sum_ge(elems, k, SumForm::Gringo);
        }
        let open = match open_sum(elems, k) {
            Ok(open) => open,
            Err(decided) => return Ok(decided),
        };
        let aux = self.store.aux();
        self.weight_rule(aux, open)?;
        Ok(Tri::Lits(vec![GLit::pos(aux)]))
    }

    /// The rule `head :- need <= Σ w·l` over the uncertain elements of [`open_sum`], a
    /// negative weight `-w` on `l` as weight `w` on `y ≡ l → head`.
    fn weight_rule(&mut self, head: AtomId, open: (i64, Vec<(GLit, i64)>)) -> Result<(), Stop> {
        let (mut need, uncertain) = open;
        let mut body = Vec::with_capacity(uncertain.len());
        for (l, w) in uncertain {
            if w >= 0 {
                body.push((l, w));
            } else {
                body.push((self.implication_lit(l, GLit::pos(head))?, -w));
                need -= w;
            }
        }
        self.push_rule(GRule {
            choice: false,
            head: vec![head],
            body: GBody::Weight {
                lower: need,
                elems: body,
            },
        })
    }

    /// `Σ w·l != n` for a recursive aggregate, as gringo translates it: one atom `A` with a
    /// rule for `Σ >= n + 1` and one for `-Σ >= 1 - n`, negative weights on `y ≡ l → A` in
    /// both. (Not the disjunction of two separate atoms: `#sum{2:r} != 1` holds whatever `r`
    /// is, so `r` must not need itself through the `>` part.)
    fn recursive_sum_ne(&mut self, elems: &[Weighted], n: i64) -> Result<Tri, Stop> {
        let merged = merge_literals(elems);
        let negated = negate_weights(&merged);
        let mut open = Vec::with_capacity(2);
        for part in [open_sum(&merged, n + 1), open_sum(&negated, 1 - n)] {
            match part {
                Ok(part) => open.push(part),
                Err(Tri::False) => {}
                Err(decided) => return Ok(decided),
            }
        }
        if open.is_empty() {
            return Ok(Tri::False);
        }
        let aux = self.store.aux();
        for part in open {
            self.weight_rule(aux, part)?;
        }
        Ok(Tri::Lits(vec![GLit::pos(aux)]))
    }

    /// `Σ w·l <= k` for a recursive aggregate.
    fn recursive_sum_le(&mut self, elems: &[Weighted], k: i64) -> Result<Tri, Stop> {
        if elems.iter().all(|(w, l)| l.is_none() || weight(w) >= 0) {
            let t = self.sum_ge(elems, k + 1, SumForm::Gringo)?;
            return self.negate(t);
        }
        self.recursive_sum_ge(&negate_weights(elems), -k)
    }

    /// `value op b` for an aggregate that depends positively on its rule's head.
    pub(crate) fn recursive_bound_tri(
        &mut self,
        function: AggregateFunction,
        elems: &[Weighted],
        op: CompareOp,
        b: Val,
    ) -> Result<Tri, Stop> {
        use CompareOp::*;
        if matches!(function, AggregateFunction::Min | AggregateFunction::Max) {
            let max = function == AggregateFunction::Max;
            if op == Ne {
                return self.recursive_extreme_ne(max, elems, b);
            }
            return self.gringo_extreme_tri(max, elems, op, b);
        }
        let Val::Num(n) = b else {
            return self.sum_tri(elems, op, b, SumForm::Gringo);
        };
        let n = i64::from(n);
        if nonmonotone_sum(elems, op, n) {
            for (_, l) in elems {
                if let Some(l) = l.filter(|l| l.positive) {
                    self.condition_implied(l.atom)?;
                }
            }
        }
        match op {
            Ge => self.recursive_sum_ge(elems, n),
            Gt => self.recursive_sum_ge(elems, n + 1),
            Le => self.recursive_sum_le(elems, n),
            Lt => self.recursive_sum_le(elems, n - 1),
            Eq => {
                let ge = self.recursive_sum_ge(elems, n)?;
                let le = self.recursive_sum_le(elems, n)?;
                Ok(crate::instantiate::aggregate::conj(ge, le))
            }
            Ne => self.recursive_sum_ne(elems, n),
        }
    }

    /// `#max != b` (`max`) or `#min != b` for a recursive aggregate: each element of weight `b`
    /// implies one of weight beyond `b` (`e → D` as in `implication_lit`); with `b` the value
    /// of the empty set (`#inf`/`#sup`), some element holds.
    fn recursive_extreme_ne(&mut self, max: bool, elems: &[Weighted], b: Val) -> Result<Tri, Stop> {
        let (empty, beyond) = if max {
            (Val::Inf, CompareOp::Gt)
        } else {
            (Val::Sup, CompareOp::Lt)
        };
        if b == empty {
            return self.exists(elems, CompareOp::Ne, b);
        }
        let implied = self.exists(elems, beyond, b)?;
        let mut all = Tri::True;
        for &(w, l) in elems {
            if w != b {
                continue;
            }
            let part = match (l, implied.clone()) {
                (_, Tri::True) => Tri::True,
                (None, d) => d,
                (Some(e), Tri::False) => Tri::Lits(vec![e.negate()]),
                (Some(e), Tri::Lits(d)) if !e.positive => {
                    let not_not_e = self.not_not(e.negate())?;
                    Tri::Lits(vec![self.disj_lit(vec![vec![not_not_e], d])?])
                }
                (Some(e), Tri::Lits(d)) => {
                    let d = self.disj_lit(vec![d])?;
                    Tri::Lits(vec![self.implication_lit(e, d)?])
                }
            };
            all = crate::instantiate::aggregate::conj(all, part);
        }
        Ok(all)
    }
}
