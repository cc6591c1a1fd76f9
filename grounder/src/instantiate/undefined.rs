//! `info: atom does not occur in any rule head` for the body atoms no head can derive, as
//! clingo words and orders them.
//!
//! Which atoms: gringo decides it per body atom, not per predicate. A body atom (of a body,
//! a condition or an aggregate element, positive or negative) is defined when its predicate
//! is defined wholesale (a plain fact `p(1).`, `#defined`, a head of an earlier grounding) or
//! when it unifies with a head atom of some rule of the program being ground, both
//! generalized as `gterm` describes (`s(2,X)` is undefined beside `{ s(3,1) }`).
//!
//! The infos come in the order the atoms are written (file by file). A
//! positive atom with an anonymous variable is shown as gringo projects it when its
//! conjunction has another literal (an atom, aggregate or conditional literal of the body, or a
//! second literal of a conditional literal or head condition; aggregate elements are never
//! projected): `_` becomes `#P` and every other argument that is no value `#X`, numbered per
//! atom (`s(X,_), t(X)` shows `s(#X0,#P1)`). The atom of a negative literal with `_` (the body
//! of its projection rule, see `normalize::rewrite`) is always shown so. A projected atom is
//! reported once, at its first occurrence: gringo shares one projection between them.

use std::hash::{Hash, Hasher};

use fxhash::{FxHashMap, FxHashSet};

use crate::ast::Span;
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::instantiate::gterm::{generalize_atom, unifies, GTerm};
use crate::instantiate::projected::decode;
use crate::instantiate::Grounder;
use crate::normalize::print::Printer;
use crate::normalize::rules::{AtomPat, Head, Lit, Pred, Rule};
use crate::term::eval::T;
use crate::term::intern::Interner;

/// The distinct generalized argument lists of a program's head atoms, grouped by predicate.
///
/// Built once per grounding and shared by every [`Heads`] view (with and without the
/// predicates defined wholesale), without a table per predicate: at a million head
/// predicates, a hash set per predicate was 10 % of a run (its allocation, look-ups and drop).
/// A ground body atom is looked up among a predicate's ground patterns by binary search (a
/// predicate with many ground heads, `p(0). ... p(n).` as rule heads, would otherwise cost a
/// scan per body atom: quadratic); only the patterns with variables are tried in turn.
///
/// # Invariants
/// - `patterns` is sorted by predicate (so by name first), then patterns with variables
///   before ground ones (every argument a value), then by hash; `by_name[n] = (start, end)` is
///   the range of the patterns of the predicates named `n` (empty when there is none).
/// - A predicate's patterns are distinct, except (harmlessly: they are only tried in turn)
///   for equal lists whose hashes tie with another list's.
pub(crate) struct HeadPatterns {
    /// The patterns with their predicates, whether they are ground and their hashes.
    patterns: Vec<Pattern>,
    /// Where the predicates of each name stand in `patterns`.
    by_name: Vec<(u32, u32)>,
}

/// A head pattern: its predicate, whether it is ground, its hash and its arguments.
type Pattern = (Pred, bool, u64, Vec<GTerm>);

/// Whether every argument is a value.
fn is_ground(args: &[GTerm]) -> bool {
    args.iter().all(|t| matches!(t, GTerm::Val(_)))
}

fn hash_of(args: &[GTerm]) -> u64 {
    let mut hasher = fxhash::FxHasher::default();
    args.hash(&mut hasher);
    hasher.finish()
}

impl HeadPatterns {
    /// The patterns of the head atoms of `program`.
    pub(crate) fn new(program: &[Rule]) -> HeadPatterns {
        let mut patterns: Vec<Pattern> = Vec::with_capacity(program.len());
        for rule in program {
            for atom in rule.head.each_atom() {
                let args = generalize_atom(rule, atom);
                patterns.push((atom.pred, is_ground(&args), hash_of(&args), args));
            }
        }
        // Equal lists are adjacent once sorted by their hashes.
        patterns.sort_unstable_by_key(|&(pred, ground, hash, _)| (pred, ground, hash));
        patterns.dedup_by(|a, b| a.0 == b.0 && a.2 == b.2 && a.3 == b.3);
        let names = patterns
            .last()
            .map_or(0, |(pred, ..)| pred.name as usize + 1);
        let mut by_name = vec![(0, 0); names];
        for (at, (pred, ..)) in patterns.iter().enumerate() {
            if let Some(range) = by_name.get_mut(pred.name as usize) {
                if range.1 == 0 {
                    range.0 = at as u32;
                }
                range.1 = at as u32 + 1;
            }
        }
        HeadPatterns { patterns, by_name }
    }

    /// Whether an atom of `pred` with the generalized arguments `body` unifies with a head.
    fn unifies_with(&self, table: &Interner, pred: Pred, body: &[GTerm]) -> bool {
        let (start, end) = self
            .by_name
            .get(pred.name as usize)
            .copied()
            .unwrap_or((0, 0));
        let named = self
            .patterns
            .get(start as usize..end as usize)
            .unwrap_or(&[]);
        let from = named.partition_point(|e| e.0 < pred);
        let mid = named.partition_point(|e| (e.0, e.1) < (pred, true));
        let to = named.partition_point(|e| e.0 <= pred);
        let tried = |list: &[Pattern]| list.iter().any(|e| unifies(table, body, &e.3));
        if !is_ground(body) {
            return tried(named.get(from..to).unwrap_or(&[]));
        }
        // Two ground lists unify when they are equal.
        let hash = hash_of(body);
        let ground = named.get(mid..to).unwrap_or(&[]);
        let same = ground
            .get(ground.partition_point(|e| e.2 < hash)..)
            .unwrap_or(&[]);
        tried(named.get(from..mid).unwrap_or(&[]))
            || same.iter().take_while(|e| e.2 == hash).any(|e| e.3 == body)
    }
}

/// The generalized head atoms of a program beside the predicates defined wholesale.
pub(crate) struct Heads<'a> {
    /// Predicates any atom of which counts as defined.
    wholesale: &'a FxHashSet<Pred>,
    /// The program's head atoms.
    patterns: &'a HeadPatterns,
}

impl<'a> Heads<'a> {
    /// The heads of `patterns` beside the predicates defined `wholesale`.
    pub(crate) fn new(patterns: &'a HeadPatterns, wholesale: &'a FxHashSet<Pred>) -> Heads<'a> {
        Heads {
            wholesale,
            patterns,
        }
    }

    /// Whether the body atom `atom` of `rule` unifies with a head.
    fn defines(&self, table: &Interner, rule: &Rule, atom: &AtomPat) -> bool {
        if self.wholesale.contains(&atom.pred) {
            return true;
        }
        self.defines_args(table, atom.pred, &generalize_atom(rule, atom))
    }

    /// Whether an atom of `pred` with the generalized arguments `body` unifies with a head.
    fn defines_args(&self, table: &Interner, pred: Pred, body: &[GTerm]) -> bool {
        if self.wholesale.contains(&pred) {
            return true;
        }
        self.patterns.unifies_with(table, pred, body)
    }
}

/// The body atoms of `rules` (conditions and aggregate elements too, projections left out)
/// that no head of `heads` (built without wholesale predicates) defines: unless a fact or
/// already in the domain, never derivable in this grounding (see `Grounder::never_defined`).
pub(crate) fn never_defined(
    table: &mut Interner,
    rules: &[Rule],
    heads: &Heads,
) -> FxHashSet<AtomPat> {
    let mut out = FxHashSet::default();
    let mut atoms = Vec::new();
    for rule in rules {
        atoms.clear();
        rule.body.iter().for_each(|l| l.atoms(&mut atoms));
        for cond in rule.head.conditions() {
            cond.iter().for_each(|l| l.atoms(&mut atoms));
        }
        for &(atom, _) in &atoms {
            if decode(table, rule, atom).is_none() && !heads.defines(table, rule, atom) {
                out.insert(atom.clone());
            }
        }
    }
    out
}

/// The infos for the body atoms of `rules` that no head of `heads` defines.
pub(crate) fn undefined_atom_infos(
    g: &mut Grounder,
    rules: &[&Rule],
    heads: &Heads,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    // The index in `out` of each location's message.
    let mut at: FxHashMap<Span, usize> = FxHashMap::default();
    let mut projected_seen: FxHashSet<String> = FxHashSet::default();
    // Reused from rule to rule.
    let mut atoms = Vec::new();
    for r in rules {
        rule_atoms(g.table, r, &mut atoms);
        // In the order they are written, as clingo reports them.
        atoms.sort_by_key(|(a, _)| a.span.start);
        for &(a, projected) in &atoms {
            let Some((text, shared)) = undefined_text(g.table, heads, r, a, projected) else {
                continue;
            };
            if shared && !projected_seen.insert(text.clone()) {
                continue;
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

/// The text of the body atom `a` of `r` (shown projected when `projected`, or as the atom a
/// projected literal stands for) when no head defines it, and whether it is a projection
/// (reported once: gringo shares one projection between equal ones).
fn undefined_text(
    table: &mut Interner,
    heads: &Heads,
    r: &Rule,
    a: &AtomPat,
    projected: bool,
) -> Option<(String, bool)> {
    if let Some(p) = decode(table, r, a) {
        return (!heads.defines_args(table, p.pred, &p.args)).then_some((p.text, true));
    }
    if heads.defines(table, r, a) {
        return None;
    }
    let printer = Printer {
        table,
        names: &r.var_names,
    };
    let mut text = String::new();
    if projected {
        printer.projected_atom(a, &mut text);
    } else {
        printer.atom(a, &mut text);
    }
    Some((text, projected))
}

/// The body and condition atoms of `rule` into `out` (cleared first), each with whether clingo
/// shows it projected.
fn rule_atoms<'r>(table: &Interner, rule: &'r Rule, out: &mut Vec<(&'r AtomPat, bool)>) {
    out.clear();
    // The rewrite names projection rules `#p_<name>_<line>_<column>` (`project_anonymous`).
    let projection_head = match &rule.head {
        Head::Disj(elems) => elems
            .first()
            .and_then(|e| table.name_text(e.atom.pred.name).strip_prefix("#p_")),
        _ => None,
    };
    let projection_rule = projection_head.is_some();
    // A positive literal's projection rule (`#p_r(..) :- r(..)`): its literals report the
    // atom (see `instantiate::projected`).
    let positive_projection = matches!(rule.body.as_slice(), [Lit::Atom(_, a)]
        if projection_head == Some(table.name_text(a.pred.name)));
    if positive_projection {
        return;
    }
    let anonymous = |a: &AtomPat| {
        let mut vars = Vec::new();
        a.args.iter().for_each(|t| t.vars(&mut vars));
        vars.iter().any(|&v| {
            rule.var_names
                .get(v as usize)
                .is_some_and(|n| n.starts_with("#Anon"))
        })
    };
    conjunction_atoms(&rule.body, projection_rule, &anonymous, out);
    for cond in rule.head.conditions() {
        conjunction_atoms(cond, false, &anonymous, out);
    }
    // A disjunct `not q(W/0)` (kept by `normalize::drop` as gringo's `#true`) names no atom.
    out.retain(|(a, _)| !a.args.iter().any(T::contains_undefined_arith));
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
