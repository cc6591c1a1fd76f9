#!/usr/bin/env python3
"""Compute the expected answers of the puzzle runs in programs/runs.txt with clingo 5.8.3.

For every run line `name | mini-clingo args | clingo args | expectation` this runs
`clingo --outf=2 <clingo args>` (the clingo 5.8.3 executable, see reference.py; from the repository root), writes
programs/expected/<name>.json and rewrites the expectation field of runs.txt.

The JSON file (see programs/README.md):
  name, args (mini-clingo), clingo_args, mode, result, count, models, optimum (optimization only).
mode says how to compare:
  enumerate  models = every model clingo printed (a multiset; sorted)
  first      only one model was asked for; models = all answer sets (a second run with 0):
             the one printed must be one of them
  optN       models = the optimal models; optimum = their cost vector
  opt        one optimization run; models = all optimal models (a second run with
             --opt-mode=optN 0): the last model printed must be one of them, with cost optimum
  brave / cautious  models = [the final consequences]
Each model is a list of atom strings sorted by byte order; the list of models is sorted too.
Runs with more than MAX_STORED models keep count only (models_omitted: true).

Usage: scripts/expected.py [--check] [--only NAME]
  --check  recompute and fail (exit 1) if a committed file differs, writing nothing.
"""

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import clingo_executable  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = os.path.join(ROOT, "programs", "runs.txt")
OUT_DIR = os.path.join(ROOT, "programs", "expected")
MAX_STORED = 1000


def parse_runs(path):
    """Return (lines, runs): the raw lines and a list of (line index, name, args, clingo args)."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    runs = []
    for index, line in enumerate(lines):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split(" | ")]
        if len(fields) != 4:
            sys.exit(f"{path}:{index + 1}: expected 4 fields split by ' | '")
        runs.append((index, fields[0], fields[1].split(), fields[2].split()))
    return lines, runs


def run_clingo(args):
    """Run clingo 5.8.3 with --outf=2 and return the parsed JSON."""
    proc = subprocess.run(
        [clingo_executable(), "--outf=2", *args],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        sys.exit(f"clingo {' '.join(args)} failed:\n{proc.stderr}")


def witnesses(data):
    """All witnesses of the last solve call."""
    calls = data.get("Call", [])
    return calls[-1].get("Witnesses", []) if calls else []


def model_key(values):
    """A model as a sorted list of atom strings."""
    return sorted(values)


def requested_models(args):
    """The number of models the arguments ask for (clingo's default is 1)."""
    count = 1
    skip_next = False
    for i, arg in enumerate(args):
        if skip_next:
            skip_next = False
            continue
        if arg in ("-c", "-e", "--const", "--enum-mode", "-t"):
            skip_next = True
        elif arg == "-n" and i + 1 < len(args):
            count = int(args[i + 1])
            skip_next = True
        elif arg.startswith("--models="):
            count = int(arg.split("=", 1)[1])
        elif arg.isdigit():
            count = int(arg)
    return count


def enum_mode(args):
    """brave, cautious or None."""
    for i, arg in enumerate(args):
        if arg in ("-e", "--enum-mode") and i + 1 < len(args):
            return args[i + 1] if args[i + 1] in ("brave", "cautious") else None
        if arg.startswith("--enum-mode="):
            value = arg.split("=", 1)[1]
            return value if value in ("brave", "cautious") else None
    return None


def all_models_args(args):
    """The clingo args with the model count replaced by 0 (all models)."""
    out = [a for a in args if not a.isdigit() and not a.startswith("--models=")]
    return out + ["0"]


def expectation(name, args, clingo_args):
    """Run clingo and build the expectation record of one run."""
    data = run_clingo(clingo_args)
    wits = witnesses(data)
    models_info = data.get("Models", {})
    record = {
        "name": name,
        "args": args,
        "clingo_args": clingo_args,
        "result": data.get("Result"),
        "count": models_info.get("Number", 0),
    }
    consequence = enum_mode(clingo_args)
    optimizing = any("Costs" in w for w in wits)
    if consequence:
        record["mode"] = consequence
        models = [model_key(wits[-1]["Value"])] if wits else []
    elif optimizing and "--opt-mode=optN" in clingo_args:
        record["mode"] = "optN"
        optimal = models_info.get("Optimal", 0)
        chosen = wits[len(wits) - optimal:] if optimal else []
        record["optimum"] = chosen[-1]["Costs"] if chosen else None
        models = sorted(model_key(w["Value"]) for w in chosen)
    elif optimizing:
        record["mode"] = "opt"
        record["optimum"] = wits[-1]["Costs"]
        extra = run_clingo(["--opt-mode=optN", *all_models_args(clingo_args)])
        optimal = extra.get("Models", {}).get("Optimal", 0)
        chosen = witnesses(extra)[-optimal:] if optimal else []
        models = sorted(model_key(w["Value"]) for w in chosen)
    elif requested_models(clingo_args) == 1 and wits:
        record["mode"] = "first"
        extra = run_clingo(all_models_args(clingo_args))
        models = sorted(model_key(w["Value"]) for w in witnesses(extra))
    else:
        record["mode"] = "enumerate"
        models = sorted(model_key(w["Value"]) for w in wits)
    if len(models) > MAX_STORED:
        record["models_omitted"] = True
        record["distinct_models"] = len({tuple(m) for m in models})
    else:
        record["models"] = models
    return record


def summary(record):
    """The one-line expectation written into runs.txt."""
    parts = [f"mode={record['mode']}", f"result={record['result'].replace(' ', '_')}",
             f"count={record['count']}"]
    if "optimum" in record:
        parts.append("optimum=" + ",".join(str(c) for c in record["optimum"] or []))
    if record["mode"] in ("first", "opt", "optN") and "models" in record:
        parts.append(f"candidates={len(record['models'])}")
    if record["mode"] in ("brave", "cautious") and record.get("models"):
        parts.append(f"atoms={len(record['models'][0])}")
    return " ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--only")
    opts = parser.parse_args()
    lines, runs = parse_runs(RUNS)
    os.makedirs(OUT_DIR, exist_ok=True)
    stale = 0
    for index, name, args, clingo_args in runs:
        if opts.only and name != opts.only:
            continue
        record = expectation(name, args, clingo_args)
        text = json.dumps(record, indent=1) + "\n"
        path = os.path.join(OUT_DIR, name.replace("@", "_") + ".json")
        fields = [f.strip() for f in lines[index].split(" | ")]
        fields[3] = summary(record)
        new_line = " | ".join(fields)
        print(f"{name}: {fields[3]}")
        if opts.check:
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if old != text or lines[index] != new_line:
                print(f"  STALE: {path}")
                stale += 1
            continue
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        lines[index] = new_line
    if not opts.check:
        with open(RUNS, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    sys.exit(1 if stale else 0)


if __name__ == "__main__":
    main()
