//! Rewritten rules and terms printed as clingo prints them in messages.
//!
//! clingo shows a rule in its internal form: `p(X):-[#inc_base];s(X);not t(Z);Y<X.` (the
//! `[#inc_base]` marker, atoms in order, then comparisons), binary operations parenthesised
//! (`(X/0)`), constraints with the head `#void` and the body prefix `0=0`.
//!
//! # Invariants
//! - Printing never fails; unknown variable numbers print as `_`.

use std::fmt::Write;

use crate::ast::{AggregateFunction, CompareOp, Sign, UnaryOp};
use crate::normalize::rules::{AggLit, AtomPat, Bound, Head, HeadElem, Lit, Rule};
use crate::term::eval::{single_linear, T};
use crate::term::intern::Interner;

/// Prints terms and rules with one rule's variable names.
pub(crate) struct Printer<'a> {
    /// The term table.
    pub table: &'a Interner,
    /// The variable names.
    pub names: &'a [String],
}

impl Printer<'_> {
    /// A variable's name (`_` for an unknown number).
    fn name(&self, v: u32) -> &str {
        self.names.get(v as usize).map_or("_", |s| s)
    }

    /// An operand of a binary operation: an interval's variable is bare there (`(#Range0/0)`),
    /// as gringo replaces only an interval that is an argument by `#RangeN+0`.
    fn operand(&self, t: &T, out: &mut String) {
        match t {
            T::Var(v) => out.push_str(self.name(*v)),
            _ => self.term(t, out),
        }
    }

    /// Whether `v` stands for an interval (`#Range0`).
    fn is_range(&self, v: u32) -> bool {
        self.name(v).starts_with("#Range")
    }

    /// A term.
    pub fn term(&self, t: &T, out: &mut String) {
        match t {
            T::Val(v) => {
                let _ = write!(out, "{}", self.table.show(*v));
            }
            // gringo replaces an interval by `#RangeN+0`, a linear term: `(#Range0+0)`.
            T::Var(v) if self.is_range(*v) => out.push_str(&linear_text(self.name(*v), 1, 0)),
            T::Var(v) => out.push_str(self.name(*v)),
            T::Fun(name, negative, args) => {
                if *negative {
                    out.push('-');
                }
                let name = self.table.name_text(*name);
                out.push_str(name);
                if !args.is_empty() || name.is_empty() {
                    out.push('(');
                    self.terms(args, out);
                    if name.is_empty() && args.len() == 1 {
                        out.push(',');
                    }
                    out.push(')');
                }
            }
            T::Unary(UnaryOp::Abs, a) => {
                out.push('|');
                self.term(a, out);
                out.push('|');
            }
            T::Unary(UnaryOp::Minus, a) if matches!(**a, T::Var(v) if self.is_range(v)) => {
                if let T::Var(v) = **a {
                    out.push_str(&linear_text(self.name(v), -1, 0));
                }
            }
            T::Unary(op, a) => {
                out.push_str(if *op == UnaryOp::Minus { "(-" } else { "(~" });
                self.term(a, out);
                out.push(')');
            }
            T::Binary(..) if single_linear(t).is_some() => {
                if let Some((v, m, n)) = single_linear(t) {
                    out.push_str(&linear_text(
                        self.names.get(v as usize).map_or("_", |s| s),
                        m,
                        n,
                    ));
                }
            }
            T::Binary(op, a, b) => {
                out.push('(');
                self.operand(a, out);
                out.push_str(op.text());
                self.operand(b, out);
                out.push(')');
            }
            T::Call(name, args) => {
                out.push('@');
                out.push_str(self.table.name_text(*name));
                out.push('(');
                self.terms(args, out);
                out.push(')');
            }
        }
    }

    fn terms(&self, ts: &[T], out: &mut String) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.term(t, out);
        }
    }

    /// An atom.
    pub fn atom(&self, a: &AtomPat, out: &mut String) {
        // clingo prints a classically negated atom that is not ground as a negated term,
        // in parentheses: `(-s(X))`, but `-s(1)`.
        let parens = a.pred.negative && a.args.iter().any(|t| !matches!(t, T::Val(_)));
        if parens {
            out.push('(');
        }
        if a.pred.negative {
            out.push('-');
        }
        out.push_str(self.table.name_text(a.pred.name));
        if !a.args.is_empty() {
            out.push('(');
            self.terms(&a.args, out);
            out.push(')');
        }
        if parens {
            out.push(')');
        }
    }

    /// An atom as gringo projects it (see `instantiate::undefined`): `_` as `#P<i>`, every
    /// other argument that is no value as `#X<i>`, `i` counting them in the atom.
    pub fn projected_atom(&self, a: &AtomPat, out: &mut String) {
        if a.pred.negative {
            out.push('-');
        }
        out.push_str(self.table.name_text(a.pred.name));
        out.push('(');
        let mut count = 0;
        for (i, t) in a.args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.projected_term(t, &mut count, out);
        }
        out.push(')');
    }

    fn projected_term(&self, t: &T, count: &mut u32, out: &mut String) {
        match t {
            T::Val(_) => self.term(t, out),
            T::Fun(name, negative, args) => {
                if *negative {
                    out.push('-');
                }
                out.push_str(self.table.name_text(*name));
                out.push('(');
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.projected_term(arg, count, out);
                }
                out.push(')');
            }
            _ => {
                let anonymous = matches!(t, T::Var(v)
                    if self.names.get(*v as usize).is_some_and(|n| n.starts_with("#Anon")));
                let _ = write!(out, "{}{count}", if anonymous { "#P" } else { "#X" });
                *count += 1;
            }
        }
    }

    fn sign(sign: Sign, out: &mut String) {
        match sign {
            Sign::None => {}
            Sign::Not => out.push_str("not "),
            Sign::NotNot => out.push_str("not not "),
        }
    }

    /// A body literal.
    pub fn lit(&self, l: &Lit, out: &mut String) {
        match l {
            Lit::Atom(sign, a) => {
                Self::sign(*sign, out);
                self.atom(a, out);
            }
            Lit::Cmp(CompareOp::Eq, T::Var(v), T::Call(name, args)) => {
                // clingo 5.8.3's text, which leaves `#script(` open: `#script(#Script0,f(X)`.
                out.push_str("#script(");
                self.term(&T::Var(*v), out);
                out.push(',');
                self.term(&T::Fun(*name, false, args.clone()), out);
            }
            Lit::Cmp(op, a, b) => {
                self.term(a, out);
                out.push_str(op.text());
                self.term(b, out);
            }
            Lit::Range(v, lo, hi) => {
                out.push_str("#range(");
                out.push_str(self.name(*v));
                out.push(',');
                self.term(lo, out);
                out.push(',');
                self.term(hi, out);
                out.push(')');
            }
            // gringo writes `#true` and `#false` as comparisons.
            Lit::Bool(b) => out.push_str(if *b { "0=0" } else { "0!=0" }),
            Lit::Agg(agg) => self.aggregate(agg, out),
            Lit::Cond(c) => {
                for (i, a) in c.alts.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    self.lit(&a.lit, out);
                }
                out.push(':');
                let mut cond = c.cond.clone();
                c.alts
                    .iter()
                    .for_each(|a| cond.extend(a.local.iter().cloned()));
                self.condition(&cond, out);
            }
        }
    }

    /// A condition, with what gringo's rewriting adds to it (see `body_order::condition_texts`).
    fn condition(&self, lits: &[Lit], out: &mut String) {
        let texts = crate::normalize::body_order::condition_texts(self, lits);
        out.push_str(&texts.join(","));
    }

    /// A body aggregate (`Z<#count{X:r(Y)}`).
    pub fn aggregate(&self, agg: &AggLit, out: &mut String) {
        Self::sign(agg.sign, out);
        self.guarded(agg.function, &agg.bounds, out, |p, out| {
            for (i, e) in agg.elems.iter().enumerate() {
                if i > 0 {
                    out.push(';');
                }
                p.terms(&e.terms, out);
                out.push(':');
                p.condition(&e.cond, out);
            }
        });
    }

    /// `l op #f{ elements } op u` with the first bound printed on the left.
    fn guarded(
        &self,
        f: AggregateFunction,
        bounds: &[Bound],
        out: &mut String,
        elems: impl Fn(&Self, &mut String),
    ) {
        if let Some((op, t)) = bounds.first() {
            self.term(t, out);
            out.push_str(crate::normalize::rules::flip(*op).text());
        }
        out.push_str(f.text());
        out.push('{');
        elems(self, out);
        out.push('}');
        for (op, t) in bounds.iter().skip(1) {
            out.push_str(op.text());
            self.term(t, out);
        }
    }

    fn head_elems(&self, elems: &[HeadElem], sep: &str, out: &mut String) {
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            if !e.terms.is_empty() {
                self.terms(&e.terms, out);
                out.push(':');
            }
            if e.sign == Sign::None {
                self.atom(&e.atom, out);
            } else {
                out.push_str("#true");
            }
            if !e.cond.is_empty() {
                out.push(':');
                self.condition(&e.cond, out);
            }
        }
    }
}

/// Whole rules and head aggregates.
impl Printer<'_> {
    /// The body in gringo's order (see `body_order`), its part's marker `[#inc_base]` among
    /// the literals and `0=0` before it in a constraint.
    fn body(&self, r: &Rule, constraint: bool, out: &mut String) {
        let entries = crate::normalize::body_order::entries(self, r, constraint);
        let order = crate::normalize::body_order::gringo_order(&entries);
        for (k, i) in order.into_iter().enumerate() {
            if k > 0 {
                out.push(';');
            }
            if let Some(e) = entries.get(i) {
                out.push_str(&e.text);
            }
        }
    }

    /// A head alone as gringo prints it in unsafe-variable messages: a disjunction's elements
    /// as `atom:literal:condition` (an atom has no literal: `p(X)::q(X);a::`); a head
    /// aggregate's or choice's as `tuple:atom:condition` (`1<=#sum{X:p(X):r(Y)}<=2`), a
    /// choice's tuple `0,atom` (`#count{0,p(X):p(X):}`), and a single element without bounds
    /// as `#f{0:atom:}`.
    pub fn head_alone(&self, h: &Head) -> String {
        let mut out = String::new();
        let (function, elems, bounds, choice) = match h {
            Head::Disj(elems) => {
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push(';');
                    }
                    self.disjunct(e, &mut out);
                }
                return out;
            }
            Head::Choice { elems, bounds, .. } => (AggregateFunction::Count, elems, bounds, true),
            Head::Agg {
                function,
                elems,
                bounds,
                ..
            } => (*function, elems, bounds, false),
            _ => return out,
        };
        if let Some(e) = h.single_element() {
            out.push_str(function.text());
            out.push_str("{0:");
            self.atom(&e.atom, &mut out);
            out.push_str(":}");
            return out;
        }
        self.guarded(function, bounds, &mut out, |p, out| {
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push(';');
                }
                if choice {
                    out.push_str("0,");
                    p.atom(&e.atom, out);
                } else {
                    p.terms(&e.terms, out);
                }
                out.push(':');
                p.atom(&e.atom, out);
                out.push(':');
                p.condition(&e.cond, out);
            }
        });
        out
    }

    /// A whole rule as clingo prints it in `unsafe variables` messages.
    /// A disjunction element as gringo prints it in messages: `atom::condition`, and a
    /// `not`/`not not` one (the literal last in its condition) `#void:complement:condition`
    /// (`#void:not not q(X):d(W)` for `not q(X) : d(W)`).
    fn disjunct(&self, e: &HeadElem, out: &mut String) {
        let literal = e.cond.iter().rposition(|l| matches!(l, Lit::Atom(..)));
        match literal.filter(|_| e.sign != Sign::None) {
            Some(at) => {
                out.push_str("#void:");
                let complement = match e.sign {
                    Sign::Not => Sign::NotNot,
                    _ => Sign::Not,
                };
                Self::sign(complement, out);
                self.atom(&e.atom, out);
                out.push(':');
                let mut cond = e.cond.clone();
                cond.remove(at);
                self.condition(&cond, out);
            }
            None => {
                self.atom(&e.atom, out);
                out.push_str("::");
                self.condition(&e.cond, out);
            }
        }
    }

    pub fn rule(&self, r: &Rule) -> String {
        let mut out = String::new();
        match &r.head {
            Head::Disj(elems) if elems.is_empty() => {
                out.push_str("#void:-");
                self.body(r, true, &mut out);
                out.push('.');
                return out;
            }
            Head::Disj(elems) if elems.len() == 1 && elems.iter().all(|e| e.cond.is_empty()) => {
                self.head_elems(elems, ";", &mut out)
            }
            Head::Disj(_) | Head::Choice { .. } | Head::Agg { .. } => {
                out.push_str(&self.head_alone(&r.head))
            }
            Head::Weak {
                weight,
                priority,
                terms,
                ..
            } => {
                out.push_str(":~");
                self.body(r, false, &mut out);
                out.push_str(".[");
                self.term(weight, &mut out);
                out.push('@');
                self.term(priority, &mut out);
                for t in terms {
                    out.push(',');
                    self.term(t, &mut out);
                }
                out.push(']');
                return out;
            }
            Head::Show(t) => {
                out.push_str("#show ");
                self.term(t, &mut out);
            }
            Head::Project(a) => {
                out.push_str("#project ");
                self.atom(a, &mut out);
            }
            Head::Edge(u, v) => {
                out.push_str("#edge(");
                self.term(u, &mut out);
                out.push(',');
                self.term(v, &mut out);
                out.push(')');
            }
            Head::Heuristic(heuristic) => {
                let (a, [weight, priority, modifier], _) = &**heuristic;
                out.push_str("#heuristic ");
                self.atom(a, &mut out);
                out.push(':');
                self.body(r, false, &mut out);
                out.push_str(".[");
                self.term(weight, &mut out);
                out.push('@');
                self.term(priority, &mut out);
                out.push(',');
                self.term(modifier, &mut out);
                out.push(']');
                return out;
            }
            Head::External(a, v) => {
                out.push_str("#external ");
                self.atom(a, &mut out);
                out.push(':');
                let mut rest = String::new();
                self.body(r, false, &mut rest);
                out.push_str(&rest);
                out.push_str(".[");
                self.term(v, &mut out);
                out.push(']');
                return out;
            }
        }
        out.push_str(":-");
        self.body(r, false, &mut out);
        out.push('.');
        out
    }
}

impl crate::normalize::body_order::Texts for Printer<'_> {
    fn names(&self) -> &[String] {
        self.names
    }
    fn lit(&self, lit: &Lit, out: &mut String) {
        Printer::lit(self, lit, out)
    }
    fn term(&self, t: &T, out: &mut String) {
        Printer::term(self, t, out)
    }
    fn atom(&self, a: &AtomPat, out: &mut String) {
        Printer::atom(self, a, out)
    }
}

/// clingo's text of the linear term `m*X+n` (`(X+-2)`, `(2*X)`, `(-1*X+2)`).
pub(crate) fn linear_text(var: &str, m: i64, n: i64) -> String {
    match (m, n) {
        (1, n) => format!("({var}+{n})"),
        (m, 0) => format!("({m}*{var})"),
        (m, n) => format!("({m}*{var}+{n})"),
    }
}
