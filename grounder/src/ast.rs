//! The abstract syntax of the clingo language (without theory atoms and scripts).
//!
//! The parser produces it, the gringo-3 dialect is rewritten into it right after parsing, and
//! the grounder consumes it; nothing after the rewrite knows which dialect a rule came from.
//!
//! # Invariants
//! - Every node that can be named in a message carries a [`Span`].
//! - Integer literals are already range-checked (clingo's 32-bit integers).
//! - `#minimize`/`#maximize` are desugared into [`StatementKind::Weak`] by the parser (one
//!   weak constraint per element, maximize negating the weight), as clingo does.
//! - Body set aggregates `l { a : c } u` are desugared into `#count { a : a, c }` elements.
//! - Every type prints itself as clingo text (`Display`, in `syntax::print`), and parsing that
//!   text gives back an equal value (spans aside).

use std::sync::Arc;

/// A position in a source: 1-based line and column (columns count bytes, as clingo does).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

/// A region of one source file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The file name as the user gave it (`<stdin>` for standard input, `<string>` for text).
    pub file: Arc<str>,
    pub start: Position,
    /// One past the last character.
    pub end: Position,
}

/// Unary term operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-t`
    Minus,
    /// `~t`
    BitNot,
    /// `|t|`
    Abs,
}

/// Binary term operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// `/`, truncating toward zero.
    Div,
    /// `\`, the sign of the dividend.
    Mod,
    /// `**`
    Pow,
    /// `&`
    And,
    /// `?`
    Or,
    /// `^`
    Xor,
}

impl BinaryOp {
    /// clingo's text of the operator.
    pub fn text(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "\\",
            BinaryOp::Pow => "**",
            BinaryOp::And => "&",
            BinaryOp::Or => "?",
            BinaryOp::Xor => "^",
        }
    }
}

/// A term with its span.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    pub kind: TermKind,
    pub span: Span,
}

/// The kinds of terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TermKind {
    Integer(i32),
    /// A string literal, escapes already resolved.
    String(String),
    /// `#inf`
    Infimum,
    /// `#sup`
    Supremum,
    /// A variable such as `X`; `_` never appears here (see `Anonymous`).
    Variable(String),
    /// `_`
    Anonymous,
    /// `name(args)`; a constant is a function with no arguments; a tuple has the empty name.
    /// A one-element tuple `(t,)` is written with `name == ""` and one argument.
    Function {
        name: String,
        args: Vec<Term>,
    },
    /// `@name(args)`: a call of an external function (`@name` has no arguments).
    Call {
        name: String,
        args: Vec<Term>,
    },
    /// `a;b;c` in an argument position (or `f(1,2;3,4)`, parsed as a pool of functions).
    Pool(Vec<Term>),
    /// `a..b`
    Interval(Box<Term>, Box<Term>),
    Unary(UnaryOp, Box<Term>),
    Binary(BinaryOp, Box<Term>, Box<Term>),
}

impl Term {
    /// The direct subterms: arguments of functions and calls, pool alternatives, the operands of
    /// intervals and operations (none for leaves).
    pub fn children(&self) -> Vec<&Term> {
        match &self.kind {
            TermKind::Function { args, .. }
            | TermKind::Call { args, .. }
            | TermKind::Pool(args) => args.iter().collect(),
            TermKind::Interval(a, b) | TermKind::Binary(_, a, b) => vec![a, b],
            TermKind::Unary(_, a) => vec![a],
            _ => Vec::new(),
        }
    }
}

/// A predicate signature `name/arity` (negative for classical negation `-name/arity`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature {
    pub name: String,
    pub arity: u32,
    /// `true` for `-name/arity`.
    pub negative: bool,
}

/// An atom `p(t1,...,tn)`, or `-p(...)` with classical negation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    /// Classical negation.
    pub negative: bool,
    pub name: String,
    /// May contain pools, intervals and arithmetic; the grounder unpools.
    pub args: Vec<Term>,
    pub span: Span,
}

/// Comparison operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CompareOp {
    /// clingo's text of the operator.
    pub fn text(self) -> &'static str {
        match self {
            CompareOp::Eq => "=",
            CompareOp::Ne => "!=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        }
    }
}

/// Default negation in front of a literal or aggregate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Sign {
    #[default]
    None,
    /// `not`
    Not,
    /// `not not`
    NotNot,
}

/// A literal with its span.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Literal {
    pub sign: Sign,
    pub kind: LiteralKind,
    pub span: Span,
}

/// The kinds of literals.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LiteralKind {
    Atom(Atom),
    /// `t0 op1 t1 op2 t2 ...` (chained comparisons hold when every pair holds).
    Comparison {
        first: Term,
        rest: Vec<(CompareOp, Term)>,
    },
    /// `#true` / `#false`
    Boolean(bool),
}

/// A conditional literal `literal : condition` (empty condition: a plain literal).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConditionalLiteral {
    pub literal: Literal,
    pub condition: Vec<Literal>,
}

/// Aggregate functions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AggregateFunction {
    Count,
    Sum,
    /// `#sum+`: only positive weights count.
    SumPlus,
    Min,
    Max,
}

impl AggregateFunction {
    /// clingo's keyword for the function.
    pub fn text(self) -> &'static str {
        match self {
            AggregateFunction::Count => "#count",
            AggregateFunction::Sum => "#sum",
            AggregateFunction::SumPlus => "#sum+",
            AggregateFunction::Min => "#min",
            AggregateFunction::Max => "#max",
        }
    }
}

/// A guard of an aggregate. For a left guard `t op #agg{...}`; for a right one `#agg{...} op t`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Guard {
    pub op: CompareOp,
    pub term: Term,
}

/// An element `t1,...,tn : condition` of a body aggregate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BodyAggregateElement {
    pub terms: Vec<Term>,
    pub condition: Vec<Literal>,
}

/// An element `t1,...,tn : literal : condition` of a head aggregate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeadAggregateElement {
    pub terms: Vec<Term>,
    pub literal: ConditionalLiteral,
}

/// A body aggregate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BodyAggregate {
    pub sign: Sign,
    pub function: AggregateFunction,
    pub elements: Vec<BodyAggregateElement>,
    pub left: Option<Guard>,
    pub right: Option<Guard>,
    pub span: Span,
}

/// A body element.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BodyLiteral {
    Literal(Literal),
    /// `l : c1, c2` in a body (the conjunction over all groundings of the condition).
    Conditional(ConditionalLiteral),
    Aggregate(BodyAggregate),
}

/// A rule head.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Head {
    /// A single literal (an atom, or `#false` for an integrity constraint).
    Literal(Literal),
    /// `a ; b : c ; d` (or `|`); at least two elements, or one with a condition.
    Disjunction(Vec<ConditionalLiteral>),
    /// `l { a : c ; b } u`
    Choice {
        left: Option<Guard>,
        right: Option<Guard>,
        elements: Vec<ConditionalLiteral>,
        span: Span,
    },
    /// `l #sum { w,t : a : c } u` in a head.
    Aggregate {
        function: AggregateFunction,
        left: Option<Guard>,
        right: Option<Guard>,
        elements: Vec<HeadAggregateElement>,
        span: Span,
    },
}

/// A statement with its span.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Statement {
    pub kind: StatementKind,
    pub span: Span,
}

/// The kinds of statements.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StatementKind {
    /// `head :- body.`; an integrity constraint has head `#false`.
    Rule { head: Head, body: Vec<BodyLiteral> },
    /// `:~ body. [weight@priority, terms]` (priority 0 when omitted).
    Weak {
        body: Vec<BodyLiteral>,
        weight: Term,
        priority: Term,
        terms: Vec<Term>,
    },
    /// `#show t : body.`
    ShowTerm { term: Term, body: Vec<BodyLiteral> },
    /// `#show p/n.` (or `#show -p/n.`): shows the atoms of this signature, and switches off
    /// the default of showing every atom.
    ShowSignature(Signature),
    /// `#show.`: switches off the default of showing every atom.
    ShowNothing,
    /// Hides one signature while the default of showing every atom stays on (the rewrite of
    /// gringo 3's `#hide p/n.`).
    HideSignature(Signature),
    /// `#project p/n.`
    ProjectSignature(Signature),
    /// `#project a : body.`
    ProjectAtom { atom: Atom, body: Vec<BodyLiteral> },
    /// `#external a : body. [value]` (value `false` when omitted).
    External {
        atom: Atom,
        body: Vec<BodyLiteral>,
        value: Term,
    },
    /// `#defined p/n.`
    Defined(Signature),
    /// `#edge (from,to) : body.` (a pool of pairs is one statement per pair)
    Edge {
        from: Term,
        to: Term,
        body: Vec<BodyLiteral>,
    },
    /// `#heuristic atom : body. [weight@priority, modifier]` (priority 0 when omitted)
    Heuristic {
        atom: Atom,
        body: Vec<BodyLiteral>,
        weight: Term,
        priority: Term,
        modifier: Term,
    },
    /// `#const name = term.` (`[override]` sets `overridable = false`; see `constants` for how
    /// definitions of one name and `-c` interact).
    Const {
        name: String,
        value: Term,
        overridable: bool,
    },
    /// `#program name(params).`: each parameter's name and where it was written.
    Program {
        name: String,
        params: Vec<(String, Span)>,
    },
    /// `#include "file".` (resolved by the loader, relative to the including file).
    Include(String),
    /// `#include <name>.`: one of clingo's built-in libraries (only `incmode` exists).
    IncludeLibrary(String),
}

/// A parsed source: its statements in order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Program {
    pub statements: Vec<Statement>,
}
