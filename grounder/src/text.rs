//! A ground program as ASP text, in the style of `gringo --text`.
//!
//! One statement per line: facts `p(1).`, rules `a;b:-c,not d.`, choices `{a;b}:-c.`, weight
//! bodies `h:-#sum{2,1:a;1,2:not b}>=2.`, `#minimize{w@p,i:l}.` per priority,
//! `#show name:cond.`, `#external a.[false]`, `#project a.`. Auxiliary atoms print as
//! `#aux(N)` with their aspif number.
//!
//! # Invariants
//! - Lines are in program order (facts first); tests sort them.

use std::fmt::Write;

use solver_core::{Atom, Body, ExternalValue, HeadKind, Literal};

use crate::ground::Grounded;

fn atom_name(g: &Grounded, a: Atom) -> String {
    match g
        .atoms
        .get((a.0 as usize).wrapping_sub(1))
        .and_then(|s| s.as_ref())
    {
        Some(sym) => sym.to_string(),
        None => format!("#aux({})", a.0),
    }
}

fn lit_name(g: &Grounded, l: Literal) -> String {
    let name = atom_name(g, l.atom());
    if l.is_positive() {
        name
    } else {
        format!("not {name}")
    }
}

fn join(items: impl Iterator<Item = String>, sep: &str) -> String {
    items.collect::<Vec<_>>().join(sep)
}

/// The text of a whole ground program.
pub(crate) fn print(g: &Grounded) -> String {
    let p = &g.program;
    let mut out = String::new();
    for r in &p.rules {
        let head = join(r.head.iter().map(|&a| atom_name(g, a)), ";");
        let head = match r.kind {
            HeadKind::Choice => format!("{{{head}}}"),
            HeadKind::Disjunction => head,
        };
        let body = match &r.body {
            Body::Normal(lits) => join(lits.iter().map(|&l| lit_name(g, l)), ","),
            Body::Weight { lower, elements } => {
                let elems = join(
                    elements
                        .iter()
                        .enumerate()
                        .map(|(i, w)| format!("{},{}:{}", w.weight, i, lit_name(g, w.literal))),
                    ";",
                );
                format!("#sum{{{elems}}}>={lower}")
            }
        };
        if body.is_empty() {
            let _ = writeln!(out, "{head}.");
        } else {
            let _ = writeln!(out, "{head}:-{body}.");
        }
    }
    for m in &p.minimizes {
        let elems = join(
            m.elements.iter().enumerate().map(|(i, w)| {
                format!(
                    "{}@{},{}:{}",
                    w.weight,
                    m.priority,
                    i,
                    lit_name(g, w.literal)
                )
            }),
            ";",
        );
        let _ = writeln!(out, "#minimize{{{elems}}}.");
    }
    for o in &p.outputs {
        if o.condition.is_empty() {
            let _ = writeln!(out, "#show {}.", o.name);
        } else {
            let cond = join(o.condition.iter().map(|&l| lit_name(g, l)), ",");
            // `:-` would read as a rule arrow: separate a leading classical negation.
            let gap = if cond.starts_with('-') { " " } else { "" };
            let _ = writeln!(out, "#show {}:{gap}{cond}.", o.name);
        }
    }
    for (a, v) in &p.externals {
        let v = match v {
            ExternalValue::Free => "free",
            ExternalValue::True => "true",
            ExternalValue::False => "false",
            ExternalValue::Release => "release",
        };
        let _ = writeln!(out, "#external {}.[{v}]", atom_name(g, *a));
    }
    for a in p.projection.iter().flatten() {
        let _ = writeln!(out, "#project {}.", atom_name(g, *a));
    }
    out
}
