//! Instantiation: the join loop, semi-naive evaluation of components, and rule heads.
//!
//! Components of the predicate dependency graph are grounded in topological order. Inside a
//! component, rounds repeat until no new atom enters a domain of the component: in round `r`
//! a rule with positive body literals over the component is joined once per such literal `i`,
//! with literal `i` ranging over the atoms new in the last round (the *delta*), the recursive
//! literals before it over the older atoms and those after it over all atoms known at the
//! round's start (semi-naive evaluation: each combination of body atoms is joined once).
//! Rules whose aggregates, conditional literals or head conditions range over the component
//! are *deferred*: during the rounds they only add (an over-approximation of) their head atoms
//! to the domains, and once the component is complete they are joined again to emit their
//! ground rules with complete element sets.
//!
//! A join is an explicit stack of frames (no recursion on body length), one per literal of the
//! plan (see `safety::plan`); each frame owns a slice of one candidate stack (its literal's
//! candidates, pushed when the frame is entered and popped with it). The stacks live in a
//! [`JoinScratch`] that the grounder reuses, so the join loop does not allocate. Facts are
//! dropped from ground bodies as they are met; a negative literal over a complete predicate is
//! decided (true when its atom is not derivable, false for a fact). A disjunctive head element
//! `a : c` whose condition is not certain is replaced by a stand-in atom `h` with
//! `h :- a, c.`, `a :- h, c.` and `:- h, not c.` (clingo's translation).
//!
//! # Invariants
//! - The binding and the collected ground literals are restored on backtracking (trail and
//!   length marks per frame); a frame's candidates are the top of the candidate stack.
//! - A ground rule is emitted only in `Mode::Emit`.

pub(crate) mod aggregate;
pub(crate) mod components;
pub(crate) mod domain;
pub(crate) mod recursion;
pub(crate) mod satisfiable;
pub(crate) mod simplify;

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{CompareOp, Sign, Span};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::domain::{AtomId, Store};
use crate::normalize::print::Printer;
use crate::normalize::rules::{AtomPat, Head, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::{eval, match_term, Binding, Undefined, T};
use crate::term::intern::{Interner, Val};

/// A literal of a ground rule body.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct GLit {
    /// The atom.
    pub atom: AtomId,
    /// `false` for default negation.
    pub positive: bool,
}

impl GLit {
    /// The positive literal of `atom`.
    pub fn pos(atom: AtomId) -> GLit {
        GLit {
            atom,
            positive: true,
        }
    }
    /// `not atom`.
    pub fn neg(atom: AtomId) -> GLit {
        GLit {
            atom,
            positive: false,
        }
    }
    /// The complementary literal.
    pub fn negate(self) -> GLit {
        GLit {
            atom: self.atom,
            positive: !self.positive,
        }
    }
}

/// A ground rule body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum GBody {
    /// A conjunction.
    Normal(Vec<GLit>),
    /// `lower <= #sum{ weights of true literals }`.
    Weight {
        /// The bound.
        lower: i64,
        /// Weighted literals.
        elems: Vec<(GLit, i64)>,
    },
}

/// A ground rule of the grounder.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct GRule {
    /// A choice rule (else a disjunction; empty head: a constraint).
    pub choice: bool,
    /// Head atoms.
    pub head: Vec<AtomId>,
    /// The body.
    pub body: GBody,
}

/// Why grounding stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A size limit was exceeded.
    Limit(String),
    /// The interrupt handle was set.
    Interrupted,
}

/// Whether a join emits ground rules or only collects head atoms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Emit ground rules.
    Emit,
    /// Only add head atoms to domains (aggregates count as possibly true).
    Domain,
}

/// What grounding produced besides rules.
#[derive(Default, Debug)]
pub(crate) struct Extras {
    /// `#show t : body.` instances.
    pub shows: Vec<(Val, Vec<GLit>)>,
    /// Weak constraint instances keyed by (priority, weight, terms) in first-seen order.
    pub weak_order: Vec<(i32, i64, Vec<Val>)>,
    /// The bodies of each weak constraint instance.
    pub weak: FxHashMap<(i32, i64, Vec<Val>), Vec<Vec<GLit>>>,
    /// `#external` atoms with their value (a constant: true, false, free, release).
    pub externals: Vec<(AtomId, Val)>,
    /// `#project a : body.` atoms.
    pub projects: Vec<AtomId>,
}

/// One candidate for a join frame.
#[derive(Copy, Clone, Debug)]
enum Cand {
    /// A domain atom to match.
    Atom(AtomId),
    /// Match the unbound side of a comparison with a value.
    Match(Val),
    /// Bind a variable (ranges, aggregate assignments) and add the literals
    /// `cand_lits[start..end]` of the join's [`JoinScratch`].
    Assign(Option<(u32, Val)>, u32, u32),
}

/// A join frame: the candidates `cands[start..end]` of plan step `step` (in the join's
/// [`JoinScratch`]), `next` the one to try next, and the lengths to restore before each try.
struct Frame {
    /// The plan step.
    step: usize,
    /// First candidate.
    start: usize,
    /// Next candidate to try.
    next: usize,
    /// End of the candidates.
    end: usize,
    /// Length of `cand_lits` before this frame's candidates.
    lits_mark: usize,
    /// Length of the trail when the frame was entered.
    trail: usize,
    /// Length of the collected ground literals when the frame was entered.
    glits: usize,
}

/// The buffers of one join, kept by the grounder and reused by later joins so the join loop
/// does not allocate. Every buffer is empty between joins; a nested join (an aggregate's
/// elements, a condition) takes another one.
#[derive(Default)]
pub(crate) struct JoinScratch {
    /// Variables bound so far, in binding order.
    trail: Vec<u32>,
    /// Ground body literals collected so far.
    glits: Vec<GLit>,
    /// The frames, one per plan step entered.
    frames: Vec<Frame>,
    /// The candidates of all frames, the innermost frame's last.
    cands: Vec<Cand>,
    /// The literals of `Cand::Assign` candidates.
    cand_lits: Vec<GLit>,
    /// The bound arguments of an atom being looked up.
    key: Vec<Val>,
}

impl JoinScratch {
    /// Adds a candidate that binds `bind` and adds `lits`.
    fn push_assign(&mut self, bind: Option<(u32, Val)>, lits: &[GLit]) {
        let start = self.cand_lits.len() as u32;
        self.cand_lits.extend_from_slice(lits);
        let end = self.cand_lits.len() as u32;
        self.cands.push(Cand::Assign(bind, start, end));
    }

    /// Empties every buffer.
    fn clear(&mut self) {
        self.trail.clear();
        self.glits.clear();
        self.frames.clear();
        self.cands.clear();
        self.cand_lits.clear();
        self.key.clear();
    }
}

/// Unbinds the variables of `trail` from position `mark` on.
fn unbind_to(binding: &mut Binding, trail: &mut Vec<u32>, mark: usize) {
    for v in trail.drain(mark.min(trail.len())..) {
        if let Some(slot) = binding.get_mut(v as usize) {
            *slot = None;
        }
    }
}

/// Limits on the grounder's work.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    /// Ground atoms plus ground rules allowed.
    pub max_size: u64,
    /// The interrupt handle.
    pub interrupt: Option<solver_core::Interrupt>,
    /// Work done (for interrupt checks).
    pub ticks: u64,
}

/// The instantiation state.
pub(crate) struct Grounder<'a> {
    /// The term table.
    pub table: &'a mut Interner,
    /// Atoms and domains.
    pub store: Store,
    /// Ground rules emitted so far.
    pub rules: Vec<GRule>,
    /// Shows, weak constraints, externals, projections.
    pub extras: Extras,
    /// Info messages.
    pub infos: Vec<Diagnostic>,
    /// Spans already reported as undefined.
    undefined_seen: FxHashSet<Span>,
    /// `not not a` helpers: atom → aux atom defined by `aux :- not a.`
    not_aux: FxHashMap<AtomId, AtomId>,
    /// The plain facts (`p(1).`), grounded before any rule: a disjunction instance with one of
    /// them as an unconditional head atom is dropped, its other atoms stay out of the domain.
    pub plain_facts: FxHashSet<AtomId>,
    /// Per rule (by index), for disjunctions: the predicates (sorted) whose facts are known when
    /// clingo grounds the rule, those its body depends on directly or through other rules.
    pub fact_scopes: Vec<Vec<u32>>,
    /// The index of the rule being grounded, if it is one of the program's rules.
    pub current_rule: Option<usize>,
    /// Limits.
    pub budget: Budget,
    /// The component of each predicate in the positive dependency graph (see `recursion`).
    pub positive_scc: Vec<u32>,
    /// Join buffers not in use (see [`JoinScratch`]).
    scratch: Vec<JoinScratch>,
    /// The argument values of an atom being grounded (empty between uses).
    args_buf: Vec<Val>,
    /// The alternatives (conjunctions) of each auxiliary atom made for a disjunction.
    pub aux_alternatives: FxHashMap<AtomId, Vec<Vec<GLit>>>,
    /// An auxiliary atom defined by `aux :- .`: true, but no fact while grounding.
    true_aux: Option<AtomId>,
}

/// A ground head element: its atom, its tuple and the literals of its condition.
pub(crate) type HeadInstance = (AtomId, Vec<Val>, Vec<GLit>);

/// Which positions of the body get which member range `[lo, hi)` (semi-naive).
pub(crate) type Ranges = Vec<(u32, u32)>;

/// The callback for each solution of a join.
pub(crate) type Found<'f, 'g> =
    dyn FnMut(&mut Grounder<'g>, &mut Binding, &[GLit]) -> Result<(), Stop> + 'f;

/// What to join: literals, their order, semi-naive ranges and the mode.
#[derive(Copy, Clone)]
pub(crate) struct JoinPlan<'p> {
    /// The literals.
    pub lits: &'p [Lit],
    /// The order to join them in (indexes into `lits`).
    pub order: &'p [usize],
    /// Member ranges of positive literals (all members when `None`).
    pub ranges: Option<&'p Ranges>,
    /// Emit rules or only collect head atoms.
    pub mode: Mode,
}

impl<'a> Grounder<'a> {
    /// A grounder over `table`.
    pub fn new(table: &'a mut Interner, budget: Budget) -> Grounder<'a> {
        Grounder {
            table,
            store: Store::default(),
            rules: Vec::new(),
            extras: Extras::default(),
            infos: Vec::new(),
            undefined_seen: FxHashSet::default(),
            not_aux: FxHashMap::default(),
            plain_facts: FxHashSet::default(),
            fact_scopes: Vec::new(),
            current_rule: None,
            budget,
            positive_scc: Vec::new(),
            scratch: Vec::new(),
            args_buf: Vec::new(),
            aux_alternatives: FxHashMap::default(),
            true_aux: None,
        }
    }

    /// The atom that is true but not a fact while grounding (`aux :- .`), made once.
    pub(crate) fn true_aux(&mut self) -> Result<AtomId, Stop> {
        if let Some(aux) = self.true_aux {
            return Ok(aux);
        }
        let aux = self.define_aux(vec![Vec::new()])?;
        self.true_aux = Some(aux);
        Ok(aux)
    }

    /// Marks spans whose `operation undefined` info was already given (while rewriting).
    pub fn already_reported(&mut self, spans: impl IntoIterator<Item = Span>) {
        self.undefined_seen.extend(spans);
    }

    /// Counts work; stops on the interrupt or when the size limit is passed.
    pub fn tick(&mut self) -> Result<(), Stop> {
        self.budget.ticks += 1;
        if self.budget.ticks.is_multiple_of(1024) {
            if self.budget.interrupt.as_ref().is_some_and(|i| i.is_set()) {
                return Err(Stop::Interrupted);
            }
            let size = self.store.atoms.len() as u64 + self.rules.len() as u64;
            if size > self.budget.max_size {
                return Err(Stop::Limit(format!(
                    "grounding limit exceeded: more than {} ground atoms and rules",
                    self.budget.max_size
                )));
            }
        }
        Ok(())
    }

    /// Adds a ground rule.
    pub fn push_rule(&mut self, rule: GRule) -> Result<(), Stop> {
        self.rules.push(rule);
        self.tick()
    }

    /// A fresh auxiliary atom defined by one rule per body in `bodies`.
    pub fn define_aux(&mut self, bodies: Vec<Vec<GLit>>) -> Result<AtomId, Stop> {
        let aux = self.store.aux();
        for body in bodies {
            self.push_rule(GRule {
                choice: false,
                head: vec![aux],
                body: GBody::Normal(body),
            })?;
        }
        Ok(aux)
    }

    /// Reports `operation undefined` for the innermost undefined arithmetic of `terms`.
    pub fn undefined(&mut self, rule: &Rule, terms: &[&T], binding: &Binding) {
        for t in terms {
            if let Some(bad) = self.find_undefined(t, binding) {
                let Some(span) = rule.arith_spans.get(bad).cloned() else {
                    continue;
                };
                if !self.undefined_seen.insert(span.clone()) {
                    return;
                }
                let mut text = String::new();
                Printer {
                    table: self.table,
                    names: &rule.var_names,
                }
                .term(bad, &mut text);
                self.infos.push(Diagnostic {
                    severity: Severity::Info,
                    span: Some(span),
                    message: "operation undefined:".into(),
                    notes: vec![Note { span: None, text }],
                });
                return;
            }
        }
    }

    fn find_undefined<'t>(&mut self, t: &'t T, binding: &Binding) -> Option<&'t T> {
        if eval(self.table, t, binding).is_ok() {
            return None;
        }
        let inner = match t {
            T::Fun(_, _, args) => args.iter().find_map(|a| self.find_undefined(a, binding)),
            T::Unary(_, a) => self.find_undefined(a, binding),
            T::Binary(_, a, b) => self
                .find_undefined(a, binding)
                .or_else(|| self.find_undefined(b, binding)),
            _ => None,
        };
        inner.or(Some(t))
    }

    /// Evaluates a term, reporting undefined operations.
    pub fn eval_term(&mut self, rule: &Rule, t: &T, binding: &Binding) -> Option<Val> {
        match eval(self.table, t, binding) {
            Ok(v) => Some(v),
            Err(Undefined) => {
                self.undefined(rule, &[t], binding);
                None
            }
        }
    }

    /// The ground atom of a pattern under `binding`.
    pub fn ground_atom(&mut self, rule: &Rule, a: &AtomPat, binding: &Binding) -> Option<AtomId> {
        let mut args = std::mem::take(&mut self.args_buf);
        args.clear();
        for t in &a.args {
            match self.eval_term(rule, t, binding) {
                Some(v) => args.push(v),
                None => break,
            }
        }
        let atom = (args.len() == a.args.len()).then(|| {
            let val = self.table.fun(a.pred.name, a.pred.negative, &args);
            let pred = self.store.pred(a.pred);
            self.store.atom(val, pred)
        });
        args.clear();
        self.args_buf = args;
        atom
    }

    /// The bound variables of a binding.
    pub fn bound_set(binding: &Binding) -> safety::Bound {
        binding
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_some())
            .map(|(i, _)| i as u32)
            .collect()
    }

    /// Joins `lits` (in the order `order`) starting from `binding`, calling `found` for each
    /// solution with the ground literals collected. `ranges[i]` restricts positive literal `i`.
    pub fn join(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        binding: &mut Binding,
        found: &mut Found<'_, 'a>,
    ) -> Result<(), Stop> {
        if plan.order.is_empty() {
            return found(self, binding, &[]);
        }
        let mut scratch = self.scratch.pop().unwrap_or_default();
        let result = self.run_join(rule, plan, binding, found, &mut scratch);
        unbind_to(binding, &mut scratch.trail, 0);
        scratch.clear();
        self.scratch.push(scratch);
        result
    }

    /// The join loop: try each frame's candidates in turn, entering the next plan step after
    /// each one that matches and reporting a solution after the last step.
    fn run_join(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        binding: &mut Binding,
        found: &mut Found<'_, 'a>,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        self.push_frame(rule, plan, 0, binding, s)?;
        while let Some(frame) = s.frames.last_mut() {
            unbind_to(binding, &mut s.trail, frame.trail);
            s.glits.truncate(frame.glits);
            let Some(&cand) = s.cands.get(frame.next).filter(|_| frame.next < frame.end) else {
                s.cands.truncate(frame.start);
                s.cand_lits.truncate(frame.lits_mark);
                s.frames.pop();
                continue;
            };
            frame.next += 1;
            let step = frame.step;
            self.tick()?;
            let lit = plan.order.get(step).and_then(|&i| plan.lits.get(i));
            if !self.apply(lit, cand, binding, s) {
                continue;
            }
            if step + 1 == plan.order.len() {
                found(self, binding, &s.glits)?;
                continue;
            }
            self.push_frame(rule, plan, step + 1, binding, s)?;
        }
        Ok(())
    }

    /// Enters plan step `step`: computes its candidates and pushes its frame.
    fn push_frame(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        step: usize,
        binding: &mut Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let (start, lits_mark) = (s.cands.len(), s.cand_lits.len());
        self.candidates(rule, plan, step, binding, s)?;
        s.frames.push(Frame {
            step,
            start,
            next: start,
            end: s.cands.len(),
            lits_mark,
            trail: s.trail.len(),
            glits: s.glits.len(),
        });
        Ok(())
    }

    /// Applies one candidate; `false` when it does not match.
    fn apply(
        &mut self,
        lit: Option<&Lit>,
        cand: Cand,
        binding: &mut Binding,
        s: &mut JoinScratch,
    ) -> bool {
        let JoinScratch {
            trail,
            glits,
            cand_lits,
            ..
        } = s;
        match (cand, lit) {
            (Cand::Atom(a), Some(Lit::Atom(_, pat))) => {
                self.apply_atom(a, pat, binding, trail, glits)
            }
            (Cand::Match(v), Some(Lit::Cmp(_, l, r))) => {
                let side = if l.is_bound(binding) { r } else { l };
                match_term(self.table, side, v, binding, trail) == Ok(true)
            }
            (Cand::Assign(bind, start, end), _) => {
                if let Some((var, v)) = bind {
                    match binding.get_mut(var as usize) {
                        Some(slot @ None) => {
                            *slot = Some(v);
                            trail.push(var);
                        }
                        Some(Some(w)) if *w == v => {}
                        _ => return false,
                    }
                }
                glits.extend_from_slice(cand_lits.get(start as usize..end as usize).unwrap_or(&[]));
                true
            }
            _ => false,
        }
    }

    /// Matches the pattern of a positive literal with domain atom `a`.
    fn apply_atom(
        &mut self,
        a: AtomId,
        pat: &AtomPat,
        binding: &mut Binding,
        trail: &mut Vec<u32>,
        glits: &mut Vec<GLit>,
    ) -> bool {
        let Some(val) = self.store.info(a).and_then(|i| i.val) else {
            return false;
        };
        if self.table.as_fun(val).is_none() {
            return false;
        }
        for (i, t) in pat.args.iter().enumerate() {
            // Fetched per argument: matching may intern terms (bound arithmetic).
            let arg = self.table.as_fun(val).and_then(|f| f.args.get(i).copied());
            let Some(v) = arg else { return false };
            if match_term(self.table, t, v, binding, trail) != Ok(true) {
                return false;
            }
        }
        if !self.store.is_fact(a) {
            glits.push(GLit::pos(a));
        }
        true
    }

    /// Pushes the candidates of plan step `step` onto `s.cands`.
    fn candidates(
        &mut self,
        rule: &Rule,
        plan: JoinPlan,
        step: usize,
        binding: &mut Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let Some(&index) = plan.order.get(step) else {
            return Ok(());
        };
        let Some(lit) = plan.lits.get(index) else {
            return Ok(());
        };
        match lit {
            Lit::Bool(b) => {
                if *b {
                    s.push_assign(None, &[]);
                }
            }
            Lit::Atom(Sign::None, pat) => {
                let range = plan.ranges.and_then(|r| r.get(index)).copied();
                self.atom_candidates(rule, pat, range.unwrap_or((0, u32::MAX)), binding, s);
            }
            Lit::Atom(sign, pat) => self.negative_candidates(rule, *sign, pat, binding, s)?,
            Lit::Cmp(op, l, r) => self.compare_candidates(rule, *op, l, r, binding, s),
            Lit::Range(v, lo, hi) => self.range_candidates(rule, *v, lo, hi, binding, s)?,
            Lit::Agg(agg) => {
                for (bind, lits) in self.body_aggregate(rule, agg, binding, plan.mode)? {
                    s.push_assign(bind, &lits);
                }
            }
            Lit::Cond(c) => {
                if let Some(lits) = self.conditional(rule, c, binding, plan.mode)? {
                    s.push_assign(None, &lits);
                }
            }
        }
        Ok(())
    }

    /// The domain atoms in `range` that agree with the bound arguments of `pat`.
    fn atom_candidates(
        &mut self,
        rule: &Rule,
        pat: &AtomPat,
        range: (u32, u32),
        binding: &Binding,
        s: &mut JoinScratch,
    ) {
        let pred = self.store.pred(pat.pred);
        let mut mask = 0u64;
        let mut all_bound = true;
        s.key.clear();
        for (i, t) in pat.args.iter().enumerate() {
            if i < 64 && t.is_bound(binding) {
                match self.eval_term(rule, t, binding) {
                    Some(v) => s.key.push(v),
                    None => return,
                }
                mask |= 1 << i;
            } else {
                all_bound = false;
            }
        }
        if all_bound && !pat.args.is_empty() {
            let found = self.store.find_bound(self.table, &pat.pred, &s.key, range);
            s.cands.extend(found.map(Cand::Atom));
            return;
        }
        let JoinScratch { key, cands, .. } = s;
        self.store
            .lookup(self.table, pred, mask, key, range, cands, Cand::Atom);
    }

    /// A negated literal: decided when its predicate is complete (or the atom is a fact),
    /// else the literal itself (`not not a` through an auxiliary atom).
    fn negative_candidates(
        &mut self,
        rule: &Rule,
        sign: Sign,
        pat: &AtomPat,
        binding: &Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let Some(atom) = self.ground_atom(rule, pat, binding) else {
            return Ok(());
        };
        let complete = self
            .store
            .info(atom)
            .and_then(|i| self.store.preds.get(i.pred as usize))
            .is_some_and(|d| d.complete);
        let fact = self.store.is_fact(atom);
        let derivable = self.store.info(atom).is_some_and(|i| i.in_domain);
        match sign {
            Sign::Not if fact => {}
            Sign::Not if complete && !derivable => s.push_assign(None, &[]),
            Sign::Not => s.push_assign(None, &[GLit::neg(atom)]),
            _ if fact => s.push_assign(None, &[]),
            _ if complete && !derivable => {}
            _ => {
                let aux = self.not_aux(atom)?;
                s.push_assign(None, &[GLit::neg(aux)]);
            }
        }
        Ok(())
    }

    /// The auxiliary atom `aux :- not atom.` (so `not aux` is `not not atom`).
    pub(crate) fn not_aux(&mut self, atom: AtomId) -> Result<AtomId, Stop> {
        if let Some(&aux) = self.not_aux.get(&atom) {
            return Ok(aux);
        }
        let aux = self.define_aux(vec![vec![GLit::neg(atom)]])?;
        self.not_aux.insert(atom, aux);
        Ok(aux)
    }

    /// A comparison: checked when both sides are bound, else the value the unbound side
    /// must match.
    fn compare_candidates(
        &mut self,
        rule: &Rule,
        op: CompareOp,
        l: &T,
        r: &T,
        binding: &Binding,
        s: &mut JoinScratch,
    ) {
        let (lb, rb) = (l.is_bound(binding), r.is_bound(binding));
        if lb && rb {
            let (Some(x), Some(y)) = (
                self.eval_term(rule, l, binding),
                self.eval_term(rule, r, binding),
            ) else {
                return;
            };
            if compare(self.table, op, x, y) {
                s.push_assign(None, &[]);
            }
            return;
        }
        let free_side = if lb { r } else { l };
        if op == CompareOp::Eq && (!(lb || rb) || !free_side.is_matchable(binding)) {
            if let Some(Some(bind)) = crate::term::eval::solve_linear(l, r, binding) {
                s.push_assign(Some(bind), &[]);
            }
            return;
        }
        let bound_side = if lb { l } else { r };
        if let Some(v) = self.eval_term(rule, bound_side, binding) {
            s.cands.push(Cand::Match(v));
        }
    }

    /// An interval `var = lo..hi`: checked when `var` is bound, else one candidate per value.
    fn range_candidates(
        &mut self,
        rule: &Rule,
        var: u32,
        lo: &T,
        hi: &T,
        binding: &Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let (Some(a), Some(b)) = (
            self.eval_term(rule, lo, binding),
            self.eval_term(rule, hi, binding),
        ) else {
            return Ok(());
        };
        let (Val::Num(a), Val::Num(b)) = (a, b) else {
            return Ok(());
        };
        if let Some(Some(v)) = binding.get(var as usize) {
            if matches!(v, Val::Num(n) if a <= *n && *n <= b) {
                s.push_assign(None, &[]);
            }
            return Ok(());
        }
        let count = (i64::from(b) - i64::from(a) + 1).max(0) as u64;
        if count > self.budget.max_size {
            return Err(Stop::Limit(format!(
                "grounding limit exceeded: interval {a}..{b} is too large"
            )));
        }
        for n in a..=b {
            s.push_assign(Some((var, Val::Num(n))), &[]);
        }
        Ok(())
    }

    /// Handles one solution of a rule body.
    pub fn on_match(
        &mut self,
        rule: &Rule,
        mode: Mode,
        binding: &mut Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        match &rule.head {
            Head::Disj(elems) => self.disjunction(rule, elems, mode, binding, glits),
            Head::Choice { elems, bounds } => {
                self.head_aggregate(rule, None, elems, bounds, mode, binding, glits)
            }
            Head::Agg {
                function,
                elems,
                bounds,
                ..
            } => self.head_aggregate(rule, Some(*function), elems, bounds, mode, binding, glits),
            Head::External(a, value) => {
                let Some(atom) = self.ground_atom(rule, a, binding) else {
                    return Ok(());
                };
                self.store.add_to_domain(self.table, atom);
                if mode == Mode::Emit {
                    let v = self.eval_term(rule, value, binding).unwrap_or(Val::Num(0));
                    self.extras.externals.push((atom, v));
                }
                Ok(())
            }
            _ if mode == Mode::Domain => Ok(()),
            Head::Weak {
                weight,
                priority,
                terms,
            } => self.weak(rule, weight, priority, terms, binding, glits),
            Head::Show(t) => {
                if let Some(v) = self.eval_term(rule, t, binding) {
                    self.extras.shows.push((v, glits.to_vec()));
                }
                Ok(())
            }
            Head::Project(a) => {
                if let Some(atom) = self.ground_atom(rule, a, binding) {
                    self.extras.projects.push(atom);
                }
                Ok(())
            }
        }
    }

    fn weak(
        &mut self,
        rule: &Rule,
        weight: &T,
        priority: &T,
        terms: &[T],
        binding: &Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        let (Some(w), Some(p)) = (
            self.eval_term(rule, weight, binding),
            self.eval_term(rule, priority, binding),
        ) else {
            return Ok(());
        };
        let (Val::Num(w), Val::Num(p)) = (w, p) else {
            return Ok(());
        };
        let mut tuple = Vec::with_capacity(terms.len());
        for t in terms {
            match self.eval_term(rule, t, binding) {
                Some(v) => tuple.push(v),
                None => return Ok(()),
            }
        }
        let key = (p, i64::from(w), tuple);
        if !self.extras.weak.contains_key(&key) {
            self.extras.weak_order.push(key.clone());
        }
        self.extras
            .weak
            .entry(key)
            .or_default()
            .push(glits.to_vec());
        self.tick()
    }

    fn disjunction(
        &mut self,
        rule: &Rule,
        elems: &[crate::normalize::rules::HeadElem],
        mode: Mode,
        binding: &mut Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        if let [e] = elems {
            if e.cond.is_empty() && e.terms.is_empty() {
                return self.single_head(rule, &e.atom, mode, binding, glits);
            }
        }
        let mut head = Vec::new();
        let body = glits.to_vec();
        // Each atom with the conditions it occurs under (none: unconditional).
        let mut conds: Vec<(AtomId, Option<Vec<Vec<GLit>>>)> = Vec::new();
        for e in elems {
            if elems.len() > 1 && self.is_known_fact(rule, e, binding) {
                // clingo drops the instance here; the atoms before stay in the domain.
                return Ok(());
            }
            let atoms = self.head_element_atoms(rule, e, binding, mode, true)?;
            if atoms.is_empty() && e.cond.is_empty() {
                // The head atom is undefined (e.g. `p(1/0)`): the instance is dropped.
                return Ok(());
            }
            for (atom, _, cond) in atoms {
                add_head_condition(&mut conds, atom, cond);
            }
        }
        if mode == Mode::Domain {
            return Ok(());
        }
        subsume_conditions(&mut conds);
        for (atom, cond) in conds {
            match cond {
                None => head.push(atom),
                Some(bodies) => {
                    let c = self.condition_disjunction(bodies)?;
                    head.push(self.conditional_head_atom(atom, c)?);
                }
            }
        }
        // gringo derives no fact from a disjunction or a conditional head (`p(1) ; p(1).` and
        // `p(X) : q(X).` stay rules), so `not p(1)` stays undecided there as in clingo.
        if let [atom] = head.as_slice() {
            if !body.is_empty() && self.store.is_fact(*atom) {
                return Ok(());
            }
        }
        head.sort_unstable();
        head.dedup();
        self.push_rule(GRule {
            choice: false,
            head,
            body: GBody::Normal(body),
        })
    }

    /// Whether the head element `e` is unconditional and its atom a fact clingo knows when it
    /// grounds the rule: a plain fact, or one over a predicate the body depends on. clingo
    /// drops a disjunction instance at the first such element, so the atoms after it are not
    /// derived by it.
    fn is_known_fact(
        &mut self,
        rule: &Rule,
        e: &crate::normalize::rules::HeadElem,
        binding: &Binding,
    ) -> bool {
        if !e.cond.is_empty() {
            return false;
        }
        let Some(atom) = self.ground_atom(rule, &e.atom, binding) else {
            return false;
        };
        let scope = self
            .current_rule
            .and_then(|i| self.fact_scopes.get(i))
            .map_or(&[][..], Vec::as_slice);
        self.plain_facts.contains(&atom)
            || (self.store.is_fact(atom)
                && self
                    .store
                    .info(atom)
                    .is_some_and(|i| scope.binary_search(&i.pred).is_ok()))
    }

    /// The common rule `atom :- body.` (one unconditional head atom): what `disjunction` does
    /// for it, without its bookkeeping.
    fn single_head(
        &mut self,
        rule: &Rule,
        atom: &AtomPat,
        mode: Mode,
        binding: &Binding,
        glits: &[GLit],
    ) -> Result<(), Stop> {
        let Some(atom) = self.ground_atom(rule, atom, binding) else {
            // The head atom is undefined (e.g. `p(1/0)`): the instance is dropped.
            return Ok(());
        };
        self.store.add_to_domain(self.table, atom);
        if mode == Mode::Domain {
            return Ok(());
        }
        if glits.is_empty() {
            self.store.set_fact(self.table, atom);
            return self.tick();
        }
        if self.store.is_fact(atom) {
            return Ok(());
        }
        self.push_rule(GRule {
            choice: false,
            head: vec![atom],
            body: GBody::Normal(glits.to_vec()),
        })
    }

    /// The literals of a condition that holds when one of `bodies` does: the only body
    /// itself, else an auxiliary atom with a rule per body.
    fn condition_disjunction(&mut self, mut bodies: Vec<Vec<GLit>>) -> Result<Vec<GLit>, Stop> {
        if bodies.len() == 1 {
            return Ok(bodies.pop().unwrap_or_default());
        }
        let c = self.store.aux();
        for b in bodies {
            self.push_rule(GRule {
                choice: false,
                head: vec![c],
                body: GBody::Normal(b),
            })?;
        }
        Ok(vec![GLit::pos(c)])
    }

    /// A stand-in `h` for the head element `atom : cond` with an uncertain condition, as
    /// clingo translates it: `h` holds exactly when `atom` and the condition do
    /// (`h :- atom, cond.`, `atom :- h, cond.` and `:- h, not c.` for each condition literal
    /// `c`), so the disjunction is satisfied by an element whose atom is derived elsewhere and
    /// no model differs only in stand-ins. The second rule is left out when `atom` occurs in
    /// the condition (a rule with its head in its positive body is void).
    fn conditional_head_atom(&mut self, atom: AtomId, cond: Vec<GLit>) -> Result<AtomId, Stop> {
        let h = self.store.aux();
        let mut support = Vec::with_capacity(cond.len() + 1);
        support.push(GLit::pos(atom));
        support.extend(cond.iter().copied());
        self.push_rule(GRule {
            choice: false,
            head: vec![h],
            body: GBody::Normal(support.clone()),
        })?;
        // `atom :- h, cond.` says nothing when `atom` is part of its own condition (and would
        // put `atom` and `h` on a positive cycle).
        if !cond.contains(&GLit::pos(atom)) {
            support[0] = GLit::pos(h);
            self.push_rule(GRule {
                choice: false,
                head: vec![atom],
                body: GBody::Normal(support),
            })?;
        }
        for c in cond {
            self.push_rule(GRule {
                choice: false,
                head: Vec::new(),
                body: GBody::Normal(vec![GLit::pos(h), c.negate()]),
            })?;
        }
        Ok(h)
    }

    /// The ground atoms of a head element with its tuple and condition literals; each atom is
    /// added to its domain when `define` is set.
    pub fn head_element_atoms(
        &mut self,
        rule: &Rule,
        e: &crate::normalize::rules::HeadElem,
        binding: &mut Binding,
        mode: Mode,
        define: bool,
    ) -> Result<Vec<HeadInstance>, Stop> {
        let mut out = Vec::new();
        let (atom_pat, terms) = (&e.atom, &e.terms);
        self.sub_join(rule, &e.cond, binding, mode, &mut |g, b, lits| {
            let mut tuple = Vec::with_capacity(terms.len());
            for t in terms {
                match g.eval_term(rule, t, b) {
                    Some(v) => tuple.push(v),
                    None => return Ok(()),
                }
            }
            if let Some(atom) = g.ground_atom(rule, atom_pat, b) {
                if define {
                    g.store.add_to_domain(g.table, atom);
                }
                out.push((atom, tuple, lits.to_vec()));
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// Joins a condition under the current binding.
    pub fn sub_join(
        &mut self,
        rule: &Rule,
        cond: &[Lit],
        binding: &mut Binding,
        mode: Mode,
        found: &mut Found<'_, 'a>,
    ) -> Result<(), Stop> {
        if cond.is_empty() {
            return found(self, binding, &[]);
        }
        let mut bound = Self::bound_set(binding);
        let store = &self.store;
        let sizes = |l: &Lit| lit_size(store, l);
        let (order, left) = safety::plan(cond, &mut bound, &rule.globals, &sizes);
        if !left.is_empty() {
            return Ok(());
        }
        let plan = JoinPlan {
            lits: cond,
            order: &order,
            ranges: None,
            mode,
        };
        self.join(rule, plan, binding, found)
    }
}

/// The domain size of a positive literal's predicate (for join ordering).
pub(crate) fn lit_size(store: &Store, l: &Lit) -> u32 {
    match l {
        Lit::Atom(_, a) => store.find_pred(a.pred).map_or(0, |p| store.size(p)),
        _ => 0,
    }
}

/// `x op y` in clingo's term order.
pub(crate) fn compare(table: &Interner, op: CompareOp, x: Val, y: Val) -> bool {
    let o = table.cmp(x, y);
    match op {
        CompareOp::Eq => o.is_eq(),
        CompareOp::Ne => o.is_ne(),
        CompareOp::Lt => o.is_lt(),
        CompareOp::Le => o.is_le(),
        CompareOp::Gt => o.is_gt(),
        CompareOp::Ge => o.is_ge(),
    }
}

/// An unconditional head atom `a` makes its conditional occurrences `a : c` redundant, except
/// those whose condition contains `a` itself: `r(3) | r(3) : r(3)` keeps gringo's stand-in
/// `h :- r(3).` (`h` may be chosen without `r(3)`, which makes the rule unsatisfiable).
fn subsume_conditions(conds: &mut Vec<(AtomId, Option<Vec<Vec<GLit>>>)>) {
    let plain: Vec<AtomId> = conds
        .iter()
        .filter(|(_, c)| c.is_none())
        .map(|(a, _)| *a)
        .collect();
    for (atom, cond) in conds.iter_mut() {
        if let Some(bodies) = cond {
            if plain.contains(atom) {
                bodies.retain(|b| b.contains(&GLit::pos(*atom)));
            }
        }
    }
    conds.retain(|(_, c)| c.as_ref().is_none_or(|b| !b.is_empty()));
}

/// Records that head atom `atom` occurs under `cond` (empty: unconditionally). An atom's
/// conditions are kept once each and merged into one stand-in; an unconditional occurrence is
/// kept apart from them (see `subsume_conditions`).
fn add_head_condition(
    conds: &mut Vec<(AtomId, Option<Vec<Vec<GLit>>>)>,
    atom: AtomId,
    cond: Vec<GLit>,
) {
    let conditional = !cond.is_empty();
    let found = conds
        .iter()
        .position(|(a, c)| *a == atom && c.is_some() == conditional);
    let slot = match found {
        Some(i) => &mut conds[i].1,
        None => {
            conds.push((atom, conditional.then(Vec::new)));
            match conds.last_mut() {
                Some(last) => &mut last.1,
                None => return,
            }
        }
    };
    if let Some(bodies) = slot {
        if !bodies.contains(&cond) {
            bodies.push(cond);
        }
    }
}
