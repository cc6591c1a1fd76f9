//! Disjunction elements that are not positive atoms, moved into the body negated.
//!
//! As gringo does, a disjunct `not b`, `not not b`, a comparison or a Boolean constant derives
//! nothing: it only satisfies the head. So `a ; not b :- c.` is `a :- c, not not b.`,
//! `a ; not not b :- c.` is `a :- c, not b.`, `a ; X < 2 :- c.` is `a :- c, not X < 2.` and a
//! conditional one `a ; not b : d :- c.` is `a :- c, not not b : d.` (the head is satisfied
//! when some instance of `d` holds with `not b`). What is left of the head is a plain literal
//! when one unconditional atom remains and `#false` when none does.

use crate::ast::{BodyLiteral, ConditionalLiteral, Head, Literal, LiteralKind, Sign};

/// Whether `l` is a positive atom (a disjunct that can derive something).
fn is_positive_atom(l: &Literal) -> bool {
    l.sign == Sign::None && matches!(l.kind, LiteralKind::Atom(_))
}

/// `l` negated: `not` added to an atom or comparison (`not not` cancels to nothing but the
/// double negation, as in a body), Boolean constants evaluated.
fn negated(l: &Literal) -> Literal {
    let sign = match l.sign {
        Sign::None | Sign::NotNot => Sign::Not,
        Sign::Not => Sign::NotNot,
    };
    let kind = match (&l.kind, sign) {
        (LiteralKind::Boolean(b), Sign::Not) => {
            return Literal {
                sign: Sign::None,
                kind: LiteralKind::Boolean(!b),
                span: l.span.clone(),
            }
        }
        (LiteralKind::Boolean(b), _) => {
            return Literal {
                sign: Sign::None,
                kind: LiteralKind::Boolean(*b),
                span: l.span.clone(),
            }
        }
        (kind, _) => kind.clone(),
    };
    Literal {
        sign,
        kind,
        span: l.span.clone(),
    }
}

/// The rule `head :- body.` with the non-atom disjuncts of `head` moved into `body`.
pub(crate) fn split(head: &Head, body: &[BodyLiteral]) -> Option<(Head, Vec<BodyLiteral>)> {
    let Head::Disjunction(elems) = head else {
        return None;
    };
    if elems.iter().all(|e| is_positive_atom(&e.literal)) {
        return None;
    }
    let mut kept: Vec<ConditionalLiteral> = Vec::new();
    // The moved literals come first, as in gringo's output (`a :- not not b, c.`).
    let mut moved = Vec::new();
    for e in elems {
        if is_positive_atom(&e.literal) {
            kept.push(e.clone());
            continue;
        }
        let literal = negated(&e.literal);
        if e.condition.is_empty() {
            moved.push(BodyLiteral::Literal(literal));
        } else {
            moved.push(BodyLiteral::Conditional(ConditionalLiteral {
                literal,
                condition: e.condition.clone(),
            }));
        }
    }
    moved.extend(body.iter().cloned());
    let head = match kept.as_slice() {
        [] => Head::Literal(Literal {
            sign: Sign::None,
            kind: LiteralKind::Boolean(false),
            span: elems
                .first()
                .map(|e| e.literal.span.clone())
                .unwrap_or_default(),
        }),
        [only] if only.condition.is_empty() => Head::Literal(only.literal.clone()),
        _ => Head::Disjunction(kept),
    };
    Some((head, moved))
}
