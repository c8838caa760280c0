#!/usr/bin/env bash
# Throughput of langbord simulate with one process and with one per core: the same 200 games of
# four greedy Skibe players (the games are identical, only the time differs).
#   bash benchmarks/simulate_throughput.sh [GAMES]
set -euo pipefail
games=${1:-200}
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
echo "# langbord simulate throughput, $(date -u +%Y-%m-%d), $(nproc) cores"
for jobs in 1 "$(nproc)"; do
  echo "\$ langbord simulate skibe --agents greedy --games $games --seed 1 --jobs $jobs --out runs.jsonl"
  langbord simulate skibe --agents greedy --games "$games" --seed 1 --jobs "$jobs" \
    --out "$dir/jobs$jobs.jsonl" 2> /dev/null | tee "$dir/jobs$jobs.txt"
done
python3 - "$dir" "$(nproc)" <<'PY'
import re, sys
from pathlib import Path
rate = {}
for jobs in ("1", sys.argv[2]):
    text = Path(sys.argv[1], f"jobs{jobs}.txt").read_text()
    rate[jobs] = float(re.search(r"\(([\d.]+) games/s\)", text).group(1))
print(f"speed-up with {sys.argv[2]} jobs: {rate[sys.argv[2]] / rate['1']:.2f}x")
PY
