"""The measured cost of the agents' work at each game: the data behind
:func:`langbord.agents.budget.decision_seconds`.

``python benchmarks/agent_costs.py`` re-measures them and prints this dict to paste here (see its
docstring for the positions, the option sets and the safety factor). A game without an entry
gets no bot on a server, so a new game needs its line.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Costs:
    """Upper bounds, on the reference two-core machine, of one game's agent work (seconds)."""

    iteration: float
    """One MCTS iteration without rollout steps: re-deal, tree descent, ``evaluate()`` (also
    the bound of a flat rollout's re-deal and scoring)."""
    step: dict[str, float]
    """One rollout step of each rollout policy (``random``, ``greedy``, ``policy``), chance
    steps included."""
    decision: dict[str, float]
    """One decision of ``random``, ``greedy`` and ``policy``."""
    length: int
    """Steps of the longest game (chance included): a rollout to the end plays no more."""
    legal: int
    """The most legal actions of a decision."""


COSTS: dict[str, Costs] = {
    "knarr": Costs(
        iteration=0.00014,
        step={"random": 1.1e-05, "greedy": 0.00074, "policy": 1.6e-05},
        decision={"random": 6.4e-06, "greedy": 0.0025, "policy": 7.1e-05},
        length=702,
        legal=7,
    ),
    "skaal": Costs(
        iteration=7.2e-05,
        step={"random": 1.1e-05, "greedy": 0.00083, "policy": 1.3e-05},
        decision={"random": 5e-06, "greedy": 0.0013, "policy": 2e-05},
        length=1982,
        legal=39,
    ),
    "skibe": Costs(
        iteration=9.6e-05,
        step={"random": 1.1e-05, "greedy": 0.0011, "policy": 0.00014},
        decision={"random": 5.4e-06, "greedy": 0.0051, "policy": 0.00023},
        length=286,
        legal=32,
    ),
    "skoventyr": Costs(
        iteration=8.6e-05,
        step={"random": 1.2e-05, "greedy": 0.00024, "policy": 3.4e-05},
        decision={"random": 4.9e-06, "greedy": 0.00056, "policy": 0.00012},
        length=362,
        legal=13,
    ),
}
