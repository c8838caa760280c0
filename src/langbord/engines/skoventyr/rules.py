"""Skoventyr's rules: :class:`SkoventyrGame` and :class:`SkoventyrState` (rulebooks/skoventyr.txt,
rulings SV-1 … SV-8).

What is hidden, and from whom (SV-6): hands are visible to all, so the only secret is the order
of the deck, and nobody knows it. The deck is kept as it is known: ``top`` (cards whose place on
top is known, top card first), ``hidden`` (how many of each card type are in the unknown middle,
which has no order at all) and ``bottom`` (cards put on the bottom, bottom card last). Drawing
takes the known top first; a draw from the hidden part is a chance node over the card types it
holds; with the hidden part empty the upper known bottom card comes next. A shuffle (Vogter's
Wrath) merges the known cards back into the hidden part. Every seat therefore knows the same
things, ``view`` is the whole table, and ``resample_hidden`` has nothing to re-deal.

A turn is a sequence of small decisions. Steps still to do are kept on a stack (``todo``); each
step either happens at once or asks for a decision or a chance outcome. A sub-decision with only
one possible choice is made by the engine; the turn's action is always chosen by the player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from langbord.core.errors import OptionError
from langbord.core.game import CHANCE, JSON, TERMINAL, Game, State
from langbord.core.info import GameInfo
from langbord.core.options import Option, OptionValue
from langbord.core.prompts import offer
from langbord.engines.skoventyr import data
from langbord.engines.skoventyr.data import (
    ACORN_KINDS,
    ACORNS_PER_KIND,
    ADVERSARIES,
    ADVERSARY,
    ALLIES_PER_TYPE,
    ALLY_TYPES,
    ANY_LYGTEMAND,
    BOTTOM_FUTURE_ALLY,
    CARD_NAMES,
    CARD_TYPES,
    COST,
    DAMAGE_TREE,
    DEFAULT_TREES,
    ERIK_BACK_THREE,
    ERIK_CLOCKWISE,
    ERIK_START,
    FORMSKIFTER,
    FUTURE_SIZE,
    HAND_LIMIT,
    HEAL_TREE,
    HOSTAGE_TOKENS,
    LYGTEMANDS,
    MAX_PLAYERS,
    MINION_KINDS,
    MINION_NAMES,
    MINION_VALUES,
    NISSE,
    PLACEMENT,
    POWER,
    RECYCLE_TWO,
    REVEAL_TWO,
    SIDES,
    TAKE_TWO_FROM_FUTURE,
    TREE_CARDS,
    TREE_NAMES,
    TURN_LIMIT,
    VOGTER_START,
    VOGTER_TO_HIDDEN_ALLY,
    damaged_order,
)
from langbord.engines.skoventyr.info import INFO
from langbord.engines.skoventyr.notation import (
    ACORN,
    ACORN_ID,
    ACTION_STRINGS,
    ARG1,
    ARG2,
    BOTTOM_CARD,
    BOTTOM_CARD_ID,
    BOTTOM_SLOT,
    BOTTOM_SLOT_ID,
    CALL,
    CALL_ID,
    CALL_RISKY,
    CALL_RISKY_ID,
    DAMAGE,
    DAMAGE_ID,
    DISCARD_CARD,
    DISCARD_CARD_ID,
    DISCARD_SLOT,
    DISCARD_SLOT_ID,
    DONE,
    DONE_ID,
    DRAW,
    ERIK_BACK,
    ERIK_BACK_ID,
    GAMBIT,
    GAMBIT_ID,
    HEAL,
    HEAL_ID,
    HOSTAGE_ID,
    HOSTAGE_X2,
    INVOLVE,
    INVOLVE_ID,
    KIND,
    LYGTEMAND,
    LYGTEMAND_ID,
    MISSION,
    MISSION_ID,
    PLACE_ON,
    PLACE_ON_ID,
    POSITION,
    POSITION_ID,
    RALLY,
    RALLY_ANY,
    RALLY_ANY_ID,
    RALLY_ID,
    RECOVER,
    RECOVER_ID,
    RECYCLE,
    RECYCLE_ID,
    REFUGE,
    REFUGE_ID,
    RESCUE,
    RESCUE_ID,
    RESTORATION,
    RESTORATION_ID,
    REVEAL,
    REVEAL_ID,
    REVENGE,
    REVENGE_ID,
    TAKE_SLOT,
    TAKE_SLOT_ID,
    TOP,
    TOP_ID,
    VOGTER_TO,
    VOGTER_TO_ID,
    WRATH,
    WRATH_ID,
)

TYPES = range(len(ALLY_TYPES))
CARDS = range(CARD_TYPES)
SLOTS = range(FUTURE_SIZE)
MINIONS = range(len(MINION_NAMES))

# Phases: chance nodes, the action, and each kind of sub-decision.
(
    CH_DRAW,
    CH_LYGTEMAND,
    CH_HOSTAGE,
    CH_ACORN,
    ACTION,
    P_DAMAGE,
    P_HEAL,
    P_REVEAL,
    P_COST_BOTTOM,
    P_GAMBIT,
    P_HULDRE,
    P_TROLD,
    P_RECYCLE,
    P_REWARD,
    P_REVENGE,
    P_TOP,
    P_BOTTOM,
    P_HAND,
    P_RECOVER,
    P_PLACE,
    P_REFUGE,
    OVER,
) = range(22)
PHASE_NAMES = (
    "draw",
    "lygtemand",
    "hostage",
    "acorn",
    "action",
    "damage",
    "heal",
    "reveal",
    "cost bottom",
    "gambit",
    "huldre",
    "trold",
    "recycle",
    "reward",
    "revenge",
    "involve top",
    "involve bottom",
    "hand limit",
    "recover",
    "place",
    "refuge",
    "over",
)
CHANCE_PHASES = (CH_DRAW, CH_LYGTEMAND, CH_HOSTAGE, CH_ACORN)
PHASE_KINDS: dict[int, frozenset[int]] = {
    CH_DRAW: frozenset({DRAW}),
    CH_LYGTEMAND: frozenset({LYGTEMAND}),
    CH_HOSTAGE: frozenset({HOSTAGE_X2}),
    CH_ACORN: frozenset({ACORN}),
    ACTION: frozenset(
        {CALL, CALL_RISKY, GAMBIT, POSITION, MISSION, WRATH, RALLY, RALLY_ANY, INVOLVE, RESCUE}
    ),
    P_DAMAGE: frozenset({DAMAGE}),
    P_HEAL: frozenset({HEAL}),
    P_REVEAL: frozenset({REVEAL}),
    P_COST_BOTTOM: frozenset({BOTTOM_SLOT}),
    P_GAMBIT: frozenset({BOTTOM_SLOT, DONE}),
    P_HULDRE: frozenset({TAKE_SLOT, DONE}),
    P_TROLD: frozenset({ERIK_BACK}),
    P_RECYCLE: frozenset({RECYCLE}),
    P_REWARD: frozenset({REFUGE, REVENGE, RESTORATION}),
    P_REVENGE: frozenset({DISCARD_SLOT}),
    P_TOP: frozenset({TOP}),
    P_BOTTOM: frozenset({BOTTOM_CARD}),
    P_HAND: frozenset({DISCARD_CARD}),
    P_RECOVER: frozenset({RECOVER}),
    P_PLACE: frozenset({PLACE_ON}),
    P_REFUGE: frozenset({VOGTER_TO}),
}

ACTION_CHOICES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("call", (CALL, CALL_RISKY)),
    ("gambit", (GAMBIT,)),
    ("position", (POSITION,)),
    ("mission", (MISSION,)),
    ("wrath", (WRATH,)),
    ("rally", (RALLY, RALLY_ANY)),
    ("involve", (INVOLVE,)),
    ("rescue", (RESCUE,)),
)
"""The actions of a turn (SV-1), as the prompt names them, and their action kinds."""
TWO_WAY_CHOICES: dict[int, tuple[tuple[str, int], ...]] = {
    P_GAMBIT: (("put Future cards on the bottom", BOTTOM_SLOT), ("stop", DONE)),
    P_HULDRE: (("take a Future Ally", TAKE_SLOT), ("stop", DONE)),
}
CHOICE_PHRASES = {
    P_DAMAGE: "choose the Tree to damage",
    P_HEAL: "choose the Tree to heal",
    P_REVEAL: "choose a Hidden Ally to reveal",
    P_COST_BOTTOM: "choose the Future Ally to put on the bottom",
    P_TROLD: "move Gamle Erik counter-clockwise",
    P_RECYCLE: "choose an Ally in the discard pile to put on the bottom",
    P_REWARD: "choose the reward",
    P_REVENGE: "choose the Adversary to discard from the Future",
    P_TOP: "choose the Ally to put on top of the deck",
    P_BOTTOM: "choose the next card to put on the bottom",
    P_HAND: "discard down to 5 cards",
    P_RECOVER: "choose where the recovered Tree goes",
}
"""What a one-kind decision asks, before its quoted legal moves."""

# Steps (the ``todo`` stack holds these; the last one runs first).
(
    S_SETUP_LYGTEMAND,
    S_SETUP_HOSTAGE,
    S_SETUP_ACORN,
    S_SETUP_DECK,
    S_TURN_START,
    S_ACTION,
    S_DRAW,
    S_DAMAGE,
    S_HEAL,
    S_HEAL_IF_ANY,
    S_REVEAL,
    S_COST_BOTTOM,
    S_GAMBIT,
    S_TAKE_CARD,
    S_HULDRE,
    S_TROLD,
    S_RECYCLE,
    S_REVENGE,
    S_FREE_HOSTAGE,
    S_TOP,
    S_INVOLVE_DISCARD,
    S_BOTTOM,
    S_END,
    S_RECOVER,
    S_REWARD,
    S_PLACE,
    S_REFUGE,
) = range(27)

# What a draw is for.
D_SETUP_FUTURE, D_SETUP_HAND, D_REFILL, D_RISKY, D_INVOLVE = range(5)

PLAYING, WON, LOST = 0, 1, -1

FREE_EFFECT = [
    e in (ERIK_CLOCKWISE, TAKE_TWO_FROM_FUTURE, ERIK_BACK_THREE) for e in range(PLACEMENT + 1)
]
"""Effects that can always be resolved in full (a fast path of ``_effect_possible``)."""


def _option_set(players: int, lygtemands: bool, rescue: bool) -> dict[str, OptionValue]:
    return {"players": players, "lygtemands": lygtemands, "rescue": rescue}


class SkoventyrGame(Game):
    """Skoventyr for 1–4 players, cooperative: everybody wins or everybody loses."""

    name: ClassVar[str] = "skoventyr"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 1
    cooperative: ClassVar[bool] = True
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 1, "number of players", minimum=1, maximum=MAX_PLAYERS),
        Option(
            "trees",
            DEFAULT_TREES,
            "Trees in the Forest (6 standard; 7-8 easier)",
            minimum=DEFAULT_TREES,
            maximum=TREE_CARDS,
        ),
        Option(
            "damaged",
            0,
            "Trees that start on their Damaged side (harder)",
            minimum=0,
            maximum=TREE_CARDS,
        ),
        Option("lygtemands", False, "module: The Lygtemands Get Involved (SV-7)"),
        Option("rescue", False, "module: Rescue (SV-8)"),
    )
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        *(
            _option_set(players, lyg, rescue)
            for players in range(1, MAX_PLAYERS + 1)
            for lyg in (False, True)
            for rescue in (False, True)
        ),
        {"players": 2, "trees": 8, "damaged": 3},
        {"players": 1, "trees": 7, "damaged": 7, "lygtemands": True, "rescue": True},
    )
    """Every player count with every combination of the modules, and two difficulties."""

    def _check_options(self) -> None:
        if int(self.options["damaged"]) > int(self.options["trees"]):
            raise OptionError(
                f"skoventyr: option damaged={self.options['damaged']} is more than the "
                f"{self.options['trees']} Trees in the Forest"
            )

    def action_strings(self) -> Sequence[str]:
        return ACTION_STRINGS

    def max_game_length(self) -> int:
        # Setup: 6 + 1 + 6 placements and at most every card drawn once per player and for the
        # Future. A turn: the recovery, the action, at most 8 small decisions, an Involve that
        # reveals and re-places the whole deck, a discard and three refills.
        deck = ALLIES_PER_TYPE * len(ALLY_TYPES) + ADVERSARIES
        setup = 13 + deck * (self.num_players() + 1)
        return setup + TURN_LIMIT * (2 * deck + 16)

    def new_initial_state(self) -> SkoventyrState:
        return SkoventyrState(self)


class SkoventyrState(State):
    """A Skoventyr table. See the package docstring for the notation."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "acorn",
        "acorn_pool",
        "acorns_out",
        "aside",
        "bottom",
        "centre",
        "count",
        "deck_size",
        "discard",
        "draw_for",
        "erik",
        "forest_allies",
        "future",
        "hand_size",
        "hands",
        "hidden",
        "hidden_size",
        "hostage",
        "hostages_out",
        "in_box",
        "involve_k",
        "lyg",
        "lyg_out",
        "lyg_pool",
        "lygtemands",
        "minion_in",
        "minions_left",
        "n",
        "occupant",
        "out_trees",
        "pending",
        "phase",
        "placing",
        "pool",
        "rallied",
        "recycled",
        "rescue",
        "rescue_type",
        "result",
        "ring",
        "setup_i",
        "shown",
        "side",
        "taking",
        "todo",
        "top",
        "turn",
        "turns",
        "vog",
    )

    def __init__(self, game: SkoventyrGame) -> None:
        super().__init__(game)
        n = self.n = game.num_players()
        trees = int(game.options["trees"])
        self.lygtemands = bool(game.options["lygtemands"])
        self.rescue = bool(game.options["rescue"])
        # The Forest (SV-1): Trees A, B, C… clockwise; Gamle Erik on A, Vogter on D.
        self.ring = list(range(trees))
        self.in_box = TREE_CARDS - trees
        self.out_trees: list[int] = []
        self.side = [0] * TREE_CARDS
        for x in damaged_order(trees)[: int(game.options["damaged"])]:
            self.side[x] = 1
        self.occupant = [-1] * TREE_CARDS  # the Ally type on each Tree, or -1
        self.shown = [False] * TREE_CARDS  # the Ally there is Revealed
        self.forest_allies = 0
        self.erik = ERIK_START
        self.vog = VOGTER_START
        # Cards.
        self.hidden = [ALLIES_PER_TYPE] * len(ALLY_TYPES) + [ADVERSARIES]
        self.hostage = [0] * len(ALLY_TYPES)
        if self.rescue:  # SV-8: one copy of each Ally is laid out under a Hostage token
            self.hostage = [1] * len(ALLY_TYPES)
            self.hidden = [ALLIES_PER_TYPE - 1] * len(ALLY_TYPES) + [ADVERSARIES]
        self.hidden_size = sum(self.hidden)
        self.deck_size = self.hidden_size
        self.top: list[int] = []
        self.bottom: list[int] = []
        self.future = [-1] * FUTURE_SIZE
        self.hands = [[0] * len(ALLY_TYPES) for _ in range(n)]
        self.hand_size = [0] * n
        self.discard = [0] * CARD_TYPES
        self.aside = 0
        self.taking = -1
        self.placing = -1
        self.pool: list[int] = []
        self.involve_k = 0
        # Minions and the modules' tokens.
        self.minion_in = [True] * len(MINION_NAMES)
        self.minions_left = len(MINION_NAMES)
        self.lyg = [-1] * len(MINION_NAMES)
        self.lyg_pool: list[int] = list(range(len(LYGTEMANDS))) if self.lygtemands else []
        self.rallied = 0
        self.lyg_out = 0
        self.hostages_out = 0
        self.rescue_type = -1
        self.acorn = [-1] * len(MINION_NAMES)
        self.acorn_pool = [ACORNS_PER_KIND if self.rescue else 0] * len(ACORN_KINDS)
        self.centre = [0] * len(ACORN_KINDS)
        self.acorns_out = 0
        # Flow.
        self.turn = 0  # seat 0 starts
        self.turns = 0
        self.result = PLAYING
        self.count = 0
        self.recycled = -1
        self.setup_i = 0
        self.draw_for = D_SETUP_FUTURE
        self.phase = OVER
        self.pending: list[int] = []
        todo = [S_TURN_START, S_SETUP_DECK]
        if self.rescue:
            todo += [S_SETUP_ACORN, S_SETUP_HOSTAGE]
        if self.lygtemands:
            todo.append(S_SETUP_LYGTEMAND)
        self.todo = todo
        self._run()

    # ---- protocol -------------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase <= CH_ACORN:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.turn

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == CH_DRAW:
            inverse = 1.0 / self.hidden_size
            hidden = self.hidden
            return [(t, hidden[t] * inverse) for t in CARDS if hidden[t]]
        if phase == CH_LYGTEMAND:
            p = 1.0 / len(self.lyg_pool)
            return [(LYGTEMAND_ID[k], p) for k in self.lyg_pool]
        if phase == CH_HOSTAGE:
            return [(HOSTAGE_ID[t], 1.0 / HOSTAGE_TOKENS) for t in TYPES]
        if phase == CH_ACORN:
            pool = self.acorn_pool
            total = sum(pool)
            return [(ACORN_ID[k], pool[k] / total) for k in range(len(pool)) if pool[k]]
        return []

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == CH_DRAW:
            hidden = self.hidden
            return [t for t in CARDS if hidden[t]]
        if phase <= CH_ACORN:
            return [a for a, _ in self.chance_outcomes()]
        return self.pending  # computed when the decision was asked

    def _is_legal(self, action: int) -> bool:
        if self.phase == CH_DRAW:
            return 0 <= action < CARD_TYPES and self.hidden[action] > 0
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return action in cache

    def _apply(self, action: int) -> None:
        kind = KIND[action]
        a = ARG1[action]
        if kind == DRAW:
            self.hidden[a] -= 1
            self.hidden_size -= 1
            self.deck_size -= 1
            if self.draw_for == D_REFILL:  # the most frequent draw, inlined
                future = self.future
                future[future.index(-1)] = a
            else:
                self._drawn(a)
        elif kind == LYGTEMAND:
            self.lyg_pool.remove(a)
            self.lyg[self.setup_i] = a
            self.setup_i += 1
            if self.setup_i < len(MINION_NAMES):
                self.todo.append(S_SETUP_LYGTEMAND)
        elif kind == HOSTAGE_X2:
            self.hostage[a] = 2
        elif kind == ACORN:
            self.acorn_pool[a] -= 1
            self.acorn[self.setup_i] = a
            self.setup_i += 1
            if self.setup_i < len(MINION_NAMES):
                self.todo.append(S_SETUP_ACORN)
        else:
            self._decide(action)
        self._run()

    # ---- the flow of steps ----------------------------------------------------------------------

    def _run(self) -> None:
        """Carry out steps until a decision or a chance outcome is needed, or the game ends."""
        todo = self.todo
        while todo and self.result == PLAYING:
            if not self._step(todo.pop()):
                return
        if self.result != PLAYING:
            todo.clear()
            self.pending = []
            self.phase = OVER

    def _ask(self, phase: int, options: list[int]) -> bool:
        """Ask for a decision; one with a single possible choice is made at once (returns True:
        go on with the steps)."""
        if len(options) == 1 and phase != ACTION:
            self.phase = phase
            self._decide(options[0])
            return True
        self.phase = phase
        self.pending = options
        return False

    def _step(self, step: int) -> bool:
        """Do one step; False when it waits for a decision or a chance outcome."""
        if step == S_DRAW:
            if self.top:
                self.deck_size -= 1
                self._drawn(self.top.pop(0))
                return True
            if self.hidden_size:
                self.phase = CH_DRAW
                return False
            if self.bottom:  # only known bottom cards are left: the upper one is on top
                self.deck_size -= 1
                self._drawn(self.bottom.pop(0))
            return True
        if step == S_END:
            # After the action: the hand limit, then the Future's refill, then the next turn.
            p = self.turn
            if self.hand_size[p] > HAND_LIMIT:
                hand = self.hands[p]
                return self._ask(P_HAND, [DISCARD_CARD_ID[t] for t in TYPES if hand[t]])
            future = self.future
            if -1 in future:
                cards = [c for c in future if c >= 0]
                cards += [-1] * (FUTURE_SIZE - len(cards))
                self.future = cards  # slide left
                if self.deck_size:  # SV-4: an empty deck leaves the Future short
                    self.draw_for = D_REFILL
                    self.todo += [S_END, S_DRAW]
                    return True
            self.turns += 1
            self.turn = (p + 1) % self.n
            return self._turn_start()
        if step == S_ACTION:
            return self._ask_action()
        if step == S_TURN_START:
            return self._turn_start()
        if step == S_TAKE_CARD:
            card = self.taking
            self.taking = -1
            if card == ADVERSARY:  # an Adversary that reaches a hand goes to the bottom
                self._to_bottom(card)
            else:
                self.hands[self.turn][card] += 1
                self.hand_size[self.turn] += 1
            return True
        if step == S_DAMAGE:
            return self._ask(P_DAMAGE, [DAMAGE_ID[x] for x in self._damage_trees()])
        if step in (S_HEAL, S_HEAL_IF_ANY):
            trees = self._heal_trees()
            if not trees:  # Restoration: heal "if possible" (S_HEAL is checked by SV-5)
                return True
            return self._ask(P_HEAL, [HEAL_ID[x] for x in trees])
        if step == S_REVEAL:
            occupant, shown = self.occupant, self.shown
            trees = [x for x in self.ring if occupant[x] >= 0 and not shown[x]]
            return self._ask(P_REVEAL, [REVEAL_ID[x] for x in sorted(trees)])
        if step == S_COST_BOTTOM:
            future = self.future
            slots = [s for s in SLOTS if 0 <= future[s] < ADVERSARY]
            return self._ask(P_COST_BOTTOM, [BOTTOM_SLOT_ID[s] for s in slots])
        if step == S_GAMBIT:
            future = self.future
            options = [BOTTOM_SLOT_ID[s] for s in SLOTS if future[s] >= 0]
            options.append(DONE_ID)
            return self._ask(P_GAMBIT, options)
        if step == S_HULDRE:
            future = self.future
            options = [TAKE_SLOT_ID[s] for s in SLOTS if 0 <= future[s] < ADVERSARY]
            options.append(DONE_ID)
            return self._ask(P_HULDRE, options)
        if step == S_TROLD:
            return self._ask(P_TROLD, ERIK_BACK_ID[: self._erik_back_limit() + 1])
        if step == S_RECYCLE:
            discard = self.discard
            skip = self.recycled
            options = [RECYCLE_ID[t] for t in TYPES if discard[t] and t != NISSE and t != skip]
            return self._ask(P_RECYCLE, options)
        if step == S_REVENGE:
            future = self.future
            slots = [s for s in SLOTS if future[s] == ADVERSARY]
            if not slots:  # no Adversary in the Future: nothing to discard
                return True
            return self._ask(P_REVENGE, [DISCARD_SLOT_ID[s] for s in slots])
        if step == S_FREE_HOSTAGE:
            t = self.rescue_type
            self.hostage[t] = 0
            self.hostages_out += 1
            self.top.insert(0, t)
            self.deck_size += 1
            return True
        if step == S_TOP:
            pool = self.pool
            return self._ask(P_TOP, [TOP_ID[t] for t in TYPES if t in pool])
        if step == S_INVOLVE_DISCARD:
            self.pool.remove(ADVERSARY)
            self.discard[ADVERSARY] += 1
            return True
        if step == S_BOTTOM:
            pool = self.pool
            if not pool:
                return True
            kinds = set(pool)
            if len(kinds) == 1:  # identical cards: their order does not matter
                self.bottom += pool
                self.deck_size += len(pool)
                pool.clear()
                return True
            return self._ask(P_BOTTOM, [BOTTOM_CARD_ID[t] for t in sorted(kinds)])
        if step == S_RECOVER:
            ring = self.ring
            i = ring.index(self.vog)
            size = len(ring)
            trees = []
            while ring[i] != self.erik:
                trees.append(ring[i])
                i = (i + 1) % size
            return self._ask(P_RECOVER, [RECOVER_ID[x] for x in sorted(trees)])
        if step == S_PLACE:
            return self._ask(P_PLACE, [PLACE_ON_ID[x] for x in self._position_targets()[0]])
        if step == S_REWARD:
            return self._ask(P_REWARD, [REFUGE_ID, REVENGE_ID, RESTORATION_ID])
        if step == S_REFUGE:
            return self._ask(P_REFUGE, [VOGTER_TO_ID[x] for x in self.refuge_trees()])
        if step == S_SETUP_LYGTEMAND:
            self.phase = CH_LYGTEMAND
            return False
        if step == S_SETUP_HOSTAGE:
            self.setup_i = 0
            self.phase = CH_HOSTAGE
            return False
        if step == S_SETUP_ACORN:
            self.phase = CH_ACORN
            return False
        if step == S_SETUP_DECK:
            self.draw_for = D_SETUP_FUTURE
            self.todo.append(S_DRAW)
            return True
        raise AssertionError(f"unknown step {step}")  # pragma: no cover

    def _turn_start(self) -> bool:
        if self.turns >= TURN_LIMIT:
            self.result = LOST  # the safeguard (package docstring)
            return True
        if self.rescue:  # SV-8: a pair of identical Acorns in the centre
            centre = self.centre
            recover = 0
            for k in range(len(centre)):
                if centre[k] >= ACORNS_PER_KIND:
                    centre[k] -= ACORNS_PER_KIND
                    self.acorns_out += ACORNS_PER_KIND
                    recover += 1
            recover = min(recover, len(self.out_trees))  # a Tree returns "if any"
            if recover:
                self.todo += [S_ACTION] + [S_RECOVER] * recover
                return True
        return self._ask_action()

    def _ask_action(self) -> bool:
        options = self._action_options()
        if not options:  # SV-5: no legal action, the game is lost
            self.result = LOST
            return True
        self.phase = ACTION
        self.pending = options
        return False

    def _drawn(self, card: int) -> None:
        """A card has been taken from the deck (top, hidden part or known bottom)."""
        purpose = self.draw_for
        if purpose == D_REFILL:
            self.future[self.future.index(-1)] = card
        elif purpose == D_RISKY:
            # Risky Draw: an Adversary moves Gamle Erik twice; the card goes to the bottom.
            if card == ADVERSARY and self._erik_clockwise():
                self._erik_clockwise()
            self._to_bottom(card)
        elif purpose == D_INVOLVE:
            pool = self.pool
            pool.append(card)
            adversaries = pool.count(ADVERSARY)
            allies = len(pool) - adversaries
            if self.involve_k == 1:
                if card != ADVERSARY:
                    pool.remove(card)
                    self.top.insert(0, card)
                    self.deck_size += 1
                    self.todo.append(S_BOTTOM)
                    return
            elif allies >= 2 and adversaries >= 1:
                self.count = 0
                self.todo += [S_BOTTOM, S_INVOLVE_DISCARD, S_TOP, S_TOP]
                return
            self.todo.append(S_DRAW)
        elif purpose == D_SETUP_FUTURE:
            future = self.future
            if card == ADVERSARY:
                self.aside += 1
            else:
                future[future.index(-1)] = card
            if -1 in future:
                self.todo.append(S_DRAW)
            else:
                self.setup_i = 0
                self.draw_for = D_SETUP_HAND
                self.todo.append(S_DRAW)
        else:  # D_SETUP_HAND
            if card == ADVERSARY:
                self.aside += 1
                self.todo.append(S_DRAW)
                return
            p = self.setup_i
            self.hands[p][card] += 1
            self.hand_size[p] += 1
            self.setup_i = p + 1
            if self.setup_i < self.n:
                self.todo.append(S_DRAW)
                return
            # Shuffle the Adversaries set aside back into the deck.
            self.hidden[ADVERSARY] += self.aside
            self.hidden_size += self.aside
            self.deck_size += self.aside
            self.aside = 0

    # ---- decisions ------------------------------------------------------------------------------

    def _decide(self, action: int) -> None:
        """Carry out a decision (the action or a sub-decision), pushing the steps it entails."""
        kind = KIND[action]
        a = ARG1[action]
        todo = self.todo
        if self.phase == ACTION:
            todo.append(S_END)  # after the action: hand limit, refill, next turn
        if kind in (CALL, CALL_RISKY):
            card = self.future[a]
            self.future[a] = -1
            self.taking = card
            todo.append(S_TAKE_CARD)
            if kind == CALL:
                self._effect(COST[card])
            else:
                self.draw_for = D_RISKY
                todo.append(S_DRAW)
        elif kind == POSITION:
            self._from_hand(a)
            self.placing = a
            todo.append(S_PLACE)
        elif kind == PLACE_ON:
            self.occupant[a] = self.placing
            self.placing = -1
            self.shown[a] = False  # placed Hidden
            self.forest_allies += 1
        elif kind == MISSION:
            self._from_hand(a)
            self.discard[a] += 1
            self._effect(POWER[a])
        elif kind == GAMBIT:
            todo += [S_GAMBIT, S_DAMAGE]
        elif kind == WRATH:
            self._wrath(a)
        elif kind in (RALLY, RALLY_ANY):
            lygtemand = a if kind == RALLY else ANY_LYGTEMAND
            self._from_hand(a)
            self._to_bottom(a)
            self.lyg[self.lyg.index(lygtemand)] = -1
            self.rallied += 1
        elif kind == INVOLVE:
            k = a
            self.rallied -= k
            self.lyg_out += k
            self.involve_k = k
            self.draw_for = D_INVOLVE
            todo.append(S_DRAW)
        elif kind == RESCUE:
            self.rescue_type = a
            todo.append(S_FREE_HOSTAGE)
            todo += [S_DAMAGE] * self.hostage[a]
        elif kind == DAMAGE:
            if self.side[a]:  # a Free, Damaged Tree is discarded: the ring closes up
                self.ring.remove(a)
                self.out_trees.append(a)
            else:
                self.side[a] = 1
        elif kind == HEAL:
            self.side[a] = 0
        elif kind == REVEAL:
            self._reveal(a)
        elif kind == BOTTOM_SLOT:
            card = self.future[a]
            self.future[a] = -1
            self._to_bottom(card)
            if self.phase == P_GAMBIT:
                todo.append(S_GAMBIT)
        elif kind == TAKE_SLOT:
            card = self.future[a]
            self.future[a] = -1
            self.hands[self.turn][card] += 1
            self.hand_size[self.turn] += 1
            self.count -= 1
            if self.count:
                todo.append(S_HULDRE)
        elif kind == DONE:
            pass
        elif kind == DISCARD_SLOT:
            self.future[a] = -1
            self.discard[ADVERSARY] += 1
        elif kind == ERIK_BACK:
            for _ in range(a):
                self._erik_step(False)
        elif kind == RECYCLE:
            self.discard[a] -= 1
            self._to_bottom(a)
            self.recycled = a
        elif kind == TOP:
            self.pool.remove(a)
            self.top.insert(self.count, a)
            self.count += 1
            self.deck_size += 1
        elif kind == BOTTOM_CARD:
            self.pool.remove(a)
            self._to_bottom(a)
            todo.append(S_BOTTOM)
        elif kind == DISCARD_CARD:
            self._from_hand(a)
            self.discard[a] += 1
            todo.append(S_END)
        elif kind == REFUGE:
            todo.append(S_REFUGE)
        elif kind == VOGTER_TO:
            self.vog = a
            self._discard_forest()
        elif kind == REVENGE:
            self._discard_forest()
            todo.append(S_REVENGE)
        elif kind == RESTORATION:
            self._discard_forest()
            todo.append(S_HEAL_IF_ANY)
        elif kind == RECOVER:
            tree = min(self.out_trees)  # the recovered Tree returns Healthy
            self.out_trees.remove(tree)
            self.side[tree] = 0
            self.ring.insert(self.ring.index(a) + 1, tree)

    def _effect(self, effect: int) -> None:
        """Resolve a card's cost or power (each effect is implemented here, once)."""
        todo = self.todo
        if effect == DAMAGE_TREE:
            todo.append(S_DAMAGE)
        elif effect == BOTTOM_FUTURE_ALLY:
            todo.append(S_COST_BOTTOM)
        elif effect == REVEAL_TWO:
            todo += [S_REVEAL, S_REVEAL]
        elif effect == VOGTER_TO_HIDDEN_ALLY:
            self.vog = self._next_tree(self.vog)
            self._reveal(self.vog)
        elif effect == ERIK_CLOCKWISE:
            self._erik_clockwise()
        elif effect == TAKE_TWO_FROM_FUTURE:
            self.count = 2
            todo.append(S_HULDRE)
        elif effect == HEAL_TREE:
            todo.append(S_HEAL)
        elif effect == ERIK_BACK_THREE:
            todo.append(S_TROLD)
        elif effect == RECYCLE_TWO:
            self.recycled = -1
            todo += [S_RECYCLE, S_RECYCLE]

    def _effect_possible(
        self, effect: int, taken: int = -1, counts: tuple[int, int, int] | None = None
    ) -> bool:
        """SV-3/SV-5: can ``effect`` be resolved in full now? (``taken``: the Future slot of the
        card being called, which "an Ally from the Future" does not mean; ``counts``: the
        Forest's counts if already known, see ``_forest_counts``.)"""
        if effect == ERIK_CLOCKWISE:
            return True
        if effect == DAMAGE_TREE:
            return self._can_damage(1, counts)
        if effect == BOTTOM_FUTURE_ALLY:
            future = self.future
            return any(0 <= future[s] < ADVERSARY for s in SLOTS if s != taken)
        if effect == REVEAL_TWO:
            return (counts or self._forest_counts())[2] >= 2
        if effect == VOGTER_TO_HIDDEN_ALLY:
            x = self._next_tree(self.vog)
            return x != self.erik and self.occupant[x] >= 0 and not self.shown[x]
        if effect == HEAL_TREE:
            return (counts or self._forest_counts())[1] >= 1
        if effect == RECYCLE_TWO:
            discard = self.discard
            return sum(1 for t in TYPES if discard[t] and t != NISSE) >= 2
        return effect != PLACEMENT  # TAKE_TWO_FROM_FUTURE, ERIK_BACK_THREE: always

    def _forest_counts(self) -> tuple[int, int, int]:
        """Free Trees, Free Damaged Trees, Hidden Allies."""
        occupant, shown, side = self.occupant, self.shown, self.side
        vog, erik = self.vog, self.erik
        free = damaged = hidden = 0
        for x in self.ring:
            if occupant[x] >= 0:
                if not shown[x]:
                    hidden += 1
            elif x != vog and x != erik:
                free += 1
                damaged += side[x]
        return free, damaged, hidden

    # ---- the action's options -------------------------------------------------------------------

    def _action_options(self) -> list[int]:
        result: list[int] = []
        future = self.future
        # One pass over the Forest: Free Trees, Free Damaged Trees, Hidden Allies, the
        # non-Formskifter type there, and the Trees a new Ally may go on.
        ring, occupant, shown, side = self.ring, self.occupant, self.shown, self.side
        vog, erik = self.vog, self.erik
        free = damaged = hidden = 0
        kind = -1
        targets = []
        size = len(ring)
        empty = not self.forest_allies
        for i in range(size):
            x = ring[i]
            t = occupant[x]
            if t >= 0:
                if not shown[x]:
                    hidden += 1
                if t != FORMSKIFTER:
                    kind = t
                continue
            if x != vog and x != erik:
                free += 1
                damaged += side[x]
            if empty:
                if x == vog:  # the first Ally goes on Vogter's Tree
                    targets.append(x)
            elif occupant[ring[i - 1]] >= 0 or occupant[ring[(i + 1) % size]] >= 0:
                targets.append(x)
        counts = (free, damaged, hidden)
        # Vogter's Call: the leftmost card if it is an Adversary, else any (SV-3).
        slots = (0,) if future[0] == ADVERSARY else SLOTS
        deck = self.deck_size
        for s in slots:
            card = future[s]
            if card < 0:
                continue
            cost = COST[card]
            if FREE_EFFECT[cost] or self._effect_possible(cost, s, counts):
                result.append(CALL_ID[s])
            if deck:
                result.append(CALL_RISKY_ID[s])
        if free:  # a Tree can be damaged
            result.append(GAMBIT_ID)
        hand = self.hands[self.turn]
        hostage = self.hostage
        for t in TYPES:
            if not hand[t] or hostage[t]:  # SV-8: a Hostage blocks Command for its type
                continue
            if targets and (t == FORMSKIFTER or empty or kind == t):
                result.append(POSITION_ID[t])
            power = POWER[t]
            if power != PLACEMENT and (
                FREE_EFFECT[power] or self._effect_possible(power, -1, counts)
            ):
                result.append(MISSION_ID[t])
        allies = self.forest_allies
        if allies >= 2:
            result += self._wrath_options(allies)
        if self.lygtemands:
            result += self._reconciliation_options(hand)
        if self.rescue:
            for t in TYPES:
                if hostage[t] and self._can_damage(hostage[t], counts):
                    result.append(RESCUE_ID[t])
        result.sort()
        return result

    def _position_targets(self) -> tuple[list[int], int]:
        """Trees an Ally may be placed on, and the non-Formskifter type already in the Forest."""
        if not self.forest_allies:
            return [self.vog], -1
        ring = self.ring
        occupant = self.occupant
        size = len(ring)
        kind = -1
        targets = []
        for i in range(size):
            x = ring[i]
            t = occupant[x]
            if t >= 0:
                if t != FORMSKIFTER:
                    kind = t
            elif occupant[ring[i - 1]] >= 0 or occupant[ring[(i + 1) % size]] >= 0:
                targets.append(x)
        targets.sort()
        return targets, kind

    def _wrath_options(self, allies: int) -> list[int]:
        result = []
        seen = set()
        lyg, acorn = self.lyg, self.acorn
        for m in MINIONS:
            if self.minion_in[m] and MINION_VALUES[m] <= allies and lyg[m] < 0:
                key = (MINION_KINDS[m], acorn[m])  # identical Minions are offered once
                if key not in seen:
                    seen.add(key)
                    result.append(WRATH_ID[m])
        return result

    def _reconciliation_options(self, hand: list[int]) -> list[int]:
        result = []
        lyg = self.lyg
        minion_in = self.minion_in
        # SV-7: Rally only when every Minion in the game is covered by a Lygtemand.
        if all(lyg[m] >= 0 for m in MINIONS if minion_in[m]):
            for m in MINIONS:
                k = lyg[m]
                if not minion_in[m] or k < 0:
                    continue
                if k == ANY_LYGTEMAND:
                    result += [RALLY_ANY_ID[t] for t in TYPES if hand[t]]
                elif hand[k]:
                    result.append(RALLY_ID[k])
        if self.rallied:
            adversaries = self.deck_count(ADVERSARY)
            allies = self.deck_size - adversaries
            if allies >= 1:
                result.append(INVOLVE_ID[0])
            if self.rallied >= 2 and allies >= 2 and adversaries >= 1:
                result.append(INVOLVE_ID[1])
        return result

    # ---- the Forest -----------------------------------------------------------------------------

    def _next_tree(self, x: int) -> int:
        ring = self.ring
        return ring[(ring.index(x) + 1) % len(ring)]

    def _free(self, x: int) -> bool:
        """A Tree is Free with no Vogter, no Gamle Erik and no Ally on it."""
        return x != self.vog and x != self.erik and self.occupant[x] < 0

    def _damage_trees(self) -> list[int]:
        """Damage a Tree: a Free Damaged one is discarded if there is one, else a Free Healthy one
        is flipped."""
        free = [x for x in self.ring if self._free(x)]
        side = self.side
        damaged = [x for x in free if side[x]]
        return sorted(damaged or free)

    def _can_damage(self, times: int, counts: tuple[int, int, int] | None = None) -> bool:
        """SV-5: can a Tree be damaged ``times`` times in a row (1 or 2)?"""
        free, damaged, _ = counts or self._forest_counts()
        if times == 1:
            return free >= 1
        # A second Damage discards the Tree the first one flipped, if nothing else is Free.
        return free >= 2 or (free == 1 and not damaged)

    def _heal_trees(self) -> list[int]:
        side = self.side
        return sorted(x for x in self.ring if side[x] and self._free(x))

    def _reveal(self, x: int) -> None:
        self.shown[x] = True
        if x == self.erik:  # a Revealed Ally on Gamle Erik's Tree is discarded at once
            self._discard_ally(x)

    def _discard_ally(self, x: int) -> None:
        self.discard[self.occupant[x]] += 1
        self.occupant[x] = -1
        self.shown[x] = False
        self.forest_allies -= 1

    def _discard_forest(self) -> None:
        if self.forest_allies:
            for x in self.ring:
                if self.occupant[x] >= 0:
                    self._discard_ally(x)

    def _erik_step(self, clockwise: bool) -> bool:
        """Move Gamle Erik to the adjacent Tree; False if he reaches Vogter (the game is lost)."""
        ring = self.ring
        i = ring.index(self.erik)
        x = self.erik = ring[(i + 1) % len(ring)] if clockwise else ring[i - 1]
        if x == self.vog:
            self.result = LOST
            return False
        if self.occupant[x] >= 0 and self.shown[x]:
            self._discard_ally(x)
        return True

    def _erik_clockwise(self) -> bool:
        return self._erik_step(True)

    def _erik_back_limit(self) -> int:
        """How far Gamle Erik may go counter-clockwise (at most 3), stopping before Vogter."""
        ring = self.ring
        i = ring.index(self.erik)
        for k in range(1, 4):
            if ring[(i - k) % len(ring)] == self.vog:
                return k - 1
        return 3

    def refuge_trees(self) -> list[int]:
        """Refuge: Vogter's Tree, and the Trees clockwise from it reached through Allies only
        (never onto or past Gamle Erik, SV-2)."""
        ring = self.ring
        size = len(ring)
        i = ring.index(self.vog)
        trees = [self.vog]
        for j in range(1, size):
            x = ring[(i + j) % size]
            if self.occupant[x] < 0 or x == self.erik:
                break
            trees.append(x)
        return sorted(trees)

    # ---- cards ----------------------------------------------------------------------------------

    def _from_hand(self, t: int) -> None:
        self.hands[self.turn][t] -= 1
        self.hand_size[self.turn] -= 1

    def _to_bottom(self, card: int) -> None:
        """Put a card on the bottom of the deck, face down, beneath the cards there (SV-6: its
        place is known until the next shuffle)."""
        self.bottom.append(card)
        self.deck_size += 1

    def _shuffle(self) -> None:
        """Shuffle the deck (only the deck): every known place is forgotten."""
        hidden = self.hidden
        for card in self.top:
            hidden[card] += 1
        for card in self.bottom:
            hidden[card] += 1
        self.top = []
        self.bottom = []
        self.hidden_size = self.deck_size

    def _wrath(self, m: int) -> None:
        self.minion_in[m] = False
        self.minions_left -= 1
        k = self.acorn[m]
        if k >= 0:  # SV-8: its Acorn goes to the centre of the Forest
            self.acorn[m] = -1
            self.centre[k] += 1
        if not self.minions_left:
            self.result = WON
            return
        self._shuffle()
        self.todo.append(S_REWARD)

    def deck_count(self, card: int) -> int:
        """How many cards of type ``card`` the deck holds (public, like ``deck_cards``)."""
        return self.hidden[card] + self.top.count(card) + self.bottom.count(card)

    def deck_cards(self) -> list[int]:
        """How many of each card type the deck holds (public: everything else is visible)."""
        counts = self.hidden.copy()
        for card in self.top:
            counts[card] += 1
        for card in self.bottom:
            counts[card] += 1
        return counts

    # ---- scores, copies, views ------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Minions defeated, the same for every seat (the game is cooperative)."""
        return [float(len(MINION_NAMES) - self.minions_left)] * self.n

    def returns(self) -> list[float]:
        """Everyone 1.0 on a victory, 0.0 on a defeat (and while the game goes on)."""
        return [1.0 if self.result == WON and self.phase == OVER else 0.0] * self.n

    def _copy(self) -> SkoventyrState:
        new = self._blank()
        new.n = self.n
        new.lygtemands = self.lygtemands
        new.rescue = self.rescue
        new.ring = self.ring.copy()
        new.in_box = self.in_box
        new.out_trees = self.out_trees.copy()
        new.side = self.side.copy()
        new.occupant = self.occupant.copy()
        new.shown = self.shown.copy()
        new.forest_allies = self.forest_allies
        new.erik = self.erik
        new.vog = self.vog
        new.hidden = self.hidden.copy()
        new.hidden_size = self.hidden_size
        new.deck_size = self.deck_size
        new.top = self.top.copy()
        new.bottom = self.bottom.copy()
        new.future = self.future.copy()
        new.hands = [h.copy() for h in self.hands]
        new.hand_size = self.hand_size.copy()
        new.discard = self.discard.copy()
        new.aside = self.aside
        new.taking = self.taking
        new.placing = self.placing
        new.pool = self.pool.copy()
        new.involve_k = self.involve_k
        new.minion_in = self.minion_in.copy()
        new.minions_left = self.minions_left
        new.lyg = self.lyg.copy()
        new.lyg_pool = self.lyg_pool.copy()
        new.rallied = self.rallied
        new.lyg_out = self.lyg_out
        new.hostage = self.hostage.copy()
        new.hostages_out = self.hostages_out
        new.rescue_type = self.rescue_type
        new.acorn = self.acorn.copy()
        new.acorn_pool = self.acorn_pool.copy()
        new.centre = self.centre.copy()
        new.acorns_out = self.acorns_out
        new.turn = self.turn
        new.turns = self.turns
        new.result = self.result
        new.count = self.count
        new.recycled = self.recycled
        new.setup_i = self.setup_i
        new.draw_for = self.draw_for
        new.phase = self.phase
        new.pending = self.pending  # replaced, never mutated
        new.todo = self.todo.copy()
        return new

    def resample_hidden(self, player: int, rng: random.Random) -> SkoventyrState:
        """Nothing decided is hidden (SV-6): hands are open, the deck's known cards are known to
        all, and the order of its hidden part is not decided until a card is drawn from it."""
        self._check_seat(player)
        return self._copy()

    def component_counts(self) -> dict[str, int]:
        where: list[int] = [0] * CARD_TYPES
        for cards in (self.top, self.bottom, self.future, self.pool, [self.taking, self.placing]):
            for card in cards:
                if card >= 0:
                    where[card] += 1
        for x in self.ring:
            if self.occupant[x] >= 0:
                where[self.occupant[x]] += 1
        counts = {}
        for t in CARDS:
            total = where[t] + self.hidden[t] + self.discard[t]
            if t == ADVERSARY:
                total += self.aside
            else:
                total += sum(h[t] for h in self.hands) + (self.hostage[t] > 0)
            counts[CARD_NAMES[t]] = total
        counts["Trees"] = len(self.ring) + len(self.out_trees) + self.in_box
        counts["Minions"] = self.minions_left + (len(MINION_NAMES) - sum(self.minion_in))
        counts["Lygtemands"] = (
            sum(1 for k in self.lyg if k >= 0) + self.rallied + self.lyg_out + len(self.lyg_pool)
        )
        counts["Hostage tokens"] = sum(1 for h in self.hostage if h) + self.hostages_out
        counts["Acorns"] = (
            sum(1 for k in self.acorn if k >= 0)
            + sum(self.centre)
            + self.acorns_out
            + sum(self.acorn_pool)
        )
        return counts

    def view(self, player: int | None) -> dict[str, JSON]:
        """The whole table, the same for every seat (SV-6: hands are open; of the deck everybody
        knows the same: its known top and bottom cards and what its hidden part holds)."""
        self._check_seat(player)
        names = CARD_NAMES
        ring = self.ring
        return {
            "game": "skoventyr",
            "seat": player,
            "players": self.n,
            "turn": self.turn,
            "turns_played": self.turns,
            "to_move": self.current_player(),
            "phase": PHASE_NAMES[self.phase],
            "task": self._task(),
            "result": {PLAYING: "playing", WON: "won", LOST: "lost"}[self.result],
            "forest": [
                {
                    "tree": TREE_NAMES[x],
                    "side": SIDES[self.side[x]],
                    "vogter": x == self.vog,
                    "gamle_erik": x == self.erik,
                    "ally": names[self.occupant[x]] if self.occupant[x] >= 0 else None,
                    "revealed": self.shown[x],
                }
                for x in ring
            ],
            "allies_in_forest": self.forest_allies,
            "distance": (ring.index(self.vog) - ring.index(self.erik)) % len(ring),
            "discarded_trees": [TREE_NAMES[x] for x in self.out_trees],
            "future": [names[c] if c >= 0 else None for c in self.future],
            "taking": names[self.taking] if self.taking >= 0 else None,
            "placing": names[self.placing] if self.placing >= 0 else None,
            "hands": [
                [ALLY_TYPES[t] for t in TYPES for _ in range(hand[t])] for hand in self.hands
            ],
            "discard": {names[t]: self.discard[t] for t in CARDS if self.discard[t]},
            "deck": {
                "size": self.deck_size,
                "top": [names[c] for c in self.top],
                "bottom": [names[c] for c in self.bottom],
                "hidden": self.hidden_size,
                "hidden_cards": {names[t]: self.hidden[t] for t in CARDS if self.hidden[t]},
            },
            "revealed": [names[c] for c in self.pool],
            "set_aside": self.aside,
            "minions": [
                {
                    "name": MINION_NAMES[m],
                    "value": MINION_VALUES[m],
                    "in_game": self.minion_in[m],
                    "lygtemand": LYGTEMANDS[self.lyg[m]] if self.lyg[m] >= 0 else None,
                    "acorn": ACORN_KINDS[self.acorn[m]] if self.acorn[m] >= 0 else None,
                }
                for m in MINIONS
            ],
            "lygtemands": {"rallied": self.rallied, "removed": self.lyg_out}
            if self.lygtemands
            else None,
            "hostages": {
                ALLY_TYPES[t]: ("x2" if self.hostage[t] == 2 else "x1")
                for t in TYPES
                if self.hostage[t]
            },
            "acorns_in_centre": [
                ACORN_KINDS[k] for k in range(len(ACORN_KINDS)) for _ in range(self.centre[k])
            ],
        }

    # ---- why an action is illegal ---------------------------------------------------------------

    def _why_illegal(self, action: int) -> str:
        kind, a, b = KIND[action], ARG1[action], ARG2[action]
        phase = self.phase
        if kind not in PHASE_KINDS.get(phase, frozenset()):
            return f"now {self._task()}"
        if kind == DRAW:
            return f"the hidden part of the deck holds no {CARD_NAMES[a]} (SV-6)"
        if kind == LYGTEMAND:
            return f"the {LYGTEMANDS[a]} Lygtemand is already on a Minion (SV-7)"
        if kind == ACORN:
            return f"both Acorns {ACORN_KINDS[a]} are already on Minions (SV-8)"
        if phase == ACTION:
            return self._why_action_illegal(kind, a, b)
        tree = TREE_NAMES[a] if a < len(TREE_NAMES) else "?"
        if kind == DAMAGE:
            if a not in self.ring:
                return f"Tree {tree} is not in the Forest"
            if not self._free(a):
                return (
                    f"Tree {tree} is not Free (a pawn or an Ally is on it): only a Free Tree "
                    "can be flipped or discarded (rulebook)"
                )
            return "a Free Damaged Tree is in the Forest: it must be discarded (Damage a Tree)"
        if kind == HEAL:
            return f"Tree {tree} is not a Free, Damaged Tree in the Forest (Heal a Tree)"
        if kind == REVEAL:
            return f"Tree {tree} holds no Hidden Ally to reveal"
        if kind in (BOTTOM_SLOT, TAKE_SLOT, DISCARD_SLOT):
            card = self.future[a]
            if card < 0:
                return f"Future slot f{a + 1} is empty"
            if kind == DISCARD_SLOT:
                return f"f{a + 1} holds an Ally: Revenge discards an Adversary"
            return (
                f"f{a + 1} holds an Adversary: Huldre's power takes Allies only (SV-3)"
                if kind == TAKE_SLOT
                else f"f{a + 1} holds an Adversary: the cost names an Ally from the Future (SV-3)"
            )
        if kind == ERIK_BACK:
            return (
                f"Gamle Erik can move at most {self._erik_back_limit()} times counter-clockwise "
                "here: one more would bring him onto Vogter's Tree (package card)"
            )
        if kind == RECYCLE:
            if a == NISSE:
                return "Nisse's power cannot put back a Nisse (rulebook)"
            if a == self.recycled:
                return "the two Allies must be of different types (rulebook)"
            return f"the discard pile holds no {ALLY_TYPES[a]}"
        if kind in (TOP, BOTTOM_CARD):
            return f"no {CARD_NAMES[a]} was revealed by Involve (SV-7)"
        if kind == DISCARD_CARD:
            return f"there is no {ALLY_TYPES[a]} in the hand"
        if kind == PLACE_ON:
            return (
                f"Tree {tree} is not a Tree with no Ally next to a Tree with an Ally (the first "
                "Ally goes on Vogter's Tree) (rulebook)"
            )
        if kind == VOGTER_TO:
            return (
                f"Vogter cannot reach Tree {tree}: he moves clockwise only through Trees with "
                "an Ally, never onto Gamle Erik's (rulebook, SV-2)"
            )
        if kind == RECOVER:
            return (
                f"the Tree cannot go after {tree}: it is inserted between Vogter and Gamle Erik "
                "clockwise, so he is no closer and no farther (SV-8)"
            )
        return "not legal now"

    def _why_action_illegal(self, kind: int, a: int, b: int) -> str:
        future = self.future
        if kind in (CALL, CALL_RISKY):
            if future[a] < 0:
                return f"Future slot f{a + 1} is empty"
            if future[0] == ADVERSARY and a != 0:
                return "the leftmost card of the Future is an Adversary: it must be chosen (SV-3)"
            if kind == CALL_RISKY:
                return "the deck is empty: no Risky Draw is possible (SV-3)"
            card = future[a]
            return (
                f"the left box of {CARD_NAMES[card]} ({self._cost_text(card)}) cannot be "
                "resolved in full: make a Risky Draw instead (SV-3)"
            )
        if kind == GAMBIT:
            return "no Tree is Free, so no Tree can be damaged (SV-5)"
        if kind in (RALLY, RALLY_ANY, INVOLVE) and not self.lygtemands:
            return "the Lygtemands module is not in play (option lygtemands)"
        if kind == RESCUE and not self.rescue:
            return "the Rescue module is not in play (option rescue)"
        if kind in (POSITION, MISSION, RALLY, RALLY_ANY) and not self.hands[self.turn][a]:
            return f"there is no {ALLY_TYPES[a]} in the hand"
        if kind in (POSITION, MISSION) and self.hostage[a]:
            return f"{ALLY_TYPES[a]} is held Hostage: no Command with that type (SV-8)"
        if kind == POSITION:
            _targets, forest_kind = self._position_targets()
            if a != FORMSKIFTER and self.forest_allies and forest_kind != a:
                return (
                    "all Allies in the Forest must be of one type (Formskifters excepted): "
                    f"the {ALLY_TYPES[a]} cannot join them (rulebook)"
                )
            return "no Tree with no Ally is next to a Tree with an Ally (rulebook)"
        if kind == MISSION:
            if a == FORMSKIFTER:
                return "a Formskifter has no power to discard it for: its power is its placement"
            return f"{ALLY_TYPES[a]}'s power cannot be resolved in full now (SV-5)"
        if kind == WRATH:
            if not self.minion_in[a]:
                return f"{MINION_NAMES[a]} has left the game"
            if self.lyg[a] >= 0:
                return f"{MINION_NAMES[a]} is covered by a Lygtemand: not vulnerable (SV-7)"
            if MINION_VALUES[a] > self.forest_allies:
                return (
                    f"{MINION_NAMES[a]} has value {MINION_VALUES[a]}, more than the "
                    f"{self.forest_allies} Allies in the Forest (rulebook)"
                )
            return "an identical Minion is offered instead (the lower number)"
        if kind in (RALLY, RALLY_ANY, INVOLVE):
            if kind == INVOLVE:
                if self.rallied < a:
                    return f"Involve {a} needs {a} Rallied Lygtemands; there are {self.rallied}"
                return (
                    "the deck does not hold the cards Involve must reveal (an Ally; or two "
                    "Allies and an Adversary) (SV-5, SV-7)"
                )
            lygtemand = a if kind == RALLY else ANY_LYGTEMAND
            if lygtemand not in self.lyg:
                return f"the {LYGTEMANDS[lygtemand]} Lygtemand is not on a Minion (SV-7)"
            return "a Minion is already uncovered: no Rally until it is defeated (SV-7)"
        if kind == RESCUE:
            if not self.hostage[a]:
                return f"{ALLY_TYPES[a]} is not held Hostage"
            return "the Trees cannot be damaged as often as the token requires (SV-5, SV-8)"
        return "not legal now"

    @staticmethod
    def _cost_text(card: int) -> str:
        return data.CARDS[card].cost_text.rstrip(".")

    def _task(self) -> str:
        """What is being decided now, quoting only legal actions at a decision (the prompt, and
        the view's ``task``; hands are open, SV-6, so every seat may read them)."""
        phase = self.phase
        if phase == OVER:
            return {WON: "nothing: the game is won", LOST: "nothing: the game is lost"}.get(
                self.result, "nothing: the game is over"
            )
        if phase == CH_DRAW:
            return "a card is drawn from the hidden part of the deck (chance: 'draw Trold')"
        if phase == CH_LYGTEMAND:
            return f"a Lygtemand is placed on {MINION_NAMES[self.setup_i]} (chance: 'lygtemand ?')"
        if phase == CH_HOSTAGE:
            return "the x2 Hostage token is dealt (chance: 'hostage x2 Nisse')"
        if phase == CH_ACORN:
            return f"an Acorn is placed on {MINION_NAMES[self.setup_i]} (chance: 'acorn 1')"
        if phase == P_PLACE:
            return (
                f"choose the Tree for the {CARD_NAMES[self.placing]} ({self._examples(PLACE_ON)})"
            )
        if phase == ACTION:
            choices = [(word, self._legal_of(*kinds)) for word, kinds in ACTION_CHOICES]
            return f"choose an action: {offer(choices)}"
        if phase in TWO_WAY_CHOICES:
            return offer([(word, self._legal_of(kind)) for word, kind in TWO_WAY_CHOICES[phase]])
        if phase == P_REFUGE:
            return (
                f"choose Vogter's destination ({self._examples(VOGTER_TO)}; his own Tree: he stays)"
            )
        phrase = CHOICE_PHRASES[phase]
        return f"{phrase} ({self._examples(*sorted(PHASE_KINDS[phase]))})"

    def _prompt(self) -> str:
        return self._task()


__all__ = ["SkoventyrGame", "SkoventyrState"]
