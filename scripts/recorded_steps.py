"""What the scripts recording clingo 5.8.3's answers to multi-shot scripts for engine/tests/
share (symbolic-atoms-expected.py, backend-expected.py, cleanup-expected.py): the steps they
all know (`ground`, `assign`, `release`), the symbolic atoms as a record, and the output.
"""

import json
import sys

import clingo

# clingo 5.8.3's `assign_external` takes `Optional[bool]` (None is free).
VALUES = {"true": True, "false": False, "free": None}


def parts(spec):
    """`[["step", [1]]]` as clingo's parts."""
    return [(name, [clingo.Number(a) for a in args]) for name, args in spec]


def control_step(ctl, step):
    """Runs `step` if it is a ground, assign or release step; whether it was one."""
    if "ground" in step:
        ctl.ground(parts(step["ground"]))
    elif "assign" in step:
        atom, value = step["assign"]
        ctl.assign_external(clingo.parse_term(atom), VALUES[value])
    elif "release" in step:
        ctl.release_external(clingo.parse_term(step["release"]))
    else:
        return False
    return True


def atom_list(ctl):
    """The symbolic atoms of `ctl` in order, each `[symbol, is_fact, is_external]`."""
    return [[str(a.symbol), a.is_fact, a.is_external] for a in ctl.symbolic_atoms]


# What `other` of `record` returns for a step it leaves to `control_step`.
SHARED = object()


def record(case, ctl, other):
    """`case` with its steps run on `ctl` in order: each by `other(step)`, which returns the
    step's record (stored as its `expected`), None, or SHARED for a step `control_step` runs."""
    steps = []
    for step in case["steps"]:
        step = dict(step)
        expected = other(step)
        if expected is SHARED:
            control_step(ctl, step)
        elif expected is not None:
            step["expected"] = expected
        steps.append(step)
    return {"name": case["name"], "program": case["program"], "steps": steps}


def write(run, cases):
    """Prints the recorded cases as JSON."""
    json.dump([run(case) for case in cases], sys.stdout, indent=1)
    sys.stdout.write("\n")
