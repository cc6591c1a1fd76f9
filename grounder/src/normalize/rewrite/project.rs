//! Projection of anonymous variables out of positive body literals, as gringo does.
//!
//! A positive body literal `on(_,B,T-1)` is replaced by `#p_on(#p,#b(B),#b(T-1))`, an atom
//! of the auxiliary predicate `#p_on` defined by the projection rule
//! `#p_on(#p,#b(#X1),#b(#X2)) :- on(#P0,#X1,#X2).`: the rule is grounded once per instance of
//! the projected atom instead of once per instance of the literal (blocks world: the
//! constraint `:- move(B,_,T), on(_,B,T-1).` has 20 instances of `on(_,B,T-1)` for each `B`
//! and `T`). Each `_` becomes the constant `#p`; each maximal argument subterm without `_`
//! is kept, wrapped as `#b(t)`; a function around a `_` keeps its name. The names are
//! gringo's, so messages print the projected literals as clingo does (`p(#X0,#P1)` for the
//! projection rule's body).
//!
//! # When (gringo's `projectScore`)
//! A rule's body scores 1 per atom literal, 2 per interval or external call in an atom's or
//! comparison's arguments, and 2 per aggregate or conditional literal. A rule whose head is a
//! single literal (an atom or `#false`) and whose body scores exactly 1 is not projected (a
//! projection would only add rules). Otherwise each positive atom literal of the body and the
//! literal of each body conditional literal is projected when it has an `_` and every `_` is
//! an argument or under function symbols only (an `_` under arithmetic stays a fresh
//! variable). Atoms with classical negation and the conditions of elements are not projected.
//!
//! # Invariants
//! - The projection rule's head atom holds exactly when some instance of the literal holds,
//!   for each binding of the literal's other variables: the answer sets over the user's
//!   atoms are unchanged. `#p_` atoms are never shown (their names start with `#`).
//! - The projection rule of a shape is the same text wherever the shape occurs (variables
//!   named by position), so the caller defines it once per program part.
//! - In a part with parameters, projected atoms end with the parameters (`#Inc0`, ...): each
//!   grounding of the part defines its own, as an atom defined in an earlier step cannot be
//!   defined again.

use super::{has_anonymous, param_var_name, Converter, Variant};
use crate::ast::{self, BodyLiteral, LiteralKind, Sign, StatementKind, TermKind};

/// The `#p_` name of the projection predicate of `name`.
fn projection_name(name: &str) -> String {
    format!("#p_{name}")
}

impl Converter<'_> {
    /// `l` with its atom projected when the rule projects and the atom qualifies (see the
    /// module doc); the projection rule is queued in `self.projections`.
    pub(super) fn projected_literal(&mut self, l: &ast::Literal) -> Option<ast::Literal> {
        let LiteralKind::Atom(a) = &l.kind else {
            return None;
        };
        if !self.project_positive || l.sign != Sign::None || a.negative {
            return None;
        }
        if !a.args.iter().any(has_anonymous) || !a.args.iter().all(positional_anonymous) {
            return None;
        }
        let mut counter = 0;
        let shape: Vec<ast::Term> = a.args.iter().map(|t| shape_term(t, &mut counter)).collect();
        let mut head_args: Vec<ast::Term> = shape.iter().map(head_term).collect();
        head_args.extend(self.param_terms(&a.span));
        let rule_head = ast::Atom {
            negative: false,
            name: projection_name(&a.name),
            args: head_args,
            span: a.span.clone(),
        };
        let rule_body = ast::Atom {
            args: shape,
            ..a.clone()
        };
        self.push_projection(rule_head, rule_body, &l.span);
        let mut args: Vec<ast::Term> = a.args.iter().map(projected_term).collect();
        args.extend(self.param_terms(&a.span));
        let atom = ast::Atom {
            negative: false,
            name: projection_name(&a.name),
            args,
            span: a.span.clone(),
        };
        Some(positive_literal(atom, &l.span))
    }

    /// Records the projection rule `head :- body.` of the literal at `span`.
    pub(super) fn push_projection(&mut self, head: ast::Atom, body: ast::Atom, span: &ast::Span) {
        self.projections.push(ast::Statement {
            kind: StatementKind::Rule {
                head: ast::Head::Literal(positive_literal(head, span)),
                body: vec![BodyLiteral::Literal(positive_literal(body, span))],
            },
            span: span.clone(),
        });
    }

    /// The variables `#Inc0`, ... of the part's parameters, appended to projected atoms.
    pub(super) fn param_terms(&self, span: &ast::Span) -> Vec<ast::Term> {
        (0..self.params)
            .map(|i| ast::Term {
                kind: TermKind::Variable(param_var_name(i)),
                span: span.clone(),
            })
            .collect()
    }
}

/// `atom` as a literal without sign.
fn positive_literal(atom: ast::Atom, span: &ast::Span) -> ast::Literal {
    ast::Literal {
        sign: Sign::None,
        kind: LiteralKind::Atom(atom),
        span: span.clone(),
    }
}

/// Whether the body of `v` projects its positive literals (gringo's `projectScore`, see the
/// module doc).
pub(super) fn projects_positive(v: &Variant<'_>) -> bool {
    match v {
        Variant::Rule(head, body) => {
            let single_head = matches!(**head, ast::Head::Literal(_));
            !single_head || body.iter().map(score).sum::<u32>() != 1
        }
        _ => true,
    }
}

/// gringo's projection score of one body element.
fn score(b: &BodyLiteral) -> u32 {
    match b {
        BodyLiteral::Literal(l) => match &l.kind {
            LiteralKind::Atom(a) => 1 + a.args.iter().map(term_score).sum::<u32>(),
            LiteralKind::Comparison { first, rest } => {
                term_score(first) + rest.iter().map(|(_, t)| term_score(t)).sum::<u32>()
            }
            LiteralKind::Boolean(_) => 0,
        },
        BodyLiteral::Conditional(_) | BodyLiteral::Aggregate(_) => 2,
    }
}

/// 2 per interval or external call in `t`.
fn term_score(t: &ast::Term) -> u32 {
    match &t.kind {
        TermKind::Interval(..) | TermKind::Call { .. } => 2,
        _ => t.children().into_iter().map(term_score).sum(),
    }
}

/// Whether every `_` of `t` is reached through function symbols only.
fn positional_anonymous(t: &ast::Term) -> bool {
    match &t.kind {
        TermKind::Function { args, .. } => args.iter().all(positional_anonymous),
        TermKind::Anonymous => true,
        _ => !has_anonymous(t),
    }
}

/// `t` for the projection rule's body: each `_` the variable `#P<i>`, each maximal subterm
/// without `_` the variable `#X<i>` (numbered left to right).
fn shape_term(t: &ast::Term, counter: &mut u32) -> ast::Term {
    let named = |prefix: &str, counter: &mut u32| {
        let name = format!("{prefix}{counter}");
        *counter += 1;
        ast::Term {
            kind: TermKind::Variable(name),
            span: t.span.clone(),
        }
    };
    match &t.kind {
        TermKind::Anonymous => named("#P", counter),
        TermKind::Function { name, args } if has_anonymous(t) => ast::Term {
            kind: TermKind::Function {
                name: name.clone(),
                args: args.iter().map(|a| shape_term(a, counter)).collect(),
            },
            span: t.span.clone(),
        },
        _ => named("#X", counter),
    }
}

/// The projection rule's head term for a shape term: `#P<i>` becomes `#p`, `#X<i>` `#b(#X<i>)`.
fn head_term(t: &ast::Term) -> ast::Term {
    let kind = match &t.kind {
        TermKind::Variable(v) if v.starts_with("#P") => constant("#p"),
        TermKind::Variable(_) => wrap(t.clone()),
        TermKind::Function { name, args } => TermKind::Function {
            name: name.clone(),
            args: args.iter().map(head_term).collect(),
        },
        other => other.clone(),
    };
    ast::Term {
        kind,
        span: t.span.clone(),
    }
}

/// The projected literal's term: as [`head_term`], with the subterms themselves in `#b(..)`.
fn projected_term(t: &ast::Term) -> ast::Term {
    let kind = match &t.kind {
        TermKind::Anonymous => constant("#p"),
        TermKind::Function { name, args } if has_anonymous(t) => TermKind::Function {
            name: name.clone(),
            args: args.iter().map(projected_term).collect(),
        },
        _ => wrap(t.clone()),
    };
    ast::Term {
        kind,
        span: t.span.clone(),
    }
}

fn constant(name: &str) -> TermKind {
    TermKind::Function {
        name: name.into(),
        args: Vec::new(),
    }
}

fn wrap(t: ast::Term) -> TermKind {
    TermKind::Function {
        name: "#b".into(),
        args: vec![t],
    }
}
