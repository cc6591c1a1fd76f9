//! Variables bound by linear inequalities, as clingo 5.8.3's inequality solver binds them.
//!
//! gringo gathers the linear inequalities of a rule's body (comparisons `l op r` with linear
//! sides, `!=` aside, and the two sides of each interval `V = lo..hi`), each as
//! `Σ cᵢ·Xᵢ ≥ b`, and propagates bounds to a fixpoint: an inequality whose variables but one
//! have bounds on the side that limits the sum bounds the last one (floor or ceiling of the
//! slack divided by its coefficient, clamped to 32 bits); with all bounded and the sum unable to
//! reach `b`, every variable of every inequality gets the empty range `1..0`. A variable whose
//! bounds end up finite on both sides gets the literal `V = lo..hi` in the body, unless the
//! rule already fixed it as tightly (an interval or an equation `V = n`). So
//! `q(X) :- X > 0, X < 5.` is safe (`X = 1..4`), and `q :- (1..X) = 0.` is too (the
//! inequalities contradict: `X = 1..0`). Element conditions (of body aggregates, conditional
//! literals and head elements) are solved the same way, starting from the rule's bounds.
//!
//! We add these ranges only to a rule that is unsafe without them (see `normalize::safe`):
//! on a safe rule they only filter instances that the rule's own comparisons filter anyway.
//!
//! # Invariants
//! - The ranges added are implied by the literals they come from: no instance is lost.

use crate::ast::CompareOp;
use crate::normalize::rules::{Head, Lit, Rule};
use crate::term::eval::{linear_difference, T};
use crate::term::intern::Val;

/// `Σ coefficient·variable ≥ bound`.
struct Inequality {
    terms: Vec<(u32, i64)>,
    bound: i64,
}

/// Lower and upper bounds of a variable, each optional.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Bounds {
    lower: Option<i64>,
    upper: Option<i64>,
}

impl Bounds {
    /// Tightens one side; whether it changed.
    fn refine(&mut self, upper: bool, value: i64) -> bool {
        let side = if upper {
            &mut self.upper
        } else {
            &mut self.lower
        };
        let tighter = match *side {
            None => true,
            Some(old) => (upper && value < old) || (!upper && value > old),
        };
        if tighter {
            *side = Some(value);
        }
        tighter
    }

    fn refine_all(&mut self, other: Bounds) {
        if let Some(l) = other.lower {
            self.refine(false, l);
        }
        if let Some(u) = other.upper {
            self.refine(true, u);
        }
    }

    fn range(self) -> Option<(i64, i64)> {
        Some((self.lower?, self.upper?))
    }
}

/// Bounds by variable, in the order variables were first met (gringo's ordered map).
type BoundMap = Vec<(u32, Bounds)>;

fn entry(map: &mut BoundMap, var: u32) -> &mut Bounds {
    let i = match map.iter().position(|(v, _)| *v == var) {
        Some(i) => i,
        None => {
            map.push((var, Bounds::default()));
            map.len() - 1
        }
    };
    &mut map[i].1
}

/// One level: the inequalities of a list of literals and what they fix outright.
#[derive(Default)]
struct Level {
    inequalities: Vec<Inequality>,
    /// Bounds stated directly (`V = n`, an interval's constant sides, the parent's bounds).
    fixed: BoundMap,
}

impl Level {
    /// Adds `form ≥ 0` (`form`: the coefficients and constant of a linear difference).
    fn add(&mut self, terms: Vec<(u32, i64)>, constant: i64, fixes: bool) {
        let Some(bound) = constant.checked_neg() else {
            return;
        };
        if fixes {
            if let [(v, c)] = terms.as_slice() {
                match c {
                    1 => _ = entry(&mut self.fixed, *v).refine(false, bound),
                    -1 => _ = entry(&mut self.fixed, *v).refine(true, -bound),
                    _ => {}
                }
            }
        }
        let mut terms = terms;
        terms.sort_by_key(|(v, _)| *v);
        self.inequalities.push(Inequality { terms, bound });
    }

    /// Adds `l - r + shift ≥ 0` when both sides are linear.
    fn add_difference(&mut self, l: &T, r: &T, shift: i64, fixes: bool) {
        if let Some(form) = linear_difference(l, r) {
            if let Some(constant) = form.constant.checked_add(shift) {
                self.add(form.coefficients, constant, fixes);
            }
        }
    }

    /// Gathers the inequalities of `lits`, intervals first (gringo meets the variables of its
    /// intervals first: the order of the ranges it adds follows).
    fn gather(&mut self, lits: &[Lit]) {
        let (ranges, others): (Vec<&Lit>, Vec<&Lit>) =
            lits.iter().partition(|l| matches!(l, Lit::Range(..)));
        for lit in ranges.into_iter().chain(others) {
            match lit {
                Lit::Cmp(op, l, r) => {
                    let fixes = matches!((l, r), (T::Var(_), T::Val(_)));
                    match op {
                        CompareOp::Eq => {
                            self.add_difference(r, l, 0, fixes);
                            self.add_difference(l, r, 0, fixes);
                        }
                        CompareOp::Lt => self.add_difference(r, l, -1, false),
                        CompareOp::Le => self.add_difference(r, l, 0, false),
                        CompareOp::Gt => self.add_difference(l, r, -1, false),
                        CompareOp::Ge => self.add_difference(l, r, 0, false),
                        CompareOp::Ne => {}
                    }
                }
                Lit::Range(v, lo, hi) => {
                    let var = T::Var(*v);
                    self.add_difference(hi, &var, 0, true);
                    self.add_difference(&var, lo, 0, true);
                }
                _ => {}
            }
        }
    }

    /// The bounds propagated from the inequalities, starting from `parent`; `None` on an
    /// overflow (gringo then computes none).
    fn solve(&mut self, parent: &BoundMap) -> Option<BoundMap> {
        let mut bounds: BoundMap = Vec::new();
        for &(v, b) in parent {
            entry(&mut self.fixed, v).refine_all(b);
            entry(&mut bounds, v).refine_all(b);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for ie in &self.inequalities {
                let mut slack = ie.bound;
                let mut unbounded = 0;
                for &(v, c) in &ie.terms {
                    match limiting(entry(&mut bounds, v), c) {
                        Some(b) => slack = slack.checked_sub(c.checked_mul(b)?)?,
                        None => unbounded += 1,
                    }
                }
                if unbounded == 0 && slack > 0 {
                    self.make_empty(&mut bounds);
                    return Some(bounds);
                }
                if unbounded <= 1 {
                    for &(v, c) in &ie.terms {
                        changed |= update(&mut bounds, v, c, slack, unbounded)?;
                    }
                }
            }
        }
        Some(bounds)
    }

    /// Every variable of every inequality gets the empty range.
    fn make_empty(&self, bounds: &mut BoundMap) {
        for ie in &self.inequalities {
            for &(v, _) in &ie.terms {
                *entry(bounds, v) = Bounds {
                    lower: Some(1),
                    upper: Some(0),
                };
            }
        }
    }

    /// The ranges to add: bounded both ways and tighter than what is fixed.
    fn ranges(&self, bounds: &BoundMap) -> Vec<Lit> {
        let improving = |v: u32, b: Bounds| {
            let Some((lo, hi)) = b.range() else {
                return false;
            };
            match self.fixed.iter().find(|(w, _)| *w == v) {
                None => true,
                Some((_, fixed)) => match fixed.range() {
                    Some((flo, fhi)) => flo < lo || hi < fhi,
                    None => false,
                },
            }
        };
        bounds
            .iter()
            .filter(|&&(v, b)| improving(v, b))
            .filter_map(|&(v, b)| {
                let (lo, hi) = b.range()?;
                let num = |n: i64| T::Val(Val::Num(n as i32));
                Some(Lit::Range(v, num(lo), num(hi)))
            })
            .collect()
    }
}

/// The bound of variable with coefficient `c` that limits the sum from above.
fn limiting(b: &Bounds, c: i64) -> Option<i64> {
    if c > 0 {
        b.upper
    } else {
        b.lower
    }
}

/// gringo's bound update of one term; `None` on overflow.
fn update(bounds: &mut BoundMap, v: u32, c: i64, slack: i64, unbounded: usize) -> Option<bool> {
    let positive = c > 0;
    let current = *entry(bounds, v);
    let mut slack = slack;
    match limiting(&current, c) {
        Some(b) if unbounded == 0 => slack = slack.checked_add(c.checked_mul(b)?)?,
        Some(_) => return Some(false),
        None if unbounded > 1 => return Some(false),
        None => {}
    }
    let value = clamp_div(positive, slack, c);
    Some(entry(bounds, v).refine(!positive, value))
}

/// `a / b` rounded down when `positive`, else up (as gringo, which so gives a lower bound
/// that may be one below the tightest), clamped to 32 bits.
fn clamp_div(positive: bool, a: i64, b: i64) -> i64 {
    let (Some(q), Some(r)) = (a.checked_div(b), a.checked_rem(b)) else {
        return i64::from(i32::MAX);
    };
    let value = match (r != 0, positive, (r < 0) == (b < 0)) {
        (true, true, false) => q - 1,
        (true, false, true) => q + 1,
        _ => q,
    };
    value.clamp(i64::from(i32::MIN), i64::from(i32::MAX))
}

/// Solves one level and appends its ranges to `lits`; the level's bounds for nested levels.
fn bind_level(lits: &mut Vec<Lit>, parent: &BoundMap) -> Option<BoundMap> {
    let mut level = Level::default();
    level.gather(lits);
    let bounds = level.solve(parent)?;
    lits.extend(level.ranges(&bounds));
    Some(bounds)
}

/// Adds to `rule` the ranges gringo's inequality solver adds: to the body (counted in
/// `Rule::bound_ranges`) and to each element condition.
pub(crate) fn bind_by_inequalities(rule: &mut Rule) {
    let before = rule.body.len();
    let top = bind_level(&mut rule.body, &Vec::new()).unwrap_or_default();
    rule.bound_ranges = rule.body.len() - before;
    for lit in &mut rule.body {
        match lit {
            Lit::Agg(agg) => agg.elems.iter_mut().for_each(|e| {
                bind_level(&mut e.cond, &top);
            }),
            Lit::Cond(c) => {
                bind_level(&mut c.cond, &top);
            }
            _ => {}
        }
    }
    if let Head::Disj(elems) | Head::Choice { elems, .. } | Head::Agg { elems, .. } = &mut rule.head
    {
        for e in elems {
            bind_level(&mut e.cond, &top);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(n: i32) -> T {
        T::Val(Val::Num(n))
    }

    fn ranges_of(lits: &[Lit]) -> Vec<Lit> {
        let mut lits = lits.to_vec();
        let before = lits.len();
        bind_level(&mut lits, &Vec::new()).expect("no overflow");
        lits.split_off(before)
    }

    /// `X > 0, X < 5`: `X = 1..4`.
    #[test]
    fn two_sided_comparisons_bound_a_variable() {
        let lits = [
            Lit::Cmp(CompareOp::Gt, T::Var(0), num(0)),
            Lit::Cmp(CompareOp::Lt, T::Var(0), num(5)),
        ];
        assert_eq!(ranges_of(&lits), vec![Lit::Range(0, num(1), num(4))]);
    }

    /// `V = 1..X, V = 0` contradict: `X` gets the empty range; `V`, fixed on one side only by
    /// its interval, gets none (as gringo).
    #[test]
    fn contradicting_inequalities_give_empty_ranges() {
        let lits = [
            Lit::Range(1, num(1), T::Var(0)),
            Lit::Cmp(CompareOp::Eq, T::Var(1), num(0)),
        ];
        assert_eq!(ranges_of(&lits), vec![Lit::Range(0, num(1), num(0))]);
    }

    /// A variable bounded on one side only, or already fixed as tightly, gets no range.
    #[test]
    fn one_sided_or_fixed_variables_get_none() {
        let one_sided = [Lit::Cmp(CompareOp::Gt, T::Var(0), num(0))];
        assert!(ranges_of(&one_sided).is_empty());
        let fixed = [Lit::Range(0, num(1), num(3))];
        assert!(ranges_of(&fixed).is_empty());
    }

    /// gringo rounds a positive coefficient's bound down: `2*X > 0, 2*X < 7` is `X = 0..3`.
    #[test]
    fn coefficients_divide_as_gringo() {
        let double = T::Binary(
            crate::ast::BinaryOp::Mul,
            Box::new(num(2)),
            Box::new(T::Var(0)),
        );
        let lits = [
            Lit::Cmp(CompareOp::Gt, double.clone(), num(0)),
            Lit::Cmp(CompareOp::Lt, double, num(7)),
        ];
        assert_eq!(ranges_of(&lits), vec![Lit::Range(0, num(0), num(3))]);
        assert_eq!(clamp_div(true, -1, 2), -1);
        assert_eq!(clamp_div(false, -1, 2), 0);
    }
}
