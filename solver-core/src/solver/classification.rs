//! The order in which clasp's equivalence preprocessing (`--eq`) classifies bodies and gives
//! atoms their variables, as far as the literal aliases need it: which bodies of one negative
//! literal are classified before that literal's atom has a variable.
//!
//! # Algorithm
//! clasp starts from the supported bodies (no positive literal, or enough weight without
//! them), stably sorted by size (then normal before weight bodies), and classifies each not yet
//! seen in turn. Classifying a body gives its head atoms not yet reached their variables; an
//! atom reached makes the bodies containing it know one more literal and, positively, one
//! more support. A body supported and knowing all its literals is classified next (depth
//! first, the last found first); one supported before knowing all joins the end of the
//! starting list. A rule shifted from a disjunction reaches its atom with the disjunction's
//! body (the shifted body without the other disjuncts negated), as clasp reads the disjunction
//! unshifted. Only bodies over atoms of choice rules count (see `choice_only_atoms`).
//!
//! # Invariants
//! - Each body is classified at most once; `reached[v]` never goes back to false.

use super::body::{conjunction_of, BodyKey};
use super::build::ProgramState;
use super::lit::{Lit, Var};
use std::collections::HashMap;

/// A body as the classification sees it: its elements (literal, weight), the weight its
/// positive elements must still bring, and its head atoms.
struct Node {
    elements: Vec<(Lit, i64)>,
    weight_body: bool,
    missing_support: i64,
    unknown: usize,
    heads: Vec<Var>,
}

impl Node {
    fn new(key: &BodyKey) -> Node {
        let (elements, bound, weight_body) = match key {
            BodyKey::Normal(lits) => {
                let elements: Vec<(Lit, i64)> = lits.iter().map(|&l| (l, 1)).collect();
                let bound = elements.len() as i64;
                (elements, bound, false)
            }
            BodyKey::Weight(bound, elements) => (elements.clone(), *bound, true),
        };
        let negative: i64 = elements
            .iter()
            .filter(|(l, _)| l.is_negative())
            .map(|e| e.1)
            .sum();
        Node {
            unknown: elements.len(),
            missing_support: bound.saturating_sub(negative),
            elements,
            weight_body,
            heads: Vec::new(),
        }
    }

    /// clasp's sort key of the starting bodies: size, then type.
    fn rank(&self) -> (usize, bool) {
        (self.elements.len(), self.weight_body)
    }
}

/// Per body of `program`: whether it is one negative literal `not a` (as clasp reads it, see
/// [`conjunction_of`]) that clasp classifies before `a` has its variable, `a` an atom of
/// choice rules only (see [`choice_only_atoms`]).
pub(super) fn late_negative_units(program: &ProgramState) -> Vec<bool> {
    let mut nodes: Vec<Node> = program.bodies.iter().map(|(_, k)| Node::new(k)).collect();
    let mut by_key: HashMap<Vec<Lit>, usize> = HashMap::new();
    for (i, (_, key)) in program.bodies.iter().enumerate() {
        if let BodyKey::Normal(lits) = key {
            by_key.entry(lits.clone()).or_insert(i);
        }
    }
    let disjunct_bodies = disjunction_bodies(program);
    for (rule, unshifted) in program.rules.iter().zip(disjunct_bodies) {
        let node = match unshifted {
            None => rule.body as usize,
            Some(lits) => *by_key.entry(lits.clone()).or_insert_with(|| {
                nodes.push(Node::new(&BodyKey::Normal(lits)));
                nodes.len() - 1
            }),
        };
        nodes[node].heads.extend(rule.heads.iter().copied());
    }
    let reached_before = classify(&mut nodes, program.var_count);
    let choice_only = choice_only_atoms(program);
    program
        .bodies
        .iter()
        .enumerate()
        .map(|(b, (_, key))| match conjunction_of(key).as_deref() {
            Some([l]) if l.is_negative() => !reached_before[b] && choice_only[l.var().index()],
            _ => false,
        })
        .collect()
}

/// Per variable: an atom with rules, all of them choice rules. clasp gives such an atom a
/// variable of its own, tied to no body; an atom with a normal rule takes its body's variable,
/// and a body `not a` classified before `a` is later found equal to that body's complement
/// (known-mismatches 77450 against the regressions brave-projection-alias-through-weight-body-
/// and-negations and brave-projection-atom-blocked-through-alias-is-false).
fn choice_only_atoms(program: &ProgramState) -> Vec<bool> {
    let (mut choice, mut other) = (
        vec![false; program.var_count],
        vec![false; program.var_count],
    );
    for rule in &program.rules {
        let kind = if rule.choice { &mut choice } else { &mut other };
        rule.heads.iter().for_each(|h| kind[h.index()] = true);
    }
    choice.iter().zip(&other).map(|(&c, &o)| c && !o).collect()
}

/// Per rule: for a rule shifted from a disjunction, the disjunction's body (the normal body
/// without `not o` for the other disjuncts `o`: atoms of shifted rules that have this rule's
/// head negated in their bodies); `None` otherwise.
fn disjunction_bodies(program: &ProgramState) -> Vec<Option<Vec<Lit>>> {
    let normal = |b: u32| match &program.bodies[b as usize].1 {
        BodyKey::Normal(lits) => Some(lits),
        BodyKey::Weight(..) => None,
    };
    let mut shifted_with: HashMap<Var, Vec<u32>> = HashMap::new();
    for rule in program.rules.iter().filter(|r| r.shifted) {
        for h in rule.heads.iter() {
            shifted_with.entry(*h).or_default().push(rule.body);
        }
    }
    let sibling = |h: Var, l: &Lit| {
        l.is_negative()
            && shifted_with.get(&l.var()).is_some_and(|bodies| {
                bodies
                    .iter()
                    .any(|&b| normal(b).is_some_and(|ls| ls.contains(&h.neg())))
            })
    };
    program
        .rules
        .iter()
        .map(
            |rule| match (rule.shifted, rule.heads.as_slice(), normal(rule.body)) {
                (true, [h], Some(lits)) => {
                    Some(lits.iter().filter(|l| !sibling(*h, l)).copied().collect())
                }
                _ => None,
            },
        )
        .collect()
}

/// Runs the classification; per node, whether the atom of its first element had its variable
/// when the node was classified (false for nodes never classified).
fn classify(nodes: &mut [Node], var_count: usize) -> Vec<bool> {
    let mut uses: Vec<Vec<usize>> = vec![Vec::new(); var_count];
    for (i, node) in nodes.iter().enumerate() {
        for (l, _) in &node.elements {
            let users = &mut uses[l.var().index()];
            if users.last() != Some(&i) {
                users.push(i);
            }
        }
    }
    let mut starting: Vec<usize> = (0..nodes.len())
        .filter(|&i| nodes[i].missing_support <= 0)
        .collect();
    starting.sort_by_key(|&i| nodes[i].rank());
    let mut seen = vec![false; nodes.len()];
    let mut reached = vec![false; var_count];
    let mut first_known = vec![false; nodes.len()];
    let mut next = 0;
    while let Some(&start) = starting.get(next) {
        next += 1;
        let mut follow = vec![start];
        while let Some(b) = follow.pop() {
            if std::mem::replace(&mut seen[b], true) {
                continue;
            }
            first_known[b] = nodes[b]
                .elements
                .first()
                .is_some_and(|(l, _)| reached[l.var().index()]);
            for h in nodes[b].heads.clone() {
                if std::mem::replace(&mut reached[h.index()], true) {
                    continue;
                }
                for &d in &uses[h.index()] {
                    let was_supported = nodes[d].missing_support <= 0;
                    let node = &mut nodes[d];
                    for (l, w) in &node.elements {
                        if l.var() == h {
                            node.unknown -= 1;
                            if !l.is_negative() {
                                node.missing_support -= w;
                            }
                        }
                    }
                    let supported = node.missing_support <= 0;
                    if seen[d] || !supported {
                        continue;
                    }
                    if node.unknown == 0 {
                        follow.push(d);
                    } else if !was_supported {
                        starting.push(d);
                    }
                }
            }
        }
    }
    first_known
}
