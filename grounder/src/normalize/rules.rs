//! Rewritten rules: the grounder's own non-ground program form.
//!
//! The rewrite (see `rewrite`) turns each AST statement into [`Rule`]s: pools expanded,
//! constants replaced, variables numbered, `_` made fresh, intervals replaced by a fresh
//! variable bound by a [`Lit::Range`], non-invertible arithmetic in positive body atoms replaced
//! by a fresh `#ArithN` variable and an equation, and every statement kind (weak constraints,
//! `#show t : body`, `#external`, `#project`) written as a rule with a special [`Head`].
//!
//! # Invariants
//! - Variables are numbered `0..var_names.len()`; a variable is *local* to an element or
//!   condition when it occurs nowhere else in the rule, and then its slot is only bound while
//!   that element is being grounded.
//! - Guards are normalised to `value op term` (a left guard `t < #agg` is stored as `> t`).

use std::sync::Arc;

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{AggregateFunction, CompareOp, Sign, Span};
use crate::diagnostic::Diagnostic;
use crate::term::eval::T;
use crate::term::intern::Val;

/// A predicate: interned name, arity and classical negation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Pred {
    /// Interned name.
    pub name: u32,
    /// Number of arguments.
    pub arity: u32,
    /// `-p/n`.
    pub negative: bool,
}

/// An atom with non-ground arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AtomPat {
    /// The predicate.
    pub pred: Pred,
    /// The arguments.
    pub args: Vec<T>,
    /// Where it was written.
    pub span: Span,
}

/// A body literal of a rewritten rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Lit {
    /// An atom with default negation sign.
    Atom(Sign, AtomPat),
    /// `left op right`.
    Cmp(CompareOp, T, T),
    /// `var = lo..hi` (var is fresh when the interval came from a term).
    Range(u32, T, T),
    /// `#true` / `#false` (sign applied).
    Bool(bool),
    /// A body aggregate.
    Agg(Box<AggLit>),
    /// A conditional literal `lit : cond` in a body.
    Cond(Box<CondLit>),
}

/// `lit : cond` in a body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CondLit {
    /// The literal's alternatives (one, or one per alternative of a pool in it: clingo reads
    /// `p(1;2) : c` as `p(1) | p(2) : c`); an instance holds when one alternative does.
    pub alts: Vec<CondAlt>,
    /// The condition.
    pub cond: Vec<Lit>,
    /// Where it was written, from the literal to the end of the condition.
    pub span: Span,
}

/// One alternative of a body conditional literal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CondAlt {
    /// The literal (an atom or comparison).
    pub lit: Lit,
    /// Literals local to it (its intervals and arithmetic, the rest of a comparison chain):
    /// the alternative holds when `lit` does for some solution of them (clingo reads
    /// `p(X..X+1) : q(X)` as `p(X) | p(X+1) : q(X)`).
    pub local: Vec<Lit>,
}

/// A guard `value op term`.
pub(crate) type Bound = (CompareOp, T);

/// A body aggregate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AggLit {
    /// `not` / `not not` in front.
    pub sign: Sign,
    /// The function.
    pub function: AggregateFunction,
    /// The elements.
    pub elems: Vec<AggElem>,
    /// The guards, normalised to `value op term`.
    pub bounds: Vec<Bound>,
    /// An assignment `X = #agg` that gringo grounds as a comparison: other body literals
    /// bind `X` (see `body_order::compared_assignments`), so it never binds `X` itself.
    pub compared: bool,
    /// Where it was written.
    pub span: Span,
}

/// A body aggregate element `terms : cond`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AggElem {
    /// The tuple (the weight first).
    pub terms: Vec<T>,
    /// The condition.
    pub cond: Vec<Lit>,
    /// Literals that bind variables of the element by the domain only, never part of its
    /// condition: the condition of a single head element, which gringo moves into the body
    /// (see `normalize::safe`); an element is grounded for each of their domain instances.
    pub filter: Vec<Lit>,
    /// Where the first term was written (`tuple ignored` infos).
    pub weight_span: Option<Span>,
}

impl AggElem {
    /// The filter and then the condition: what a grounding by the domain alone joins.
    pub fn domain_cond(&self) -> Vec<Lit> {
        self.filter.iter().chain(&self.cond).cloned().collect()
    }
}

/// A head element `atom : cond` (disjunctions and choices), with a tuple for head aggregates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct HeadElem {
    /// The tuple (head aggregates only).
    pub terms: Vec<T>,
    /// The atom.
    pub atom: AtomPat,
    /// `not` / `not not` in front of the atom (choices and head aggregates only): as in gringo
    /// (`#true : not b`), the element derives nothing and counts when its condition holds;
    /// the literal itself is the last of `cond`.
    pub sign: Sign,
    /// The condition.
    pub cond: Vec<Lit>,
    /// Where the first term of the tuple was written (`operation undefined` for a weight);
    /// boxed, as `conj`: a plain head atom (most heads) has neither, and the element stays
    /// small.
    pub weight_span: Option<Box<Span>>,
    /// For an element of a disjunction with a condition: the element of the source it came
    /// from and the variables of the ranges its atom's intervals were replaced by. clingo
    /// reads a pool or interval there as a conjunction (`p(1..2) : c ; q` is `p(1) & p(2) : c
    /// ; q`), so the instances of one source element that agree on every other variable form
    /// one conjunction.
    pub conj: Option<Box<(u32, Vec<u32>)>>,
}

/// The head of a rewritten rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Head {
    /// A disjunction (empty: an integrity constraint).
    Disj(Vec<HeadElem>),
    /// A choice with bounds on the number of chosen elements.
    Choice {
        /// The elements.
        elems: Vec<HeadElem>,
        /// Bounds on the count.
        bounds: Vec<Bound>,
        /// Where the choice (with its bounds) was written.
        span: Span,
    },
    /// A head aggregate.
    Agg {
        /// The function.
        function: AggregateFunction,
        /// The elements.
        elems: Vec<HeadElem>,
        /// Bounds on the value.
        bounds: Vec<Bound>,
        /// Where the aggregate was written.
        span: Span,
    },
    /// A weak constraint `[weight@priority, terms]`.
    Weak {
        /// The weight.
        weight: T,
        /// The priority.
        priority: T,
        /// The terms distinguishing instances.
        terms: Vec<T>,
        /// Where the weight was written (`tuple ignored` infos).
        weight_span: Span,
    },
    /// `#show term : body.`
    Show(T),
    /// `#project atom : body.`
    Project(AtomPat),
    /// `#external atom : body. [value]`
    External(AtomPat, T),
    /// `#edge (u,v) : body.`
    Edge(T, T),
    /// `#heuristic a : body. [weight@priority, modifier]`: the atom, then weight, priority and
    /// modifier, and their spans (for `heuristic directive ignored`).
    /// Boxed: the largest head, and rare (the other heads, and so every rule, stay smaller).
    Heuristic(Box<(AtomPat, [T; 3], [Span; 3])>),
}

/// A variable of a rule that stands for a parameter of its program part (`#Inc0` for the
/// first one): bound to the parameter's value before grounding, as if by a first body literal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct ParamVar {
    /// The variable.
    pub var: u32,
    /// Which parameter of the part.
    pub index: u32,
    /// The value the part is being grounded with (set per grounding).
    pub value: Val,
}

/// Where a variable of a body conditional literal or of a conditional disjunction element first
/// occurs: clingo checks the condition alone (its notes point into the condition), then the
/// literal with the condition. The unconditional elements of a disjunction are recorded under
/// the head's span (`Rule::head_span`): a rule-level note of a variable that occurs in no body
/// literal points there.
#[derive(Clone, Debug)]
pub(crate) struct ConditionSpan {
    /// The conditional literal's span, a disjunction element's atom span, or the head's span.
    pub literal: Span,
    /// The variable.
    pub var: u32,
    /// Its first occurrence in the condition (in the literal if the condition has none).
    pub in_condition: Span,
    /// Its first occurrence in the literal, then the condition.
    pub in_literal: Span,
}

/// The parts of a [`Rule`] that only messages read, boxed apart: a rule without variables,
/// arithmetic or conditions (most rules of a large ground program) has none of them, and the
/// rule stays small (the rewritten rules are the grounder's largest table while it runs).
#[derive(Clone, Debug, Default)]
pub(crate) struct RuleNotes {
    /// The first occurrence of each variable.
    pub var_spans: Vec<Span>,
    /// Where the variables of each body conditional literal first occur (notes of its
    /// unsafe-variable errors).
    pub condition_spans: Vec<ConditionSpan>,
    /// A disjunctive head's span, from the statement's start to its last element's end: where
    /// gringo reports the unsafe local variables of its conditional elements.
    pub head_span: Option<Span>,
    /// Spans of arithmetic terms, for `operation undefined` infos.
    pub arith_spans: FxHashMap<T, Span>,
    /// clingo's text of arithmetic terms linear in one variable (`(2*X+-1)`, see
    /// `eval::single_linear`): reported whole, at the variable's span.
    pub linear: FxHashMap<T, String>,
    /// `global variable in tuple of aggregate element` infos, given when the rule is checked
    /// (after the `operation undefined` infos of all rules, as clingo orders them).
    pub tuple_infos: Vec<Diagnostic>,
}

impl RuleNotes {
    /// The notes boxed, or `None` when every part is empty.
    pub fn boxed(self) -> Option<Box<RuleNotes>> {
        let empty = self.var_spans.is_empty()
            && self.condition_spans.is_empty()
            && self.head_span.is_none()
            && self.arith_spans.is_empty()
            && self.linear.is_empty()
            && self.tuple_infos.is_empty();
        (!empty).then(|| Box::new(self))
    }
}

/// A rewritten rule.
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    /// The head.
    pub head: Head,
    /// The body.
    pub body: Vec<Lit>,
    /// How many literals at the start of `body` are the head's disjuncts that are not atoms,
    /// moved there (see `negheads`): an undefined one is a removed disjunct, not a removed
    /// rule (see `drop`).
    pub head_lits: usize,
    /// How many literals at the end of `body` are ranges of variables bound by inequalities
    /// (see `inequalities`): gringo adds them last.
    pub bound_ranges: usize,
    /// Variable names by number (`#Arith0`, `#Range1`, `_` for fresh ones).
    pub var_names: Vec<String>,
    /// The statement's span.
    pub span: Span,
    /// What only messages read (see [`RuleNotes`]); `None` when it would be empty, as for
    /// every variable-free rule.
    pub notes: Option<Box<RuleNotes>>,
    /// Variables occurring outside every element and condition.
    pub globals: FxHashSet<u32>,
    /// The variables standing for parameters of the rule's part.
    pub params: Vec<ParamVar>,
    /// How messages name the rule's part at the start of its body (`#inc_base`).
    pub marker: Arc<str>,
}

impl Rule {
    /// The first occurrence of variable `v` (see [`RuleNotes::var_spans`]).
    pub fn var_span(&self, v: u32) -> Option<&Span> {
        self.notes.as_ref()?.var_spans.get(v as usize)
    }

    /// See [`RuleNotes::condition_spans`].
    pub fn condition_spans(&self) -> &[ConditionSpan] {
        self.notes.as_ref().map_or(&[], |n| &n.condition_spans)
    }

    /// See [`RuleNotes::head_span`].
    pub fn head_span(&self) -> Option<&Span> {
        self.notes.as_ref()?.head_span.as_ref()
    }

    /// Where the arithmetic term `t` was written (see [`RuleNotes::arith_spans`]).
    pub fn arith_span(&self, t: &T) -> Option<&Span> {
        self.notes.as_ref()?.arith_spans.get(t)
    }

    /// clingo's text of `t` when it is linear in one variable (see [`RuleNotes::linear`]).
    pub fn linear_text(&self, t: &T) -> Option<&String> {
        self.notes.as_ref()?.linear.get(t)
    }

    /// Takes the infos of [`RuleNotes::tuple_infos`] out.
    pub fn take_tuple_infos(&mut self) -> Vec<Diagnostic> {
        self.notes
            .as_mut()
            .map_or_else(Vec::new, |n| std::mem::take(&mut n.tuple_infos))
    }
}

impl HeadElem {
    /// A plain head atom without condition.
    pub fn plain(atom: AtomPat) -> HeadElem {
        HeadElem {
            terms: Vec::new(),
            atom,
            sign: Sign::None,
            cond: Vec::new(),
            weight_span: None,
            conj: None,
        }
    }
}

impl Head {
    /// The one element of a choice or head aggregate without bounds: gringo rewrites such a
    /// head to `#f{0:atom:}` with the element's tuple and condition in the body (messages
    /// print that form, see `print`).
    pub fn single_element(&self) -> Option<&HeadElem> {
        match self {
            Head::Choice { elems, bounds, .. } | Head::Agg { elems, bounds, .. }
                if bounds.is_empty() && elems.len() == 1 =>
            {
                elems.first()
            }
            _ => None,
        }
    }

    /// The atoms this head may derive (for the dependency graph).
    pub fn atoms(&self) -> Vec<&AtomPat> {
        self.each_atom().collect()
    }

    /// The atoms of [`Head::atoms`], without collecting them.
    pub fn each_atom(&self) -> impl Iterator<Item = &AtomPat> {
        let (elems, external): (&[HeadElem], _) = match self {
            Head::Disj(e) | Head::Choice { elems: e, .. } | Head::Agg { elems: e, .. } => (e, None),
            Head::External(a, _) => (&[], Some(a)),
            Head::Weak { .. }
            | Head::Show(_)
            | Head::Project(_)
            | Head::Edge(..)
            | Head::Heuristic(..) => (&[], None),
        };
        elems
            .iter()
            .filter(|h| h.sign == Sign::None)
            .map(|h| &h.atom)
            .chain(external)
    }

    /// The head element conditions (without collecting them: called per rule in every phase).
    pub fn conditions(&self) -> impl Iterator<Item = &Vec<Lit>> {
        let elems: &[HeadElem] = match self {
            Head::Disj(e) | Head::Choice { elems: e, .. } | Head::Agg { elems: e, .. } => e,
            _ => &[],
        };
        elems.iter().map(|h| &h.cond)
    }
}

impl Lit {
    /// Every atom occurring in this literal with whether it occurs positively (outside `not`).
    pub fn atoms<'a>(&'a self, out: &mut Vec<(&'a AtomPat, bool)>) {
        match self {
            Lit::Atom(sign, a) => out.push((a, *sign == Sign::None)),
            Lit::Cmp(..) | Lit::Range(..) | Lit::Bool(_) => {}
            Lit::Agg(agg) => {
                for e in &agg.elems {
                    e.cond.iter().for_each(|l| l.atoms(out));
                }
            }
            Lit::Cond(c) => {
                for a in &c.alts {
                    a.lit.atoms(out);
                    a.local.iter().for_each(|l| l.atoms(out));
                }
                c.cond.iter().for_each(|l| l.atoms(out));
            }
        }
    }
}

/// The operator with its operands swapped: `a op b` iff `b flip(op) a`.
pub(crate) fn flip(op: CompareOp) -> CompareOp {
    match op {
        CompareOp::Lt => CompareOp::Gt,
        CompareOp::Le => CompareOp::Ge,
        CompareOp::Gt => CompareOp::Lt,
        CompareOp::Ge => CompareOp::Le,
        o => o,
    }
}

/// Whether `rule` is a simple fact: a ground atom without body (gringo's EDB).
pub(crate) fn is_simple_fact(rule: &Rule) -> bool {
    simple_fact(rule).is_some()
}

/// The head atom of a simple fact (`p(1,a).`), with its arguments.
pub(crate) fn simple_fact(rule: &Rule) -> Option<(Pred, Vec<Val>)> {
    let Head::Disj(elems) = &rule.head else {
        return None;
    };
    let [elem] = elems.as_slice() else {
        return None;
    };
    if !rule.body.is_empty() || !elem.cond.is_empty() {
        return None;
    }
    let args = elem
        .atom
        .args
        .iter()
        .map(|t| match t {
            T::Val(v) => Some(*v),
            _ => None,
        })
        .collect::<Option<Vec<Val>>>()?;
    Some((elem.atom.pred, args))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rewritten rules are the grounder's largest table on a large ground program (a
    /// `Rule`, a one-element head and a one-literal body per rule of a million-rule loop):
    /// the messages' parts and the rare heads stay boxed so that the sizes do not grow back.
    #[test]
    fn rules_stay_small() {
        assert!(std::mem::size_of::<Rule>() <= 296);
        assert!(std::mem::size_of::<Head>() <= 128);
        assert!(std::mem::size_of::<HeadElem>() <= 144);
        assert!(std::mem::size_of::<Lit>() <= 80);
    }
}
