//! The atoms clasp's integrity constraints make false on their own, before its preprocessing
//! (`LogicProgram::addIntegrity` assigns the atom of a constraint of one literal), for
//! brave/cautious consequences (`consequences.rs`) and the disjunctions clasp reads
//! (`dropped_disjunctions.rs`).
//!
//! # Algorithm
//! A constraint of one positive literal, once the facts known when clasp adds it are dropped,
//! refutes its atom; a rule `x :- y.` with `x` refuted refutes `y` (a worklist over the
//! refuted atoms, each added once; the normal rules indexed by their one head, so that each
//! rule is looked at once). A constraint of one positive literal and negative ones over atoms
//! so refuted directly refutes that literal's atom too (gringo writes the direct constraints
//! first; see [`constraint_bodies`]).

use super::added_facts::AddedFacts;
use super::body::BodyKey;
use super::build::ProgramState;
use super::lit::{Lit, Var};

/// The normal bodies of the integrity constraints that are rules (not choice rules without
/// heads), and the one literal of each constraint clause clasp reads as one (see
/// [`ProgramState::unit_constraints`]), also once the negative literals over atoms those
/// refute on their own are dropped (see [`ProgramState::guarded_refutations`]): gringo writes
/// the constraint refuting such an atom before (`p ; b ; x. x :- p, r. :- not p, x. :- p, -p.
/// -p.` writes `:- p, -p.` first, and clasp reads `:- not p, x.` as `:- x.`).
pub(super) fn constraint_bodies(program: &ProgramState) -> impl Iterator<Item = &[Lit]> {
    let direct = || {
        // A choice rule without heads (`{} :- b.`) constrains nothing.
        let rules = program
            .rules
            .iter()
            .filter(|r| r.heads.is_empty() && !r.choice);
        let bodies = rules.filter_map(|r| match &program.bodies[r.body as usize].1 {
            BodyKey::Normal(lits) => Some(lits.as_slice()),
            BodyKey::Weight(..) => None,
        });
        bodies.chain(program.unit_constraints.iter().map(std::slice::from_ref))
    };
    let mut refuted = vec![false; program.var_count];
    for lits in direct() {
        if let [l] = lits {
            refuted[l.var().index()] |= !l.is_negative();
        }
    }
    let guarded = program.guarded_refutations.iter();
    let unguarded = guarded.filter(move |(_, negated)| negated.iter().all(|v| refuted[v.index()]));
    direct().chain(unguarded.map(|(l, _)| std::slice::from_ref(l)))
}

/// The atoms clasp's preprocessing makes false from `refuted` (the atoms integrity constraints
/// make false on their own): a rule `x :- y.` (one head, one positive body literal, which
/// clasp's body is equal to, once the facts known when clasp adds the rule are dropped: see
/// [`AddedFacts::unit_body_when_added`]) with `x` false makes `y` false, following such chains
/// (`q ; a. r :- q. :- r.` makes q false, and the disjunction becomes the fact `a`; so does
/// `q ; a. f. r :- q, f. :- r.`, not `q ; a. r :- q, f. f. :- r.`).
pub(super) fn refuted_through_unit_bodies(
    program: &ProgramState,
    added: &AddedFacts,
    mut refuted: Vec<Var>,
) -> Vec<Var> {
    let mut is_refuted = vec![false; program.var_count];
    refuted.iter().for_each(|v| is_refuted[v.index()] = true);
    // The normal rules of one head, by that head: each rule is looked at once in all.
    let mut rules_of: Vec<Vec<usize>> = vec![Vec::new(); program.var_count];
    for (i, rule) in program.rules.iter().enumerate() {
        if let (false, [h]) = (rule.choice, rule.heads.as_slice()) {
            rules_of[h.index()].push(i);
        }
    }
    let mut next = 0;
    while let Some(&x) = refuted.get(next) {
        next += 1;
        for &i in &rules_of[x.index()] {
            let Some(y) = added.unit_body_when_added(program, i) else {
                continue;
            };
            if !y.is_negative() && !is_refuted[y.var().index()] {
                is_refuted[y.var().index()] = true;
                refuted.push(y.var());
            }
        }
    }
    refuted
}
