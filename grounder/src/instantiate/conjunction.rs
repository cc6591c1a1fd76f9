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
//! An element whose literal is a `not`/`not not` atom (`not q(W) : d(W)`, kept in the head by
//! `normalize::negheads`) derives nothing: its instances are conjuncts that are literals, each
//! decided as in a body (a fact makes `not q(1)` false, an atom no rule derives makes it true)
//! or left open. A false conjunct drops the whole conjunction (clingo's `#false : d(1)`), a true
//! one is left out of it.
//!
//! # Invariants
//! - A conjunction under a certain condition with one atom is that atom, with one open literal
//!   that literal (the disjunction's body gets its complement, as gringo writes a head literal
//!   `not q(1)`); otherwise it is replaced by a stand-in `h` (see
//!   [`Grounder::conjunction_head`]), where several conditions become one auxiliary atom
//!   (`condition_disjunction`).
//! - A conjunction has atoms or literals, never both (its instances share one source element).

use crate::ast::Sign;
use crate::instantiate::domain::AtomId;
use crate::instantiate::{GBody, GLit, GRule, Grounder, Mode, Stop};
use crate::normalize::rules::{AtomPat, Head, HeadElem, Lit, Rule};
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
    /// The distinct open conjuncts `not a` / `not not a` of an element with such a literal.
    pub literals: Vec<HeadLiteral>,
    /// Whether a conjunct is false (a `not a` over a fact): the conjunction never holds.
    pub falsified: bool,
    /// The distinct instances gringo reports (see [`Grounder::report_key`]): with more than
    /// one, gringo's conjunction has several conjuncts even when they are one atom.
    pub reports: Vec<Binding>,
}

/// An open conjunct `not a` (`double`: `not not a`) of a disjunction element.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct HeadLiteral {
    /// The atom `a`.
    pub atom: AtomId,
    /// Whether the literal is `not not a`.
    pub double: bool,
}

impl Conjunction {
    /// Whether gringo writes this conjunction as its one atom: a single report of a single
    /// atom under a certain condition.
    pub fn single_certain_atom(&self) -> Option<AtomId> {
        match self.atoms.as_slice() {
            [atom] if self.single_certain() => Some(*atom),
            _ => None,
        }
    }

    /// Whether gringo writes this conjunction as its one open literal (`not q(1)`), whose
    /// complement then joins the disjunction's body: as [`Self::single_certain_atom`].
    pub fn single_certain_literal(&self) -> Option<HeadLiteral> {
        match self.literals.as_slice() {
            [literal] if self.single_certain() => Some(*literal),
            _ => None,
        }
    }

    /// Whether the conjunction has a single report and a certain condition.
    fn single_certain(&self) -> bool {
        self.reports.len() == 1 && self.conds.iter().any(Vec::is_empty)
    }

    /// Whether the conjunction has no conjunct left: it holds whenever its condition does.
    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty() && self.literals.is_empty()
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
        let (literal, cond) = head_literal_apart(e);
        // The atom's intervals and external calls enumerate the atoms of an instance, not
        // instances: an undefined interval (`r(1..#sup) : p(W)`) or a call without values
        // leaves the conjunction empty.
        let (ranges, cond): (Vec<Lit>, Vec<Lit>) = cond.into_iter().partition(|l| {
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
                        literals: Vec::new(),
                        falsified: false,
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
                if let Some(pat) = &literal {
                    made = true;
                    return match mode {
                        Mode::Emit => g.literal_conjunct(rule, (e.sign, pat), b, &mut out[index]),
                        Mode::Domain => Ok(()),
                    };
                }
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

    /// Adds to `conjunction` the instance of the head literal `not a` or `not not a` (`sign`,
    /// the variables of the atom `pat` bound by `binding`), decided as the body literal `not a`
    /// is (no candidate: `not a` is false; an empty one: it holds), which makes no auxiliary
    /// atom for `not not a` (gringo writes none where the head literal joins the body); an
    /// undefined atom makes either literal hold. A false conjunct makes the conjunction false,
    /// a true one is left out.
    fn literal_conjunct(
        &mut self,
        rule: &Rule,
        (sign, pat): (Sign, &AtomPat),
        binding: &mut Binding,
        conjunction: &mut Conjunction,
    ) -> Result<(), Stop> {
        if self.ground_atom(rule, pat, binding).is_none() {
            // An undefined atom (`not q(W/0)`): gringo's `#true`, also under `not not`.
            return Ok(());
        }
        let mut found = None;
        let not_atom = [Lit::Atom(Sign::Not, pat.clone())];
        self.sub_join(rule, &not_atom, binding, Mode::Emit, &mut |_, _, lits| {
            found = Some(lits.first().copied());
            Ok(())
        })?;
        let double = sign == Sign::NotNot;
        match found {
            // `not a` is false, or `not not a` is (`a` is no atom anyone derives).
            None if !double => conjunction.falsified = true,
            Some(None) if double => conjunction.falsified = true,
            Some(Some(not_a)) => {
                let literal = HeadLiteral {
                    atom: not_a.atom,
                    double,
                };
                if !conjunction.literals.contains(&literal) {
                    conjunction.literals.push(literal);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The head literal `l` as a body literal, or its complement when `complement`: `not a`
    /// itself, `not not a` written `not aux` with `aux :- not a.` (see [`Grounder::not_aux`]).
    pub(crate) fn head_literal(&mut self, l: HeadLiteral, complement: bool) -> Result<GLit, Stop> {
        match l.double == complement {
            true => Ok(GLit::neg(l.atom)),
            false => Ok(GLit::neg(self.not_aux(l.atom)?)),
        }
    }

    /// The stand-in `h` for the conjunction of `atoms` (or of the open `literals` of a
    /// `not`/`not not` element) under the uncertain condition `cond`, as clingo translates it:
    /// `h` holds exactly when the conjuncts and the condition do (`h :- atoms, cond.`,
    /// `a :- h, cond.` for each atom `a`, `:- h, cond, l'.` for each literal with complement
    /// `l'`, and `:- h, not l.` for each condition literal `l`), so the disjunction is
    /// satisfied by an element whose atoms are derived elsewhere and no model differs only in
    /// stand-ins. The second rule is left out for an atom that occurs in the condition (a rule
    /// with its head in its positive body is void). gringo's rule for it is no such rule when
    /// the condition has more literals (`p : p, not s.`: `p :- h, c.`) or the conjunction more
    /// atoms (`q(2;1) : q(2) ; s.`: `q(2) :- h.`), so clasp keeps it and ignores an
    /// `#external q(2).` (`Extras::self_conditioned`; full seeds 41645, 64617).
    pub(crate) fn conjunction_head(
        &mut self,
        (atoms, literals): (&[AtomId], &[HeadLiteral]),
        cond: &[GLit],
    ) -> Result<AtomId, Stop> {
        let h = self.store.aux();
        let mut support: Vec<GLit> = atoms.iter().map(|a| GLit::pos(*a)).collect();
        for &literal in literals {
            support.push(self.head_literal(literal, false)?);
        }
        support.extend(cond.iter().copied());
        self.push_rule(GRule {
            choice: false,
            head: vec![h],
            body: GBody::Normal(support),
        })?;
        for &atom in atoms {
            if cond.contains(&GLit::pos(atom)) {
                if cond.len() > 1 || atoms.len() > 1 {
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
        for &literal in literals {
            let mut body = vec![GLit::pos(h)];
            body.extend(cond.iter().copied());
            let complement = self.head_literal(literal, true)?;
            if !literal.double {
                // `not aux` for `not not a`: gringo writes it, and clasp's preprocessing
                // leaves `h` open even when `a` turns out a fact (seed 6417).
                self.open_negated.insert(complement.atom);
            }
            body.push(complement);
            self.push_rule(GRule {
                choice: false,
                head: Vec::new(),
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

/// The condition of the conditional disjunct `e` without its head literal, and that literal's
/// atom when it is a `not`/`not not` atom: `rewrite::heads` puts the literal after the
/// condition's literals, followed only by ranges and equations (never an atom).
fn head_literal_apart(e: &HeadElem) -> (Option<AtomPat>, Vec<Lit>) {
    let mut cond = e.cond.clone();
    if e.sign == Sign::None {
        return (None, cond);
    }
    let at = cond.iter().rposition(|l| matches!(l, Lit::Atom(..)));
    match at.map(|i| cond.remove(i)) {
        Some(Lit::Atom(_, pat)) => (Some(pat), cond),
        _ => (Some(e.atom.clone()), cond),
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
