//! Terms of one statement: variables numbered (each `_` fresh), intervals, external calls and
//! non-invertible arithmetic replaced by fresh variables (see the module doc of `rewrite`).

use super::{fold, Converter, Region};
use crate::ast::{self, CompareOp, Span, TermKind, UnaryOp};
use crate::diagnostic::{Diagnostic, Note, Severity};
use crate::normalize::rules::{AtomPat, Lit, Pred};
use crate::term::eval::{is_invertible, T};
use crate::term::intern::{Interner, Val};
use fxhash::{FxHashMap, FxHashSet};

impl<'a> Converter<'a> {
    pub(super) fn new(table: &'a mut Interner, span: &Span) -> Converter<'a> {
        Converter {
            table,
            span: span.clone(),
            var_ids: FxHashMap::default(),
            var_names: Vec::new(),
            var_spans: Vec::new(),
            condition_spans: Vec::new(),
            global: FxHashSet::default(),
            tuple_occurrences: Vec::new(),
            arith_spans: FxHashMap::default(),
            linear: FxHashMap::default(),
            extra: Vec::new(),
            region: Region::Global,
            arith_count: 0,
            aux_count: 0,
            infos: Vec::new(),
            stop: None,
            projections: Vec::new(),
            project_positive: false,
            params: 0,
            marker: None,
            moved_head: 0,
            head_span: None,
        }
    }

    pub(super) fn fresh(&mut self, name: String, span: &Span) -> u32 {
        let id = self.var_names.len() as u32;
        self.var_names.push(name);
        self.var_spans.push(span.clone());
        id
    }

    pub(super) fn var(&mut self, name: &str, span: &Span) -> u32 {
        let id = match self.var_ids.get(name) {
            Some(&id) => id,
            None => {
                let id = self.fresh(name.to_string(), span);
                self.var_ids.insert(name.to_string(), id);
                id
            }
        };
        // A part's parameter is bound by the part, outside every element.
        if self.region == Region::Global || name.starts_with("#Inc") {
            self.global.insert(id);
        }
        id
    }

    pub(super) fn term(&mut self, t: &ast::Term) -> T {
        self.term_in(t, false)
    }

    /// Converts `t`; `arithmetic` when it is an operand of arithmetic (of a binary operation,
    /// of `|..|` or `~`, or of a `-` that is one): there, as in gringo, a function term is not
    /// a number, so `-f(X)` is undefined (elsewhere it is the function with its sign flipped).
    fn term_in(&mut self, t: &ast::Term, arithmetic: bool) -> T {
        match &t.kind {
            TermKind::Integer(n) => T::Val(Val::Num(*n)),
            TermKind::String(s) => T::Val(self.table.string(s)),
            TermKind::Infimum => T::Val(Val::Inf),
            TermKind::Supremum => T::Val(Val::Sup),
            TermKind::Variable(v) => T::Var(self.var(v, &t.span)),
            TermKind::Anonymous => {
                let name = format!("#Anon{}", self.aux_count);
                self.aux_count += 1;
                T::Var(self.fresh(name, &t.span))
            }
            TermKind::Function { name, args } => {
                let args = self.function_args(args);
                let n = self.table.name(name);
                fold(self.table, T::Fun(n, false, args))
            }
            TermKind::Pool(alts) => match alts.first() {
                Some(a) => self.term_in(a, arithmetic),
                None => T::Val(Val::Num(0)),
            },
            TermKind::Interval(a, b) => {
                let (lo, hi) = (self.term(a), self.term(b));
                let name = format!("#Range{}", self.aux_count);
                self.aux_count += 1;
                let v = self.fresh(name, &t.span);
                self.extra.push(Lit::Range(v, lo, hi));
                T::Var(v)
            }
            TermKind::Unary(op, a) => {
                let a = self.term_in(a, arithmetic || *op != UnaryOp::Minus);
                let function = |a: &T| match a {
                    T::Fun(..) => true,
                    T::Val(v) => self.table.as_fun(*v).is_some(),
                    _ => false,
                };
                let result = match (op, &a) {
                    (UnaryOp::Minus, T::Fun(n, neg, args)) if !arithmetic => {
                        T::Fun(*n, !neg, args.clone())
                    }
                    (UnaryOp::Minus, a) if arithmetic && function(a) => {
                        let result = T::Unary(*op, Box::new(a.clone()));
                        self.report_undefined(&result, &t.span);
                        return result;
                    }
                    _ => T::Unary(*op, Box::new(a)),
                };
                let result = self.arith(result, &t.span);
                self.note_linear(&result, t);
                result
            }
            TermKind::Binary(op, a, b) => {
                let (a, b) = (self.term_in(a, true), self.term_in(b, true));
                let result = self.arith(T::Binary(*op, Box::new(a), Box::new(b)), &t.span);
                self.note_linear(&result, t);
                result
            }
            TermKind::Call { name, args } => {
                let args = args.iter().map(|a| self.term(a)).collect();
                let name = self.table.name(name);
                self.script(T::Call(name, args), &t.span)
            }
        }
    }

    /// An external call: a fresh variable `#ScriptN` bound by `#ScriptN = @f(args)` in the
    /// innermost enclosing body or condition, as gringo does (the call may give several
    /// values: the variable takes each, see `term::functions`).
    fn script(&mut self, call: T, span: &Span) -> T {
        let name = format!("#Script{}", self.aux_count);
        self.aux_count += 1;
        let v = self.fresh(name, span);
        self.extra.push(Lit::Cmp(CompareOp::Eq, T::Var(v), call));
        T::Var(v)
    }

    /// A function term's (or an atom's) arguments. gringo simplifies a function term argument by argument
    /// and stops at one that is undefined whatever its variables: the arguments after it
    /// report no undefined operation (`s(c-1,c**1)` reports `(c-1)` only).
    fn function_args(&mut self, args: &[ast::Term]) -> Vec<T> {
        let mut out = Vec::with_capacity(args.len());
        let mut undefined_from = None;
        for a in args {
            let t = self.term(a);
            if undefined_from.is_none() && t.is_undefined_arith() {
                undefined_from = Some(self.infos.len());
            }
            out.push(t);
        }
        if let Some(from) = undefined_from {
            let later = self.infos.split_off(from.min(self.infos.len()));
            let kept = later
                .into_iter()
                .filter(|d| d.message != "operation undefined:");
            self.infos.extend(kept);
        }
        out
    }

    /// clingo keeps a term linear in one variable as `m*X+n` and reports it at the
    /// variable: its text and span replace the term's.
    fn note_linear(&mut self, folded: &T, t: &ast::Term) {
        let Some((v, m, n)) = crate::term::eval::single_linear(folded) else {
            return;
        };
        let mut span = None;
        super::collect_var_spans(t, &mut |_, s| span = span.take().or(Some(s.clone())));
        // No named variable: `v` stands for an external call (`@f(a)+1`), reported at the call.
        let span = span.or_else(|| self.var_spans.get(v as usize).cloned());
        let Some(span) = span else {
            return;
        };
        let var = &self.var_names[v as usize];
        let text = crate::normalize::print::linear_text(var, m, n);
        self.arith_spans.insert(folded.clone(), span);
        self.linear.insert(folded.clone(), text);
    }

    /// Records the span of an arithmetic term and folds it when it is ground and defined.
    /// A ground undefined term or a division by the literal 0 is reported now, as clingo does.
    pub(super) fn arith(&mut self, t: T, span: &Span) -> T {
        let folded = fold(self.table, t);
        if folded.has_arith() {
            self.arith_spans.insert(folded.clone(), span.clone());
            if folded.is_undefined_arith() {
                self.report_undefined(&folded, span);
            }
        }
        folded
    }

    /// `operation undefined` for `t` at `span`, unless a term inside it was reported.
    fn report_undefined(&mut self, t: &T, span: &Span) {
        self.arith_spans.insert(t.clone(), span.clone());
        let inner_reported = self.infos.iter().any(|d| {
            d.span
                .as_ref()
                .is_some_and(|s| s.start >= span.start && s.end <= span.end)
        });
        if inner_reported {
            return;
        }
        let mut text = String::new();
        crate::normalize::print::Printer {
            table: self.table,
            names: &self.var_names,
        }
        .term(t, &mut text);
        self.infos.push(Diagnostic {
            severity: Severity::Info,
            span: Some(span.clone()),
            message: "operation undefined:".into(),
            notes: vec![Note { span: None, text }],
        });
    }

    pub(super) fn atom(&mut self, a: &ast::Atom) -> AtomPat {
        let args = self.function_args(&a.args);
        AtomPat {
            pred: Pred {
                name: self.table.name(&a.name),
                arity: args.len() as u32,
                negative: a.negative,
            },
            args,
            span: a.span.clone(),
        }
    }

    /// Replaces arithmetic that matching cannot invert by `#ArithN` variables.
    pub(super) fn extract_arith(&mut self, atom: &mut AtomPat) {
        for arg in &mut atom.args {
            self.extract_in(arg);
        }
    }

    pub(super) fn extract_in(&mut self, t: &mut T) {
        match t {
            T::Fun(_, _, args) => args.iter_mut().for_each(|a| self.extract_in(a)),
            T::Unary(..) | T::Binary(..) | T::Call(..) => {
                let mut vars = Vec::new();
                t.vars(&mut vars);
                vars.sort_unstable();
                vars.dedup();
                if vars.is_empty() || (vars.len() == 1 && is_invertible(t)) {
                    return;
                }
                let name = format!("#Arith{}", self.arith_count);
                self.arith_count += 1;
                let span = self
                    .arith_spans
                    .get(t)
                    .cloned()
                    .unwrap_or_else(|| self.span.clone());
                let v = self.fresh(name, &span);
                let old = std::mem::replace(t, T::Var(v));
                self.extra.push(Lit::Cmp(CompareOp::Eq, T::Var(v), old));
            }
            _ => {}
        }
    }
}
