//! Predicates whose atoms are facts by the program's form: gringo's positively stratified
//! occurrences, whose variables are not "important" to an instantiator (see
//! [`Grounder::certain_predicate`]).
//!
//! A predicate is *open* when some atom of it may be no fact whatever the grounding gives:
//! it is a head atom of a rule that is not normal (a choice, a head aggregate, a disjunction
//! of more than one element or with a condition, an `#external`), or it lies on a cycle of the
//! dependency graph through a negated literal (unstratified negation), or it depends on an
//! open predicate (through any literal, of any sign). These hold even when no such rule ever
//! fires: gringo decides before grounding (`q(1..3). {q(4)} :- r.` keeps `q` open; with
//! `q(4) :- r.` instead it is not). A predicate that is not open still has a non-fact atom
//! from an earlier grounding of a multi-shot program; [`Grounder::certain_predicate`] checks
//! the atoms too.
//!
//! # Invariants
//! - `Grounder::open_preds` is filled before the rules are grounded; a predicate created later
//!   counts as open.

use crate::ast::Sign;
use crate::instantiate::Grounder;
use crate::normalize::rules::{AtomPat, Head, Lit, Rule};
use crate::plan::depgraph::Graph;

/// The atoms of `lit` with whether each occurs under negation (inside a conditional literal's
/// condition counts as negated: the literal is an implication).
fn signed_atoms<'a>(lit: &'a Lit, negated: bool, out: &mut Vec<(&'a AtomPat, bool)>) {
    match lit {
        Lit::Atom(sign, a) => out.push((a, negated || *sign != Sign::None)),
        Lit::Agg(agg) => {
            let negated = negated || agg.sign != Sign::None;
            for e in &agg.elems {
                e.cond.iter().for_each(|l| signed_atoms(l, negated, out));
            }
        }
        Lit::Cond(c) => {
            c.alts
                .iter()
                .for_each(|a| signed_atoms(&a.lit, negated, out));
            c.cond.iter().for_each(|l| signed_atoms(l, true, out));
        }
        _ => {}
    }
}

/// Whether `rule`'s head atoms may be derived as non-facts by its form alone.
fn opens_head(rule: &Rule) -> bool {
    match &rule.head {
        Head::Disj(elems) => match elems.as_slice() {
            [e] => !e.cond.is_empty() || e.conj.is_some(),
            _ => true,
        },
        Head::Choice { .. } | Head::Agg { .. } | Head::External(..) => true,
        _ => false,
    }
}

impl Grounder<'_> {
    /// Fills `open_preds` from the rules (see the module doc).
    pub(crate) fn find_open_predicates(&mut self, rules: &[Rule]) {
        // (head, dependency, negated) edges and the heads of rules that are not normal; the
        // predicates are numbered first, so the tables below cover them all.
        let mut edges = Vec::new();
        let mut opened = Vec::new();
        let mut atoms = Vec::new();
        for rule in rules {
            if crate::instantiate::recursion::void(self, rule) {
                continue;
            }
            atoms.clear();
            rule.body
                .iter()
                .for_each(|l| signed_atoms(l, false, &mut atoms));
            for cond in rule.head.conditions() {
                cond.iter().for_each(|l| signed_atoms(l, false, &mut atoms));
            }
            let opens = opens_head(rule);
            for head in rule.head.each_atom() {
                let h = self.store.pred(head.pred);
                if opens {
                    opened.push(h);
                }
                for &(a, neg) in &atoms {
                    edges.push((h, self.store.pred(a.pred), neg));
                }
            }
        }
        let n = self.store.preds.len();
        let mut open = vec![false; n];
        opened.iter().for_each(|&h| open[h as usize] = true);
        let mut graph = Graph::new(n);
        let mut deps: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &(h, d, _) in &edges {
            graph.depend(h, d);
            deps[h as usize].push(d);
        }
        let components = graph.components();
        let mut scc = vec![u32::MAX; n];
        for (c, preds) in components.iter().enumerate() {
            preds.iter().for_each(|&p| scc[p as usize] = c as u32);
        }
        for (h, d, _) in edges.into_iter().filter(|e| e.2) {
            if scc[h as usize] == scc[d as usize] {
                open[h as usize] = true;
            }
        }
        // Dependencies first: a component is open when a member is or depends on an open one.
        for preds in &components {
            let reached = preds
                .iter()
                .any(|&p| open[p as usize] || deps[p as usize].iter().any(|&d| open[d as usize]));
            if reached {
                preds.iter().for_each(|&p| open[p as usize] = true);
            }
        }
        self.open_preds = open;
    }

    /// Whether the atoms of `pat`'s predicate are facts for gringo's instantiators: the
    /// predicate is not open (see the module doc) and is complete with facts only. A literal
    /// over such a predicate binds no important variable: gringo reports one instance per
    /// binding of the others (`b | a : q(W).` after `q(1..3).` accumulates one `a`).
    pub(crate) fn certain_predicate(&mut self, pat: &AtomPat) -> bool {
        let pred = self.store.pred(pat.pred);
        let open = self.open_preds.get(pred as usize).copied().unwrap_or(true);
        !open && self.only_facts(pat)
    }
}
