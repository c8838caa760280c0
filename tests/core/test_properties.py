"""Property tests (Hypothesis) for the parsers, the option checks, records and invariants."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import langbord
from langbord import IllegalActionError, InvalidActionError, LangbordError, RecordError
from langbord.agents import RandomAgent
from langbord.core.game import CHANCE, normalize_action_text
from langbord.record import replay, to_record

GAME = langbord.load("skibe", players=4)
STRINGS = list(GAME.action_strings())
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(st.sampled_from(STRINGS), st.data())
def test_any_case_and_spacing_parses_to_the_same_action(text: str, data: st.DataObject) -> None:
    messy = []
    for ch in text:
        ch = ch.upper() if data.draw(st.booleans()) else ch.lower()
        if ch == " " or ch in "<>.":
            pad = " " * data.draw(st.integers(0, 3))
            ch = pad + ch + pad if ch != " " else " " * data.draw(st.integers(1, 4))
        messy.append(ch)
    noisy = " " * data.draw(st.integers(0, 3)) + "".join(messy) + "\t"
    assert normalize_action_text(noisy) == normalize_action_text(text)
    assert GAME.action_lookup()[normalize_action_text(noisy)] == STRINGS.index(text)


@given(st.text())
def test_normalizing_is_idempotent(text: str) -> None:
    once = normalize_action_text(text)
    assert normalize_action_text(once) == once


@given(st.text(max_size=60))
def test_arbitrary_text_raises_only_action_errors(text: str) -> None:
    state = GAME.new_initial_state()
    before = str(state)
    try:
        action = state.string_to_action(text)
    except (InvalidActionError, IllegalActionError):
        pass
    else:
        assert action in state.legal_actions()
    assert str(state) == before


@given(
    st.dictionaries(
        st.sampled_from(["name", "game", "players", "options"]) | st.text(max_size=10),
        json_values,
        max_size=3,
    )
)
def test_arbitrary_options_raise_only_option_errors(options: dict[str, Any]) -> None:
    with contextlib.suppress(langbord.OptionError):
        langbord.load("skibe", **options)


def test_metadata_may_use_any_name() -> None:
    """Keyword names of the API itself are free for options and record metadata."""
    game = langbord.load("skibe", players=3)
    record = langbord.play_game(game, [RandomAgent(p) for p in range(3)], 4, game="x", agents=[])
    assert record["meta"] == {"seed": 4, "game": "x", "agents": []}
    assert to_record(replay(record), state="s")["meta"] == {"state": "s"}


@given(st.integers(-(10**6), 10**6) | st.text(max_size=5) | st.none())
def test_players_option_accepts_only_3_to_5(value: object) -> None:
    try:
        game = langbord.load("skibe", players=value)
    except langbord.OptionError:
        assert not (isinstance(value, int) and 3 <= value <= 5)
    else:
        assert game.num_players() in (3, 4, 5)


@given(json_values)
def test_arbitrary_json_replays_only_with_record_errors(data: Any) -> None:
    with contextlib.suppress(RecordError):
        replay(data)


@given(st.lists(st.text(max_size=20), max_size=30))
def test_arbitrary_action_lists_replay_or_name_their_step(actions: list[str]) -> None:
    record = {"game": "skibe", "version": GAME.version, "options": {}, "actions": actions}
    try:
        state = replay(record)
    except RecordError as exc:
        assert exc.step is not None and 1 <= exc.step <= len(actions)
        assert f"step {exc.step}" in str(exc)
    else:
        assert len(state.history()) == len(actions)


@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=400))
def test_components_conserved_and_clones_independent(choices: list[int]) -> None:
    """Any sequence of legal actions (chance included) conserves every component."""
    state = GAME.new_initial_state()
    counts = state.component_counts()
    assert counts == {"vikings": 34, "food": 6, "equipment": 4, "chieftains": 20, "sterns": 8}
    for i, choice in enumerate(choices):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if i % 50 == 0:
            copy = state.clone()
            snapshot = str(copy), copy.history()
            state.apply_action(legal[choice % len(legal)])
            assert (str(copy), copy.history()) == snapshot
        else:
            state.apply_action(legal[choice % len(legal)])
        assert state.component_counts() == counts
        if state.current_player() == CHANCE:
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
    record = json.loads(json.dumps(to_record(state)))
    assert replay(record).history() == state.history()


def test_errors_are_value_errors() -> None:
    for error in (IllegalActionError, InvalidActionError, RecordError, langbord.OptionError):
        assert issubclass(error, LangbordError)
        assert issubclass(error, ValueError)
        assert error.__module__ == "langbord"
