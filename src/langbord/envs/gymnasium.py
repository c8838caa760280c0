"""Gymnasium environments of the cooperative games (those whose ``GameInfo`` says
``cooperative``): ``langbord/<title>-v0``, today ``langbord/Skoventyr-v0``.

``gymnasium.make("langbord/Skoventyr-v0", players=1, trees=7)`` after ``import langbord.envs``;
keyword arguments are the game's options (``langbord rules skoventyr --card``). The agent takes
every decision (with ``players`` above 1 it plays all the seats: they share one result and see the
same table); the observation is the dict of the PettingZoo environments (``"observation"``, the seat
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
from langbord.core import registry
from langbord.envs.chance import resolve_chance
from langbord.envs.encoding import encoder_for
from langbord.envs.observation import Observation, observation_space, observe, render_text


def env_id(game: str) -> str:
    """Gymnasium's id of a cooperative langbord game: ``langbord/<title>-v0``."""
    return f"langbord/{registry.info(game).title}-v0"


ENV_ID = env_id("skoventyr")
"""Skoventyr's environment, the one cooperative game today."""


class CooperativeEnv(gymnasium.Env[Observation, np.int64]):
    """A cooperative game for one learner (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Env's)

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        if not registry.info(game).cooperative:
            raise langbord.LangbordError(
                f"{game} is not cooperative: one learner cannot take every seat's part"
            )
        self.game = langbord.load(game, **options)
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
    """Register ``langbord/<title>-v0`` of every cooperative game with Gymnasium (once)."""
    for name in langbord.games():
        if registry.info(name).cooperative and env_id(name) not in gymnasium.registry:
            entry = f"{__name__}:{CooperativeEnv.__name__}"
            gymnasium.register(id=env_id(name), entry_point=entry, kwargs={"game": name})


register()
