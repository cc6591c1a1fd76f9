//! A [`MultiShot`] solver as the minimality tester of non-HCF components (`disjunctive.rs`):
//! one delta, then plain search under assumptions with the learnt nogoods kept between
//! checks, without the solve-call driver.

use super::MultiShot;
use crate::program::{Atom, GroundProgram};
use crate::solver::disjunctive::Tester;
use crate::solver::limits::Limits;
use crate::solver::lit::Lit;
use crate::solver::search::Outcome;

/// A tester for `program`: a solver of its own (`None` if the program cannot be solved).
pub(crate) fn new_tester(program: &GroundProgram) -> Option<Box<dyn Tester>> {
    let mut solver = MultiShot::new();
    solver.add_until(program, &|| false).ok()?;
    Some(Box::new(solver))
}

impl Tester for MultiShot {
    /// Whether a model exists in which every literal of `assumptions` holds (`Err` if `limits`
    /// stopped the search); after `Ok(true)`, [`Tester::holds`] reads that model.
    fn solve_under(&mut self, assumptions: &[Lit], limits: Limits) -> Result<bool, ()> {
        self.search.limits = limits;
        match self.search.solve_assuming(assumptions) {
            Outcome::Model => Ok(true),
            Outcome::Exhausted => Ok(false),
            Outcome::Interrupted | Outcome::TimedOut => Err(()),
        }
    }

    /// Whether `atom` is true in the current assignment (the model after `solve_under`).
    fn holds(&self, atom: Atom) -> bool {
        let in_range = atom.0 >= 1 && atom.0 <= self.program.atoms.count();
        in_range
            && self
                .search
                .assignment
                .is_true(self.program.atoms.var(atom).pos())
    }
}
