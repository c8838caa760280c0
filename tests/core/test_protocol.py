"""The public protocol's surface: registry, options, errors, runner and agents."""

from __future__ import annotations

import pytest

import langbord
from langbord import CHANCE, TERMINAL, IllegalActionError, InvalidActionError
from langbord.agents import RandomAgent
from langbord.core.game import normalize_action_text


def test_games_lists_registered_names_sorted() -> None:
    assert langbord.games() == sorted(langbord.games())
    assert "skibe" in langbord.games()


def test_constants_follow_openspiel() -> None:
    assert CHANCE == -1
    assert TERMINAL == -4


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(langbord.UnknownGameError, match=r"games are: .*skibe"):
        langbord.load("chess")
    with pytest.raises(ValueError):
        langbord.load("chess")


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(langbord.OptionError, match=r"unknown option colour.*players \(integers"):
        langbord.load("skibe", colour="red")


@pytest.mark.parametrize("value", [2, 6, "four", 4.0, True, None])
def test_bad_option_value_lists_what_is_allowed(value: object) -> None:
    with pytest.raises(langbord.OptionError, match=r"allowed: integers 3\.\.5"):
        langbord.load("skibe", players=value)


def test_options_are_filled_with_defaults_and_accept_text() -> None:
    assert langbord.load("skibe").options == {"players": 4}
    assert langbord.load("skibe", players="5").options == {"players": 5}
    game = langbord.load("skibe", players=3)
    assert game.num_players() == 3
    assert game.name == "skibe"
    assert isinstance(game.version, int)
    assert repr(game) == "langbord.load('skibe', players=3)"


def test_illegal_action_types_raise_and_change_nothing() -> None:
    state = langbord.load("skibe").new_initial_state()
    before = str(state), state.history()
    for bad in (-1, 10**6, 2.0, "3", None, True, [1]):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)  # type: ignore[arg-type]
    assert (str(state), state.history()) == before


def test_numpy_like_integers_are_accepted() -> None:
    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    state = langbord.load("skibe").new_initial_state()
    action = state.legal_actions()[0]
    state.apply_action(Index(action))  # type: ignore[arg-type]
    assert state.history() == [action]


def test_string_to_action_errors() -> None:
    state = langbord.load("skibe").new_initial_state()
    with pytest.raises(InvalidActionError, match="not an action"):
        state.string_to_action("fly to the moon")
    with pytest.raises(InvalidActionError):
        state.string_to_action(3)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="'take d1': now chance must reveal"):
        state.string_to_action("take d1")
    with pytest.raises(InvalidActionError):
        state.action_to_string(-5)


def test_invalid_text_suggests_near_legal_actions() -> None:
    state = langbord.load("skibe").new_initial_state()
    with pytest.raises(InvalidActionError, match="did you mean 'reveal red F'"):
        state.string_to_action("reveal red G")


def test_play_game_is_reproducible_and_needs_one_agent_per_seat() -> None:
    game = langbord.load("skibe", players=3)
    first = langbord.play_game(game, [RandomAgent(p) for p in range(3)], seed=9)
    second = langbord.play_game(game, [RandomAgent(p) for p in range(3)], seed=9)
    assert first == second
    assert first["result"]["terminal"] is True
    assert first["meta"] == {"seed": 9}
    other = langbord.play_game(game, [RandomAgent(p) for p in range(3)], seed=10)
    assert other["actions"] != first["actions"]
    with pytest.raises(ValueError, match="needs 3 agents"):
        langbord.play_game(game, [RandomAgent(0)], seed=1)


def test_play_game_rejects_an_agent_that_cheats() -> None:
    class Cheat:
        def step(self, state: langbord.State) -> int:
            return max(range(state.game.num_distinct_actions()))

    game = langbord.load("skibe", players=3)
    with pytest.raises(IllegalActionError):
        langbord.play_game(game, [Cheat(), Cheat(), Cheat()], seed=1)


def test_random_agent_picks_only_legal_actions() -> None:
    state = langbord.load("skibe").new_initial_state()
    agent = RandomAgent(4)
    while state.current_player() == CHANCE:
        state.apply_action(state.legal_actions()[0])
    for _ in range(20):
        assert agent.step(state) in state.legal_actions()


def test_returns_before_the_end_are_zero() -> None:
    state = langbord.load("skibe", players=5).new_initial_state()
    assert state.returns() == [0.0] * 5
    assert state.scores() == [0.0] * 5
    assert not state.is_terminal()


def test_view_rejects_unknown_seats() -> None:
    state = langbord.load("skibe", players=3).new_initial_state()
    for seat in (-1, 3, "0"):
        with pytest.raises(ValueError, match="no seat"):
            state.view(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", langbord.games())
def test_action_lookup_is_built_once_and_shared_by_game_objects(name: str) -> None:
    """A server loads a game object for every table it rebuilds: the text → action lookup is
    built once per set of action strings, shared, read-only, and parses as before."""
    first, second = langbord.load(name), langbord.load(name)
    assert first is not second
    lookup = first.action_lookup()
    assert second.action_lookup() is lookup
    with pytest.raises(TypeError):
        lookup["anything"] = 0  # type: ignore[index]
    strings = list(first.action_strings())
    assert len(lookup) == len(strings)
    state = second.new_initial_state()
    for action, text in enumerate(strings):
        assert lookup[normalize_action_text(text)] == action
        assert state.game.action_lookup()[normalize_action_text(text.upper())] == action
