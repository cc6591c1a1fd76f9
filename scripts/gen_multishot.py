#!/usr/bin/env python3
"""Seeded random multi-shot scripts: a program split into `#program` parts and the steps an
embedding user would run over it (ground parts with parameters, assign and release externals,
solve with assumptions), as JSON:

    {"program": "<text>",
     "steps": [{"ground": [["base", []], ["step", [1]]]},
               {"assign": ["e(1)", "true" | "false" | "free"]},
               {"release": "e(1)"},
               {"solve": {"assumptions": [["a(1)", true]]}}]}

Parameters are integers; atoms in steps are written as clingo terms. The parts:
- `base`: a small domain `d/1`, a choice over `c/1` and externals `e/1`;
- `step(t)`: rules over atoms indexed by `t` that also read atoms of step `t-1` (so a part
  grounded before its predecessor sees fewer atoms, as clingo's grounding does);
- `check(t)`: an external `query(t)` and a constraint under it (clingo's incmode shape);
- `extra`: rules without parameters that read the other parts' atoms.
Rule templates are drawn per program, so programs differ in which constructs they combine:
choices, bounds, negation, positive loops, aggregates, externals and `#show`.

Usage: gen_multishot.py --seed N        (prints one script as JSON)
"""

import argparse
import json
import random

STEP_TEMPLATES = [
    "{{ a({t}) }}.",
    "{{ a({t},X) : d(X) }} 1.",
    "b({t}) :- a({t}), not b({p}).",
    "b({t}) :- a({t},X), c(X).",
    "p({t}) :- a({t},X), not e(X).",
    "p({t}) :- b({p}), not a({t}).",
    "q({t}) :- p({t}), not r({t}).",
    "r({t}) :- not q({t}), b({t}).",
    "l({t}) :- m({t}). m({t}) :- l({t}). l({t}) :- a({t}). m({t}) :- p({p}).",
    "#external x({t}). s({t}) :- x({t}), a({t}).",
    "s({t}) :- #count {{ X : a({t},X) }} >= 2.",
    "n({t}) :- #sum {{ X : a({t},X) ; 1 : b({p}) }} < 3, b({t}).",
    ":- b({t}), q({t}).",
    ":- a({t}), p({p}), not s({t}).",
    "u({t}) ; v({t}) :- p({t}).",
    "w({t},X) :- d(X), not c(X), a({t}).",
]

EXTRA_TEMPLATES = [
    "z :- b(X), p(X).",
    "y(X) :- a(X), not z.",
    ":- z, c(1).",
    "{ k }. :- k, not y(1).",
]

SHOWS = ["#show a/1.", "#show b/1.", "#show p/1.", "#show s/1.", "#show c/1.", "#show z/0."]


def program(rng):
    """The program text: base, step(t), check(t) and extra parts."""
    size = rng.randint(2, 4)
    base = [f"d(1..{size}).", "{ c(X) : d(X) }.", "#external e(X) : d(X)."]
    steps = rng.sample(STEP_TEMPLATES, rng.randint(3, 7))
    step = [s.format(t="t", p="t-1") for s in steps]
    check = ["#external query(t).", rng.choice([":- query(t), not b(t).",
                                                ":- query(t), not p(t), not s(t).",
                                                ":- query(t), a(t)."])]
    extra = rng.sample(EXTRA_TEMPLATES, rng.randint(1, 3))
    shows = rng.sample(SHOWS, rng.randint(0, 3))
    parts = [
        "#program base.", *base, *shows,
        "#program step(t).", *step,
        "#program check(t).", *check,
        "#program extra.", *extra,
    ]
    return "\n".join(parts) + "\n"


def externals_known(grounded):
    """The externals that exist after grounding the parts in `grounded`."""
    names = []
    for name, args in grounded:
        if name == "check":
            names.append(f"query({args[0]})")
        if name == "step":
            names.append(f"x({args[0]})")
    return names


def steps(rng):
    """A random sequence of steps over the parts."""
    out = [{"ground": [["base", []]]}]
    grounded = [("base", [])]
    horizon = rng.randint(2, 4)
    order = list(range(1, horizon + 1))
    if rng.random() < 0.3:
        rng.shuffle(order)
    for t in order:
        parts = [["step", [t]]]
        if rng.random() < 0.6:
            parts.append(["check", [t]])
        if rng.random() < 0.15 and ("extra", []) not in grounded:
            parts.append(["extra", []])
        if rng.random() < 0.05:
            parts.append(["unknown", [t]])
        out.append({"ground": parts})
        grounded.extend((name, args) for name, args in parts)
        out.extend(external_steps(rng, grounded))
        out.append({"solve": {"assumptions": assumptions(rng, t)}})
    return out


def external_steps(rng, grounded):
    """Random assignments and releases of the externals that may exist."""
    known = externals_known(grounded) + [f"e({i})" for i in (1, 2)]
    out = []
    for _ in range(rng.randint(0, 3)):
        atom = rng.choice(known)
        if rng.random() < 0.15:
            out.append({"release": atom})
        else:
            out.append({"assign": [atom, rng.choice(["true", "false", "free"])]})
    return out


def assumptions(rng, t):
    """Random assumptions over atoms of step `t`."""
    pool = [f"a({t})", f"b({t})", f"p({t})", "c(1)", f"s({t})"]
    return [[atom, rng.random() < 0.5] for atom in rng.sample(pool, rng.randint(0, 2))]


def script(seed):
    """The script of one seed."""
    rng = random.Random(seed)
    return {"program": program(rng), "steps": steps(rng)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(script(args.seed), indent=1))


if __name__ == "__main__":
    main()
