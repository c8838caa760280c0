"""Stable-Baselines3's ``VecEnv`` over langbord's vector environment (needs ``langbord[train]``):
``Sb3VectorEnv(vector_env("skibe", num_envs=16, players=3))`` goes straight to ``MaskablePPO``."""

from __future__ import annotations

from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from langbord.envs.vector import Array, VectorSeatEnv


class Sb3VectorEnv(VecEnv):
    """A :class:`VectorSeatEnv` as a Stable-Baselines3 ``VecEnv``: ``dones`` and a list of infos,
    ``infos[k]["terminal_observation"]`` for a game that ended (SB3's convention), and
    ``env_method("action_masks")`` giving each game's mask row, as sb3-contrib asks."""

    def __init__(self, env: VectorSeatEnv) -> None:
        self.env = env
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
        self._actions: Array = np.zeros(env.num_envs, dtype=np.int64)
        self._seed: int | None = None

    def reset(self) -> Array:
        seed = self._seed
        self._seed = None
        observations, _ = self.env.reset(seed=seed)
        return observations

    def seed(self, seed: int | None = None) -> list[int | None]:
        self._seed = seed
        return [None if seed is None else seed + k for k in range(self.num_envs)]

    def step_async(self, actions: Array) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[Array, Array, Array, list[dict[str, Any]]]:
        observations, rewards, terminated, _, info = self.env.step(self._actions)
        final = info.get("final_obs")
        infos: list[dict[str, Any]] = []
        for k in range(self.num_envs):
            entry: dict[str, Any] = {"seat": int(info["seat"][k])}
            if info["illegal_action"][k]:
                entry["illegal_action"] = True
            if terminated[k] and final is not None:
                entry["terminal_observation"] = final[k]
                entry["TimeLimit.truncated"] = False
            infos.append(entry)
        return observations, rewards.astype(np.float32), terminated, infos

    def action_masks(self) -> Array:
        return self.env.action_masks()

    def close(self) -> None:
        self.env.close()

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self.env, attr_name) for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"the games' attribute {attr_name!r} cannot be set one game at a time")

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        ks = self._indices(indices)
        if method_name == "action_masks":
            masks = self.env.action_masks()
            return [masks[k] for k in ks]
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        return [result for _ in ks]

    def env_is_wrapped(self, wrapper_class: type[Any], indices: Any = None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def get_images(self) -> list[Any]:
        return [None for _ in range(self.num_envs)]
