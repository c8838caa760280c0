"""Let agent SPEC take the first N decisions of a seeded game of GAME (chance drawn with a fixed
seed, every seat played by the same agent) and print how many it took (no timing): the workload
``count_agent_instructions.sh`` measures under callgrind, so a change to the search or to a
game's heuristics compares to the instruction.

    python benchmarks/agent_playouts.py GAME SPEC N
"""

from __future__ import annotations

import random
import sys

import langbord
from langbord.agents import make_agent
from langbord.core.runner import sample_chance


def main() -> None:
    name, spec, decisions = sys.argv[1], sys.argv[2], int(sys.argv[3])
    game = langbord.load(name)
    agent = make_agent(spec, seed=1, game=game)
    rng = random.Random(3)
    state = game.new_initial_state()
    made = 0
    while made < decisions and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(agent.step(state))
            made += 1
    print("decisions", made)


if __name__ == "__main__":
    main()
