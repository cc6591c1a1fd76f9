//! The steps of a [`MultiShot`] solver: adding a delta to the running search, starting a solve
//! call (its assumptions, tag and driver state), and ending it (dropping what belongs to it).

use std::sync::Arc;

use super::tester::new_tester;
use super::MultiShot;
use crate::api::{EnumMode, Interrupt, OptMode, SolveError, SolveOptions};
use crate::program::{ExternalValue, GroundProgram, Literal};
use crate::solver::acyclic::Acyclicity;
use crate::solver::build::{Clauses, Delta, Standing, UfsUpdate};
use crate::solver::clock::Clock;
use crate::solver::consequences::Consequences;
use crate::solver::disjunctive::MinimalityCheck;
use crate::solver::driver::{task_for, Call, Stage, Task};
use crate::solver::lit::{Lit, Var};
use crate::solver::minimize::Minimizer;
use crate::solver::unfounded::Unfounded;

impl MultiShot {
    /// Translates and adds `delta` at once (the one-shot solver's path, after the pending
    /// deltas), polling `stop` between the translation's phases: `Ok(false)` when it said to
    /// stop (the solver is then unusable).
    pub(crate) fn add_until(
        &mut self,
        delta: &GroundProgram,
        stop: &dyn Fn() -> bool,
    ) -> Result<bool, SolveError> {
        self.begin_delta()?;
        self.flush()?;
        self.check_delta(delta)?;
        self.translate_and_apply(delta, stop)
    }

    /// Ends the current call before a delta.
    pub(super) fn begin_delta(&mut self) -> Result<(), SolveError> {
        self.end_call();
        if let Some(error) = &self.broken {
            return Err(error.clone());
        }
        if self.deltas_ended {
            let message = "a delta after MultiShot::end_deltas";
            return Err(SolveError::Invalid(message.to_string()));
        }
        Ok(())
    }

    /// Errors for a delta that is out of range, has fewer atoms than before, or redefines an
    /// atom of an earlier step (see [`MultiShot::add`]).
    pub(super) fn check_delta(&self, delta: &GroundProgram) -> Result<(), SolveError> {
        delta
            .validate()
            .map_err(|e| SolveError::Invalid(e.to_string()))?;
        let known = self.atom_count();
        if delta.atom_count < known {
            return Err(SolveError::Invalid(format!(
                "a delta has {} atoms, fewer than the {known} atoms before it",
                delta.atom_count
            )));
        }
        let assignment = &self.search.assignment;
        let fixed = |v: Var| v.index() < assignment.var_count() && assignment.is_assigned(v);
        self.program.check_redefinitions(delta, &fixed)
    }

    /// Translates the deltas added since the last translation, as one.
    pub(super) fn flush(&mut self) -> Result<(), SolveError> {
        self.flush_and_free(false)
    }

    /// [`MultiShot::flush`], freeing the rule tables (see [`MultiShot::end_deltas`]) right
    /// after the translation when `free`: before the search takes the delta, the peak of
    /// memory of a large program.
    fn flush_and_free(&mut self, free: bool) -> Result<(), SolveError> {
        if let Some(error) = &self.broken {
            return Err(error.clone());
        }
        if self.pending.is_none() {
            return Ok(());
        }
        let pending = self.pending.take().unwrap_or_default();
        let translated = self.translate(&pending, &|| false)?;
        // The step's program is no longer needed: freed before the search takes the clauses
        // (the peak of memory of a large program).
        drop(pending);
        self.apply_translated(translated, free);
        Ok(())
    }

    /// Translates the pending step now, as the next solve call would first, for a caller
    /// that holds it too (`caller`, the program it gave [`MultiShot::add_shared`]) and needs
    /// no more of its rules: when `caller` is the pending step and no one else holds it, its
    /// rules are dropped right after the translation, before the search takes the clauses
    /// (whose allocations then reuse their memory); the caller keeps the rest (outputs,
    /// minimize statements, externals). Otherwise the step is translated as by a solve call
    /// and `caller` is left as it is. After [`MultiShot::end_deltas`] the rule tables are
    /// freed too unless `consequences` (the next call computes brave or cautious
    /// consequences, which read them). Ends the current call; a failed translation breaks
    /// the solver as in a solve call.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use solver_core::{GroundProgram, HeadKind, Literal, MultiShot, SolveOptions};
    /// let mut program = GroundProgram::new(); // `{a}. b :- a.`
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a], vec![]);
    /// program.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]);
    /// let mut program = Arc::new(program);
    /// let mut solver = MultiShot::new();
    /// solver.add_shared(Arc::clone(&program)).unwrap();
    /// solver.end_deltas();
    /// solver.translate_pending(&mut program, false).unwrap();
    /// assert!(program.rules.is_empty() && program.atom_count == 2);
    /// let all = SolveOptions { models: 0, ..SolveOptions::default() };
    /// solver.solve(&[], all).unwrap();
    /// let models: Vec<_> = std::iter::from_fn(|| solver.next_model()).map(|m| m.atoms).collect();
    /// assert_eq!(models.len(), 2);
    /// assert!(models.contains(&vec![a, b]) && models.contains(&vec![]));
    /// ```
    pub fn translate_pending(
        &mut self,
        caller: &mut Arc<GroundProgram>,
        consequences: bool,
    ) -> Result<(), SolveError> {
        self.end_call();
        let free = self.deltas_ended && !consequences;
        let shared = self
            .pending
            .as_ref()
            .is_some_and(|p| Arc::ptr_eq(p, caller));
        if !shared {
            return self.flush_and_free(free);
        }
        if let Some(error) = &self.broken {
            return Err(error.clone());
        }
        self.pending = None;
        let translated = self.translate(caller, &|| false)?;
        if let Some(program) = Arc::get_mut(caller) {
            program.rules = Vec::new();
        }
        self.apply_translated(translated, free);
        Ok(())
    }

    /// Frees the rule tables when `free`, then adds a translated step to the search.
    fn apply_translated(&mut self, translated: Option<(Delta, u32)>, free: bool) {
        if free {
            self.program.free_rule_tables();
        }
        if let Some((out, old_atoms)) = translated {
            // A solve call follows: its tag variable comes now, so that the arrays indexed by
            // variable grow once to their size (growing by one more later doubles them). Not
            // when a propagator's `init` may add variables before the call takes the tag.
            if self.tag.is_none() && !self.search.has_propagators() {
                self.tag = Some(self.new_tag_var());
            }
            self.apply(out, old_atoms);
        }
    }

    /// Translates a checked delta and adds it to the search; a failure breaks the solver.
    fn translate_and_apply(
        &mut self,
        delta: &GroundProgram,
        stop: &dyn Fn() -> bool,
    ) -> Result<bool, SolveError> {
        let Some((out, old_atoms)) = self.translate(delta, stop)? else {
            return Ok(false);
        };
        self.apply(out, old_atoms);
        Ok(true)
    }

    /// Translates a checked delta, with the atom count before it; `None` when `stop` said
    /// to stop; a failure breaks the solver.
    fn translate(
        &mut self,
        delta: &GroundProgram,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<(Delta, u32)>, SolveError> {
        let old_atoms = self.program.atoms.count();
        let assignment = &self.search.assignment;
        let fixed = |v: Var| v.index() < assignment.var_count() && assignment.is_assigned(v);
        match self.program.translate(delta, &fixed, stop) {
            Ok(translated) => Ok(translated.map(|out| (out, old_atoms))),
            Err(error) => {
                self.broken = Some(error.clone());
                Err(error)
            }
        }
    }

    /// Adds a translated delta to the search (see the module doc: on an empty trail).
    /// A delta that only adds clauses and weight constraints (no unfounded-set, minimality,
    /// minimize or `#edge` structures, whose state is built from an empty assignment) is
    /// added to the level-0 assignment as it stands, at the cost of the delta alone; another
    /// takes the level-0 trail off first and asserts it again, at the cost of the program.
    fn apply(&mut self, mut delta: Delta, old_atoms: u32) {
        let vars = self.program.var_count;
        let keep_root = delta.adds_constraints_only();
        let mut units = match keep_root {
            true => {
                self.search.reset_assumptions();
                Vec::new()
            }
            false => self.search.take_trail(),
        };
        self.search.grow(vars, &self.program.is_atom);
        self.exclude_open_atoms(old_atoms, &delta.mentioned);
        if keep_root {
            self.search
                .add_at_root(&delta.clauses, delta.weights, &mut units);
        } else {
            for clause in delta.clauses.iter() {
                self.search.clauses.add_problem(clause);
            }
            for (condition, elements, bound) in delta.weights {
                if !self.search.weights.add(condition, elements, bound) {
                    units.push(!condition);
                }
            }
        }
        // Copied into the clause store: freed before the other structures are built.
        delta.clauses = Clauses::default();
        match delta.ufs {
            UfsUpdate::Extend(graph) => self.search.unfounded.extend(vars, graph),
            UfsUpdate::Rebuild(graph) => self.search.unfounded = Unfounded::new(vars, graph),
        }
        if let Some(minimality) = delta.minimality {
            let check = MinimalityCheck::new(minimality, new_tester);
            self.search.set_minimality(check);
        }
        if let Some(levels) = delta.levels {
            self.search.minimizer = Minimizer::new(levels);
        }
        if delta.new_edges {
            self.search.acyclic = Acyclicity::new(&self.program.edges, vars).unwrap_or_else(|()| {
                units.push(Lit::FALSE);
                Acyclicity::default()
            });
        }
        units.extend(delta.units);
        self.search.assert_facts(&units);
        delta
            .releases
            .iter()
            .for_each(|&atom| self.mark_released(atom));
        self.step_assumptions.extend(delta.assumptions);
    }

    /// Keeps the heuristic from deciding the new atoms no statement has mentioned (they stay
    /// unassigned, hence false), and lets it decide the older ones `mentioned` now.
    fn exclude_open_atoms(&mut self, old_atoms: u32, mentioned: &[Var]) {
        let atoms = &self.program.atoms;
        for atom in (old_atoms + 1..=atoms.count()).map(crate::program::Atom) {
            if atoms.standing(atom) == Standing::Open {
                self.search.heuristic.exclude(atoms.var(atom));
                self.search.assignment.set_open(atoms.var(atom), true);
            }
        }
        for &var in mentioned {
            self.search.heuristic.include(var);
            self.search.assignment.set_open(var, false);
        }
    }
}

/// Solve calls: starting one (assumptions, tag, driver state) and ending it.
impl MultiShot {
    /// Starts a solve call under `assumptions` (program literals) and `options`; its answers
    /// come from [`MultiShot::next_model`]. Ends the previous call. The assumptions hold for
    /// this call only, with the externals' values and the assumptions of the deltas added
    /// since the last call.
    pub fn solve(
        &mut self,
        assumptions: &[Literal],
        options: SolveOptions,
    ) -> Result<(), SolveError> {
        self.start_call(assumptions, options, Clock::start())
    }

    /// [`MultiShot::solve`] with the call's clock started at `clock`.
    pub(crate) fn start_call(
        &mut self,
        assumptions: &[Literal],
        options: SolveOptions,
        clock: Clock,
    ) -> Result<(), SolveError> {
        let consequences = matches!(options.enum_mode, EnumMode::Brave | EnumMode::Cautious);
        if consequences && self.program.rule_tables_freed() {
            let message = "brave or cautious consequences after the call that followed end_deltas";
            return Err(SolveError::Invalid(message.to_string()));
        }
        self.end_call();
        self.flush_and_free(self.deltas_ended && !consequences)?;
        self.apply_releases();
        self.init_propagators();
        let count = self.atom_count();
        if let Some(l) = assumptions.iter().find(|l| l.atom().0 > count) {
            let message = format!("assumption {l} is out of range ({count} atoms)");
            return Err(SolveError::Invalid(message));
        }
        let levels = self.search.minimizer.levels.len();
        let ignore_costs = options.opt_mode == OptMode::Ignore;
        let task = task_for(&options, if ignore_costs { 0 } else { levels });
        let record = options.enum_mode == EnumMode::Record;
        let tag = Some(self.tag_literal());
        let projection = self.projection_vars(&options);
        let mut call = Call {
            assumptions: self.call_assumptions(tag, assumptions),
            own_assumptions: assumptions.to_vec(),
            tag,
            conditional: task != Task::Enumerate || record,
            projection,
            task,
            record,
            ignore_costs,
            stage: Stage::Starting,
            open: true,
            clock,
            counters_at_start: self.search.stats.clone(),
            kept_nogoods: self.search.clauses.learnt_count(),
            ..Call::none()
        };
        if let (Some(vars), false) = (&call.projection, record) {
            self.search.heuristic.prefer(vars);
        }
        if options.domain_heuristic {
            let domain = crate::solver::domain::Domain::new(&self.program.heuristics);
            self.search.heuristic.set_domain(domain);
        }
        self.search.minimizer.set_tag(tag);
        self.search.begin_volatile(tag);
        if consequences {
            let brave = task == Task::Brave;
            call.consequences = Some(Consequences::new(&self.program, &mut self.search, brave));
        }
        if self.deltas_ended && !self.program.rule_tables_freed() {
            // One-shot: nothing reads the rule tables any more (see `end_deltas`).
            self.program.free_rule_tables();
        }
        call.options = options;
        self.search.limits = call.limits();
        self.call = call;
        let interrupted = self
            .call
            .options
            .interrupt
            .as_ref()
            .is_some_and(Interrupt::is_set);
        if interrupted {
            self.stop_call();
        }
        Ok(())
    }

    /// A new variable for the calls' tag (not an atom).
    fn new_tag_var(&mut self) -> Var {
        let var = Var(self.program.var_count as u32);
        self.program.var_count += 1;
        self.program.is_atom.push(false);
        var
    }

    /// The tag literal, allocating its variable the first time.
    fn tag_literal(&mut self) -> Lit {
        let var = match self.tag {
            Some(var) => var,
            None => {
                let var = self.new_tag_var();
                *self.tag.insert(var)
            }
        };
        self.search
            .grow(self.program.var_count, &self.program.is_atom);
        var.pos()
    }

    /// A call's assumptions: the tag, the deltas' assumptions (used up by this call, as in
    /// clingo), the externals' values, then the call's own.
    fn call_assumptions(&mut self, tag: Option<Lit>, assumptions: &[Literal]) -> Vec<Lit> {
        let mut all: Vec<Lit> = tag.into_iter().collect();
        all.append(&mut self.step_assumptions);
        let atoms = &self.program.atoms;
        for (atom, value) in atoms.externals() {
            match value {
                ExternalValue::True => all.push(atoms.var(atom).pos()),
                ExternalValue::False => all.push(atoms.var(atom).neg()),
                _ => {}
            }
        }
        all.extend(assumptions.iter().map(|&l| atoms.lit(l)));
        all
    }

    /// The projected atoms when projection is asked for: the projection statements' atoms, or
    /// else the atoms of the output conditions (clasp's convention).
    fn projection_vars(&self, options: &SolveOptions) -> Option<Vec<Var>> {
        if !options.project {
            return None;
        }
        Some(match &self.program.projection {
            Some(vars) => vars.clone(),
            None => sorted_vars(self.program.outputs.condition_vars.iter().copied()),
        })
    }

    /// Ends the current solve call, if any: back to level 0 without its assumptions, its
    /// conditional nogoods, bound, preferred variables and domain statements dropped, and its
    /// volatile variables retired (the program's numbering continues after them).
    pub(super) fn end_call(&mut self) {
        if !self.call.open {
            return;
        }
        self.call.open = false;
        self.search.reset_assumptions();
        let volatile = self.search.has_volatile();
        if let (Some(tag), true) = (self.call.tag.take(), self.call.conditional || volatile) {
            self.search.drop_conditional(tag);
        }
        self.search.retire_volatile();
        let vars = self.search.var_count().max(self.program.var_count);
        self.program.var_count = vars;
        self.program.is_atom.resize(vars, false);
        self.search.minimizer.set_bound(None, true);
        self.search.minimizer.set_tag(None);
        self.search.heuristic.reset_solve_settings();
        self.search.propagate_root();
        self.call.stage = Stage::Done;
        self.call.consequences = None;
    }
}

/// The variables of `atoms`, sorted and without duplicates.
fn sorted_vars(atoms: impl Iterator<Item = Var>) -> Vec<Var> {
    let mut vars: Vec<Var> = atoms.collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}
