"""Post-game analysis: each seat's chance of winning before every decision, and what each
decision cost against the best move the game's best agent found.

For every decision of a game (not chance outcomes), the game's best agent
(``langbord.agents.heuristics.best_agent``: MCTS, or for cooperative Skoventyr its flat Monte Carlo
``rollouts`` agent; any other falls back to ``mcts``) searches the position with the analysis's
budget and gives:

- ``chances``: every seat's estimated chance of winning before the decision (its share of the
  win, in [0, 1], as the agent's search values it: the mean rewards of the iterations through the
  move it found best). Cooperative Skoventyr has one chance, the team's, repeated for every seat;
- ``best`` and ``best_chance``: the move the agent would play and the mover's chance after it;
- ``played_chance``: the mover's chance after the move actually played. The search gives that
  move at least a quarter of the budget's simulations (:data:`PLAYED_SHARE`; more are spent on
  it if it had fewer), so a move it did not like is still judged on a fair sample;
- ``loss`` = ``best_chance - played_chance``, never below 0 (a move that did as well as the best
  loses nothing, and is then named the best), and a ``mark`` when the loss reaches one of
  :data:`THRESHOLDS` (in units of win chance: 0.05 is five points of a hundred);
- ``simulations``: the search's iterations (or rollouts) for that decision, the deepening of
  the played move included.

Only decisions with two or more legal actions are judged: a forced move has no mark, no loss and
no search (``simulations`` 0); its ``chances`` are the position's evaluation
(``State.evaluate``) averaged over :data:`FORCED_DEALS` re-deals from the mover's view.

Hidden information is respected: a decision is judged only from what its mover knew then. The
search starts from the position before the decision and every simulation re-deals what the
mover cannot see (``State.resample_hidden(mover, rng)``: one determinization per iteration, the
same as the agent does when it plays), so two games that differ only in cards the mover had not
seen get the same analysis of that decision with the same seed.

Each decision's search is seeded from ``seed`` and the decision's index, so an analysis repeats
exactly with an iteration budget (a time budget depends on the machine's speed).

>>> import langbord
>>> from langbord.agents import RandomAgent
>>> record = langbord.play_game(langbord.load("skibe", players=3),
...                             [RandomAgent(p) for p in range(3)], seed=1)
>>> report = analyse_decision("skibe", {"players": 3}, history_of(record),
...                           decisions_of(record)[0], seconds=None, iterations=20, seed=0)
>>> report.simulations >= 20 and len(report.chances) == 3
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langbord.agents.heuristics import best_agent, heuristics_for, search_defaults
from langbord.agents.mcts import DEFAULT_ITERATIONS, MCTSAgent
from langbord.agents.rollouts import DEFAULT_ROLLOUTS, RolloutAgent
from langbord.agents.specs import parse_spec
from langbord.core.errors import LangbordError, RecordError
from langbord.core.game import CHANCE, JSON, Game, State
from langbord.core.records import replay
from langbord.core.registry import load as load_game

THRESHOLDS: dict[str, float] = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
"""The least loss of win chance (0..1) that earns each mark; the largest mark reached counts.
A seat's fair share of the win is 1/N with N seats, so 0.10 is a third of a fair share in a
three-player game; ``benchmarks/analysis_honesty.py`` checks that these marks separate MCTS's
play from random play (see the README's analysis section)."""

MARKS = ("inaccuracy", "mistake", "blunder")
"""The marks, mildest first."""

PLAYED_SHARE = 4
"""The played move is searched at least 1/``PLAYED_SHARE`` of the decision's simulations."""

FORCED_DEALS = 8
"""Re-deals from the mover's view whose evaluations give a forced move's ``chances``."""

MAX_SECONDS = 600.0
MIN_SECONDS = 0.001
MAX_ITERATIONS = 1_000_000


@dataclass(frozen=True)
class DecisionReport:
    """The analysis of one decision (see the module for each field's meaning)."""

    move: int
    """The decision's index in the game's history (chance outcomes included)."""
    seat: int
    played: str
    played_words: str
    best: str
    best_words: str
    best_kind: str
    best_args: dict[str, JSON]
    chances: list[float]
    played_chance: float
    best_chance: float
    loss: float
    mark: str | None
    simulations: int
    legal: int
    """How many legal actions the mover had (1: a forced move, not judged)."""

    def to_json(self) -> dict[str, JSON]:
        return {
            "move": self.move,
            "seat": self.seat,
            "played": self.played,
            "played_words": self.played_words,
            "best": self.best,
            "best_words": self.best_words,
            "best_kind": self.best_kind,
            "best_args": dict(self.best_args),
            "chances": list(self.chances),
            "played_chance": self.played_chance,
            "best_chance": self.best_chance,
            "loss": self.loss,
            "mark": self.mark,
            "simulations": self.simulations,
            "legal": self.legal,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DecisionReport:
        """The report :meth:`to_json` wrote; :class:`LangbordError` for anything else."""
        try:
            mark = data["mark"]
            if mark is not None and mark not in MARKS:
                raise ValueError(f"unknown mark {mark!r}")
            return cls(
                move=_whole(data["move"]),
                seat=_whole(data["seat"]),
                played=str(data["played"]),
                played_words=str(data["played_words"]),
                best=str(data["best"]),
                best_words=str(data["best_words"]),
                best_kind=str(data["best_kind"]),
                best_args=dict(data["best_args"]),
                chances=[_chance(x) for x in data["chances"]],
                played_chance=_chance(data["played_chance"]),
                best_chance=_chance(data["best_chance"]),
                loss=_chance(data["loss"]),
                mark=mark,
                simulations=_whole(data["simulations"]),
                legal=_whole(data.get("legal", 2)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise LangbordError(f"not a decision of an analysis: {exc}") from None


@dataclass(frozen=True)
class Analysis:
    """The analysis of a whole game: a :class:`DecisionReport` per decision, in order."""

    game: str
    options: dict[str, JSON]
    agent: str
    """The searching agent's spec, with the budget it was given."""
    seconds: float | None
    iterations: int | None
    decisions: list[DecisionReport]
    seats: list[str] = field(default_factory=list)
    thresholds: dict[str, float] = field(default_factory=lambda: dict(THRESHOLDS))

    def summary(self) -> dict[str, dict[str, JSON]]:
        """Per seat (keyed by its index as text): its name, its decisions, how many were judged
        (two or more legal actions), the count of each mark and its mean loss over the judged
        ones."""
        out: dict[str, dict[str, JSON]] = {}
        for seat, name in enumerate(self.seats):
            mine = [d for d in self.decisions if d.seat == seat]
            judged = [d for d in mine if d.legal > 1]
            row: dict[str, JSON] = {"name": name, "decisions": len(mine), "judged": len(judged)}
            for mark in MARKS:
                row[mark] = sum(1 for d in judged if d.mark == mark)
            row["mean_loss"] = (
                round(sum(d.loss for d in judged) / len(judged), 4) if judged else 0.0
            )
            out[str(seat)] = row
        return out

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"game": self.game, "options": dict(self.options)}
        data["agent"] = self.agent
        if self.seconds is not None:
            data["seconds"] = self.seconds
        else:
            data["iterations"] = self.iterations
        data["seats"] = list(self.seats)
        data["thresholds"] = dict(self.thresholds)
        data["decisions"] = [d.to_json() for d in self.decisions]
        data["summary"] = self.summary()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Analysis:
        """The analysis :meth:`to_json` wrote; :class:`LangbordError` for anything else."""
        if not isinstance(data, Mapping):
            raise LangbordError("not an analysis: an analysis is a JSON object")
        try:
            seconds = data.get("seconds")
            iterations = data.get("iterations")
            if (seconds is None) == (iterations is None):
                raise ValueError("it names neither seconds nor iterations, or both")
            decisions = data["decisions"]
            if not isinstance(decisions, list):
                raise ValueError("decisions is not a list")
            return cls(
                game=str(data["game"]),
                options=dict(data.get("options", {})),
                agent=str(data["agent"]),
                seconds=None if seconds is None else _seconds(seconds),
                iterations=None if iterations is None else _whole(iterations),
                decisions=[DecisionReport.from_json(d) for d in decisions],
                seats=[str(s) for s in data.get("seats", [])],
                thresholds={k: float(data["thresholds"][k]) for k in MARKS},
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise LangbordError(f"not an analysis: {exc}") from None


def mark_of(loss: float, thresholds: Mapping[str, float] = THRESHOLDS) -> str | None:
    """The largest mark whose threshold ``loss`` reaches, or ``None``."""
    found = None
    for mark in MARKS:
        if loss >= thresholds[mark] - 1e-12:
            found = mark
    return found


def history_of(record: object) -> list[int]:
    """The action ids of a record's history (it must replay: :class:`RecordError` if not)."""
    final = replay(record)
    return final.history()


def decisions_of(record: object) -> list[int]:
    """The indices in a record's history of its decisions (every action not a chance outcome),
    forced moves included; :class:`RecordError` if the record does not replay."""
    final = replay(record)
    return decisions_in(final.game, final.history())


def decisions_in(game: Game, history: Sequence[int]) -> list[int]:
    """The indices in ``history`` (legal actions of ``game`` from its start) of its decisions."""
    state = game.new_initial_state()
    found = []
    for index, action in enumerate(history):
        if state.current_player() != CHANCE:
            found.append(index)
        state.apply_unchecked(action)
    return found


def analyse_decision(
    game_name: str,
    options: Mapping[str, Any],
    history: Sequence[int],
    index: int,
    *,
    seconds: float | None,
    iterations: int | None,
    seed: int,
) -> DecisionReport:
    """The analysis of the decision at ``history[index]`` of game ``game_name`` with
    ``options``, searched from the position before it from its mover's view only (see the
    module): ``seconds`` or ``iterations`` per decision (neither: the agent's own budget).
    :class:`LangbordError` for a history that does not replay, an index that is not a decision,
    or a bad budget."""
    _check_budget(seconds, iterations)
    game = load_game(game_name, **dict(options))
    state = _position(game, history, index)
    return _judge(game, state, history[index], index, seconds, iterations, seed)


def analyse(
    record: object,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """The analysis of every decision of ``record`` (a game record, see
    :mod:`langbord.core.records`), in order; ``progress(done, total)`` after each one.
    :class:`RecordError` for a record that does not replay, :class:`LangbordError` for a bad
    budget."""
    _check_budget(seconds, iterations)
    final = replay(record)
    game = final.game
    history = final.history()
    indices = decisions_of(record)
    state = game.new_initial_state()
    reports: list[DecisionReport] = []
    done = 0
    for index, action in enumerate(history):
        if index in indices:
            reports.append(_judge(game, state, action, index, seconds, iterations, seed))
            done += 1
            if progress is not None:
                progress(done, len(indices))
        state.apply_unchecked(action)
    return assemble(game.name, game.options, reports, seconds=seconds, iterations=iterations)


def assemble(
    game_name: str,
    options: Mapping[str, Any],
    reports: Sequence[DecisionReport],
    *,
    seconds: float | None,
    iterations: int | None,
) -> Analysis:
    """The :class:`Analysis` of a game whose decisions were judged one by one with
    :func:`analyse_decision` at this budget (a server's workers judge them as separate jobs),
    in the order given: the same as :func:`analyse` gives with the same seed."""
    _check_budget(seconds, iterations)
    game = load_game(game_name, **dict(options))
    spec, seconds_used, iterations_used = _budget_spec(game, seconds, iterations)
    return Analysis(
        game=game.name,
        options=dict(game.options),
        agent=spec,
        seconds=seconds_used,
        iterations=iterations_used,
        decisions=list(reports),
        seats=[game.seat_name(p) for p in range(game.num_players())],
    )


# ---- the search ----------------------------------------------------------------------------


def _check_budget(seconds: object, iterations: object) -> None:
    if seconds is not None and iterations is not None:
        raise LangbordError("an analysis takes seconds or iterations per decision, not both")
    if seconds is not None:
        _seconds(seconds)
    if iterations is not None:
        _iterations(iterations)


def _seconds(value: object) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not MIN_SECONDS <= value <= MAX_SECONDS
    ):
        raise LangbordError(
            f"seconds per decision must be a number from {MIN_SECONDS:g} to {MAX_SECONDS:g}, "
            f"not {value!r}"
        )
    return float(value)


def _iterations(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ITERATIONS:
        raise LangbordError(
            f"iterations per decision must be a whole number from 1 to {MAX_ITERATIONS:,}, "
            f"not {value!r}"
        )
    return value


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _chance(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{value!r} is not a chance")
    return float(value)


def _position(game: Game, history: Sequence[int], index: int) -> State:
    """The state before ``history[index]``, a decision; :class:`LangbordError` if not."""
    if not isinstance(history, Sequence) or isinstance(history, str | bytes):
        raise LangbordError("a history is a list of action ids")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(history):
        raise LangbordError(f"move {index!r} is outside the history (0..{len(history) - 1})")
    state = game.new_initial_state()
    for step, action in enumerate(history[: index + 1]):
        if isinstance(action, bool) or not isinstance(action, int):
            raise LangbordError(f"history step {step}: {action!r} is not an action id")
        if step == index:
            break
        try:
            state.apply_action(action)
        except LangbordError as exc:
            raise RecordError(f"history step {step} does not replay: {exc}", step + 1) from None
    if state.current_player() < 0:
        what = "a chance outcome" if state.current_player() == CHANCE else "past the end"
        raise LangbordError(f"move {index} of the history is {what}, not a decision")
    if history[index] not in state.legal_actions():
        raise LangbordError(f"move {index} of the history is not legal there")
    return state


def _budget_spec(
    game: Game, seconds: float | None, iterations: int | None
) -> tuple[str, float | None, int | None]:
    """The agent's spec with the budget, and the budget (iterations resolved when neither was
    given)."""
    name, kwargs = _agent_kwargs(game)
    budget_key = "rollouts" if name == "rollouts" else "iterations"
    if seconds is not None:
        return f"{name}:time={seconds:g}", seconds, None
    if iterations is None:
        default = DEFAULT_ROLLOUTS if name == "rollouts" else DEFAULT_ITERATIONS
        iterations = int(kwargs.get(budget_key) or search_defaults(game).get("iterations", default))
    return f"{name}:{budget_key}={iterations}", None, iterations


def _agent_kwargs(game: Game) -> tuple[str, dict[str, Any]]:
    """The searching agent for ``game`` and its options: its best agent when that is ``mcts``,
    or ``rollouts`` in a cooperative game; else plain ``mcts``."""
    name, kwargs = parse_spec(best_agent(game))
    if name == "mcts" or (name == "rollouts" and game.info.cooperative):
        return name, kwargs
    return "mcts", {}


def _make_agent(
    game: Game, seconds: float | None, iterations: int | None, seed: int
) -> MCTSAgent | RolloutAgent:
    name, kwargs = _agent_kwargs(game)
    _, seconds, iterations = _budget_spec(game, seconds, iterations)
    for key in ("iterations", "rollouts", "time_limit"):
        kwargs.pop(key, None)
    if seconds is not None:
        kwargs["time_limit"] = seconds
    if name == "rollouts":
        if iterations is not None:
            kwargs["rollouts"] = iterations
        return RolloutAgent(seed, **kwargs)
    if iterations is not None:
        kwargs["iterations"] = iterations
    return MCTSAgent(seed, **kwargs)


def _judge(
    game: Game,
    state: State,
    played: int,
    index: int,
    seconds: float | None,
    iterations: int | None,
    seed: int,
) -> DecisionReport:
    """The report of the decision ``played`` at ``state`` (history index ``index``)."""
    mover = state.current_player()
    legal = state.legal_actions()
    rng_seed = random.Random(f"langbord-analysis:{seed}:{index}").getrandbits(63)
    if len(legal) == 1:
        chances = _forced_chances(state, mover, random.Random(rng_seed))
        return _report(state, index, played, played, chances, chances[mover], chances[mover], 0)
    agent = _make_agent(game, seconds, iterations, rng_seed)
    agent.step(state)
    best = agent.last_search[0].action
    if isinstance(agent, MCTSAgent):
        chances, best_chance, played_chance = _mcts_chances(agent, state, best, played)
    else:
        chances, best_chance, played_chance = _rollout_chances(agent, state, best, played)
    if played_chance >= best_chance:
        best, best_chance = played, played_chance
    if game.info.cooperative:  # the team's chance: that of the best move found
        chances = [best_chance] * game.num_players()
    return _report(
        state, index, played, best, chances, played_chance, best_chance, agent.last_iterations
    )


def _mcts_chances(
    agent: MCTSAgent, state: State, best: int, played: int
) -> tuple[list[float], float, float]:
    """The chances before the decision (after the agent's best move), the best move's and the
    played one's (deepened to at least its share of the simulations)."""
    chances = list(agent.last_values)
    stats = {s.action: s for s in agent.last_search}
    best_chance = stats[best].win
    quota = max(1, agent.last_iterations // PLAYED_SHARE)
    if played != best and stats[played].visits < quota:
        agent.deepen(played, quota - stats[played].visits)
    played_chance = {s.action: s.win for s in agent.last_search}[played]
    return chances, best_chance, played_chance


def _rollout_chances(
    agent: RolloutAgent, state: State, best: int, played: int
) -> tuple[list[float], float, float]:
    """As :func:`_mcts_chances` for the flat Monte Carlo agent: the played move gets more
    rollouts (on fresh re-deals from the mover's view) until it has its share."""
    mover = state.current_player()
    stats = {s.action: s for s in agent.last_search}
    best_chance = stats[best].win
    quota = max(1, agent.last_iterations // PLAYED_SHARE)
    runs, mean = stats[played].visits, stats[played].win
    total = mean * runs
    extra = max(0, quota - runs)
    known = heuristics_for(state.game)
    for _ in range(extra):
        total += agent._rollout(state, mover, played, agent.rng.getrandbits(64), known)
    agent.last_iterations += extra
    played_chance = total / (runs + extra) if runs + extra else 0.0
    chances = [best_chance] * state.game.num_players()
    return chances, best_chance, played_chance


def _forced_chances(state: State, mover: int, rng: random.Random) -> list[float]:
    """A forced move's chances: the evaluation averaged over re-deals from the mover's view."""
    n = state.game.num_players()
    sums = [0.0] * n
    evaluate = heuristics_for(state.game).evaluate
    for _ in range(FORCED_DEALS):
        values = evaluate(state.resample_hidden(mover, rng))
        for seat in range(n):
            sums[seat] += values[seat]
    return [s / FORCED_DEALS for s in sums]


def _report(
    state: State,
    index: int,
    played: int,
    best: int,
    chances: list[float],
    played_chance: float,
    best_chance: float,
    simulations: int,
) -> DecisionReport:
    loss = max(0.0, best_chance - played_chance)
    parts = state.action_parts(best)
    kind = parts["kind"]
    args = parts["args"]
    return DecisionReport(
        move=index,
        seat=state.current_player(),
        played=state.action_to_string(played),
        played_words=state.action_words(played),
        best=state.action_to_string(best),
        best_words=state.action_words(best),
        best_kind=str(kind),
        best_args=dict(args) if isinstance(args, dict) else {},
        chances=[round(c, 4) for c in chances],
        played_chance=round(played_chance, 4),
        best_chance=round(best_chance, 4),
        loss=round(loss, 4),
        mark=mark_of(round(loss, 4)) if len(state.legal_actions()) > 1 else None,
        simulations=simulations,
        legal=len(state.legal_actions()),
    )
