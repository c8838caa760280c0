"""The vector environment (``langbord.envs.vector_env``): batches that are each table's own
observation and mask, auto-reset in the same step, seeded games independent of the batch's size,
batched policies that see only their seat, refusals that change nothing, and Stable-Baselines3's
``VecEnv`` with sb3-contrib's masks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the environments need langbord[rl]")

import langbord
from langbord.core.errors import OptionError
from langbord.envs import vector_env
from langbord.envs.vector import VectorSeatEnv

GAMES = [
    ("skibe", {"players": 3}),
    ("knarr", {"players": 2}),
    ("skaal", {"players": 3}),
    ("skoventyr", {}),
]


def view_vector(env: VectorSeatEnv, k: int, seat: int | None = None) -> np.ndarray[Any, Any]:
    """Table ``k``'s vector as the documented encoder gives it from the seat's view."""
    table = env.tables[k]
    seat = table.seat if seat is None else seat
    return np.asarray(env.encoder.encode(table.state.view(seat), seat), dtype=np.float32)


def random_actions(env: VectorSeatEnv, rng: np.random.Generator) -> np.ndarray[Any, Any]:
    masks = env.action_masks()
    return np.asarray((rng.random(masks.shape) * masks).argmax(axis=1), dtype=np.int64)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_row_is_its_tables_observation_and_mask(name: str, options: dict[str, Any]) -> None:
    env = vector_env(name, num_envs=5, **options)
    observations, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    assert observations.shape == (5, env.encoder.size) and observations.dtype == np.float32
    assert env.observation_space.shape == observations.shape
    ended = 0
    for step in range(1500):
        if step > 100 and ended:
            break
        for k, table in enumerate(env.tables):
            assert table.state.current_player() == table.seat == info["seat"][k]
            assert np.array_equal(observations[k], view_vector(env, k))
            legal = np.zeros(env.masks.shape[1], dtype=np.bool_)
            legal[table.state.legal_actions()] = True
            assert np.array_equal(env.action_masks()[k], legal)
        observations, rewards, terminated, truncated, info = env.step(random_actions(env, rng))
        assert not truncated.any() and not info["illegal_action"].any()
        assert ((rewards == 0) | terminated).all(), "a reward before the end"
        ended += int(terminated.sum())
    assert ended > 0


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_an_ended_game_reports_its_end_and_the_next_one_starts(
    name: str, options: dict[str, Any]
) -> None:
    env = vector_env(name, num_envs=3, seat="rotate", **options)
    env.reset(seed=1)
    n = env.game.num_players()
    rng = np.random.default_rng(1)
    seen_ends = 0
    while seen_ends < 4:
        before = [t.episodes for t in env.tables]
        actions = random_actions(env, rng)
        observations, rewards, terminated, _, info = env.step(actions)
        for k in map(int, np.flatnonzero(terminated)):
            seen_ends += 1
            table = env.tables[k]
            assert table.episodes == before[k] + 1
            assert info["_final_obs"][k]
            final = info["final_obs"][k]
            assert final.shape == (env.encoder.size,)
            assert not np.array_equal(final, observations[k])
            assert 0.0 <= rewards[k] <= 1.0
            assert table.seat == (before[k]) % n, "the seat rotates at each reset"
            assert not table.state.is_terminal()
            assert np.array_equal(observations[k], view_vector(env, k))


def test_the_reward_is_the_seats_share_of_the_result() -> None:
    env = vector_env("skibe", num_envs=4, seat=1, players=3)
    env.reset(seed=0)
    rng = np.random.default_rng(4)
    total = 0.0
    games = 0
    over = env.encoder.names.index("phase.over")
    for _ in range(400):
        _, rewards, terminated, _, info = env.step(random_actions(env, rng))
        for k in np.flatnonzero(terminated):
            games += 1
            total += rewards[k]
            assert info["final_obs"][k][over] == 1.0, "the final observation is of the end"
        assert all(t.seat == 1 for t in env.tables)
    assert games > 10
    assert 0.0 < total < games


def test_a_seeded_table_plays_the_same_games_whatever_the_batch() -> None:
    small = vector_env("knarr", num_envs=2, players=2)
    large = vector_env("knarr", num_envs=6, players=2)
    a, _ = small.reset(seed=11)
    b, _ = large.reset(seed=11)
    assert np.array_equal(a, b[:2])
    for _ in range(150):
        chosen = np.flatnonzero(small.action_masks()[0])[0]
        second = np.flatnonzero(small.action_masks()[1])[-1]
        rest = [np.flatnonzero(m)[0] for m in large.action_masks()[2:]]
        a, ra, ta, _, _ = small.step(np.array([chosen, second]))
        b, rb, tb, _, _ = large.step(np.array([chosen, second, *rest]))
        assert np.array_equal(a, b[:2]) and np.array_equal(ra, rb[:2])
        assert np.array_equal(ta, tb[:2])
    assert small.tables[0].state.history() == large.tables[0].state.history()
    again = vector_env("knarr", num_envs=2, players=2)
    c, _ = again.reset(seed=12)
    assert not np.array_equal(c, vector_env("knarr", num_envs=2, players=2).reset(seed=11)[0])


def test_an_illegal_action_changes_nothing_at_its_table() -> None:
    env = vector_env("skibe", num_envs=3, players=3)
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks()[1])[0])
    histories = [t.state.history() for t in env.tables]
    observations_before = env.observations.copy()
    legal = [int(np.flatnonzero(m)[0]) for m in env.action_masks()]
    observations, rewards, _, _, info = env.step(np.array([legal[0], illegal, 10**6]))
    assert list(info["illegal_action"]) == [False, True, True]
    assert env.tables[1].state.history() == histories[1]
    assert env.tables[2].state.history() == histories[2]
    assert env.tables[0].state.history() != histories[0]
    assert np.array_equal(observations[1:], observations_before[1:])
    assert rewards[1] == rewards[2] == 0.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": True}, "num_envs"),
        ({"seat": 5}, "seat"),
        ({"seat": "left"}, "seat"),
        ({"reward": "points"}, "reward"),
        ({"per_env": ["random"]}, "per_env"),
        ({"opponents": ["random"]}, "opponents"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    settings = {"num_envs": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        vector_env("skibe", players=3, **settings)


def test_a_bad_opponent_spec_is_refused_before_any_game() -> None:
    with pytest.raises(OptionError, match="club"):
        vector_env("skibe", num_envs=2, opponents="grandmaster", players=3)


@pytest.mark.parametrize(
    "actions",
    [np.array([0.5, 1.0]), np.array([0]), np.array([np.nan, 0.0]), np.array(["a", "b"])],
)
def test_malformed_actions_are_refused_and_change_nothing(actions: Any) -> None:
    env = vector_env("skibe", num_envs=2, players=3)
    env.reset(seed=0)
    histories = [t.state.history() for t in env.tables]
    decisions = env.decisions
    with pytest.raises(ValueError, match="integer action for each"):
        env.step(actions)
    assert [t.state.history() for t in env.tables] == histories
    assert env.decisions == decisions


def test_a_batched_policy_decides_for_every_waiting_table_in_one_call() -> None:
    """The policy gets each waiting table's observation from the seat it plays there (never the
    learner's), and legal masks; it is called far fewer times than it decides."""
    calls: list[int] = []
    env: VectorSeatEnv

    def policy(observations: np.ndarray[Any, Any], masks: np.ndarray[Any, Any]) -> Any:
        calls.append(len(observations))
        waiting = [
            t
            for t in env.tables
            if not t.state.is_terminal() and t.state.current_player() != t.seat
        ]
        assert len(waiting) == len(observations)
        for row, table in enumerate(waiting):
            seat = table.state.current_player()
            view = table.state.view(seat)
            expected = np.asarray(env.encoder.encode(view, seat), np.float32)
            assert np.array_equal(observations[row], expected)
            legal = np.zeros(masks.shape[1], np.bool_)
            legal[table.state.legal_actions()] = True
            assert np.array_equal(masks[row], legal)
        return [int(np.flatnonzero(m)[-1]) for m in masks]

    env = vector_env("skibe", num_envs=6, opponents=policy, players=3)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(60):
        env.step(random_actions(env, rng))
    assert calls and max(calls) > 1
    assert sum(calls) > len(calls)


def test_a_policy_returning_an_illegal_action_is_a_clear_error() -> None:
    def bad(observations: np.ndarray[Any, Any], masks: np.ndarray[Any, Any]) -> Any:
        return [int(np.flatnonzero(~m)[0]) for m in masks]

    env = vector_env("skibe", num_envs=2, opponents=bad, players=3, seat=0)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="policy chose illegal action"):
        for _ in range(100):  # until an opponent's turn comes
            env.step(random_actions(env, rng))
    with pytest.raises(langbord.LangbordError, match=r"call reset\(\)"):
        env.step(random_actions(env, rng))


def test_stepping_before_the_first_reset_is_refused() -> None:
    env = vector_env("skibe", num_envs=2, players=3)
    with pytest.raises(langbord.LangbordError, match=r"call reset\(\)"):
        env.step(np.array([0, 0]))


def test_each_table_may_have_its_own_opponents() -> None:
    decided: list[int] = []

    def policy(observations: np.ndarray[Any, Any], masks: np.ndarray[Any, Any]) -> Any:
        decided.append(len(masks))
        return [int(np.flatnonzero(m)[0]) for m in masks]

    env = vector_env("skibe", num_envs=4, per_env=[policy, policy, "greedy", "random"], players=3)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        env.step(random_actions(env, rng))
    assert decided and max(decided) <= 2
    kinds = [{type(a).__name__ for a in t.seats.values()} for t in env.tables]
    assert kinds[0] == kinds[1] == set()
    assert kinds[2] == {"GreedyAgent"} and kinds[3] == {"RandomAgent"}


def test_every_decision_is_counted() -> None:
    """The learner's steps and every decision of the other seats: in solo Skoventyr each step is
    one decision; at Skibe the policy's decisions are added."""
    solo = vector_env("skoventyr", num_envs=3)
    solo.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(40):
        solo.step(random_actions(solo, rng))
    assert solo.decisions == 40 * 3

    decided: list[int] = []

    def policy(observations: np.ndarray[Any, Any], masks: np.ndarray[Any, Any]) -> Any:
        decided.append(len(masks))
        return [int(np.flatnonzero(m)[0]) for m in masks]

    env = vector_env("skibe", num_envs=3, opponents=policy, players=3)
    env.reset(seed=0)
    at_reset = env.decisions
    assert at_reset == sum(decided)
    for _ in range(50):
        env.step(random_actions(env, rng))
    assert env.decisions == 50 * 3 + sum(decided)


def test_shaped_rewards_sum_to_the_result_less_the_first_estimate() -> None:
    env = vector_env("skoventyr", num_envs=2, reward="shaped", seat=0)
    env.reset(seed=0)
    starts = [t.potential for t in env.tables]
    sums = [0.0, 0.0]
    rng = np.random.default_rng(0)
    finished: list[tuple[float, float, float]] = []
    while len(finished) < 4:
        _, rewards, terminated, _, _ = env.step(random_actions(env, rng))
        for k in range(2):
            sums[k] += rewards[k]
            if terminated[k]:
                won = 1.0 if sums[k] - (-starts[k]) > 0.5 else 0.0
                finished.append((sums[k], starts[k], won))
                sums[k] = 0.0
                starts[k] = env.tables[k].potential
    for total, start, won in finished:
        assert total == pytest.approx(won - start, abs=1e-9)


def test_stable_baselines3_trains_on_it_with_its_masks() -> None:
    pytest.importorskip("sb3_contrib", reason="training needs langbord[train]")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from langbord.envs.sb3 import Sb3VectorEnv

    env = vector_env("skibe", num_envs=4, players=3)
    venv = Sb3VectorEnv(env)
    assert is_masking_supported(venv)
    venv.seed(0)
    observations = venv.reset()
    assert observations.shape == (4, env.encoder.size)
    masks = get_action_masks(venv)
    assert masks.shape == (4, env.game.num_distinct_actions()) and masks.any(axis=1).all()
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0)
    model.learn(256)
    assert model.num_timesteps >= 256
    ended = False
    for _ in range(200):
        actions, _ = model.predict(observations, action_masks=masks)
        observations, _, dones, infos = venv.step(actions)  # type: ignore[assignment]
        masks = get_action_masks(venv)
        for k in np.flatnonzero(dones):
            ended = True
            assert infos[k]["terminal_observation"].shape == observations[k].shape
    assert ended


def test_changing_the_masks_given_out_changes_nothing() -> None:
    env = vector_env("skibe", num_envs=2, players=3)
    env.reset(seed=0)
    masks = env.action_masks()
    masks[0, :] = True
    assert env.action_masks().sum() == sum(len(t.state.legal_actions()) for t in env.tables)
    illegal = int(np.flatnonzero(~env.action_masks()[0])[0])
    _, _, _, _, info = env.step(np.array([illegal, int(np.flatnonzero(masks[1])[0])]))
    assert info["illegal_action"][0]


def test_a_list_may_seat_an_agent_and_a_one_observation_policy() -> None:
    """In a list of one entry per other seat, a callable is a policy of one observation at a
    time, as in the seat environment."""
    asked: list[int] = []

    def one(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        asked.append(observation.shape[0])
        return int(np.flatnonzero(mask)[0])

    env = vector_env("skibe", num_envs=2, seat=0, opponents=["greedy", one], players=3)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(40):
        env.step(random_actions(env, rng))
    assert asked and set(asked) == {env.encoder.size}


def test_the_margin_reward_is_paid_at_the_end_in_points() -> None:
    env = vector_env("knarr", num_envs=3, reward="margin", players=2)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    paid: list[float] = []
    for _ in range(3000):
        _, rewards, terminated, _, _ = env.step(random_actions(env, rng))
        assert (rewards[~terminated] == 0).all()
        paid += [float(r) for r in rewards[terminated]]
        if len(paid) >= 4:
            break
    assert len(paid) >= 4 and any(abs(r) > 1 for r in paid), paid
    with pytest.raises(ValueError, match="'margin' is for competitive games"):
        vector_env("skoventyr", reward="margin")


def test_a_warm_up_starts_each_game_from_an_agents_positions() -> None:
    from .test_seat import decisions_of

    env = vector_env("skibe", num_envs=4, seat=1, warmup="greedy", warmup_decisions=6, players=3)
    env.reset(seed=0)
    starts = [decisions_of(t.state, 1) for t in env.tables]
    assert all(0 <= s <= 6 for s in starts) and len(set(starts)) > 1
    # Every decision so far, the warm-up's included, is counted.
    assert env.decisions == sum(decisions_of(t.state, p) for t in env.tables for p in range(3))
    with pytest.raises(ValueError, match="warmup_decisions"):
        vector_env("skibe", warmup="policy", warmup_decisions=1.5, players=3)
