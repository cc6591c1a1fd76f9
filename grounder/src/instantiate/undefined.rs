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
    let heads = HeadIndex::new(heads);
    for r in rules {
        let mut atoms = rule_atoms(g.table, r, &heads);
        // In the order they are written, as clingo reports them.
        atoms.sort_by_key(|(a, _)| a.span.start);
        for (a, projected) in atoms {
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

/// A set of predicates looked up by name first: rules name predicates in about the order
/// their names were interned, so a vector indexed by name is read almost sequentially where a
/// hash set of a million predicates misses the cache on every look-up.
struct HeadIndex<'h> {
    /// By name: [`NONE`], [`SEVERAL`] (ask `heads`), or the key of its only predicate.
    by_name: Vec<u32>,
    /// The set itself.
    heads: &'h FxHashSet<Pred>,
}

/// No predicate of the name is in the set.
const NONE: u32 = 0;
/// Several predicates of the name (or one whose key does not fit) are in the set.
const SEVERAL: u32 = 1;

impl<'h> HeadIndex<'h> {
    fn new(heads: &'h FxHashSet<Pred>) -> HeadIndex<'h> {
        let mut by_name = Vec::new();
        for &p in heads {
            let at = p.name as usize;
            if at >= by_name.len() {
                by_name.resize(at + 1, NONE);
            }
            if let Some(slot) = by_name.get_mut(at) {
                *slot = match (*slot, Self::key(p)) {
                    (NONE, Some(key)) => key,
                    _ => SEVERAL,
                };
            }
        }
        HeadIndex { by_name, heads }
    }

    /// The key of `p` in `by_name` (above [`SEVERAL`]); `None` for a huge arity.
    fn key(p: Pred) -> Option<u32> {
        let arity = p.arity.checked_mul(2)?.checked_add(2)?;
        arity.checked_add(u32::from(p.negative))
    }

    fn contains(&self, p: Pred) -> bool {
        match self.by_name.get(p.name as usize).copied().unwrap_or(NONE) {
            NONE => false,
            SEVERAL => self.heads.contains(&p),
            key => Self::key(p) == Some(key),
        }
    }
}

/// The body and condition atoms of `rule` whose predicate is not in `heads`, each with whether
/// clingo shows it projected. (Rules whose atoms are all defined, the common case, cost a
/// look-up per atom: the rest is worked out only for an undefined atom.)
fn rule_atoms<'r>(
    table: &Interner,
    rule: &'r Rule,
    heads: &HeadIndex<'_>,
) -> Vec<(&'r AtomPat, bool)> {
    // The rewrite names projection rules `#p_<name>_<line>_<column>` (`project_anonymous`).
    let projection_rule = || {
        matches!(&rule.head, Head::Disj(elems)
        if elems.first().is_some_and(|e| table.name_text(e.atom.pred.name).starts_with("#p_")))
    };
    let undefined = |a: &AtomPat| !heads.contains(a.pred);
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
    let tests = AtomTests {
        undefined: &undefined,
        anonymous: &anonymous,
    };
    conjunction_atoms(&rule.body, &projection_rule, &tests, &mut out);
    for cond in rule.head.conditions() {
        conjunction_atoms(cond, &|| false, &tests, &mut out);
    }
    out
}

/// What [`conjunction_atoms`] asks of an atom.
struct AtomTests<'t> {
    /// Whether its predicate has no head (only those atoms are collected).
    undefined: &'t dyn Fn(&AtomPat) -> bool,
    /// Whether it has an anonymous variable.
    anonymous: &'t dyn Fn(&AtomPat) -> bool,
}

/// The undefined atoms of one conjunction (a body or a condition): positive atoms with `_` are
/// projected when another literal shares the conjunction, or always (`all`).
fn conjunction_atoms<'r>(
    lits: &'r [Lit],
    all: &dyn Fn() -> bool,
    tests: &AtomTests<'_>,
    out: &mut Vec<(&'r AtomPat, bool)>,
) {
    let (undefined, anonymous) = (tests.undefined, tests.anonymous);
    let counted = |l: &Lit| matches!(l, Lit::Atom(..) | Lit::Agg(_) | Lit::Cond(_));
    let shared_once = std::cell::OnceCell::new();
    let shared =
        || *shared_once.get_or_init(|| lits.iter().filter(|l| counted(l)).count() > 1 || all());
    for lit in lits {
        match lit {
            Lit::Atom(_, a) if !undefined(a) => {}
            Lit::Atom(_, a) => out.push((a, shared() && anonymous(a))),
            Lit::Cond(c) => {
                let inner = c.alts.iter().map(|alt| &alt.lit).chain(&c.cond);
                let shared = inner.clone().filter(|l| counted(l)).count() > 1;
                for l in inner {
                    if let Lit::Atom(_, a) = l {
                        if undefined(a) {
                            out.push((a, shared && anonymous(a)));
                        }
                    }
                }
                let mut local = Vec::new();
                for alt in &c.alts {
                    alt.local.iter().for_each(|l| l.atoms(&mut local));
                }
                let local = local.into_iter().filter(|(a, _)| undefined(a));
                out.extend(local.map(|(a, _)| (a, false)));
            }
            Lit::Agg(agg) => {
                for e in &agg.elems {
                    let mut atoms = Vec::new();
                    e.cond.iter().for_each(|l| l.atoms(&mut atoms));
                    let atoms = atoms.into_iter().filter(|(a, _)| undefined(a));
                    out.extend(atoms.map(|(a, _)| (a, false)));
                }
            }
            Lit::Cmp(..) | Lit::Range(..) | Lit::Bool(_) => {}
        }
    }
}
