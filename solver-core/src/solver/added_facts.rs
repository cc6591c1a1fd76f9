//! Which choice rules clasp reads with a true body when it adds them, before any
//! preprocessing: brave/cautious consequences need it to tell the choice atoms clasp proves
//! (see `consequences::settled_atoms`) from those it only forces.
//!
//! # Algorithm
//! clasp simplifies each rule as it is added with what the rules added before it made facts:
//! a positive body literal over such a fact holds. A rule holds when added when its body does
//! then: a normal body all of whose literals are positive and over facts so far, or a weight
//! body whose positive elements over facts so far reach its bound (a negative literal never
//! holds yet: clasp makes atoms false only when it preprocesses). A non-choice rule with one
//! head that holds when added makes that head a fact for the rules after it. So the order of
//! the rules matters: `x. {a} :- x.` gives the choice a true body, `{a} :- x. x.` does not, nor
//! does `{a} :- x. x :- not y.` (x becomes a fact only in preprocessing), and with
//! `r :- a. :- not r. #project r.` clasp shows a with r only in the last two.
//!
//! # Invariants
//! - The answer has one entry per rule of `program.rules`, true only for choice rules.

use super::body::BodyKey;
use super::build::ProgramState;
use super::lit::Lit;

/// Per rule of `program.rules`: a choice rule whose body holds when clasp adds it (see the
/// module docs).
pub(super) fn choices_true_when_added(program: &ProgramState) -> Vec<bool> {
    let mut fact = vec![false; program.var_count];
    let mut true_choice = vec![false; program.rules.len()];
    for (i, rule) in program.rules.iter().enumerate() {
        if !holds_when_added(&program.bodies[rule.body as usize].1, &fact) {
            continue;
        }
        match (rule.choice, rule.shifted, rule.heads.as_slice()) {
            (true, _, _) => true_choice[i] = true,
            (false, false, [head]) => fact[head.index()] = true,
            _ => {}
        }
    }
    true_choice
}

/// Whether `key` holds when only the atoms of `fact` are known (true).
fn holds_when_added(key: &BodyKey, fact: &[bool]) -> bool {
    let is_fact = |l: &Lit| !l.is_negative() && fact.get(l.var().index()) == Some(&true);
    match key {
        BodyKey::Normal(lits) => lits.iter().all(is_fact),
        BodyKey::Weight(bound, elements) => {
            let reached: i64 = elements
                .iter()
                .filter(|(l, _)| is_fact(l))
                .map(|(_, w)| *w)
                .sum();
            reached >= *bound
        }
    }
}
