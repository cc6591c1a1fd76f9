//! A brute-force oracle for tests: every stable model of a small program, found by trying every
//! subset of the atoms that can be true and keeping those [`check_model`] accepts; plus the
//! answers derived from the model set (costs, optima, projections, brave and cautious
//! consequences).
//!
//! # Algorithm and limits
//! Only atoms that head some rule or are declared external can be true in a stable model; the
//! others are fixed false. The `2^k` subsets of those `k` candidates are
//! checked one by one, so `k` must stay small: [`stable_models`] refuses more than
//! [`MAX_CANDIDATES`] candidates. It shares no code with the search; the model check is the
//! independent checker of [`crate::check`].
//!
//! # Conventions (clasp's)
//! - Cost levels are the distinct priorities of all minimize statements (also empty ones),
//!   highest first; a level's cost is the sum of the weights of its true literals.
//! - Without a projection statement, projection is onto the atoms of the output conditions.

use std::collections::BTreeSet;

use crate::check::check_model;
use crate::program::{Atom, Body, GroundProgram, HeadKind, Literal};

/// The largest number of candidate atoms [`stable_models`] accepts (2^20 subsets).
pub const MAX_CANDIDATES: usize = 20;

/// The program has too many candidate atoms for brute force.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} candidate atoms are too many for brute force (at most 20)")]
pub struct TooLarge(pub usize);

/// Every stable model of `program` (each as ascending atoms), in ascending order.
///
/// # Errors
/// [`TooLarge`] when more than [`MAX_CANDIDATES`] atoms can be true.
pub fn stable_models(program: &GroundProgram) -> Result<Vec<Vec<Atom>>, TooLarge> {
    let candidates = candidate_atoms(program);
    if candidates.len() > MAX_CANDIDATES {
        return Err(TooLarge(candidates.len()));
    }
    let mut models = Vec::new();
    for mask in 0u32..(1 << candidates.len()) {
        let subset: Vec<Atom> = candidates
            .iter()
            .enumerate()
            .filter(|(bit, _)| mask & (1 << bit) != 0)
            .map(|(_, atom)| *atom)
            .collect();
        if check_model(program, &subset).is_ok() {
            models.push(subset);
        }
    }
    models.sort();
    Ok(models)
}

/// The atoms that can be true in some stable model: rule heads and external atoms.
pub fn candidate_atoms(program: &GroundProgram) -> Vec<Atom> {
    let mut candidates: BTreeSet<Atom> = program
        .rules
        .iter()
        .flat_map(|rule| rule.head.iter().copied())
        .collect();
    candidates.extend(program.externals.iter().map(|(atom, _)| *atom));
    candidates
        .into_iter()
        .filter(|a| a.0 >= 1 && a.0 <= program.atom_count)
        .collect()
}

/// The priority levels of `program`'s minimize statements, highest first.
pub fn priority_levels(program: &GroundProgram) -> Vec<i32> {
    let levels: BTreeSet<i32> = program.minimizes.iter().map(|m| m.priority).collect();
    levels.into_iter().rev().collect()
}

/// The costs of `model` per priority level, highest priority first.
pub fn costs(program: &GroundProgram, model: &[Atom]) -> Vec<i64> {
    let true_atoms: BTreeSet<Atom> = model.iter().copied().collect();
    let holds = |literal: Literal| true_atoms.contains(&literal.atom()) == literal.is_positive();
    priority_levels(program)
        .into_iter()
        .map(|level| {
            program
                .minimizes
                .iter()
                .filter(|m| m.priority == level)
                .flat_map(|m| &m.elements)
                .filter(|element| holds(element.literal))
                .fold(0i64, |sum, element| sum.saturating_add(element.weight))
        })
        .collect()
}

/// The optimum costs and every optimal model among `models`; `None` if there are no models.
pub fn optimal_models(
    program: &GroundProgram,
    models: &[Vec<Atom>],
) -> Option<(Vec<i64>, Vec<Vec<Atom>>)> {
    let best = models.iter().map(|m| costs(program, m)).min()?;
    let optimal = models
        .iter()
        .filter(|m| costs(program, m) == best)
        .cloned()
        .collect();
    Some((best, optimal))
}

/// The atoms models are projected onto: the projection statement's, or else the atoms of the
/// output conditions; ascending, without duplicates.
pub fn projection_atoms(program: &GroundProgram) -> Vec<Atom> {
    let atoms: BTreeSet<Atom> = match &program.projection {
        Some(atoms) => atoms.iter().copied().collect(),
        None => program
            .outputs
            .iter()
            .flat_map(|o| o.condition.iter().map(|l| l.atom()))
            .collect(),
    };
    atoms.into_iter().collect()
}

/// The projection of `model` onto `onto` (ascending).
pub fn project(model: &[Atom], onto: &[Atom]) -> Vec<Atom> {
    let mut projected: Vec<Atom> = model.iter().copied().filter(|a| onto.contains(a)).collect();
    projected.sort();
    projected.dedup();
    projected
}

/// The distinct projections of `models` onto `program`'s projection atoms.
pub fn projected_models(program: &GroundProgram, models: &[Vec<Atom>]) -> BTreeSet<Vec<Atom>> {
    let onto = projection_atoms(program);
    models.iter().map(|m| project(m, &onto)).collect()
}

/// The brave consequences: atoms true in some model (ascending).
pub fn brave(models: &[Vec<Atom>]) -> Vec<Atom> {
    let union: BTreeSet<Atom> = models.iter().flatten().copied().collect();
    union.into_iter().collect()
}

/// The cautious consequences: atoms true in every model (ascending); `None` without models.
pub fn cautious(models: &[Vec<Atom>]) -> Option<Vec<Atom>> {
    let (first, rest) = models.split_first()?;
    let mut common: BTreeSet<Atom> = first.iter().copied().collect();
    for model in rest {
        let here: BTreeSet<Atom> = model.iter().copied().collect();
        common.retain(|a| here.contains(a));
    }
    Some(common.into_iter().collect())
}

/// Whether no disjunctive rule has two head atoms in one strongly connected component of the
/// positive dependency graph (head atom → positive body atom, after negative weights are
/// normalised: `not a` with a negative weight counts as `a`). Quadratic; for test programs.
pub fn is_head_cycle_free(program: &GroundProgram) -> bool {
    let edges = positive_dependencies(program);
    let cyclic = |a: &Atom, b: &Atom| {
        a != b
            && reaches(&edges, a.0 as usize, b.0 as usize)
            && reaches(&edges, b.0 as usize, a.0 as usize)
    };
    program
        .rules
        .iter()
        .filter(|rule| rule.kind == HeadKind::Disjunction)
        .all(|rule| {
            let head = &rule.head;
            head.iter()
                .enumerate()
                .all(|(i, a)| head.iter().skip(i + 1).all(|b| !cyclic(a, b)))
        })
}

/// The positive dependency graph: for each atom, the positive body atoms of its rules.
fn positive_dependencies(program: &GroundProgram) -> Vec<Vec<usize>> {
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); program.atom_count as usize + 1];
    for rule in &program.rules {
        let positive: Vec<usize> = match &rule.body {
            Body::Normal(literals) => literals
                .iter()
                .filter(|l| l.is_positive())
                .map(|l| l.atom().0 as usize)
                .collect(),
            Body::Weight { elements, .. } => elements
                .iter()
                .filter(|e| e.weight != 0 && e.literal.is_positive() == (e.weight > 0))
                .map(|e| e.literal.atom().0 as usize)
                .collect(),
        };
        for head in &rule.head {
            if let Some(list) = edges.get_mut(head.0 as usize) {
                list.extend(positive.iter().copied());
            }
        }
    }
    edges
}

/// Whether a path of at least one edge leads from `from` to `to`.
fn reaches(edges: &[Vec<usize>], from: usize, to: usize) -> bool {
    let mut seen = vec![false; edges.len()];
    let mut stack = vec![from];
    while let Some(node) = stack.pop() {
        for &next in edges.get(node).into_iter().flatten() {
            if next == to {
                return true;
            }
            if let Some(mark) = seen.get_mut(next).filter(|m| !**m) {
                *mark = true;
                stack.push(next);
            }
        }
    }
    false
}
