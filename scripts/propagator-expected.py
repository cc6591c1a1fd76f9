#!/usr/bin/env python3
"""Writes engine/tests/data/propagator.json: what clingo 5.8.3's Python API answers with the
propagators of engine/tests/propagator_api.rs, for that test to compare.

Each case is a program, a propagator (one of the kinds below, the same in Rust) and a list
of solve calls (a call may first add and ground a program part); a call records its sorted model set (shown symbols), the number of models
reported (no duplicates), and for `first` calls only the first model.

Propagators (every one asserts what it relies on, so a run that passes is also a check of
the API semantics):
  pairs    watches every p(X); for each forbid(X,Y) fact, when p(X) or p(Y) first becomes
           true in a solve call, adds a volatile literal v <-> p(X) & p(Y) (three locked
           clauses, each followed by `propagate`) and watches v; v true is a conflict. Same
           models as `:- forbid(X,Y), p(X), p(Y).` With `order` "alternate" it does so in
           odd solve calls only: the even calls have every model of the program, so the
           volatile literals and their clauses must be gone after their call.
  chain    watches every p(X); p(X) true adds the clause `not p(X) | q(X)` and propagates
           (asserting q(X) is then true, and after q(3) the program's p(2)), then, if X+1 exists, `not p(X) | not q(X) | not p(X+1)`.
           Same models as `:- p(X), not q(X). :- p(X), q(X), p(X+1).` It decides the free
           p(X) first, from the highest X down (so p(3) comes before p(2)).
  greedy   decide: the first free in(X) in the order of `order`, made true; models=1 gives
           the greedy independent set in that order.
  levels   no watches; check mode from `order` (total, fixpoint, both) and undo mode
           Always: each check at a decision level above 0 pushes that level (once) on a
           stack, each undo pops it (asserting it is the undone level and the changes are
           empty), so every check sees the stack end at or below its level: that needs undo
           for the levels where only check ran. check forbids three true p(X) (a nogood of
           the first three): the models have at most two. In Total mode every check sees
           a total assignment (`is_total`).
  weights  init adds q <=> 2 p(1) + p(2) - p(3) + p(4) + not p(2) >= 2 with type_ from
           `order` (-1, 0, 1) and compare_equal=False; with "force" in the order it then adds
           the clause p(1) and propagates, asserting p(1) true and q true (type_ <= 0) or
           free (type_ > 0) at level 0. (Forced cases make one solve call: in a second one
           the constraint is added over the fixed p(1), trivially true, and clingo 5.8.3 then
           fixes q true whatever type_ says: q is no consequence when type_ > 0.)
  minimize init adds 3 p(1) @0, 2 p(2) @1 and 1 not p(3) @0 to the minimize statements:
           once (order "once") or in every init ("every": the elements add up). These cases
           solve with --opt-mode=optN and record the optimal models with their costs.
  decline  decide returns a false literal: ignored for the solver's choice; the model set
           is unchanged. (clingo also ignores a literal of no variable; the Rust API cannot
           make one. It loops on a true literal, which we ignore too: not recorded.)

Usage: .reference/venv/bin/python scripts/propagator-expected.py > engine/tests/data/propagator.json
"""

import json

import clingo


def atoms(init, name):
    """{argument tuple: solver literal} of the atoms name/arity in the program."""
    found = {}
    for sa in init.symbolic_atoms:
        if sa.symbol.type == clingo.SymbolType.Function and sa.symbol.name == name:
            found[tuple(a.number for a in sa.symbol.arguments)] = init.solver_literal(sa.literal)
    return found


class Pairs:
    def __init__(self, order):
        self.alternate = order == "alternate"
        self.calls = 0

    def init(self, init):
        self.calls += 1
        self.active = not self.alternate or self.calls % 2 == 1
        self.p = {k[0]: l for k, l in atoms(init, "p").items()}
        self.pairs = sorted(atoms(init, "forbid"))
        self.aux = {}
        for lit in self.p.values():
            init.add_watch(lit)

    def propagate(self, ctl, changes):
        if not self.active:
            return
        for lit in changes:
            if lit in self.aux.values():
                ctl.add_nogood([lit], lock=True)
                return
        for (x, y) in self.pairs:
            if (x, y) in self.aux or not any(ctl.assignment.is_true(self.p[z]) for z in (x, y)):
                continue
            v = ctl.add_literal()
            ctl.add_watch(v)
            self.aux[(x, y)] = v
            px, py = self.p[x], self.p[y]
            for clause in ([-v, px], [-v, py], [v, -px, -py]):
                if not ctl.add_clause(clause, lock=True) or not ctl.propagate():
                    return
            both = ctl.assignment.is_true(px) and ctl.assignment.is_true(py)
            assert not both or ctl.assignment.is_true(v), "propagate did not imply v"

    def check(self, ctl):
        for (x, y) in self.pairs if self.active else []:
            assert not (ctl.assignment.is_true(self.p[x]) and ctl.assignment.is_true(self.p[y]))


class Chain:
    def init(self, init):
        self.p = {k[0]: l for k, l in atoms(init, "p").items()}
        self.q = {k[0]: l for k, l in atoms(init, "q").items()}
        self.of = {l: x for x, l in self.p.items()}
        for lit in self.p.values():
            init.add_watch(lit)

    def propagate(self, ctl, changes):
        for lit in changes:
            x = self.of[lit]
            if not ctl.add_clause([-lit, self.q[x]], lock=True) or not ctl.propagate():
                return
            assert ctl.assignment.is_true(self.q[x]), "propagate did not imply q"
            # the program's `:- q(3), not p(2).` is propagated too
            assert x != 3 or ctl.assignment.is_true(self.p[2]), "propagate did not imply p(2)"
            if x + 1 in self.p:
                if not ctl.add_clause([-lit, -self.q[x], -self.p[x + 1]], lock=True) or not ctl.propagate():
                    return

    def decide(self, thread_id, assignment, fallback):
        for x in sorted(self.p, reverse=True):
            if assignment.is_free(self.p[x]):
                return self.p[x]
        return 0


class Greedy:
    def __init__(self, order):
        self.order = order

    def init(self, init):
        found = atoms(init, "in")
        self.ins = [found[k] for k in sorted(found, reverse=self.order == "descending")]

    def decide(self, thread_id, assignment, fallback):
        for lit in self.ins:
            if assignment.is_free(lit):
                return lit
        return 0


class Decline:
    def __init__(self, order):
        self.order = order

    def init(self, init):
        self.lits = [init.solver_literal(sa.literal) for sa in init.symbolic_atoms]

    def decide(self, thread_id, assignment, fallback):
        false = [l for l in self.lits if assignment.is_false(l)]
        false += [-l for l in self.lits if assignment.is_true(l)]
        return false[0] if false else 0


class Levels:
    def __init__(self, order):
        modes = clingo.PropagatorCheckMode
        self.mode = {"total": modes.Total, "fixpoint": modes.Fixpoint, "both": modes.Both}[order]

    def init(self, init):
        init.check_mode = self.mode
        init.undo_mode = clingo.PropagatorUndoMode.Always
        self.p = [l for _, l in sorted(atoms(init, "p").items())]
        self.stack = []

    def check(self, ctl):
        level = ctl.assignment.decision_level
        assert ctl.assignment.is_total or self.mode != clingo.PropagatorCheckMode.Total
        assert not self.stack or self.stack[-1] <= level, "a checked level was not undone"
        if level > 0 and (not self.stack or self.stack[-1] < level):
            self.stack.append(level)
        true = [l for l in self.p if ctl.assignment.is_true(l)]
        if len(true) > 2:
            ctl.add_nogood(true[:3])

    def undo(self, thread_id, assignment, changes):
        assert not changes
        assert self.stack and self.stack.pop() == assignment.decision_level


class Weights:
    def __init__(self, order):
        self.type = int(order.split()[0])
        self.force = "force" in order

    def init(self, init):
        p = {k[0]: l for k, l in atoms(init, "p").items()}
        q = atoms(init, "q")[()]
        init.add_weight_constraint(q, [(p[1], 2), (p[2], 1), (p[3], -1), (p[4], 1), (-p[2], 1)], 2, self.type, False)
        if self.force:
            assert init.add_clause([p[1]]) and init.propagate()
            assert init.assignment.is_true(p[1])
            assert init.assignment.value(q) == (True if self.type <= 0 else None), (self.type, init.assignment.value(q))


class Minimize:
    def __init__(self, order):
        self.every = order == "every"
        self.calls = 0

    def init(self, init):
        self.calls += 1
        if self.every or self.calls == 1:
            p = {k[0]: l for k, l in atoms(init, "p").items()}
            init.add_minimize(p[1], 3, 0)
            init.add_minimize(p[2], 2, 1)
            init.add_minimize(-p[3], 1, 0)


KINDS = {"pairs": Pairs, "levels": Levels, "weights": Weights, "minimize": Minimize, "chain": Chain, "greedy": Greedy, "decline": Decline}

PAIRS = "{ p(1..6) }. forbid(1,2). forbid(2,3). forbid(4,6). forbid(1,5). r :- p(3), p(4). :- r, not p(6). #show p/1."
GRAPH = "node(1..7). edge(1,2;2,3;3,4;4,5;5,6;6,7;1,7;2,6). edge(X,Y) :- edge(Y,X). { in(X) } :- node(X). :- edge(X,Y), in(X), in(Y). #show in/1."
CASES = [
    {"name": "pairs", "program": PAIRS, "kind": "pairs", "calls": [[], ["p(3)"], []]},
    {"name": "pairs_alternate", "program": PAIRS, "kind": "pairs", "order": "alternate", "calls": [[], [], [], ["p(1)"]]},
    {"name": "pairs_steps", "program": PAIRS, "kind": "pairs", "calls": [
        [], {"part": "step1", "add": "#program step1. { p(7) }. forbid(6,7). forbid(3,7).", "assumptions": []},
        {"part": "step2", "add": "#program step2. { p(8) }. forbid(7,8). p(8) :- p(1).", "assumptions": ["p(7)"]}]},
    {"name": "pairs_loop", "program": "{ p(1..5) }. forbid(1,3). forbid(2,4). forbid(3,5). p(4) :- p(5). p(5) :- p(4), p(1). #show p/1.",
     "kind": "pairs", "calls": [[], ["-p(2)"]]},
    {"name": "chain", "program": "{ p(1..5); q(1..5) }. :- q(3), not p(2). #show p/1. #show q/1.",
     "kind": "chain", "calls": [[], ["p(1)"]]},
    {"name": "greedy_ascending", "program": GRAPH, "kind": "greedy", "order": "ascending", "calls": [[]], "first": True},
    {"name": "greedy_descending", "program": GRAPH, "kind": "greedy", "order": "descending", "calls": [[]], "first": True},
    {"name": "greedy_all", "program": GRAPH, "kind": "greedy", "order": "ascending", "calls": [[], ["-in(1)"]]},
    {"name": "levels_total", "program": "{ p(1..5) }. #show p/1.", "kind": "levels", "order": "total", "calls": [[]]},
    {"name": "levels_fixpoint", "program": "{ p(1..5) }. q :- p(1), p(2). #show p/1. #show q/0.", "kind": "levels", "order": "fixpoint", "calls": [[]]},
    {"name": "levels_both", "program": "{ p(1..6) }. :- p(2), not p(3). #show p/1.", "kind": "levels", "order": "both", "calls": [[]]},
    *[{"name": f"weights_{name}", "program": "{ p(1..4) }. { q }. #show p/1. #show q/0.", "kind": "weights",
       "order": order, "calls": [[], ["-q"]] if "force" not in order else [["-q"]]}
      for name, order in [("left", "-1"), ("equivalence", "0"), ("right", "1"),
                          ("left_forced", "-1 force"), ("equivalence_forced", "0 force"), ("right_forced", "1 force")]],
    *[{"name": f"minimize_{order}", "program": "{ p(1..3) }. :- not p(1), not p(2). #minimize { 1@0,x : p(3) }. #show p/1.",
       "kind": "minimize", "order": order, "opt": True, "calls": [[], [], ["p(2)"]]} for order in ("once", "every")],
    {"name": "decline_false", "program": GRAPH, "kind": "decline", "order": "false", "calls": [[]]},
]


def literal(text):
    """An assumption: `p(1)` or `-p(1)` as (symbol, truth)."""
    negative = text.startswith("-")
    return (clingo.parse_term(text.lstrip("-")), not negative)


def run(case):
    options = ["0" if not case.get("first") else "1"] + (["--opt-mode=optN"] if case.get("opt") else [])
    ctl = clingo.Control(options)
    ctl.add("base", [], case["program"])
    ctl.ground([("base", [])])
    ctl.register_propagator(KINDS[case["kind"]](case.get("order")) if case["kind"] != "chain" else Chain())
    calls = []
    for call in case["calls"]:
        step = call if isinstance(call, dict) else {"assumptions": call}
        assumptions = step["assumptions"]
        if "add" in step:
            ctl.add("base", [], step["add"])
            ctl.ground([(step["part"], [])])
        models = []
        with ctl.solve(assumptions=[literal(a) for a in assumptions], yield_=True) as handle:
            for model in handle:
                if case.get("opt") and not model.optimality_proven:
                    continue
                shown = " ".join(sorted(str(s) for s in model.symbols(shown=True)))
                models.append(shown + (f" cost={model.cost}" if case.get("opt") else ""))
        record = {k: step[k] for k in ("part", "add") if k in step}
        record.update({"assumptions": assumptions, "count": len(models), "models": sorted(set(models))})
        calls.append(record)
    return {"name": case["name"], "program": case["program"], "kind": case["kind"],
            "order": case.get("order"), "first": bool(case.get("first")), "opt": bool(case.get("opt")),
            "calls": calls}


if __name__ == "__main__":
    print(json.dumps([run(case) for case in CASES], indent=1))
