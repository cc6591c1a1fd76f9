//! The bodies and atoms clasp's propagation of the program graph makes false before its first
//! classification (`LogicProgram::propagate(true)`, with backpropagation), which the literal
//! aliases' "upper" closure leaves out (see `literal_aliases.rs`).
//!
//! # Algorithm
//! clasp reads a conjunction as one body whatever its form (a weight body needing every
//! element is the normal body of its literals), so bodies are grouped by that reading. The
//! seeds: an integrity constraint of one literal assigns its atom (`:- a.` false, `:- not a.`
//! true), one of more literals makes its body false, a fact is true. Then, an atom at a time
//! in the order assigned (a body's value is propagated at once):
//! - an atom's value reaches the bodies with it: a false literal makes a body false when its
//!   weights without one stay below the bound, a true one makes it true when its bound is 1
//!   (clasp's `PrgBody::propagateAssigned` counts each literal's weight as 1);
//! - a false atom makes the bodies of its normal rules false; a true atom with one support,
//!   a rule's body, makes that body true (`PrgHead::backpropagate`);
//! - a false body takes its support from its heads; a true body makes its normal heads true;
//!   either makes true or false the literals it needs alone (weight at least the bound, or for
//!   a true body the weights beyond it: `PrgBody::propagateValue`).
//!
//! `{a; b}. x :- a, b. y :- 2 <= #count{a; b}. z :- not y. :- not z.` makes z true, its one
//! support `not y` true, y false, and its body `a, b` false: x has no support left (difftest
//! seed 124014 has this through gringo's bound of a choice rule). A rule shifted from a
//! disjunction supports its atom as a choice does (clasp shifts disjunctions after the
//! preprocessing); the backpropagation through a disjunction is not modelled.
//!
//! # Invariants
//! - An atom's or a body's value, once set, is never changed (a contradiction stops the
//!   propagation: the program has no model).

use super::body::{conjunction_of, BodyKey};
use super::build::ProgramState;
use super::lit::{Lit, Var};
use super::refuted_atoms::constraint_bodies;
use std::collections::HashMap;

/// What clasp's initial propagation leaves false.
pub(super) struct InitiallyFalse {
    /// Per body of `program.bodies`: false.
    pub(super) bodies: Vec<bool>,
    /// Per variable: an atom made false.
    pub(super) atoms: Vec<bool>,
}

/// How a rule's body supports a head atom (clasp's `PrgEdge` types).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    /// A normal rule.
    Normal,
    /// A choice rule.
    Choice,
    /// A rule shifted from a disjunction (clasp's edge goes through the disjunction).
    Disjunction,
}

/// A body as clasp reads it: its elements (literal, weight), bound, heads and value.
#[derive(Default)]
struct Group {
    /// Its literals with their weights (1 in a normal body).
    elements: Vec<(Lit, i64)>,
    /// The weight it needs (a normal body's size).
    bound: i64,
    /// The weights of all its elements (saturating).
    sum: i64,
    /// Its head atoms, each with the edge of its rule.
    heads: Vec<(Var, Edge)>,
    /// Its value, once assigned.
    value: Option<bool>,
}

/// The program graph under propagation.
struct Graph {
    /// The bodies as clasp reads them.
    groups: Vec<Group>,
    /// Per variable: its supports (group, edge).
    supports: Vec<Vec<(usize, Edge)>>,
    /// Per variable: the groups with it, and whether negated.
    deps: Vec<Vec<(usize, bool)>>,
    /// Per variable: its value, once assigned.
    atom_value: Vec<Option<bool>>,
    /// Atoms assigned, in order (clasp's `propQ_`).
    queue: Vec<Var>,
    /// Whether two values contradicted each other.
    conflict: bool,
    /// The group of each body as clasp reads it.
    index: HashMap<BodyKey, usize>,
}

/// The bodies and atoms of `program` clasp's initial propagation makes false (see the module
/// docs).
pub(super) fn initially_false(program: &ProgramState) -> InitiallyFalse {
    let (mut graph, group_of) = Graph::new(program);
    graph.seed(program);
    graph.run();
    let false_group = |g: usize| !graph.conflict && graph.groups[g].value == Some(false);
    InitiallyFalse {
        bodies: group_of.iter().map(|&g| false_group(g)).collect(),
        atoms: (0..program.var_count)
            .map(|v| !graph.conflict && graph.atom_value[v] == Some(false))
            .collect(),
    }
}

/// The key clasp reads body `key` as: a conjunction as the normal body of its literals.
fn clasp_key(key: &BodyKey) -> BodyKey {
    match conjunction_of(key) {
        Some(mut lits) => {
            lits.sort_unstable();
            lits.dedup();
            BodyKey::Normal(lits)
        }
        None => key.clone(),
    }
}

impl Graph {
    /// The graph of `program`'s rules, with each body's group.
    fn new(program: &ProgramState) -> (Graph, Vec<usize>) {
        let n = program.var_count;
        let mut graph = Graph {
            groups: Vec::new(),
            supports: vec![Vec::new(); n],
            deps: vec![Vec::new(); n],
            atom_value: vec![None; n],
            queue: Vec::new(),
            conflict: false,
            index: HashMap::new(),
        };
        let mut group_of = Vec::with_capacity(program.bodies.len());
        for (_, key) in &program.bodies {
            let read = clasp_key(key);
            let next = graph.groups.len();
            let g = *graph.index.entry(read.clone()).or_insert(next);
            if g == next {
                graph.groups.push(Group::from_key(&read));
                for &(l, _) in &graph.groups[g].elements {
                    graph.deps[l.var().index()].push((g, l.is_negative()));
                }
            }
            group_of.push(g);
        }
        for rule in &program.rules {
            let g = group_of[rule.body as usize];
            let edge = match (rule.choice, rule.shifted) {
                (true, _) => Edge::Choice,
                (false, true) => Edge::Disjunction,
                (false, false) => Edge::Normal,
            };
            for &h in rule.heads.as_slice() {
                if !graph.groups[g].heads.contains(&(h, edge)) {
                    graph.groups[g].heads.push((h, edge));
                    graph.supports[h.index()].push((g, edge));
                }
            }
        }
        (graph, group_of)
    }

    /// The seeds: the integrity constraints and the facts, in the program's order.
    fn seed(&mut self, program: &ProgramState) {
        for rule in &program.rules {
            let fact =
                matches!(&program.bodies[rule.body as usize].1, BodyKey::Normal(l) if l.is_empty());
            if let (true, false, false, [h]) =
                (fact, rule.choice, rule.shifted, rule.heads.as_slice())
            {
                self.assign_atom(*h, true);
            }
        }
        let multi = program.multi_literal_constraints();
        for lits in constraint_bodies(program).chain(multi) {
            match lits {
                [l] => self.assign_atom(l.var(), l.is_negative()),
                _ => {
                    let key = clasp_key(&BodyKey::Normal(lits.to_vec()));
                    if let Some(&g) = self.index.get(&key) {
                        self.assign_body(g, false);
                    }
                }
            }
        }
    }

    /// Propagates the queued atoms in order.
    fn run(&mut self) {
        let mut next = 0;
        while let Some(&v) = self.queue.get(next) {
            next += 1;
            if self.conflict {
                return;
            }
            self.propagate_atom(v);
        }
    }

    /// Assigns atom `v`, queueing it the first time (a contradiction sets `conflict`).
    fn assign_atom(&mut self, v: Var, value: bool) {
        match self.atom_value[v.index()] {
            None => {
                self.atom_value[v.index()] = Some(value);
                self.queue.push(v);
            }
            Some(old) => self.conflict |= old != value,
        }
    }

    /// An atom's value forward to its bodies and backward to its supports.
    fn propagate_atom(&mut self, v: Var) {
        let Some(value) = self.atom_value[v.index()] else {
            return;
        };
        for (g, negated) in self.deps[v.index()].clone() {
            let group = &self.groups[g];
            if group.value.is_some() {
                continue;
            }
            let holds = value != negated;
            if !holds && group.sum - 1 < group.bound {
                self.assign_body(g, false);
            } else if holds && group.bound - 1 <= 0 {
                self.assign_body(g, true);
            }
        }
        let supports = &self.supports[v.index()];
        match (value, supports.as_slice()) {
            (false, _) => {
                for (g, edge) in std::mem::take(&mut self.supports[v.index()]) {
                    if edge == Edge::Normal {
                        self.assign_body(g, false);
                    }
                }
            }
            (true, [(g, Edge::Normal | Edge::Choice)]) => self.assign_body(*g, true),
            _ => {}
        }
    }

    /// Assigns group `g` and propagates it (see the module docs).
    fn assign_body(&mut self, g: usize, value: bool) {
        match self.groups[g].value {
            Some(old) => {
                self.conflict |= old != value;
                return;
            }
            None => self.groups[g].value = Some(value),
        }
        let heads = std::mem::take(&mut self.groups[g].heads);
        for &(h, edge) in &heads {
            match (value, edge) {
                (false, _) => self.supports[h.index()].retain(|s| *s != (g, edge)),
                (true, Edge::Normal) => self.assign_atom(h, true),
                (true, _) => {}
            }
        }
        if value {
            self.groups[g].heads = heads;
        }
        let group = &self.groups[g];
        let need = match value {
            false => group.bound,
            true => group.sum - group.bound + 1,
        };
        let forced: Vec<Lit> = group
            .elements
            .iter()
            .filter(|(_, w)| *w >= need)
            .map(|(l, _)| *l)
            .collect();
        for l in forced {
            self.assign_atom(l.var(), value != l.is_negative());
        }
    }
}

impl Group {
    /// A group of the body clasp reads as `key`.
    fn from_key(key: &BodyKey) -> Group {
        let (elements, bound) = match key {
            BodyKey::Normal(lits) => (lits.iter().map(|&l| (l, 1)).collect(), lits.len() as i64),
            BodyKey::Weight(bound, elements) => (elements.clone(), *bound),
        };
        let sum = elements
            .iter()
            .fold(0i64, |s: i64, (_, w)| s.saturating_add(*w));
        Group {
            elements,
            bound,
            sum,
            ..Group::default()
        }
    }
}
