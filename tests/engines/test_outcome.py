"""``State.outcome()``: why a finished game ended, from the rule that ended it, and where each
seat's score came from, in columns that sum to the scores (every game's score is such a sum)."""

from __future__ import annotations

import json
import random
import re

import pytest

import langbord
from langbord.agents import heuristics
from langbord.core.game import State
from langbord.engines.skoventyr.phases.turn import start_turn
from langbord.engines.skoventyr.rules import SkoventyrState

CASES = [
    (name, options)
    for name in langbord.games()
    for options in langbord.load(name).conformance_options
]


def play_out(state: State, seed: int) -> list[State]:
    """A game played to the end (chance by its odds, decisions by the quick policy); a few
    states on the way."""
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(heuristics.policy_action(state, rng))
        if len(state.history()) % 97 == 0:
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_a_finished_game_says_why_and_its_columns_sum_to_the_scores(
    name: str, options: dict[str, object]
) -> None:
    state = langbord.load(name, **options).new_initial_state()
    on_the_way = play_out(state, seed=len(str(options)))
    assert all(s.outcome() is None for s in on_the_way)
    outcome = state.outcome()
    assert outcome is not None
    assert json.loads(json.dumps(outcome)) == outcome
    assert isinstance(outcome["reason"], str) and outcome["reason"]
    breakdown = outcome["breakdown"]
    rows, values = breakdown["rows"], breakdown["values"]
    assert rows and len(rows) == len(values) == len(set(rows))
    assert all(isinstance(row, str) and row for row in rows)
    n = state.game.num_players()
    assert all(len(row) == n for row in values)
    totals = [sum(row[p] for row in values) for p in range(n)]
    assert totals == pytest.approx(state.scores())
    assert state.clone().outcome() == outcome


def finished(name: str, seed: int, **options: object) -> State:
    state = langbord.load(name, **options).new_initial_state()
    play_out(state, seed)
    return state


def test_skibe_ends_by_sb6_with_its_score_sheet() -> None:
    state = finished("skibe", 1, players=3)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome["reason"] == "the pile and the display are empty: every ship was scored"
    assert outcome["rulings"] == ["SB-6"]
    rows = outcome["breakdown"]["rows"]
    assert rows[-3:] == [f"final evaluation, ship {s}" for s in (1, 2, 3)]
    assert any(row.startswith("ship ") and "stern" in row for row in rows)


def test_skoventyr_names_the_minions_that_fell_or_gamle_eriks_catch() -> None:
    reasons = [finished("skoventyr", seed).outcome() for seed in range(12)]
    texts = [r["reason"] for r in reasons if r is not None]
    assert any(t.startswith("all Minions fell, the last ") for t in texts)
    caught = [t for t in texts if t.startswith("Gamle Erik caught Vogter on Tree ")]
    assert caught and all("Minions fell" in t for t in caught)
    outcome = reasons[0]
    assert outcome is not None
    assert outcome["breakdown"]["rows"][0] == "Lindorm 1 (value 4)"


def test_skoventyr_names_the_turn_limit_and_a_dead_end() -> None:
    state = langbord.load("skoventyr").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    stuck = state.clone()
    assert isinstance(stuck, SkoventyrState)
    stuck.turns_played = 400
    start_turn(stuck)
    stuck.proceed()
    outcome = stuck.outcome()
    assert outcome is not None and outcome["reason"].startswith("the turn limit (400 turns)")
    assert outcome["rulings"] == []
    assert outcome["reason"].endswith("0 of 6 Minions fell")


def test_skaal_names_the_rule_that_ended_it_and_respect_by_source() -> None:
    state = finished("skaal", 2, players=4, prospects=5, max_rounds=30)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome["reason"] in (
        "every region holds an Ooops",
        "the mines are closed and all the gold is delivered",
        "round 30 was the last: the table's round limit",
    )
    assert outcome["rulings"] == ["SA-12", "SA-5", "SA-11"]
    assert outcome["breakdown"]["rows"][:2] == ["gold harvested", "Inn income"]
    short = finished("skaal", 3, players=3, max_rounds=2)
    assert short.outcome()["reason"].startswith("round 2 was the last")  # type: ignore[index]


def test_knarr_names_the_seat_that_reached_40_and_points_by_source() -> None:
    state = finished("knarr", 4, players=3, skali=True)
    outcome = state.outcome()
    assert outcome is not None
    vp = [seat["vp"] for seat in state.view(None)["seats"]]
    assert outcome["reason"].endswith("reached 40 vp and the round was played out")
    assert outcome["rulings"] == ["KN-8", "SK-3", "SK-5"]
    first = int(outcome["reason"].split()[1])
    assert vp[first] >= 40 or "raids lost" in outcome["breakdown"]["rows"]
    rows = outcome["breakdown"]["rows"]
    assert rows[0] == "reputation income" and rows[-1].startswith("tie-break")
    assert "village" in rows
    base = finished("knarr", 5, players=2).outcome()
    assert base is not None and "village" not in base["breakdown"]["rows"]


@pytest.mark.parametrize("name", ["skaal", "skibe", "knarr", "skoventyr"])
def test_an_outcome_is_words_and_its_rulings_are_apart(name: str) -> None:
    """No ruling id in a reason or a breakdown row: the ids are the outcome's ``rulings``, each
    one of the game's."""
    known = {ruling["id"] for ruling in langbord.load(name).rulings()}
    for seed in range(3):
        outcome = finished(name, seed).outcome()
        assert outcome is not None
        said = [outcome["reason"], *outcome["breakdown"]["rows"]]
        assert not any(re.search(r"\b[A-Z]{2}-\d+\b", text) for text in said), said
        assert set(outcome.get("rulings", [])) <= known
