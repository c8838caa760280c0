#!/usr/bin/env bash
# The bots' strength targets, measured with the arena: MCTS at 0.25 s per decision against a
# field of random agents and a field of greedy agents, 100 seat-rotated games each.
#   bash benchmarks/agents_report.sh GAME PLAYERS [GAMES] [JOBS]
# Writes benchmarks/results/agents-GAME.txt (the README quotes it).
set -euo pipefail
game=$1 players=$2 games=${3:-100} jobs=${4:-1}
out="$(dirname "$0")/results/agents-$game.txt"
mkdir -p "$(dirname "$out")"
{
  echo "# langbord arena, $(date -u +%Y-%m-%d), $(nproc) cores, jobs=$jobs"
  for field in random greedy; do
    echo "\$ langbord arena $game --players $players --agents mcts:time=0.25,$field --games $games --seed 1 --jobs $jobs"
    langbord arena "$game" --players "$players" --agents "mcts:time=0.25,$field" \
      --games "$games" --seed 1 --jobs "$jobs"
    echo
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
