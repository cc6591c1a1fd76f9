//! Instantiation: rules in the grounder's form to ground rules over ground atoms.
//!
//! In: the safe `Rule`s of `normalize` and the plain facts, in the component order of `plan`.
//! Out: the `Grounder`'s atom store (`domain`: ground atoms, predicate domains, which atoms
//! are facts) and its ground rules (`GRule`); `simplify` then settles what is certain.
//! Pieces: `components` (component order, semi-naive rounds), `join` and `candidates` (the
//! join loop), `calls` (external calls `@f(..)`), `head` (rule heads), `aggregate`
//! (aggregates, conditional literals, choice rules), `recursion` and `satisfiable` (gringo's
//! translation of recursive aggregates and conditions), `domain`, `simplify`.
//!
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
//! Multi-shot grounding continues from what an earlier grounder kept ([`Kept`]: atoms, domains,
//! auxiliary atoms): the new rules are joined over the domains as they stand, a part's
//! parameters (`ParamVar`s) bound before the first literal.
//!
//! # Invariants
//! - The binding and the collected ground literals are restored on backtracking (trail and
//!   length marks per frame); a frame's candidates are the top of the candidate stack.
//! - A ground rule is emitted only in `Mode::Emit`.

pub(crate) mod aggregate;
mod calls;
mod candidates;
mod certain;
pub(crate) mod components;
mod conjunction;
pub(crate) mod domain;
pub(crate) mod gterm;
pub(crate) mod head;
mod join;
pub(crate) mod projected;
pub(crate) mod recursion;
pub(crate) mod satisfiable;
pub(crate) mod simplify;
pub(crate) mod undefined;
mod wake;

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{CompareOp, Span};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::domain::{AtomId, Store};
use crate::normalize::print::Printer;
use crate::normalize::rules::{AtomPat, Lit, Rule};
use crate::normalize::safety;
use crate::term::eval::{eval, Binding, Undefined, T};
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
    /// An external function failed (the error at the call).
    Failed(Diagnostic),
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
    /// Head atoms gringo keeps in its domain though no rule of ours derives them: those of
    /// disjunction instances dropped for a fact and (under a projection) those of every ground
    /// rule before `simplify`; `#project` projects them (see `output::statements`).
    pub unruled: Vec<AtomId>,
    /// Atoms of conditional head elements whose condition contains them and has two or more
    /// literals (`p : p, not s.`), or whose conjunction has two or more atoms (`q(2;1) :
    /// q(2)`): we write no rule for them, but gringo writes `p :- h, c.` with `c` the
    /// condition's own atom (`q(2) :- h.`), a rule clasp keeps, so an `#external p.` is ignored.
    pub self_conditioned: Vec<AtomId>,
    /// `#edge (u,v) : body.` instances: the nodes and the body.
    pub edges: Vec<(Val, Val, Vec<GLit>)>,
    /// `#heuristic a : body. [w@p,m]` instances: the atom, weight, priority, modifier, body.
    pub heuristics: Vec<(AtomId, [Val; 3], Vec<GLit>)>,
}

/// What a grounder keeps from one grounding to the next (multi-shot grounding): the atoms and
/// domains, and the auxiliary atoms already defined (reused rather than defined again).
#[derive(Default)]
pub(crate) struct Kept {
    /// Atoms and domains.
    pub store: Store,
    /// `not not a` helpers: atom → aux atom defined by `aux :- not a.`
    not_aux: FxHashMap<AtomId, AtomId>,
    /// The alternatives (conjunctions) of each auxiliary atom made for a disjunction.
    aux_alternatives: FxHashMap<AtomId, Vec<Vec<GLit>>>,
    /// An auxiliary atom defined by `aux :- .`
    true_aux: Option<AtomId>,
    /// The atom of certain recursive conjunctions (see [`Grounder::certain_conjunction`]).
    certain_conjunction: Option<AtomId>,
    /// An auxiliary atom without rules (see [`Grounder::never_aux`]).
    never_aux: Option<AtomId>,
}

/// One candidate for a join frame.
#[derive(Copy, Clone, Debug)]
enum Cand {
    /// A domain atom to match.
    Atom(AtomId),
    /// Match the unbound side of a comparison with a value (`true`: the left side).
    Match(Val, bool),
    /// A comparison that holds: nothing to bind.
    Pass,
    /// Bind a variable (an equation solved for it).
    Bind(u32, Val),
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
    /// Spans already reported as undefined while rewriting (never again).
    undefined_seen: FxHashSet<Span>,
    /// Instances (span and binding) reported as undefined while grounding: clingo reports an
    /// undefined term once per instance it evaluates.
    undefined_instances: FxHashSet<(Span, Binding)>,
    /// `#sum` tuples already reported as ignored: by rule, the span of their element's weight,
    /// the tuple and the instance (see `aggregate::ignored`).
    pub(crate) ignored_seen: FxHashSet<IgnoredInstance>,
    /// The `tuple ignored` infos of head aggregates, given per rule in gringo's order (see
    /// `aggregate::head_ignored`).
    pub(crate) head_ignored: aggregate::HeadIgnored,
    /// Per complete predicate (by index), whether all its atoms are facts.
    pub(crate) facts_only: FxHashMap<u32, bool>,
    /// Per predicate (by index), whether it is open: some atom of it may be no fact by the
    /// program's form (see `certain`).
    pub(crate) open_preds: Vec<bool>,
    /// `not not a` helpers: atom → aux atom defined by `aux :- not a.`
    not_aux: FxHashMap<AtomId, AtomId>,
    /// The same helpers the other way: aux atom → the atom `a` of `aux :- not a.`
    negated_by_aux: FxHashMap<AtomId, AtomId>,
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
    /// The component of each predicate in the positive dependency graph in which the elements
    /// of negated aggregates count too, as gringo's dependencies on an aggregate's elements
    /// do (see `recursion::Grounder::accumulated_in_component`).
    pub accumulation_scc: Vec<u32>,
    /// `accumulation_scc` where also the negations inside aggregate elements and conditional
    /// literals are edges: the components that decide whether a negated aggregate is still
    /// accumulated (see `recursion::Grounder::accumulated_in_component`).
    pub negated_accumulation_scc: Vec<u32>,
    /// The pairs `(p, h)` of predicate indices where `not p` inside a body aggregate element
    /// or conditional literal of a rule with head `h` is still undecided while the rule is
    /// grounded (see `recursion::Grounder::any_accumulated`).
    pub negations_over_head: FxHashSet<(u32, u32)>,
    /// Join buffers not in use (see [`JoinScratch`]).
    scratch: Vec<JoinScratch>,
    /// The argument values of an atom being grounded (empty between uses).
    args_buf: Vec<Val>,
    /// The alternatives (conjunctions) of each auxiliary atom made for a disjunction.
    pub aux_alternatives: FxHashMap<AtomId, Vec<Vec<GLit>>>,
    /// An auxiliary atom defined by `aux :- .`: true, but no fact while grounding.
    true_aux: Option<AtomId>,
    /// An auxiliary atom defined by `aux :- .`, written after all other rules (see
    /// [`Grounder::certain_conjunction`]).
    certain_conjunction: Option<AtomId>,
    /// gringo's `#delayed` atoms of body conjunctions, by their literals: one atom for each
    /// distinct ground conjunction (see `aggregate::conditional`).
    delayed_conjunctions: FxHashMap<Vec<GLit>, AtomId>,
    /// An auxiliary atom without rules: `not` it is gringo's literal of a certain aggregate
    /// element (see `aggregate::bounds::sum_ge`).
    never_aux: Option<AtomId>,
    /// The functions `@f(args)` calls.
    pub functions: crate::Functions,
    /// The values of each call made so far, by function name and arguments (see `calls`).
    calls: FxHashMap<(u32, Vec<Val>), Vec<Val>>,
    /// Calls of unknown functions already reported, by rule, the call's span and arguments.
    unknown_calls_seen: FxHashSet<(Option<usize>, Span, Vec<Val>)>,
    /// The infos of calls of unknown functions, each with the index of its rule: clingo
    /// reports them in its grounding order, after the other infos (see `calls`).
    pub call_infos: Vec<(Option<usize>, Diagnostic)>,
    /// Whether the rule being grounded lies in a component that depends negatively on itself
    /// and has a literal over it that is positive or ground (`components::keeps_negated_open`):
    /// gringo then leaves its negated body aggregates undecided (see `aggregate::body`).
    pub unstratified: bool,
    /// The atoms made facts while the current component, when recursive, is grounded (`None`
    /// outside a recursive component): a negated literal over one stays undecided (see
    /// `negative_candidates`), as gringo leaves a negated literal over its component, so that
    /// the ground rules do not depend on which member of the component is joined first.
    pub component_facts: Option<FxHashSet<AtomId>>,
    /// The body atoms (by occurrence) that no head of the program defines (see `undefined`):
    /// decided from the domains as they stand, as gringo, whose dependencies are by atom, sees
    /// them outside every component (`not not s(Y,Y)` beside a head `s(-c,3)` is false even
    /// while `s`'s component is grounded).
    pub never_defined: FxHashSet<AtomPat>,
    /// While a component is ground: the body atoms (by occurrence) of its rules that unify
    /// with a head of the component (see `rulegraph::open_body_atoms`). Any other body atom's
    /// providers are all ground already, so its domain is final (gringo's dependencies are by
    /// unification: `not not r(1)` is decided before a rule deriving `r(m)` is ground).
    pub open_body: Option<FxHashSet<AtomPat>>,
    /// While a recursive component is ground: its negated body atoms (by occurrence) that
    /// unify with a head of the component, with the last positive part that has such a head
    /// (see `rulegraph::negation_providers`); `part` is the part being ground. A negation
    /// over a head of `part` or a later one is gringo's unstratified literal (see
    /// [`Grounder::unstratified_negation`]).
    pub negation_providers: FxHashMap<AtomPat, u32>,
    /// The position of the positive part being ground in its component.
    pub part: u32,
    /// The atoms of the unstratified negated literals ground in rules that are written:
    /// gringo keeps `not a` even when `a` never gets a rule, so `simplify` leaves `a` open
    /// (see `negative_candidates`).
    pub open_negated: FxHashSet<AtomId>,
}

/// A ground head element: its atom, its tuple and the literals of its condition.
pub(crate) type HeadInstance = (AtomId, Vec<Val>, Vec<GLit>);

/// Which positions of the body get which member range `[lo, hi)` (semi-naive).
pub(crate) type Ranges = Vec<(u32, u32)>;

/// A `tuple ignored` instance: the rule, the weight's span, the tuple and the values of the
/// instance's important variables.
pub(crate) type IgnoredInstance = (Option<usize>, Span, Vec<Val>, Vec<Option<Val>>);

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
    /// A grounder over `table` that continues from what an earlier one kept.
    pub fn resume(table: &'a mut Interner, kept: Kept, budget: Budget) -> Grounder<'a> {
        Grounder {
            table,
            store: kept.store,
            rules: Vec::new(),
            extras: Extras::default(),
            infos: Vec::new(),
            undefined_seen: FxHashSet::default(),
            undefined_instances: FxHashSet::default(),
            ignored_seen: FxHashSet::default(),
            head_ignored: aggregate::HeadIgnored::default(),
            facts_only: FxHashMap::default(),
            open_preds: Vec::new(),
            negated_by_aux: kept.not_aux.iter().map(|(&a, &x)| (x, a)).collect(),
            not_aux: kept.not_aux,
            plain_facts: FxHashSet::default(),
            fact_scopes: Vec::new(),
            current_rule: None,
            budget,
            positive_scc: Vec::new(),
            accumulation_scc: Vec::new(),
            negated_accumulation_scc: Vec::new(),
            negations_over_head: FxHashSet::default(),
            scratch: Vec::new(),
            args_buf: Vec::new(),
            aux_alternatives: kept.aux_alternatives,
            true_aux: kept.true_aux,
            certain_conjunction: kept.certain_conjunction,
            delayed_conjunctions: FxHashMap::default(),
            never_aux: kept.never_aux,
            functions: crate::Functions::default(),
            calls: FxHashMap::default(),
            unknown_calls_seen: FxHashSet::default(),
            call_infos: Vec::new(),
            unstratified: false,
            component_facts: None,
            never_defined: FxHashSet::default(),
            open_body: None,
            negation_providers: FxHashMap::default(),
            part: 0,
            open_negated: FxHashSet::default(),
        }
    }

    /// What a later grounding continues from (see [`Grounder::resume`]).
    pub fn into_kept(self) -> Kept {
        Kept {
            store: self.store,
            not_aux: self.not_aux,
            aux_alternatives: self.aux_alternatives,
            true_aux: self.true_aux,
            certain_conjunction: self.certain_conjunction,
            never_aux: self.never_aux,
        }
    }

    /// The atom that is true but not a fact while grounding (`aux :- .`), made once.
    pub(crate) fn true_aux(&mut self) -> Result<AtomId, Stop> {
        self.fact_aux_once(|g| &mut g.true_aux)
    }

    /// The atom in the slot `slot` picks, made on first use as an atom with the fact rule
    /// `aux :- .`.
    fn fact_aux_once(
        &mut self,
        slot: fn(&mut Self) -> &mut Option<AtomId>,
    ) -> Result<AtomId, Stop> {
        if let Some(aux) = *slot(self) {
            return Ok(aux);
        }
        let aux = self.define_aux(vec![Vec::new()])?;
        *slot(self) = Some(aux);
        Ok(aux)
    }

    /// The atom that has no rule and never gets one, made once: `not` it is the literal that
    /// always holds, which gringo writes for an aggregate element with a certain condition.
    pub(crate) fn never_aux(&mut self) -> AtomId {
        *self.never_aux.get_or_insert_with(|| self.store.aux())
    }

    /// gringo's `#delayed` atom of a conjunction over a recursive condition that turns out
    /// certain (`p(W) : r(W)` with no `r` atom), and of a non-negated recursive body aggregate
    /// that holds but is no fact for gringo (see `aggregate::body`): `aux :- .`, made once,
    /// kept in the bodies that use it, whose fact rule the session writes after all others, as
    /// gringo writes `#delayed` facts last (see `session::step::take_certain_conjunction_fact`).
    pub(crate) fn certain_conjunction(&mut self) -> Result<AtomId, Stop> {
        self.fact_aux_once(|g| &mut g.certain_conjunction)
    }

    /// The atom of [`Grounder::certain_conjunction`], if made.
    pub(crate) fn made_certain_conjunction(&self) -> Option<AtomId> {
        self.certain_conjunction
    }

    /// The atom of [`Grounder::never_aux`], if made.
    pub(crate) fn made_never_aux(&self) -> Option<AtomId> {
        self.never_aux
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
            let mut bad = Vec::new();
            self.find_undefined(rule, t, binding, &mut bad);
            bad.retain(|b| rule.arith_span(b).is_some());
            if bad.is_empty() {
                continue;
            }
            for bad in bad {
                self.report_undefined(rule, bad, binding);
            }
            return;
        }
    }

    /// `operation undefined` for the term `bad` under `binding`, once per span and binding.
    fn report_undefined(&mut self, rule: &Rule, bad: &T, binding: &Binding) {
        let Some(span) = rule.arith_span(bad).cloned() else {
            return;
        };
        if self.undefined_seen.contains(&span)
            || !self
                .undefined_instances
                .insert((span.clone(), binding.clone()))
        {
            return;
        }
        let mut text = String::new();
        match rule.linear_text(bad) {
            Some(linear) => text.push_str(linear),
            None => Printer {
                table: self.table,
                names: &rule.var_names,
            }
            .term(bad, &mut text),
        }
        self.infos.push(Diagnostic {
            severity: Severity::Info,
            span: Some(span),
            message: "operation undefined:".into(),
            notes: vec![Note { span: None, text }],
        });
    }

    /// The innermost undefined terms of `t` under `binding`, into `out`: gringo evaluates
    /// every argument and both operands, and reports each operation whose operands are
    /// defined but whose result is not (`w(X-7,X*8)` with `X=c` reports both).
    fn find_undefined<'t>(
        &mut self,
        rule: &Rule,
        t: &'t T,
        binding: &Binding,
        out: &mut Vec<&'t T>,
    ) {
        if eval(self.table, t, binding).is_ok() {
            return;
        }
        if rule.linear_text(t).is_some() {
            // clingo's linear term `m*X+n` is one term.
            out.push(t);
            return;
        }
        let before = out.len();
        match t {
            T::Fun(_, _, args) => {
                for a in args {
                    self.find_undefined(rule, a, binding, out);
                }
            }
            T::Unary(_, a) => self.find_undefined(rule, a, binding, out),
            T::Binary(_, a, b) => {
                self.find_undefined(rule, a, binding, out);
                self.find_undefined(rule, b, binding, out);
            }
            _ => {}
        }
        if out.len() == before {
            out.push(t);
        }
    }

    /// Evaluates a term, reporting undefined operations.
    #[inline]
    pub fn eval_term(&mut self, rule: &Rule, t: &T, binding: &Binding) -> Option<Val> {
        match eval(self.table, t, binding) {
            Ok(v) => Some(v),
            Err(Undefined) => self.eval_undefined(rule, t, binding),
        }
    }

    /// [`Self::eval_term`] of an undefined term: reports it.
    #[cold]
    fn eval_undefined(&mut self, rule: &Rule, t: &T, binding: &Binding) -> Option<Val> {
        self.undefined(rule, &[t], binding);
        None
    }

    /// The ground atom of a pattern under `binding`.
    pub fn ground_atom(&mut self, rule: &Rule, a: &AtomPat, binding: &Binding) -> Option<AtomId> {
        let mut args = std::mem::take(&mut self.args_buf);
        args.clear();
        let mut defined = true;
        for t in &a.args {
            // Every argument is evaluated: gringo reports each undefined one.
            match self.eval_term(rule, t, binding) {
                Some(v) => args.push(v),
                None => defined = false,
            }
        }
        let atom = defined.then(|| {
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

    /// The auxiliary atom `aux :- not atom.` (so `not aux` is `not not atom`).
    pub(crate) fn not_aux(&mut self, atom: AtomId) -> Result<AtomId, Stop> {
        if let Some(&aux) = self.not_aux.get(&atom) {
            return Ok(aux);
        }
        let aux = self.define_aux(vec![vec![GLit::neg(atom)]])?;
        self.not_aux.insert(atom, aux);
        self.negated_by_aux.insert(aux, atom);
        Ok(aux)
    }

    /// The complement of the negative literal `l` as gringo writes it in a body: for
    /// `l = not a`, `not not a`, written `not aux` with `aux :- not a.` (see
    /// [`Grounder::not_aux`]); for `l = not aux` (that is `not not a`), `not a`.
    pub(crate) fn complement_of_negative(&mut self, l: GLit) -> Result<GLit, Stop> {
        match self.negated_by_aux.get(&l.atom) {
            Some(&a) => Ok(GLit::neg(a)),
            None => Ok(GLit::neg(self.not_aux(l.atom)?)),
        }
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
    let o = match (x, y) {
        (Val::Num(a), Val::Num(b)) => a.cmp(&b),
        _ => table.cmp(x, y),
    };
    match op {
        CompareOp::Eq => o.is_eq(),
        CompareOp::Ne => o.is_ne(),
        CompareOp::Lt => o.is_lt(),
        CompareOp::Le => o.is_le(),
        CompareOp::Gt => o.is_gt(),
        CompareOp::Ge => o.is_ge(),
    }
}
