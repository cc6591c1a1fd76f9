//! Ground terms as plain values: what models contain and what the engine hands to users.
//!
//! Inside the grounder terms are interned (see `intern`); [`Symbol`] is the owned, public form.
//! Its `Display` is clingo's (`p("a",(1,2),-3)`, `-q(1)`, `#inf`) and its `Ord` is clingo's
//! total term order (checked against clingo 5.8.3): `#inf` < integers < constants (by name) <
//! negated constants < strings < functions with arguments (positive before negated, then by
//! arity, then name, then arguments left to right) < `#sup`. Tuples are functions with the
//! empty name.

use std::cmp::Ordering;
use std::fmt;

/// A ground term, written as clingo writes it and ordered by clingo's term order.
///
/// ```
/// use grounder::{parse_symbol, Symbol};
/// let p = Symbol::function("p", vec![Symbol::String("a".into()), Symbol::Number(-3)]);
/// assert_eq!(p.to_string(), r#"p("a",-3)"#);
/// assert_eq!(parse_symbol(r#"p("a",-3)"#).unwrap(), p);
/// // #inf < numbers < constants < strings < functions with arguments < #sup
/// let mut terms = vec![Symbol::Supremum, p.clone(), Symbol::String("b".into())];
/// terms.extend([Symbol::constant("c"), Symbol::Number(9), Symbol::Infimum]);
/// terms.sort();
/// let text: Vec<String> = terms.iter().map(Symbol::to_string).collect();
/// assert_eq!(text, ["#inf", "9", "c", r#""b""#, r#"p("a",-3)"#, "#sup"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// `#inf`, smaller than every other term.
    Infimum,
    /// An integer.
    Number(i32),
    /// `name(args)`; a constant has no arguments, a tuple has the empty name.
    /// `negative` is classical negation (`-p(1)`), meaningful for functions with a name.
    Function {
        /// The name (empty for a tuple).
        name: String,
        /// The arguments (none for a constant).
        args: Vec<Symbol>,
        /// Classical negation: `-name(args)`.
        negative: bool,
    },
    /// A string, unescaped.
    String(String),
    /// `#sup`, greater than every other term.
    Supremum,
}

impl Symbol {
    /// The constant `name`.
    ///
    /// ```
    /// use grounder::Symbol;
    /// let a = Symbol::constant("a");
    /// assert_eq!(a.to_string(), "a");
    /// assert_eq!(a, Symbol::function("a", vec![]));
    /// ```
    pub fn constant(name: impl Into<String>) -> Symbol {
        Symbol::function(name, Vec::new())
    }

    /// The function term `name(args)`.
    ///
    /// ```
    /// use grounder::Symbol;
    /// let f = Symbol::function("f", vec![Symbol::Number(1), Symbol::constant("x")]);
    /// assert_eq!(f.to_string(), "f(1,x)");
    /// assert!(Symbol::function("f", vec![Symbol::Number(2)]) < f); // arity before arguments
    /// ```
    pub fn function(name: impl Into<String>, args: Vec<Symbol>) -> Symbol {
        Symbol::Function {
            name: name.into(),
            args,
            negative: false,
        }
    }

    /// The tuple `(args)`.
    ///
    /// ```
    /// use grounder::Symbol;
    /// assert_eq!(Symbol::tuple(vec![Symbol::Number(1), Symbol::Number(2)]).to_string(), "(1,2)");
    /// assert_eq!(Symbol::tuple(vec![Symbol::Number(1)]).to_string(), "(1,)");
    /// assert_eq!(Symbol::tuple(vec![]).to_string(), "()");
    /// ```
    pub fn tuple(args: Vec<Symbol>) -> Symbol {
        Symbol::function("", args)
    }

    /// The name, arity and sign (classical negation) of a function term (None for other
    /// terms).
    ///
    /// ```
    /// use grounder::{parse_symbol, Symbol};
    /// let q = parse_symbol("-q(1,2)").unwrap();
    /// assert_eq!(q.signature(), Some(("q", 2, true)));
    /// assert_eq!(Symbol::constant("a").signature(), Some(("a", 0, false)));
    /// assert_eq!(Symbol::Number(3).signature(), None);
    /// ```
    pub fn signature(&self) -> Option<(&str, usize, bool)> {
        match self {
            Symbol::Function {
                name,
                args,
                negative,
            } => Some((name, args.len(), *negative)),
            _ => None,
        }
    }

    /// clingo's rank of a term's kind: constants, negated constants and strings come before
    /// functions with arguments.
    fn rank(&self) -> u8 {
        match self {
            Symbol::Infimum => 0,
            Symbol::Number(_) => 1,
            Symbol::Function { args, negative, .. } => match (args.is_empty(), negative) {
                (true, false) => 2,
                (true, true) => 3,
                (false, _) => 5,
            },
            Symbol::String(_) => 4,
            Symbol::Supremum => 6,
        }
    }
}

impl Ord for Symbol {
    fn cmp(&self, other: &Symbol) -> Ordering {
        match (self, other) {
            (Symbol::Number(a), Symbol::Number(b)) => a.cmp(b),
            (Symbol::String(a), Symbol::String(b)) => a.cmp(b),
            (
                Symbol::Function {
                    name: n1,
                    args: a1,
                    negative: s1,
                },
                Symbol::Function {
                    name: n2,
                    args: a2,
                    negative: s2,
                },
            ) => self
                .rank()
                .cmp(&other.rank())
                .then_with(|| s1.cmp(s2))
                .then_with(|| a1.len().cmp(&a2.len()))
                .then_with(|| n1.cmp(n2))
                .then_with(|| a1.cmp(a2)),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for Symbol {
    fn partial_cmp(&self, other: &Symbol) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Writes `s` as a clingo string literal body (escaping `\`, `"` and newlines).
pub(crate) fn write_escaped(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    for c in s.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '"' => f.write_str("\\\"")?,
            '\n' => f.write_str("\\n")?,
            c => write!(f, "{c}")?,
        }
    }
    Ok(())
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Symbol::Infimum => f.write_str("#inf"),
            Symbol::Supremum => f.write_str("#sup"),
            Symbol::Number(n) => write!(f, "{n}"),
            Symbol::String(s) => {
                f.write_str("\"")?;
                write_escaped(f, s)?;
                f.write_str("\"")
            }
            Symbol::Function {
                name,
                args,
                negative,
            } => {
                if *negative {
                    f.write_str("-")?;
                }
                f.write_str(name)?;
                if args.is_empty() && !name.is_empty() {
                    return Ok(());
                }
                f.write_str("(")?;
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{arg}")?;
                }
                if name.is_empty() && args.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}
