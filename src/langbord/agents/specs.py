"""Agent specs: the strings that name an agent everywhere agents are chosen.

``random``, ``greedy``, ``policy``, ``mcts``, ``mcts:iterations=2000``, ``mcts:time=1.0``,
``mcts:time=0.25,rollout=greedy,c=1.4``, ``rollouts:rollouts=64``, ``rollouts:time=0.1,depth=40``,
``noisy:policy=0.5,temperature=0.05``.

Where the game is known, a level's name (``beginner``, ``casual``, ``club``, ``strong``,
``best``: :mod:`langbord.agents.levels`) stands for that game's spec of the level.

Every number in a spec is parsed here, once, for the command line, the arena, simulations and
the server alike: a finite decimal number (a whole number where a count is meant: ``1e3`` and
``2.0`` are not counts) within these bounds, each given at most once:

=================  ========================================  ==========================
agent              option                                    allowed
=================  ========================================  ==========================
``mcts``           ``iterations`` (a decision's budget)      whole number 1..1,000,000
``mcts``           ``time`` (seconds a decision)             0.001..3600
``mcts``           ``c`` (UCT exploration)                   0..100
``mcts``           ``rollout``                               random, greedy, policy
``mcts``           ``rollout_depth`` (steps a rollout)       whole number 0..10,000
``mcts``           ``prior`` (progressive bias weight)       0..1,000
``mcts``           ``prior_visits``                          whole number 0..1,000,000
``rollouts``       ``rollouts`` (a decision's budget)        whole number 1..1,000,000
``rollouts``       ``time`` (seconds a decision)             0.001..3600
``rollouts``       ``depth`` (steps a rollout)               whole number 0..10,000
``rollouts``       ``credit`` (a lost rollout's progress)    0..1
``noisy``          ``policy`` (chance of the policy's move)  0..1
``noisy``          ``temperature`` (softmax over evaluate)   0.001..10
=================  ========================================  ==========================

``nan``, ``inf``, ``1e999`` (which overflows to infinity), negatives, empty values and values
out of range are refused with an :class:`OptionError` naming the option and its range. The
bounds are wide enough that nobody means to go past them; how long a spec thinks at a given game
is :func:`langbord.agents.budget.decision_seconds`'s business.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from langbord.agents.greedy import GreedyAgent
from langbord.agents.levels import LEVELS, resolve_level
from langbord.agents.mcts import ROLLOUTS, MCTSAgent
from langbord.agents.noisy import NoisyPolicyAgent
from langbord.agents.policy import PolicyAgent
from langbord.agents.random_agent import RandomAgent
from langbord.agents.rollouts import RolloutAgent
from langbord.core.errors import OptionError
from langbord.core.game import Game
from langbord.core.i18n import N_, _
from langbord.core.prompts import join_or
from langbord.core.runner import Agent


@dataclass(frozen=True)
class Bound:
    """One numeric option of a spec: the keyword it sets, its kind and its allowed range."""

    target: str  # the agent's keyword argument
    whole: bool  # a count (digits only) rather than a decimal number
    low: float
    high: float
    unit: str = ""  # "seconds" for a time (the only unit: see _BOUND_WORDS)

    def describe(self, key: str) -> str:
        """What ``key`` must be, in the language spoken: "time must be a number of seconds
        from 0.001 to 3,600"."""
        template = _BOUND_WORDS[self.whole, bool(self.unit)]
        return _(template).format(key=key, low=_figure(self.low), high=_figure(self.high))


_BOUND_WORDS = {
    (True, False): N_("{key} must be a whole number from {low} to {high}"),
    (True, True): N_("{key} must be a whole number of seconds from {low} to {high}"),
    (False, False): N_("{key} must be a number from {low} to {high}"),
    (False, True): N_("{key} must be a number of seconds from {low} to {high}"),
}
"""What a :class:`Bound` says, by whether it is whole and whether it has a unit (seconds, the
only one), a whole sentence each so that a translator words each as a whole."""


MCTS_OPTIONS: dict[str, Bound | tuple[str, tuple[str, ...]]] = {
    "iterations": Bound("iterations", True, 1, 1_000_000),
    "time": Bound("time_limit", False, 0.001, 3600, "seconds"),
    "c": Bound("c", False, 0, 100),
    "rollout": ("rollout", ROLLOUTS),
    "rollout_depth": Bound("rollout_depth", True, 0, 10_000),
    "prior": Bound("prior", False, 0, 1_000),
    "prior_visits": Bound("prior_visits", True, 0, 1_000_000),
}
ROLLOUTS_OPTIONS: dict[str, Bound | tuple[str, tuple[str, ...]]] = {
    "rollouts": Bound("rollouts", True, 1, 1_000_000),
    "time": Bound("time_limit", False, 0.001, 3600, "seconds"),
    "depth": Bound("depth", True, 0, 10_000),
    "credit": Bound("credit", False, 0, 1),
}
NOISY_OPTIONS: dict[str, Bound | tuple[str, tuple[str, ...]]] = {
    "policy": Bound("policy", False, 0, 1),
    "temperature": Bound("temperature", False, 0.001, 10),
}
"""The options of ``mcts``, ``rollouts`` and ``noisy``: a :class:`Bound` for a number, or the
keyword and the allowed words for a choice."""
OPTIONS = {"mcts": MCTS_OPTIONS, "rollouts": ROLLOUTS_OPTIONS, "noisy": NOISY_OPTIONS}
AGENTS = ("random", "greedy", "policy", "mcts", "rollouts", "noisy")

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")


def _figure(x: float) -> str:
    """``1000000`` → ``1,000,000``; ``0.001`` → ``0.001``."""
    return f"{int(x):,}" if x == int(x) else f"{x:g}"


def quoted(text: str, limit: int = 40) -> str:
    """``text`` in quotes as a message may carry it: its ``repr`` (escaping what a terminal or
    JSON cannot carry, such as a lone surrogate), cut at ``limit`` characters."""
    return repr(text[:limit]) + ("…" if len(text) > limit else "")


def shown(text: str, limit: int = 24) -> str:
    """``text`` as a message may quote it: as is when short and printable, else
    :func:`quoted`."""
    if len(text) <= limit and text.isprintable():
        return text
    return quoted(text, limit)


def parse_number(agent: str, key: str, value: str, bound: Bound) -> int | float:
    """``value`` of option ``key`` as its :class:`Bound` allows, else :class:`OptionError`
    ("mcts option time=nan: time must be a number of seconds from 0.001 to 3600")."""
    pattern = _WHOLE if bound.whole else _DECIMAL
    number: int | float | None = None
    if len(value) <= 40 and pattern.fullmatch(value):
        number = int(value) if bound.whole else float(value)
    if number is None or not math.isfinite(number) or not bound.low <= number <= bound.high:
        raise OptionError(
            _("{agent} option {key}={value}: {rule}").format(
                agent=agent, key=key, value=shown(value), rule=bound.describe(key)
            )
        )
    return number


def parse_options(name: str, pairs: list[str]) -> dict[str, Any]:
    """The keyword arguments ``pairs`` (``["time=1", "rollout=greedy"]``) give agent ``name``
    (``mcts``, ``rollouts`` or ``noisy``); :class:`OptionError` for anything the module's table
    refuses."""
    options = OPTIONS[name]
    kwargs: dict[str, Any] = {}
    seen: set[str] = set()
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().lower()
        value = value.strip()
        if not sep or key not in options:
            listing = ", ".join(f"{k}=…" for k in options)
            raise OptionError(
                _("bad {agent} option {pair}; options are: {options}").format(
                    agent=name, pair=quoted(pair.strip()), options=listing
                )
            )
        if key in seen:
            raise OptionError(_("{agent} option {key} is given twice").format(agent=name, key=key))
        seen.add(key)
        rule = options[key]
        if isinstance(rule, Bound):
            kwargs[rule.target] = parse_number(name, key, value, rule)
        else:
            target, words = rule
            if value.lower() not in words:
                raise OptionError(
                    _("{agent} option {key}={value}: {key} must be {words}").format(
                        agent=name, key=key, value=shown(value), words=join_or(words)
                    )
                )
            kwargs[target] = value.lower()
    return kwargs


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``mcts:time=1,rollout=greedy`` → ``("mcts", {"time_limit": 1.0, "rollout": "greedy"})``:
    the agent's name and the keyword arguments its spec gives; :class:`OptionError` for a bad
    spec."""
    name, _colon, rest = spec.strip().partition(":")
    name = name.strip().lower()
    pairs = [p for p in rest.split(",") if p.strip()] if rest else []
    if name not in AGENTS:
        raise OptionError(
            _(
                "unknown agent {agent}; agents are: {agents}; "
                "levels (where the game is known) are: {levels}"
            ).format(agent=quoted(spec.strip()), agents=", ".join(AGENTS), levels=", ".join(LEVELS))
        )
    if name not in OPTIONS:
        if pairs:
            raise OptionError(
                _("agent {agent} takes no options (got {options})").format(
                    agent=repr(name), options=quoted(rest)
                )
            )
        return name, {}
    return name, parse_options(name, pairs)


def make_agent(
    spec: str,
    seed: int | None = None,
    max_seconds: float | None = None,
    game: Game | str | None = None,
) -> Agent:
    """The agent ``spec`` names, seeded with ``seed``; :class:`OptionError` for a bad spec (see
    the module for the options and their bounds). With ``game`` (a game or its name), ``spec``
    may also be a level's name (``club``), which stands for that game's spec of the level.

    ``max_seconds`` caps one decision's wall time whatever the spec's budget (a server's guard):
    the searching agents (``mcts``, ``rollouts``) stop there and play their best move so far;
    the others decide at once and need no cap."""
    name, kwargs = parse_spec(resolve_level(spec, game))
    simple: dict[str, Callable[[int | None], Agent]] = {
        "random": RandomAgent,
        "greedy": GreedyAgent,
        "policy": PolicyAgent,
    }
    if name in simple:
        return simple[name](seed)
    try:
        if name == "rollouts":
            return RolloutAgent(seed, max_seconds=max_seconds, **kwargs)
        if name == "noisy":
            return NoisyPolicyAgent(seed, **kwargs)
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
            raise OptionError(_("empty agent in {text}").format(text=repr(text)))
        head = token.partition(":")[0].strip().lower()
        if head not in names and "=" in token and specs:
            specs[-1] += "," + token
        else:
            specs.append(token)
    return specs
