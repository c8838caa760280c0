"""``langbord report``: what a simulation's games say — win rates by seat, by agent or by option
set with 95% intervals, score distributions, game lengths, and the team's win rate in a
cooperative game; with ``plot`` a matplotlib figure of the same."""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from langbord.core.errors import LangbordError
from langbord.core.registry import info
from langbord.sim.stats import Tally, wilson

GROUPINGS = ("seat", "agent", "option")


class ReportError(LangbordError):
    """A runs file that cannot be read as games of ``langbord simulate``."""


_FIELDS: dict[str, Callable[[Any], bool]] = {
    "name": lambda v: isinstance(v, str),
    "options": lambda v: isinstance(v, dict),
    "agents": lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
    "scores": lambda v: isinstance(v, list) and all(_number(x) for x in v),
    "returns": lambda v: isinstance(v, list) and all(_number(x) for x in v),
    "length": lambda v: type(v) is int and v >= 0,
    "game": lambda v: type(v) is int and v >= 0,
}


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def load_runs(paths: Sequence[str | Path]) -> list[dict[str, Any]]:
    """Every game line of ``paths``; a broken line is an error naming its file and line."""
    runs: list[dict[str, Any]] = []
    for path in paths:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ReportError(f"cannot read {str(path)!r}: {exc}") from None
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ReportError(f"{path}:{number}: not JSON ({exc.msg})") from None
            if not isinstance(entry, dict):
                raise ReportError(f"{path}:{number}: not a game line (a JSON object)")
            for key, ok in _FIELDS.items():
                if not ok(entry.get(key)):
                    raise ReportError(f"{path}:{number}: field {key!r} is missing or malformed")
            n = len(entry["agents"])
            if not n or len(entry["scores"]) != n or len(entry["returns"]) != n:
                raise ReportError(f"{path}:{number}: agents, scores and returns differ in length")
            runs.append(entry)
    if not runs:
        raise ReportError("no games in " + ", ".join(str(p) for p in paths))
    names = {entry["name"] for entry in runs}
    if len(names) > 1:
        raise ReportError(f"the files mix games ({', '.join(sorted(names))}): report one game")
    return runs


def options_label(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"


def cooperative(runs: list[dict[str, Any]]) -> bool:
    """Whether the runs' game declares itself cooperative (its ``GameInfo``)."""
    return info(runs[0]["name"]).cooperative


def group(runs: list[dict[str, Any]], by: str) -> list[Tally]:
    """Per seat or agent: every seat-game it played. Per option set: its games, with the win
    rate of the team (cooperative) or of the first seat (competitive), and every seat's score."""
    groups: dict[str, Tally] = {}
    for entry in runs:
        n = len(entry["agents"])
        for seat in range(n):
            if by == "seat":
                label = f"seat {seat}"
            elif by == "agent":
                label = entry["agents"][seat]
            else:
                label = options_label(entry["options"])
            g = groups.setdefault(label, Tally(label))
            if by != "option" or seat == 0:
                g.plays += 1
                g.wins += entry["returns"][seat]
                g.lengths.append(entry["length"])
            g.scores.append(float(entry["scores"][seat]))
    order = sorted(groups) if by != "seat" else sorted(groups, key=lambda s: int(s.split()[1]))
    return [groups[label] for label in order]


def _quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return values[0], values[0], values[0]
    q = statistics.quantiles(values, n=4)
    return q[0], q[1], q[2]


def report(runs: list[dict[str, Any]], by: Sequence[str] | None = None) -> str:
    """The report's text. ``by`` defaults to seat and agent (and option if the runs hold
    several option sets; a cooperative game starts with the team's win rate)."""
    team = cooperative(runs)
    option_sets = {json.dumps(e["options"], sort_keys=True) for e in runs}
    if by is None:
        by = ["seat", "agent"] + (["option"] if len(option_sets) > 1 else [])
    for b in by:
        if b not in GROUPINGS:
            raise ReportError(f"cannot report by {b!r}; by one of: {', '.join(GROUPINGS)}")
    name = info(runs[0]["name"]).title
    lengths = [e["length"] for e in runs]
    lines = [
        f"{name}: {len(runs)} games, {len(option_sets)} option set"
        + ("s" if len(option_sets) > 1 else "")
        + ("" if len(option_sets) > 1 else f" ({options_label(runs[0]['options'])})")
        + "; 95% intervals (Wilson)",
        f"game length: mean {statistics.fmean(lengths):.1f}, "
        f"median {statistics.median(lengths):g}, min {min(lengths)}, max {max(lengths)} steps",
    ]
    if team:
        wins = sum(e["returns"][0] for e in runs)
        low, high = wilson(wins, len(runs))
        lines.append(
            f"team win rate: {wins / len(runs):.1%} [{low:.1%}, {high:.1%}] over {len(runs)} games"
        )
    for b in by:
        groups = group(runs, b)
        players = {len(e["agents"]) for e in runs}
        fair = 1.0 / players.pop() if len(players) == 1 and not team else None
        if b == "option":
            fair = None
        title = {"seat": "by seat", "agent": "by agent", "option": "by option set"}[b]
        unit = "seat-games"
        if b == "option":
            unit = "games"
            title += " (team)" if team else " (seat 0)"
        lines.append("")
        lines.append(
            f"{title:<32} {unit:>10} {'win rate':>9} {'95% interval':>17}"
            + (f" {'x fair':>7}" if fair else "")
            + f" {'score mean':>10} {'sd':>6} {'min':>6} {'q1':>6} {'median':>6} {'q3':>6}"
            f" {'max':>6} {'length':>7}"
        )
        for g in groups:
            low, high = g.interval
            q1, median, q3 = _quartiles(g.scores)
            sd = statistics.stdev(g.scores) if len(g.scores) > 1 else 0.0
            lines.append(
                f"{g.label:<32} {g.plays:>10} {g.win_rate:>9.1%} "
                f"{f'[{low:.1%}, {high:.1%}]':>17}"
                + (f" {g.win_rate / fair:>7.2f}" if fair else "")
                + f" {statistics.fmean(g.scores):>10.1f} {sd:>6.1f} {min(g.scores):>6g} "
                f"{q1:>6g} {median:>6g} {q3:>6g} {max(g.scores):>6g}"
                f" {statistics.fmean(g.lengths):>7.1f}"
            )
    return "\n".join(lines)


def plot(runs: list[dict[str, Any]], out: str | Path, by: str = "seat") -> None:
    """A figure: win rate with 95% error bars per ``by`` group, and each group's score
    histogram; written to ``out`` (PNG, SVG or PDF by its suffix)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ReportError("--plot needs matplotlib: pip install 'langbord[sim]'") from None
    groups = group(runs, by)
    name = info(runs[0]["name"]).title
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    labels = [g.label for g in groups]
    rates = [g.win_rate for g in groups]
    errors = [
        [max(0.0, g.win_rate - g.interval[0]) for g in groups],
        [max(0.0, g.interval[1] - g.win_rate) for g in groups],
    ]
    left.bar(range(len(groups)), rates, yerr=errors, capsize=6, color="#4c72b0")
    left.set_xticks(range(len(groups)), labels, rotation=20, ha="right")
    left.set_ylim(0, 1)
    left.set_ylabel("win rate (95% interval)")
    left.set_title(f"{name}: win rate by {by} ({len(runs)} games)")
    if not cooperative(runs):
        players = len(runs[0]["agents"])
        left.axhline(1 / players, color="grey", linestyle="--", label="fair share")
        left.legend()
    every = [x for g in groups for x in g.scores]
    low, high = min(every), max(every)
    bins = (
        [low + (high - low) * k / 20 for k in range(21)] if high > low else [low - 0.5, low + 0.5]
    )
    for g in groups:
        right.hist(g.scores, bins=bins, histtype="step", linewidth=2, label=g.label)
    right.set_xlabel("score")
    right.set_ylabel(f"{'games' if by == 'option' else 'seat-games'}")
    right.set_title("score distribution")
    right.legend()
    figure.tight_layout()
    try:
        figure.savefig(out)
    except (OSError, ValueError) as exc:
        raise ReportError(f"cannot write {str(out)!r}: {exc}") from None
    finally:
        plt.close(figure)
