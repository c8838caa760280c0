"""Gymnasium environment of Skoventyr, the cooperative game: ``langbord/Skoventyr-v0``.

``gymnasium.make("langbord/Skoventyr-v0", players=1, trees=7)`` after ``import langbord.envs``;
keyword arguments are Skoventyr's options (``langbord rules skoventyr``). The agent takes every
decision (with ``players`` above 1 it plays all the seats: they share one result and see the same
table); the observation is the dict of the PettingZoo environments (``"observation"``, the seat
to move's encoded view, every slot in [0, 1]; ``"action_mask"``, 1 for each legal action). The
reward is 1.0 on the step that wins, 0.0 otherwise; chance is resolved inside the environment
with its generator. An illegal action changes nothing: the step returns reward 0 and
``info["illegal_action"] = True``.
"""

from __future__ import annotations

from typing import Any, cast

import gymnasium
import numpy as np

import langbord
from langbord.envs.chance import resolve_chance
from langbord.envs.encoding import encoder_for
from langbord.envs.observation import Observation, observation_space, observe, render_text

ENV_ID = "langbord/Skoventyr-v0"


class SkoventyrEnv(gymnasium.Env[Observation, np.int64]):
    """Skoventyr for one learner (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Env's)

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        self.game = langbord.load("skoventyr", **options)
        self.encoder = encoder_for(self.game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.observation_space = cast(
            "gymnasium.spaces.Space[Observation]", observation_space(self.encoder)
        )
        self.action_space = gymnasium.spaces.Discrete(self.game.num_distinct_actions())
        self.state: langbord.State = self.game.new_initial_state()

    def _uniform(self) -> float:
        return float(self.np_random.random())

    def _observation(self) -> Observation:
        seat = max(self.state.current_player(), 0)
        return observe(self.encoder, self.state, seat, not self.state.is_terminal())

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.state = self.game.new_initial_state()
        resolve_chance(self.state, self._uniform)
        return self._observation(), {}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal():
            raise langbord.LangbordError("the game is over: call reset()")
        if int(action) not in self.state.legal_actions():
            return self._observation(), 0.0, False, False, {"illegal_action": True}
        self.state.apply_action(int(action))
        resolve_chance(self.state, self._uniform)
        terminated = self.state.is_terminal()
        reward = self.state.returns()[0] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, {}

    def render(self) -> str | None:
        """The table as text (``ansi``: returned; ``human``: printed)."""
        return render_text(self.state, self.render_mode)


def register() -> None:
    """Register ``langbord/Skoventyr-v0`` with Gymnasium (once)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=SkoventyrEnv)


register()
