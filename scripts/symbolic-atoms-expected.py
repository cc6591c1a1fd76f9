#!/usr/bin/env python3
"""Writes engine/tests/data/symbolic_atoms.json: what clingo 5.8.3's Python API says about
`Control.symbolic_atoms` along multi-shot scripts, for engine/tests/symbolic_atoms.rs.

Each case is a program and steps: {"ground": [["step", [1]]]}, {"solve": true},
{"assign": ["e", "true"|"false"|"free"]}, {"release": "e"}, and {"atoms": ["sym", ...]},
which records the symbolic atoms (symbol, is_fact, is_external, in iteration order), the
signatures, and for each listed symbol whether the lookup finds it.

Usage: .reference/venv/bin/python scripts/symbolic-atoms-expected.py > engine/tests/data/symbolic_atoms.json
"""

import clingo

from recorded_steps import SHARED, atom_list, record, write

CASES = [
    {
        "name": "simplified_atoms",
        "program": """a. b :- a. {c}. d :- not a. e :- f. g :- c. #external x. #external y.
y :- c. -h. {h}. p(1..3). q(X) :- p(X), not r(X). r(2). {s(X)} :- p(X). t(X) :- s(X), X > 1.
#program step(t). u(t) :- s(t). #external v(t).""",
        "steps": [
            {"ground": [["base", []]]},
            {"atoms": ["d", "e", "a", "zz", "-h", "h"]},
            {"solve": True},
            {"ground": [["step", [2]]]},
            {"atoms": ["u(2)", "v(2)", "h"]},
        ],
    },
    {
        "name": "cleanup_after_solve",
        "program": """{c}. :- not c. -h. {h}. #external x. #external z. {w}.
#program step(t). k(t) :- w.""",
        "steps": [
            {"ground": [["base", []]]},
            {"atoms": ["c", "h", "x"]},
            {"solve": True},
            {"atoms": ["c", "h"]},
            {"release": "x"},
            {"atoms": ["x"]},
            {"ground": [["step", [1]]]},
            {"atoms": ["k(1)"]},
            {"solve": True},
            {"ground": []},
            {"atoms": ["x"]},
        ],
    },
    {
        "name": "externals_across_steps",
        "program": """#external e(1..2). a(X) :- e(X).
#program def(n). e(n) :- a(n-1). #external g(n).""",
        "steps": [
            {"ground": [["base", []]]},
            {"atoms": ["e(1)", "e(2)"]},
            {"assign": ["e(1)", "true"]},
            {"ground": [["def", [2]]]},
            {"atoms": ["e(2)", "g(2)"]},
            {"solve": True},
            {"assign": ["g(2)", "false"]},
            {"release": "e(1)"},
            {"atoms": ["e(1)"]},
            {"ground": [["def", [3]]]},
            {"atoms": ["e(1)", "e(3)"]},
        ],
    },
    {
        "name": "aggregates_and_conditions",
        "program": """item(1..4). {in(X) : item(X)} 2. ok :- #count{X : in(X)} >= 1.
sel(X) :- in(X), not -sel(X). -sel(X) :- item(X), X > 3. a; b :- ok.
w(X) :- item(X), in(Y) : item(Y), Y < X. #show in/1. #show t(X) : in(X).""",
        "steps": [
            {"ground": [["base", []]]},
            {"atoms": ["ok", "-sel(4)", "sel(4)", "t(1)", "w(1)"]},
            {"solve": True},
            {"ground": []},
            {"atoms": ["ok"]},
        ],
    },
    {
        "name": "incremental_steps",
        "program": """#program base. p(0). #program step(t). {move(t)}. p(t) :- p(t-1), move(t).
#external query(t). :- query(t), not p(t). #program check(t).""",
        "steps": [
            {"ground": [["base", []]]},
            {"ground": [["step", [1]], ["check", [1]]]},
            {"assign": ["query(1)", "true"]},
            {"atoms": ["query(1)", "p(1)"]},
            {"solve": True},
            {"release": "query(1)"},
            {"ground": [["step", [2]], ["check", [2]]]},
            {"assign": ["query(2)", "true"]},
            {"atoms": ["query(1)", "query(2)", "p(1)", "move(1)"]},
            {"solve": True},
            {"ground": []},
            {"atoms": ["query(1)", "p(1)", "p(2)"]},
        ],
    },
]


def atoms_record(ctl, lookups):
    """The symbolic atoms, signatures and lookups of `ctl` now."""
    atoms = atom_list(ctl)
    signatures = [[n, a, p] for n, a, p in ctl.symbolic_atoms.signatures]
    found = {s: ctl.symbolic_atoms[clingo.parse_term(s)] is not None for s in lookups}
    return {"atoms": atoms, "signatures": signatures, "found": found}


def run(case):
    """The case with the clingo records filled in for its `atoms` steps."""
    ctl = clingo.Control(["0"], logger=lambda code, message: None)
    ctl.add("base", [], case["program"])

    def other(step):
        if "solve" in step:
            ctl.solve()
        elif "atoms" in step:
            return atoms_record(ctl, step["atoms"])
        else:
            return SHARED
        return None

    return record(case, ctl, other)


if __name__ == "__main__":
    write(run, CASES)
