//! Which atoms have rules, and since which solve step: clingo's `redefinition of atom`.
//!
//! clasp adds a program step by step: the rules given between two solve calls form one step,
//! and an atom with a rule (a fact, a choice or a disjunction) in an earlier step is frozen: a
//! later rule with it in the head is refused with `redefinition of atom <'a',1>` (the atom and
//! its aspif number), and clasp drops that rule. Externals are not defined: an external atom
//! may get rules in a later step (and is then defined). Groundings between two solve calls
//! may give rules to the same atoms.
//!
//! # Invariants
//! - `since[a - 1]` is the step of the first rule with atom `a` in its head (`u32::MAX`: none
//!   yet); steps only grow.

use solver_core::{Atom, GroundProgram};

use crate::diagnostic::Diagnostic;

/// Per aspif atom: the solve step of its first rule.
#[derive(Default, Debug)]
pub(crate) struct Definitions {
    /// `since[a - 1]`: the step of the first rule defining atom `a`.
    since: Vec<u32>,
    /// The current step (the number of solve calls so far).
    pub step: u32,
}

impl Definitions {
    /// Whether atom `a` has a rule from a grounding before the current one.
    pub(crate) fn is_defined(&self, a: Atom) -> bool {
        self.since_of(a) != u32::MAX
    }

    fn since_of(&self, a: Atom) -> u32 {
        let index = (a.0 as usize).wrapping_sub(1);
        self.since.get(index).copied().unwrap_or(u32::MAX)
    }

    /// Whether atom `a` has a rule from before the last solve: it cannot get another.
    pub(crate) fn is_frozen(&self, a: Atom) -> bool {
        self.since_of(a) < self.step
    }

    /// clingo's error for a rule with the frozen atom `a` (`name`: its symbol's text) in its
    /// head.
    pub(crate) fn redefinition(name: &str, a: Atom) -> Diagnostic {
        Diagnostic::unlocated_error(format!("redefinition of atom <'{name}',{}>", a.0))
    }

    /// Records atom `a` as defined now (a rule given outside the grounder, by a backend).
    pub(crate) fn define(&mut self, a: Atom) {
        let index = (a.0 as usize).wrapping_sub(1);
        if index >= self.since.len() {
            self.since.resize(index + 1, u32::MAX);
        }
        if let Some(since) = self.since.get_mut(index) {
            *since = (*since).min(self.step);
        }
    }

    /// Records the head atoms of the rules of `program` (one grounding's) as defined now.
    pub(crate) fn record(&mut self, program: &GroundProgram) {
        self.since.resize(program.atom_count as usize, u32::MAX);
        for h in program.rules.iter().flat_map(|r| &r.head) {
            if let Some(since) = self.since.get_mut((h.0 as usize).wrapping_sub(1)) {
                *since = (*since).min(self.step);
            }
        }
    }
}
