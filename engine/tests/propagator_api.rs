//! The propagator API against clingo 5.8.3's Python API (`clingo.propagator`): volatile
//! literals added during the search (`PropagateControl::add_literal`) with clauses,
//! `PropagateControl::propagate` and watches on them; the `decide` heuristic (a greedy first
//! model in a chosen order; a false literal ignored); the check modes with `UndoMode::Always`
//! (state kept per level in `check`, restored by `undo`); weight constraints, minimize
//! elements and `propagate` in `init`; and, in every callback, the
//! assignment's introspection (levels, decisions, trail) checked for consistency. The
//! answers (model sets and counts per solve call, or the first model) are in
//! `tests/data/propagator.json`, written by `scripts/propagator-expected.py` with the same
//! propagators in Python. Every model is checked by the independent stable-model checker.

use std::collections::{BTreeSet, HashMap};

use serde_json::Value;

use engine::{
    parse_term, Atom, CheckMode, ClauseKind, Control, Implication, Literal, OptMode,
    PartialAssignment, PropagateControl, PropagateInit, Propagator, SolverLiteral, Symbol,
    UndoMode,
};

const DATA: &str = include_str!("data/propagator.json");

/// The integer arguments and solver literals of the atoms `name/arity`.
fn atoms(init: &PropagateInit<'_, '_>, name: &str, arity: usize) -> Vec<(Vec<i32>, SolverLiteral)> {
    let number = |s: &Symbol| match s {
        Symbol::Number(n) => *n,
        other => panic!("not a number: {other}"),
    };
    init.atoms_with_signature(name, arity)
        .into_iter()
        .map(|(symbol, lit)| match symbol {
            Symbol::Function { args, .. } => (args.iter().map(number).collect(), lit),
            other => panic!("not a function: {other}"),
        })
        .collect()
}

/// The atoms `name/1` by their argument.
fn unary(init: &PropagateInit<'_, '_>, name: &str) -> HashMap<i32, SolverLiteral> {
    atoms(init, name, 1)
        .into_iter()
        .map(|(a, l)| (a[0], l))
        .collect()
}

/// Checks what the assignment says about the true literal `lit` against itself: its level
/// is at most the decision level, its level's decision and trail range hold it, and it is
/// fixed exactly at level 0.
fn check_view(a: &PartialAssignment<'_>, lit: SolverLiteral) {
    assert!(a.has_literal(lit) && a.is_true(lit) && !a.is_free(lit) && !a.is_false(lit));
    let level = a.level(lit).expect("assigned");
    assert!(level <= a.decision_level() && a.root_level() <= a.decision_level());
    assert_eq!(a.is_fixed(lit), level == 0);
    let decision = a.decision(level).expect("a decision per level");
    assert_eq!(a.level(decision), Some(level));
    let (begin, end) = (a.trail_begin(level).unwrap(), a.trail_end(level).unwrap());
    assert_eq!(a.trail_at(begin), Some(decision));
    assert!(
        (begin..end).any(|i| a.trail_at(i) == Some(lit)),
        "{lit} not in its level"
    );
    assert!(end <= a.trail_size() && a.trail().count() == a.trail_size());
    assert!(!a.has_conflict());
}

/// `pairs` (see the script): a volatile literal per forbidden pair, made when one of the
/// pair becomes true.
#[derive(Default)]
struct Pairs {
    /// Active in odd solve calls only.
    alternate: bool,
    /// Solve calls so far (`init` calls).
    calls: u32,
    p: HashMap<i32, SolverLiteral>,
    pairs: Vec<(i32, i32)>,
    aux: HashMap<(i32, i32), SolverLiteral>,
}

impl Pairs {
    /// Adds the literal `v <-> p(x) & p(y)` and watches it; `false` if a clause conflicts.
    fn define(&mut self, ctl: &mut PropagateControl<'_>, (x, y): (i32, i32)) -> bool {
        let v = ctl.add_literal();
        assert_eq!(ctl.value(v), None, "a new literal is free");
        ctl.add_watch(v);
        assert!(ctl.has_watch(v));
        self.aux.insert((x, y), v);
        let (px, py) = (self.p[&x], self.p[&y]);
        for clause in [&[!v, px][..], &[!v, py], &[v, !px, !py]] {
            if !ctl.add_clause(clause, ClauseKind::Static) || !ctl.propagate() {
                return false;
            }
        }
        let a = ctl.assignment();
        assert!(
            !(a.is_true(px) && a.is_true(py)) || a.is_true(v),
            "v not implied"
        );
        true
    }
}

impl Propagator for Pairs {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.calls += 1;
        self.p = unary(init, "p");
        let mut pairs: Vec<(i32, i32)> = atoms(init, "forbid", 2)
            .into_iter()
            .map(|(a, _)| (a[0], a[1]))
            .collect();
        pairs.sort_unstable();
        self.pairs = pairs;
        if self.alternate && self.calls.is_multiple_of(2) {
            self.pairs.clear();
        }
        self.aux.clear();
        self.p.values().for_each(|&l| init.add_watch(l));
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        changes
            .iter()
            .for_each(|&l| check_view(&ctl.assignment(), l));
        if let Some(&v) = changes.iter().find(|l| self.aux.values().any(|v| v == *l)) {
            assert!(!ctl.add_nogood(&[v], ClauseKind::Static), "a conflict");
            assert!(ctl.assignment().has_conflict() && !ctl.propagate());
            return;
        }
        for pair in self.pairs.clone() {
            let holds = |z: i32| ctl.value(self.p[&z]) == Some(true);
            if self.aux.contains_key(&pair) || !(holds(pair.0) || holds(pair.1)) {
                continue;
            }
            if !self.define(ctl, pair) {
                return;
            }
        }
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        for (x, y) in &self.pairs {
            let both = [x, y].iter().all(|z| ctl.value(self.p[z]) == Some(true));
            assert!(!both, "a forbidden pair in a total assignment");
        }
    }
}

/// `chain` (see the script): `p(X)` implies `q(X)`, propagated at once; decides the free
/// `p(X)` from the highest `X` down.
#[derive(Default)]
struct Chain {
    p: HashMap<i32, SolverLiteral>,
    q: HashMap<i32, SolverLiteral>,
}

impl Propagator for Chain {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        (self.p, self.q) = (unary(init, "p"), unary(init, "q"));
        self.p.values().for_each(|&l| init.add_watch(l));
    }

    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        for &lit in changes {
            check_view(&ctl.assignment(), lit);
            let x = *self.p.iter().find(|(_, &l)| l == lit).expect("watched").0;
            if !ctl.add_clause(&[!lit, self.q[&x]], ClauseKind::Static) || !ctl.propagate() {
                return;
            }
            assert_eq!(
                ctl.value(self.q[&x]),
                Some(true),
                "propagate did not imply q"
            );
            // The program's `:- q(3), not p(2).` is propagated too.
            let p2 = ctl.value(self.p[&2]);
            assert!(x != 3 || p2 == Some(true), "propagate did not imply p(2)");
            let Some(&next) = self.p.get(&(x + 1)) else {
                continue;
            };
            let clause = [!lit, !self.q[&x], !next];
            if !ctl.add_clause(&clause, ClauseKind::Static) || !ctl.propagate() {
                return;
            }
        }
    }

    fn decide(&mut self, a: &PartialAssignment<'_>, _: SolverLiteral) -> Option<SolverLiteral> {
        let mut p: Vec<(i32, SolverLiteral)> = self.p.iter().map(|(&x, &l)| (x, l)).collect();
        p.sort_unstable();
        p.into_iter().rev().map(|(_, l)| l).find(|&l| a.is_free(l))
    }
}

/// `greedy` (see the script): decides the first free `in(X)` in the given order.
struct Greedy {
    descending: bool,
    ins: Vec<SolverLiteral>,
}

impl Propagator for Greedy {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        let mut found = atoms(init, "in", 1);
        found.sort();
        if self.descending {
            found.reverse();
        }
        self.ins = found.into_iter().map(|(_, l)| l).collect();
    }

    fn decide(
        &mut self,
        a: &PartialAssignment<'_>,
        fallback: SolverLiteral,
    ) -> Option<SolverLiteral> {
        assert!(a.is_free(fallback), "the fallback is free");
        self.ins.iter().copied().find(|&l| a.is_free(l))
    }
}

/// `decline` (see the script): decides a false literal, which is ignored.
#[derive(Default)]
struct Decline {
    lits: Vec<SolverLiteral>,
}

impl Propagator for Decline {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        let count = init.atom_count();
        let lit = |atom| init.solver_literal(Literal::positive(Atom(atom)));
        self.lits = (1..=count).filter_map(lit).collect();
    }

    fn decide(&mut self, a: &PartialAssignment<'_>, _: SolverLiteral) -> Option<SolverLiteral> {
        let falsified = self.lits.iter().map(|&l| if a.is_true(l) { !l } else { l });
        let chosen = falsified.into_iter().find(|&l| a.is_false(l));
        assert!(chosen.is_some(), "the facts' literals are assigned");
        chosen
    }
}

/// `levels` of the Python script: per-level state kept in `check`, restored by `undo` in
/// `UndoMode::Always`; `check` forbids three true `p(X)`.
struct Levels {
    mode: CheckMode,
    p: Vec<SolverLiteral>,
    stack: Vec<u32>,
}

impl Propagator for Levels {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        init.set_check_mode(self.mode);
        init.set_undo_mode(UndoMode::Always);
        assert_eq!(init.undo_mode(), UndoMode::Always);
        let mut p = atoms(init, "p", 1);
        p.sort();
        self.p = p.into_iter().map(|(_, l)| l).collect();
        self.stack.clear();
    }

    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        let level = ctl.decision_level();
        assert!(ctl.assignment().is_total() || self.mode != CheckMode::Total);
        let top = self.stack.last().copied();
        assert!(
            top.is_none_or(|t| t <= level),
            "a checked level was not undone"
        );
        if level > 0 && top.is_none_or(|t| t < level) {
            self.stack.push(level);
        }
        let a = ctl.assignment();
        let true_p: Vec<SolverLiteral> = self.p.iter().copied().filter(|&l| a.is_true(l)).collect();
        if true_p.len() > 2 {
            ctl.add_nogood(&true_p[..3], ClauseKind::Learnt);
        }
    }

    fn undo(&mut self, a: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        assert!(changes.is_empty());
        assert_eq!(self.stack.pop(), Some(a.decision_level()));
    }
}

/// `weights` of the Python script: a weight constraint added in `init`, then (forced) a
/// clause and `propagate`, whose consequences `init` reads.
struct Weights {
    implication: Implication,
    force: bool,
}

impl Propagator for Weights {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        let p = unary(init, "p");
        let q = atoms(init, "q", 0)[0].1;
        let elements = [(p[&1], 2), (p[&2], 1), (p[&3], -1), (p[&4], 1), (!p[&2], 1)];
        init.add_weight_constraint(q, &elements, 2, self.implication);
        if self.force {
            assert!(init.add_clause(&[p[&1]]) && init.propagate());
            assert!(init.assignment().is_true(p[&1]));
            let forced = self.implication != Implication::LiteralToConstraint;
            assert_eq!(init.value(q), forced.then_some(true));
        }
    }
}

/// `minimize` of the Python script: minimize elements added in `init`, once or every time.
struct Minimize {
    every: bool,
    calls: u32,
}

impl Propagator for Minimize {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.calls += 1;
        if self.every || self.calls == 1 {
            let p = unary(init, "p");
            init.add_minimize(p[&1], 3, 0);
            init.add_minimize(p[&2], 2, 1);
            init.add_minimize(!p[&3], 1, 0);
        }
    }
}

/// The propagator of a case.
fn propagator(case: &Value) -> Box<dyn Propagator> {
    let descending = case["order"].as_str() == Some("descending");
    match case["kind"].as_str().expect("kind") {
        "pairs" => Box::new(Pairs {
            alternate: case["order"].as_str() == Some("alternate"),
            ..Pairs::default()
        }),
        "chain" => Box::new(Chain::default()),
        "greedy" => Box::new(Greedy {
            descending,
            ins: Vec::new(),
        }),
        "decline" => Box::new(Decline::default()),
        "weights" => {
            let order = case["order"].as_str().expect("order");
            let implication = match order.split(' ').next() {
                Some("-1") => Implication::ConstraintToLiteral,
                Some("0") => Implication::Equivalence,
                _ => Implication::LiteralToConstraint,
            };
            let force = order.contains("force");
            Box::new(Weights { implication, force })
        }
        "minimize" => Box::new(Minimize {
            every: case["order"].as_str() == Some("every"),
            calls: 0,
        }),
        "levels" => Box::new(Levels {
            mode: match case["order"].as_str() {
                Some("total") => CheckMode::Total,
                Some("fixpoint") => CheckMode::Fixpoint,
                _ => CheckMode::Both,
            },
            p: Vec::new(),
            stack: Vec::new(),
        }),
        other => panic!("unknown kind {other}"),
    }
}

/// The answers of a case's solve calls in the recorded form.
fn run(case: &Value) -> Value {
    let mut ctl = Control::new();
    ctl.options_mut().models = Some(if case["first"] == true { 1 } else { 0 });
    let opt = case["opt"] == true;
    if opt {
        ctl.options_mut().opt_mode = OptMode::OptN;
    }
    ctl.register_propagator(Boxed(propagator(case)));
    ctl.add("base", case["program"].as_str().expect("program"))
        .expect("add");
    ctl.ground().expect("ground");
    let mut calls = Vec::new();
    for call in case["calls"].as_array().expect("calls") {
        let mut record = serde_json::Map::new();
        if let (Some(part), Some(text)) = (call["part"].as_str(), call["add"].as_str()) {
            ctl.add(part, text).expect("add");
            ctl.ground_parts(&[(part, &[])]).expect("ground");
            record.insert("part".into(), part.into());
            record.insert("add".into(), text.into());
        }
        let program = ctl.program_with_externals().expect("grounded");
        let assumptions: Vec<(Symbol, bool)> = call["assumptions"]
            .as_array()
            .expect("assumptions")
            .iter()
            .map(|a| {
                let text = a.as_str().expect("text");
                let atom = parse_term(text.trim_start_matches('-')).expect("term");
                (atom, !text.starts_with('-'))
            })
            .collect();
        let mut models = Vec::new();
        for model in ctl.solve_with_assumptions(&assumptions).expect("solve") {
            solver_core::check::check_model(&program, model.true_atoms()).expect("stable");
            if opt && !model.is_optimal() {
                continue;
            }
            let mut shown = model.shown_names();
            shown.sort();
            let cost = format!(" cost={:?}", model.costs());
            models.push(shown.join(" ") + if opt { &cost } else { "" });
        }
        let count = models.len();
        let set: BTreeSet<String> = models.into_iter().collect();
        record.insert("assumptions".into(), call["assumptions"].clone());
        record.insert("count".into(), count.into());
        record.insert("models".into(), serde_json::json!(set));
        calls.push(Value::Object(record));
    }
    Value::Array(calls)
}

/// A boxed propagator registered as one.
struct Boxed(Box<dyn Propagator>);

impl Propagator for Boxed {
    fn init(&mut self, init: &mut PropagateInit<'_, '_>) {
        self.0.init(init);
    }
    fn propagate(&mut self, ctl: &mut PropagateControl<'_>, changes: &[SolverLiteral]) {
        self.0.propagate(ctl, changes);
    }
    fn undo(&mut self, a: &PartialAssignment<'_>, changes: &[SolverLiteral]) {
        self.0.undo(a, changes);
    }
    fn check(&mut self, ctl: &mut PropagateControl<'_>) {
        self.0.check(ctl);
    }
    fn decide(
        &mut self,
        a: &PartialAssignment<'_>,
        fallback: SolverLiteral,
    ) -> Option<SolverLiteral> {
        self.0.decide(a, fallback)
    }
}

/// Runs the recorded cases whose name starts with `prefix`; at least one must.
fn check_cases(prefix: &str) {
    let cases: Value = serde_json::from_str(DATA).expect("json");
    let mut ran = 0;
    for case in cases.as_array().expect("cases") {
        let name = case["name"].as_str().expect("name");
        if name.starts_with(prefix) {
            assert_eq!(run(case), case["calls"], "case {name}");
            ran += 1;
        }
    }
    assert!(ran > 0, "no case {prefix}");
}

#[test]
fn volatile_literals_with_propagate_match_clingo() {
    check_cases("pairs");
}

#[test]
fn propagate_inside_the_callback_matches_clingo() {
    check_cases("chain");
}

#[test]
fn decide_gives_clingos_greedy_first_model_and_keeps_the_models() {
    check_cases("greedy");
}

#[test]
fn check_modes_and_undo_always_match_clingo() {
    check_cases("levels");
}

#[test]
fn init_weight_constraints_and_propagate_match_clingo() {
    check_cases("weights");
}

#[test]
fn init_minimize_elements_match_clingo() {
    check_cases("minimize");
}

#[test]
fn a_false_decision_is_ignored_as_by_clingo() {
    check_cases("decline");
}
