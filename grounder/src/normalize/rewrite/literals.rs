//! Literals, conditions, guards and aggregate elements of one statement (a negative literal with
//! anonymous arguments becomes a projection).

use super::{collect_var_spans, has_anonymous, named_variables, negate, Converter, Region};
use crate::ast::{self, BodyLiteral, CompareOp, Guard, LiteralKind, Sign, TermKind};
use crate::normalize::rules::{flip, AggElem, AggLit, Bound, CondAlt, CondLit, ConditionSpan, Lit};
use crate::normalize::unpool;
use crate::term::eval::T;
use fxhash::{FxHashMap, FxHashSet};

impl<'a> Converter<'a> {
    /// `not q(X,_)` becomes `not #p_q(X)` with the rule `#p_q(X) :- q(X,_).`, as gringo
    /// does: the anonymous argument is projected away rather than left unbound. An argument
    /// with a nested `_` (`not q(f(_,Y))`) is replaced by its named variables (`#p_q(Y)`).
    /// A classically negated atom is not projected (`not -q(_)` is unsafe, as in clingo).
    pub(super) fn project_anonymous(
        &mut self,
        l: &ast::Literal,
        a: &ast::Atom,
    ) -> Option<ast::Atom> {
        // clingo projects only atoms without classical negation: `not -q(_)` stays unsafe.
        if l.sign == Sign::None || a.negative || !a.args.iter().any(has_anonymous) {
            return None;
        }
        let name = format!(
            "#p_{}_{}_{}",
            a.name, a.span.start.line, a.span.start.column
        );
        // Per argument: the projection rule's head arguments, the literal's and the body
        // atom's. Arithmetic and calls become fresh variables `#X<i>` in the projection rule
        // (as gringo projects them), so `not s(_,Y*2)` is safe when Y is.
        let (mut head_args, mut lit_args) = (Vec::new(), Vec::new());
        let mut body = a.clone();
        let mut pairs: Vec<(ast::Term, ast::Term)> = Vec::new();
        for (t, slot) in a.args.iter().zip(body.args.iter_mut()) {
            *slot = project_subterms(t, &mut pairs);
            if !has_anonymous(t) && matches!(slot.kind, TermKind::Variable(_)) {
                head_args.push(slot.clone());
                lit_args.push(t.clone());
                continue;
            }
            let mut vars = Vec::new();
            named_variables(slot, &mut vars);
            for v in vars {
                let original = pairs.iter().find(|(var, _)| var.kind == v.kind);
                lit_args.push(original.map_or_else(|| v.clone(), |(_, t)| t.clone()));
                head_args.push(v);
            }
            if !has_anonymous(t) && !has_variable(slot) {
                head_args.push(slot.clone());
                lit_args.push(t.clone());
            }
        }
        // A part's parameters name the projection per step (`#p_..(.., #Inc0)`).
        let params = self.param_terms(&a.span);
        head_args.extend(params.iter().cloned());
        lit_args.extend(params);
        let head = ast::Atom {
            negative: false,
            name,
            args: head_args,
            span: a.span.clone(),
        };
        let literal_atom = ast::Atom {
            args: lit_args,
            ..head.clone()
        };
        self.push_projection(head, body, &l.span);
        Some(literal_atom)
    }

    pub(super) fn literal(&mut self, l: &ast::Literal) -> Vec<Lit> {
        match &l.kind {
            LiteralKind::Atom(a) => {
                let projected = self.project_anonymous(l, a);
                let a = projected.as_ref().unwrap_or(a);
                let mut atom = self.part(|c| c.atom(a));
                if l.sign == Sign::None {
                    self.extract_arith(&mut atom);
                }
                vec![Lit::Atom(l.sign, atom)]
            }
            LiteralKind::Boolean(b) => vec![Lit::Bool(*b == (l.sign != Sign::Not))],
            LiteralKind::Comparison { first, rest } => {
                let mut left = self.part(|c| c.term(first));
                let mut out = Vec::new();
                for (op, t) in rest {
                    let right = self.part(|c| c.term(t));
                    let op = if l.sign == Sign::Not {
                        negate(*op)
                    } else {
                        *op
                    };
                    out.push(Lit::Cmp(op, left, right.clone()));
                    left = right;
                }
                out
            }
        }
    }

    /// Converts a condition (its own scope for ranges and arithmetic).
    pub(super) fn condition(&mut self, lits: &[ast::Literal]) -> Vec<Lit> {
        let saved = std::mem::take(&mut self.extra);
        let mut out = Vec::new();
        self.sequence(|c| lits.iter().for_each(|l| out.extend(c.literal(l))));
        out.append(&mut self.extra);
        self.extra = saved;
        out
    }

    pub(super) fn bounds(&mut self, left: &Option<Guard>, right: &Option<Guard>) -> Vec<Bound> {
        let mut out = Vec::new();
        if let Some(g) = left {
            out.push((flip(g.op), self.part(|c| c.term(&g.term))));
        }
        if let Some(g) = right {
            out.push((g.op, self.part(|c| c.term(&g.term))));
        }
        out
    }

    pub(super) fn body_literal(&mut self, b: &BodyLiteral) -> Vec<Lit> {
        match b {
            BodyLiteral::Literal(l) => match self.projected_literal(l) {
                Some(projected) => self.literal(&projected),
                None => self.literal(l),
            },
            BodyLiteral::Conditional(c) => {
                // The condition keeps its pool-free form (see `unpool::body`); a pool in the
                // literal gives alternatives, each with its own intervals and arithmetic.
                self.region = Region::Element;
                let alternatives =
                    unpool::literal(&c.literal).unwrap_or_else(|_| vec![c.literal.clone()]);
                let mut alts = Vec::new();
                for literal in &alternatives {
                    let saved = std::mem::take(&mut self.extra);
                    let projected = self.projected_literal(literal);
                    let literal = projected.as_ref().unwrap_or(literal);
                    let mut lits = self.sequence(|c| c.literal(literal)).into_iter();
                    let lit = lits.next().unwrap_or(Lit::Bool(true));
                    let mut local: Vec<Lit> = lits.collect();
                    local.append(&mut self.extra);
                    self.extra = saved;
                    alts.push(CondAlt { lit, local });
                }
                let cond = self.condition(&c.condition);
                self.region = Region::Global;
                let last = c.condition.last().map_or(&c.literal.span, |l| &l.span);
                let span = ast::Span {
                    end: last.end,
                    ..c.literal.span.clone()
                };
                let spans = condition_spans(&self.var_ids, &span, &c.literal, &c.condition);
                self.condition_spans.extend(spans);
                vec![Lit::Cond(Box::new(CondLit { alts, cond, span }))]
            }
            BodyLiteral::Aggregate(a) => {
                let mut bounds = self.bounds(&a.left, &a.right);
                if a.sign == Sign::None {
                    self.assign_through_equation(&mut bounds, &a.span);
                }
                self.region = Region::Element;
                let elems = a
                    .elements
                    .iter()
                    .map(|e| self.sequence(|c| c.agg_element(e)))
                    .collect();
                self.region = Region::Global;
                vec![Lit::Agg(Box::new(AggLit {
                    sign: a.sign,
                    function: a.function,
                    elems,
                    bounds,
                    compared: false,
                    span: a.span.clone(),
                }))]
            }
        }
    }

    /// `t = #agg` with a non-variable `t` over variables becomes `#ArithN = #agg` and the
    /// equation `#ArithN = t`, as gringo does: the aggregate assigns `#ArithN` and the equation
    /// binds what it can solve for (`C+1 = #min{..}` binds `C`, `C/2 = #min{..}` does not).
    fn assign_through_equation(&mut self, bounds: &mut [Bound], span: &ast::Span) {
        let [(CompareOp::Eq, t)] = bounds else {
            return;
        };
        let mut vars = Vec::new();
        t.vars(&mut vars);
        if matches!(t, T::Var(_)) || vars.is_empty() {
            return;
        }
        let name = format!("#Arith{}", self.arith_count);
        self.arith_count += 1;
        let v = self.fresh(name, span);
        // A global variable: the aggregate needs it bound when it compares (see
        // `AggLit::compared`).
        self.global.insert(v);
        let old = std::mem::replace(t, T::Var(v));
        self.extra.push(Lit::Cmp(CompareOp::Eq, T::Var(v), old));
    }

    /// A body aggregate element. A set element `{ l : c }` was lowered to `t : l, c` with `t`
    /// made from `l` (within its span): that tuple was not written, so no tuple infos for it.
    pub(super) fn agg_element(&mut self, e: &ast::BodyAggregateElement) -> AggElem {
        let saved = std::mem::take(&mut self.extra);
        let within = |t: &ast::Term, l: &ast::Literal| {
            l.span.start <= t.span.start && t.span.end <= l.span.end
        };
        let written = !matches!((e.terms.first(), e.condition.first()),
            (Some(t), Some(l)) if within(t, l));
        // A set element `not r(_)` is projected (`not #p_r`); its tuple, made from `r(_)`, must
        // not keep the anonymous variable, which nothing binds any more.
        let projected = !written && e.condition.first().is_some_and(|l| l.sign != Sign::None);
        // A positive set element `q(_)`: the tuple made from the literal names the literal's
        // anonymous variables, one variable each (`{ q(_) }` counts the atoms `q(X)`).
        let shared;
        let e = if !written && !projected {
            shared = self.share_anonymous(e);
            &shared
        } else {
            e
        };
        let terms = e
            .terms
            .iter()
            .map(|t| {
                self.part(|c| match (written, projected) {
                    (true, _) => c.tuple_term(t),
                    (false, true) => c.term(&without_anonymous(t)),
                    (false, false) => c.term(t),
                })
            })
            .collect();
        let mut cond = Vec::new();
        for l in &e.condition {
            cond.extend(self.literal(l));
        }
        cond.append(&mut self.extra);
        self.extra = saved;
        AggElem {
            terms,
            cond,
            filter: Vec::new(),
            weight_span: e.terms.first().map(|t| t.span.clone()),
        }
    }

    /// The set element `e` with each `_` of its tuple and of the literal it was made from
    /// replaced by a variable `#AnonN`, the same in both (they are written in the same order).
    fn share_anonymous(&mut self, e: &ast::BodyAggregateElement) -> ast::BodyAggregateElement {
        let mut e = e.clone();
        let first = self.aux_count;
        let mut next = first;
        for t in &mut e.terms {
            name_anonymous(t, &mut next);
        }
        if let Some(LiteralKind::Atom(a)) = e.condition.first_mut().map(|l| &mut l.kind) {
            let mut again = first;
            for t in &mut a.args {
                name_anonymous(t, &mut again);
            }
        }
        self.aux_count = next;
        e
    }

    pub(super) fn tuple_term(&mut self, t: &ast::Term) -> T {
        collect_var_spans(t, &mut |name, span| {
            let id = self.var_ids.get(name).copied();
            if let Some(id) = id {
                self.tuple_occurrences.push((id, span.clone()));
            } else {
                let id = self.var(name, span);
                self.tuple_occurrences.push((id, span.clone()));
            }
        });
        self.term(t)
    }
}

/// Replaces each `_` of `t`, left to right, by the variable `#Anon<next>` (counting up).
fn name_anonymous(t: &mut ast::Term, next: &mut u32) {
    if t.kind == TermKind::Anonymous {
        t.kind = TermKind::Variable(format!("#Anon{next}"));
        *next += 1;
        return;
    }
    match &mut t.kind {
        TermKind::Function { args, .. } | TermKind::Call { args, .. } | TermKind::Pool(args) => {
            args.iter_mut().for_each(|a| name_anonymous(a, next))
        }
        TermKind::Interval(a, b) | TermKind::Binary(_, a, b) => {
            name_anonymous(a, next);
            name_anonymous(b, next);
        }
        TermKind::Unary(_, a) => name_anonymous(a, next),
        _ => {}
    }
}

/// `t` with every `_` replaced by `0` (for a tuple made from a projected literal).
fn without_anonymous(t: &ast::Term) -> ast::Term {
    let mut t = t.clone();
    let mut stack = vec![&mut t];
    while let Some(t) = stack.pop() {
        if t.kind == TermKind::Anonymous {
            t.kind = TermKind::Integer(0);
            continue;
        }
        match &mut t.kind {
            TermKind::Function { args, .. }
            | TermKind::Call { args, .. }
            | TermKind::Pool(args) => stack.extend(args.iter_mut()),
            TermKind::Interval(a, b) | TermKind::Binary(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            TermKind::Unary(_, a) => stack.push(a),
            _ => {}
        }
    }
    t
}

/// `t` with each arithmetic term and call replaced by a fresh variable `#X<i>` (recorded in
/// `pairs` with the term it stands for); values, variables and functions over them stay.
fn project_subterms(t: &ast::Term, pairs: &mut Vec<(ast::Term, ast::Term)>) -> ast::Term {
    match &t.kind {
        TermKind::Function { name, args } => ast::Term {
            kind: TermKind::Function {
                name: name.clone(),
                args: args.iter().map(|a| project_subterms(a, pairs)).collect(),
            },
            span: t.span.clone(),
        },
        TermKind::Call { .. }
        | TermKind::Unary(..)
        | TermKind::Binary(..)
        | TermKind::Interval(..)
        | TermKind::Pool(_) => {
            let var = ast::Term {
                kind: TermKind::Variable(format!("#X{}", pairs.len())),
                span: t.span.clone(),
            };
            pairs.push((var.clone(), t.clone()));
            var
        }
        _ => t.clone(),
    }
}

/// Whether `t` has a named variable.
fn has_variable(t: &ast::Term) -> bool {
    let mut vars = Vec::new();
    named_variables(t, &mut vars);
    !vars.is_empty()
}

/// Where each variable of the body conditional literal at `span` first occurs: in its
/// condition, and in the literal then the condition (see `Rule::condition_spans`).
pub(super) fn condition_spans(
    var_ids: &FxHashMap<String, u32>,
    span: &ast::Span,
    literal: &ast::Literal,
    condition: &[ast::Literal],
) -> Vec<ConditionSpan> {
    let first_in = |lits: &[&ast::Literal]| {
        let mut seen = FxHashSet::default();
        let mut found = Vec::new();
        for t in lits.iter().flat_map(|l| literal_terms(l)) {
            collect_var_spans(t, &mut |name, at| {
                let id = var_ids.get(name).copied();
                if let Some(id) = id.filter(|&id| seen.insert(id)) {
                    found.push((id, at.clone()));
                }
            });
        }
        found
    };
    let condition: Vec<&ast::Literal> = condition.iter().collect();
    let mut with_literal = vec![literal];
    with_literal.extend(condition.iter().copied());
    let in_condition = first_in(&condition);
    first_in(&with_literal)
        .into_iter()
        .map(|(var, in_literal)| {
            let first = in_condition.iter().find(|(v, _)| *v == var);
            ConditionSpan {
                literal: span.clone(),
                var,
                in_condition: first.map_or(&in_literal, |(_, s)| s).clone(),
                in_literal,
            }
        })
        .collect()
}

/// The terms of a literal, left to right.
pub(super) fn literal_terms(l: &ast::Literal) -> Vec<&ast::Term> {
    match &l.kind {
        LiteralKind::Atom(a) => a.args.iter().collect(),
        LiteralKind::Comparison { first, rest } => std::iter::once(first)
            .chain(rest.iter().map(|(_, t)| t))
            .collect(),
        LiteralKind::Boolean(_) => Vec::new(),
    }
}
