#!/usr/bin/env python3
"""Writes engine/tests/data/cleanup.json: what clingo 5.8.3's Python API does with its
clean-up after a solve call (`Control.cleanup`, `Control.enable_cleanup`) along multi-shot
scripts, for engine/tests/cleanup.rs.

Each case is a program and steps: {"ground": [["step", [1]]]}, {"solve": true},
{"assign": ["e", "true"|"false"|"free"]}, {"release": "e"}, {"cleanup": true},
{"enable_cleanup": false}, {"atoms": ["sym", ...]}. Recorded per step:
- ground: `rules`, the number of rules gringo passed to the solver in this grounding (an
  observer's `rule` and `weight_rule` calls), and `error` (the first line) when it raised. A
  ground step with `"count": true` has rules that mini-clingo writes one for one as gringo
  (normal and choice rules without pools or aggregates), so the test compares the counts;
- solve: `models` (each model's shown symbols sorted, the models sorted);
- atoms: the symbolic atoms ([symbol, is_fact, is_external] in order) and for each listed
  symbol whether the lookup finds it.

Usage: .reference/venv/bin/python scripts/cleanup-expected.py > engine/tests/data/cleanup.json
"""

import clingo

from recorded_steps import SHARED, atom_list, parts, record, write

BASE = [["base", []]]

CASES = [
    {
        # A removed atom defined again is a new atom; a negation over it is true.
        "name": "removed_atom_defined_again",
        "program": """q :- r. {r}. :- r. t :- not q.
#program s. q. u :- not q. w :- q.""",
        "steps": [
            {"ground": BASE}, {"solve": True}, {"atoms": ["q", "r", "t"]},
            {"ground": [["s", []]]}, {"atoms": ["q", "r", "t", "u", "w"]}, {"solve": True},
        ],
    },
    {
        # An atom fixed true is a fact: a later rule for it is dropped, not a redefinition.
        "name": "fixed_true_becomes_fact",
        "program": """{r}. q :- r. :- not r. {x}.
#program s. q :- s. {s}. t :- not q. v :- q, x.""",
        "steps": [
            {"ground": BASE}, {"solve": True},
            {"ground": [["s", []]]}, {"atoms": ["q", "r", "s", "t", "v"]}, {"solve": True},
        ],
    },
    {
        # Joins skip removed atoms: fewer rules than without the clean-up.
        "name": "joins_skip_removed_atoms",
        "program": """{r(1..5)}. :- r(X), X > 2.
#program s. {b(X)} :- r(X). c(X) :- b(X), not r(X+1).""",
        "steps": [
            {"ground": BASE}, {"solve": True},
            {"ground": [["s", []]], "count": True}, {"atoms": ["r(3)", "b(3)", "c(2)"]},
            {"solve": True},
        ],
    },
    {
        "name": "joins_without_cleanup",
        "program": """{r(1..5)}. :- r(X), X > 2.
#program s. {b(X)} :- r(X). c(X) :- b(X), not r(X+1).""",
        "steps": [
            {"enable_cleanup": False},
            {"ground": BASE}, {"solve": True},
            {"ground": [["s", []]], "count": True}, {"atoms": ["r(3)", "b(3)", "c(2)"]},
            {"solve": True},
        ],
    },
    {
        # Externals stay, whatever their value; a released one is removed.
        "name": "externals_are_never_removed",
        "program": """#external e(1..3). :- e(2). a(X) :- e(X). #external f.
#program s. b(X) :- e(X). g :- f.
#program t. f.""",
        "steps": [
            {"ground": BASE},
            {"assign": ["e(1)", "true"]}, {"assign": ["e(3)", "false"]},
            {"solve": True},
            {"ground": [["s", []]]}, {"atoms": ["e(1)", "e(2)", "e(3)", "b(2)", "a(2)"]},
            {"release": "f"}, {"solve": True},
            {"ground": [["t", []]]}, {"atoms": ["f", "g"]}, {"solve": True},
        ],
    },
    {
        "name": "released_before_solve",
        "program": """#external e. #program s. a :- e. #program t. e.""",
        "steps": [
            {"ground": BASE}, {"release": "e"}, {"solve": True},
            {"ground": [["s", []]]}, {"atoms": ["e", "a"]}, {"solve": True},
            {"ground": [["t", []]]}, {"atoms": ["e", "a"]}, {"solve": True},
        ],
    },
    {
        # Nothing is cleaned up without a solve in between.
        "name": "no_cleanup_without_solve",
        "program": """q :- r. {r}. :- r. #program s. p :- q. #program u. p :- r.""",
        "steps": [
            {"ground": BASE}, {"ground": [["s", []]]}, {"atoms": ["q", "p"]},
            {"solve": True}, {"ground": [["u", []]]}, {"atoms": ["q", "p", "r"]},
            {"solve": True},
        ],
    },
    {
        # The explicit clean-up with the automatic one off, and one clean-up per solve.
        "name": "explicit_cleanup",
        "program": """{r}. :- r. q :- r. a :- not r. {c}. :- not c.
#program s. b :- q. d :- c. e :- not q.
#program u. {f}. :- f. #program w. g :- f.""",
        "steps": [
            {"enable_cleanup": False},
            {"ground": BASE}, {"cleanup": True}, {"atoms": ["r", "a"]},
            {"solve": True}, {"cleanup": True}, {"atoms": ["r", "q", "a", "c"]},
            {"ground": [["s", []]]}, {"atoms": ["b", "d", "e"]},
            {"ground": [["u", []]]}, {"solve": True},
            {"ground": [["w", []]]}, {"cleanup": True}, {"atoms": ["f", "g"]},
            {"solve": True},
        ],
    },
    {
        "name": "aggregates_over_removed_atoms",
        "program": """{r(1..3)}. :- r(2). s(X) :- r(X). #show c/0. #show d/0. #show e/0.
#program s. c :- #count{X: r(X)} >= 3. d :- #count{X: r(X)} >= 2.
e :- #count{X: s(X)} = 0. f :- r(X) : X = 1..3.""",
        "steps": [
            {"ground": BASE}, {"solve": True},
            {"ground": [["s", []]]}, {"atoms": ["c", "d", "e", "f", "s(2)"]}, {"solve": True},
        ],
    },
    {
        # Defined in the same step as a negation over it, after it was removed.
        "name": "removed_then_negated_in_same_step",
        "program": """q :- r. {r}. :- r. #program s. q :- x. {x}. u :- not q.""",
        "steps": [
            {"ground": BASE}, {"solve": True},
            {"ground": [["s", []]]}, {"atoms": ["q", "u", "x"]}, {"solve": True},
        ],
    },
    {
        # An atom with rules that the solver did not fix is still frozen.
        "name": "open_atom_redefined",
        "program": """{a}. q :- a. #program s. q :- b. {b}.""",
        "steps": [
            {"ground": BASE}, {"solve": True}, {"ground": [["s", []]]}, {"solve": True},
        ],
    },
    {
        # A shown atom removed, defined again, and the table rebuilt by a later #show.
        "name": "shown_atom_removed",
        "program": """q(1) :- r. {r}. :- r. #show q/1.
#program s. q(1). #program t. #show q/1. #show r/0.""",
        "steps": [
            {"ground": BASE}, {"solve": True}, {"ground": [["s", []]]}, {"solve": True},
            {"ground": [["t", []]]}, {"solve": True},
        ],
    },
    {
        # A release takes effect when the next solve starts: a rule of the same step defines
        # the released atom (a plain atom then), with or without a grounding in between.
        "name": "released_then_defined",
        "program": """#external e. a :- e. #program p. x. #program q. e.""",
        "steps": [
            {"ground": BASE}, {"solve": True}, {"release": "e"}, {"atoms": ["e", "a"]},
            {"ground": [["p", []]]}, {"ground": [["q", []]]}, {"atoms": ["e", "a"]},
            {"solve": True},
        ],
    },
    {
        # Released and never defined: false; `assign_external` after the release is ignored.
        "name": "released_never_defined",
        "program": """#external e. a :- e.""",
        "steps": [
            {"ground": BASE}, {"assign": ["e", "true"]}, {"solve": True},
            {"release": "e"}, {"assign": ["e", "true"]}, {"solve": True},
            {"atoms": ["e", "a"]}, {"assign": ["e", "true"]}, {"solve": True},
        ],
    },
    {
        # Released, solved (so false and removed by the clean-up), then defined: a new atom,
        # which `a :- e.` does not see.
        "name": "released_solved_then_defined",
        "program": """#external e. a :- e. #program p. e.""",
        "steps": [
            {"ground": BASE}, {"solve": True}, {"release": "e"}, {"solve": True},
            {"ground": [["p", []]]}, {"atoms": ["e", "a"]}, {"solve": True},
        ],
    },
    {
        # Without the clean-up the released atom stays false: its new fact is a contradiction.
        "name": "released_solved_then_defined_without_cleanup",
        "program": """#external e. a :- e. #program p. e.""",
        "steps": [
            {"enable_cleanup": False},
            {"ground": BASE}, {"solve": True}, {"release": "e"}, {"solve": True},
            {"ground": [["p", []]]}, {"atoms": ["e", "a"]}, {"solve": True},
        ],
    },
    {
        # Defined by a rule over another external after the release (not `e :- b.`, which
        # clasp merges with `b`: see the deviations in `MultiShot`). A release also outlives
        # a later `#external f.` of the same step and an `assign_external`.
        "name": "released_then_defined_by_rule",
        "program": """#external e. #external b. a :- e. #external f. g :- f.
#program p. e :- b, c. {c}. #program r. #external f.""",
        "steps": [
            {"ground": BASE}, {"release": "e"}, {"ground": [["p", []]]},
            {"assign": ["e", "false"]}, {"assign": ["b", "true"]}, {"solve": True},
            {"assign": ["b", "false"]}, {"solve": True},
            {"release": "f"}, {"ground": [["r", []]]}, {"assign": ["f", "true"]},
            {"atoms": ["e", "f", "g"]}, {"solve": True},
        ],
    },
    {
        # Released, then given a choice rule in the same step: free.
        "name": "released_then_chosen",
        "program": """#external e. a :- e. c :- not e. #program p. {e}.""",
        "steps": [
            {"ground": BASE}, {"assign": ["e", "true"]}, {"release": "e"},
            {"ground": [["p", []]]}, {"solve": True},
        ],
    },
    {
        # A negation over a head of its own rule keeps its atom (gringo numbers b(1) though
        # nothing defines it yet); the solve fixes it false, the clean-up removes it, and the
        # later rule for b(1) defines a new atom (multishot script 22 of difftest-multishot).
        # Not compared: clingo also lists b(1) among the symbolic atoms before it has a rule
        # (ours lists the atoms of rule heads only).
        "name": "negated_own_head_solved_then_defined",
        "program": """#program step(t). {a(t)}. b(t) :- a(t), not b(t-1).""",
        "steps": [
            {"ground": [["step", [2]]]}, {"solve": True},
            {"ground": [["step", [1]]]}, {"solve": True},
        ],
    },
    {
        # The same without a solve in between: b(1) keeps its atom, which the rule defines.
        "name": "negated_own_head_defined_before_solve",
        "program": """#program step(t). {a(t)}. b(t) :- a(t), not b(t-1).""",
        "steps": [
            {"ground": [["step", [2]]]}, {"ground": [["step", [1]]]}, {"solve": True},
        ],
    },
    {
        # clingo's incremental loop over a small planning problem.
        "name": "incremental_path",
        "program": """#program base. edge(1,2). edge(2,3). edge(3,4). edge(1,5). edge(5,1).
at(1,0).
#program step(t). {go(X,Y,t) : edge(X,Y)} 1. at(Y,t) :- go(X,Y,t), at(X,t-1).
at(X,t) :- at(X,t-1), not moved(t). moved(t) :- go(_,_,t).
:- go(X,_,t), not at(X,t-1).
#program check(t). #external query(t). :- query(t), not at(4,t).
#show go/3.""",
        "steps": [
            {"ground": BASE + [["step", [1]], ["check", [1]]]},
            {"assign": ["query(1)", "true"]}, {"solve": True},
            {"release": "query(1)"},
            {"ground": [["step", [2]], ["check", [2]]]}, {"atoms": ["at(4,1)", "go(3,4,1)"]},
            {"assign": ["query(2)", "true"]}, {"solve": True},
            {"release": "query(2)"},
            {"ground": [["step", [3]], ["check", [3]]]},
            {"atoms": ["at(3,1)", "at(4,2)", "go(3,4,2)", "go(2,3,2)"]},
            {"assign": ["query(3)", "true"]}, {"solve": True},
        ],
    },
]


class RuleCounter:
    """Counts the rules gringo passes to the solver."""

    def __init__(self):
        self.rules = 0

    def rule(self, choice, head, body):
        self.rules += 1

    def weight_rule(self, choice, head, lower_bound, body):
        self.rules += 1


def atoms_record(ctl, lookups):
    """The symbolic atoms of `ctl` now and the lookups of `lookups`."""
    found = {s: ctl.symbolic_atoms[clingo.parse_term(s)] is not None for s in lookups}
    return {"atoms": atom_list(ctl), "found": found}


def models(ctl):
    """All models of one solve call, shown symbols sorted."""
    found = []
    ctl.solve(on_model=lambda m: found.append(sorted(str(s) for s in m.symbols(shown=True))))
    return sorted(found)


def ground(ctl, counter, spec):
    """Grounds `parts`: the rules it passed on, and the error if it raised."""
    before = counter.rules
    record = {}
    try:
        ctl.ground(parts(spec))
    except RuntimeError as error:
        record["error"] = str(error).splitlines()[0]
    record["rules"] = counter.rules - before
    return record


def run(case):
    """The case with clingo's records filled in."""
    ctl = clingo.Control(["0"], logger=lambda code, message: None)
    counter = RuleCounter()
    ctl.register_observer(counter)
    ctl.add("base", [], case["program"])

    def other(step):
        if "ground" in step:
            return ground(ctl, counter, step["ground"])
        if "solve" in step:
            return {"models": models(ctl)}
        if "cleanup" in step:
            ctl.cleanup()
        elif "enable_cleanup" in step:
            ctl.enable_cleanup = step["enable_cleanup"]
        elif "atoms" in step:
            return atoms_record(ctl, step["atoms"])
        else:
            return SHARED
        return None

    return record(case, ctl, other)


if __name__ == "__main__":
    write(run, CASES)
