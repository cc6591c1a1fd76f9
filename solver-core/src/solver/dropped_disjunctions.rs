//! The disjunctive rules clasp's preprocessing drops as satisfied, which brave/cautious
//! consequences need to tell the atoms clasp makes false (see `blocked::self_blocked`)
//! and those it makes equal to a body (see `literal_aliases.rs`).
//!
//! # Algorithm
//! clasp keeps a disjunction `h1 ; ... ; hn :- B.` as one head of its body `B` through its
//! equivalence preprocessing, and shifts it only after. When it simplifies the heads of a
//! body, also of two bodies it merges because they are equal (the same literals once atoms
//! are replaced by the literals they are equivalent to), it drops a disjunctive head one of
//! whose atoms is a normal head of that body (`PrgBody::superfluousHead`): the atom holds
//! whenever the body does, so the disjunction is satisfied, and it supports none of its atoms.
//! `q1 :- not b. q2 ; q1 :- not b.` leaves q2 without a rule (false), so `s :- not q2.` makes s
//! a fact (known-mismatches seed 77430); so does `q1 :- c. c :- not b.` for the body `c`,
//! which is `not b`. A choice head does not count (`{q1} :- not b. q2 ; q1 :- not b.` keeps
//! the disjunction).
//!
//! Bodies are equal when their keys are, or when both are conjunctions with the same
//! representatives under [`LiteralAliases`], except a body of one negative literal `not x`
//! whose atom is a complement (`x :- not y.`, so `not x` is `y`): clasp replaces a body's
//! literals only by the atoms they are equal to, not through a complement, so it keeps such a
//! body apart from `y`'s (`{y}. x :- not y. e | a :- not x. e :- y. e :- not a.` keeps the
//! disjunction), or merges them only after its last classification round (with `y :- e.`
//! for `{y}.` it drops the disjunction, a is false and e true, but too late for `r :- e.` to
//! become a fact); either way the other disjuncts' falsity settles nothing (full-grammar
//! seeds 32245, 54424, 58417).
//!
//! Before all that, clasp propagates the atoms its integrity constraints make false on their
//! own (`:- a.`, also once the facts are dropped from the body, and backwards through rules
//! `a :- b.`: see `refuted_atoms.rs`) into the disjunctions
//! (`PrgDisj::propagateAssigned`): a false atom leaves the disjunction, and a disjunction
//! left with one atom is a normal rule of that atom, which its equivalences then see (`{q}.
//! r ; n :- q. :- n.` makes r equal to q; known-mismatches seed 119078). So the shifted
//! rules of the refuted atoms are dropped, and the one rule left is read unshifted, its
//! negated refuted atoms true.

use super::added_facts::AddedFacts;
use super::body::BodyKey;
use super::build::ProgramState;
use super::literal_aliases::{DisjunctionReading, LiteralAliases};
use super::refuted_atoms::{constraint_bodies, refuted_through_unit_bodies};

/// The literal aliases with the rules clasp drops as shifted from satisfied disjunctions or
/// deriving refuted atoms (see the module docs), marked per rule: the disjunctions' bodies
/// are compared under the aliases of the rules left once the refuted atoms are gone, and the
/// aliases computed again without the dropped rules when there are any (an atom left with one
/// rule is equal to its body).
pub(super) fn aliases_and_dropped_rules(program: &ProgramState) -> (LiteralAliases, Vec<bool>) {
    let mut reading = without_refuted_disjuncts(program);
    let aliases = LiteralAliases::new(program, &reading);
    let satisfied = dropped_disjunctions(program, &aliases);
    if !satisfied.contains(&true) {
        return (aliases, reading.dropped);
    }
    for (r, dropped) in reading.dropped.iter_mut().enumerate() {
        *dropped |= satisfied[r];
    }
    (LiteralAliases::new(program, &reading), reading.dropped)
}

/// The disjunctions as clasp reads them once the atoms its integrity constraints make false
/// have left them (see the module docs).
fn without_refuted_disjuncts(program: &ProgramState) -> DisjunctionReading {
    let n = program.rules.len();
    let mut reading = DisjunctionReading {
        dropped: vec![false; n],
        unshifted: vec![false; n],
        refuted: vec![false; program.var_count],
    };
    if program.disjunctions.is_empty() {
        return reading;
    }
    let unit_atoms = constraint_bodies(program).filter_map(|lits| match lits {
        [l] if !l.is_negative() => Some(l.var()),
        _ => None,
    });
    let added = AddedFacts::new(program);
    for v in refuted_through_unit_bodies(program, &added, unit_atoms.collect()) {
        reading.refuted[v.index()] = true;
    }
    for disjunction in &program.disjunctions {
        let is_refuted = |r: &usize| {
            let heads = program.rules[*r].heads.as_slice();
            heads.iter().any(|h| reading.refuted[h.index()])
        };
        let (gone, left): (Vec<usize>, Vec<usize>) =
            disjunction.rules.clone().partition(is_refuted);
        let all_left = disjunction.heads.iter();
        let left_atoms = all_left.filter(|h| !reading.refuted[h.index()]).count();
        if let ([only], 1, false) = (left.as_slice(), left_atoms, gone.is_empty()) {
            reading.unshifted[*only] = true;
            gone.iter().for_each(|&r| reading.dropped[r] = true);
        }
    }
    reading
}

/// Per rule of `program.rules`: a rule shifted from a disjunction clasp drops (see the module
/// docs).
fn dropped_disjunctions(program: &ProgramState, aliases: &LiteralAliases) -> Vec<bool> {
    let mut dropped = vec![false; program.rules.len()];
    if program.disjunctions.is_empty() {
        return dropped;
    }
    let normal_bodies = normal_bodies(program);
    let same = |a: &BodyKey, b: &BodyKey| {
        a == b || {
            let (x, y) = (aliases.key_conjunction(a), aliases.key_conjunction(b));
            x.is_some()
                && x == y
                && !negated_complement(aliases, a)
                && !negated_complement(aliases, b)
        }
    };
    for disjunction in &program.disjunctions {
        let satisfied = disjunction.heads.iter().any(|h| {
            let bodies = normal_bodies.get(h.index()).map(Vec::as_slice);
            let keys = bodies.unwrap_or_default().iter();
            keys.map(|&b| &program.bodies[b as usize].1)
                .any(|key| same(key, &disjunction.body))
        });
        if satisfied {
            let rules = dropped.get_mut(disjunction.rules.clone());
            rules.into_iter().flatten().for_each(|r| *r = true);
        }
    }
    dropped
}

/// Per variable: the bodies of the normal rules (not choices, not shifted) with it as the only
/// head.
fn normal_bodies(program: &ProgramState) -> Vec<Vec<u32>> {
    let mut bodies: Vec<Vec<u32>> = vec![Vec::new(); program.var_count];
    for rule in program.rules.iter().filter(|r| !r.choice && !r.shifted) {
        if let [head] = rule.heads.as_slice() {
            bodies[head.index()].push(rule.body);
        }
    }
    bodies
}

/// Whether `key` is one negative literal `not x` whose atom is the complement of a literal
/// (`x :- not y.`, so `not x` is `y`): clasp replaces body literals only by the atoms they are
/// equal to, so it does not read the body as `y`, and merges it with no other body through it
/// (`{y}. x :- not y. e | a :- not x. e :- y.` keeps the disjunction; see the module docs).
fn negated_complement(aliases: &LiteralAliases, key: &BodyKey) -> bool {
    match key {
        BodyKey::Normal(lits) => {
            matches!(lits.as_slice(), [l] if l.is_negative() && !aliases.root(*l).is_negative())
        }
        BodyKey::Weight(..) => false,
    }
}
