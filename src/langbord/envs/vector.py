"""One seat of ``num_envs`` games stepped together, for learners that decide in batches:
``langbord.envs.vector_env("skibe", num_envs=64, opponents="random", players=3)``.

The seat environment (:mod:`langbord.envs.seat`) of many games at once, with what a batch
learner wants and nothing it does not:

- **Batches in preallocated arrays**: ``reset()`` and ``step(actions)`` return the observations
  as one ``(num_envs, size)`` float32 array (each row the game's encoder's vector, written by
  :meth:`~langbord.envs.encoding.Encoder.encode_into` straight from the state), the rewards,
  terminations and truncations as arrays; ``action_masks()`` is the ``(num_envs, actions)``
  boolean mask, the method sb3-contrib's ``MaskablePPO`` calls.
- **Auto-reset** in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``): a game that ends
  reports its reward and ``terminated`` and its row already holds the first observation of the
  next game; ``infos["final_obs"][k]`` is the observation it ended on (``infos["_final_obs"]``
  says which rows ended).
- **Opponents** as in the seat environment: an agent spec or level for every other seat
  (``"random"`` is played without copying the state, as it only reads it), a list of one spec or
  agent per other seat, or a **batched policy** ``policy(observations, masks) -> actions``, which
  gets every game waiting on one of its seats in one call (rows of flat observations and boolean
  masks, each from the seat it plays): self-play with a network decides for all games at once.
  ``per_env`` gives each game its own opponents (a share of the games in self-play).
- ``warmup`` and ``warmup_decisions``: the seat environment's curriculum, each game starting
  the learner from a position of the warm-up agent's play.
- ``seat`` (a number or ``"rotate"``: each game moves to the next seat at each of its resets),
  ``reward`` (``"win"``, ``"shaped"`` or ``"margin"``) and the game's options are the seat
  environment's.

Chance and the agents' seeds come from ``reset(seed=...)`` (game ``k`` of seed ``s`` plays the
same games whatever ``num_envs`` is). An illegal action leaves its game unchanged: reward 0 and
``infos["illegal_action"][k]`` is True. ``Sb3VectorEnv(env)`` (:mod:`langbord.envs.sb3`) gives a
Stable-Baselines3 ``VecEnv`` of the same games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import langbord
from langbord.agents.heuristics import heuristics_for
from langbord.agents.random_agent import RandomAgent
from langbord.core.game import State
from langbord.envs.chance import resolve_chance
from langbord.envs.encoding import encoder_for
from langbord.envs.observation import vector_space
from langbord.envs.seat import (
    PolicySeat,
    check_opponents,
    check_reward,
    check_warmup,
    decide,
    final_reward,
    make_warmup,
    seat_agents,
)

BatchPolicy = Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any]], Any]
"""``policy(observations, masks) -> actions``: rows of flat observations (float32) and boolean
masks, one per waiting game, each from the seat the policy plays there; one action a row."""

Array = np.ndarray[Any, Any]


class _Table:
    """One of the games: its state, the learner's seat, who plays the other seats."""

    __slots__ = (
        "episodes",
        "legal",
        "opponents",
        "policy",
        "potential",
        "rng",
        "seat",
        "seats",
        "state",
        "warm",
        "warm_left",
    )

    def __init__(self, opponents: Any, seed: int) -> None:
        self.opponents = opponents
        self.policy: BatchPolicy | None = None
        self.seats: dict[int, Any] = {}
        self.rng = random.Random(seed)
        self.seat = 0
        self.episodes = 0
        self.potential = 0.0
        self.warm: Any = None
        self.warm_left = 0
        self.legal: list[int] = []
        """The learner's legal actions, as its row of the masks holds them."""
        self.state: State


class VectorSeatEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """One seat of ``num_envs`` games stepped together (see the module docstring)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        num_envs: int = 8,
        seat: int | str = "rotate",
        opponents: Any = "random",
        per_env: Sequence[Any] | None = None,
        reward: str = "win",
        warmup: str | None = None,
        warmup_decisions: int = 30,
        **options: Any,
    ) -> None:
        self.game = langbord.load(game, **options)
        n = self.game.num_players()
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number from 1 on, not {num_envs!r}")
        if seat != "rotate" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be a seat from 0 to {n - 1} or 'rotate', not {seat!r}")
        check_reward(self.game, reward)
        check_warmup(self.game, warmup, warmup_decisions)
        self.warmup = warmup
        self.warmup_decisions = warmup_decisions
        if per_env is not None and len(per_env) != num_envs:
            raise ValueError(f"per_env must give the opponents of each of the {num_envs} games")
        chosen = list(per_env) if per_env is not None else [opponents] * num_envs
        for entry in {id(o): o for o in chosen}.values():
            check_opponents(self.game, entry)
        self.num_envs = num_envs
        self.rotate = seat == "rotate"
        self.first_seat = 0 if self.rotate else int(seat)
        self.reward = reward
        self.encoder = encoder_for(self.game)
        actions = self.game.num_distinct_actions()
        self.single_observation_space = vector_space(self.encoder)
        self.single_action_space = gymnasium.spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observations: Array = np.zeros((num_envs, self.encoder.size), dtype=np.float32)
        self.masks: Array = np.zeros((num_envs, actions), dtype=np.bool_)
        self._mask_cells = memoryview(self.masks.reshape(-1).view(np.uint8).data)
        """The masks' cells, one byte each, for single stores (cheaper than numpy's)."""
        self._final: Array = np.zeros_like(self.observations)
        self._waiting: Array = np.zeros_like(self.observations)
        self._waiting_masks: Array = np.zeros_like(self.masks)
        self._broken = True
        """Whether the games must be reset first: before the first reset, and after an
        opponent failed in a step."""
        self.decisions = 0
        """Decisions played at all tables so far, the learner's and the other seats'."""
        self.tables = [_Table(o, k) for k, o in enumerate(chosen)]
        for table in self.tables:
            table.state = self.game.new_initial_state()

    # ---- the games ---------------------------------------------------------------------------

    def _start(self, k: int) -> None:
        """A new game at table ``k``: its seat and its opponents (seeded from its generator)."""
        table = self.tables[k]
        n = self.game.num_players()
        table.seat = table.episodes % n if self.rotate else self.first_seat
        table.episodes += 1
        draw = table.rng.getrandbits(31)
        if self.warmup is not None:
            table.warm = make_warmup(self.game, self.warmup, draw)
            table.warm_left = table.rng.randint(0, self.warmup_decisions)
        opponents = table.opponents
        if callable(opponents) and not hasattr(opponents, "step"):
            table.policy = opponents
            table.seats = {}
        else:
            table.policy = None
            table.seats = seat_agents(
                self.game, opponents, table.seat, draw, lambda p, s: PolicySeat(p, self.encoder, s)
            )
        table.state = self.game.new_initial_state()

    def _advance(self, ks: list[int]) -> None:
        """Resolve chance and play the other seats of tables ``ks`` until each learner decides
        or its game ends; a batched policy decides for all tables waiting on it at once."""
        pending = ks
        played = 0
        while pending:
            waiting: list[int] = []
            for k in pending:
                table = self.tables[k]
                state = table.state
                uniform = table.rng.random
                while True:
                    resolve_chance(state, uniform)
                    if state.is_terminal():
                        break
                    player = state.current_player()
                    if player == table.seat:
                        if not table.warm_left:
                            break
                        table.warm_left -= 1
                        state.apply_action(int(decide(table.warm, state)))
                        played += 1
                        continue
                    if table.policy is not None:
                        waiting.append(k)
                        break
                    agent = table.seats[player]
                    if type(agent) is RandomAgent:  # its own choice, without a call or a check
                        legal = state.legal_actions()
                        state.apply_unchecked(legal[agent.rng.randrange(len(legal))])
                    else:
                        state.apply_action(int(decide(agent, state)))
                    played += 1
            if waiting:
                self._play_policies(waiting)
                played += len(waiting)
            pending = waiting
        self.decisions += played

    def _play_policies(self, waiting: list[int]) -> None:
        """One call of each batched policy for the tables ``waiting`` on it."""
        groups: dict[int, list[int]] = {}
        for k in waiting:
            groups.setdefault(id(self.tables[k].policy), []).append(k)
        observations = self._waiting
        masks = self._waiting_masks
        encode = self.encoder.encode_into
        for ks in groups.values():
            for row, k in enumerate(ks):
                state = self.tables[k].state
                encode(state, state.current_player(), observations[row])
                masks[row].fill(False)
                masks[row, state.legal_actions()] = True
            policy = self.tables[ks[0]].policy
            assert policy is not None
            actions = np.asarray(policy(observations[: len(ks)], masks[: len(ks)])).reshape(-1)
            if actions.shape[0] != len(ks) or actions.dtype.kind not in "iu":
                raise ValueError(
                    f"the policy must give one integer action for each of the {len(ks)} games "
                    f"it was asked about, not {actions.shape[0]} of {actions.dtype}"
                )
            for row, k in enumerate(ks):
                action = int(actions[row])
                if not 0 <= action < masks.shape[1] or not masks[row, action]:
                    raise ValueError(f"the policy chose illegal action {action} at table {k}")
            for row, k in enumerate(ks):
                self.tables[k].state.apply_unchecked(int(actions[row]))

    def _phi(self, table: _Table) -> float:
        if self.reward != "shaped" or table.state.is_terminal():
            return 0.0
        seen = table.state.resample_hidden(table.seat, table.rng)
        return float(heuristics_for(seen.game).evaluate(seen)[table.seat])

    def _observe(self, k: int, into: Array | None = None) -> None:
        """Table ``k``'s learner observation and mask into their rows."""
        table = self.tables[k]
        state = table.state
        self.encoder.encode_into(state, table.seat, self.observations[k] if into is None else into)
        if into is not None:
            return
        cells = self._mask_cells
        base = k * self.masks.shape[1]
        for action in table.legal:
            cells[base + action] = 0
        legal = [] if state.is_terminal() else state.legal_actions()
        for action in legal:
            cells[base + action] = 1
        table.legal = legal

    # ---- Gymnasium's vector API --------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """Start every game (seeded by ``seed``: game ``k`` from ``(seed, k)``)."""
        if seed is not None:
            for k, table in enumerate(self.tables):
                table.rng = random.Random(f"{seed}/{k}")
                table.episodes = 0
        everyone = list(range(self.num_envs))
        self._broken = True
        for k in everyone:
            self._start(k)
        self._advance(everyone)
        for k in everyone:
            table = self.tables[k]
            if table.state.is_terminal():  # a game with no decision of the learner's
                self._start(k)
                self._advance([k])
            table.potential = self._phi(table)
            self._observe(k)
        self._broken = False
        return self.observations.copy(), {"seat": self.seats()}

    def seats(self) -> Array:
        """The learner's seat at each table."""
        return np.array([t.seat for t in self.tables], dtype=np.int64)

    def action_masks(self) -> Array:
        """The learner's legal actions at each table, as booleans (``(num_envs, actions)``, a
        copy: changing it changes nothing here)."""
        return self.masks.copy()

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """Each table's learner plays its action; the other seats play; ended games restart.

        Malformed actions are refused before any table moves. If an opponent fails (a policy
        choosing an illegal action) the step stops there and the games must be reset."""
        if self._broken:
            raise langbord.LangbordError(
                "the games need a reset first (before the first game, or after an opponent "
                "failed): call reset()"
            )
        chosen = np.asarray(actions).reshape(-1)
        if chosen.shape[0] != self.num_envs or chosen.dtype.kind not in "iu":
            raise ValueError(
                f"step needs one integer action for each of the {self.num_envs} games, "
                f"not {chosen.shape[0]} of {chosen.dtype}"
            )
        self._broken = True
        result = self._step(chosen)
        self._broken = False
        return result

    def _step(self, chosen: Array) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        illegal = np.zeros(self.num_envs, dtype=np.bool_)
        moved: list[int] = []
        for k, (table, action) in enumerate(zip(self.tables, chosen.tolist(), strict=True)):
            if action not in table.legal:
                illegal[k] = True
                continue
            table.state.apply_unchecked(action)
            moved.append(k)
        self.decisions += len(moved)
        self._advance(moved)
        final_obs = np.empty(self.num_envs, dtype=object)
        ended: list[int] = []
        for k in moved:
            table = self.tables[k]
            state = table.state
            if state.is_terminal():
                rewards[k] = final_reward(state, table.seat, self.reward)
                terminated[k] = True
                self._observe(k, into=self._final[k])
                final_obs[k] = self._final[k].copy()
                ended.append(k)
            if self.reward == "shaped":
                potential = self._phi(table)
                rewards[k] += potential - table.potential
                table.potential = potential
        for k in ended:
            self._start(k)
        self._advance(ended)
        for k in ended:
            table = self.tables[k]
            while table.state.is_terminal():
                self._start(k)
                self._advance([k])
            table.potential = self._phi(table)
        for k in moved:
            self._observe(k)
        infos: dict[str, Any] = {"seat": self.seats(), "illegal_action": illegal}
        if ended:
            infos["final_obs"] = final_obs
            infos["_final_obs"] = terminated.copy()
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return self.observations.copy(), rewards, terminated, truncated, infos
