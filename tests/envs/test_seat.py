"""The seat environment: one seat of any game for one learner, the others played by given
agents or a policy; flat observations, ``action_masks()``, seat rotation, the shaped reward,
and the checkers of Gymnasium and (where installed) Stable-Baselines3."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the environments need langbord[rl]")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import langbord
from langbord.envs import seat_env
from langbord.envs.seat import SeatEnv, env_id

OPTIONS: dict[str, dict[str, Any]] = {
    "skibe": {"players": 3},
    "skoventyr": {"players": 2, "lygtemands": True},
    "knarr": {"players": 3},
    "skaal": {"players": 3, "prospects": 5, "max_rounds": 12},
}


def play(env: SeatEnv, rng: np.random.Generator, seed: int) -> tuple[float, int]:
    """One episode with random legal actions from ``action_masks()``: (total reward, steps)."""
    env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.any()
        _, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated and np.array_equal(info["action_mask"], env.action_masks())
        total += reward
        steps += 1
    return total, steps


@pytest.mark.parametrize("game", langbord.games())
def test_every_game_passes_gymnasiums_checker(game: str) -> None:
    for observation in ("flat", "dict"):
        env = seat_env(game, observation=observation, **OPTIONS[game])
        check_env(env, skip_render_check=True)
        obs, info = env.reset(seed=1)
        assert env.observation_space.contains(obs)
        if observation == "flat":
            assert isinstance(env.observation_space, gymnasium.spaces.Box)
            assert obs.shape == (env.encoder.size,) and obs.dtype == np.float32
        assert info["seat"] == 0 and env.state.current_player() == 0


@pytest.mark.parametrize("game", langbord.games())
def test_the_learner_moves_only_in_its_seat_and_gets_its_share(game: str) -> None:
    env = seat_env(game, seat=1 if game != "skoventyr" else 0, opponents="greedy", **OPTIONS[game])
    rng = np.random.default_rng(0)
    for seed in range(2):
        total, steps = play(env, rng, seed)
        assert env.state.is_terminal() and steps > 0
        assert total == pytest.approx(env.state.returns()[env.seat])


def test_gymnasium_make_finds_every_game() -> None:
    for game in langbord.games():
        env = gymnasium.make(env_id(game), **OPTIONS[game])
        env.reset(seed=0)
        assert isinstance(env.unwrapped, SeatEnv) and env.unwrapped.game.name == game
    assert env_id("skibe") == "langbord/Skibe-seat-v0"


def test_rotate_moves_the_learner_round_the_table() -> None:
    env = seat_env("skibe", seat="rotate", opponents="random", players=3)
    seats = []
    for episode in range(4):
        _, info = env.reset(seed=episode)
        seats.append(info["seat"])
        assert env.state.current_player() == info["seat"]
    assert seats == [0, 1, 2, 0]


def test_a_policy_plays_the_other_seats_from_their_own_view() -> None:
    """Self-play: the policy gets each other seat's flat observation and mask, never the
    learner's, and what it returns is played."""
    calls: list[int] = []

    def policy(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        seat = env.state.current_player()
        assert seat != env.seat
        assert np.array_equal(observation, env.encode(env.state, seat))
        assert np.array_equal(mask, env.mask(env.state))
        calls.append(seat)
        return int(np.flatnonzero(mask)[0])

    env = seat_env("knarr", opponents=policy, players=3)
    rng = np.random.default_rng(3)
    total, _ = play(env, rng, 4)
    assert set(calls) == {1, 2}
    assert total == pytest.approx(env.state.returns()[0])


def test_one_agent_or_spec_per_other_seat() -> None:
    from langbord.agents import make_agent

    env = seat_env("skibe", opponents=["greedy", make_agent("random", 1)], players=3)
    play(env, np.random.default_rng(5), 6)
    assert type(env.seats[1]).__name__ != type(env.seats[2]).__name__


def test_bad_arguments_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="seat must be a seat from 0 to 2 or 'rotate'"):
        seat_env("skibe", seat=3, players=3)
    with pytest.raises(ValueError, match="observation must be one of"):
        seat_env("skibe", observation="image", players=3)
    with pytest.raises(ValueError, match="reward must be one of"):
        seat_env("skibe", reward="dense", players=3)
    with pytest.raises(ValueError, match="one spec or agent for each of the 2 other seats"):
        seat_env("skibe", opponents=["greedy"], players=3)
    with pytest.raises(langbord.OptionError, match="levels"):
        seat_env("skibe", opponents="nonsense", players=3)
    with pytest.raises(langbord.OptionError, match="mcts option"):
        seat_env("skibe", opponents=["greedy", "mcts:iterations=-1"], players=3)


def test_a_level_plays_the_other_seats() -> None:
    """A level's name seats that level's spec for the game (Skibe's club is ``greedy``)."""
    from langbord.agents.greedy import GreedyAgent
    from langbord.agents.levels import level_spec

    assert level_spec(langbord.load("skibe"), "club") == "greedy"
    env = seat_env("skibe", opponents="club", players=3)
    play(env, np.random.default_rng(3), 2)
    assert all(isinstance(agent, GreedyAgent) for agent in env.seats.values())
    env = seat_env("skibe", opponents=["beginner", "random"], players=3)
    play(env, np.random.default_rng(3), 2)
    assert type(env.seats[1]).__name__ == "NoisyPolicyAgent"


def test_an_illegal_action_changes_nothing() -> None:
    env = seat_env("skibe", players=3)
    obs, _ = env.reset(seed=2)
    before = env.state.history()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    again, reward, done, _, info = env.step(illegal)
    assert info["illegal_action"] and reward == 0.0 and not done
    assert env.state.history() == before and np.array_equal(again, obs)


@pytest.mark.parametrize("game", ["skoventyr", "skibe"])
def test_the_shaped_reward_telescopes(game: str) -> None:
    """Potential-based shaping: the rewards of an episode sum to the result minus the
    potential at the start, so the best policy is unchanged; and it is not all zero."""
    env = seat_env(game, reward="shaped", opponents="random", **OPTIONS[game])
    rng = np.random.default_rng(7)
    env.reset(seed=8)
    start = env._potential
    assert 0.0 < start < 1.0
    total, rewards, done = 0.0, [], False
    while not done:
        _, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        rewards.append(reward)
        total += reward
    assert total == pytest.approx(env.state.returns()[0] - start)
    assert sum(1 for r in rewards if r != 0.0) > len(rewards) // 2


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("stable_baselines3") is None, reason="needs stable-baselines3"
)
def test_stable_baselines3_checks_and_steps_it() -> None:
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    env = seat_env("skibe", opponents="random", players=3)
    sb3_check_env(env, warn=True)
    if importlib.util.find_spec("sb3_contrib") is not None:
        from sb3_contrib import MaskablePPO
        from sb3_contrib.common.maskable.utils import get_action_masks

        model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0, verbose=0)
        model.learn(total_timesteps=128)
        obs, _ = env.reset(seed=0)
        action, _ = model.predict(obs, action_masks=get_action_masks(env))
        assert env.action_masks()[int(action)]


def test_the_margin_reward_is_the_points_ahead_of_the_best_other_seat() -> None:
    env = seat_env("skibe", seat=1, opponents="greedy", reward="margin", players=3)
    rng = np.random.default_rng(0)
    signs = set()
    for episode in range(6):
        env.reset(seed=episode)
        done = False
        total = 0.0
        while not done:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _, reward, done, _, _ = env.step(action)
            if not done:
                assert reward == 0.0
            total += reward
        scores = env.state.scores()
        assert total == scores[1] - max(scores[0], scores[2])
        signs.add(total > 0)
    assert False in signs


def test_the_margin_reward_is_refused_where_nobody_plays_against_anyone() -> None:
    with pytest.raises(ValueError, match="'margin' is for competitive games"):
        seat_env("skoventyr", reward="margin")
    with pytest.raises(ValueError, match="'margin' is for competitive games"):
        seat_env("skoventyr", reward="margin", players=3)


def decisions_of(state: langbord.State, seat: int) -> int:
    """How many decisions ``seat`` has made in ``state``'s game so far."""
    replay = state.game.new_initial_state()
    made = 0
    for action in state.history():
        made += replay.current_player() == seat
        replay.apply_action(action)
    return made


def test_a_warm_up_starts_the_learner_from_an_agents_positions() -> None:
    env = seat_env("skoventyr", warmup="policy", warmup_decisions=12)
    starts = []
    for episode in range(30):
        env.reset(seed=episode)
        assert env.state.current_player() == 0 and not env.state.is_terminal()
        starts.append(decisions_of(env.state, 0))
    assert min(starts) == 0 and max(starts) <= 12 and len(set(starts)) > 5
    plain = seat_env("skoventyr")
    plain.reset(seed=3)
    assert decisions_of(plain.state, 0) == 0


def test_a_bad_warm_up_is_refused_before_any_game() -> None:
    with pytest.raises(langbord.OptionError, match="club"):
        seat_env("skibe", warmup="grandmaster", players=3)
    with pytest.raises(ValueError, match="warmup_decisions"):
        seat_env("skibe", warmup="policy", warmup_decisions=-1, players=3)
    with pytest.raises(ValueError, match="warmup must be an agent spec"):
        seat_env("skibe", warmup=3, players=3)
