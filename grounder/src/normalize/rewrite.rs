//! AST statements to rewritten [`Rule`]s, one program part at a time.
//!
//! Per statement, in order: constants are substituted (`#const`, overridden from the command
//! line unless declared `[override]`; resolved by the caller), then the part's parameters: the
//! `i`-th parameter becomes the variable `#Inc{i}` (as gringo names it), global in the rule and
//! bound before grounding to the value the part is grounded with (see [`ParamVar`]); pools are
//! expanded (see `unpool`), and each alternative is converted: variables get numbers, each `_`
//! a fresh variable, an interval `a..b` a fresh variable `#RangeN` bound by `Lit::Range` in the
//! innermost enclosing body or condition, an external call `@f(args)` a fresh variable
//! `#ScriptN` bound there by `#ScriptN = @f(args)`, non-invertible arithmetic in a positive
//! body atom a fresh `#ArithN` and an equation (as gringo does, so `p(X*X)` does not bind
//! `X`), a negative literal with anonymous arguments `not q(X,_)` a projection `not #p_q(X)`
//! defined by `#p_q(X) :- q(X,_).`, and statement kinds become rules with special heads.
//! `#project p/n` signatures are collected per part; `#show p/n`, `#show.` and gringo 3's
//! `#hide` hold for the whole program and are read by [`global_directive`] (`#defined` by the
//! caller). Ground undefined arithmetic is reported while converting, up to where gringo's
//! simplification stops (see `stops`).
//!
//! The simple facts the loader took out (see `syntax::facts`) are interned where they stood
//! among the statements, into [`Rewritten::facts`], without rules.
//!
//! # Invariants
//! - Every returned rule is pool-free and its variables are numbered densely.
//! - A rule's [`ParamVar`]s name exactly its variables `#Inc{i}`; each is global.

mod heads;
mod literals;
mod project;
mod stops;
mod terms;

use std::borrow::Cow;
use std::sync::Arc;

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::{self, BodyLiteral, CompareOp, Span, StatementKind, TermKind};
use crate::diagnostic::{Diagnostic, Severity};
use crate::normalize::negheads;
use crate::normalize::rules::{Lit, ParamVar, Pred, Rule};
use crate::normalize::unpool;
use crate::syntax::facts::{Fact, FactTerm, Facts, RuleAtom};
use crate::term::eval::T;
use crate::term::intern::{Interner, Val};

/// The output directives, which hold for the whole program whichever part they are in.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Directives {
    /// `#show p/n.` signatures.
    pub show: Vec<Pred>,
    /// Each `#show p/n.` with where it is written (clingo's `no atoms over signature` info).
    pub show_at: Vec<(Pred, ast::Span)>,
    /// Whether `#show.` or any `#show p/n.` switched off showing all atoms.
    pub show_explicit: bool,
    /// Hidden signatures (gringo 3's `#hide p/n.`).
    pub hide: Vec<Pred>,
}

/// A simple fact taken out of the statements: its atom and the number of rules before it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlainFact {
    /// The atom (a function term).
    pub atom: Val,
    /// How many of [`Rewritten::rules`] come before it in program order.
    pub before: u32,
}

/// The rewritten statements of one part.
#[derive(Default, Debug)]
pub(crate) struct Rewritten {
    /// The rules, in statement order.
    pub rules: Vec<Rule>,
    /// The simple facts taken out by the loader, in program order.
    pub facts: Vec<PlainFact>,
    /// `#project p/n.` signatures.
    pub project: Vec<Pred>,
    /// The projection rules made so far (their text), each defined once per part.
    pub projections: FxHashSet<String>,
}

/// Statements of one program part to rewrite, with the simple facts taken out among them.
pub(crate) struct PartStatements<'a> {
    /// How messages name the part in a rule's body: `#inc_base`, `#inc_step(#Inc0)`.
    pub marker: &'a Arc<str>,
    /// The part's parameters and where they were declared.
    pub params: &'a [(String, Span)],
    /// The statements, in order (no `#program` among them).
    pub statements: &'a [ast::Statement],
    /// The table the facts are encoded in.
    pub facts: &'a Facts,
    /// The part's facts; `at` counts the part's statements before each one.
    pub placed: &'a [Fact],
}

/// The name of the variable standing for a part's `index`-th parameter (clingo's).
pub(crate) fn param_var_name(index: usize) -> String {
    format!("#Inc{index}")
}

/// Records `stmt` in `d` if it is a directive for the whole program; returns whether it was.
pub(crate) fn global_directive(
    table: &mut Interner,
    stmt: &ast::Statement,
    d: &mut Directives,
) -> bool {
    match &stmt.kind {
        StatementKind::ShowSignature(s) => {
            let pred = sig_pred(table, s);
            d.show.push(pred);
            d.show_at.push((pred, stmt.span.clone()));
            d.show_explicit = true;
        }
        StatementKind::ShowNothing => d.show_explicit = true,
        StatementKind::HideSignature(s) => d.hide.push(sig_pred(table, s)),
        _ => return false,
    }
    true
}

/// Converts the statements of one part; `consts` are the resolved constants. `facts` are the
/// facts taken out of the statements; none of them names a constant or parameter.
pub(crate) fn rewrite(
    table: &mut Interner,
    part: &PartStatements,
    consts: &FxHashMap<String, ast::Term>,
    diags: &mut Vec<Diagnostic>,
) -> Rewritten {
    let params: FxHashMap<String, ast::Term> = part
        .params
        .iter()
        .enumerate()
        .map(|(i, (name, span))| {
            let kind = TermKind::Variable(param_var_name(i));
            (
                name.clone(),
                ast::Term {
                    kind,
                    span: span.clone(),
                },
            )
        })
        .collect();
    let mut out = Rewritten::default();
    let ground_rules = part.placed.iter().filter(|f| f.rule).count();
    out.rules.reserve(part.statements.len() + ground_rules);
    let mut pending = part.placed.iter().peekable();
    let mut names = Vec::new();
    for (i, stmt) in part.statements.iter().enumerate() {
        while let Some(fact) = pending.next_if(|f| f.at as usize <= i) {
            taken_out(table, &mut names, part, fact, &mut out);
        }
        let stmt = substitute_statement(Cow::Borrowed(stmt), consts);
        let stmt = substitute_statement(stmt, &params);
        let first = out.rules.len();
        let scope = Scope {
            params: part.params.len(),
            marker: part.marker,
        };
        statement(table, &stmt, &scope, &mut out, diags);
        for rule in out.rules.get_mut(first..).unwrap_or(&mut []) {
            rule.params = param_vars(rule, part.params.len());
        }
    }
    for fact in pending {
        taken_out(table, &mut names, part, fact, &mut out);
    }
    out
}

/// Adds a fact or simple ground rule the loader took out (see `syntax::facts`).
fn taken_out(
    table: &mut Interner,
    names: &mut Vec<u32>,
    part: &PartStatements,
    fact: &Fact,
    out: &mut Rewritten,
) {
    match fact.rule {
        true => ground_rule(table, names, part, fact.code, out),
        false => plain_fact(table, names, part.facts, fact.code, out),
    }
}

/// The interner's id of the name of the function term at `at` of `facts`; `names` keeps the
/// id of each name of the part's table once found (`UNSEEN` before), so that a name is looked
/// up once, not at each use (a positive loop of a million rules names each predicate twice).
/// A name is interned at its first use, as without the cache, so the ids are the same.
fn fact_name(table: &mut Interner, names: &mut Vec<u32>, facts: &Facts, at: u32) -> Option<u32> {
    const UNSEEN: u32 = u32::MAX;
    let (k, text) = facts.name_at(at)?;
    if names.len() <= k {
        names.resize(k + 1, UNSEEN);
    }
    let slot = names.get_mut(k)?;
    if *slot == UNSEEN {
        *slot = table.name_shared(text);
    }
    Some(*slot)
}

/// Adds the simple ground rule `index` of the part's table as the converter would make it:
/// a plain head atom (none for a constraint), the body atoms in order, no variables. Terms
/// are interned arguments first, head first, as the converter does.
fn ground_rule(
    table: &mut Interner,
    names: &mut Vec<u32>,
    part: &PartStatements,
    index: u32,
    out: &mut Rewritten,
) {
    let facts = part.facts;
    let Some(ground) = facts.rules.get(index as usize) else {
        return;
    };
    let atoms = facts.atoms_of(ground);
    let mut head = Vec::with_capacity(usize::from(ground.head));
    let mut body = Vec::with_capacity(atoms.len().saturating_sub(usize::from(ground.head)));
    for (k, atom) in atoms.iter().enumerate() {
        let Some(pattern) = rule_atom(table, names, facts, atom, &ground.span.file) else {
            return;
        };
        match (k, ground.head, atom.negated) {
            (0, true, _) => head.push(crate::normalize::rules::HeadElem::plain(pattern)),
            (_, _, true) => body.push(Lit::Atom(ast::Sign::Not, pattern)),
            (_, _, false) => body.push(Lit::Atom(ast::Sign::None, pattern)),
        }
    }
    let mut rule = Rule {
        head: crate::normalize::rules::Head::Disj(head),
        body,
        head_lits: 0,
        bound_ranges: 0,
        var_names: Vec::new(),
        span: ground.span.clone(),
        notes: None,
        globals: FxHashSet::default(),
        params: Vec::new(),
        marker: part.marker.clone(),
    };
    crate::normalize::drop::simplify_rule(&mut rule);
    out.rules.push(rule);
}

/// The atom of a simple ground rule, its arguments interned.
fn rule_atom(
    table: &mut Interner,
    names: &mut Vec<u32>,
    facts: &Facts,
    atom: &RuleAtom,
    file: &Arc<str>,
) -> Option<crate::normalize::rules::AtomPat> {
    let FactTerm::Function(_, arity, mut next) = facts.term(atom.code)?.0 else {
        return None;
    };
    let mut args = Vec::with_capacity(arity);
    for _ in 0..arity {
        args.push(T::Val(fact_term(table, names, facts, next)?));
        next = facts.skip(next)?;
    }
    let pred = Pred {
        name: fact_name(table, names, facts, atom.code)?,
        arity: arity as u32,
        negative: false,
    };
    let span = Span {
        file: file.clone(),
        start: atom.start,
        end: atom.end,
    };
    Some(crate::normalize::rules::AtomPat { pred, args, span })
}

/// The variables of `rule` that stand for the part's parameters (none bound yet).
fn param_vars(rule: &Rule, params: usize) -> Vec<ParamVar> {
    if params == 0 {
        return Vec::new();
    }
    (0..params)
        .filter_map(|index| {
            let name = param_var_name(index);
            let var = rule.var_names.iter().position(|n| *n == name)?;
            Some(ParamVar {
                var: var as u32,
                index: index as u32,
                value: Val::Num(0),
            })
        })
        .collect()
}

/// Interns the fact whose code starts at `code`.
fn plain_fact(
    table: &mut Interner,
    names: &mut Vec<u32>,
    facts: &Facts,
    code: u32,
    out: &mut Rewritten,
) {
    if let Some(atom) = fact_term(table, names, facts, code) {
        let before = out.rules.len() as u32;
        out.facts.push(PlainFact { atom, before });
    }
}

/// The interned term whose code starts at `at` (arguments before names, as `Converter::term`;
/// the depth is bounded by `syntax::facts::MAX_DEPTH`).
fn fact_term(table: &mut Interner, names: &mut Vec<u32>, facts: &Facts, at: u32) -> Option<Val> {
    match facts.term(at)?.0 {
        FactTerm::Number(n) => Some(Val::Num(n)),
        FactTerm::String(s) => Some(table.string(s)),
        FactTerm::Function(_, arity, mut next) => {
            let mut args = Vec::with_capacity(arity);
            for _ in 0..arity {
                args.push(fact_term(table, names, facts, next)?);
                next = facts.skip(next)?;
            }
            let n = fact_name(table, names, facts, at)?;
            Some(table.fun(n, false, &args))
        }
    }
}

/// A statement with constants substituted in every term.
fn substitute_statement<'a>(
    stmt: Cow<'a, ast::Statement>,
    consts: &FxHashMap<String, ast::Term>,
) -> Cow<'a, ast::Statement> {
    if consts.is_empty() {
        return stmt;
    }
    let mut s = stmt.into_owned();
    crate::normalize::astwalk::terms_mut(&mut s, &mut |t| {
        *t = crate::normalize::constants::substitute(t, consts)
    });
    Cow::Owned(s)
}

/// The predicate of a signature.
fn sig_pred(table: &mut Interner, s: &ast::Signature) -> Pred {
    Pred {
        name: table.name(&s.name),
        arity: s.arity,
        negative: s.negative,
    }
}

/// Rewrites `stmt` of a part with `params` parameters into `out`.
fn statement(
    table: &mut Interner,
    stmt: &ast::Statement,
    scope: &Scope,
    out: &mut Rewritten,
    diags: &mut Vec<Diagnostic>,
) {
    match &stmt.kind {
        StatementKind::ProjectSignature(s) => {
            let p = sig_pred(table, s);
            out.project.push(p);
        }
        StatementKind::ShowSignature(_)
        | StatementKind::ShowNothing
        | StatementKind::HideSignature(_)
        | StatementKind::Defined(_)
        | StatementKind::Const { .. }
        | StatementKind::Program { .. }
        | StatementKind::Include(_)
        | StatementKind::IncludeLibrary(_) => {}
        _ => match expand(stmt) {
            Ok(variants) => {
                let mut projections = Vec::new();
                let moved_head = moved_head_literals(stmt);
                for v in variants {
                    let mut mine = Vec::new();
                    let mut converter = Converter::new(table, &stmt.span);
                    converter.params = scope.params;
                    converter.marker = Some(scope.marker.clone());
                    converter.moved_head = moved_head;
                    let mut rule = converter.convert(&v, diags, &mut mine);
                    // A rule simplification removes (see `drop`) takes its projections along.
                    if crate::normalize::drop::simplify_rule(&mut rule) {
                        projections.append(&mut mine);
                    }
                    out.rules.push(rule);
                }
                for p in projections {
                    if out.projections.insert(p.to_string()) {
                        statement(table, &p, scope, out, diags);
                    }
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

/// What the rules of a part's statements share.
struct Scope<'p> {
    /// The number of the part's parameters.
    params: usize,
    /// How messages name the part (`Rule::marker`).
    marker: &'p Arc<str>,
}

/// How many body literals `negheads::split` puts at the start of the rule `stmt` (its head's
/// disjuncts that are not atoms); pool expansion keeps their positions.
fn moved_head_literals(stmt: &ast::Statement) -> usize {
    match &stmt.kind {
        StatementKind::Rule { head, body } => negheads::split(head, body)
            .map_or(0, |(_, moved)| moved.len().saturating_sub(body.len())),
        _ => 0,
    }
}

/// A statement after pool expansion: head and body in AST form (a rule without pools is
/// borrowed from its statement, not copied).
#[derive(Clone, Debug)]
enum Variant<'s> {
    Rule(Cow<'s, ast::Head>, Cow<'s, [BodyLiteral]>),
    Weak(Vec<BodyLiteral>, ast::Term, ast::Term, Vec<ast::Term>),
    Show(ast::Term, Vec<BodyLiteral>),
    Project(ast::Atom, Vec<BodyLiteral>),
    External(ast::Atom, Vec<BodyLiteral>, ast::Term),
    Edge(ast::Term, ast::Term, Vec<BodyLiteral>),
    /// Atom, body, weight, priority, modifier.
    Heuristic(ast::Atom, Vec<BodyLiteral>, [ast::Term; 3]),
}

/// Expands the pools of a rule-like statement.
fn expand(stmt: &ast::Statement) -> Result<Vec<Variant<'_>>, unpool::TooLarge> {
    let mut out = Vec::new();
    fn push<'s>(out: &mut Vec<Variant<'s>>, v: Variant<'s>) -> Result<(), unpool::TooLarge> {
        out.push(v);
        if out.len() > unpool::MAX_EXPANSION {
            return Err(unpool::TooLarge);
        }
        Ok(())
    }
    match &stmt.kind {
        StatementKind::Rule { head, body } if is_plain_rule(head, body) => {
            out.push(Variant::Rule(Cow::Borrowed(head), Cow::Borrowed(body)));
        }
        StatementKind::Rule { head, body } if negheads::split(head, body).is_some() => {
            if let Some((h, b)) = negheads::split(head, body) {
                let moved = ast::Statement {
                    kind: StatementKind::Rule { head: h, body: b },
                    span: stmt.span.clone(),
                };
                return Ok(expand(&moved)?
                    .into_iter()
                    .map(Variant::into_owned)
                    .collect());
            }
        }
        StatementKind::Rule { head, body } => {
            for h in unpool::head(head)? {
                for b in unpool::body(body)? {
                    push(
                        &mut out,
                        Variant::Rule(Cow::Owned(h.clone()), Cow::Owned(b)),
                    )?;
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
        StatementKind::Edge { from, to, body } => {
            for (u, v) in unpool::term(from)?.into_iter().flat_map(|u| {
                unpool::term(to)
                    .into_iter()
                    .flatten()
                    .map(move |v| (u.clone(), v))
            }) {
                for b in unpool::body(body)? {
                    push(&mut out, Variant::Edge(u.clone(), v.clone(), b))?;
                }
            }
        }
        StatementKind::Heuristic {
            atom,
            body,
            weight,
            priority,
            modifier,
        } => {
            let values = [weight.clone(), priority.clone(), modifier.clone()];
            for a in unpool::atom(atom)? {
                for b in unpool::body(body)? {
                    push(&mut out, Variant::Heuristic(a.clone(), b, values.clone()))?;
                }
            }
        }
        _ => {}
    }
    Ok(out)
}

impl Variant<'_> {
    /// The same variant owning its head and body.
    fn into_owned(self) -> Variant<'static> {
        match self {
            Variant::Rule(h, b) => {
                Variant::Rule(Cow::Owned(h.into_owned()), Cow::Owned(b.into_owned()))
            }
            Variant::Weak(b, w, p, ts) => Variant::Weak(b, w, p, ts),
            Variant::Show(t, b) => Variant::Show(t, b),
            Variant::Project(a, b) => Variant::Project(a, b),
            Variant::External(a, b, v) => Variant::External(a, b, v),
            Variant::Edge(u, v, b) => Variant::Edge(u, v, b),
            Variant::Heuristic(a, b, values) => Variant::Heuristic(a, b, values),
        }
    }
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
    /// See [`Rule::condition_spans`].
    condition_spans: Vec<crate::normalize::rules::ConditionSpan>,
    /// Variables occurring in the global part.
    global: FxHashSet<u32>,
    /// Variable occurrences in aggregate element tuples (for the global-variable info).
    tuple_occurrences: Vec<(u32, Span)>,
    arith_spans: FxHashMap<T, Span>,
    linear: FxHashMap<T, String>,
    /// Extra literals (ranges, arithmetic equations) for the scope being converted.
    extra: Vec<Lit>,
    region: Region,
    arith_count: u32,
    /// Auxiliary variables so far: intervals `#RangeN`, external calls `#ScriptN` (see
    /// `terms`) and anonymous variables `#AnonN`, numbered by one counter in the order they
    /// occur, as gringo names them in messages (`p(_,1..2)`: `#Anon0`, `#Range1`).
    aux_count: u32,
    /// `operation undefined` infos found while converting (ground or `/0` arithmetic).
    infos: Vec<Diagnostic>,
    /// Where the current sequence of parts stopped (the number of infos then; see `stops`).
    stop: Option<usize>,
    /// Projection rules made for literals with anonymous arguments.
    projections: Vec<ast::Statement>,
    /// Whether positive body literals are projected (see `project`).
    project_positive: bool,
    /// The number of parameters of the statement's part: projected atoms end with them, so
    /// that each grounding of the part defines its own (an atom defined in an earlier step
    /// cannot be defined again).
    params: usize,
    /// The part's marker for the rule (`#inc_base` when `None`).
    marker: Option<Arc<str>>,
    /// How many body literals of the statement come from its head (see `negheads::split`).
    moved_head: usize,
    /// See [`Rule::head_span`].
    head_span: Option<Span>,
}

/// Calls `f` on each named variable of `t` with its span.
fn collect_var_spans(t: &ast::Term, f: &mut dyn FnMut(&str, &Span)) {
    match &t.kind {
        TermKind::Variable(v) => f(v, &t.span),
        _ => t
            .children()
            .into_iter()
            .for_each(|a| collect_var_spans(a, f)),
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
        if t.kind == TermKind::Anonymous {
            return true;
        }
        stack.extend(t.children());
    }
    false
}

/// Appends the named variables of `t` (each once) to `out`.
fn named_variables(t: &ast::Term, out: &mut Vec<ast::Term>) {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if matches!(t.kind, TermKind::Variable(_)) && !out.iter().any(|o| o.kind == t.kind) {
            out.push(t.clone());
        }
        stack.extend(t.children());
    }
}
