#!/usr/bin/env bash
# Instructions an agent spends on the first N decisions of a seeded GAME, counted by callgrind
# (the import and set-up, counted with no decision, left out): repeatable to the instruction, so
# two versions of a search or of a game's heuristics compare exactly.
#   bash benchmarks/count_agent_instructions.sh GAME SPEC [N]      (needs valgrind)
set -euo pipefail
export PYTHONHASHSEED=0  # string hashes vary run to run otherwise, and with them the count
game=$1 spec=$2 decisions=${3:-4}
here=$(dirname "$0")
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null python "$here/agent_playouts.py" \
    "$game" "$spec" "$1" 2>&1
}
base=$(count 0 | awk '/Collected/ {print $4}')
run=$(count "$decisions")
total=$(echo "$run" | awk '/Collected/ {print $4}')
made=$(echo "$run" | awk '/^decisions/ {print $2}')
echo "$game $spec: $(( total - base )) instructions over $made decisions"
