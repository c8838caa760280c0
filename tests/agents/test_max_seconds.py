"""``max_seconds``: a hard cap on one decision's wall time over any budget (a server's guard),
which leaves a decision that finishes within it unchanged."""

from __future__ import annotations

import pytest

from langbord.agents import MCTSAgent, RolloutAgent, make_agent
from langbord.core.errors import OptionError

from .test_agents import Ticks, states_to_decide


@pytest.mark.parametrize("spec", ["mcts:iterations=1000000", "rollouts:rollouts=1000000"])
@pytest.mark.parametrize("name", ["skibe", "knarr"])
def test_a_huge_budget_stops_at_the_cap_with_a_legal_move(spec: str, name: str) -> None:
    """The cap is read on the agent's clock, here one that moves 1/16 s a read: the search
    stops after a few iterations, whatever else the machine is doing, with a legal move."""
    state = states_to_decide(name, 1, seed=3)[0]
    agent = make_agent(spec, 1, max_seconds=0.5)
    assert isinstance(agent, MCTSAgent | RolloutAgent)
    agent.clock = clock = Ticks(1 / 16)
    action = agent.step(state)
    assert action in state.legal_actions()
    assert 0 < agent.last_iterations <= 8 < clock.reads <= 10
    assert agent.last_search[0].action == action


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("mcts:iterations=60", "skibe"),
        ("mcts:iterations=200,rollout=policy", "skoventyr"),
        ("rollouts:rollouts=40", "skoventyr"),
        ("rollouts:rollouts=30,depth=20", "knarr"),
    ],
)
def test_the_cap_changes_nothing_within_it(spec: str, name: str) -> None:
    for state in states_to_decide(name, 3, seed=5):
        free = make_agent(spec, 9)
        capped = make_agent(spec, 9, max_seconds=600)
        assert isinstance(free, MCTSAgent | RolloutAgent)
        assert isinstance(capped, MCTSAgent | RolloutAgent)
        assert capped.step(state.clone()) == free.step(state.clone())
        assert capped.last_search == free.last_search
        assert capped.last_iterations == free.last_iterations


def test_a_cap_is_a_positive_number() -> None:
    for bad in (0.0, -1.0, float("nan")):
        with pytest.raises(OptionError, match="max_seconds must be positive"):
            make_agent("mcts", 0, max_seconds=bad)
        with pytest.raises(OptionError, match="max_seconds must be positive"):
            make_agent("rollouts", 0, max_seconds=bad)
    make_agent("greedy", 0, max_seconds=0.5)  # the simple agents decide at once, uncapped
