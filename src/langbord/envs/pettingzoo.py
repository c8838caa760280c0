"""PettingZoo (AEC) environments of every langbord game: ``langbord.envs.pettingzoo_env(game)``.

Agents are ``player_0`` … ``player_{n-1}`` (seat ``i`` is ``player_i``); the seat to move is the
``agent_selection`` (a seat may decide several times in a row). An observation is a dict:
``"observation"``, the seat's knowledge as a fixed-size float32 vector (the game's
:class:`~langbord.envs.encoding.Encoder`: ``encoder_for(game).slots()`` names every slot), and
``"action_mask"``, an int8 vector over all the game's action ids with 1 for each legal action
(all 0 for a seat not to move). Rewards are ``returns()`` at the end (0 before); chance nodes
are resolved inside the environment with its generator, seeded by ``reset(seed=...)``. An
illegal action raises :class:`~langbord.IllegalActionError` and changes nothing.

With ``observation="flat"`` an observation is the float32 vector alone, in a ``Box`` space, and
the mask is ``action_mask(agent)`` and ``infos[agent]["action_mask"]`` (PettingZoo's other
convention): SuperSuit's wrappers that need a ``Box`` (``flatten_v0``, ``dtype_v0``,
``pad_observations_v0``, ``normalize_obs_v0``…) then apply as they are.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import langbord
from langbord.envs.chance import resolve_chance
from langbord.envs.encoding import encoder_for
from langbord.envs.observation import (
    Observation,
    legal_mask,
    observation_space,
    observe,
    render_text,
    vector,
    vector_space,
)


class LangbordEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One langbord game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (AECEnv's; an instance adds its name)
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        observation: str = "dict",
        **options: Any,
    ) -> None:
        super().__init__()
        if observation not in ("dict", "flat"):
            raise ValueError(f"observation must be 'dict' or 'flat', not {observation!r}")
        self.flat = observation == "flat"
        self.game = langbord.load(game, **options)
        self.encoder = encoder_for(self.game)
        self.metadata = {**self.metadata, "name": f"langbord_{self.game.name}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._observation_space: spaces.Space[Any] = (
            vector_space(self.encoder) if self.flat else observation_space(self.encoder)
        )
        self._action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._generator: np.random.Generator | None = None
        self.state: langbord.State = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def _uniform(self) -> float:
        assert self._generator is not None
        return float(self._generator.random())

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._generator is None:
            self._generator, _ = seeding.np_random(seed)
        self.state = self.game.new_initial_state()
        resolve_chance(self.state, self._uniform)
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the seat to move; at the end, everybody is terminated."""
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = returns[i]
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        if self.flat:
            for agent in self.agents:
                self.infos[agent]["action_mask"] = self.action_mask(agent)

    def _to_move(self, agent: str) -> bool:
        return agent == self.agent_selection and not self.state.is_terminal()

    def observe(self, agent: str) -> Any:
        seat = self.possible_agents.index(agent)
        if self.flat:
            return vector(self.encoder, self.state, seat)
        return observe(self.encoder, self.state, seat, self._to_move(agent))

    def action_mask(self, agent: str) -> np.ndarray[Any, Any]:
        """``agent``'s legal actions as an int8 mask (all 0 unless it is to move)."""
        return legal_mask(self.state, self._to_move(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for a finished agent")
        self.state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        resolve_chance(self.state, self._uniform)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as a spectator sees it (``ansi``: returned; ``human``: printed)."""
        return render_text(self.state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])
