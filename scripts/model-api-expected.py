#!/usr/bin/env python3
"""Writes engine/tests/data/model_api.json: what clingo 5.8.3's Python API answers for
`Model.is_true`, `Control.is_conflicting` and `SolveHandle.core`, for engine/tests/model_api.rs.

- "is_true": per case all models (`0`), each as its true atoms (sorted) and, for every
  symbolic atom, [is_true(literal), is_true(-literal)].
- "conflicting": per case steps {"ground": part} / {"solve": true}; recorded after each step:
  `is_conflicting` and, for a solve, `satisfiable`.
- "core": per case assumptions [[symbol, sign], ...]; recorded: `satisfiable` and the core
  clingo reports as [[symbol, sign], ...] (in clingo's order).

Usage: .reference/venv/bin/python scripts/model-api-expected.py > engine/tests/data/model_api.json
"""

import json

import clingo

IS_TRUE = [
    {"name": "choice_and_rule", "program": "{a;b}. c :- a. #show c/0."},
    {"name": "disjunction_and_fact", "program": "p(1). q(X) | r(X) :- p(X). s :- not q(1)."},
    {"name": "aggregate", "program": "{x(1..3)}. ok :- #count{X: x(X)} >= 2. :- x(1), x(3)."},
]

CONFLICTING = [
    {"name": "empty_constraint", "program": ":- .", "steps": [{"ground": "base"}, {"solve": True}]},
    {"name": "propagation_at_ground", "program": "{a}. :- a. :- not a.",
     "steps": [{"ground": "base"}, {"solve": True}]},
    {"name": "satisfiable", "program": "{a}. :- a. #program p. :- not a.",
     "steps": [{"ground": "base"}, {"solve": True}, {"ground": "p"}, {"solve": True}]},
    {"name": "external_forced_both_ways", "program": "#external e. :- e. :- not e.",
     "steps": [{"ground": "base"}, {"solve": True}]},
    {"name": "unsat_under_assumptions_only", "program": "{a}. :- a.",
     "steps": [{"ground": "base"}, {"solve_assuming": [["a", True]]}, {"solve": True}]},
    {"name": "unsat_proved_by_search",
     "program": "1{a;b}1. 1{c;d}1. :- a,c. :- a,d. :- b,c. :- b,d.",
     "steps": [{"ground": "base"}, {"solve": True}, {"solve": True}]},
    {"name": "all_models_enumerated", "program": "{a;b;c}. :- a, b.",
     "steps": [{"ground": "base"}, {"solve": True}, {"solve": True}]},
]

CORE = [
    {"name": "pair_conflict", "program": "{a;b;c}. :- a, b.",
     "assumptions": [["a", True], ["b", True], ["c", True]]},
    {"name": "negative_assumption", "program": "{a;b;c}. :- not a, c.",
     "assumptions": [["b", True], ["a", False], ["c", True]]},
    {"name": "single_false", "program": "{a;b}. :- a.",
     "assumptions": [["b", True], ["a", True]]},
    {"name": "derived_conflict", "program": "{a;b;c;d}. x :- a, b. :- x, d.",
     "assumptions": [["c", True], ["a", True], ["b", True], ["d", True]]},
    {"name": "repeated_and_implied", "program": "{a;b;c}. a :- b. :- a, c.",
     "assumptions": [["b", True], ["a", True], ["b", True], ["c", True]]},
    {"name": "program_unsatisfiable_by_search",
     "program": "1{a;b}1. 1{c;d}1. :- a,c. :- a,d. :- b,c. :- b,d. {e}.",
     "assumptions": [["e", True]]},
    {"name": "satisfiable", "program": "{a;b}.",
     "assumptions": [["a", True], ["b", False]]},
]


def literals(ctl):
    """Symbol text to program literal."""
    return {str(a.symbol): a.literal for a in ctl.symbolic_atoms}


def is_true_case(case):
    ctl = clingo.Control(["0"])
    ctl.add("base", [], case["program"])
    ctl.ground([("base", [])])
    lits = literals(ctl)
    models = []

    def on_model(m):
        atoms = sorted(str(s) for s in m.symbols(atoms=True))
        truth = {s: [m.is_true(l), m.is_true(-l)] for s, l in lits.items()}
        models.append({"atoms": atoms, "is_true": truth})

    ctl.solve(on_model=on_model)
    models.sort(key=lambda m: m["atoms"])
    return dict(case, models=models)


def conflicting_case(case):
    ctl = clingo.Control(["0"])
    ctl.add("base", [], case["program"])
    steps = []
    for step in case["steps"]:
        record = {}
        if "ground" in step:
            ctl.ground([(step["ground"], [])])
        else:
            lits = literals(ctl)
            assumptions = [(lits[s] if v else -lits[s]) for s, v in step.get("solve_assuming", [])]
            record["satisfiable"] = ctl.solve(assumptions=assumptions).satisfiable
        record["is_conflicting"] = ctl.is_conflicting
        steps.append(dict(step, expected=record))
    return dict(case, steps=steps)


def core_case(case):
    ctl = clingo.Control(["0"])
    ctl.add("base", [], case["program"])
    ctl.ground([("base", [])])
    lits = literals(ctl)
    names = {l: s for s, l in lits.items()}
    assumptions = [(lits[s] if v else -lits[s]) for s, v in case["assumptions"]]
    with ctl.solve(assumptions=assumptions, yield_=True) as handle:
        result = handle.get()
        core = [[names[abs(l)], l > 0] for l in handle.core()] if result.unsatisfiable else []
    return dict(case, satisfiable=result.satisfiable, core=core)


if __name__ == "__main__":
    data = {
        "is_true": [is_true_case(c) for c in IS_TRUE],
        "conflicting": [conflicting_case(c) for c in CONFLICTING],
        "core": [core_case(c) for c in CORE],
    }
    print(json.dumps(data, indent=1))
