//! A ground program as ASP text, in the style of clingo's `--text` output, that reads back
//! as the same program (`mini-clingo --text f.lp | mini-clingo -` has f.lp's answer sets).
//!
//! One statement per line: facts `p(1).`, rules `a;b:-c,not d.`, choices `{a;b}:-c.`,
//! constraints `:-c.`, weight bodies `h:-2<=#sum{2,0:a;1,1:not b}.`, weak constraints
//! `:~a.[w@p,i]` (one per minimize element), `#show name:cond.`, `#external a.[false]`,
//! `#project a.`. An auxiliary atom (one without a symbol, or with an internal `#` name)
//! prints as `__aux(N)` with its aspif number, so the text parses back. `#show.` comes first and every shown symbol has its own
//! `#show` line (show terms alone would not hide the other atoms), so auxiliary atoms never
//! appear in answers.
//!
//! # Invariants
//! - Weight-body elements and weak constraints carry a tuple index unique in their aggregate
//!   (resp. in the whole program), so equal weights never merge as equal tuples would.
//! - Lines are in program order (facts first); tests sort them.

use std::fmt::Write;

use solver_core::{Atom, Body, ExternalValue, HeadKind, Literal, Rule};

use crate::output::Grounded;

fn atom_name(g: &Grounded, a: Atom) -> String {
    match g.symbols.atom_text((a.0 as usize).wrapping_sub(1)) {
        // Internal atoms (`#p_q_7_19(1)`) cannot be written in a program either.
        Some(name) if !name.starts_with('#') => name,
        _ => format!("__aux({})", a.0),
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

/// The text of one rule, or `None` for a choice with nothing to choose (it says nothing).
fn rule_text(g: &Grounded, r: &Rule) -> Option<String> {
    let head = join(r.head.iter().map(|&a| atom_name(g, a)), ";");
    let head = match r.kind {
        HeadKind::Choice if head.is_empty() => return None,
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
            format!("{lower}<=#sum{{{elems}}}")
        }
    };
    Some(match (head.is_empty(), body.is_empty()) {
        (true, true) => ":-#true.".to_string(),
        (false, true) => format!("{head}."),
        (_, false) => format!("{head}:-{body}."),
    })
}

/// The text of a whole ground program.
pub(crate) fn print(g: &Grounded) -> String {
    let p = &g.program;
    let mut out = String::new();
    out.push_str("#show.\n");
    for text in p.rules.iter().filter_map(|r| rule_text(g, r)) {
        let _ = writeln!(out, "{text}");
    }
    let elements = p
        .minimizes
        .iter()
        .flat_map(|m| m.elements.iter().map(move |w| (m.priority, w)));
    for (i, (priority, w)) in elements.enumerate() {
        let body = lit_name(g, w.literal);
        let _ = writeln!(out, ":~{body}.[{}@{priority},{i}]", w.weight);
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
