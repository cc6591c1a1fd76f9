//! Non-ground terms of rewritten rules, their evaluation and matching.
//!
//! After rewriting, a rule's variables are numbered `0..n` and a binding is a
//! `Vec<Option<Val>>` indexed by variable. [`eval`] computes a term under a binding with
//! clingo's 32-bit arithmetic: results wrap around on overflow, `/` truncates toward zero, `\`
//! has the sign of the dividend, `**` with a negative exponent is 0 (clingo 5.8.3: also for bases 1 and -1),
//! and division by zero, `0**-n` or arithmetic on non-integers is *undefined*: the rule instance
//! is dropped and an `operation undefined` info is given. Unary minus negates numbers and flips
//! classical negation of named functions.
//!
//! [`match_term`] unifies a term with a ground value, binding unbound variables. Besides
//! variables and functions it inverts linear arithmetic in one unbound variable (`X+1`, `2*X`,
//! `-X`, `X-c`, `c-X`), as gringo does, so `q(X) :- p(X+1).` is safe. [`solve_linear`] solves
//! an equation whose sides differ by a linear form in one unbound variable (`X+X = 1+X`), as
//! clingo 5.8.3 does.
//!
//! # Invariants
//! - Matching only binds variables that were unbound; the caller records them on a trail and
//!   unbinds them when backtracking.

use crate::ast::{BinaryOp, UnaryOp};
use crate::term::intern::{Interner, Val};

/// A term of a rewritten rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum T {
    /// A ground value.
    Val(Val),
    /// Variable number `n` of the rule.
    Var(u32),
    /// A function with non-ground arguments: interned name, classical negation, arguments.
    Fun(u32, bool, Vec<T>),
    /// A unary operation.
    Unary(UnaryOp, Box<T>),
    /// A binary operation.
    Binary(BinaryOp, Box<T>, Box<T>),
    /// `@name(args)`, an external function call (interned name). Rewriting leaves it only as
    /// the right side of `#ScriptN = @name(args)`, which the join evaluates (see
    /// `term::functions`); [`eval`] itself finds it undefined.
    Call(u32, Vec<T>),
}

/// A binding of a rule's variables.
pub(crate) type Binding = Vec<Option<Val>>;

/// Evaluation failed: the operation is undefined.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Undefined;

impl T {
    /// Adds the variables of this term to `out` (in order of occurrence).
    pub fn vars(&self, out: &mut Vec<u32>) {
        match self {
            T::Val(_) => {}
            T::Var(v) => out.push(*v),
            T::Fun(_, _, args) | T::Call(_, args) => args.iter().for_each(|a| a.vars(out)),
            T::Unary(_, a) => a.vars(out),
            T::Binary(_, a, b) => {
                a.vars(out);
                b.vars(out);
            }
        }
    }

    /// Whether every variable of the term is bound.
    #[inline]
    pub fn is_bound(&self, binding: &Binding) -> bool {
        match self {
            T::Val(_) => true,
            T::Var(v) => var_is_bound(*v, binding),
            T::Binary(_, a, b) => a.leaf_is_bound(binding) && b.leaf_is_bound(binding),
            _ => self.is_bound_nested(binding),
        }
    }

    /// [`T::is_bound`] answered for a variable or value without a call.
    #[inline]
    fn leaf_is_bound(&self, binding: &Binding) -> bool {
        match self {
            T::Val(_) => true,
            T::Var(v) => var_is_bound(*v, binding),
            _ => self.is_bound_nested(binding),
        }
    }

    /// [`T::is_bound`] of a compound term.
    fn is_bound_nested(&self, binding: &Binding) -> bool {
        match self {
            T::Fun(_, _, args) | T::Call(_, args) => args.iter().all(|a| a.is_bound(binding)),
            T::Unary(_, a) => a.is_bound(binding),
            _ => self.is_bound(binding),
        }
    }

    /// Whether matching a value against this term binds its unbound variables: variables and
    /// functions over such terms, bound arithmetic, or arithmetic [`invert`] handles.
    pub fn is_matchable(&self, binding: &Binding) -> bool {
        match self {
            T::Val(_) | T::Var(_) => true,
            T::Fun(_, _, args) => args.iter().all(|a| a.is_matchable(binding)),
            T::Unary(..) | T::Binary(..) => self.is_bound(binding) || is_invertible(self),
            T::Call(..) => self.is_bound(binding),
        }
    }

    /// Whether this folded arithmetic term is undefined whatever its variables are, as gringo
    /// decides it when simplifying: it is ground (folding would have evaluated it; an external
    /// call is a variable, see [`T::Call`]), an operand of arithmetic is not a number (a
    /// function term, a symbolic constant, a string, `#inf` or `#sup`), or it divides by the
    /// literal 0.
    pub fn is_undefined_arith(&self) -> bool {
        let not_number = |t: &T| match t {
            T::Val(v) => !matches!(v, Val::Num(_)),
            T::Fun(..) => true,
            _ => false,
        };
        match self {
            T::Unary(..) | T::Binary(..) => {
                let mut vars = Vec::new();
                self.vars(&mut vars);
                vars.is_empty()
                    || match self {
                        T::Unary(_, a) => not_number(a),
                        T::Binary(op, a, b) => {
                            not_number(a)
                                || not_number(b)
                                || (matches!(op, BinaryOp::Div | BinaryOp::Mod)
                                    && **b == T::Val(Val::Num(0)))
                        }
                        _ => false,
                    }
            }
            _ => false,
        }
    }

    /// Whether the term has a subterm that [`T::is_undefined_arith`].
    pub fn contains_undefined_arith(&self) -> bool {
        self.is_undefined_arith()
            || match self {
                T::Val(_) | T::Var(_) => false,
                T::Fun(_, _, args) | T::Call(_, args) => {
                    args.iter().any(T::contains_undefined_arith)
                }
                T::Unary(_, a) => a.contains_undefined_arith(),
                T::Binary(_, a, b) => a.contains_undefined_arith() || b.contains_undefined_arith(),
            }
    }

    /// Whether the term contains arithmetic.
    pub fn has_arith(&self) -> bool {
        match self {
            T::Val(_) | T::Var(_) => false,
            T::Fun(_, _, args) => args.iter().any(T::has_arith),
            T::Unary(..) | T::Binary(..) | T::Call(..) => true,
        }
    }
}

/// Whether variable `v` is bound.
#[inline]
fn var_is_bound(v: u32, binding: &Binding) -> bool {
    binding.get(v as usize).is_some_and(|b| b.is_some())
}

/// Evaluates `t` under `binding` (every variable of `t` must be bound). Values, variables and
/// integer arithmetic on them, the terms met once per binding in a join, are evaluated
/// without a call ([`eval_nested`] evaluates the rest).
#[inline]
pub(crate) fn eval(table: &mut Interner, t: &T, binding: &Binding) -> Result<Val, Undefined> {
    match t {
        T::Val(v) => Ok(*v),
        T::Var(v) => var_value(*v, binding),
        T::Binary(op, a, b) => match (leaf_value(a, binding), leaf_value(b, binding)) {
            (Some(Ok(Val::Num(x))), Some(Ok(Val::Num(y)))) => binary(*op, x, y).map(Val::Num),
            _ => eval_nested(table, t, binding),
        },
        _ => eval_nested(table, t, binding),
    }
}

/// The value of variable `v`; `Undefined` when it is unbound.
#[inline]
fn var_value(v: u32, binding: &Binding) -> Result<Val, Undefined> {
    binding.get(v as usize).copied().flatten().ok_or(Undefined)
}

/// The value of a value or variable term; `None` for other terms.
#[inline]
fn leaf_value(t: &T, binding: &Binding) -> Option<Result<Val, Undefined>> {
    match t {
        T::Val(v) => Some(Ok(*v)),
        T::Var(v) => Some(var_value(*v, binding)),
        _ => None,
    }
}

/// [`eval`] of any term, by recursion.
fn eval_nested(table: &mut Interner, t: &T, binding: &Binding) -> Result<Val, Undefined> {
    match t {
        T::Val(v) => Ok(*v),
        T::Var(v) => var_value(*v, binding),
        T::Fun(name, negative, args) => {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(eval(table, a, binding)?);
            }
            Ok(table.fun(*name, *negative, &vals))
        }
        T::Unary(op, a) => {
            let v = eval(table, a, binding)?;
            unary(table, *op, v)
        }
        T::Binary(op, a, b) => {
            let x = eval(table, a, binding)?;
            let y = eval(table, b, binding)?;
            match (x, y) {
                (Val::Num(x), Val::Num(y)) => binary(*op, x, y).map(Val::Num),
                _ => Err(Undefined),
            }
        }
        T::Call(..) => Err(Undefined),
    }
}

/// A unary operation on a value.
pub(crate) fn unary(table: &mut Interner, op: UnaryOp, v: Val) -> Result<Val, Undefined> {
    match (op, v) {
        (UnaryOp::Minus, Val::Num(n)) => Ok(Val::Num(n.wrapping_neg())),
        (UnaryOp::Minus, Val::Fun(id)) => {
            let f = table.fun_data(id);
            if table.name_text(f.name).is_empty() && f.args.is_empty() {
                return Err(Undefined);
            }
            let (name, negative, args) = (f.name, f.negative, f.args.to_vec());
            Ok(table.fun(name, !negative, &args))
        }
        (UnaryOp::BitNot, Val::Num(n)) => Ok(Val::Num(!n)),
        (UnaryOp::Abs, Val::Num(n)) => Ok(Val::Num(n.wrapping_abs())),
        _ => Err(Undefined),
    }
}

/// A binary operation on integers with clingo's rules.
pub(crate) fn binary(op: BinaryOp, x: i32, y: i32) -> Result<i32, Undefined> {
    Ok(match op {
        BinaryOp::Add => x.wrapping_add(y),
        BinaryOp::Sub => x.wrapping_sub(y),
        BinaryOp::Mul => x.wrapping_mul(y),
        BinaryOp::Div => {
            if y == 0 {
                return Err(Undefined);
            }
            x.wrapping_div(y)
        }
        BinaryOp::Mod => {
            if y == 0 {
                return Err(Undefined);
            }
            x.wrapping_rem(y)
        }
        BinaryOp::Pow => power(x, y)?,
        BinaryOp::And => x & y,
        BinaryOp::Or => x | y,
        BinaryOp::Xor => x ^ y,
    })
}

/// `x ** y` with wrapping; a negative exponent gives 0 (clingo 5.8.3, also for bases 1 and
/// -1), and is undefined for base 0.
fn power(x: i32, y: i32) -> Result<i32, Undefined> {
    if y >= 0 {
        return Ok(x.wrapping_pow(y as u32));
    }
    if x == 0 {
        return Err(Undefined);
    }
    Ok(0)
}

/// Unifies `t` with the ground `v`, binding unbound variables (pushed onto `trail`).
/// Returns `Ok(false)` when they do not unify and `Err` when arithmetic is undefined.
pub(crate) fn match_term(
    table: &mut Interner,
    t: &T,
    v: Val,
    binding: &mut Binding,
    trail: &mut Vec<u32>,
) -> Result<bool, Undefined> {
    match t {
        T::Val(w) => Ok(*w == v),
        T::Var(x) => match binding.get(*x as usize).copied().flatten() {
            Some(w) => Ok(w == v),
            None => {
                if let Some(slot) = binding.get_mut(*x as usize) {
                    *slot = Some(v);
                    trail.push(*x);
                }
                Ok(true)
            }
        },
        T::Fun(name, negative, args) => {
            let Some(f) = table.as_fun(v) else {
                return Ok(false);
            };
            if f.name != *name || f.negative != *negative || f.args.len() != args.len() {
                return Ok(false);
            }
            for (i, a) in args.iter().enumerate() {
                // Fetched per argument: matching may intern terms (bound arithmetic).
                let Some(w) = table.as_fun(v).and_then(|f| f.args.get(i).copied()) else {
                    return Ok(false);
                };
                if !match_term(table, a, w, binding, trail)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        T::Unary(..) | T::Binary(..) | T::Call(..) => {
            if t.is_bound(binding) {
                return Ok(eval(table, t, binding)? == v);
            }
            match (v, invert(t, v)) {
                (Val::Num(_), Some((var, value))) => match_term(table, var, value, binding, trail),
                _ => Ok(false),
            }
        }
    }
}

/// For a linear `t` over one unbound variable, the term and the value it must take so that `t`
/// equals `v`; `None` when there is none.
fn invert(t: &T, v: Val) -> Option<(&T, Val)> {
    let Val::Num(n) = v else { return None };
    match t {
        T::Var(_) => Some((t, v)),
        T::Unary(UnaryOp::Minus, a) => invert(a, Val::Num(n.checked_neg()?)),
        T::Binary(op, a, b) => {
            let (c, x, const_left) = match (&**a, &**b) {
                (T::Val(Val::Num(c)), x) => (*c, x, true),
                (x, T::Val(Val::Num(c))) => (*c, x, false),
                _ => return None,
            };
            let inner = match (op, const_left) {
                (BinaryOp::Add, _) => n.checked_sub(c)?,
                (BinaryOp::Sub, false) => n.checked_add(c)?,
                (BinaryOp::Sub, true) => c.checked_sub(n)?,
                (BinaryOp::Mul, _) => {
                    if c == 0 || n % c != 0 {
                        return None;
                    }
                    n / c
                }
                _ => return None,
            };
            invert(x, Val::Num(inner))
        }
        _ => None,
    }
}

/// Whether `t` is linear in one variable (the form [`match_term`] can invert).
pub(crate) fn is_invertible(t: &T) -> bool {
    match t {
        T::Var(_) => true,
        T::Unary(UnaryOp::Minus, a) => is_invertible(a),
        T::Binary(BinaryOp::Add | BinaryOp::Sub, a, b) => match (&**a, &**b) {
            (T::Val(Val::Num(_)), x) | (x, T::Val(Val::Num(_))) => is_invertible(x),
            _ => false,
        },
        T::Binary(BinaryOp::Mul, a, b) => match (&**a, &**b) {
            (T::Val(Val::Num(c)), x) | (x, T::Val(Val::Num(c))) => *c != 0 && is_invertible(x),
            _ => false,
        },
        _ => false,
    }
}

/// A linear form `sum(coefficient * variable) + constant` with integer coefficients.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Linear {
    /// Nonzero coefficients by variable, each variable once.
    pub coefficients: Vec<(u32, i64)>,
    /// The constant.
    pub constant: i64,
}

impl Linear {
    /// `self + factor * other`; `None` on overflow.
    fn add_scaled(mut self, other: Linear, factor: i64) -> Option<Linear> {
        self.constant = self
            .constant
            .checked_add(other.constant.checked_mul(factor)?)?;
        for (v, c) in other.coefficients {
            let c = c.checked_mul(factor)?;
            match self.coefficients.iter_mut().find(|(w, _)| *w == v) {
                Some((_, d)) => *d = d.checked_add(c)?,
                None => self.coefficients.push((v, c)),
            }
        }
        self.coefficients.retain(|&(_, c)| c != 0);
        Some(self)
    }

    /// The value of a variable-free form.
    fn as_constant(&self) -> Option<i64> {
        self.coefficients.is_empty().then_some(self.constant)
    }
}

/// The linear form of `t`: sums, differences, negations and products with a constant factor
/// of integers and variables. `None` for anything else (other operations on variables,
/// function terms, non-integer values).
pub(crate) fn linear(t: &T) -> Option<Linear> {
    match t {
        T::Val(Val::Num(n)) => Some(Linear {
            coefficients: Vec::new(),
            constant: i64::from(*n),
        }),
        T::Var(v) => Some(Linear {
            coefficients: vec![(*v, 1)],
            constant: 0,
        }),
        T::Unary(UnaryOp::Minus, a) => Linear::default().add_scaled(linear(a)?, -1),
        T::Binary(BinaryOp::Add, a, b) => linear(a)?.add_scaled(linear(b)?, 1),
        T::Binary(BinaryOp::Sub, a, b) => linear(a)?.add_scaled(linear(b)?, -1),
        T::Binary(BinaryOp::Mul, a, b) => {
            let (x, y) = (linear(a)?, linear(b)?);
            match (x.as_constant(), y.as_constant()) {
                (Some(c), _) => Linear::default().add_scaled(y, c),
                (_, Some(c)) => Linear::default().add_scaled(x, c),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The linear form of `l - r`, if both sides are linear.
pub(crate) fn linear_difference(l: &T, r: &T) -> Option<Linear> {
    linear(l)?.add_scaled(linear(r)?, -1)
}

/// Solves the equation `l = r` for its one unbound variable when `l - r` is linear and the
/// variable's coefficient is nonzero (clingo 5.8.3 solves `X+X = 1+X`). `None`: not of that
/// form under `binding` (also when a variable whose coefficient cancels, `W` of `F = W*0+1`,
/// is unbound); `Some(None)`: no integer solution; `Some(Some((x, value)))`.
pub(crate) fn solve_linear(l: &T, r: &T, binding: &Binding) -> Option<Option<(u32, Val)>> {
    let form = linear_difference(l, r)?;
    let unbound = |v: &u32| binding.get(*v as usize).copied().flatten().is_none();
    let mut vars = Vec::new();
    l.vars(&mut vars);
    r.vars(&mut vars);
    if vars
        .iter()
        .filter(|v| unbound(v))
        .any(|v| !form.coefficients.iter().any(|(w, _)| w == v))
    {
        return None;
    }
    let mut constant = form.constant;
    let mut unknown = None;
    for &(v, c) in &form.coefficients {
        match binding.get(v as usize).copied().flatten() {
            Some(Val::Num(n)) => constant = constant.checked_add(c.checked_mul(i64::from(n))?)?,
            Some(_) => return Some(None),
            None if unknown.is_none() => unknown = Some((v, c)),
            None => return None,
        }
    }
    let (v, c) = unknown?;
    let Some(negated) = constant.checked_neg() else {
        return Some(None);
    };
    if negated % c != 0 {
        return Some(None);
    }
    Some(i32::try_from(negated / c).ok().map(|x| (v, Val::Num(x))))
}

/// `t` as `m*X+n` when it is built from one occurrence of the variable `X`, integers, `+`,
/// `-` and `*` (clingo's linear terms), with `m` not 0.
pub(crate) fn single_linear(t: &T) -> Option<(u32, i64, i64)> {
    fn go(t: &T) -> Option<(Option<u32>, i64, i64)> {
        let r = match t {
            T::Var(v) => (Some(*v), 1, 0),
            T::Val(Val::Num(n)) => (None, 0, i64::from(*n)),
            T::Unary(UnaryOp::Minus, a) => {
                let (v, m, n) = go(a)?;
                (v, -m, -n)
            }
            T::Binary(op, a, b) => {
                let ((va, ma, na), (vb, mb, nb)) = (go(a)?, go(b)?);
                match op {
                    BinaryOp::Add | BinaryOp::Sub if va.is_some() && vb.is_some() => return None,
                    BinaryOp::Add => (va.or(vb), ma + mb, na + nb),
                    BinaryOp::Sub => (va.or(vb), ma - mb, na - nb),
                    BinaryOp::Mul => match (va, vb) {
                        (Some(_), Some(_)) => return None,
                        (Some(v), None) => (Some(v), ma * nb, na * nb),
                        (None, v) => (v, mb * na, nb * na),
                    },
                    _ => return None,
                }
            }
            _ => return None,
        };
        (r.1.abs() < 1 << 31 && r.2.abs() < 1 << 31).then_some(r)
    }
    match go(t)? {
        (Some(v), m, n) if m != 0 => Some((v, m, n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(n: i32) -> T {
        T::Val(Val::Num(n))
    }
    fn bin(op: BinaryOp, a: T, b: T) -> T {
        T::Binary(op, Box::new(a), Box::new(b))
    }

    /// Values checked with clingo 5.8.3 (`a(X) :- X = 7/2.` and so on).
    #[test]
    fn arithmetic_follows_clingo() {
        let cases = [
            (BinaryOp::Div, 7, 2, Ok(3)),
            (BinaryOp::Div, -7, 2, Ok(-3)),
            (BinaryOp::Mod, -7, 2, Ok(-1)),
            (BinaryOp::Mod, 7, -2, Ok(1)),
            (BinaryOp::Pow, 2, 10, Ok(1024)),
            (BinaryOp::Pow, 2, -1, Ok(0)),
            (BinaryOp::Pow, 0, -1, Err(Undefined)),
            (BinaryOp::Pow, -2, 3, Ok(-8)),
            (BinaryOp::Add, i32::MAX, 1, Ok(i32::MIN)),
            (BinaryOp::And, 5, 3, Ok(1)),
            (BinaryOp::Or, 5, 3, Ok(7)),
            (BinaryOp::Xor, 5, 3, Ok(6)),
            (BinaryOp::Div, 1, 0, Err(Undefined)),
        ];
        for (op, x, y, want) in cases {
            assert_eq!(binary(op, x, y), want, "{op:?} {x} {y}");
        }
        let mut table = Interner::default();
        assert_eq!(
            unary(&mut table, UnaryOp::BitNot, Val::Num(5)),
            Ok(Val::Num(-6))
        );
        assert_eq!(
            unary(&mut table, UnaryOp::Abs, Val::Num(-4)),
            Ok(Val::Num(4))
        );
        let a = table.constant("a");
        let t = bin(BinaryOp::Add, T::Val(a), num(1));
        assert_eq!(eval(&mut table, &t, &vec![]), Err(Undefined));
        let neg_a = unary(&mut table, UnaryOp::Minus, a).unwrap();
        assert_eq!(table.show(neg_a).to_string(), "-a");
    }

    /// `X+X = 1+X` has the solution 1 (clingo 5.8.3); `X+1 = X+2` has no unknown to solve
    /// for; `X*3 = 7` has no integer solution; `X*Y = 6` is not linear.
    #[test]
    fn linear_equations_are_solved() {
        let x = T::Var(0);
        let twice = bin(BinaryOp::Add, x.clone(), x.clone());
        let one_more = bin(BinaryOp::Add, num(1), x.clone());
        let form = linear_difference(&twice, &one_more).unwrap();
        assert_eq!(form.coefficients, vec![(0, 1)]);
        assert_eq!(form.constant, -1);
        assert_eq!(
            solve_linear(&twice, &one_more, &vec![None]),
            Some(Some((0, Val::Num(1))))
        );
        let plus = |n| bin(BinaryOp::Add, x.clone(), num(n));
        assert_eq!(solve_linear(&plus(1), &plus(2), &vec![None]), None);
        let triple = bin(BinaryOp::Mul, x.clone(), num(3));
        assert_eq!(solve_linear(&triple, &num(7), &vec![None]), Some(None));
        let product = bin(BinaryOp::Mul, x.clone(), T::Var(1));
        assert_eq!(linear(&product), None);
        let with_y = bin(BinaryOp::Add, x.clone(), T::Var(1));
        let bound_y = vec![None, Some(Val::Num(1))];
        assert_eq!(
            solve_linear(&with_y, &num(3), &bound_y),
            Some(Some((0, Val::Num(2))))
        );
        // `X = Y*0+1`: Y's coefficient cancels, yet the equation waits for Y's value.
        let cancelled = bin(BinaryOp::Add, bin(BinaryOp::Mul, T::Var(1), num(0)), num(1));
        assert_eq!(solve_linear(&x, &cancelled, &vec![None, None]), None);
        assert_eq!(
            solve_linear(&x, &cancelled, &bound_y),
            Some(Some((0, Val::Num(1))))
        );
    }

    #[test]
    fn linear_terms_are_inverted() {
        let mut table = Interner::default();
        let t = bin(BinaryOp::Add, bin(BinaryOp::Mul, num(2), T::Var(0)), num(1));
        assert!(is_invertible(&t));
        let mut binding = vec![None];
        let mut trail = Vec::new();
        assert_eq!(
            match_term(&mut table, &t, Val::Num(7), &mut binding, &mut trail),
            Ok(true)
        );
        assert_eq!(binding[0], Some(Val::Num(3)));
        let mut binding = vec![None];
        assert_eq!(
            match_term(&mut table, &t, Val::Num(8), &mut binding, &mut trail),
            Ok(false)
        );
        let square = bin(BinaryOp::Mul, T::Var(0), T::Var(0));
        assert!(!is_invertible(&square));
    }
}
