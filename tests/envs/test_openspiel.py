"""OpenSpiel games ``python_langbord_<game>``: loaded with ``pyspiel.load_game``, random games
through OpenSpiel's API checked against langbord's state, the game types, and OpenSpiel's own
algorithms on them: its MCTS bot (with its evaluation tool) on Skibe, ISMCTS on Knarr."""

from __future__ import annotations

import dataclasses
import importlib.util
import pickle
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel games need langbord[rl]")

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
    evaluate_bots,
    ismcts,
    mcts,
)

import langbord
from langbord.core import registry
from langbord.envs import openspiel, register_openspiel
from langbord.envs.encoding import encoder_for

register_openspiel()

HAVE = [g for g in langbord.games() if importlib.util.find_spec(f"langbord.envs.encoders.{g}")]
"""Games whose encoder exists (the observation tensors need it)."""
PARAMS: dict[str, dict[str, Any]] = {
    "skibe": {"players": 5},
    "skoventyr": {"players": 2, "lygtemands": True},
    "knarr": {"players": 4, "skali": True},
    "skaal": {"players": 3, "prospects": 5, "max_rounds": 30},
}


def play_random(state: Any, rng: np.random.Generator, limit: int = 10_000) -> Any:
    """Play ``state`` to its end (or ``limit`` actions) at random through OpenSpiel's API,
    checking it at every step against the langbord state underneath."""
    game = state.get_game()
    n = game.num_players()
    while not state.is_terminal() and len(state.history()) < limit:
        inner = state.langbord_state
        assert state.current_player() == inner.current_player()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probabilities) - 1.0) < 1e-9
            action = int(rng.choice(outcomes, p=probabilities))
        else:
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == inner.legal_actions() and legal
            mask = state.legal_actions_mask(player)
            assert [a for a, bit in enumerate(mask) if bit] == legal
            for seat in range(n) if len(state.history()) % 9 == 0 else ():
                assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
                assert len(state.information_state_tensor(seat)) == (
                    game.information_state_tensor_size()
                )
            assert state.action_to_string(player, legal[0]) == inner.action_to_string(legal[0])
            action = int(rng.choice(legal))
        state.apply_action(action)
    return state


@pytest.mark.parametrize("game_name", HAVE)
def test_random_games_through_openspiel(game_name: str) -> None:
    for params in ({}, PARAMS[game_name]):
        game = pyspiel.load_game(f"python_langbord_{game_name}", params)
        ours = langbord.load(game_name, **params)
        assert game.num_players() == ours.num_players()
        assert game.num_distinct_actions() == ours.num_distinct_actions()
        assert game.max_game_length() == ours.max_game_length()
        state = play_random(game.new_initial_state(), np.random.default_rng(len(params)))
        assert state.is_terminal()
        assert state.history() == state.langbord_state.history()
        assert state.returns() == state.langbord_state.returns()
        if game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM:
            assert sum(state.returns()) == pytest.approx(game.utility_sum()) == 1.0
        else:
            assert len(set(state.returns())) == 1


def test_parameters_in_the_game_string() -> None:
    game = pyspiel.load_game("python_langbord_skibe(players=3)")
    assert game.num_players() == 3
    assert game.get_parameters() == {"players": 3}
    with pytest.raises(langbord.OptionError):
        pyspiel.load_game("python_langbord_skibe(players=9)")


def test_game_types() -> None:
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    expected = {
        "knarr": (info.IMPERFECT_INFORMATION, utility.CONSTANT_SUM),
        "skaal": (info.PERFECT_INFORMATION, utility.CONSTANT_SUM),
        "skibe": (info.PERFECT_INFORMATION, utility.CONSTANT_SUM),
        "skoventyr": (info.PERFECT_INFORMATION, utility.IDENTICAL),
    }
    for name, (information, kind) in expected.items():
        game_type = pyspiel.load_game(f"python_langbord_{name}").get_type()
        assert (game_type.information, game_type.utility) == (information, kind)
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL


def test_game_types_come_from_the_declared_traits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Long name, player range, information and utility are the game's GameInfo."""
    skaal = pyspiel.load_game("python_langbord_skaal").get_type()
    assert skaal.long_name == "langbord Skåål"
    assert (skaal.min_num_players, skaal.max_num_players) == (3, 6)
    for name in langbord.games():
        traits = registry.info(name)
        game_type = openspiel.game_type(name)
        assert game_type.long_name == f"langbord {traits.title}"
        players = (game_type.min_num_players, game_type.max_num_players)
        assert players == (traits.min_players, traits.max_players)
        identical = game_type.utility == pyspiel.GameType.Utility.IDENTICAL
        assert identical is traits.cooperative
        imperfect = game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert imperfect is traits.private_information
    # Declared otherwise, Skibe would be another game type: nothing else is consulted.
    declared = registry.info("skibe")
    changed = dataclasses.replace(declared, title="Skibe!", cooperative=True)
    monkeypatch.setattr(registry, "info", lambda name: changed)
    game_type = openspiel.game_type("skibe")
    assert game_type.long_name == "langbord Skibe!"
    assert game_type.utility == pyspiel.GameType.Utility.IDENTICAL


def test_clones_are_independent() -> None:
    game = pyspiel.load_game("python_langbord_skibe")
    state = play_random(game.new_initial_state(), np.random.default_rng(0), limit=30)
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)
    play_random(clone, np.random.default_rng(1))
    assert len(state.history()) == 30 and clone.is_terminal() and not state.is_terminal()


@pytest.mark.skipif("knarr" not in HAVE, reason="Knarr's encoder is not there yet")
def test_knarr_information_states_keep_secrets() -> None:
    game = pyspiel.load_game("python_langbord_knarr", {"players": 3})
    state = play_random(game.new_initial_state(), np.random.default_rng(2), limit=60)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    redealt = False
    for seat in range(3):
        other = state.resample_from_infostate(seat, sampler)
        mine = state.information_state_string(seat)
        assert other.information_state_string(seat) == mine
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        for q in range(3):
            if q == seat:
                continue
            # the others' memories are what this seat knows of the past, no secret carried over,
            # and a line naming their re-dealt knowledge (ISMCTS keys its nodes by the string)
            theirs = other.information_state_string(q)
            assert theirs.startswith(mine + "\nre-dealt: ") and theirs.count("\n") == (
                mine.count("\n") + 1
            )
            if other.observation_tensor(q) != state.observation_tensor(q):
                redealt = True
        assert other.langbord_state.view(seat) == state.langbord_state.view(seat)
    assert redealt, "a re-deal changed nobody else's hand"
    # one seat's log names the cards it drew but not the others' draws
    logs = [state.information_state_string(seat) for seat in range(3)]
    assert len(set(logs)) == 3


def test_openspiel_mcts_bot_plays_skibe() -> None:
    game = pyspiel.load_game("python_langbord_skibe", {"players": 3})
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(1),
    )
    bots = [bot, pyspiel.make_uniform_random_bot(1, 1), pyspiel.make_uniform_random_bot(2, 2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert sum(returns) == pytest.approx(1.0)
    assert all(0.0 <= r <= 1.0 for r in returns)


@pytest.mark.skipif("knarr" not in HAVE, reason="Knarr's encoder is not there yet")
def test_openspiel_ismcts_bot_moves_in_knarr() -> None:
    game = pyspiel.load_game("python_langbord_knarr", {"players": 2})
    bot = ismcts.ISMCTSBot(
        game,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2.0,
        max_simulations=10,
        random_state=np.random.RandomState(1),
    )
    state = play_random(game.new_initial_state(), np.random.default_rng(4), limit=12)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action = bot.step(state)
    assert action in state.legal_actions()


def test_a_redeal_gives_another_hand_another_information_state() -> None:
    """Two re-deals give a seat the same information-state string only when they give it the
    same knowledge: OpenSpiel's ISMCTS keys its nodes by that string and expects one set of
    legal actions per node (a KeyError in ``expand_if_necessary`` otherwise)."""
    game = pyspiel.load_game("python_langbord_knarr", {"players": 3})
    state = play_random(game.new_initial_state(), np.random.default_rng(5), limit=40)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen: dict[str, Any] = {}
    for _ in range(30):
        other = state.resample_from_infostate(0, sampler)
        for q in (1, 2):
            key = other.information_state_string(q)
            tensor = tuple(other.observation_tensor(q))
            assert seen.setdefault(key, tensor) == tensor
    assert len(seen) > 2


def test_clones_are_cheap_and_keep_the_game() -> None:
    """OpenSpiel's clone builds a new initial state and deep-copies the Python attributes: the
    per-game data is shared, so a clone re-deals (``resample_from_infostate``) like the
    original, and the langbord state is cloned, not rebuilt."""
    game = pyspiel.load_game("python_langbord_knarr", {"players": 2})
    state = play_random(game.new_initial_state(), np.random.default_rng(6), limit=30)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    clone = state.clone()
    assert clone._shared is state._shared
    assert clone.langbord_state is not state.langbord_state
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    redealt = clone.clone().resample_from_infostate(clone.current_player(), sampler)
    assert redealt.information_state_string(clone.current_player()) == (
        state.information_state_string(clone.current_player())
    )


@pytest.mark.parametrize("game_name", HAVE)
def test_games_and_states_pickle(game_name: str) -> None:
    """A game pickles by its game string, a state by its langbord history and the seats' logs,
    and OpenSpiel's own serialization and serialize=True random test pass."""
    game = pyspiel.load_game(openspiel.short_name(game_name), PARAMS[game_name])
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = play_random(game.new_initial_state(), np.random.default_rng(7), limit=80)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    if not state.is_terminal():
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        redealt = state.resample_from_infostate(state.current_player(), sampler)
        try:
            again = pickle.loads(pickle.dumps(redealt))  # its OpenSpiel history is empty
        except TypeError as error:  # pending work the state keeps as a closure (Knarr, Skoventyr)
            assert game_name in ("knarr", "skoventyr")
            assert "re-dealt" in str(error) and "cannot be pickled" in str(error)
        else:
            assert str(again) == str(redealt) and again.history() == []
    for copy in (
        pickle.loads(pickle.dumps(state)),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ):
        assert copy.history() == state.history() and str(copy) == str(state)
        for seat in range(game.num_players()):
            assert copy.information_state_string(seat) == state.information_state_string(seat)
            assert copy.observation_tensor(seat) == state.observation_tensor(seat)
        play_random(copy, np.random.default_rng(8))  # and it plays on
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_pickled_state_plays_on_in_a_new_process() -> None:
    """A state pickled here loads in a fresh interpreter that has not registered the games."""
    game = pyspiel.load_game("python_langbord_knarr", {"players": 3})
    state = play_random(game.new_initial_state(), np.random.default_rng(9), limit=50)
    script = (
        "import pickle, sys; state = pickle.loads(sys.stdin.buffer.read());"
        " print(state.legal_actions(), state.information_state_string(1).count(chr(10)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=pickle.dumps(state),
        capture_output=True,
        check=True,
        timeout=120,
    )
    count = state.information_state_string(1).count("\n")
    assert done.stdout.decode().strip() == f"{state.legal_actions()} {count}"


@pytest.mark.parametrize(
    "game_name",
    # Knarr, with ISMCTSBot beside MCTSBot, takes as long as the others together: slow suite.
    [pytest.param(g, marks=pytest.mark.slow) if g == "knarr" else g for g in HAVE],
)
def test_openspiel_bots_with_their_defaults_play_every_game(game_name: str) -> None:
    """OpenSpiel's MCTSBot with its default settings (but a small budget) plays every game
    through ``evaluate_bots``; at Knarr, the one game with hidden hands, ISMCTSBot with its
    defaults too (seated by :class:`openspiel.Restartable`, since it has no ``restart_at``).
    OpenSpiel's ISMCTSBot refuses perfect-information games by its own assertion."""
    game = pyspiel.load_game(openspiel.short_name(game_name), PARAMS[game_name])
    n = game.num_players()
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots: list[Any] = [mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng) for _ in range(n)]
    if game_name == "knarr":
        bots[0] = openspiel.Restartable(
            ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng)
        )
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == n and all(0.0 <= r <= 1.0 for r in returns)


@pytest.mark.skipif("knarr" not in HAVE, reason="Knarr's encoder is not there yet")
@pytest.mark.parametrize(
    "players", [2, pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow)]
)
def test_ismcts_with_its_defaults_plays_knarr_through(players: int) -> None:
    """ISMCTSBot as OpenSpiel ships it (``allow_inconsistent_action_sets=False``) in every seat
    of a whole game of Knarr: no node meets two sets of legal actions."""
    game = pyspiel.load_game("python_langbord_knarr", {"players": players})
    rng = np.random.RandomState(players)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [
        openspiel.Restartable(ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng))
        for _ in range(players)
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sum(returns) == pytest.approx(1.0)


@pytest.mark.parametrize("game_name", HAVE)
def test_tensors_are_the_encoders_at_the_start_and_after(game_name: str) -> None:
    """The initial state's tensors come from a cache (OpenSpiel asks for one on a new initial
    state at every tensor call, to learn its shape); every state's are the encoder's."""
    game = pyspiel.load_game(openspiel.short_name(game_name), PARAMS[game_name])
    encoder = encoder_for(game.langbord_game)
    state = game.new_initial_state()
    rng = np.random.default_rng(10)
    for _ in range(3):
        inner = state.langbord_state
        for seat in range(game.num_players()):
            expected = np.asarray(encoder.encode(inner.view(seat), seat), np.float32)
            assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
            assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
        state = play_random(state, rng, limit=len(state.history()) + 7)
