//! The stable-model solver: the public [`Solver`] and its enumeration/optimization driver.
//!
//! `Solver::new` translates the program (`build`), sets up the search components, and each
//! `next_model` runs the CDCL search (`search`) to the next answer the options ask for. After
//! a reported model, the next call first moves the search past it:
//! - plain enumeration: flip the last decision (backtracking enumeration, no stored models) or,
//!   in `Record` mode, add a nogood of the model's decisions;
//! - projection (`Record`/`Auto`): a nogood over the projected atoms, so each projection is
//!   reported once (the reported model is a full stable model with a new projection);
//! - brave/cautious: a nogood demanding an atom outside the union / missing from the
//!   intersection; each reported model carries the current approximation;
//! - `Opt`: tighten the bound to strictly better costs (branch and bound); exhaustion proves
//!   the optimum. `OptN`: afterwards a fresh search enumerates all models with the optimal
//!   costs (numbered from 1 again, as clingo does). `Enum`: enumerate, reporting costs.
//!
//! Model limits follow clingo 5.8.3: `models` bounds all answers in `Opt` mode and the optimal
//! ones in `OptN`; reaching the limit stops without proving anything more.

mod acyclic;
mod analyze;
mod assignment;
mod body;
mod build;
mod clauses;
mod clock;
mod consequences;
mod disjunctive;
mod domain;
mod enumerate;
mod heuristic;
mod limits;
mod lit;
mod minimize;
mod restart;
mod search;
mod unfounded;
mod weight;

#[cfg(test)]
mod tests;

use std::time::Instant;

use self::acyclic::Acyclicity;
use self::build::Translation;
use self::clauses::ClauseStore;
use self::clock::Clock;
use self::consequences::Consequences;
use self::disjunctive::{MinimalityCheck, Tester};
use self::heuristic::Heuristic;
use self::limits::Limits;
use self::lit::{Lit, Var};
use self::minimize::Minimizer;
use self::search::{Outcome, Search, SearchParts};
use self::unfounded::Unfounded;
use self::weight::WeightStore;
use crate::api::{
    EnumMode, Interrupt, Model, OptMode, SolveError, SolveOptions, Statistics, Summary,
};
use crate::program::{Atom, GroundProgram};

/// Where the driver stands between calls.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// Nothing reported yet, or the search continues from where it is.
    Searching,
    /// A model was reported; the search must move past it first.
    AfterModel,
    /// The search is over.
    Done,
}

/// What the driver does with models.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Task {
    /// Enumerate models (possibly with costs).
    Enumerate,
    /// Brave consequences.
    Brave,
    /// Cautious consequences.
    Cautious,
    /// Branch and bound towards the optimum.
    Optimize,
}

/// A CDCL stable-model solver for one ground program and one set of options.
pub struct Solver {
    /// The current search.
    search: Search,
    /// The translated program (kept to restart for optimal-model enumeration).
    translation: Translation,
    /// The options.
    options: SolveOptions,
    /// Number of program atoms.
    atom_count: u32,
    /// Projected atoms when projecting.
    projection: Option<Vec<Var>>,
    /// What to do with models.
    task: Task,
    /// Whether models are blocked by recorded nogoods rather than by backtracking.
    record: bool,
    /// Brave/cautious only: the approximation so far.
    consequences: Option<Consequences>,
    /// Whether `OptN` has proven the optimum and enumerates optimal models.
    optimal_phase: bool,
    /// The best normalised costs so far.
    best: Option<Vec<i64>>,
    /// Driver state.
    state: State,
    /// The summary so far.
    summary: Summary,
    /// The search's wall-clock times.
    clock: Clock,
    /// Static statistics of the program.
    program_stats: Statistics,
}

impl Solver {
    /// Brave/cautious only: clingo's `Consequences: [lower;upper]` over the tracked atoms (the
    /// projection atoms, else the atoms of single positive output conditions, else all atoms)
    /// after the last reported model. Outputs without a condition (facts) are not counted; add
    /// them. `None` in other modes.
    pub fn consequence_bounds(&self) -> Option<(u64, u64)> {
        let consequences = self.consequences.as_ref()?;
        Some(consequences.bounds(&self.search.assignment))
    }

    /// Prepares a solver for `program` under `options`. The interrupt handle is polled between
    /// the translation's phases: once it is set, the solver is already stopped (`next_model`
    /// gives `None`, the summary says interrupted), built for the empty program if the
    /// translation was cut short.
    pub fn new(program: &GroundProgram, options: SolveOptions) -> Result<Solver, SolveError> {
        let clock = Clock::start();
        let interrupted = || options.interrupt.as_ref().is_some_and(Interrupt::is_set);
        let empty = GroundProgram::new();
        let (program, mut translation, mut stopped) = match build::translate(program, &interrupted)?
        {
            Some(translation) => (program, translation, false),
            None => match build::translate(&empty, &|| false)? {
                Some(translation) => (&empty, translation, true),
                None => return Err(SolveError::Invalid("empty program not translated".into())),
            },
        };
        if options.opt_mode == OptMode::Ignore {
            translation.levels.clear();
        }
        let task = task_for(&options, &translation);
        let projection = projection_vars(program, &options);
        let record = options.enum_mode == EnumMode::Record;
        let program_stats = program_statistics(program, &translation);
        let mut search = make_search(&translation, &options);
        stopped |= interrupted();
        if let (Some(vars), false) = (&projection, record) {
            search.heuristic.prefer(vars);
        }
        let consequences = match task {
            Task::Brave | Task::Cautious => {
                Some(Consequences::new(program, &mut search, task == Task::Brave))
            }
            _ => None,
        };
        let mut solver = Solver {
            search,
            consequences,
            translation,
            atom_count: program.atom_count,
            projection,
            task,
            record,
            optimal_phase: false,
            best: None,
            state: State::Searching,
            summary: Summary::default(),
            clock,
            program_stats,
            options,
        };
        solver.search.limits = solver.limits();
        if stopped {
            solver.stop(true);
        }
        Ok(solver)
    }

    /// The next answer the options ask for; `None` when the search is over (see `summary`).
    pub fn next_model(&mut self) -> Option<Model> {
        if self.state == State::AfterModel {
            self.state = State::Searching;
            self.after_model();
        }
        while self.state == State::Searching {
            match self.search.solve() {
                Outcome::Model => return Some(self.report_model()),
                Outcome::Exhausted => self.on_exhausted(),
                Outcome::Interrupted => self.stop(true),
                Outcome::TimedOut => self.stop(false),
            }
        }
        None
    }

    /// How the search ended (or stands).
    pub fn summary(&self) -> Summary {
        let mut summary = self.summary.clone();
        let search = &self.search.stats;
        summary.times = self.clock.times(summary.exhausted);
        summary.statistics = Statistics {
            choices: search.choices,
            conflicts: search.conflicts,
            restarts: search.restarts,
            learnt_nogoods: search.learnt_nogoods,
            deleted_nogoods: search.deleted_nogoods,
            propagations: search.propagations,
            ..self.program_stats.clone()
        };
        summary
    }

    /// Moves past the last model, or stops at the model limit. At the limit the search space
    /// may still be exhausted as clingo reports it: when moving past the model needs no search
    /// (the model was found without open decisions, every projection is done, no atom is left
    /// for the consequences). Improving models of an optimization are not moved past there.
    fn after_model(&mut self) {
        let limit = self.limit_reached();
        let improving = self.task == Task::Optimize && !self.optimal_phase;
        if !(limit && improving) {
            self.move_past_model();
        }
        if self.search.exhausted {
            self.on_exhausted();
        } else if limit {
            self.finish();
        }
    }

    /// Ends the search.
    fn finish(&mut self) {
        self.state = State::Done;
        self.clock.on_end();
    }

    /// The interrupt and deadline of the options.
    fn limits(&self) -> Limits {
        Limits {
            interrupt: self.options.interrupt.clone(),
            deadline: self.options.time_limit.map(|t| Instant::now() + t),
        }
    }

    /// Whether the requested number of models has been reported.
    fn limit_reached(&self) -> bool {
        let limit = self.options.models;
        let counted = match (self.task, self.options.opt_mode) {
            (Task::Optimize, OptMode::OptN) => self.summary.optimal_models,
            _ => self.summary.models,
        };
        limit != 0 && counted >= limit
    }

    /// Stops on the interrupt (`true`) or the time limit.
    fn stop(&mut self, interrupted: bool) {
        self.summary.interrupted = interrupted;
        self.summary.timed_out = !interrupted;
        self.finish();
    }

    /// The search space is exhausted: finish, or start enumerating optimal models.
    fn on_exhausted(&mut self) {
        let found = self.summary.models > 0;
        let has_costs = !self.translation.levels.is_empty();
        if self.task == Task::Optimize && found && !self.optimal_phase {
            self.summary.optimum_proven = true;
            if self.options.opt_mode == OptMode::OptN {
                self.start_optimal_phase();
                return;
            }
        }
        if self.task == Task::Enumerate && has_costs && found {
            self.summary.optimum_proven = true;
        }
        self.summary.exhausted = true;
        self.summary.satisfiable = Some(found);
        self.finish();
    }

    /// `OptN`: a fresh search for all models no worse than the optimum.
    fn start_optimal_phase(&mut self) {
        let stats = self.search.stats.clone();
        self.search = make_search(&self.translation, &self.options);
        self.search.stats = stats;
        self.search.limits = self.limits();
        self.search.minimizer.set_bound(self.best.clone(), false);
        self.optimal_phase = true;
    }
}

/// What the driver does with models under `options`.
fn task_for(options: &SolveOptions, translation: &Translation) -> Task {
    match options.enum_mode {
        EnumMode::Brave => Task::Brave,
        EnumMode::Cautious => Task::Cautious,
        _ if !translation.levels.is_empty() && options.opt_mode != OptMode::Enum => Task::Optimize,
        _ => Task::Enumerate,
    }
}

/// The static statistics of a program and its translation.
fn program_statistics(program: &GroundProgram, translation: &Translation) -> Statistics {
    Statistics {
        atoms: program.atom_count as u64,
        rules: program.rules.len() as u64,
        bodies: translation.body_count as u64,
        variables: translation.var_count as u64,
        constraints: (translation.clauses.len() + translation.weights.len()) as u64,
        tight: translation.ufs.0.is_empty(),
        ..Statistics::default()
    }
}

/// Builds a fresh search over a translation.
fn make_search(t: &Translation, options: &SolveOptions) -> Search {
    let vars = t.var_count;
    let mut clauses = ClauseStore::default();
    for clause in &t.clauses {
        clauses.add_problem(clause);
    }
    let mut units = t.units.clone();
    let acyclic = Acyclicity::new(&t.edges, vars).unwrap_or_else(|()| {
        units.push(Lit::FALSE);
        Acyclicity::default()
    });
    let mut weights = WeightStore::default();
    for (condition, elements, bound) in &t.weights {
        if !weights.add(*condition, elements.clone(), *bound) {
            units.push(!*condition);
        }
    }
    let (ufs_atoms, ufs_bodies) = &t.ufs;
    let mut heuristic = Heuristic::new(vars, &t.is_atom, options.seed);
    if options.domain_heuristic {
        heuristic.set_domain(domain::Domain::new(&t.heuristics));
    }
    let parts = SearchParts {
        assignment: assignment::Assignment::new(vars),
        clauses,
        weights,
        minimizer: Minimizer::new(t.levels.clone()),
        unfounded: Unfounded::new(vars, ufs_atoms.clone(), ufs_bodies.clone()),
        minimality: MinimalityCheck::new(t.minimality.clone(), new_tester),
        acyclic,
        heuristic,
    };
    Search::new(parts, &units)
}

/// A minimality tester: a solver of its own for the tester program.
fn new_tester(program: &GroundProgram) -> Option<Box<dyn Tester>> {
    let solver = Solver::new(program, SolveOptions::default()).ok()?;
    Some(Box::new(solver))
}

/// The minimality tester's entry: plain search under assumptions, learnt nogoods kept
/// between calls, no driver state.
impl Tester for Solver {
    /// Whether a model exists in which every literal of `assumptions` holds (`Err` if `limits`
    /// stopped the search); after `Ok(true)`, [`Solver::holds`] reads that model. For the
    /// minimality tester: plain search, learnt nogoods kept between calls, no driver state.
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
        self.search.assignment.is_true(Var(atom.0).pos())
    }
}

/// The projected atoms when projection is asked for: the projection statement's atoms, or
/// else the atoms of the output conditions (clasp's convention).
fn projection_vars(program: &GroundProgram, options: &SolveOptions) -> Option<Vec<Var>> {
    if !options.project {
        return None;
    }
    let mut vars: Vec<Var> = match &program.projection {
        Some(atoms) => atoms.iter().map(|a| Var(a.0)).collect(),
        None => program
            .outputs
            .iter()
            .flat_map(|o| o.condition.iter().map(|l| Var(l.atom().0)))
            .collect(),
    };
    vars.sort_unstable();
    vars.dedup();
    Some(vars)
}
