//! The atom a positive projected literal stands for, for `atom does not occur in any rule
//! head` (see `normalize::rewrite::project`).
//!
//! The rewrite replaces a positive body literal `r(a,X,_)` by `#p_r(#b(a),#b(X),#p)` and
//! defines it by a projection rule shared by every literal of the same shape. gringo's
//! projection rule instead keeps the literal's values: it reports `r(a,#X0,#P1)` (each `_`
//! is `#P<i>`, each other non-value argument `#X<i>`, numbered left to right over both) and
//! decides whether it is defined for that atom, a value staying a value and `#X<i>`, `#P<i>`
//! matching anything. [`decode`] recovers that atom from the projected literal: `#p` is an
//! anonymous argument, `#b(v)` with `v` a value the value, `#b(t)` otherwise a named one, a
//! function around them the function; the part's parameters (`#Inc<i>`) at the end are
//! dropped.

use crate::instantiate::gterm::GTerm;
use crate::normalize::print::Printer;
use crate::normalize::rules::{AtomPat, Pred, Rule};
use crate::term::eval::T;
use crate::term::intern::{Interner, Val};

/// The atom a projected literal stands for.
pub(crate) struct Projected {
    /// Its predicate.
    pub pred: Pred,
    /// Its generalized arguments.
    pub args: Vec<GTerm>,
    /// Its text as clingo reports it (`r(a,#P0)`).
    pub text: String,
}

/// The atom `atom` (of `rule`) stands for when it is a positive projected literal (its
/// predicate is `#p_<name>` and an argument holds `#p`).
pub(crate) fn decode(table: &mut Interner, rule: &Rule, atom: &AtomPat) -> Option<Projected> {
    let name = table
        .name_text(atom.pred.name)
        .strip_prefix("#p_")?
        .to_string();
    let is_param = |t: &T| match t {
        T::Var(v) => rule.params.iter().any(|p| p.var == *v),
        _ => false,
    };
    let keep = atom.args.len() - atom.args.iter().rev().take_while(|t| is_param(t)).count();
    let args = &atom.args[..keep];
    if !args.iter().any(|t| has_anonymous(table, t)) {
        return None;
    }
    let mut decoder = Decoder {
        table,
        names: &rule.var_names,
        counter: 0,
        text: format!("{name}("),
    };
    let mut gargs = Vec::new();
    for (i, t) in args.iter().enumerate() {
        if i > 0 {
            decoder.text.push(',');
        }
        gargs.push(decoder.term(t));
    }
    decoder.text.push(')');
    let text = decoder.text;
    let pred = Pred {
        name: table.name(&name),
        arity: gargs.len() as u32,
        negative: false,
    };
    Some(Projected {
        pred,
        args: gargs,
        text,
    })
}

/// Whether `t` holds the constant `#p`.
fn has_anonymous(table: &Interner, t: &T) -> bool {
    match t {
        T::Val(v) => value_has_anonymous(table, *v),
        T::Fun(_, _, args) => args.iter().any(|a| has_anonymous(table, a)),
        _ => false,
    }
}

/// Whether the value `v` is or holds the constant `#p`.
fn value_has_anonymous(table: &Interner, v: Val) -> bool {
    table.as_fun(v).is_some_and(|f| {
        (table.name_text(f.name) == "#p" && f.args.is_empty())
            || f.args.iter().any(|&a| value_has_anonymous(table, a))
    })
}

/// Walks a projected literal's arguments, writing the text and numbering `#X`/`#P`.
struct Decoder<'a> {
    table: &'a Interner,
    names: &'a [String],
    counter: u32,
    text: String,
}

impl Decoder<'_> {
    /// The generalized argument for `t`, its text appended.
    fn term(&mut self, t: &T) -> GTerm {
        match t {
            T::Val(v) => self.value(*v),
            T::Fun(name, negative, args) if self.table.name_text(*name) != "#b" => {
                self.function(*name, *negative, args.len(), |d, i| d.term(&args[i]))
            }
            _ => self.named("#X"),
        }
    }

    /// The generalized argument for the ground projected term `v`.
    fn value(&mut self, v: Val) -> GTerm {
        let Some(f) = self.table.as_fun(v) else {
            return self.plain(v);
        };
        match (self.table.name_text(f.name), f.args) {
            ("#p", []) => self.named("#P"),
            ("#b", [inner]) => self.plain(*inner),
            _ if value_has_anonymous(self.table, v) => {
                let args = f.args.to_vec();
                self.function(f.name, f.negative, args.len(), |d, i| d.value(args[i]))
            }
            _ => self.plain(v),
        }
    }

    /// A function whose `i`-th generalized argument `arg(self, i)` gives.
    fn function(
        &mut self,
        name: u32,
        negative: bool,
        arity: usize,
        mut arg: impl FnMut(&mut Self, usize) -> GTerm,
    ) -> GTerm {
        if negative {
            self.text.push('-');
        }
        self.text.push_str(self.table.name_text(name));
        self.text.push('(');
        let mut args = Vec::new();
        for i in 0..arity {
            if i > 0 {
                self.text.push(',');
            }
            args.push(arg(self, i));
        }
        self.text.push(')');
        GTerm::Fun(name, negative, args)
    }

    /// A value kept as it is.
    fn plain(&mut self, v: Val) -> GTerm {
        let printer = Printer {
            table: self.table,
            names: self.names,
        };
        printer.term(&T::Val(v), &mut self.text);
        GTerm::Val(v)
    }

    /// A numbered variable `#X<i>` or `#P<i>`, matching anything.
    fn named(&mut self, prefix: &str) -> GTerm {
        self.text.push_str(&format!("{prefix}{}", self.counter));
        self.counter += 1;
        GTerm::Any
    }
}
