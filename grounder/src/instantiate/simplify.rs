//! Settling what is certain after instantiation.
//!
//! A fixpoint over the ground rules with three truth values per atom: facts are true; an atom
//! without well-founded support (not derivable from facts and externals through the remaining
//! rules when every negative literal and weight body is assumed to hold) is false. Each
//! pass removes true literals and false head atoms, deletes rules with a false body literal or a
//! true (disjunctive) head atom, folds decided literals of weight bodies into the bound, and
//! turns a rule with an empty body and one head atom into a fact. For a stratified program the
//! fixpoint leaves only facts. Identical ground rules are then written once.
//!
//! # Invariants
//! - Truth values only move from unknown to true or false, so the passes terminate.
//! - An empty constraint (`:- .`) is kept: it makes the program inconsistent.

use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule};

/// What is known about an atom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Truth {
    /// Not decided.
    Unknown,
    /// Certainly true (a fact).
    True,
    /// Certainly false (underivable).
    False,
}

/// The value of a literal under `truth`.
pub(crate) fn lit_truth(truth: &[Truth], l: GLit) -> Truth {
    let t = truth
        .get(l.atom.0 as usize)
        .copied()
        .unwrap_or(Truth::Unknown);
    match (t, l.positive) {
        (Truth::Unknown, _) => Truth::Unknown,
        (t, true) => t,
        (Truth::True, false) => Truth::False,
        (Truth::False, false) => Truth::True,
    }
}

/// Simplifies a conjunction; `None` when it is false.
pub(crate) fn simplify_conj(truth: &[Truth], lits: &[GLit]) -> Option<Vec<GLit>> {
    let mut out = Vec::with_capacity(lits.len());
    for &l in lits {
        match lit_truth(truth, l) {
            Truth::True => {}
            Truth::False => return None,
            Truth::Unknown => out.push(l),
        }
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// Simplifies a conjunction in place (decided literals removed, sorted, without repeats);
/// false when it is false.
fn simplify_conj_in_place(truth: &[Truth], lits: &mut Vec<GLit>) -> bool {
    let mut false_lit = false;
    lits.retain(|&l| match lit_truth(truth, l) {
        Truth::True => false,
        Truth::False => {
            false_lit = true;
            false
        }
        Truth::Unknown => true,
    });
    if false_lit {
        return false;
    }
    if lits.len() > 1 {
        lits.sort_unstable();
        lits.dedup();
    }
    true
}

/// Simplifies a body in place; false when it is false.
fn simplify_body(truth: &[Truth], body: &mut GBody) -> bool {
    match body {
        GBody::Normal(lits) => simplify_conj_in_place(truth, lits),
        GBody::Weight { lower, elems } => {
            elems.retain(|&(l, w)| match lit_truth(truth, l) {
                Truth::True => {
                    *lower -= w;
                    false
                }
                Truth::False => false,
                Truth::Unknown => true,
            });
            let min: i64 = elems.iter().map(|(_, w)| (*w).min(0)).sum();
            let max: i64 = elems.iter().map(|(_, w)| (*w).max(0)).sum();
            let (holds, possible) = (*lower <= min, *lower <= max);
            if holds {
                *body = GBody::Normal(Vec::new());
            }
            possible
        }
    }
}

/// Simplifies one rule in place; false when it can be deleted. Sets `truth` for new facts.
fn simplify_rule(truth: &mut [Truth], rule: &mut GRule) -> bool {
    if !simplify_body(truth, &mut rule.body) {
        return false;
    }
    let get = |t: &[Truth], a: AtomId| t.get(a.0 as usize).copied().unwrap_or(Truth::Unknown);
    if !rule.choice && rule.head.iter().any(|&a| get(truth, a) == Truth::True) {
        return false;
    }
    rule.head.retain(|&a| get(truth, a) == Truth::Unknown);
    if rule.choice && rule.head.is_empty() {
        return false;
    }
    if !rule.choice && matches!(&rule.body, GBody::Normal(lits) if lits.is_empty()) {
        if let [atom] = rule.head.as_slice() {
            if let Some(t) = truth.get_mut(atom.0 as usize) {
                *t = Truth::True;
            }
            return false;
        }
    }
    true
}

/// The atoms that may be true: the least fixpoint from facts and externals through rules whose
/// positive body atoms may be true (negative literals and weight bodies assumed satisfiable).
/// An atom outside it has no well-founded support (e.g. `a :- a.`), so it is false. A worklist
/// with a count of unfounded positive body atoms per rule keeps this linear.
fn founded_atoms(truth: &[Truth], external: &[bool], rules: &[GRule]) -> Vec<bool> {
    let mut founded: Vec<bool> = truth
        .iter()
        .enumerate()
        .map(|(i, t)| *t == Truth::True || external.get(i).copied().unwrap_or(false))
        .collect();
    // Per atom, the rules waiting for it: chained through one array (no vector per atom; the
    // chain heads are as dense as `founded`).
    let mut first_watch = vec![u32::MAX; founded.len()];
    let mut watches: Vec<(usize, u32)> = Vec::new();
    let mut missing = vec![0usize; rules.len()];
    let mut ready = Vec::new();
    for (r, rule) in rules.iter().enumerate() {
        if let GBody::Normal(lits) = &rule.body {
            for l in lits.iter().filter(|l| l.positive) {
                let i = l.atom.0 as usize;
                if founded.get(i).copied().unwrap_or(true) {
                    continue;
                }
                missing[r] += 1;
                if let Some(head) = first_watch.get_mut(i) {
                    watches.push((r, *head));
                    *head = (watches.len() - 1) as u32;
                }
            }
        }
        if missing[r] == 0 {
            ready.push(r);
        }
    }
    while let Some(r) = ready.pop() {
        for a in rules.get(r).map(|x| x.head.as_slice()).unwrap_or(&[]) {
            let i = a.0 as usize;
            if founded.get(i).copied().unwrap_or(true) {
                continue;
            }
            founded[i] = true;
            let mut next = first_watch.get(i).copied().unwrap_or(u32::MAX);
            while let Some(&(w, after)) = watches.get(next as usize) {
                missing[w] -= 1;
                if missing[w] == 0 {
                    ready.push(w);
                }
                next = after;
            }
        }
    }
    founded
}

/// Runs the fixpoint; returns the remaining rules. `truth` starts with the facts true and
/// `external[a]` marks atoms that stay undecided without rules of `rules`: externals, and in
/// multi-shot grounding the atoms earlier groundings left undecided.
pub(crate) fn simplify(
    truth: &mut [Truth],
    external: &[bool],
    mut rules: Vec<GRule>,
) -> Vec<GRule> {
    loop {
        let before = truth.iter().filter(|t| **t != Truth::Unknown).count();
        rules.retain_mut(|r| simplify_rule(truth, r));
        let founded = founded_atoms(truth, external, &rules);
        for (t, f) in truth.iter_mut().zip(&founded) {
            if *t == Truth::Unknown && !*f {
                *t = Truth::False;
            }
        }
        // A pass under unchanged truth values leaves every rule as it is (the kept rules
        // have no decided literal or head atom left) and the founded atoms too: the fixpoint.
        let after = truth.iter().filter(|t| **t != Truth::Unknown).count();
        if after == before {
            return without_copies(rules);
        }
    }
}

/// The rules with every later copy of an identical rule left out, as gringo writes each ground
/// rule once (`s :- dom(X), r.` over three `dom` facts is `s :- r.` once, not three times).
fn without_copies(rules: Vec<GRule>) -> Vec<GRule> {
    let mut seen =
        fxhash::FxHashSet::with_capacity_and_hasher(rules.len(), fxhash::FxBuildHasher::default());
    let first: Vec<bool> = rules.iter().map(|r| seen.insert(r)).collect();
    drop(seen);
    rules
        .into_iter()
        .zip(first)
        .filter_map(|(rule, first)| first.then_some(rule))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(head: &[u32], body: &[(u32, bool)]) -> GRule {
        GRule {
            choice: false,
            head: head.iter().map(|&a| AtomId(a)).collect(),
            body: GBody::Normal(
                body.iter()
                    .map(|&(a, p)| GLit {
                        atom: AtomId(a),
                        positive: p,
                    })
                    .collect(),
            ),
        }
    }

    /// `a. b :- a, not c. d :- not b. e :- e.` leaves only facts a, b.
    #[test]
    fn stratified_rules_become_facts() {
        let mut truth = vec![
            Truth::True,
            Truth::Unknown,
            Truth::Unknown,
            Truth::Unknown,
            Truth::Unknown,
        ];
        let rules = vec![
            rule(&[1], &[(0, true), (2, false)]),
            rule(&[3], &[(1, false)]),
            rule(&[4], &[(4, true)]),
        ];
        let left = simplify(&mut truth, &[false; 5], rules);
        assert!(left
            .iter()
            .all(|r| r.head.len() == 1 && r.head[0] == AtomId(4)));
        assert_eq!(truth[1], Truth::True);
        assert_eq!(truth[2], Truth::False);
        assert_eq!(truth[3], Truth::False);
    }

    /// `a ; p :- a. :- p, not q. {q}.`: `a` and `p` have no well-founded support, so both
    /// are false and only the choice rule remains.
    #[test]
    fn atoms_supported_only_by_themselves_are_false() {
        let mut truth = vec![Truth::Unknown; 3];
        let mut choice = rule(&[2], &[]);
        choice.choice = true;
        let rules = vec![
            rule(&[0, 1], &[(0, true)]),
            rule(&[], &[(1, true), (2, false)]),
            choice,
        ];
        let left = simplify(&mut truth, &[false; 3], rules);
        assert_eq!(truth[0], Truth::False);
        assert_eq!(truth[1], Truth::False);
        assert_eq!(truth[2], Truth::Unknown);
        assert_eq!(left.len(), 1);
        assert!(left[0].choice);
    }

    /// Copies of a rule (equal once facts are removed from their bodies) are written once, the
    /// first copy in its place.
    #[test]
    fn identical_rules_are_kept_once() {
        let mut truth = vec![Truth::Unknown; 4];
        truth[3] = Truth::True;
        let mut choice = rule(&[1], &[]);
        choice.choice = true;
        let rules = vec![
            choice.clone(),
            rule(&[2], &[(1, true), (3, true)]),
            rule(&[2], &[(1, true)]),
            rule(&[2], &[(3, true), (1, true)]),
        ];
        let left = simplify(&mut truth, &[false; 4], rules);
        assert_eq!(left, vec![choice, rule(&[2], &[(1, true)])]);
    }
}
