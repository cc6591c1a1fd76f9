#!/usr/bin/env python3
"""Runs a multi-shot script (the JSON of gen_multishot.py) with clingo's Python API and prints
what each solve step answered, as JSON lines, one per solve:

    {"step": 3, "result": "SAT" | "UNSAT", "models": [["a(1)", "b(1)"], []]}

models are all models of that solve (shown symbols, each list sorted, the list sorted). A
grounding or solving error ends the run with {"step": N, "error": "<first line>"}.
This is the reference side of scripts/difftest-multishot; the mini-clingo side is
`examples/multishot_replay.rs`, which prints the same lines.

Usage: multishot_reference.py SCRIPT.json   (needs the clingo 5.8.3 wheel)
"""

import json
import sys

import clingo

# clingo 5.8.3's `assign_external` takes `Optional[bool]` (None is free): a `TruthValue`
# member is a truthy object there, so `TruthValue.False_` would assign *true*.
VALUES = {"true": True, "false": False, "free": None}


def ground_parts(parts):
    """`[["step", [1]]]` as clingo's parts."""
    return [(name, [clingo.Number(a) for a in args]) for name, args in parts]


def solve(ctl, spec):
    """All models of one solve call under the step's assumptions."""
    assumptions = [(clingo.parse_term(atom), value) for atom, value in spec["assumptions"]]
    models = []
    result = ctl.solve(assumptions=assumptions,
                       on_model=lambda m: models.append(
                           sorted(str(s) for s in m.symbols(shown=True))))
    return {"result": "SAT" if result.satisfiable else "UNSAT", "models": sorted(models)}


def run(script):
    """The answers of every solve step of `script`, as dicts."""
    ctl = clingo.Control(["0"], logger=lambda code, message: None)
    ctl.add(script["program"])
    out = []
    for number, step in enumerate(script["steps"]):
        try:
            if "ground" in step:
                ctl.ground(ground_parts(step["ground"]))
            elif "assign" in step:
                atom, value = step["assign"]
                ctl.assign_external(clingo.parse_term(atom), VALUES[value])
            elif "release" in step:
                ctl.release_external(clingo.parse_term(step["release"]))
            elif "solve" in step:
                out.append({"step": number, **solve(ctl, step["solve"])})
        except RuntimeError as error:
            out.append({"step": number, "error": str(error).splitlines()[0]})
            break
    return out


def main():
    with open(sys.argv[1]) as f:
        script = json.load(f)
    for line in run(script):
        print(json.dumps(line))


if __name__ == "__main__":
    main()
