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
use crate::normalize::rules::{HeadElem, Lit, Rule};
use crate::term::eval::{Binding, T};

/// One conjunction: the source element, the binding without interval variables, the ground
/// condition and the (defined) atoms.
pub(crate) type Conjunction = (u32, Binding, Vec<GLit>, Vec<AtomId>);

impl Grounder<'_> {
    /// Adds the instances of the tagged element `e` to `out`, each atom to its domain. The
    /// condition without the external calls of the atom gives the instances and the calls
    /// under each give its atoms, so an instance whose call gives no value (or names no
    /// function) is an empty conjunction that holds with its condition, as in clingo
    /// (`s(@g) : q ; not not a.` with no `@g` holds when `q` does). An interval of the atom
    /// stays in the condition: an instance with an empty interval is no instance.
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
        let (calls, outer): (Vec<Lit>, Vec<Lit>) =
            e.cond.iter().cloned().partition(|l| binds_one_of(l, inner));
        self.sub_join(rule, &outer, binding, mode, &mut |g, b, lits| {
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
            let index = out
                .iter()
                .position(|(id, k, l, _)| id == group && *k == key && l.as_slice() == lits);
            let index = index.unwrap_or_else(|| {
                out.push((*group, key, lits.to_vec(), Vec::new()));
                out.len() - 1
            });
            g.sub_join(rule, &calls, b, mode, &mut |g, b, _| {
                let Some(atom) = g.ground_atom(rule, &e.atom, b) else {
                    return Ok(());
                };
                g.store.add_to_domain(g.table, atom);
                if let Some((_, _, _, atoms)) = out.get_mut(index) {
                    if !atoms.contains(&atom) {
                        atoms.push(atom);
                    }
                }
                Ok(())
            })
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

/// Whether `lit` is the external call `v = @f(..)` of one of the variables `vars`.
fn binds_one_of(lit: &Lit, vars: &[u32]) -> bool {
    match lit {
        Lit::Cmp(_, T::Var(v), T::Call(..)) => vars.contains(v),
        _ => false,
    }
}
