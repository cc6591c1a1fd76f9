//! Ground atoms and predicate domains with lazily built indexes.
//!
//! Every ground atom the grounder meets (derivable, only negatively referenced, or auxiliary)
//! gets an [`AtomId`]. A predicate's *domain* is the list of its atoms that occur in the head
//! of some ground rule, in insertion order; positions in that list give semi-naive evaluation
//! its old/delta/all ranges. An index maps the values at a set of argument positions (a bit
//! mask) to the ascending positions of matching domain members; it is built the first time a
//! join asks for that mask and kept up to date on every insertion. A lookup with every
//! argument bound needs no index: the atom is found by its term ([`Store::find_bound`]).
//!
//! Between groundings an atom may leave its domain for good ([`Store::remove_from_domain`]:
//! clingo's clean-up after a solve drops the atoms the solver fixed false). It keeps its
//! position in `members` and the indexes, which lookups skip, so removing costs O(1) and
//! positions stay stable; its term no longer finds it, so a later grounding deriving the same
//! term makes a new atom (clingo gives it a new aspif number too). An atom outside every
//! domain that the output numbered (`not r(1)` over a head of its own rule, kept with no rule
//! for `r(1)`) is removed the same way: only its term is taken from it.
//!
//! # Invariants
//! - `by_val[atoms[i].val] == i` for every non-auxiliary atom not removed from its domain.
//! - `members[atoms[a].pos] == a` for every atom `a` in a domain; every member not in its
//!   domain (`in_domain == false`) was removed, and `PredDomain::removed` counts them.
//! - Index lists are ascending (members are only appended), so a position range is a
//!   contiguous sub-slice found by binary search.
//! - A fact is in its domain.

use fxhash::FxHashMap;

use crate::normalize::rules::Pred;
use crate::term::intern::{Interner, Val};

/// A ground atom of the grounder (not yet the ground program's numbering).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct AtomId(pub u32);

/// What is known about a ground atom.
#[derive(Clone, Debug)]
pub(crate) struct AtomInfo {
    /// The atom as a term; `None` for auxiliary atoms.
    pub val: Option<Val>,
    /// Index of its predicate in `Store::preds` (`u32::MAX` for auxiliary atoms).
    pub pred: u32,
    /// Certainly true.
    pub fact: bool,
    /// In the domain (occurs in some ground head).
    pub in_domain: bool,
    /// Position in its domain's `members` (`NOT_MEMBER` if not there).
    pub pos: u32,
}

/// `AtomInfo::pos` of an atom outside its domain.
const NOT_MEMBER: u32 = u32::MAX;

/// One predicate's domain.
#[derive(Debug)]
pub(crate) struct PredDomain {
    /// The predicate.
    pub pred: Pred,
    /// Its derivable atoms in insertion order.
    pub members: Vec<AtomId>,
    /// Whether every atom of the predicate has been derived (its component is done).
    pub complete: bool,
    /// How many of `members` were removed from the domain (lookups skip them).
    removed: u32,
    /// Indexes: argument mask → key values → ascending member positions.
    indexes: FxHashMap<u64, FxHashMap<Box<[Val]>, Vec<u32>>>,
}

/// All atoms and domains.
#[derive(Default, Debug)]
pub(crate) struct Store {
    /// Atoms by id.
    pub atoms: Vec<AtomInfo>,
    /// Ids of non-auxiliary atoms.
    by_val: FxHashMap<Val, AtomId>,
    /// Domains by predicate index.
    pub preds: Vec<PredDomain>,
    /// Predicate indexes by interned name: the first predicate of each name (`u32::MAX` for
    /// none), the others of that name chained through `same_name`. Names are dense, and a
    /// large program's rules mostly mention names in the order they were interned, so this
    /// is looked up with better locality than a hash table.
    by_name: Vec<u32>,
    /// Per predicate index: the next predicate of the same name (`u32::MAX` ends the chain).
    same_name: Vec<u32>,
}

/// The values of `args` at the positions in `mask`.
fn key_of(args: &[Val], mask: u64) -> Box<[Val]> {
    args.iter()
        .enumerate()
        .filter(|(i, _)| *i < 64 && mask & (1 << i) != 0)
        .map(|(_, &v)| v)
        .collect()
}

/// The index of `members` on the argument positions in `mask`.
fn build_index(
    atoms: &[AtomInfo],
    table: &Interner,
    members: &[AtomId],
    mask: u64,
) -> FxHashMap<Box<[Val]>, Vec<u32>> {
    let mut index: FxHashMap<Box<[Val]>, Vec<u32>> = FxHashMap::default();
    for (pos, &m) in members.iter().enumerate() {
        let Some(info) = atoms.get(m.0 as usize).filter(|i| i.in_domain) else {
            continue; // removed from the domain
        };
        let val = info.val;
        let args: &[Val] = match val.and_then(|v| table.as_fun(v)) {
            Some(f) => f.args,
            None => &[],
        };
        index
            .entry(key_of(args, mask))
            .or_default()
            .push(pos as u32);
    }
    index
}

impl Store {
    /// The index of predicate `p`, registering it if new.
    pub fn pred(&mut self, p: Pred) -> u32 {
        if let Some(id) = self.find_pred(p) {
            return id;
        }
        let id = self.preds.len() as u32;
        self.preds.push(PredDomain {
            pred: p,
            members: Vec::new(),
            complete: false,
            removed: 0,
            indexes: FxHashMap::default(),
        });
        let name = p.name as usize;
        if self.by_name.len() <= name {
            self.by_name.resize(name + 1, u32::MAX);
        }
        let first = self.by_name.get_mut(name).map(|f| std::mem::replace(f, id));
        self.same_name.push(first.unwrap_or(u32::MAX));
        id
    }

    /// The index of `p` if registered.
    pub fn find_pred(&self, p: Pred) -> Option<u32> {
        let mut id = *self.by_name.get(p.name as usize)?;
        while let Some(domain) = self.preds.get(id as usize) {
            if domain.pred == p {
                return Some(id);
            }
            id = self.same_name.get(id as usize).copied()?;
        }
        None
    }

    /// The atom of `val` (predicate `pred`), creating it if new.
    pub fn atom(&mut self, val: Val, pred: u32) -> AtomId {
        if let Some(&id) = self.by_val.get(&val) {
            return id;
        }
        let id = AtomId(self.atoms.len() as u32);
        self.atoms.push(AtomInfo {
            val: Some(val),
            pred,
            fact: false,
            in_domain: false,
            pos: NOT_MEMBER,
        });
        self.by_val.insert(val, id);
        id
    }

    /// The atom of `val` if it exists.
    pub fn find(&self, val: Val) -> Option<AtomId> {
        self.by_val.get(&val).copied()
    }

    /// A fresh auxiliary atom.
    pub fn aux(&mut self) -> AtomId {
        let id = AtomId(self.atoms.len() as u32);
        self.atoms.push(AtomInfo {
            val: None,
            pred: u32::MAX,
            fact: false,
            in_domain: true,
            pos: NOT_MEMBER,
        });
        id
    }

    /// The info of atom `a`.
    pub fn info(&self, a: AtomId) -> Option<&AtomInfo> {
        self.atoms.get(a.0 as usize)
    }

    /// Whether `a` is a fact.
    pub fn is_fact(&self, a: AtomId) -> bool {
        self.info(a).is_some_and(|i| i.fact)
    }

    /// Marks `a` a fact (adding it to its domain). Returns whether it was not a fact before.
    pub fn set_fact(&mut self, table: &Interner, a: AtomId) -> bool {
        self.add_to_domain(table, a);
        match self.atoms.get_mut(a.0 as usize) {
            Some(info) if !info.fact => {
                info.fact = true;
                true
            }
            _ => false,
        }
    }

    /// Adds `a` to its predicate's domain. Returns whether it is new there.
    pub fn add_to_domain(&mut self, table: &Interner, a: AtomId) -> bool {
        let Some(info) = self.atoms.get_mut(a.0 as usize) else {
            return false;
        };
        if info.in_domain {
            return false;
        }
        info.in_domain = true;
        let (pred, val) = (info.pred, info.val);
        let Some(dom) = self.preds.get_mut(pred as usize) else {
            return true;
        };
        let pos = dom.members.len() as u32;
        info.pos = pos;
        dom.members.push(a);
        let args: &[Val] = match val.and_then(|v| table.as_fun(v)) {
            Some(f) => f.args,
            None => &[],
        };
        for (&mask, index) in dom.indexes.iter_mut() {
            index.entry(key_of(args, mask)).or_default().push(pos);
        }
        true
    }

    /// Takes `a` out of its domain for good (see the module doc): joins no longer match it and
    /// its term no longer finds it. An atom outside its domain (only referenced, as `not r(1)`
    /// over a head of its own rule, which gringo numbers) loses its term too. Returns whether
    /// its term found it.
    pub fn remove_from_domain(&mut self, a: AtomId) -> bool {
        let Some(info) = self.atoms.get_mut(a.0 as usize) else {
            return false;
        };
        let Some(val) = info.val else {
            return false;
        };
        if self.by_val.get(&val) != Some(&a) {
            return false;
        }
        debug_assert!(!info.fact, "a fact is never removed from its domain");
        self.by_val.remove(&val);
        if info.in_domain {
            info.in_domain = false;
            info.pos = NOT_MEMBER;
            if let Some(dom) = self.preds.get_mut(info.pred as usize) {
                dom.removed += 1;
            }
        }
        true
    }

    /// The members in positions `[lo, hi)` of `pred` whose arguments at `mask` equal `key`
    /// (`key` holds those arguments in order), appended to `out` as `make(atom)`.
    #[allow(clippy::too_many_arguments)]
    pub fn lookup<C>(
        &mut self,
        table: &Interner,
        pred: u32,
        mask: u64,
        key: &[Val],
        (lo, hi): (u32, u32),
        out: &mut Vec<C>,
        make: impl Fn(AtomId) -> C,
    ) {
        let Some(dom) = self.preds.get_mut(pred as usize) else {
            return;
        };
        let hi = hi.min(dom.members.len() as u32);
        if lo >= hi {
            return;
        }
        let (atoms, removed) = (&self.atoms, dom.removed);
        let live =
            |m: &&AtomId| removed == 0 || atoms.get(m.0 as usize).is_some_and(|i| i.in_domain);
        if mask == 0 {
            let members = dom.members.get(lo as usize..hi as usize).unwrap_or(&[]);
            out.extend(members.iter().filter(live).map(|&m| make(m)));
            return;
        }
        let members = &dom.members;
        let index = dom
            .indexes
            .entry(mask)
            .or_insert_with(|| build_index(atoms, table, members, mask));
        let Some(list) = index.get(key) else {
            return;
        };
        // Most lookups cover the whole domain: no search for the range's ends then.
        let (start, end) = match lo == 0 && hi as usize == members.len() {
            true => (0, list.len()),
            false => (
                list.partition_point(|&p| p < lo),
                list.partition_point(|&p| p < hi),
            ),
        };
        let positions = list.get(start..end).unwrap_or(&[]);
        let members = positions
            .iter()
            .filter_map(|&p| dom.members.get(p as usize));
        out.extend(members.filter(live).map(|&m| make(m)));
    }

    /// The member of `pred` in positions `[lo, hi)` whose term is `name(args)` (all
    /// arguments bound), if any.
    pub fn find_bound(
        &self,
        table: &Interner,
        pred: &Pred,
        args: &[Val],
        (lo, hi): (u32, u32),
    ) -> Option<AtomId> {
        let val = table.find_fun(pred.name, pred.negative, args)?;
        let atom = self.find(val)?;
        let info = self.info(atom)?;
        (info.pos != NOT_MEMBER && lo <= info.pos && info.pos < hi).then_some(atom)
    }

    /// Number of members of `pred`.
    pub fn size(&self, pred: u32) -> u32 {
        self.preds
            .get(pred as usize)
            .map_or(0, |d| d.members.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The members a lookup finds.
    fn found(
        store: &mut Store,
        table: &Interner,
        pred: u32,
        mask: u64,
        key: &[Val],
        range: (u32, u32),
    ) -> Vec<AtomId> {
        let mut out = Vec::new();
        store.lookup(table, pred, mask, key, range, &mut out, |a| a);
        out
    }

    /// Index lookups see members added after the index was built, restricted to a range;
    /// fully bound lookups find the member by its term.
    #[test]
    fn indexes_follow_insertions_and_ranges() {
        let mut table = Interner::default();
        let mut store = Store::default();
        let name = table.name("e");
        let e = Pred {
            name,
            arity: 2,
            negative: false,
        };
        let pred = store.pred(e);
        let add = |store: &mut Store, table: &mut Interner, a: i32, b: i32| {
            let v = table.fun(name, false, &[Val::Num(a), Val::Num(b)]);
            let id = store.atom(v, pred);
            store.add_to_domain(table, id);
            id
        };
        let all = (0, u32::MAX);
        let first = add(&mut store, &mut table, 1, 2);
        let key = [Val::Num(1)];
        assert_eq!(found(&mut store, &table, pred, 1, &key, all), vec![first]);
        let second = add(&mut store, &mut table, 1, 3);
        add(&mut store, &mut table, 2, 3);
        assert_eq!(
            found(&mut store, &table, pred, 1, &key, all),
            vec![first, second]
        );
        assert_eq!(
            found(&mut store, &table, pred, 1, &key, (1, 3)),
            vec![second]
        );
        assert_eq!(found(&mut store, &table, pred, 0, &[], all).len(), 3);
        assert!(!store.add_to_domain(&table, first));
        let args = [Val::Num(1), Val::Num(3)];
        assert_eq!(store.find_bound(&table, &e, &args, all), Some(second));
        assert_eq!(store.find_bound(&table, &e, &args, (0, 1)), None);
        assert_eq!(
            store.find_bound(&table, &e, &[Val::Num(3), Val::Num(1)], all),
            None
        );
    }
    /// A removed atom is skipped by lookups (indexed or not, built before or after), not
    /// found by its term, and its term makes a new atom.
    #[test]
    fn removed_atoms_leave_lookups() {
        let mut table = Interner::default();
        let mut store = Store::default();
        let name = table.name("r");
        let r = Pred {
            name,
            arity: 2,
            negative: false,
        };
        let pred = store.pred(r);
        let mut atoms = Vec::new();
        for (a, b) in [(1, 1), (1, 2), (2, 1)] {
            let v = table.fun(name, false, &[Val::Num(a), Val::Num(b)]);
            let id = store.atom(v, pred);
            store.add_to_domain(&table, id);
            atoms.push((v, id));
        }
        let all = (0, u32::MAX);
        let key = [Val::Num(1)];
        assert_eq!(found(&mut store, &table, pred, 1, &key, all).len(), 2);
        let (val, removed) = atoms[1];
        assert!(store.remove_from_domain(removed));
        assert!(!store.remove_from_domain(removed));
        assert_eq!(
            found(&mut store, &table, pred, 1, &key, all),
            vec![atoms[0].1]
        );
        let second_is_one = vec![atoms[0].1, atoms[2].1];
        assert_eq!(found(&mut store, &table, pred, 2, &key, all), second_is_one);
        assert_eq!(found(&mut store, &table, pred, 0, &[], all).len(), 2);
        let args = [Val::Num(1), Val::Num(2)];
        assert_eq!(store.find_bound(&table, &r, &args, all), None);
        assert_eq!(store.find(val), None);
        let again = store.atom(val, pred);
        assert_ne!(again, removed);
        assert!(store.add_to_domain(&table, again));
        assert_eq!(store.find_bound(&table, &r, &args, all), Some(again));
        assert_eq!(
            found(&mut store, &table, pred, 1, &key, all),
            vec![atoms[0].1, again]
        );
    }

    /// An atom outside its domain (only referenced) loses its term when removed, once; its
    /// term then makes a new atom, which a second removal of the old one leaves alone.
    #[test]
    fn removed_non_member_loses_its_term() {
        let mut table = Interner::default();
        let mut store = Store::default();
        let name = table.name("b");
        let pred = store.pred(Pred {
            name,
            arity: 1,
            negative: false,
        });
        let v = table.fun(name, false, &[Val::Num(1)]);
        let old = store.atom(v, pred);
        assert!(store.remove_from_domain(old));
        assert_eq!(store.find(v), None);
        let again = store.atom(v, pred);
        assert_ne!(again, old);
        assert!(!store.remove_from_domain(old));
        assert_eq!(store.find(v), Some(again));
    }
}
