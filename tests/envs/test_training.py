"""``langbord.envs.training``: the fast MaskablePPO recipe, self-play against a frozen copy, and
the judge that seats any chooser on fixed seeds."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="training needs langbord[train]")

from langbord.envs.training import (
    Frozen,
    Recipe,
    agent_chooser,
    demonstrations,
    imitate,
    judge,
    model_chooser,
    new_model,
    train,
    uniform_chooser,
)


def test_the_judge_tells_a_good_player_from_a_random_one() -> None:
    """Greedy in the rotated seat wins far more of the same 30 Skibe deals against two random
    seats than a uniform random choice does (which wins about its third)."""
    recipe = Recipe("skibe", {"players": 3})
    greedy, games = judge(recipe, agent_chooser("greedy"), 30)
    uniform, _ = judge(recipe, uniform_chooser(1), 30)
    assert games == 30
    assert greedy / games > 0.6 > uniform / games


def test_the_judge_seats_a_level_by_name() -> None:
    recipe = Recipe("skibe", {"players": 3})
    won, _ = judge(recipe, agent_chooser("club"), 4, opponents="beginner")
    assert 0.0 <= won <= 4.0


def test_self_play_refreshes_its_frozen_copy_and_the_copy_plays_legally() -> None:
    recipe = Recipe(
        "skibe",
        {"players": 3},
        envs=2,
        n_steps=32,
        batch_size=64,
        self_play=1.0,
        snapshot_every=64,
    )
    frozen = Frozen(0)
    model = train(recipe, steps=256, frozen=frozen)
    assert model.num_timesteps >= 64 and frozen.updates >= 1
    env = recipe.env(opponents=frozen)
    observation, _ = env.reset(seed=3)
    done = False
    while not done:  # every seat of the copy plays through the env's own legality check
        observation, _, done, _, info = env.step(model_chooser(model)(env, observation))
        assert not info.get("illegal_action")
    assert env.state.is_terminal()


def test_a_frozen_copy_before_its_first_update_plays_uniformly_among_the_legal() -> None:
    frozen = Frozen(5)
    mask = np.array([False, True, False, True])
    assert {frozen(np.zeros(3, np.float32), mask) for _ in range(50)} == {1, 3}


def test_a_bad_recipe_is_refused() -> None:
    with pytest.raises(ValueError, match="self_play from 0 to 1"):
        train(Recipe("skibe", {"players": 3}, self_play=2.0), minutes=0.01)
    with pytest.raises(ValueError, match="minutes or for steps"):
        train(Recipe("skibe", {"players": 3}))


def test_a_frozen_copy_decides_for_a_batch_within_each_rows_mask() -> None:
    frozen = Frozen(2)
    masks = np.array([[False, True, False, True], [True, False, False, False]])
    picks = {tuple(frozen.batch(np.zeros((2, 3), np.float32), masks)) for _ in range(60)}
    assert {p[0] for p in picks} == {1, 3} and {p[1] for p in picks} == {0}
    recipe = Recipe("skibe", {"players": 3}, envs=2, n_steps=32, batch_size=64)
    frozen.update(train(recipe, steps=64).policy)
    env = recipe.vector(frozen)
    observations, _ = env.reset(seed=0)
    actions = frozen.batch(observations, env.action_masks())
    assert actions.shape == (2,) and env.action_masks()[np.arange(2), actions].all()


def test_the_recipe_seats_its_self_play_share_of_the_games() -> None:
    recipe = Recipe("skibe", {"players": 3}, envs=4, self_play=0.5)
    frozen = Frozen(0)
    env = recipe.vector(frozen)
    env.reset(seed=0)
    assert [t.policy is not None for t in env.tables] == [True, True, False, False]
    assert all(t.seats for t in env.tables[2:])


def test_demonstrations_are_the_agents_legal_decisions_with_their_returns() -> None:
    recipe = Recipe("skoventyr", {})
    observations, masks, actions, returns = demonstrations(recipe, "policy", 6, gamma=1.0)
    assert len(observations) == len(masks) == len(actions) == len(returns) > 6
    assert observations.shape[1] == recipe.env().encoder.size
    assert masks[np.arange(len(actions)), actions].all(), "an agent's decision is legal"
    # With gamma 1 and the win reward, a return is the episode's result from its first
    # decision to its last: only 0 or 1.
    assert set(np.unique(returns)) <= {0.0, 1.0}


def test_imitation_copies_the_agents_decisions() -> None:
    """After behaviour cloning on 30 games of the policy agent, the model's deterministic choice
    agrees with the agent's on far more of 10 new games' decisions than a new model's does."""
    recipe = Recipe("skoventyr", {}, net=(64, 64), batch_size=256)
    model = imitate(recipe, "policy", games=30, epochs=6, learning_rate=3e-3)
    fresh = new_model(recipe)
    observations, masks, actions, _ = demonstrations(recipe, "policy", 10, seed=5_000_000)

    def agreement(m: Any) -> float:
        chosen, _ = m.predict(observations, action_masks=masks, deterministic=True)
        return float((chosen == actions).mean())

    assert agreement(model) > max(0.6, agreement(fresh) + 0.15)


def test_training_goes_on_from_a_given_model_at_the_recipes_step_size() -> None:
    recipe = Recipe("skibe", {"players": 3}, envs=2, n_steps=32, batch_size=64)
    model = train(recipe, steps=64)
    first = model.num_timesteps
    slower = Recipe("skibe", {"players": 3}, envs=2, n_steps=32, batch_size=64, learning_rate=1e-5)
    again = train(slower, steps=64, model=model)
    assert again is model and model.num_timesteps >= first + 64
    assert model.lr_schedule(1.0) == pytest.approx(1e-5)


def test_going_on_from_a_model_refreshes_the_copy_on_schedule() -> None:
    """The snapshots count from the steps the model has already taken, not from zero (which
    refreshed the copy at every step of a continued run)."""
    recipe = Recipe(
        "skibe",
        {"players": 3},
        envs=2,
        n_steps=32,
        batch_size=64,
        self_play=1.0,
        snapshot_every=128,
    )
    frozen = Frozen(0)
    model = train(recipe, steps=256, frozen=frozen)
    before = frozen.updates
    assert before >= 1
    train(recipe, steps=128, frozen=frozen, model=model)
    assert 1 <= frozen.updates - before <= 2


@pytest.mark.slow
def test_a_short_run_learns_to_win_skoventyr() -> None:
    """The training smoke test (about a minute): imitation of 600 games of the policy agent,
    then 20,000 steps of PPO, wins solo Skoventyr games on 100 new deals, where a uniformly
    random player wins none (0 of 20,000 native random games)."""
    recipe = Recipe("skoventyr", {}, reward="shaped", net=(128, 128), learning_rate=1e-4)
    model = imitate(recipe, "policy", games=600, epochs=8)
    model = train(recipe, steps=20_000, model=model)
    won, games = judge(recipe, model_chooser(model), 100)
    uniform, _ = judge(recipe, uniform_chooser(0), 100)
    assert uniform == 0.0
    assert won >= 5, f"won {won} of {games}"
