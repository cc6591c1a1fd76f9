//! The order in which gringo prints a rule body in `unsafe variables in:` messages.
//!
//! gringo prints a rule after its rewriting, whose last step sorts the body by a safety
//! dependency graph. This module reproduces that sort on our rewritten body (printing only:
//! grounding plans its joins in `safety`).
//!
//! The body, before the sort, is: the written literals, then the literals the rewriting
//! introduced (intervals' `#range`, calls' `#script`), then `0=0` for a constraint and the
//! part's marker `[#inc_base]`, then the equations that define `#ArithN` variables (last
//! created first: gringo keeps them in a hash map), then for
//! each written equation `L=R` whose right side has a variable the mirrored equation `R=L`.
//! Each literal *binds* some of its global variables (a positive atom all of them, an equation
//! its left side, `#range` its variable, `T=#agg` its guard) and *needs* the others (with
//! multiplicity). The sort keeps a queue that starts with the literals needing nothing, last
//! literal first; taking a literal marks its bound variables, and a literal enters the queue
//! once each variable it needs is bound. Assignments `T=#agg` wait until the queue is empty:
//! then those whose variables are all bound are taken, else the last waiting one is taken,
//! and the queue resumes. Literals that never enter the queue follow, last first.
//!
//! # Invariants
//! - The result is a permutation of the input entries.

use fxhash::FxHashSet;

use crate::ast::{AggregateFunction, CompareOp, Sign, UnaryOp};
use crate::normalize::rules::{AtomPat, Head, Lit, Rule};
use crate::normalize::safety::lit_vars;
use crate::term::eval::{is_invertible, single_linear, T};

/// How the sort prints literals and terms (implemented by `print::Printer`).
pub(crate) trait Texts {
    /// The rule's variable names.
    fn names(&self) -> &[String];
    /// Appends a body literal.
    fn lit(&self, lit: &Lit, out: &mut String);
    /// Appends a term.
    fn term(&self, t: &T, out: &mut String);
    /// Appends an atom.
    fn atom(&self, a: &AtomPat, out: &mut String);
}

/// One body literal for the sort: its printed text and variables.
pub(crate) struct Entry {
    /// The literal as printed.
    pub text: String,
    /// Global variables it binds.
    pub binds: Vec<u32>,
    /// Global variables it needs bound, one per occurrence.
    pub needs: Vec<u32>,
    /// A body aggregate `T=#agg` (taken after the queue empties).
    pub assignment: bool,
    /// The literal's index in the rule's body (`None` for what gringo adds).
    pub body_index: Option<usize>,
}

impl Entry {
    /// A literal gringo adds to the body (no body index, not an aggregate assignment).
    fn added(text: String, binds: Vec<u32>, needs: Vec<u32>) -> Entry {
        Entry {
            text,
            binds,
            needs,
            assignment: false,
            body_index: None,
        }
    }
}

/// The state of the sort: per entry the count of unbound needed occurrences.
struct Sort<'a> {
    entries: &'a [Entry],
    depends: Vec<usize>,
    bound: fxhash::FxHashSet<u32>,
    /// Per variable, the entries needing it (one per occurrence), in insertion order.
    needed_by: fxhash::FxHashMap<u32, Vec<usize>>,
    queue: Vec<usize>,
    sorted: Vec<usize>,
    /// The assignments taken with their variables bound: gringo grounds them as comparisons.
    compared: Vec<usize>,
}

impl Sort<'_> {
    /// Takes entry `i`: binds its variables and queues the entries that become ready.
    fn take(&mut self, i: usize) {
        self.sorted.push(i);
        let Some(entry) = self.entries.get(i) else {
            return;
        };
        for v in &entry.binds {
            if !self.bound.insert(*v) {
                continue;
            }
            for &j in self.needed_by.get(v).map_or(&[][..], |w| w) {
                if let Some(d) = self.depends.get_mut(j) {
                    *d -= 1;
                    if *d == 0 {
                        self.queue.push(j);
                    }
                }
            }
        }
    }

    /// Takes the waiting assignments as gringo does once the queue is empty.
    fn take_assignments(&mut self, mut waiting: Vec<usize>) {
        while !waiting.is_empty() {
            let mut next = Vec::new();
            for i in waiting {
                let ready = self
                    .entries
                    .get(i)
                    .is_some_and(|e| e.binds.iter().all(|v| self.bound.contains(v)));
                if ready {
                    self.compared.push(i);
                    self.take(i);
                } else {
                    next.push(i);
                }
            }
            if let Some(last) = next.pop() {
                self.take(last);
            }
            waiting = next;
        }
    }
}

/// The indexes of `entries` in gringo's printing order.
pub(crate) fn gringo_order(entries: &[Entry]) -> Vec<usize> {
    sort(entries).0
}

/// gringo's sort of `entries`: the order, and the assignments it grounds as comparisons.
fn sort(entries: &[Entry]) -> (Vec<usize>, Vec<usize>) {
    let mut sort = Sort {
        entries,
        depends: entries.iter().map(|e| e.needs.len()).collect(),
        bound: fxhash::FxHashSet::default(),
        needed_by: fxhash::FxHashMap::default(),
        queue: Vec::new(),
        sorted: Vec::new(),
        compared: Vec::new(),
    };
    for (i, e) in entries.iter().enumerate() {
        for v in &e.needs {
            sort.needed_by.entry(*v).or_default().push(i);
        }
    }
    sort.queue = (0..entries.len())
        .rev()
        .filter(|&i| sort.depends.get(i) == Some(&0))
        .collect();
    let mut next = 0;
    while next < sort.queue.len() {
        let mut waiting = Vec::new();
        while let Some(&i) = sort.queue.get(next) {
            next += 1;
            if entries.get(i).is_some_and(|e| e.assignment) {
                waiting.push(i);
            } else {
                sort.take(i);
            }
        }
        sort.take_assignments(waiting);
    }
    let stuck = (0..entries.len())
        .rev()
        .filter(|&i| sort.depends.get(i).is_some_and(|&d| d > 0));
    let mut order = sort.sorted;
    order.extend(stuck);
    (order, sort.compared)
}

/// Which group of gringo's body a literal of ours belongs to (see the module doc).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    Written,
    Range,
    Script,
    Arith,
}

/// The group of `lit` in a rule with variable names `names`.
fn group(lit: &Lit, names: &[String]) -> Group {
    let named = |v: &u32, prefix: &str| {
        names
            .get(*v as usize)
            .is_some_and(|n| n.starts_with(prefix))
    };
    match lit {
        Lit::Range(v, ..) if named(v, "#Range") => Group::Range,
        Lit::Cmp(CompareOp::Eq, T::Var(_), T::Call(..)) => Group::Script,
        Lit::Cmp(CompareOp::Eq, T::Var(v), _) if named(v, "#Arith") => Group::Arith,
        _ => Group::Written,
    }
}

/// The occurrences of the variables of `t`: bound ones into `binds` when `bind` (gringo binds
/// through variables, functions, unary minus and linear terms), the others into `needs`.
fn term_occurrences(t: &T, bind: bool, binds: &mut Vec<u32>, needs: &mut Vec<u32>) {
    match t {
        T::Val(_) => {}
        T::Var(v) if bind => binds.push(*v),
        T::Var(v) => needs.push(*v),
        T::Fun(_, _, args) => args
            .iter()
            .for_each(|a| term_occurrences(a, bind, binds, needs)),
        T::Unary(UnaryOp::Minus, a) => term_occurrences(a, bind, binds, needs),
        T::Binary(..) if bind && single_linear(t).is_some() => t.vars(binds),
        _ => t.vars(needs),
    }
}

/// The entry of one body literal; `globals`: the rule's global variables.
fn entry(printer: &dyn Texts, lit: &Lit, globals: &FxHashSet<u32>) -> Entry {
    let (mut binds, mut needs) = (Vec::new(), Vec::new());
    let mut assignment = false;
    match lit {
        Lit::Atom(sign, a) => a
            .args
            .iter()
            .for_each(|t| term_occurrences(t, *sign == Sign::None, &mut binds, &mut needs)),
        Lit::Cmp(op, l, r) => {
            term_occurrences(l, *op == CompareOp::Eq, &mut binds, &mut needs);
            term_occurrences(r, false, &mut binds, &mut needs);
        }
        Lit::Range(v, lo, hi) => {
            binds.push(*v);
            lo.vars(&mut needs);
            hi.vars(&mut needs);
        }
        Lit::Bool(_) => {}
        Lit::Agg(agg) => {
            let bind = agg.sign == Sign::None;
            for (op, t) in &agg.bounds {
                term_occurrences(t, bind && *op == CompareOp::Eq, &mut binds, &mut needs);
            }
            assignment =
                bind && matches!(agg.bounds.as_slice(), [(CompareOp::Eq, t)] if is_invertible(t));
            let mut inner = Vec::new();
            for e in &agg.elems {
                e.terms.iter().for_each(|t| t.vars(&mut inner));
                e.cond.iter().for_each(|l| lit_vars(l, &mut inner));
            }
            needs.extend(inner.into_iter().filter(|v| globals.contains(v)));
        }
        Lit::Cond(_) => {
            let mut all = Vec::new();
            lit_vars(lit, &mut all);
            needs.extend(all.into_iter().filter(|v| globals.contains(v)));
        }
    }
    let mut text = String::new();
    printer.lit(lit, &mut text);
    Entry {
        text,
        binds,
        needs,
        assignment,
        body_index: None,
    }
}

/// The mirrored equation `R=L` gringo adds for a written equation `L=R` whose right side has a
/// variable (`None` otherwise). A right side that is not linear is named `#ArithN` (`fresh`
/// gives the number and variable), its definition `#ArithN=R` joining `arith`.
fn mirrored(
    printer: &dyn Texts,
    lit: &Lit,
    fresh: &mut dyn FnMut() -> (String, u32),
    arith: &mut Vec<Entry>,
) -> Option<Entry> {
    let Lit::Cmp(CompareOp::Eq, l, r) = lit else {
        return None;
    };
    let mut right_vars = Vec::new();
    r.vars(&mut right_vars);
    if right_vars.is_empty() || matches!(r, T::Call(..)) {
        return None;
    }
    let (mut binds, mut needs) = (Vec::new(), Vec::new());
    term_occurrences(l, false, &mut binds, &mut needs);
    let mut text = String::new();
    if matches!(r, T::Var(_)) || is_invertible(r) || single_linear(r).is_some() {
        term_occurrences(r, true, &mut binds, &mut needs);
        printer.term(r, &mut text);
    } else {
        let (name, var) = named_arith(printer, r, fresh, arith);
        binds.push(var);
        text.push_str(&name);
    }
    text.push('=');
    printer.term(l, &mut text);
    Some(Entry::added(text, binds, needs))
}

/// A fresh `#ArithN` standing for the term `t`, its definition `#ArithN=t` joining `arith`.
fn named_arith(
    printer: &dyn Texts,
    t: &T,
    fresh: &mut dyn FnMut() -> (String, u32),
    arith: &mut Vec<Entry>,
) -> (String, u32) {
    let (name, var) = fresh();
    let mut definition = format!("{name}=");
    printer.term(t, &mut definition);
    let mut needs = Vec::new();
    t.vars(&mut needs);
    arith.push(Entry::added(definition, vec![var], needs));
    (name, var)
}

/// The text gringo prints for a written equation `L=R` whose left side is not linear (nor a
/// variable or an invertible term): `#ArithN=R`, the definition `#ArithN=L` joining `arith`.
/// `None` for any other literal (it prints as written).
fn left_named(
    printer: &dyn Texts,
    lit: &Lit,
    fresh: &mut dyn FnMut() -> (String, u32),
    arith: &mut Vec<Entry>,
) -> Option<Entry> {
    let Lit::Cmp(CompareOp::Eq, l, r) = lit else {
        return None;
    };
    if matches!(l, T::Var(_) | T::Val(_) | T::Call(..))
        || is_invertible(l)
        || single_linear(l).is_some()
    {
        return None;
    }
    let (name, var) = named_arith(printer, l, fresh, arith);
    let (mut binds, mut needs) = (vec![var], Vec::new());
    term_occurrences(r, false, &mut binds, &mut needs);
    let mut text = format!("{name}=");
    printer.term(r, &mut text);
    Some(Entry::added(text, binds, needs))
}

/// The texts of a condition's literals as gringo prints them (`a:W=Y,Y=W`): the written
/// literals (a non-linear left side named `#ArithN`, see [`left_named`]), the `#ArithN`
/// definitions last created first, the mirrored equations (see [`mirrored`]), then the
/// intervals our rewriting solved for a written variable (`#range(W,1,3)` of `W=1..3`).
pub(crate) fn condition_texts(printer: &dyn Texts, cond: &[Lit]) -> Vec<String> {
    let names = printer.names();
    let solved_range = |l: &Lit| {
        matches!(l, Lit::Range(v, ..)
            if !names.get(*v as usize).is_some_and(|n| n.starts_with("#Range")))
    };
    let mut fresh = arith_namer(names);
    let (mut written, mut arith, mut mirrors, mut solved) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for lit in cond {
        if solved_range(lit) {
            solved.push(lit);
            continue;
        }
        if group(lit, names) == Group::Written {
            mirrors.extend(mirrored(printer, lit, &mut fresh, &mut arith));
        }
        match left_named(printer, lit, &mut fresh, &mut arith) {
            Some(entry) => written.push(entry.text),
            None => {
                let mut text = String::new();
                printer.lit(lit, &mut text);
                written.push(text);
            }
        }
    }
    written.extend(arith.into_iter().rev().map(|e| e.text));
    written.extend(mirrors.into_iter().map(|e| e.text));
    for lit in solved {
        let mut text = String::new();
        printer.lit(lit, &mut text);
        written.push(text);
    }
    written
}

/// Names fresh `#ArithN` variables after the rule's own (`names`): the name and a variable
/// number past the rule's variables.
fn arith_namer(names: &[String]) -> impl FnMut() -> (String, u32) {
    let mut arith_count = names.iter().filter(|n| n.starts_with("#Arith")).count();
    let mut next_var = u32::try_from(names.len()).unwrap_or(u32::MAX);
    move || {
        let named = (format!("#Arith{arith_count}"), next_var);
        arith_count += 1;
        next_var = next_var.saturating_add(1);
        named
    }
}

/// For the definition `#ArithN=t` of an aggregate's guard (`t=#agg` became `#ArithN=#agg`),
/// the equation `t=#ArithN` gringo also adds when `t` is linear (`X*X` gets none).
fn guard_mirror(printer: &dyn Texts, lit: &Lit, body: &[Lit]) -> Option<Entry> {
    let Lit::Cmp(CompareOp::Eq, T::Var(v), t) = lit else {
        return None;
    };
    if !is_invertible(t) && single_linear(t).is_none() {
        return None;
    }
    let guards = |l: &Lit| match l {
        Lit::Agg(agg) => agg.bounds.iter().any(|(_, b)| *b == T::Var(*v)),
        _ => false,
    };
    if !body.iter().any(guards) {
        return None;
    }
    let (mut binds, mut needs) = (Vec::new(), Vec::new());
    term_occurrences(t, true, &mut binds, &mut needs);
    needs.push(*v);
    let mut text = String::new();
    printer.term(t, &mut text);
    text.push('=');
    printer.term(&T::Var(*v), &mut text);
    Some(Entry::added(text, binds, needs))
}

/// Where the mirrored equations of moved literals go: the `#ArithN` namer, the definitions
/// and the mirrors.
type Extras<'a> = (
    &'a mut dyn FnMut() -> (String, u32),
    &'a mut Vec<Entry>,
    &'a mut Vec<Entry>,
);

/// The literals gringo moves from a single head element without bounds into the body (see
/// `Head::single_element`): `t<=t` for each term of the tuple, last first (a choice's tuple is
/// `0,atom`; a sum's weight `w` reads `(w+0)<=w`), then the condition.
fn single_element_entries(
    printer: &dyn Texts,
    rule: &Rule,
    out: &mut Vec<Entry>,
    (fresh, arith, mirrors): Extras<'_>,
) {
    let Some(elem) = rule.head.single_element() else {
        return;
    };
    let sum = matches!(
        rule.head,
        Head::Agg {
            function: AggregateFunction::Sum | AggregateFunction::SumPlus,
            ..
        }
    );
    let mut tuple: Vec<(String, Vec<u32>)> = Vec::new();
    let mut text_of = |t: &T| {
        let mut text = String::new();
        printer.term(t, &mut text);
        let mut vars = Vec::new();
        t.vars(&mut vars);
        (text, vars)
    };
    if matches!(rule.head, Head::Choice { .. }) {
        tuple.push(("0".into(), Vec::new()));
        let mut text = String::new();
        printer.atom(&elem.atom, &mut text);
        let mut vars = Vec::new();
        elem.atom.args.iter().for_each(|t| t.vars(&mut vars));
        tuple.push((text, vars));
    } else {
        tuple.extend(elem.terms.iter().map(&mut text_of));
    }
    for (i, (text, vars)) in tuple.into_iter().enumerate().rev() {
        let left = match (sum && i == 0, elem.terms.first()) {
            (true, Some(T::Val(_) | T::Var(_))) => format!("({text}+0)"),
            _ => text.clone(),
        };
        out.push(Entry {
            text: format!("{left}<={text}"),
            binds: Vec::new(),
            needs: vars,
            assignment: false,
            body_index: None,
        });
    }
    out.extend(elem.cond.iter().map(|l| entry(printer, l, &rule.globals)));
    for lit in &elem.cond {
        if group(lit, printer.names()) == Group::Written {
            mirrors.extend(mirrored(printer, lit, fresh, arith));
        }
    }
}

/// The indexes of `rule`'s body literals in gringo's order (it checks them in this order).
pub(crate) fn sorted_body(printer: &dyn Texts, rule: &Rule) -> Vec<usize> {
    let entries = entries(printer, rule, false);
    gringo_order(&entries)
        .into_iter()
        .filter_map(|i| entries.get(i).and_then(|e| e.body_index))
        .collect()
}

/// The body indexes of the aggregates `T=#agg` that gringo grounds as comparisons: the sort
/// reaches them with their guard's variables bound by other literals (gringo's
/// `removeAssignment`), so `r(X) :- dom(X), #sum{..} = X.` compares for each `X` of `dom`.
pub(crate) fn compared_assignments(printer: &dyn Texts, rule: &Rule) -> Vec<usize> {
    let entries = entries(printer, rule, false);
    let (_, compared) = sort(&entries);
    compared
        .into_iter()
        .filter_map(|i| entries.get(i).and_then(|e| e.body_index))
        .collect()
}

/// The entries of `rule`'s body in gringo's order before its sort (see the module doc).
pub(crate) fn entries(printer: &dyn Texts, rule: &Rule, constraint: bool) -> Vec<Entry> {
    let written = rule.body.len() - rule.bound_ranges.min(rule.body.len());
    let mut lits: Vec<(usize, &Lit)> = rule.body.iter().enumerate().take(written).collect();
    lits.sort_by_key(|(_, l)| group(l, printer.names()));
    let mut out = Vec::new();
    let mut arith = Vec::new();
    let mut mirrors = Vec::new();
    let mut fresh = arith_namer(printer.names());
    for (i, lit) in lits {
        let mut entry = entry(printer, lit, &rule.globals);
        entry.body_index = Some(i);
        match group(lit, printer.names()) {
            Group::Arith => {
                mirrors.extend(guard_mirror(printer, lit, &rule.body));
                arith.push(entry);
            }
            Group::Written => {
                mirrors.extend(mirrored(printer, lit, &mut fresh, &mut arith));
                if let Some(named) = left_named(printer, lit, &mut fresh, &mut arith) {
                    entry = Entry {
                        body_index: Some(i),
                        ..named
                    };
                }
                out.push(entry);
            }
            _ => out.push(entry),
        }
    }
    let fixed = |text: String| Entry {
        text,
        binds: Vec::new(),
        needs: Vec::new(),
        assignment: false,
        body_index: None,
    };
    if constraint {
        out.push(fixed("0=0".into()));
    }
    out.push(fixed(format!("[{}]", rule.marker)));
    single_element_entries(
        printer,
        rule,
        &mut out,
        (&mut fresh, &mut arith, &mut mirrors),
    );
    // gringo keeps the definitions in a hash map that lists them last created first.
    out.extend(arith.into_iter().rev());
    out.append(&mut mirrors);
    for (i, lit) in rule.body.iter().enumerate().skip(written) {
        let mut entry = entry(printer, lit, &rule.globals);
        entry.body_index = Some(i);
        out.push(entry);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(text: &str, binds: &[u32], needs: &[u32]) -> Entry {
        Entry {
            text: text.into(),
            binds: binds.to_vec(),
            needs: needs.to_vec(),
            assignment: false,
            body_index: None,
        }
    }

    /// `a(Y) :- p(X), r(X+1), Z=X+1.`: gringo prints `[#inc_base];r((X+1));p(X);Z=(X+1);
    /// (X+1)=Z`: ready literals last first, then what they make ready.
    #[test]
    fn ready_literals_come_last_first_then_those_they_free() {
        let (x, z) = (0, 1);
        let entries = vec![
            entry("p(X)", &[x], &[]),
            entry("r((X+1))", &[x], &[]),
            entry("Z=(X+1)", &[z], &[x]),
            entry("[#inc_base]", &[], &[]),
            entry("(X+1)=Z", &[x], &[z]),
        ];
        assert_eq!(gringo_order(&entries), vec![3, 1, 0, 2, 4]);
    }

    /// Literals whose variables nothing binds follow, last first.
    #[test]
    fn stuck_literals_follow_last_first() {
        let (q, z) = (0, 1);
        let entries = vec![
            entry("Z=Q", &[z], &[q]),
            entry("not r(Z)", &[], &[z]),
            entry("[#inc_base]", &[], &[]),
        ];
        assert_eq!(gringo_order(&entries), vec![2, 1, 0]);
    }
}
