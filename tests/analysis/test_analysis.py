"""Post-game analysis: marks where a move throws the game away, names the better move, leaves
forced moves alone, round-trips its JSON, judges a decision only from what its mover knew, and
refuses bad input with a clear error."""

from __future__ import annotations

import json
import math
import random

import pytest

import langbord
from langbord import CHANCE, LangbordError, RecordError, State
from langbord.agents import RandomAgent
from langbord.analysis import (
    MARKS,
    THRESHOLDS,
    Analysis,
    DecisionReport,
    analyse,
    analyse_decision,
    assemble,
    decisions_of,
    history_of,
    mark_of,
)
from langbord.core.records import to_record
from langbord.core.runner import sample_chance


def random_record(name: str, players: int, seed: int) -> dict[str, object]:
    game = langbord.load(name, players=players)
    return langbord.play_game(game, [RandomAgent(seed * 10 + p) for p in range(players)], seed)


def decisive_position(seed: int = 2) -> tuple[State, list[int], list[int]]:
    """The first decision of a seeded random 3-player Skibe game after which every move ends the
    game, some winning it for the mover and some losing it: the state, the winning moves and the
    losing ones (found by trying every move, so it needs no search to know)."""
    rng = random.Random(seed)
    state = langbord.load("skibe", players=3).new_initial_state()
    while not state.is_terminal():
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        outcomes = {}
        for action in legal:
            after = state.clone()
            after.apply_action(action)
            if after.is_terminal():
                outcomes[action] = after.returns()[mover]
        if len(outcomes) == len(legal) > 1 and {0.0, 1.0} <= set(outcomes.values()):
            wins = [a for a, r in outcomes.items() if r == 1.0]
            losses = [a for a, r in outcomes.items() if r == 0.0]
            return state, wins, losses
        state.apply_action(legal[rng.randrange(len(legal))])
    raise AssertionError("no decisive position in this game")


def test_a_move_that_throws_the_game_away_is_a_blunder_and_the_winning_move_is_named() -> None:
    state, wins, losses = decisive_position()
    history = [*state.history(), losses[0]]
    index = len(history) - 1
    report = analyse_decision(
        "skibe", {"players": 3}, history, index, seconds=None, iterations=40, seed=0
    )
    assert report.mark == "blunder"
    assert report.played == state.action_to_string(losses[0])
    assert report.best in [state.action_to_string(a) for a in wins]
    assert report.best_chance == 1.0 and report.played_chance == 0.0 and report.loss == 1.0
    assert report.seat == state.current_player() and report.move == index
    parts = state.action_parts(state.string_to_action(report.best))
    assert (report.best_kind, report.best_args) == (parts["kind"], parts["args"])
    assert report.simulations >= 40

    winning = analyse_decision(
        "skibe",
        {"players": 3},
        [*state.history(), wins[0]],
        index,
        seconds=None,
        iterations=40,
        seed=0,
    )
    assert winning.mark is None and winning.loss == 0.0
    assert winning.played_chance == 1.0


def test_forced_moves_are_not_judged() -> None:
    record = random_record("knarr", 2, seed=3)
    history = history_of(record)
    state = langbord.load("knarr", players=2).new_initial_state()
    forced = []
    for index, action in enumerate(history):
        if state.current_player() >= 0 and len(state.legal_actions()) == 1:
            forced.append(index)
        state.apply_action(action)
    assert forced, "a random Knarr game has forced moves (e.g. a single way to end a turn)"
    report = analyse_decision(
        "knarr", {"players": 2}, history, forced[0], seconds=None, iterations=30, seed=0
    )
    assert report.mark is None and report.loss == 0.0 and report.simulations == 0
    assert report.legal == 1 and report.best == report.played
    assert len(report.chances) == 2 and all(0.0 <= c <= 1.0 for c in report.chances)


def test_whole_game_json_round_trip_and_progress() -> None:
    record = random_record("skibe", 3, seed=4)
    seen: list[tuple[int, int]] = []
    analysis = analyse(record, iterations=6, seed=1, progress=lambda d, t: seen.append((d, t)))
    indices = decisions_of(record)
    assert [d.move for d in analysis.decisions] == indices
    assert seen == [(k, len(indices)) for k in range(1, len(indices) + 1)]
    data = json.loads(json.dumps(analysis.to_json()))
    assert Analysis.from_json(data) == analysis
    assert data["game"] == "skibe" and data["iterations"] == 6 and "seconds" not in data
    assert data["agent"] == "mcts:iterations=6"
    assert data["thresholds"] == THRESHOLDS
    first = data["decisions"][0]
    for key in (
        "move",
        "seat",
        "played",
        "played_words",
        "best",
        "best_words",
        "chances",
        "played_chance",
        "best_chance",
        "loss",
        "mark",
        "simulations",
        "best_kind",
        "best_args",
    ):
        assert key in first
    for d in analysis.decisions:
        assert d.loss == pytest.approx(max(0.0, d.best_chance - d.played_chance), abs=1e-3)
        assert d.mark == (mark_of(d.loss) if d.legal > 1 else None)
        assert len(d.chances) == 3 and d.simulations >= (6 if d.legal > 1 else 0)
    summary = data["summary"]
    assert sum(row["decisions"] for row in summary.values()) == len(indices)
    for seat, row in summary.items():
        mine = [d for d in analysis.decisions if d.seat == int(seat)]
        for mark in MARKS:
            assert row[mark] == sum(1 for d in mine if d.mark == mark)
    assert DecisionReport.from_json(first) == analysis.decisions[0]
    # The same seed and budget give the same analysis, also judged decision by decision.
    assert analyse(record, iterations=6, seed=1) == analysis
    history = history_of(record)
    one_by_one = [
        analyse_decision("skibe", {"players": 3}, history, i, seconds=None, iterations=6, seed=1)
        for i in indices
    ]
    assert assemble("skibe", {"players": 3}, one_by_one, seconds=None, iterations=6) == analysis


def test_marks_follow_the_thresholds() -> None:
    assert mark_of(0.0) is None
    assert mark_of(THRESHOLDS["inaccuracy"]) == "inaccuracy"
    assert mark_of((THRESHOLDS["mistake"] + THRESHOLDS["blunder"]) / 2) == "mistake"
    assert mark_of(1.0) == "blunder"
    assert THRESHOLDS["inaccuracy"] < THRESHOLDS["mistake"] < THRESHOLDS["blunder"]


def test_cooperative_skoventyr_has_one_chance_for_the_team() -> None:
    record = random_record("skoventyr", 2, seed=1)
    analysis = analyse(record, iterations=8, seed=0)
    assert analysis.agent == "rollouts:rollouts=8"
    judged = [d for d in analysis.decisions if d.legal > 1]
    assert judged
    for d in judged:
        assert len(d.chances) == 2 and d.chances[0] == d.chances[1] == d.best_chance


def hidden_swap(history: list[int], index: int) -> list[int] | None:
    """Another history that reaches a position the mover at ``index`` cannot tell from the real
    one: one card dealt to another seat's hand, unseen by the mover, replaced by another card,
    with every later action still legal. ``None`` if none is found."""
    game = langbord.load("knarr", players=2)
    real = game.new_initial_state()
    for action in history[:index]:
        real.apply_action(action)
    mover = real.current_player()
    state = game.new_initial_state()
    for step in range(index):
        if state.current_player() == CHANCE:
            told = state.action_to_string_for(mover, history[step])
            if told != state.action_to_string(history[step]):
                for other in state.legal_actions():
                    if other == history[step] or state.action_to_string_for(mover, other) != told:
                        continue
                    candidate = [*history[:step], other, *history[step + 1 :]]
                    if _reaches_same_view(game, candidate, index, real, mover):
                        return candidate
        state.apply_action(history[step])
    return None


def _reaches_same_view(
    game: langbord.Game, history: list[int], index: int, real: State, mover: int
) -> bool:
    state = game.new_initial_state()
    try:
        for action in history[: index + 1]:
            if len(state.history()) == index:
                break
            state.apply_action(action)
    except LangbordError:
        return False
    return state.view(mover) == real.view(mover) and str(state) != str(real)


def test_hidden_information_a_decision_is_judged_only_from_what_its_mover_knew() -> None:
    record = random_record("knarr", 2, seed=5)
    history = history_of(record)
    game = langbord.load("knarr", players=2)
    compared = 0
    for index in decisions_of(record)[10::7]:
        swapped = hidden_swap(history, index)
        if swapped is None:
            continue
        reports = [
            analyse_decision("knarr", {"players": 2}, h, index, seconds=None, iterations=30, seed=7)
            for h in (history, swapped)
        ]
        assert reports[0] == reports[1], f"decision {index} depends on unseen cards"
        compared += 1
        if compared == 3:
            break
    assert compared, "no decision with an unseen card to swap"
    assert game.info.private_information


def test_bad_input_is_refused_clearly() -> None:
    record = random_record("skibe", 3, seed=4)
    history = history_of(record)
    chance_index = next(i for i in range(len(history)) if i not in decisions_of(record))
    decision = decisions_of(record)[0]

    def decide(**kwargs: object) -> DecisionReport:
        args: dict[str, object] = {
            "history": history,
            "index": decision,
            "seconds": None,
            "iterations": 5,
            "seed": 0,
        }
        args.update(kwargs)
        return analyse_decision("skibe", {"players": 3}, **args)  # type: ignore[arg-type]

    with pytest.raises(LangbordError, match="chance outcome, not a decision"):
        decide(index=chance_index)
    for index in (-1, len(history), True, "3"):
        with pytest.raises(LangbordError, match="outside the history"):
            decide(index=index)
    for seconds in (0, -1.0, math.nan, math.inf, 1e9, "1"):
        with pytest.raises(LangbordError, match="seconds per decision"):
            decide(seconds=seconds, iterations=None)
    for iterations in (0, -5, 2.5, True, 10**9):
        with pytest.raises(LangbordError, match="iterations per decision"):
            decide(iterations=iterations)
    with pytest.raises(LangbordError, match="not both"):
        decide(seconds=0.1, iterations=5)
    with pytest.raises(LangbordError, match="not an action id"):
        decide(history=[*history[:decision], "take d2"])
    with pytest.raises(RecordError, match="does not replay"):
        decide(history=[999999, *history[1:]])
    with pytest.raises(LangbordError, match="not legal"):
        bad = list(history)
        bad[decision] = next(
            a for a in range(1000) if a not in _state_at(history, decision).legal_actions()
        )
        decide(history=bad)
    with pytest.raises(RecordError):
        analyse({"game": "skibe"}, iterations=5)
    with pytest.raises(RecordError):
        analyse("not a record", iterations=5)
    tampered = dict(record)
    tampered["actions"] = [*record["actions"][:5], "fly to the moon"]  # type: ignore[index]
    with pytest.raises(RecordError, match="step 6"):
        analyse(tampered, iterations=5)
    with pytest.raises(LangbordError, match="iterations per decision"):
        analyse(record, iterations=0)
    garbage: object
    for garbage in ([], {"game": "skibe"}, {"decisions": "x", "iterations": 5}):
        with pytest.raises(LangbordError, match="not an analysis"):
            Analysis.from_json(garbage)  # type: ignore[arg-type]
    with pytest.raises(LangbordError, match="not a decision"):
        DecisionReport.from_json({"move": 1})


def _state_at(history: list[int], index: int) -> State:
    state = langbord.load("skibe", players=3).new_initial_state()
    for action in history[:index]:
        state.apply_action(action)
    return state


def test_an_unfinished_record_is_analysed_up_to_where_it_stops() -> None:
    record = random_record("skibe", 3, seed=4)
    state = langbord.load("skibe", players=3).new_initial_state()
    for action in history_of(record)[:30]:
        state.apply_action(action)
    partial = to_record(state)
    analysis = analyse(partial, iterations=4)
    assert [d.move for d in analysis.decisions] == [i for i in decisions_of(record) if i < 30]


def test_mcts_keeps_every_seats_values_and_deepens_one_root_action() -> None:
    from langbord.agents import MCTSAgent

    state, _, losses = decisive_position()
    agent = MCTSAgent(seed=1, iterations=30)
    best = agent.step(state)
    assert len(agent.last_values) == 3
    assert agent.last_values == agent.seat_values(best)
    assert sum(agent.last_values) == pytest.approx(1.0)  # the shares of one win
    visits = {s.action: s.visits for s in agent.last_search}
    agent.deepen(losses[0], 12)
    after = {s.action: s.visits for s in agent.last_search}
    assert after[losses[0]] == visits[losses[0]] + 12
    assert agent.last_iterations == 42
    assert {s.action: s.win for s in agent.last_search}[losses[0]] == 0.0
    with pytest.raises(ValueError, match="not a legal root action"):
        agent.deepen(10**6, 1)
    fresh = MCTSAgent(seed=1)
    with pytest.raises(ValueError, match="no search to deepen"):
        fresh.deepen(losses[0], 1)
