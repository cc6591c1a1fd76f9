//! The session's atoms seen from outside: clingo's symbolic atoms (the predicate domains,
//! with the aspif number and fact status of each atom) and atoms and rules a backend adds
//! after a grounding (clingo's `Backend.add_atom` / `add_rule`).
//!
//! A backend atom for a symbol joins its predicate's domain (later groundings match it, as
//! clingo instantiates rules over atoms a backend added) and stays open: the grounder never
//! decides it, so rules over it are kept for the solver. A backend rule's head atoms count as
//! defined since the current solve step, so clingo's redefinition rule applies to them.
//!
//! # Invariants
//! - After [`Session::backend_atom`], `State::atoms`, `State::truth` and `State::external`
//!   cover every aspif / grounder atom, as after a grounding.

use solver_core::Atom;

use super::Session;
use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::Truth;
use crate::normalize::rules::Pred;
use crate::Symbol;

/// One atom of the session's predicate domains (clingo's symbolic atom).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DomainAtom {
    /// The atom.
    pub symbol: Symbol,
    /// Its number in the ground program (`None`: no grounding wrote it, it was simplified
    /// away).
    pub atom: Option<Atom>,
    /// Whether the grounder knows it to be a fact.
    pub fact: bool,
    /// Whether a grounding declared it `#external` (a backend's externals are not).
    pub external: bool,
}

/// A predicate signature: name, arity and whether it is positive (`false`: `-p/n`).
///
/// ```
/// use grounder::{Session, Signature, Source};
/// let mut session = Session::new(Default::default());
/// session.add(&Source::new("f.lp", "p(1). -q(a,b).")).unwrap();
/// session.ground(&[("base", vec![])]).unwrap();
/// let mut signatures: Vec<Signature> = session.signatures();
/// signatures.sort();
/// assert_eq!(signatures, [("p".to_string(), 1, true), ("q".to_string(), 2, false)]);
/// ```
pub type Signature = (String, u32, bool);

impl Session {
    /// The atoms of the predicate domains: predicates in gringo's domain creation order (see
    /// [`Session::signatures`]), each predicate's atoms in the order they were derived.
    pub fn domain_atoms(&self) -> Vec<DomainAtom> {
        let store = &self.state.kept.store;
        let member = |&a: &AtomId| {
            let info = store.info(a).filter(|i| i.in_domain)?;
            Some(DomainAtom {
                symbol: self.table.to_symbol(info.val?),
                atom: self.state.emitted.number_of(a),
                fact: info.fact,
                external: self.state.external.get(a.0 as usize) == Some(&true),
            })
        };
        let domains = self
            .ordered_preds()
            .filter_map(|p| store.preds.get(p as usize));
        domains
            .flat_map(|d| d.members.iter().filter_map(member))
            .collect()
    }

    /// The program's predicates (not the grounder's own, named `#...`) in gringo's domain
    /// creation order: statements in order, each its body's predicates before its head's,
    /// plain facts' last; predicates not placed yet (a backend's) after those.
    fn ordered_preds(&self) -> impl Iterator<Item = u32> + '_ {
        let store = &self.state.kept.store;
        let placed = self.state.emitted.domain_order();
        let mut seen = vec![false; store.preds.len()];
        for &p in placed {
            if let Some(s) = seen.get_mut(p as usize) {
                *s = true;
            }
        }
        let rest =
            (0..store.preds.len() as u32).filter(move |&p| seen.get(p as usize) != Some(&true));
        let all = placed.iter().copied().chain(rest);
        all.filter(|&p| {
            let pred = store.preds.get(p as usize).map(|d| &d.pred);
            pred.is_some_and(|pred| self.is_user_pred(pred))
        })
    }

    /// The signatures of the predicates the grounder met (with or without atoms), in
    /// gringo's domain creation order, as clingo's `symbolic_atoms.signatures`.
    pub fn signatures(&self) -> Vec<Signature> {
        let store = &self.state.kept.store;
        let preds = self
            .ordered_preds()
            .filter_map(|p| store.preds.get(p as usize));
        preds
            .map(|d| &d.pred)
            .map(|p| {
                let name = self.table.name_text(p.name).to_string();
                (name, p.arity, !p.negative)
            })
            .collect()
    }

    /// Whether `p` is a predicate of the program (not one the grounder made, named `#...`).
    fn is_user_pred(&self, p: &Pred) -> bool {
        !self.table.name_text(p.name).starts_with('#')
    }

    /// The atom of `symbol` for a backend, numbered now if it has no number yet, in its
    /// predicate's domain and open from now on (see the module doc), and whether this call
    /// put it in the domain; `None` for a fresh auxiliary atom (not in a domain: `false`). A
    /// symbol that is not a function or constant is refused (`Err` with clingo's message).
    /// After [`Session::end_grounding`] the atoms are gone, and every call is refused.
    pub fn backend_atom(&mut self, symbol: Option<&Symbol>) -> Result<(Atom, bool), String> {
        if self.has_ended() {
            return Err("the grounding session has ended: its atoms were freed".into());
        }
        let Some(symbol) = symbol else {
            self.state.atoms.push(None);
            return Ok((self.state.emitted.new_number(None), false));
        };
        let Symbol::Function {
            name,
            args,
            negative,
        } = symbol
        else {
            return Err(format!("atom expected, got {symbol}"));
        };
        let val = self.table.intern_symbol(symbol);
        let pred = Pred {
            name: self.table.name(name),
            arity: args.len() as u32,
            negative: *negative,
        };
        let store = &mut self.state.kept.store;
        let pred = store.pred(pred);
        let a = store.atom(val, pred);
        let fresh = store.add_to_domain(&self.table, a);
        self.open(a);
        if let Some(number) = self.state.emitted.number_of(a) {
            return Ok((number, fresh));
        }
        self.state.atoms.push(Some(val));
        Ok((self.state.emitted.new_number(Some(a)), fresh))
    }

    /// Makes grounder atom `a` open: neither decided false nor simplified away later.
    fn open(&mut self, a: AtomId) {
        let atoms = self.state.kept.store.atoms.len();
        let state = &mut self.state;
        if state.truth.len() < atoms {
            state.truth.resize(atoms, Truth::Unknown);
        }
        state
            .external
            .resize(state.external.len().max(atoms), false);
        if let Some(t) = state.truth.get_mut(a.0 as usize) {
            if *t == Truth::False {
                *t = Truth::Unknown;
            }
        }
    }

    /// Records that a backend made `atom` a fact (`atom.`): the grounder takes it as one from
    /// now on (later rules over it are simplified as over a fact, as clingo's grounder does)
    /// and writes no fact rule of its own for it. An auxiliary atom is left alone. The caller
    /// passes only atoms the same backend put in the domain: clingo's grounder takes a
    /// backend fact over an atom it knew already for an ordinary rule.
    pub fn backend_fact(&mut self, atom: Atom) {
        let index = (atom.0 as usize).wrapping_sub(1);
        let Some(val) = self.state.atoms.get(index).copied().flatten() else {
            return;
        };
        let Some(a) = self.state.kept.store.find(val) else {
            return;
        };
        self.state.kept.store.set_fact(&self.table, a);
        if let Some(t) = self.state.truth.get_mut(a.0 as usize) {
            *t = Truth::True;
        }
        self.state.emitted.fact_written(a);
    }

    /// Records that a backend gave `atoms` rules: they are defined since the current solve
    /// step (a later grounding after a solve may not give them rules).
    pub fn backend_defined(&mut self, atoms: &[Atom]) {
        for &a in atoms {
            self.state.emitted.definitions.define(a);
        }
    }
}
