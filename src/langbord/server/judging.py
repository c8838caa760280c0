"""The post-game analysis as the server runs it: one decision judged per bot-worker job
(:func:`judge`, in the worker) and the reports put together once all are in (:func:`assemble`,
in the server), both through :mod:`langbord.analysis`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langbord import analysis
from langbord.core.game import JSON, Game


def decisions(game: Game, history: Sequence[int]) -> list[int]:
    """The indices in ``history`` of its decisions (every action not a chance outcome)."""
    return analysis.decisions_in(game, history)


def judge(
    game_name: str,
    options: Mapping[str, Any],
    history: Sequence[int],
    index: int,
    seconds: float,
    seed: int,
) -> dict[str, JSON]:
    """The report of the decision at ``history[index]`` as JSON (``DecisionReport.to_json``)."""
    report = analysis.analyse_decision(
        game_name, dict(options), list(history), index, seconds=seconds, iterations=None, seed=seed
    )
    return report.to_json()


def assemble(game: Game, seconds: float, reports: list[dict[str, Any]]) -> dict[str, JSON]:
    """The analysis of a whole game from its decisions' reports, in order (``Analysis``'s
    JSON: game, options, agent, seconds, seats, thresholds, decisions, summary)."""
    judged = [analysis.DecisionReport.from_json(r) for r in reports]
    whole = analysis.assemble(game.name, game.options, judged, seconds=seconds, iterations=None)
    return whole.to_json()
