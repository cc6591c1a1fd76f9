//! Adding a propagator's clause to the running search.
//!
//! The clause is simplified against level 0 (a literal true there satisfies it, a literal
//! false there is dropped, duplicates go, a complementary pair makes it a tautology), then
//! ordered so that its watches are valid: literals not false first, the false ones by
//! decreasing level. Then, by the number `k` of literals that are not false:
//! - `k >= 2`, or its first literal true: stored, nothing to do;
//! - `k == 1` with that literal unassigned: stored, the literal implied with the clause as
//!   reason (at the current level);
//! - `k == 0`: stored, and its negation is the conflict nogood (all true) for the search's
//!   normal conflict resolution.
//!
//! A clause of one literal is a unit: implied without antecedents (kept in `learnt_units`
//! when above level 0, to be asserted at level 0 after the call, like a learnt unit).
//!
//! # Invariants
//! - Every stored clause has at least two literals, watched at positions 0 and 1.
//! - On `false` (a conflict) `nogood` holds the negation of the violated clause.

use crate::solver::assignment::{Assignment, Reason};
use crate::solver::build::WeightSpec;
use crate::solver::clauses::ClauseStore;
use crate::solver::lit::{Lit, Value, Var};
use crate::solver::minimize::Level;

/// The parts of the search a propagator's clauses touch.
pub(crate) struct TheoryContext<'s> {
    /// The assignment.
    pub(crate) assignment: &'s mut Assignment,
    /// The clause store.
    pub(crate) clauses: &'s mut ClauseStore,
    /// The conflict nogood, filled on a conflict.
    pub(crate) nogood: &'s mut Vec<Lit>,
    /// Units implied above level 0 (asserted at level 0 after the call).
    pub(crate) learnt_units: &'s mut Vec<Lit>,
}

/// What a propagator's control needs of the search (implemented by the search; a trait so
/// that this folder does not name the search's module).
pub(crate) trait SearchAccess {
    /// The assignment.
    fn assignment(&self) -> &Assignment;
    /// The root level (see [`crate::PartialAssignment::root_level`]).
    fn root(&self) -> u32;
    /// The parts a clause touches.
    fn theory_context(&mut self) -> TheoryContext<'_>;
    /// A new variable for the current solve call only (volatile): unassigned, decided by the
    /// search; its clauses are deleted and it is fixed false when the call ends.
    fn add_volatile_var(&mut self) -> Var;
    /// The solve call's tag literal if `clause` mentions a volatile variable (the clause is
    /// then added with the tag's negation, so that it is dropped with the call).
    fn volatile_tag(&self, clause: &[Lit]) -> Option<Lit>;
    /// Unit propagation without the post-propagators; `false` on a conflict, whose nogood is
    /// then in the context's `nogood`.
    fn propagate_units(&mut self) -> bool;
}

/// What a propagator's init control needs of the search (at level 0, between solve calls,
/// the propagators taken out).
pub(crate) trait InitAccess {
    /// The level-0 assignment.
    fn assignment(&self) -> &Assignment;
    /// Grows the search to `vars` variables (`is_atom` per variable), replaces the minimize
    /// levels by `levels` if given, adds the static `clauses` and weight constraints
    /// `(condition, elements, bound)` (elements of positive weight over distinct variables)
    /// at level 0 and propagates without the propagators; `false` if the search has no
    /// model any more.
    fn add_static(&mut self, vars: usize, is_atom: &[bool], added: Static) -> bool;
}

/// What `init` adds to the search at level 0 (see [`InitAccess::add_static`]).
#[derive(Default)]
pub(crate) struct Static {
    /// Clauses.
    pub(crate) clauses: Vec<Vec<Lit>>,
    /// Weight constraints.
    pub(crate) weights: Vec<WeightSpec>,
    /// All minimize levels, when a propagator extended them.
    pub(crate) levels: Option<Vec<Level>>,
}

/// Adds `clause` (emptied on return) as a learnt or problem clause, implying or conflicting
/// as the module doc says; `false` on a conflict.
pub(crate) fn add_clause(ctx: &mut TheoryContext<'_>, clause: &mut Vec<Lit>, learnt: bool) -> bool {
    let fine = match simplify(ctx.assignment, clause) {
        Simplified::Satisfied => true,
        Simplified::Clause => integrate(ctx, clause, learnt),
    };
    clause.clear();
    fine
}

/// What simplifying against level 0 left.
enum Simplified {
    /// True at level 0 or a tautology: nothing to add.
    Satisfied,
    /// The clause in `clause` (possibly empty).
    Clause,
}

/// Simplifies `clause` against level 0 and orders it for watching (see the module doc).
fn simplify(a: &Assignment, clause: &mut Vec<Lit>) -> Simplified {
    clause.sort_unstable();
    clause.dedup();
    let tautology = clause.windows(2).any(|w| w[0] == !w[1]);
    let fixed = |l: &Lit| a.is_assigned(l.var()) && a.level_of(l.var()) == 0;
    if tautology || clause.iter().any(|l| fixed(l) && a.is_true(*l)) {
        return Simplified::Satisfied;
    }
    clause.retain(|l| !fixed(l));
    clause.sort_by_key(|&l| match a.value(l) {
        Value::False => (1, u32::MAX - a.level_of(l.var())),
        _ => (0, 0),
    });
    Simplified::Clause
}

/// Adds a simplified, ordered clause to the search.
fn integrate(ctx: &mut TheoryContext<'_>, clause: &[Lit], learnt: bool) -> bool {
    let a = &mut *ctx.assignment;
    let open = clause.iter().take_while(|&&l| !a.is_false(l)).count();
    if let [unit] = *clause {
        return match a.value(unit) {
            Value::True => true,
            Value::False => conflict(ctx.nogood, clause),
            Value::Unassigned => {
                if a.level() > 0 {
                    ctx.learnt_units.push(unit);
                }
                a.assign(unit, Reason::Fact);
                true
            }
        };
    }
    if clause.is_empty() {
        return conflict(ctx.nogood, clause);
    }
    let lbd = clause.len().min(8) as u32;
    let cref = ctx.clauses.alloc(clause, learnt, lbd);
    match open {
        0 => conflict(ctx.nogood, clause),
        1 if !a.is_true(clause[0]) => {
            a.assign(clause[0], Reason::Clause(cref));
            true
        }
        _ => true,
    }
}

/// Makes the negation of the violated `clause` the conflict nogood; `false`.
fn conflict(nogood: &mut Vec<Lit>, clause: &[Lit]) -> bool {
    nogood.clear();
    nogood.extend(clause.iter().map(|&l| !l));
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `add_clause` on `clause` over `a` and a fresh store; the result and the nogood.
    fn add(a: &mut Assignment, clause: &[Lit]) -> (bool, Vec<Lit>) {
        let (mut store, mut nogood, mut units) = (ClauseStore::default(), Vec::new(), Vec::new());
        let mut ctx = TheoryContext {
            assignment: a,
            clauses: &mut store,
            nogood: &mut nogood,
            learnt_units: &mut units,
        };
        let fine = add_clause(&mut ctx, &mut clause.to_vec(), true);
        (fine, nogood)
    }

    #[test]
    fn a_unit_clause_implies_and_a_false_one_conflicts() {
        let mut a = Assignment::new(5);
        a.new_level();
        a.assign(Var(1).neg(), Reason::Decision);
        a.new_level();
        a.assign(Var(2).neg(), Reason::Decision);
        let (fine, _) = add(&mut a, &[Var(1).pos(), Var(3).pos(), Var(2).pos()]);
        assert!(fine);
        assert!(matches!(a.reason_of(Var(3)), Reason::Clause(_)));
        assert!(a.is_true(Var(3).pos()));
        let (fine, nogood) = add(&mut a, &[Var(1).pos(), Var(3).neg()]);
        assert!(!fine);
        assert_eq!(nogood, vec![Var(3).pos(), Var(1).neg()]);
    }

    #[test]
    fn level_zero_simplifies() {
        let mut a = Assignment::new(4);
        a.assign(Var(1).pos(), Reason::Fact);
        assert_eq!(add(&mut a, &[Var(1).pos(), Var(2).pos()]), (true, vec![]));
        assert_eq!(add(&mut a, &[Var(2).pos(), Var(2).neg()]), (true, vec![]));
        assert!(add(&mut a, &[Var(1).neg(), Var(2).pos()]).0);
        assert!(
            a.is_true(Var(2).pos()),
            "a unit once the false literal is dropped"
        );
        assert_eq!(
            add(&mut a, &[Var(1).neg()]),
            (false, vec![]),
            "empty: a level-0 conflict"
        );
        assert_eq!(add(&mut a, &[]), (false, vec![]));
    }
}
