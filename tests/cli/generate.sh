#!/bin/bash
# Regenerates expected/ from the clingo 5.8.3 executable (never run by the tests).
# The executable is $CLINGO, by default .reference/clingo at the repository root (built by
# scripts/reference/build.sh, or ../shared/reference/build.sh). stdout and stderr are kept byte
# for byte; the tests mask the banner, the program name and times on both sides.
# Usage: tests/cli/generate.sh [cases file]   (default cases.txt; also run it for cases_ground.txt, cases_edge.txt, cases_incmode.txt)
set -u
cd "$(dirname "$0")"
clingo=${CLINGO:-../../.reference/clingo}
[ -x "$clingo" ] || { echo "no clingo executable at $clingo" >&2; exit 1; }
"$clingo" --version | head -1 | grep -q '5\.8\.3' || { echo "$clingo is not clingo 5.8.3" >&2; exit 1; }
mkdir -p expected
grep -v '^#' "${1:-cases.txt}" | while IFS='|' read -r name compare args; do
  name=$(echo $name); args=$(echo $args)
  [ -z "$name" ] && continue
  "$clingo" $args > expected/$name.out 2> expected/$name.err < /dev/null
  echo $? > expected/$name.code
done
