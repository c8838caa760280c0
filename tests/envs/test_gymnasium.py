"""``langbord/Skoventyr-v0``: Gymnasium's ``check_env``, options passed through
``gymnasium.make``, and whole games whose reward is the game's result."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the learning environments need langbord[rl]")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import langbord
import langbord.envs  # registers langbord/Skoventyr-v0
from langbord.envs.gymnasium import CooperativeEnv


def inner(env: gymnasium.Env[Any, Any]) -> CooperativeEnv:
    assert isinstance(env.unwrapped, CooperativeEnv)
    return env.unwrapped


@pytest.mark.parametrize(
    "options",
    [{}, {"players": 2, "trees": 7}, {"lygtemands": True, "rescue": True, "damaged": 1}],
    ids=["solo", "two-seven-trees", "modules"],
)
def test_check_env(options: dict[str, Any]) -> None:
    env = gymnasium.make("langbord/Skoventyr-v0", **options)
    assert isinstance(env.unwrapped, CooperativeEnv)
    assert env.unwrapped.game.options == {**env.unwrapped.game.options, **options}
    check_env(env.unwrapped, skip_render_check=True)


def test_whole_games_reward_the_result() -> None:
    env = gymnasium.make("langbord/Skoventyr-v0", trees=8)
    sampler = np.random.default_rng(0)
    results = []
    for seed in range(20):
        observation, _ = env.reset(seed=seed)
        total, steps = 0.0, 0
        while True:
            assert env.observation_space.contains(observation)
            state = inner(env).state
            assert list(np.flatnonzero(observation["action_mask"])) == state.legal_actions()
            action = sampler.choice(np.flatnonzero(observation["action_mask"]))
            observation, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            steps += 1
            assert not truncated and "illegal_action" not in info
            if terminated:
                break
            assert reward == 0.0
        state = inner(env).state
        assert state.is_terminal() and total == state.returns()[0]
        assert not observation["action_mask"].any()
        results.append(total)
    assert set(results) <= {0.0, 1.0}


def test_an_illegal_action_changes_nothing() -> None:
    env = gymnasium.make("langbord/Skoventyr-v0")
    observation, _ = env.reset(seed=1)
    history = inner(env).state.history()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, terminated, _, info = env.step(illegal)
    assert info == {"illegal_action": True} and reward == 0.0 and not terminated
    assert inner(env).state.history() == history
    assert (again["observation"] == observation["observation"]).all()


def test_the_same_seed_deals_the_same_game() -> None:
    env = gymnasium.make("langbord/Skoventyr-v0")
    first, _ = env.reset(seed=5)
    deal = inner(env).state.history()
    again, _ = env.reset(seed=5)
    assert inner(env).state.history() == deal
    assert (first["observation"] == again["observation"]).all()


def test_only_a_cooperative_game_has_one_learner() -> None:
    """The environments are those of the games whose GameInfo says cooperative."""
    assert inner(gymnasium.make("langbord/Skoventyr-v0")).game.info.cooperative
    assert "langbord/Skibe-v0" not in gymnasium.registry
    with pytest.raises(langbord.LangbordError, match="skibe is not cooperative"):
        CooperativeEnv("skibe")
