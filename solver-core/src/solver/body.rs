//! Rule bodies in the solver's normal form, shared by the translation (`build`) and the
//! stability check of non-HCF programs (`disjunctive`).
//!
//! A normal body is a sorted set of literals without complementary pairs; a weight body has
//! positive weights (clasp's normalisation: `(l, w)` with `w < 0` becomes `(¬l, −w)` and
//! raises the bound by `−w`), equal literals merged and weights capped at the bound. A body
//! that can never hold normalises to `None`; a trivially true weight body to the empty
//! conjunction. Equal bodies have equal keys, so the translation shares their variables.

use fxhash::FxHashMap;

use super::lit::{Lit, Var};
use crate::api::SolveError;
use crate::program::{Atom, Body, Literal};

/// A body after normalisation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BodyKey {
    /// Sorted distinct literals, none complementary.
    Normal(Vec<Lit>),
    /// Bound and merged positive-weight elements (sorted by literal).
    Weight(i64, Vec<(Lit, i64)>),
}

/// The variable of an atom.
pub(crate) fn atom_var(atom: Atom) -> Var {
    Var(atom.0)
}

/// The solver literal of a program literal.
pub(crate) fn literal(l: Literal) -> Lit {
    Lit::new(atom_var(l.atom()), !l.is_positive())
}

/// Positive atoms of a body with their weights (1 in normal bodies).
pub(crate) fn positive_atoms(body: &BodyKey) -> Vec<(Var, i64)> {
    match body {
        BodyKey::Normal(lits) => lits
            .iter()
            .filter(|l| !l.is_negative())
            .map(|l| (l.var(), 1))
            .collect(),
        BodyKey::Weight(_, elements) => elements
            .iter()
            .filter(|(l, _)| !l.is_negative())
            .map(|&(l, w)| (l.var(), w))
            .collect(),
    }
}

/// The literal a body is equivalent to when it needs no variable of its own: `Lit::TRUE` for
/// the empty conjunction, `l` for the conjunction of `l` alone.
pub(crate) fn literal_of(key: &BodyKey) -> Option<Lit> {
    match key {
        BodyKey::Normal(lits) if lits.is_empty() => Some(Lit::TRUE),
        BodyKey::Normal(lits) if lits.len() == 1 => Some(lits[0]),
        _ => None,
    }
}

/// The literals a body holds exactly when all of them hold: a normal body's, or a weight
/// body's when it needs every element (the weights without the lightest one stay below the
/// bound, as clasp's reading turns such a body into a normal one); `None` otherwise.
pub(crate) fn conjunction_of(key: &BodyKey) -> Option<Vec<Lit>> {
    match key {
        BodyKey::Normal(lits) => Some(lits.clone()),
        BodyKey::Weight(bound, elements) => {
            let weights = elements.iter().map(|e| e.1 as i128);
            let sum: i128 = weights.clone().sum();
            let lightest = weights.min().unwrap_or(0);
            (sum - lightest < *bound as i128).then(|| elements.iter().map(|e| e.0).collect())
        }
    }
}

/// Normalises a body; `None` when it can never hold.
pub(crate) fn normalise_body(body: &Body) -> Result<Option<BodyKey>, SolveError> {
    match body {
        Body::Normal(lits) => Ok(normal_key(lits.iter().map(|&l| literal(l)).collect())),
        Body::Weight { lower, elements } => {
            let pairs = elements
                .iter()
                .map(|e| (literal(e.literal), e.weight))
                .collect();
            weight_key(*lower, pairs)
        }
    }
}

/// A normal body key, `None` if it contains complementary literals.
fn normal_key(mut lits: Vec<Lit>) -> Option<BodyKey> {
    lits.sort_unstable();
    lits.dedup();
    if lits.windows(2).any(|w| w[0] == !w[1]) {
        return None;
    }
    Some(BodyKey::Normal(lits))
}

/// A weight body key: positive weights (clasp's normalisation: `(l, w)` with `w < 0` becomes
/// `(¬l, −w)` and raises the bound by `−w`), equal literals merged; complementary literals are
/// kept apart, since `{a, not a}` is not a tautology under the stable-model reduct. Trivial
/// bodies become empty normal bodies.
fn weight_key(lower: i64, pairs: Vec<(Lit, i64)>) -> Result<Option<BodyKey>, SolveError> {
    let overflow = || SolveError::Unsupported("weight body with weights out of range".into());
    let mut by_lit: FxHashMap<Lit, i128> = FxHashMap::default();
    let mut bound = lower as i128;
    for (lit, weight) in pairs {
        let (lit, weight) = match weight < 0 {
            true => {
                bound -= weight as i128;
                (!lit, -(weight as i128))
            }
            false => (lit, weight as i128),
        };
        *by_lit.entry(lit).or_insert(0) += weight;
    }
    if bound <= 0 {
        return Ok(Some(BodyKey::Normal(Vec::new())));
    }
    let mut elements: Vec<(Lit, i64)> = Vec::new();
    let mut total: i128 = 0;
    for (lit, weight) in by_lit {
        let capped = weight.min(bound);
        if capped > 0 {
            total += capped;
            elements.push((lit, i64::try_from(capped).map_err(|_| overflow())?));
        }
    }
    if total < bound {
        return Ok(None);
    }
    let bound = i64::try_from(bound).map_err(|_| overflow())?;
    elements.sort_unstable();
    Ok(Some(BodyKey::Weight(bound, elements)))
}

/// The conjunction of a body with extra literals (shifting); `None` if it can never hold.
pub(crate) fn conjoin(key: &BodyKey, extra: &[Lit]) -> Result<Option<BodyKey>, SolveError> {
    match key {
        BodyKey::Normal(lits) => Ok(normal_key(lits.iter().chain(extra).copied().collect())),
        BodyKey::Weight(lower, elements) => {
            let total: i128 = elements.iter().map(|e| e.1 as i128).sum();
            let big = total + 1;
            let bound = *lower as i128 + big * extra.len() as i128;
            let overflow =
                || SolveError::Unsupported("weight body with weights out of range".into());
            let big = i64::try_from(big).map_err(|_| overflow())?;
            let bound = i64::try_from(bound).map_err(|_| overflow())?;
            let mut pairs: Vec<(Lit, i64)> = elements.clone();
            pairs.extend(extra.iter().map(|&l| (l, big)));
            weight_key(bound, pairs)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_weights_are_normalised() {
        let key = weight_key(0, vec![(Var(1).pos(), -2), (Var(2).pos(), 1)]).unwrap();
        assert_eq!(
            key,
            Some(BodyKey::Weight(
                2,
                vec![(Var(1).neg(), 2), (Var(2).pos(), 1)]
            ))
        );
        assert_eq!(
            weight_key(1, vec![(Var(1).pos(), 1), (Var(1).neg(), 1)]).unwrap(),
            Some(BodyKey::Weight(
                1,
                vec![(Var(1).pos(), 1), (Var(1).neg(), 1)]
            ))
        );
        assert_eq!(weight_key(3, vec![(Var(1).pos(), 1)]).unwrap(), None);
        assert_eq!(
            weight_key(0, vec![]).unwrap(),
            Some(BodyKey::Normal(vec![]))
        );
    }

    #[test]
    fn weight_body_needing_every_element_is_a_conjunction() {
        let (a, b) = (Var(1).pos(), Var(2).neg());
        let single = weight_key(1, vec![(a, 1)]).unwrap().unwrap();
        assert_eq!(conjunction_of(&single), Some(vec![a]));
        let both = weight_key(3, vec![(a, 1), (b, 2)]).unwrap().unwrap();
        assert_eq!(conjunction_of(&both), Some(vec![a, b]));
        let either = weight_key(2, vec![(a, 2), (b, 2)]).unwrap().unwrap();
        assert_eq!(conjunction_of(&either), None);
    }
}
