//! Heads and whole statements: disjunctions, conditional head elements, head aggregates and the
//! special heads of weak constraints, `#show`, `#external` and `#project`.

use super::literals::{condition_spans, literal_terms};
use super::{Converter, Region, Variant};
use crate::ast::{self, BodyLiteral, LiteralKind, Sign};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::normalize::rules::{Bound, ConditionSpan, Head, HeadElem, Lit, Rule, RuleNotes};
use crate::normalize::unpool;
use crate::term::eval::T;
use fxhash::{FxHashMap, FxHashSet};

/// The marker of the base part (see `Rule::marker`).
pub(crate) const BASE_MARKER: &str = "#inc_base";

impl<'a> Converter<'a> {
    /// A disjunction element. An interval (or external call) in an unconditional one splits
    /// the rule, as in clingo (`r(1..2) ; b.` is `r(1) ; b.` and `r(2) ; b.`): its range goes
    /// to the body. A conditional one keeps its pool (see `unpool::head`): each alternative
    /// becomes an element of the conjunction `index` (see `HeadElem::conj`), and so does each
    /// value of an interval or call in its atom (`p(@f) : c.` with `@f` giving `1` and `2` is
    /// `p(1) & p(2) : c.`, as in clingo).
    pub(super) fn disjunct(&mut self, index: usize, c: &ast::ConditionalLiteral) -> Vec<HeadElem> {
        if !c.condition.is_empty() {
            let alternatives =
                unpool::literal(&c.literal).unwrap_or_else(|_| vec![c.literal.clone()]);
            let mut out = Vec::new();
            for literal in alternatives {
                let alt = ast::ConditionalLiteral {
                    literal,
                    condition: c.condition.clone(),
                };
                out.extend(self.head_elem(&alt, &[], false).map(|mut e| {
                    signed_atom_as_written(&mut e);
                    let inner = e.cond.iter().filter_map(|l| match l {
                        Lit::Range(v, ..) if self.var_names[*v as usize].starts_with("#Range") => {
                            Some(*v)
                        }
                        Lit::Cmp(_, T::Var(v), T::Call(..)) => Some(*v),
                        _ => None,
                    });
                    let mut atom_vars = Vec::new();
                    e.atom.args.iter().for_each(|t| t.vars(&mut atom_vars));
                    let inner = inner.filter(|v| atom_vars.contains(v)).collect();
                    e.conj = Some(Box::new((index as u32, inner)));
                    e
                }));
            }
            let spans = condition_spans(&self.var_ids, &c.literal.span, &c.literal, &c.condition);
            self.condition_spans.extend(spans);
            return out;
        }
        let LiteralKind::Atom(a) = &c.literal.kind else {
            return Vec::new();
        };
        let atom = self.atom(a);
        vec![HeadElem::plain(atom)]
    }

    /// gringo rewrites a choice or head aggregate with one element and no bounds to
    /// `#f{0:atom:}`, whose atom it checks first: its variables are reported where the atom
    /// has them, not where the tuple does.
    fn locate_at_single_atom(&mut self, elements: &[&ast::ConditionalLiteral], bounded: bool) {
        let [element] = elements else {
            return;
        };
        let LiteralKind::Atom(a) = &element.literal.kind else {
            return;
        };
        if bounded {
            return;
        }
        let mut seen = FxHashSet::default();
        for t in &a.args {
            super::collect_var_spans(t, &mut |name, span| {
                let id = self.var_ids.get(name).copied();
                if let Some(slot) = id.filter(|_| seen.insert(name.to_owned())) {
                    if let Some(first) = self.var_spans.get_mut(slot as usize) {
                        *first = span.clone();
                    }
                }
            });
        }
    }

    pub(super) fn head(&mut self, h: &ast::Head, body: &mut Vec<Lit>) -> Head {
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
                // The copies of one written conditional element (`syntax::tuples` splits a
                // pool of argument tuples) share its literal's span and its condition: they
                // form one conjunction, as clingo (`p(1,A;2,A) : d(A)`).
                let mut groups: FxHashMap<(&ast::Span, &[ast::Literal]), usize> =
                    FxHashMap::default();
                let mut elems = Vec::new();
                for (i, e) in es.iter().enumerate() {
                    let index = match e.condition.is_empty() {
                        true => i,
                        false => *groups
                            .entry((&e.literal.span, e.condition.as_slice()))
                            .or_insert(i),
                    };
                    elems.extend(self.disjunct(index, e));
                }
                self.region = Region::Global;
                if let Some((span, spans)) = disjunction_spans(&self.var_ids, &self.span, es) {
                    self.head_span = Some(span);
                    self.condition_spans.extend(spans);
                }
                Head::Disj(elems)
            }
            ast::Head::Choice {
                left,
                right,
                elements,
                span,
            } => {
                let bounds = self.bounds(left, right);
                let written: Vec<_> = elements.iter().collect();
                let elems =
                    self.aggregate_elems(&written, &bounds, |c, e| c.head_elem(e, &[], true));
                self.locate_at_single_atom(&written, !bounds.is_empty());
                Head::Choice {
                    elems,
                    bounds,
                    span: span.clone(),
                }
            }
            ast::Head::Aggregate {
                function,
                left,
                right,
                elements,
                span,
            } => {
                let bounds = self.bounds(left, right);
                let elems = self.aggregate_elems(elements, &bounds, |c, e| {
                    c.head_elem(&e.literal, &e.terms, true)
                });
                let written: Vec<_> = elements.iter().map(|e| &e.literal).collect();
                self.locate_at_single_atom(&written, !bounds.is_empty());
                Head::Agg {
                    function: *function,
                    elems,
                    bounds,
                    span: span.clone(),
                }
            }
        }
    }

    pub(super) fn convert(
        mut self,
        v: &Variant<'_>,
        diags: &mut Vec<Diagnostic>,
        projections: &mut Vec<ast::Statement>,
    ) -> Rule {
        let (head, body_ast) = self.convert_head(v);
        let head_infos = self.infos.len();
        self.project_positive = super::project::projects_positive(v);
        let mut body = Vec::new();
        let mut pending_head = Vec::new();
        std::mem::swap(&mut pending_head, &mut self.extra);
        let mut head_lits = 0;
        for (i, b) in body_ast.iter().enumerate() {
            if i < self.moved_head {
                // A disjunct moved from the head: it drops its element only (see `stops`).
                body.extend(self.sequence(|c| c.body_literal(b)));
                head_lits = body.len();
            } else {
                body.extend(self.body_literal(b));
            }
        }
        body.extend(pending_head);
        body.append(&mut self.extra);
        self.end_sequence();
        if single_head_undefined(v, &head, self.moved_head) {
            // gringo simplifies the head first and drops the statement there, unseen its body.
            self.infos.truncate(head_infos);
        }
        let tuple_infos = self.global_tuple_infos();
        diags.append(&mut self.infos);
        projections.append(&mut self.projections);
        Rule {
            notes: self.take_notes(tuple_infos),
            head,
            body,
            head_lits,
            bound_ranges: 0,
            var_names: self.var_names,
            span: self.span,
            globals: self.global,
            params: Vec::new(),
            marker: (self.marker).unwrap_or_else(|| std::sync::Arc::from(BASE_MARKER)),
        }
    }

    pub(super) fn convert_head<'v>(&mut self, v: &'v Variant<'_>) -> (Head, &'v [BodyLiteral]) {
        let mut extra_body = Vec::new();
        let result = match v {
            Variant::Rule(h, b) => (self.head(h, &mut extra_body), &**b),
            Variant::Weak(b, w, p, ts) => {
                let weight = self.term(w);
                let priority = self.term(p);
                let terms = ts.iter().map(|t| self.term(t)).collect();
                (
                    Head::Weak {
                        weight,
                        priority,
                        terms,
                        weight_span: w.span.clone(),
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
            Variant::Edge(u, v, b) => (Head::Edge(self.term(u), self.term(v)), b.as_slice()),
            Variant::Heuristic(a, b, [weight, priority, modifier]) => {
                let atom = self.atom(a);
                let values = [self.term(weight), self.term(priority), self.term(modifier)];
                let spans = [&weight.span, &priority.span, &modifier.span].map(Clone::clone);
                (
                    Head::Heuristic(Box::new((atom, values, spans))),
                    b.as_slice(),
                )
            }
        };
        self.extra.extend(extra_body);
        result
    }

    /// `info: global variable in tuple of aggregate element` for each such occurrence.
    pub(super) fn global_tuple_infos(&self) -> Vec<Diagnostic> {
        let global = self
            .tuple_occurrences
            .iter()
            .filter(|(var, _)| self.global.contains(var));
        global
            .map(|(var, span)| Diagnostic {
                severity: Severity::Info,
                span: Some(span.clone()),
                message: "global variable in tuple of aggregate element:".into(),
                notes: vec![Note {
                    span: None,
                    text: self
                        .var_names
                        .get(*var as usize)
                        .cloned()
                        .unwrap_or_default(),
                }],
            })
            .collect()
    }
}
/// A disjunction's span (see `Rule::head_span`: from the statement's start `stmt` to its last
/// element's end) and where the variables of its unconditional elements first occur there
/// (see `ConditionSpan`); `None` for no elements.
fn disjunction_spans(
    var_ids: &FxHashMap<String, u32>,
    stmt: &ast::Span,
    es: &[ast::ConditionalLiteral],
) -> Option<(ast::Span, Vec<ConditionSpan>)> {
    let ends = es.iter().flat_map(|e| {
        let last = e.condition.last().map_or(&e.literal.span, |l| &l.span);
        [e.literal.span.end, last.end]
    });
    let end = ends.max_by_key(|p| (p.line, p.column))?;
    let head = ast::Span {
        end,
        ..stmt.clone()
    };
    let unconditional = es.iter().filter(|e| e.condition.is_empty());
    let literals: Vec<&ast::Literal> = unconditional.map(|e| &e.literal).collect();
    let mut seen = FxHashSet::default();
    let mut spans = Vec::new();
    for t in literals.iter().flat_map(|l| literal_terms(l)) {
        super::collect_var_spans(t, &mut |name, at| {
            let id = var_ids.get(name).copied();
            if let Some(var) = id.filter(|&id| seen.insert(id)) {
                spans.push(ConditionSpan {
                    literal: head.clone(),
                    var,
                    in_condition: at.clone(),
                    in_literal: at.clone(),
                });
            }
        });
    }
    Some((head, spans))
}

/// Whether the statement's one head (a rule's single atom, a weak constraint's tuple, the
/// term or atom of `#show`, `#project`, `#external`, `#edge` and `#heuristic`) has arithmetic
/// that is undefined whatever its variables. gringo then drops the statement before it looks
/// at its body: `p(f(X)-1) :- dom(X), 1/0 < 2.` reports `(f(X)-1)` only. A disjunction or an
/// aggregate head drops just the element (`a ; p(1/0) :- 2/0 < 1.` reports both), also when
/// `negheads` left one atom of it (`moved_head` literals: `p(1/0) ; not a :- 2/0 < 1.`).
fn single_head_undefined(v: &Variant<'_>, head: &Head, moved_head: usize) -> bool {
    let undefined = |ts: &[T]| ts.iter().any(T::contains_undefined_arith);
    match head {
        Head::Disj(elems) => {
            let single_atom = match v {
                Variant::Rule(h, _) => matches!(&**h, ast::Head::Literal(l)
                    if l.sign == Sign::None && matches!(l.kind, LiteralKind::Atom(_))),
                _ => false,
            };
            single_atom && moved_head == 0 && elems.iter().any(|e| undefined(&e.atom.args))
        }
        Head::Choice { .. } | Head::Agg { .. } => false,
        Head::Weak {
            weight,
            priority,
            terms,
            ..
        } => {
            weight.contains_undefined_arith()
                || priority.contains_undefined_arith()
                || undefined(terms)
        }
        Head::Show(t) => t.contains_undefined_arith(),
        Head::Project(atom) => undefined(&atom.args),
        Head::External(atom, value) => undefined(&atom.args) || value.contains_undefined_arith(),
        Head::Edge(u, w) => u.contains_undefined_arith() || w.contains_undefined_arith(),
        Head::Heuristic(h) => undefined(&h.0.args) || undefined(&h.1),
    }
}

/// Head aggregate elements.
impl Converter<'_> {
    /// A conditional head element with its tuple: its atom stops the element's simplification
    /// when `atom_stops` (a choice's or head aggregate's element, not a disjunction's: see
    /// `stops`).
    pub(super) fn head_elem(
        &mut self,
        c: &ast::ConditionalLiteral,
        terms_ast: &[ast::Term],
        atom_stops: bool,
    ) -> Option<HeadElem> {
        let saved = std::mem::take(&mut self.extra);
        let (terms, atom, cond) = self.sequence(|s| {
            let terms = terms_ast
                .iter()
                .map(|t| s.part(|c| c.tuple_term(t)))
                .collect();
            let atom = match &c.literal.kind {
                LiteralKind::Atom(a) if atom_stops => Some(s.part(|c| c.atom(a))),
                LiteralKind::Atom(a) => Some(s.sequence(|c| c.atom(a))),
                _ => None,
            };
            let mut cond = Vec::new();
            for l in &c.condition {
                cond.extend(s.literal(l));
            }
            // `not b` in a choice or head aggregate (a disjunction has none left, see
            // `negheads`).
            if c.literal.sign != Sign::None && atom.is_some() {
                cond.extend(s.literal(&c.literal));
            }
            (terms, atom, cond)
        });
        let mut cond = cond;
        let sign = c.literal.sign;
        cond.append(&mut self.extra);
        self.extra = saved;
        Some(HeadElem {
            terms,
            atom: atom?,
            sign,
            cond,
            weight_span: terms_ast.first().map(|t| Box::new(t.span.clone())),
            conj: None,
        })
    }

    /// The elements of a choice or head aggregate. gringo moves the tuple and condition of the
    /// one element of such a head without bounds into the body (see `Head::single_element`):
    /// that tuple is no tuple of an aggregate element (no `global variable in tuple` info).
    fn aggregate_elems<E>(
        &mut self,
        elements: &[E],
        bounds: &[Bound],
        mut convert: impl FnMut(&mut Self, &E) -> Option<HeadElem>,
    ) -> Vec<HeadElem> {
        let single = bounds.is_empty() && elements.len() == 1;
        let occurrences = self.tuple_occurrences.len();
        self.region = Region::Element;
        let elems = elements.iter().filter_map(|e| convert(self, e)).collect();
        self.region = Region::Global;
        if single {
            self.tuple_occurrences.truncate(occurrences);
        }
        elems
    }
}

/// A `not`/`not not` disjunct's atom as its literal in the condition has it (see
/// `instantiate::conjunction`), where an anonymous variable is projected (`not q(_) : d(W)`
/// reads `not #p_q(..)`): the atom derives nothing, so only the literal must be safe.
fn signed_atom_as_written(e: &mut HeadElem) {
    if e.sign == Sign::None {
        return;
    }
    if let Some(Lit::Atom(_, atom)) = e.cond.iter().rev().find(|l| matches!(l, Lit::Atom(..))) {
        e.atom = atom.clone();
    }
}

impl Converter<'_> {
    /// The messages' parts of the rule being converted (see [`RuleNotes`]), taken out.
    fn take_notes(&mut self, tuple_infos: Vec<Diagnostic>) -> Option<Box<RuleNotes>> {
        RuleNotes {
            var_spans: std::mem::take(&mut self.var_spans),
            condition_spans: std::mem::take(&mut self.condition_spans),
            head_span: self.head_span.take(),
            arith_spans: std::mem::take(&mut self.arith_spans),
            linear: std::mem::take(&mut self.linear),
            tuple_infos,
        }
        .boxed()
    }
}
