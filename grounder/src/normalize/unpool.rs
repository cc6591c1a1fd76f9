//! Pool expansion on the AST (clingo semantics).
//!
//! A pool `a;b` in an argument stands for alternatives: in a rule's head literal, an
//! unconditional disjunct or a body literal it splits the whole rule (the cartesian product over
//! all pooled positions), in an element of a choice, aggregate or conditional disjunct, or in a
//! conditional literal, it splits that element. Intervals are left in place (the rewrite binds them to fresh variables).
//!
//! # Invariants
//! - The result contains no `TermKind::Pool`, except in the literal of a conditional
//!   disjunction element (the rewrite expands it into a conjunction) or of a body conditional
//!   literal (into a disjunction).
//! - Products are capped at [`MAX_EXPANSION`] alternatives per statement; beyond that the
//!   expansion stops with an error message instead of exhausting memory.

use crate::ast::{
    Atom, BodyAggregate, BodyAggregateElement, BodyLiteral, ConditionalLiteral, Guard, Head,
    HeadAggregateElement, Literal, LiteralKind, Term, TermKind,
};

/// The largest number of alternatives one statement may expand into.
pub(crate) const MAX_EXPANSION: usize = 100_000;

/// Expansion was too large.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLarge;

type R<T> = Result<Vec<T>, TooLarge>;

/// The cartesian product of alternative lists, combined by `make`.
/// Its size is checked before anything is built: a refused product costs nothing.
fn product<X: Clone, Y>(lists: Vec<Vec<X>>, make: impl Fn(Vec<X>) -> Y) -> R<Y> {
    let size = lists
        .iter()
        .try_fold(1usize, |size, alts| size.checked_mul(alts.len()));
    if size.is_none_or(|size| size > MAX_EXPANSION) {
        return Err(TooLarge);
    }
    let mut acc: Vec<Vec<X>> = vec![Vec::new()];
    for alts in lists {
        let mut next = Vec::with_capacity(acc.len() * alts.len());
        for prefix in &acc {
            for alt in &alts {
                let mut p = prefix.clone();
                p.push(alt.clone());
                next.push(p);
            }
        }
        acc = next;
    }
    Ok(acc.into_iter().map(make).collect())
}

/// The alternatives of a term.
pub(crate) fn term(t: &Term) -> R<Term> {
    let span = t.span.clone();
    let with = |kind: TermKind| Term {
        kind,
        span: span.clone(),
    };
    match &t.kind {
        TermKind::Pool(alts) => {
            let mut out = Vec::new();
            for a in alts {
                out.extend(term(a)?);
                if out.len() > MAX_EXPANSION {
                    return Err(TooLarge);
                }
            }
            Ok(out)
        }
        TermKind::Function { name, args } => {
            let lists = args.iter().map(term).collect::<Result<Vec<_>, _>>()?;
            product(lists, |args| {
                with(TermKind::Function {
                    name: name.clone(),
                    args,
                })
            })
        }
        TermKind::Call { name, args } => {
            let lists = args.iter().map(term).collect::<Result<Vec<_>, _>>()?;
            product(lists, |args| {
                with(TermKind::Call {
                    name: name.clone(),
                    args,
                })
            })
        }
        TermKind::Interval(a, b) => {
            let lists = vec![term(a)?, term(b)?];
            product(lists, |mut v| {
                let hi = v.pop().unwrap_or_else(|| with(TermKind::Anonymous));
                let lo = v.pop().unwrap_or_else(|| with(TermKind::Anonymous));
                with(TermKind::Interval(Box::new(lo), Box::new(hi)))
            })
        }
        TermKind::Unary(op, a) => Ok(term(a)?
            .into_iter()
            .map(|a| with(TermKind::Unary(*op, Box::new(a))))
            .collect()),
        TermKind::Binary(op, a, b) => {
            let lists = vec![term(a)?, term(b)?];
            product(lists, |mut v| {
                let r = v.pop().unwrap_or_else(|| with(TermKind::Anonymous));
                let l = v.pop().unwrap_or_else(|| with(TermKind::Anonymous));
                with(TermKind::Binary(*op, Box::new(l), Box::new(r)))
            })
        }
        _ => Ok(vec![t.clone()]),
    }
}

/// Whether `t` contains no pool (so its only alternative is itself).
pub(crate) fn pool_free(t: &Term) -> bool {
    match &t.kind {
        TermKind::Pool(_) => false,
        TermKind::Function { args, .. } | TermKind::Call { args, .. } => args.iter().all(pool_free),
        TermKind::Interval(a, b) | TermKind::Binary(_, a, b) => pool_free(a) && pool_free(b),
        TermKind::Unary(_, a) => pool_free(a),
        _ => true,
    }
}

/// Whether literal `l` contains no pool (so [`literal`] gives just `l`).
pub(crate) fn literal_pool_free(l: &Literal) -> bool {
    match &l.kind {
        LiteralKind::Atom(a) => a.args.iter().all(pool_free),
        LiteralKind::Comparison { first, rest } => {
            pool_free(first) && rest.iter().all(|(_, t)| pool_free(t))
        }
        LiteralKind::Boolean(_) => true,
    }
}

/// The alternatives of a list of terms.
fn terms(ts: &[Term]) -> R<Vec<Term>> {
    let lists = ts.iter().map(term).collect::<Result<Vec<_>, _>>()?;
    product(lists, |v| v)
}

/// The alternatives of an atom.
pub(crate) fn atom(a: &Atom) -> R<Atom> {
    Ok(terms(&a.args)?
        .into_iter()
        .map(|args| Atom { args, ..a.clone() })
        .collect())
}

/// The alternatives of a literal.
pub(crate) fn literal(l: &Literal) -> R<Literal> {
    let kinds: Vec<LiteralKind> = match &l.kind {
        LiteralKind::Atom(a) => atom(a)?.into_iter().map(LiteralKind::Atom).collect(),
        LiteralKind::Comparison { first, rest } => {
            let mut all = vec![first.clone()];
            all.extend(rest.iter().map(|(_, t)| t.clone()));
            terms(&all)?
                .into_iter()
                .map(|mut ts| {
                    let first = ts.remove(0);
                    let rest = rest.iter().map(|(op, _)| *op).zip(ts).collect();
                    LiteralKind::Comparison { first, rest }
                })
                .collect()
        }
        LiteralKind::Boolean(b) => vec![LiteralKind::Boolean(*b)],
    };
    Ok(kinds
        .into_iter()
        .map(|kind| Literal {
            sign: l.sign,
            kind,
            span: l.span.clone(),
        })
        .collect())
}

/// The alternatives of a condition (a conjunction): the product of its literals' alternatives.
fn condition(c: &[Literal]) -> R<Vec<Literal>> {
    let lists = c.iter().map(literal).collect::<Result<Vec<_>, _>>()?;
    product(lists, |v| v)
}

/// The element-level expansion of a conditional literal.
pub(crate) fn conditional(c: &ConditionalLiteral) -> R<ConditionalLiteral> {
    let mut out = Vec::new();
    for lit in literal(&c.literal)? {
        for cond in condition(&c.condition)? {
            out.push(ConditionalLiteral {
                literal: lit.clone(),
                condition: cond,
            });
        }
    }
    Ok(out)
}

fn guard(g: &Option<Guard>) -> R<Option<Guard>> {
    match g {
        None => Ok(vec![None]),
        Some(g) => Ok(term(&g.term)?
            .into_iter()
            .map(|t| Some(Guard { op: g.op, term: t }))
            .collect()),
    }
}

fn guards(l: &Option<Guard>, r: &Option<Guard>) -> R<(Option<Guard>, Option<Guard>)> {
    let mut out = Vec::new();
    for a in guard(l)? {
        for b in guard(r)? {
            out.push((a.clone(), b));
        }
    }
    Ok(out)
}

fn body_elements(es: &[BodyAggregateElement]) -> R<BodyAggregateElement> {
    let mut out = Vec::new();
    for e in es {
        for ts in terms(&e.terms)? {
            for cond in condition(&e.condition)? {
                out.push(BodyAggregateElement {
                    terms: ts.clone(),
                    condition: cond,
                });
            }
        }
    }
    Ok(out)
}

/// The rule-level alternatives of a body literal.
fn body_literal(b: &BodyLiteral) -> R<BodyLiteral> {
    match b {
        BodyLiteral::Literal(l) => Ok(literal(l)?.into_iter().map(BodyLiteral::Literal).collect()),
        BodyLiteral::Conditional(c) => {
            // The expansions of a body conditional literal are all part of the conjunction;
            // they are kept as one alternative holding the first and re-added by `body`.
            Ok(vec![BodyLiteral::Conditional(c.clone())])
        }
        BodyLiteral::Aggregate(a) => {
            let elements = body_elements(&a.elements)?;
            Ok(guards(&a.left, &a.right)?
                .into_iter()
                .map(|(left, right)| {
                    BodyLiteral::Aggregate(BodyAggregate {
                        elements: elements.clone(),
                        left,
                        right,
                        ..a.clone()
                    })
                })
                .collect())
        }
    }
}

/// The alternatives of a body.
pub(crate) fn body(b: &[BodyLiteral]) -> R<Vec<BodyLiteral>> {
    let mut lists = Vec::new();
    for lit in b {
        match lit {
            BodyLiteral::Conditional(c) => {
                // A pool in the condition splits the conditional literal; one in the literal
                // stays (the rewrite makes its alternatives a disjunction, as clingo).
                for condition in condition(&c.condition)? {
                    let part = ConditionalLiteral {
                        literal: c.literal.clone(),
                        condition,
                    };
                    lists.push(vec![BodyLiteral::Conditional(part)]);
                }
            }
            _ => lists.push(body_literal(lit)?),
        }
    }
    product(lists, |v| v)
}

/// The alternatives of a head.
pub(crate) fn head(h: &Head) -> R<Head> {
    match h {
        Head::Literal(l) => Ok(literal(l)?.into_iter().map(Head::Literal).collect()),
        Head::Disjunction(es) => {
            // A pool in an unconditional element splits the rule (clingo: `r(1;2) ; b.` has
            // the answer sets {b} and {r(1), r(2)}); in a conditional one's condition, the
            // element; in a conditional one's literal it stays: the rewrite makes its
            // alternatives a conjunction (`p(1;2) : c` is `p(1) & p(2) : c`).
            let mut lists = Vec::new();
            for e in es {
                match e.condition.is_empty() {
                    true => lists.push(conditional(e)?.into_iter().map(|a| vec![a]).collect()),
                    false => lists.push(vec![condition(&e.condition)?
                        .into_iter()
                        .map(|condition| ConditionalLiteral {
                            literal: e.literal.clone(),
                            condition,
                        })
                        .collect()]),
                }
            }
            product(lists, |parts: Vec<Vec<ConditionalLiteral>>| {
                Head::Disjunction(parts.into_iter().flatten().collect())
            })
        }
        Head::Choice {
            left,
            right,
            elements,
            span,
        } => {
            let mut elems = Vec::new();
            for e in elements {
                elems.extend(conditional(e)?);
            }
            Ok(guards(left, right)?
                .into_iter()
                .map(|(left, right)| Head::Choice {
                    left,
                    right,
                    elements: elems.clone(),
                    span: span.clone(),
                })
                .collect())
        }
        Head::Aggregate {
            function,
            left,
            right,
            elements,
            span,
        } => {
            let mut elems = Vec::new();
            for e in elements {
                for ts in terms(&e.terms)? {
                    for lit in conditional(&e.literal)? {
                        elems.push(HeadAggregateElement {
                            terms: ts.clone(),
                            literal: lit,
                        });
                    }
                }
            }
            Ok(guards(left, right)?
                .into_iter()
                .map(|(left, right)| Head::Aggregate {
                    function: *function,
                    left,
                    right,
                    elements: elems.clone(),
                    span: span.clone(),
                })
                .collect())
        }
    }
}

/// The alternatives of a list of terms (weak constraint tuples).
pub(crate) fn term_list(ts: &[Term]) -> R<Vec<Term>> {
    terms(ts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;

    fn t(kind: TermKind) -> Term {
        Term {
            kind,
            span: Span::default(),
        }
    }

    #[test]
    fn pools_expand_to_the_product_of_alternatives() {
        let pool = |a: i32, b: i32| {
            t(TermKind::Pool(vec![
                t(TermKind::Integer(a)),
                t(TermKind::Integer(b)),
            ]))
        };
        let f = t(TermKind::Function {
            name: "f".into(),
            args: vec![pool(1, 2), pool(3, 4)],
        });
        let alternatives = term(&f).unwrap();
        assert_eq!(alternatives.len(), 4);
        assert!(alternatives.iter().all(|a| !matches!(&a.kind, TermKind::Function { args, .. } if args.iter().any(|x| matches!(x.kind, TermKind::Pool(_))))));
    }

    /// `pool_free` sees pools nested in functions and arithmetic, and agrees with `term`
    /// giving exactly one alternative.
    #[test]
    fn pool_free_terms_have_one_alternative() {
        let pool = t(TermKind::Pool(vec![
            t(TermKind::Integer(1)),
            t(TermKind::Integer(2)),
        ]));
        let plain = t(TermKind::Function {
            name: "f".into(),
            args: vec![t(TermKind::Integer(1)), t(TermKind::Anonymous)],
        });
        let nested = t(TermKind::Function {
            name: "f".into(),
            args: vec![t(TermKind::Unary(
                crate::ast::UnaryOp::Minus,
                Box::new(pool),
            ))],
        });
        assert!(pool_free(&plain));
        assert_eq!(term(&plain).map(|v| v.len()), Ok(1));
        assert!(!pool_free(&nested));
        assert_eq!(term(&nested).map(|v| v.len()), Ok(2));
    }

    #[test]
    fn huge_products_are_refused() {
        let pool = t(TermKind::Pool(
            (0..100).map(|i| t(TermKind::Integer(i))).collect(),
        ));
        let f = t(TermKind::Function {
            name: "f".into(),
            args: vec![pool.clone(), pool.clone(), pool],
        });
        assert_eq!(term(&f), Err(TooLarge));
    }
}
