#!/bin/sh
# Fills fuzz/corpus/<target>/ with seed inputs from the repository's fixtures.
# Run from anywhere; the corpus directories are git-ignored.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mkdir -p "$here/corpus/parse" "$here/corpus/ground_solve" "$here/corpus/aspif"

# parse: every .lp fixture (any size), with the regressions and the bad-input suite (tests/).
find "$root/programs" "$root/grounder/tests/fixtures" "$root/solver-core/tests/fixtures" "$root/tests" \
    -name '*.lp' -type f | while read -r f; do
    cp "$f" "$here/corpus/parse/$(echo "$f" | sed "s|$root/||; s|/|_|g")"
done

# ground_solve: the .lp fixtures the target accepts (at most 512 bytes).
find "$root/programs" "$root/grounder/tests/fixtures" "$root/solver-core/tests/fixtures" "$root/tests" \
    -name '*.lp' -type f -size -513c | while read -r f; do
    cp "$f" "$here/corpus/ground_solve/$(echo "$f" | sed "s|$root/||; s|/|_|g")"
done

# aspif: the aspif fixtures of at most 2048 bytes.
find "$root/solver-core/tests/fixtures" "$root/grounder/tests/fixtures" "$root/programs" \
    -name '*.aspif' -type f -size -2049c | while read -r f; do
    cp "$f" "$here/corpus/aspif/$(echo "$f" | sed "s|$root/||; s|/|_|g")"
done

for t in parse ground_solve aspif; do
    echo "$t: $(ls "$here/corpus/$t" | wc -l) seeds"
done
