//! Generalized terms: what a head atom may derive, as gringo's dependency analysis sees it,
//! to decide whether a body atom "does not occur in any rule head".
//!
//! A body atom is defined when it *unifies* with some head occurrence of its predicate
//! anywhere in the program (not merely when its predicate has a head): `s(2,X)` is undefined
//! when the only head is `{ s(3,1) }`. Both atoms are generalized first:
//! - a value stays a value, a function over non-ground arguments a function;
//! - a variable stays a variable, bound consistently within one atom (`p(X,X)` does not unify
//!   with `p(1,2)`); the two atoms' variables are apart;
//! - a term linear in one variable, `m*X+n` (built from `X`, `+ c`, `- c`, `c *`, `* c`), is
//!   a *linear* term: it unifies with an integer `v` when `m` divides `v-n` (binding `X`),
//!   with another linear term and with a free variable, both without binding anything (as
//!   gringo, so `s(X-2,X)` unifies with `s(Y,Y)`); with nothing else (`p(X+1)` never gives
//!   `p(a)`);
//! - the fresh variable of an interval in a head (`p(1..3)`, named `#Range…`) is the linear
//!   term `1*X+0`: any integer;
//! - every other term (other arithmetic, `-X`, calls) may be anything: it unifies with all.
//!
//! Unification binds variables in a substitution and follows bindings. It checks occurrences
//! (`X` never binds to a term containing `X`), so bindings stay acyclic and unification ends.

use fxhash::FxHashMap;

use crate::ast::BinaryOp;
use crate::normalize::rules::{AtomPat, Rule};
use crate::term::eval::T;
use crate::term::intern::{Interner, Val};

/// A generalized term (see the module docs). Variables are `(side, number)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum GTerm {
    /// A ground value.
    Val(Val),
    /// A function over generalized arguments: name, classical negation, arguments.
    Fun(u32, bool, Vec<GTerm>),
    /// A variable.
    Var(u32),
    /// `m*X+n` over variable `X` (`m != 0`).
    Linear(u32, i64, i64),
    /// Anything.
    Any,
}

/// The generalized arguments of `atom` in `rule`.
pub(crate) fn generalize_atom(rule: &Rule, atom: &AtomPat) -> Vec<GTerm> {
    atom.args.iter().map(|t| generalize(rule, t)).collect()
}

/// The generalized term of `t` in `rule`.
fn generalize(rule: &Rule, t: &T) -> GTerm {
    match t {
        T::Val(v) => GTerm::Val(*v),
        T::Var(v) => {
            if let Some(p) = rule.params.iter().find(|p| p.var == *v) {
                return GTerm::Val(p.value);
            }
            let name = rule.var_names.get(*v as usize).map_or("", String::as_str);
            if name.starts_with("#Range") {
                GTerm::Linear(*v, 1, 0)
            } else {
                GTerm::Var(*v)
            }
        }
        T::Fun(name, negative, args) => GTerm::Fun(
            *name,
            *negative,
            args.iter().map(|a| generalize(rule, a)).collect(),
        ),
        T::Binary(..) => match linear(t) {
            Some((v, m, n)) if m != 0 => GTerm::Linear(v, m, n),
            _ => GTerm::Any,
        },
        T::Unary(..) | T::Call(..) => GTerm::Any,
    }
}

/// `t` as `(X, m, n)` with `t = m*X+n`, when it is linear in one variable occurrence.
fn linear(t: &T) -> Option<(u32, i64, i64)> {
    let num = |t: &T| match t {
        T::Val(Val::Num(c)) => Some(i64::from(*c)),
        _ => None,
    };
    match t {
        T::Var(v) => Some((*v, 1, 0)),
        T::Binary(BinaryOp::Add, a, b) => match (num(a), num(b)) {
            (Some(c), None) => linear(b).map(|(v, m, n)| (v, m, n + c)),
            (None, Some(c)) => linear(a).map(|(v, m, n)| (v, m, n + c)),
            _ => None,
        },
        T::Binary(BinaryOp::Sub, a, b) => {
            let c = num(b)?;
            linear(a).map(|(v, m, n)| (v, m, n - c))
        }
        T::Binary(BinaryOp::Mul, a, b) => match (num(a), num(b)) {
            (Some(c), None) => linear(b).map(|(v, m, n)| (v, m * c, n * c)),
            (None, Some(c)) => linear(a).map(|(v, m, n)| (v, m * c, n * c)),
            _ => None,
        },
        _ => None,
    }
}

/// Variables of the two sides of a unification are kept apart by this offset.
const OTHER_SIDE: u32 = 1 << 30;

/// Whether the argument lists `body` and `head` unify (their variables apart).
pub(crate) fn unifies(table: &Interner, body: &[GTerm], head: &[GTerm]) -> bool {
    let mut u = Unifier {
        table,
        bound: FxHashMap::default(),
    };
    body.len() == head.len()
        && body
            .iter()
            .zip(head)
            .all(|(b, h)| u.unify(b, 0, h, OTHER_SIDE))
}

/// A substitution under construction.
struct Unifier<'a> {
    table: &'a Interner,
    /// Each bound variable (with its side offset) and the term with the side it stands in.
    bound: FxHashMap<u32, (GTerm, u32)>,
}

impl Unifier<'_> {
    /// Unifies `a` (its variables offset by `sa`) with `b` (by `sb`).
    fn unify(&mut self, a: &GTerm, sa: u32, b: &GTerm, sb: u32) -> bool {
        let (a, sa) = self.resolve(a, sa);
        let (b, sb) = self.resolve(b, sb);
        match (&a, &b) {
            (GTerm::Any, _) | (_, GTerm::Any) => true,
            (GTerm::Var(x), GTerm::Var(y)) if x + sa == y + sb => true,
            // As gringo: a free variable unifies with a linear term without being bound.
            (GTerm::Var(_), GTerm::Linear(..)) | (GTerm::Linear(..), GTerm::Var(_)) => true,
            (GTerm::Var(x), _) => self.bind(x + sa, b.clone(), sb),
            (_, GTerm::Var(y)) => self.bind(y + sb, a.clone(), sa),
            (GTerm::Linear(..), GTerm::Linear(..)) => true,
            (GTerm::Linear(x, m, n), GTerm::Val(v)) | (GTerm::Val(v), GTerm::Linear(x, m, n)) => {
                let side = if matches!(a, GTerm::Linear(..)) {
                    sa
                } else {
                    sb
                };
                self.linear_value(*x + side, *m, *n, *v)
            }
            (GTerm::Linear(..), GTerm::Fun(..)) | (GTerm::Fun(..), GTerm::Linear(..)) => false,
            (GTerm::Val(x), GTerm::Val(y)) => x == y,
            (GTerm::Val(v), GTerm::Fun(..)) => self.value_function(*v, &b, sb),
            (GTerm::Fun(..), GTerm::Val(v)) => self.value_function(*v, &a, sa),
            (GTerm::Fun(f, fneg, fargs), GTerm::Fun(g, gneg, gargs)) => {
                f == g
                    && fneg == gneg
                    && fargs.len() == gargs.len()
                    && fargs
                        .iter()
                        .zip(gargs)
                        .all(|(x, y)| self.unify(x, sa, y, sb))
            }
        }
    }

    /// Follows the bindings of a variable.
    fn resolve(&self, t: &GTerm, side: u32) -> (GTerm, u32) {
        let (mut t, mut side) = (t.clone(), side);
        while let GTerm::Var(x) = t {
            match self.bound.get(&(x + side)) {
                Some((u, s)) => (t, side) = (u.clone(), *s),
                None => break,
            }
        }
        (t, side)
    }

    /// Binds variable `x` (side included) to `t` on side `side`.
    fn bind(&mut self, x: u32, t: GTerm, side: u32) -> bool {
        if self.occurs(x, &t, side) {
            return false;
        }
        self.bound.insert(x, (t, side));
        true
    }

    /// Whether variable `x` (side included) occurs in `t` (on side `side`), bindings followed.
    fn occurs(&self, x: u32, t: &GTerm, side: u32) -> bool {
        match self.resolve(t, side) {
            (GTerm::Var(y), s) => y + s == x,
            (GTerm::Linear(y, ..), s) => y + s == x,
            (GTerm::Fun(_, _, args), s) => args.iter().any(|a| self.occurs(x, a, s)),
            (GTerm::Val(_) | GTerm::Any, _) => false,
        }
    }

    /// Whether `m*X+n = v` has an integer solution, binding `X` to it.
    fn linear_value(&mut self, x: u32, m: i64, n: i64, v: Val) -> bool {
        let Val::Num(v) = v else { return false };
        let d = i64::from(v) - n;
        if d % m != 0 {
            return false;
        }
        match i32::try_from(d / m) {
            Ok(value) => self.unify(&GTerm::Var(x), 0, &GTerm::Val(Val::Num(value)), 0),
            Err(_) => false,
        }
    }

    /// Unifies the ground value `v` with the function `f` (on side `side`).
    fn value_function(&mut self, v: Val, f: &GTerm, side: u32) -> bool {
        let (GTerm::Fun(name, negative, args), Some(data)) = (f, self.table.as_fun(v)) else {
            return false;
        };
        if data.name != *name || data.negative != *negative || data.args.len() != args.len() {
            return false;
        }
        let values: Vec<Val> = data.args.to_vec();
        values
            .iter()
            .zip(args)
            .all(|(x, a)| self.unify(&GTerm::Val(*x), 0, a, side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(n: i32) -> GTerm {
        GTerm::Val(Val::Num(n))
    }

    #[test]
    fn repeated_variables_bind_consistently() {
        let table = Interner::default();
        let body = [GTerm::Var(0), GTerm::Var(0)];
        assert!(!unifies(&table, &body, &[num(1), num(2)]));
        assert!(unifies(&table, &body, &[num(2), num(2)]));
        // `p(X,X)` against `p(Y,1)` binds through the head's variable.
        assert!(unifies(&table, &body, &[GTerm::Var(0), num(1)]));
    }

    #[test]
    fn free_variables_unify_with_linear_terms_unbound() {
        let table = Interner::default();
        // `s(Y,Y)` against `s(X-2,X)`: gringo binds nothing to a linear term.
        let body = [GTerm::Var(0), GTerm::Var(0)];
        assert!(unifies(
            &table,
            &body,
            &[GTerm::Linear(0, 1, -2), GTerm::Var(0)]
        ));
        // A bound variable still compares its value: `s(1,Y,Y)` against `s(X,2*X,X)`.
        let body = [num(1), GTerm::Var(0), GTerm::Var(0)];
        let head = [GTerm::Var(0), GTerm::Linear(0, 2, 0), GTerm::Var(0)];
        assert!(unifies(&table, &body, &head));
        // A linear term's variable bound elsewhere is checked: `s(1,5)` against `s(X,2*X+1)`.
        let head = [GTerm::Var(0), GTerm::Linear(0, 2, 1)];
        assert!(!unifies(&table, &[num(1), num(5)], &head));
        assert!(unifies(&table, &[num(2), num(5)], &head));
    }

    #[test]
    fn linear_terms_match_integers_they_can_equal() {
        let mut table = Interner::default();
        let a = table.name("a");
        let a = table.fun(a, false, &[]);
        let odd = [GTerm::Linear(0, 2, 1)];
        assert!(unifies(&table, &[num(7)], &odd));
        assert!(unifies(&table, &[num(-3)], &odd));
        assert!(!unifies(&table, &[num(4)], &odd));
        assert!(!unifies(&table, &[GTerm::Val(a)], &odd));
        assert!(unifies(&table, &[GTerm::Any], &odd));
    }

    #[test]
    fn functions_match_ground_values_argument_by_argument() {
        let mut table = Interner::default();
        let f = table.name("f");
        let one = table.fun(f, false, &[Val::Num(1), Val::Num(2)]);
        let same = [GTerm::Fun(f, false, vec![GTerm::Var(0), GTerm::Var(0)])];
        assert!(!unifies(&table, &[GTerm::Val(one)], &same));
        let open = [GTerm::Fun(f, false, vec![num(1), GTerm::Var(0)])];
        assert!(unifies(&table, &[GTerm::Val(one)], &open));
        assert!(!unifies(&table, &[num(1)], &open));
    }

    #[test]
    fn occurs_check_ends_unification() {
        let mut table = Interner::default();
        let f = table.name("f");
        // `p(X, f(X))` against `p(Y, Y)`: `Y = X` and `X = f(X)` fails.
        let body = [GTerm::Var(0), GTerm::Fun(f, false, vec![GTerm::Var(0)])];
        assert!(!unifies(&table, &body, &[GTerm::Var(0), GTerm::Var(0)]));
    }
}
