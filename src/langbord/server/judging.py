"""The post-game analysis as the server runs it: one decision judged per bot-worker job
(:func:`judge`, in the worker) and the reports put together once all are in (:func:`assemble`,
in the server), both through ``langbord.analysis`` (``analyse_decision``, ``DecisionReport``,
``Analysis``).

Where that module is not installed, a stand-in behind the same signature judges a decision by
the game's own evaluation one move deep (``State.evaluate`` after each legal action, on a re-deal
of what the mover could not see): the same JSON, honest about its depth (``simulations`` 0,
``agent`` "evaluate"), so the server's queue, progress and storage work the same either way.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from langbord.core.game import CHANCE, JSON, Game
from langbord.core.registry import load

STAND_IN_THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.2}
"""The stand-in's marks: the win chance a decision lost against the best one found."""
MARKS = ("inaccuracy", "mistake", "blunder")


def analysis_module() -> ModuleType | None:
    """``langbord.analysis``, or None where it is not installed."""
    try:
        return importlib.import_module("langbord.analysis")
    except ModuleNotFoundError as exc:
        if exc.name != "langbord.analysis":
            raise
        return None


def decisions(game: Game, history: Sequence[int]) -> list[int]:
    """The indices in ``history`` of its decisions (every action not a chance outcome)."""
    state = game.new_initial_state()
    found = []
    for index, action in enumerate(history):
        if state.current_player() != CHANCE:
            found.append(index)
        state.apply_unchecked(action)
    return found


def judge(
    game_name: str,
    options: Mapping[str, Any],
    history: Sequence[int],
    index: int,
    seconds: float,
    seed: int,
) -> dict[str, JSON]:
    """The report of the decision at ``history[index]`` as JSON (``DecisionReport.to_json``)."""
    module = analysis_module()
    if module is not None:
        report = module.analyse_decision(
            game_name,
            dict(options),
            list(history),
            index,
            seconds=seconds,
            iterations=None,
            seed=seed,
        )
        result: dict[str, JSON] = report.to_json()
        return result
    return _stand_in(game_name, options, history, index, seed)


def _stand_in(
    game_name: str, options: Mapping[str, Any], history: Sequence[int], index: int, seed: int
) -> dict[str, JSON]:
    game = load(game_name, **dict(options))
    state = game.new_initial_state()
    for action in history[:index]:
        state.apply_unchecked(action)
    seat = state.current_player()
    seen = state.resample_hidden(seat, random.Random(seed))
    legal = seen.legal_actions()
    played = history[index]
    chance_of: dict[int, float] = {}
    for action in legal:
        after = seen.clone()
        after.apply_unchecked(action)
        chance_of[action] = float(after.evaluate()[seat])
    best = max(legal, key=lambda a: (chance_of[a], -a))
    loss = max(0.0, chance_of[best] - chance_of[played]) if len(legal) > 1 else 0.0
    mark = None
    for name in MARKS:
        if loss >= STAND_IN_THRESHOLDS[name]:
            mark = name
    parts = seen.action_parts(best)
    chances = [float(c) for c in seen.evaluate()]
    if game.info.cooperative:
        chances = [chances[seat]] * len(chances)
    return {
        "move": index,
        "seat": seat,
        "played": seen.action_to_string(played),
        "played_words": seen.action_words(played),
        "best": seen.action_to_string(best),
        "best_words": seen.action_words(best),
        "best_kind": parts["kind"],
        "best_args": parts["args"],
        "chances": list(chances),
        "played_chance": chance_of[played],
        "best_chance": chance_of[best],
        "loss": loss,
        "mark": mark,
        "simulations": 0,
        "legal": len(legal),
    }


def assemble(game: Game, seconds: float, reports: list[dict[str, Any]]) -> dict[str, JSON]:
    """The analysis of a whole game from its decisions' reports, in order (``Analysis``'s
    JSON: game, options, agent, seconds, seats, thresholds, decisions, summary)."""
    seats = [game.seat_name(p) for p in range(game.num_players())]
    module = analysis_module()
    if module is not None:
        analysis = module.Analysis(
            game=game.name,
            options=dict(game.options),
            agent=game.best_agent(),
            seconds=seconds,
            iterations=None,
            decisions=[module.DecisionReport.from_json(r) for r in reports],
            seats=seats,
        )
        result: dict[str, JSON] = analysis.to_json()
        return result
    summary: dict[str, JSON] = {}
    for seat, name in enumerate(seats):
        mine = [r for r in reports if r["seat"] == seat]
        judged = [r for r in mine if r["legal"] > 1]
        row: dict[str, JSON] = {"name": name, "decisions": len(mine), "judged": len(judged)}
        for mark in MARKS:
            row[mark] = sum(1 for r in judged if r["mark"] == mark)
        row["mean_loss"] = round(sum(r["loss"] for r in judged) / len(judged), 4) if judged else 0.0
        summary[str(seat)] = row
    return {
        "game": game.name,
        "options": dict(game.options),
        "agent": "evaluate",
        "seconds": seconds,
        "seats": list(seats),
        "thresholds": dict(STAND_IN_THRESHOLDS),
        "decisions": list(reports),
        "summary": summary,
    }
