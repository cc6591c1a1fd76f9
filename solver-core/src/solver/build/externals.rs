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
use crate::program::WeightedLiteral;
use crate::program::{Atom, Body, ExternalValue, GroundProgram, HeadKind, Literal, Rule};
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
        let (mut defined, mut scratch) = (Vec::new(), Vec::new());
        for rule in &self.program.rules {
            push_defined_heads(rule, &mut scratch, &mut defined);
        }
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
    let mut heads = Vec::new();
    push_defined_heads(rule, &mut Vec::new(), &mut heads);
    heads
}

/// Appends [`defined_heads`] of `rule` to `out`; `scratch` is working space.
fn push_defined_heads(rule: &Rule, scratch: &mut Vec<Lit>, out: &mut Vec<Var>) {
    if rule.head.is_empty() {
        return;
    }
    let simplified = match &rule.body {
        Body::Normal(lits) => return conjunction_defined_heads(rule, lits, scratch, out),
        Body::Weight { lower, elements } => simplified_weight_body(*lower, elements),
    };
    let Some((slack, weights)) = simplified else {
        return;
    };
    let weight = |lit: Lit| weights.get(&lit).copied().unwrap_or(0);
    let satisfied = |v: Var| weight(v.pos()) > slack;
    let heads = rule.head.iter().map(|&a| atom_var(a));
    if rule.kind == HeadKind::Disjunction && heads.clone().any(satisfied) {
        return;
    }
    out.extend(heads.filter(|&v| !satisfied(v) && weight(v.neg()) <= slack));
}

/// [`defined_heads`] of a rule with a normal body (a conjunction: slack 0, weights 1),
/// without building its weights: nothing if the body has complementary literals or (for a
/// disjunction) a head atom; otherwise the head atoms not in the body either way. The body
/// is sorted in `body`.
fn conjunction_defined_heads(
    rule: &Rule,
    lits: &[Literal],
    body: &mut Vec<Lit>,
    out: &mut Vec<Var>,
) {
    body.clear();
    body.extend(lits.iter().map(|&l| literal(l)));
    body.sort_unstable();
    if body.windows(2).any(|w| w[0] == !w[1]) {
        return;
    }
    let has = |lit: Lit| body.binary_search(&lit).is_ok();
    let heads = rule.head.iter().map(|&a| atom_var(a));
    if rule.kind == HeadKind::Disjunction && heads.clone().any(|v| has(v.pos())) {
        return;
    }
    out.extend(heads.filter(|&v| !has(v.pos()) && !has(v.neg())));
}

/// A weight body as clasp simplifies it: `(slack, weight per literal)`, `None` if it can
/// never hold.
fn simplified_weight_body(
    lower: i64,
    elements: &[WeightedLiteral],
) -> Option<(i128, FxHashMap<Lit, i128>)> {
    let mut bound = lower as i128;
    let mut pairs = Vec::new();
    for e in elements {
        let (lit, w) = (literal(e.literal), e.weight as i128);
        if w < 0 {
            bound -= w;
        }
        pairs.push(if w < 0 { (!lit, -w) } else { (lit, w) });
    }
    let lower = bound;
    let mut weights: FxHashMap<Lit, i128> = FxHashMap::default();
    for (lit, w) in pairs {
        *weights.entry(lit).or_insert(0) += w;
    }
    weights.retain(|_, w| *w != 0);
    let conjunction = |weights: FxHashMap<Lit, i128>| {
        let consistent = weights.keys().all(|&l| !weights.contains_key(&!l));
        consistent.then(|| (0, weights.into_keys().map(|l| (l, 1)).collect()))
    };
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

#[cfg(test)]
mod tests {
    use super::defined_heads;
    use crate::program::{Atom, Body, HeadKind, Literal, Rule, WeightedLiteral};
    use crate::solver::lit::Var;

    /// The rule `kind head :- body.` and the same rule with the body as a weight body that
    /// needs every literal (`n { body }`, clasp's conjunction).
    fn both_forms(kind: HeadKind, head: &[u32], body: &[Literal]) -> [Rule; 2] {
        let head: Vec<Atom> = head.iter().map(|&a| Atom(a)).collect();
        let elements = body
            .iter()
            .map(|&literal| WeightedLiteral { literal, weight: 1 });
        let weight = Body::Weight {
            lower: body.len() as i64,
            elements: elements.collect(),
        };
        let rule = |body| Rule {
            kind,
            head: head.clone(),
            body,
        };
        [rule(Body::Normal(body.to_vec())), rule(weight)]
    }

    #[test]
    fn a_conjunction_defines_the_heads_it_does_not_mention_as_its_weight_form_does() {
        let (pos, neg) = (
            |a| Literal::positive(Atom(a)),
            |a| Literal::negative(Atom(a)),
        );
        let (disjunction, choice) = (HeadKind::Disjunction, HeadKind::Choice);
        // (kind, head atoms, body, the head atoms defined)
        type Case = (HeadKind, Vec<u32>, Vec<Literal>, Vec<u32>);
        let cases: Vec<Case> = vec![
            (disjunction, vec![1], vec![pos(2)], vec![1]),
            (disjunction, vec![1], vec![pos(1)], vec![]),
            (disjunction, vec![1], vec![neg(1)], vec![]),
            (disjunction, vec![1], vec![pos(2), neg(2)], vec![]),
            (disjunction, vec![1, 3], vec![pos(1)], vec![]),
            (disjunction, vec![1, 3], vec![neg(1), pos(2)], vec![3]),
            (choice, vec![1, 3], vec![pos(1)], vec![3]),
            (choice, vec![1, 3], vec![pos(2), pos(2)], vec![1, 3]),
            (disjunction, vec![], vec![pos(2), pos(3)], vec![]),
        ];
        for (kind, head, body, expected) in cases {
            let expected: Vec<Var> = expected.into_iter().map(Var).collect();
            for rule in both_forms(kind, &head, &body) {
                assert_eq!(defined_heads(&rule), expected, "{rule:?}");
            }
        }
    }
}
