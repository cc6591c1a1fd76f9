//! What the driver does after a model: report it (costs, the brave/cautious approximation),
//! then move the search past it — flip the last decision or the deepest projected one
//! (enumeration and projective enumeration by backtracking, no stored models), record a
//! blocking nogood (`Record` mode), demand a better cost (branch and bound), or demand an atom
//! outside the union / missing from the intersection (brave/cautious).
//!
//! # Invariants
//! - A reported model leaves the driver in `State::AfterModel`; the next `next_model` first
//!   moves past it, so no model is reported twice.
//! - Projective enumeration relies on the heuristic deciding every projected atom before any
//!   other variable (`Heuristic::prefer`).

use super::lit::Lit;
use super::{Solver, State, Task};
use crate::api::Model;
use crate::program::Atom;

impl Solver {
    /// Builds the reported model from the current total assignment.
    pub(super) fn report_model(&mut self) -> Model {
        let a = &self.search.assignment;
        let true_atoms = a.true_vars(1..self.atom_count.saturating_add(1));
        let mut atoms: Vec<Atom> = Vec::with_capacity(true_atoms.clone().count());
        atoms.extend(true_atoms.map(Atom));
        let normalised = self.search.minimizer.costs(a);
        let costs = self.search.minimizer.user_costs(&normalised);
        let mut bounds = None;
        if let Some(consequences) = &mut self.consequences {
            atoms = consequences.fold(a);
            bounds = Some(consequences.bounds(a));
        }
        self.summary.models += 1;
        self.clock.on_model();
        self.summary.satisfiable = Some(true);
        if self.optimal_phase {
            self.summary.optimal_models += 1;
        }
        if self.task == Task::Optimize {
            self.best = Some(normalised);
            self.summary.costs = Some(costs.clone());
        }
        self.state = State::AfterModel;
        Model {
            number: match self.optimal_phase {
                true => self.summary.optimal_models,
                false => self.summary.models,
            },
            atoms,
            costs,
            optimal: self.optimal_phase,
            consequences: bounds,
        }
    }

    /// Moves the search past the last reported model.
    pub(super) fn move_past_model(&mut self) {
        match self.task {
            Task::Brave | Task::Cautious => {
                let clause = self.consequences.as_ref().map(|c| c.next_clause());
                self.add_clause_or_finish(clause.unwrap_or_default());
            }
            Task::Optimize if !self.optimal_phase => {
                self.search.minimizer.set_bound(self.best.clone(), true);
                self.search.resolve_bound();
            }
            _ => self.block_model(),
        }
    }

    /// Excludes the current model (or its projection) from the rest of the enumeration.
    ///
    /// Projective enumeration by backtracking (Gebser, Kaufmann, Schaub: solution enumeration
    /// for projected Boolean search problems, CPAIOR 2009): the heuristic decides every
    /// projected atom before any other variable, so the projection of a model is fixed by the
    /// decisions up to the deepest level whose decision is projected; flipping that decision
    /// (the levels above it only pick a witness) moves to the next projection, and no
    /// projection is met twice, with no clause recorded.
    fn block_model(&mut self) {
        let a = &self.search.assignment;
        if let Some(projection) = &self.projection {
            if self.record {
                let clause = projection
                    .iter()
                    .map(|&v| if a.is_true(v.pos()) { v.neg() } else { v.pos() })
                    .collect();
                self.add_clause_or_finish(clause);
            } else {
                let projected = |level: &u32| {
                    let var = a.decision_of(*level).var();
                    projection.binary_search(&var).is_ok()
                };
                match (1..=a.level()).rev().find(projected) {
                    Some(level) => self.search.flip(level),
                    None => self.search.exhausted = true,
                }
            }
        } else if self.record {
            let clause = (1..=a.level()).map(|l| !a.decision_of(l)).collect();
            self.add_clause_or_finish(clause);
        } else if a.level() == 0 {
            self.search.exhausted = true;
        } else {
            let level = a.level();
            self.search.flip(level);
        }
    }

    /// Adds a clause the current model violates; an empty one ends the search.
    fn add_clause_or_finish(&mut self, clause: Vec<Lit>) {
        if clause.is_empty() {
            self.search.exhausted = true;
        } else {
            self.search.add_violated_clause(clause);
        }
    }
}
