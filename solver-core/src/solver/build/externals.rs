//! Which atoms a delta completes and which stay (or become) external, with clasp's reading
//! of which rules *define* an atom (a defined atom is a plain atom whatever its `#external`
//! declaration says).
//!
//! An atom first mentioned by the delta (a new atom, or an open one) is completed by it unless
//! it is declared external and no rule of the delta defines it; then it is an external whose
//! last declared value stands (`Release`: released when the next solve call starts). An external of an earlier
//! delta that a rule of this delta defines is completed here; one declared `Release` is
//! released when the next solve call starts (false for good unless a later delta of the step
//! defines it); another declaration changes its value. An atom completed earlier ignores
//! declarations, and a rule defining it again is a redefinition unless its value is fixed at
//! level 0. An external without defining rules gets no support clause: it is a free variable,
//! assumed `True`/`False` or left `Free` by each solve call.

use fxhash::FxHashMap;

use super::encode::Builder;
use super::{AtomTable, Standing};
use crate::api::SolveError;
use crate::program::{Atom, Body, ExternalValue, GroundProgram, HeadKind, Rule};
use crate::solver::body::{atom_var, literal};
use crate::solver::lit::{Lit, Var};

/// The open atoms `delta` mentions in any statement, as variables, ascending by atom.
pub(super) fn mentioned_open_atoms(delta: &GroundProgram, atoms: &AtomTable) -> Vec<Var> {
    let first_new = delta.atom_count.min(atoms.count()) + 1;
    let mut mentioned = vec![false; delta.atom_count as usize + 1];
    let mut mark = |a: Atom| mentioned[a.0 as usize] = true;
    for rule in &delta.rules {
        rule.head.iter().for_each(|&a| mark(a));
        match &rule.body {
            Body::Normal(lits) => lits.iter().for_each(|l| mark(l.atom())),
            Body::Weight { elements, .. } => elements.iter().for_each(|e| mark(e.literal.atom())),
        }
    }
    let minimize = delta.minimizes.iter().flat_map(|m| &m.elements);
    minimize.for_each(|e| mark(e.literal.atom()));
    delta.projection.iter().flatten().for_each(|&a| mark(a));
    delta
        .outputs
        .iter()
        .flat_map(|o| &o.condition)
        .for_each(|l| mark(l.atom()));
    delta.externals.iter().for_each(|&(a, _)| mark(a));
    delta.assumptions.iter().for_each(|l| mark(l.atom()));
    delta
        .edges
        .iter()
        .flat_map(|e| &e.condition)
        .for_each(|l| mark(l.atom()));
    for h in &delta.heuristics {
        mark(h.atom);
        h.condition.iter().for_each(|l| mark(l.atom()));
    }
    let open = |a: &u32| *a >= first_new || atoms.standing(Atom(*a)) == Standing::Open;
    (1..=delta.atom_count)
        .filter(|&a| mentioned[a as usize] && open(&a))
        .map(|a| atoms.var(Atom(a)))
        .collect()
}

impl Builder<'_> {
    /// Decides the standing of the atoms the delta touches, fills `completing`, and checks
    /// for redefinitions; `fixed(v)` tells whether `v` has a value at level 0.
    pub(super) fn classify_atoms(&mut self, fixed: &dyn Fn(Var) -> bool) -> Result<(), SolveError> {
        let declared = self.declared_externals();
        let mut defined: Vec<Var> = self.program.rules.iter().flat_map(defined_heads).collect();
        defined.sort_unstable();
        defined.dedup();
        let is_defined = |v: Var| defined.binary_search(&v).is_ok();
        self.out.mentioned = self.fresh.clone();
        for var in std::mem::take(&mut self.fresh) {
            let atom = self.state.atoms.atom_of(var);
            match declared.get(&var.0) {
                Some(&value) if !is_defined(var) => {
                    let value = match value {
                        ExternalValue::Release => {
                            self.out.releases.push(atom);
                            ExternalValue::False
                        }
                        value => value,
                    };
                    self.state
                        .atoms
                        .set_standing(atom, Standing::External(value));
                }
                _ => {
                    self.state.atoms.set_standing(atom, Standing::Completed);
                    self.completing.push(var);
                }
            }
        }
        for (&code, &value) in &declared {
            let (var, atom) = (Var(code), self.state.atoms.atom_of(Var(code)));
            if !matches!(self.state.atoms.standing(atom), Standing::External(_)) {
                continue;
            }
            if self.completing.slot(var).is_some() || is_defined(var) {
                continue;
            }
            if value == ExternalValue::Release {
                self.out.releases.push(atom);
            } else {
                self.state
                    .atoms
                    .set_standing(atom, Standing::External(value));
            }
        }
        for &var in &defined {
            self.complete_defined(var, fixed)?;
        }
        Ok(())
    }

    /// A defined head atom not completed yet: an earlier external is completed now; an atom
    /// completed earlier must have a value at level 0.
    fn complete_defined(
        &mut self,
        var: Var,
        fixed: &dyn Fn(Var) -> bool,
    ) -> Result<(), SolveError> {
        if self.completing.slot(var).is_some() {
            return Ok(());
        }
        let atom = self.state.atoms.atom_of(var);
        match self.state.atoms.standing(atom) {
            Standing::External(_) => {
                self.state.atoms.set_standing(atom, Standing::Completed);
                self.completing.push(var);
                self.completes_old_external = true;
                Ok(())
            }
            Standing::Completed if fixed(var) => Ok(()),
            Standing::Completed | Standing::Open => Err(SolveError::Redefinition(atom)),
        }
    }

    /// The delta's last external declaration per atom (variable code); `Release` is final.
    fn declared_externals(&self) -> FxHashMap<u32, ExternalValue> {
        let mut values: FxHashMap<u32, ExternalValue> = FxHashMap::default();
        for &(atom, value) in &self.program.externals {
            let slot = values.entry(atom.0).or_insert(value);
            if *slot != ExternalValue::Release {
                *slot = value;
            }
        }
        values
    }
}

/// Whether `atom` will be an external, and with which value, once `pending` (deltas not
/// translated yet) is translated over `atoms`: read without translating, by the rules of the
/// module doc (a `Release` declaration ends the external, as when the next call starts).
pub(crate) fn external_after(
    atoms: &AtomTable,
    pending: Option<&GroundProgram>,
    atom: Atom,
) -> Option<ExternalValue> {
    let known = atom.0 >= 1 && atom.0 <= atoms.count();
    let standing = if known {
        atoms.standing(atom)
    } else {
        Standing::Open
    };
    let Some(pending) = pending else {
        return match standing {
            Standing::External(value) => Some(value),
            _ => None,
        };
    };
    let defined = || {
        let var = atom_var(atom);
        pending
            .rules
            .iter()
            .any(|r| defined_heads(r).contains(&var))
    };
    let mut declared = None;
    let declarations = pending.externals.iter().filter(|(a, _)| *a == atom);
    for &(_, value) in declarations {
        if declared != Some(ExternalValue::Release) {
            declared = Some(value);
        }
    }
    let value = match (standing, declared) {
        (Standing::Completed, _) | (Standing::Open, None) => return None,
        (Standing::External(value), None) => value,
        (_, Some(value)) => value,
    };
    (value != ExternalValue::Release && !defined()).then_some(value)
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
