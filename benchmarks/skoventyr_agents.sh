#!/usr/bin/env bash
# Skoventyr's agents in the arena: one seeded run per setting, each printed with its command and
# appended to benchmarks/results/agents-skoventyr.txt (the README quotes it).
#   bash benchmarks/skoventyr_agents.sh AGENT GAMES JOBS SETTING...
# A setting is "standard" or options joined by "+": "damaged=1", "trees=7", "players=2",
# "lygtemands=true", "lygtemands=true+rescue=true".
#   bash benchmarks/skoventyr_agents.sh rollouts:rollouts=256 100 2 damaged=1 trees=7
set -euo pipefail
agent=$1 games=$2 jobs=$3
shift 3
out="$(dirname "$0")/results/agents-skoventyr.txt"
mkdir -p "$(dirname "$out")"
for setting in "$@"; do
  args=()
  if [ "$setting" != standard ]; then
    IFS=+ read -ra pairs <<< "$setting"
    for pair in "${pairs[@]}"; do args+=(--option "$pair"); done
  fi
  {
    echo "# $(date -u +%Y-%m-%d), $(nproc) cores, jobs=$jobs"
    echo "\$ langbord arena skoventyr --agents $agent --games $games --seed 1 --jobs $jobs ${args[*]}"
    langbord arena skoventyr --agents "$agent" --games "$games" --seed 1 --jobs "$jobs" "${args[@]}"
    echo
  } | tee -a "$out"
done
