//! Conditional disjunction elements whose atom is a pool or interval: clingo reads them as a
//! conjunction (`p(1..2) : c ; q.` is `p(1) & p(2) : c ; q.`).
//!
//! The rewrite gives each alternative of such an element its own [`HeadElem`] tagged with the
//! source element (see `HeadElem::conj`); here the instances of one source element that agree
//! on the condition and on every variable but the intervals' are collected into one
//! conjunction. An alternative whose arithmetic is undefined drops out of the conjunction, so
//! an instance can be empty: then it holds whenever its condition does (clingo's `#true`).
//!
//! # Invariants
//! - A conjunction with one atom is an ordinary element `a : c`; with none or several it is
//!   replaced by a stand-in `h` with `h :- atoms, c.`, `a :- h, c.` for each atom and
//!   `:- h, not l.` for each condition literal `l` (as `conditional_head_atom` does for one).

use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::rules::{HeadElem, Rule};
use crate::term::eval::Binding;

/// One conjunction: the source element, the binding without interval variables, the ground
/// condition and the (defined) atoms.
pub(crate) type Conjunction = (u32, Binding, Vec<GLit>, Vec<AtomId>);

impl Grounder<'_> {
    /// Adds the instances of the tagged element `e` to `out`, each atom to its domain.
    pub(crate) fn conjunction_instances(
        &mut self,
        rule: &Rule,
        e: &HeadElem,
        binding: &mut Binding,
        mode: Mode,
        out: &mut Vec<Conjunction>,
    ) -> Result<(), Stop> {
        let Some((group, inner)) = &e.conj else {
            return Ok(());
        };
        self.sub_join(rule, &e.cond, binding, mode, &mut |g, b, lits| {
            let key: Binding = b
                .iter()
                .enumerate()
                .map(|(v, x)| {
                    if inner.contains(&(v as u32)) {
                        None
                    } else {
                        *x
                    }
                })
                .collect();
            let atom = g.ground_atom(rule, &e.atom, b);
            if let Some(atom) = atom {
                g.store.add_to_domain(g.table, atom);
            }
            let found = out
                .iter_mut()
                .find(|(id, k, l, _)| id == group && *k == key && l.as_slice() == lits);
            let atoms = match found {
                Some((_, _, _, atoms)) => atoms,
                None => {
                    out.push((*group, key, lits.to_vec(), Vec::new()));
                    match out.last_mut() {
                        Some(last) => &mut last.3,
                        None => return Ok(()),
                    }
                }
            };
            if let Some(atom) = atom {
                if !atoms.contains(&atom) {
                    atoms.push(atom);
                }
            }
            Ok(())
        })
    }

    /// The stand-in for the conjunction of `atoms` under `cond` (see the module invariants).
    pub(crate) fn conjunction_head(
        &mut self,
        atoms: &[AtomId],
        cond: &[GLit],
    ) -> Result<AtomId, Stop> {
        let h = self.store.aux();
        let mut support: Vec<GLit> = atoms.iter().map(|a| GLit::pos(*a)).collect();
        support.extend(cond.iter().copied());
        self.push_rule(GRule {
            choice: false,
            head: vec![h],
            body: GBody::Normal(support),
        })?;
        for &atom in atoms {
            if cond.contains(&GLit::pos(atom)) {
                continue;
            }
            let mut body = vec![GLit::pos(h)];
            body.extend(cond.iter().copied());
            self.push_rule(GRule {
                choice: false,
                head: vec![atom],
                body: GBody::Normal(body),
            })?;
        }
        for c in cond {
            self.push_rule(GRule {
                choice: false,
                head: Vec::new(),
                body: GBody::Normal(vec![GLit::pos(h), c.negate()]),
            })?;
        }
        Ok(h)
    }
}
