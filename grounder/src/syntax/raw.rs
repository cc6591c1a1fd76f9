//! The parser's direct output: statements whose bodies, heads and aggregate elements keep the
//! separators as written, because `,`, `;` and `:` mean different things in clingo 5 and in
//! gringo 3 (`{ a : b, c }` is one element with condition `b, c` in clingo and two elements
//! in gringo 3). [`super::lower`] turns these into the AST for one dialect. Everything that
//! does not depend on the dialect is already an AST value here.

use crate::ast::{AggregateFunction, Atom, Guard, Literal, Sign, Signature, Span, Statement, Term};

/// A separator between elements, as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SepKind {
    /// `,`
    Comma,
    /// `;`
    Semicolon,
    /// `:`
    Colon,
    /// `|` (heads only)
    Bar,
}

/// A separator with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sep {
    /// Which separator.
    pub kind: SepKind,
    /// Where it is.
    pub span: Span,
}

/// A sequence `e0 s1 e1 s2 e2 ...` (`seps.len() + 1 == items.len()` unless both are empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seq<T> {
    /// The elements in order.
    pub items: Vec<T>,
    /// `seps[i]` stands between `items[i]` and `items[i + 1]`.
    pub seps: Vec<Sep>,
}

impl<T> Default for Seq<T> {
    fn default() -> Self {
        Seq {
            items: Vec::new(),
            seps: Vec::new(),
        }
    }
}

impl<T> Seq<T> {
    /// A sequence of one item.
    pub fn one(item: T) -> Self {
        Seq {
            items: vec![item],
            seps: Vec::new(),
        }
    }

    /// Appends a separator and an item.
    pub fn push(mut self, sep: Sep, item: T) -> Self {
        self.seps.push(sep);
        self.items.push(item);
        self
    }
}

/// An element `t1,...,tn : l1,... : m1,...` of `#agg { ... }` (conditions as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AggElem {
    /// The tuple before the first `:`.
    pub terms: Vec<Term>,
    /// One list per `:`.
    pub conditions: Vec<Vec<Literal>>,
    /// Where each `:` is.
    pub colons: Vec<Span>,
    /// The whole element.
    pub span: Span,
}

impl AggElem {
    /// An element from its terms and `(colon, literals)` conditions.
    pub fn new(terms: Vec<Term>, conditions: Vec<(Span, Vec<Literal>)>, span: Span) -> AggElem {
        let (colons, conditions) = conditions.into_iter().unzip();
        AggElem {
            terms,
            conditions,
            colons,
            span,
        }
    }
}

/// An element of gringo 3's square brackets: `literal = weight @ priority : c1 : c2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedElem {
    /// The weighted literal (an atom, possibly under `not`).
    pub literal: Literal,
    /// After `=` (1 when omitted).
    pub weight: Option<Term>,
    /// After `@` (in `#minimize [ ... ]`).
    pub priority: Option<Term>,
    /// The `:`-chained condition.
    pub condition: Vec<Literal>,
}

/// The inside of an aggregate as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AggKind {
    /// `{ l1 s l2 s ... }` (a choice in a head, a count in a body).
    Set(Seq<Literal>),
    /// `#fun { elements }`.
    Function(AggregateFunction, Vec<AggElem>),
    /// gringo 3: `[ elements ]` (`None`: a plain weight literal, a sum).
    Weighted(Option<AggregateFunction>, Vec<WeightedElem>),
}

/// An aggregate with guards and sign, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aggregate {
    /// `not` / `not not` in front (bodies only).
    pub sign: Sign,
    /// The braces or brackets and what they hold.
    pub kind: AggKind,
    /// `t op` before.
    pub left: Option<Guard>,
    /// `op t` after.
    pub right: Option<Guard>,
    /// The whole aggregate.
    pub span: Span,
}

/// One body element before conditions are attached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BodyItem {
    /// A literal.
    Literal(Literal),
    /// An aggregate (with its sign).
    Aggregate(Aggregate),
}

/// A body as written: items with their separators.
pub type Body = Seq<BodyItem>;

/// A head as written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Head {
    /// Literals with separators: a literal, a disjunction, conditional literals.
    Literals(Seq<Literal>),
    /// A choice, head aggregate or gringo 3 weight constraint.
    Aggregate(Aggregate),
}

/// An element `w@p, t1,... : l1, ...` of the modern `#minimize { ... }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptElem {
    /// The weight.
    pub weight: Term,
    /// After `@` (0 when omitted).
    pub priority: Option<Term>,
    /// The rest of the tuple.
    pub terms: Vec<Term>,
    /// After `:`.
    pub condition: Vec<Literal>,
    /// The whole element.
    pub span: Span,
}

/// A statement as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawStatement {
    /// A statement that means the same in every dialect.
    Plain(Statement),
    /// `head :- body.` (`head` `None`: an integrity constraint).
    Rule {
        head: Option<Head>,
        body: Body,
        span: Span,
    },
    /// `:~ body. [w@p, terms]`
    Weak {
        body: Body,
        weight: Term,
        priority: Option<Term>,
        terms: Vec<Term>,
        span: Span,
    },
    /// `#minimize { ... }.` / `#maximize { ... }.`
    Optimize {
        maximize: bool,
        elements: Vec<OptElem>,
        span: Span,
    },
    /// gringo 3: `#minimize [ ... ].` / `#maximize [ ... ].`
    WeightedOptimize {
        maximize: bool,
        elements: Vec<WeightedElem>,
        span: Span,
    },
    /// `#show t : body.`
    ShowTerm { term: Term, body: Body, span: Span },
    /// `#project a : body.`
    ProjectAtom { atom: Atom, body: Body, span: Span },
    /// `#external a : body. [value]`
    External {
        atom: Atom,
        body: Body,
        value: Option<Term>,
        span: Span,
    },
    /// `#edge (u1,v1; ...) : body.` (each pair an edge under the body)
    Edge {
        pairs: Vec<(Term, Term)>,
        body: Body,
        span: Span,
    },
    /// `#heuristic a : body. [weight@priority, modifier]`
    Heuristic {
        atom: Atom,
        body: Body,
        weight: Term,
        priority: Option<Term>,
        modifier: Term,
        span: Span,
    },
    /// gringo 3: `#show p/n.` (meaning depends on `#hide.`).
    ShowSignature { signature: Signature, span: Span },
    /// gringo 3: `#hide.` (`None`) or `#hide p/n.`
    Hide {
        signature: Option<Signature>,
        span: Span,
    },
    /// gringo 3: `#hide t : body.` (the instances of `t` where the body holds).
    HideTerm { term: Term, body: Body, span: Span },
    /// gringo 3: `#domain p(X).`
    Domain { atom: Atom, span: Span },
}
