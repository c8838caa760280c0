#!/usr/bin/env bash
# The bots' strength targets, measured with the arena: MCTS at 0.25 s per decision against a
# field of random agents and a field of greedy agents, 100 seat-rotated games each.
#   bash benchmarks/agents_report.sh GAME PLAYERS [GAMES] [JOBS]
# Writes benchmarks/results/agents-GAME.txt (the README quotes it): the new report first, with
# the machine's load average before and after, then the file's earlier reports as they were.
set -euo pipefail
game=$1 players=$2 games=${3:-100} jobs=${4:-1}
out="$(dirname "$0")/results/agents-$game.txt"
mkdir -p "$(dirname "$out")"
load() { cut -d' ' -f1-3 /proc/loadavg; }
{
  echo "# langbord arena, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, jobs=$jobs, load average $(load)"
  for field in random greedy; do
    echo "\$ langbord arena $game --players $players --agents mcts:time=0.25,$field --games $games --seed 1 --jobs $jobs"
    langbord arena "$game" --players "$players" --agents "mcts:time=0.25,$field" \
      --games "$games" --seed 1 --jobs "$jobs"
    echo
  done
  echo "# finished $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(load)"
  if [ -s "$out" ]; then
    echo
    echo "# ---- earlier reports ----"
    cat "$out"
  fi
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
