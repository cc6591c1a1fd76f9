//! Brave and cautious consequences: which atoms are tracked, the approximation so far (the
//! union of the models' tracked atoms for brave, their intersection for cautious), which
//! untracked atoms clasp's preprocessing would show anyway (settled facts, aliases of tracked
//! atoms), and clingo's `Consequences: [lower;upper]` bounds.
//!
//! # Invariants
//! - `approximation[i]` says whether `tracked[i]` is in the approximation; it only grows
//!   (brave) or only shrinks (cautious) from one model to the next.

use super::added_facts::AddedFacts;
use super::assignment::Assignment;
use super::blocked::{deriving_heads, self_blocked};
use super::body::{positive_atoms, BodyKey};
use super::build::ProgramState;
use super::dropped_disjunctions::aliases_and_dropped_rules;
use super::lit::{Lit, Var};
use super::literal_aliases::LiteralAliases;
use super::refuted_atoms::{constraint_bodies, refuted_through_unit_bodies};
use super::search::Search;
use crate::program::{Atom, Literal};

/// The brave or cautious approximation of a search.
pub(super) struct Consequences {
    /// Brave (union) rather than cautious (intersection).
    brave: bool,
    /// Atoms tracked for the consequences (see [`tracked_atoms`]).
    tracked: Vec<Var>,
    /// The program atom of each tracked variable (`None`: the conjunction of an output
    /// condition).
    tracked_atoms: Vec<Option<Atom>>,
    /// The output conditions tracked as conjunctions (see `build::Outputs::conditions`).
    conditions: Vec<(Var, Vec<Literal>)>,
    /// Of their variables, those true before the first decision (sorted): shown in every
    /// consequence model, tracked or not.
    settled_conditions: Vec<Var>,
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
    pub(super) fn new(program: &ProgramState, search: &mut Search, brave: bool) -> Consequences {
        let tracked = tracked_atoms(program);
        let is_atom = |v: &Var| program.is_atom.get(v.index()) == Some(&true);
        let atom = |v: &Var| is_atom(v).then(|| program.atoms.atom_of(*v));
        let (literal_aliases, dropped) = aliases_and_dropped_rules(program);
        let settled = settled_atoms(program, search, &literal_aliases, &dropped);
        let aliases = tracked_aliases(program, &tracked, &settled, &literal_aliases);
        Consequences {
            brave,
            approximation: vec![!brave; tracked.len()],
            conditions: program.outputs.conditions.clone(),
            settled_conditions: settled_conditions(program, search),
            settled,
            aliases,
            tracked_atoms: tracked.iter().map(atom).collect(),
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
            .tracked_atoms
            .iter()
            .enumerate()
            .filter(|&(i, _)| inside(i))
            .filter_map(|(_, &a)| a)
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

    /// The output conditions tracked as conjunctions that are in the approximation or settled
    /// (as the deltas gave them, sorted): their outputs are shown.
    pub(super) fn shown_conditions(&self) -> Vec<Vec<Literal>> {
        let inside = |var: &Var| {
            let tracked = self.tracked.binary_search(var).ok();
            tracked.and_then(|i| self.approximation.get(i)) == Some(&true)
                || self.settled_conditions.binary_search(var).is_ok()
        };
        let mut shown: Vec<Vec<Literal>> = self
            .conditions
            .iter()
            .filter(|(var, _)| inside(var))
            .map(|(_, condition)| condition.clone())
            .collect();
        shown.sort_unstable();
        shown
    }

    /// The clause the next model must satisfy: brave, some tracked atom outside the union;
    /// cautious, some atom of the intersection false.
    pub(super) fn next_clause(&self) -> Vec<Lit> {
        let pairs = self.tracked.iter().zip(&self.approximation);
        let mut clause: Vec<Lit> = match self.brave {
            true => pairs.filter(|(_, &i)| !i).map(|(v, _)| v.pos()).collect(),
            false => pairs.filter(|(_, &i)| i).map(|(v, _)| v.neg()).collect(),
        };
        clause.sort_unstable();
        clause.dedup();
        clause
    }

    /// clingo's `Consequences: [lower;upper]` over the tracked atoms after the last model.
    /// Brave: `lower` = atoms in the union so far, `upper` adds the tracked atoms not yet
    /// false at the root level (`root`, the last level of the call's assumptions).
    /// Cautious: `upper` = atoms in the intersection so far, `lower` = those of them true at
    /// the root level.
    pub(super) fn bounds(&self, a: &Assignment, root: u32) -> (u64, u64) {
        let fixed = |lit: Lit| a.is_true(lit) && a.level_of(lit.var()) <= root;
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
/// the program has a projection statement, else one entry per output with a condition (the
/// atom of a single positive condition, else the condition's conjunction; so the bounds count
/// outputs), or all atoms when there are no outputs at all. Sorted.
fn tracked_atoms(program: &ProgramState) -> Vec<Var> {
    // A released external is no atom for clasp: it leaves the projection, and a projection
    // onto released externals only is onto nothing (`Consequences: [0;0]`).
    let released = |v: &Var| program.released.binary_search(v).is_ok();
    if let Some(projection) = &program.projection {
        return projection
            .iter()
            .filter(|v| !released(v))
            .copied()
            .collect();
    }
    if !program.outputs.any {
        let atoms = program.atoms.count();
        return (1..=atoms).map(|a| program.atoms.var(Atom(a))).collect();
    }
    program.outputs.tracked.clone()
}

/// The variables of the output conditions tracked as conjunctions that are true before the
/// first decision (sorted; empty when that propagation fails).
fn settled_conditions(program: &ProgramState, search: &mut Search) -> Vec<Var> {
    if !search.propagate_root() {
        return Vec::new();
    }
    let a = &search.assignment;
    let mut settled: Vec<Var> = program
        .outputs
        .conditions
        .iter()
        .map(|(var, _)| *var)
        .filter(|var| a.is_true(var.pos()))
        .collect();
    settled.sort_unstable();
    settled.dedup();
    settled
}

/// The atoms clasp's logic program makes facts before the search, which its consequence models
/// show though they are not tracked: the only head atom of a non-choice rule whose body holds
/// after propagation before the first decision, or whose normal body holds once the atoms
/// without a rule that could derive them are false (see [`self_blocked`]; a head atom negated
/// in the body does not count, see [`deriving_heads`]); a literal true at the root only through
/// a shifted disjunction does not hold (see [`PreprocessingOpen`]); atoms settled so far hold
/// (a fixpoint: clasp's facts simplify the bodies containing them). A positive literal true at
/// the root holds only when clasp has a proof of it (its `value_true`, not the `value_weak_true`,
/// "true but no proof", of an atom only forced): settled so far, an external, or forced by a
/// constraint and a head of a choice rule whose body holds when clasp adds it (see
/// [`AddedFacts::true_choices`]: `x. {a} :- x.`, not `{a} :- x. x.`, nor `{a} :- x. x :- not y.`,
/// which makes x a fact only in preprocessing). A weight body holds when its holding elements
/// reach its bound. (An atom only forced true, such as
/// a choice atom under `:- not x.`, stays a plain variable there and is not shown itself.)
/// Empty when that propagation already fails.
fn settled_atoms(
    program: &ProgramState,
    search: &mut Search,
    aliases: &LiteralAliases,
    dropped: &[bool],
) -> Vec<Atom> {
    if !search.propagate_root() {
        return Vec::new();
    }
    let a = &search.assignment;
    let added = AddedFacts::new(program);
    let open = PreprocessingOpen::new(program, a, aliases, &added);
    let true_choices = added.true_choices(program);
    let mut external = vec![false; program.var_count];
    for (atom, _) in program.atoms.externals() {
        external[program.atoms.var(atom).index()] = true;
    }
    // Atoms settled so far: their bodies hold in the next round (clasp's facts simplify
    // the bodies that contain them); and the proved atoms (see below).
    let mut fact = vec![false; program.var_count];
    let mut proved_choice = vec![false; program.var_count];
    loop {
        let blocked = self_blocked(program, aliases, &fact, dropped);
        // A positive literal true at the root holds only when clasp has a proof of it
        // (`value_true`, not the `value_weak_true` of an atom only forced): settled so far,
        // an external, or forced by a constraint and a head of a choice rule whose body
        // holds when added (`{a}. :- not a. c :- a.` makes c a fact; `{a} :- x. {x}.
        // :- not a.` and `a ; r. :- not a.` do not).
        let holds = |l: &Lit| {
            let i = l.var().index();
            let proved = fact[i] || external[i] || proved_choice[i];
            (a.is_true(*l) && !open.is_open(*l) && (l.is_negative() || proved))
                || (l.is_negative() && blocked[i])
                || (!l.is_negative() && fact[i])
        };
        // A weight body holds when its holding elements reach the bound: true at the root
        // through atoms only forced is no proof (`{a} :- x. x :- not y. :- not a.
        // b :- 1 <= #sum{1:a}.` leaves b open, as `b :- a.` does).
        let body_true = |body: u32| match &program.bodies[body as usize].1 {
            BodyKey::Normal(lits) => lits.iter().all(holds),
            BodyKey::Weight(bound, elements) => {
                let held = elements.iter().filter(|(l, _)| holds(l));
                held.map(|&(_, w)| w as i128).sum::<i128>() >= *bound as i128
            }
        };
        let new: Vec<Var> = program
            .rules
            .iter()
            .zip(dropped.iter().chain(std::iter::repeat(&false)))
            .filter(|(r, &d)| !d && !r.choice && body_true(r.body))
            .filter_map(|(r, _)| match deriving_heads(program, r).as_slice() {
                [only] if !fact[only.index()] => Some(*only),
                _ => None,
            })
            .collect();
        let chosen: Vec<Var> = program
            .rules
            .iter()
            .zip(&true_choices)
            .filter(|(_, &true_when_added)| true_when_added)
            .flat_map(|(r, _)| deriving_heads(program, r))
            .filter(|h| open.is_forced(*h) && !proved_choice[h.index()])
            .collect();
        if new.is_empty() && chosen.is_empty() {
            break;
        }
        new.iter().for_each(|v| fact[v.index()] = true);
        chosen.iter().for_each(|v| proved_choice[v.index()] = true);
    }
    let facts = (0..program.var_count).filter(|&i| fact[i]);
    facts
        .map(|i| program.atoms.atom_of(Var(i as u32)))
        .collect()
}

/// What root propagation decides that clasp's preprocessing leaves open, because clasp shifts
/// a disjunction only after it (its atoms are supported as by a choice until then):
/// - an *open disjunct* is an atom false at the root whose falsity clasp's preprocessing does
///   not see (see [`open_disjuncts`]): a shifted rule of it or of an open disjunct it depends
///   on positively is false only through other disjuncts being true, and no integrity
///   constraint makes it false on its own, directly or through rules `x :- q.` (see
///   [`refuted_through_unit_bodies`]) (`q ; a. :- not a.`: q is false
///   only through the shifted `q :- not a.`, so `c :- not q.` settles nothing; `q ; a. :- q.`
///   makes q false while clasp reads it, and the disjunction becomes the fact `a`);
/// - a *tainted* atom is true at the root, no constraint forces it on its own (nor an atom
///   the literal aliases make it equal to), and each rule that could derive it with a body
///   true at the root has an open literal: `not` an open disjunct or a tainted atom
///   (`d :- c. c :- not q.`).
struct PreprocessingOpen {
    /// Per variable: an open disjunct.
    disjunct: Vec<bool>,
    /// Per variable: a tainted atom.
    tainted: Vec<bool>,
    /// Per variable: an atom a constraint forces on its own (directly, through the literal
    /// aliases, or through the one rule left of a forced atom: see
    /// [`forced_through_only_supports`]).
    forced: Vec<bool>,
}

impl PreprocessingOpen {
    fn new(
        program: &ProgramState,
        a: &Assignment,
        aliases: &LiteralAliases,
        added: &AddedFacts,
    ) -> PreprocessingOpen {
        let n = program.var_count;
        let mut shifted = vec![false; n];
        for rule in program.rules.iter().filter(|r| r.shifted) {
            rule.heads.iter().for_each(|h| shifted[h.index()] = true);
        }
        // Shifted rules whose body is false at the root only through other disjuncts.
        let mut blocked_by_disjunct = vec![false; n];
        for rule in program.rules.iter().filter(|r| r.shifted) {
            let BodyKey::Normal(lits) = &program.bodies[rule.body as usize].1 else {
                continue;
            };
            let by_disjunct = |l: &Lit| l.is_negative() && shifted[l.var().index()];
            if lits.iter().all(|l| !a.is_false(*l) || by_disjunct(l)) {
                rule.heads
                    .iter()
                    .for_each(|h| blocked_by_disjunct[h.index()] = true);
            }
        }
        // The representatives of the atoms a constraint forces (clasp's equivalences make the
        // atoms they stand for forced too: `:- not x. x :- 1 <= #sum{1:b}.` forces b), and
        // the atoms a constraint makes false.
        let mut forced = std::collections::HashSet::new();
        let mut refuted = Vec::new();
        for lits in constraint_bodies(program) {
            let mut left = lits.iter().filter(|l| !a.is_true(**l));
            if let (Some(l), None) = (left.next(), left.next()) {
                match l.is_negative() {
                    true => {
                        forced.insert(aliases.root(l.var().pos()));
                    }
                    false => refuted.push(l.var()),
                }
            }
        }
        let mut is_refuted = vec![false; n];
        for v in refuted_through_unit_bodies(program, added, refuted) {
            is_refuted[v.index()] = true;
        }
        let forced = forced_through_only_supports(program, &is_refuted, aliases, forced);
        let derivation = RootDerivation {
            program,
            a,
            forced: &forced,
        };
        let disjunct = open_disjuncts(&derivation, &shifted, &blocked_by_disjunct, &is_refuted);
        let tainted = derivation.true_only_through(&disjunct);
        PreprocessingOpen {
            disjunct,
            tainted,
            forced,
        }
    }

    /// Whether a constraint forces `v` on its own.
    fn is_forced(&self, v: Var) -> bool {
        self.forced.get(v.index()) == Some(&true)
    }

    /// Whether root propagation makes `l` true where clasp's preprocessing does not.
    fn is_open(&self, l: Lit) -> bool {
        let i = l.var().index();
        match l.is_negative() {
            true => self.disjunct.get(i) == Some(&true),
            false => self.tainted.get(i) == Some(&true),
        }
    }
}

/// The root assignment with the atoms a constraint forces on its own, to find the atoms true
/// at the root that clasp's preprocessing does not see true.
struct RootDerivation<'p> {
    /// The program.
    program: &'p ProgramState,
    /// The assignment after propagation at the root.
    a: &'p Assignment,
    /// Per variable: an atom a constraint forces on its own (see [`PreprocessingOpen`]).
    forced: &'p [bool],
}

impl RootDerivation<'_> {
    /// Per variable: an atom true at the root, not forced, each rule that could derive it with
    /// a body true at the root having an open literal: `not c` for an atom c of `open_false`,
    /// or an atom so marked itself (a least fixpoint: marking only grows). Empty when
    /// `open_false` is.
    fn true_only_through(&self, open_false: &[bool]) -> Vec<bool> {
        let (program, n) = (self.program, self.program.var_count);
        let mut marked = vec![false; n];
        if !open_false.iter().any(|&d| d) {
            return marked;
        }
        loop {
            let is_open = |l: &Lit| match l.is_negative() {
                true => open_false[l.var().index()],
                false => marked[l.var().index()],
            };
            // Per atom: whether some rule with a body true at the root derives it without an
            // open literal, and whether any such rule does.
            let (mut clean, mut derived) = (vec![false; n], vec![false; n]);
            for rule in program.rules.iter().filter(|r| !r.choice) {
                let (lit, key) = &program.bodies[rule.body as usize];
                if !self.a.is_true(*lit) {
                    continue;
                }
                let open = matches!(key, BodyKey::Normal(lits) if lits.iter().any(is_open));
                for h in deriving_heads(program, rule) {
                    derived[h.index()] = true;
                    clean[h.index()] |= !open;
                }
            }
            let newly: Vec<usize> = (0..n)
                .filter(|&i| derived[i] && !clean[i] && !self.forced[i] && !marked[i])
                .collect();
            if newly.is_empty() {
                return marked;
            }
            newly.into_iter().for_each(|i| marked[i] = true);
        }
    }
}

/// Per variable: an atom forced true, given the representatives `forced` of the atoms the
/// constraints force, closed under clasp's backpropagation: a forced atom with one rule left
/// once the rules needing a `refuted` atom are dropped forces that rule's body, and so the
/// atoms it needs (a normal body's positive literals, a weight body's elements without which
/// the others not refuted stay below the bound). `{b; a}. :- b. x :- a. x :- b. :- not x.
/// p :- a.` forces x, then a (`x :- b.` needs the refuted b), and p is a fact
/// (known-mismatches seed 102383). A choice rule forces nothing (`{a} :- x. {x}. :- not a.
/// c :- a.`: x stays a plain variable and c is no fact). An atom false only for want of rules
/// is not refuted: clasp sees that only after its first classification (`{a}. x :- 1 <=
/// #count{a; y}. :- not x. p :- a.` leaves a a plain variable, equal to p).
fn forced_through_only_supports(
    program: &ProgramState,
    refuted: &[bool],
    aliases: &LiteralAliases,
    mut forced: std::collections::HashSet<Lit>,
) -> Vec<bool> {
    let n = program.var_count;
    // Per atom: the bodies of its rules that can hold, `None` for a choice rule's.
    let mut live_rules: Vec<Vec<Option<u32>>> = vec![Vec::new(); n];
    for rule in program.rules.iter() {
        if needed_atoms(&program.bodies[rule.body as usize].1, refuted).is_some() {
            for h in deriving_heads(program, rule) {
                live_rules[h.index()].push((!rule.choice).then_some(rule.body));
            }
        }
    }
    let mut done = vec![false; n];
    loop {
        let is_forced = |i: usize| forced.contains(&aliases.root(Var(i as u32).pos()));
        let next: Vec<usize> = (0..n).filter(|&i| !done[i] && is_forced(i)).collect();
        if next.is_empty() {
            break;
        }
        for i in next {
            done[i] = true;
            live_rules[i].sort_unstable();
            live_rules[i].dedup();
            if let [Some(body)] = live_rules[i].as_slice() {
                let key = &program.bodies[*body as usize].1;
                let needed = needed_atoms(key, refuted).unwrap_or_default();
                forced.extend(needed.into_iter().map(|v| aliases.root(v.pos())));
            }
        }
    }
    done
}

/// The atoms body `key` needs true to hold when the `refuted` atoms are false (a normal body's
/// positive literals; a weight body's positive elements without which the elements not
/// refuted stay below the bound), or `None` when it cannot hold then.
fn needed_atoms(key: &BodyKey, refuted: &[bool]) -> Option<Vec<Var>> {
    let is_refuted = |l: &Lit| !l.is_negative() && refuted.get(l.var().index()) == Some(&true);
    match key {
        BodyKey::Normal(lits) if lits.iter().any(is_refuted) => None,
        BodyKey::Normal(lits) => Some(
            lits.iter()
                .filter(|l| !l.is_negative())
                .map(|l| l.var())
                .collect(),
        ),
        BodyKey::Weight(bound, elements) => {
            let live = elements.iter().filter(|(l, _)| !is_refuted(l));
            let total: i64 = live.clone().map(|(_, w)| *w).sum();
            (total >= *bound).then(|| {
                live.filter(|(l, w)| !l.is_negative() && total - w < *bound)
                    .map(|(l, _)| l.var())
                    .collect()
            })
        }
    }
}

/// Per variable: an open disjunct (see [`PreprocessingOpen`]): false at the root, not
/// refuted, each rule not shifted from a disjunction false at the root only through positive
/// literals over open disjuncts or negative ones over disjuncts or over atoms true at the
/// root only through such candidates' falsity (see [`RootDerivation::true_only_through`]), a
/// weight body's other elements reaching its bound (`t :- 1 <= #sum{1:p1; 1:p3}.` with p1 and
/// p3 open leaves t open, so `v :- not t.` is no fact; known-mismatches seed 58824) (a greatest
/// fixpoint; an atom `blocked` needs none of this: its disjunction supports it whatever its
/// other rules, `{q}. a :- q. :- a. p ; y. y :- q. :- not q, y.` leaves y open, so p is no
/// fact; full seed 47329), and
/// reached from a shifted rule false only through other disjuncts (`blocked`) along such
/// rules' positive literals (a least fixpoint; `a ; b. b :- not a. :- not a.` leaves b open,
/// `q ; b. {q}. :- not q. x :- not q. v :- not x.` does not leave x open: v is a fact):
/// `a ; r(2) ; x. r(2) :- x. x :- r(1), r(2). r(1) :- x. :- not a.` leaves r(2), x and r(1)
/// open (clasp's disjunction supports r(2) and x as a choice does), so `a` is no fact;
/// `p ; b ; x. x :- p, r. :- p.` does not leave x open (its other rule needs the refuted p).
fn open_disjuncts(
    d: &RootDerivation,
    shifted: &[bool],
    blocked: &[bool],
    refuted: &[bool],
) -> Vec<bool> {
    let (program, a) = (d.program, d.a);
    let n = program.var_count;
    let key = |body: u32| &program.bodies[body as usize].1;
    // A false literal clasp's preprocessing may leave open: over a disjunct or an atom true
    // only through open disjuncts (`through`, negative), or over an atom of `set` (positive).
    let open_in = |l: &Lit, set: &[bool], through: &[bool]| match l.is_negative() {
        true => shifted[l.var().index()] || through[l.var().index()],
        false => set[l.var().index()],
    };
    // A body false at the root only through such literals: none other false in a normal
    // body, the others reaching the bound of a weight body.
    let false_only_through = |key: &BodyKey, set: &[bool], through: &[bool]| {
        let undecided = |l: &Lit| !a.is_false(*l) || open_in(l, set, through);
        match key {
            BodyKey::Normal(lits) => lits.iter().all(undecided),
            BodyKey::Weight(bound, elements) => {
                let left = elements.iter().filter(|(l, _)| undecided(l));
                left.fold(0i64, |sum, (_, w)| sum.saturating_add(*w)) >= *bound
            }
        }
    };
    let mut candidate: Vec<bool> = (0..n)
        .map(|i| a.is_false(Var(i as u32).pos()) && !refuted[i])
        .collect();
    // The atoms true at the root only through `not c` for candidates c that are blocked
    // (`b ; r. b :- not x. x :- not b. :- b.` through a weight rule clasp reads after its
    // first classification: x is true only through b's falsity, so `not x` leaves b open;
    // known-mismatches seed 101054).
    let true_through = |candidate: &[bool]| {
        let open: Vec<bool> = (0..n).map(|i| candidate[i] && blocked[i]).collect();
        d.true_only_through(&open)
    };
    let mut through = true_through(&candidate);
    loop {
        let mut changed = false;
        for rule in program.rules.iter().filter(|r| !r.shifted) {
            let keeps = false_only_through(key(rule.body), &candidate, &through);
            // A disjunct its disjunction blocks keeps that support whatever its other rules.
            for h in rule.heads.iter().filter(|h| !blocked[h.index()]) {
                if candidate[h.index()] && !keeps {
                    candidate[h.index()] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
        through = true_through(&candidate);
    }
    let mut open: Vec<bool> = (0..n).map(|i| candidate[i] && blocked[i]).collect();
    loop {
        let mut changed = false;
        for rule in program.rules.iter().filter(|r| !r.shifted) {
            // Positive literals only: `x :- not q.` with q a disjunct forced true is false
            // for clasp, whose preprocessing assigns q (known-mismatches seed 2243).
            let through_open = positive_atoms(key(rule.body))
                .iter()
                .any(|(v, _)| a.is_false(v.pos()) && open[v.index()]);
            if !through_open || !false_only_through(key(rule.body), &candidate, &through) {
                continue;
            }
            for h in rule.heads.iter() {
                if candidate[h.index()] && !open[h.index()] {
                    open[h.index()] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return open;
        }
    }
}

/// Under a projection, the untracked atoms clasp's preprocessing makes equal to a tracked atom
/// (so its consequence models show them with it): an atom whose only rule (identical copies
/// counted once) is `x :- y.` is `y`, following such chains, and atoms whose only rules share
/// one body are that body: clasp gives an atom with one support its body's variable
/// (`r(1) :- B. r(2) :- B.` with `#project r(2).` shows `r(1)` with `r(2)`). A rule shifted
/// from a disjunction does not count: clasp's disjunction supports its atoms as a choice does
/// (`q(1) ; b. q(2) ; b.` keeps q(1) and q(2) apart). The equivalences are those of
/// [`LiteralAliases`] (also through negations and one-literal weight bodies); an atom equal
/// to a tracked atom's complement is not shown. A settled tracked atom has no aliases: clasp's
/// preprocessing assigns the values it propagates before it merges equivalences, so a fact
/// stands alone (`{b}. :- not b. x :- not b. r :- not x. #project r.` makes r a fact and b
/// only forced true: b is not shown). Each comes with the index of its
/// tracked atom in `tracked`.
fn tracked_aliases(
    program: &ProgramState,
    tracked: &[Var],
    settled: &[Atom],
    aliases: &LiteralAliases,
) -> Vec<(Atom, usize)> {
    if program.projection.is_none() {
        return Vec::new();
    }
    let root = |v: Var| aliases.root(v.pos());
    let settled: std::collections::HashSet<Var> =
        settled.iter().map(|a| program.atoms.var(*a)).collect();
    let is_settled = |v: &Var| settled.contains(v);
    let mut index_of_root = std::collections::HashMap::new();
    for (i, v) in tracked.iter().enumerate().filter(|(_, v)| !is_settled(v)) {
        index_of_root.entry(root(*v)).or_insert(i);
    }
    let atoms = (1..=program.atoms.count()).map(Atom);
    atoms
        .filter(|&a| tracked.binary_search(&program.atoms.var(a)).is_err())
        .filter_map(|a| {
            let index = index_of_root.get(&root(program.atoms.var(a)));
            index.map(|&i| (a, i))
        })
        .collect()
}
