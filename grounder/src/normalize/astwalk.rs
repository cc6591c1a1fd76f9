//! A walk over every term of an AST statement, for whole-statement term rewrites such as
//! constant substitution.
//!
//! # Invariants
//! - Each term position is visited once, outermost terms only (the callback recurses itself).

use crate::ast::{
    Atom, BodyLiteral, ConditionalLiteral, Guard, Head, Literal, LiteralKind, Statement,
    StatementKind, Term,
};

/// Calls `f` on each outermost term of `s`.
pub(crate) fn terms_mut(s: &mut Statement, f: &mut dyn FnMut(&mut Term)) {
    match &mut s.kind {
        StatementKind::Rule { head, body } => {
            head_terms(head, f);
            body_terms(body, f);
        }
        StatementKind::Weak {
            body,
            weight,
            priority,
            terms,
        } => {
            body_terms(body, f);
            f(weight);
            f(priority);
            terms.iter_mut().for_each(&mut *f);
        }
        StatementKind::ShowTerm { term, body } => {
            f(term);
            body_terms(body, f);
        }
        StatementKind::ProjectAtom { atom, body } => {
            atom_terms(atom, f);
            body_terms(body, f);
        }
        StatementKind::External { atom, body, value } => {
            atom_terms(atom, f);
            body_terms(body, f);
            f(value);
        }
        StatementKind::Edge { from, to, body } => {
            f(from);
            f(to);
            body_terms(body, f);
        }
        StatementKind::Heuristic {
            atom,
            body,
            weight,
            priority,
            modifier,
        } => {
            atom_terms(atom, f);
            body_terms(body, f);
            f(weight);
            f(priority);
            f(modifier);
        }
        _ => {}
    }
}

fn atom_terms(a: &mut Atom, f: &mut dyn FnMut(&mut Term)) {
    a.args.iter_mut().for_each(f);
}

fn literal_terms(l: &mut Literal, f: &mut dyn FnMut(&mut Term)) {
    match &mut l.kind {
        LiteralKind::Atom(a) => atom_terms(a, f),
        LiteralKind::Comparison { first, rest } => {
            f(first);
            rest.iter_mut().for_each(|(_, t)| f(t));
        }
        LiteralKind::Boolean(_) => {}
    }
}

fn conditional_terms(c: &mut ConditionalLiteral, f: &mut dyn FnMut(&mut Term)) {
    literal_terms(&mut c.literal, f);
    c.condition.iter_mut().for_each(|l| literal_terms(l, f));
}

fn guard_terms(g: &mut Option<Guard>, f: &mut dyn FnMut(&mut Term)) {
    if let Some(g) = g {
        f(&mut g.term);
    }
}

fn body_terms(body: &mut [BodyLiteral], f: &mut dyn FnMut(&mut Term)) {
    for b in body {
        match b {
            BodyLiteral::Literal(l) => literal_terms(l, f),
            BodyLiteral::Conditional(c) => conditional_terms(c, f),
            BodyLiteral::Aggregate(a) => {
                guard_terms(&mut a.left, f);
                guard_terms(&mut a.right, f);
                for e in &mut a.elements {
                    e.terms.iter_mut().for_each(&mut *f);
                    e.condition.iter_mut().for_each(|l| literal_terms(l, f));
                }
            }
        }
    }
}

fn head_terms(h: &mut Head, f: &mut dyn FnMut(&mut Term)) {
    match h {
        Head::Literal(l) => literal_terms(l, f),
        Head::Disjunction(es) => es.iter_mut().for_each(|c| conditional_terms(c, f)),
        Head::Choice {
            left,
            right,
            elements,
            ..
        } => {
            guard_terms(left, f);
            guard_terms(right, f);
            elements.iter_mut().for_each(|c| conditional_terms(c, f));
        }
        Head::Aggregate {
            left,
            right,
            elements,
            ..
        } => {
            guard_terms(left, f);
            guard_terms(right, f);
            for e in elements {
                e.terms.iter_mut().for_each(&mut *f);
                conditional_terms(&mut e.literal, f);
            }
        }
    }
}
