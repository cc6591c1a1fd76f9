//! External atoms in the translation, with clasp's reading of which rules *define* an atom
//! (a defined atom is a plain atom whatever its `#external` declaration says).
//!
//! An external without defining rules is a choice `{a}.` when `Free` or `True` (`True` also
//! fixes it with a unit); `False` and `Release` leave it unsupported, hence false. The last
//! declaration wins, except that `Release` is final.

use fxhash::FxHashMap;

use super::{BodyKey, Builder, FlatRule};
use crate::program::{Body, ExternalValue, HeadKind, Rule};
use crate::solver::body::{atom_var, literal};
use crate::solver::lit::{Lit, Var};

impl Builder<'_> {
    /// Externals without defining rules: `Free` and `True` as the choice `{a}.`, `True` also
    /// as a unit; `False` and `Release` leave the atom unsupported.
    pub(super) fn add_externals(&mut self) {
        let externals = self.external_values();
        for (atom, value) in externals.into_iter().enumerate() {
            if !matches!(value, Some(ExternalValue::Free | ExternalValue::True)) {
                continue;
            }
            let body = self.intern(BodyKey::Normal(Vec::new()));
            let heads = vec![Var(atom as u32)];
            self.rules.push(FlatRule {
                heads,
                choice: true,
                body,
            });
            if value == Some(ExternalValue::True) {
                self.out.units.push(Var(atom as u32).pos());
            }
        }
    }

    /// The effective external value per atom: the last declaration, except that `Release` is
    /// final; absent for atoms some rule defines.
    pub(super) fn external_values(&self) -> Vec<Option<ExternalValue>> {
        let mut values = vec![None; self.program.atom_count as usize + 1];
        if self.program.externals.is_empty() {
            return values;
        }
        for &(atom, value) in &self.program.externals {
            let slot = &mut values[atom.0 as usize];
            if *slot != Some(ExternalValue::Release) {
                *slot = Some(value);
            }
        }
        for rule in &self.program.rules {
            for h in defined_heads(rule) {
                values[h.index()] = None;
            }
        }
        values
    }
}

/// The head atoms a rule defines in clasp's sense (which overrides an external declaration).
///
/// The body is simplified as clasp does when a rule is added: weights made positive, equal
/// literals merged, weights capped at the bound. A body no interpretation satisfies defines
/// nothing; a body needing all its literals is a conjunction (weights 1, slack 0); otherwise
/// `slack` is total weight minus bound. A head atom whose positive literal weighs more than the
/// slack makes a disjunctive rule define nothing and is not defined by a choice; a head atom
/// whose negative literal weighs more than the slack is not defined.
pub(super) fn defined_heads(rule: &Rule) -> Vec<Var> {
    let Some((slack, weights)) = simplified_body(&rule.body) else {
        return Vec::new();
    };
    let weight = |lit: Lit| weights.get(&lit).copied().unwrap_or(0);
    let satisfied = |v: Var| weight(v.pos()) > slack;
    let heads = rule.head.iter().map(|&a| atom_var(a));
    if rule.kind == HeadKind::Disjunction && heads.clone().any(satisfied) {
        return Vec::new();
    }
    heads
        .filter(|&v| !satisfied(v) && weight(v.neg()) <= slack)
        .collect()
}

/// A body as clasp simplifies it: `(slack, weight per literal)`, `None` if it can never hold.
fn simplified_body(body: &Body) -> Option<(i128, FxHashMap<Lit, i128>)> {
    let (lower, pairs): (i128, Vec<(Lit, i128)>) = match body {
        Body::Normal(lits) => (0, lits.iter().map(|&l| (literal(l), 1)).collect()),
        Body::Weight { lower, elements } => {
            let mut bound = *lower as i128;
            let mut pairs = Vec::new();
            for e in elements {
                let (lit, w) = (literal(e.literal), e.weight as i128);
                if w < 0 {
                    bound -= w;
                }
                pairs.push(if w < 0 { (!lit, -w) } else { (lit, w) });
            }
            (bound, pairs)
        }
    };
    let mut weights: FxHashMap<Lit, i128> = FxHashMap::default();
    for (lit, w) in pairs {
        *weights.entry(lit).or_insert(0) += w;
    }
    weights.retain(|_, w| *w != 0);
    let conjunction = |weights: FxHashMap<Lit, i128>| {
        let consistent = weights.keys().all(|&l| !weights.contains_key(&!l));
        consistent.then(|| (0, weights.into_keys().map(|l| (l, 1)).collect()))
    };
    if matches!(body, Body::Normal(_)) {
        return conjunction(weights);
    }
    if lower <= 0 {
        return Some((0, FxHashMap::default()));
    }
    weights.values_mut().for_each(|w| *w = (*w).min(lower));
    let total: i128 = weights.values().sum();
    let lightest = weights.values().copied().min().unwrap_or(0);
    let reachable: i128 = weights
        .iter()
        .map(
            |(&l, &w)| match (weights.get(&!l).copied(), l.is_negative()) {
                (None, _) => w,
                (Some(opposite), false) => w.max(opposite),
                (Some(_), true) => 0,
            },
        )
        .sum();
    if reachable < lower {
        None
    } else if total - lightest < lower {
        conjunction(weights)
    } else {
        Some((total - lower, weights))
    }
}
