//! The assignment: values, decision levels, reasons and the trail.
//!
//! Invariants: every assigned variable appears exactly once on `trail`, at `position`; levels
//! along the trail never decrease; `level_starts[i]` is the trail index where level `i + 1`
//! begins; `qhead <= trail.len()` and every literal before `qhead` has been processed by all
//! propagators (their counters include it). Variable 0 is true at level 0.
//!
//! The value array is allocated to a power of two entries (at least two per variable, the
//! rest unassigned padding), so a [`Values`] view can index it by `lit & mask` with no
//! bounds check: a loop that tests many literals against an unchanging assignment (the
//! replacement-watch scan of a long clause) takes one view and tests each literal with one
//! load.

use super::lit::{Lit, Value, Var};

/// A reference to a clause in the clause arena.
pub(crate) type CRef = u32;

/// Why a literal is true: what the conflict analysis resolves on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// A search decision (or an enumeration flip); no antecedents.
    Decision,
    /// Implied by the program without antecedents (units, facts).
    Fact,
    /// Implied by one true literal (a binary nogood).
    Binary(Lit),
    /// Implied by two true literals (a ternary nogood).
    Ternary(Lit, Lit),
    /// Implied by a clause in the arena whose other literals are false.
    Clause(CRef),
    /// Implied by a weight constraint (explained lazily from the trail).
    Weight(u32),
    /// Implied by the optimization bound at this priority level index.
    Minimize(u32),
}

/// What is recorded for an assigned variable, kept together so that an assignment writes
/// one record (one bounds check, one cache line).
#[derive(Copy, Clone, Debug)]
struct VarInfo {
    /// Why it is true.
    reason: Reason,
    /// Its decision level.
    level: u32,
    /// Its trail index.
    position: u32,
}

/// The record of a variable never assigned.
const UNASSIGNED_INFO: VarInfo = VarInfo {
    reason: Reason::Fact,
    level: 0,
    position: 0,
};

/// Values, levels, reasons and trail of the current partial assignment.
pub(crate) struct Assignment {
    /// Value per literal code (both literals of a variable are set together), so a value
    /// test is one load; a power of two entries, those past `2 * var_count` unassigned.
    values: Vec<Value>,
    /// `values.len() - 1`, kept apart so that the compiler sees a [`Values`] view's index
    /// bound by its length (see [`Values::of`]).
    mask: usize,
    /// Number of variables.
    var_count: usize,
    /// Reason, level and trail index per assigned variable.
    info: Vec<VarInfo>,
    /// The assigned literals in assignment order.
    pub(crate) trail: Vec<Lit>,
    /// Trail index where each level above 0 starts.
    pub(crate) level_starts: Vec<u32>,
    /// Next trail index to propagate.
    pub(crate) qhead: usize,
    /// Per variable: an open atom no statement mentions (never decided, never assigned).
    open: Vec<bool>,
    /// The number of `true` entries of `open`.
    open_count: usize,
}

impl Assignment {
    /// An empty assignment over `vars` variables with variable 0 set true.
    pub(crate) fn new(vars: usize) -> Assignment {
        let slots = value_slots(vars);
        let mut assignment = Assignment {
            values: vec![Value::Unassigned; slots],
            mask: slots - 1,
            var_count: vars,
            info: vec![UNASSIGNED_INFO; vars],
            trail: Vec::with_capacity(vars),
            level_starts: Vec::new(),
            qhead: 0,
            open: vec![false; vars],
            open_count: 0,
        };
        assignment.assign(Lit::TRUE, Reason::Fact);
        assignment
    }

    /// Adds unassigned variables up to `vars` in all.
    pub(crate) fn grow(&mut self, vars: usize) {
        if vars <= self.var_count() {
            return;
        }
        let slots = value_slots(vars);
        self.values.resize(slots, Value::Unassigned);
        self.mask = slots - 1;
        self.var_count = vars;
        self.info.resize(vars, UNASSIGNED_INFO);
        self.open.resize(vars, false);
    }

    /// Marks `var` as an open atom the search leaves unassigned (or no longer).
    pub(crate) fn set_open(&mut self, var: Var, open: bool) {
        let Some(flag) = self.open.get_mut(var.index()) else {
            return;
        };
        if *flag != open {
            *flag = open;
            match open {
                true => self.open_count += 1,
                false => self.open_count -= 1,
            }
        }
    }

    /// Whether every variable the search decides is assigned (the open atoms stay
    /// unassigned).
    pub(crate) fn is_total(&self) -> bool {
        self.var_count() - self.trail.len() <= self.open_count
    }

    /// Number of variables.
    pub(crate) fn var_count(&self) -> usize {
        self.var_count
    }

    /// The current decision level.
    pub(crate) fn level(&self) -> u32 {
        self.level_starts.len() as u32
    }

    /// The value of `lit`.
    pub(crate) fn value(&self, lit: Lit) -> Value {
        self.values[lit.index()]
    }

    /// The true variables (positive literal true) among `vars`, ascending.
    pub(crate) fn true_vars(
        &self,
        vars: std::ops::Range<u32>,
    ) -> impl Iterator<Item = u32> + Clone + '_ {
        let first = vars.start as usize * 2;
        let last = (vars.end as usize * 2).min(2 * self.var_count);
        let pairs = self.values.get(first..last).unwrap_or(&[]).chunks_exact(2);
        (vars.start..)
            .zip(pairs)
            .filter(|(_, pair)| pair[0] == Value::True)
            .map(|(var, _)| var)
    }

    /// A read-only view of the values for a loop that tests many literals.
    #[inline]
    pub(crate) fn values(&self) -> Values<'_> {
        Values {
            values: &self.values[..=self.mask],
            mask: self.mask,
        }
    }

    /// Whether `lit` is true.
    pub(crate) fn is_true(&self, lit: Lit) -> bool {
        self.value(lit) == Value::True
    }

    /// Whether `lit` is false.
    pub(crate) fn is_false(&self, lit: Lit) -> bool {
        self.value(lit) == Value::False
    }

    /// Whether `var` is assigned.
    pub(crate) fn is_assigned(&self, var: Var) -> bool {
        self.values[var.pos().index()] != Value::Unassigned
    }

    /// The level of an assigned variable.
    pub(crate) fn level_of(&self, var: Var) -> u32 {
        self.info[var.index()].level
    }

    /// The reason of an assigned variable.
    pub(crate) fn reason_of(&self, var: Var) -> Reason {
        self.info[var.index()].reason
    }

    /// The trail position of an assigned variable.
    pub(crate) fn position_of(&self, var: Var) -> u32 {
        self.info[var.index()].position
    }

    /// Makes `lit` true at the current level. The variable must be unassigned.
    #[inline]
    pub(crate) fn assign(&mut self, lit: Lit, reason: Reason) {
        let var = lit.var().index();
        debug_assert_eq!(
            self.value(lit),
            Value::Unassigned,
            "assigning an assigned variable"
        );
        let sign = lit.index() & 1;
        let pair = &mut self.values[2 * var..2 * var + 2];
        pair[sign] = Value::True;
        pair[sign ^ 1] = Value::False;
        self.info[var] = VarInfo {
            reason,
            level: self.level_starts.len() as u32,
            position: self.trail.len() as u32,
        };
        self.trail.push(lit);
    }

    /// Opens a new decision level.
    pub(crate) fn new_level(&mut self) {
        self.level_starts.push(self.trail.len() as u32);
    }

    /// Trail index where `level` starts (level 0 starts at 0).
    pub(crate) fn level_start(&self, level: u32) -> usize {
        match level {
            0 => 0,
            _ => self.level_starts[level as usize - 1] as usize,
        }
    }

    /// The decision literal of `level` (>= 1).
    pub(crate) fn decision_of(&self, level: u32) -> Lit {
        self.trail[self.level_start(level)]
    }

    /// Pops the last trail literal and unassigns it; `None` when the trail is empty.
    pub(crate) fn pop(&mut self) -> Option<Lit> {
        let lit = self.trail.pop()?;
        let var = lit.var().index();
        self.values[2 * var..2 * var + 2].fill(Value::Unassigned);
        Some(lit)
    }

    /// Unassigns the trail literals from index `start` on, last first, calling `each` on each
    /// (once its values are cleared); [`Assignment::pop`] in one loop over the tail.
    #[inline]
    pub(crate) fn unassign_tail(&mut self, start: usize, mut each: impl FnMut(Lit)) {
        let Some(tail) = self.trail.get(start..) else {
            return;
        };
        let (values, mask) = (&mut self.values[..=self.mask], self.mask);
        for &lit in tail.iter().rev() {
            let positive = lit.var().pos().index();
            values[positive & mask] = Value::Unassigned;
            values[(positive | 1) & mask] = Value::Unassigned;
            each(lit);
        }
        self.trail.truncate(start);
    }

    /// Replaces the reason of an assigned variable (used when clause refs move).
    pub(crate) fn set_reason(&mut self, var: Var, reason: Reason) {
        self.info[var.index()].reason = reason;
    }
}

/// The length of the value array for `vars` variables: two per variable, rounded up to a
/// power of two.
fn value_slots(vars: usize) -> usize {
    (2 * vars).max(2).next_power_of_two()
}

/// The values of an [`Assignment`] borrowed for a loop: `values` has `mask + 1` entries,
/// a power of two, and a literal's value is at `lit & mask` (its own code, as every literal
/// is below `2 * var_count`).
#[derive(Copy, Clone)]
pub(crate) struct Values<'a> {
    /// The value array, cut to `mask + 1` entries.
    values: &'a [Value],
    /// One less than the length of `values`.
    mask: usize,
}

impl Values<'_> {
    /// The value of `lit`. The index `lit & mask` is below `values.len() = mask + 1`, which
    /// the compiler sees from the slicing in [`Assignment::values`]: no bounds check.
    #[inline]
    pub(crate) fn of(self, lit: Lit) -> Value {
        debug_assert!(lit.index() <= self.mask);
        self.values[lit.index() & self.mask]
    }

    /// Whether `lit` is false.
    #[inline]
    pub(crate) fn is_false(self, lit: Lit) -> bool {
        self.of(lit) == Value::False
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assign_and_pop_keep_levels_and_positions() {
        let mut a = Assignment::new(3);
        assert!(a.is_true(Lit::TRUE));
        a.new_level();
        a.assign(Var(2).neg(), Reason::Decision);
        assert_eq!(a.level(), 1);
        assert_eq!(a.level_of(Var(2)), 1);
        assert_eq!(a.position_of(Var(2)), 1);
        assert!(a.is_false(Var(2).pos()));
        assert_eq!(a.decision_of(1), Var(2).neg());
        assert_eq!(a.true_vars(0..3).collect::<Vec<_>>(), vec![0]);
        a.assign(Var(1).pos(), Reason::Decision);
        assert_eq!(a.true_vars(0..3).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(a.true_vars(1..9).collect::<Vec<_>>(), vec![1]);
        assert_eq!(a.pop(), Some(Var(1).pos()));
        assert_eq!(a.pop(), Some(Var(2).neg()));
        assert_eq!(a.value(Var(2).pos()), Value::Unassigned);
    }
}
