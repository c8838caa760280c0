"""Skibe's search settings: MCTS plays 16 steps of the quick policy in its rollouts (they beat
OpenSpiel's MCTSBot 2.15x the fair share at 3 players where the greedy agent's won 1.63x: see
``strategy.SEARCH``), and plain ``mcts`` searches 400 iterations."""

from __future__ import annotations

import random

import langbord
from langbord.agents import make_agent
from langbord.agents.mcts import MCTSAgent
from langbord.engines.skibe import strategy


def _decision(seed: int) -> langbord.State:
    state = langbord.load("skibe", players=3).new_initial_state()
    rng = random.Random(seed)
    while state.current_player() < 0 or len(state.legal_actions()) < 2:
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_mcts_rolls_out_sixteen_policy_steps() -> None:
    assert strategy.SEARCH == {"rollout": "policy", "rollout_depth": 16, "iterations": 400}
    agent = make_agent("mcts:time=0.25", seed=1)
    assert isinstance(agent, MCTSAgent)
    assert agent.rollout_for(_decision(1)) == ("policy", 16)
    greedy = make_agent("mcts:time=0.25,rollout=greedy", seed=1)
    assert isinstance(greedy, MCTSAgent)
    assert greedy.rollout_for(_decision(1)) == ("greedy", 16)


def test_plain_mcts_searches_400_iterations() -> None:
    agent = make_agent("mcts", seed=2)
    assert isinstance(agent, MCTSAgent)
    state = _decision(2)
    action = agent.step(state)
    assert action in state.legal_actions()
    assert agent.last_iterations == 400
