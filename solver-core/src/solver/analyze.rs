//! Conflict analysis: first-UIP learning with recursive minimization (MiniSat style).
//!
//! Input: a nogood whose literals are all true, at least one at the current level. Walking
//! the trail backwards, current-level literals are resolved with their reasons (explained
//! lazily by [`Explainer::explain`]) until one remains: the first unique implication point. The learnt
//! clause holds the negation of the UIP first and the negations of the lower-level literals;
//! literals whose reasons are covered by the rest of the clause are removed (minimization with
//! abstract levels). The clause's second literal has the highest remaining level: the backjump
//! level. Variables met are bumped in the heuristic; LBD = the number of distinct levels.
//!
//! Minimization remembers, within one analysis, both outcomes of its searches: literals shown
//! implied stay marked, and literals on the path to a failure are marked failed (a failure
//! stays a failure as marks are added, since a newly marked literal is itself implied by the
//! clause), so the clause is the same as without the memory, found with fewer explanations.
//!
//! Invariant: `seen` and `failed` are all false on entry and exit; the scratch buffers are
//! owned here.

use super::assignment::{Assignment, Reason};
use super::clauses::ClauseStore;
use super::heuristic::Heuristic;
use super::lit::{Lit, Var};
use super::minimize::Minimizer;
use super::weight::WeightStore;

/// The stores that can explain an implied literal.
pub(crate) struct Explainer<'s> {
    /// The current assignment.
    pub(crate) assignment: &'s Assignment,
    /// Clause reasons.
    pub(crate) clauses: &'s ClauseStore,
    /// Weight-constraint reasons.
    pub(crate) weights: &'s WeightStore,
    /// Optimization-bound reasons.
    pub(crate) minimizer: &'s Minimizer,
}

impl Explainer<'_> {
    /// Appends the true antecedents of the true literal `lit` to `out`.
    pub(crate) fn explain(&self, lit: Lit, out: &mut Vec<Lit>) {
        let a = self.assignment;
        match a.reason_of(lit.var()) {
            Reason::Decision | Reason::Fact => {}
            Reason::Binary(t) => out.push(t),
            Reason::Ternary(t, u) => out.extend([t, u]),
            Reason::Clause(cref) => {
                let others = self.clauses.lits(cref).iter().map(|&c| Lit(c));
                out.extend(others.filter(|l| l.var() != lit.var()).map(|l| !l));
            }
            Reason::Weight(id) => self.weights.explain(id, Some(lit), a, out),
            Reason::Minimize(level) => {
                let limit = a.position_of(lit.var());
                self.minimizer.explain(level as usize + 1, limit, a, out);
            }
        }
    }
}

/// A learnt clause ready to be added.
pub(crate) struct Learnt {
    /// Backjump level (level of the second literal, 0 for units).
    pub(crate) level: u32,
    /// Number of distinct decision levels.
    pub(crate) lbd: u32,
}

/// A literal under exploration in [`Analyzer::redundant`]: its antecedents are
/// `antecedents[start..end]`, those before `next` already handled.
#[derive(Copy, Clone, Debug)]
struct Frame {
    /// The literal.
    lit: Lit,
    /// Where its antecedents start.
    start: usize,
    /// The next antecedent to handle.
    next: usize,
    /// Where its antecedents end.
    end: usize,
}

/// Scratch state of conflict analysis.
#[derive(Default)]
pub(crate) struct Analyzer {
    /// Marks variables in the clause or already resolved.
    seen: Vec<bool>,
    /// Variables whose mark must be cleared.
    to_clear: Vec<Var>,
    /// The learnt clause (asserting literal first).
    pub(crate) learnt: Vec<Lit>,
    /// Antecedents buffer.
    antecedents: Vec<Lit>,
    /// Minimization stack: one frame per literal being explored.
    frames: Vec<Frame>,
    /// `failed[v]`: `v` was shown not implied by the marked literals in this analysis.
    failed: Vec<bool>,
    /// Variables whose `failed` flag must be cleared.
    failed_list: Vec<Var>,
    /// Learnt clauses resolved on in the last analysis (for activity bumping).
    pub(crate) used_clauses: Vec<super::assignment::CRef>,
    /// Per level stamp for LBD.
    level_stamp: Vec<u32>,
    /// Current LBD stamp.
    stamp: u32,
}

impl Analyzer {
    /// Scratch for `vars` variables.
    pub(crate) fn new(vars: usize) -> Analyzer {
        Analyzer {
            seen: vec![false; vars],
            failed: vec![false; vars],
            level_stamp: vec![0; vars + 1],
            ..Analyzer::default()
        }
    }

    /// Learns a clause from `nogood` (true literals, some at the current level).
    pub(crate) fn analyze(
        &mut self,
        ex: &Explainer,
        heuristic: &mut Heuristic,
        nogood: &[Lit],
    ) -> Learnt {
        let a = ex.assignment;
        self.learnt.clear();
        self.learnt.push(Lit::FALSE);
        let mut path = self.mark_all(a, heuristic, nogood);
        let mut index = a.trail.len();
        loop {
            index -= 1;
            let p = a.trail[index];
            if !self.seen[p.var().index()] {
                continue;
            }
            path -= 1;
            if path == 0 {
                self.learnt[0] = !p;
                break;
            }
            path += self.mark_reason(ex, heuristic, p);
        }
        self.minimize(ex);
        for var in self.to_clear.drain(..) {
            self.seen[var.index()] = false;
        }
        for var in self.failed_list.drain(..) {
            self.failed[var.index()] = false;
        }
        self.finish(a)
    }

    /// Marks the antecedents of the true literal `p` (in [`Explainer::explain`]'s order; a
    /// clause or short reason is read in place, without copying); returns how many are at
    /// the current level.
    fn mark_reason(&mut self, ex: &Explainer, heuristic: &mut Heuristic, p: Lit) -> usize {
        let a = ex.assignment;
        match a.reason_of(p.var()) {
            Reason::Binary(t) => usize::from(self.mark(a, heuristic, t)),
            Reason::Ternary(t, u) => {
                usize::from(self.mark(a, heuristic, t)) + usize::from(self.mark(a, heuristic, u))
            }
            Reason::Clause(cref) => {
                self.used_clauses.push(cref);
                let mut current = 0;
                for &code in ex.clauses.lits(cref) {
                    let lit = Lit(code);
                    if lit.var() != p.var() {
                        current += usize::from(self.mark(a, heuristic, !lit));
                    }
                }
                current
            }
            _ => {
                let mut antecedents = std::mem::take(&mut self.antecedents);
                antecedents.clear();
                ex.explain(p, &mut antecedents);
                let current = self.mark_all(a, heuristic, &antecedents);
                self.antecedents = antecedents;
                current
            }
        }
    }

    /// Marks literals; lower-level ones join the clause. Returns how many are at the current level.
    fn mark_all(&mut self, a: &Assignment, heuristic: &mut Heuristic, lits: &[Lit]) -> usize {
        let marked = lits.iter().filter(|&&t| self.mark(a, heuristic, t));
        marked.count()
    }

    /// Marks the true literal `t` unless marked or at level 0 (bumping its variable); a
    /// lower-level one joins the clause. Returns whether it was newly marked at the current
    /// level.
    #[inline]
    fn mark(&mut self, a: &Assignment, heuristic: &mut Heuristic, t: Lit) -> bool {
        let var = t.var();
        let level = a.level_of(var);
        if self.seen[var.index()] || level == 0 {
            return false;
        }
        self.seen[var.index()] = true;
        self.to_clear.push(var);
        heuristic.bump(var);
        if level == a.level() {
            return true;
        }
        self.learnt.push(!t);
        false
    }

    /// Removes clause literals implied by the others.
    fn minimize(&mut self, ex: &Explainer) {
        let a = ex.assignment;
        let abstract_levels = self.learnt[1..]
            .iter()
            .fold(0u32, |m, l| m | 1 << (a.level_of(l.var()) & 31));
        let mut keep = 1;
        for index in 1..self.learnt.len() {
            let lit = self.learnt[index];
            let removable = a.reason_of(lit.var()) != Reason::Decision
                && self.redundant(ex, !lit, abstract_levels);
            if !removable {
                self.learnt[keep] = lit;
                keep += 1;
            }
        }
        self.learnt.truncate(keep);
    }

    /// Whether the true literal `lit` is implied by marked literals: a depth-first search
    /// over antecedents with an explicit stack of frames, each a range of `antecedents`.
    /// A literal whose antecedents are all covered is marked (`seen`) for the rest of the
    /// analysis; on a failure the literals on the stack, which all reach the failing
    /// antecedent, are marked `failed`, so later searches stop at them at once.
    fn redundant(&mut self, ex: &Explainer, lit: Lit, abstract_levels: u32) -> bool {
        let a = ex.assignment;
        self.antecedents.clear();
        self.frames.clear();
        ex.explain(lit, &mut self.antecedents);
        self.frames.push(Frame {
            lit,
            start: 0,
            next: 0,
            end: self.antecedents.len(),
        });
        while let Some(frame) = self.frames.last_mut() {
            if frame.next == frame.end {
                let done = *frame;
                self.frames.pop();
                self.antecedents.truncate(done.start);
                self.mark_covered(done.lit.var());
                continue;
            }
            let t = self.antecedents[frame.next];
            frame.next += 1;
            let var = t.var();
            if self.seen[var.index()] || a.level_of(var) == 0 {
                continue;
            }
            let level_bit = 1 << (a.level_of(var) & 31);
            if self.failed[var.index()]
                || a.reason_of(var) == Reason::Decision
                || abstract_levels & level_bit == 0
            {
                self.fail_stack();
                return false;
            }
            let start = self.antecedents.len();
            ex.explain(t, &mut self.antecedents);
            let end = self.antecedents.len();
            self.frames.push(Frame {
                lit: t,
                start,
                next: start,
                end,
            });
        }
        true
    }

    /// Marks a literal shown implied by marked ones (the clause's own literals stay marked).
    fn mark_covered(&mut self, var: Var) {
        if !self.seen[var.index()] {
            self.seen[var.index()] = true;
            self.to_clear.push(var);
        }
    }

    /// Marks the literals on the search stack as not implied by the marked ones.
    fn fail_stack(&mut self) {
        for frame in self.frames.drain(..) {
            let var = frame.lit.var();
            if !self.failed[var.index()] {
                self.failed[var.index()] = true;
                self.failed_list.push(var);
            }
        }
    }

    /// Puts the highest-level literal second; computes backjump level and LBD.
    fn finish(&mut self, a: &Assignment) -> Learnt {
        let mut best = 1;
        for index in 2..self.learnt.len() {
            if a.level_of(self.learnt[index].var()) > a.level_of(self.learnt[best].var()) {
                best = index;
            }
        }
        let level = match self.learnt.len() {
            1 => 0,
            _ => {
                self.learnt.swap(1, best);
                a.level_of(self.learnt[1].var())
            }
        };
        self.stamp = self.stamp.wrapping_add(1).max(1);
        let mut lbd = 0;
        for l in &self.learnt {
            let level = a.level_of(l.var()) as usize;
            if level >= self.level_stamp.len() {
                self.level_stamp.resize(level + 1, 0);
            }
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                lbd += 1;
            }
        }
        Learnt { level, lbd }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_uip_clause_asserts_at_the_second_highest_level() {
        // Clauses (¬1 ∨ 3), (¬2 ∨ ¬3 ∨ 4), conflict nogood {2, 3, 4} after deciding 1 then 2:
        // resolving 4 away leaves the decision 2 as the only current-level literal.
        let vars = 5;
        let mut a = Assignment::new(vars);
        let clauses = ClauseStore::default();
        let weights = WeightStore::default();
        let minimizer = Minimizer::new(Vec::new());
        let mut heuristic = Heuristic::new(vars, &[false; 5], 0);
        a.new_level();
        a.assign(Var(1).pos(), Reason::Decision);
        a.assign(Var(3).pos(), Reason::Binary(Var(1).pos()));
        a.new_level();
        a.assign(Var(2).pos(), Reason::Decision);
        a.assign(Var(4).pos(), Reason::Ternary(Var(2).pos(), Var(3).pos()));
        let explainer = Explainer {
            assignment: &a,
            clauses: &clauses,
            weights: &weights,
            minimizer: &minimizer,
        };
        let mut analyzer = Analyzer::new(vars);
        let learnt = analyzer.analyze(
            &explainer,
            &mut heuristic,
            &[Var(2).pos(), Var(3).pos(), Var(4).pos()],
        );
        assert_eq!(analyzer.learnt, vec![Var(2).neg(), Var(3).neg()]);
        assert_eq!((learnt.level, learnt.lbd), (1, 2));
        assert!(analyzer.seen.iter().all(|&s| !s));
    }
}
