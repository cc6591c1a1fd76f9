//! AST statements to rewritten [`Rule`]s.
//!
//! Per statement, in order: constants are substituted (`#const`, overridden from the command
//! line unless declared `[override]`), pools are expanded (see `unpool`), and each alternative
//! is converted: variables get numbers, each `_` a fresh variable, an interval `a..b` a fresh
//! variable `#RangeN` bound by `Lit::Range` in the innermost enclosing body or condition,
//! non-invertible arithmetic in a positive body atom a fresh `#ArithN` and an equation (as
//! gringo does, so `p(X*X)` does not bind `X`), a negative literal with anonymous arguments
//! `not q(X,_)` a projection `not #p_q(X)` defined by `#p_q(X) :- q(X,_).`, and statement kinds
//! become rules with special heads. Directives (`#show p/n`, `#defined`, ...) are collected into [`Directives`].
//!
//! The simple facts the loader took out (see `syntax::facts`) are interned where they stood
//! among the statements, into [`Rewritten::facts`], without rules.
//!
//! # Invariants
//! - Only statements (and facts) of `#program base` (the default part) are kept.
//! - Every returned rule is pool-free and its variables are numbered densely.

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{
    self, BodyLiteral, CompareOp, Guard, LiteralKind, Sign, Span, StatementKind, TermKind, UnaryOp,
};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::normalize::rules::{
    flip, AggElem, AggLit, AtomPat, Bound, CondLit, Head, HeadElem, Lit, Pred, Rule,
};
use crate::normalize::unpool;
use crate::syntax::facts::{FactTerm, Facts};
use crate::term::eval::{is_invertible, T};
use crate::term::intern::{Interner, Val};

/// Directives that are not rules.
#[derive(Default, Debug)]
pub(crate) struct Directives {
    /// `#show p/n.` signatures.
    pub show: Vec<Pred>,
    /// Whether `#show.` or any `#show p/n.` switched off showing all atoms.
    pub show_explicit: bool,
    /// Hidden signatures (gringo 3's `#hide p/n.`).
    pub hide: Vec<Pred>,
    /// `#project p/n.` signatures.
    pub project: Vec<Pred>,
    /// `#defined p/n.` signatures.
    pub defined: Vec<Pred>,
}

/// A simple fact taken out of the statements: its atom and the number of rules before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlainFact {
    /// The atom (a function term).
    pub atom: Val,
    /// How many of [`Rewritten::rules`] come before it in program order.
    pub before: u32,
}

/// The rewritten program.
#[derive(Default, Debug)]
pub(crate) struct Rewritten {
    /// The rules, in statement order.
    pub rules: Vec<Rule>,
    /// The simple facts taken out by the loader, in program order.
    pub facts: Vec<PlainFact>,
    /// The directives.
    pub directives: Directives,
}

/// Converts the statements of `program` (constants from the command line in `overrides`).
/// `facts` are the facts taken out of the statements; none of them names a constant.
pub(crate) fn rewrite(
    table: &mut Interner,
    program: &ast::Program,
    facts: &Facts,
    overrides: &[(String, ast::Term)],
    diags: &mut Vec<Diagnostic>,
) -> Rewritten {
    let consts = collect_constants(program, overrides);
    let mut out = Rewritten::default();
    let mut in_base = true;
    let mut pending = facts.facts.iter().peekable();
    for (i, stmt) in program.statements.iter().enumerate() {
        while let Some(fact) = pending.next_if(|f| f.at as usize <= i) {
            plain_fact(table, facts, fact.code, in_base, &mut out);
        }
        if let StatementKind::Program { name, .. } = &stmt.kind {
            in_base = name == "base";
            continue;
        }
        if !in_base {
            continue;
        }
        let stmt = substitute_statement(stmt, &consts);
        statement(table, &stmt, &mut out, diags);
    }
    for fact in pending {
        plain_fact(table, facts, fact.code, in_base, &mut out);
    }
    out
}

/// Interns the fact whose code starts at `code` (when in the base part).
fn plain_fact(table: &mut Interner, facts: &Facts, code: u32, in_base: bool, out: &mut Rewritten) {
    if !in_base {
        return;
    }
    if let Some(atom) = fact_term(table, facts, code) {
        let before = out.rules.len() as u32;
        out.facts.push(PlainFact { atom, before });
    }
}

/// The interned term whose code starts at `at` (arguments before names, as `Converter::term`;
/// the depth is bounded by `syntax::facts::MAX_DEPTH`).
fn fact_term(table: &mut Interner, facts: &Facts, at: u32) -> Option<Val> {
    match facts.term(at)?.0 {
        FactTerm::Number(n) => Some(Val::Num(n)),
        FactTerm::String(s) => Some(table.string(s)),
        FactTerm::Function(name, arity, mut next) => {
            let mut args = Vec::with_capacity(arity);
            for _ in 0..arity {
                args.push(fact_term(table, facts, next)?);
                next = facts.skip(next)?;
            }
            let n = table.name(name);
            Some(table.fun(n, false, &args))
        }
    }
}

/// The constants in effect: `#const` declarations in order, the command line winning unless
/// the declaration is `[override]`; each value has earlier constants substituted.
fn collect_constants(
    program: &ast::Program,
    overrides: &[(String, ast::Term)],
) -> FxHashMap<String, ast::Term> {
    let mut consts: FxHashMap<String, ast::Term> = FxHashMap::default();
    let mut fixed: FxHashSet<String> = FxHashSet::default();
    for (name, value) in overrides {
        consts.insert(name.clone(), value.clone());
    }
    for stmt in &program.statements {
        if let StatementKind::Const {
            name,
            value,
            overridable,
        } = &stmt.kind
        {
            let from_cli = overrides.iter().any(|(n, _)| n == name);
            if (from_cli && *overridable) || fixed.contains(name) {
                continue;
            }
            let value = substitute(value, &consts, 0);
            consts.insert(name.clone(), value);
            if !overridable {
                fixed.insert(name.clone());
            }
        }
    }
    consts
}

/// Replaces constants in a term (depth-bounded against cyclic definitions).
fn substitute(t: &ast::Term, consts: &FxHashMap<String, ast::Term>, depth: u32) -> ast::Term {
    let kind = match &t.kind {
        TermKind::Function { name, args } if args.is_empty() => match consts.get(name) {
            Some(v) if depth < 64 => return substitute(v, consts, depth + 1),
            _ => t.kind.clone(),
        },
        TermKind::Function { name, args } => TermKind::Function {
            name: name.clone(),
            args: args.iter().map(|a| substitute(a, consts, depth)).collect(),
        },
        TermKind::Pool(ts) => {
            TermKind::Pool(ts.iter().map(|a| substitute(a, consts, depth)).collect())
        }
        TermKind::Interval(a, b) => TermKind::Interval(
            Box::new(substitute(a, consts, depth)),
            Box::new(substitute(b, consts, depth)),
        ),
        TermKind::Unary(op, a) => TermKind::Unary(*op, Box::new(substitute(a, consts, depth))),
        TermKind::Binary(op, a, b) => TermKind::Binary(
            *op,
            Box::new(substitute(a, consts, depth)),
            Box::new(substitute(b, consts, depth)),
        ),
        k => k.clone(),
    };
    ast::Term {
        kind,
        span: t.span.clone(),
    }
}

/// A statement with constants substituted in every term.
fn substitute_statement(
    stmt: &ast::Statement,
    consts: &FxHashMap<String, ast::Term>,
) -> ast::Statement {
    if consts.is_empty() {
        return stmt.clone();
    }
    let mut s = stmt.clone();
    crate::normalize::astwalk::terms_mut(&mut s, &mut |t| *t = substitute(t, consts, 0));
    s
}

/// The predicate of a signature.
fn sig_pred(table: &mut Interner, s: &ast::Signature) -> Pred {
    Pred {
        name: table.name(&s.name),
        arity: s.arity,
        negative: s.negative,
    }
}

fn statement(
    table: &mut Interner,
    stmt: &ast::Statement,
    out: &mut Rewritten,
    diags: &mut Vec<Diagnostic>,
) {
    let d = &mut out.directives;
    match &stmt.kind {
        StatementKind::ShowSignature(s) => {
            let p = sig_pred(table, s);
            d.show.push(p);
            d.show_explicit = true;
        }
        StatementKind::ShowNothing => d.show_explicit = true,
        StatementKind::HideSignature(s) => {
            let p = sig_pred(table, s);
            d.hide.push(p);
        }
        StatementKind::ProjectSignature(s) => {
            let p = sig_pred(table, s);
            d.project.push(p);
        }
        StatementKind::Defined(s) => {
            let p = sig_pred(table, s);
            d.defined.push(p);
        }
        StatementKind::Const { .. } | StatementKind::Program { .. } | StatementKind::Include(_) => {
        }
        _ => match expand(stmt) {
            Ok(variants) => {
                let mut projections = Vec::new();
                for v in variants {
                    let rule =
                        Converter::new(table, &stmt.span).convert(&v, diags, &mut projections);
                    out.rules.push(rule);
                }
                for p in projections {
                    statement(table, &p, out, diags);
                }
            }
            Err(unpool::TooLarge) => diags.push(Diagnostic {
                severity: Severity::Error,
                span: Some(stmt.span.clone()),
                message: "pool expansion too large".into(),
                notes: Vec::new(),
            }),
        },
    }
}

/// A statement after pool expansion: head and body in AST form.
#[derive(Clone, Debug)]
enum Variant {
    Rule(ast::Head, Vec<BodyLiteral>),
    Weak(Vec<BodyLiteral>, ast::Term, ast::Term, Vec<ast::Term>),
    Show(ast::Term, Vec<BodyLiteral>),
    Project(ast::Atom, Vec<BodyLiteral>),
    External(ast::Atom, Vec<BodyLiteral>, ast::Term),
}

/// Expands the pools of a rule-like statement.
fn expand(stmt: &ast::Statement) -> Result<Vec<Variant>, unpool::TooLarge> {
    let mut out = Vec::new();
    let push = |out: &mut Vec<Variant>, v: Variant| -> Result<(), unpool::TooLarge> {
        out.push(v);
        if out.len() > unpool::MAX_EXPANSION {
            return Err(unpool::TooLarge);
        }
        Ok(())
    };
    match &stmt.kind {
        StatementKind::Rule { head, body } if is_plain_rule(head, body) => {
            out.push(Variant::Rule(head.clone(), body.to_vec()));
        }
        StatementKind::Rule { head, body } => {
            for h in unpool::head(head)? {
                for b in unpool::body(body)? {
                    push(&mut out, Variant::Rule(h.clone(), b))?;
                }
            }
        }
        StatementKind::Weak {
            body,
            weight,
            priority,
            terms,
        } => {
            let mut all = vec![weight.clone(), priority.clone()];
            all.extend(terms.iter().cloned());
            for mut ts in unpool::term_list(&all)? {
                let (w, p) = (ts.remove(0), ts.remove(0));
                for b in unpool::body(body)? {
                    push(&mut out, Variant::Weak(b, w.clone(), p.clone(), ts.clone()))?;
                }
            }
        }
        StatementKind::ShowTerm { term, body } => {
            for t in unpool::term(term)? {
                for b in unpool::body(body)? {
                    push(&mut out, Variant::Show(t.clone(), b))?;
                }
            }
        }
        StatementKind::ProjectAtom { atom, body } => {
            for a in unpool::atom(atom)? {
                for b in unpool::body(body)? {
                    push(&mut out, Variant::Project(a.clone(), b))?;
                }
            }
        }
        StatementKind::External { atom, body, value } => {
            for a in unpool::atom(atom)? {
                for b in unpool::body(body)? {
                    push(&mut out, Variant::External(a.clone(), b, value.clone()))?;
                }
            }
        }
        _ => {}
    }
    Ok(out)
}

/// Whether a rule is a literal head and plain body literals without pools: its only
/// expansion is itself (the common case, facts above all, skips the pool machinery).
fn is_plain_rule(head: &ast::Head, body: &[BodyLiteral]) -> bool {
    let plain =
        |b: &BodyLiteral| matches!(b, BodyLiteral::Literal(l) if unpool::literal_pool_free(l));
    matches!(head, ast::Head::Literal(l) if unpool::literal_pool_free(l)) && body.iter().all(plain)
}

/// Where a converted term occurs: the global part of the rule or inside an element.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Region {
    Global,
    Element,
}

/// Converts one expanded statement into a rule.
struct Converter<'a> {
    table: &'a mut Interner,
    span: Span,
    var_ids: FxHashMap<String, u32>,
    var_names: Vec<String>,
    var_spans: Vec<Span>,
    /// Variables occurring in the global part.
    global: FxHashSet<u32>,
    /// Variable occurrences in aggregate element tuples (for the global-variable info).
    tuple_occurrences: Vec<(u32, Span)>,
    arith_spans: FxHashMap<T, Span>,
    /// Extra literals (ranges, arithmetic equations) for the scope being converted.
    extra: Vec<Lit>,
    region: Region,
    arith_count: u32,
    range_count: u32,
    /// `operation undefined` infos found while converting (ground or `/0` arithmetic).
    infos: Vec<Diagnostic>,
    /// Projection rules made for negative literals with anonymous arguments.
    projections: Vec<ast::Statement>,
}

impl<'a> Converter<'a> {
    fn new(table: &'a mut Interner, span: &Span) -> Converter<'a> {
        Converter {
            table,
            span: span.clone(),
            var_ids: FxHashMap::default(),
            var_names: Vec::new(),
            var_spans: Vec::new(),
            global: FxHashSet::default(),
            tuple_occurrences: Vec::new(),
            arith_spans: FxHashMap::default(),
            extra: Vec::new(),
            region: Region::Global,
            arith_count: 0,
            range_count: 0,
            infos: Vec::new(),
            projections: Vec::new(),
        }
    }

    fn fresh(&mut self, name: String, span: &Span) -> u32 {
        let id = self.var_names.len() as u32;
        self.var_names.push(name);
        self.var_spans.push(span.clone());
        id
    }

    fn var(&mut self, name: &str, span: &Span) -> u32 {
        let id = match self.var_ids.get(name) {
            Some(&id) => id,
            None => {
                let id = self.fresh(name.to_string(), span);
                self.var_ids.insert(name.to_string(), id);
                id
            }
        };
        if self.region == Region::Global {
            self.global.insert(id);
        }
        id
    }

    fn term(&mut self, t: &ast::Term) -> T {
        match &t.kind {
            TermKind::Integer(n) => T::Val(Val::Num(*n)),
            TermKind::String(s) => T::Val(self.table.string(s)),
            TermKind::Infimum => T::Val(Val::Inf),
            TermKind::Supremum => T::Val(Val::Sup),
            TermKind::Variable(v) => T::Var(self.var(v, &t.span)),
            TermKind::Anonymous => T::Var(self.fresh("_".into(), &t.span)),
            TermKind::Function { name, args } => {
                let args: Vec<T> = args.iter().map(|a| self.term(a)).collect();
                let n = self.table.name(name);
                fold(self.table, T::Fun(n, false, args))
            }
            TermKind::Pool(alts) => match alts.first() {
                Some(a) => self.term(a),
                None => T::Val(Val::Num(0)),
            },
            TermKind::Interval(a, b) => {
                let (lo, hi) = (self.term(a), self.term(b));
                let name = format!("#Range{}", self.range_count);
                self.range_count += 1;
                let v = self.fresh(name, &t.span);
                self.extra.push(Lit::Range(v, lo, hi));
                T::Var(v)
            }
            TermKind::Unary(op, a) => {
                let a = self.term(a);
                let result = match (op, &a) {
                    (UnaryOp::Minus, T::Fun(n, neg, args)) => T::Fun(*n, !neg, args.clone()),
                    _ => T::Unary(*op, Box::new(a)),
                };
                self.arith(result, &t.span)
            }
            TermKind::Binary(op, a, b) => {
                let (a, b) = (self.term(a), self.term(b));
                self.arith(T::Binary(*op, Box::new(a), Box::new(b)), &t.span)
            }
        }
    }

    /// Records the span of an arithmetic term and folds it when it is ground and defined.
    /// A ground undefined term or a division by the literal 0 is reported now, as clingo does.
    fn arith(&mut self, t: T, span: &Span) -> T {
        let folded = fold(self.table, t);
        if folded.has_arith() {
            self.arith_spans.insert(folded.clone(), span.clone());
            let undefined = folded.is_undefined_arith();
            let inner_reported = self.infos.iter().any(|d| {
                d.span
                    .as_ref()
                    .is_some_and(|s| s.start >= span.start && s.end <= span.end)
            });
            if undefined && !inner_reported {
                let mut text = String::new();
                crate::normalize::print::Printer {
                    table: self.table,
                    names: &self.var_names,
                }
                .term(&folded, &mut text);
                self.infos.push(Diagnostic {
                    severity: Severity::Info,
                    span: Some(span.clone()),
                    message: "operation undefined:".into(),
                    notes: vec![Note { span: None, text }],
                });
            }
        }
        folded
    }

    fn atom(&mut self, a: &ast::Atom) -> AtomPat {
        let args: Vec<T> = a.args.iter().map(|t| self.term(t)).collect();
        AtomPat {
            pred: Pred {
                name: self.table.name(&a.name),
                arity: args.len() as u32,
                negative: a.negative,
            },
            args,
            span: a.span.clone(),
        }
    }

    /// Replaces arithmetic that matching cannot invert by `#ArithN` variables.
    fn extract_arith(&mut self, atom: &mut AtomPat) {
        for arg in &mut atom.args {
            self.extract_in(arg);
        }
    }

    fn extract_in(&mut self, t: &mut T) {
        match t {
            T::Fun(_, _, args) => args.iter_mut().for_each(|a| self.extract_in(a)),
            T::Unary(..) | T::Binary(..) => {
                let mut vars = Vec::new();
                t.vars(&mut vars);
                vars.sort_unstable();
                vars.dedup();
                if vars.is_empty() || (vars.len() == 1 && is_invertible(t)) {
                    return;
                }
                let name = format!("#Arith{}", self.arith_count);
                self.arith_count += 1;
                let span = self
                    .arith_spans
                    .get(t)
                    .cloned()
                    .unwrap_or_else(|| self.span.clone());
                let v = self.fresh(name, &span);
                let old = std::mem::replace(t, T::Var(v));
                self.extra.push(Lit::Cmp(CompareOp::Eq, T::Var(v), old));
            }
            _ => {}
        }
    }

    /// `not q(X,_)` becomes `not #p_q(X)` with the rule `#p_q(X) :- q(X,_).`, as gringo
    /// does: the anonymous argument is projected away rather than left unbound. An argument
    /// with a nested `_` (`not q(f(_,Y))`) is replaced by its named variables (`#p_q(Y)`).
    fn project_anonymous(&mut self, l: &ast::Literal, a: &ast::Atom) -> Option<ast::Atom> {
        if l.sign == Sign::None || !a.args.iter().any(has_anonymous) {
            return None;
        }
        let name = format!(
            "#p_{}_{}_{}",
            a.name, a.span.start.line, a.span.start.column
        );
        // Arguments without `_` are kept; of the others, their named variables.
        let mut kept: Vec<ast::Term> = Vec::new();
        for t in &a.args {
            if has_anonymous(t) {
                named_variables(t, &mut kept);
            } else {
                kept.push(t.clone());
            }
        }
        let head = ast::Atom {
            negative: false,
            name,
            args: kept,
            span: a.span.clone(),
        };
        let positive = |atom: ast::Atom| ast::Literal {
            sign: Sign::None,
            kind: LiteralKind::Atom(atom),
            span: l.span.clone(),
        };
        self.projections.push(ast::Statement {
            kind: StatementKind::Rule {
                head: ast::Head::Literal(positive(head.clone())),
                body: vec![BodyLiteral::Literal(positive(a.clone()))],
            },
            span: l.span.clone(),
        });
        Some(head)
    }

    fn literal(&mut self, l: &ast::Literal) -> Vec<Lit> {
        match &l.kind {
            LiteralKind::Atom(a) => {
                let projected = self.project_anonymous(l, a);
                let a = projected.as_ref().unwrap_or(a);
                let mut atom = self.atom(a);
                if l.sign == Sign::None {
                    self.extract_arith(&mut atom);
                }
                vec![Lit::Atom(l.sign, atom)]
            }
            LiteralKind::Boolean(b) => vec![Lit::Bool(*b == (l.sign != Sign::Not))],
            LiteralKind::Comparison { first, rest } => {
                let mut left = self.term(first);
                let mut out = Vec::new();
                for (op, t) in rest {
                    let right = self.term(t);
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
    fn condition(&mut self, lits: &[ast::Literal]) -> Vec<Lit> {
        let saved = std::mem::take(&mut self.extra);
        let mut out = Vec::new();
        for l in lits {
            out.extend(self.literal(l));
        }
        out.append(&mut self.extra);
        self.extra = saved;
        out
    }

    fn bounds(&mut self, left: &Option<Guard>, right: &Option<Guard>) -> Vec<Bound> {
        let mut out = Vec::new();
        if let Some(g) = left {
            out.push((flip(g.op), self.term(&g.term)));
        }
        if let Some(g) = right {
            out.push((g.op, self.term(&g.term)));
        }
        out
    }

    fn body_literal(&mut self, b: &BodyLiteral) -> Vec<Lit> {
        match b {
            BodyLiteral::Literal(l) => self.literal(l),
            BodyLiteral::Conditional(c) => {
                self.region = Region::Element;
                let mut lits = self.literal(&c.literal);
                let mut cond = self.condition(&c.condition);
                self.region = Region::Global;
                let lit = if lits.len() == 1 {
                    lits.pop().unwrap_or(Lit::Bool(true))
                } else {
                    cond.extend(lits.drain(1..));
                    lits.pop().unwrap_or(Lit::Bool(true))
                };
                vec![Lit::Cond(Box::new(CondLit { lit, cond }))]
            }
            BodyLiteral::Aggregate(a) => {
                let bounds = self.bounds(&a.left, &a.right);
                self.region = Region::Element;
                let elems = a.elements.iter().map(|e| self.agg_element(e)).collect();
                self.region = Region::Global;
                vec![Lit::Agg(Box::new(AggLit {
                    sign: a.sign,
                    function: a.function,
                    elems,
                    bounds,
                    span: a.span.clone(),
                }))]
            }
        }
    }

    fn agg_element(&mut self, e: &ast::BodyAggregateElement) -> AggElem {
        let saved = std::mem::take(&mut self.extra);
        let terms = e.terms.iter().map(|t| self.tuple_term(t)).collect();
        let mut cond = Vec::new();
        for l in &e.condition {
            cond.extend(self.literal(l));
        }
        cond.append(&mut self.extra);
        self.extra = saved;
        AggElem { terms, cond }
    }

    fn tuple_term(&mut self, t: &ast::Term) -> T {
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

    /// A disjunction element. An interval in an unconditional one splits the rule, as in
    /// clingo (`r(1..2) ; b.` is `r(1) ; b.` and `r(2) ; b.`): its range goes to the body.
    fn disjunct(&mut self, c: &ast::ConditionalLiteral) -> Option<HeadElem> {
        if !c.condition.is_empty() {
            return self.head_elem(c, &[]);
        }
        let LiteralKind::Atom(a) = &c.literal.kind else {
            return None;
        };
        let atom = self.atom(a);
        Some(HeadElem {
            terms: Vec::new(),
            atom,
            cond: Vec::new(),
        })
    }

    fn head_elem(&mut self, c: &ast::ConditionalLiteral, terms: &[ast::Term]) -> Option<HeadElem> {
        let saved = std::mem::take(&mut self.extra);
        let terms = terms.iter().map(|t| self.tuple_term(t)).collect();
        let atom = match &c.literal.kind {
            LiteralKind::Atom(a) => Some(self.atom(a)),
            _ => None,
        };
        let mut cond = Vec::new();
        for l in &c.condition {
            cond.extend(self.literal(l));
        }
        cond.append(&mut self.extra);
        self.extra = saved;
        Some(HeadElem {
            terms,
            atom: atom?,
            cond,
        })
    }

    fn head(&mut self, h: &ast::Head, body: &mut Vec<Lit>) -> Head {
        match h {
            ast::Head::Literal(l) => match &l.kind {
                LiteralKind::Atom(a) if l.sign == Sign::None => {
                    let atom = self.atom(a);
                    Head::Disj(vec![HeadElem::plain(atom)])
                }
                LiteralKind::Boolean(false) if l.sign == Sign::None => Head::Disj(Vec::new()),
                LiteralKind::Boolean(true) if l.sign == Sign::None => {
                    body.push(Lit::Bool(false));
                    Head::Disj(Vec::new())
                }
                _ => {
                    // `not a :- B.` and `X < Y :- B.` are constraints on the negated literal.
                    let negated = ast::Literal {
                        sign: match l.sign {
                            Sign::None => Sign::Not,
                            Sign::Not => Sign::NotNot,
                            Sign::NotNot => Sign::Not,
                        },
                        ..l.clone()
                    };
                    body.extend(self.literal(&negated));
                    Head::Disj(Vec::new())
                }
            },
            ast::Head::Disjunction(es) => {
                self.region = Region::Element;
                let elems = es.iter().filter_map(|e| self.disjunct(e)).collect();
                self.region = Region::Global;
                Head::Disj(elems)
            }
            ast::Head::Choice {
                left,
                right,
                elements,
                ..
            } => {
                let bounds = self.bounds(left, right);
                self.region = Region::Element;
                let elems = elements
                    .iter()
                    .filter_map(|e| self.head_elem(e, &[]))
                    .collect();
                self.region = Region::Global;
                Head::Choice { elems, bounds }
            }
            ast::Head::Aggregate {
                function,
                left,
                right,
                elements,
                span,
            } => {
                let bounds = self.bounds(left, right);
                self.region = Region::Element;
                let elems = elements
                    .iter()
                    .filter_map(|e| self.head_elem(&e.literal, &e.terms))
                    .collect();
                self.region = Region::Global;
                Head::Agg {
                    function: *function,
                    elems,
                    bounds,
                    span: span.clone(),
                }
            }
        }
    }

    fn convert(
        mut self,
        v: &Variant,
        diags: &mut Vec<Diagnostic>,
        projections: &mut Vec<ast::Statement>,
    ) -> Rule {
        let (head, body_ast) = self.convert_head(v);
        let mut body = Vec::new();
        let mut pending_head = Vec::new();
        std::mem::swap(&mut pending_head, &mut self.extra);
        for b in body_ast {
            body.extend(self.body_literal(b));
        }
        body.extend(pending_head);
        body.append(&mut self.extra);
        self.global_tuple_infos(diags);
        diags.append(&mut self.infos);
        projections.append(&mut self.projections);
        Rule {
            head,
            body,
            var_names: self.var_names,
            var_spans: self.var_spans,
            span: self.span,
            arith_spans: self.arith_spans,
            globals: self.global,
        }
    }

    fn convert_head<'v>(&mut self, v: &'v Variant) -> (Head, &'v [BodyLiteral]) {
        let mut extra_body = Vec::new();
        let result = match v {
            Variant::Rule(h, b) => (self.head(h, &mut extra_body), b.as_slice()),
            Variant::Weak(b, w, p, ts) => {
                let weight = self.term(w);
                let priority = self.term(p);
                let terms = ts.iter().map(|t| self.term(t)).collect();
                (
                    Head::Weak {
                        weight,
                        priority,
                        terms,
                    },
                    b.as_slice(),
                )
            }
            Variant::Show(t, b) => (Head::Show(self.term(t)), b.as_slice()),
            Variant::Project(a, b) => (Head::Project(self.atom(a)), b.as_slice()),
            Variant::External(a, b, value) => {
                let atom = self.atom(a);
                (Head::External(atom, self.term(value)), b.as_slice())
            }
        };
        self.extra.extend(extra_body);
        result
    }

    /// `info: global variable in tuple of aggregate element` for each such occurrence.
    fn global_tuple_infos(&mut self, diags: &mut Vec<Diagnostic>) {
        for (var, span) in &self.tuple_occurrences {
            if self.global.contains(var) {
                let name = self
                    .var_names
                    .get(*var as usize)
                    .cloned()
                    .unwrap_or_default();
                diags.push(Diagnostic {
                    severity: Severity::Info,
                    span: Some(span.clone()),
                    message: "global variable in tuple of aggregate element:".into(),
                    notes: vec![Note {
                        span: None,
                        text: name,
                    }],
                });
            }
        }
    }
}

/// Calls `f` on each named variable of `t` with its span.
fn collect_var_spans(t: &ast::Term, f: &mut dyn FnMut(&str, &Span)) {
    match &t.kind {
        TermKind::Variable(v) => f(v, &t.span),
        TermKind::Function { args, .. } | TermKind::Pool(args) => {
            args.iter().for_each(|a| collect_var_spans(a, f))
        }
        TermKind::Interval(a, b) | TermKind::Binary(_, a, b) => {
            collect_var_spans(a, f);
            collect_var_spans(b, f);
        }
        TermKind::Unary(_, a) => collect_var_spans(a, f),
        _ => {}
    }
}

/// Evaluates a variable-free term now; undefined terms are left for grounding to report.
fn fold(table: &mut Interner, t: T) -> T {
    let mut vars = Vec::new();
    t.vars(&mut vars);
    if !vars.is_empty() {
        return t;
    }
    match crate::term::eval::eval(table, &t, &Vec::new()) {
        Ok(v) => T::Val(v),
        Err(_) => t,
    }
}

/// The complementary operator: `not (a op b)` iff `a negate(op) b`.
pub(crate) fn negate(op: CompareOp) -> CompareOp {
    match op {
        CompareOp::Eq => CompareOp::Ne,
        CompareOp::Ne => CompareOp::Eq,
        CompareOp::Lt => CompareOp::Ge,
        CompareOp::Le => CompareOp::Gt,
        CompareOp::Gt => CompareOp::Le,
        CompareOp::Ge => CompareOp::Lt,
    }
}

/// Evaluates a variable-free, pool-free term to a symbol (`None` if it is not one).
pub(crate) fn ground_term(t: &ast::Term) -> Option<crate::Symbol> {
    let mut table = Interner::default();
    let alternatives = unpool::term(t).ok()?;
    let [only] = alternatives.as_slice() else {
        return None;
    };
    let span = only.span.clone();
    let mut conv = Converter::new(&mut table, &span);
    let term = conv.term(only);
    if !conv.var_names.is_empty() || !conv.extra.is_empty() {
        return None;
    }
    let v = crate::term::eval::eval(&mut table, &term, &Vec::new()).ok()?;
    Some(table.to_symbol(v))
}

/// Whether `t` contains `_` (an explicit stack: nesting depth is user-controlled).
fn has_anonymous(t: &ast::Term) -> bool {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match &t.kind {
            TermKind::Anonymous => return true,
            TermKind::Function { args, .. } | TermKind::Pool(args) => stack.extend(args),
            TermKind::Interval(a, b) | TermKind::Binary(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            TermKind::Unary(_, a) => stack.push(a),
            _ => {}
        }
    }
    false
}

/// Appends the named variables of `t` (each once) to `out`.
fn named_variables(t: &ast::Term, out: &mut Vec<ast::Term>) {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match &t.kind {
            TermKind::Variable(_) if !out.iter().any(|o| o.kind == t.kind) => {
                out.push(t.clone());
            }
            TermKind::Function { args, .. } | TermKind::Pool(args) => stack.extend(args),
            TermKind::Interval(a, b) | TermKind::Binary(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            TermKind::Unary(_, a) => stack.push(a),
            _ => {}
        }
    }
}
