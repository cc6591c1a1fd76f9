//! The ground program: the seam between the grounder and the solver.
//!
//! The shape follows aspif (the Potassco intermediate format) statement for statement, so that
//! a program read from aspif, built by the grounder, or built by hand in a test is the same
//! value, and writing it back to aspif is a direct walk.
//!
//! # Invariants
//! - Atoms are numbered `1..=atom_count`; `Atom(0)` is never used (aspif reserves 0).
//! - Every atom mentioned in a rule, minimize, projection, output condition or external is
//!   `<= atom_count`. [`GroundProgram::validate`] checks this; the builder keeps it.
//! - Weights are plain integers and may be negative or zero; consumers normalise them.
//! - `projection` is `None` when the program has no projection statement at all (aspif: no
//!   statement 3) and `Some(atoms)` otherwise, even when empty.
//! - Edge nodes (`#edge`, aspif statement 8) are plain numbers, not atoms: any `u32`. An edge
//!   is present in an interpretation when all literals of its condition hold; every model must
//!   make the present edges an acyclic graph.
//! - Heuristic directives (`#heuristic`, aspif statement 7) never change the set of models;
//!   they only steer the search under clasp's domain heuristic (`--heuristic=Domain`).

use std::fmt;

/// An atom of the ground program, aspif numbering (1-based).
///
/// ```
/// use solver_core::{Atom, GroundProgram};
/// let mut program = GroundProgram::new();
/// assert_eq!(program.new_atom(), Atom(1));
/// assert_eq!(program.new_atom(), Atom(2));
/// assert!(Atom(1) < Atom(2));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom(
    /// The aspif number, `1..=atom_count`.
    pub u32,
);

impl Atom {
    /// The atom's index into 0-based arrays (`id - 1`).
    ///
    /// ```
    /// let values = ["a", "b"]; // one entry per atom
    /// assert_eq!(values[solver_core::Atom(2).index()], "b");
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// A body literal: an atom or its default negation; aspif's signed integer.
///
/// ```
/// use solver_core::{Atom, Literal};
/// let not_b = Literal::negative(Atom(2));
/// assert_eq!(not_b.to_string(), "-2");
/// assert_eq!(not_b.negate(), Literal::positive(Atom(2)));
/// assert_eq!((not_b.atom(), not_b.is_positive()), (Atom(2), false));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal(i32);

impl Literal {
    /// The positive literal of `atom`.
    ///
    /// ```
    /// use solver_core::{Atom, Literal};
    /// let a = Literal::positive(Atom(3));
    /// assert_eq!((a.to_aspif(), a.is_positive()), (3, true));
    /// ```
    pub fn positive(atom: Atom) -> Literal {
        Literal(atom.0 as i32)
    }
    /// The default negation `not atom`.
    ///
    /// ```
    /// use solver_core::{Atom, Literal};
    /// let not_a = Literal::negative(Atom(3));
    /// assert_eq!((not_a.to_aspif(), not_a.atom()), (-3, Atom(3)));
    /// ```
    pub fn negative(atom: Atom) -> Literal {
        Literal(-(atom.0 as i32))
    }
    /// A literal from aspif's signed integer; `None` for 0 (and `i32::MIN`, which has no
    /// atom).
    ///
    /// ```
    /// use solver_core::{Atom, Literal};
    /// assert_eq!(Literal::from_aspif(-4), Some(Literal::negative(Atom(4))));
    /// assert_eq!(Literal::from_aspif(0), None);
    /// assert_eq!(Literal::from_aspif(i32::MIN), None);
    /// ```
    pub fn from_aspif(value: i32) -> Option<Literal> {
        (value != 0 && value != i32::MIN).then_some(Literal(value))
    }
    /// The aspif signed integer of this literal.
    ///
    /// ```
    /// use solver_core::{Atom, Literal};
    /// assert_eq!(Literal::negative(Atom(7)).to_aspif(), -7);
    /// assert_eq!(Literal::from_aspif(5).unwrap().to_aspif(), 5);
    /// ```
    pub fn to_aspif(self) -> i32 {
        self.0
    }
    /// The literal's atom.
    ///
    /// ```
    /// use solver_core::{Atom, Literal};
    /// assert_eq!(Literal::negative(Atom(2)).atom(), Atom(2));
    /// assert_eq!(Literal::positive(Atom(2)).atom(), Atom(2));
    /// ```
    pub fn atom(self) -> Atom {
        Atom(self.0.unsigned_abs())
    }
    /// Whether the literal is the atom itself (not its negation).
    ///
    /// ```
    /// use solver_core::{Atom, Literal};
    /// assert!(Literal::positive(Atom(1)).is_positive());
    /// assert!(!Literal::negative(Atom(1)).is_positive());
    /// ```
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
    /// The complementary literal.
    ///
    /// ```
    /// use solver_core::{Atom, Literal};
    /// let a = Literal::positive(Atom(1));
    /// assert_eq!(a.negate(), Literal::negative(Atom(1)));
    /// assert_eq!(a.negate().negate(), a);
    /// ```
    pub fn negate(self) -> Literal {
        Literal(-self.0)
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A literal with an integer weight (weight bodies and minimize statements).
///
/// ```
/// use solver_core::{brute::stable_models, GroundProgram, HeadKind, Literal, WeightedLiteral};
/// let mut program = GroundProgram::new(); // { a }. c :- 2 <= { 2: not a }.
/// let (a, c) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Choice, vec![a], vec![]);
/// let not_a = WeightedLiteral { literal: Literal::negative(a), weight: 2 };
/// program.add_weight_rule(HeadKind::Disjunction, vec![c], 2, vec![not_a]);
/// assert_eq!(stable_models(&program).unwrap(), [vec![a], vec![c]]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WeightedLiteral {
    /// The literal.
    pub literal: Literal,
    /// Its weight when it is true.
    pub weight: i64,
}

/// How a rule's head is read.
///
/// ```
/// use solver_core::{brute::stable_models, GroundProgram, HeadKind};
/// let mut program = GroundProgram::new();
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Disjunction, vec![a, b], vec![]); // a | b.
/// assert_eq!(stable_models(&program).unwrap(), [vec![a], vec![b]]);
/// program.rules[0].kind = HeadKind::Choice; // { a; b }.
/// assert_eq!(stable_models(&program).unwrap().len(), 4);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeadKind {
    /// At least one head atom must hold (minimally); an empty head is an integrity constraint.
    Disjunction,
    /// Any subset of the head atoms may hold.
    Choice,
}

/// A rule body.
///
/// ```
/// use solver_core::{Body, GroundProgram, HeadKind, Literal};
/// let mut program = GroundProgram::new(); // a :- not b.
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::negative(b)]);
/// assert_eq!(program.rules[0].body, Body::Normal(vec![Literal::negative(b)]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// A conjunction of literals.
    Normal(Vec<Literal>),
    /// Holds when the weights of the true literals sum to at least `lower`.
    Weight {
        /// The bound.
        lower: i64,
        /// The weighted literals.
        elements: Vec<WeightedLiteral>,
    },
}

/// A rule: `head :- body`.
///
/// ```
/// use solver_core::{Body, GroundProgram, HeadKind, Rule};
/// let mut program = GroundProgram::new();
/// let a = program.new_atom();
/// program.add_fact(a);
/// let fact = Rule { kind: HeadKind::Disjunction, head: vec![a], body: Body::Normal(vec![]) };
/// assert_eq!(program.rules, [fact]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// How the head is read.
    pub kind: HeadKind,
    /// The head atoms (none: an integrity constraint).
    pub head: Vec<Atom>,
    /// The body.
    pub body: Body,
}

/// A minimize statement at one priority level (higher priorities are more important).
///
/// ```
/// use solver_core::{GroundProgram, Literal, Minimize, WeightedLiteral};
/// let mut program = GroundProgram::new(); // #minimize { 3@1 : a }.
/// let a = program.new_atom();
/// let three = WeightedLiteral { literal: Literal::positive(a), weight: 3 };
/// program.add_minimize(1, vec![three]);
/// assert_eq!(program.minimizes, [Minimize { priority: 1, elements: vec![three] }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Minimize {
    /// The priority level.
    pub priority: i32,
    /// The weighted literals whose weights are summed when true.
    pub elements: Vec<WeightedLiteral>,
}

/// The value an external atom has until the program says otherwise (aspif statement 5).
///
/// ```
/// use solver_core::{brute::stable_models, ExternalValue, GroundProgram};
/// let mut program = GroundProgram::new(); // #external e. [free]
/// let e = program.new_atom();
/// program.add_external(e, ExternalValue::Free);
/// assert_eq!(stable_models(&program).unwrap(), [vec![], vec![e]]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExternalValue {
    /// Either value (a choice).
    Free,
    /// True.
    True,
    /// False.
    False,
    /// The atom is no longer external: it is false unless a rule derives it.
    Release,
}

/// An output entry: `name` is shown in a model when every literal of `condition` holds.
///
/// ```
/// use solver_core::{GroundProgram, Literal, Output};
/// let mut program = GroundProgram::new(); // #show p(1) : a.
/// let a = program.new_atom();
/// program.add_output("p(1)", vec![Literal::positive(a)]);
/// let shown = Output { name: "p(1)".into(), condition: vec![Literal::positive(a)] };
/// assert_eq!(program.outputs, [shown]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Output {
    /// The text shown.
    pub name: String,
    /// When it is shown.
    pub condition: Vec<Literal>,
}

/// A directed edge `from -> to` of the acyclicity constraint (`#edge`), present when every
/// literal of `condition` holds.
///
/// ```
/// use solver_core::{brute::stable_models, Edge, GroundProgram, HeadKind, Literal, Solver,
///     SolveOptions};
/// let mut program = GroundProgram::new(); // { a; b }. #edge (1,2) : a. #edge (2,1) : b.
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
/// program.add_edge(1, 2, vec![Literal::positive(a)]);
/// program.add_edge(2, 1, vec![Literal::positive(b)]);
/// assert_eq!(program.edges[0], Edge { from: 1, to: 2, condition: vec![Literal::positive(a)] });
/// let mut solver = Solver::new(&program, SolveOptions::default()).unwrap();
/// let mut models: Vec<_> = std::iter::from_fn(|| solver.next_model()).map(|m| m.atoms).collect();
/// models.sort();
/// assert_eq!(models, [vec![], vec![a], vec![b]]); // not both: a cycle
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    /// The source node.
    pub from: u32,
    /// The target node.
    pub to: u32,
    /// When the edge is present.
    pub condition: Vec<Literal>,
}

/// A domain-heuristic modifier (aspif statement 7's codes in parentheses).
///
/// ```
/// use solver_core::HeuristicModifier;
/// assert_eq!(HeuristicModifier::Sign.code(), 1);
/// assert_eq!(HeuristicModifier::from_code(4), Some(HeuristicModifier::True));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicModifier {
    /// (0) Atoms of higher level are decided first.
    Level,
    /// (1) Preferred value: positive `value` true, negative false, 0 no preference.
    Sign,
    /// (2) Activity bumps are multiplied by `value`.
    Factor,
    /// (3) Initial activity `value`.
    Init,
    /// (4) `Level` `value` and sign positive.
    True,
    /// (5) `Level` `value` and sign negative.
    False,
}

impl HeuristicModifier {
    /// The modifier of aspif code `code` (0..=5).
    ///
    /// ```
    /// use solver_core::HeuristicModifier;
    /// assert_eq!(HeuristicModifier::from_code(0), Some(HeuristicModifier::Level));
    /// assert_eq!(HeuristicModifier::from_code(6), None);
    /// ```
    pub fn from_code(code: u32) -> Option<HeuristicModifier> {
        use HeuristicModifier::*;
        [Level, Sign, Factor, Init, True, False]
            .get(code as usize)
            .copied()
    }
    /// The aspif code of the modifier.
    ///
    /// ```
    /// use solver_core::HeuristicModifier;
    /// assert_eq!(HeuristicModifier::False.code(), 5);
    /// ```
    pub fn code(self) -> u32 {
        self as u32
    }
}

/// `#heuristic atom : condition. [value@priority, modifier]`: active while `condition` holds;
/// among active directives on one atom and modifier, the highest priority wins.
///
/// ```
/// use solver_core::{GroundProgram, HeuristicDirective, HeuristicModifier};
/// let mut program = GroundProgram::new(); // #heuristic a. [1@2, sign]
/// let a = program.new_atom();
/// let sign = HeuristicDirective {
///     modifier: HeuristicModifier::Sign, atom: a, value: 1, priority: 2, condition: vec![],
/// };
/// program.add_heuristic(sign.clone());
/// assert_eq!(program.heuristics, [sign]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeuristicDirective {
    /// What it modifies.
    pub modifier: HeuristicModifier,
    /// The atom it applies to.
    pub atom: Atom,
    /// The modifier's value.
    pub value: i32,
    /// Its priority among directives on the same atom and modifier.
    pub priority: u32,
    /// When it is active.
    pub condition: Vec<Literal>,
}

/// A whole ground program.
///
/// ```
/// use solver_core::{GroundProgram, HeadKind, Literal, Solver, SolveOptions};
/// let mut program = GroundProgram::new(); // { a; b }. :- a, b.
/// let (a, b) = (program.new_atom(), program.new_atom());
/// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
/// program.add_constraint(vec![Literal::positive(a), Literal::positive(b)]);
/// let mut solver = Solver::new(&program, SolveOptions::default()).unwrap();
/// let mut models: Vec<_> = std::iter::from_fn(|| solver.next_model()).map(|m| m.atoms).collect();
/// models.sort();
/// assert_eq!(models, [vec![], vec![a], vec![b]]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroundProgram {
    /// Atoms are `1..=atom_count`.
    pub atom_count: u32,
    /// The rules, in order.
    pub rules: Vec<Rule>,
    /// The minimize statements (several may share a priority).
    pub minimizes: Vec<Minimize>,
    /// `None`: no projection statement; `Some`: project onto these atoms.
    pub projection: Option<Vec<Atom>>,
    /// The output table: what a model shows.
    pub outputs: Vec<Output>,
    /// The external atoms with their values, in order (a later entry for an atom wins).
    pub externals: Vec<(Atom, ExternalValue)>,
    /// Literals assumed true for solving (aspif statement 6).
    pub assumptions: Vec<Literal>,
    /// Acyclicity edges (aspif statement 8).
    pub edges: Vec<Edge>,
    /// Domain-heuristic directives (aspif statement 7).
    pub heuristics: Vec<HeuristicDirective>,
}

/// A reference to an atom beyond `atom_count` found by [`GroundProgram::validate`].
///
/// ```
/// use solver_core::{Atom, AtomOutOfRange, GroundProgram};
/// let mut program = GroundProgram::new();
/// program.add_fact(Atom(2)); // no atom was created
/// assert_eq!(program.validate(), Err(AtomOutOfRange { atom: 2, atom_count: 0 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("atom {atom} is out of range (the program has {atom_count} atoms)")]
pub struct AtomOutOfRange {
    /// The atom referenced.
    pub atom: u32,
    /// The program's atom count.
    pub atom_count: u32,
}

impl GroundProgram {
    /// An empty program.
    ///
    /// ```
    /// use solver_core::{brute::stable_models, GroundProgram};
    /// let program = GroundProgram::new();
    /// assert_eq!(program.atom_count, 0);
    /// assert_eq!(stable_models(&program).unwrap(), [vec![]]); // one empty model
    /// ```
    pub fn new() -> GroundProgram {
        GroundProgram::default()
    }

    /// A fresh atom.
    ///
    /// ```
    /// use solver_core::{Atom, GroundProgram};
    /// let mut program = GroundProgram::new();
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// assert_eq!((a, b, program.atom_count), (Atom(1), Atom(2), 2));
    /// ```
    pub fn new_atom(&mut self) -> Atom {
        self.atom_count += 1;
        Atom(self.atom_count)
    }

    /// Adds `head :- body.` for a normal body.
    ///
    /// ```
    /// use solver_core::{brute::stable_models, GroundProgram, HeadKind, Literal};
    /// let mut program = GroundProgram::new(); // a :- not b. b :- not a.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Disjunction, vec![a], vec![Literal::negative(b)]);
    /// program.add_rule(HeadKind::Disjunction, vec![b], vec![Literal::negative(a)]);
    /// assert_eq!(stable_models(&program).unwrap(), [vec![a], vec![b]]);
    /// ```
    pub fn add_rule(&mut self, kind: HeadKind, head: Vec<Atom>, body: Vec<Literal>) {
        self.rules.push(Rule {
            kind,
            head,
            body: Body::Normal(body),
        });
    }

    /// Adds `head :- lower <= { elements }.`
    ///
    /// ```
    /// use solver_core::{brute::stable_models, GroundProgram, HeadKind, Literal, WeightedLiteral};
    /// let mut program = GroundProgram::new(); // { a; b }. c :- 3 <= { 2: a; 1: b }.
    /// let (a, b, c) = (program.new_atom(), program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    /// let weighted = |atom, weight| WeightedLiteral { literal: Literal::positive(atom), weight };
    /// program.add_weight_rule(HeadKind::Disjunction, vec![c], 3, vec![weighted(a, 2), weighted(b, 1)]);
    /// assert_eq!(stable_models(&program).unwrap(), [vec![], vec![a], vec![a, b, c], vec![b]]);
    /// ```
    pub fn add_weight_rule(
        &mut self,
        kind: HeadKind,
        head: Vec<Atom>,
        lower: i64,
        elements: Vec<WeightedLiteral>,
    ) {
        self.rules.push(Rule {
            kind,
            head,
            body: Body::Weight { lower, elements },
        });
    }

    /// Adds the fact `atom.`
    ///
    /// ```
    /// use solver_core::{brute::stable_models, GroundProgram};
    /// let mut program = GroundProgram::new();
    /// let a = program.new_atom();
    /// program.add_fact(a);
    /// assert_eq!(stable_models(&program).unwrap(), [vec![a]]);
    /// ```
    pub fn add_fact(&mut self, atom: Atom) {
        self.add_rule(HeadKind::Disjunction, vec![atom], Vec::new());
    }

    /// Adds the integrity constraint `:- body.`
    ///
    /// ```
    /// use solver_core::{brute::stable_models, GroundProgram, HeadKind, Literal};
    /// let mut program = GroundProgram::new(); // { a }. :- not a.
    /// let a = program.new_atom();
    /// program.add_rule(HeadKind::Choice, vec![a], vec![]);
    /// program.add_constraint(vec![Literal::negative(a)]);
    /// assert_eq!(stable_models(&program).unwrap(), [vec![a]]);
    /// ```
    pub fn add_constraint(&mut self, body: Vec<Literal>) {
        self.add_rule(HeadKind::Disjunction, Vec::new(), body);
    }

    /// Adds a minimize statement at `priority`.
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Literal, Solver, SolveOptions, WeightedLiteral};
    /// let mut program = GroundProgram::new(); // a; b. #minimize { 3: a; 2: b }.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Disjunction, vec![a, b], vec![]);
    /// let weighted = |atom, weight| WeightedLiteral { literal: Literal::positive(atom), weight };
    /// program.add_minimize(0, vec![weighted(a, 3), weighted(b, 2)]);
    /// let mut solver = Solver::new(&program, SolveOptions::default()).unwrap();
    /// let last = std::iter::from_fn(|| solver.next_model()).last().unwrap();
    /// assert_eq!((last.atoms, last.costs), (vec![b], vec![2]));
    /// assert!(solver.summary().optimum_proven);
    /// ```
    pub fn add_minimize(&mut self, priority: i32, elements: Vec<WeightedLiteral>) {
        self.minimizes.push(Minimize { priority, elements });
    }

    /// Adds `atom` to the projection (and turns projection on).
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Solver, SolveOptions};
    /// let mut program = GroundProgram::new(); // { a; b }. #project a.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    /// program.add_projection(a);
    /// let options = SolveOptions { project: true, ..SolveOptions::default() };
    /// let mut solver = Solver::new(&program, options).unwrap();
    /// assert_eq!(std::iter::from_fn(|| solver.next_model()).count(), 2); // 4 models, 2 projections
    /// ```
    pub fn add_projection(&mut self, atom: Atom) {
        self.projection.get_or_insert_with(Vec::new).push(atom);
    }

    /// Adds an output entry.
    ///
    /// ```
    /// use solver_core::{GroundProgram, Literal};
    /// let mut program = GroundProgram::new(); // #show p(1) : a.
    /// let a = program.new_atom();
    /// program.add_output("p(1)", vec![Literal::positive(a)]);
    /// assert_eq!(program.outputs[0].name, "p(1)");
    /// assert_eq!(program.outputs[0].condition, [Literal::positive(a)]);
    /// ```
    pub fn add_output(&mut self, name: impl Into<String>, condition: Vec<Literal>) {
        self.outputs.push(Output {
            name: name.into(),
            condition,
        });
    }

    /// Declares `atom` external with a default value.
    ///
    /// ```
    /// use solver_core::{brute::stable_models, ExternalValue, GroundProgram};
    /// let mut program = GroundProgram::new(); // #external e. [free]
    /// let e = program.new_atom();
    /// program.add_external(e, ExternalValue::Free);
    /// assert_eq!(stable_models(&program).unwrap(), [vec![], vec![e]]);
    /// ```
    pub fn add_external(&mut self, atom: Atom, value: ExternalValue) {
        self.externals.push((atom, value));
    }

    /// Adds the edge `from -> to`, present when `condition` holds.
    ///
    /// ```
    /// use solver_core::{GroundProgram, HeadKind, Literal, Solver, SolveOptions};
    /// let mut program = GroundProgram::new(); // { a; b }. #edge (1,2) : a. #edge (2,1) : b.
    /// let (a, b) = (program.new_atom(), program.new_atom());
    /// program.add_rule(HeadKind::Choice, vec![a, b], vec![]);
    /// program.add_edge(1, 2, vec![Literal::positive(a)]);
    /// program.add_edge(2, 1, vec![Literal::positive(b)]);
    /// let mut solver = Solver::new(&program, SolveOptions::default()).unwrap();
    /// let mut models: Vec<_> = std::iter::from_fn(|| solver.next_model()).map(|m| m.atoms).collect();
    /// models.sort();
    /// assert_eq!(models, [vec![], vec![a], vec![b]]); // not both: a cycle
    /// ```
    pub fn add_edge(&mut self, from: u32, to: u32, condition: Vec<Literal>) {
        self.edges.push(Edge {
            from,
            to,
            condition,
        });
    }

    /// Adds a heuristic directive.
    ///
    /// ```
    /// use solver_core::*;
    /// let mut program = GroundProgram::new(); // { a }. #heuristic a. [1, sign]
    /// let a = program.new_atom();
    /// program.add_rule(HeadKind::Choice, vec![a], vec![]);
    /// let (modifier, condition) = (HeuristicModifier::Sign, vec![]);
    /// program.add_heuristic(HeuristicDirective { modifier, atom: a, value: 1, priority: 0, condition });
    /// let options = SolveOptions { models: 1, domain_heuristic: true, ..SolveOptions::default() };
    /// let mut solver = Solver::new(&program, options).unwrap();
    /// assert_eq!(solver.next_model().unwrap().atoms, [a]); // `a` is decided true first
    /// ```
    pub fn add_heuristic(&mut self, directive: HeuristicDirective) {
        self.heuristics.push(directive);
    }

    /// Checks that every atom mentioned is in `1..=atom_count`.
    ///
    /// ```
    /// use solver_core::{Atom, GroundProgram};
    /// let mut program = GroundProgram::new();
    /// program.add_fact(Atom(3));
    /// let error = program.validate().unwrap_err();
    /// assert_eq!(error.to_string(), "atom 3 is out of range (the program has 0 atoms)");
    /// program.atom_count = 3;
    /// assert!(program.validate().is_ok());
    /// ```
    pub fn validate(&self) -> Result<(), AtomOutOfRange> {
        let check = |atom: Atom| {
            if atom.0 == 0 || atom.0 > self.atom_count {
                Err(AtomOutOfRange {
                    atom: atom.0,
                    atom_count: self.atom_count,
                })
            } else {
                Ok(())
            }
        };
        for rule in &self.rules {
            rule.head.iter().try_for_each(|&a| check(a))?;
            match &rule.body {
                Body::Normal(lits) => lits.iter().try_for_each(|l| check(l.atom()))?,
                Body::Weight { elements, .. } => {
                    elements.iter().try_for_each(|w| check(w.literal.atom()))?
                }
            }
        }
        for minimize in &self.minimizes {
            minimize
                .elements
                .iter()
                .try_for_each(|w| check(w.literal.atom()))?;
        }
        for atom in self.projection.iter().flatten() {
            check(*atom)?;
        }
        for output in &self.outputs {
            output.condition.iter().try_for_each(|l| check(l.atom()))?;
        }
        for (atom, _) in &self.externals {
            check(*atom)?;
        }
        for edge in &self.edges {
            edge.condition.iter().try_for_each(|l| check(l.atom()))?;
        }
        for directive in &self.heuristics {
            check(directive.atom)?;
            directive
                .condition
                .iter()
                .try_for_each(|l| check(l.atom()))?;
        }
        self.assumptions.iter().try_for_each(|l| check(l.atom()))
    }
}
