#!/bin/bash
# Regenerates expected/ from clingo 5.8.3 (needs /work/.venv-clingo; never run by the tests).
# stdout is kept byte for byte; stderr loses pyclingo's Python traceback; the tests mask the
# banner, the program name and times on both sides.
cd "$(dirname "$0")"
mkdir -p expected
grep -v '^#' "${1:-cases.txt}" | while IFS='|' read -r name compare args; do
  name=$(echo $name); args=$(echo $args)
  [ -z "$name" ] && continue
  /work/.venv-clingo/bin/python clingo583.py $args > expected/$name.out 2> expected/$name.raw < /dev/null
  echo $? > expected/$name.code
  sed '/^Traceback/,/^RuntimeError/d' expected/$name.raw > expected/$name.err
  rm expected/$name.raw
done
