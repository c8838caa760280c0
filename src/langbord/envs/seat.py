"""One seat of any game as a single-agent Gymnasium environment, the other seats played by given
opponents: ``langbord.envs.seat_env("skibe", seat=0, opponents="greedy", players=3)``, or
``gymnasium.make("langbord/Skibe-seat-v0", opponents="greedy", players=3)``.

Built for the standard single-agent trainers with no glue:

- **Observation**: ``observation="flat"`` (the default) is a ``Box`` of the seat's encoded view
  (float32, the game's :class:`~langbord.envs.encoding.Encoder`, ``slots()`` names every slot),
  with no mask mixed into it; ``observation="dict"`` is the PettingZoo environments' dict
  (``"observation"`` and ``"action_mask"``).
- **Masks**: ``action_masks()`` is the boolean mask of the seat's legal actions, the method
  sb3-contrib's ``MaskablePPO`` calls (``ActionMasker`` is not needed), and ``info["action_mask"]``
  carries it too.
- **Opponents**: every other seat is played before the learner's turn comes round. ``opponents``
  is an agent spec (``"greedy"``, ``"mcts:iterations=50"``) or one of the game's bot levels
  (``"club"``, see :mod:`langbord.agents.levels`) for every other seat, a list with
  one spec or agent per other seat, or a policy: a callable
  ``policy(observation, action_mask) -> action`` given the flat observation and boolean mask of
  the seat it plays (self-play with a learned model, which sees only what its seat knows). A
  langbord agent decides from what its seat knows, as it always does.
- **Seat**: a number, or ``"rotate"`` (seat 0 in the first episode, then the next seat each
  reset), so one policy learns every seat.
- **Reward**: ``reward="win"`` (the default) is the seat's ``returns()`` share at the end (1 for
  a win, 1/k for a k-way tie; the team's win in cooperative Skoventyr) and 0 before.
  ``reward="shaped"`` adds potential-based shaping (Ng, Harada and Russell, 1999): each step
  pays ``Φ(after) − Φ(before)``, where ``Φ`` is the game's own estimate of the seat's win share
  (its heuristics' ``evaluate``) on a copy re-dealt from what the seat knows (no secret reaches the
  reward), and 0 at the end; the shaping sums to ``−Φ(start)`` over an episode, so the best
  policy is unchanged, while a learner at Skoventyr (whose random play never wins) is told at
  once when a step brought a win closer.

Chance is resolved inside with the generator seeded by ``reset(seed=...)``. An illegal action
changes nothing: the step returns reward 0 and ``info["illegal_action"] = True``.

**Curriculum**: ``warmup="policy"`` starts the learner from positions of that agent's games:
at each reset the agent plays the learner's seat for its first ``k`` decisions, ``k`` drawn
uniformly from 0 to ``warmup_decisions``, and the learner takes over from there (a game that
ends before is dealt again). At Skoventyr, ``trees=8`` (a game option) is the easier forest.

``reward="margin"`` (competitive games only) is the seat's final points less the best of the
other seats' (``State.scores()``, in the game's own points: positive when the seat is ahead),
at the end and 0 before: a learner is told by how much it won or lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, cast

import gymnasium
import numpy as np

import langbord
from langbord.agents.heuristics import heuristics_for
from langbord.agents.random_agent import RandomAgent
from langbord.core import registry
from langbord.core.game import State
from langbord.envs.chance import resolve_chance
from langbord.envs.encoding import Encoder, encoder_for
from langbord.envs.observation import (
    legal_mask,
    observation_space,
    render_text,
    vector,
    vector_space,
)

Policy = Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any]], int]
"""A learned policy: ``policy(observation, action_mask) -> action`` for the seat it plays."""

OBSERVATIONS = ("flat", "dict")
REWARDS = ("win", "shaped", "margin")


def env_id(game: str) -> str:
    """Gymnasium's id of a game's seat environment: ``langbord/<title>-seat-v0``."""
    return f"langbord/{registry.info(game).title}-seat-v0"


def check_reward(game: langbord.Game, reward: str) -> None:
    """Refuse a reward that is not one of :data:`REWARDS`, or ``margin`` at one seat's game or
    a cooperative one (which has no other seat to be ahead of)."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
    if reward == "margin" and (game.num_players() < 2 or game.info.cooperative):
        raise ValueError(
            f"reward 'margin' is for competitive games: {game.name} is played together"
        )


def check_warmup(game: langbord.Game, warmup: str | None, decisions: int) -> None:
    """Refuse a warm-up agent that could not be made, or a number of decisions that is not a
    whole number from 0 on."""
    if isinstance(decisions, bool) or not isinstance(decisions, int) or decisions < 0:
        raise ValueError(f"warmup_decisions must be a whole number from 0 on, not {decisions!r}")
    if warmup is not None:
        make_warmup(game, warmup, 0)


def make_warmup(game: langbord.Game, warmup: str, seed: int) -> Any:
    """The agent that plays the learner's first decisions (an agent spec or level)."""
    from langbord.agents import make_agent

    if not isinstance(warmup, str):
        raise ValueError(f"warmup must be an agent spec such as 'policy', not {warmup!r}")
    return make_agent(warmup, seed + 7919, game=game)


def final_reward(state: State, seat: int, reward: str) -> float:
    """What the seat is paid at the end: its share of the win, or its points' margin over the
    best other seat (``reward="margin"``)."""
    if reward == "margin":
        scores = state.scores()
        return float(scores[seat] - max(s for k, s in enumerate(scores) if k != seat))
    return float(state.returns()[seat])


def check_opponents(game: langbord.Game, opponents: Any) -> None:
    """Refuse opponents that could not be seated, before any episode starts (a bad spec
    is an :class:`~langbord.core.errors.OptionError` naming the agents and levels)."""
    from langbord.agents import make_agent

    if isinstance(opponents, str):
        make_agent(opponents, 0, game=game)
        return
    if callable(opponents):
        return
    n = game.num_players()
    if not isinstance(opponents, Sequence) or len(opponents) != n - 1:
        raise ValueError(
            f"opponents must be a spec, a policy, or one spec or agent for each of the "
            f"{n - 1} other seats"
        )
    for entry in opponents:
        if isinstance(entry, str):
            make_agent(entry, 0, game=game)


def seat_agents(
    game: langbord.Game,
    opponents: Any,
    learner: int,
    seed: int,
    seat_policy: Callable[[Policy, int], Any] | None = None,
) -> dict[int, Any]:
    """The agent of every seat but ``learner``'s: from a spec (seeded ``seed + seat``), one
    entry per other seat (specs, agents or policies), or one policy for all;
    ``seat_policy(policy, seat)`` seats a policy (refused without it)."""
    from langbord.agents import make_agent

    def policy_seat(policy: Any, seat: int) -> Any:
        if seat_policy is None:
            raise ValueError("a policy cannot play a seat here")
        return seat_policy(policy, seat)

    others = [s for s in range(game.num_players()) if s != learner]
    seats: dict[int, Any] = {}
    for k, other in enumerate(others):
        if isinstance(opponents, str):
            seats[other] = make_agent(opponents, seed + other, game=game)
        elif callable(opponents) and not hasattr(opponents, "step"):
            seats[other] = policy_seat(opponents, other)
        else:
            entry = cast("Sequence[Any]", opponents)[k]
            if isinstance(entry, str):
                entry = make_agent(entry, seed + other, game=game)
            elif not hasattr(entry, "step"):
                entry = policy_seat(entry, other)
            seats[other] = entry
    return seats


def decide(agent: Any, state: State) -> int:
    """``agent``'s action at ``state``: on a copy, so no agent can change the game, except for
    the random agent, which only reads the state it is given."""
    return int(agent.step(state if type(agent) is RandomAgent else state.clone()))


class PolicySeat:
    """A learned policy in a seat: it sees that seat's flat observation and mask only."""

    def __init__(self, policy: Policy, encoder: Encoder, seat: int) -> None:
        self.policy = policy
        self.encoder = encoder
        self.seat = seat

    def step(self, state: State) -> int:
        observation = vector(self.encoder, state, self.seat)
        return int(self.policy(observation, legal_mask(state, True, np.bool_)))


class SeatEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a game for one learner (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Env's)

    def __init__(
        self,
        game: str,
        seat: int | str = 0,
        opponents: str | Sequence[Any] | Policy = "random",
        observation: str = "flat",
        reward: str = "win",
        render_mode: str | None = None,
        warmup: str | None = None,
        warmup_decisions: int = 30,
        **options: Any,
    ) -> None:
        self.game = langbord.load(game, **options)
        n = self.game.num_players()
        if seat != "rotate" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be a seat from 0 to {n - 1} or 'rotate', not {seat!r}")
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {OBSERVATIONS}, not {observation!r}")
        check_reward(self.game, reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.rotate = seat == "rotate"
        self.seat = 0 if self.rotate else int(seat)
        self.observation = observation
        self.reward = reward
        self.render_mode = render_mode
        self.encoder = encoder_for(self.game)
        self.opponents = opponents
        check_opponents(self.game, opponents)
        check_warmup(self.game, warmup, warmup_decisions)
        self.warmup = warmup
        self.warmup_decisions = warmup_decisions
        self._warm: Any = None
        self._warm_left = 0
        self.seats: dict[int, Any] = {}
        self.action_space = gymnasium.spaces.Discrete(self.game.num_distinct_actions())
        flat = observation == "flat"
        space = vector_space(self.encoder) if flat else observation_space(self.encoder)
        self.observation_space = cast("gymnasium.spaces.Space[Any]", space)
        self.state: State = self.game.new_initial_state()
        self._episodes = 0
        self._potential = 0.0
        self._rng = random.Random(0)

    # ---- what the learner sees ---------------------------------------------------------------

    def encode(self, state: State, seat: int) -> np.ndarray[Any, Any]:
        """Seat ``seat``'s flat observation of ``state``."""
        return vector(self.encoder, state, seat)

    def mask(self, state: State) -> np.ndarray[Any, Any]:
        """The boolean mask of the legal actions of the seat to move (all False at the end)."""
        to_move = not state.is_terminal() and not state.is_chance_node()
        return legal_mask(state, to_move, np.bool_)

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The learner's legal actions as booleans (sb3-contrib's ``MaskablePPO`` calls it)."""
        return self.mask(self.state)

    def _observe(self) -> Any:
        vector = self.encode(self.state, self.seat)
        if self.observation == "flat":
            return vector
        return {"observation": vector, "action_mask": self.mask(self.state).astype(np.int8)}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.mask(self.state), "seat": self.seat}

    # ---- the other seats ---------------------------------------------------------------------

    def _make_seats(self, seed: int) -> dict[int, Any]:
        return seat_agents(
            self.game, self.opponents, self.seat, seed, lambda p, s: PolicySeat(p, self.encoder, s)
        )

    def _uniform(self) -> float:
        return float(self.np_random.random())

    def _advance(self) -> None:
        """Resolve chance and play the other seats (and the warm-up's decisions of the
        learner's) until the learner decides or the game ends."""
        state = self.state
        while True:
            resolve_chance(state, self._uniform)
            if state.is_terminal():
                return
            player = state.current_player()
            if player == self.seat:
                if not self._warm_left:
                    return
                self._warm_left -= 1
                agent = self._warm
            else:
                agent = self.seats[player]
            state.apply_action(int(decide(agent, state)))

    def _phi(self) -> float:
        if self.reward != "shaped" or self.state.is_terminal():
            return 0.0
        seen = self.state.resample_hidden(self.seat, self._rng)
        return float(heuristics_for(seen.game).evaluate(seen)[self.seat])

    # ---- Gymnasium ---------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if self.rotate:
            self.seat = self._episodes % self.game.num_players()
        self._episodes += 1
        draw = int(self.np_random.integers(2**31))
        self._rng = random.Random(draw)
        self.seats = self._make_seats(draw)
        if self.warmup is not None:
            self._warm = make_warmup(self.game, self.warmup, draw)
        while True:
            if self.warmup is not None:
                self._warm_left = int(self.np_random.integers(self.warmup_decisions + 1))
            self.state = self.game.new_initial_state()
            self._advance()
            if self.warmup is None or not self.state.is_terminal():
                break
        self._potential = self._phi()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise langbord.LangbordError("the game is over: call reset()")
        if int(action) not in self.state.legal_actions():
            return self._observe(), 0.0, False, False, {**self._info(), "illegal_action": True}
        self.state.apply_action(int(action))
        self._advance()
        terminated = self.state.is_terminal()
        reward = final_reward(self.state, self.seat, self.reward) if terminated else 0.0
        if self.reward == "shaped":
            potential = self._phi()
            reward += potential - self._potential
            self._potential = potential
        if self.render_mode == "human":
            self.render()
        return self._observe(), float(reward), terminated, False, self._info()

    def render(self) -> str | None:
        """The table as text (``ansi``: returned; ``human``: printed)."""
        return render_text(self.state, self.render_mode)


def register() -> None:
    """Register ``langbord/<title>-seat-v0`` of every game with Gymnasium (once)."""
    for name in langbord.games():
        if env_id(name) not in gymnasium.registry:
            entry = f"{__name__}:{SeatEnv.__name__}"
            gymnasium.register(id=env_id(name), entry_point=entry, kwargs={"game": name})
