//! Whether a ground head aggregate (or bounded choice) can still be satisfied, as gringo
//! decides it before it defines the element atoms.
//!
//! gringo adds the atoms of a head aggregate's elements to their domains only once the
//! aggregate is *satisfiable*: the interval of values its elements can produce meets the
//! bounds. Element atoms are free (a choice), so with `#count`/`#sum`/`#sum+` the interval is
//! `[certain + negative weights, certain + positive weights]`, where a tuple is certain when
//! one of its atoms is a fact with a certain condition; with `#max` it is
//! `[max of the certain weights, max of all weights]` and `#inf` stands for no weight
//! (`#min` mirrored, with `#sup`). So `2 { r(3); a : r(W) }.` never defines `r(3)` (one tuple
//! gives at most 1), the condition `r(W)` stays empty, and the rule is just `:- .`.
//!
//! A body aggregate gets the same check, but gringo's interval of a body aggregate counts
//! condition instances, not tuples (`aggregate::groups`' `range_entries`): it defines the
//! aggregate atom once that interval meets the bounds, so `q :- 3 < #count{ W : r(W) }.` with
//! two possible `r` atoms never derives `q`, not even for the domain (in a recursive
//! component, see `components`), while `:~ 1 < #count{2 : p; 2 : r}. [1@1]` stays a weak
//! constraint whose body never holds.
//!
//! The bounds are intervals of symbols, as gringo's: `1 < X < 2` is the open interval
//! `(1, 2)`, which meets `[0, 3]` although no integer lies in it.
//!
//! # Invariants
//! - The check only looks at the elements grounded so far; as the domains grow during the
//!   fixpoint the interval only widens, so an aggregate once satisfiable stays so.

use fxhash::FxHashMap;

use crate::ast::{AggregateFunction, CompareOp};
use crate::instantiate::aggregate::Weighted;
use crate::instantiate::domain::AtomId;
use crate::instantiate::{compare, GLit, Grounder};
use crate::term::intern::{Interner, Val};

/// One end of a value interval: the value and whether it belongs to the interval.
type End = (Val, bool);

impl Grounder<'_> {
    /// Whether the head aggregate with these ground elements `(tuple, atom, condition)` can
    /// meet the evaluated `bounds`.
    pub(crate) fn head_satisfiable(
        &self,
        function: AggregateFunction,
        instances: &[(Vec<Val>, Option<AtomId>, Vec<GLit>)],
        bounds: &[(CompareOp, Val)],
    ) -> bool {
        let mut certain: FxHashMap<&[Val], bool> = FxHashMap::default();
        for (tuple, atom, cond) in instances {
            let sure = cond.is_empty() && atom.is_none_or(|a| self.store.is_fact(a));
            *certain.entry(tuple.as_slice()).or_insert(false) |= sure;
        }
        let weights: Vec<(Val, bool)> = certain
            .into_iter()
            .filter_map(|(tuple, sure)| Self::weight_of(function, tuple).map(|w| (w, sure)))
            .collect();
        self.range_meets(function, &weights, bounds)
    }

    /// Whether a body aggregate with these grouped elements (`None`: certain) can meet the
    /// evaluated `bounds` when any of its uncertain elements may hold.
    pub(crate) fn body_satisfiable(
        &self,
        function: AggregateFunction,
        elems: &[Weighted],
        bounds: &[(CompareOp, Val)],
    ) -> bool {
        let weights: Vec<(Val, bool)> = elems.iter().map(|(w, l)| (*w, l.is_none())).collect();
        self.range_meets(function, &weights, bounds)
    }

    /// Whether some value of `function` over the `(weight, certain)` elements meets `bounds`.
    pub(crate) fn range_meets(
        &self,
        function: AggregateFunction,
        weights: &[(Val, bool)],
        bounds: &[(CompareOp, Val)],
    ) -> bool {
        let (lo, hi) = self.range(function, weights);
        meets(self.table, (lo, true), (hi, true), bounds)
    }

    /// Whether every value of `function` over the `(weight, certain)` elements meets `bounds`.
    pub(crate) fn range_within(
        &self,
        function: AggregateFunction,
        weights: &[(Val, bool)],
        bounds: &[(CompareOp, Val)],
    ) -> bool {
        let (lo, hi) = self.range(function, weights);
        // Each bound but `!=` holds on an interval iff it holds at both ends.
        bounds.iter().all(|&(op, b)| match op {
            CompareOp::Ne => self.table.cmp(b, lo).is_lt() || self.table.cmp(b, hi).is_gt(),
            _ => compare(self.table, op, lo, b) && compare(self.table, op, hi, b),
        })
    }

    /// The interval `[lo, hi]` of values of `function` over the `(weight, certain)` elements.
    fn range(&self, function: AggregateFunction, weights: &[(Val, bool)]) -> (Val, Val) {
        match function {
            AggregateFunction::Max => extreme_range(self.table, weights, true),
            AggregateFunction::Min => extreme_range(self.table, weights, false),
            _ => sum_range(weights),
        }
    }
}

/// The interval of sums: certain weights always count, the others may.
fn sum_range(weights: &[(Val, bool)]) -> (Val, Val) {
    let (mut lo, mut hi) = (0i64, 0i64);
    for (w, sure) in weights {
        let Val::Num(n) = w else { continue };
        let n = i64::from(*n);
        if *sure || n < 0 {
            lo += n;
        }
        if *sure || n > 0 {
            hi += n;
        }
    }
    let clamp = |v: i64| Val::Num(v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
    (clamp(lo), clamp(hi))
}

/// The interval of `#max` (`max`) or `#min` values.
fn extreme_range(table: &Interner, weights: &[(Val, bool)], max: bool) -> (Val, Val) {
    let empty = if max { Val::Inf } else { Val::Sup };
    let better = |a: Val, b: Val| {
        let o = table.cmp(a, b);
        if max {
            o.is_gt()
        } else {
            o.is_lt()
        }
    };
    let (mut all, mut sure) = (empty, empty);
    for &(w, is_sure) in weights {
        if all == empty || better(w, all) {
            all = w;
        }
        if is_sure && (sure == empty || better(w, sure)) {
            sure = w;
        }
    }
    if max {
        (sure, all)
    } else {
        (all, sure)
    }
}

/// Whether some value between `lo` and `hi` satisfies every bound `value op b`.
fn meets(table: &Interner, mut lo: End, mut hi: End, bounds: &[(CompareOp, Val)]) -> bool {
    let mut excluded = Vec::new();
    for &(op, b) in bounds {
        let (b_lo, b_hi): (Option<End>, Option<End>) = match (op, b) {
            (CompareOp::Ge, _) => (Some((b, true)), None),
            (CompareOp::Gt, _) => (Some((b, false)), None),
            (CompareOp::Le, _) => (None, Some((b, true))),
            (CompareOp::Lt, _) => (None, Some((b, false))),
            (CompareOp::Eq, _) => (Some((b, true)), Some((b, true))),
            (CompareOp::Ne, _) => {
                excluded.push(b);
                (None, None)
            }
        };
        if let Some(l) = b_lo {
            lo = tighter(table, lo, l, true);
        }
        if let Some(h) = b_hi {
            hi = tighter(table, hi, h, false);
        }
    }
    match table.cmp(lo.0, hi.0) {
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => lo.1 && hi.1 && !excluded.contains(&lo.0),
        std::cmp::Ordering::Less => true,
    }
}

/// The stricter of two lower (`lower`) or upper interval ends.
fn tighter(table: &Interner, a: End, b: End, lower: bool) -> End {
    match table.cmp(a.0, b.0) {
        std::cmp::Ordering::Equal => (a.0, a.1 && b.1),
        std::cmp::Ordering::Less if lower => b,
        std::cmp::Ordering::Greater if !lower => b,
        _ => a,
    }
}
