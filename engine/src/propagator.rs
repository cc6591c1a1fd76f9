//! User propagators on a [`Control`](crate::Control) (clingo's `Control.register_propagator`).
//!
//! The engine's [`Propagator`] is the solver's (`solver_core::Propagator`) with an `init` that
//! also sees symbols: its [`PropagateInit`] maps an atom's [`Symbol`] to its solver literal
//! and lists the atoms of a signature (the part of clingo's `PropagateInit.symbolic_atoms`
//! a propagator needs). A registered propagator is wrapped in an adapter that holds a shared
//! slot with the ground program of the current solve call; the control fills the slot before
//! each call starts, and the solver calls `init` at the start of each call (see
//! `solver_core`'s `MultiShot::register_propagator`).
//!
//! During the search the propagator works on solver literals only: `propagate`, `undo`,
//! `check` and `decide` get `solver_core`'s [`PropagateControl`] and [`PartialAssignment`]
//! unchanged.

use std::sync::{Arc, Mutex};

use grounder::Symbol;
use solver_core::{Literal, PartialAssignment, PropagateControl, SolverLiteral};

use crate::ground::Ground;

/// A user-defined propagator (see `solver_core::Propagator` for when each method runs and
/// what the controls can do; the models of a search satisfy every clause it adds).
///
/// ```
/// # use engine::{Control, PropagateInit, Propagator};
/// /// At most one `p/1` atom: a static clause `-x | -y` per pair, added in `init`.
/// struct AtMostOne;
/// impl Propagator for AtMostOne {
///     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
///         let lits: Vec<_> = init.atoms_with_signature("p", 1).iter().map(|&(_, l)| l).collect();
///         for (i, &x) in lits.iter().enumerate() {
///             lits[i + 1..].iter().for_each(|&y| assert!(init.add_clause(&[!x, !y])));
///         }
///     }
/// }
/// # fn main() -> Result<(), engine::Error> {
/// # let mut ctl = Control::new();
/// # ctl.options_mut().models = Some(0);
/// ctl.register_propagator(AtMostOne);
/// ctl.add("base", "{ p(1..3) }.")?;
/// ctl.ground()?;
/// assert_eq!(ctl.solve()?.count(), 4); // none, or one of the three
/// # Ok(()) }
/// ```
pub trait Propagator: Send {
    /// Called before each solve call with the program so far: map symbols to solver literals,
    /// add watches, static clauses and literals, set the check mode.
    ///
    /// ```
    /// # use engine::{parse_term, Control, PropagateInit, Propagator};
    /// struct ForbidA;
    /// impl Propagator for ForbidA {
    ///     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    ///         let a = init.symbol_literal(&parse_term("a").unwrap()).unwrap();
    ///         init.add_clause(&[!a]);
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// # let mut ctl = Control::new();
    /// ctl.register_propagator(ForbidA);
    /// ctl.add("base", "a :- not b. b :- not a.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["b"]);
    /// # Ok(()) }
    /// ```
    fn init(&mut self, init: &mut PropagateInit<'_, '_>);

    /// The watched literals that became true since the last call, in assignment order.
    ///
    /// ```
    /// # use engine::{parse_term as term, ClauseKind, PropagateControl, PropagateInit, Propagator, SolverLiteral};
    /// /// `a` implies `b`: when `a` becomes true, add the clause `-a | b`.
    /// struct Implies(Vec<SolverLiteral>);
    /// impl Propagator for Implies {
    /// #     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    /// #         self.0 = ["a", "b"].map(|s| init.symbol_literal(&term(s).unwrap()).unwrap()).to_vec();
    /// #         init.add_watch(self.0[0]);
    /// #     }
    ///     fn propagate(&mut self, ctl: &mut PropagateControl<'_>, _: &[SolverLiteral]) {
    ///         ctl.add_clause(&[!self.0[0], self.0[1]], ClauseKind::Learnt);
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// # let mut ctl = engine::Control::new();
    /// # ctl.options_mut().models = Some(0);
    /// ctl.register_propagator(Implies(Vec::new()));
    /// ctl.add("base", "{ a; b }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.count(), 3); // every model but {a}
    /// # Ok(()) }
    /// ```
    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        let _ = (ctl, changes);
    }

    /// The literals passed to `propagate` at the decision level being undone (called once
    /// per level undone, as clingo's `undo`).
    ///
    /// ```
    /// # use engine::{PartialAssignment, PropagateControl, PropagateInit, Propagator, SolverLiteral};
    /// # use std::sync::{Arc, Mutex};
    /// /// Counts the true watched literals (up in `propagate`, down in `undo`); `check` logs it.
    /// struct Count(usize, Arc<Mutex<Vec<usize>>>);
    /// impl Propagator for Count {
    /// #     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    /// #         init.atoms_with_signature("p", 1).iter().for_each(|&(_, l)| init.add_watch(l));
    /// #     }
    ///     fn propagate(&mut self, _: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
    ///         self.0 += changes.len();
    ///     }
    ///     fn undo(&mut self, _: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
    ///         self.0 -= changes.len();
    ///     }
    ///     fn check(&mut self, _: &mut PropagateControl<'_>) {
    ///         self.1.lock().unwrap().push(self.0);
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// # let mut ctl = engine::Control::new();
    /// # ctl.options_mut().models = Some(0);
    /// let log = Arc::new(Mutex::new(Vec::new()));
    /// ctl.register_propagator(Count(0, Arc::clone(&log)));
    /// ctl.add("base", "{ p(1..2) }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.count(), 4);
    /// log.lock().unwrap().sort();
    /// assert_eq!(*log.lock().unwrap(), [0, 1, 1, 2]); // the true p/1 atoms of each model
    /// # Ok(()) }
    /// ```
    fn undo(&mut self, assignment: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        let _ = (assignment, changes);
    }

    /// A total assignment (before it is a model), or any fixpoint in `CheckMode::Fixpoint`
    /// and `CheckMode::Both`.
    ///
    /// ```
    /// # use engine::{ClauseKind, PropagateControl, PropagateInit, Propagator, SolverLiteral};
    /// /// Not all `p/1` atoms: a total assignment with all of them true gets a conflict.
    /// struct NotAll(Vec<SolverLiteral>);
    /// impl Propagator for NotAll {
    /// #     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    /// #         self.0 = init.atoms_with_signature("p", 1).iter().map(|&(_, l)| l).collect();
    /// #     }
    ///     fn check(&mut self, ctl: &mut PropagateControl<'_>) {
    ///         if self.0.iter().all(|&l| ctl.value(l) == Some(true)) {
    ///             let clause: Vec<_> = self.0.iter().map(|&l| !l).collect();
    ///             ctl.add_clause(&clause, ClauseKind::Learnt);
    ///         }
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// # let mut ctl = engine::Control::new();
    /// # ctl.options_mut().models = Some(0);
    /// ctl.register_propagator(NotAll(Vec::new()));
    /// ctl.add("base", "{ p(1..3) }.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.count(), 7);
    /// # Ok(()) }
    /// ```
    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        let _ = ctl;
    }

    /// The next decision: a free literal, or `None` for the solver's choice `fallback`
    /// (clingo's `decide`; see `solver_core::Propagator::decide`).
    ///
    /// ```
    /// # use engine::{parse_term, PartialAssignment, PropagateInit, Propagator, SolverLiteral};
    /// /// Decides `a` true first (the solver's own first choice is false).
    /// struct PreferA(Option<SolverLiteral>);
    /// impl Propagator for PreferA {
    /// #     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    /// #         self.0 = init.symbol_literal(&parse_term("a").unwrap());
    /// #     }
    ///     fn decide(&mut self, view: &PartialAssignment<'_>, _: SolverLiteral) -> Option<SolverLiteral> {
    ///         self.0.filter(|&a| view.is_free(a))
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// # let mut ctl = engine::Control::new();
    /// # ctl.add("base", "{ a; b }.")?;
    /// # ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), Vec::<String>::new());
    /// ctl.register_propagator(PreferA(None));
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["a"]);
    /// # Ok(()) }
    /// ```
    fn decide(
        &mut self,
        assignment: &PartialAssignment<'_>,
        fallback: SolverLiteral,
    ) -> Option<SolverLiteral> {
        let _ = (assignment, fallback);
        None
    }
}

/// The ground program of the current solve call, shared by the control and its adapters.
pub(crate) type GroundSlot = Arc<Mutex<Option<Arc<Ground>>>>;

/// What `init` gets: the solver's init control (through `Deref`) and the symbols.
///
/// ```
/// # use engine::{parse_term, CheckMode, PropagateInit, Propagator};
/// struct Init;
/// impl Propagator for Init {
///     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
///         assert_eq!(init.check_mode(), CheckMode::Total); // through `Deref`
///         let a = init.symbol_literal(&parse_term("a").unwrap()).unwrap();
///         init.add_clause(&[a]); // `a` must hold
///     }
/// }
/// # fn main() -> Result<(), engine::Error> {
/// # let mut ctl = engine::Control::new();
/// ctl.register_propagator(Init);
/// ctl.add("base", "{ a }.")?;
/// ctl.ground()?;
/// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["a"]);
/// # Ok(()) }
/// ```
pub struct PropagateInit<'i, 'a> {
    inner: &'i mut solver_core::PropagateInit<'a>,
    ground: Option<&'i Ground>,
}

impl<'a> std::ops::Deref for PropagateInit<'_, 'a> {
    type Target = solver_core::PropagateInit<'a>;
    fn deref(&self) -> &Self::Target {
        self.inner
    }
}

impl std::ops::DerefMut for PropagateInit<'_, '_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.inner
    }
}

impl PropagateInit<'_, '_> {
    /// The solver literal of the atom `symbol` (clingo's `init.solver_literal` of the
    /// symbolic atom's literal); `None` if the program has no such atom.
    ///
    /// ```
    /// # use engine::{parse_term, PropagateInit, Propagator};
    /// struct Lookup;
    /// impl Propagator for Lookup {
    ///     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    ///         assert_eq!(init.symbol_literal(&parse_term("c").unwrap()), None);
    ///         let b = init.symbol_literal(&parse_term("b").unwrap()).unwrap();
    ///         init.add_clause(&[!b]); // `b` must not hold
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// # let mut ctl = engine::Control::new();
    /// ctl.register_propagator(Lookup);
    /// ctl.add("base", "a :- not b. b :- not a.")?;
    /// ctl.ground()?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["a"]);
    /// # Ok(()) }
    /// ```
    pub fn symbol_literal(&self, symbol: &Symbol) -> Option<SolverLiteral> {
        let atom = self.ground?.atom_of(symbol)?;
        self.inner.solver_literal(Literal::positive(atom))
    }

    /// The atoms `name(t1,...,tn)` with `n == arity` (not classically negated) with their
    /// solver literals, in atom order.
    ///
    /// ```
    /// # use engine::{PropagateInit, Propagator};
    /// # use std::sync::{Arc, Mutex};
    /// struct List(Arc<Mutex<Vec<String>>>);
    /// impl Propagator for List {
    ///     fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
    ///         let atoms = init.atoms_with_signature("p", 1);
    ///         *self.0.lock().unwrap() = atoms.iter().map(|(s, _)| s.to_string()).collect();
    ///     }
    /// }
    /// # fn main() -> Result<(), engine::Error> {
    /// # let mut ctl = engine::Control::new();
    /// let seen = Arc::new(Mutex::new(Vec::new()));
    /// ctl.register_propagator(List(Arc::clone(&seen)));
    /// ctl.add("base", "{ p(1..2) }. p(3). q(1). p(1,2).")?;
    /// ctl.ground()?;
    /// ctl.solve()?.summary();
    /// seen.lock().unwrap().sort();
    /// assert_eq!(*seen.lock().unwrap(), ["p(1)", "p(2)", "p(3)"]);
    /// # Ok(()) }
    /// ```
    pub fn atoms_with_signature(&self, name: &str, arity: usize) -> Vec<(Symbol, SolverLiteral)> {
        let Some(ground) = self.ground else {
            return Vec::new();
        };
        let matches = |symbol: &Symbol| match symbol {
            Symbol::Function {
                name: n,
                args,
                negative: false,
            } => n == name && args.len() == arity,
            _ => false,
        };
        (0..ground.symbols.atom_len())
            .filter_map(|i| {
                let symbol = ground.symbols.atom(i).filter(matches)?;
                let atom = solver_core::Atom(u32::try_from(i + 1).ok()?);
                let lit = self.inner.solver_literal(Literal::positive(atom))?;
                Some((symbol, lit))
            })
            .collect()
    }
}

/// A registered propagator with the slot its `init` reads the symbols from.
pub(crate) struct Symbolic {
    user: Box<dyn Propagator>,
    ground: GroundSlot,
}

impl Symbolic {
    pub(crate) fn new(user: Box<dyn Propagator>, ground: GroundSlot) -> Symbolic {
        Symbolic { user, ground }
    }
}

impl solver_core::Propagator for Symbolic {
    fn init(&mut self, init: &mut solver_core::PropagateInit<'_>) {
        let ground = self
            .ground
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        let mut init = PropagateInit {
            inner: init,
            ground: ground.as_deref(),
        };
        self.user.init(&mut init);
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        self.user.propagate(ctl, changes);
    }

    fn undo(&mut self, assignment: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        self.user.undo(assignment, changes);
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        self.user.check(ctl);
    }

    fn decide(
        &mut self,
        assignment: &PartialAssignment<'_>,
        fallback: SolverLiteral,
    ) -> Option<SolverLiteral> {
        self.user.decide(assignment, fallback)
    }
}
