//! Disjunction elements that are not positive atoms, moved into the body negated.
//!
//! As gringo does, a disjunct `not b`, `not not b`, a comparison or a Boolean constant derives
//! nothing: it only satisfies the head. So `a ; not b :- c.` is `a :- c, not not b.`,
//! `a ; not not b :- c.` is `a :- c, not b.`, `a ; X < 2 :- c.` is `a :- c, not X < 2.` and a
//! conditional comparison `a ; X < 2 : d :- c.` is `a :- c, not X < 2 : d.` (the head is
//! satisfied when some instance of `d` holds with `X < 2`). What is left of the head is a plain
//! literal when one unconditional atom remains and `#false` when none does.
//!
//! A conditional `not`/`not not` atom (`a ; not b(W) : d(W)`) stays in the head, as in gringo:
//! the grounder gives each of its instances a stand-in atom like a conditional atom's (see
//! `instantiate::conjunction`), so the disjunction stays a disjunction, which clasp's
//! preprocessing leaves open (`a` is no fact there; seed 6417 of the full grammar).

use crate::ast::{BodyLiteral, ConditionalLiteral, Head, Literal, LiteralKind, Sign};

/// Whether the disjunct `e` stays in the head: a positive atom (which can derive something),
/// or a conditional atom under `not`/`not not`.
fn stays_in_head(e: &ConditionalLiteral) -> bool {
    matches!(e.literal.kind, LiteralKind::Atom(_))
        && (e.literal.sign == Sign::None || !e.condition.is_empty())
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

/// The rule `head :- body.` with the disjuncts of `head` that do not stay in it (see
/// [`stays_in_head`]) moved into `body`.
pub(crate) fn split(head: &Head, body: &[BodyLiteral]) -> Option<(Head, Vec<BodyLiteral>)> {
    let Head::Disjunction(elems) = head else {
        return None;
    };
    if elems.iter().all(stays_in_head) {
        return None;
    }
    let mut kept: Vec<ConditionalLiteral> = Vec::new();
    // The moved literals come first, as in gringo's output (`a :- not not b, c.`).
    let mut moved = Vec::new();
    for e in elems {
        if stays_in_head(e) {
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
