"""Writes expected.json: clingo 5.8.3's answers to the cases of cases.txt (see tests/functions.rs).

Run with the reference's Python: `.reference/venv/bin/python tests/functions/expected.py`.
Each program gets the functions of FUNCTIONS as an embedded Python script appended after its
text (so its own line numbers stay), and is grounded and solved with clingo's Python API:
models (each a sorted list of shown symbols, the list sorted; only the optimal ones of a
program that optimizes), the messages clingo logs, and whether grounding failed."""

import json
import os
import sys

import clingo
from clingo.script import enable_python

FUNCTIONS = '''
#script (python)
import math
from clingo import Number, String, Function
def gcd(a, b): return Number(math.gcd(a.number, b.number))
def seq(n): return [Number(i) for i in range(n.number)]
def split(s): return [String(x) for x in s.string.split(",")]
def ident(x): return x
def pair(a, b): return Function("", [a, b])
def empty(): return []
def dup(x): return [x, x]
def odd(): return [Function("Foo", [Number(1)]), Function("", [Number(1)], False), Function("", [], False)]
def fail(*args): raise RuntimeError("fail")
#end.
'''

HERE = os.path.dirname(os.path.abspath(__file__))


def cases():
    """(name, program) pairs of cases.txt (the lines before the first case are its header)."""
    out = []
    for line in open(os.path.join(HERE, "cases.txt"), encoding="utf-8"):
        if line.startswith("=== "):
            out.append([line[4:].strip(), ""])
        elif out:
            out[-1][1] += line
    return out


def answer(program):
    """All models (the optimal ones, with --opt-mode=optN, when the program optimizes)."""
    messages = []
    ctl = clingo.Control(["0", "--opt-mode=optN"],
                         logger=lambda code, msg: messages.append(msg.rstrip("\n")))
    models = []

    def on_model(model):
        if model.optimality_proven or not model.cost:
            models.append(sorted(str(s) for s in model.symbols(shown=True)))

    try:
        ctl.add("base", [], program + FUNCTIONS)
        ctl.ground([("base", [])])
        ctl.solve(on_model=on_model)
    except RuntimeError:
        return {"error": True, "messages": messages}
    return {"models": sorted(models), "messages": messages}


def main():
    enable_python()
    result = {name: answer(program) for name, program in cases()}
    with open(os.path.join(HERE, "expected.json"), "w", encoding="utf-8") as out:
        json.dump(result, out, indent=1, sort_keys=True)
        out.write("\n")


if __name__ == "__main__":
    sys.exit(main())
