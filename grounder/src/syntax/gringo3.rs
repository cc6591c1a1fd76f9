//! The gringo 3 dialect, rewritten into the modern AST right after parsing.
//!
//! Readings (per file): `,` and `;` separate elements and `:` chains conditions (`a : b : c`
//! is `a : b, c`); a pool in a body atom is a conjunction (`p(X;Y)` is `p(X), p(Y)`, also
//! inside conditions); `L [ a=2, b : c ] U` is `L #sum { 2,a : a; 1,b : b, c } U` (the tuple
//! is the weight plus the literal's terms, so distinct elements stay distinct) and
//! `L { a, b : c } U` in a body is a `#count`; `#minimize [ a=2@1 ]` becomes weak constraints;
//! `#hide.` is `#show.`, `#hide p/n.` hides one signature, `#hide p(X) : q(X).` hides the
//! instances where the condition holds (void after `#hide.`), `#show p/n.` shows a signature
//! after `#hide.` and is void without it (everything is shown anyway); `#domain p(X).` adds
//! `p(X)` to the body of every rule of the file that uses `X`. `#abs`, `#mod`, `#pow` and `==`
//! are already plain operators after parsing.

use crate::ast::{
    AggregateFunction, Atom, BodyAggregate, BodyAggregateElement, BodyLiteral, ConditionalLiteral,
    Head, HeadAggregateElement, Literal, LiteralKind, Sign, Span, Statement, StatementKind, Term,
    TermKind, UnaryOp,
};
use crate::syntax::actions::Ctx;
use crate::syntax::lower::{
    atom_term, body_element, constant, false_literal, head_aggregate, literal_only, literal_terms,
    negate, optimize_element, set_element, unpool, zero, Lowered,
};
use crate::syntax::raw::{
    self, AggElem, AggKind, BodyItem, OptElem, RawStatement, Sep, SepKind, Seq, WeightedElem,
};

/// Lowers a file in the gringo 3 dialect, reporting every failure.
pub fn lower(raw: Vec<RawStatement>, ctx: &mut Ctx) -> Vec<Statement> {
    let hides_all = raw.iter().any(|s| {
        matches!(
            s,
            RawStatement::Hide {
                signature: None,
                ..
            }
        )
    });
    let mut domains = Vec::new();
    let mut hidden = Vec::new();
    let mut out = Vec::new();
    for statement in raw {
        if let RawStatement::Domain { atom, .. } = statement {
            domains.push(atom);
            continue;
        }
        if let RawStatement::HideTerm { term, body, span } = statement {
            match (term_atom(&term), hides_all) {
                (_, true) => {}
                (Some(atom), false) => match lower_body(body) {
                    Ok(body) if body.iter().all(simple_literal) => hidden.push((atom, body, span)),
                    Ok(_) => ctx.error(span, "#hide with an aggregate condition is not supported"),
                    Err(failure) => ctx.error(failure.span, failure.message),
                },
                (None, false) => ctx.error(span, "#hide needs an atom"),
            }
            continue;
        }
        if let Err(failure) = lower_statement(statement, hides_all, &mut out) {
            ctx.error(failure.span, failure.message);
        }
    }
    out.extend(hide_instances(hidden));
    for statement in &mut out {
        add_domains(statement, &domains);
    }
    out
}

/// The conditional hides of one signature: its first atom, each hide's atom and body, a span.
type HiddenSignature = (Atom, Vec<(Atom, Vec<BodyLiteral>)>, Span);

/// `#hide p(t) : body.` statements as modern ones: per signature, `#hide p/n.` (as
/// `HideSignature`) and `#show p(V1,..,Vn) : p(V1,..,Vn), #false : (V1,..,Vn) = (t), body.`
/// with one such conditional literal per hide statement, so an instance is shown unless some
/// hide statement matches it under a true body.
fn hide_instances(hidden: Vec<(Atom, Vec<BodyLiteral>, Span)>) -> Vec<Statement> {
    let mut by_signature: Vec<HiddenSignature> = Vec::new();
    for (atom, body, span) in hidden {
        let same = |a: &Atom| {
            a.name == atom.name && a.negative == atom.negative && a.args.len() == atom.args.len()
        };
        match by_signature.iter_mut().find(|(a, _, _)| same(a)) {
            Some((_, hides, _)) => hides.push((atom, body)),
            None => by_signature.push((atom.clone(), vec![(atom, body)], span)),
        }
    }
    let mut out = Vec::new();
    for (pattern, hides, span) in by_signature {
        let vars: Vec<Term> = (0..pattern.args.len())
            .map(|i| Term {
                kind: TermKind::Variable(format!("HIDE_ARG_{i}")),
                span: span.clone(),
            })
            .collect();
        let generic = Atom {
            args: vars.clone(),
            ..pattern.clone()
        };
        let mut body = vec![BodyLiteral::Literal(positive(generic.clone()))];
        for (atom, condition) in hides {
            body.push(BodyLiteral::Conditional(ConditionalLiteral {
                literal: false_literal(&span),
                condition: hide_condition(&vars, atom, condition, &span),
            }));
        }
        let signature = crate::ast::Signature {
            name: pattern.name.clone(),
            arity: pattern.args.len() as u32,
            negative: pattern.negative,
        };
        out.push(Statement {
            kind: StatementKind::HideSignature(signature),
            span: span.clone(),
        });
        let term = atom_term(&generic);
        out.push(Statement {
            kind: StatementKind::ShowTerm { term, body },
            span,
        });
    }
    out
}

/// Whether a body element is a plain literal (what a hide condition may hold).
fn simple_literal(element: &BodyLiteral) -> bool {
    match element {
        BodyLiteral::Literal(_) => true,
        BodyLiteral::Conditional(c) => c.condition.is_empty(),
        BodyLiteral::Aggregate(_) => false,
    }
}

/// The condition of one hide statement over the generic arguments `vars`:
/// `(V1,..,Vn) = (t1,..,tn)` and its body's literals.
fn hide_condition(vars: &[Term], atom: Atom, body: Vec<BodyLiteral>, span: &Span) -> Vec<Literal> {
    let tuple = |args: Vec<Term>| Term {
        kind: TermKind::Function {
            name: String::new(),
            args,
        },
        span: span.clone(),
    };
    let mut condition = Vec::new();
    if !vars.is_empty() {
        condition.push(Literal {
            sign: Sign::None,
            kind: LiteralKind::Comparison {
                first: tuple(vars.to_vec()),
                rest: vec![(crate::ast::CompareOp::Eq, tuple(atom.args))],
            },
            span: span.clone(),
        });
    }
    for element in body {
        match element {
            BodyLiteral::Literal(literal) => condition.push(literal),
            BodyLiteral::Conditional(c) if c.condition.is_empty() => condition.push(c.literal),
            _ => {}
        }
    }
    condition
}

/// Lowers one statement, appending the result(s).
fn lower_statement(
    statement: RawStatement,
    hides_all: bool,
    out: &mut Vec<Statement>,
) -> Lowered<()> {
    let (kind, span) = match statement {
        RawStatement::Plain(statement) => {
            out.push(statement);
            return Ok(());
        }
        statement @ (RawStatement::Edge { .. } | RawStatement::Heuristic { .. }) => {
            return crate::syntax::lower::lower_directive(statement, out);
        }
        RawStatement::Rule { head, body, span } => {
            let head = match head {
                Some(head) => lower_head(head)?,
                None => Head::Literal(false_literal(&span)),
            };
            (
                StatementKind::Rule {
                    head,
                    body: lower_body(body)?,
                },
                span,
            )
        }
        RawStatement::Weak {
            body,
            weight,
            priority,
            terms,
            span,
        } => {
            let priority = priority.unwrap_or_else(|| zero(&weight.span));
            let body = lower_body(body)?;
            (
                StatementKind::Weak {
                    body,
                    weight,
                    priority,
                    terms,
                },
                span,
            )
        }
        RawStatement::Optimize {
            maximize,
            elements,
            span,
        } => {
            out.extend(set_optimize(maximize, elements, &span));
            return Ok(());
        }
        RawStatement::WeightedOptimize {
            maximize,
            elements,
            span,
        } => {
            for element in elements {
                out.push(weighted_optimize(maximize, element, &span));
            }
            return Ok(());
        }
        RawStatement::ShowTerm { term, body, span } => {
            let Some(atom) = term_atom(&term) else {
                return Ok(());
            };
            if !hides_all {
                return Ok(());
            }
            let mut full = vec![BodyLiteral::Literal(positive(atom))];
            full.extend(lower_body(body)?);
            (StatementKind::ShowTerm { term, body: full }, span)
        }
        RawStatement::ShowSignature { signature, span } if hides_all => {
            (StatementKind::ShowSignature(signature), span)
        }
        RawStatement::ShowSignature { .. }
        | RawStatement::Domain { .. }
        | RawStatement::HideTerm { .. } => return Ok(()),
        RawStatement::Hide {
            signature: None,
            span,
        } => (StatementKind::ShowNothing, span),
        RawStatement::Hide {
            signature: Some(signature),
            span,
        } => (StatementKind::HideSignature(signature), span),
        RawStatement::ProjectAtom { atom, body, span } => (
            StatementKind::ProjectAtom {
                atom,
                body: lower_body(body)?,
            },
            span,
        ),
        RawStatement::External {
            atom,
            body,
            value,
            span,
        } => {
            let value = value.unwrap_or_else(|| constant("false", &span));
            (
                StatementKind::External {
                    atom,
                    body: lower_body(body)?,
                    value,
                },
                span,
            )
        }
    };
    out.push(Statement { kind, span });
    Ok(())
}

/// A positive literal over an atom.
fn positive(atom: Atom) -> Literal {
    Literal {
        sign: Sign::None,
        span: atom.span.clone(),
        kind: LiteralKind::Atom(atom),
    }
}

/// Groups a sequence the gringo 3 way: `:` adds a condition to the current element, every
/// other separator starts a new element.
fn group<T>(seq: Seq<T>) -> Vec<(T, Vec<T>)> {
    let mut groups: Vec<(T, Vec<T>)> = Vec::new();
    let mut seps = seq.seps.into_iter();
    for item in seq.items {
        let sep = if groups.is_empty() { None } else { seps.next() };
        match (sep, groups.last_mut()) {
            (
                Some(Sep {
                    kind: SepKind::Colon,
                    ..
                }),
                Some(last),
            ) => last.1.push(item),
            _ => groups.push((item, Vec::new())),
        }
    }
    groups
}

/// Unpools every literal of a condition.
fn unpool_all(literals: Vec<Literal>) -> Vec<Literal> {
    literals.into_iter().flat_map(unpool).collect()
}

/// Lowers a body.
fn lower_body(body: raw::Body) -> Lowered<Vec<BodyLiteral>> {
    let mut out = Vec::new();
    for (item, condition) in group(body) {
        if condition.is_empty() {
            match item {
                BodyItem::Literal(literal) => {
                    out.extend(unpool(literal).into_iter().map(BodyLiteral::Literal));
                }
                BodyItem::Aggregate(aggregate) => {
                    out.push(BodyLiteral::Aggregate(body_aggregate(aggregate)?));
                }
            }
            continue;
        }
        let literal = literal_only(item)?;
        let condition = condition
            .into_iter()
            .map(literal_only)
            .collect::<Lowered<Vec<_>>>()?;
        let condition = unpool_all(condition);
        out.push(BodyLiteral::Conditional(ConditionalLiteral {
            literal,
            condition,
        }));
    }
    Ok(out)
}

/// The weight of a weighted element (1 when omitted).
fn weight_of(element: &WeightedElem) -> Term {
    element.weight.clone().unwrap_or_else(|| Term {
        kind: TermKind::Integer(1),
        span: element.literal.span.clone(),
    })
}

/// `lit = w : c` as a `#sum` element `w, terms(lit) : lit, c`.
fn weighted_element(element: WeightedElem) -> BodyAggregateElement {
    let mut terms = vec![weight_of(&element)];
    terms.extend(literal_terms(&element.literal));
    let mut condition = vec![element.literal];
    condition.extend(unpool_all(element.condition));
    BodyAggregateElement { terms, condition }
}

/// Lowers a body aggregate.
fn body_aggregate(aggregate: raw::Aggregate) -> Lowered<BodyAggregate> {
    let (function, elements) = match aggregate.kind {
        AggKind::Set(seq) => (AggregateFunction::Count, set_elements(seq)),
        AggKind::Weighted(function, elements) => {
            let elements = elements.into_iter().map(weighted_element).collect();
            (function.unwrap_or(AggregateFunction::Sum), elements)
        }
        AggKind::Function(AggregateFunction::Count, elements) if all_atoms(&elements) => {
            let seq = atoms_as_sequence(elements);
            (AggregateFunction::Count, set_elements(seq))
        }
        AggKind::Function(function, elements) => {
            let elements = elements
                .into_iter()
                .map(body_element)
                .collect::<Lowered<Vec<_>>>()?;
            (function, elements)
        }
    };
    Ok(BodyAggregate {
        sign: aggregate.sign,
        function,
        elements,
        left: aggregate.left,
        right: aggregate.right,
        span: aggregate.span,
    })
}

/// `{ a, b : c }` in a body: `#count` elements.
fn set_elements(seq: Seq<Literal>) -> Vec<BodyAggregateElement> {
    group(seq)
        .into_iter()
        .map(|(literal, condition)| set_element(literal, unpool_all(condition)))
        .collect()
}

/// Whether every tuple term of `#count { ... }` reads as an atom (gringo 3's count literal).
fn all_atoms(elements: &[AggElem]) -> bool {
    elements
        .iter()
        .all(|e| !e.terms.is_empty() && e.terms.iter().all(|t| term_atom(t).is_some()))
}

/// The atom a term names (`p(X)`, `-p`), if it names one.
fn term_atom(term: &Term) -> Option<Atom> {
    match &term.kind {
        TermKind::Function { name, args } if !name.is_empty() => Some(Atom {
            negative: false,
            name: name.clone(),
            args: args.clone(),
            span: term.span.clone(),
        }),
        TermKind::Unary(UnaryOp::Minus, inner) => term_atom(inner)
            .filter(|atom| !atom.negative)
            .map(|atom| Atom {
                negative: true,
                ..atom
            }),
        _ => None,
    }
}

/// `#count { a, b : c, d }` read as gringo 3 writes it: the literals with their separators.
fn atoms_as_sequence(elements: Vec<AggElem>) -> Seq<Literal> {
    let mut seq = Seq::default();
    for element in elements {
        let span = element.span.clone();
        let sep = |kind| Sep {
            kind,
            span: span.clone(),
        };
        let mut next_sep = SepKind::Semicolon;
        for term in element.terms {
            if let Some(atom) = term_atom(&term) {
                push(&mut seq, sep(next_sep), positive(atom));
                next_sep = SepKind::Comma;
            }
        }
        for condition in element.conditions {
            let mut kind = SepKind::Colon;
            for literal in condition {
                push(&mut seq, sep(kind), literal);
                kind = SepKind::Comma;
            }
        }
    }
    seq
}

/// Appends to a sequence (the separator is dropped before the first item).
fn push(seq: &mut Seq<Literal>, sep: Sep, item: Literal) {
    if !seq.items.is_empty() {
        seq.seps.push(sep);
    }
    seq.items.push(item);
}

/// Lowers a head.
fn lower_head(head: raw::Head) -> Lowered<Head> {
    match head {
        raw::Head::Literals(seq) => {
            let mut groups = group(seq);
            if groups.len() == 1 && groups.first().is_some_and(|g| g.1.is_empty()) {
                if let Some((literal, _)) = groups.pop() {
                    return Ok(Head::Literal(literal));
                }
            }
            let elements = groups
                .into_iter()
                .map(|(literal, condition)| ConditionalLiteral {
                    literal,
                    condition: unpool_all(condition),
                })
                .collect();
            Ok(Head::Disjunction(elements))
        }
        raw::Head::Aggregate(raw::Aggregate {
            kind: AggKind::Set(seq),
            left,
            right,
            span,
            ..
        }) => {
            let elements = group(seq)
                .into_iter()
                .map(|(literal, condition)| ConditionalLiteral {
                    literal,
                    condition: unpool_all(condition),
                })
                .collect();
            Ok(Head::Choice {
                left,
                right,
                elements,
                span,
            })
        }
        raw::Head::Aggregate(raw::Aggregate {
            kind: AggKind::Weighted(function, elements),
            left,
            right,
            span,
            ..
        }) => {
            let elements = elements.into_iter().map(weighted_head_element).collect();
            let function = function.unwrap_or(AggregateFunction::Sum);
            Ok(Head::Aggregate {
                function,
                left,
                right,
                elements,
                span,
            })
        }
        raw::Head::Aggregate(aggregate) => head_aggregate(aggregate),
    }
}

/// `lit = w : c` in a head weight constraint.
fn weighted_head_element(element: WeightedElem) -> HeadAggregateElement {
    let mut terms = vec![weight_of(&element)];
    terms.extend(literal_terms(&element.literal));
    let condition = unpool_all(element.condition);
    HeadAggregateElement {
        terms,
        literal: ConditionalLiteral {
            literal: element.literal,
            condition,
        },
    }
}

/// `#minimize [ lit = w @ p : c ]` element as a weak constraint.
fn weighted_optimize(maximize: bool, element: WeightedElem, span: &Span) -> Statement {
    let weight = weight_of(&element);
    let weight = if maximize { negate(weight) } else { weight };
    let priority = element.priority.clone().unwrap_or_else(|| zero(span));
    let terms = literal_terms(&element.literal);
    let mut body = vec![BodyLiteral::Literal(element.literal)];
    body.extend(
        unpool_all(element.condition)
            .into_iter()
            .map(BodyLiteral::Literal),
    );
    Statement {
        kind: StatementKind::Weak {
            body,
            weight,
            priority,
            terms,
        },
        span: span.clone(),
    }
}

/// `#minimize { a, b : c }` (gringo 3: a set of literals of weight 1), or the modern form
/// when the elements are not all atoms.
fn set_optimize(maximize: bool, elements: Vec<OptElem>, span: &Span) -> Vec<Statement> {
    let legacy = elements.iter().all(|e| {
        e.priority.is_none()
            && term_atom(&e.weight).is_some()
            && e.terms.iter().all(|t| term_atom(t).is_some())
    });
    if !legacy {
        return elements
            .into_iter()
            .map(|e| optimize_element(maximize, e))
            .collect();
    }
    let aggregate_elements = elements
        .into_iter()
        .map(|e| {
            let mut terms = vec![e.weight];
            terms.extend(e.terms);
            AggElem {
                terms,
                conditions: vec![e.condition],
                colons: vec![e.span.clone()],
                span: e.span,
            }
        })
        .collect();
    group(atoms_as_sequence(aggregate_elements))
        .into_iter()
        .map(|(literal, condition)| {
            let element = WeightedElem {
                literal,
                weight: None,
                priority: None,
                condition,
            };
            weighted_optimize(maximize, element, span)
        })
        .collect()
}

/// Adds the `#domain` atoms of the variables a rule or weak constraint uses to its body.
fn add_domains(statement: &mut Statement, domains: &[Atom]) {
    if domains.is_empty() {
        return;
    }
    let text = statement.kind.to_string();
    let body = match &mut statement.kind {
        StatementKind::Rule { body, .. } | StatementKind::Weak { body, .. } => body,
        _ => return,
    };
    for domain in domains {
        let variables = domain_variables(domain);
        let uses_all = !variables.is_empty() && variables.iter().all(|v| mentions(&text, v));
        if uses_all {
            body.push(BodyLiteral::Literal(positive(domain.clone())));
        }
    }
}

/// The variables in a domain atom's arguments.
fn domain_variables(atom: &Atom) -> Vec<String> {
    atom.args
        .iter()
        .filter_map(|arg| match &arg.kind {
            TermKind::Variable(name) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// Whether printed statement text mentions a variable (as a whole word).
fn mentions(text: &str, variable: &str) -> bool {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '\'';
    text.match_indices(variable).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + variable.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word) && !inside_string(text, at)
    })
}

/// Whether a byte offset of printed text lies inside a string literal.
fn inside_string(text: &str, at: usize) -> bool {
    let mut inside = false;
    let mut escaped = false;
    for c in text[..at].chars() {
        match (c, escaped) {
            ('\\', false) => escaped = true,
            ('"', false) => inside = !inside,
            _ => escaped = false,
        }
    }
    inside
}
