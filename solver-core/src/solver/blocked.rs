//! The atoms clasp's preprocessing makes false before the search because no rule can derive
//! them (see [`self_blocked`]), for brave/cautious consequences (`consequences.rs`).
//!
//! # Algorithm
//! A least fixpoint by a worklist: each atom counts its live supports, the rules that can
//! derive it (see [`deriving_heads`]) whose body is not yet dead; a body dies when
//! it needs a blocked atom or the complement of a fact; an atom without rules, or whose count
//! drops to zero, is blocked (never a fact, never an external), and only the bodies containing
//! it are looked at again.
//!
//! # Invariants
//! - `LiveSupports::count[v]` is the number of rules deriving `v` whose body is not dead (one
//!   more for an external); each dead body is counted down once.

use super::body::BodyKey;
use super::build::{FlatRule, ProgramState};
use super::lit::{Lit, Var};
use super::literal_aliases::LiteralAliases;

/// Per variable: an atom (not external, not in `fact`) without a rule that can derive it: it
/// has none at all (clasp's first classification leaves the bodies that need such an atom
/// unsupported: with `:- p. s ; p. s ; q.`, the body of `x :- 1 <= #sum{1:q; 1:y}.`, y
/// without rules, holds in no model and `v :- not x.` makes v a fact), or each has it negated in
/// its body, as the shifted rules of `p ; r :- not r.` do, or a body that clasp's equivalences
/// make contradictory, see [`LiteralAliases::contradicts`], unless
/// the rule is shifted from a disjunction, which clasp's equivalences see unshifted, supporting
/// its atoms as a choice: `b ; r :- x. x :- not r.` leaves r possible; or shifted from a
/// disjunction clasp drops as satisfied, marked in `dropped`, see `dropped_disjunctions.rs`:
/// `q1 :- not b. q2 ; q1 :- not b.` blocks q2), or whose bodies need such an atom or have
/// `not f` with `f` in `fact` (a least fixpoint: clasp's preprocessing propagates the falsity
/// of an atom without support and the facts to the bodies containing them, so `{q} :- d.
/// d :- not q. {r} :- q. v :- not r.` makes r false and v a fact, and with the fact p,
/// `x :- not p. v :- not x.` makes x false and v a fact): clasp's preprocessing makes it false.
pub(super) fn self_blocked(
    program: &ProgramState,
    aliases: &LiteralAliases,
    fact: &[bool],
    dropped: &[bool],
) -> Vec<bool> {
    // The least fixpoint by a worklist: each atom counts its live supports (a rule that can
    // derive it and whose body does not need a blocked atom nor the complement of a fact); an
    // atom that has none, or drops to none, is blocked, and only the bodies containing it are
    // looked at again.
    let mut live = LiveSupports {
        count: vec![0; program.var_count],
        derives: Vec::with_capacity(program.rules.len()),
        rules_of_body: vec![Vec::new(); program.bodies.len()],
        dead_body: vec![false; program.bodies.len()],
        blocked: vec![false; program.var_count],
        queue: Vec::new(),
        fact,
    };
    for (r, rule) in program.rules.iter().enumerate() {
        live.rules_of_body[rule.body as usize].push(r);
        // clasp's equivalences see a disjunction unshifted, supporting its atoms as a
        // choice.
        let contradicts = |h: &Var| !rule.shifted && aliases.contradicts(program, rule.body, *h);
        let derivable = |h: &Var| dropped.get(r) != Some(&true) && !contradicts(h);
        let derived: Vec<Var> = deriving_heads(program, rule)
            .into_iter()
            .filter(derivable)
            .collect();
        derived.iter().for_each(|h| live.count[h.index()] += 1);
        live.derives.push(derived);
    }
    for (atom, _) in program.atoms.externals() {
        live.count[program.atoms.var(atom).index()] += 1;
    }
    for b in 0..program.bodies.len() {
        if body_needs_false(program, b as u32, &live.blocked, fact) {
            live.kill_body(b);
        }
    }
    let unsupported: Vec<usize> = (0..program.var_count)
        .filter(|&v| program.is_atom[v] && live.count[v] == 0)
        .collect();
    unsupported.into_iter().for_each(|v| live.block(v));
    let bodies_with = positive_occurrences(program);
    while let Some(v) = live.queue.pop() {
        for &b in &bodies_with[v] {
            if !live.dead_body[b] && body_needs_false(program, b as u32, &live.blocked, fact) {
                live.kill_body(b);
            }
        }
    }
    live.blocked
}

/// The state of [`self_blocked`]'s fixpoint: the live supports of each atom.
struct LiveSupports<'a> {
    /// Per variable: its rules that can derive it with a body not yet dead (externals: one).
    count: Vec<usize>,
    /// Per rule: the heads it can derive.
    derives: Vec<Vec<Var>>,
    /// Per body: the rules with it.
    rules_of_body: Vec<Vec<usize>>,
    /// Per body: known not to hold.
    dead_body: Vec<bool>,
    /// Per variable: blocked (see [`self_blocked`]).
    blocked: Vec<bool>,
    /// Blocked atoms whose bodies are still to be looked at.
    queue: Vec<usize>,
    /// The atoms never blocked: facts.
    fact: &'a [bool],
}

impl LiveSupports<'_> {
    /// Body `b` holds in no model: its rules' heads lose a support each.
    fn kill_body(&mut self, b: usize) {
        self.dead_body[b] = true;
        for r in std::mem::take(&mut self.rules_of_body[b]) {
            for h in std::mem::take(&mut self.derives[r]) {
                self.count[h.index()] -= 1;
                if self.count[h.index()] == 0 {
                    self.block(h.index());
                }
            }
        }
    }

    /// Atom `v` has no support left: blocked unless a fact or blocked already.
    fn block(&mut self, v: usize) {
        if !self.blocked[v] && !self.fact[v] {
            self.blocked[v] = true;
            self.queue.push(v);
        }
    }
}

/// For each variable, the bodies that contain it positively (as a literal or a weight
/// element), each once.
fn positive_occurrences(program: &ProgramState) -> Vec<Vec<usize>> {
    let mut bodies_with: Vec<Vec<usize>> = vec![Vec::new(); program.var_count];
    for (b, (_, key)) in program.bodies.iter().enumerate() {
        let lits: Vec<Lit> = match key {
            BodyKey::Normal(lits) => lits.clone(),
            BodyKey::Weight(_, elements) => elements.iter().map(|(l, _)| *l).collect(),
        };
        for l in lits.iter().filter(|l| !l.is_negative()) {
            let list = &mut bodies_with[l.var().index()];
            if list.last() != Some(&b) {
                list.push(b);
            }
        }
    }
    bodies_with
}

/// Whether body `b` cannot hold once the `blocked` atoms are false and the `fact` atoms true:
/// a normal body with a blocked atom positive or a fact negated, a weight body whose other
/// elements stay below its bound.
fn body_needs_false(program: &ProgramState, b: u32, blocked: &[bool], fact: &[bool]) -> bool {
    let is_false = |l: &Lit| match l.is_negative() {
        false => blocked[l.var().index()],
        true => fact[l.var().index()],
    };
    match &program.bodies[b as usize].1 {
        BodyKey::Normal(lits) => lits.iter().any(is_false),
        BodyKey::Weight(bound, elements) => {
            let rest: i64 = elements
                .iter()
                .filter(|(l, _)| !is_false(l))
                .map(|(_, w)| *w)
                .sum();
            rest < *bound
        }
    }
}

/// The head atoms a rule can derive as clasp reads it: those not also in its body negated
/// (clasp drops `a` from `a ; b :- not a.`, leaving the normal rule `b :- not a.`), and none
/// of a rule with a head atom in its positive body (clasp drops the tautology `a :- a.`, so
/// `q. {a}. :- not a. a :- a. #project q.` shows no `a`, as without the rule: known-mismatches
/// 58166); a choice rule only loses that atom (`{a1; a3} :- a1.` still derives `a3`).
pub(super) fn deriving_heads(program: &ProgramState, rule: &FlatRule) -> Vec<Var> {
    let lits: &[Lit] = match &program.bodies[rule.body as usize].1 {
        BodyKey::Normal(lits) => lits,
        BodyKey::Weight(..) => &[],
    };
    let in_body = |h: &Var| lits.contains(&h.pos());
    if !rule.choice && rule.heads.iter().any(in_body) {
        return Vec::new();
    }
    let heads = rule.heads.iter().copied();
    heads
        .filter(|h| !lits.contains(&h.neg()) && !in_body(h))
        .collect()
}
