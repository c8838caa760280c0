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
    """One MCTS iteration without rollout steps (re-deal, tree descent, ``evaluate()``) in a
    search of ``base`` iterations; also the bound of a flat rollout's re-deal and scoring."""
    growth: float
    """What an iteration costs more in a search ten times as long (the tree is deeper)."""
    base: int
    """The iterations of the search ``iteration`` was measured in."""
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
        growth=5.2e-05,
        base=400,
        step={"random": 1.1e-05, "greedy": 0.00069, "policy": 1.7e-05},
        decision={"random": 6.3e-06, "greedy": 0.0025, "policy": 0.00013},
        length=702,
        legal=7,
    ),
    "skaal": Costs(
        iteration=6.6e-05,
        growth=2.8e-05,
        base=400,
        step={"random": 1.1e-05, "greedy": 0.00076, "policy": 1.9e-05},
        decision={"random": 5.1e-06, "greedy": 0.0011, "policy": 2.1e-05},
        length=1982,
        legal=39,
    ),
    "skibe": Costs(
        iteration=6.4e-05,
        growth=3.1e-05,
        base=400,
        step={"random": 1.1e-05, "greedy": 0.0012, "policy": 0.00014},
        decision={"random": 1.4e-05, "greedy": 0.0052, "policy": 0.00022},
        length=286,
        legal=32,
    ),
    "skoventyr": Costs(
        iteration=8.7e-05,
        growth=4.4e-05,
        base=400,
        step={"random": 1.3e-05, "greedy": 0.00024, "policy": 3.2e-05},
        decision={"random": 5.3e-06, "greedy": 0.00053, "policy": 8.9e-05},
        length=362,
        legal=13,
    ),
}
