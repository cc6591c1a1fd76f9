//! External calls in the join: the equation `#ScriptN = @f(args)` that rewriting made of each
//! call (see `term::functions`).
//!
//! Once the arguments are bound the registered closure is called with their symbols and the
//! variable takes each symbol it returns, one candidate per distinct symbol (a pool); when the
//! variable is already bound the equation holds if its value is among them. An `Err` from the
//! closure stops grounding ([`Stop::Failed`]) with an error at the call.
//!
//! A name without a closure is clingo's `info: operation undefined` (`function 'f' not
//! found`) at the call, once per rule, call and argument tuple (clingo reports it per
//! evaluation and, in the cases checked, evaluates a call once per distinct arguments).
//! clingo makes the calls while grounding, after its other infos and in its grounding order of
//! statements (independent ones last to first), so these infos are kept apart with their rule
//! (`Grounder::call_infos`) for the driver to order.
//!
//! # Invariants
//! - A closure is called at most once per argument tuple in one grounding: its values are
//!   cached, so grounding a rule again (domain and emit passes, semi-naive rounds) neither
//!   calls it again nor changes what the call gives.

use fxhash::FxHashSet;

use super::{Grounder, JoinScratch, Stop};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::normalize::rules::Rule;
use crate::term::eval::{Binding, T};
use crate::term::intern::Val;

impl Grounder<'_> {
    /// The candidates of `var = @name(args)` (every argument bound).
    pub(super) fn call_candidates(
        &mut self,
        rule: &Rule,
        var: u32,
        (name, args): (u32, &[T]),
        binding: &Binding,
        s: &mut JoinScratch,
    ) -> Result<(), Stop> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            match self.eval_term(rule, a, binding) {
                Some(v) => vals.push(v),
                None => return Ok(()),
            }
        }
        let key = (name, vals);
        if !self.calls.contains_key(&key) {
            let Some(values) = self.call(rule, var, name, &key.1)? else {
                return Ok(());
            };
            self.calls.insert(key.clone(), values);
        }
        let values = self.calls.get(&key).map_or(&[][..], Vec::as_slice);
        match binding.get(var as usize).copied().flatten() {
            Some(v) if values.contains(&v) => s.push_assign(None, &[]),
            Some(_) => {}
            None => values
                .iter()
                .for_each(|&v| s.push_assign(Some((var, v)), &[])),
        }
        Ok(())
    }

    /// Calls the closure registered as `name` with `args`: its distinct values in order,
    /// `None` (reported) when no closure has that name.
    fn call(
        &mut self,
        rule: &Rule,
        var: u32,
        name: u32,
        args: &[Val],
    ) -> Result<Option<Vec<Val>>, Stop> {
        let span = rule.var_span(var).cloned();
        let text = self.table.name_text(name).to_string();
        let symbols: Vec<_> = args.iter().map(|&v| self.table.to_symbol(v)).collect();
        match self.functions.call(&text, &symbols) {
            None => {
                let rule_index = self.current_rule;
                let first = span.clone().is_none_or(|s| {
                    self.unknown_calls_seen
                        .insert((rule_index, s, args.to_vec()))
                });
                if first {
                    let info = Diagnostic {
                        severity: Severity::Info,
                        span,
                        message: "operation undefined:".into(),
                        notes: vec![Note {
                            span: None,
                            text: format!("function '{text}' not found"),
                        }],
                    };
                    self.call_infos.push((rule_index, info));
                }
                Ok(None)
            }
            Some(Err(message)) => Err(Stop::Failed(failed(span, &text, &symbols, &message))),
            Some(Ok(results)) => {
                let mut seen = FxHashSet::default();
                let values = results
                    .iter()
                    .map(|symbol| self.table.intern_symbol(symbol))
                    .filter(|v| seen.insert(*v))
                    .collect();
                Ok(Some(values))
            }
        }
    }
}

/// The error for a closure that failed: at the call, naming it with its arguments.
fn failed(
    span: Option<crate::ast::Span>,
    name: &str,
    args: &[crate::Symbol],
    message: &str,
) -> Diagnostic {
    let args: Vec<String> = args.iter().map(ToString::to_string).collect();
    let call = match args.is_empty() {
        true => format!("@{name}"),
        false => format!("@{name}({})", args.join(",")),
    };
    Diagnostic {
        severity: Severity::Error,
        span,
        message: "external function failed:".into(),
        notes: vec![Note {
            span: None,
            text: format!("{call}: {message}"),
        }],
    }
}
