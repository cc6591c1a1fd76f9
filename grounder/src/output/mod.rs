//! Output: ground rules and atoms to a `solver_core::GroundProgram` and its symbols, one
//! grounding at a time.
//!
//! In: the `Grounder` after instantiation, the truth values of `simplify`, the rules and
//! directives of `normalize`, and what earlier groundings emitted ([`Emitted`]). Out: the
//! grounding's program ([`Built`]): its new atoms, rules, statements and output entries. `numbering` gives aspif numbers, `order` gringo's order of shown atoms, `table` the
//! output table, `statements` minimize, externals, projection, edges and heuristics; `text`
//! prints a program as `--text`.
//!
//! Atoms get aspif numbers on first use and keep them: the atoms that became facts first,
//! then as gringo numbers them: rules in the grounding order of the statements deriving their
//! heads, head atoms before body atoms (see `order::pred_ranks`); atoms first met in outputs,
//! minimize, externals or projection come after. clasp prints non-fact atoms by number, so
//! this numbering is clingo's answer order. An atom that became a fact gets a fact rule (once).
//!
//! # Invariants
//! - The program of a grounding refers to atoms `1..=atom_count`; its atoms
//!   `Built::first..=atom_count` are new, the others were numbered by earlier groundings.
//! - `outputs` are appended to the earlier output table, or replace it when `Built::replace`
//!   (the `#show` directives changed, see `table`).
//! - `Built::shown[i]` names `outputs[i]`; `Built::atoms[i]` names `Atom(first + i)`.

pub(crate) mod definitions;
pub(crate) mod numbering;
pub(crate) mod order;
pub(crate) mod source;
pub(crate) mod statements;
pub(crate) mod symbols;
pub(crate) mod table;
pub(crate) mod text;

use solver_core::{Atom, GroundProgram, HeadKind, WeightedLiteral};

use crate::diagnostic::Diagnostic;
use crate::instantiate::domain::AtomId;
use crate::instantiate::simplify::Truth;
use crate::instantiate::{GBody, GRule, Grounder};
use crate::normalize::rules::Rule;
use crate::output::definitions::Definitions;
use crate::output::numbering::Numbering;
use crate::output::source::Source;
use crate::output::statements::Statements;
use crate::output::symbols::ProgramSymbols;
use crate::output::table::{FactRule, Table};
use crate::term::intern::Val;

/// A grounded program with its symbol tables.
#[derive(Clone, Debug)]
pub struct Grounded {
    /// The ground program.
    pub program: solver_core::GroundProgram,
    /// The symbols of `program.outputs` (each output's `name` is its symbol's Display text)
    /// and of its atoms (none for auxiliary atoms).
    pub symbols: ProgramSymbols,
    /// Info messages (clingo's `info:` lines), in order.
    pub infos: Vec<Diagnostic>,
}

/// What earlier groundings emitted, which later ones continue.
#[derive(Default, Debug)]
pub(crate) struct Emitted {
    /// `ids[a]`: the aspif number of grounder atom `a`.
    ids: Vec<Option<Atom>>,
    /// The number of aspif atoms.
    pub atom_count: u32,
    /// Per grounder atom: what became of its fact rule.
    facts: Vec<FactRule>,
    /// The output table so far.
    table: Table,
    /// Minimize tuples, externals and edges so far.
    statements: Statements,
    /// Which atoms have rules, since which solve step.
    pub definitions: Definitions,
}

impl Emitted {
    /// The aspif number of grounder atom `a`, if it has one.
    pub(crate) fn number_of(&self, a: AtomId) -> Option<Atom> {
        self.ids.get(a.0 as usize).copied().flatten()
    }

    /// Notes that grounder atom `a` is a fact whose rule was written elsewhere (by a backend).
    pub(crate) fn fact_written(&mut self, a: AtomId) {
        let slot = a.0 as usize;
        if self.facts.len() <= slot {
            self.facts.resize(slot + 1, FactRule::None);
        }
        if let Some(fact) = self.facts.get_mut(slot) {
            *fact = FactRule::Written;
        }
    }

    /// The predicates (store indexes) in gringo's domain creation order, as far as placed.
    pub(crate) fn domain_order(&self) -> &[u32] {
        self.table.domain_order()
    }

    /// A new aspif atom, numbered after every atom so far (for `a` when given).
    pub(crate) fn new_number(&mut self, a: Option<AtomId>) -> Atom {
        self.atom_count += 1;
        let id = Atom(self.atom_count);
        if let Some(a) = a {
            let slot = a.0 as usize;
            if self.ids.len() <= slot {
                self.ids.resize(slot + 1, None);
            }
            if let Some(entry) = self.ids.get_mut(slot) {
                *entry = Some(id);
            }
        }
        id
    }
}

/// One grounding's ground program with the symbols of its new atoms and of its outputs.
pub(crate) struct Built {
    /// The program.
    pub program: GroundProgram,
    /// The first new atom.
    pub first: u32,
    /// Terms of the outputs.
    pub shown: Vec<Val>,
    /// Terms of the new atoms (`None`: auxiliary).
    pub atoms: Vec<Option<Val>>,
    /// Whether `program.outputs` replaces the earlier output table (else it is appended).
    pub replace: bool,
    /// The first `redefinition of atom` error: the rules (and facts) giving a frozen atom a
    /// rule again are left out.
    pub error: Option<Diagnostic>,
}

/// Builds the program of one grounding from its simplified rules, ground from `from`. Each
/// rule is dropped once written: the allocator reuses its memory for the ground program's
/// rule (the peak of memory of a large grounding is here).
pub(crate) fn build(
    g: &Grounder,
    emitted: &mut Emitted,
    from: &Source,
    rules: Vec<GRule>,
    truth: &[Truth],
) -> Built {
    let atoms = g.store.atoms.len();
    let mut n = Numbering::resume(&mut emitted.ids, emitted.atom_count, atoms);
    emitted.facts.resize(atoms, FactRule::None);
    let frozen = &emitted.definitions;
    let mut error = None;
    let facts = (&mut emitted.facts[..], frozen);
    write_facts(&mut n, g, facts, (rules.len(), truth), &mut error);
    number_in_gringo_order(&mut n, g, from.rules, &rules);
    for r in rules {
        let redefined = r
            .head
            .iter()
            .find(|&&a| n.get(a).is_some_and(|x| frozen.is_frozen(x)));
        match redefined {
            Some(&a) => refuse(&n, g, a, &mut error),
            None => add_rule(&mut n, g, &r),
        }
    }
    let facts = &emitted.facts;
    let (shown, replace) = emitted.table.write(&mut n, g, (from, facts, truth));
    let definitions = &emitted.definitions;
    let defined_before = |a: Atom| definitions.is_defined(a);
    let statements = &mut emitted.statements;
    statements.write(&mut n, g, from, truth, &defined_before);
    emitted.atom_count = n.program.atom_count;
    emitted.definitions.record(&n.program);
    Built {
        program: n.program,
        first: n.first,
        shown,
        atoms: n.atoms,
        replace,
        error,
    }
}

/// Notes that a rule for the frozen atom `a` was left out (the first such atom is reported).
fn refuse(n: &Numbering, g: &Grounder, a: AtomId, error: &mut Option<Diagnostic>) {
    if error.is_some() {
        return;
    }
    let name = g
        .store
        .info(a)
        .and_then(|i| i.val)
        .map(|v| g.table.show(v).to_string());
    if let Some(x) = n.get(a) {
        *error = Some(Definitions::redefinition(&name.unwrap_or_default(), x));
    }
}

/// Numbers the atoms that became facts (in store order) and writes their fact rules, except
/// for atoms frozen with other rules (see `definitions`).
fn write_facts(
    n: &mut Numbering,
    g: &Grounder,
    (written, frozen): (&mut [FactRule], &Definitions),
    (rules, truth): (usize, &[Truth]),
    error: &mut Option<Diagnostic>,
) {
    let get = |a: usize| truth.get(a).copied().unwrap_or(Truth::Unknown);
    let is_new_fact = |(i, info): &(usize, &crate::instantiate::domain::AtomInfo)| {
        info.val.is_some() && get(*i) == Truth::True && written.get(*i) == Some(&FactRule::None)
    };
    let new: Vec<usize> = g
        .store
        .atoms
        .iter()
        .enumerate()
        .filter(is_new_fact)
        .map(|(i, _)| i)
        .collect();
    // Exact capacities: a large program's vectors would otherwise double past their size.
    n.program.rules.reserve_exact(new.len() + rules);
    for i in new {
        let Some(w) = written.get_mut(i) else {
            continue;
        };
        if n.get(AtomId(i as u32)).is_some_and(|x| frozen.is_frozen(x)) {
            refuse(n, g, AtomId(i as u32), error);
            *w = FactRule::Refused;
            continue;
        }
        let a = n.atom(g, AtomId(i as u32));
        n.program.add_fact(a);
        *w = FactRule::Written;
    }
}

/// Numbers the atoms of `rules` and of the `#external` declarations (facts are numbered
/// already) as gringo does: statements in the grounding order of the statements deriving
/// their heads (see `order`), each numbering its head atoms, then its body atoms, on first
/// use. clasp prints non-fact atoms by number, so this is the order of clingo's answer lines.
fn number_in_gringo_order(n: &mut Numbering, g: &Grounder, source: &[Rule], rules: &[GRule]) {
    let ranks = crate::output::order::pred_ranks(g, source);
    let rank = |a: &AtomId| {
        let pred = g.store.info(*a).map_or(u32::MAX, |i| i.pred);
        ranks.get(pred as usize).copied().unwrap_or(usize::MAX)
    };
    // One `u64` per statement, rank above position (8 bytes, not a 24-byte tuple: the sort's
    // buffer and this list are at the peak of memory of a large grounding). Positions fit in
    // 32 bits: 2^32 rules would not fit in memory. The stable sort is linear on the mostly
    // ordered ranks (an unstable one costs 1 % more instructions on nonogram 25x25).
    let key = |rank: usize, position: usize| {
        let rank = u32::try_from(rank).unwrap_or(u32::MAX);
        (u64::from(rank) << 32) | position as u64
    };
    let externals = &g.extras.externals;
    let mut ordered: Vec<u64> = Vec::with_capacity(rules.len() + externals.len());
    ordered.extend(
        rules
            .iter()
            .enumerate()
            .map(|(i, r)| key(r.head.iter().map(rank).min().unwrap_or(usize::MAX), i)),
    );
    ordered.extend((externals.iter().enumerate()).map(|(i, (a, _))| key(rank(a), rules.len() + i)));
    ordered.sort();
    for position in ordered
        .into_iter()
        .map(|k| (k & u64::from(u32::MAX)) as usize)
    {
        let Some(r) = rules.get(position) else {
            if let Some(&(external, _)) = externals.get(position - rules.len()) {
                n.atom(g, external);
            }
            continue;
        };
        for &a in &r.head {
            n.atom(g, a);
        }
        match &r.body {
            GBody::Normal(lits) => lits.iter().for_each(|l| {
                n.atom(g, l.atom);
            }),
            GBody::Weight { elems, .. } => elems.iter().for_each(|(l, _)| {
                n.atom(g, l.atom);
            }),
        }
    }
}

fn add_rule(n: &mut Numbering, g: &Grounder, r: &GRule) {
    let kind = if r.choice {
        HeadKind::Choice
    } else {
        HeadKind::Disjunction
    };
    let head: Vec<Atom> = r.head.iter().map(|&a| n.atom(g, a)).collect();
    match &r.body {
        GBody::Normal(lits) => {
            let body = n.lits(g, lits);
            n.program.add_rule(kind, head, body);
        }
        GBody::Weight { lower, elems } => {
            let elems = elems
                .iter()
                .map(|&(l, w)| WeightedLiteral {
                    literal: n.lit(g, l),
                    weight: w,
                })
                .collect();
            n.program.add_weight_rule(kind, head, *lower, elems);
        }
    }
}
