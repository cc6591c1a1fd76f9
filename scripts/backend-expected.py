#!/usr/bin/env python3
"""Writes engine/tests/data/backend.json: the answers of clingo 5.8.3's Python API to
multi-shot scripts that use `Control.backend()`, for engine/tests/backend.rs.

A case is a program and steps: {"ground": [["step", [1]]]}, {"add": "text"} (more program
text, in `base` unless it says `#program`), {"assign": ["e", "true"|"false"|"free"]},
{"release": "e"}, {"solve": true} and {"backend": [op, ...]} with the ops
  ["atom", NAME, SYMBOL or null]            NAME = backend.add_atom(SYMBOL)
  ["rule", [NAME...], [LIT...], CHOICE]     LIT: NAME or "-NAME"
  ["weight", [NAME...], LOWER, [[LIT, W]...], CHOICE]
  ["minimize", PRIORITY, [[LIT, W]...]]
  ["external", NAME, "true"|"false"|"free"|"release"]
{"atoms": true} records the symbolic atoms ([symbol, is_fact, is_external] in order).
A solve records the result and the sorted models (shown symbols; with minimize statements
the optimal ones, under --opt-mode=optN), an error records its first line and ends the case.

Usage: .reference/venv/bin/python scripts/backend-expected.py > engine/tests/data/backend.json
"""

import clingo

from recorded_steps import atom_list, control_step, write
EXTERNAL = {"true": clingo.TruthValue.True_, "false": clingo.TruthValue.False_,
            "free": clingo.TruthValue.Free, "release": clingo.TruthValue.Release}

CASES = [
    {
        # A backend release takes effect when the next solve starts: a later backend of the
        # step (after an `assign_external`) still defines the atom; without a rule it is false.
        "name": "released_by_backend_then_defined",
        "program": """#external e. #external b. #external d. a :- e. c :- d.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "e", "e"], ["external", "e", "release"],
                         ["atom", "d", "d"], ["external", "d", "release"]]},
            {"assign": ["b", "true"]},
            {"backend": [["atom", "e", "e"], ["rule", ["e"], [], False]]},
            {"assign": ["d", "true"]},
            {"solve": True},
        ],
    },
    {
        "name": "atoms_join_the_domains",
        "program": """{b}. #program step(t). q(t) :- p(t). r(X) :- p(X). s :- not p(5).
#show q/1. #show r/1. #show p/1. #show s/0.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "p5", "p(5)"], ["atom", "b", "b"], ["atom", "x", None],
                         ["rule", ["p5"], ["b"], False], ["rule", ["x"], [], True],
                         ["atom", "z", "z"], ["rule", ["z"], ["x"], False]]},
            {"solve": True},
            {"ground": [["step", [5]]]},
            {"solve": True},
            {"add": "#program late. p(5)."},
            {"ground": [["late", []]]},
        ],
    },
    {
        "name": "weight_rules_and_choices",
        "program": """item(1..3).""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "a", "in(1)"], ["atom", "b", "in(2)"], ["atom", "c", "in(3)"],
                         ["rule", ["a", "b", "c"], [], True], ["atom", "two", "two"],
                         ["weight", ["two"], 2, [["a", 1], ["b", 1], ["c", 1]], False],
                         ["rule", [], ["-two"], False]]},
            {"solve": True},
            {"backend": [["atom", "big", "big"],
                         ["weight", ["big"], 4, [["a", 1], ["b", 2], ["c", 3]], True]]},
            {"solve": True},
        ],
    },
    {
        "name": "disjunction",
        "program": """#show a/0. #show b/0. #show c/0.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "a", "a"], ["atom", "b", "b"], ["atom", "c", "c"],
                         ["rule", ["a", "b"], [], False], ["rule", ["c"], ["a"], False]]},
            {"solve": True},
            {"add": "#program more. :- c."},
            {"ground": [["more", []]]},
            {"solve": True},
        ],
    },
    {
        "name": "minimize",
        "program": """{p(1..3)}. :- not p(1), not p(2). #show p/1.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "p1", "p(1)"], ["atom", "p2", "p(2)"], ["atom", "p3", "p(3)"],
                         ["minimize", 0, [["p1", 3], ["p2", 2], ["-p3", 1]]]]},
            {"solve": True},
            {"backend": [["minimize", 1, [["p2", 1]]]]},
            {"solve": True},
        ],
    },
    {
        "name": "externals",
        "program": """#program step(t). q(t) :- e(t).""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "e1", "e(1)"], ["external", "e1", "true"],
                         ["atom", "e2", "e(2)"], ["external", "e2", "false"]]},
            {"ground": [["step", [1]], ["step", [2]]]},
            {"solve": True},
            {"assign": ["e(1)", "false"]},
            {"assign": ["e(2)", "free"]},
            {"solve": True},
            {"release": "e(2)"},
            {"solve": True},
            {"backend": [["atom", "e1", "e(1)"], ["rule", ["e1"], [], False]]},
            {"solve": True},
        ],
    },
    {
        "name": "backend_facts_and_externals_as_symbolic_atoms",
        "program": """{b}. #program step(t). q(t) :- p(t). r(t) :- e.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "p5", "p(5)"], ["atom", "e", "e"], ["rule", ["p5"], [], False],
                         ["external", "e", "false"]]},
            {"atoms": True},
            {"ground": [["step", [5]]]},
            {"atoms": True},
            {"solve": True},
            {"assign": ["e", "true"]},
            {"solve": True},
        ],
    },
    {
        # A backend fact over an atom the grounder knew (from the program, or from an earlier
        # backend) is an ordinary rule for the grounder: not listed as a fact, and later rules
        # over it are not facts either, until a solve fixed it and a grounding cleaned up.
        "name": "backend_facts_over_known_atoms",
        "program": """{a}. #external c. #program e. y :- a. z :- c. w :- b. v :- d.
#program f(t). u(t) :- a.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "a", "a"], ["rule", ["a"], [], False],
                         ["atom", "c", "c"], ["rule", ["c"], [], False],
                         ["atom", "d", "d"]]},
            {"atoms": True},
            {"backend": [["atom", "b", "b"], ["rule", ["b"], [], False],
                         ["atom", "d", "d"], ["rule", ["d"], [], False]]},
            {"atoms": True},
            {"ground": [["e", []]]},
            {"atoms": True},
            {"solve": True},
            {"ground": [["f", [1]]]},
            {"atoms": True},
            {"solve": True},
        ],
    },
    {
        # Assigning, releasing or listing externals does not end the step: a later backend
        # of the step may still define an atom an earlier one added without rules.
        "name": "step_spans_external_assignments",
        "program": """#external c. #external e. #external g. #program p. d :- e.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "d", "d"], ["atom", "f", "f"], ["atom", "h", "h"]]},
            {"assign": ["c", "true"]},
            {"atoms": True},
            {"backend": [["atom", "d", "d"], ["rule", ["d"], [], False]]},
            {"release": "g"},
            {"backend": [["atom", "f", "f"], ["atom", "c", "c"], ["rule", ["f"], ["c"], False]]},
            {"assign": ["e", "true"]},
            {"atoms": True},
            {"backend": [["atom", "h", "h"], ["atom", "g", "g"], ["rule", ["h"], ["-g"], False]]},
            {"solve": True},
            {"assign": ["c", "false"]},
            {"solve": True},
        ],
    },
    {
        "name": "redefinition_by_backend",
        "program": """a. {b}.""",
        "steps": [
            {"ground": [["base", []]]},
            {"solve": True},
            {"backend": [["atom", "b", "b"], ["rule", ["b"], [], False]]},
            {"solve": True},
        ],
    },
    {
        "name": "same_step_definitions",
        "program": """#program late. c :- d.""",
        "steps": [
            {"ground": [["base", []]]},
            {"backend": [["atom", "c", "c"], ["atom", "d", "d"], ["rule", ["d"], [], True]]},
            {"ground": [["late", []]]},
            {"solve": True},
        ],
    },
]


def literal(names, text):
    """A backend literal: NAME or -NAME."""
    return -names[text[1:]] if text.startswith("-") else names[text]


def run_backend(ctl, ops, names):
    """Runs backend ops, binding atom names in `names`."""
    with ctl.backend() as backend:
        for op in ops:
            kind = op[0]
            if kind == "atom":
                symbol = clingo.parse_term(op[2]) if op[2] is not None else None
                names[op[1]] = backend.add_atom(symbol)
            elif kind == "rule":
                backend.add_rule([names[h] for h in op[1]], [literal(names, b) for b in op[2]],
                                 op[3])
            elif kind == "weight":
                body = [(literal(names, b), w) for b, w in op[3]]
                backend.add_weight_rule([names[h] for h in op[1]], op[2], body, op[4])
            elif kind == "minimize":
                backend.add_minimize(op[1], [(literal(names, b), w) for b, w in op[2]])
            elif kind == "external":
                backend.add_external(names[op[1]], EXTERNAL[op[2]])


def solve(ctl):
    """Result and sorted models (optimal ones when optimizing)."""
    models = []
    def on_model(m):
        models.append((m.optimality_proven, sorted(str(s) for s in m.symbols(shown=True))))
    result = ctl.solve(on_model=on_model)
    if any(proven for proven, _ in models):
        models = [m for m in models if m[0]]
    return {"result": "SAT" if result.satisfiable else "UNSAT",
            "models": sorted(m for _, m in models)}


def run(case):
    """The case with clingo's answers filled in."""
    ctl = clingo.Control(["0", "--opt-mode=optN"], logger=lambda code, message: None)
    ctl.add("base", [], case["program"])
    names = {}
    steps = []
    for step in case["steps"]:
        step = dict(step)
        steps.append(step)
        try:
            if control_step(ctl, step):
                pass
            elif "add" in step:
                ctl.add("base", [], step["add"])
            elif "backend" in step:
                run_backend(ctl, step["backend"], names)
            elif "solve" in step:
                step["expected"] = solve(ctl)
            elif "atoms" in step:
                step["expected"] = atom_list(ctl)
        except RuntimeError as error:
            step["error"] = str(error).splitlines()[0]
            break
    return {"name": case["name"], "program": case["program"], "steps": steps}


if __name__ == "__main__":
    write(run, CASES)
