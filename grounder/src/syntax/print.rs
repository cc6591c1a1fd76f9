//! `Display` for every AST type: clingo text that parses back to an equal value (spans
//! aside).
//!
//! Terms print with the fewest parentheses clingo's precedence needs: levels from `..` (1)
//! up to unary operators (8) and primaries (9); a child below its required level is
//! parenthesized. Integers are special: the parser folds `-5` into the literal `-5`, so a
//! unary operator over an integer prints its operand in parentheses (`-(5)`), and a negative
//! integer counts as a unary expression. Pools always print in parentheses `(a;b)`. In a body
//! an element after a conditional literal is separated by `;` (a `,` would extend the
//! condition). `#show t.` parenthesizes a term that would read as a signature (`p/1`).

use std::fmt::{self, Display, Formatter, Write};

use crate::ast::*;

/// Precedence level of a term (higher binds tighter).
fn level(term: &Term) -> u8 {
    match &term.kind {
        TermKind::Interval(..) => 1,
        TermKind::Binary(op, ..) => match op {
            BinaryOp::Xor => 2,
            BinaryOp::Or => 3,
            BinaryOp::And => 4,
            BinaryOp::Add | BinaryOp::Sub => 5,
            BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod => 6,
            BinaryOp::Pow => 7,
        },
        TermKind::Unary(UnaryOp::Abs, _) => 9,
        TermKind::Unary(..) => 8,
        TermKind::Integer(value) if *value < 0 => 8,
        _ => 9,
    }
}

/// Writes a term, in parentheses when its level is below `min`.
fn write_term(f: &mut Formatter<'_>, term: &Term, min: u8) -> fmt::Result {
    if level(term) < min {
        f.write_char('(')?;
        write_bare(f, term)?;
        f.write_char(')')
    } else {
        write_bare(f, term)
    }
}

/// Writes a term without outer parentheses.
fn write_bare(f: &mut Formatter<'_>, term: &Term) -> fmt::Result {
    match &term.kind {
        TermKind::Integer(value) => write!(f, "{value}"),
        TermKind::String(text) => write_string(f, text),
        TermKind::Infimum => f.write_str("#inf"),
        TermKind::Supremum => f.write_str("#sup"),
        TermKind::Variable(name) => f.write_str(name),
        TermKind::Anonymous => f.write_char('_'),
        TermKind::Function { name, args } => write_function(f, name, args),
        TermKind::Call { name, args } if args.is_empty() => write!(f, "@{name}"),
        TermKind::Call { name, args } => {
            f.write_char('@')?;
            write_function(f, name, args)
        }
        TermKind::Pool(alternatives) => {
            f.write_char('(')?;
            write_list(f, alternatives, ";")?;
            f.write_char(')')
        }
        TermKind::Interval(a, b) => {
            write_term(f, a, 1)?;
            f.write_str("..")?;
            write_term(f, b, 2)
        }
        TermKind::Unary(UnaryOp::Abs, inner) => {
            f.write_char('|')?;
            write_term(f, inner, 1)?;
            f.write_char('|')
        }
        TermKind::Unary(op, inner) => write_unary(f, *op, inner),
        TermKind::Binary(op, a, b) => write_binary(f, *op, a, b),
    }
}

/// `-t` / `~t`; an integer operand goes in parentheses so it is not folded.
fn write_unary(f: &mut Formatter<'_>, op: UnaryOp, inner: &Term) -> fmt::Result {
    f.write_str(if op == UnaryOp::BitNot { "~" } else { "-" })?;
    if matches!(inner.kind, TermKind::Integer(_)) {
        f.write_char('(')?;
        write_bare(f, inner)?;
        return f.write_char(')');
    }
    write_term(f, inner, 8)
}

/// `a op b` with clingo's associativity (`**` to the right, the rest to the left).
fn write_binary(f: &mut Formatter<'_>, op: BinaryOp, a: &Term, b: &Term) -> fmt::Result {
    let own = level(&Term {
        kind: TermKind::Binary(op, Box::new(zero()), Box::new(zero())),
        span: Span::default(),
    });
    let (left, right) = if op == BinaryOp::Pow {
        (own + 1, own)
    } else {
        (own, own + 1)
    };
    write_term(f, a, left)?;
    f.write_str(op.text())?;
    write_term(f, b, right)
}

/// A placeholder term.
fn zero() -> Term {
    Term {
        kind: TermKind::Integer(0),
        span: Span::default(),
    }
}

/// `name(args)`, a constant, or a tuple (empty name).
fn write_function(f: &mut Formatter<'_>, name: &str, args: &[Term]) -> fmt::Result {
    f.write_str(name)?;
    if name.is_empty() || !args.is_empty() {
        f.write_char('(')?;
        write_list(f, args, ",")?;
        if name.is_empty() && args.len() == 1 {
            f.write_char(',')?;
        }
        f.write_char(')')?;
    }
    Ok(())
}

/// Items separated by `sep`.
fn write_list<T: Display>(f: &mut Formatter<'_>, items: &[T], sep: &str) -> fmt::Result {
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// A string literal with clingo's escapes.
fn write_string(f: &mut Formatter<'_>, text: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            other => f.write_char(other)?,
        }
    }
    f.write_char('"')
}

impl Display for Term {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_term(f, self, 1)
    }
}

/// A term as clingo prints it in messages (`#const` definitions): every operation, unary
/// minus (also of a negative integer) and interval in parentheses (`((k*2)+1)`, `(-k)`,
/// `(-3)`, `f((1+2))`), absolute values,
/// functions, tuples and pools as written.
pub struct MessageText<'a>(pub &'a Term);

impl Display for MessageText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let list = |f: &mut Formatter<'_>, items: &[Term], sep: &str| {
            items.iter().enumerate().try_for_each(|(index, item)| {
                let sep = if index > 0 { sep } else { "" };
                write!(f, "{sep}{}", MessageText(item))
            })
        };
        match &self.0.kind {
            TermKind::Function { name, args } | TermKind::Call { name, args } => {
                if matches!(self.0.kind, TermKind::Call { .. }) {
                    f.write_char('@')?;
                }
                f.write_str(name)?;
                if name.is_empty() || !args.is_empty() {
                    f.write_char('(')?;
                    list(f, args, ",")?;
                    let one_tuple = name.is_empty() && args.len() == 1;
                    f.write_str(if one_tuple { ",)" } else { ")" })?;
                }
                Ok(())
            }
            TermKind::Pool(alternatives) => {
                f.write_char('(')?;
                list(f, alternatives, ";")?;
                f.write_char(')')
            }
            TermKind::Interval(a, b) => write!(f, "({}..{})", MessageText(a), MessageText(b)),
            TermKind::Unary(UnaryOp::Abs, inner) => write!(f, "|{}|", MessageText(inner)),
            TermKind::Unary(op, inner) => {
                let op = if *op == UnaryOp::BitNot { "~" } else { "-" };
                write!(f, "({op}{})", MessageText(inner))
            }
            TermKind::Binary(op, a, b) => {
                write!(f, "({}{}{})", MessageText(a), op.text(), MessageText(b))
            }
            // The parser folds `-3` into one integer; clingo keeps the unary minus.
            TermKind::Integer(value) if *value < 0 => write!(f, "({value})"),
            _ => write_bare(f, self.0),
        }
    }
}

impl Display for Signature {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let minus = if self.negative { "-" } else { "" };
        write!(f, "{minus}{}/{}", self.name, self.arity)
    }
}

impl Display for Atom {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.negative {
            f.write_char('-')?;
        }
        f.write_str(&self.name)?;
        if !self.args.is_empty() {
            f.write_char('(')?;
            write_list(f, &self.args, ",")?;
            f.write_char(')')?;
        }
        Ok(())
    }
}

impl Display for CompareOp {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

impl Display for Sign {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sign::None => "",
            Sign::Not => "not ",
            Sign::NotNot => "not not ",
        })
    }
}

impl Display for Literal {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.sign)?;
        match &self.kind {
            LiteralKind::Atom(atom) => write!(f, "{atom}"),
            LiteralKind::Comparison { first, rest } => {
                write!(f, "{first}")?;
                rest.iter()
                    .try_for_each(|(op, term)| write!(f, "{op}{term}"))
            }
            LiteralKind::Boolean(value) => f.write_str(if *value { "#true" } else { "#false" }),
        }
    }
}

impl Display for ConditionalLiteral {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.literal)?;
        if !self.condition.is_empty() {
            f.write_str(": ")?;
            write_list(f, &self.condition, ", ")?;
        }
        Ok(())
    }
}

impl Display for AggregateFunction {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Writes `left op` before and `op right` after an aggregate's braces.
fn write_guarded(
    f: &mut Formatter<'_>,
    left: &Option<Guard>,
    right: &Option<Guard>,
    inner: impl FnOnce(&mut Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    if let Some(guard) = left {
        write!(f, "{} {} ", guard.term, guard.op)?;
    }
    inner(f)?;
    if let Some(guard) = right {
        write!(f, " {} {}", guard.op, guard.term)?;
    }
    Ok(())
}

impl Display for BodyAggregateElement {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_list(f, &self.terms, ",")?;
        if !self.condition.is_empty() || self.terms.is_empty() {
            f.write_str(": ")?;
            write_list(f, &self.condition, ", ")?;
        }
        Ok(())
    }
}

impl Display for HeadAggregateElement {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_list(f, &self.terms, ",")?;
        write!(f, ": {}", self.literal.literal)?;
        if !self.literal.condition.is_empty() {
            f.write_str(": ")?;
            write_list(f, &self.literal.condition, ", ")?;
        }
        Ok(())
    }
}

impl Display for BodyAggregate {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.sign)?;
        write_guarded(f, &self.left, &self.right, |f| {
            write!(f, "{}{{", self.function)?;
            write_list(f, &self.elements, "; ")?;
            f.write_char('}')
        })
    }
}

impl Display for BodyLiteral {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            BodyLiteral::Literal(literal) => write!(f, "{literal}"),
            BodyLiteral::Conditional(conditional) => write!(f, "{conditional}"),
            BodyLiteral::Aggregate(aggregate) => write!(f, "{aggregate}"),
        }
    }
}

impl Display for Head {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Head::Literal(literal) => write!(f, "{literal}"),
            Head::Disjunction(elements) => write_list(f, elements, "; "),
            Head::Choice {
                left,
                right,
                elements,
                ..
            } => write_guarded(f, left, right, |f| {
                f.write_char('{')?;
                write_list(f, elements, "; ")?;
                f.write_char('}')
            }),
            Head::Aggregate {
                function,
                left,
                right,
                elements,
                ..
            } => write_guarded(f, left, right, |f| {
                write!(f, "{function}{{")?;
                write_list(f, elements, "; ")?;
                f.write_char('}')
            }),
        }
    }
}

/// A body: `,` between elements, `;` after a conditional literal.
struct BodyText<'a>(&'a [BodyLiteral]);

impl Display for BodyText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (index, element) in self.0.iter().enumerate() {
            if index > 0 {
                let after_condition = matches!(
                    self.0.get(index - 1),
                    Some(BodyLiteral::Conditional(c)) if !c.condition.is_empty()
                );
                f.write_str(if after_condition { "; " } else { ", " })?;
            }
            write!(f, "{element}")?;
        }
        Ok(())
    }
}

/// ` : body.` or `.` (for `#show`, `#project`, `#external`).
fn write_condition_dot(f: &mut Formatter<'_>, body: &[BodyLiteral]) -> fmt::Result {
    if body.is_empty() {
        f.write_char('.')
    } else {
        write!(f, ": {}.", BodyText(body))
    }
}

/// True for a term that `#show t.` would read as a signature.
fn looks_like_signature(term: &Term) -> bool {
    matches!(term.kind, TermKind::Binary(BinaryOp::Div, ..))
}

impl Display for Statement {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)
    }
}

impl Display for StatementKind {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            StatementKind::Rule { head, body } => write_rule(f, head, body),
            StatementKind::Weak {
                body,
                weight,
                priority,
                terms,
            } => {
                write!(f, ":~ {}. [{weight}@{priority}", BodyText(body))?;
                terms.iter().try_for_each(|term| write!(f, ",{term}"))?;
                f.write_char(']')
            }
            StatementKind::ShowTerm { term, body } if looks_like_signature(term) => {
                write!(f, "#show ({term})")?;
                write_condition_dot(f, body)
            }
            StatementKind::ShowTerm { term, body } => {
                write!(f, "#show {term}")?;
                write_condition_dot(f, body)
            }
            StatementKind::ShowSignature(signature) => write!(f, "#show {signature}."),
            StatementKind::ShowNothing => f.write_str("#show."),
            StatementKind::HideSignature(signature) => write!(f, "#hide {signature}."),
            StatementKind::ProjectSignature(signature) => write!(f, "#project {signature}."),
            StatementKind::ProjectAtom { atom, body } => {
                write!(f, "#project {atom}")?;
                write_condition_dot(f, body)
            }
            StatementKind::External { atom, body, value } => {
                write!(f, "#external {atom}")?;
                write_condition_dot(f, body)?;
                write!(f, " [{value}]")
            }
            StatementKind::Edge { from, to, body } => {
                write!(f, "#edge ({from},{to})")?;
                write_condition_dot(f, body)
            }
            StatementKind::Heuristic {
                atom,
                body,
                weight,
                priority,
                modifier,
            } => {
                write!(f, "#heuristic {atom}")?;
                write_condition_dot(f, body)?;
                write!(f, " [{weight}@{priority},{modifier}]")
            }
            StatementKind::Defined(signature) => write!(f, "#defined {signature}."),
            StatementKind::Const {
                name,
                value,
                overridable,
            } => {
                write!(f, "#const {name} = {value}.")?;
                if !overridable {
                    f.write_str(" [override]")?;
                }
                Ok(())
            }
            StatementKind::Program { name, params } if params.is_empty() => {
                write!(f, "#program {name}.")
            }
            StatementKind::Program { name, params } => {
                let names: Vec<&str> = params.iter().map(|(p, _)| p.as_str()).collect();
                write!(f, "#program {name}({}).", names.join(","))
            }
            StatementKind::IncludeLibrary(name) => write!(f, "#include <{name}>."),
            StatementKind::Include(file) => {
                f.write_str("#include ")?;
                write_string(f, file)?;
                f.write_char('.')
            }
        }
    }
}

/// `head :- body.`, `head.`, or `:- body.` for a `#false` head.
fn write_rule(f: &mut Formatter<'_>, head: &Head, body: &[BodyLiteral]) -> fmt::Result {
    let is_constraint = matches!(
        head,
        Head::Literal(Literal {
            sign: Sign::None,
            kind: LiteralKind::Boolean(false),
            ..
        })
    );
    if !is_constraint {
        write!(f, "{head}")?;
        if body.is_empty() {
            return f.write_char('.');
        }
        f.write_char(' ')?;
    }
    write!(f, ":- {}.", BodyText(body))
}

impl Display for Program {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.statements
            .iter()
            .try_for_each(|statement| writeln!(f, "{statement}"))
    }
}
