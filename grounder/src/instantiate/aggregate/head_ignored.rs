//! `info: tuple ignored` for head `#sum`/`#sum+` elements, in gringo's number and order.
//!
//! gringo grounds each element of a head aggregate as a statement of its own after the rule
//! (an accumulation): the element's condition joined with the aggregate's domain atom, which
//! holds the values of the aggregate's global variables (those of its elements and bounds
//! that the rule's body binds). It informs once per aggregate instance and element instance
//! whose weight it ignores: a weight that is no integer once per element, global values,
//! tuple, atom and important variables of the condition (`#sum{"s" : a : q(W)} >= X :-
//! q(X).` with facts `q(1..3)` informs three times, once per `X`; with `q(W), b(W)` and `b`
//! chosen nine times); a negative `#sum+` weight once per global values and tuple, whichever element
//! has it. The infos come element by element, last to first, within an element by the
//! position of the element instance in the condition's join (joined first), then by global
//! values (checked with clingo 5.8.3: `#sum{"s",W,X : a : q(W)} >= 0 :- q(X).` informs
//! `"s",1,1 "s",1,2 "s",1,3 "s",2,1 ...`: `W`, bound by the condition, outer).
//!
//! We meet the element instances per rule instance instead (global values outer), so the
//! infos wait in [`HeadIgnored`] while the rule is grounded and are given in gringo's order
//! by [`Grounder::give_head_ignored`] once it is (after its component's fixpoint for a rule
//! grounded semi-naively), after the infos of its body aggregates' accumulations.
//!
//! # Invariants
//! - Messages only: nothing here changes the ground program.
//! - An info is kept once per rule and key, however often the rule is grounded (domain and
//!   emit passes, semi-naive rounds); `pending` is empty between rules once given.

use fxhash::FxHashSet;

use crate::ast::Span;
use crate::instantiate::domain::AtomId;
use crate::instantiate::Grounder;
use crate::normalize::rules::{HeadElem, Lit, Rule};
use crate::term::intern::Val;

/// An element instance as gringo tells them apart: tuple, atom (`None` for a `not b`
/// element or a negative `#sum+` weight) and the values of the element's important
/// variables (see [`Grounder::head_important_vars`]).
pub(crate) type ElementInstance = (Vec<Val>, Option<AtomId>, Vec<Option<Val>>);

/// The key an info is given once for: rule, weight span (the default span for a negative
/// `#sum+` weight: any element), global values and element instance.
type Key = (Option<usize>, Span, Vec<Option<Val>>, ElementInstance);

/// An info waiting for its rule to be grounded.
struct Pending {
    /// The rule's index.
    rule: Option<usize>,
    /// The element's position in the aggregate.
    elem: usize,
    /// The element instance's position among those of its rule instance (orders the infos of
    /// one element: gringo joins the condition first).
    local: usize,
    /// The info.
    info: crate::diagnostic::Diagnostic,
}

/// The head `tuple ignored` infos met so far (see the module doc).
#[derive(Default)]
pub(crate) struct HeadIgnored {
    /// The keys informed already.
    seen: FxHashSet<Key>,
    /// The infos not given yet, in the order met.
    pending: Vec<Pending>,
}

/// Where an ignored weight of a head aggregate was met.
pub(super) struct IgnoredAt<'a> {
    /// The span of the element's weight.
    pub span: &'a Span,
    /// Whether the info is given once for all elements (a negative `#sum+` weight).
    pub any_element: bool,
    /// The element's position in the aggregate.
    pub elem: usize,
    /// The values of the aggregate's global variables.
    pub globals: &'a [Option<Val>],
    /// The element instance's position among the element's instances for these globals.
    pub local: usize,
}

impl Grounder<'_> {
    /// The variables of `e`'s condition atoms over predicates that are not certain (see
    /// [`Grounder::certain_predicate`]), anonymous ones left out: gringo's important
    /// variables of the element beside its tuple and atom (`"s" : a : q(W)` is one instance
    /// when the `q` atoms are certain facts, one per `W` when `q` is open, `{q(4)} :- r.`;
    /// `r(_)` is projected, one instance whatever `r` holds).
    pub(super) fn head_important_vars(&mut self, rule: &Rule, e: &HeadElem) -> Vec<u32> {
        let mut vars = Vec::new();
        for lit in &e.cond {
            if let Lit::Atom(_, pat) = lit {
                if !self.certain_predicate(pat) {
                    pat.args.iter().for_each(|t| t.vars(&mut vars));
                }
            }
        }
        vars.retain(|&v| {
            rule.var_names
                .get(v as usize)
                .is_some_and(|n| !n.starts_with("#Anon"))
        });
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    /// Keeps the info for an element instance whose weight gringo ignores, unless its key was
    /// informed already.
    pub(super) fn head_tuple_ignored(&mut self, at: &IgnoredAt<'_>, instance: ElementInstance) {
        let span = match at.any_element {
            true => Span::default(),
            false => at.span.clone(),
        };
        let key = (
            self.current_rule,
            span,
            at.globals.to_vec(),
            instance.clone(),
        );
        if !self.head_ignored.seen.insert(key) {
            return;
        }
        let info = self.ignored_info(at.span, &instance.0);
        self.head_ignored.pending.push(Pending {
            rule: self.current_rule,
            elem: at.elem,
            local: at.local,
            info,
        });
    }

    /// Gives the waiting infos of the current rule, in gringo's order (see the module doc).
    pub(crate) fn give_head_ignored(&mut self) {
        let rule = self.current_rule;
        let pending = std::mem::take(&mut self.head_ignored.pending);
        let (mine, rest): (Vec<_>, Vec<_>) = pending.into_iter().partition(|p| p.rule == rule);
        self.head_ignored.pending = rest;
        let mut mine = mine;
        // Stable: within an element and position, the rule instances in the order met.
        mine.sort_by_key(|p| (std::cmp::Reverse(p.elem), p.local));
        self.infos.extend(mine.into_iter().map(|p| p.info));
    }

    /// Gives every waiting info, rule by rule in the order first met (rules grounded outside
    /// the component loop).
    pub(crate) fn give_all_head_ignored(&mut self) {
        let saved = self.current_rule;
        while let Some(rule) = self.head_ignored.pending.first().map(|p| p.rule) {
            self.current_rule = rule;
            self.give_head_ignored();
        }
        self.current_rule = saved;
    }
}
