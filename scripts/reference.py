"""The reference: the clingo 5.8.3 executable.

Every script that asks clingo for an expected answer, a message or an exit code runs this
executable (`python -m clingo` is not the reference: it prints `Models : 1+` where clingo prints
`1` and always exits 0). It is `$CLINGO_EXE` or `.reference/clingo` at the repository root,
built from the PyPI wheel by `bash ../shared/reference/build.sh .reference`.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def clingo_executable():
    """The path of the clingo 5.8.3 executable; exits with a clear message when it is missing."""
    path = os.environ.get("CLINGO_EXE") or os.path.join(ROOT, ".reference", "clingo")
    if not os.access(path, os.X_OK):
        sys.exit(f"no clingo 5.8.3 executable at {path}: build it with "
                 f"`bash ../shared/reference/build.sh .reference` (or set CLINGO_EXE)")
    version = subprocess.run([path, "--version"], capture_output=True, text=True, check=False)
    first_line = (version.stdout.splitlines() or [""])[0]
    if "5.8.3" not in first_line:
        sys.exit(f"{path} is not clingo 5.8.3 ({first_line!r})")
    return path
