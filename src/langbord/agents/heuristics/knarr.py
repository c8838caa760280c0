"""What Knarr's bots value and how its quick policy plays.

A seat's value is its victory points, plus its reputation income (the vp it scores at the start
of each turn) for ``INCOME_TURNS`` more turns, plus what one trade would bring in vp (the first
trade column of its boat and destinations), plus half a point per bracelet and recruit (they pay
for trades and explorations, and break ties) and a little per crew card (the currency of
exploration) and a point per destination owned (its trade columns pay again and again); an
exploration being paid counts as done. Values become win shares through a softmax in which a
lead of ``TEMPERATURE`` vp is worth a factor e.

In brief: a seat's value is its vp, plus its reputation income for 3 more turns, plus the vp one
trade would bring, half a point per bracelet and recruit, 0.3 per crew card and a point per
destination owned; an exploration being paid counts as done (its gains come only after the payment
decisions). Values become win shares by a softmax (a 6-vp lead is a factor e). The quick ``policy``
(the ``policy`` agent, MCTS's ``rollout=policy``) explores the affordable destination with the best
immediate gains, else recruits into the column that pays most; pays with the cards least worth
keeping, takes the free market slot, trades once a trade pays; a tenth of its moves, and the Skali
and artifact decisions, are random. MCTS plays its random rollouts 100 steps deep before the
evaluation (``SEARCH``): a Knarr position is judged far better by playing on than by the evaluation
alone. Against a greedy field (3 players, 0.25 s a decision, 60 games each) rollouts of 8, 20, 40,
100 and to the end won 1.32x (100 games), 1.75x, 2.25x, 2.53x and 2.35x the fair share.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from langbord.agents.heuristics.base import Heuristics, score_shares
from langbord.engines.knarr.data import (
    DESTINATIONS,
    REPUTATION,
    REPUTATION_VP,
    TYPE_COLOUR,
    TYPE_GAIN,
    VP,
)
from langbord.engines.knarr.notation import (
    ARG,
    END_ID,
    EXPLORE,
    KIND,
    PASS,
    PAY,
    RECRUIT,
    TRADE,
)
from langbord.engines.knarr.rules import (
    ACTION,
    AFTER_ACTION,
    FORCED_DISCARD,
    MARKET_TAKE,
    PAYMENT,
)

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState

INCOME_TURNS = 3.0
TOKEN_WEIGHT = 0.5
CREW_WEIGHT = 0.3
DESTINATION_WEIGHT = 1.0  # trade columns that pay on every later trade
TEMPERATURE = 6.0
SEARCH = {"rollout_depth": 100}
"""MCTS's rollouts play this many steps before ``evaluate()`` (about half a 3-player game)."""


def values(state: KnarrState) -> list[float]:
    result = []
    for p, player in enumerate(state.players):
        value = float(player.vp)
        value += INCOME_TURNS * REPUTATION_VP[player.reputation]
        if player.bracelets:
            value += player.trade[0][VP]
        value += TOKEN_WEIGHT * (player.bracelets + player.recruits)
        value += CREW_WEIGHT * sum(player.crew)
        value += DESTINATION_WEIGHT * len(player.destinations)
        if p == state.turn and state.pay_dest >= 0:
            # An exploration under way counts as done: its payment is committed (KN-4).
            dest = DESTINATIONS[state.pay_dest]
            value += dest.immediate[VP] + INCOME_TURNS * 0.3 * dest.immediate[REPUTATION]
            value += DESTINATION_WEIGHT
        result.append(value)
    return result


def evaluate(state: KnarrState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return score_shares(values(state), TEMPERATURE)


# ---- the quick policy (MCTS rollouts, the ``policy`` agent) -------------------------------------

EPSILON = 0.1
"""How often the policy plays a uniformly random legal action instead of its rule of thumb."""
GAIN_WORTH = (1.0, TOKEN_WEIGHT, TOKEN_WEIGHT, 0.9, CREW_WEIGHT, 0.0, 0.0)
"""What the policy counts one gain of each kind (vp, bracelet, recruit, reputation, card, coin,
raid) worth, in vp."""


def _worth(gains: Sequence[int]) -> float:
    return sum(w * g for w, g in zip(GAIN_WORTH, gains, strict=False) if g)


def _dest_worth(d: int) -> float:
    dest = DESTINATIONS[d]
    return _worth(dest.immediate) + DESTINATION_WEIGHT


def _card_worth(state: KnarrState, p: int, t: int) -> float:
    """What a crew card is worth to keep: its gain on each later Recruit of its colour."""
    return CREW_WEIGHT + 0.5 * GAIN_WORTH[TYPE_GAIN[t]]


def _recruit_worth(state: KnarrState, p: int, t: int) -> float:
    """The gains of recruiting ``t``: every card of its colour's column, itself included."""
    crew = state.players[p].crew
    base = TYPE_COLOUR[t] * 4
    gains = [crew[base + g] + (base + g == t) for g in range(4)]
    return _worth(gains) + _card_worth(state, p, t)


def _trade_worth(state: KnarrState, p: int, k: int) -> float:
    columns = state.players[p].trade
    return sum(_worth(columns[c]) for c in range(k)) - TOKEN_WEIGHT * k


def _pick(options: list[tuple[float, int]], rng: random.Random) -> int:
    top = max(v for v, _ in options)
    best = [a for v, a in options if v >= top - 1e-9]
    return best[rng.randrange(len(best))]


def policy(state: KnarrState, rng: random.Random) -> int:
    """A rule of thumb per decision, cheap enough for rollouts: explore the affordable destination
    with the best immediate gains, else recruit the card whose column pays most; pay with the
    cards least worth keeping; take the free market slot; trade all bracelets once the trade
    pays; discard the least useful card. With probability ``EPSILON``, or at decisions it has
    no rule for (the Skali mode's, the artifacts'), a random legal action."""
    legal = state.legal_actions()
    if len(legal) == 1 or rng.random() < EPSILON:
        return legal[rng.randrange(len(legal))]
    rule = RULES.get(state.phase)
    action = rule(state, legal, rng) if rule is not None else None
    return legal[rng.randrange(len(legal))] if action is None else action


def _act(state: KnarrState, legal: list[int], rng: random.Random) -> int | None:
    p = state.turn
    options: list[tuple[float, int]] = []
    for action in legal:
        kind = KIND[action]
        if kind == EXPLORE:
            options.append((10.0 + _dest_worth(ARG[action]), action))
        elif kind == RECRUIT:
            options.append((_recruit_worth(state, p, ARG[action]), action))
        elif kind == PASS:
            options.append((-1.0, action))
    return _pick(options, rng) if options else None


def _after_action(state: KnarrState, legal: list[int], rng: random.Random) -> int | None:
    trades = [(_trade_worth(state, state.turn, ARG[a]), a) for a in legal if KIND[a] == TRADE]
    if trades:
        value, action = max(trades)
        if value > 0:
            return action
    return END_ID if END_ID in legal else None


def _pay(state: KnarrState, legal: list[int], rng: random.Random) -> int:
    p = state.turn
    costs = [
        (-_card_worth(state, p, ARG[a]) if KIND[a] == PAY else -TOKEN_WEIGHT - 0.1, a)
        for a in legal
    ]
    return _pick(costs, rng)


def _take(state: KnarrState, legal: list[int], rng: random.Random) -> int:
    take = state.taking
    colours = state.players[state.turn].colours
    takes = [
        (float(take.any_free or ARG[a] == take.colour) + 0.1 * colours[ARG[a]], a) for a in legal
    ]
    return _pick(takes, rng)


def _discard(state: KnarrState, legal: list[int], rng: random.Random) -> int:
    p = state.turn
    return _pick([(-_card_worth(state, p, ARG[a]), a) for a in legal], rng)


Rule = Callable[["KnarrState", list[int], random.Random], "int | None"]
RULES: dict[object, Rule] = {
    ACTION: _act,
    AFTER_ACTION: _after_action,
    PAYMENT: _pay,
    MARKET_TAKE: _take,
    FORCED_DISCARD: _discard,
}
"""The policy's rule of thumb for each phase it has one for."""


HEURISTICS = Heuristics(evaluate=evaluate, policy=policy, search=SEARCH)
"""What Knarr's bots know of it, registered in ``langbord.agents.heuristics.MODULES``."""
