#!/bin/bash
# Regenerates the expected answers of the #edge/#heuristic programs from clingo 5.8.3 (never
# run by the tests): NAME.aspif is `clingo --mode=gringo NAME.lp`; NAME.models holds every
# answer of `clingo 0 NAME.aspif`, one per line, atoms sorted, lines sorted; for the programs
# listed in FIRST, NAME.first holds the first answer of `clingo 1 --heuristic=Domain NAME.aspif`
# (programs whose statements determine that answer).
set -eu
cd "$(dirname "$0")"
clingo=${CLINGO:-../../../.reference/clingo}
FIRST="heu_true_false heu_priority heu_dynamic_sign heu_levels"
answers() { sed -n '/^Answer/{n;p}' | while read -r line; do echo "$line" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//'; echo; done; }
for lp in *.lp; do
  name=${lp%.lp}
  "$clingo" --mode=gringo "$lp" > "$name.aspif"
  "$clingo" 0 "$name.aspif" | answers | sort > "$name.models" || true
done
for name in $FIRST; do
  "$clingo" 1 --heuristic=Domain "$name.aspif" | answers > "$name.first" || true
done
