//! [`SolveHandle`]: a search as an iterator over [`Model`]s, with a [`Summary`] at the end.
//!
//! The handle owns the solver and a shared reference to the ground program's symbol tables;
//! each model the solver reports is translated into symbols (the shown ones, in the order of
//! the program's outputs) when it is produced. The handle also enforces the model limit in the
//! modes where clingo counts every reported model (`opt` improving models, brave/cautious
//! approximations), and records the times clingo's summary prints.
//!
//! # Invariants
//! - `produced` counts the models returned by `next`; once `done` is set, `next` returns `None`
//!   for ever and `summary` is final.

use std::sync::Arc;
use std::time::Duration;

use grounder::Symbol;
use solver_core::{Atom, EnumMode, GroundProgram, OptMode, SolveOptions, Summary};

use crate::backend::Search;
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
    /// Stop after this many models (0 = no limit) in the modes clingo counts every model.
    limit: u64,
    produced: u64,
    done: bool,
    stopped_by_limit: bool,
}

impl std::fmt::Debug for SolveHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveHandle")
            .field("produced", &self.produced)
            .field("done", &self.done)
            .finish()
    }
}

impl SolveHandle {
    pub(crate) fn start(
        ground: Arc<Ground>,
        program: &GroundProgram,
        options: SolveOptions,
    ) -> Result<SolveHandle, Error> {
        let kind = match options.enum_mode {
            EnumMode::Brave => ModelKind::Brave,
            EnumMode::Cautious => ModelKind::Cautious,
            _ => ModelKind::Answer,
        };
        let counts_all = kind != ModelKind::Answer
            || (options.opt_mode == OptMode::Opt && !program.minimizes.is_empty());
        let limit = if counts_all { options.models } else { 0 };
        let search = Search::new(program, options).map_err(Error::Solve)?;
        Ok(SolveHandle {
            search,
            ground,
            kind,
            limit,
            produced: 0,
            done: false,
            stopped_by_limit: false,
        })
    }

    /// Runs the search to its end (dropping the remaining models) and tells how it ended.
    /// A search stopped by the model limit did not exhaust the search space.
    pub fn summary(&mut self) -> Summary {
        while self.next().is_some() {}
        let mut summary = self.search.summary();
        if self.stopped_by_limit {
            summary.exhausted = false;
            summary.times.unsat = Duration::ZERO;
        }
        summary.models = summary.models.max(self.produced);
        summary
    }

    fn translate(&self, model: solver_core::Model) -> Model {
        let mut true_atoms = model.atoms;
        true_atoms.sort_unstable();
        let outputs = &self.ground.program.outputs;
        let shown = self
            .ground
            .print_order
            .iter()
            .copied()
            .filter(|&i| {
                outputs
                    .get(i)
                    .is_some_and(|o| o.condition.iter().all(|l| holds(&true_atoms, *l)))
            })
            .collect();
        Model {
            number: model.number,
            kind: self.kind,
            true_atoms,
            shown,
            costs: model.costs,
            optimal: model.optimal,
            ground: Arc::clone(&self.ground),
        }
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
        if self.limit > 0 && self.produced >= self.limit {
            self.stopped_by_limit = true;
            return self.stop();
        }
        let Some(model) = self.search.next_model() else {
            return self.stop();
        };
        self.produced += 1;
        Some(self.translate(model))
    }
}

impl SolveHandle {
    fn stop(&mut self) -> Option<Model> {
        self.done = true;
        None
    }
}
