"""Agents: objects with ``step(state) -> int`` that return a legal action of the seat to move."""

from langbord.agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]
