#!/usr/bin/env python3
"""Fills in the `expect` lines of solver-core's multi-shot scenarios with clingo's answers.

Usage: .reference/venv/bin/python scripts/multishot-expected.py solver-core/tests/multishot/scenarios.txt

Each scenario is run step by step on one clingo Control through its backend (atoms numbered as
in the scenario: the backend's `add_atom` counts from 1), which is how clasp sees ground
deltas. Every `expect` line after a `solve` (or after an `end` that clingo rejects) is replaced:
  solve [mode] [lits]   enum: all models; optn: the optimal models (`cost C...:` first);
                        brave/cautious: the union/intersection of all models over the
                        tracked atoms (the projection atoms, if any); project: the
                        distinct projections of all models onto the projection atoms so far.
  end                   `expect error` when clingo rejects the delta, else no expect line
                        (a solve call clingo refuses has `expect error` too).
Models are written as `{a b ...}` (true atoms, ascending), sorted; `expect none` for no model.
"""
import sys

import clingo

TRUTH = {"true": clingo.TruthValue.True_, "false": clingo.TruthValue.False_,
         "free": clingo.TruthValue.Free, "release": clingo.TruthValue.Release}


def lits(words):
    return [int(w) for w in words]


def split_rule(words):
    """`H... :- B...` into (heads, body words)."""
    i = words.index(":-")
    return lits(words[:i]), words[i + 1:]


def add_statement(backend, words, state):
    kind, rest = words[0], words[1:]
    if kind in ("rule", "choice"):
        head, body = split_rule(rest)
        backend.add_rule(head, lits(body), kind == "choice")
    elif kind in ("wrule", "wchoice"):
        head, body = split_rule(rest)
        pairs = [tuple(int(x) for x in w.split(":")) for w in body[1:]]
        backend.add_weight_rule(head, int(body[0]), [(l, w) for w, l in pairs], kind == "wchoice")
    elif kind == "minimize":
        pairs = [tuple(int(x) for x in w.split(":")) for w in rest[1:]]
        backend.add_minimize(int(rest[0]), [(l, w) for w, l in pairs])
    elif kind == "external":
        backend.add_external(int(rest[0]), TRUTH[rest[1]])
    elif kind == "assume":
        backend.add_assume(lits(rest))
    elif kind == "project":
        backend.add_project(lits(rest))
        state["projection"].update(lits(rest))
    else:
        raise ValueError(f"unknown statement {words}")


def fmt(model):
    return "{" + " ".join(str(a) for a in sorted(model)) + "}"


def solve(ctl, words, state):
    mode = words[1] if len(words) > 1 and not words[1].lstrip("-").isdigit() else "enum"
    assumptions = lits(w for w in words[1:] if w.lstrip("-").isdigit())
    ctl.configuration.solve.opt_mode = "optN" if mode == "optn" else "ignore"
    ctl.configuration.solve.models = "0"
    found = []

    def on_model(m):
        atoms = frozenset(a for a in range(1, state["atoms"] + 1) if m.is_true(a))
        if mode != "optn" or m.optimality_proven:
            found.append((atoms, tuple(m.cost)))

    ctl.solve(assumptions=assumptions, on_model=on_model)
    models = {a for a, _ in found}
    if not models:
        return "expect none"
    tracked = state["projection"] or frozenset(range(1, state["atoms"] + 1))
    if mode == "brave":
        return "expect " + fmt(frozenset().union(*models) & tracked)
    if mode == "cautious":
        return "expect " + fmt(frozenset.intersection(*models) & tracked)
    if mode == "project":
        models = {m & state["projection"] for m in models}
    line = "expect " + " ".join(sorted(fmt(m) for m in models))
    if mode == "optn":
        line = "expect cost " + " ".join(str(c) for c in found[0][1]) + " : " + line[len("expect "):]
    return line


def run(lines):
    out, ctl, state, delta, pending_error = [], None, None, None, None
    for line in lines:
        words = line.split()
        if words and words[0] == "expect":
            continue
        out.append(line)
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "scenario":
            ctl = clingo.Control(["0"])
            state = {"atoms": 0, "projection": set()}
        elif words[0] == "add":
            delta = (int(words[1]), [])
        elif words[0] == "end":
            count, statements = delta
            try:
                with ctl.backend() as backend:
                    while state["atoms"] < count:
                        backend.add_atom()
                        state["atoms"] += 1
                    for s in statements:
                        add_statement(backend, s, state)
            except RuntimeError as error:
                out.append(f"expect error  # clingo: {error}")
            delta = None
        elif delta is not None:
            delta[1].append(words)
        elif words[0] == "assign":
            ctl.assign_external(int(words[1]), {"true": True, "false": False, "free": None}[words[2]])
        elif words[0] == "release":
            ctl.release_external(int(words[1]))
        elif words[0] == "solve":
            try:
                out.append(solve(ctl, words, state))
            except RuntimeError as error:
                out.append(f"expect error  # clingo: {error}")
    return out


def main():
    path = sys.argv[1]
    with open(path) as f:
        lines = f.read().splitlines()
    with open(path, "w") as f:
        f.write("\n".join(run(lines)) + "\n")


if __name__ == "__main__":
    main()
