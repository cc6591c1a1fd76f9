//! Translation of a [`GroundProgram`] into the solver's constraints (Clark completion, clasp
//! style, Gebser et al. AIJ 2012 section 3).
//!
//! Atom `i` (aspif numbering) is variable `i`; every distinct rule body gets a variable after
//! the atoms. Nogoods, in clause form:
//! - normal body `B = {l1..ln}`: `(¬B ∨ li)` for each `i` and `(B ∨ ¬l1 ∨ ... ∨ ¬ln)`;
//! - weight body `B ≡ Σ w·l ≥ k`: two native weight constraints (see `weight.rs`);
//! - rule `h :- B` (non-choice): `(¬B ∨ h)`; integrity constraint `:- B`: `(¬B)`;
//! - an integrity constraint `:- l1, ..., ln.` (n > 1) is the clause `(¬l1 ∨ ... ∨ ¬ln)`:
//!   its body is not interned, gets no definition and no variable, and the constraint is no
//!   [`FlatRule`] (clasp likewise adds such constraints as plain nogoods); its key is kept
//!   for the consequences, whose emulation of clasp's program graph has its body false;
//! - a body of one literal is that literal, the empty body `Lit::TRUE`, and a body that is
//!   the only support of an atom takes the atom's variable (`share.rs`): no definition of
//!   their own beyond that;
//! - atom `a` with supporting bodies `B1..Bk`: `(¬a ∨ B1 ∨ ... ∨ Bk)` (no bodies: `a` false).
//!
//! A fact (a non-choice rule with one head atom whose body normalises to the empty
//! conjunction) gets the unit `a` instead of the rule clause `(¬B∅ ∨ h)` and no support
//! clause: with `B∅` true they say no more than that. Its rule stays in the unfounded-set
//! structures (the empty body supports the atom).
//!
//! # Deltas (multi-shot solving)
//! A program arrives as a sequence of deltas (the one-shot solver has one): a delta's atoms
//! continue the numbering of the earlier ones and its statements are new. [`ProgramState`]
//! keeps what later deltas need: the atoms' variables and standing (`atoms.rs`), the interned
//! bodies (equal bodies share a variable across deltas), the rules in flat form, the minimize
//! statements, outputs, projection, edges and heuristics. [`ProgramState::translate`] turns a
//! delta into a [`Delta`]: new variables, units, clauses, weight constraints and updates of
//! the other components. Each delta completes the atoms it defines: the atoms it mentions
//! first, and externals it defines. An atom completed earlier is never redefined (clasp's
//! "redefinition" error) unless its value is fixed at level 0, where a new rule is only its
//! clause. Externals are not fixed here: their values are assumptions of each solve call.
//!
//! Disjunctive rules are shifted (`a ; b :- B` gives `a :- B, not b` and `b :- B, not a`),
//! which is sound for head-cycle-free programs. A positive-dependency SCC holding two head
//! atoms of one disjunctive rule is not head-cycle-free: its atoms get no unfounded-set
//! propagation (the shifted loops would cut stable models) and are checked on total
//! assignments by `disjunctive.rs` instead. An external atom
//! without defining rules gets no support clause (it is free; see `externals.rs`); a defined
//! one is a plain atom (as in clingo). Assumptions are per solve call. The positive dependency graph (atoms to the positive atoms of their bodies, weight
//! bodies included) is split into SCCs (iterative Tarjan); only atoms of non-trivial SCCs are
//! handed to the unfounded-set checker. A cycle through an atom of a delta runs through atoms
//! of that delta only, unless the delta defines an external of an earlier one: then the
//! components are recomputed over all rules (see `components.rs`).

mod atoms;
mod clauses;
mod components;
mod encode;
pub(crate) mod externals;
mod renumber;
mod share;

use fxhash::{FxHashMap, FxHashSet};

pub(crate) use self::atoms::{AtomTable, Standing};
pub(crate) use self::clauses::Clauses;
use super::body::BodyKey;
use super::disjunctive::{CheckedRule, Minimality};
use super::lit::{Lit, Var};
use super::minimize::Level;
use super::unfounded::UfsGraph;
use crate::api::SolveError;
use crate::program::{Atom, Edge, ExternalValue, GroundProgram, HeuristicDirective, Literal};

/// A weight constraint `(condition, elements, bound)`: `condition → Σ w·l ≥ bound`.
pub(crate) type WeightSpec = (Lit, Vec<(Lit, i64)>, i64);

/// A rule after shifting: one or no head atom, or a choice over several.
pub(crate) struct FlatRule {
    /// Head atoms (variables, sorted, each once); none for an integrity constraint.
    pub(crate) heads: Heads,
    /// Whether heads are only supported, not forced.
    pub(crate) choice: bool,
    /// Index of the body in [`ProgramState::bodies`].
    pub(crate) body: u32,
    /// Shifted from a disjunctive rule (one of its head atoms, the others negated in the body).
    pub(crate) shifted: bool,
}

/// A disjunctive rule of several head atoms as clasp's preprocessing reads it, before shifting
/// (brave/cautious consequences need it: see `dropped_disjunctions.rs`).
pub(crate) struct Disjunction {
    /// Its head atoms (variables, sorted, each once; two or more).
    pub(crate) heads: Heads,
    /// Its normalised body (not interned: only the shifted rules' bodies have variables).
    pub(crate) body: BodyKey,
    /// The indices in [`ProgramState::rules`] of its shifted rules.
    pub(crate) rules: std::ops::Range<usize>,
}

/// The head atoms of a [`FlatRule`]: none or one inline (most rules: no allocation per rule),
/// several in a vector. Read as a slice.
#[derive(Clone, Debug)]
pub(crate) enum Heads {
    /// No head atom (`None`) or one.
    Few(Option<Var>),
    /// Two or more head atoms.
    Many(Vec<Var>),
}

impl Heads {
    /// The head atoms.
    pub(crate) fn as_slice(&self) -> &[Var] {
        match self {
            Heads::Few(None) => &[],
            Heads::Few(Some(var)) => std::slice::from_ref(var),
            Heads::Many(vars) => vars,
        }
    }
}

impl From<Vec<Var>> for Heads {
    fn from(vars: Vec<Var>) -> Heads {
        match vars.as_slice() {
            [] => Heads::Few(None),
            [var] => Heads::Few(Some(*var)),
            _ => Heads::Many(vars),
        }
    }
}

impl std::ops::Deref for Heads {
    type Target = [Var];
    fn deref(&self) -> &[Var] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Heads {
    type Item = &'a Var;
    type IntoIter = std::slice::Iter<'a, Var>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for Heads {
    fn eq(&self, other: &Heads) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Heads {}

impl std::hash::Hash for Heads {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// What the program's deltas so far leave for the next one and for the solve calls.
#[derive(Default)]
pub(crate) struct ProgramState {
    /// The atoms: variables and standing.
    pub(crate) atoms: AtomTable,
    /// Bodies a later rule may share: key to index in `bodies`.
    body_ids: share::KeyIndex,
    /// Output conditions of one literal or none with a variable of their own: key to index
    /// in `bodies` (such keys in `body_ids` share the literal, see `encode.rs`).
    condition_ids: share::KeyIndex,
    /// Every body: its literal (its own variable's, or the one literal it is) and key.
    pub(crate) bodies: Vec<(Lit, BodyKey)>,
    /// Every rule of every delta, shifted.
    pub(crate) rules: Vec<FlatRule>,
    /// Every disjunctive rule of several head atoms of every delta, before shifting.
    pub(crate) disjunctions: Vec<Disjunction>,
    /// Of the integrity constraints of two or more literals (clauses, not rules), the one
    /// literal left of each once the positive literals over facts the delta gave before it
    /// are dropped, when one is left: brave/cautious consequences read it as a constraint of
    /// that literal, as clasp does.
    pub(crate) unit_constraints: Vec<Lit>,
    /// The literals of the integrity constraints of two or more literals (their normalised
    /// keys, one after another; see [`ProgramState::multi_literal_constraints`]).
    constraint_lits: Vec<Lit>,
    /// Where each of those constraints ends in `constraint_lits`.
    constraint_ends: Vec<u32>,
    /// Of the other integrity constraints of two or more literals, the one positive literal
    /// left among negative ones once the positive literals over given facts are dropped, with
    /// the atoms of those negative literals: the constraint refutes that literal's atom when
    /// constraints of one literal refute all of those atoms (see
    /// `refuted_atoms::constraint_bodies`).
    pub(crate) guarded_refutations: Vec<(Lit, Vec<Var>)>,
    /// Number of variables (constant, atoms, bodies).
    pub(crate) var_count: usize,
    /// Whether each variable is an atom.
    pub(crate) is_atom: Vec<bool>,
    /// Number of input rules.
    pub(crate) rule_count: u64,
    /// Number of bodies without a variable of their own (see `share.rs`), integrity
    /// constraints' bodies aside.
    pub(crate) equivalences: u64,
    /// Number of integrity constraints of two or more literals, which became clauses without
    /// a body (see `encode.rs`): bodies and equivalences in the statistics.
    pub(crate) constraint_bodies: u64,
    /// Minimize statements `(priority, elements)` in input order (a propagator's
    /// `add_minimize` included).
    pub(crate) minimize: Vec<(i32, Vec<(Lit, i64)>)>,
    /// The projection statement's atoms, if any.
    pub(crate) projection: Option<Vec<Var>>,
    /// Externals released so far (sorted): no atoms for clasp's consequences.
    pub(crate) released: Vec<Var>,
    /// Atoms of output conditions; those of single positive conditions; whether any output.
    pub(crate) outputs: Outputs,
    /// `#edge` statements in variable space (see `acyclic.rs`).
    pub(crate) edges: Vec<Edge>,
    /// `#heuristic` statements in variable space (see `domain.rs`).
    pub(crate) heuristics: Vec<HeuristicDirective>,
    /// Number of SCC ids handed to the unfounded-set checker.
    scc_count: u32,
    /// Number of cyclic atoms and bodies handed to the unfounded-set checker.
    ufs_sizes: (usize, usize),
    /// The non-HCF atoms and their rules so far.
    non_hcf: (Vec<Var>, Vec<CheckedRule>),
    /// Whether some delta had a disjunctive rule with several head atoms.
    has_disjunctions: bool,
    /// The number of bodies once the rule tables were freed (see
    /// [`ProgramState::free_rule_tables`]); `None` while they are kept.
    freed_bodies: Option<usize>,
}

/// The output statements' atoms, as consequences and projection read them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Outputs {
    /// Every atom of an output condition.
    pub(crate) condition_vars: Vec<Var>,
    /// What brave/cautious consequences track, one entry per output with a condition (as
    /// clasp counts them: `a` and `#show 5 : a.` are two): the atom of a single positive
    /// condition, else the variable of the condition's conjunction (see `conditions`).
    pub(crate) tracked: Vec<Var>,
    /// The outputs whose condition is neither empty nor one positive literal: the variable of
    /// the conjunction and the condition in atom space, as the delta gave it.
    pub(crate) conditions: Vec<(Var, Vec<Literal>)>,
    /// Outputs already counted, by a hash of their name and their tracked variable (a step
    /// may give the outputs of an earlier one again).
    seen: FxHashSet<(u64, Var)>,
    /// Whether there is any output statement.
    pub(crate) any: bool,
}

impl Outputs {
    /// Frees what only brave/cautious consequences and later deltas read (`tracked`,
    /// `conditions`, `seen`); see [`ProgramState::free_rule_tables`].
    fn free_consequence_tables(&mut self) {
        self.tracked = Vec::new();
        self.conditions = Vec::new();
        self.seen = FxHashSet::default();
    }
}

/// Whether an output condition is empty or one positive literal: such an output is tracked by
/// that atom (clasp's output tracking), any other by the conjunction of its condition.
pub(crate) fn plain_condition(condition: &[Literal]) -> bool {
    match condition {
        [] => true,
        [l] => l.is_positive(),
        _ => false,
    }
}

/// How the unfounded-set checker changes with a delta.
pub(crate) enum UfsUpdate {
    /// New cyclic atoms and bodies, numbered after the existing ones.
    Extend(UfsGraph),
    /// All cyclic atoms and bodies anew.
    Rebuild(UfsGraph),
}

/// The translation of one delta: what the search adds.
pub(crate) struct Delta {
    /// Literals true at level 0 (`Lit::FALSE` marks an empty clause).
    pub(crate) units: Vec<Lit>,
    /// Clauses of two or more literals.
    pub(crate) clauses: Clauses,
    /// Weight constraints.
    pub(crate) weights: Vec<WeightSpec>,
    /// The unfounded-set checker's update.
    pub(crate) ufs: UfsUpdate,
    /// The new stability check of non-HCF components, when it changed.
    pub(crate) minimality: Option<Minimality>,
    /// All minimize levels (highest priority first), when they changed.
    pub(crate) levels: Option<Vec<Level>>,
    /// Whether the delta has `#edge` statements.
    pub(crate) new_edges: bool,
    /// The delta's assumptions (aspif statement 6).
    pub(crate) assumptions: Vec<Lit>,
    /// The atoms (variables) the delta mentions first.
    pub(crate) mentioned: Vec<Var>,
    /// Externals the delta releases without defining them: still externals, released when
    /// the next solve call starts (a later delta of the step may define them).
    pub(crate) releases: Vec<Atom>,
}

impl Delta {
    /// Whether the delta adds only clauses, weight constraints and units: no cyclic atoms
    /// or bodies, and no new minimality check, minimize levels or `#edge` statements.
    pub(crate) fn adds_constraints_only(&self) -> bool {
        let no_cycles =
            matches!(&self.ufs, UfsUpdate::Extend(g) if g.atom_count() + g.body_count() == 0);
        no_cycles && self.minimality.is_none() && self.levels.is_none() && !self.new_edges
    }
}

impl ProgramState {
    /// Translates `delta` (see the module doc); `fixed(v)` tells whether variable `v` has a
    /// value at level 0. `Ok(None)` when `stop` (asked between the phases) says to give up;
    /// the state is then unusable.
    pub(crate) fn translate(
        &mut self,
        delta: &GroundProgram,
        fixed: &dyn Fn(Var) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Delta>, SolveError> {
        if self.freed_bodies.is_some() {
            let message = "a delta after the solver was told that none follows (end_deltas)";
            return Err(SolveError::Invalid(message.to_string()));
        }
        self.add_atoms(delta)?;
        let fresh = externals::mentioned_open_atoms(delta, &self.atoms);
        let program = renumber::to_var_space(delta, &self.atoms);
        let mut builder = encode::Builder::new(&program, self, fresh);
        if !builder.flatten_rules(stop)? {
            return Ok(None);
        }
        let conjunctions = builder.intern_output_conditions()?;
        builder.classify_atoms(fixed)?;
        builder.mark_facts();
        builder.allocate_body_vars();
        builder.check_variable_count()?;
        let conjunctions: Vec<Option<Var>> = conjunctions
            .into_iter()
            .map(|body| body.map(|index| builder.body_lit(index).var()))
            .collect();
        builder.encode()?;
        if stop() {
            return Ok(None);
        }
        let (ufs, minimality) = builder.dependency_components()?;
        let mut out = builder.finish();
        out.ufs = ufs;
        out.minimality = minimality;
        self.add_statements(&program, &mut out);
        self.add_tracked_outputs(delta, &program, conjunctions);
        Ok(Some(out))
    }

    /// Errors with [`SolveError::Redefinition`] when a rule of `delta` defines an atom an
    /// earlier delta completed whose variable `fixed` says has no value at level 0.
    pub(crate) fn check_redefinitions(
        &self,
        delta: &GroundProgram,
        fixed: &dyn Fn(Var) -> bool,
    ) -> Result<(), SolveError> {
        let known = self.atoms.count();
        for rule in delta.rules.iter().filter(|_| known > 0) {
            for head in externals::defined_heads(rule) {
                let atom = Atom(head.0);
                if atom.0 == 0 || atom.0 > known {
                    continue;
                }
                let completed = self.atoms.standing(atom) == Standing::Completed;
                if completed && !fixed(self.atoms.var(atom)) {
                    return Err(SolveError::Redefinition(atom));
                }
            }
        }
        Ok(())
    }

    /// Gives the new atoms of `delta` (validated by the caller) variables.
    fn add_atoms(&mut self, delta: &GroundProgram) -> Result<(), SolveError> {
        let known = self.atoms.count();
        if delta.atom_count < known {
            return Err(SolveError::Invalid(format!(
                "a delta has {} atoms, fewer than the {known} atoms before it",
                delta.atom_count
            )));
        }
        if self.var_count == 0 {
            self.var_count = 1;
            self.is_atom.push(false);
        }
        let added = (delta.atom_count - known) as usize;
        self.atoms
            .add_atoms(delta.atom_count, self.var_count as u32);
        self.var_count += added;
        self.is_atom.resize(self.var_count, true);
        Ok(())
    }

    /// Accumulates the statements other than rules and externals.
    fn add_statements(&mut self, program: &GroundProgram, out: &mut Delta) {
        let var = |a: &Atom| Var(a.0);
        let lit = super::body::literal;
        out.assumptions = program.assumptions.iter().map(|&l| lit(l)).collect();
        if !program.minimizes.is_empty() {
            for m in &program.minimizes {
                let elements = m.elements.iter().map(|e| (lit(e.literal), e.weight));
                self.minimize.push((m.priority, elements.collect()));
            }
            out.levels = Some(minimize_levels(&self.minimize));
        }
        if let Some(atoms) = &program.projection {
            let projection = self.projection.get_or_insert_with(Vec::new);
            projection.extend(atoms.iter().map(var));
            projection.sort_unstable();
            projection.dedup();
        }
        let outputs = &mut self.outputs;
        outputs.any |= !program.outputs.is_empty();
        for output in &program.outputs {
            let vars = output.condition.iter().map(|l| Var(l.atom().0));
            outputs.condition_vars.extend(vars);
        }
        outputs.condition_vars.sort_unstable();
        outputs.condition_vars.dedup();
        let released = program
            .externals
            .iter()
            .filter(|e| e.1 == ExternalValue::Release);
        self.released.extend(released.map(|e| var(&e.0)));
        self.released.sort_unstable();
        self.released.dedup();
        out.new_edges = !program.edges.is_empty();
        self.edges.extend(program.edges.iter().cloned());
        self.heuristics.extend(program.heuristics.iter().cloned());
    }

    /// Records what consequences track for the outputs of `delta` (atom space; `program` is
    /// it in variable space); `conjunctions` are the variables of the conditions that are not
    /// [`plain_condition`]s, in output order (`None`: never holds).
    fn add_tracked_outputs(
        &mut self,
        delta: &GroundProgram,
        program: &GroundProgram,
        conjunctions: Vec<Option<Var>>,
    ) {
        let mut conjunctions = conjunctions.into_iter();
        for (given, output) in delta.outputs.iter().zip(&program.outputs) {
            let var = match output.condition.as_slice() {
                [] => continue,
                [l] if l.is_positive() => Var(l.atom().0),
                _ => match conjunctions.next() {
                    Some(Some(var)) => var,
                    _ => continue,
                },
            };
            let mut hasher = fxhash::FxHasher::default();
            std::hash::Hash::hash(&output.name, &mut hasher);
            let key = (std::hash::Hasher::finish(&hasher), var);
            if !self.outputs.seen.insert(key) {
                continue;
            }
            self.outputs.tracked.push(var);
            if !plain_condition(&output.condition) {
                let condition = given.condition.clone();
                self.outputs.conditions.push((var, condition));
            }
        }
        self.outputs.tracked.sort_unstable();
    }

    /// Frees what only later deltas and the consequences of a solve call read: the rules in
    /// flat form, the bodies, their interning tables, the non-HCF rules and the outputs'
    /// consequence tables (the number of bodies stays for the statistics). A later
    /// [`ProgramState::translate`] fails. The search's own structures (clauses, weight
    /// constraints, unfounded sets) are apart.
    pub(crate) fn free_rule_tables(&mut self) {
        self.freed_bodies = Some(self.body_count());
        self.rules = Vec::new();
        self.disjunctions = Vec::new();
        self.unit_constraints = Vec::new();
        self.constraint_lits = Vec::new();
        self.constraint_ends = Vec::new();
        self.guarded_refutations = Vec::new();
        self.bodies = Vec::new();
        self.body_ids = Default::default();
        self.condition_ids = Default::default();
        self.non_hcf = (Vec::new(), Vec::new());
        self.outputs.free_consequence_tables();
    }

    /// Records the integrity constraint `lits` (a normalised key of two or more literals),
    /// which becomes a clause without a body (see `encode.rs`).
    pub(super) fn note_constraint(&mut self, lits: &[Lit]) {
        self.constraint_lits.extend_from_slice(lits);
        self.constraint_ends.push(self.constraint_lits.len() as u32);
    }

    /// The integrity constraints of two or more literals, each its normalised key: clasp's
    /// program graph has their bodies, false from the start (see `initial_propagation.rs`).
    pub(crate) fn multi_literal_constraints(&self) -> impl Iterator<Item = &[Lit]> {
        let starts = std::iter::once(0).chain(self.constraint_ends.iter().copied());
        starts
            .zip(&self.constraint_ends)
            .map(|(start, &end)| &self.constraint_lits[start as usize..end as usize])
    }

    /// Whether [`ProgramState::free_rule_tables`] freed the rule and body tables.
    pub(crate) fn rule_tables_freed(&self) -> bool {
        self.freed_bodies.is_some()
    }

    /// The number of bodies with an entry in `bodies` (also after they were freed).
    pub(crate) fn body_count(&self) -> usize {
        self.freed_bodies.unwrap_or(self.bodies.len())
    }

    /// Whether no atom is handed to the unfounded-set checker (a tight program).
    pub(crate) fn is_tight(&self) -> bool {
        self.ufs_sizes.0 == 0
    }
}

/// Minimize statements grouped by priority (highest first), weights normalised positive; a
/// statement without elements still makes its level.
pub(crate) fn minimize_levels(statements: &[(i32, Vec<(Lit, i64)>)]) -> Vec<Level> {
    let mut priorities: Vec<i32> = statements.iter().map(|e| e.0).collect();
    priorities.sort_unstable_by(|a, b| b.cmp(a));
    priorities.dedup();
    priorities
        .into_iter()
        .map(|priority| {
            let mut weights: FxHashMap<Lit, i64> = FxHashMap::default();
            let mut offset = 0i64;
            let at_priority = statements.iter().filter(|s| s.0 == priority);
            for &(lit, weight) in at_priority.flat_map(|s| &s.1) {
                let (lit, weight) = if weight < 0 {
                    offset = offset.saturating_add(weight);
                    (!lit, weight.saturating_neg())
                } else {
                    (lit, weight)
                };
                let slot = weights.entry(lit).or_insert(0);
                *slot = slot.saturating_add(weight);
            }
            let mut lits: Vec<(Lit, i64)> = weights.into_iter().filter(|e| e.1 != 0).collect();
            lits.sort_unstable();
            Level { lits, offset }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{HeadKind, Literal};

    /// The first delta's translation.
    fn translate(p: &GroundProgram) -> (ProgramState, Delta) {
        let mut state = ProgramState::default();
        let delta = state.translate(p, &|_| false, &|| false).unwrap().unwrap();
        (state, delta)
    }

    #[test]
    fn constraints_become_clauses_without_bodies_and_rule_bodies_keep_their_definition() {
        let mut p = GroundProgram::new();
        let (a, b, c, d) = (p.new_atom(), p.new_atom(), p.new_atom(), p.new_atom());
        p.add_rule(HeadKind::Choice, vec![a, b], vec![]);
        p.add_constraint(vec![Literal::positive(a), Literal::negative(b)]);
        p.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(b)]);
        p.add_constraint(vec![Literal::positive(b)]);
        let ab = vec![Literal::positive(a), Literal::positive(b)];
        p.add_rule(HeadKind::Disjunction, vec![d], ab.clone());
        p.add_constraint(ab);
        let (state, t) = translate(&p);
        // Bodies: {} (Lit::TRUE), {b} (the literal b), {a, b} (d's only support: d's
        // variable); the constraints of two literals intern none; no body variable.
        let lits: Vec<Lit> = state.bodies.iter().map(|b| b.0).collect();
        let (va, vb, vc, vd) = (Var(a.0), Var(b.0), Var(c.0), Var(d.0));
        assert_eq!(lits, vec![Lit::TRUE, vb.pos(), vd.pos()]);
        assert_eq!((state.var_count, state.constraint_bodies), (5, 2));
        assert!(t.clauses.contains(&[va.neg(), vb.pos()]));
        assert!(t.clauses.contains(&[va.neg(), vb.neg()]));
        assert!(t.units.contains(&vb.neg()));
        assert!(t.clauses.contains(&[vb.neg(), vc.pos()]));
        assert!(t.clauses.contains(&[vb.pos(), vc.neg()]));
        assert!(t.clauses.contains(&[va.pos(), vd.neg()]));
        assert!(t.clauses.contains(&[va.neg(), vb.neg(), vd.pos()]));
    }

    #[test]
    fn non_hcf_atoms_go_to_the_minimality_check_not_to_unfounded_sets() {
        let mut p = GroundProgram::new();
        let (a, b, c) = (p.new_atom(), p.new_atom(), p.new_atom());
        p.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
        p.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::positive(b)]);
        p.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::positive(a)]);
        p.add_rule(HeadKind::Disjunction, vec![c], vec![Literal::positive(c)]);
        let (_, t) = translate(&p);
        assert!(t.minimality.is_some_and(|m| m.is_active()));
        let UfsUpdate::Extend(graph) = t.ufs else {
            panic!("a first delta extends the empty checker");
        };
        assert_eq!(graph.atom_lits, vec![Var(c.0).pos()]);
    }
}
