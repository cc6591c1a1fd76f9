//! What the driver does after a model: report it (costs, the brave/cautious approximation),
//! then move the search past it — flip the last decision or the deepest projected one
//! (enumeration and projective enumeration by backtracking, no stored models), record a
//! blocking nogood (`Record` mode), demand a better cost (branch and bound), or demand an atom
//! outside the union / missing from the intersection (brave/cautious).
//!
//! # Invariants
//! - A reported model leaves the driver in `Stage::AfterModel`; the next `next_model` first
//!   moves past it, so no model is reported twice.
//! - Only levels above the call's assumptions are flipped; a clause that depends on the call
//!   (recorded model, consequence clause) contains the negated tag literal, so it is dropped
//!   with the call.
//! - Projective enumeration relies on the heuristic deciding every projected atom before any
//!   other variable (`Heuristic::prefer`).

use super::driver::{Stage, Task};
use super::lit::Lit;
use super::shot::MultiShot;
use crate::api::Model;

impl MultiShot {
    /// Builds the reported model from the current total assignment.
    pub(super) fn report_model(&mut self) -> Model {
        let a = &self.search.assignment;
        let root = self.search.assumed_levels();
        let mut atoms = self.program.atoms.true_atoms(a);
        let normalised = self.search.minimizer.costs(a);
        let mut costs = self.search.minimizer.user_costs(&normalised);
        let call = &mut self.call;
        if call.ignore_costs {
            costs.clear();
        }
        let mut bounds = None;
        let mut conditions = Vec::new();
        if let Some(consequences) = &mut call.consequences {
            atoms = consequences.fold(a);
            bounds = Some(consequences.bounds(a, root));
            conditions = consequences.shown_conditions();
        }
        call.summary.models += 1;
        call.clock.on_model();
        call.summary.satisfiable = Some(true);
        if call.optimal_phase {
            call.summary.optimal_models += 1;
        }
        if call.task == Task::Optimize {
            call.best = Some(normalised);
            call.summary.costs = Some(costs.clone());
        }
        call.stage = Stage::AfterModel;
        Model {
            number: match call.optimal_phase {
                true => call.summary.optimal_models,
                false => call.summary.models,
            },
            atoms,
            costs,
            optimal: call.optimal_phase,
            consequences: bounds,
            conditions,
        }
    }

    /// Moves the search past the last reported model.
    pub(super) fn move_past_model(&mut self) {
        match self.call.task {
            Task::Brave | Task::Cautious => {
                let clause = self.call.consequences.as_ref().map(|c| c.next_clause());
                self.add_clause_or_finish(clause.unwrap_or_default());
            }
            Task::Optimize if !self.call.optimal_phase => {
                let best = self.call.best.clone();
                self.search.minimizer.set_bound(best, true);
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
        let floor = self.search.assumed_levels();
        if let Some(projection) = &self.call.projection {
            if self.call.record {
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
                match (floor + 1..=a.level()).rev().find(projected) {
                    Some(level) => self.search.flip(level),
                    None => self.call.enumeration_over = true,
                }
            }
        } else if self.call.record {
            let clause = (floor + 1..=a.level()).map(|l| !a.decision_of(l)).collect();
            self.add_clause_or_finish(clause);
        } else if a.level() <= floor {
            self.call.enumeration_over = true;
        } else {
            let level = a.level();
            self.search.flip(level);
        }
    }

    /// Adds a clause the current model violates (with the negated tag, so it goes with the
    /// call); an empty one ends the enumeration.
    fn add_clause_or_finish(&mut self, mut clause: Vec<Lit>) {
        if clause.is_empty() {
            self.call.enumeration_over = true;
            return;
        }
        clause.extend(self.call.tag.map(|tag| !tag));
        self.search.add_violated_clause(clause);
    }
}
