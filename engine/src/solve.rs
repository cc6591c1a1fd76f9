//! [`SolveHandle`]: a search as an iterator over [`Model`]s, with a [`Summary`] at the end.
//!
//! The handle shares the control's persistent solver (its solve call) and a shared reference to the ground program's symbol tables;
//! each model the solver reports is translated into symbols (the shown ones, in the order of
//! the program's outputs) when it is produced. The model limit, the exhaustion of the search
//! space and the times clingo's summary prints are the solver's (see `solver_core::Summary`).
//!
//! # Invariants
//! - Once `done` is set, `next` returns `None` for ever and `summary` is final.

use std::sync::Arc;

use grounder::Symbol;
use solver_core::{Atom, EnumMode, Literal, SolveOptions, Summary};

use crate::backend::{Search, SharedShot};
use crate::ground::Ground;
use crate::Error;

/// What a model stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModelKind {
    /// A stable model.
    Answer,
    /// The union of the models so far (brave consequences).
    Brave,
    /// The intersection of the models so far (cautious consequences).
    Cautious,
}

/// One answer of a search.
#[derive(Clone, Debug)]
pub struct Model {
    number: u64,
    kind: ModelKind,
    true_atoms: Vec<Atom>,
    shown: Vec<usize>,
    costs: Vec<i64>,
    optimal: bool,
    /// The solver's consequence bounds over the tracked atoms (brave/cautious only).
    consequences: Option<(u64, u64)>,
    ground: Arc<Ground>,
}

impl Model {
    /// clingo's `Answer: N` (optN numbers the optimal models from 1 again).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Whether this is a stable model or a consequence approximation.
    pub fn kind(&self) -> ModelKind {
        self.kind
    }

    /// The shown symbols, in clingo's printing order (facts first, then by atom number).
    pub fn symbols(&self) -> Vec<Symbol> {
        self.shown
            .iter()
            .filter_map(|&i| self.ground.symbols.shown(i))
            .collect()
    }

    /// The number of shown atoms.
    pub fn shown_len(&self) -> usize {
        self.shown.len()
    }

    /// The shown atoms as clingo prints them.
    pub fn shown_names(&self) -> Vec<String> {
        self.shown
            .iter()
            .filter_map(|&i| self.ground.program.outputs.get(i).map(|o| o.name.clone()))
            .collect()
    }

    /// Every true atom that has a symbol, in the symbol order.
    pub fn atoms(&self) -> Vec<Symbol> {
        let mut symbols: Vec<Symbol> = self
            .true_atoms
            .iter()
            .filter_map(|a| self.ground.symbols.atom(a.index()))
            .collect();
        symbols.sort();
        symbols
    }

    /// The true atoms of the ground program ([`crate::Control::ground_program`]), ascending;
    /// for brave/cautious models, the current consequences. This is what an independent
    /// checker such as `solver_core::check::check_model` takes.
    pub fn true_atoms(&self) -> &[Atom] {
        &self.true_atoms
    }

    /// Whether `symbol` is a true atom of this model.
    pub fn contains(&self, symbol: &Symbol) -> bool {
        self.ground
            .atom_of(symbol)
            .is_some_and(|a| self.true_atoms.binary_search(&a).is_ok())
    }

    /// Costs per priority level, highest first (empty without minimize statements).
    pub fn costs(&self) -> &[i64] {
        &self.costs
    }

    /// Brave/cautious only: clingo's `Consequences: [lower;upper]` after this model. Brave:
    /// `lower` counts the shown atoms in the union so far, `upper` adds those not yet false
    /// before the first decision; cautious: `upper` counts the intersection so far, `lower`
    /// those of it already true before the first decision (clasp's reading). Shown facts
    /// count in both, unless the program has a projection of its own (`#project`): then the
    /// bounds range over the projected atoms only.
    pub fn consequence_bounds(&self) -> Option<(u64, u64)> {
        let (lower, upper) = self.consequences?;
        if self.ground.projection_statement {
            return Some((lower, upper));
        }
        let outputs = &self.ground.program.outputs;
        let facts = outputs.iter().filter(|o| o.condition.is_empty()).count() as u64;
        Some((lower + facts, upper + facts))
    }

    /// Brave/cautious only: the number of consequences this model stands for (clingo's
    /// final `Consequences : N`): the shown atoms, or under a projection of the program's own
    /// the projected atoms in the approximation (see [`Model::consequence_bounds`]).
    pub fn consequence_count(&self) -> Option<u64> {
        let (lower, upper) = self.consequence_bounds()?;
        Some(match (self.ground.projection_statement, self.kind) {
            (false, _) => self.shown_len() as u64,
            (true, ModelKind::Cautious) => upper,
            (true, _) => lower,
        })
    }

    /// Whether the model is known to be optimal.
    pub fn is_optimal(&self) -> bool {
        self.optimal
    }
}

/// A running search: an iterator over models.
pub struct SolveHandle {
    search: Search,
    ground: Arc<Ground>,
    kind: ModelKind,
    done: bool,
}

impl std::fmt::Debug for SolveHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveHandle")
            .field("done", &self.done)
            .finish()
    }
}

impl SolveHandle {
    pub(crate) fn start(
        ground: Arc<Ground>,
        shot: &SharedShot,
        assumptions: &[Literal],
        options: SolveOptions,
    ) -> Result<SolveHandle, Error> {
        let kind = match options.enum_mode {
            EnumMode::Brave => ModelKind::Brave,
            EnumMode::Cautious => ModelKind::Cautious,
            _ => ModelKind::Answer,
        };
        let search = Search::start(shot, assumptions, options).map_err(Error::Solve)?;
        // Made here, not at the first model: reporting a model does not poll the interrupt,
        // and on a large program this is the longest step of it (issue 15).
        ground.print_order();
        Ok(SolveHandle {
            search,
            ground,
            kind,
            done: false,
        })
    }

    /// Runs the search to its end (dropping the remaining models) and tells how it ended.
    pub fn summary(&mut self) -> Summary {
        while self.next().is_some() {}
        self.search.summary()
    }

    /// Stops the search where it stands (no more models) and tells how it stands: the
    /// summary of a search a caller ended early (`exhausted` false, unless it was over).
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ a; b; c }.")?;
    /// ctl.ground()?;
    /// let mut handle = ctl.solve()?;
    /// assert!(handle.next().is_some());
    /// let summary = handle.cancel();
    /// assert_eq!((summary.models, summary.exhausted), (1, false));
    /// assert!(handle.next().is_none());
    /// # Ok(()) }
    /// ```
    pub fn cancel(&mut self) -> Summary {
        self.done = true;
        self.search.summary()
    }

    fn translate(&self, model: solver_core::Model) -> Model {
        let mut true_atoms = model.atoms;
        true_atoms.sort_unstable();
        let outputs = &self.ground.program.outputs;
        let consequences = self.kind != ModelKind::Answer;
        // Consequences track an output whose condition is not one positive literal as a whole
        // (see `solver_core::Model::conditions`).
        let shown_by = |o: &solver_core::Output| match consequences && !plain(&o.condition) {
            true => model.conditions.binary_search(&o.condition).is_ok(),
            false => o.condition.iter().all(|l| holds(&true_atoms, *l)),
        };
        let shown = self
            .ground
            .print_order()
            .iter()
            .copied()
            .filter(|&i| outputs.get(i).is_some_and(shown_by))
            .collect();
        Model {
            number: model.number,
            kind: self.kind,
            true_atoms,
            shown,
            costs: model.costs,
            optimal: model.optimal,
            consequences: model.consequences,
            ground: Arc::clone(&self.ground),
        }
    }
}

/// Whether an output condition is empty or one positive literal (consequences decide such an
/// output by that atom).
fn plain(condition: &[solver_core::Literal]) -> bool {
    match condition {
        [] => true,
        [l] => l.is_positive(),
        _ => false,
    }
}

/// Whether `literal` holds in the (sorted) set of true atoms.
fn holds(true_atoms: &[Atom], literal: solver_core::Literal) -> bool {
    true_atoms.binary_search(&literal.atom()).is_ok() == literal.is_positive()
}

impl Iterator for SolveHandle {
    type Item = Model;

    fn next(&mut self) -> Option<Model> {
        if self.done {
            return None;
        }
        let Some(model) = self.search.next_model() else {
            self.done = true;
            return None;
        };
        Some(self.translate(model))
    }
}
