"""What Skibe's bots value and how its quick policy plays.

A seat's value is its points so far plus what each ship would score it if evaluated now (own
shields, equipment on own colours, times the bow's food), counted at ``SHIP_WEIGHT`` because a
ship is rarely evaluated as it stands: more cards, stones and chieftains will come first; and
``CHIEF_VALUE`` per Chieftain of its own waiting in a ship. Values become win shares through a
softmax in which a lead of ``TEMPERATURE`` points is worth a factor e.

In brief: a seat's value is its points plus 0.6 x what each ship would score it if evaluated now (a
ship rarely is: cards, stones and chieftains will come), plus half a point per Chieftain of its own
waiting in a ship (it will act for its owner there, so the greedy agent plays one whenever it may:
with it, greedy agents took 57% of the wins from greedy agents without it over 200 games); values
become win shares by a softmax (a 6-point lead is a factor e). ``GreedyAgent`` and MCTS rollouts
use it. MCTS's rollouts here are the greedy agent's choices for 16 steps (``SEARCH``): against a
greedy field they won 1.5–1.9x the fair share where random rollouts won 1.3x. They cost about a
hundred random rollouts each, so plain ``mcts`` searches 50 iterations (about a second) rather than
1000. The best agent (bot seats, hints) is ``mcts:prior=10``: a progressive bias toward the moves
the evaluation rates best right after them spends those few iterations where they matter
(``BEST_AGENT``; against OpenSpiel's MCTSBot with five players 2.04x the fair share where 1.22x
without it). The quick ``policy`` (the ``policy`` agent, MCTS's ``rollout=policy``) lays a stern
where the evaluation says so, takes the display card with most of its shields (else draws), lays it
where food multiplies it most, loads food and equipment where it leads, plays Chieftains at random
and in an evaluation takes the best of a few moves; a tenth of its moves are random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from langbord.agents.heuristics.base import Heuristics, score_shares
from langbord.engines.skibe.data import COLOURS, MAX_SHIP_LIMIT, SHIPS, VIKING_TYPES
from langbord.engines.skibe.notation import (
    ARG1,
    ARG2,
    EQUIP_LOAD,
    EQUIP_SHIFT,
    FOOD_LOAD,
    FOOD_SHIFT,
    KIND,
    PASS_ID,
    SKIP_ID,
    STERN,
    TAKE,
)
from langbord.engines.skibe.rules import COLOUR_LIST

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

SHIP_WEIGHT = 0.6
TEMPERATURE = 6.0
SEARCH = {"rollout": "greedy", "rollout_depth": 16, "iterations": 50}
"""MCTS's rollouts: the greedy agent's choices, 16 steps (about four turns), then ``evaluate()``.
Against a greedy field (4 players, 0.25 s a decision, 100 games each) random rollouts of 8
steps won 1.28x the fair share, greedy rollouts of 8 steps 1.88x and 1.49x (seeds 1 and 2),
of 16 steps 1.93x (seed 1): they foresee how the other seats will answer. A greedy rollout costs
about a hundred random ones, so the budget without one given is 50 iterations (about 1 s)."""


CHIEF_VALUE = 0.5
"""What a Chieftain waiting in a ship is worth to its owner, in points: it will act for them when
the ship is evaluated. Chieftains in hand count nothing, so the greedy agent plays one whenever
it may. Against greedy agents that did not count them (2 seats each in 4-player games, 200
games), values of 0.5, 1 and 2 won 57%, 56% and 56% of the wins; 3 won 50% (it starts to hold
sterns back from ships carrying the owner's Chieftains)."""


def values(state: SkibeState) -> list[float]:
    """Points plus weighted points in the ships as they stand, plus ``CHIEF_VALUE`` per Chieftain
    waiting in a ship, per seat."""
    result = [float(p.points) for p in state.players]
    for ship in range(SHIPS):
        for seat, points in enumerate(state.ship_points(ship)):
            result[seat] += SHIP_WEIGHT * points
        for owner, _action in state.ships[ship].chieftains:
            result[owner] += CHIEF_VALUE
    return result


def evaluate(state: SkibeState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return score_shares(values(state), TEMPERATURE)


# ---- the quick policy (MCTS rollouts, the ``policy`` agent) -------------------------------------

EPSILON = 0.1
"""How often the policy plays a uniformly random legal action instead of its rule of thumb."""
CHIEF_RATE = 1.0
"""How often the policy plays a random Chieftain (or passes) rather than surely passing."""
DRAW_VALUE = 0.5
"""What a blind draw is worth against a display card, in the units of ``_lay_gain``."""


def _colour_totals(state: SkibeState, ship: int) -> list[int]:
    """Shields plus equipment per colour in ``ship`` (the stern's shield included): its score
    per food stone."""
    totals = [0] * len(COLOURS)
    vessel = state.ships[ship]
    for card, stones in zip(vessel.cards, vessel.equipment, strict=True):
        for colour in VIKING_TYPES[card].shields:
            totals[colour] += 1
        if stones:
            for colour in COLOUR_LIST[card]:
                totals[colour] += stones
    if vessel.stern >= 0:
        totals[vessel.stern] += 1
    return totals


def _edge(totals: list[int], me: int, n: int) -> int:
    """The mover's colour total less the best other seat's."""
    return totals[me] - max(totals[c] for c in range(n) if c != me)


def _card_gain(card: int, me: int, n: int) -> int:
    """Shields of the mover's colour less shields of other seats' colours on ``card``."""
    return sum(1 if c == me else -1 for c in VIKING_TYPES[card].shields if c < n)


def _lay_gain(state: SkibeState, card: int, ship: int, me: int) -> float:
    return float(_card_gain(card, me, len(state.players)) * state.ships[ship].food)


def _best(options: list[tuple[float, int]], rng: random.Random) -> int:
    top = max(v for v, _ in options)
    best = [a for v, a in options if v >= top - 1e-9]
    return best[rng.randrange(len(best))]


def policy(state: SkibeState, rng: random.Random) -> int:
    """A rule of thumb per decision, cheap enough for rollouts: lay a stern where the mover leads
    the ship by ``STERN_MARGIN`` points; take the display card that adds most of the mover's
    shields (else draw) and lay it where food multiplies it most; load food and equipment where
    the mover leads; play no Chieftain; in an evaluation, take the move that most raises the
    mover's edge. With probability ``EPSILON``, a random legal action."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < EPSILON:
        return legal[rng.randrange(len(legal))]
    rule = RULES.get(state.phase.name, _evaluation_move)
    return rule(state, legal, state.current_player(), rng)


def _choose(state: SkibeState, legal: list[int], me: int, rng: random.Random) -> int:
    """A stern where the evaluation says so; else the best display card, or a draw."""
    takes: list[tuple[float, int]] = []
    stern_values: list[tuple[float, int]] = []
    base: list[float] | None = None
    for action in legal:
        kind = KIND[action]
        if kind == STERN:
            if base is None:
                base = values(state)
            stern_values.append((_stern_value(state, base, ARG1[action], me), action))
        elif kind == TAKE:
            card = state.display[ARG1[action]]
            room = [s for s in range(SHIPS) if len(state.ships[s].cards) < state.ship_limit]
            takes.append((max(_lay_gain(state, card, s, me) for s in room), action))
        else:
            takes.append((DRAW_VALUE, action))
    if stern_values:
        assert base is not None
        value, action = max(stern_values)
        if value > score_shares(base, TEMPERATURE)[me] or not takes:
            return action
    return _best(takes, rng)


def _stern_value(state: SkibeState, base: list[float], ship: int, me: int) -> float:
    """What evaluate() would say after a stern on ``ship``: the ship's points counted in full,
    not at SHIP_WEIGHT, plus the stern's shield (Chieftains not foreseen)."""
    food = state.ships[ship].food
    scored = [
        v + (1.0 - SHIP_WEIGHT) * points
        for v, points in zip(base, state.ship_points(ship), strict=True)
    ]
    scored[me] += food
    return score_shares(scored, TEMPERATURE)[me]


def _lay(state: SkibeState, legal: list[int], me: int, rng: random.Random) -> int:
    return _best([(_lay_gain(state, state.held, ARG1[a], me), a) for a in legal], rng)


def _load_food(state: SkibeState, legal: list[int], me: int, rng: random.Random) -> int:
    n = len(state.players)
    edges = [_edge(_colour_totals(state, s), me, n) for s in range(SHIPS)]
    food_options: list[tuple[float, int]] = []
    for action in legal:
        kind = KIND[action]
        if kind == FOOD_LOAD:
            food_options.append((edges[ARG1[action]], action))
        elif kind == FOOD_SHIFT:
            food_options.append((edges[ARG2[action]] - edges[ARG1[action]], action))
        else:
            food_options.append((0.0, action))
    return _best(food_options, rng)


def _load_equipment(state: SkibeState, legal: list[int], me: int, rng: random.Random) -> int:
    equip_options: list[tuple[float, int]] = []
    for action in legal:
        kind = KIND[action]
        if kind == EQUIP_LOAD:
            equip_options.append((_slot_gain(state, ARG1[action], me), action))
        elif kind == EQUIP_SHIFT:
            gain = _slot_gain(state, ARG2[action], me) - _slot_gain(state, ARG1[action], me)
            equip_options.append((gain, action))
        else:
            equip_options.append((0.0, action))
    return _best(equip_options, rng)


def _play_chieftain(state: SkibeState, legal: list[int], me: int, rng: random.Random) -> int:
    if rng.random() < CHIEF_RATE:
        return legal[rng.randrange(len(legal))]
    return PASS_ID


def _evaluation_move(state: SkibeState, legal: list[int], me: int, rng: random.Random) -> int:
    """An evaluation: try a few of the Chieftain's moves (and skipping) on copies."""
    n = len(state.players)
    sample = legal if len(legal) <= 8 else rng.sample(legal, 8)
    if SKIP_ID not in sample:
        sample.append(SKIP_ID)
    moves: list[tuple[float, int]] = []
    for action in sample:
        after = state.clone()
        after.apply_unchecked(action)
        mine = values(cast("SkibeState", after))
        moves.append((mine[me] - max(mine[c] for c in range(n) if c != me), action))
    return _best(moves, rng)


Rule = Callable[["SkibeState", list[int], int, random.Random], int]
RULES: dict[str, Rule] = {
    "choose": _choose,
    "lay": _lay,
    "food": _load_food,
    "equipment": _load_equipment,
    "chieftain": _play_chieftain,
}
"""The policy's rule of thumb for each phase's decision (an evaluation's otherwise)."""


def _slot_gain(state: SkibeState, slot: int, me: int) -> float:
    """What one equipment stone on the card at ``slot`` is worth to the mover's edge."""
    ship = slot // MAX_SHIP_LIMIT
    card = state.ships[ship].cards[slot % MAX_SHIP_LIMIT]
    colours = [c for c in COLOUR_LIST[card] if c < len(state.players)]
    return float(((me in colours) - sum(1 for c in colours if c != me)) * state.ships[ship].food)


BEST_AGENT = "mcts:prior=10"
"""MCTS with a progressive bias toward the moves ``evaluate()`` rates best right after them: at
0.25 s a decision a search here has only some 50 greedy-rollout iterations (fewer with five
seats), and the bias spends them on the moves worth a look. Against OpenSpiel's MCTSBot with five
players (seeds 100-159, ``benchmarks/openspiel_arena.py``) it won 2.04x the fair share
[1.47, 2.67], where the same search without it won 1.22x [0.77, 1.83] on the same seeds."""

HEURISTICS = Heuristics(evaluate=evaluate, policy=policy, search=SEARCH, best_agent=BEST_AGENT)
"""What Skibe's bots know of it, registered in ``langbord.agents.heuristics.MODULES``."""
