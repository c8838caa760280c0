"""The PettingZoo (AEC) environments: PettingZoo's own ``api_test`` and ``seed_test`` for every
game whose encoder exists, and whole games checked against the langbord state underneath."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the learning environments need langbord[rl]")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import langbord
from langbord.envs import pettingzoo_env

from .cases import HAVE, cases

# api_test names PettingZoo's own dict-observation games and warns about every other one.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "skibe": [{"players": 3}, {"players": 5}],
    "skoventyr": [{}, {"players": 2, "lygtemands": True, "rescue": True}],
    "knarr": [{"players": 2}, {"players": 4, "skali": True, "artifact": "random"}],
    "skaal": [{"players": 4}, {"players": 3, "prospects": 5, "max_rounds": 30}],
}
CASES = cases(OPTIONS)


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_api_test(game_name: str, options: dict[str, Any]) -> None:
    api_test(pettingzoo_env(game_name, **options), num_cycles=300)


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_seed_test(game_name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: pettingzoo_env(game_name, **options), num_cycles=100)


@pytest.mark.parametrize("game_name", HAVE)
def test_a_whole_game_follows_the_state_underneath(game_name: str) -> None:
    env = pettingzoo_env(game_name)
    env.reset(seed=3)
    game = env.game
    n = game.num_players()
    assert env.possible_agents == [f"player_{i}" for i in range(n)]
    space = env.observation_space("player_0")
    sampler = np.random.default_rng(4)
    decisions = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        assert space.contains(observation)
        state = env.state
        if terminated:
            assert state.is_terminal()
            assert env._cumulative_rewards[agent] == reward
            assert reward == state.returns()[env.possible_agents.index(agent)]
            env.step(None)
            continue
        seat = state.current_player()
        assert agent == f"player_{seat}" and not truncated
        assert reward == 0
        mask = observation["action_mask"]
        assert list(np.flatnonzero(mask)) == state.legal_actions()
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        decisions += 1
        env.step(int(sampler.choice(np.flatnonzero(mask))))
        assert not env.state.is_chance_node(), "chance is resolved inside the environment"
    assert env.agents == [] and decisions > 0
    # the same seed and actions replay the same game, chance included
    history = state.history()
    env.reset(seed=3)
    replay = env.game.new_initial_state()
    for action in history:
        replay.apply_action(action)
    assert replay.returns() == state.returns()


def test_reset_seed_decides_chance() -> None:
    env = pettingzoo_env("skibe", players=4)
    deals = []
    for seed in (1, 1, 2):
        env.reset(seed=seed)
        deals.append(env.state.history())
    assert deals[0] == deals[1] != deals[2]


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env("skibe")
    env.reset(seed=0)
    before = env.state.history()
    legal = set(env.state.legal_actions())
    illegal = next(a for a in range(env.game.num_distinct_actions()) if a not in legal)
    with pytest.raises(langbord.IllegalActionError):
        env.step(illegal)
    assert env.state.history() == before
    assert not any(env.terminations.values())


def test_render_shows_the_table_to_a_spectator() -> None:
    env = pettingzoo_env("skibe", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == env.state.render(None)
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env("skibe", render_mode="rgb_array")


@pytest.mark.parametrize("game_name", HAVE)
def test_flat_observations_pass_the_api_test(game_name: str) -> None:
    """``observation="flat"``: a Box of the seat's vector, the mask in ``action_mask(agent)``
    and ``infos[agent]["action_mask"]``, equal to the dict observation's parts."""
    options = OPTIONS[game_name][0]
    api_test(pettingzoo_env(game_name, observation="flat", **options), num_cycles=200)
    flat = pettingzoo_env(game_name, observation="flat", **options)
    full = pettingzoo_env(game_name, **options)
    flat.reset(seed=3)
    full.reset(seed=3)
    rng = np.random.default_rng(4)
    for _ in range(40):
        agent = flat.agent_selection
        if flat.terminations[agent]:
            break
        seen = full.observe(agent)
        assert np.array_equal(flat.observe(agent), seen["observation"])
        assert np.array_equal(flat.action_mask(agent), seen["action_mask"])
        assert np.array_equal(flat.infos[agent]["action_mask"], seen["action_mask"])
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        flat.step(action)
        full.step(action)


def test_supersuits_box_wrappers_apply_to_flat_observations() -> None:
    """SuperSuit's observation wrappers refuse the dict observations and take the flat ones;
    ``normalize_obs_v0`` needs finite bounds, which Skoventyr's encoder declares ([0, 1])."""
    supersuit = pytest.importorskip("supersuit", reason="SuperSuit is not installed")
    wrapped = [
        supersuit.flatten_v0(pettingzoo_env("skibe", observation="flat", players=3)),
        supersuit.pad_observations_v0(pettingzoo_env("knarr", observation="flat", players=3)),
        supersuit.dtype_v0(pettingzoo_env("skaal", observation="flat", players=3), np.float64),
        supersuit.normalize_obs_v0(pettingzoo_env("skoventyr", observation="flat", players=2)),
    ]
    for env in wrapped:
        api_test(env, num_cycles=60)


def test_a_bad_observation_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="observation must be 'dict' or 'flat'"):
        pettingzoo_env("skibe", observation="pixels")
