//! Steps 2 and 3 of the check (see the parent module): the reduct of the program by the model,
//! restricted to the model's atoms, its least model by counting propagation, and the DPLL
//! search for a smaller model of a disjunctive reduct.

use std::ops::Range;

use super::{Checker, Interpretation, NormalBody};
use crate::program::{Atom, ExternalValue, HeadKind};

/// A rule of the reduct restricted to the model's atoms: `head :- lower <= {elements}`, where
/// the body is monotone (positive atoms, positive weights) and an empty head never occurs.
/// Its head atoms and elements are ranges of the [`Reduct`]'s shared arrays (the rules a choice
/// rule gives share one range of elements).
pub(super) struct ReductRule {
    /// Head atoms (all true in the model), a range of `Reduct::heads`; the rule asks for at
    /// least one of them.
    pub(super) head: Range<usize>,
    /// The bound left after the negative literals were evaluated.
    lower: i128,
    /// Positive body atoms true in the model, with positive weights: a range of
    /// `Reduct::elements`.
    elements: Range<usize>,
}

/// The reduct of a program by a model, restricted to the model's atoms.
pub(super) struct Reduct {
    /// Its rules.
    pub(super) rules: Vec<ReductRule>,
    /// The rules' head atoms.
    heads: Vec<u32>,
    /// The rules' body elements.
    elements: Vec<(u32, i128)>,
}

impl Reduct {
    /// Step 2: builds the restricted reduct of `program` by `model`.
    pub(super) fn build(checker: &Checker<'_>, model: &Interpretation) -> Reduct {
        let mut reduct = Reduct {
            rules: Vec::new(),
            heads: Vec::new(),
            elements: Vec::new(),
        };
        let prepared = checker.bodies.iter().zip(&checker.defined);
        for (rule, (body, choosable)) in checker.program.rules.iter().zip(prepared) {
            let true_heads = rule
                .head
                .iter()
                .map(|a| a.0)
                .filter(|a| model.holds_atom(*a));
            let heads_start = reduct.heads.len();
            match rule.kind {
                HeadKind::Disjunction => reduct.heads.extend(true_heads),
                HeadKind::Choice => reduct
                    .heads
                    .extend(true_heads.filter(|a| choosable.contains(&Atom(*a)))),
            }
            if reduct.heads.len() == heads_start {
                continue;
            }
            let elements_start = reduct.elements.len();
            let Some(lower) = reduce_body(body, model, &mut reduct.elements) else {
                reduct.heads.truncate(heads_start);
                reduct.elements.truncate(elements_start);
                continue;
            };
            let elements = elements_start..reduct.elements.len();
            let heads = heads_start..reduct.heads.len();
            match rule.kind {
                HeadKind::Disjunction => reduct.rules.push(ReductRule {
                    head: heads,
                    lower,
                    elements,
                }),
                HeadKind::Choice => reduct.rules.extend(heads.map(|at| ReductRule {
                    head: at..at + 1,
                    lower,
                    elements: elements.clone(),
                })),
            }
        }
        for (atom, value) in checker.externals.iter() {
            let free_or_true = matches!(value, ExternalValue::Free | ExternalValue::True);
            if free_or_true && model.holds_atom(atom) {
                reduct.heads.push(atom);
                reduct.rules.push(ReductRule {
                    head: reduct.heads.len() - 1..reduct.heads.len(),
                    lower: 0,
                    elements: 0..0,
                });
            }
        }
        reduct
    }

    /// The head atoms of `rule`.
    fn head(&self, rule: &ReductRule) -> &[u32] {
        self.heads.get(rule.head.clone()).unwrap_or_default()
    }

    /// The body elements of `rule`.
    fn elements(&self, rule: &ReductRule) -> &[(u32, i128)] {
        self.elements.get(rule.elements.clone()).unwrap_or_default()
    }

    /// Step 3: the least model of the single-headed rules (never larger than `model`).
    pub(super) fn least_model(&self, model: &Interpretation) -> Interpretation {
        let mut least = model.empty_like();
        let watches = self.watches(model.truth.len());
        let mut sums: Vec<i128> = vec![0; self.rules.len()];
        let mut queue: Vec<u32> = Vec::new();
        for rule in &self.rules {
            if let ([head], true) = (self.head(rule), rule.lower <= 0) {
                if least.set(*head) {
                    queue.push(*head);
                }
            }
        }
        while let Some(atom) = queue.pop() {
            for &(index, weight) in watches.of(atom) {
                let (Some(sum), Some(rule)) = (sums.get_mut(index), self.rules.get(index)) else {
                    continue;
                };
                let before = *sum;
                *sum += weight;
                if let [head] = self.head(rule) {
                    if before < rule.lower && *sum >= rule.lower && least.set(*head) {
                        queue.push(*head);
                    }
                }
            }
        }
        least
    }

    /// For each of `atoms` atom numbers, the rules whose bodies hold it, with its weight there.
    fn watches(&self, atoms: usize) -> Watches {
        let mut start = vec![0usize; atoms + 1];
        for rule in &self.rules {
            for &(atom, _) in self.elements(rule) {
                if let Some(count) = start.get_mut(atom as usize + 1) {
                    *count += 1;
                }
            }
        }
        for at in 1..start.len() {
            start[at] += start[at - 1];
        }
        let mut filled = start.clone();
        let mut lists = vec![(0, 0); start.last().copied().unwrap_or(0)];
        for (index, rule) in self.rules.iter().enumerate() {
            for &(atom, weight) in self.elements(rule) {
                if let Some(next) = filled.get_mut(atom as usize) {
                    if let Some(slot) = lists.get_mut(*next) {
                        *slot = (index, weight);
                    }
                    *next += 1;
                }
            }
        }
        Watches { start, lists }
    }

    /// Step 3: a model of the reduct containing `least`, inside `model`, with at least one atom
    /// of `open` (= `model \ least`) false, if one exists.
    pub(super) fn smaller_model(
        &self,
        model: &Interpretation,
        least: &Interpretation,
        open: &[u32],
    ) -> Option<Interpretation> {
        let mut search = SubsetSearch::new(self, least, open);
        let found = search.run()?;
        let mut smaller = least.clone();
        for (position, atom) in open.iter().enumerate() {
            if found.get(position) == Some(&Some(true)) {
                smaller.set(*atom);
            }
        }
        debug_assert!(smaller.atoms().all(|a| model.holds_atom(a)));
        Some(smaller)
    }
}

/// Evaluates the negative part of `normal` in `model` and appends the positive part restricted
/// to it to `elements`; the bound left, or `None` if the body can hold in no subset of the model.
fn reduce_body(
    normal: &NormalBody,
    model: &Interpretation,
    elements: &mut Vec<(u32, i128)>,
) -> Option<i128> {
    let mut lower = normal.lower;
    let mut possible: i128 = 0;
    for &(literal, weight) in &normal.elements {
        let atom = literal.atom().0;
        if !literal.is_positive() {
            if !model.holds_atom(atom) {
                lower -= weight;
            }
        } else if model.holds_atom(atom) {
            possible += weight;
            elements.push((atom, weight));
        }
    }
    (possible >= lower).then_some(lower)
}

/// Per atom, the rules whose bodies hold it, with its weight there: the lists of all atoms
/// one after the other, atom `a`'s from `start[a]` to `start[a + 1]`.
struct Watches {
    /// Where each atom's list begins (one more entry than atoms).
    start: Vec<usize>,
    /// `(rule index, weight)`.
    lists: Vec<(usize, i128)>,
}

impl Watches {
    /// The list of `atom`.
    fn of(&self, atom: u32) -> &[(usize, i128)] {
        let at = atom as usize;
        match (self.start.get(at), self.start.get(at + 1)) {
            (Some(&from), Some(&to)) => self.lists.get(from..to).unwrap_or_default(),
            _ => &[],
        }
    }
}

/// A DPLL search over the open atoms for a model of the reduct with some open atom false.
struct SubsetSearch<'r> {
    /// The reduct.
    reduct: &'r Reduct,
    /// The atoms fixed true (the least model).
    least: &'r Interpretation,
    /// The open atoms (the model minus the least model).
    open: &'r [u32],
    /// Position of each open atom in `open`, by atom number.
    position: Vec<Option<usize>>,
    /// The value of each open atom (by position), `None` while unassigned.
    value: Vec<Option<bool>>,
    /// Assigned positions in order.
    trail: Vec<usize>,
    /// Decisions: trail length before the decision, the position, whether the second branch
    /// (true) is being tried.
    decisions: Vec<(usize, usize, bool)>,
}

impl<'r> SubsetSearch<'r> {
    /// A search with every open atom unassigned.
    fn new(reduct: &'r Reduct, least: &'r Interpretation, open: &'r [u32]) -> SubsetSearch<'r> {
        let mut position = vec![None; least.truth.len()];
        for (index, atom) in open.iter().enumerate() {
            if let Some(slot) = position.get_mut(*atom as usize) {
                *slot = Some(index);
            }
        }
        SubsetSearch {
            reduct,
            least,
            open,
            position,
            value: vec![None; open.len()],
            trail: Vec::new(),
            decisions: Vec::new(),
        }
    }

    /// Runs the search; the values of a model found.
    fn run(&mut self) -> Option<Vec<Option<bool>>> {
        loop {
            if self.propagate() {
                match self.value.iter().position(Option::is_none) {
                    None => return Some(self.value.clone()),
                    Some(free) => {
                        self.decisions.push((self.trail.len(), free, false));
                        self.assign(free, false);
                    }
                }
            } else if !self.backtrack() {
                return None;
            }
        }
    }

    /// Undoes to the last decision not yet flipped and flips it; false if none is left.
    fn backtrack(&mut self) -> bool {
        while let Some((trail_length, position, flipped)) = self.decisions.pop() {
            for undone in self.trail.drain(trail_length..) {
                if let Some(slot) = self.value.get_mut(undone) {
                    *slot = None;
                }
            }
            if !flipped {
                self.decisions.push((trail_length, position, true));
                self.assign(position, true);
                return true;
            }
        }
        false
    }

    /// Assigns the open atom at `position`.
    fn assign(&mut self, position: usize, value: bool) {
        if let Some(slot) = self.value.get_mut(position) {
            *slot = Some(value);
            self.trail.push(position);
        }
    }

    /// The value of `atom`: true if in the least model, else its open value.
    fn atom_value(&self, atom: u32) -> Option<bool> {
        if self.least.holds_atom(atom) {
            return Some(true);
        }
        let position = self.position.get(atom as usize).copied().flatten()?;
        self.value.get(position).copied().flatten()
    }

    /// Unit propagation to a fixpoint; false on a conflict.
    fn propagate(&mut self) -> bool {
        loop {
            let mut changed = false;
            for rule in &self.reduct.rules {
                match self.propagate_rule(rule) {
                    Propagation::Conflict => return false,
                    Propagation::Assign(atom, value) => {
                        if let Some(position) = self.position.get(atom as usize).copied().flatten()
                        {
                            self.assign(position, value);
                            changed = true;
                        }
                    }
                    Propagation::Nothing => {}
                }
            }
            match self.some_open_false() {
                Propagation::Conflict => return false,
                Propagation::Assign(atom, value) => {
                    if let Some(position) = self.position.get(atom as usize).copied().flatten() {
                        self.assign(position, value);
                        changed = true;
                    }
                }
                Propagation::Nothing => {}
            }
            if !changed {
                return true;
            }
        }
    }

    /// Propagates one reduct rule: a body that holds needs an open head atom; with every head
    /// atom false, no unknown body atom may be true if it would complete the body.
    fn propagate_rule(&self, rule: &ReductRule) -> Propagation {
        let (mut open_heads, mut some_open) = (0, None);
        for &atom in self.reduct.head(rule) {
            match self.atom_value(atom) {
                Some(true) => return Propagation::Nothing,
                Some(false) => {}
                None => (open_heads, some_open) = (open_heads + 1, Some(atom)),
            }
        }
        let elements = self.reduct.elements(rule);
        let certain: i128 = elements
            .iter()
            .filter(|(atom, _)| self.atom_value(*atom) == Some(true))
            .map(|(_, weight)| weight)
            .sum();
        if certain >= rule.lower {
            return match (open_heads, some_open) {
                (0, _) => Propagation::Conflict,
                (1, Some(only)) => Propagation::Assign(only, true),
                _ => Propagation::Nothing,
            };
        }
        if open_heads > 0 {
            return Propagation::Nothing;
        }
        elements
            .iter()
            .find(|(atom, weight)| {
                self.atom_value(*atom).is_none() && certain + weight >= rule.lower
            })
            .map_or(Propagation::Nothing, |(atom, _)| {
                Propagation::Assign(*atom, false)
            })
    }

    /// Propagates "at least one open atom is false".
    fn some_open_false(&self) -> Propagation {
        if self.value.contains(&Some(false)) {
            return Propagation::Nothing;
        }
        let mut unassigned = self.value.iter().enumerate().filter(|(_, v)| v.is_none());
        match (unassigned.next(), unassigned.next()) {
            (None, _) => Propagation::Conflict,
            (Some((position, _)), None) => self
                .open
                .get(position)
                .map_or(Propagation::Nothing, |atom| {
                    Propagation::Assign(*atom, false)
                }),
            _ => Propagation::Nothing,
        }
    }
}

/// The outcome of propagating one constraint.
enum Propagation {
    /// Nothing to do.
    Nothing,
    /// The constraint is violated.
    Conflict,
    /// Assign this atom this value.
    Assign(u32, bool),
}
