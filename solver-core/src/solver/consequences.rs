//! Brave and cautious consequences: which atoms are tracked, the approximation so far (the
//! union of the models' tracked atoms for brave, their intersection for cautious), which
//! untracked atoms clasp's preprocessing would show anyway (settled facts, aliases of tracked
//! atoms), and clingo's `Consequences: [lower;upper]` bounds.
//!
//! # Invariants
//! - `approximation[i]` says whether `tracked[i]` is in the approximation; it only grows
//!   (brave) or only shrinks (cautious) from one model to the next.

use super::assignment::Assignment;
use super::lit::{Lit, Var};
use super::search::Search;
use crate::program::{Atom, Body, GroundProgram, HeadKind, Literal};

/// The brave or cautious approximation of a search.
pub(super) struct Consequences {
    /// Brave (union) rather than cautious (intersection).
    brave: bool,
    /// Atoms tracked for the consequences (see [`tracked_atoms`]).
    tracked: Vec<Var>,
    /// Which tracked atoms are in the current approximation.
    approximation: Vec<bool>,
    /// The atoms clasp makes facts of (see [`settled_atoms`]); they are part of every
    /// reported consequence model, tracked or not.
    settled: Vec<Atom>,
    /// Under a projection: untracked atoms with the index of the tracked atom clasp makes them
    /// equal to (see [`tracked_aliases`]); shown when that one is.
    aliases: Vec<(Atom, usize)>,
}

impl Consequences {
    /// The consequences of `program`; propagates `search` at level 0 to find settled atoms.
    pub(super) fn new(program: &GroundProgram, search: &mut Search, brave: bool) -> Consequences {
        let tracked = tracked_atoms(program);
        Consequences {
            brave,
            approximation: vec![!brave; tracked.len()],
            settled: settled_atoms(program, search),
            aliases: tracked_aliases(program, &tracked),
            tracked,
        }
    }

    /// Folds the model `a` into the approximation; returns the approximation with the settled
    /// atoms (the atoms outside the tracked ones are otherwise unknown, as in clasp).
    pub(super) fn fold(&mut self, a: &Assignment) -> Vec<Atom> {
        for (slot, &var) in self.approximation.iter_mut().zip(&self.tracked) {
            let holds = a.is_true(var.pos());
            *slot = if self.brave {
                *slot || holds
            } else {
                *slot && holds
            };
        }
        let inside = |i: usize| self.approximation.get(i) == Some(&true);
        let mut atoms: Vec<Atom> = self
            .tracked
            .iter()
            .enumerate()
            .filter(|&(i, _)| inside(i))
            .map(|(_, v)| Atom(v.0))
            .chain(self.settled.iter().copied())
            .chain(
                self.aliases
                    .iter()
                    .filter(|(_, i)| inside(*i))
                    .map(|(a, _)| *a),
            )
            .collect();
        atoms.sort_unstable();
        atoms.dedup();
        atoms
    }

    /// The clause the next model must satisfy: brave, some tracked atom outside the union;
    /// cautious, some atom of the intersection false.
    pub(super) fn next_clause(&self) -> Vec<Lit> {
        let pairs = self.tracked.iter().zip(&self.approximation);
        match self.brave {
            true => pairs.filter(|(_, &i)| !i).map(|(v, _)| v.pos()).collect(),
            false => pairs.filter(|(_, &i)| i).map(|(v, _)| v.neg()).collect(),
        }
    }

    /// clingo's `Consequences: [lower;upper]` over the tracked atoms after the last model.
    /// Brave: `lower` = atoms in the union so far, `upper` adds the tracked atoms not yet
    /// false at decision level 0. Cautious: `upper` = atoms in the intersection so far,
    /// `lower` = those of them true at level 0.
    pub(super) fn bounds(&self, a: &Assignment) -> (u64, u64) {
        let fixed = |lit: Lit| a.is_true(lit) && a.level_of(lit.var()) == 0;
        let entries = self.tracked.iter().zip(&self.approximation);
        let inside = entries.clone().filter(|(_, &i)| i).count() as u64;
        if self.brave {
            let open = entries.filter(|(v, &i)| !i && !fixed(v.neg())).count() as u64;
            (inside, inside + open)
        } else {
            let certain = entries.filter(|(v, &i)| i && fixed(v.pos())).count() as u64;
            (certain, inside)
        }
    }
}

/// Atoms brave/cautious consequences range over (clasp's choice): the projection atoms when
/// the program has a projection statement, else the atoms of single positive output conditions,
/// or all atoms when there are no outputs at all.
fn tracked_atoms(program: &GroundProgram) -> Vec<Var> {
    if let Some(projection) = &program.projection {
        let mut vars: Vec<Var> = projection.iter().map(|a| Var(a.0)).collect();
        vars.sort_unstable();
        vars.dedup();
        return vars;
    }
    if program.outputs.is_empty() {
        return (1..=program.atom_count).map(Var).collect();
    }
    let mut vars: Vec<Var> = program
        .outputs
        .iter()
        .filter_map(|o| match o.condition.as_slice() {
            [l] if l.is_positive() => Some(Var(l.atom().0)),
            _ => None,
        })
        .collect();
    vars.sort_unstable();
    vars.dedup();
    vars
}

/// The atoms clasp's logic program makes facts before the search, which its consequence models
/// show though they are not tracked: after propagation before the first decision, the head
/// atoms of non-choice rules whose body is true and whose other head atoms are false. (An
/// atom only forced true, such as a choice atom under `:- not x.`, stays a plain variable
/// there and is not shown.) Empty when that propagation already fails.
fn settled_atoms(program: &GroundProgram, search: &mut Search) -> Vec<Atom> {
    if !search.propagate_root() {
        return Vec::new();
    }
    let a = &search.assignment;
    let lit = |l: Literal| match l.is_positive() {
        true => Var(l.atom().0).pos(),
        false => Var(l.atom().0).neg(),
    };
    let body_true = |body: &Body| match body {
        Body::Normal(lits) => lits.iter().all(|&l| a.is_true(lit(l))),
        Body::Weight { lower, elements } => {
            let least: i64 = elements
                .iter()
                .map(
                    |e| match (a.is_true(lit(e.literal)), a.is_true(!lit(e.literal))) {
                        (true, _) => e.weight,
                        (_, true) => 0,
                        _ => e.weight.min(0),
                    },
                )
                .sum();
            least >= *lower
        }
    };
    let mut settled: Vec<Atom> = program
        .rules
        .iter()
        .filter(|r| r.kind == HeadKind::Disjunction && body_true(&r.body))
        .flat_map(|r| {
            let open: Vec<Atom> = r
                .head
                .iter()
                .copied()
                .filter(|&h| !a.is_true(Var(h.0).neg()))
                .collect();
            match open.as_slice() {
                [only] if a.is_true(Var(only.0).pos()) => Some(*only),
                _ => None,
            }
        })
        .collect();
    settled.sort_unstable();
    settled.dedup();
    settled
}

/// Under a projection, the untracked atoms clasp's preprocessing makes equal to a tracked atom
/// (so its consequence models show them with it): an atom whose only rule (identical copies
/// counted once) is `x :- y.` is `y`,
/// following such chains. Each comes with the index of its tracked atom in `tracked`.
fn tracked_aliases(program: &GroundProgram, tracked: &[Var]) -> Vec<(Atom, usize)> {
    if program.projection.is_none() {
        return Vec::new();
    }
    let n = program.atom_count as usize + 1;
    let mut rules_of = vec![0u32; n];
    let mut parent: Vec<Option<u32>> = vec![None; n];
    // A rule written several times counts once (clasp merges identical rules).
    let mut seen = std::collections::HashSet::new();
    for rule in program.rules.iter().filter(|r| seen.insert(*r)) {
        for h in &rule.head {
            if let Some(count) = rules_of.get_mut(h.0 as usize) {
                *count += 1;
            }
        }
        if let (HeadKind::Disjunction, [h], Body::Normal(body)) =
            (rule.kind, rule.head.as_slice(), &rule.body)
        {
            if let ([l], Some(slot)) = (body.as_slice(), parent.get_mut(h.0 as usize)) {
                *slot = l.is_positive().then_some(l.atom().0);
            }
        }
    }
    let root = |mut a: u32| {
        for _ in 0..n {
            match parent.get(a as usize).copied().flatten() {
                Some(p) if rules_of.get(a as usize) == Some(&1) && p != a => a = p,
                _ => break,
            }
        }
        a
    };
    let mut index_of_root = std::collections::HashMap::new();
    for (i, v) in tracked.iter().enumerate() {
        index_of_root.entry(root(v.0)).or_insert(i);
    }
    (1..n as u32)
        .filter(|a| tracked.binary_search(&Var(*a)).is_err())
        .filter_map(|a| index_of_root.get(&root(a)).map(|&i| (Atom(a), i)))
        .collect()
}
