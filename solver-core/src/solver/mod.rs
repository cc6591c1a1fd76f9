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

mod analyze;
mod assignment;
mod build;
mod clauses;
mod disjunctive;
mod heuristic;
mod lit;
mod minimize;
mod restart;
mod search;
mod unfounded;
mod weight;

#[cfg(test)]
mod tests;

use std::time::Instant;

use self::build::Translation;
use self::clauses::ClauseStore;
use self::heuristic::Heuristic;
use self::lit::{Lit, Var};
use self::minimize::Minimizer;
use self::search::{Limits, Outcome, Search, SearchParts};
use self::unfounded::Unfounded;
use self::weight::WeightStore;
use crate::api::{EnumMode, Model, OptMode, SolveError, SolveOptions, Statistics, Summary};
use crate::program::{Atom, Body, GroundProgram, HeadKind, Literal};

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
    /// Atoms tracked for brave/cautious consequences.
    tracked: Vec<Var>,
    /// Which tracked atoms are in the current approximation.
    approximation: Vec<bool>,
    /// Brave/cautious only: the atoms clasp makes facts of (see [`settled_atoms`]); they are
    /// part of every reported consequence model, tracked or not.
    settled: Vec<Atom>,
    /// Brave/cautious under a projection: untracked atoms with the index of the tracked atom
    /// clasp makes them equal to (see [`tracked_aliases`]); shown when that one is.
    aliases: Vec<(Atom, usize)>,
    /// Whether `OptN` has proven the optimum and enumerates optimal models.
    optimal_phase: bool,
    /// The best normalised costs so far.
    best: Option<Vec<i64>>,
    /// Driver state.
    state: State,
    /// The summary so far.
    summary: Summary,
    /// Static statistics of the program.
    program_stats: Statistics,
}

impl Solver {
    /// Prepares a solver for `program` under `options`.
    pub fn new(program: &GroundProgram, options: SolveOptions) -> Result<Solver, SolveError> {
        let mut translation = build::translate(program)?;
        if options.opt_mode == OptMode::Ignore {
            translation.levels.clear();
        }
        let task = task_for(&options, &translation);
        let projection = projection_vars(program, &options);
        let record = options.enum_mode == EnumMode::Record;
        let tracked = tracked_atoms(program);
        let program_stats = program_statistics(program, &translation);
        let mut search = make_search(&translation, &options);
        if let (Some(vars), false) = (&projection, record) {
            search.heuristic.prefer(vars);
        }
        let (settled, aliases) = match task {
            Task::Brave | Task::Cautious => (
                settled_atoms(program, &mut search),
                tracked_aliases(program, &tracked),
            ),
            _ => (Vec::new(), Vec::new()),
        };
        let mut solver = Solver {
            search,
            approximation: vec![task == Task::Cautious; tracked.len()],
            settled,
            aliases,
            translation,
            atom_count: program.atom_count,
            projection,
            task,
            record,
            tracked,
            optimal_phase: false,
            best: None,
            state: State::Searching,
            summary: Summary::default(),
            program_stats,
            options,
        };
        solver.search.limits = solver.limits();
        Ok(solver)
    }

    /// The next answer the options ask for; `None` when the search is over (see `summary`).
    pub fn next_model(&mut self) -> Option<Model> {
        if self.state == State::AfterModel {
            self.state = State::Searching;
            if self.limit_reached() {
                self.state = State::Done;
            } else {
                self.move_past_model();
            }
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
        summary.stats = Statistics {
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

    /// Brave/cautious only: clingo's `Consequences: [lower;upper]` over the tracked atoms (the
    /// projection atoms, else the atoms of single positive output conditions, else all atoms)
    /// after the last reported model. Brave: `lower` = atoms in the union so far, `upper` adds
    /// the tracked atoms not yet false at decision level 0. Cautious: `upper` = atoms in the
    /// intersection so far, `lower` = those of them true at level 0. Outputs without a
    /// condition (facts) are not counted; add them. `None` in other modes.
    pub fn consequence_bounds(&self) -> Option<(u64, u64)> {
        let a = &self.search.assignment;
        let fixed = |lit: Lit| a.is_true(lit) && a.level_of(lit.var()) == 0;
        let entries = self.tracked.iter().zip(&self.approximation);
        let inside = entries.clone().filter(|(_, &i)| i).count() as u64;
        match self.task {
            Task::Brave => {
                let open = entries.filter(|(v, &i)| !i && !fixed(v.neg())).count() as u64;
                Some((inside, inside + open))
            }
            Task::Cautious => {
                let certain = entries.filter(|(v, &i)| i && fixed(v.pos())).count() as u64;
                Some((certain, inside))
            }
            _ => None,
        }
    }

    /// Whether a model exists in which every literal of `assumptions` holds (`Err` if `limits`
    /// stopped the search); after `Ok(true)`, [`Solver::holds`] reads that model. For the
    /// minimality tester: plain search, learnt nogoods kept between calls, no driver state.
    pub(crate) fn solve_under(&mut self, assumptions: &[Lit], limits: Limits) -> Result<bool, ()> {
        self.search.limits = limits;
        match self.search.solve_assuming(assumptions) {
            Outcome::Model => Ok(true),
            Outcome::Exhausted => Ok(false),
            Outcome::Interrupted | Outcome::TimedOut => Err(()),
        }
    }

    /// Whether `atom` is true in the current assignment (the model after `solve_under`).
    pub(crate) fn holds(&self, atom: Atom) -> bool {
        self.search.assignment.is_true(Var(atom.0).pos())
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
        self.state = State::Done;
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
        self.state = State::Done;
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

    /// Builds the reported model from the current total assignment.
    fn report_model(&mut self) -> Model {
        let a = &self.search.assignment;
        let true_atoms = a.true_vars(1..self.atom_count.saturating_add(1));
        let mut atoms: Vec<Atom> = Vec::with_capacity(true_atoms.clone().count());
        atoms.extend(true_atoms.map(Atom));
        let normalised = self.search.minimizer.costs(a);
        let costs = self.search.minimizer.user_costs(&normalised);
        if matches!(self.task, Task::Brave | Task::Cautious) {
            atoms = self.update_approximation();
        }
        self.summary.models += 1;
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
        }
    }

    /// Folds the current model into the brave/cautious approximation; returns it with the
    /// settled atoms (the atoms outside the tracked ones are otherwise unknown, as in clasp).
    fn update_approximation(&mut self) -> Vec<Atom> {
        let a = &self.search.assignment;
        for (slot, &var) in self.approximation.iter_mut().zip(&self.tracked) {
            let holds = a.is_true(var.pos());
            *slot = match self.task {
                Task::Brave => *slot || holds,
                _ => *slot && holds,
            };
        }
        let mut atoms: Vec<Atom> = self
            .tracked
            .iter()
            .zip(&self.approximation)
            .filter(|(_, &inside)| inside)
            .map(|(v, _)| Atom(v.0))
            .chain(self.settled.iter().copied())
            .chain(
                self.aliases
                    .iter()
                    .filter(|(_, i)| self.approximation.get(*i) == Some(&true))
                    .map(|(a, _)| *a),
            )
            .collect();
        atoms.sort_unstable();
        atoms.dedup();
        atoms
    }

    /// Moves the search past the last reported model.
    fn move_past_model(&mut self) {
        match self.task {
            Task::Brave | Task::Cautious => {
                let clause = self.consequence_clause();
                self.add_clause_or_finish(clause);
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

    /// Brave: some tracked atom outside the union; cautious: some atom of the intersection false.
    fn consequence_clause(&self) -> Vec<Lit> {
        let pairs = self.tracked.iter().zip(&self.approximation);
        match self.task {
            Task::Brave => pairs.filter(|(_, &i)| !i).map(|(v, _)| v.pos()).collect(),
            _ => pairs.filter(|(_, &i)| i).map(|(v, _)| v.neg()).collect(),
        }
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
    let mut weights = WeightStore::default();
    for (condition, elements, bound) in &t.weights {
        if !weights.add(*condition, elements.clone(), *bound) {
            units.push(!*condition);
        }
    }
    let (ufs_atoms, ufs_bodies, sccs) = &t.ufs;
    let parts = SearchParts {
        assignment: assignment::Assignment::new(vars),
        clauses,
        weights,
        minimizer: Minimizer::new(t.levels.clone()),
        unfounded: Unfounded::new(vars, ufs_atoms.clone(), ufs_bodies.clone(), *sccs),
        minimality: t.minimality.clone(),
        heuristic: Heuristic::new(vars, &t.is_atom, options.seed),
    };
    Search::new(parts, &units)
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

/// Atoms brave/cautious consequences range over (clasp's choice): the projection atoms when
/// the program has a projection statement, else the atoms of single positive output conditions,
/// or all atoms when there are no outputs at all.
fn tracked_atoms(program: &GroundProgram) -> Vec<Var> {
    if let Some(projection) = &program.projection {
        let mut vars: Vec<Var> = projection.iter().map(|a| Var(a.0)).collect();
        vars.sort_unstable();
        vars.dedup();
        return vars;
    }
    if program.outputs.is_empty() {
        return (1..=program.atom_count).map(Var).collect();
    }
    let mut vars: Vec<Var> = program
        .outputs
        .iter()
        .filter_map(|o| match o.condition.as_slice() {
            [l] if l.is_positive() => Some(Var(l.atom().0)),
            _ => None,
        })
        .collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// The atoms clasp's logic program makes facts before the search, which its consequence models
/// show though they are not tracked: after propagation before the first decision, the head
/// atoms of non-choice rules whose body is true and whose other head atoms are false. (An
/// atom only forced true, such as a choice atom under `:- not x.`, stays a plain variable
/// there and is not shown.) Empty when that propagation already fails.
fn settled_atoms(program: &GroundProgram, search: &mut Search) -> Vec<Atom> {
    if !search.propagate_root() {
        return Vec::new();
    }
    let a = &search.assignment;
    let lit = |l: Literal| match l.is_positive() {
        true => Var(l.atom().0).pos(),
        false => Var(l.atom().0).neg(),
    };
    let body_true = |body: &Body| match body {
        Body::Normal(lits) => lits.iter().all(|&l| a.is_true(lit(l))),
        Body::Weight { lower, elements } => {
            let least: i64 = elements
                .iter()
                .map(
                    |e| match (a.is_true(lit(e.literal)), a.is_true(!lit(e.literal))) {
                        (true, _) => e.weight,
                        (_, true) => 0,
                        _ => e.weight.min(0),
                    },
                )
                .sum();
            least >= *lower
        }
    };
    let mut settled: Vec<Atom> = program
        .rules
        .iter()
        .filter(|r| r.kind == HeadKind::Disjunction && body_true(&r.body))
        .flat_map(|r| {
            let open: Vec<Atom> = r
                .head
                .iter()
                .copied()
                .filter(|&h| !a.is_true(Var(h.0).neg()))
                .collect();
            match open.as_slice() {
                [only] if a.is_true(Var(only.0).pos()) => Some(*only),
                _ => None,
            }
        })
        .collect();
    settled.sort_unstable();
    settled.dedup();
    settled
}

/// Under a projection, the untracked atoms clasp's preprocessing makes equal to a tracked atom
/// (so its consequence models show them with it): an atom whose only rule (identical copies
/// counted once) is `x :- y.` is `y`,
/// following such chains. Each comes with the index of its tracked atom in `tracked`.
fn tracked_aliases(program: &GroundProgram, tracked: &[Var]) -> Vec<(Atom, usize)> {
    if program.projection.is_none() {
        return Vec::new();
    }
    let n = program.atom_count as usize + 1;
    let mut rules_of = vec![0u32; n];
    let mut parent: Vec<Option<u32>> = vec![None; n];
    // A rule written several times counts once (clasp merges identical rules).
    let mut seen = std::collections::HashSet::new();
    for rule in program.rules.iter().filter(|r| seen.insert(*r)) {
        for h in &rule.head {
            if let Some(count) = rules_of.get_mut(h.0 as usize) {
                *count += 1;
            }
        }
        if let (HeadKind::Disjunction, [h], Body::Normal(body)) =
            (rule.kind, rule.head.as_slice(), &rule.body)
        {
            if let ([l], Some(slot)) = (body.as_slice(), parent.get_mut(h.0 as usize)) {
                *slot = l.is_positive().then_some(l.atom().0);
            }
        }
    }
    let root = |mut a: u32| {
        for _ in 0..n {
            match parent.get(a as usize).copied().flatten() {
                Some(p) if rules_of.get(a as usize) == Some(&1) && p != a => a = p,
                _ => break,
            }
        }
        a
    };
    let mut index_of_root = std::collections::HashMap::new();
    for (i, v) in tracked.iter().enumerate() {
        index_of_root.entry(root(v.0)).or_insert(i);
    }
    (1..n as u32)
        .filter(|a| tracked.binary_search(&Var(*a)).is_err())
        .filter_map(|a| index_of_root.get(&root(a)).map(|&i| (Atom(a), i)))
        .collect()
}
