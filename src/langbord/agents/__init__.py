"""Agents: objects with ``step(state) -> int`` that return a legal action of the seat to move,
deciding only from what that seat knows. ``make_agent(spec, seed)`` builds one from its spec;
``decision_seconds(spec, game)`` estimates how long it thinks a decision at a game. Where the
game is known, a level's name (``beginner`` … ``best``, :mod:`langbord.agents.levels`) stands for
its spec."""

from langbord.agents.budget import decision_seconds
from langbord.agents.greedy import GreedyAgent
from langbord.agents.mcts import MCTSAgent, RootStat
from langbord.agents.policy import PolicyAgent
from langbord.agents.random_agent import RandomAgent
from langbord.agents.rollouts import RolloutAgent
from langbord.agents.specs import AGENTS, make_agent

__all__ = [
    "AGENTS",
    "GreedyAgent",
    "MCTSAgent",
    "PolicyAgent",
    "RandomAgent",
    "RolloutAgent",
    "RootStat",
    "decision_seconds",
    "make_agent",
]
