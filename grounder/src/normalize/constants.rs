//! `#const` definitions, checked and resolved as clingo 5.8.3 does.
//!
//! Definitions are read in order: first the command line's `-c name=term` (each an *override*
//! definition), then the program's `#const name=term.` (a *default* definition unless marked
//! `[override]`). Per name at most one definition of each kind may stand:
//! - an override definition replaces a default one;
//! - a default definition after an override one is ignored;
//! - two definitions of the same kind are an error, `redefinition of constant`, at the later
//!   one with a note at the one that stands (even when both have the same value).
//!
//! The definitions that stand form a graph (a constant depends on the constants named in its
//! value). A strongly connected component of two or more constants is an error, `cyclic
//! constant definition`, reported at the component's first definition in DFS order (the DFS
//! starts from the definitions in order and visits a value's constants from the last named to
//! the first) with a note per other member in the order Tarjan's algorithm pops them. A
//! constant naming only itself is no cycle: `#const a=f(a).` makes `a` stand for `f(f(a))`.
//! Several cycles are reported in the order of their first definitions (clingo's order
//! follows its hash table and may differ).
//!
//! # Invariants
//! - Resolution runs dependencies first, so a resolved value names no other defined constant;
//!   substituting a program's terms is a single pass (no re-substitution, no depth bound).
//! - A resolved value deeper than the parser's nesting bound is reported, never built on.

use fxhash::FxHashMap;
use std::sync::Arc;

use crate::ast::{self, Position, Span, StatementKind, Term, TermKind};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::syntax::actions::MAX_DEPTH;
use crate::syntax::print::MessageText;

/// One definition that stands.
struct Definition {
    value: Term,
    default: bool,
    span: Span,
}

/// The value of each defined constant, ready for [`substitute`]. Errors go to `diags`.
pub(crate) fn resolve(
    program: &ast::Program,
    overrides: &[(String, Term)],
    diags: &mut Vec<Diagnostic>,
) -> FxHashMap<String, Term> {
    let mut defs: FxHashMap<&str, Definition> = FxHashMap::default();
    let mut order: Vec<&str> = Vec::new();
    let command_line = overrides
        .iter()
        .map(|(name, value)| (name.as_str(), value, false, command_line_span(name, value)));
    let program_defs = program
        .statements
        .iter()
        .filter_map(|stmt| match &stmt.kind {
            StatementKind::Const {
                name,
                value,
                overridable,
            } => Some((name.as_str(), value, *overridable, stmt.span.clone())),
            _ => None,
        });
    for (name, value, default, span) in command_line.chain(program_defs) {
        let new = Definition {
            value: value.clone(),
            default,
            span,
        };
        match defs.get_mut(name) {
            None => {
                order.push(name);
                defs.insert(name, new);
            }
            Some(old) if old.default && !default => *old = new,
            Some(old) if old.default == default => {
                diags.push(redefinition(name, &new, old));
            }
            Some(_) => {}
        }
    }
    let graph = Graph::new(&order, &defs);
    let components = graph.components();
    for component in components.iter().filter(|c| c.len() > 1) {
        diags.push(cycle(component, &order, &defs));
    }
    if components.iter().any(|c| c.len() > 1) {
        return FxHashMap::default();
    }
    resolved_values(&order, &defs, &components, diags)
}

/// The values in dependency order (Tarjan's components come out dependencies first).
fn resolved_values(
    order: &[&str],
    defs: &FxHashMap<&str, Definition>,
    components: &[Vec<usize>],
    diags: &mut Vec<Diagnostic>,
) -> FxHashMap<String, Term> {
    let mut values: FxHashMap<String, Term> = FxHashMap::default();
    for component in components {
        let name = order[component[0]];
        let def = &defs[name];
        let value = substitute_with(&def.value, &mut |n| {
            if n == name {
                Some(def.value.clone())
            } else {
                values.get(n).cloned()
            }
        });
        if depth(&value) > MAX_DEPTH {
            diags.push(error(
                def.span.clone(),
                "nesting too deep".into(),
                Vec::new(),
            ));
            continue;
        }
        values.insert(name.to_string(), value);
    }
    values
}

/// `t` with every constant of `consts` replaced by its value (one pass).
pub(crate) fn substitute(t: &Term, consts: &FxHashMap<String, Term>) -> Term {
    substitute_with(t, &mut |name| consts.get(name).cloned())
}

fn substitute_with(t: &Term, value_of: &mut dyn FnMut(&str) -> Option<Term>) -> Term {
    let mut sub = |a: &Term| Box::new(substitute_with(a, value_of));
    let kind = match &t.kind {
        TermKind::Function { name, args } if args.is_empty() => match value_of(name) {
            Some(value) => return value,
            None => t.kind.clone(),
        },
        TermKind::Function { name, args } => TermKind::Function {
            name: name.clone(),
            args: args.iter().map(|a| *sub(a)).collect(),
        },
        TermKind::Call { name, args } => TermKind::Call {
            name: name.clone(),
            args: args.iter().map(|a| *sub(a)).collect(),
        },
        TermKind::Pool(ts) => TermKind::Pool(ts.iter().map(|a| *sub(a)).collect()),
        TermKind::Interval(a, b) => TermKind::Interval(sub(a), sub(b)),
        TermKind::Unary(op, a) => TermKind::Unary(*op, sub(a)),
        TermKind::Binary(op, a, b) => TermKind::Binary(*op, sub(a), sub(b)),
        k => k.clone(),
    };
    Term {
        kind,
        span: t.span.clone(),
    }
}

/// The constants (nullary functions) a term names, in order of occurrence.
fn named_constants<'t>(t: &'t Term, out: &mut Vec<&'t str>) {
    match &t.kind {
        TermKind::Function { name, args } if args.is_empty() => out.push(name),
        _ => t
            .children()
            .into_iter()
            .for_each(|a| named_constants(a, out)),
    }
}

/// The nesting depth of a term.
fn depth(t: &Term) -> u32 {
    let sub = t.children().into_iter().map(depth).max().unwrap_or(0);
    sub.saturating_add(1)
}

/// The dependency graph of the definitions that stand, over their indexes in `order`.
struct Graph {
    /// The constants each definition names (other than itself), from the last named to the
    /// first: the order in which the DFS visits them.
    edges: Vec<Vec<usize>>,
}

impl Graph {
    fn new(order: &[&str], defs: &FxHashMap<&str, Definition>) -> Graph {
        let index: FxHashMap<&str, usize> =
            order.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let edges = order
            .iter()
            .map(|name| {
                let mut named = Vec::new();
                named_constants(&defs[name].value, &mut named);
                let mut targets: Vec<usize> = Vec::new();
                for n in named.iter().rev() {
                    match index.get(n) {
                        Some(&j) if *n != *name && !targets.contains(&j) => targets.push(j),
                        _ => {}
                    }
                }
                targets
            })
            .collect();
        Graph { edges }
    }

    /// Tarjan's strongly connected components (iterative), each in pop order with its root
    /// last, the components in completion order (dependencies first).
    fn components(&self) -> Vec<Vec<usize>> {
        let n = self.edges.len();
        let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
        let (mut on_stack, mut stack) = (vec![false; n], Vec::new());
        let mut components = Vec::new();
        let mut next = 0;
        for start in 0..n {
            if index[start] != usize::MAX {
                continue;
            }
            let mut frames = vec![(start, 0usize)];
            (index[start], low[start], on_stack[start]) = (next, next, true);
            stack.push(start);
            next += 1;
            while let Some(&mut (v, ref mut at)) = frames.last_mut() {
                if let Some(&w) = self.edges[v].get(*at) {
                    *at += 1;
                    if index[w] == usize::MAX {
                        (index[w], low[w], on_stack[w]) = (next, next, true);
                        stack.push(w);
                        next += 1;
                        frames.push((w, 0));
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                frames.pop();
                if let Some(&(parent, _)) = frames.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    components.push(component);
                }
            }
        }
        components
    }
}

/// `#const name=value.` as clingo prints a definition in messages.
fn definition_text(name: &str, def: &Definition) -> String {
    format!("#const {name}={}.", MessageText(&def.value))
}

fn error(span: Span, message: String, notes: Vec<Note>) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        span: Some(span),
        message,
        notes,
    }
}

fn redefinition(name: &str, new: &Definition, old: &Definition) -> Diagnostic {
    let notes = vec![
        Note {
            span: None,
            text: definition_text(name, new),
        },
        Note {
            span: Some(old.span.clone()),
            text: "constant also defined here".into(),
        },
    ];
    error(new.span.clone(), "redefinition of constant:".into(), notes)
}

/// The error for a cyclic component (pop order, root last).
fn cycle(component: &[usize], order: &[&str], defs: &FxHashMap<&str, Definition>) -> Diagnostic {
    let (&root, others) = component.split_last().expect("a component is not empty");
    let text = |i: usize| definition_text(order[i], &defs[order[i]]);
    let mut notes = vec![Note {
        span: None,
        text: text(root),
    }];
    for &i in others {
        notes.push(Note {
            span: Some(defs[order[i]].span.clone()),
            text: "cycle involves definition:".into(),
        });
        notes.push(Note {
            span: None,
            text: text(i),
        });
    }
    let span = defs[order[root]].span.clone();
    error(span, "cyclic constant definition:".into(), notes)
}

/// Where clingo places a `-c name=value` definition: a pseudo-file `<name=value>`.
fn command_line_span(name: &str, value: &Term) -> Span {
    let text = format!("{name}={value}");
    let column = |c: usize| Position {
        line: 1,
        column: u32::try_from(c).unwrap_or(u32::MAX),
    };
    Span {
        file: Arc::from(format!("<{text}>")),
        start: column(1),
        end: column(1 + text.chars().count()),
    }
}
