//! What clasp knows of each rule when it adds it, before any preprocessing: brave/cautious
//! consequences need it to tell the choice atoms clasp proves (see
//! `consequences::settled_atoms`) from those it only forces, and the rules clasp reads with a
//! one-literal body (see `consequences::refuted_through_unit_bodies`).
//!
//! # Algorithm
//! clasp simplifies each rule as it is added with what the rules added before it made facts:
//! a positive body literal over such a fact holds, and is dropped. A rule holds when added when
//! its body does then: a normal body all of whose literals are positive and over facts so far,
//! or a weight body whose positive elements over facts so far reach its bound (a negative
//! literal never holds yet: clasp makes atoms false only when it preprocesses). A non-choice
//! rule with one head that holds when added makes that head a fact for the rules after it. So
//! the order of the rules matters: `x. {a} :- x.` gives the choice a true body, `{a} :- x. x.`
//! does not, nor does `{a} :- x. x :- not y.` (x becomes a fact only in preprocessing), and
//! with `r :- a. :- not r. #project r.` clasp shows a with r only in the last two; likewise
//! `x. d :- b, x.` is `d :- b.` for clasp, `d :- b, x. x.` is not.
//!
//! # Invariants
//! - `since[v]` is the index in `program.rules` of the first rule that makes `v` a fact when
//!   added, or `usize::MAX`; a literal over `v` is a fact for the rules after that index only.

use super::body::BodyKey;
use super::build::ProgramState;
use super::lit::Lit;

/// The facts clasp knows as it adds each rule (see the module docs).
pub(super) struct AddedFacts {
    /// Per variable: the index of the rule that made it a fact when added (`usize::MAX`: none).
    since: Vec<usize>,
}

impl AddedFacts {
    /// The facts of `program`'s rules in their order.
    pub(super) fn new(program: &ProgramState) -> AddedFacts {
        let mut facts = AddedFacts {
            since: vec![usize::MAX; program.var_count],
        };
        for (i, rule) in program.rules.iter().enumerate() {
            if let (false, false, [head]) = (rule.choice, rule.shifted, rule.heads.as_slice()) {
                let unset = facts.since.get(head.index()) == Some(&usize::MAX);
                if unset && facts.holds_when_added(program, i) {
                    facts.since[head.index()] = i;
                }
            }
        }
        facts
    }

    /// Per rule of `program.rules`: a choice rule whose body holds when clasp adds it.
    pub(super) fn true_choices(&self, program: &ProgramState) -> Vec<bool> {
        let rules = program.rules.iter().enumerate();
        rules
            .map(|(i, r)| r.choice && self.holds_when_added(program, i))
            .collect()
    }

    /// The one literal left of rule `rule`'s normal body once the facts known when clasp adds
    /// it are dropped, if exactly one is left.
    pub(super) fn unit_body_when_added(&self, program: &ProgramState, rule: usize) -> Option<Lit> {
        let body = program.rules.get(rule)?.body;
        let BodyKey::Normal(lits) = &program.bodies.get(body as usize)?.1 else {
            return None;
        };
        let mut left = lits.iter().filter(|l| !self.is_fact_before(**l, rule));
        match (left.next(), left.next()) {
            (Some(l), None) => Some(*l),
            _ => None,
        }
    }

    /// Whether rule `rule`'s body holds when clasp adds it.
    fn holds_when_added(&self, program: &ProgramState, rule: usize) -> bool {
        let Some(body) = program.rules.get(rule).map(|r| r.body) else {
            return false;
        };
        match &program.bodies[body as usize].1 {
            BodyKey::Normal(lits) => lits.iter().all(|l| self.is_fact_before(*l, rule)),
            BodyKey::Weight(bound, elements) => {
                let reached: i64 = elements
                    .iter()
                    .filter(|(l, _)| self.is_fact_before(*l, rule))
                    .map(|(_, w)| *w)
                    .sum();
                reached >= *bound
            }
        }
    }

    /// Whether `l` is positive and over an atom a rule before rule `rule` made a fact.
    fn is_fact_before(&self, l: Lit, rule: usize) -> bool {
        !l.is_negative() && self.since.get(l.var().index()).is_some_and(|&i| i < rule)
    }
}
