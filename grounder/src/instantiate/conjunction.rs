//! Conditional disjunction elements: clingo reads the instances of one element that agree on
//! its atom's variables as one conjunction under the disjunction of their conditions
//! (`p(1..2) : c ; q.` is `p(1) & p(2) : c ; q.`, and `p(1) : q(X) ; r.` is
//! `p(1) : q(1) | q(2) ; r.`).
//!
//! The rewrite gives each alternative of a pooled element its own [`HeadElem`] tagged with the
//! source element (see `HeadElem::conj`); here the instances of one source element that agree
//! on every variable of its alternatives' atoms but the intervals' are collected into one
//! conjunction (`q(W;1) : r(W)` is `q(1) & q(1) : r(1) ; q(2) & q(1) : r(2)`), with
//! the distinct conditions of its instances. A variable of the condition only (`X` in
//! `p(1) : q(X)`) does not split the conjunction: clingo's translation keeps one element, and
//! its answers differ from one element per instance when the condition depends on the head
//! (`p(1) : p(W)`). An alternative whose arithmetic is undefined drops out of the conjunction,
//! so an instance can be empty: then it holds whenever its condition does (clingo's `#true`).
//!
//! # Invariants
//! - A conjunction under a certain condition with one atom is that atom; otherwise it is
//!   replaced by a stand-in `h` (see [`Grounder::conjunction_head`]), where several conditions
//!   become one auxiliary atom (`condition_disjunction`).

use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::rules::{Head, HeadElem, Lit, Rule};
use crate::term::eval::{Binding, T};

/// One conjunction of a disjunctive head.
pub(crate) struct Conjunction {
    /// The source element.
    pub group: u32,
    /// The binding of its atom's variables (intervals' aside).
    pub key: Binding,
    /// The distinct ground conditions of its instances.
    pub conds: Vec<Vec<GLit>>,
    /// The distinct (defined) atoms.
    pub atoms: Vec<AtomId>,
    /// The distinct instances gringo reports (see [`Grounder::report_key`]): with more than
    /// one, gringo's conjunction has several conjuncts even when they are one atom.
    pub reports: Vec<Binding>,
}

impl Conjunction {
    /// Whether gringo writes this conjunction as its one atom: a single report of a single
    /// atom under a certain condition.
    pub fn single_certain_atom(&self) -> Option<AtomId> {
        match self.atoms.as_slice() {
            [atom] if self.reports.len() == 1 && self.conds.iter().any(Vec::is_empty) => {
                Some(*atom)
            }
            _ => None,
        }
    }
}

impl Grounder<'_> {
    /// Adds the instances of the tagged element `e` to `out`, and each new atom to `defined`
    /// (in the order met; the caller puts them into their domains). The
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
        defined: &mut Vec<AtomId>,
    ) -> Result<(), Stop> {
        let Some(conj) = &e.conj else {
            return Ok(());
        };
        let (group, inner) = &**conj;
        let atom_vars = group_atom_vars(rule, *group);
        // The atom's intervals and external calls enumerate the atoms of an instance, not
        // instances: an undefined interval (`r(1..#sup) : p(W)`) or a call without values
        // leaves the conjunction empty.
        let (ranges, cond): (Vec<Lit>, Vec<Lit>) = e.cond.iter().cloned().partition(|l| {
            matches!(l, Lit::Range(v, ..) if inner.contains(v)) || binds_one_of(l, inner)
        });
        let important = self.important_vars(&atom_vars, &cond);
        let mut satisfied = false;
        self.sub_join(rule, &cond, binding, mode, &mut |g, b, lits| {
            if satisfied {
                return Ok(());
            }
            let key = restrict(b, &atom_vars);
            let index = match out.iter().position(|c| c.group == *group && c.key == key) {
                Some(i) => i,
                None => {
                    out.push(Conjunction {
                        group: *group,
                        key,
                        conds: Vec::new(),
                        atoms: Vec::new(),
                        reports: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            let conj = &mut out[index];
            if !conj.conds.iter().any(|c| c.as_slice() == lits) {
                conj.conds.push(lits.to_vec());
            }
            let report = restrict(b, &important);
            if !conj.reports.contains(&report) {
                conj.reports.push(report);
            }
            let mut made = false;
            g.sub_join(rule, &ranges, b, mode, &mut |g, b, _| {
                if let Some(atom) = g.ground_atom(rule, &e.atom, b) {
                    made = true;
                    defined.push(atom);
                    if !out[index].atoms.contains(&atom) {
                        out[index].atoms.push(atom);
                    }
                }
                Ok(())
            })?;
            // An empty instance under a certain condition satisfies the head: like clingo,
            // evaluate no further instance (nor report their undefined intervals again).
            satisfied = !made && lits.is_empty();
            Ok(())
        })
    }

    /// The stand-in `h` for the conjunction of `atoms` under the uncertain condition `cond`, as
    /// clingo translates it: `h` holds exactly when the atoms and the condition do
    /// (`h :- atoms, cond.`, `a :- h, cond.` for each atom `a` and `:- h, not l.` for each
    /// condition literal `l`), so the disjunction is satisfied by an element whose atoms are
    /// derived elsewhere and no model differs only in stand-ins. The second rule is left out
    /// for an atom that occurs in the condition (a rule with its head in its positive body is
    /// void).
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
                if cond.len() > 1 {
                    self.extras.self_conditioned.push(atom);
                }
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

impl Grounder<'_> {
    /// gringo's important variables of a conditional element's instances: those of its atom
    /// (`atom_vars`) and of the condition's atoms over predicates that are not certain (see
    /// [`Grounder::certain_predicate`]). gringo reports one instance per binding of them, so
    /// `a : q(W)` is one conjunct `a` when the `q` atoms are certain facts, and `a & a & a`
    /// over `q(1..3)` when `q` is open (`{q(4)} :- r.`), even if its atoms are facts.
    fn important_vars(&mut self, atom_vars: &[u32], cond: &[Lit]) -> Vec<u32> {
        let mut vars = atom_vars.to_vec();
        for lit in cond {
            if let Lit::Atom(_, pat) = lit {
                if !self.certain_predicate(pat) {
                    pat.args.iter().for_each(|t| t.vars(&mut vars));
                }
            }
        }
        vars
    }
}

/// `b` with the variables other than `vars` unbound.
fn restrict(b: &Binding, vars: &[u32]) -> Binding {
    b.iter()
        .enumerate()
        .map(|(v, x)| x.filter(|_| vars.contains(&(v as u32))))
        .collect()
}

/// Whether `lit` is the external call `v = @f(..)` of one of the variables `vars`.
fn binds_one_of(lit: &Lit, vars: &[u32]) -> bool {
    match lit {
        Lit::Cmp(_, T::Var(v), T::Call(..)) => vars.contains(v),
        _ => false,
    }
}

/// The variables of the atoms of the alternatives of source element `group` (the variables
/// of their intervals and external calls replaced by those of the bounds and arguments): the instances that agree on
/// them form one conjunction.
fn group_atom_vars(rule: &Rule, group: u32) -> Vec<u32> {
    let Head::Disj(elems) = &rule.head else {
        return Vec::new();
    };
    let alternatives = elems
        .iter()
        .filter_map(|e| e.conj.as_deref().map(|c| (e, c)))
        .filter(|(_, (g, _))| *g == group);
    let mut vars = Vec::new();
    let mut inner = Vec::new();
    for (e, (_, ranges)) in alternatives {
        e.atom.args.iter().for_each(|t| t.vars(&mut vars));
        for lit in &e.cond {
            match lit {
                Lit::Range(v, lo, hi) if ranges.contains(v) => {
                    lo.vars(&mut vars);
                    hi.vars(&mut vars);
                }
                Lit::Cmp(_, T::Var(v), call @ T::Call(..)) if ranges.contains(v) => {
                    call.vars(&mut vars);
                }
                _ => {}
            }
        }
        inner.extend_from_slice(ranges);
    }
    vars.retain(|v| !inner.contains(v));
    vars
}
