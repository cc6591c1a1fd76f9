//! Safety and join plans.
//!
//! [`plan`] orders a list of literals for a join, greedily: first every literal that is
//! already decidable (comparisons, negative literals, `#true`, bound aggregates and conditional
//! literals: filters prune early), then assignments (`X = t` with `t` bound, `X = a..b` with
//! bounds bound, `X = #agg{..}` with its global variables bound, an equation linear in its one
//! unbound variable whose other variables arithmetic determines), then the positive atom with the
//! most bound arguments and, on a tie, the smallest domain. A variable is bound once a literal
//! that binds it is placed. Literals that can never be placed make the rule unsafe; their
//! unbound variables (and unbound variables of the head, element tuples and conditional
//! literals) are reported as clingo does, one note per variable in order of first occurrence.
//!
//! # Invariants
//! - A plan places every literal exactly once, and each placed literal has every variable it
//!   needs bound by earlier literals (or the initial binding).

use fxhash::FxHashSet;

use crate::ast::{CompareOp, Sign, Span};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::normalize::rules::{AggLit, CondLit, Head, HeadElem, Lit, Rule};
use crate::term::eval::{is_invertible, linear_difference, T};

/// Variables bound so far.
pub(crate) type Bound = FxHashSet<u32>;

/// Whether every variable of `t` is bound (join planning asks this often: no allocation).
fn bound_term(t: &T, bound: &Bound) -> bool {
    match t {
        T::Val(_) => true,
        T::Var(v) => bound.contains(v),
        T::Fun(_, _, args) | T::Call(_, args) => args.iter().all(|a| bound_term(a, bound)),
        T::Unary(_, a) => bound_term(a, bound),
        T::Binary(_, a, b) => bound_term(a, bound) && bound_term(b, bound),
    }
}

/// Whether matching can bind the unbound variables of `t`.
fn matchable(t: &T, bound: &Bound) -> bool {
    match t {
        T::Val(_) | T::Var(_) => true,
        T::Fun(_, _, args) => args.iter().all(|a| matchable(a, bound)),
        _ => bound_term(t, bound) || is_invertible(t),
    }
}

/// The variables a literal needs from outside an element (its global variables).
fn outer_vars(lit: &Lit, globals: &Bound, out: &mut Vec<u32>) {
    let mut all = Vec::new();
    lit_vars(lit, &mut all);
    out.extend(all.into_iter().filter(|v| globals.contains(v)));
}

/// Every variable of a literal.
pub(crate) fn lit_vars(lit: &Lit, out: &mut Vec<u32>) {
    match lit {
        Lit::Atom(_, a) => a.args.iter().for_each(|t| t.vars(out)),
        Lit::Cmp(_, l, r) => {
            l.vars(out);
            r.vars(out);
        }
        Lit::Range(v, lo, hi) => {
            out.push(*v);
            lo.vars(out);
            hi.vars(out);
        }
        Lit::Bool(_) => {}
        Lit::Agg(agg) => {
            agg.bounds.iter().for_each(|(_, t)| t.vars(out));
            for e in &agg.elems {
                e.terms.iter().for_each(|t| t.vars(out));
                e.cond.iter().for_each(|l| lit_vars(l, out));
            }
        }
        Lit::Cond(c) => {
            for a in &c.alts {
                lit_vars(&a.lit, out);
                a.local.iter().for_each(|l| lit_vars(l, out));
            }
            c.cond.iter().for_each(|l| lit_vars(l, out));
        }
    }
}

/// The variable an aggregate assigns (`X = #agg`), if its guard is an unbound variable that
/// no element uses (`X = #sum { W : q(W), X != W }` needs `X` bound elsewhere, as in clingo).
pub(crate) fn assigned_var(agg: &AggLit, bound: &Bound) -> Option<u32> {
    if agg.sign != Sign::None || agg.bounds.len() != 1 || agg.compared {
        return None;
    }
    let v = match agg.bounds.first() {
        Some((CompareOp::Eq, T::Var(v))) if !bound.contains(v) => *v,
        _ => return None,
    };
    let mut used = Vec::new();
    for e in &agg.elems {
        e.terms.iter().for_each(|t| t.vars(&mut used));
        e.cond.iter().for_each(|l| lit_vars(l, &mut used));
    }
    (!used.contains(&v)).then_some(v)
}

/// The one variable of `l = r` outside `known` when `l - r` is linear and its coefficient is
/// nonzero: the equation determines it once the others have values. A variable whose
/// coefficient cancels (`F = W*0+1`, `F = W-W`) still needs a value: the equation does not
/// determine it and is not evaluated before it has one.
fn linear_unknown(l: &T, r: &T, known: &Bound) -> Option<u32> {
    let form = linear_difference(l, r)?;
    let mut vars = Vec::new();
    l.vars(&mut vars);
    r.vars(&mut vars);
    let mut unknown = vars.into_iter().filter(|v| !known.contains(v));
    let v = unknown.next()?;
    if unknown.any(|w| w != v) {
        return None;
    }
    form.coefficients.iter().any(|&(w, _)| w == v).then_some(v)
}

/// The variables arithmetic alone determines (clingo 5.8.3): those of intervals with
/// determined bounds and, repeatedly, the one unknown variable of a linear equation whose
/// other variables are determined. A variable bound by an atom is not determined this way, so
/// `d(Y), X+X = Y` stays unsafe while `Y = 1, X+X = Y` is solved.
fn arithmetic_vars(lits: &[Lit]) -> Bound {
    let mut solved = Bound::default();
    loop {
        let before = solved.len();
        for lit in lits {
            match lit {
                Lit::Range(v, lo, hi) if bound_term(lo, &solved) && bound_term(hi, &solved) => {
                    solved.insert(*v);
                }
                Lit::Cmp(CompareOp::Eq, l, r) => {
                    if let Some(v) = linear_unknown(l, r, &solved) {
                        solved.insert(v);
                    }
                }
                _ => {}
            }
        }
        if solved.len() == before {
            return solved;
        }
    }
}

/// Whether the equation `l = r` can bind its one unbound variable by solving it: `l - r` is
/// linear and its other variables are bound and determined by arithmetic (`solved`).
fn solvable(l: &T, r: &T, bound: &Bound, solved: &Bound) -> bool {
    let Some(form) = linear_difference(l, r) else {
        return false;
    };
    linear_unknown(l, r, bound).is_some()
        && form
            .coefficients
            .iter()
            .all(|(v, _)| !bound.contains(v) || solved.contains(v))
}

/// How soon a literal can be placed: `None` not yet, lower is sooner. `solved`: the variables
/// arithmetic determines (see [`arithmetic_vars`]).
fn readiness(lit: &Lit, bound: &Bound, globals: &Bound, solved: &Bound) -> Option<u8> {
    match lit {
        Lit::Bool(_) => Some(0),
        Lit::Atom(Sign::None, _) => Some(3),
        Lit::Atom(_, a) => a.args.iter().all(|t| bound_term(t, bound)).then_some(0),
        Lit::Cmp(op, l, r) => {
            let (lb, rb) = (bound_term(l, bound), bound_term(r, bound));
            if lb && rb {
                Some(0)
            } else if *op == CompareOp::Eq
                && ((lb && matchable(r, bound))
                    || (rb && matchable(l, bound))
                    || solvable(l, r, bound, solved))
            {
                Some(1)
            } else {
                None
            }
        }
        Lit::Range(v, lo, hi) => (bound_term(lo, bound) && bound_term(hi, bound))
            .then_some(if bound.contains(v) { 0 } else { 1 }),
        Lit::Agg(agg) => {
            let assigned = assigned_var(agg, bound);
            let mut need = Vec::new();
            outer_vars(lit, globals, &mut need);
            if agg.compared {
                // Its guard may be a variable the rewriting made (`#ScriptN` of `= @f(..)`).
                agg.bounds.iter().for_each(|(_, t)| t.vars(&mut need));
            }
            let ok = need
                .iter()
                .all(|v| bound.contains(v) || Some(*v) == assigned);
            ok.then_some(if assigned.is_some() { 2 } else { 0 })
        }
        Lit::Cond(_) => {
            let mut need = Vec::new();
            outer_vars(lit, globals, &mut need);
            need.iter().all(|v| bound.contains(v)).then_some(0)
        }
    }
}

/// Marks the variables `lit` binds once placed.
fn bind(lit: &Lit, bound: &mut Bound, globals: &Bound) {
    match lit {
        Lit::Atom(Sign::None, a) => {
            let mut vs = Vec::new();
            a.args.iter().for_each(|t| t.vars(&mut vs));
            bound.extend(vs);
        }
        Lit::Cmp(..) => {
            let mut vs = Vec::new();
            lit_vars(lit, &mut vs);
            bound.extend(vs);
        }
        Lit::Range(v, ..) => {
            bound.insert(*v);
        }
        Lit::Agg(agg) => {
            if let Some(v) = assigned_var(agg, bound) {
                bound.insert(v);
            }
            let _ = globals;
        }
        _ => {}
    }
}

/// Orders `lits` for a join given the `bound` variables; `sizes` estimates a literal's domain.
/// Returns the order and the indexes of literals that could not be placed.
pub(crate) fn plan(
    lits: &[Lit],
    bound: &mut Bound,
    globals: &Bound,
    sizes: &dyn Fn(&Lit) -> u32,
) -> (Vec<usize>, Vec<usize>) {
    plan_from(lits, None, bound, globals, sizes)
}

/// [`plan`] with the literal `first` (a positive atom) placed before all others: a
/// semi-naive round joins its delta first, so the round's work follows the delta's size
/// (`p(X) :- p(X+1), X = 0..n.` matches each new `p` atom once instead of running the
/// interval in every round).
pub(crate) fn plan_from(
    lits: &[Lit],
    first: Option<usize>,
    bound: &mut Bound,
    globals: &Bound,
    sizes: &dyn Fn(&Lit) -> u32,
) -> (Vec<usize>, Vec<usize>) {
    let solved = arithmetic_vars(lits);
    let mut left: Vec<usize> = (0..lits.len()).collect();
    let mut order = Vec::with_capacity(lits.len());
    if let Some(lit @ Lit::Atom(Sign::None, _)) = first.and_then(|f| lits.get(f)) {
        left.retain(|&i| Some(i) != first);
        bind(lit, bound, globals);
        order.extend(first);
    }
    while !left.is_empty() {
        let mut best: Option<(u8, i64, usize)> = None;
        for (k, &i) in left.iter().enumerate() {
            let Some(lit) = lits.get(i) else { continue };
            let Some(rank) = readiness(lit, bound, globals, &solved) else {
                continue;
            };
            let score = match lit {
                Lit::Atom(Sign::None, a) => {
                    let free = a.args.iter().filter(|t| !bound_term(t, bound)).count() as i64;
                    free * (1 << 32) + i64::from(sizes(lit))
                }
                _ => 0,
            };
            // Among equally good positive atoms the last one wins: gringo joins a body from
            // its last literal to its first, which fixes the order of instances (and so of
            // atoms in clingo's answers).
            let later_wins = matches!(lit, Lit::Atom(Sign::None, _));
            let better = |(r, s, _): (u8, i64, usize)| {
                (rank, score) < (r, s) || (later_wins && (rank, score) == (r, s))
            };
            if best.is_none_or(better) {
                best = Some((rank, score, k));
            }
        }
        let Some((_, _, k)) = best else { break };
        let i = left.remove(k);
        if let Some(lit) = lits.get(i) {
            bind(lit, bound, globals);
        }
        order.push(i);
    }
    (order, left)
}

/// The variables a literal that could not be placed leaves unbound (for aggregates and
/// conditional literals only their global variables: local ones are reported per element).
fn unplaced_vars(lit: &Lit, globals: &Bound, bound: &Bound, bad: &mut Vec<u32>) {
    let mut vs = Vec::new();
    match lit {
        Lit::Agg(agg) => {
            agg.bounds.iter().for_each(|(_, t)| t.vars(&mut vs));
            outer_vars(lit, globals, &mut vs);
        }
        Lit::Cond(_) => outer_vars(lit, globals, &mut vs),
        _ => lit_vars(lit, &mut vs),
    }
    bad.extend(vs.into_iter().filter(|v| !bound.contains(v)));
}

/// The texts of the constructs an unsafe-variable error prints.
pub(crate) struct Texts<'a> {
    /// The whole rule.
    pub rule: &'a dyn Fn() -> String,
    /// A body aggregate or conditional literal.
    pub lit: &'a dyn Fn(&Lit) -> String,
    /// The head alone (a disjunction, choice or aggregate).
    pub head: &'a dyn Fn() -> String,
}

/// The unsafe-variable errors of `rule` in gringo's order: the head choice or aggregate with
/// unsafe local variables (or each conditional disjunction element's, see
/// [`disjunction_unsafe`]), then each body aggregate or conditional literal with unsafe local
/// variables (in `order`, gringo's body order, see `body_order`), then the rule.
pub(crate) fn check(rule: &Rule, order: &[usize], texts: &Texts<'_>) -> Vec<Diagnostic> {
    let globals = &rule.globals;
    let mut out = Vec::new();
    let mut bad: Vec<u32> = Vec::new();
    let mut bound: Bound = rule.params.iter().map(|p| p.var).collect();
    let body = checked_body(rule);
    // The body's own conditional literals and aggregates see only what the body binds: the
    // variables of a head element's condition that gringo moves into the body stay local to
    // it (`{ q(X) : r(W) } :- d(X), a : not s(W).` is unsafe).
    let mut body_bound = bound.clone();
    plan(&rule.body, &mut body_bound, globals, &|_| 0);
    let (_, left) = plan(&body, &mut bound, globals, &|_| 0);
    for i in left {
        if let Some(l) = body.get(i) {
            unplaced_vars(l, globals, &bound, &mut bad);
        }
    }
    let local =
        |vs: Vec<u32>| -> Vec<u32> { vs.into_iter().filter(|v| !globals.contains(v)).collect() };
    let mut head_inner = Vec::new();
    head_unsafe(&rule.head, &bound, globals, &mut bad, &mut head_inner);
    let head_inner = local(head_inner);
    let mut rule_note: &dyn Fn(u32) -> Option<Span> = &first_span(rule);
    let outside_elements = outside_elements_span(rule);
    if !head_inner.is_empty() {
        // gringo checks the elements of a choice or head aggregate apart, unless it moved
        // a single element without bounds into the body (see `Head::single_element`).
        match &rule.head {
            Head::Agg { span, .. } | Head::Choice { span, .. }
                if rule.head.single_element().is_none() =>
            {
                let text = (texts.head)();
                out.push(unsafe_error(
                    rule,
                    span,
                    &head_inner,
                    text,
                    &first_span(rule),
                ))
            }
            Head::Disj(elems) if rule.head_lits == 0 => match rule.head_span() {
                Some(span) => {
                    let text = (texts.head)();
                    for (vars, notes) in disjunction_unsafe(rule, elems, &bound, &mut bad) {
                        let note = |v| notes.iter().find(|(x, _)| *x == v)?.1.clone();
                        out.push(unsafe_error(rule, span, &vars, text.clone(), &note));
                    }
                    rule_note = &outside_elements;
                }
                None => bad.extend(head_inner),
            },
            _ => bad.extend(head_inner),
        }
    }
    for lit in order.iter().filter_map(|&i| rule.body.get(i)) {
        match lit {
            Lit::Agg(agg) => {
                let mut inner = Vec::new();
                for e in &agg.elems {
                    element_unsafe(&e.cond, &e.terms, None, &body_bound, globals, &mut inner);
                }
                let inner = local(inner);
                if !inner.is_empty() {
                    let text = (texts.lit)(lit);
                    out.push(unsafe_error(
                        rule,
                        &agg.span,
                        &inner,
                        text,
                        &first_span(rule),
                    ));
                }
            }
            Lit::Cond(c) => {
                let (inner, repeats) = conditional_unsafe(c, &body_bound, globals);
                let inner = local(inner);
                if inner.is_empty() {
                    continue;
                }
                let text = (texts.lit)(lit);
                let in_condition = |v| condition_note(rule, &c.span, v, true);
                let in_literal = |v| condition_note(rule, &c.span, v, false);
                out.push(unsafe_error(
                    rule,
                    &c.span,
                    &inner,
                    text.clone(),
                    &in_condition,
                ));
                for vars in repeats {
                    let vars = local(vars);
                    out.push(unsafe_error(
                        rule,
                        &c.span,
                        &vars,
                        text.clone(),
                        &in_literal,
                    ));
                }
            }
            _ => {}
        }
    }
    if !bad.is_empty() {
        let text = (texts.rule)();
        out.push(unsafe_error(rule, &rule.span, &bad, text, rule_note));
    }
    out
}

/// Where the note of each variable of an error points.
type Notes = Vec<(u32, Option<Span>)>;

/// The unsafe variables of a disjunction's elements, as gringo checks them: an unconditional
/// element's go to `bad` (the rule's error); a conditional element is checked apart (with
/// the variables the body binds) for its local variables, those outside every element and
/// condition (`Rule::globals`): first its
/// condition alone (the notes point into the condition), then its atom with the condition
/// (the notes point at the first occurrence in the atom, then the condition). Each check that
/// finds some gives an error, in element order: `p(X,Y) : q(X), not s(Y)` gives two. Each
/// error comes with its variables' note spans.
fn disjunction_unsafe(
    rule: &Rule,
    elems: &[HeadElem],
    bound: &Bound,
    bad: &mut Vec<u32>,
) -> Vec<(Vec<u32>, Notes)> {
    let globals = &rule.globals;
    let mut errors = Vec::new();
    for e in elems {
        let atom = Lit::Atom(Sign::Not, e.atom.clone());
        if e.cond.is_empty() {
            element_unsafe(&[], &[], Some(&atom), bound, globals, bad);
            continue;
        }
        let local = |vs: Vec<u32>| -> Vec<u32> {
            vs.into_iter().filter(|v| !globals.contains(v)).collect()
        };
        let noted = |vars: &[u32], in_condition: bool| -> Notes {
            let span = |v| condition_note(rule, &e.atom.span, v, in_condition);
            vars.iter().map(|&v| (v, span(v))).collect()
        };
        // The condition alone is without a `not`/`not not` disjunct's own literal (the last
        // atom of its condition): that literal is checked with the atom.
        let mut written = e.cond.clone();
        if e.sign != Sign::None {
            if let Some(at) = written.iter().rposition(|l| matches!(l, Lit::Atom(..))) {
                written.remove(at);
            }
        }
        let mut alone = Vec::new();
        element_unsafe(&written, &[], None, bound, globals, &mut alone);
        let mut joined = Vec::new();
        element_unsafe(&e.cond, &[], Some(&atom), bound, globals, &mut joined);
        for (vars, in_condition) in [(local(alone), true), (local(joined), false)] {
            if !vars.is_empty() {
                let notes = noted(&vars, in_condition);
                errors.push((vars, notes));
            }
        }
    }
    errors
}

/// Where the note of variable `v` of the conditional literal or disjunction element at `key`
/// points (see `ConditionSpan`): its first occurrence in the condition, or in the literal then
/// the condition; a variable the rewriting made (`#Script0`) where it was made.
fn condition_note(rule: &Rule, key: &Span, v: u32, in_condition: bool) -> Option<Span> {
    let spans = rule.condition_spans().iter();
    match spans.filter(|s| &s.literal == key).find(|s| s.var == v) {
        Some(s) if in_condition => Some(s.in_condition.clone()),
        Some(s) => Some(s.in_literal.clone()),
        None => first_span(rule)(v),
    }
}

/// Where the rule-level note of a variable points when the head is a disjunction whose
/// elements gringo checks apart: a local variable (see `Rule::globals`) at its first occurrence in an
/// unconditional element (`s(Y)` in `p(X,Y) : q(X) ; s(Y) :- t.`), any other at its first
/// occurrence in the rule.
fn outside_elements_span(rule: &Rule) -> impl Fn(u32) -> Option<Span> + '_ {
    move |v| {
        let head = rule.head_span();
        let at = rule.condition_spans().iter();
        let unconditional = at.filter(|s| Some(&s.literal) == head).find(|s| s.var == v);
        match unconditional {
            Some(s) if !rule.globals.contains(&v) => Some(s.in_literal.clone()),
            _ => first_span(rule)(v),
        }
    }
}

/// Unsafe variables of a body conditional literal, and how many more times clingo reports
/// them. A positive atom's unbound variables are local to it (it holds when some instance
/// does); any other literal needs all its variables bound. An alternative's local literals
/// are planned after the condition. gringo checks the condition once more per alternative,
/// joined with the alternative when it is a positive atom (which then binds its variables),
/// and repeats the error for every alternative that check finds unsafe (with the variables
/// that check finds): `a : not d(W)` twice, `a(W) : not d(W)` once, `a(X;Z) : not d(W)` three
/// times, `W < Y : d(Y)` once.
fn conditional_unsafe(c: &CondLit, bound: &Bound, globals: &Bound) -> (Vec<u32>, Vec<Vec<u32>>) {
    let mut inner = Vec::new();
    let mut repeats = Vec::new();
    for a in &c.alts {
        let checked = match &a.lit {
            Lit::Atom(Sign::None, _) => None,
            other => Some(other),
        };
        let mut cond = c.cond.clone();
        cond.extend(a.local.iter().cloned());
        let mut alone = Vec::new();
        element_unsafe(&cond, &[], checked, bound, globals, &mut alone);
        let safe = alone.iter().all(|v| globals.contains(v));
        inner.append(&mut alone);
        if safe {
            // The joined check has more binders and needs fewer variables: safe as well.
            continue;
        }
        if checked.is_none() {
            cond.push(a.lit.clone());
        }
        let mut joined = Vec::new();
        element_unsafe(&cond, &[], None, bound, globals, &mut joined);
        if joined.iter().any(|v| !globals.contains(v)) {
            repeats.push(joined);
        }
    }
    (inner, repeats)
}

/// The body gringo checks: with the condition of a single head element without bounds, which
/// it moves there (see `Head::single_element`): `{ q(Y) : r(Z) } :- d(Y), not s(Z).` is safe.
fn checked_body(rule: &Rule) -> std::borrow::Cow<'_, [Lit]> {
    match rule.head.single_element() {
        Some(e) if !e.cond.is_empty() => {
            let mut body = rule.body.clone();
            body.extend(e.cond.iter().cloned());
            std::borrow::Cow::Owned(body)
        }
        _ => std::borrow::Cow::Borrowed(&rule.body),
    }
}

/// Unsafe variables of an element: its condition planned after the rule's bound variables.
fn element_unsafe(
    cond: &[Lit],
    terms: &[T],
    lit: Option<&Lit>,
    outer: &Bound,
    globals: &Bound,
    bad: &mut Vec<u32>,
) {
    let mut bound = outer.clone();
    let (_, left) = plan(cond, &mut bound, globals, &|_| 0);
    let mut vs = Vec::new();
    for i in left {
        if let Some(l) = cond.get(i) {
            lit_vars(l, &mut vs);
        }
    }
    terms.iter().for_each(|t| t.vars(&mut vs));
    if let Some(l) = lit {
        lit_vars(l, &mut vs);
    }
    bad.extend(vs.into_iter().filter(|v| !bound.contains(v)));
}

/// Unsafe variables of the head: global ones into `bad`, element-local ones into `inner`.
fn head_unsafe(
    head: &Head,
    bound: &Bound,
    globals: &Bound,
    bad: &mut Vec<u32>,
    inner: &mut Vec<u32>,
) {
    let mut vs = Vec::new();
    match head {
        Head::Disj(elems) | Head::Choice { elems, .. } | Head::Agg { elems, .. } => {
            for e in elems {
                let lit = Lit::Atom(Sign::Not, e.atom.clone());
                element_unsafe(&e.cond, &e.terms, Some(&lit), bound, globals, inner);
            }
            if let Head::Choice { bounds, .. } | Head::Agg { bounds, .. } = head {
                bounds.iter().for_each(|(_, t)| t.vars(&mut vs));
            }
        }
        Head::Weak {
            weight,
            priority,
            terms,
            ..
        } => {
            weight.vars(&mut vs);
            priority.vars(&mut vs);
            terms.iter().for_each(|t| t.vars(&mut vs));
        }
        Head::Show(t) => t.vars(&mut vs),
        Head::Project(a) | Head::External(a, _) => a.args.iter().for_each(|t| t.vars(&mut vs)),
        Head::Edge(u, v) => {
            u.vars(&mut vs);
            v.vars(&mut vs);
        }
        Head::Heuristic(heuristic) => {
            let (a, values, _) = &**heuristic;
            a.args.iter().for_each(|t| t.vars(&mut vs));
            values.iter().for_each(|t| t.vars(&mut vs));
        }
    }
    bad.extend(inner.iter().copied().filter(|v| globals.contains(v)));
    bad.extend(vs.into_iter().filter(|v| !bound.contains(v)));
}

/// Where a variable first occurs in the rule (the note of an unsafe variable, as clingo).
fn first_span(rule: &Rule) -> impl Fn(u32) -> Option<Span> + '_ {
    |v| rule.var_span(v).cloned()
}

/// The `unsafe variables in:` error at `span` (the construct printed as `text`), one note per
/// variable sorted by name, located by `note_span`, as clingo.
fn unsafe_error(
    rule: &Rule,
    span: &Span,
    vars: &[u32],
    text: String,
    note_span: &dyn Fn(u32) -> Option<Span>,
) -> Diagnostic {
    let name = |v: u32| rule.var_names.get(v as usize).cloned().unwrap_or_default();
    let mut vars = vars.to_vec();
    vars.sort_by_key(|&v| name(v));
    vars.dedup_by_key(|v| name(*v));
    let mut notes = vec![Note { span: None, text }];
    for v in vars {
        let name = rule.var_names.get(v as usize).cloned().unwrap_or_default();
        notes.push(Note {
            span: note_span(v),
            text: format!("'{name}' is unsafe"),
        });
    }
    Diagnostic {
        severity: Severity::Error,
        span: Some(span.clone()),
        message: "unsafe variables in:".into(),
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize::rules::{AtomPat, Pred};
    use crate::term::intern::Val;

    fn atom(sign: Sign, name: u32, vars: &[u32]) -> Lit {
        Lit::Atom(
            sign,
            AtomPat {
                pred: Pred {
                    name,
                    arity: vars.len() as u32,
                    negative: false,
                },
                args: vars.iter().map(|&v| T::Var(v)).collect(),
                span: Span::default(),
            },
        )
    }

    /// `not r(X), X < Y, q(Y), p(X)`: the smaller relation first, filters as soon as bound.
    #[test]
    fn plans_put_filters_right_after_their_binders() {
        let lits = vec![
            atom(Sign::Not, 0, &[0]),
            Lit::Cmp(CompareOp::Lt, T::Var(0), T::Var(1)),
            atom(Sign::None, 1, &[1]),
            atom(Sign::None, 2, &[0]),
        ];
        let sizes = |l: &Lit| match l {
            Lit::Atom(_, a) if a.pred.name == 1 => 5,
            _ => 100,
        };
        let mut bound = Bound::default();
        let (order, left) = plan(&lits, &mut bound, &Bound::default(), &sizes);
        assert!(left.is_empty());
        assert_eq!(order, vec![2, 3, 0, 1]);
    }

    /// `X = 0..9, p(X)` (the interval binds first) with `p(X)` as the semi-naive delta: the
    /// delta goes first and the interval's variable is then bound (a filter).
    #[test]
    fn a_delta_atom_is_joined_first() {
        let lits = vec![
            Lit::Range(0, T::Val(Val::Num(0)), T::Val(Val::Num(9))),
            atom(Sign::None, 1, &[0]),
        ];
        let (order, _) = plan(&lits, &mut Bound::default(), &Bound::default(), &|_| 0);
        assert_eq!(order, vec![0, 1]);
        let (order, left) = plan_from(
            &lits,
            Some(1),
            &mut Bound::default(),
            &Bound::default(),
            &|_| 0,
        );
        assert!(left.is_empty());
        assert_eq!(order, vec![1, 0]);
    }

    #[test]
    fn unbindable_literals_are_left_over() {
        let lits = vec![atom(Sign::Not, 0, &[0])];
        let mut bound = Bound::default();
        let (order, left) = plan(&lits, &mut bound, &Bound::default(), &|_| 0);
        assert!(order.is_empty());
        assert_eq!(left, vec![0]);
    }
}
