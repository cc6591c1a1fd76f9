//! The decision heuristic: VSIDS-style activities with phase saving.
//!
//! Variables involved in conflict analysis get their activity bumped by a growing increment
//! (so older bumps decay); activities are rescaled before they overflow. Unassigned variables
//! live in a binary max-heap on activity; assigned ones are removed lazily when popped and
//! re-inserted when unassigned. The phase of a decision is the variable's last value (phase
//! saving), initially false for atoms and true for bodies (clasp's ASP sign default).
//! Preferred variables (the projected atoms of projective enumeration, see [`Heuristic::prefer`])
//! rank above all others: the heap orders by (preferred, activity), so no other variable is
//! decided while a preferred one is unassigned.
//! Under the domain heuristic (`--heuristic=Domain`, see `domain.rs`) the heap orders by
//! (preferred, domain level, activity); a domain sign overrides the saved phase, a factor
//! multiplies the variable's bumps, an init value is its initial activity.
//! Invariant: every unassigned variable except variable 0 is in the heap.

use super::assignment::Assignment;
use super::domain::{Domain, Group, Kind};
use super::lit::{Lit, Var};

/// Activity decay per conflict (the increment grows by its inverse).
const DECAY: f64 = 0.95;

/// A variable's place in the heap and its saved phase.
#[derive(Copy, Clone, Debug)]
struct Slot {
    /// Heap index, `u32::MAX` when absent.
    heap_index: u32,
    /// Saved phase: true means decide the negative literal.
    negative: bool,
}

impl Slot {
    /// Not in the heap, with the initial phase `negative`.
    fn absent(negative: bool) -> Slot {
        Slot {
            heap_index: u32::MAX,
            negative,
        }
    }
}

/// VSIDS activities, heap and saved phases.
pub(crate) struct Heuristic {
    /// Activity per variable.
    activity: Vec<f64>,
    /// The current bump amount.
    increment: f64,
    /// Heap of variables by activity.
    heap: Vec<Var>,
    /// Heap index and saved phase per variable (one record: backtracking writes the phase
    /// and tests the index of each variable it unassigns).
    slots: Vec<Slot>,
    /// Random state for the seed's initial tie-breaking.
    random: u64,
    /// Whether a non-zero seed asks for random initial activities.
    seeded: bool,
    /// Per variable: decided before every variable without the mark.
    preferred: Vec<bool>,
    /// Domain statements not yet resolved (resolved at the first decision).
    domain: Option<Domain>,
    /// Per variable: domain level (empty without domain statements: all 0).
    level: Vec<i32>,
    /// Per variable: domain sign, 1 true, -1 false, 0 none (empty: all 0).
    sign: Vec<i8>,
    /// Per variable: bump factor (empty: all 1).
    factor: Vec<f64>,
    /// Domain level and sign groups re-evaluated before each decision.
    dynamic: Vec<Group>,
    /// Whether the current call made variables preferred or gave domain statements (then
    /// [`Heuristic::reset_solve_settings`] has something to undo). Invariant: when false, no
    /// variable is preferred and `level` is empty, so the heap orders by activity alone.
    call_settings: bool,
}

impl Heuristic {
    /// A heuristic over `vars` variables; `is_atom[v]` selects the initial phase.
    pub(crate) fn new(vars: usize, is_atom: &[bool], seed: u64) -> Heuristic {
        let mut heuristic = Heuristic {
            activity: vec![0.0; vars],
            increment: 1.0,
            heap: Vec::with_capacity(vars),
            slots: (0..vars)
                .map(|v| Slot::absent(is_atom.get(v).copied().unwrap_or(true)))
                .collect(),
            random: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            seeded: seed != 0,
            preferred: vec![false; vars],
            domain: None,
            level: Vec::new(),
            sign: Vec::new(),
            factor: Vec::new(),
            dynamic: Vec::new(),
            call_settings: false,
        };
        if seed != 0 {
            for v in 1..vars {
                heuristic.activity[v] = heuristic.next_random() * 1e-5;
            }
        }
        for v in 1..vars {
            heuristic.insert(Var(v as u32));
        }
        heuristic
    }

    /// Makes `vars` preferred: none of the others is decided while one of them is unassigned.
    pub(crate) fn prefer(&mut self, vars: &[Var]) {
        self.call_settings |= !vars.is_empty();
        for var in vars {
            if let Some(slot) = self.preferred.get_mut(var.index()) {
                *slot = true;
            }
        }
        for index in (0..self.heap.len()).rev() {
            self.sift_down(index);
        }
    }

    /// Applies the domain statements from the first decision on (`--heuristic=Domain`).
    pub(crate) fn set_domain(&mut self, domain: Domain) {
        self.call_settings = true;
        if !domain.is_empty() {
            self.domain = Some(domain);
        }
    }

    /// Resolves the domain statements under the level-0 assignment `a`.
    fn start_domain(&mut self, domain: &Domain, a: &Assignment) {
        let vars = self.activity.len();
        self.level = vec![0; vars];
        self.sign = vec![0; vars];
        self.factor = vec![1.0; vars];
        let resolved = domain.resolve(a);
        for (var, kind, value) in resolved.fixed {
            let Some(i) = (var.index() < vars).then_some(var.index()) else {
                continue;
            };
            match kind {
                Kind::Level => self.level[i] = value,
                Kind::Sign => self.sign[i] = value.signum() as i8,
                Kind::Factor if value >= 1 => self.factor[i] = f64::from(value),
                Kind::Factor => {}
                Kind::Init => self.activity[i] += f64::from(value),
            }
        }
        self.dynamic = resolved.dynamic;
        self.dynamic.retain(|g| g.var.index() < vars);
        for index in (0..self.heap.len()).rev() {
            self.sift_down(index);
        }
    }

    /// Re-evaluates the dynamic domain levels, repositioning changed variables in the heap.
    fn update_dynamic_levels(&mut self, a: &Assignment) {
        for g in 0..self.dynamic.len() {
            let group = &self.dynamic[g];
            if group.kind != Kind::Level {
                continue;
            }
            let var = group.var;
            let level = group.value(a).unwrap_or(0);
            if self.level[var.index()] == level {
                continue;
            }
            self.level[var.index()] = level;
            let index = self.slots[var.index()].heap_index;
            if index != u32::MAX {
                self.sift_up(index as usize);
                let index = self.slots[var.index()].heap_index as usize;
                self.sift_down(index);
            }
        }
    }

    /// The domain sign of `var` now (0: none).
    fn sign_of(&self, var: Var, a: &Assignment) -> i8 {
        let dynamic = self
            .dynamic
            .iter()
            .find(|g| g.var == var && g.kind == Kind::Sign);
        match dynamic {
            Some(group) => group.value(a).unwrap_or(0).signum() as i8,
            None => self.sign.get(var.index()).copied().unwrap_or(0),
        }
    }

    /// Whether `x` ranks strictly above `y` in the heap order (preferred first, then domain
    /// level, then activity).
    #[inline]
    fn beats(&self, x: Var, y: Var) -> bool {
        if !self.call_settings {
            // Nothing preferred and no domain levels (see `call_settings`): activity alone.
            return self.activity[x.index()] > self.activity[y.index()];
        }
        let (px, py) = (self.preferred[x.index()], self.preferred[y.index()]);
        if px != py {
            return px;
        }
        if !self.level.is_empty() {
            let (lx, ly) = (self.level[x.index()], self.level[y.index()]);
            if lx != ly {
                return lx > ly;
            }
        }
        self.activity[x.index()] > self.activity[y.index()]
    }

    /// A pseudo-random number in [0, 1) (xorshift).
    fn next_random(&mut self) -> f64 {
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        (self.random >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Bumps a variable's activity.
    pub(crate) fn bump(&mut self, var: Var) {
        let factor = self.factor.get(var.index()).copied().unwrap_or(1.0);
        let slot = &mut self.activity[var.index()];
        *slot += self.increment * factor;
        if *slot > 1e100 {
            self.activity.iter_mut().for_each(|x| *x *= 1e-100);
            self.increment *= 1e-100;
        }
        let index = self.slots[var.index()].heap_index;
        if index != u32::MAX {
            self.sift_up(index as usize);
        }
    }

    /// Decays all activities (by growing the increment); call once per conflict.
    pub(crate) fn decay(&mut self) {
        self.increment /= DECAY;
    }

    /// Records the phase of a variable being unassigned and returns it to the heap (inlined
    /// into backtracking, which calls it per unassigned literal; mostly the variable is still
    /// in the heap: one record read and written, and no call).
    #[inline]
    pub(crate) fn on_unassign(&mut self, lit: Lit) {
        let slot = &mut self.slots[lit.var().index()];
        slot.negative = lit.is_negative();
        if slot.heap_index == u32::MAX {
            self.push(lit.var());
        }
    }

    /// The next decision literal, or `None` when every variable is assigned.
    pub(crate) fn decide(&mut self, a: &Assignment) -> Option<Lit> {
        if let Some(domain) = self.domain.take() {
            self.start_domain(&domain, a);
        }
        if !self.dynamic.is_empty() {
            self.update_dynamic_levels(a);
        }
        while let Some(var) = self.pop() {
            if !a.is_assigned(var) {
                let negative = match self.sign_of(var, a) {
                    0 => self.slots[var.index()].negative,
                    sign => sign < 0,
                };
                return Some(Lit::new(var, negative));
            }
        }
        None
    }

    /// Inserts a variable into the heap if absent.
    #[inline]
    fn insert(&mut self, var: Var) {
        if self.slots[var.index()].heap_index == u32::MAX {
            self.push(var);
        }
    }

    /// Inserts a variable absent from the heap (variable 0 never enters it); out of line, as
    /// backtracking finds most variables still in the heap.
    #[inline(never)]
    fn push(&mut self, var: Var) {
        if var == Var::TRUE {
            return;
        }
        self.slots[var.index()].heap_index = self.heap.len() as u32;
        self.heap.push(var);
        self.sift_up(self.heap.len() - 1);
    }

    /// Removes the most active variable.
    fn pop(&mut self) -> Option<Var> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.slots[top.index()].heap_index = u32::MAX;
        if last != top {
            self.heap[0] = last;
            self.slots[last.index()].heap_index = 0;
            self.sift_down(0);
        }
        Some(top)
    }

    /// Moves the entry at `index` up while it beats its parent.
    fn sift_up(&mut self, index: usize) {
        if !self.call_settings {
            self.sift_up_by_activity(index);
            return;
        }
        let var = self.heap[index];
        let mut index = index;
        while index > 0 {
            let parent = (index - 1) / 2;
            if !self.beats(var, self.heap[parent]) {
                break;
            }
            self.place(index, self.heap[parent]);
            index = parent;
        }
        self.place(index, var);
    }

    /// [`Heuristic::sift_up`] while the heap orders by activity alone (see `beats`): the
    /// moving variable's activity is read once.
    fn sift_up_by_activity(&mut self, mut index: usize) {
        let var = self.heap[index];
        let activity = self.activity[var.index()];
        while index > 0 {
            let parent = (index - 1) / 2;
            let above = self.heap[parent];
            if activity <= self.activity[above.index()] {
                break;
            }
            self.place(index, above);
            index = parent;
        }
        self.place(index, var);
    }

    /// Moves the entry at `index` down while a child beats it.
    fn sift_down(&mut self, mut index: usize) {
        let var = self.heap[index];
        loop {
            let left = 2 * index + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len() && self.beats(self.heap[right], self.heap[left])
            {
                right
            } else {
                left
            };
            if !self.beats(self.heap[child], var) {
                break;
            }
            self.place(index, self.heap[child]);
            index = child;
        }
        self.place(index, var);
    }

    /// Puts `var` at heap slot `index`.
    fn place(&mut self, index: usize, var: Var) {
        self.heap[index] = var;
        self.slots[var.index()].heap_index = index as u32;
    }
}

/// Growth and per-call settings of a multi-shot solver (`shot`).
impl Heuristic {
    /// Whether `var` is preferred (see [`Heuristic::prefer`]).
    pub(crate) fn is_preferred(&self, var: Var) -> bool {
        self.preferred.get(var.index()).copied().unwrap_or(false)
    }

    /// The number of variables it decides among.
    pub(crate) fn var_count(&self) -> usize {
        self.activity.len()
    }

    /// Adds the variables `activity.len()..vars` (unassigned; `is_atom[v]` selects the initial
    /// phase), with the seed's tie-breaking activities continuing the sequence of [`Heuristic::new`].
    pub(crate) fn grow(&mut self, vars: usize, is_atom: &[bool]) {
        let first = self.activity.len();
        if vars <= first {
            return;
        }
        self.activity.resize(vars, 0.0);
        let phase = |v: usize| is_atom.get(v).copied().unwrap_or(true);
        self.slots
            .extend((first..vars).map(|v| Slot::absent(phase(v))));
        self.preferred.resize(vars, false);
        if self.seeded {
            for v in first.max(1)..vars {
                self.activity[v] = self.next_random() * 1e-5;
            }
        }
        for v in first.max(1)..vars {
            self.insert(Var(v as u32));
        }
    }

    /// Takes `var` out of the decisions until [`Heuristic::include`] (an atom no statement
    /// mentions yet: it stays unassigned, hence false).
    pub(crate) fn exclude(&mut self, var: Var) {
        let index = self.slots[var.index()].heap_index;
        if index == u32::MAX {
            return;
        }
        self.slots[var.index()].heap_index = u32::MAX;
        let Some(last) = self.heap.pop() else {
            return;
        };
        if last != var {
            self.place(index as usize, last);
            self.sift_up(index as usize);
            let index = self.slots[last.index()].heap_index as usize;
            self.sift_down(index);
        }
    }

    /// Makes `var` a decision candidate again.
    pub(crate) fn include(&mut self, var: Var) {
        self.insert(var);
    }

    /// Forgets the preferred variables and the domain statements (the end of a solve call);
    /// nothing to do (and no cost) after a call that set neither.
    pub(crate) fn reset_solve_settings(&mut self) {
        if !std::mem::take(&mut self.call_settings) {
            return;
        }
        self.preferred.iter_mut().for_each(|p| *p = false);
        self.domain = None;
        self.level.clear();
        self.sign.clear();
        self.factor.clear();
        self.dynamic.clear();
        for index in (0..self.heap.len()).rev() {
            self.sift_down(index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn most_active_unassigned_variable_is_decided_with_saved_phase() {
        let mut h = Heuristic::new(4, &[false, true, true, false], 0);
        let mut a = Assignment::new(4);
        h.bump(Var(2));
        h.bump(Var(3));
        h.bump(Var(3));
        assert_eq!(h.decide(&a), Some(Var(3).pos()));
        a.assign(Var(2).pos(), crate::solver::assignment::Reason::Decision);
        assert_eq!(h.decide(&a), Some(Var(1).neg()));
        h.on_unassign(Var(3).neg());
        assert_eq!(h.decide(&a), Some(Var(3).neg()));
    }

    #[test]
    fn preferred_variables_are_decided_before_more_active_ones() {
        let mut h = Heuristic::new(5, &[false, true, true, true, true], 0);
        let mut a = Assignment::new(5);
        h.bump(Var(1));
        h.bump(Var(2));
        h.bump(Var(2));
        h.prefer(&[Var(3), Var(4)]);
        h.bump(Var(4));
        assert_eq!(h.decide(&a), Some(Var(4).neg()));
        a.assign(Var(4).neg(), crate::solver::assignment::Reason::Decision);
        assert_eq!(h.decide(&a), Some(Var(3).neg()));
        a.assign(Var(3).neg(), crate::solver::assignment::Reason::Decision);
        assert_eq!(h.decide(&a), Some(Var(2).neg()));
    }
}
