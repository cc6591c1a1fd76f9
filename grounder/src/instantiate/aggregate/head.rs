//! Choice rules and head aggregates: choice rules over the element atoms plus the constraint
//! `:- body, not bound_holds` (only `:- body` when the bounds cannot be met).

use super::{Groups, Tri};
use crate::ast::AggregateFunction;
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::rules::{Bound, HeadElem, Rule};
use crate::term::eval::Binding;
use crate::term::intern::Val;
use fxhash::FxHashMap;

impl Grounder<'_> {
    /// A choice rule (`function == None`) or head aggregate: choice rules for the element
    /// atoms and a constraint enforcing the bounds.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn head_aggregate(
        &mut self,
        rule: &Rule,
        function: Option<AggregateFunction>,
        elems: &[HeadElem],
        bounds: &[Bound],
        mode: Mode,
        binding: &mut Binding,
        body: &[GLit],
    ) -> Result<(), Stop> {
        let mut instances: Vec<(Vec<Val>, AtomId, Vec<GLit>)> = Vec::new();
        for e in elems {
            for (atom, terms, cond) in self.head_element_atoms(rule, e, binding, mode, false)? {
                let tuple = match function {
                    None => self
                        .store
                        .info(atom)
                        .and_then(|i| i.val)
                        .into_iter()
                        .collect(),
                    Some(_) => terms,
                };
                instances.push((tuple, atom, cond));
            }
        }
        let bvals = self.eval_bounds(rule, bounds, binding);
        let count = AggregateFunction::Count;
        if let Some(bvals) = &bvals {
            if !self.head_satisfiable(function.unwrap_or(count), &instances, bvals) {
                // As gringo: the element atoms stay undefined; the body must be false.
                return match mode {
                    Mode::Domain => Ok(()),
                    Mode::Emit => self.constraint(body.to_vec()),
                };
            }
        }
        for (_, atom, _) in &instances {
            self.store.add_to_domain(self.table, *atom);
        }
        if mode == Mode::Domain {
            return Ok(());
        }
        self.choice_rules(&instances, body)?;
        let Some(bvals) = bvals.filter(|b| !b.is_empty()) else {
            return Ok(());
        };
        let mut index: FxHashMap<Vec<Val>, usize> = FxHashMap::default();
        let mut groups: Groups = Vec::new();
        for (tuple, atom, cond) in instances {
            let mut alt = cond;
            if !self.store.is_fact(atom) {
                alt.push(GLit::pos(atom));
            }
            let slot = *index.entry(tuple.clone()).or_insert_with(|| {
                groups.push((tuple, Vec::new()));
                groups.len() - 1
            });
            if let Some((_, alts)) = groups.get_mut(slot) {
                alts.push(alt);
            }
        }
        let function = function.unwrap_or(AggregateFunction::Count);
        let weighted = self.weighted(function, groups, mode)?;
        let tri = self.bounds_tri(function, &weighted, &bvals, false)?;
        // In a constraint's body `not not a` is `a`.
        let violated = match tri {
            Tri::Lits(l) if l.len() == 1 => Tri::Lits(l.iter().map(|x| x.negate()).collect()),
            t => self.negate(t)?,
        };
        match violated {
            Tri::False => Ok(()),
            Tri::True => self.constraint(body.to_vec()),
            Tri::Lits(l) => {
                let mut b = body.to_vec();
                b.extend(l);
                self.constraint(b)
            }
        }
    }

    pub(super) fn constraint(&mut self, body: Vec<GLit>) -> Result<(), Stop> {
        self.push_rule(GRule {
            choice: false,
            head: Vec::new(),
            body: GBody::Normal(body),
        })
    }

    /// `{a; b} :- body.` for unconditional elements, `{a} :- body, cond.` for the others.
    pub(super) fn choice_rules(
        &mut self,
        instances: &[(Vec<Val>, AtomId, Vec<GLit>)],
        body: &[GLit],
    ) -> Result<(), Stop> {
        let mut free: Vec<AtomId> = instances
            .iter()
            .filter(|(_, a, c)| c.is_empty() && !self.store.is_fact(*a))
            .map(|(_, a, _)| *a)
            .collect();
        free.sort_unstable();
        free.dedup();
        if !free.is_empty() {
            self.push_rule(GRule {
                choice: true,
                head: free,
                body: GBody::Normal(body.to_vec()),
            })?;
        }
        for (_, atom, cond) in instances.iter() {
            if cond.is_empty() || self.store.is_fact(*atom) {
                continue;
            }
            let mut b = body.to_vec();
            b.extend(cond.iter().copied());
            self.push_rule(GRule {
                choice: true,
                head: vec![*atom],
                body: GBody::Normal(b),
            })?;
        }
        Ok(())
    }
}
