//! An independent stable-model checker: does a set of true atoms form a stable model of a
//! ground program? It shares no code with the search and is meant to check every model the
//! solver reports in tests. [`Checker`] prepares what does not depend on the model (the
//! validation, the normalised bodies, the heads each rule defines, the externals' values) once
//! for a program whose models are checked one after the other (`--check-models`);
//! [`check_model`] checks one model.
//!
//! # Semantics (clasp's, for aspif programs)
//! - Weight bodies are first normalised: an element `(l, w)` with `w < 0` becomes `(not l, -w)`
//!   and raises the lower bound by `-w` (clasp's normalisation). Sums are computed in `i128`.
//! - An external atom that some rule *defines* is an ordinary atom (clasp ignores the
//!   declaration then). Otherwise the last declaration counts, except that `Release` is final:
//!   `Free` acts as the choice `{a}.`, `True` as the fact `a.`, `False` and `Release` leave `a`
//!   without support (false).
//! - Which rules define their head atoms follows clasp's rule simplification
//!   (`LogicProgram::simplifySum`/`pushHead` in clasp 5): weights are made positive, duplicate
//!   literals merged and weights capped at the bound; a body that no interpretation satisfies
//!   (a conjunction with `l` and `not l`, a sum whose reachable weight is below the bound)
//!   defines nothing; a sum needing every literal is a conjunction. With `slack` = total weight
//!   minus bound (0 for a conjunction), a head atom `h` whose positive literal weighs more than
//!   the slack makes a disjunctive rule useless (it defines nothing) and is dropped from a choice;
//!   `h` is also not defined when `not h` weighs more than the slack (such heads of a choice
//!   rule could never be derived by it anyway, so dropping them changes nothing else). E.g.
//!   `#external a.` stays in force with `a :- a, b.` or `a :- not a.`, not with `a :- c.`.
//! - Assumptions are literals the model must satisfy; they give no support.
//!
//! # Known deviations from clasp (aspif shapes gringo never produces)
//! - clasp also leaves `a` external with `#external a. a :- 1 <= {a, not a}.`; here `a` is
//!   defined by that rule.
//! - clasp never derives `a` from a choice rule with two or more head atoms whose sum body
//!   mentions `a` (positively or negatively), e.g. `{a; b} :- 1 <= {a, not c}.` or
//!   `{a; b} :- 1 <= {not a, not c}.` (while it does from `{a} :- 1 <= {a, not c}.`, and does
//!   when earlier facts make the sum trivially true); this checker follows the weight-rule
//!   semantics and lets `a` be chosen.
//! - clasp's default equivalence preprocessing loses `{1, 2, 3}` in `1 :- 3. {3}.
//!   {2} :- 1 <= {1, not 2}.` (clasp 5.4.1 and clingo 5.8.3 alike; with `--eq=0` it is there);
//!   this checker accepts it, as the weight-rule semantics says.
//! - clasp's default treatment of non-head-cycle-free disjunction next to choice/weight rules
//!   can lose stable models that `--trans-ext=all` finds, e.g. `{9}` of this aspif program
//!   (clingo 5.8.3 alike): `9|1.  {7;2}.  {3} :- 1 <= {9, 5, not 9=2}.  {4;9} :- 3.
//!   {8;6} :- 8, 3, 7.  {4;1;9} :- 2, 6, 4.  3|8 :- not 9.  9|4|6 :- 5, not 3, not 9.` with
//!   `5` external false; this checker accepts `{9}`, which is minimal for its reduct.
//! - clasp evaluates literals over atoms already known as facts while reading, so the
//!   definedness of an external atom can depend on statement order; this checker ignores order.
//!
//! # Algorithm
//! 0. The edges of `#edge` statements whose conditions hold must be acyclic (`edges.rs`).
//! 1. The model must satisfy every rule classically (a disjunctive rule whose body holds has a
//!    true head atom; a constraint's body is false), the fixed externals and the assumptions.
//! 2. The reduct of the program by the model `M`, restricted to the atoms of `M`, is built: a
//!    rule whose negative part fails in `M` is dropped, a negative literal that holds lowers the
//!    bound, a positive body atom outside `M` is dropped (it is false in every subset), a choice
//!    rule gives `h :- body` for each true head atom `h`, a disjunctive head keeps its atoms in
//!    `M`. All reduct bodies are monotone weight conditions over `M`.
//! 3. `M` is stable iff it is a minimal model of this reduct. The least model `L` of the
//!    single-headed (Horn) reduct rules is computed by counting propagation; every model of the
//!    reduct contains `L`, so `L == M` proves minimality. If `L != M` and no reduct rule has
//!    two or more head atoms, the atoms of `M \ L` are unsupported. Otherwise (disjunction) a
//!    small DPLL search looks for a model of the reduct strictly inside `M` (`L` fixed true,
//!    at least one atom of `M \ L` false); `M` is stable iff there is none. This is exact for
//!    every program, head-cycle-free or not, and exponential only in the worst case.

mod edges;
mod reduct;

use std::collections::BTreeMap;
use std::fmt;

use crate::program::{Atom, Body, ExternalValue, GroundProgram, HeadKind, Literal, Rule};
use reduct::Reduct;

/// Why a set of atoms is not a stable model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The program itself mentions an atom outside `1..=atom_count`.
    #[error("invalid program: {0}")]
    InvalidProgram(#[from] crate::program::AtomOutOfRange),
    /// A model atom outside `1..=atom_count`.
    #[error("model atom {atom} is out of range (the program has {atom_count} atoms)")]
    AtomOutOfRange {
        /// The offending atom number.
        atom: u32,
        /// The program's atom count.
        atom_count: u32,
    },
    /// A rule (0-based index into `rules`) whose body holds but whose head does not.
    #[error("rule {index} is violated: {rule}")]
    RuleViolated {
        /// 0-based index into `GroundProgram::rules`.
        index: usize,
        /// The rule in aspif-like notation.
        rule: String,
    },
    /// An external fixed to true or false whose atom has the other value.
    #[error("external atom {atom} is fixed to {expected} but is {actual}")]
    ExternalViolated {
        /// The external atom.
        atom: u32,
        /// Its fixed value.
        expected: bool,
        /// Its value in the model.
        actual: bool,
    },
    /// An assumption literal that is false in the model.
    #[error("assumption {0} does not hold")]
    AssumptionViolated(i32),
    /// The edges whose conditions hold have a cycle through these nodes (in order).
    #[error("the present edges have a cycle through the nodes {0:?}")]
    Cycle(Vec<u32>),
    /// True atoms that are not in the least model of the reduct.
    #[error("atoms {0:?} are true but unsupported (not in the least model of the reduct)")]
    Unsupported(Vec<u32>),
    /// The model is not a minimal model of the reduct: these atoms can all be false.
    #[error("the model is not minimal: atoms {0:?} can be false in a model of the reduct")]
    NotMinimal(Vec<u32>),
}

/// Checks that `true_atoms` (any order, duplicates allowed) is a stable model of `program`.
/// To check many models of one program, prepare a [`Checker`] once.
///
/// # Errors
/// A [`CheckError`] naming the violated rule, external or assumption, or the unsupported atoms.
pub fn check_model(program: &GroundProgram, true_atoms: &[Atom]) -> Result<(), CheckError> {
    Checker::new(program)?.check(true_atoms)
}

/// A ground program prepared for checking many models: what does not depend on the model
/// (the validation, each rule's normalised body, the heads each rule defines and the
/// externals' effective values) is computed once.
pub struct Checker<'p> {
    /// The program checked.
    program: &'p GroundProgram,
    /// The effective external values.
    externals: ExternalStatus,
    /// Per rule of `program`, its normalised body.
    bodies: Vec<NormalBody>,
    /// Per rule of `program`, the head atoms it defines (see [`defined_heads`]).
    defined: Vec<Vec<Atom>>,
}

impl<'p> Checker<'p> {
    /// Prepares `program`.
    ///
    /// # Errors
    /// [`CheckError::InvalidProgram`] if it mentions an atom outside `1..=atom_count`.
    pub fn new(program: &'p GroundProgram) -> Result<Checker<'p>, CheckError> {
        program.validate()?;
        let defined: Vec<Vec<Atom>> = program.rules.iter().map(defined_heads).collect();
        Ok(Checker {
            program,
            externals: ExternalStatus::of(program, &defined),
            bodies: program
                .rules
                .iter()
                .map(|r| NormalBody::of(&r.body))
                .collect(),
            defined,
        })
    }

    /// Checks that `true_atoms` (any order, duplicates allowed) is a stable model.
    ///
    /// # Errors
    /// A [`CheckError`] naming the violated rule, external or assumption, or the unsupported
    /// atoms.
    pub fn check(&self, true_atoms: &[Atom]) -> Result<(), CheckError> {
        let program = self.program;
        let model = Interpretation::new(program.atom_count, true_atoms)?;
        self.check_rules(&model)?;
        check_externals(&self.externals, &model)?;
        check_assumptions(program, &model)?;
        edges::check_acyclic(program, &model)?;
        let reduct = Reduct::build(self, &model);
        let least = reduct.least_model(&model);
        let unsupported: Vec<u32> = model.atoms().filter(|a| !least.holds_atom(*a)).collect();
        if unsupported.is_empty() {
            return Ok(());
        }
        if reduct.rules.iter().all(|rule| rule.head.len() <= 1) {
            return Err(CheckError::Unsupported(unsupported));
        }
        match reduct.smaller_model(&model, &least, &unsupported) {
            Some(smaller) => Err(CheckError::NotMinimal(
                model.atoms().filter(|a| !smaller.holds_atom(*a)).collect(),
            )),
            None => Ok(()),
        }
    }

    /// Step 1: every rule is classically satisfied.
    fn check_rules(&self, model: &Interpretation) -> Result<(), CheckError> {
        let rules = self.program.rules.iter().zip(&self.bodies).enumerate();
        for (index, (rule, body)) in rules {
            if rule.kind == HeadKind::Choice || rule.head.iter().any(|a| model.holds_atom(a.0)) {
                continue;
            }
            if body.holds(model) {
                return Err(CheckError::RuleViolated {
                    index,
                    rule: RuleText(rule).to_string(),
                });
            }
        }
        Ok(())
    }
}

/// A set of true atoms indexed by atom number (index 0 unused).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Interpretation {
    /// `truth[a]` is whether atom `a` is true.
    truth: Vec<bool>,
}

impl Interpretation {
    /// The interpretation making exactly `atoms` true.
    fn new(atom_count: u32, atoms: &[Atom]) -> Result<Interpretation, CheckError> {
        let mut truth = vec![false; atom_count as usize + 1];
        for atom in atoms {
            match truth.get_mut(atom.0 as usize) {
                Some(slot) if atom.0 != 0 => *slot = true,
                _ => {
                    return Err(CheckError::AtomOutOfRange {
                        atom: atom.0,
                        atom_count,
                    })
                }
            }
        }
        Ok(Interpretation { truth })
    }

    /// The empty interpretation over the same atoms.
    fn empty_like(&self) -> Interpretation {
        Interpretation {
            truth: vec![false; self.truth.len()],
        }
    }

    /// Whether atom number `atom` is true (out of range: false).
    fn holds_atom(&self, atom: u32) -> bool {
        self.truth.get(atom as usize).copied().unwrap_or(false)
    }

    /// Whether `literal` holds.
    fn holds(&self, literal: Literal) -> bool {
        self.holds_atom(literal.atom().0) == literal.is_positive()
    }

    /// The true atoms, ascending.
    fn atoms(&self) -> impl Iterator<Item = u32> + '_ {
        (1..self.truth.len() as u32).filter(|a| self.holds_atom(*a))
    }

    /// Makes `atom` true; returns whether it was false before.
    fn set(&mut self, atom: u32) -> bool {
        match self.truth.get_mut(atom as usize) {
            Some(slot) if !*slot => {
                *slot = true;
                true
            }
            _ => false,
        }
    }
}

/// A weight body after normalisation: positive weights only.
struct NormalBody {
    /// The bound the true elements' weights must reach.
    lower: i128,
    /// `(literal, weight)` with `weight > 0`.
    elements: Vec<(Literal, i128)>,
}

impl NormalBody {
    /// The normalised form of a rule body (a normal body is a weight body with weights 1).
    fn of(body: &Body) -> NormalBody {
        match body {
            Body::Normal(literals) => NormalBody {
                lower: literals.len() as i128,
                elements: literals.iter().map(|l| (*l, 1)).collect(),
            },
            Body::Weight { lower, elements } => {
                let mut lower = i128::from(*lower);
                let mut normal = Vec::with_capacity(elements.len());
                for element in elements {
                    let weight = i128::from(element.weight);
                    if weight > 0 {
                        normal.push((element.literal, weight));
                    } else if weight < 0 {
                        lower -= weight;
                        normal.push((element.literal.negate(), -weight));
                    }
                }
                NormalBody {
                    lower,
                    elements: normal,
                }
            }
        }
    }

    /// Whether the body holds in `model`.
    fn holds(&self, model: &Interpretation) -> bool {
        let sum: i128 = self
            .elements
            .iter()
            .filter(|(l, _)| model.holds(*l))
            .map(|(_, w)| w)
            .sum();
        sum >= self.lower
    }
}

/// The effective status of each atom with respect to external declarations.
struct ExternalStatus {
    /// `value[a]`: the last declaration of an external atom `a` that heads no rule.
    value: Vec<Option<ExternalValue>>,
}

impl ExternalStatus {
    /// Collects the effective external values of `program` (validated), `defined` holding
    /// the atoms each rule defines.
    fn of(program: &GroundProgram, defined: &[Vec<Atom>]) -> ExternalStatus {
        let mut value = vec![None; program.atom_count as usize + 1];
        for (atom, declared) in &program.externals {
            match value.get_mut(atom.0 as usize) {
                Some(Some(ExternalValue::Release)) | None => {}
                Some(slot) => *slot = Some(*declared),
            }
        }
        for atoms in defined {
            for atom in atoms {
                if let Some(slot) = value.get_mut(atom.0 as usize) {
                    *slot = None;
                }
            }
        }
        ExternalStatus { value }
    }

    /// The atoms with an effective value, with that value.
    fn iter(&self) -> impl Iterator<Item = (u32, ExternalValue)> + '_ {
        (0..self.value.len() as u32).filter_map(|a| {
            self.value
                .get(a as usize)
                .copied()
                .flatten()
                .map(|v| (a, v))
        })
    }
}

/// The head atoms `rule` defines in clasp's sense (see the module doc).
fn defined_heads(rule: &Rule) -> Vec<Atom> {
    let Some(body) = SimplifiedBody::of(&rule.body) else {
        return Vec::new();
    };
    let weight = |literal: Literal| body.weights.get(&literal).copied().unwrap_or(0);
    let satisfied = |atom: &Atom| weight(Literal::positive(*atom)) > body.slack;
    if rule.kind == HeadKind::Disjunction && rule.head.iter().any(satisfied) {
        return Vec::new();
    }
    rule.head
        .iter()
        .copied()
        .filter(|atom| !satisfied(atom) && weight(Literal::negative(*atom)) <= body.slack)
        .collect()
}

/// A body as clasp simplifies it when a rule is added: weights made positive, duplicate
/// literals merged, weights capped at the bound; a body no interpretation satisfies is `None`;
/// a body that needs all its literals becomes a conjunction (weights 1, slack 0).
struct SimplifiedBody {
    /// How much weight the body can lose and still hold (0 for a conjunction).
    slack: i128,
    /// Each literal once, with its weight.
    weights: BTreeMap<Literal, i128>,
}

impl SimplifiedBody {
    /// Simplifies `body`; `None` if it can never hold.
    fn of(body: &Body) -> Option<SimplifiedBody> {
        let normal = NormalBody::of(body);
        let mut weights: BTreeMap<Literal, i128> = BTreeMap::new();
        for (literal, weight) in normal.elements {
            *weights.entry(literal).or_insert(0) += weight;
        }
        let lower = normal.lower;
        if let Body::Normal(_) = body {
            return SimplifiedBody::conjunction(weights);
        }
        if lower <= 0 {
            return SimplifiedBody::conjunction(BTreeMap::new());
        }
        weights.values_mut().for_each(|w| *w = (*w).min(lower));
        let total: i128 = weights.values().sum();
        let lightest = weights.values().copied().min().unwrap_or(0);
        if reachable_weight(&weights) < lower {
            None
        } else if total - lightest < lower {
            SimplifiedBody::conjunction(weights)
        } else {
            Some(SimplifiedBody {
                slack: total - lower,
                weights,
            })
        }
    }

    /// The conjunction of the literals of `weights`; `None` if it holds `l` and `not l`.
    fn conjunction(weights: BTreeMap<Literal, i128>) -> Option<SimplifiedBody> {
        let consistent = weights.keys().all(|l| !weights.contains_key(&l.negate()));
        consistent.then(|| SimplifiedBody {
            slack: 0,
            weights: weights.into_keys().map(|l| (l, 1)).collect(),
        })
    }
}

/// The largest weight true literals can reach: of `l` and `not l` only the heavier counts.
fn reachable_weight(weights: &BTreeMap<Literal, i128>) -> i128 {
    weights
        .iter()
        .map(|(literal, weight)| {
            let opposite = weights.get(&literal.negate()).copied().unwrap_or(0);
            match (opposite, literal.is_positive()) {
                (0, _) => *weight,
                (_, true) => (*weight).max(opposite),
                (_, false) => 0,
            }
        })
        .sum()
}

/// Step 1: fixed externals have their value.
fn check_externals(externals: &ExternalStatus, model: &Interpretation) -> Result<(), CheckError> {
    for (atom, value) in externals.iter() {
        let expected = match value {
            ExternalValue::Free => continue,
            ExternalValue::True => true,
            ExternalValue::False | ExternalValue::Release => false,
        };
        let actual = model.holds_atom(atom);
        if actual != expected {
            return Err(CheckError::ExternalViolated {
                atom,
                expected,
                actual,
            });
        }
    }
    Ok(())
}

/// Step 1: assumptions hold.
fn check_assumptions(program: &GroundProgram, model: &Interpretation) -> Result<(), CheckError> {
    match program.assumptions.iter().find(|l| !model.holds(**l)) {
        Some(literal) => Err(CheckError::AssumptionViolated(literal.to_aspif())),
        None => Ok(()),
    }
}

/// A rule printed as `head :- body` with aspif literals, for error messages.
struct RuleText<'a>(&'a crate::program::Rule);

impl fmt::Display for RuleText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head: Vec<String> = self.0.head.iter().map(|a| a.0.to_string()).collect();
        match self.0.kind {
            HeadKind::Choice => write!(f, "{{{}}}", head.join(";"))?,
            HeadKind::Disjunction => write!(f, "{}", head.join("|"))?,
        }
        write!(f, " :- ")?;
        match &self.0.body {
            Body::Normal(literals) => {
                let body: Vec<String> = literals.iter().map(|l| l.to_string()).collect();
                write!(f, "{}", body.join(", "))
            }
            Body::Weight { lower, elements } => {
                let body: Vec<String> = elements
                    .iter()
                    .map(|w| format!("{}={}", w.literal, w.weight))
                    .collect();
                write!(f, "{lower} <= {{{}}}", body.join(", "))
            }
        }
    }
}
