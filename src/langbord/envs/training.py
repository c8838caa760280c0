"""Train one seat with sb3-contrib's ``MaskablePPO``, fast on a small CPU, with self-play, and
judge what was learned on fixed seeds (needs ``langbord[rl,train]``; ``pip install
torch==2.13.0`` first for the CPU build).

    from langbord.envs.training import Recipe, train, judge, model_chooser

    recipe = Recipe("skibe", {"players": 3}, opponents="random", self_play=0.5)
    model = train(recipe, minutes=30)
    won, games = judge(recipe, model_chooser(model), games=300, opponents="random")

What makes it fast (Skibe, 3 players, measured on two cores under load): torch on one thread,
eight games stepped together in one vector environment (:mod:`langbord.envs.vector`, its
observations written straight from the states into one batch), so the network decides for
eight at once, and minibatches of 512 over 4 epochs. The library's defaults (one environment,
minibatches of 64, ten epochs, every core) trained 60-260 steps/s.

Self-play: ``self_play`` is the share of the games whose other seats are played by a frozen
copy of the learner (:class:`Frozen`, a uniformly random masked policy until the first copy),
refreshed every ``snapshot_every`` steps; the rest play ``opponents``. The copy decides for
every game waiting on it in one batch (:meth:`Frozen.batch`), each row its own seat's flat
observation and mask, as the learner sees its own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from langbord.envs.seat import SeatEnv
from langbord.envs.vector import VectorSeatEnv

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

Chooser = Callable[[SeatEnv, np.ndarray[Any, Any]], int]
"""``choose(env, observation) -> action`` for the learner's seat of ``env`` (its state is
``env.state``, its mask ``env.action_masks()``)."""


@dataclass(frozen=True)
class Recipe:
    """What is trained, against whom, and the trainer's settings (see the module docstring)."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    opponents: str | list[Any] = "random"
    reward: str = "win"
    envs: int = 8
    n_steps: int = 256
    """Rollout steps per environment between updates."""
    batch_size: int = 512
    epochs: int = 4
    threads: int = 1
    seed: int = 0
    self_play: float = 0.0
    snapshot_every: int = 50_000
    warmup: str | None = None
    """The curriculum's agent, which plays the learner's first decisions of each training game
    (``langbord.envs.seat``); the judge never warms up."""
    warmup_decisions: int = 30
    learning_rate: float = 3e-4
    """PPO's step size (Stable-Baselines3's default; lower to fine-tune an imitating policy)."""
    net: tuple[int, ...] = (64, 64)
    """The hidden layers of the policy's and the value's networks (Stable-Baselines3's
    ``net_arch``)."""
    seat: int | str = "rotate"

    def vector(self, mirror: Frozen | None = None) -> VectorSeatEnv:
        """The recipe's ``envs`` games in one vector environment; with ``mirror``, its
        ``self_play`` share of them seat the frozen copy in their other seats."""
        mirrored = round(self.self_play * self.envs) if mirror is not None else 0
        per_env: list[Any] = [mirror.batch if mirror is not None else None] * mirrored
        per_env += [self.opponents] * (self.envs - mirrored)
        return VectorSeatEnv(
            self.game,
            num_envs=self.envs,
            seat=self.seat,
            per_env=per_env,
            reward=self.reward,
            warmup=self.warmup,
            warmup_decisions=self.warmup_decisions,
            **self.options,
        )

    def env(self, opponents: Any = None, reward: str | None = None) -> SeatEnv:
        """A seat environment of the recipe's game (its opponents and reward unless given)."""
        return SeatEnv(
            self.game,
            seat=self.seat,
            opponents=self.opponents if opponents is None else opponents,
            reward=reward or self.reward,
            **self.options,
        )


class Frozen:
    """A frozen copy of a learner's policy, as an opponent: ``frozen(observation, mask)``
    samples the copy's masked distribution (uniformly random among the legal actions until
    :meth:`update` first gives it a policy)."""

    def __init__(self, seed: int = 0) -> None:
        self.policy: Any = None
        self.rng = np.random.default_rng(seed)
        self.updates = 0

    def update(self, policy: Any) -> None:
        """Copy ``policy`` (a ``MaskableActorCriticPolicy``) as it is now: a new policy of its
        class and settings with its weights (as Stable-Baselines3 saves one), so nothing the
        learner computed last, such as a distribution still in the autograd graph, is copied."""
        import torch

        frozen = type(policy)(**policy._get_constructor_parameters())
        frozen.load_state_dict(policy.state_dict())
        frozen.to(torch.device("cpu"))
        frozen.set_training_mode(False)
        self.policy = frozen
        self.updates += 1

    def __call__(self, observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        if self.policy is None:
            return int(self.rng.choice(np.flatnonzero(mask)))
        action, _ = self.policy.predict(observation, action_masks=mask, deterministic=False)
        return int(action)

    def batch(
        self, observations: np.ndarray[Any, Any], masks: np.ndarray[Any, Any]
    ) -> np.ndarray[Any, Any]:
        """One action for each row (a vector environment's batched policy)."""
        if self.policy is None:
            return np.asarray((self.rng.random(masks.shape) * masks).argmax(axis=1))
        actions, _ = self.policy.predict(observations, action_masks=masks, deterministic=False)
        return np.asarray(actions, dtype=np.int64).reshape(-1)


def train(
    recipe: Recipe,
    minutes: float | None = None,
    steps: int | None = None,
    frozen: Frozen | None = None,
    verbose: int = 0,
    model: MaskablePPO | None = None,
) -> MaskablePPO:
    """A ``MaskablePPO`` trained by ``recipe`` for ``minutes`` of wall time (checked at every
    step, from the first step on), or for ``steps`` steps (rounded up to whole rollouts);
    ``model.num_timesteps`` says how many steps it took. ``model`` (one of :func:`imitate`'s,
    or an earlier run's) goes on learning instead of a new one."""
    import torch
    from stable_baselines3.common.callbacks import BaseCallback

    from langbord.envs.sb3 import Sb3VectorEnv

    if recipe.envs < 1 or not 0.0 <= recipe.self_play <= 1.0:
        raise ValueError("a recipe needs at least one environment and self_play from 0 to 1")
    if (minutes is None) == (steps is None):
        raise ValueError("train for minutes or for steps (one of the two)")
    torch.set_num_threads(recipe.threads)
    mirror = frozen or Frozen(recipe.seed)
    mirrored = round(recipe.self_play * recipe.envs)
    envs = Sb3VectorEnv(recipe.vector(mirror))
    envs.seed(recipe.seed)

    class Schedule(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next_snapshot = recipe.snapshot_every
            self.deadline = math.inf

        def _on_training_start(self) -> None:
            self.next_snapshot = self.model.num_timesteps + recipe.snapshot_every
            if minutes is not None:
                self.deadline = time.monotonic() + minutes * 60

        def _on_step(self) -> bool:
            if mirrored and self.num_timesteps >= self.next_snapshot:
                mirror.update(self.model.policy)
                self.next_snapshot += recipe.snapshot_every
            return bool(time.monotonic() < self.deadline)

    if model is None:
        model = new_model(recipe, envs, verbose)
    else:
        model.set_env(envs)
        model.learning_rate = recipe.learning_rate
        model._setup_lr_schedule()
    model.learn(
        total_timesteps=steps or 10**12,
        callback=Schedule(),
        reset_num_timesteps=model.num_timesteps == 0,
    )
    return model


def new_model(recipe: Recipe, envs: Any = None, verbose: int = 0) -> MaskablePPO:
    """An untrained ``MaskablePPO`` with the recipe's settings, on ``envs`` (the recipe's
    vector environment unless given)."""
    from sb3_contrib import MaskablePPO

    from langbord.envs.sb3 import Sb3VectorEnv

    return MaskablePPO(
        "MlpPolicy",
        envs if envs is not None else Sb3VectorEnv(recipe.vector()),
        n_steps=recipe.n_steps,
        batch_size=min(recipe.batch_size, recipe.n_steps * recipe.envs),
        n_epochs=recipe.epochs,
        learning_rate=recipe.learning_rate,
        seed=recipe.seed,
        policy_kwargs={"net_arch": list(recipe.net)},
        verbose=verbose,
    )


def demonstrations(
    recipe: Recipe, spec: str, games: int, seed: int = 1_000_000, gamma: float = 0.99
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The decisions of langbord agent ``spec`` in the recipe's learner seat over ``games``
    episodes of seeds ``seed``… (apart from the judge's): observations, masks, actions, and the
    discounted return from each decision under the recipe's reward."""
    from langbord.agents import make_agent

    env = recipe.env()
    agent = make_agent(spec, seed, game=env.game)
    observations: list[np.ndarray[Any, Any]] = []
    masks: list[np.ndarray[Any, Any]] = []
    actions: list[int] = []
    returns: list[float] = []
    for episode in range(games):
        observation, _ = env.reset(seed=seed + episode)
        rewards: list[float] = []
        done = False
        while not done:
            action = int(agent.step(env.state.clone()))
            observations.append(observation)
            masks.append(env.action_masks())
            actions.append(action)
            observation, reward, done, _, _ = env.step(action)
            rewards.append(reward)
        ahead = 0.0
        tail: list[float] = []
        for reward in reversed(rewards):
            ahead = reward + gamma * ahead
            tail.append(ahead)
        returns += reversed(tail)
    return (
        np.asarray(observations, np.float32),
        np.asarray(masks, np.bool_),
        np.asarray(actions, np.int64),
        np.asarray(returns, np.float32),
    )


def imitate(
    recipe: Recipe,
    spec: str = "policy",
    games: int = 5000,
    epochs: int = 20,
    learning_rate: float = 1e-3,
    verbose: int = 0,
) -> MaskablePPO:
    """A new ``MaskablePPO`` whose policy imitates langbord agent ``spec`` (behaviour cloning:
    the masked cross-entropy of the agent's decisions over ``games`` episodes of
    :func:`demonstrations`) and whose value learns those decisions' returns, for ``epochs``
    passes in minibatches of the recipe's size: a warm start for :func:`train`."""
    import torch

    torch.set_num_threads(recipe.threads)
    torch.manual_seed(recipe.seed)
    observations, masks, actions, returns = demonstrations(recipe, spec, games)
    model = new_model(recipe, verbose=verbose)
    policy = model.policy
    policy.set_training_mode(True)
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    obs_t = torch.as_tensor(observations)
    actions_t = torch.as_tensor(actions)
    returns_t = torch.as_tensor(returns)
    count = len(actions)
    generator = torch.Generator().manual_seed(recipe.seed)
    for epoch in range(epochs):
        order = torch.randperm(count, generator=generator)
        total = 0.0
        for start in range(0, count, recipe.batch_size):
            rows = order[start : start + recipe.batch_size]
            values, log_prob, _ = policy.evaluate_actions(
                obs_t[rows], actions_t[rows], action_masks=masks[rows.numpy()]
            )
            loss = -log_prob.mean() + 0.5 * ((values.flatten() - returns_t[rows]) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimizer.step()
            total += loss.item() * len(rows)
        if verbose:
            print(f"imitation epoch {epoch + 1}: loss {total / count:.4f}")
    policy.set_training_mode(False)
    return model


def model_chooser(model: Any, deterministic: bool = True) -> Chooser:
    """The chooser of a trained model: its masked action for the seat's observation."""

    def choose(env: SeatEnv, observation: np.ndarray[Any, Any]) -> int:
        action, _ = model.predict(
            observation, action_masks=env.action_masks(), deterministic=deterministic
        )
        return int(action)

    return choose


def agent_chooser(spec: str, seed: int = 0) -> Chooser:
    """The chooser of a langbord agent (a spec or a level's name), deciding from the seat's
    view as it always does."""
    from langbord.agents import make_agent

    agents: dict[str, Any] = {}

    def choose(env: SeatEnv, observation: np.ndarray[Any, Any]) -> int:
        if "agent" not in agents:
            agents["agent"] = make_agent(spec, seed, game=env.game)
        return int(agents["agent"].step(env.state.clone()))

    return choose


def uniform_chooser(seed: int = 0) -> Chooser:
    """A uniformly random masked choice."""
    rng = np.random.default_rng(seed)

    def choose(env: SeatEnv, observation: np.ndarray[Any, Any]) -> int:
        return int(rng.choice(np.flatnonzero(env.action_masks())))

    return choose


def judge(
    recipe: Recipe, choose: Chooser, games: int, opponents: Any = None, seed: int = 10_000
) -> tuple[float, int]:
    """The learner's seat played by ``choose`` for ``games`` episodes of seeds ``seed``,
    ``seed + 1``…, seat rotated as the recipe's is, against ``opponents`` (the recipe's unless
    given), scored by the win share at the end: ``(won, games)``."""
    env = recipe.env(opponents=opponents, reward="win")
    won = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            observation, _, done, _, _ = env.step(choose(env, observation))
        won += env.state.returns()[env.seat]
    return won, games


def report(
    recipe: Recipe,
    model: Any,
    games: int,
    against: list[Any] | None = None,
    compare: list[str] | None = None,
) -> list[str]:
    """One line per opponent and player: the trained model (deterministic), a uniform random
    choice and each agent of ``compare`` in the learner's seat, on the same ``games`` seeds
    against each of ``against`` (the recipe's opponents unless given), with the win share and
    its 95% Wilson interval."""
    from langbord.core.intervals import wilson

    choosers = [("MaskablePPO", model_chooser(model)), ("uniform random", uniform_chooser(0))]
    choosers += [(spec, agent_chooser(spec, 0)) for spec in compare or []]
    lines = []
    for opponents in against or [recipe.opponents]:
        lines.append(f"against {opponents}, {games} games, seeds 10000-{10_000 + games - 1}:")
        for name, choose in choosers:
            won, played = judge(recipe, choose, games, opponents=opponents)
            low, high = wilson(won, played)
            lines.append(
                f"  {name:15} wins {100 * won / played:5.1f}% "
                f"[{100 * low:.1f}%, {100 * high:.1f}%] of {played} games"
            )
    return lines
