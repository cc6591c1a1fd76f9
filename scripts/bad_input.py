#!/usr/bin/env python3
"""Write the bad-input suite tests/bad-input/ and record clingo's answers to it.

Every case is tests/bad-input/<case>.lp (written here; the deep-nesting file is generated) and
tests/bad-input/<case>.expected, in this format (see tests/bad-input/README.md):
    # one line saying what the case checks
    args: <arguments, relative to the repository root>
    exit: <exit code mini-clingo must return>
    exit-5.4.1: <the native clingo 5.4.1's exit code>
    note: <differences between 5.4.1 and 5.8.3, if any>      (zero or more lines)
    model: <the first answer set clingo prints>                (when it does not reject)
    stderr:
    <clingo 5.8.3's standard error, to the end of the file>
Bytes are kept as they are (a non-UTF-8 byte in a message stays that byte). The message text
is clingo 5.8.3's (the executable, see reference.py); the program name in
`*** ERROR: (clingo): ...` lines is written as PROGRAM. `exit` is the 5.8.3 executable's exit
code, compared with the native /usr/bin/clingo 5.4.1's (recorded as exit-5.4.1).

Usage: scripts/bad_input.py [--clingo-native PATH]
Run from anywhere; it writes into the repository it lives in.
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import clingo_executable  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = "tests/bad-input"
DEPTH = 100_000

# case name -> (what it checks, program bytes)
CASES = {
    "unterminated-string": ("a string literal without its closing quote", b'p("abc).\n'),
    "unterminated-block-comment": ("a block comment %* without its *%",
                                   b"p.\n%* this comment never ends\nq.\n"),
    "unknown-directive": ("a directive clingo does not know", b"p.\n#frobnicate p.\n"),
    "non-utf8-identifier": ("bytes that are not UTF-8, where a term is expected",
                            b"p(\xe9t\xe9).\n"),
    "non-utf8-string": ("bytes that are not UTF-8, inside a string literal", b'p("caf\xe9").\n'),
    "deep-nesting": (f"a term nested {DEPTH} parentheses deep",
                     b"p(" + b"(" * DEPTH + b"1" + b")" * DEPTH + b").\n"),
    "integer-too-large": ("an integer literal beyond 32 bits", b"p(2147483648).\n"),
    "integer-huge": ("an integer literal beyond 64 bits", b"p(123456789012345678901234567890).\n"),
    "unsafe-head": ("a head variable bound nowhere", b"p(X).\n"),
    "unsafe-negative-body": ("a variable only in a negative body literal",
                             b"q(1).\np :- not q(X).\n"),
    "unsafe-comparison": ("a variable only in a comparison", b"p :- X < 1.\n"),
    "unsafe-aggregate-element": ("an aggregate element term bound nowhere",
                                 b"q(1).\np :- #count { X : q(Y) } > 0.\n"),
    "unsafe-condition": ("a conditional literal whose variable its condition does not bind",
                         b"r(1).\np(X) :- q(X) : r(Y).\n"),
    "unsafe-show-term": ("a #show term variable bound nowhere", b"p.\n#show X : p.\n"),
    "unsafe-weak-constraint": ("a weak-constraint weight variable bound nowhere",
                               b"p.\n:~ p. [X@1]\n"),
    "unsafe-external": ("an #external atom variable bound nowhere", b"#external p(X).\n"),
    "division-by-zero": ("integer division by zero in a fact", b"p(1/0).\nq.\n"),
    "modulo-by-zero": ("modulo by zero in a rule", b"d(0).\np(X) :- d(Y), X = 7 \\ Y.\nq.\n"),
    "undefined-operation": ("arithmetic on a symbol", b"p(a+1).\nq.\n"),
    "undefined-operation-drops-rule": ("a body literal over undefined arithmetic drops its rule before the safety check",
                                       b"q.\np(X) :- c/2 < 3.\nr(Y) :- q, s(Y/0).\n"),
    "empty-file": ("an empty program", b""),
    "syntax-error-fact": ("a fact with an unclosed argument list", b"p(1.\n"),
    "syntax-error-rule": ("a rule body ending in a comma", b"p :- q, .\n"),
    "syntax-error-constraint": ("a constraint whose body is a bare `not`", b":- not .\n"),
    "syntax-error-choice": ("a choice rule with two elements and no separator",
                            b"{ p(1) p(2) }.\n"),
    "syntax-error-disjunction": ("a disjunction with an empty disjunct", b"p | | q.\n"),
    "syntax-error-aggregate": ("an aggregate guard without its bound",
                               b"q(1).\np :- #count { X : q(X) } > .\n"),
    "syntax-error-weak-constraint": ("a weak constraint with an empty weight", b":~ p. [@1]\n"),
    "syntax-error-minimize": ("a #minimize element without its weight",
                              b"p.\n#minimize { @1 : p }.\n"),
    "syntax-error-show": ("a #show signature without its arity", b"p.\n#show p/.\n"),
    "syntax-error-const": ("a #const without its value", b"#const n.\n"),
    "syntax-error-const-interval": ("a #const value with an interval (clingo's constant grammar"
                                    " has none)", b"#const n=f(1..3).\np(n).\n"),
    "syntax-error-const-pool": ("a #const value with a pool", b"#const n=(1;2).\np(n).\n"),
    "syntax-error-external": ("an #external with an empty body", b"#external p :- .\n"),
    "syntax-error-project": ("a #project signature with a symbol arity", b"#project p/a.\n"),
    "syntax-error-include": ("an #include of an unquoted name", b"#include p.\n"),
    "syntax-error-program": ("a #program without its name", b"#program .\n"),
}

# case name -> (what it checks, arguments): cases that are not a program text of their own.
ARG_CASES = {
    "missing-file": ("a file that does not exist", [f"{SUITE}/no-such-file.lp"]),
    "directory-as-file": ("a directory given as the input file", [f"{SUITE}/"]),
}


def clean_stderr(text):
    """clingo's stderr with the program name abstracted (and any Python traceback removed)."""
    lines, skipping = [], False
    for line in text.splitlines():
        if line.startswith("Traceback (most recent call last):"):
            skipping = True
            continue
        if skipping:
            if line.startswith("*** "):
                skipping = False
            else:
                continue
        lines.append(line)
    out = "\n".join(lines)
    out = re.sub(r"\*\*\* (ERROR|Info|Warn|WARN|INFO)( *): \((py)?clingo\)", r"*** \1\2: (PROGRAM)", out)
    return out.strip("\n") + "\n" if out.strip() else ""


def first_model(stdout):
    """The atoms of the first answer clingo printed ('(none)' when unsatisfiable)."""
    lines = stdout.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("Answer:") and index + 1 < len(lines):
            return lines[index + 1].strip()
    return "(none)"


def own_sections(case):
    """The hand-written lines of the case's current .expected file that mark a deliberate
    difference (see tests/bad-input/README.md), kept when the file is written again: the
    `mini-clingo-exit:` line, and the `differs on purpose` notes with the `mini-clingo-stderr:`
    block."""
    path = os.path.join(ROOT, SUITE, f"{case}.expected")
    if not os.path.exists(path):
        return [], []
    with open(path, "rb") as handle:
        text = handle.read().decode("utf-8", "surrogateescape")
    head_part = text.split("\nstderr:\n", 1)[0]
    lines = head_part.split("\n")
    head = [line for line in lines if line.startswith("mini-clingo-exit:")]
    tail = [line for line in lines if line.startswith("note: mini-clingo differs on purpose")]
    if "mini-clingo-stderr:" in lines:
        tail += lines[lines.index("mini-clingo-stderr:"):]
    return head, tail


def record(case, describe, args, native):
    """Run both clingos on a case and write its .expected file."""
    new_text = subprocess.run([clingo_executable(), *args], cwd=ROOT,
                              capture_output=True, timeout=120, check=False)
    old = subprocess.run([native, *args], cwd=ROOT, capture_output=True, timeout=120, check=False)
    stderr = clean_stderr(new_text.stderr.decode("utf-8", "surrogateescape"))
    code = new_text.returncode
    old_stderr = clean_stderr(old.stderr.decode("utf-8", "surrogateescape"))
    notes = []
    if old.returncode != code:
        if old.returncode & ~20 == code & ~20:
            notes.append(f"5.8.3 stops after the first model without exhausting the search"
                         f" (Models: 1+) and so would exit {code}; 5.4.1 exits {old.returncode}:"
                         f" accept either")
            code = old.returncode
        else:
            notes.append(f"clingo 5.4.1 exits {old.returncode}, 5.8.3 answers as exit {code}")
    if old_stderr != stderr:
        for line in old_stderr.splitlines() or ["(nothing)"]:
            notes.append(f"5.4.1 stderr: {line}")
    own_head, own_tail = own_sections(case)
    body = [f"# {describe}", "args: " + " ".join(args), f"exit: {code}",
            f"exit-5.4.1: {old.returncode}", *own_head]
    body += [f"note: {n}" for n in notes]
    if code != 65:
        body.append("model: " + first_model(new_text.stdout.decode("utf-8", "surrogateescape")))
    body += [*own_tail, "stderr:"]
    text = "\n".join(body) + "\n" + stderr
    with open(os.path.join(ROOT, SUITE, f"{case}.expected"), "wb") as handle:
        handle.write(text.encode("utf-8", "surrogateescape"))
    print(f"{case}: exit {code} (5.4.1: {old.returncode}){' DIFFERS' if notes else ''}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clingo-native", default="/usr/bin/clingo")
    opts = parser.parse_args()
    os.makedirs(os.path.join(ROOT, SUITE), exist_ok=True)
    for case, (describe, text) in CASES.items():
        path = f"{SUITE}/{case}.lp"
        with open(os.path.join(ROOT, path), "wb") as handle:
            handle.write(text)
        record(case, describe, [path], opts.clingo_native)
    for case, (describe, args) in ARG_CASES.items():
        record(case, describe, args, opts.clingo_native)


if __name__ == "__main__":
    main()
