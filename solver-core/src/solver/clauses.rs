//! The nogood store: nogoods kept in clause form (the negations of their literals), so a
//! nogood is violated exactly when its clause has every literal false.
//!
//! - Binary clauses live in implication lists: the binary list of `l` holds `x` for each
//!   clause `(l ∨ x)`, visited when `l` becomes false.
//! - Ternary problem clauses live in the ternary list of `l` as the other two literals.
//! - The binary and ternary lists of all literals are segments of one pool ([`short`]),
//!   rebuilt with the clauses added since before the next propagation
//!   ([`ClauseStore::prepare`]).
//! - Longer clauses (and all learnt ones) live in one `u32` arena, each a 3-word header
//!   `[len, flags | lbd << 2, activity bits]` then the literals; a [`CRef`] is the header index.
//!   Two watched literals are kept at positions 0 and 1; `watches` of `l` lists the clauses
//!   watching `l` (visited when `l` becomes false) with a blocker literal whose truth lets the
//!   visit be skipped (MiniSat, Eén and Sörensson 2003).
//! - Deletion sets a flag; watches of deleted clauses are dropped lazily (when visited with a
//!   blocker that is not true; the blocker is tested first so that a satisfied watch costs no
//!   arena access) and the arena is compacted by copying (`collect`, which rebuilds all
//!   watches) when more than half of it is garbage.
//! - A literal's watch list and where its pool segment is are one 32-byte [`Occurrences`]
//!   record: propagating a literal reads what it needs of it from one cache line. Three
//!   vectors per literal (72 bytes, often across two lines) made these headers the largest
//!   source of L1 data-cache misses on a 4,000-literal program (coloring: 10.6 M of 33.9 M).
//!
//! Invariant: for every live arena clause, if a watched literal is false then either the other
//! watched literal is true or the clause's implication/conflict has been reported, relative to
//! the processed part of the trail.

mod short;

use super::assignment::{Assignment, CRef, Reason};
use super::lit::{grown_at, Lit, Value};
use short::{Decoded, ShortLists, Span};

/// Header words before an arena clause's literals (`visit` destructures exactly these three).
const HEADER: usize = 3;
/// Flag bit: the clause was learnt (deletable).
const LEARNT: u32 = 1;
/// Flag bit: the clause was deleted.
const DELETED: u32 = 2;

/// A watch: the clause and a literal whose truth satisfies it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Watch {
    /// The watched clause.
    pub(crate) cref: CRef,
    /// Some literal of the clause; if true the clause is satisfied.
    pub(crate) blocker: Lit,
}

/// The clauses visited when a literal `l` becomes false: its binary and ternary lists (a
/// segment of the pool), then the arena clauses watching it. Aligned to 32 bytes, so that two
/// records share a cache line and none straddles two.
#[derive(Default, Clone, Debug)]
#[repr(align(32))]
struct Occurrences {
    /// The arena clauses watching `l`.
    watches: Vec<Watch>,
    /// Where the segment of `l` is in the pool of binary and ternary lists.
    short: Span,
}

/// [`Occurrences`] by literal code, allocated only up to the highest literal that has had an
/// entry: a variable no clause mentions (a fact, say) costs nothing here.
#[derive(Default)]
struct OccurrenceTable(Vec<Occurrences>);

impl OccurrenceTable {
    /// The lists of the literal with code `index`, if any was ever written.
    #[inline]
    fn get_mut(&mut self, index: usize) -> Option<&mut Occurrences> {
        self.0.get_mut(index)
    }

    /// The lists of the literal with code `index`, allocating up to it.
    #[inline]
    fn at(&mut self, index: usize) -> &mut Occurrences {
        grown_at(&mut self.0, index)
    }
}

/// A violated clause found by propagation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ClauseConflict {
    /// Both literals of a binary clause are false.
    Binary(Lit, Lit),
    /// All three literals of a ternary clause are false.
    Ternary(Lit, Lit, Lit),
    /// An arena clause is false.
    Long(CRef),
}

/// All clauses of the search: problem, learnt, loop and enumeration clauses.
#[derive(Default)]
pub(crate) struct ClauseStore {
    /// Headers and literals of long clauses.
    arena: Vec<u32>,
    /// The watch list and the binary and ternary segment of each literal.
    occurrences: OccurrenceTable,
    /// The binary and ternary lists.
    short: ShortLists,
    /// Learnt clauses (possibly deleted ones until the next cleanup).
    pub(crate) learnts: Vec<CRef>,
    /// Arena words belonging to deleted clauses.
    garbage: usize,
    /// Number of problem clauses of each kind (statistics).
    pub(crate) problem_count: u64,
    /// What the binary and ternary lists were last simplified against: the level-0 trail's
    /// length then, or `None` if a binary or ternary clause came since (or none ever did).
    simplified_at: Option<usize>,
}

impl ClauseStore {
    /// Makes room in the lists by literal for the literals of `vars` variables: exactly when
    /// the table is empty (the first step: its variables, the calls' tag included, are known
    /// before its clauses come), with the usual doubling after that. The lists themselves are
    /// still made only for the literals that get a clause.
    pub(crate) fn reserve_vars(&mut self, vars: usize) {
        let table = &mut self.occurrences.0;
        table.reserve((2 * vars).saturating_sub(table.len()));
    }

    /// Adds a problem clause of at least two distinct, non-complementary literals.
    pub(crate) fn add_problem(&mut self, lits: &[Lit]) {
        self.problem_count += 1;
        match *lits {
            [a, b] => {
                self.simplified_at = None;
                self.push_short(a, b, None);
                self.push_short(b, a, None);
            }
            [a, b, c] => {
                self.simplified_at = None;
                self.push_short(a, b, Some(c));
                self.push_short(b, a, Some(c));
                self.push_short(c, a, Some(b));
            }
            _ => {
                self.alloc(lits, false, 0);
            }
        }
    }

    /// Queues a binary or ternary entry for the segment of `owner` (which gets a record).
    fn push_short(&mut self, owner: Lit, first: Lit, second: Option<Lit>) {
        self.occurrences.at(owner.index());
        self.short.push(owner, first, second);
    }

    /// Puts the binary and ternary clauses added since the last call into the pool; the
    /// search calls it before it propagates (see [`short`]'s invariants).
    #[inline]
    pub(crate) fn prepare(&mut self) {
        if self.short.has_pending() {
            self.rebuild_short(|_, _| {});
        }
    }

    /// Rebuilds the pool with the pending entries, each literal's lists passed through `edit`.
    #[cold]
    fn rebuild_short(&mut self, edit: impl FnMut(Lit, &mut Decoded)) {
        let spans = self.occurrences.0.iter_mut().map(|o| &mut o.short);
        self.short.rebuild(spans, edit);
    }

    /// Adds a clause of at least two literals to the arena and watches `lits[0]`, `lits[1]`.
    pub(crate) fn alloc(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> CRef {
        debug_assert!(lits.len() >= 2);
        let cref = self.arena.len() as CRef;
        let flags = if learnt { LEARNT } else { 0 } | (lbd.min(1 << 28) << 2);
        self.arena
            .extend([lits.len() as u32, flags, 0f32.to_bits()]);
        self.arena.extend(lits.iter().map(|l| l.0));
        self.occurrences.at(lits[0].index()).watches.push(Watch {
            cref,
            blocker: lits[1],
        });
        self.occurrences.at(lits[1].index()).watches.push(Watch {
            cref,
            blocker: lits[0],
        });
        if learnt {
            self.learnts.push(cref);
        }
        cref
    }

    /// The literals of an arena clause.
    pub(crate) fn lits(&self, cref: CRef) -> &[u32] {
        let start = cref as usize + HEADER;
        let len = self.arena[cref as usize] as usize;
        &self.arena[start..start + len]
    }

    /// The literal at `index` of an arena clause.
    pub(crate) fn lit(&self, cref: CRef, index: usize) -> Lit {
        Lit(self.arena[cref as usize + HEADER + index])
    }

    /// The clause's LBD.
    pub(crate) fn lbd(&self, cref: CRef) -> u32 {
        self.arena[cref as usize + 1] >> 2
    }

    /// Whether the clause is deleted.
    pub(crate) fn is_deleted(&self, cref: CRef) -> bool {
        self.arena[cref as usize + 1] & DELETED != 0
    }

    /// The clause's activity.
    pub(crate) fn activity(&self, cref: CRef) -> f32 {
        f32::from_bits(self.arena[cref as usize + 2])
    }

    /// Adds `amount` to the clause's activity.
    pub(crate) fn bump(&mut self, cref: CRef, amount: f32) {
        let slot = cref as usize + 2;
        let bumped = f32::from_bits(self.arena[slot]) + amount;
        self.arena[slot] = bumped.to_bits();
    }

    /// Halves the clause's activity (at each deletion round, so that activity weighs recent use).
    pub(crate) fn halve_activity(&mut self, cref: CRef) {
        let slot = cref as usize + 2;
        let halved = f32::from_bits(self.arena[slot]) * 0.5;
        self.arena[slot] = halved.to_bits();
    }

    /// Marks a clause deleted; its watches go away lazily.
    pub(crate) fn delete(&mut self, cref: CRef) {
        if !self.is_deleted(cref) {
            self.arena[cref as usize + 1] |= DELETED;
            self.garbage += HEADER + self.arena[cref as usize] as usize;
        }
    }

    /// Deletes every arena clause containing `lit` (learnt or not); returns how many. The
    /// conditional nogoods of a solve call contain its negated tag literal (see `shot`).
    pub(crate) fn delete_containing(&mut self, lit: Lit) -> u64 {
        let mut deleted = Vec::new();
        let mut cref = 0usize;
        while cref < self.arena.len() {
            let size = HEADER + self.arena[cref] as usize;
            let lits = &self.arena[cref + HEADER..cref + size];
            if self.arena[cref + 1] & DELETED == 0 && lits.contains(&lit.0) {
                deleted.push(cref as CRef);
            }
            cref += size;
        }
        for &cref in &deleted {
            self.delete(cref);
        }
        let mut learnts = std::mem::take(&mut self.learnts);
        learnts.retain(|&c| !self.is_deleted(c));
        self.learnts = learnts;
        deleted.len() as u64
    }

    /// Number of live learnt clauses (loop nogoods included).
    pub(crate) fn learnt_count(&self) -> u64 {
        let live = self.learnts.iter().filter(|&&c| !self.is_deleted(c));
        live.count() as u64
    }

    /// Whether more than half the arena is garbage.
    pub(crate) fn needs_collect(&self) -> bool {
        self.garbage > 1024 && self.garbage * 2 > self.arena.len()
    }

    /// Propagates the clauses falsified by `false_lit` becoming false. Inlined into the
    /// propagation loop (always: the compiler's own choice varies with the loop's size): one
    /// call per trail literal, whose prologue and epilogue cost more than the binary and
    /// ternary lists they guard.
    #[inline(always)]
    pub(crate) fn propagate(
        &mut self,
        false_lit: Lit,
        assignment: &mut Assignment,
    ) -> Result<(), ClauseConflict> {
        debug_assert!(!self.short.has_pending(), "propagation before prepare");
        let Some(occurrences) = self.occurrences.get_mut(false_lit.index()) else {
            return Ok(());
        };
        let span = occurrences.short;
        propagate_binary(self.short.binary(span), false_lit, assignment)?;
        propagate_ternary(self.short.ternary(span), false_lit, assignment)?;
        if occurrences.watches.is_empty() {
            return Ok(());
        }
        let watches = std::mem::take(&mut occurrences.watches);
        self.propagate_long(watches, false_lit, assignment)
    }

    /// Long clauses watching `false_lit` (`watches`, taken out of its list and put back):
    /// find a new watch, propagate, or report a conflict.
    #[inline(always)]
    fn propagate_long(
        &mut self,
        mut watches: Vec<Watch>,
        false_lit: Lit,
        a: &mut Assignment,
    ) -> Result<(), ClauseConflict> {
        let mut keep = 0;
        let mut result = Ok(());
        let mut index = 0;
        while index < watches.len() {
            let watch = watches[index];
            index += 1;
            if a.is_true(watch.blocker) {
                // Kept without reading the clause, even if deleted: `collect` drops it.
                watches[keep] = watch;
                keep += 1;
                continue;
            }
            let visited = visit(&mut self.arena, &mut self.occurrences, watch, false_lit, a);
            let blocker = match visited {
                Visit::Moved | Visit::Deleted => continue,
                Visit::Satisfied(blocker) | Visit::Implied(blocker) => blocker,
                Visit::Conflict => {
                    result = Err(ClauseConflict::Long(watch.cref));
                    index -= 1;
                    break;
                }
            };
            watches[keep] = Watch {
                cref: watch.cref,
                blocker,
            };
            keep += 1;
        }
        if index < watches.len() {
            // Stopped at a conflict: the unvisited watches move down behind the kept ones.
            watches.copy_within(index.., keep);
        }
        watches.truncate(keep + watches.len() - index);
        self.occurrences.at(false_lit.index()).watches = watches;
        result
    }

    /// Rebuilds the arena without deleted clauses; returns the old-to-new ref map as pairs.
    pub(crate) fn collect(&mut self) -> Vec<(CRef, CRef)> {
        let mut fresh = Vec::with_capacity(self.arena.len() - self.garbage);
        let mut moves = Vec::new();
        let mut cref = 0usize;
        while cref < self.arena.len() {
            let size = HEADER + self.arena[cref] as usize;
            if self.arena[cref + 1] & DELETED == 0 {
                moves.push((cref as CRef, fresh.len() as CRef));
                fresh.extend_from_slice(&self.arena[cref..cref + size]);
            }
            cref += size;
        }
        self.arena = fresh;
        self.garbage = 0;
        self.rebuild_watches();
        let remap = |old: CRef| {
            moves
                .binary_search_by_key(&old, |m| m.0)
                .ok()
                .map(|i| moves[i].1)
        };
        self.learnts = self.learnts.iter().filter_map(|&c| remap(c)).collect();
        moves
    }

    /// Watches positions 0 and 1 of every arena clause again.
    fn rebuild_watches(&mut self) {
        self.occurrences
            .0
            .iter_mut()
            .for_each(|o| o.watches.clear());
        let mut cref = 0usize;
        while cref < self.arena.len() {
            let size = HEADER + self.arena[cref] as usize;
            let (first, second) = (
                Lit(self.arena[cref + HEADER]),
                Lit(self.arena[cref + HEADER + 1]),
            );
            let c = cref as CRef;
            self.occurrences.at(first.index()).watches.push(Watch {
                cref: c,
                blocker: second,
            });
            self.occurrences.at(second.index()).watches.push(Watch {
                cref: c,
                blocker: first,
            });
            cref += size;
        }
    }
}

/// Level-0 simplification.
impl ClauseStore {
    /// Simplifies the binary and ternary clauses by the level-0 assignment `a` (propagated,
    /// no conflict; its literals are facts for good, see `search/steps.rs`): a clause with an
    /// assigned literal is satisfied (dropped) or, for a ternary one with one false literal,
    /// the binary clause of its other two; those of a leading run of a ternary list join the
    /// binary list, so that the order of implications, and the search, stay as they were.
    /// Reasons of these clauses hold
    /// their literals, so no reason refers to what is dropped. Long clauses are left alone.
    ///
    /// The result is a fixpoint: simplifying again by the same facts changes nothing (no list
    /// keeps a satisfied clause, a binary list no assigned literal, and a ternary list no
    /// longer starts with a clause to shorten). Level-0 facts only grow (a trail taken off is
    /// asserted again, see `take_trail`), so a level-0 trail of the length of the last
    /// simplification holds the same facts, and with no binary or ternary clause added since,
    /// the call returns at once: a multi-shot step that brings no new fact does not rescan
    /// every list.
    pub(crate) fn simplify_at_root(&mut self, a: &Assignment) {
        if self.simplified_at == Some(a.trail.len()) {
            return;
        }
        self.simplified_at = Some(a.trail.len());
        let open = |l: Lit| a.value(l) == Value::Unassigned;
        self.rebuild_short(|lit, lists| {
            let Decoded { binary, ternary } = lists;
            if !open(lit) {
                binary.clear();
                ternary.clear();
                return;
            }
            binary.retain(|&x| open(x));
            // Only a leading run of the list is shortened, so that the implications of the
            // literal keep their order (binary ones first, then ternary ones, as `propagate`
            // visits them): the shortened clauses go to the end of its binary list.
            let mut leading = true;
            ternary.retain(|&(x, y)| {
                let other = match (a.value(x), a.value(y)) {
                    (Value::False, Value::Unassigned) => y,
                    (Value::Unassigned, Value::False) => x,
                    (Value::Unassigned, Value::Unassigned) => {
                        leading = false;
                        return true;
                    }
                    _ => return false,
                };
                if leading {
                    binary.push(other);
                }
                !leading
            });
        });
    }
}

/// Binary implications of `false_lit`: `binary` is its list.
#[inline(always)]
fn propagate_binary(
    binary: &[u32],
    false_lit: Lit,
    a: &mut Assignment,
) -> Result<(), ClauseConflict> {
    for &code in binary {
        let other = Lit(code);
        match a.value(other) {
            Value::True => {}
            Value::False => return Err(ClauseConflict::Binary(false_lit, other)),
            Value::Unassigned => a.assign(other, Reason::Binary(!false_lit)),
        }
    }
    Ok(())
}

/// Ternary implications of `false_lit`: `ternary` is its list.
#[inline(always)]
fn propagate_ternary(
    ternary: &[u32],
    false_lit: Lit,
    a: &mut Assignment,
) -> Result<(), ClauseConflict> {
    for pair in ternary.chunks_exact(2) {
        let (x, y) = (Lit(pair[0]), Lit(pair[1]));
        match (a.value(x), a.value(y)) {
            (Value::True, _) | (_, Value::True) => {}
            (Value::False, Value::False) => return Err(ClauseConflict::Ternary(false_lit, x, y)),
            (Value::False, Value::Unassigned) => {
                a.assign(y, Reason::Ternary(!false_lit, !x));
            }
            (Value::Unassigned, Value::False) => {
                a.assign(x, Reason::Ternary(!false_lit, !y));
            }
            _ => {}
        }
    }
    Ok(())
}

/// What visiting a watched clause did.
enum Visit {
    /// The watch moved to another literal.
    Moved,
    /// The clause is deleted: its watch is dropped.
    Deleted,
    /// The other watched literal is true.
    Satisfied(Lit),
    /// The other watched literal was implied.
    Implied(Lit),
    /// Every literal is false.
    Conflict,
}

/// Visits the arena clause of `watch`, watching `false_lit` (which has just become false):
/// the header and the two watched literals are destructured from the arena's tail at the
/// clause (one bounds check), the other literals cut from the rest by the length (one more),
/// the watched pair put in the order (other, `false_lit`), and a replacement watch is
/// searched from position 2 on, the values read through one
/// [`Values`](super::assignment::Values) view (no bounds check per scanned literal).
/// Inlined: it runs once per visited clause.
#[inline(always)]
fn visit(
    arena: &mut [u32],
    occurrences: &mut OccurrenceTable,
    watch: Watch,
    false_lit: Lit,
    a: &mut Assignment,
) -> Visit {
    let Some([len, flags, _, first, second, rest @ ..]) = arena.get_mut(watch.cref as usize..)
    else {
        unreachable!("an arena clause has a header and at least two literals");
    };
    let rest = &mut rest[..*len as usize - 2];
    if *flags & DELETED != 0 {
        return Visit::Deleted;
    }
    // One of the two watched literals is `false_lit`: the other is their xor with it, and
    // the pair is rewritten as (other, false_lit) without a branch on which was which (a
    // data-dependent branch the predictor misses about a third of the time).
    debug_assert!(*first == false_lit.0 || *second == false_lit.0);
    let other = Lit(*first ^ *second ^ false_lit.0);
    (*first, *second) = (other.0, false_lit.0);
    if a.is_true(other) {
        return Visit::Satisfied(other);
    }
    let values = a.values();
    if let Some(slot) = rest.iter_mut().find(|c| !values.is_false(Lit(**c))) {
        let candidate = Lit(*slot);
        std::mem::swap(second, slot);
        occurrences.at(candidate.index()).watches.push(Watch {
            cref: watch.cref,
            blocker: other,
        });
        return Visit::Moved;
    }
    if a.is_false(other) {
        return Visit::Conflict;
    }
    a.assign(other, Reason::Clause(watch.cref));
    Visit::Implied(other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::lit::Var;

    fn lits(codes: &[(u32, bool)]) -> Vec<Lit> {
        codes.iter().map(|&(v, n)| Lit::new(Var(v), n)).collect()
    }

    #[test]
    fn long_clause_propagates_last_literal_and_conflicts() {
        let mut store = ClauseStore::default();
        let mut a = Assignment::new(5);
        let clause = lits(&[(1, false), (2, false), (3, false), (4, false)]);
        let cref = store.alloc(&clause, false, 0);
        for v in 1..=3 {
            a.new_level();
            a.assign(Var(v).neg(), Reason::Decision);
            assert_eq!(store.propagate(Var(v).pos(), &mut a), Ok(()));
        }
        assert!(a.is_true(Var(4).pos()));
        assert_eq!(a.reason_of(Var(4)), Reason::Clause(cref));
        let mut b = Assignment::new(5);
        for v in 1..=4 {
            b.assign(Var(v).neg(), Reason::Decision);
        }
        let results: Vec<_> = (1..=4)
            .map(|v| store.propagate(Var(v).pos(), &mut b))
            .collect();
        assert!(results.contains(&Err(ClauseConflict::Long(cref))));
    }

    #[test]
    fn root_simplification_drops_satisfied_and_shortens_leading_ternaries() {
        let mut store = ClauseStore::default();
        let mut a = Assignment::new(6);
        store.add_problem(&lits(&[(1, false), (2, false)])); // satisfied by 1
        store.add_problem(&lits(&[(2, false), (3, false), (4, false)])); // shortened: (3 ∨ 4)
        store.add_problem(&lits(&[(3, true), (4, false), (5, false)])); // open
        a.assign(Var(1).pos(), Reason::Fact);
        a.assign(Var(2).neg(), Reason::Fact);
        store.simplify_at_root(&a);
        let lists = |lit: Lit| store.short.decode(store.occurrences.0[lit.index()].short);
        assert!(lists(Var(1).neg()).binary.is_empty());
        assert!(lists(Var(2).neg()).binary.is_empty());
        assert_eq!(lists(Var(3).pos()).binary, [Var(4).pos()]);
        assert_eq!(lists(Var(4).pos()).binary, [Var(3).pos()]);
        assert_eq!(lists(Var(3).pos()).ternary, []);
        assert_eq!(lists(Var(3).neg()).ternary.len(), 1);
        // The shortened clause still propagates: 3 false implies 4.
        a.assign(Var(3).neg(), Reason::Decision);
        assert_eq!(store.propagate(Var(3).pos(), &mut a), Ok(()));
        assert!(a.is_true(Var(4).pos()));
    }

    #[test]
    fn binary_and_ternary_implications() {
        let mut store = ClauseStore::default();
        let mut a = Assignment::new(4);
        store.add_problem(&lits(&[(1, false), (2, false)]));
        store.add_problem(&lits(&[(1, false), (2, true), (3, false)]));
        store.prepare();
        a.assign(Var(1).neg(), Reason::Decision);
        assert_eq!(store.propagate(Var(1).pos(), &mut a), Ok(()));
        assert!(a.is_true(Var(2).pos()));
        assert_eq!(store.propagate(Var(2).neg(), &mut a), Ok(()));
        assert!(a.is_true(Var(3).pos()));
        let reason = a.reason_of(Var(3));
        let expected = [
            Reason::Ternary(Var(2).pos(), Var(1).neg()),
            Reason::Ternary(Var(1).neg(), Var(2).pos()),
        ];
        assert!(expected.contains(&reason), "{reason:?}");
    }

    #[test]
    fn collect_drops_deleted_clauses_and_remaps() {
        let mut store = ClauseStore::default();
        let first = store.alloc(&lits(&[(1, false), (2, false), (3, false)]), true, 3);
        let second = store.alloc(&lits(&[(3, false), (4, false), (5, false)]), true, 2);
        store.delete(first);
        let moves = store.collect();
        assert_eq!(moves, vec![(second, 0)]);
        assert_eq!(store.learnts, vec![0]);
        assert_eq!(store.lbd(0), 2);
        assert_eq!(store.lit(0, 1), Lit::new(Var(4), false));
    }
}
