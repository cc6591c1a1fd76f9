#!/usr/bin/env python3
"""Expected answers of multi-shot grounding cases, from clingo 5.8.3's Python API.

Each case is a program (added as one block, `<block>` in messages) and a list of actions:
  {"ground": [[name, [arg, ...]], ...]}   ctl.ground (args are term texts)
  "solve"                                 ctl.solve: every model's shown symbols
  {"add": text}                           ctl.add (a further block)
  {"add": text, "part": [name, [param]]}  ctl.add(name, params, text)
  {"assign": [atom, value]}               ctl.assign_external (true, false, free)
  {"release": atom}                       ctl.release_external
Per action the expected result: ok or the exception's text, the logger's messages, and for a
solve the sorted list of models (each a sorted list of shown symbols; with "opt" only the
optimal models of --opt-mode=optN, each with its cost). grounder/tests/multishot.rs replays
them on grounder::Session.

Also, for each grounder/tests/multishot/incmode/NAME.lp (a program with `#include
<incmode>.`), NAME.answers: the answer lines the clingo 5.8.3 executable prints (in its order)
and its number of solve calls; grounder/tests/multishot_incmode.rs replays clingo's loop.

Random multi-shot scripts are compared by scripts/difftest-multishot.

Usage: .reference/venv/bin/python scripts/multishot-cases.py [--out FILE] [--clingo EXE]
(defaults: grounder/tests/multishot/expected.json, .reference/clingo)
"""

import argparse
import glob
import json
import os
import re
import subprocess

import clingo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def g(*parts):
    """A ground action: parts as (name, args...)."""
    return {"ground": [[p[0], [str(a) for a in p[1:]]] for p in parts]}


S = "solve"

CASES = [
    ("rule_not_ground_again", "#program base. a :- b. #program step. b.",
     [g(("base",)), g(("step",)), S]),
    ("rule_not_ground_again_other_order", "#program base. a :- b. #program step. b.",
     [g(("step",)), g(("base",)), S]),
    ("facts_known_others_open", "p(1). {p(2)}. #program step. q(X) :- p(X). r :- not p(2).",
     [g(("base",)), S, g(("step",)), S]),
    ("negation_decided_by_earlier_step", "{x}. y :- x, not r. #program step. r.",
     [g(("base",)), g(("step",)), S]),
    ("parts_named_together_ground_as_one", "{x}. y :- x, not r. #program step. r.",
     [g(("base",), ("step",)), S]),
    ("parameters", "#program step(t). a(t). b(t) :- a(t-1). c(X) :- X = t*2.",
     [g(("step", 1)), S, g(("step", 2)), S, g(("step", 3), ("step", 5)), S]),
    ("parameter_name_and_arity", "#program s(t). a(t). #program s. b. #program s(t,u). c(t,u).",
     [g(("s", 1)), S, g(("s",)), S, g(("s", "x", "f(y)")), S, g(("s", 1, 2, 3)), S]),
    ("same_part_twice_in_one_call", "#program s(t). a(t). z.",
     [g(("s", 2), ("s", 1), ("s", 2)), S]),
    ("parts_accumulate_over_declarations",
     "#program s(t). a(t). #program base. x. #program s(u). b(u). #program s(v). c(v) :- a(v).",
     [g(("s", 1)), S, g(("base",)), S]),
    ("unknown_part_is_ignored", "a. #program s(t). b(t).",
     [g(("nope",)), S, g(("s",)), S, g(("base",), ("nope", 1)), S]),
    ("constant_wins_over_parameter", "#program step(t). a(t). b(n). #program base. #const t=7. #const n=3.",
     [g(("step", 5)), S]),
    ("redefinition_after_solve", "{a}. #program step. a :- b. b. c.",
     [g(("base",)), S, g(("step",)), S]),
    ("no_redefinition_without_solve", "{a}. #program step. a :- b. b. c.",
     [g(("base",)), g(("step",)), S]),
    ("redefinition_of_a_choice", "{a}. {z}. #program step. {a}. y :- z.",
     [g(("base",)), S, g(("step",)), S]),
    ("fact_again_is_no_redefinition", "a. #program step. a. b :- a.",
     [g(("base",)), S, g(("step",)), S]),
    ("rule_with_false_body_is_no_redefinition", "{a}. #program step. a :- c.",
     [g(("base",)), S, g(("step",)), S]),
    ("external_defined_later", "#external e. a :- e. #program s2. e :- x. {x}. #program s3. e :- y. {y}.",
     [g(("base",)), S, {"assign": ["e", "true"]}, S, g(("s2",)), S, g(("s3",)), S]),
    ("external_stays_assignable", "#external e(1). a :- e(1). #program s(t). #external e(t). b(t) :- e(t).",
     [g(("base",)), S, g(("s", 2)), {"assign": ["e(1)", "true"]}, S,
      {"assign": ["e(2)", "true"]}, S, {"assign": ["e(1)", "false"]}, S,
      {"release": "e(2)"}, S]),
    ("external_declared_again", "#external e. #program s2. #external e. [true] #program s3. #external e.",
     [g(("base",)), S, g(("s2",)), S, g(("s3",)), S]),
    ("external_over_defined_atom", "{e}. #program s2. #external e.",
     [g(("base",)), S, g(("s2",)), {"assign": ["e", "false"]}, S]),
    ("external_fact_later", "#external e. #program s2. e.",
     [g(("base",)), S, g(("s2",)), S]),
    ("show_signatures_hold_for_the_whole_program",
     "#show p/1. p(1). q(1). #program step. #show q/1. p(2). q(2). r(2).",
     [g(("base",)), S, g(("step",)), S]),
    ("show_nothing_in_a_part", "p(1). #program step. #show. p(2).",
     [g(("base",)), S, g(("step",)), S]),
    ("show_added_later", "{p(1)}. q(1).",
     [g(("base",)), S, {"add": "#program step. #show q/1. q(2). p(2)."}, g(("step",)), S]),
    ("show_terms_accumulate", "b(1). #show x(X) : b(X). #program step(t). #show y(X) : b(X). b(t).",
     [g(("base",)), S, g(("step", 2)), S, g(("step", 3)), S]),
    ("show_term_with_conditions_of_two_steps", "{c1;c2}. #show a : c1. #program s. #show a : c2.",
     [g(("base",)), S, g(("s",)), S]),
    ("minimize_tuples_count_once", "{a;b}. :~ a. [1,x] #program s. :~ b. [1,x] :~ a. [1,x]",
     [g(("base",)), S, g(("s",)), S], "opt"),
    ("minimize_across_steps", "{a;b;c}. :- not a, not b, not c. :~ a. [3] :~ b. [2] #program s. :~ b. [2,s] :~ c. [1@1]",
     [g(("base",)), S, g(("s",)), S], "opt"),
    ("classical_negation_across_steps", "-p(1). {-p(2)}. #program s. p(1..2).",
     [g(("base",)), S, g(("s",)), S]),
    ("aggregates_over_earlier_atoms", "{p(1..3)}. #program s. q :- #count{X : p(X)} >= 2. :- not q.",
     [g(("base",)), S, g(("s",)), S]),
    ("recursion_over_steps", "path(X,Y) :- edge(X,Y). #program s(t). edge(t,t+1). reach(X) :- path(1,X). path(X,Z) :- path(X,Y), edge(Y,Z).",
     [g(("base",)), g(("s", 1)), S, g(("s", 2)), S, g(("s", 3)), S]),
    ("add_after_ground", "a. {b}.",
     [g(("base",)), S, {"add": "#program more(t). c(t) :- b. d(t) :- a."}, g(("more", 1)), S,
      {"add": "#program more(t). e(t)."}, g(("more", 2)), S]),
    ("add_to_a_part", "a.",
     [{"add": "q :- #sum{t : p} > 0. p.", "part": ["g", ["t"]]},
      {"add": "r(t). c(X) :- d(X,t). #program base. b(t).", "part": ["s", ["t"]]},
      g(("s", 1), ("base",), ("g", 3)), S, {"add": "e(u) :- r(u).", "part": ["s", ["u"]]},
      g(("s", 2)), S]),
    ("infos_given_again_after_an_add", "#program s(t). c(t/0). d(1/0). q :- #sum{X : p(X)} > 0, p(X). p(1).",
     [g(("s", 1)), {"add": "z."}, g(("base",)), g(("base",)), {"add": "y."}, g(("base",)), S]),
    ("add_to_a_part_with_an_aggregate", "a.",
     [{"add": "q :- #sum{t : p} > 0. p. r(t). c(X) :- d(X,t). #program base. b(t).", "part": ["s", ["t"]]},
      g(("s", 1), ("base",)), S, {"add": "e(u) :- r(u).", "part": ["s", ["u"]]}, g(("s", 2)), S]),
    ("constant_of_a_later_add", "#program foo. p(n).",
     [g(("base",)), {"add": "#const n=3."}, g(("foo",)), S]),
    ("constant_before_rewriting", "#program foo. p(n).",
     [{"add": "#const n=3."}, g(("foo",)), S]),
    ("undefined_atom_reported_once", "#program step(t). a(t) :- b(t). c(t) :- d(t,t).",
     [g(("step", 1)), g(("step", 2)), S]),
    ("undefined_atom_defined_elsewhere", "a :- b. #program foo. b :- c. c.",
     [g(("base",)), S]),
    ("rewrite_errors_in_parts_not_ground", "a. #program foo(t). b(X) :- t.",
     [g(("base",)), g(("base",))]),
    ("parameter_messages", "#program s(t,u). a(t) :- b(t,u). c(t/0). e(X+t) :- f(X). f(a). q :- #sum{t : f(a)} > 0.",
     [g(("s", 1, 2)), g(("s", 3, 4)), S]),
    ("incmode_loop",
     "#include <incmode>. #program base. at(0). #program step(t). {move(t)}. at(t) :- at(t-1), move(t). at(t) :- at(t-1), not move(t), t > 2. #program check(t). #external query(t). :- query(t), not at(t). :- query(t), move(t), t < 2.",
     [g(("base",), ("check", 0)), {"assign": ["query(0)", "true"]}, S,
      g(("step", 1), ("check", 1)), {"release": "query(0)"}, {"assign": ["query(1)", "true"]}, S,
      g(("step", 2), ("check", 2)), {"release": "query(1)"}, {"assign": ["query(2)", "true"]}, S]),
    ("projection_per_part", "{p(1)}. {q}. #project p/1. #program s. {p(2)}.",
     [g(("base",)), g(("s",)), S], "project"),
    ("projection_in_later_part", "{p(1)}. {q}. #program s. {p(2)}. #project p/1.",
     [g(("base",)), g(("s",)), S], "project"),
]


def run(program, actions, mode):
    """The expected result of each action."""
    messages = []
    args = ["0"] + (["--opt-mode=optN"] if mode == "opt" else []) + (["--project"] if mode == "project" else [])
    ctl = clingo.Control(args, logger=lambda code, text: messages.append(text.rstrip("\n")))
    results = []
    ctl.add(program)
    for action in actions:
        result = {"ok": True, "error": None}
        try:
            if action == "solve":
                models = []

                def on_model(m):
                    if mode != "opt" or m.optimality_proven:
                        shown = sorted(str(s) for s in m.symbols(shown=True))
                        models.append(shown + (["cost=" + str(m.cost)] if mode == "opt" else []))

                ctl.solve(on_model=on_model)
                result["models"] = sorted(models)
            elif "ground" in action:
                parts = [(n, [clingo.parse_term(a) for a in args]) for n, args in action["ground"]]
                ctl.ground(parts)
            elif "add" in action and "part" in action:
                name, params = action["part"]
                ctl.add(name, params, action["add"])
            elif "add" in action:
                ctl.add(action["add"])
            elif "assign" in action:
                atom, value = action["assign"]
                value = {"true": True, "false": False, "free": None}[value]
                ctl.assign_external(clingo.parse_term(atom), value)
            elif "release" in action:
                ctl.release_external(clingo.parse_term(action["release"]))
        except RuntimeError as e:
            result = {"ok": False, "error": str(e)}
        result["messages"] = list(messages)
        messages.clear()
        results.append(result)
    return results


def incmode_answers(clingo):
    """Writes NAME.answers next to each incmode program: `Calls: N`, then the answer lines."""
    for program in sorted(glob.glob(os.path.join(ROOT, "grounder/tests/multishot/incmode/*.lp"))):
        run = subprocess.run([clingo, "0", program], capture_output=True, text=True)
        lines = run.stdout.splitlines()
        answers = [lines[i + 1] for i, line in enumerate(lines) if line.startswith("Answer:")]
        calls = re.search(r"^Calls\s*:\s*(\d+)", run.stdout, re.M).group(1)
        with open(program[:-3] + ".answers", "w") as f:
            f.write(f"Calls: {calls}\n" + "".join(a + "\n" for a in answers))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "grounder/tests/multishot/expected.json"))
    parser.add_argument("--clingo", default=os.path.join(ROOT, ".reference/clingo"))
    args = parser.parse_args()
    incmode_answers(args.clingo)
    cases = []
    for case in CASES:
        name, program, actions = case[:3]
        mode = case[3] if len(case) > 3 else "enum"
        cases.append({
            "name": name,
            "program": program,
            "mode": mode,
            "actions": actions,
            "expected": run(program, actions, mode),
        })
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(cases, f, indent=1)
        f.write("\n")
    print(f"{len(cases)} cases written to {args.out}")


if __name__ == "__main__":
    main()
