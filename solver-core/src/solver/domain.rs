//! The domain heuristic's modifiers (`#heuristic`, clasp's `--heuristic=Domain`), resolved
//! into per-variable settings for [`super::heuristic::Heuristic`].
//!
//! # Semantics (clasp's)
//! - `level v`: unassigned atoms of the highest level are decided first (default 0);
//! - `sign v`: decide the atom true (`v > 0`) or false (`v < 0`); it overrides the saved phase;
//! - `true v` / `false v`: `level v` plus sign true / false, both at the statement's priority;
//! - `init v`: initial activity `v`; `factor v`: bumps of the atom are multiplied by `v`
//!   (values below 1 are ignored);
//! - among the statements on one atom and one of level/sign/init/factor whose conditions hold,
//!   the one of highest priority wins (the later statement on equal priorities).
//!
//! # Algorithm
//! Statements are grouped per (variable, kind) and sorted by decreasing (priority, order). At the
//! first decision, after propagation at level 0 (`Domain::resolve`), conditions already true
//! count as empty and those already false drop their statement; a group whose first remaining
//! statement has an empty condition is *static*: its value is fixed once. The other groups are
//! *dynamic*: level and sign groups are re-evaluated before every decision (the first statement
//! whose condition holds wins), so the cost is linear in the dynamic statements per decision
//! and zero without them. Dynamic `init` and `factor` statements are ignored (clasp applies
//! them when their condition becomes true; only static ones are honoured here).

use super::assignment::Assignment;
use super::body::{atom_var, literal};
use super::lit::{Lit, Var};
use crate::program::{HeuristicDirective, HeuristicModifier};

/// What a statement sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Level,
    Sign,
    Factor,
    Init,
}

/// One statement after splitting `true`/`false` into level and sign.
#[derive(Clone, Debug)]
struct Statement {
    var: Var,
    kind: Kind,
    value: i32,
    priority: u32,
    order: usize,
    condition: Vec<Lit>,
}

/// A dynamic (variable, kind) group: statements by decreasing (priority, order).
#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub(crate) var: Var,
    pub(crate) kind: Kind,
    statements: Vec<(i32, Vec<Lit>)>,
}

impl Group {
    /// The value of the first statement whose condition holds, or `None`.
    pub(crate) fn value(&self, a: &Assignment) -> Option<i32> {
        self.statements
            .iter()
            .find(|(_, condition)| condition.iter().all(|&l| a.is_true(l)))
            .map(|&(value, _)| value)
    }
}

/// The program's domain statements, before and after [`Domain::resolve`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Domain {
    statements: Vec<Statement>,
}

/// The outcome of [`Domain::resolve`]: fixed settings and the dynamic groups.
pub(crate) struct Resolved {
    /// `(var, kind, value)` of the static groups.
    pub(crate) fixed: Vec<(Var, Kind, i32)>,
    /// Level and sign groups that depend on the assignment.
    pub(crate) dynamic: Vec<Group>,
}

impl Domain {
    /// The statements of `directives` (`true`/`false` split into level and sign).
    pub(crate) fn new(directives: &[HeuristicDirective]) -> Domain {
        let mut statements = Vec::new();
        for (order, d) in directives.iter().enumerate() {
            let var = atom_var(d.atom);
            let condition: Vec<Lit> = d.condition.iter().map(|&l| literal(l)).collect();
            let mut push = |kind, value| {
                statements.push(Statement {
                    var,
                    kind,
                    value,
                    priority: d.priority,
                    order,
                    condition: condition.clone(),
                })
            };
            match d.modifier {
                HeuristicModifier::Level => push(Kind::Level, d.value),
                HeuristicModifier::Sign => push(Kind::Sign, d.value.signum()),
                HeuristicModifier::Factor => push(Kind::Factor, d.value),
                HeuristicModifier::Init => push(Kind::Init, d.value),
                HeuristicModifier::True => {
                    push(Kind::Level, d.value);
                    push(Kind::Sign, 1);
                }
                HeuristicModifier::False => {
                    push(Kind::Level, d.value);
                    push(Kind::Sign, -1);
                }
            }
        }
        Domain { statements }
    }

    /// Whether there are no statements.
    pub(crate) fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Splits the statements into static settings and dynamic groups under the level-0
    /// assignment `a` (see the module doc).
    pub(crate) fn resolve(&self, a: &Assignment) -> Resolved {
        let fixed = |l: Lit| a.is_assigned(l.var()) && a.level_of(l.var()) == 0;
        let mut statements: Vec<Statement> = self
            .statements
            .iter()
            .filter(|s| !s.condition.iter().any(|&l| fixed(l) && a.is_false(l)))
            .cloned()
            .map(|mut s| {
                s.condition.retain(|&l| !(fixed(l) && a.is_true(l)));
                s
            })
            .collect();
        statements.sort_by(|x, y| {
            (x.var, x.kind)
                .cmp(&(y.var, y.kind))
                .then((y.priority, y.order).cmp(&(x.priority, x.order)))
        });
        let mut resolved = Resolved {
            fixed: Vec::new(),
            dynamic: Vec::new(),
        };
        for group in statements.chunk_by(|x, y| (x.var, x.kind) == (y.var, y.kind)) {
            let (var, kind) = (group[0].var, group[0].kind);
            if group[0].condition.is_empty() {
                resolved.fixed.push((var, kind, group[0].value));
                continue;
            }
            if matches!(kind, Kind::Factor | Kind::Init) {
                continue;
            }
            let cut = group
                .iter()
                .position(|s| s.condition.is_empty())
                .map_or(group.len(), |p| p + 1);
            resolved.dynamic.push(Group {
                var,
                kind,
                statements: group[..cut]
                    .iter()
                    .map(|s| (s.value, s.condition.clone()))
                    .collect(),
            });
        }
        resolved
    }
}
