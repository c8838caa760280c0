"""Agent specs: the strings that name an agent everywhere agents are chosen.

``random``, ``greedy``, ``policy``, ``mcts``, ``mcts:iterations=2000``, ``mcts:time=1.0``,
``mcts:time=0.25,rollout=greedy,c=1.4``, ``rollouts:rollouts=64``, ``rollouts:time=0.1,depth=40``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from langbord.agents.greedy import GreedyAgent
from langbord.agents.mcts import MCTSAgent
from langbord.agents.policy import PolicyAgent
from langbord.agents.random_agent import RandomAgent
from langbord.agents.rollouts import RolloutAgent
from langbord.core.errors import OptionError
from langbord.core.runner import Agent

_MCTS_OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "iterations": ("iterations", int),
    "time": ("time_limit", float),
    "c": ("c", float),
    "rollout": ("rollout", str),
    "rollout_depth": ("rollout_depth", int),
    "prior": ("prior", float),
    "prior_visits": ("prior_visits", int),
}
_ROLLOUTS_OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "rollouts": ("rollouts", int),
    "time": ("time_limit", float),
    "depth": ("depth", int),
}
AGENTS = ("random", "greedy", "policy", "mcts", "rollouts")


def make_agent(spec: str, seed: int | None = None, max_seconds: float | None = None) -> Agent:
    """The agent ``spec`` names, seeded with ``seed``; :class:`OptionError` for a bad spec.

    ``max_seconds`` caps one decision's wall time whatever the spec's budget (a server's guard):
    the searching agents (``mcts``, ``rollouts``) stop there and play their best move so far;
    the others decide at once and need no cap."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    pairs = [p for p in rest.split(",") if p.strip()] if rest else []
    if name not in AGENTS:
        raise OptionError(f"unknown agent {spec!r}; agents are: {', '.join(AGENTS)}")
    if name not in ("mcts", "rollouts"):
        if pairs:
            raise OptionError(f"agent {name!r} takes no options (got {rest!r})")
        simple: dict[str, Callable[[int | None], Agent]] = {
            "random": RandomAgent,
            "greedy": GreedyAgent,
            "policy": PolicyAgent,
        }
        return simple[name](seed)
    options = _ROLLOUTS_OPTIONS if name == "rollouts" else _MCTS_OPTIONS
    kwargs: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().lower()
        if not sep or key not in options:
            raise OptionError(
                f"bad {name} option {pair.strip()!r}; options are: "
                + ", ".join(f"{k}=…" for k in options)
            )
        target, convert = options[key]
        try:
            kwargs[target] = convert(value.strip())
        except ValueError:
            raise OptionError(f"{name} option {key}={value.strip()!r} is not a number") from None
    try:
        if name == "rollouts":
            return RolloutAgent(seed, max_seconds=max_seconds, **kwargs)
        return MCTSAgent(seed, max_seconds=max_seconds, **kwargs)
    except ValueError as exc:
        raise OptionError(str(exc)) from None


def split_specs(text: str, names: Collection[str] = AGENTS) -> list[str]:
    """``mcts:time=0.25,rollout=greedy,random`` → ``["mcts:time=0.25,rollout=greedy",
    "random"]``: a comma starts a new agent only where one of ``names`` follows."""
    specs: list[str] = []
    for token in text.split(","):
        token = token.strip()
        if not token:
            raise OptionError(f"empty agent in {text!r}")
        head = token.partition(":")[0].strip().lower()
        if head not in names and "=" in token and specs:
            specs[-1] += "," + token
        else:
            specs.append(token)
    return specs
