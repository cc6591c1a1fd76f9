//! [`Backend`]: ground statements added after grounding (clingo's `Control.backend()`).
//!
//! [`Control::backend`] opens a backend, runs the caller's closure on it and commits what it
//! added as one delta, as if a grounding had produced it: the solver takes it with the next
//! grounding's deltas (they form one step), the accumulated program and the models see it.
//!
//! # Atoms
//! [`Backend::add_atom`] with a symbol gives the program's atom of that symbol, or numbers a
//! new one; the grounder puts it in its predicate's domain and keeps it open, so later
//! groundings match it (`r(X) :- p(X).` instantiates over a `p(5)` a backend added) and never
//! decide it. Without a symbol it is a fresh auxiliary atom. A backend atom whose predicate
//! the `#show` directives show gets an output entry at the commit, like a ground atom.
//!
//! A backend fact (`add_rule(&[a], &[], false)`) over an atom this backend put in the domain
//! is a fact for the grounder (listed as a fact; later rules over it simplify); over an atom
//! the grounder knew before (an earlier backend's included) it is an ordinary rule, as in
//! clingo 5.8.3: the atom is listed as a fact only once a solve fixed it and the next
//! grounding cleaned up.
//!
//! # Definitions
//! The head atoms of backend rules count as defined since the last solve, for the grounder
//! (a later grounding giving them rules after a solve is clingo's `redefinition of atom`) as
//! for the solver (a backend rule for an atom with rules from before the last solve is
//! refused with the same error, nothing of that backend being added then but its atoms).
//!
//! # Invariants
//! - `delta.atom_count` is the session's atom count once a backend atom was added; every
//!   literal a statement names is checked against it at the commit (an atom out of range
//!   fails the commit with [`Error::Solve`]).

use grounder::Symbol;
use solver_core::{Atom, ExternalValue, GroundProgram, HeadKind, Literal, WeightedLiteral};

use super::{Control, TruthValue};
use crate::backend::{Session, Step};
use crate::Error;

/// Adds ground statements to a [`Control`]'s program (see [`Control::backend`]).
///
/// ```
/// use engine::{Control, Literal, Symbol};
/// # fn main() -> Result<(), engine::Error> {
/// let mut ctl = Control::new();
/// ctl.add("base", "a.")?;
/// ctl.ground()?;
/// ctl.backend(|b| {
///     let (a, c) = (b.add_atom(Some(&Symbol::constant("a")))?, b.add_atom(Some(&Symbol::constant("c")))?);
///     b.add_rule(&[c], &[Literal::positive(a)], false); // c :- a.
///     Ok(())
/// })?;
/// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["a", "c"]);
/// # Ok(()) }
/// ```
pub struct Backend<'a> {
    session: &'a mut Session,
    /// The statements added so far.
    delta: GroundProgram,
    /// `#show`-like outputs: a symbol under a condition.
    shows: Vec<(Symbol, Vec<Literal>)>,
    /// The atoms this backend put in the grounder's domains (see the module doc: only their
    /// facts are facts for the grounder).
    fresh: Vec<Atom>,
}

impl std::fmt::Debug for Backend<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Backend")
            .field("rules", &self.delta.rules.len())
            .finish()
    }
}

/// `(literal, weight)` pairs as the ground program's weighted literals.
fn weighted(literals: &[(Literal, i64)]) -> Vec<WeightedLiteral> {
    literals
        .iter()
        .map(|&(literal, weight)| WeightedLiteral { literal, weight })
        .collect()
}

fn head_kind(choice: bool) -> HeadKind {
    match choice {
        true => HeadKind::Choice,
        false => HeadKind::Disjunction,
    }
}

impl Backend<'_> {
    /// The atom of `symbol` (numbered now if the program has none), or a fresh auxiliary
    /// atom for `None` (clingo's `add_atom`). The symbol must be an atom (a function or a
    /// constant, possibly classically negated); a number or string is refused.
    ///
    /// ```
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a }.")?;
    /// ctl.ground()?;
    /// let a = engine::parse_term("a").unwrap();
    /// let (old, new) = ctl.backend(|b| Ok((b.add_atom(Some(&a))?, b.add_atom(None)?)))?;
    /// assert_eq!(old, ctl.symbolic_atoms().find(&a).unwrap().atom());
    /// assert!(new > old);
    /// # Ok(()) }
    /// ```
    pub fn add_atom(&mut self, symbol: Option<&Symbol>) -> Result<Atom, Error> {
        let (atom, fresh) = self.session.backend_atom(symbol).map_err(Error::Usage)?;
        if fresh {
            self.fresh.push(atom);
        }
        self.delta.atom_count = self.delta.atom_count.max(self.session.atom_count());
        Ok(atom)
    }

    /// Adds `head :- body.`: a disjunction, or a choice `{ head } :- body.`; an empty
    /// disjunctive head is an integrity constraint (clingo's `add_rule`).
    ///
    /// ```
    /// use engine::Literal;
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "#show p/1.")?;
    /// ctl.ground()?;
    /// ctl.backend(|b| {
    ///     let p1 = b.add_atom(Some(&engine::parse_term("p(1)").unwrap()))?;
    ///     let p2 = b.add_atom(Some(&engine::parse_term("p(2)").unwrap()))?;
    ///     b.add_rule(&[p1], &[], true); // { p(1) }.
    ///     b.add_rule(&[p2], &[Literal::negative(p1)], false); // p(2) :- not p(1).
    ///     Ok(())
    /// })?;
    /// let mut models: Vec<Vec<String>> = ctl.solve()?.map(|m| m.shown_names()).collect();
    /// models.sort();
    /// assert_eq!(models, [["p(1)"], ["p(2)"]]);
    /// # Ok(()) }
    /// ```
    pub fn add_rule(&mut self, head: &[Atom], body: &[Literal], choice: bool) {
        let kind = head_kind(choice);
        self.delta.add_rule(kind, head.to_vec(), body.to_vec());
    }

    /// Adds `head :- lower <= #sum { weight,literal : literal ... }.` (clingo's
    /// `add_weight_rule`).
    ///
    /// ```
    /// use engine::Literal;
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ a; b; c }.")?;
    /// ctl.ground()?;
    /// let sym = |t| engine::parse_term(t).unwrap();
    /// ctl.backend(|bk| {
    ///     let [a, b, c] = [sym("a"), sym("b"), sym("c")].map(|s| ctl_atom(bk, &s));
    ///     let two = bk.add_atom(Some(&sym("two")))?;
    ///     let body = [(Literal::positive(a), 1), (Literal::positive(b), 1), (Literal::positive(c), 1)];
    ///     bk.add_weight_rule(&[two], 2, &body, false);
    ///     Ok(())
    /// })?;
    /// # fn ctl_atom(b: &mut engine::Backend, s: &engine::Symbol) -> engine::Atom { b.add_atom(Some(s)).unwrap() }
    /// let with_two = ctl.solve()?.filter(|m| m.contains(&sym("two"))).count();
    /// assert_eq!(with_two, 4); // ab, ac, bc, abc
    /// # Ok(()) }
    /// ```
    pub fn add_weight_rule(
        &mut self,
        head: &[Atom],
        lower: i64,
        body: &[(Literal, i64)],
        choice: bool,
    ) {
        let kind = head_kind(choice);
        self.delta
            .add_weight_rule(kind, head.to_vec(), lower, weighted(body));
    }

    /// Adds a minimize statement over weighted literals at `priority` (clingo's
    /// `add_minimize`).
    ///
    /// ```
    /// use engine::Literal;
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "{ a; b }. :- not a, not b.")?;
    /// ctl.ground()?;
    /// let sym = |t| engine::parse_term(t).unwrap();
    /// ctl.backend(|bk| {
    ///     let (a, b) = (bk.add_atom(Some(&sym("a")))?, bk.add_atom(Some(&sym("b")))?);
    ///     bk.add_minimize(0, &[(Literal::positive(a), 2), (Literal::positive(b), 1)]);
    ///     Ok(())
    /// })?;
    /// let best = ctl.solve()?.last().unwrap();
    /// assert_eq!((best.shown_names(), best.costs()), (vec!["b".to_string()], &[1][..]));
    /// # Ok(()) }
    /// ```
    pub fn add_minimize(&mut self, priority: i32, literals: &[(Literal, i64)]) {
        self.delta.add_minimize(priority, weighted(literals));
    }

    /// Declares `atom` external with `value` (clingo's `add_external`; [`TruthValue::Release`]
    /// releases it).
    ///
    /// ```
    /// use engine::TruthValue;
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.add("base", "")?;
    /// ctl.ground()?;
    /// let e = engine::parse_term("e").unwrap();
    /// ctl.backend(|b| {
    ///     let atom = b.add_atom(Some(&e))?;
    ///     b.add_external(atom, TruthValue::True);
    ///     Ok(())
    /// })?;
    /// assert!(ctl.solve()?.next().unwrap().contains(&e));
    /// ctl.assign_external(&e, TruthValue::False)?;
    /// assert!(!ctl.solve()?.next().unwrap().contains(&e));
    /// # Ok(()) }
    /// ```
    pub fn add_external(&mut self, atom: Atom, value: TruthValue) {
        let value = match value {
            TruthValue::True => ExternalValue::True,
            TruthValue::False => ExternalValue::False,
            TruthValue::Free => ExternalValue::Free,
            TruthValue::Release => ExternalValue::Release,
        };
        self.delta.add_external(atom, value);
    }

    /// Shows `symbol` in the models where every literal of `condition` holds (like
    /// `#show symbol : condition.`; an empty condition shows it always).
    ///
    /// ```
    /// use engine::Literal;
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = engine::Control::new();
    /// ctl.options_mut().models = Some(0);
    /// ctl.add("base", "{ a }. #show.")?;
    /// ctl.ground()?;
    /// let sym = |t| engine::parse_term(t).unwrap();
    /// ctl.backend(|b| {
    ///     let a = b.add_atom(Some(&sym("a")))?;
    ///     b.add_show(&sym("has_a"), &[Literal::positive(a)]);
    ///     Ok(())
    /// })?;
    /// let mut models: Vec<Vec<String>> = ctl.solve()?.map(|m| m.shown_names()).collect();
    /// models.sort();
    /// assert_eq!(models, [vec![], vec!["has_a".to_string()]]);
    /// # Ok(()) }
    /// ```
    pub fn add_show(&mut self, symbol: &Symbol, condition: &[Literal]) {
        self.shows.push((symbol.clone(), condition.to_vec()));
    }
}

impl Control {
    /// Runs `build` on a [`Backend`] that adds ground statements to the program, then commits
    /// them (clingo's `with ctl.backend() as backend:`): they are solved with the rest by the
    /// next [`Control::solve`] and stay for every later grounding and solve. An `Err` from
    /// `build` adds nothing but the atoms it numbered. Needs a grounded program from text.
    ///
    /// ```
    /// use engine::{Control, Literal, Symbol};
    /// # fn main() -> Result<(), engine::Error> {
    /// let mut ctl = Control::new();
    /// ctl.add("base", "#program step(t). q(t) :- p(t).")?;
    /// ctl.ground()?;
    /// let p3 = engine::parse_term("p(3)").unwrap();
    /// ctl.backend(|b| {
    ///     let p = b.add_atom(Some(&p3))?;
    ///     b.add_rule(&[p], &[], false); // the fact p(3).
    ///     Ok(())
    /// })?;
    /// ctl.ground_parts(&[("step", &[Symbol::Number(3)])])?;
    /// assert_eq!(ctl.solve()?.next().unwrap().shown_names(), ["p(3)", "q(3)"]);
    /// # Ok(()) }
    /// ```
    pub fn backend<T>(
        &mut self,
        build: impl FnOnce(&mut Backend<'_>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.require_text("backend")?;
        self.require_ground("backend")?;
        self.clean_up();
        self.sync_solved();
        let Some(session) = self.session.as_mut() else {
            return Err(Error::Usage("backend without a grounding session".into()));
        };
        if session.has_ended() {
            let message = "backend after end_grounding: the grounder's atoms were freed";
            return Err(Error::Usage(message.into()));
        }
        let first = session.atom_count();
        let mut backend = Backend {
            delta: GroundProgram {
                atom_count: first,
                ..GroundProgram::default()
            },
            session,
            shows: Vec::new(),
            fresh: Vec::new(),
        };
        let built = build(&mut backend);
        let (delta, shows, fresh) = (backend.delta, backend.shows, backend.fresh);
        let kept = match built {
            Ok(_) => delta,
            Err(_) => atoms_only(&delta),
        };
        self.commit_backend(kept, first, shows, &fresh)?;
        let value = built?;
        self.ground_parts(&[])?;
        Ok(value)
    }

    /// Adds a backend's statements as a step (on failure, its atoms only, so the numbering
    /// stays aligned, and the error); the facts over atoms in `fresh` become grounder facts.
    fn commit_backend(
        &mut self,
        delta: GroundProgram,
        first: u32,
        shows: Vec<(Symbol, Vec<Literal>)>,
        fresh: &[Atom],
    ) -> Result<(), Error> {
        let heads: Vec<Atom> = delta.rules.iter().flat_map(|r| r.head.clone()).collect();
        let mut fresh = fresh.to_vec();
        fresh.sort_unstable();
        let facts = delta.rules.iter().filter_map(fact_of);
        let facts: Vec<Atom> = facts.filter(|a| fresh.binary_search(a).is_ok()).collect();
        let step = self.backend_step(delta, first, &shows);
        if let Err(error) = self.add_step(step) {
            let step = self.backend_step(GroundProgram::default(), first, &[]);
            self.add_step(step)?;
            return Err(self.redefinition_error(error));
        }
        self.backend_shows.extend(shows);
        if let Some(session) = self.session.as_mut() {
            session.backend_defined(&heads);
            facts.into_iter().for_each(|a| session.backend_fact(a));
        }
        Ok(())
    }

    /// The solver's refusal of a rule for an atom defined before the last solve, as clingo
    /// words it (`redefinition of atom <'b',2>`, the atom's symbol and number).
    fn redefinition_error(&self, error: Error) -> Error {
        let Error::Solve(solver_core::SolveError::Redefinition(atom)) = error else {
            return error;
        };
        let name = self.session.as_ref().and_then(|s| s.atom_symbol(atom));
        let name = name.map(|s| s.to_string()).unwrap_or_default();
        let message = format!("redefinition of atom <'{name}',{}>", atom.0);
        let diagnostic = grounder::Diagnostic {
            severity: grounder::Severity::Error,
            span: None,
            message,
            notes: Vec::new(),
        };
        Error::Ground(vec![diagnostic])
    }

    /// A backend's statements as a grounding step (its new atoms named by the session).
    fn backend_step(
        &self,
        mut program: GroundProgram,
        first: u32,
        shows: &[(Symbol, Vec<Literal>)],
    ) -> Step {
        let count = self.session.as_ref().map_or(first, |s| s.atom_count());
        program.atom_count = program.atom_count.max(count);
        let atoms = (first + 1..=count)
            .map(|a| self.session.as_ref().and_then(|s| s.atom_symbol(Atom(a))))
            .collect();
        for (symbol, condition) in shows {
            program.add_output(symbol.to_string(), condition.clone());
        }
        Step {
            program,
            outputs_replace: false,
            first_atom: first + 1,
            atoms,
            shown: shows.iter().map(|(s, _)| s.clone()).collect(),
            infos: Vec::new(),
            errors: Vec::new(),
        }
    }
}

/// The atom of a fact `a.` (one head atom, no body, not a choice).
fn fact_of(rule: &solver_core::Rule) -> Option<Atom> {
    match (&rule.kind, rule.head.as_slice(), &rule.body) {
        (HeadKind::Disjunction, [atom], solver_core::Body::Normal(body)) if body.is_empty() => {
            Some(*atom)
        }
        _ => None,
    }
}

/// The part of a backend's delta that only numbers atoms.
fn atoms_only(delta: &GroundProgram) -> GroundProgram {
    GroundProgram {
        atom_count: delta.atom_count,
        ..GroundProgram::default()
    }
}
