//! Symbolic atoms (clingo's `Control.symbolic_atoms`): the ground atoms of the grounder's
//! predicate domains with their program atom, fact and external status.
//!
//! # Which atoms, as clingo 5.8.3 lists them
//! - The atoms the grounder derived (its predicate domains: atoms in the head of some ground
//!   rule, facts, `#external` atoms, atoms a backend added), each predicate's atoms in the
//!   order they were derived. Atoms the grounder never derived (`d :- not a.` with the fact
//!   `a`; `e :- f.` without rules for `f`) are not there, but their predicates are among the
//!   signatures.
//! - Predicates come in gringo's domain creation order (the statements in order, each its
//!   body's predicates before its head's, plain facts' last; a part's when it is ground),
//!   which is also the order of [`SymbolicAtoms::signatures`].
//! - `is_fact`: the grounder knows the atom to be true (a backend's facts included);
//!   `is_external`: declared `#external` by a grounding (a backend's externals are not listed
//!   as external, as in clingo), not released and without rules.
//! - Clean-up (see `cleanup`): after a solve, the atoms the solver fixed true at level 0 are
//!   facts and those it fixed false are gone from the domains, so they are not listed.

use std::collections::HashMap;

use grounder::{DomainAtom, Symbol};
use solver_core::Atom;

use super::Control;
use crate::backend;

pub use grounder::Signature;

/// One ground atom of the program (clingo's `SymbolicAtom`).
///
/// ```
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = engine::Control::new();
/// ctl.add("base", "p(1). { p(2) }. #external e.")?;
/// ctl.ground()?;
/// let atoms = ctl.symbolic_atoms();
/// let flags: Vec<(String, bool, bool)> =
///     atoms.iter().map(|a| (a.symbol().to_string(), a.is_fact(), a.is_external())).collect();
/// assert_eq!(flags, [("p(1)".into(), true, false), ("p(2)".into(), false, false), ("e".into(), false, true)]);
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolicAtom {
    symbol: Symbol,
    atom: Atom,
    fact: bool,
    external: bool,
}

impl SymbolicAtom {
    /// The atom as a symbol (clingo's `symbol`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "p(1).")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.symbolic_atoms().iter().next().unwrap().symbol().to_string(), "p(1)");
    /// # Ok(()) }
    /// ```
    pub fn symbol(&self) -> &Symbol {
        &self.symbol
    }

    /// The atom of the ground program ([`Control::ground_program`]) standing for it, the one
    /// models and the backend use (clingo's `literal`, the program literal).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ p }.")?;
    /// ctl.ground()?;
    /// let p = engine::parse_term("p").unwrap();
    /// let atom = ctl.symbolic_atoms().find(&p).unwrap().atom();
    /// let model = ctl.solve_with_assumptions(&[(p, true)])?.next().unwrap();
    /// assert_eq!(model.true_atoms(), [atom]);
    /// # Ok(()) }
    /// ```
    pub fn atom(&self) -> Atom {
        self.atom
    }

    /// Whether the atom is a fact (clingo's `is_fact`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a. b :- a. { c }.")?;
    /// ctl.ground()?;
    /// let facts: Vec<String> = ctl.symbolic_atoms().iter()
    ///     .filter(|a| a.is_fact()).map(|a| a.symbol().to_string()).collect();
    /// assert_eq!(facts, ["a", "b"]);
    /// # Ok(()) }
    /// ```
    pub fn is_fact(&self) -> bool {
        self.fact
    }

    /// Whether the atom is external (declared `#external`, not released, without rules;
    /// clingo's `is_external`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "#external e. #external d. d :- e.")?;
    /// ctl.ground()?;
    /// let atoms = ctl.symbolic_atoms();
    /// assert!(atoms.find(&engine::parse_term("e").unwrap()).unwrap().is_external());
    /// assert!(!atoms.find(&engine::parse_term("d").unwrap()).unwrap().is_external());
    /// # Ok(()) }
    /// ```
    pub fn is_external(&self) -> bool {
        self.external
    }

    /// The atom's signature: name, arity and whether it is positive (`false` for `-p(..)`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "-p(1,2).")?;
    /// ctl.ground()?;
    /// let atoms = ctl.symbolic_atoms();
    /// assert_eq!(atoms.iter().next().unwrap().signature(), ("p".to_string(), 2, false));
    /// # Ok(()) }
    /// ```
    pub fn signature(&self) -> Signature {
        signature_of(&self.symbol)
    }
}

/// The signature of an atom's symbol (a non-function symbol has none: `("", 0, true)`).
fn signature_of(symbol: &Symbol) -> Signature {
    match symbol {
        Symbol::Function {
            name,
            args,
            negative,
        } => (name.clone(), args.len() as u32, !negative),
        _ => (String::new(), 0, true),
    }
}

/// The ground atoms of a [`Control`] at the time it was asked (clingo's `SymbolicAtoms`).
///
/// ```
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = engine::Control::new();
/// ctl.add("base", "p(1..2). q(X) :- p(X), X > 1. r :- s.")?;
/// ctl.ground()?;
/// let atoms = ctl.symbolic_atoms();
/// let names: Vec<String> = atoms.iter().map(|a| a.symbol().to_string()).collect();
/// assert_eq!(names, ["p(1)", "p(2)", "q(2)"]);
/// assert_eq!(atoms.by_signature("p", 1, true).count(), 2);
/// assert!(atoms.signatures().contains(&("s".to_string(), 0, true)));
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, Default)]
pub struct SymbolicAtoms {
    atoms: Vec<SymbolicAtom>,
    signatures: Vec<Signature>,
    index: HashMap<Symbol, usize>,
}

impl SymbolicAtoms {
    /// Every atom, by predicate in gringo's domain order, then in derivation order.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "b. a.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.symbolic_atoms().iter().count(), 2);
    /// # Ok(()) }
    /// ```
    pub fn iter(&self) -> std::slice::Iter<'_, SymbolicAtom> {
        self.atoms.iter()
    }

    /// The number of atoms.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a; b }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.symbolic_atoms().len(), 2);
    /// # Ok(()) }
    /// ```
    pub fn len(&self) -> usize {
        self.atoms.len()
    }

    /// Whether there are no atoms.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a :- b.")?;
    /// ctl.ground()?;
    /// assert!(ctl.symbolic_atoms().is_empty());
    /// # Ok(()) }
    /// ```
    pub fn is_empty(&self) -> bool {
        self.atoms.is_empty()
    }

    /// The atoms of predicate `name/arity` (`positive == false`: `-name/arity`), in order
    /// (clingo's `by_signature`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "p(1). -p(2). p.")?;
    /// ctl.ground()?;
    /// let atoms = ctl.symbolic_atoms();
    /// let negative: Vec<String> =
    ///     atoms.by_signature("p", 1, false).map(|a| a.symbol().to_string()).collect();
    /// assert_eq!(negative, ["-p(2)"]);
    /// # Ok(()) }
    /// ```
    pub fn by_signature<'a>(
        &'a self,
        name: &'a str,
        arity: u32,
        positive: bool,
    ) -> impl Iterator<Item = &'a SymbolicAtom> + 'a {
        self.atoms.iter().filter(move |a| match &a.symbol {
            Symbol::Function {
                name: n,
                args,
                negative,
            } => n == name && args.len() as u32 == arity && *negative != positive,
            _ => false,
        })
    }

    /// The atom of `symbol`, if the program has it (clingo's `symbolic_atoms[symbol]`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a.")?;
    /// ctl.ground()?;
    /// let atoms = ctl.symbolic_atoms();
    /// assert!(atoms.find(&engine::parse_term("a").unwrap()).unwrap().is_fact());
    /// assert!(atoms.find(&engine::parse_term("b").unwrap()).is_none());
    /// # Ok(()) }
    /// ```
    pub fn find(&self, symbol: &Symbol) -> Option<&SymbolicAtom> {
        self.index.get(symbol).and_then(|&i| self.atoms.get(i))
    }

    /// The predicates the grounder met, with or without atoms, in gringo's domain order
    /// (clingo's `signatures`).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "a :- b.")?;
    /// ctl.ground()?;
    /// let mut signatures = ctl.symbolic_atoms().signatures().to_vec();
    /// signatures.sort();
    /// assert_eq!(signatures, [("a".to_string(), 0, true), ("b".to_string(), 0, true)]);
    /// # Ok(()) }
    /// ```
    pub fn signatures(&self) -> &[Signature] {
        &self.signatures
    }
}

impl<'a> IntoIterator for &'a SymbolicAtoms {
    type Item = &'a SymbolicAtom;
    type IntoIter = std::slice::Iter<'a, SymbolicAtom>;

    fn into_iter(self) -> Self::IntoIter {
        self.atoms.iter()
    }
}

impl Control {
    /// The ground atoms so far (clingo's `ctl.symbolic_atoms`): what the grounder derived, with
    /// each atom's program atom, fact and external status (see [`SymbolicAtoms`]). Empty
    /// before the first grounding and for a program read from aspif.
    ///
    /// ```
    /// use engine::{Control, Symbol};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "q(0). #program step(t). q(t) :- q(t-1). #external e(t).")?;
    /// ctl.ground()?;
    /// ctl.ground_parts(&[("step", &[Symbol::Number(1)])])?;
    /// let atoms = ctl.symbolic_atoms();
    /// let q: Vec<String> = atoms.by_signature("q", 1, true).map(|a| a.symbol().to_string()).collect();
    /// assert_eq!(q, ["q(0)", "q(1)"]);
    /// assert!(atoms.by_signature("e", 1, true).all(|a| a.is_external()));
    /// # Ok(()) }
    /// ```
    pub fn symbolic_atoms(&self) -> SymbolicAtoms {
        let Some(session) = &self.session else {
            return SymbolicAtoms::default();
        };
        let mut shot = self.shot.as_ref().map(backend::lock);
        let mut atoms = SymbolicAtoms {
            signatures: session.signatures(),
            ..SymbolicAtoms::default()
        };
        for DomainAtom {
            symbol,
            atom,
            fact,
            external,
        } in session.domain_atoms()
        {
            let Some(atom) = atom else { continue };
            let external = external
                && shot
                    .as_mut()
                    .is_some_and(|s| s.external_value(atom).is_some());
            atoms.index.insert(symbol.clone(), atoms.atoms.len());
            atoms.atoms.push(SymbolicAtom {
                symbol,
                atom,
                fact,
                external,
            });
        }
        atoms
    }
}
