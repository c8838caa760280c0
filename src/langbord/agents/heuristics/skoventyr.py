"""What Skoventyr's bots value and how its quick policy plays.

``evaluate`` (greedy's and MCTS's leaf value): the game is cooperative, so one number serves
every seat: an estimated chance of victory, a logistic of the Minion strength already defeated
(the goal), how far Gamle Erik trails Vogter (one Tree is a step from defeat), the Allies in the
Forest and in hand (strength for the next Wrath), the size of the Forest (room to flee and to
damage), and the Adversaries waiting in the Future (forced moves of Gamle Erik).

``policy`` (the policy agent, MCTS's ``rollout=policy``): an expert's rules of thumb for every
decision, reading only the public table (SV-6: everything but the order of the deck's hidden
part). See ``policy`` for the plan it follows.

In brief: ``evaluate`` (greedy, MCTS leaves) is one estimated chance of victory for every seat, a
logistic of the Minion strength defeated, how far Gamle Erik trails Vogter, the Allies in the
Forest and in hand, the size of the Forest and the Adversaries in the Future. ``policy`` (the
policy agent, MCTS ``rollout=policy``) plays rules of thumb at every decision: gather one type of
Ally (Formskifters join any) and place it in a chain clockwise from Vogter's Tree, so that Wrath
with Refuge carries him forward; defeat the largest Minion first, while the Forest still has a Tree
for each Ally it needs (a Lindorm needs four Trees); weigh each Call's cost (Gamle Erik's steps,
worse the closer he is; a damaged Tree; a Risky Draw at the deck's known odds of an Adversary)
against the card's worth; Gambit when Adversaries clog the Future; damage Trees ahead of Vogter
(behind him a lost Tree brings Gamle Erik closer); no Gambit without an Adversary to remove;
Trold's power to send Gamle Erik back; Revenge to be rid of an Adversary for good, Restoration when
Trees are Damaged; with the Lygtemands, Rally the largest Minion the Forest can hold, paid with the
card least needed (while every Minion is covered nothing else gets on); with Rescue, free the type
it holds most of, weighing the Tree damaged (two for the x2 token, the second a discard) against
the Allies freed. Its weights were tuned by self-play in the standard game; with a module they are
learned from the policy's own games by the cross-entropy method (benchmarks/tune_policy.py, kept in
skoventyr_weights.json with the command and the held-out figures). The best agent (``BEST_AGENT``:
bot seats and hints) is ``rollouts:rollouts=256,credit=0.3``: 256 rollouts a decision, shared among
the legal actions by successive halving, each played to the end by ``policy`` on a re-deal of the
deck's hidden part, a lost one scoring 0.3 × the share of Minion strength it defeated
(``progress``); it keeps the policy's choice unless another action clearly won more on the same
luck (about 0.23 s a decision, 0.59 s at the longest). Without the credit the modules' play-outs
nearly all scored 0; with it and the weights learned for each module, 16 games a setting at most 1
s a decision (benchmarks/results/skoventyr-strength.txt): Lygtemands 56% solo and 50% with two
players, Rescue 81% and 69%, both modules 50% and 50% (37.5% and 31% with the standard game's
weights), standard solo 87.5%. The figures below were taken without it. Measured
(benchmarks/results/agents-skoventyr.txt, seed 1): solo standard, 200 games each, 256 rollouts
87.0% (interval 82–91%: the rulebook's three wins in four are reached), 64 rollouts 68.0% (61–74%),
12 rollouts 44.5% (38–51%), policy 35% (29–42%). With 256 rollouts, 100 games each: one Damaged
Tree 76% (67–83%), seven Trees 94% (88–97%), Lygtemands 24% (17–33%), Rescue 43% (34–53%). The
policy alone: two players 34%, one Damaged Tree 24%, seven Trees 55%. With the modules
(benchmarks/skoventyr_strength.py, README) the policy alone wins little (1,000 solo games:
Lygtemands 7.1%, Rescue 11.3%, both 1.3%; with the standard game's weights 4.3%, 8.5%, 0.5%; before
Rallies and Rescues were planned 3.3%, 1.1%, 0%). Greedy and MCTS lose nearly every game.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING

from langbord.agents.heuristics.base import Heuristics
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
from langbord.engines.skoventyr.phases.allies import erik_back_limit, hidden_ally_trees
from langbord.engines.skoventyr.phases.trees import damage_trees
from langbord.engines.skoventyr.phases.wrath import refuge_trees

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState

BEST_AGENT = "rollouts:rollouts=256,credit=0.3"
"""The strongest agent measured (benchmarks/results/agents-skoventyr.txt and
skoventyr-strength.txt): flat Monte Carlo over ``policy`` play-outs, a lost play-out scoring 0.3 ×
the share of Minion strength it defeated (``progress``). With the modules the policy's play-outs
seldom win, and without the credit nearly every play-out of every action scored 0: on the same 16
solo deals it won 7 with the Lygtemands and 10 with the credit. Greedy and MCTS lose nearly every
game, so bot seats and hints use it."""

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
    return (ring.index(state.vogter) - ring.index(state.gamle_erik)) % len(ring)


def progress(state: SkoventyrState) -> float:
    """The share of the Minions' total strength defeated (1 at a victory)."""
    defeated = sum(v for v, alive in zip(MINION_VALUES, state.in_game, strict=True) if not alive)
    return defeated / TOTAL_STRENGTH


def win_chance(state: SkoventyrState) -> float:
    z = (
        WEIGHTS["bias"]
        + WEIGHTS["defeated"] * progress(state)
        + WEIGHTS["distance"] * (distance(state) - 1)
        + WEIGHTS["forest"] * state.forest_allies
        + WEIGHTS["hand"] * sum(player.hand_size for player in state.players)
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
    "involve1": 0.8,
    "involve2": 2.0,
    "rally": 3.0,
    "rally_value": 1.5,
    "rally_card": 0.5,
    "rally_plan": 1.0,
    "rescue_second": 3.6,
    "plan_hostage": 1.0,
    "rescue_base": 5.0,
    "rescue_hand": 1.2,
    "rescue_stuck": 1.5,
}
"""The policy's weights in the standard game: hand-set, checked in the arena."""
MODULES = {"lygtemands": (True, False), "rescue": (False, True), "both": (True, True)}
"""The settings of the modules by name: (The Lygtemands Get Involved, Rescue)."""
WEIGHTS_FILE = "skoventyr_weights.json"
"""The weights learned for each setting of the modules (``benchmarks/tune_policy.py --save``
writes a setting's entry, with the command, the date and its held-out win rates)."""


def learned_weights() -> dict[str, dict[str, object]]:
    """``skoventyr_weights.json``: each setting's entry (``weights`` and how they were learned)."""
    text = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text("utf-8")
    data: dict[str, dict[str, object]] = json.loads(text)
    return data


def _weights(entry: dict[str, object]) -> dict[str, float]:
    weights = entry["weights"]
    assert isinstance(weights, dict), WEIGHTS_FILE
    return {str(k): float(v) for k, v in weights.items()}


LEARNED: dict[tuple[bool, bool], dict[str, float]] = {
    MODULES[name]: _weights(entry) for name, entry in learned_weights().items()
}
"""The weights that differ with the modules, learned from the standard game's by the policy's
own games (``benchmarks/tune_policy.py``; results in benchmarks/results/skoventyr-policy.txt)."""
PARAMS: dict[tuple[bool, bool], dict[str, float]] = {
    (lygtemands, rescue): {**P, **LEARNED.get((lygtemands, rescue), {})}
    for lygtemands in (False, True)
    for rescue in (False, True)
}
"""The policy's weights for each setting of the modules, ``(lygtemands, rescue)``."""
PAIN_TOP = len(ERIK_PAIN) - 1


class _Look:
    """What the policy reads off the table once per decision (all of it public, SV-6)."""

    def __init__(self, state: SkoventyrState) -> None:
        self.state = state
        self.p = PARAMS[state.lygtemands, state.rescue]
        """The policy's weights for this game's modules."""
        self._read_forest(state)
        player = state.players[state.turn]
        self.hand = player.hand
        self.hand_size = player.hand_size
        self.trolds = self.hand[TROLD] if not state.hostage[TROLD] else 0
        self._read_minions(state)
        self.plan = self._plan(state)
        plan, hand, hostage = self.plan, self.hand, state.hostage
        usable_f = hand[FORMSKIFTER] if plan != FORMSKIFTER and not hostage[FORMSKIFTER] else 0
        in_hand = hand[plan] if plan >= 0 and not hostage[plan] else 0
        self.reach = self.forest + in_hand + usable_f
        """The Forest's Allies, were the plan's Allies and Formskifters in hand placed."""
        self.deck_allies = state.deck_size - state.deck_count(ADVERSARY)
        self.p_adv: float = _next_adversary_chance(state)
        self.effective_distance = self.distance + (
            int(self.p["trold_buffer"]) if self.trolds else 0
        )
        """The distance, counting a Trold in hand as a buffer against Gamle Erik."""
        self._damage: tuple[int, float] | None = None
        self._refuge: float | None = None

    def _read_forest(self, state: SkoventyrState) -> None:
        ring = state.ring
        size = self.size = len(ring)
        ei = ring.index(state.gamle_erik)
        from_erik = self.from_erik = [0] * TREE_CARDS
        """Each Tree's place clockwise from Gamle Erik (his Tree 0, Vogter's ``distance``)."""
        for i, x in enumerate(ring):
            from_erik[x] = (i - ei) % size
        self.distance = from_erik[state.vogter]
        ally_on = state.ally_on
        kind = -1
        for x in ring:
            t = ally_on[x]
            if t >= 0 and t != FORMSKIFTER:
                kind = t
        self.kind = kind
        """The type of Ally in the Forest (Formskifters aside; -1: none)."""
        forest = self.forest = state.forest_allies
        self.only_formskifters = forest > 0 and kind < 0

    def _read_minions(self, state: SkoventyrState) -> None:
        """The strongest Minion left (the Forest must grow to it) and the strongest
        vulnerable."""
        need = strongest = 0
        minions = zip(MINION_VALUES, state.in_game, state.lygtemand_on, strict=True)
        for v, alive, lygtemand in minions:
            if alive:
                if v > need:
                    need = v
                if lygtemand < 0 and v > strongest:
                    strongest = v
        self.need = need
        self.strongest_vulnerable = strongest

    def _plan(self, state: SkoventyrState) -> int:
        """The type being gathered for the Forest."""
        if self.kind >= 0:
            return self.kind
        if self.only_formskifters:
            return FORMSKIFTER
        best, plan = -1.0, -1
        future, hand, hostage = state.future, self.hand, state.hostage
        for t in TYPES:
            if t == FORMSKIFTER:
                continue
            score = hand[t] + 0.4 * future.count(t) - 0.3 * (t == TROLD)
            # A Hostage type must be rescued first (a damaged Tree, two for the x2 token).
            score -= 0.2 * (t == HULDRE) + self.p["plan_hostage"] * hostage[t]
            if score > best:
                best, plan = score, t
        return plan

    def best_damage(self) -> tuple[int, float]:
        """The Tree a Damage would best hit now, and what it costs (worked out once)."""
        if self._damage is None:
            self._damage = _best_damage(self, damage_trees(self.state))
        return self._damage

    def refuge_relief(self) -> float:
        """What Refuge would be worth now (worked out once)."""
        if self._refuge is None:
            self._refuge = self.relief(_refuge_gain(self))
        return self._refuge

    def pain(self, steps: int) -> float:
        """The cost of Gamle Erik moving clockwise ``steps`` times."""
        d = self.distance
        if d - steps <= 0:
            return LOSS
        pain = 0.0
        for k in range(steps):
            pain += ERIK_PAIN[min(max(self.effective_distance - k, d - k), PAIN_TOP)]
        return pain

    def relief(self, steps: int) -> float:
        """The value of Gamle Erik falling back ``steps`` Trees (or Vogter fleeing as far)."""
        gain = 0.0
        for k in range(steps):
            gain += ERIK_PAIN[min(self.distance + 1 + k, PAIN_TOP)]
        return gain

    def want(self, t: int) -> float:
        """How much one more card of type ``t`` in hand is worth now."""
        s = self.state
        if s.hostage[t]:
            return 0.3 + (0.5 if s.lygtemands else 0.0)
        short = self.reach < self.need
        if t == self.plan:
            return self.p["want_plan"] if short else self.p["want_other"]
        if t == FORMSKIFTER:
            if self.plan < 0 or self.plan == FORMSKIFTER:
                return self.p["want_other"]
            return self.p["want_formskifter"] if short else self.p["want_other"]
        if t == TROLD:
            return self.p["want_trold"] - 0.6 * min(self.hand[TROLD], 2)
        if t == HULDRE:
            return self.p["want_huldre"] - 0.6 * min(self.hand[HULDRE], 2)
        return self.p["want_other"] - 0.2 * min(self.hand[t], 3)


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
    s = look.state
    ahead = look.from_erik[x] > look.distance
    # The Forest must keep a Tree for every Ally the largest Minion left needs.
    spare = look.size - 1 - look.need
    small = look.p["tree_short"] * max(0, 2 - spare) + (LOSS if spare < 0 else 0.0)
    if not s.side[x]:
        return (look.p["flip_ahead"] if ahead else look.p["flip_behind"]) + 0.3 * small
    if ahead:
        return look.p["discard_ahead"] + small
    return look.pain(1) + look.p["discard_ahead"] + small


def _best_damage(look: _Look, trees: list[int]) -> tuple[int, float]:
    best = min(trees, key=lambda x: (_damage_cost(look, x), x))
    return best, _damage_cost(look, best)


def _place_score(look: _Look, x: int) -> float:
    s = look.state
    r = look.from_erik[x]
    d = look.distance
    score = 0.2 * s.side[x]  # an Ally keeps a Damaged Tree from being discarded
    if r > d:
        # Ahead of Vogter: Refuge moves him along the chain; nearer first keeps it unbroken.
        chain = all(s.ally_on[y] >= 0 for y in s.ring if d <= look.from_erik[y] < r)
        score += 3.0 - 0.1 * (r - d) + (1.0 if chain else 0.0)
    elif r == 0:
        score += 0.5  # Gamle Erik's Tree: hidden Allies are safe there
    else:
        score += 1.0 + 0.1 * r  # behind Vogter
    return score


def _reveal_cost(look: _Look, x: int) -> float:
    r = look.from_erik[x]
    d = look.distance
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
    s = look.state
    ring = s.ring
    i = ring.index(s.gamle_erik)
    value = look.relief(k)
    for j in range(1, k + 1):
        x = ring[(i - j) % look.size]
        if s.ally_on[x] >= 0 and s.revealed[x]:
            value -= 1.0
    return value


def _refuge_gain(look: _Look) -> int:
    return max(look.from_erik[x] for x in refuge_trees(look.state)) - look.distance


def _reward_values(look: _Look) -> tuple[float, float, float]:
    s = look.state
    refuge = look.relief(_refuge_gain(look)) + 0.05
    adversaries = s.future.count(ADVERSARY)
    revenge = 0.0
    if adversaries:
        revenge = look.p["revenge"] + (look.p["revenge_f1"] if s.future[0] == ADVERSARY else 0.0)
    damaged = sum(1 for x in s.ring if s.side[x] and x != s.vogter and x != s.gamle_erik)
    restoration = look.p["restoration"] if damaged else 0.0
    return refuge, revenge, restoration


# ---- the turn's action --------------------------------------------------------------------------


def _call_pain(look: _Look, slot: int, risky: bool) -> float:
    """What a Call costs: its left box (or a Risky Draw's chance of an Adversary)."""
    s = look.state
    card = s.future[slot]
    if risky:
        return look.p_adv * look.pain(2)
    if card in (ADVERSARY, FORMSKIFTER):
        return look.pain(1)
    if card == HULDRE:
        return look.best_damage()[1]
    if card == NISSE:
        return -look.relief(1)
    if card == TROLD:  # two Hidden Allies revealed
        costs = sorted(_reveal_cost(look, x) for x in hidden_ally_trees(s))
        return 0.05 + costs[0] + costs[1]
    return _ellefolk_cost(look, slot)


def _ellefolk_cost(look: _Look, slot: int) -> float:
    """The Ellefolk's cost: another Future Ally goes to the bottom."""
    future = look.state.future
    others = [future[i] for i in range(3) if i != slot and 0 <= future[i] < ADVERSARY]
    return 0.05 + 0.3 * min(look.want(t) for t in others)


def _call_score(look: _Look, slot: int, risky: bool) -> float:
    card = look.state.future[slot]
    pain = _call_pain(look, slot, risky)
    gain = 0.0 if card == ADVERSARY else look.want(card)
    if card != ADVERSARY and look.hand_size >= 5:
        gain -= min(look.want(t) for t in TYPES if look.hand[t])
    # Taking the card uncovers the next Future slot (an Adversary stuck in f1 blocks Calls).
    return gain - pain


def _placeable(look: _Look, legal: list[int]) -> list[int]:
    """The Ally types worth placing now: the plan's and Formskifters (only those when the
    Forest holds only Formskifters; only the plan's in an empty Forest)."""
    placeable = [
        t for t in TYPES if POSITION_ID[t] in legal and (t == look.plan or t == FORMSKIFTER)
    ]
    if look.only_formskifters:
        placeable = [t for t in placeable if t == FORMSKIFTER]
    if not look.forest:
        placeable = [t for t in placeable if t == look.plan]
    return placeable


def _position_score(look: _Look, ally: int, placeable: list[int]) -> float:
    if ally in placeable and look.forest < look.need:
        return look.p["position"] + 0.1 * (ally != FORMSKIFTER)
    return -3.0


def _wrath_score(look: _Look, m: int, placeable: list[int]) -> float:
    v = MINION_VALUES[m]
    forest = look.forest
    refuge = look.refuge_relief()
    exact = v == forest and not placeable and look.p["wrath_exact"] > 0
    if forest >= look.strongest_vulnerable or exact:
        return 10.0 + v
    if v < look.need and look.size - 1 >= look.need:
        return -4.0  # the largest Minions first, while the Forest can hold them
    if not placeable:
        return 0.5 * v + look.p["wrath_wait"] + refuge
    return -1.0 + refuge


def _gambit_score(look: _Look) -> float:
    s = look.state
    adversaries = s.future.count(ADVERSARY)
    cost = look.best_damage()[1]
    if not adversaries:
        return -8.0 - cost  # a Gambit that changes nothing only damages a Tree
    benefit = look.p["gambit_adversary"] * adversaries * (1.0 - look.p_adv)
    if s.future[0] == ADVERSARY:
        benefit += min(look.pain(1), 4.0) * look.p["gambit_f1"]
    return benefit - cost + look.p["gambit_bias"]


def _rescue_score(look: _Look, ally: int) -> float:
    """A Rescue's damaged Tree (two for the x2 token: the second discards a Tree) against the Ally
    it frees: the card on top of the deck, and every one of its type in hand, usable at once if
    the Forest can take it (a type the Forest cannot take is only good for its Mission)."""
    s = look.state
    first = look.best_damage()[1]
    cost = first if s.hostage[ally] == 1 else first + look.p["rescue_second"]
    joins = look.forest == 0 or ally in (look.kind, FORMSKIFTER)
    value = look.p["rescue_base"] + (look.p["rescue_hand"] if joins else 0.4) * look.hand[ally]
    if look.plan < 0 and joins:
        value += look.p["rescue_stuck"]  # nothing else can go into the Forest
    return value - cost


def _mission_score(look: _Look, t: int) -> float:
    s = look.state
    own = look.want(t)
    if t == TROLD:
        limit = erik_back_limit(s)
        return max(_trold_value(look, k) for k in range(limit + 1)) - look.p["trold_keep"] * own
    if t == HULDRE:
        wants = sorted((look.want(c) for c in s.future if 0 <= c < ADVERSARY), reverse=True)[:2]
        if not wants:
            return -5.0
        gain = sum(wants)
        room = 5 - (look.hand_size - 1)
        if len(wants) > room:
            gain -= 1.0 * (len(wants) - room)
        return gain - own + look.p["huldre_bias"]
    if t == ELLEFOLK:
        return look.p["ellefolk_heal"] - own
    if t == NISSE:
        return look.p["nisse_recycle"] + 0.3 * (look.deck_allies < 8) - own
    return -5.0


def _rally_score(look: _Look, a: int) -> float:
    """A Rally is the only way on while no Minion is vulnerable: the largest the Forest can hold
    first, paid with the card least needed (the plan's cards build the Forest)."""
    s = look.state
    t = ARG1[a]
    lygtemand = t if KIND[a] == RALLY else len(ALLY_TYPES)
    value = MINION_VALUES[s.lygtemand_on.index(lygtemand)]
    score = look.p["rally"] + look.p["rally_value"] * value - look.p["rally_card"] * look.want(t)
    if t in (look.plan, FORMSKIFTER) and not s.hostage[t]:
        score -= look.p["rally_plan"]
    if value > look.size - 1:
        score -= 4.0  # the Forest has no room for its Allies
    return score


def _involve_score(look: _Look, count: int) -> float:
    """Involve 2 discards an Adversary and tops the deck with two Allies; Involve 1 tops it with
    one (worth more when the next card would be an Adversary)."""
    if count == 2:
        return look.p["involve2"]
    return look.p["involve1"] + 0.8 * look.p_adv


ActionScore = Callable[[_Look, int, list[int]], float]
ACTION_SCORES: dict[int, ActionScore] = {
    CALL: lambda look, a, placeable: _call_score(look, ARG1[a], False) + look.p["call_bias"],
    CALL_RISKY: lambda look, a, placeable: _call_score(look, ARG1[a], True) + look.p["risky_bias"],
    POSITION: lambda look, a, placeable: _position_score(look, ARG1[a], placeable),
    WRATH: lambda look, a, placeable: _wrath_score(look, ARG1[a], placeable),
    MISSION: lambda look, a, placeable: _mission_score(look, ARG1[a]),
    GAMBIT: lambda look, a, placeable: _gambit_score(look),
    RALLY: lambda look, a, placeable: _rally_score(look, a),
    RALLY_ANY: lambda look, a, placeable: _rally_score(look, a),
    INVOLVE: lambda look, a, placeable: _involve_score(look, ARG1[a]),
    RESCUE: lambda look, a, placeable: _rescue_score(look, ARG1[a]),
}
"""How the policy scores each kind of the turn's action."""


def _action_scores(look: _Look, legal: list[int]) -> list[tuple[float, int]]:
    placeable = _placeable(look, legal)
    scored: list[tuple[float, int]] = []
    for a in legal:
        scorer = ACTION_SCORES.get(KIND[a])
        scored.append((scorer(look, a, placeable) if scorer else -5.0, a))
    return scored


# ---- the policy ---------------------------------------------------------------------------------


def _choose_action(look: _Look, legal: list[int]) -> int:
    scored = _action_scores(look, legal)
    return max(scored, key=lambda sa: (sa[0], -sa[1]))[1]


def _choose_reward(look: _Look, legal: list[int]) -> int:
    refuge, revenge, restoration = _reward_values(look)
    values = {REFUGE_ID: refuge, REVENGE_ID: revenge, RESTORATION_ID: restoration}
    return max(legal, key=lambda a: (values.get(a, -1.0), -a))


def _choose_gambit(look: _Look, legal: list[int]) -> int:
    """Only the Adversaries go to the bottom."""
    future = look.state.future
    for a in legal:
        if KIND[a] == BOTTOM_SLOT and future[ARG1[a]] == ADVERSARY:
            return a
    return DONE_ID


def _choose_huldre(look: _Look, legal: list[int]) -> int:
    """The most wanted Future Ally, unless it is worth less than the card it would push out of
    a full hand."""
    future = look.state.future
    takes = [a for a in legal if KIND[a] == TAKE_SLOT]
    if not takes:
        return DONE_ID
    best = max(takes, key=lambda a: (look.want(future[ARG1[a]]), -a))
    if look.hand_size >= 5:
        worst = min(look.want(t) for t in TYPES if look.hand[t])
        if look.want(future[ARG1[best]]) <= worst:
            return DONE_ID
    return best


def _least_wanted_future(look: _Look, legal: list[int]) -> int:
    future = look.state.future
    return min(legal, key=lambda a: (look.want(future[ARG1[a]]), a))


def _least_wanted(look: _Look, legal: list[int]) -> int:
    return min(legal, key=lambda a: (look.want(ARG1[a]), a))


def _most_wanted(look: _Look, legal: list[int]) -> int:
    return max(legal, key=lambda a: (look.want(ARG1[a]), -a))


def _farthest_from_erik(look: _Look, legal: list[int]) -> int:
    return max(legal, key=lambda a: (look.from_erik[ARG1[a]], -a))


Choose = Callable[[_Look, list[int]], int]
CHOOSE: dict[str, Choose] = {
    "action": _choose_action,
    "damage": lambda look, legal: DAMAGE_ID[_best_damage(look, [ARG1[a] for a in legal])[0]],
    "place": lambda look, legal: max(legal, key=lambda a: (_place_score(look, ARG1[a]), -a)),
    "reveal": lambda look, legal: min(legal, key=lambda a: (_reveal_cost(look, ARG1[a]), a)),
    "trold": lambda look, legal: max(legal, key=lambda a: (_trold_value(look, ARG1[a]), a)),
    "refuge": _farthest_from_erik,
    "reward": _choose_reward,
    "revenge": lambda look, legal: min(legal),  # the leftmost Adversary: it blocks the Call
    "gambit": _choose_gambit,
    "cost bottom": _least_wanted_future,
    "huldre": _choose_huldre,
    "hand limit": _least_wanted,
    "recycle": _most_wanted,
    "involve top": _most_wanted,
    "involve bottom": lambda look, legal: max(
        legal, key=lambda a: (-10.0 if ARG1[a] == ADVERSARY else look.want(ARG1[a]), -a)
    ),
    "heal": lambda look, legal: min(
        legal, key=lambda a: (look.from_erik[ARG1[a]] > look.distance, a)
    ),
    "recover": _farthest_from_erik,
}
"""The policy's choice at each phase of the turn flow (by the phase's name)."""


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
    choose = CHOOSE.get(state.phase.name)
    return choose(_Look(state), legal) if choose else legal[0]


HEURISTICS = Heuristics(evaluate=evaluate, policy=policy, best_agent=BEST_AGENT, progress=progress)
"""What Skoventyr's bots know of it, registered in ``langbord.agents.heuristics.MODULES``."""
