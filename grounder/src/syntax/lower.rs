//! Lowering raw statements into the AST with clingo 5's reading of the separators.
//!
//! clingo's rules: in a body or head, `l : c1, c2` is a conditional literal whose condition
//! runs until the next `;` (or the end); outside a condition `,` and `;` separate elements
//! (in a head they make a disjunction, as `|` does); in a set aggregate `{ ... }` elements are
//! separated by `;` only. `#minimize`/`#maximize` become one weak constraint per element
//! (maximize negates the weight); body set aggregates become `#count { l : l, c }`.
//! Forms that only gringo 3 gives a meaning (a second `:`, `,` between set elements, square
//! brackets) are errors here marked as legacy, so that `Dialect::Auto` can retry the file as
//! gringo 3.

use crate::ast::{
    AggregateFunction, Atom, BodyAggregate, BodyAggregateElement, BodyLiteral, CompareOp,
    ConditionalLiteral, Head, HeadAggregateElement, Literal, LiteralKind, Sign, Span, Statement,
    StatementKind, Term, TermKind, UnaryOp,
};
use crate::syntax::actions::Ctx;
use crate::syntax::raw::{self, AggElem, AggKind, BodyItem, OptElem, RawStatement, SepKind, Seq};

/// A lowering failure: the message and whether gringo 3 would accept the form.
pub struct Failure {
    /// Where clingo reports it.
    pub span: Span,
    /// The message text.
    pub message: String,
    /// True when gringo 3 accepts the form (so `Dialect::Auto` switches dialect).
    pub legacy: bool,
}

/// The result of lowering one piece.
pub type Lowered<T> = Result<T, Failure>;

/// A legacy-only form: clingo reports it as a syntax error at the separator.
pub fn legacy(span: &Span, found: &str) -> Failure {
    Failure {
        span: span.clone(),
        message: format!("syntax error, unexpected {found}"),
        legacy: true,
    }
}

/// Lowers a file in the clingo dialect, reporting every failure.
pub fn lower(raw: Vec<RawStatement>, ctx: &mut Ctx) -> Vec<Statement> {
    let mut out = Vec::new();
    for statement in raw {
        match lower_statement(statement, &mut out) {
            Ok(()) => {}
            Err(failure) => ctx.error(failure.span, failure.message),
        }
    }
    out
}

/// Lowers one statement, appending the result(s).
pub fn lower_statement(statement: RawStatement, out: &mut Vec<Statement>) -> Lowered<()> {
    let (kind, span) = match statement {
        RawStatement::Plain(statement) => {
            out.push(statement);
            return Ok(());
        }
        RawStatement::Rule { head, body, span } => {
            let head = match head {
                Some(head) => lower_head(head)?,
                None => Head::Literal(false_literal(&span)),
            };
            let body = lower_body(body)?;
            (StatementKind::Rule { head, body }, span)
        }
        RawStatement::Weak {
            body,
            weight,
            priority,
            terms,
            span,
        } => {
            let priority = priority.unwrap_or_else(|| zero(&weight.span));
            let body = lower_body(body)?;
            let kind = StatementKind::Weak {
                body,
                weight,
                priority,
                terms,
            };
            (kind, span)
        }
        RawStatement::Optimize {
            maximize, elements, ..
        } => {
            out.extend(elements.into_iter().map(|e| optimize_element(maximize, e)));
            return Ok(());
        }
        RawStatement::ShowTerm { term, body, span } => {
            let body = lower_body(body)?;
            (StatementKind::ShowTerm { term, body }, span)
        }
        RawStatement::ProjectAtom { atom, body, span } => {
            let body = lower_body(body)?;
            (StatementKind::ProjectAtom { atom, body }, span)
        }
        RawStatement::External {
            atom,
            body,
            value,
            span,
        } => {
            let body = lower_body(body)?;
            let value = value.unwrap_or_else(|| constant("false", &span));
            (StatementKind::External { atom, body, value }, span)
        }
        RawStatement::ShowSignature { signature, span } => {
            (StatementKind::ShowSignature(signature), span)
        }
        statement @ (RawStatement::Edge { .. } | RawStatement::Heuristic { .. }) => {
            return lower_directive(statement, out);
        }
        RawStatement::WeightedOptimize { span, .. } => return Err(legacy(&span, "[")),
        RawStatement::Hide { span, .. } | RawStatement::HideTerm { span, .. } => {
            return Err(legacy(&span, "#hide"))
        }
        RawStatement::Domain { span, .. } => return Err(legacy(&span, "#domain")),
    };
    out.push(Statement { kind, span });
    Ok(())
}

/// `#false` at a span (the head of an integrity constraint).
pub fn false_literal(span: &Span) -> Literal {
    Literal {
        sign: Sign::None,
        kind: LiteralKind::Boolean(false),
        span: span.clone(),
    }
}

/// The integer 0 at a span.
pub fn zero(span: &Span) -> Term {
    Term {
        kind: TermKind::Integer(0),
        span: span.clone(),
    }
}

/// A constant `name` at a span.
pub fn constant(name: &str, span: &Span) -> Term {
    Term {
        kind: TermKind::Function {
            name: name.into(),
            args: Vec::new(),
        },
        span: span.clone(),
    }
}

/// `-t` (an integer literal is negated in place).
pub fn negate(term: Term) -> Term {
    match term.kind {
        TermKind::Integer(value) if value != i32::MIN => Term {
            kind: TermKind::Integer(-value),
            span: term.span,
        },
        _ => Term {
            span: term.span.clone(),
            kind: TermKind::Unary(UnaryOp::Minus, Box::new(term)),
        },
    }
}

/// One `#minimize`/`#maximize` element as a weak constraint.
pub fn optimize_element(maximize: bool, element: OptElem) -> Statement {
    let priority = element
        .priority
        .unwrap_or_else(|| zero(&element.weight.span));
    let weight = if maximize {
        negate(element.weight)
    } else {
        element.weight
    };
    let body = element
        .condition
        .into_iter()
        .map(BodyLiteral::Literal)
        .collect();
    Statement {
        kind: StatementKind::Weak {
            body,
            weight,
            priority,
            terms: element.terms,
        },
        span: element.span,
    }
}

/// Groups a separated sequence into conditional elements the clingo way: `:` opens a
/// condition that `,` extends and `;`/`|` closes; `comma_separates` says whether `,` outside
/// a condition separates elements (heads and bodies) or is an error (set aggregates).
pub fn group<T>(seq: Seq<T>, comma_separates: bool, expecting: &str) -> Lowered<Vec<(T, Vec<T>)>> {
    let mut groups: Vec<(T, Vec<T>)> = Vec::with_capacity(seq.items.len());
    let mut in_condition = false;
    let mut seps = seq.seps.into_iter();
    for item in seq.items {
        let Some(sep) = (if groups.is_empty() { None } else { seps.next() }) else {
            groups.push((item, Vec::new()));
            continue;
        };
        match (sep.kind, in_condition) {
            (SepKind::Colon, true) => {
                return Err(legacy(&sep.span, &format!(":, expecting {expecting}")))
            }
            (SepKind::Colon, false) | (SepKind::Comma, true) => {
                in_condition = true;
                if let Some(last) = groups.last_mut() {
                    last.1.push(item);
                }
            }
            (SepKind::Comma, false) if !comma_separates => {
                return Err(legacy(&sep.span, "\",\", expecting } or ;"));
            }
            _ => {
                in_condition = false;
                groups.push((item, Vec::new()));
            }
        }
    }
    Ok(groups)
}

/// A body element that must be a literal (in a condition).
pub fn literal_only(item: BodyItem) -> Lowered<Literal> {
    match item {
        BodyItem::Literal(literal) => Ok(literal),
        BodyItem::Aggregate(aggregate) => Err(Failure {
            span: aggregate.span,
            message: "syntax error, unexpected aggregate in a condition".into(),
            legacy: false,
        }),
    }
}

/// Lowers a body.
pub fn lower_body(body: raw::Body) -> Lowered<Vec<BodyLiteral>> {
    let groups = group(body, true, ". or ;")?;
    let mut out = Vec::with_capacity(groups.len());
    for (item, condition) in groups {
        if condition.is_empty() {
            out.push(body_item(item)?);
            continue;
        }
        let literal = literal_only(item)?;
        let condition = condition
            .into_iter()
            .map(literal_only)
            .collect::<Lowered<Vec<_>>>()?;
        out.push(BodyLiteral::Conditional(ConditionalLiteral {
            literal,
            condition,
        }));
    }
    Ok(out)
}

/// Lowers one body element without a condition.
fn body_item(item: BodyItem) -> Lowered<BodyLiteral> {
    match item {
        BodyItem::Literal(literal) => Ok(BodyLiteral::Literal(literal)),
        BodyItem::Aggregate(aggregate) => Ok(BodyLiteral::Aggregate(body_aggregate(aggregate)?)),
    }
}

/// Lowers a body aggregate.
fn body_aggregate(aggregate: raw::Aggregate) -> Lowered<BodyAggregate> {
    let (function, elements) = match aggregate.kind {
        AggKind::Set(seq) => {
            let elements = group(seq, false, "} or ;")?
                .into_iter()
                .flat_map(|(literal, condition)| clingo_set_element(literal, condition))
                .collect();
            (AggregateFunction::Count, elements)
        }
        AggKind::Function(function, elements) => {
            let elements = elements
                .into_iter()
                .map(body_element)
                .collect::<Lowered<Vec<_>>>()?;
            (function, elements)
        }
        AggKind::Weighted(..) => return Err(legacy(&aggregate.span, "[")),
    };
    Ok(BodyAggregate {
        sign: aggregate.sign,
        function,
        elements,
        left: aggregate.left,
        right: aggregate.right,
        span: aggregate.span,
    })
}

/// `#agg { terms : condition }` in a body: at most one condition.
pub fn body_element(element: AggElem) -> Lowered<BodyAggregateElement> {
    if let Some(colon) = element.colons.get(1) {
        return Err(legacy(colon, ":, expecting } or ;"));
    }
    let mut conditions = element.conditions.into_iter();
    let condition = conditions.next().unwrap_or_default();
    Ok(BodyAggregateElement {
        terms: element.terms,
        condition,
    })
}

/// The terms that name a literal in a desugared set aggregate: the atom for a positive
/// literal, plus a marker for `not`/`not not`, the compared terms for a comparison.
pub fn literal_terms(literal: &Literal) -> Vec<Term> {
    let span = &literal.span;
    let mut terms = match &literal.kind {
        LiteralKind::Atom(atom) => vec![atom_term(atom)],
        LiteralKind::Comparison { first, rest } => {
            let mut terms = vec![first.clone()];
            for (op, term) in rest {
                terms.push(constant(compare_name(*op), span));
                terms.push(term.clone());
            }
            terms
        }
        LiteralKind::Boolean(value) => vec![constant(if *value { "true" } else { "false" }, span)],
    };
    match literal.sign {
        Sign::None => {}
        Sign::Not => terms.push(constant("naf", span)),
        Sign::NotNot => terms.push(constant("nafnaf", span)),
    }
    terms
}

/// A name for a comparison operator inside a desugared tuple.
fn compare_name(op: CompareOp) -> &'static str {
    match op {
        CompareOp::Eq => "eq",
        CompareOp::Ne => "ne",
        CompareOp::Lt => "lt",
        CompareOp::Le => "le",
        CompareOp::Gt => "gt",
        CompareOp::Ge => "ge",
    }
}

/// An atom as a term (`-p(X)` becomes the term `-p(X)`).
pub fn atom_term(atom: &Atom) -> Term {
    let term = Term {
        kind: TermKind::Function {
            name: atom.name.clone(),
            args: atom.args.clone(),
        },
        span: atom.span.clone(),
    };
    if atom.negative {
        Term {
            span: atom.span.clone(),
            kind: TermKind::Unary(UnaryOp::Minus, Box::new(term)),
        }
    } else {
        term
    }
}

/// `{ l : c }` in a body as `#count` element `l : l, c`.
pub fn set_element(literal: Literal, condition: Vec<Literal>) -> BodyAggregateElement {
    let terms = literal_terms(&literal);
    let mut full = vec![literal];
    full.extend(condition);
    BodyAggregateElement {
        terms,
        condition: full,
    }
}

/// A set element `l : c` of clingo's dialect as `#count` elements (see [`set_element`]), so
/// that each instance of `l` counts once, as in clingo: a pool among the atom's arguments
/// gives one element per alternative (`{ q(1;5) }` is `#count { q(1) : q(1); q(5) : q(5) }`),
/// and a pool or interval left inside them is named by a variable that the condition binds
/// (`{ q(1..5) }` is `#count { q(#Set0) : q(#Set0), #Set0 = 1..5 }`), where expanding tuple
/// and literal apart would count the pairs of instances. A pool of argument tuples
/// (`q(1,2;3)`) is left to `syntax::tuples`.
fn clingo_set_element(literal: Literal, condition: Vec<Literal>) -> Vec<BodyAggregateElement> {
    let tuple_pool = matches!(&literal.kind, LiteralKind::Atom(atom) if is_tuple_pool(atom));
    if tuple_pool {
        return vec![set_element(literal, condition)];
    }
    let element = |mut literal: Literal| {
        let mut condition = condition.clone();
        if let LiteralKind::Atom(atom) = &mut literal.kind {
            let mut bindings = Vec::new();
            atom.args
                .iter_mut()
                .for_each(|arg| name_expansions(arg, &mut bindings));
            condition.splice(0..0, bindings);
        }
        set_element(literal, condition)
    };
    unpool(literal).into_iter().map(element).collect()
}

/// Replaces each outermost pool or interval in `term` by a fresh variable `#SetN`, pushing
/// the equation that binds it.
fn name_expansions(term: &mut Term, bindings: &mut Vec<Literal>) {
    match &mut term.kind {
        TermKind::Pool(_) | TermKind::Interval(..) => {
            let span = term.span.clone();
            let name = TermKind::Variable(format!("#Set{}", bindings.len()));
            let variable = Term {
                kind: name,
                span: span.clone(),
            };
            let value = std::mem::replace(term, variable.clone());
            bindings.push(Literal {
                sign: Sign::None,
                kind: LiteralKind::Comparison {
                    first: variable,
                    rest: vec![(CompareOp::Eq, value)],
                },
                span,
            });
        }
        TermKind::Function { args, .. } | TermKind::Call { args, .. } => args
            .iter_mut()
            .for_each(|arg| name_expansions(arg, bindings)),
        TermKind::Unary(_, a) => name_expansions(a, bindings),
        TermKind::Binary(_, a, b) => {
            name_expansions(a, bindings);
            name_expansions(b, bindings);
        }
        _ => {}
    }
}

/// The alternatives of a literal whose atom has pools among its arguments (`p(X;Y)` gives
/// `p(X)` and `p(Y)`; gringo 3 reads them as a conjunction); a pool of argument tuples is left
/// to `syntax::tuples`.
pub fn unpool(literal: Literal) -> Vec<Literal> {
    let LiteralKind::Atom(atom) = &literal.kind else {
        return vec![literal];
    };
    if !atom
        .args
        .iter()
        .any(|a| matches!(a.kind, TermKind::Pool(_)))
        || is_tuple_pool(atom)
    {
        return vec![literal];
    }
    let mut argument_lists: Vec<Vec<Term>> = vec![Vec::new()];
    for arg in &atom.args {
        let choices = match &arg.kind {
            TermKind::Pool(alternatives) => alternatives.clone(),
            _ => vec![arg.clone()],
        };
        argument_lists = argument_lists
            .into_iter()
            .flat_map(|prefix| {
                choices.iter().map(move |choice| {
                    let mut args = prefix.clone();
                    args.push(choice.clone());
                    args
                })
            })
            .collect();
    }
    argument_lists
        .into_iter()
        .map(|args| Literal {
            kind: LiteralKind::Atom(Atom {
                args,
                ..atom.clone()
            }),
            ..literal.clone()
        })
        .collect()
}

/// `p(1,2;3,4)`: one pool of tuples, expanded later by `tuples::expand`.
pub fn is_tuple_pool(atom: &Atom) -> bool {
    match atom.args.as_slice() {
        [arg] => match &arg.kind {
            TermKind::Pool(alternatives) => alternatives
                .iter()
                .all(|a| matches!(&a.kind, TermKind::Function { name, .. } if name.is_empty())),
            _ => false,
        },
        _ => false,
    }
}

/// Lowers `#edge` (one statement per pair) and `#heuristic` (priority 0 when omitted); the
/// gringo-3 dialect lowers them the same way.
pub fn lower_directive(statement: RawStatement, out: &mut Vec<Statement>) -> Lowered<()> {
    match statement {
        RawStatement::Edge { pairs, body, span } => {
            let body = lower_body(body)?;
            for (from, to) in pairs {
                let kind = StatementKind::Edge {
                    from,
                    to,
                    body: body.clone(),
                };
                out.push(Statement {
                    kind,
                    span: span.clone(),
                });
            }
        }
        RawStatement::Heuristic {
            atom,
            body,
            weight,
            priority,
            modifier,
            span,
        } => {
            let priority = priority.unwrap_or_else(|| zero(&weight.span));
            let kind = StatementKind::Heuristic {
                atom,
                body: lower_body(body)?,
                weight,
                priority,
                modifier,
            };
            out.push(Statement { kind, span });
        }
        other => return lower_statement(other, out),
    }
    Ok(())
}

/// Lowers a head.
fn lower_head(head: raw::Head) -> Lowered<Head> {
    match head {
        raw::Head::Literals(seq) => {
            let mut groups = group(seq, true, ". or :-")?;
            if groups.len() == 1 && groups.first().is_some_and(|g| g.1.is_empty()) {
                if let Some((literal, _)) = groups.pop() {
                    return Ok(Head::Literal(literal));
                }
            }
            let elements = groups
                .into_iter()
                .map(|(literal, condition)| ConditionalLiteral { literal, condition })
                .collect();
            Ok(Head::Disjunction(elements))
        }
        raw::Head::Aggregate(aggregate) => head_aggregate(aggregate),
    }
}

/// Lowers a head aggregate: a choice or `#agg { terms : literal : condition }`.
pub fn head_aggregate(aggregate: raw::Aggregate) -> Lowered<Head> {
    let raw::Aggregate {
        kind,
        left,
        right,
        span,
        ..
    } = aggregate;
    match kind {
        AggKind::Set(seq) => {
            let elements = group(seq, false, "} or ;")?
                .into_iter()
                .map(|(literal, condition)| ConditionalLiteral { literal, condition })
                .collect();
            Ok(Head::Choice {
                left,
                right,
                elements,
                span,
            })
        }
        AggKind::Function(function, elements) => {
            let elements = elements
                .into_iter()
                .map(head_element)
                .collect::<Lowered<Vec<_>>>()?;
            Ok(Head::Aggregate {
                function,
                left,
                right,
                elements,
                span,
            })
        }
        AggKind::Weighted(..) => Err(legacy(&span, "[")),
    }
}

/// `terms : literal : condition` in a head aggregate.
pub fn head_element(element: AggElem) -> Lowered<HeadAggregateElement> {
    let mut conditions = element.conditions.into_iter();
    let (Some(literal), condition) = (conditions.next(), conditions.next().unwrap_or_default())
    else {
        return Err(syntax(&element.span, "}"));
    };
    if let Some(colon) = element.colons.get(2) {
        return Err(legacy(colon, ":, expecting } or ;"));
    }
    let mut literals = literal.into_iter();
    let (Some(literal), None) = (literals.next(), literals.next()) else {
        return Err(syntax(&element.span, "\",\""));
    };
    Ok(HeadAggregateElement {
        terms: element.terms,
        literal: ConditionalLiteral { literal, condition },
    })
}

/// A syntax error that gringo 3 would not accept either.
fn syntax(span: &Span, found: &str) -> Failure {
    Failure {
        span: span.clone(),
        message: format!("syntax error, unexpected {found}"),
        legacy: false,
    }
}
