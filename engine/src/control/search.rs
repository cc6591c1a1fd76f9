//! Starting searches on a grounded [`Control`]: the program of one search (assigned
//! externals, assumptions and the projection installed on a copy, the ground program itself
//! never modified), clingo's default model count, and the interrupt handle.

use std::borrow::Cow;
use std::sync::Arc;

use grounder::Symbol;
use solver_core::{
    EnumMode, ExternalValue, GroundProgram, Interrupt, Literal, OptMode, SolveOptions,
};

use super::{Control, Projection, TruthValue};
use crate::ground::{shown_atoms, Ground};
use crate::solve::SolveHandle;
use crate::Error;

impl Control {
    /// Sets the value of an external atom for the following searches.
    ///
    /// As in clingo, an atom that is not external (or not in the program) is left alone.
    pub fn assign_external(&mut self, atom: &Symbol, value: TruthValue) -> Result<(), Error> {
        let ground = self.require_ground("assign_external")?;
        let Some(id) = ground.atom_of(atom) else {
            return Ok(());
        };
        if ground.program.externals.iter().any(|(a, _)| *a == id) {
            let value = match value {
                TruthValue::True => ExternalValue::True,
                TruthValue::False => ExternalValue::False,
                TruthValue::Free => ExternalValue::Free,
                TruthValue::Release => ExternalValue::Release,
            };
            self.externals.insert(id, value);
        }
        Ok(())
    }

    /// A handle that stops a running search (or grounding) from any thread.
    pub fn interrupt_handle(&self) -> Interrupt {
        self.interrupt.clone()
    }

    /// Makes this control use `handle` (for example one that a signal handler sets) instead
    /// of its own interrupt handle.
    pub fn use_interrupt(&mut self, handle: Interrupt) {
        self.interrupt = handle;
    }

    /// Starts a search; iterate the handle for the models.
    pub fn solve(&self) -> Result<SolveHandle, Error> {
        self.solve_with_assumptions(&[])
    }

    /// Starts a search under assumptions: each `(atom, value)` must hold in every model.
    /// Assuming an atom the program does not have to be true makes the search unsatisfiable.
    pub fn solve_with_assumptions(
        &self,
        assumptions: &[(Symbol, bool)],
    ) -> Result<SolveHandle, Error> {
        let ground = self.require_ground("solve")?;
        let (program, project) = self.search_program(ground, assumptions);
        let limit = self.effective_models(&program);
        self.interrupt.reset();
        let options = SolveOptions {
            models: limit,
            enum_mode: self.options.enum_mode,
            opt_mode: self.options.opt_mode,
            project,
            seed: self.options.seed,
            domain_heuristic: self.options.domain_heuristic,
            time_limit: self.options.time_limit,
            interrupt: Some(self.interrupt.clone()),
        };
        SolveHandle::start(Arc::clone(ground), &program, options)
    }

    /// The program of one search: the ground program with the assigned externals, the
    /// assumptions and the projection installed (copied only when one of them changes it);
    /// and whether to project.
    fn search_program<'g>(
        &self,
        ground: &'g Ground,
        assumptions: &[(Symbol, bool)],
    ) -> (Cow<'g, GroundProgram>, bool) {
        let mut program = Cow::Borrowed(&ground.program);
        if !self.externals.is_empty() {
            self.apply_externals(program.to_mut());
        }
        if !assumptions.is_empty() {
            self.apply_assumptions(ground, program.to_mut(), assumptions);
        }
        let project =
            self.options.projection != Projection::Off && self.apply_projection(program.to_mut());
        (program, project)
    }

    fn apply_externals(&self, program: &mut GroundProgram) {
        for (atom, value) in &mut program.externals {
            if let Some(new) = self.externals.get(atom) {
                *value = *new;
            }
        }
    }

    fn apply_assumptions(
        &self,
        ground: &Ground,
        program: &mut GroundProgram,
        assumptions: &[(Symbol, bool)],
    ) {
        for (symbol, value) in assumptions {
            let atom = match ground.atom_of(symbol) {
                Some(atom) => atom,
                None if *value => program.new_atom(),
                None => continue,
            };
            let literal = if *value {
                Literal::positive(atom)
            } else {
                Literal::negative(atom)
            };
            program.assumptions.push(literal);
        }
    }

    /// Installs the projection the options ask for; returns whether to project.
    fn apply_projection(&self, program: &mut GroundProgram) -> bool {
        let onto_shown = match self.options.projection {
            Projection::Off => return false,
            Projection::Show => true,
            Projection::Project => false,
            Projection::Auto => program.projection.is_none(),
        };
        if onto_shown {
            program.projection = Some(shown_atoms(program));
        } else if program.projection.is_none() {
            program.projection = Some(Vec::new());
        }
        true
    }

    /// The number of models to compute: clingo's default when none was given.
    fn effective_models(&self, program: &GroundProgram) -> u64 {
        if let Some(models) = self.options.models {
            return models;
        }
        let consequences = matches!(self.options.enum_mode, EnumMode::Brave | EnumMode::Cautious);
        let optimizing = !program.minimizes.is_empty()
            && matches!(self.options.opt_mode, OptMode::Opt | OptMode::OptN);
        if consequences || optimizing {
            0
        } else {
            1
        }
    }
}
