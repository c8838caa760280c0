"""What Skoventyr's bots value and how its quick policy plays (see the game card).

``evaluate`` (greedy's and MCTS's leaf value): the game is cooperative, so one number serves
every seat: an estimated chance of victory, a logistic of the Minion strength already defeated
(the goal), how far Gamle Erik trails Vogter (one Tree is a step from defeat), the Allies in the
Forest and in hand (strength for the next Wrath), the size of the Forest (room to flee and to
damage), and the Adversaries waiting in the Future (forced moves of Gamle Erik).

``policy`` (the policy agent, MCTS's ``rollout=policy``): an expert's rules of thumb for every
decision, reading only the public table (SV-6: everything but the order of the deck's hidden
part). See ``policy`` for the plan it follows.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from langbord.core.info import Strategy
from langbord.engines.skoventyr.data import (
    ADVERSARY,
    ALLY_TYPES,
    ELLEFOLK,
    FORMSKIFTER,
    HULDRE,
    MINION_VALUES,
    NISSE,
    TREE_CARDS,
    TROLD,
)
from langbord.engines.skoventyr.notation import (
    ARG1,
    BOTTOM_SLOT,
    CALL,
    CALL_RISKY,
    DAMAGE_ID,
    DONE_ID,
    GAMBIT,
    INVOLVE,
    KIND,
    MISSION,
    POSITION,
    POSITION_ID,
    RALLY,
    RALLY_ANY,
    REFUGE_ID,
    RESCUE,
    RESTORATION_ID,
    REVENGE_ID,
    TAKE_SLOT,
    WRATH,
)
from langbord.engines.skoventyr.rules import (
    ACTION,
    P_BOTTOM,
    P_COST_BOTTOM,
    P_DAMAGE,
    P_GAMBIT,
    P_HAND,
    P_HEAL,
    P_HULDRE,
    P_PLACE,
    P_RECOVER,
    P_RECYCLE,
    P_REFUGE,
    P_REVEAL,
    P_REVENGE,
    P_REWARD,
    P_TOP,
    P_TROLD,
)

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState

BEST_AGENT = "rollouts:rollouts=256"
"""The strongest agent measured (benchmarks/results/agents-skoventyr.txt): flat Monte Carlo over
``policy`` play-outs. Greedy and MCTS lose nearly every game, so bot seats and hints use it."""

TOTAL_STRENGTH = sum(MINION_VALUES)
WEIGHTS = {
    "bias": -2.0,
    "defeated": 5.0,  # per share of the total Minion strength defeated
    "distance": 0.8,  # per Tree between Gamle Erik and Vogter, beyond one
    "forest": 0.25,  # per Ally in the Forest
    "hand": 0.15,  # per Ally in hand
    "trees": 0.2,  # per Tree in the Forest beyond six
    "adversaries": -0.35,  # per Adversary in the Future
}


def distance(state: SkoventyrState) -> int:
    """Trees from Gamle Erik clockwise to Vogter (1: he is right behind him)."""
    ring = state.ring
    return (ring.index(state.vog) - ring.index(state.erik)) % len(ring)


def win_chance(state: SkoventyrState) -> float:
    defeated = sum(v for v, alive in zip(MINION_VALUES, state.minion_in, strict=True) if not alive)
    z = (
        WEIGHTS["bias"]
        + WEIGHTS["defeated"] * defeated / TOTAL_STRENGTH
        + WEIGHTS["distance"] * (distance(state) - 1)
        + WEIGHTS["forest"] * state.forest_allies
        + WEIGHTS["hand"] * sum(state.hand_size)
        + WEIGHTS["trees"] * (len(state.ring) - 6)
        + WEIGHTS["adversaries"] * sum(1 for card in state.future if card == ADVERSARY)
    )
    return 1.0 / (1.0 + math.exp(-z))


def evaluate(state: SkoventyrState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return [win_chance(state)] * state.n


# ---- the quick policy ---------------------------------------------------------------------------

TYPES = range(len(ALLY_TYPES))
LOSS = 25.0
"""The cost of losing the game, in the policy's units (about one Tree of distance)."""
ERIK_PAIN = [LOSS, LOSS, 3.3, 2.5, 1.2, 0.8, 0.7, 0.44, 0.22]
"""What Gamle Erik's next clockwise step costs, by the distance before it."""
P = {
    "want_plan": 3.23,
    "want_formskifter": 3.31,
    "want_trold": 3.19,
    "want_huldre": 1.4,
    "want_other": 3.04,
    "position": 1.62,
    "revenge": 2.09,
    "revenge_f1": -0.24,
    "restoration": 2.0,
    "gambit_adversary": 2.66,
    "gambit_f1": 0.53,
    "huldre_bias": -2.12,
    "trold_keep": 2.89,
    "ellefolk_heal": 0.31,
    "nisse_recycle": 0.2,
    "flip_ahead": -0.25,
    "flip_behind": 3.43,
    "discard_ahead": 3.6,
    "wrath_wait": -0.85,
    "trold_buffer": 2.71,
    "wrath_exact": -0.27,
    "gambit_bias": 0.2,
    "tree_short": 2.0,
    "risky_bias": 0.0,
    "call_bias": 0.01,
}
"""Hand-set weights of the policy (checked in the arena)."""
TROLD_BUFFER = int(P["trold_buffer"])
PAIN_TOP = len(ERIK_PAIN) - 1


class _Look:
    """What the policy reads off the table once per decision (all of it public, SV-6)."""

    def __init__(self, state: SkoventyrState) -> None:
        self.s = state
        ring = state.ring
        size = self.size = len(ring)
        ei = ring.index(state.erik)
        rel = self.rel = [0] * TREE_CARDS
        """Each Tree's place clockwise from Gamle Erik (his Tree 0, Vogter's ``d``), by Tree."""
        for i, x in enumerate(ring):
            rel[x] = (i - ei) % size
        d = self.d = rel[state.vog]
        occupant = state.occupant
        kind = -1
        for x in ring:
            t = occupant[x]
            if t >= 0 and t != FORMSKIFTER:
                kind = t
        self.kind = kind
        forest = self.forest = state.forest_allies
        self.only_formskifters = forest > 0 and kind < 0
        hand = self.hand = state.hands[state.turn]
        self.hand_size = state.hand_size[state.turn]
        hostage = state.hostage
        self.trolds = hand[TROLD] if not hostage[TROLD] else 0
        # The strongest Minion left (the Forest must grow to it) and the strongest vulnerable.
        need = strongest = 0
        for v, alive, lygtemand in zip(MINION_VALUES, state.minion_in, state.lyg, strict=True):
            if alive:
                if v > need:
                    need = v
                if lygtemand < 0 and v > strongest:
                    strongest = v
        self.need = need
        self.strongest_vulnerable = strongest
        # The type being gathered for the Forest.
        if kind >= 0:
            plan = kind
        elif self.only_formskifters:
            plan = FORMSKIFTER
        else:
            best, plan = -1.0, -1
            future = state.future
            for t in TYPES:
                if t == FORMSKIFTER or hostage[t]:
                    continue
                score = hand[t] + 0.4 * future.count(t) - 0.3 * (t == TROLD)
                score -= 0.2 * (t == HULDRE)
                if score > best:
                    best, plan = score, t
        self.plan = plan
        usable_f = hand[FORMSKIFTER] if plan != FORMSKIFTER and not hostage[FORMSKIFTER] else 0
        self.reach = forest + (hand[plan] if plan >= 0 and not hostage[plan] else 0) + usable_f
        self.deck_allies = state.deck_size - state.deck_count(ADVERSARY)
        self.p_adv = _next_adversary_chance(state)
        self.d_eff = d + (TROLD_BUFFER if self.trolds else 0)
        self._damage: tuple[int, float] | None = None

    def best_damage(self) -> tuple[int, float]:
        """The Tree a Damage would best hit now, and what it costs (worked out once)."""
        if self._damage is None:
            self._damage = _best_damage(self, self.s._damage_trees())
        return self._damage

    def pain(self, steps: int) -> float:
        """The cost of Gamle Erik moving clockwise ``steps`` times."""
        d = self.d
        if d - steps <= 0:
            return LOSS
        pain = 0.0
        for k in range(steps):
            pain += ERIK_PAIN[min(max(self.d_eff - k, d - k), PAIN_TOP)]
        return pain

    def relief(self, steps: int) -> float:
        """The value of Gamle Erik falling back ``steps`` Trees (or Vogter fleeing as far)."""
        gain = 0.0
        for k in range(steps):
            gain += ERIK_PAIN[min(self.d + 1 + k, PAIN_TOP)]
        return gain

    def want(self, t: int) -> float:
        """How much one more card of type ``t`` in hand is worth now."""
        s = self.s
        if s.hostage[t]:
            return 0.3 + (0.5 if s.lygtemands else 0.0)
        short = self.reach < self.need
        if t == self.plan:
            return P["want_plan"] if short else P["want_other"]
        if t == FORMSKIFTER:
            if self.plan < 0 or self.plan == FORMSKIFTER:
                return P["want_other"]
            return P["want_formskifter"] if short else P["want_other"]
        if t == TROLD:
            return P["want_trold"] - 0.6 * min(self.hand[TROLD], 2)
        if t == HULDRE:
            return P["want_huldre"] - 0.6 * min(self.hand[HULDRE], 2)
        return P["want_other"] - 0.2 * min(self.hand[t], 3)


def _next_adversary_chance(state: SkoventyrState) -> float:
    """The chance that the next card drawn from the deck is an Adversary (public knowledge)."""
    if state.top:
        return 1.0 if state.top[0] == ADVERSARY else 0.0
    if state.hidden_size:
        return state.hidden[ADVERSARY] / state.hidden_size
    if state.bottom:
        return 1.0 if state.bottom[0] == ADVERSARY else 0.0
    return 0.0


# ---- sub-decisions ------------------------------------------------------------------------------


def _damage_cost(look: _Look, x: int) -> float:
    """What damaging Tree ``x`` costs: a flip risks a later discard; a discard ahead of Vogter
    shrinks his room to flee, one behind him brings Gamle Erik a Tree closer."""
    s = look.s
    ahead = look.rel[x] > look.d
    # The Forest must keep a Tree for every Ally the largest Minion left needs.
    spare = look.size - 1 - look.need
    small = P["tree_short"] * max(0, 2 - spare) + (LOSS if spare < 0 else 0.0)
    if not s.side[x]:
        return (P["flip_ahead"] if ahead else P["flip_behind"]) + 0.3 * small
    if ahead:
        return P["discard_ahead"] + small
    return look.pain(1) + P["discard_ahead"] + small


def _best_damage(look: _Look, trees: list[int]) -> tuple[int, float]:
    best = min(trees, key=lambda x: (_damage_cost(look, x), x))
    return best, _damage_cost(look, best)


def _place_score(look: _Look, x: int) -> float:
    s = look.s
    r = look.rel[x]
    d = look.d
    score = 0.2 * s.side[x]  # an Ally keeps a Damaged Tree from being discarded
    if r > d:
        # Ahead of Vogter: Refuge moves him along the chain; nearer first keeps it unbroken.
        chain = all(s.occupant[y] >= 0 for y in s.ring if d <= look.rel[y] < r)
        score += 3.0 - 0.1 * (r - d) + (1.0 if chain else 0.0)
    elif r == 0:
        score += 0.5  # Gamle Erik's Tree: hidden Allies are safe there
    else:
        score += 1.0 + 0.1 * r  # behind Vogter
    return score


def _reveal_cost(look: _Look, x: int) -> float:
    r = look.rel[x]
    d = look.d
    if r == 0:
        return 5.0  # discarded at once
    if r == d:
        return 0.0
    if r > d:
        cost = 0.3
        if r == d + 1 and look.hand[NISSE]:
            cost += 0.4  # the Nisse's cost needs this Ally Hidden
        if r >= look.size - 3:
            cost += 0.2  # Gamle Erik falling back (Trold) would land on it
        return cost
    return 0.6


def _trold_value(look: _Look, k: int) -> float:
    s = look.s
    ring = s.ring
    i = ring.index(s.erik)
    value = look.relief(k)
    for j in range(1, k + 1):
        x = ring[(i - j) % look.size]
        if s.occupant[x] >= 0 and s.shown[x]:
            value -= 1.0
    return value


def _refuge_gain(look: _Look) -> int:
    return max(look.rel[x] for x in look.s.refuge_trees()) - look.d


def _reward_values(look: _Look) -> tuple[float, float, float]:
    s = look.s
    refuge = look.relief(_refuge_gain(look)) + 0.05
    adversaries = s.future.count(ADVERSARY)
    revenge = 0.0
    if adversaries:
        revenge = P["revenge"] + (P["revenge_f1"] if s.future[0] == ADVERSARY else 0.0)
    damaged = sum(1 for x in s.ring if s.side[x] and x != s.vog and x != s.erik)
    restoration = P["restoration"] if damaged else 0.0
    return refuge, revenge, restoration


# ---- the turn's action --------------------------------------------------------------------------


def _call_score(look: _Look, slot: int, risky: bool) -> float:
    s = look.s
    card = s.future[slot]
    if risky:
        pain = look.p_adv * look.pain(2)
    elif card in (ADVERSARY, FORMSKIFTER):
        pain = look.pain(1)
    elif card == HULDRE:
        pain = look.best_damage()[1]
    elif card == NISSE:
        pain = -look.relief(1)
    elif card == TROLD:
        costs = sorted(
            _reveal_cost(look, x) for x in s.ring if s.occupant[x] >= 0 and not s.shown[x]
        )
        pain = 0.05 + costs[0] + costs[1]
    else:  # ELLEFOLK: another Future Ally goes to the bottom
        others = [s.future[i] for i in range(3) if i != slot and 0 <= s.future[i] < ADVERSARY]
        pain = 0.05 + 0.3 * min(look.want(t) for t in others)
    gain = 0.0 if card == ADVERSARY else look.want(card)
    if card != ADVERSARY and look.hand_size >= 5:
        gain -= min(look.want(t) for t in TYPES if look.hand[t])
    # Taking the card uncovers the next Future slot (an Adversary stuck in f1 blocks Calls).
    return gain - pain


def _action_scores(look: _Look, legal: list[int]) -> list[tuple[float, int]]:
    s = look.s
    hand = look.hand
    forest = look.forest
    scored: list[tuple[float, int]] = []
    placeable = [
        t for t in TYPES if POSITION_ID[t] in legal and (t == look.plan or t == FORMSKIFTER)
    ]
    if look.only_formskifters:
        placeable = [t for t in placeable if t == FORMSKIFTER]
    if not forest:
        placeable = [t for t in placeable if t == look.plan]
    top = look.strongest_vulnerable
    refuge = -1.0  # Refuge's relief, worked out at the first Wrath
    for a in legal:
        kind = KIND[a]
        arg = ARG1[a]
        score = -5.0
        if kind == CALL:
            score = _call_score(look, arg, False) + P["call_bias"]
        elif kind == CALL_RISKY:
            score = _call_score(look, arg, True) + P["risky_bias"]
        elif kind == POSITION:
            if arg in placeable and forest < look.need:
                score = P["position"] + 0.1 * (arg != FORMSKIFTER)
            else:
                score = -3.0
        elif kind == WRATH:
            v = MINION_VALUES[arg]
            if refuge < 0:
                refuge = look.relief(_refuge_gain(look))
            if forest >= top or (v == forest and not placeable and P["wrath_exact"] > 0):
                score = 10.0 + v
            elif v < look.need and look.size - 1 >= look.need:
                score = -4.0  # the largest Minions first, while the Forest can hold them
            elif not placeable:
                score = 0.5 * v + P["wrath_wait"] + refuge
            else:
                score = -1.0 + refuge
        elif kind == MISSION:
            score = _mission_score(look, arg)
        elif kind == GAMBIT:
            adversaries = s.future.count(ADVERSARY)
            cost = look.best_damage()[1]
            if adversaries:
                benefit = P["gambit_adversary"] * adversaries * (1.0 - look.p_adv)
                if s.future[0] == ADVERSARY:
                    benefit += min(look.pain(1), 4.0) * P["gambit_f1"]
                score = benefit - cost + P["gambit_bias"]
            else:
                score = -8.0 - cost  # a Gambit that changes nothing only damages a Tree
        elif kind in (RALLY, RALLY_ANY):
            score = _rally_score(look, a)
        elif kind == INVOLVE:
            score = 2.0 if arg == 2 else 0.8 + 0.8 * look.p_adv
        elif kind == RESCUE:
            times = s.hostage[arg]
            cost = look.best_damage()[1] * times * (1.3 if times == 2 else 1.0)
            value = 0.6 + 1.0 * hand[arg] + (1.0 if arg == TROLD else 0.0)
            value += 1.0 if arg == look.plan else 0.0
            score = value - cost
        scored.append((score, a))
    return scored


def _mission_score(look: _Look, t: int) -> float:
    s = look.s
    own = look.want(t)
    if t == TROLD:
        limit = s._erik_back_limit()
        return max(_trold_value(look, k) for k in range(limit + 1)) - P["trold_keep"] * own
    if t == HULDRE:
        wants = sorted((look.want(c) for c in s.future if 0 <= c < ADVERSARY), reverse=True)[:2]
        if not wants:
            return -5.0
        gain = sum(wants)
        room = 5 - (look.hand_size - 1)
        if len(wants) > room:
            gain -= 1.0 * (len(wants) - room)
        return gain - own + P["huldre_bias"]
    if t == ELLEFOLK:
        return P["ellefolk_heal"] - own
    if t == NISSE:
        return P["nisse_recycle"] + 0.3 * (look.deck_allies < 8) - own
    return -5.0


def _rally_score(look: _Look, a: int) -> float:
    s = look.s
    t = ARG1[a]
    lygtemand = t if KIND[a] == RALLY else len(ALLY_TYPES)
    m = s.lyg.index(lygtemand)
    value = MINION_VALUES[m]
    score = 2.0 - look.want(t) * 0.5
    if look.reach >= value:
        score += 1.0 + 0.2 * value
    elif look.forest >= 2:
        score += 0.5
    return score


# ---- the policy ---------------------------------------------------------------------------------


def policy(state: SkoventyrState, rng: random.Random) -> int:
    """A quick expert action for the seat to move (a decision node, never a chance node).

    The plan: gather Allies of one type (Formskifters join any) and place them in a chain from
    Vogter's Tree clockwise, ahead of him, so that Vogter's Wrath with Refuge moves him forward;
    defeat the largest Minion the Forest can (an exact match wastes no Ally); keep Gamle Erik
    away with the Trold's power; pay the cheapest costs (the Nisse's moves Vogter forward, the
    Ellefolk's and Trold's cost nothing that matters), Risky Draws when the deck is thin in
    Adversaries, Gambit when the Future is clogged, Revenge to remove Adversaries for good;
    damage Trees ahead of Vogter (behind him a lost Tree brings Gamle Erik closer).

    Ties go to the lowest action id, so the choice is a function of the state (``rng`` is not
    needed, and taken for the protocol).
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    look = _Look(state)
    phase = state.phase
    s = state
    if phase == ACTION:
        scored = _action_scores(look, legal)
        return max(scored, key=lambda sa: (sa[0], -sa[1]))[1]
    if phase == P_DAMAGE:
        return DAMAGE_ID[_best_damage(look, [ARG1[a] for a in legal])[0]]
    if phase == P_PLACE:
        return max(legal, key=lambda a: (_place_score(look, ARG1[a]), -a))
    if phase == P_REVEAL:
        return min(legal, key=lambda a: (_reveal_cost(look, ARG1[a]), a))
    if phase == P_TROLD:
        return max(legal, key=lambda a: (_trold_value(look, ARG1[a]), a))
    if phase == P_REFUGE:
        return max(legal, key=lambda a: (look.rel[ARG1[a]], -a))
    if phase == P_REWARD:
        refuge, revenge, restoration = _reward_values(look)
        values = {REFUGE_ID: refuge, REVENGE_ID: revenge, RESTORATION_ID: restoration}
        return max(legal, key=lambda a: (values.get(a, -1.0), -a))
    if phase == P_REVENGE:
        return min(legal)  # the leftmost Adversary: it blocks Vogter's Call
    if phase == P_GAMBIT:
        for a in legal:
            if KIND[a] == BOTTOM_SLOT and s.future[ARG1[a]] == ADVERSARY:
                return a
        return DONE_ID
    if phase == P_COST_BOTTOM:
        return min(legal, key=lambda a: (look.want(s.future[ARG1[a]]), a))
    if phase == P_HULDRE:
        takes = [a for a in legal if KIND[a] == TAKE_SLOT]
        if not takes:
            return DONE_ID
        best = max(takes, key=lambda a: (look.want(s.future[ARG1[a]]), -a))
        if look.hand_size >= 5:
            worst = min(look.want(t) for t in TYPES if look.hand[t])
            if look.want(s.future[ARG1[best]]) <= worst:
                return DONE_ID
        return best
    if phase == P_HAND:
        return min(legal, key=lambda a: (look.want(ARG1[a]), a))
    if phase in (P_RECYCLE, P_TOP):
        return max(legal, key=lambda a: (look.want(ARG1[a]), -a))
    if phase == P_BOTTOM:
        return max(
            legal,
            key=lambda a: (-10.0 if ARG1[a] == ADVERSARY else look.want(ARG1[a]), -a),
        )
    if phase == P_HEAL:
        return min(legal, key=lambda a: (look.rel[ARG1[a]] > look.d, a))
    if phase == P_RECOVER:
        return max(legal, key=lambda a: (look.rel[ARG1[a]], -a))
    return legal[0]


STRATEGY = Strategy(evaluate=evaluate, policy=policy, best_agent=BEST_AGENT)
"""What Skoventyr's bots know of it, registered in ``info.py``."""
