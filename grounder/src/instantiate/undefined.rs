//! `info: atom does not occur in any rule head` for the body atoms of underivable predicates,
//! as clingo words and orders them.
//!
//! The infos come in the order the atoms are written (file by file). A
//! positive atom with an anonymous variable is shown as gringo projects it when its
//! conjunction has another literal (an atom, aggregate or conditional literal of the body, or a
//! second literal of a conditional literal or head condition; aggregate elements are never
//! projected): `_` becomes `#P` and every other argument that is no value `#X`, numbered per
//! atom (`s(X,_), t(X)` shows `s(#X0,#P1)`). The atom of a negative literal with `_` (the body
//! of its projection rule, see `normalize::rewrite`) is always shown so. A projected atom is
//! reported once, at its first occurrence: gringo shares one projection between them.

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::Span;
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::Grounder;
use crate::normalize::print::Printer;
use crate::normalize::rules::{AtomPat, Head, Lit, Pred, Rule};
use crate::term::intern::Interner;

/// The infos for the body atoms of `rules` whose predicate is not in `heads` (the predicates
/// with a head anywhere in the program, facts and `#defined`).
pub(crate) fn undefined_atom_infos(
    g: &mut Grounder,
    rules: &[&Rule],
    heads: &FxHashSet<Pred>,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    // The index in `out` of each location's message.
    let mut at: FxHashMap<Span, usize> = FxHashMap::default();
    let mut projected_seen: FxHashSet<String> = FxHashSet::default();
    for r in rules {
        let mut atoms = rule_atoms(g.table, r);
        // In the order they are written, as clingo reports them.
        atoms.sort_by_key(|(a, _)| a.span.start);
        for (a, projected) in atoms {
            if heads.contains(&a.pred) {
                continue;
            }
            let printer = Printer {
                table: g.table,
                names: &r.var_names,
            };
            let mut text = String::new();
            if projected {
                printer.projected_atom(a, &mut text);
                if !projected_seen.insert(text.clone()) {
                    continue;
                }
            } else {
                printer.atom(a, &mut text);
            }
            let d = Diagnostic {
                severity: Severity::Info,
                span: Some(a.span.clone()),
                message: "atom does not occur in any rule head:".into(),
                notes: vec![Note { span: None, text }],
            };
            // One message per location (the last pool alternative's text, as clingo).
            match at.get(&a.span).and_then(|&k| out.get_mut(k)) {
                Some(old) => *old = d,
                None => {
                    at.insert(a.span.clone(), out.len());
                    out.push(d);
                }
            }
        }
    }
    // As written, per file: a projection rule comes after its statement's rules.
    let mut files: Vec<std::sync::Arc<str>> = Vec::new();
    for d in &out {
        if let Some(span) = &d.span {
            if !files.contains(&span.file) {
                files.push(span.file.clone());
            }
        }
    }
    out.sort_by_key(|d| {
        d.span
            .as_ref()
            .map(|s| (files.iter().position(|f| *f == s.file), s.start))
    });
    out
}

/// The body and condition atoms of `rule`, each with whether clingo shows it projected.
fn rule_atoms<'r>(table: &Interner, rule: &'r Rule) -> Vec<(&'r AtomPat, bool)> {
    // The rewrite names projection rules `#p_<name>_<line>_<column>` (`project_anonymous`).
    let projection_rule = matches!(&rule.head, Head::Disj(elems)
        if elems.first().is_some_and(|e| table.name_text(e.atom.pred.name).starts_with("#p_")));
    let anonymous = |a: &AtomPat| {
        let mut vars = Vec::new();
        a.args.iter().for_each(|t| t.vars(&mut vars));
        vars.iter().any(|&v| {
            rule.var_names
                .get(v as usize)
                .is_some_and(|n| n.starts_with("#Anon"))
        })
    };
    let mut out = Vec::new();
    conjunction_atoms(&rule.body, projection_rule, &anonymous, &mut out);
    for cond in rule.head.conditions() {
        conjunction_atoms(cond, false, &anonymous, &mut out);
    }
    out
}

/// The atoms of one conjunction (a body or a condition): positive atoms with `_` are projected
/// when another literal shares the conjunction, or always (`all`).
fn conjunction_atoms<'r>(
    lits: &'r [Lit],
    all: bool,
    anonymous: &dyn Fn(&AtomPat) -> bool,
    out: &mut Vec<(&'r AtomPat, bool)>,
) {
    let counted = |l: &Lit| matches!(l, Lit::Atom(..) | Lit::Agg(_) | Lit::Cond(_));
    let shared = all || lits.iter().filter(|l| counted(l)).count() > 1;
    for lit in lits {
        match lit {
            Lit::Atom(_, a) => out.push((a, shared && anonymous(a))),
            Lit::Cond(c) => {
                let inner = c.alts.iter().map(|alt| &alt.lit).chain(&c.cond);
                let shared = inner.clone().filter(|l| counted(l)).count() > 1;
                for l in inner {
                    if let Lit::Atom(_, a) = l {
                        out.push((a, shared && anonymous(a)));
                    }
                }
                let mut local = Vec::new();
                for alt in &c.alts {
                    alt.local.iter().for_each(|l| l.atoms(&mut local));
                }
                out.extend(local.into_iter().map(|(a, _)| (a, false)));
            }
            Lit::Agg(agg) => {
                for e in &agg.elems {
                    let mut atoms = Vec::new();
                    e.cond.iter().for_each(|l| l.atoms(&mut atoms));
                    out.extend(atoms.into_iter().map(|(a, _)| (a, false)));
                }
            }
            Lit::Cmp(..) | Lit::Range(..) | Lit::Bool(_) => {}
        }
    }
}
