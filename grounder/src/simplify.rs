//! Settling what is certain after instantiation.
//!
//! A fixpoint over the ground rules with three truth values per atom: facts are true; an atom
//! that is no longer in the head of any remaining rule (and is not external) is false. Each
//! pass removes true literals and false head atoms, deletes rules with a false body literal or a
//! true (disjunctive) head atom, folds decided literals of weight bodies into the bound, and
//! turns a rule with an empty body and one head atom into a fact. For a stratified program the
//! fixpoint leaves only facts.
//!
//! # Invariants
//! - Truth values only move from unknown to true or false, so the passes terminate.
//! - An empty constraint (`:- .`) is kept: it makes the program inconsistent.

use crate::domain::AtomId;
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

/// Simplifies a body; `None` when it is false.
fn simplify_body(truth: &[Truth], body: &GBody) -> Option<GBody> {
    match body {
        GBody::Normal(lits) => simplify_conj(truth, lits).map(GBody::Normal),
        GBody::Weight { lower, elems } => {
            let mut lower = *lower;
            let mut rest = Vec::new();
            for &(l, w) in elems {
                match lit_truth(truth, l) {
                    Truth::True => lower -= w,
                    Truth::False => {}
                    Truth::Unknown => rest.push((l, w)),
                }
            }
            let min: i64 = rest.iter().map(|(_, w)| (*w).min(0)).sum();
            let max: i64 = rest.iter().map(|(_, w)| (*w).max(0)).sum();
            if lower <= min {
                Some(GBody::Normal(Vec::new()))
            } else if lower > max {
                None
            } else {
                Some(GBody::Weight { lower, elems: rest })
            }
        }
    }
}

/// Simplifies one rule; `None` when it can be deleted. Sets `truth` for new facts.
fn simplify_rule(truth: &mut [Truth], rule: &GRule) -> Option<GRule> {
    let body = simplify_body(truth, &rule.body)?;
    let get = |t: &[Truth], a: AtomId| t.get(a.0 as usize).copied().unwrap_or(Truth::Unknown);
    if !rule.choice && rule.head.iter().any(|&a| get(truth, a) == Truth::True) {
        return None;
    }
    let head: Vec<AtomId> = rule
        .head
        .iter()
        .copied()
        .filter(|&a| get(truth, a) == Truth::Unknown)
        .collect();
    if rule.choice && head.is_empty() {
        return None;
    }
    if !rule.choice && body == GBody::Normal(Vec::new()) {
        if let [atom] = head.as_slice() {
            if let Some(t) = truth.get_mut(atom.0 as usize) {
                *t = Truth::True;
            }
            return None;
        }
    }
    Some(GRule {
        choice: rule.choice,
        head,
        body,
    })
}

/// Runs the fixpoint; returns the remaining rules. `truth` starts with the facts true and
/// `external[a]` marks atoms that stay undecided without rules.
pub(crate) fn simplify(
    truth: &mut [Truth],
    external: &[bool],
    mut rules: Vec<GRule>,
) -> Vec<GRule> {
    loop {
        let before = truth.iter().filter(|t| **t != Truth::Unknown).count();
        let count = rules.len();
        rules = rules
            .iter()
            .filter_map(|r| simplify_rule(truth, r))
            .collect();
        let mut in_head = vec![false; truth.len()];
        for r in &rules {
            for a in &r.head {
                if let Some(x) = in_head.get_mut(a.0 as usize) {
                    *x = true;
                }
            }
        }
        for (i, t) in truth.iter_mut().enumerate() {
            let ext = external.get(i).copied().unwrap_or(false);
            if *t == Truth::Unknown && !ext && !in_head.get(i).copied().unwrap_or(false) {
                *t = Truth::False;
            }
        }
        let after = truth.iter().filter(|t| **t != Truth::Unknown).count();
        if after == before && rules.len() == count {
            return rules;
        }
    }
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
}
