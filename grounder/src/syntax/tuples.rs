//! Atoms written with pools of argument tuples, `p(1,2;3,4)`, expanded after lowering.
//!
//! The AST has no place for an atom whose alternatives differ in arity, so the parser keeps
//! such an atom as one pooled tuple argument and remembers its span; here it is expanded the
//! way clingo unpools: a statement with the atom in its head literal, as a plain body literal
//! or as the literal of a body conditional literal is copied once per alternative (in gringo 3
//! a body pool is a conjunction instead), and so is one with the atom in an unconditional
//! disjunction element (clingo's conjunction of the alternatives); a choice or conditional
//! disjunction element is copied per alternative. In a condition, the conditional literal (the conjunction of the copies in a
//! body) or the aggregate, choice or disjunction element is copied per alternative. Expansion
//! is iterative and bounded by the number of alternatives written.

use std::collections::HashSet;

use crate::ast::{
    Atom, BodyAggregateElement, BodyLiteral, ConditionalLiteral, Head, HeadAggregateElement,
    Literal, LiteralKind, Span, Statement, StatementKind, TermKind,
};
use crate::syntax::actions::Ctx;
use crate::syntax::lower::literal_terms;

/// Expands every marked atom in `statements`; `conjunctive_bodies` is gringo 3's reading.
pub fn expand(
    statements: Vec<Statement>,
    ctx: &mut Ctx,
    conjunctive_bodies: bool,
) -> Vec<Statement> {
    if ctx.tuple_pools.is_empty() {
        return statements;
    }
    let marked = std::mem::take(&mut ctx.tuple_pools);
    let mut done = Vec::new();
    let mut work: Vec<Statement> = statements.into_iter().rev().collect();
    while let Some(mut statement) = work.pop() {
        if let Some(copies) = split_statement(&statement, &marked, conjunctive_bodies) {
            work.extend(copies.into_iter().rev());
            continue;
        }
        split_elements(&mut statement, &marked);
        split_conditions(&mut statement, &marked);
        if let Some(span) = first_marked(&statement, &marked) {
            let message = "pools of argument tuples are only supported in rule heads, bodies and choice elements";
            ctx.error(span, message);
        }
        done.push(statement);
    }
    done
}

/// The atoms of a marked atom's alternatives.
fn alternatives(atom: &Atom) -> Vec<Atom> {
    let Some(TermKind::Pool(tuples)) = atom.args.first().map(|t| &t.kind) else {
        return vec![atom.clone()];
    };
    tuples
        .iter()
        .map(|tuple| {
            let args = match &tuple.kind {
                TermKind::Function { name, args } if name.is_empty() => args.clone(),
                _ => vec![tuple.clone()],
            };
            Atom {
                args,
                ..atom.clone()
            }
        })
        .collect()
}

/// A literal's marked atom, if any.
/// (An expanded alternative keeps the span but no longer has the single pool argument.)
fn marked_atom<'a>(literal: &'a Literal, marked: &HashSet<Span>) -> Option<&'a Atom> {
    match &literal.kind {
        LiteralKind::Atom(atom)
            if marked.contains(&atom.span)
                && matches!(atom.args.as_slice(), [arg] if matches!(arg.kind, TermKind::Pool(_))) =>
        {
            Some(atom)
        }
        _ => None,
    }
}

/// A literal with another atom.
fn with_atom(literal: &Literal, atom: Atom) -> Literal {
    Literal {
        kind: LiteralKind::Atom(atom),
        ..literal.clone()
    }
}

/// The body of statements that have one.
fn body_mut(kind: &mut StatementKind) -> Option<&mut Vec<BodyLiteral>> {
    match kind {
        StatementKind::Rule { body, .. }
        | StatementKind::Weak { body, .. }
        | StatementKind::ShowTerm { body, .. }
        | StatementKind::ProjectAtom { body, .. }
        | StatementKind::External { body, .. }
        | StatementKind::Edge { body, .. }
        | StatementKind::Heuristic { body, .. } => Some(body),
        _ => None,
    }
}

/// Copies of a statement, one per alternative of the first marked head or body literal.
fn split_statement(
    statement: &Statement,
    marked: &HashSet<Span>,
    conjunctive: bool,
) -> Option<Vec<Statement>> {
    if let StatementKind::Rule {
        head: Head::Literal(literal),
        body,
    } = &statement.kind
    {
        if let Some(atom) = marked_atom(literal, marked) {
            let copies = alternatives(atom).into_iter().map(|alternative| Statement {
                kind: StatementKind::Rule {
                    head: Head::Literal(with_atom(literal, alternative)),
                    body: body.clone(),
                },
                span: statement.span.clone(),
            });
            return Some(copies.collect());
        }
    }
    if let Some(copies) = split_unconditional_disjunct(statement, marked) {
        return Some(copies);
    }
    let mut copy = statement.clone();
    let body = body_mut(&mut copy.kind)?;
    let (index, element, atom) =
        body.iter()
            .enumerate()
            .find_map(|(index, element)| match element {
                BodyLiteral::Literal(literal)
                | BodyLiteral::Conditional(ConditionalLiteral { literal, .. }) => {
                    marked_atom(literal, marked).map(|atom| (index, element.clone(), atom.clone()))
                }
                _ => None,
            })?;
    let literals: Vec<BodyLiteral> = alternatives(&atom)
        .into_iter()
        .map(|alternative| match &element {
            BodyLiteral::Conditional(c) => BodyLiteral::Conditional(ConditionalLiteral {
                literal: with_atom(&c.literal, alternative),
                condition: c.condition.clone(),
            }),
            _ => match &element {
                BodyLiteral::Literal(literal) => {
                    BodyLiteral::Literal(with_atom(literal, alternative))
                }
                other => other.clone(),
            },
        })
        .collect();
    if conjunctive {
        body.splice(index..=index, literals);
        return Some(vec![copy]);
    }
    let copies = literals.into_iter().map(|replacement| {
        let mut single = copy.clone();
        if let Some(slot) = body_mut(&mut single.kind).and_then(|body| body.get_mut(index)) {
            *slot = replacement;
        }
        single
    });
    Some(copies.collect())
}

/// Copies of a rule, one per alternative of the first marked atom of an unconditional
/// disjunction element. clingo reads such an element as the conjunction of its alternatives
/// (`s(1,1;2) ; b.` is `s(2)&s(1,1) ; b`), which is the rules `s(1,1) ; b.` and `s(2) ; b.`:
/// the split `unpool::head` makes for a pool of one arity.
fn split_unconditional_disjunct(
    statement: &Statement,
    marked: &HashSet<Span>,
) -> Option<Vec<Statement>> {
    let StatementKind::Rule {
        head: Head::Disjunction(elements),
        body,
    } = &statement.kind
    else {
        return None;
    };
    let (index, literal, atom) = elements.iter().enumerate().find_map(|(index, element)| {
        let atom = marked_atom(&element.literal, marked).filter(|_| element.condition.is_empty());
        atom.map(|atom| (index, &element.literal, atom))
    })?;
    let copies = alternatives(atom).into_iter().map(|alternative| {
        let mut elements = elements.clone();
        if let Some(slot) = elements.get_mut(index) {
            slot.literal = with_atom(literal, alternative);
        }
        Statement {
            kind: StatementKind::Rule {
                head: Head::Disjunction(elements),
                body: body.clone(),
            },
            span: statement.span.clone(),
        }
    });
    Some(copies.collect())
}

/// Splits marked atoms among the elements of a choice or disjunction.
fn split_elements(statement: &mut Statement, marked: &HashSet<Span>) {
    let elements = match &mut statement.kind {
        StatementKind::Rule {
            head: Head::Choice { elements, .. } | Head::Disjunction(elements),
            ..
        } => elements,
        _ => return,
    };
    let mut split = Vec::new();
    for element in elements.drain(..) {
        match marked_atom(&element.literal, marked) {
            Some(atom) => {
                split.extend(
                    alternatives(atom)
                        .into_iter()
                        .map(|alternative| ConditionalLiteral {
                            literal: with_atom(&element.literal, alternative),
                            condition: element.condition.clone(),
                        }),
                )
            }
            None => split.push(element),
        }
    }
    *elements = split;
}

/// The conditions a condition with marked atoms stands for: one per combination of their
/// alternatives (clingo copies the element or conditional literal per alternative).
fn split_condition(condition: &[Literal], marked: &HashSet<Span>) -> Vec<Vec<Literal>> {
    let mut done = Vec::new();
    let mut work = vec![condition.to_vec()];
    while let Some(current) = work.pop() {
        let found = current
            .iter()
            .enumerate()
            .find_map(|(i, l)| marked_atom(l, marked).map(|atom| (i, l.clone(), atom.clone())));
        match found {
            None => done.push(current),
            Some((i, literal, atom)) => {
                for alternative in alternatives(&atom).into_iter().rev() {
                    let mut copy = current.clone();
                    if let Some(slot) = copy.get_mut(i) {
                        *slot = with_atom(&literal, alternative);
                    }
                    work.push(copy);
                }
            }
        }
    }
    done
}

/// A conditional literal once per expansion of its condition.
fn split_conditional(c: &ConditionalLiteral, marked: &HashSet<Span>) -> Vec<ConditionalLiteral> {
    split_condition(&c.condition, marked)
        .into_iter()
        .map(|condition| ConditionalLiteral {
            literal: c.literal.clone(),
            condition,
        })
        .collect()
}

/// A body aggregate element once per expansion of its condition. A set element (`{ q(1,2;3) }`
/// lowered to `#count { q(..) : q(..) }`, its tuple naming its first literal) takes each
/// alternative of that literal as its tuple, so that each instance counts once, as in clingo.
fn split_aggregate_element(
    element: &BodyAggregateElement,
    marked: &HashSet<Span>,
) -> Vec<BodyAggregateElement> {
    let names_literal =
        (element.condition.first()).is_some_and(|first| element.terms == literal_terms(first));
    split_condition(&element.condition, marked)
        .into_iter()
        .map(|condition| BodyAggregateElement {
            terms: match condition.first() {
                Some(first) if names_literal => literal_terms(first),
                _ => element.terms.clone(),
            },
            condition,
        })
        .collect()
}

/// Expands marked atoms in conditions: a body conditional literal becomes several (their
/// conjunction), an aggregate, choice or disjunction element several elements.
fn split_conditions(statement: &mut Statement, marked: &HashSet<Span>) {
    if let StatementKind::Rule { head, .. } = &mut statement.kind {
        match head {
            Head::Disjunction(elements) | Head::Choice { elements, .. } => {
                *elements = elements
                    .iter()
                    .flat_map(|c| split_conditional(c, marked))
                    .collect();
            }
            Head::Aggregate { elements, .. } => {
                *elements = elements
                    .iter()
                    .flat_map(|e| {
                        split_conditional(&e.literal, marked)
                            .into_iter()
                            .map(|literal| HeadAggregateElement {
                                terms: e.terms.clone(),
                                literal,
                            })
                    })
                    .collect();
            }
            Head::Literal(_) => {}
        }
    }
    let Some(body) = body_mut(&mut statement.kind) else {
        return;
    };
    let mut split = Vec::with_capacity(body.len());
    for element in body.drain(..) {
        match element {
            BodyLiteral::Conditional(c) => split.extend(
                split_conditional(&c, marked)
                    .into_iter()
                    .map(BodyLiteral::Conditional),
            ),
            BodyLiteral::Aggregate(mut a) => {
                a.elements = a
                    .elements
                    .iter()
                    .flat_map(|e| split_aggregate_element(e, marked))
                    .collect();
                split.push(BodyLiteral::Aggregate(a));
            }
            other => split.push(other),
        }
    }
    *body = split;
}

/// The span of a marked atom left anywhere in a statement.
fn first_marked(statement: &Statement, marked: &HashSet<Span>) -> Option<Span> {
    let mut found = None;
    visit_literals(statement, &mut |literal| {
        if found.is_none() {
            found = marked_atom(literal, marked).map(|atom| atom.span.clone());
        }
    });
    found
}

/// Calls `f` on every literal of a statement.
fn visit_literals(statement: &Statement, f: &mut impl FnMut(&Literal)) {
    let conditional = |c: &ConditionalLiteral, f: &mut dyn FnMut(&Literal)| {
        f(&c.literal);
        for literal in &c.condition {
            f(literal);
        }
    };
    let body_of = |body: &[BodyLiteral], f: &mut dyn FnMut(&Literal)| {
        for element in body {
            match element {
                BodyLiteral::Literal(literal) => f(literal),
                BodyLiteral::Conditional(c) => conditional(c, f),
                BodyLiteral::Aggregate(a) => {
                    for literal in a.elements.iter().flat_map(|e| &e.condition) {
                        f(literal);
                    }
                }
            }
        }
    };
    match &statement.kind {
        StatementKind::Rule { head, body } => {
            match head {
                Head::Literal(literal) => f(literal),
                Head::Disjunction(elements) | Head::Choice { elements, .. } => {
                    elements.iter().for_each(|c| conditional(c, f));
                }
                Head::Aggregate { elements, .. } => {
                    elements.iter().for_each(|e| conditional(&e.literal, f))
                }
            }
            body_of(body, f);
        }
        StatementKind::Weak { body, .. }
        | StatementKind::ShowTerm { body, .. }
        | StatementKind::ProjectAtom { body, .. }
        | StatementKind::External { body, .. }
        | StatementKind::Edge { body, .. }
        | StatementKind::Heuristic { body, .. } => body_of(body, f),
        _ => {}
    }
}
