#!/usr/bin/env bash
# The balance study the README quotes: first-seat advantage in each competitive game at each
# player count (greedy agents), Skoventyr's win rate by difficulty and module (the policy
# agent), Knarr's normal against advanced boats (greedy agents).
#   bash benchmarks/balance_study.sh [GAMES] [JOBS]
# Runs go to benchmarks/results/balance/*.jsonl (not kept in git); the report to
# benchmarks/results/balance.txt.
set -euo pipefail
games=${1:-1000} jobs=${2:-2}
here="$(dirname "$0")"
runs="$here/results/balance"
out="$here/results/balance.txt"
mkdir -p "$runs"

sim() {  # sim NAME ARGS...: one simulation, resumed if it was interrupted
  local name=$1; shift
  langbord simulate "$@" --games "$games" --seed 1 --jobs "$jobs" --out "$runs/$name.jsonl" \
    --resume > /dev/null
}
show() {  # show COMMAND...: a command and its output, for the report
  echo "\$ $*"
  "$@"
  echo
}

for spec in "skibe 3" "skibe 4" "skibe 5" "skaal 3" "skaal 4" "skaal 5" "skaal 6" \
            "knarr 2" "knarr 3" "knarr 4"; do
  set -- $spec
  sim "$1-$2" "$1" --players "$2" --agents greedy
done
sim knarr-3-advanced knarr --players 3 --agents greedy --option boat=advanced
for trees in 6 7 8; do
  sim "skoventyr-trees$trees" skoventyr --agents policy --option trees=$trees
done
for damaged in 1 2; do
  sim "skoventyr-damaged$damaged" skoventyr --agents policy --option damaged=$damaged
done
sim skoventyr-lygtemands skoventyr --agents policy --option lygtemands=true
sim skoventyr-rescue skoventyr --agents policy --option rescue=true
sim skoventyr-both skoventyr --agents policy --option lygtemands=true --option rescue=true

{
  echo "# langbord balance study, $(date -u +%Y-%m-%d), $games games per setting, seed 1"
  echo "# (bash benchmarks/balance_study.sh $games $jobs; runs in benchmarks/results/balance/)"
  echo
  echo "## First-seat advantage, greedy agents in every seat"
  for spec in skibe-3 skibe-4 skibe-5 skaal-3 skaal-4 skaal-5 skaal-6 knarr-2 knarr-3 knarr-4; do
    show langbord report "$runs/$spec.jsonl" --by seat
  done
  echo "## Knarr, 3 players: normal against advanced boats (greedy agents)"
  show langbord report "$runs/knarr-3.jsonl" "$runs/knarr-3-advanced.jsonl" --by option
  echo "## Skoventyr solo: difficulty and modules (the policy agent)"
  show langbord report "$runs"/skoventyr-trees{6,7,8}.jsonl \
    "$runs"/skoventyr-damaged{1,2}.jsonl --by option
  show langbord report "$runs/skoventyr-trees6.jsonl" "$runs/skoventyr-lygtemands.jsonl" \
    "$runs/skoventyr-rescue.jsonl" "$runs/skoventyr-both.jsonl" --by option
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
