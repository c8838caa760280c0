#!/usr/bin/env bash
# Instructions per random-playout step of GAME, counted by callgrind: repeatable to the
# instruction, whatever else the machine is doing, so two versions of an engine compare exactly.
#   bash benchmarks/count_instructions.sh GAME [GAMES]      (needs valgrind)
set -euo pipefail
game=$1 games=${2:-6}
here=$(dirname "$0")
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null python "$here/playouts.py" "$game" "$1" 2>&1
}
base=$(count 0 | awk '/Collected/ {print $4}')
run=$(count "$games")
total=$(echo "$run" | awk '/Collected/ {print $4}')
steps=$(echo "$run" | awk '/^steps/ {print $2}')
echo "$game: $(( (total - base) / steps )) instructions per step over $steps steps"
