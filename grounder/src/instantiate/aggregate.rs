//! Aggregates, conditional literals and choice heads as ground rules.
//!
//! An aggregate's elements are grounded under the rule's binding (a sub-join of each element's
//! condition); instances with the same tuple count once, and a tuple holds when any of its
//! conditions does (an auxiliary atom with one rule per condition when there are several).
//! `#count`, `#sum` and `#sum+` become weight rules over the uncertain tuples, the certain ones
//! folded into the bound: `value >= k` is `aux :- k - fixed <= #sum{w,l : ...}` (in a body, as
//! gringo writes it: the only tuple's literal when no other tuple has a weight, else the
//! certain tuples kept as `not` an atom without rules, see `bounds::SumForm`; in a head
//! aggregate's bounds the certain tuples kept so too, the only tuple's literal never alone), `value <= k`
//! is `not (value >= k+1)`, `=` both, `!=` the negation (aggregates and conditions that depend
//! positively on their rule's head keep clingo's semantics, see `recursion`). `#min`/`#max` become disjunctions
//! (`#max >= b` iff some tuple with weight `>= b` holds). An assignment `X = #agg{..}` is
//! grounded once per possible value (the subset sums of the uncertain weights, or the range
//! between the extremes when those are too many). An undecided recursive body aggregate is an
//! auxiliary atom of its own, gringo's `#delayed` atom; one whose elements are accumulated in
//! its rule's component (`recursion::Grounder::accumulated_in_component`) and that holds is
//! the atom `aux :- .` unless it is monotone (`recursion::monotone_atom`) and not negated, so its rule's
//! head is no fact while grounding, as gringo settles only monotone recursive aggregates. A body conditional literal `l : c` is the
//! conjunction over the condition's instances of `l`, or of `aux :- l. aux :- not c_i.` when
//! the instance's condition is not certain (an instance whose literal is part of its own
//! condition always holds and is dropped); the instances of one literal instance with two
//! or more uncertain conditions are one element, written as gringo writes it (see
//! `cond_element`); a conjunction over a recursive condition that holds
//! anyway is the atom `aux :- .`, so its rule's head is no fact while grounding, as in gringo.
//! Choice and head-aggregate rules become choice rules plus a constraint
//! `:- body, not bound_holds`; when the elements cannot meet the bounds (see `satisfiable`)
//! the element atoms stay undefined and only `:- body` is emitted.
//!
//! # Invariants
//! - In `Mode::Domain` no atom or rule is created; aggregates are reported as possibly true
//!   (assignments with every value that is possible given the current elements) unless a
//!   non-negated or doubly negated one's value range, as gringo counts it, misses its bounds
//!   (see `satisfiable`), as gringo leaves such an aggregate undefined in a recursive
//!   component, or a negated one's range lies within its bounds (outside a component that
//!   depends negatively on itself); likewise a conditional literal is possibly true unless an
//!   instance with a certain condition has no alternative that can hold (an atom in no domain
//!   yet, a fact under `not`, an undefined term, a false comparison, for no solution of the
//!   alternative's local literals).

mod body;
mod bounds;
mod cond_element;
mod conditional;
mod elements;
mod extremes;
mod groups;
mod head;
mod head_ignored;
mod ignored;

use crate::ast::CompareOp;
use crate::instantiate::GLit;
use crate::term::intern::Val;

/// A literal's value known at grounding time, or the literals it depends on (a conjunction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    /// Certainly true.
    True,
    /// Certainly false.
    False,
    /// True iff all these hold.
    Lits(Vec<GLit>),
}

/// A grouped aggregate element: its weight and its literal (`None`: certainly holds).
pub(crate) type Weighted = (Val, Option<GLit>);

/// The integer weight of an element (0 for a non-number).
pub(crate) fn weight(w: &Val) -> i64 {
    match w {
        Val::Num(n) => i64::from(*n),
        _ => 0,
    }
}

/// For `sum >= k`: the weight the uncertain elements must still reach and those elements
/// with their weights, or `Err` with the truth value when the certain elements decide it.
pub(crate) fn open_sum(elems: &[Weighted], k: i64) -> Result<(i64, Vec<(GLit, i64)>), Tri> {
    let (fixed, uncertain) = split_weights(elems);
    let need = k - fixed;
    let min: i64 = uncertain.iter().map(|(_, w)| (*w).min(0)).sum();
    let max: i64 = uncertain.iter().map(|(_, w)| (*w).max(0)).sum();
    if need <= min {
        return Err(Tri::True);
    }
    if need > max {
        return Err(Tri::False);
    }
    Ok((need, uncertain))
}

/// The summed weight of the certain elements and the uncertain ones with their weights.
pub(crate) fn split_weights(elems: &[Weighted]) -> (i64, Vec<(GLit, i64)>) {
    let fixed = elems
        .iter()
        .filter(|(_, l)| l.is_none())
        .map(|(w, _)| weight(w))
        .sum();
    let uncertain = elems
        .iter()
        .filter_map(|(w, l)| l.map(|l| (l, weight(w))))
        .collect();
    (fixed, uncertain)
}

pub(crate) use bounds::SumForm;
use groups::Groups;
pub(crate) use head_ignored::HeadIgnored;

/// Outcomes of a body aggregate: an optional assignment and the literals it needs.
pub(crate) type Outcomes = Vec<(Option<(u32, Val)>, Vec<GLit>)>;

/// Bounds to check, with the assignment they belong to.
type Checks = Vec<(Option<(u32, Val)>, Vec<(CompareOp, Val)>)>;

/// The most distinct values an assignment aggregate enumerates by subset sums.
const MAX_SUBSET_SUMS: usize = 20_000;

/// The conjunction of two three-valued literals.
pub(crate) fn conj(a: Tri, b: Tri) -> Tri {
    match (a, b) {
        (Tri::False, _) | (_, Tri::False) => Tri::False,
        (Tri::True, x) | (x, Tri::True) => x,
        (Tri::Lits(mut x), Tri::Lits(y)) => {
            x.extend(y);
            Tri::Lits(x)
        }
    }
}
