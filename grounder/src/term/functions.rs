//! External functions: the Rust closures that `@name(args)` terms call while grounding.
//!
//! A [`Functions`] maps names to closures over [`Symbol`]s. Rewriting gives each call
//! `@f(args)` a fresh variable `#ScriptN` bound by the equation `#ScriptN = @f(args)` in the
//! innermost enclosing body or condition, as gringo does; the join evaluates that equation once
//! the arguments are bound, calls the closure and binds the variable to each symbol it returns
//! in turn. So a closure returning several symbols expands like a pool (one instance per
//! symbol) and an empty list drops the instance. A name no closure is registered under is
//! clingo's `info: operation undefined` (`function 'f' not found`) and drops the instance; an
//! `Err` from a closure stops grounding with an error at the call.
//!
//! # Invariants
//! - Registering a name again replaces the earlier closure.
//! - A closure only ever sees ground arguments, and what it returns is any symbol (no check:
//!   clingo accepts any symbol from a function, `Foo(1)` and `-(1,)` included).

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::term::symbol::Symbol;

/// What an external function returns: one symbol or a pool of symbols.
///
/// ```
/// use grounder::{IntoSymbols, Symbol};
/// assert_eq!(Symbol::Number(1).into_symbols(), vec![Symbol::Number(1)]);
/// let pool = vec![Symbol::Number(1), Symbol::Number(2)];
/// assert_eq!(pool.clone().into_symbols(), pool);
/// ```
pub trait IntoSymbols {
    /// The symbols, in order.
    ///
    /// ```
    /// use grounder::{IntoSymbols, Symbol};
    /// assert_eq!(Vec::<Symbol>::new().into_symbols(), vec![]); // an empty pool
    /// assert_eq!(Symbol::constant("a").into_symbols()[0].to_string(), "a");
    /// ```
    fn into_symbols(self) -> Vec<Symbol>;
}

impl IntoSymbols for Symbol {
    fn into_symbols(self) -> Vec<Symbol> {
        vec![self]
    }
}

impl IntoSymbols for Vec<Symbol> {
    fn into_symbols(self) -> Vec<Symbol> {
        self
    }
}

/// A registered closure: the arguments to the symbols, or an error message.
type Closure = dyn Fn(&[Symbol]) -> Result<Vec<Symbol>, String> + Send + Sync;

/// The external functions `@name(args)` calls, by name.
///
/// Cloning is cheap (the closures are shared).
///
/// ```
/// use grounder::{Functions, Symbol};
/// let mut functions = Functions::new();
/// functions.register("double", |args: &[Symbol]| match args {
///     [Symbol::Number(n)] => Ok(Symbol::Number(2 * n)),
///     _ => Err("double: expected one number"),
/// });
/// assert!(functions.contains("double"));
/// assert!(!functions.contains("triple"));
/// ```
#[derive(Clone, Default)]
pub struct Functions {
    by_name: HashMap<String, Arc<Closure>>,
}

impl Functions {
    /// No functions.
    ///
    /// ```
    /// let functions = grounder::Functions::new();
    /// assert!(functions.is_empty());
    /// assert!(!functions.contains("f"));
    /// ```
    pub fn new() -> Functions {
        Functions::default()
    }

    /// Registers `function` under `name` (without the `@`), replacing an earlier one. It gets
    /// the call's arguments and returns a symbol or a `Vec` of symbols (a pool), or an error
    /// that stops grounding.
    ///
    /// ```
    /// use grounder::{ground, Functions, GroundOptions, Source, Symbol};
    /// let mut functions = Functions::new();
    /// functions.register("range", |args: &[Symbol]| match args {
    ///     [Symbol::Number(n)] => Ok((1..=*n).map(Symbol::Number).collect::<Vec<_>>()),
    ///     _ => Err("range: expected a number"),
    /// });
    /// let options = GroundOptions { functions, ..Default::default() };
    /// let grounded = ground(&[Source::new("f.lp", "p(@range(3)).")], &options).unwrap();
    /// let shown: Vec<String> = grounded.symbols.shown_symbols().map(|s| s.to_string()).collect();
    /// assert_eq!(shown, ["p(1)", "p(2)", "p(3)"]);
    /// ```
    pub fn register<F, R, E>(&mut self, name: impl Into<String>, function: F)
    where
        F: Fn(&[Symbol]) -> Result<R, E> + Send + Sync + 'static,
        R: IntoSymbols,
        E: fmt::Display,
    {
        let closure = move |args: &[Symbol]| {
            function(args)
                .map(IntoSymbols::into_symbols)
                .map_err(|e| e.to_string())
        };
        self.by_name.insert(name.into(), Arc::new(closure));
    }

    /// Whether a function is registered under `name`.
    ///
    /// ```
    /// use grounder::{Functions, Symbol};
    /// let mut functions = Functions::new();
    /// functions.register("id", |args: &[Symbol]| Ok::<_, String>(args.to_vec()));
    /// assert!(functions.contains("id"));
    /// assert!(!functions.contains("@id")); // names are without the `@`
    /// ```
    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// Whether no function is registered.
    ///
    /// ```
    /// use grounder::{Functions, Symbol};
    /// let mut functions = Functions::new();
    /// assert!(functions.is_empty());
    /// functions.register("one", |_: &[Symbol]| Ok::<_, String>(Symbol::Number(1)));
    /// assert!(!functions.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// Calls the function `name`: `None` when there is none.
    pub(crate) fn call(&self, name: &str, args: &[Symbol]) -> Option<Result<Vec<Symbol>, String>> {
        self.by_name.get(name).map(|f| f(args))
    }
}

impl fmt::Debug for Functions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names: Vec<&String> = self.by_name.keys().collect();
        names.sort();
        f.debug_set().entries(names).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_return_symbols_errors_or_nothing() {
        let mut functions = Functions::new();
        functions.register("one", |_: &[Symbol]| Ok::<_, String>(Symbol::Number(1)));
        functions.register("args", |args: &[Symbol]| Ok::<_, String>(args.to_vec()));
        functions.register("fail", |_: &[Symbol]| Err::<Symbol, _>("no"));
        let two = [Symbol::Number(2), Symbol::constant("a")];
        assert_eq!(
            functions.call("one", &[]),
            Some(Ok(vec![Symbol::Number(1)]))
        );
        assert_eq!(functions.call("args", &two), Some(Ok(two.to_vec())));
        assert_eq!(functions.call("fail", &[]), Some(Err("no".to_string())));
        assert_eq!(functions.call("none", &[]), None);
        assert_eq!(format!("{functions:?}"), r#"{"args", "fail", "one"}"#);
    }

    #[test]
    fn registering_again_replaces() {
        let mut functions = Functions::new();
        functions.register("f", |_: &[Symbol]| Ok::<_, String>(Symbol::Number(1)));
        functions.register("f", |_: &[Symbol]| Ok::<_, String>(Symbol::Number(2)));
        assert_eq!(functions.call("f", &[]), Some(Ok(vec![Symbol::Number(2)])));
    }
}
