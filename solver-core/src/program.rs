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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom(pub u32);

impl Atom {
    /// The atom's index into 0-based arrays (`id - 1`).
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// A body literal: an atom or its default negation; aspif's signed integer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal(i32);

impl Literal {
    /// The positive literal of `atom`.
    pub fn positive(atom: Atom) -> Literal {
        Literal(atom.0 as i32)
    }
    /// The default negation `not atom`.
    pub fn negative(atom: Atom) -> Literal {
        Literal(-(atom.0 as i32))
    }
    /// A literal from aspif's signed integer; `None` for 0.
    pub fn from_aspif(value: i32) -> Option<Literal> {
        (value != 0 && value != i32::MIN).then_some(Literal(value))
    }
    /// The aspif signed integer of this literal.
    pub fn to_aspif(self) -> i32 {
        self.0
    }
    /// The literal's atom.
    pub fn atom(self) -> Atom {
        Atom(self.0.unsigned_abs())
    }
    /// Whether the literal is the atom itself (not its negation).
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
    /// The complementary literal.
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WeightedLiteral {
    pub literal: Literal,
    pub weight: i64,
}

/// How a rule's head is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeadKind {
    /// At least one head atom must hold (minimally); an empty head is an integrity constraint.
    Disjunction,
    /// Any subset of the head atoms may hold.
    Choice,
}

/// A rule body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// A conjunction of literals.
    Normal(Vec<Literal>),
    /// Holds when the weights of the true literals sum to at least `lower`.
    Weight {
        lower: i64,
        elements: Vec<WeightedLiteral>,
    },
}

/// A rule: `head :- body`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    pub kind: HeadKind,
    pub head: Vec<Atom>,
    pub body: Body,
}

/// A minimize statement at one priority level (higher priorities are more important).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Minimize {
    pub priority: i32,
    pub elements: Vec<WeightedLiteral>,
}

/// The value an external atom has until the program says otherwise (aspif statement 5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExternalValue {
    Free,
    True,
    False,
    /// The atom is no longer external: it is false unless a rule derives it.
    Release,
}

/// An output entry: `name` is shown in a model when every literal of `condition` holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Output {
    pub name: String,
    pub condition: Vec<Literal>,
}

/// A directed edge `from -> to` of the acyclicity constraint (`#edge`), present when every
/// literal of `condition` holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    pub from: u32,
    pub to: u32,
    pub condition: Vec<Literal>,
}

/// A domain-heuristic modifier (aspif statement 7's codes in parentheses).
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
    pub fn from_code(code: u32) -> Option<HeuristicModifier> {
        use HeuristicModifier::*;
        [Level, Sign, Factor, Init, True, False]
            .get(code as usize)
            .copied()
    }
    /// The aspif code of the modifier.
    pub fn code(self) -> u32 {
        self as u32
    }
}

/// `#heuristic atom : condition. [value@priority, modifier]`: active while `condition` holds;
/// among active directives on one atom and modifier, the highest priority wins.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeuristicDirective {
    pub modifier: HeuristicModifier,
    pub atom: Atom,
    pub value: i32,
    pub priority: u32,
    pub condition: Vec<Literal>,
}

/// A whole ground program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroundProgram {
    /// Atoms are `1..=atom_count`.
    pub atom_count: u32,
    pub rules: Vec<Rule>,
    pub minimizes: Vec<Minimize>,
    /// `None`: no projection statement; `Some`: project onto these atoms.
    pub projection: Option<Vec<Atom>>,
    pub outputs: Vec<Output>,
    pub externals: Vec<(Atom, ExternalValue)>,
    /// Literals assumed true for solving (aspif statement 6).
    pub assumptions: Vec<Literal>,
    /// Acyclicity edges (aspif statement 8).
    pub edges: Vec<Edge>,
    /// Domain-heuristic directives (aspif statement 7).
    pub heuristics: Vec<HeuristicDirective>,
}

/// A reference to an atom beyond `atom_count` found by [`GroundProgram::validate`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("atom {atom} is out of range (the program has {atom_count} atoms)")]
pub struct AtomOutOfRange {
    pub atom: u32,
    pub atom_count: u32,
}

impl GroundProgram {
    /// An empty program.
    pub fn new() -> GroundProgram {
        GroundProgram::default()
    }

    /// A fresh atom.
    pub fn new_atom(&mut self) -> Atom {
        self.atom_count += 1;
        Atom(self.atom_count)
    }

    /// Adds `head :- body.` for a normal body.
    pub fn add_rule(&mut self, kind: HeadKind, head: Vec<Atom>, body: Vec<Literal>) {
        self.rules.push(Rule {
            kind,
            head,
            body: Body::Normal(body),
        });
    }

    /// Adds `head :- lower <= { elements }.`
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
    pub fn add_fact(&mut self, atom: Atom) {
        self.add_rule(HeadKind::Disjunction, vec![atom], Vec::new());
    }

    /// Adds the integrity constraint `:- body.`
    pub fn add_constraint(&mut self, body: Vec<Literal>) {
        self.add_rule(HeadKind::Disjunction, Vec::new(), body);
    }

    /// Adds a minimize statement at `priority`.
    pub fn add_minimize(&mut self, priority: i32, elements: Vec<WeightedLiteral>) {
        self.minimizes.push(Minimize { priority, elements });
    }

    /// Adds `atom` to the projection (and turns projection on).
    pub fn add_projection(&mut self, atom: Atom) {
        self.projection.get_or_insert_with(Vec::new).push(atom);
    }

    /// Adds an output entry.
    pub fn add_output(&mut self, name: impl Into<String>, condition: Vec<Literal>) {
        self.outputs.push(Output {
            name: name.into(),
            condition,
        });
    }

    /// Declares `atom` external with a default value.
    pub fn add_external(&mut self, atom: Atom, value: ExternalValue) {
        self.externals.push((atom, value));
    }

    /// Adds the edge `from -> to`, present when `condition` holds.
    pub fn add_edge(&mut self, from: u32, to: u32, condition: Vec<Literal>) {
        self.edges.push(Edge {
            from,
            to,
            condition,
        });
    }

    /// Adds a heuristic directive.
    pub fn add_heuristic(&mut self, directive: HeuristicDirective) {
        self.heuristics.push(directive);
    }

    /// Checks that every atom mentioned is in `1..=atom_count`.
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
