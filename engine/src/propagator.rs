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
pub trait Propagator: Send {
    /// Called before each solve call with the program so far: map symbols to solver literals,
    /// add watches, static clauses and literals, set the check mode.
    fn init(&mut self, init: &mut PropagateInit<'_, '_>);

    /// The watched literals that became true since the last call, in assignment order.
    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        let _ = (ctl, changes);
    }

    /// The literals passed to `propagate` at the decision level being undone (called once
    /// per level undone, as clingo's `undo`).
    fn undo(&mut self, assignment: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        let _ = (assignment, changes);
    }

    /// A total assignment (before it is a model), or any fixpoint in `CheckMode::Fixpoint`
    /// and `CheckMode::Both`.
    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        let _ = ctl;
    }

    /// The next decision: a free literal, or `None` for the solver's choice `fallback`
    /// (clingo's `decide`; see `solver_core::Propagator::decide`).
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
    pub fn symbol_literal(&self, symbol: &Symbol) -> Option<SolverLiteral> {
        let atom = self.ground?.atom_of(symbol)?;
        self.inner.solver_literal(Literal::positive(atom))
    }

    /// The atoms `name(t1,...,tn)` with `n == arity` (not classically negated) with their
    /// solver literals, in atom order.
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
