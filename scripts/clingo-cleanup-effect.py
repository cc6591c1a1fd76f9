#!/usr/bin/env python3
"""What clingo's clean-up after a solve call saves on the next grounding (BENCHMARKS.md,
multi-shot section): grounds programs/lunar-incremental.lp's parts for turns 0, 1, 2 the way
`#include <incmode>` does, solving after each, with `Control.enable_cleanup` on and off, and
prints the CPU time of each grounding and the number of symbolic atoms at the end.

Run with the clingo 5.8.3 wheel's interpreter from the repository root:
    .reference/venv/bin/python scripts/clingo-cleanup-effect.py
"""
import time

import clingo


def run(cleanup):
    ctl = clingo.Control(["0"])
    ctl.enable_cleanup = cleanup
    ctl.add("base", [], open("programs/advsolitaire1.lp").read())
    program = open("programs/lunar-incremental.lp").read().replace("#include <incmode>.", "")
    program = program.replace("#program check(t).", "#program check(t).\n#external query(t).")
    ctl.add("all", [], program)
    ctl.ground([("base", [])])
    times = []
    for t in range(3):
        parts = [("check", [clingo.Number(t)])]
        if t > 0:
            parts.append(("step", [clingo.Number(t)]))
        start = time.process_time()
        ctl.ground(parts)
        times.append(time.process_time() - start)
        if t > 0:
            ctl.release_external(clingo.Function("query", [clingo.Number(t - 1)]))
        ctl.assign_external(clingo.Function("query", [clingo.Number(t)]), True)
        result = ctl.solve()
    grounding = ", ".join(f"{x * 1000:.1f} ms" for x in times)
    print(f"clean-up {cleanup}: groundings {grounding}; {len(ctl.symbolic_atoms)} symbolic atoms; {result}")


run(True)
run(False)
