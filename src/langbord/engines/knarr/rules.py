"""Knarr's rules: :class:`KnarrGame` and :class:`KnarrState` (rulings/knarr.md, KN-1…KN-8, and
rulebooks/knarr-skali.txt with SK-1…SK-7).

Hidden information: the hands. A seat sees its own hand, the size of the others' and the cards
each took from the market (everyone saw those; they stay known until played). The viking deck's
order is never decided: every draw is a chance node over the types left in it. Once the discard
pile has been shuffled into a new deck (KN-7), its contents are public (every card drawn since
was drawn face up), and ``view`` says so.

The flow is a stack of small tasks (``tasks``): draws, decisions and steps that must follow an
action (the take after a Recruit, the slot refill, village activation, extra actions…). ``_run``
pops tasks until one needs a chance outcome or a decision; ``_apply`` resolves that and runs on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from typing import ClassVar

from langbord.core.errors import OptionError
from langbord.core.game import CHANCE, JSON, TERMINAL, Game, State
from langbord.core.info import GameInfo
from langbord.core.options import Option
from langbord.core.prompts import offer
from langbord.engines.knarr.data import (
    AMULET,
    AMULET_GAINS,
    ARTIFACT_TITLES,
    ARTIFACTS,
    BOAT_SIDES,
    BOATS,
    BRACELET,
    BUILDING_MARKET,
    BUILDINGS,
    CARD,
    CAULDRON,
    COIN,
    COLOURS,
    COST_COLOURS,
    COST_DIFFERENT,
    COST_SAME,
    DECK_NAMES,
    DESTINATIONS,
    END_THRESHOLD,
    GAINS,
    GOLDEN_BRACELET,
    HAND_SIZE,
    HELMET,
    LAND_OF_INFLUENCE,
    LINE_EXISTING,
    LINE_LOI,
    LINE_NEW,
    LINE_TEXT,
    LINE_TL,
    MARKET_SLOTS,
    MAX_RESERVED,
    MAX_ROUNDS,
    MEAD_CUP,
    NUM_BUILDINGS,
    NUM_GAINS,
    NUM_TYPES,
    RAID,
    RECRUIT,
    REPUTATION,
    REPUTATION_MAX,
    REPUTATION_VP,
    SILVER_COINS,
    SKALI_BOARDS,
    START_BRACELETS,
    START_COINS,
    START_RECRUITS,
    TOKEN_CAP,
    TRADING_LAND,
    TYPE_COLOUR,
    TYPE_NAMES,
    VISIBLE_DESTINATIONS,
    VP,
    WEATHERVANE,
    VillageCard,
    viking_counts,
)
from langbord.engines.knarr.info import INFO
from langbord.engines.knarr.notation import (
    ACTION_STRINGS,
    ACTIVATE,
    ACTIVATE_ID,
    ACTIVATE_SKALI_ID,
    ARG,
    ARG2,
    ARTIFACT,
    ARTIFACT_ID,
    BOAT,
    BOAT_ID,
    DEVELOP,
    DEVELOP_ID,
    DISCARD,
    DISCARD_ID,
    DRAW,
    END,
    END_ID,
    EXPLORE,
    EXPLORE_ID,
    FIRST,
    FIRST_ID,
    KIND,
    MEAD,
    MEAD_ID,
    NO_MEAD,
    NO_MEAD_ID,
    NO_RESERVE,
    NO_RESERVE_ID,
    NUM_ACTIONS,
    PASS,
    PASS_ID,
    PAY,
    PAY_ID,
    PAY_RECRUIT,
    PAY_RECRUIT_ID,
    RENEW,
    RENEW_ID,
    RESERVE,
    RESERVE_ID,
    REVEAL,
    REVEAL_BUILDING,
    REVEAL_BUILDING_ID,
    REVEAL_ID,
    SKIP_EXTRA,
    SKIP_EXTRA_ID,
    TAKE,
    TAKE_ID,
    TRADE,
    TRADE_ID,
)
from langbord.engines.knarr.notation import (
    RECRUIT as RECRUIT_KIND,
)
from langbord.engines.knarr.notation import (
    RECRUIT_ID as RECRUIT_ACTION_ID,
)

# ---- phases and tasks ---------------------------------------------------------------------------

(
    P_DRAW,  # chance: a viking from the deck
    P_REVEAL,  # chance: a destination
    P_BUILDING,  # chance: a building
    P_ARTIFACT,  # chance: the artifact (artifact=random, two-player-mead-cup)
    P_BOAT,  # chance: the boat side (boat=random, KN-9)
    P_FIRST,  # chance: the first player
    P_MAIN,  # before the action: Recruit, Explore, Trade, Develop, renew
    P_PAY,  # paying an exploration, card by card (KN-4)
    P_TAKE,  # the board viking taken after a Recruit
    P_AFTER,  # after the action: Trade, Develop, renew, end turn
    P_DISCARD,  # KN-7: forced discards
    P_ACTIVATE,  # SK-3: the order of village activation, where it matters
    P_MEAD,  # Mead Cup
    P_RESERVE,  # Golden bracelet
    P_EXTRA,  # an extra Recruit (Helmet) or Explore (Weathervane)
    P_OVER,
) = range(16)
PHASE_NAMES = (
    "draw",
    "reveal",
    "reveal building",
    "artifact",
    "boat",
    "first player",
    "action",
    "pay",
    "take",
    "after action",
    "forced discard",
    "activate village",
    "mead cup",
    "reserve",
    "extra action",
    "over",
)
CHANCE_PHASES = frozenset({P_DRAW, P_REVEAL, P_BUILDING, P_ARTIFACT, P_BOAT, P_FIRST})
PHASE_KINDS: dict[int, frozenset[int]] = {
    P_DRAW: frozenset({DRAW}),
    P_REVEAL: frozenset({REVEAL}),
    P_BUILDING: frozenset({REVEAL_BUILDING}),
    P_ARTIFACT: frozenset({ARTIFACT}),
    P_BOAT: frozenset({BOAT}),
    P_FIRST: frozenset({FIRST}),
    P_MAIN: frozenset({RECRUIT_KIND, EXPLORE, TRADE, DEVELOP, RENEW, PASS}),
    P_PAY: frozenset({PAY, PAY_RECRUIT}),
    P_TAKE: frozenset({TAKE}),
    P_AFTER: frozenset({TRADE, DEVELOP, RENEW, END}),
    P_DISCARD: frozenset({DISCARD}),
    P_ACTIVATE: frozenset({ACTIVATE}),
    P_MEAD: frozenset({MEAD, NO_MEAD}),
    P_RESERVE: frozenset({RESERVE, NO_RESERVE}),
    P_EXTRA: frozenset({RECRUIT_KIND, EXPLORE, SKIP_EXTRA}),
}

DECISION_CHOICES: dict[int, tuple[tuple[str, int], ...]] = {
    P_MAIN: (
        ("recruit", RECRUIT_KIND),
        ("explore", EXPLORE),
        ("pass", PASS),
        ("trade", TRADE),
        ("develop", DEVELOP),
        ("renew", RENEW),
    ),
    P_PAY: (("pay with a crew card", PAY), ("with a recruit", PAY_RECRUIT)),
    P_TAKE: (("takes a board viking", TAKE),),
    P_AFTER: (("may trade", TRADE), ("develop", DEVELOP), ("renew", RENEW), ("end turn", END)),
    P_DISCARD: (("discards a crew card", DISCARD),),
    P_ACTIVATE: (("chooses the next village card to activate", ACTIVATE),),
    P_MEAD: (("may discard a board viking", MEAD), ("not", NO_MEAD)),
    P_RESERVE: (("may reserve a destination", RESERVE), ("not", NO_RESERVE)),
    P_EXTRA: (
        ("may take an extra Recruit (Helmet)", RECRUIT_KIND),
        ("may take an extra Explore (Weathervane)", EXPLORE),
        ("skip it", SKIP_EXTRA),
    ),
}
"""Each decision phase's choices: how a player says it, and the action kind it is."""
DECISION_NOTES = {
    P_DISCARD: ": the deck is empty (KN-7)",
    P_ACTIVATE: " (SK-3)",
    P_MEAD: " (Mead Cup)",
}

# Tasks: ``code << 8 | argument``, kept on a stack (the last is done first).
(
    T_DRAW,  # a viking draw; argument: a draw target (below)
    T_DEST,  # refill destination slot (0-2 Trading Lands, 3-5 Lands of Influence)
    T_BUILDING,  # refill building slot 0-3
    T_ARTIFACT,
    T_FIRST,
    T_START,  # start of a turn: reputation income
    T_TAKE,  # the take after a Recruit; argument: colour | 8 if any slot is free (Cauldron)
    T_MEAD,
    T_RESERVE,
    T_VILLAGE,  # SK-3; argument: the line
    T_EXTRAS,  # the next extra action earned, if any
    T_RETURN,  # back to the turn: the action (if not yet taken) or what may follow it
    T_END_TURN,
    T_BOAT,  # KN-9: draw the boat side (boat=random)
) = range(14)
# Draw targets.
TO_MARKET = 0  # + slot
TO_CREW = 8  # + seat
TO_HAND = 16  # + seat (hidden)
TO_CREW_FIRST = 24  # + seat: KN-3, the first of two start cards of different colours
TO_CREW_SECOND = 32  # + seat: the second, of another colour than the first

EXTRA_RECRUIT, EXTRA_EXPLORE = 0, 1
TYPES = range(NUM_TYPES)
COLOUR_RANGE = range(len(COLOURS))
COLOUR_TYPES: list[range] = [range(c * 4, c * 4 + 4) for c in COLOUR_RANGE]
DEST_KIND = [d.cost_kind for d in DESTINATIONS]
DEST_SIZE = [d.size for d in DESTINATIONS]
DEST_NEEDS: list[list[tuple[int, int]]] = [
    [(c, k) for c, k in enumerate(d.need) if k] for d in DESTINATIONS
]
DEST_DECK = [d.deck for d in DESTINATIONS]
DEST_SINGLE = [
    n[0][0] if d.cost_kind == COST_COLOURS and len(n) == 1 else -1
    for d, n in zip(DESTINATIONS, DEST_NEEDS, strict=True)
]
"""The one colour of a cost ``{colour: n}``, else -1."""
DEST_IMMEDIATE = [d.immediate for d in DESTINATIONS]
ZERO = (0,) * NUM_GAINS
ARTIFACT_OPTIONS: tuple[str, ...] = ("none", *ARTIFACTS, "random", "two-player-mead-cup")
BOAT_OPTIONS: tuple[str, ...] = (*BOAT_SIDES, "random")
NO_BOAT = (-1, -1, -1)
"""The boat's columns before KN-9's draw (``boat=random``): nothing to trade yet."""
_NUM_DEST_IDS = len(DESTINATIONS)


def _column_vector(column: int) -> tuple[int, ...]:
    vector = [0] * NUM_GAINS
    if column >= 0:
        vector[column] = 1
    return tuple(vector)


class KnarrGame(Game):
    """Knarr for 2–4 players, with its Skali mode and artifact variant as options."""

    name: ClassVar[str] = "knarr"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 2
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 3, "number of players", minimum=2, maximum=4),
        Option(
            "boat",
            "normal",
            "the boat side everyone uses, or random: drawn at setup (KN-9)",
            choices=BOAT_OPTIONS,
        ),
        Option("skali", False, "play the Skali mode (SK-1…SK-7)"),
        Option(
            "skali_board",
            "rulebook",
            "the skáli's lines: the rulebook's or the digital adaptation's",
            choices=("rulebook", "digital"),
        ),
        Option(
            "artifact",
            "none",
            "the artifact of the variant: none, a name, random, or two-player-mead-cup (KN-10:"
            " with 2 players the Mead Cup and one random other)",
            choices=ARTIFACT_OPTIONS,
        ),
    )
    conformance_options = (
        {"players": 2},
        {"players": 3},
        {"players": 4, "boat": "advanced"},
        {"players": 2, "skali": True},
        {"players": 3, "skali": True, "skali_board": "digital", "boat": "advanced"},
        {"players": 4, "skali": True, "artifact": "random"},
        {"players": 3, "artifact": "random"},
        {"players": 2, "boat": "random", "artifact": "two-player-mead-cup"},
        {"players": 3, "boat": "random", "skali": True, "artifact": "two-player-mead-cup"},
    )

    def _check_options(self) -> None:
        if self.options["skali_board"] != "rulebook" and not self.options["skali"]:
            raise OptionError("knarr: option skali_board needs skali=true (SK-3)")

    def action_strings(self) -> Sequence[str]:
        return ACTION_STRINGS

    def max_game_length(self) -> int:
        # Setup: boat, artifact, 6 destinations, 5 market cards, 5 cards per player, 4 buildings,
        # the first player. A turn is bounded generously: every decision and draw it can hold (the
        # trade's card draws, each possibly preceded by forced discards of every player).
        n = self.num_players()
        setup = 2 + 6 + MARKET_SLOTS + 5 * n + BUILDING_MARKET + 1
        per_turn = 400 + 3 * (len(DESTINATIONS) + 1) * (n + 1)
        return setup + MAX_ROUNDS * n * per_turn

    def new_initial_state(self) -> KnarrState:
        return KnarrState(self)


class KnarrState(State):
    """A Knarr table. See the package docstring for the notation."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "acted",
        "activating",
        "artifacts",
        "bbottom",
        "bdeck",
        "bmarket",
        "boat",
        "boat_side",
        "bracelets",
        "change",
        "coins",
        "cols",
        "crew",
        "deck",
        "deck_public",
        "deck_size",
        "dest_decks",
        "developed",
        "discard",
        "discard_size",
        "ended",
        "extra_kind",
        "extras",
        "first",
        "forced",
        "hands",
        "known",
        "last_deck",
        "line",
        "market",
        "n",
        "owned",
        "pair_colour",
        "pay_colour",
        "pay_dest",
        "pay_left",
        "pay_need",
        "pay_slot",
        "pay_used",
        "pending",
        "phase",
        "raid",
        "raid_beside",
        "raid_board",
        "recruits",
        "rep",
        "reserved",
        "rounds",
        "skali",
        "skali_card",
        "take_arg",
        "tasks",
        "traded",
        "tsum",
        "turn",
        "village",
        "visible",
        "vp",
    )

    def __init__(self, game: KnarrGame) -> None:
        super().__init__(game)
        opts = game.options
        n = self.n = game.num_players()
        self.skali = bool(opts["skali"])
        self.skali_card: VillageCard = SKALI_BOARDS[str(opts["skali_board"])]
        choice = str(opts["artifact"])
        self.artifacts = _artifacts_in_play(choice, n)
        side = str(opts["boat"])
        self.boat_side = side if side in BOATS else ""  # "": KN-9's draw is still to come
        self.boat = BOATS.get(side, NO_BOAT)
        self.deck = viking_counts(n)
        self.deck_size = sum(self.deck)
        self.deck_public = False
        self.discard = [0] * NUM_TYPES
        self.discard_size = 0
        self.market = [-1] * MARKET_SLOTS
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.crew: list[list[int]] = [[0] * NUM_TYPES for _ in range(n)]
        self.cols: list[list[int]] = [[0] * len(COLOURS) for _ in range(n)]
        self.vp = [0] * n
        self.rep = [0] * n
        self.bracelets = [START_BRACELETS] * n
        self.recruits = [START_RECRUITS] * n
        self.dest_decks: list[list[int]] = [
            [d.index for d in DESTINATIONS if d.deck == deck and (self.skali or not d.skali)]
            for deck in (TRADING_LAND, LAND_OF_INFLUENCE)
        ]
        self.visible = [-1] * (2 * VISIBLE_DESTINATIONS)
        self.owned: list[list[int]] = [[] for _ in range(n)]
        boat_columns = [list(_column_vector(g)) for g in self.boat]
        self.tsum: list[list[list[int]]] = [[c.copy() for c in boat_columns] for _ in range(n)]
        self.reserved: list[list[int]] = [[] for _ in range(n)]
        self.last_deck = [-1] * n
        self.first = 0
        self.turn = 0
        self.rounds = 0
        self.ended = False
        self.traded = False
        self.acted = False
        self.developed = False
        self.phase = P_DRAW
        self.pending: list[int] = []
        self.forced: list[int] = []
        self.activating: list[int] = []
        self.line = -1
        self.extras: list[int] = []
        self.extra_kind = EXTRA_RECRUIT
        self.take_arg = 0
        self.pair_colour = -1
        self.pay_dest = -1
        self.pay_slot = -1
        self.pay_need = [0] * len(COLOURS)
        self.pay_colour = -1
        self.pay_used = 0
        self.pay_left = 0
        # Skali (SK-1).
        self.coins = [START_COINS if self.skali else 0] * n
        self.village: list[list[int]] = [[] for _ in range(n)]
        self.bdeck: list[int] = list(range(NUM_BUILDINGS)) if self.skali else []
        self.bbottom: list[int] = []
        self.bmarket = [-1] * BUILDING_MARKET if self.skali else []
        self.raid = [1 if self.skali else 0] * n
        self.raid_board = n + 1 if self.skali else 0
        self.raid_beside = self.skali
        self.change = [self.skali and n == 2] * n
        # Setup, in the order the tasks are done.
        setup: list[int] = [] if self.boat_side else [T_BOAT << 8]
        if choice in ("random", "two-player-mead-cup"):
            setup.append(T_ARTIFACT << 8)
        setup += [T_DEST << 8 | s for s in range(2 * VISIBLE_DESTINATIONS)]
        setup += [T_DRAW << 8 | (TO_MARKET + s) for s in range(MARKET_SLOTS)]
        for p in range(n):
            setup += [T_DRAW << 8 | (TO_CREW_FIRST + p), T_DRAW << 8 | (TO_CREW_SECOND + p)]
            setup += [T_DRAW << 8 | (TO_HAND + p)] * HAND_SIZE
        if self.skali:
            setup += [T_BUILDING << 8 | s for s in range(BUILDING_MARKET)]
        setup += [T_FIRST << 8, T_START << 8]
        setup.reverse()
        self.tasks = setup
        self._run()

    # ---- protocol -----------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase <= P_FIRST:
            return CHANCE
        if phase == P_OVER:
            return TERMINAL
        if phase == P_DISCARD:
            return self.forced[0]
        return self.turn

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == P_DRAW:
            if self.tasks[-1] & 255 < TO_CREW_FIRST:
                share = 1.0 / self.deck_size
                deck = self.deck
                return [(t, deck[t] * share) for t in compress(TYPES, deck)]
            weights = self._draw_weights()
            share = 1.0 / sum(weights)
            return [(t, w * share) for t, w in enumerate(weights) if w]
        if phase == P_REVEAL:
            deck = self.dest_decks[self._task_arg() // VISIBLE_DESTINATIONS]
            share = 1.0 / len(deck)
            return [(REVEAL_ID[d], share) for d in deck]
        if phase == P_BUILDING:
            share = 1.0 / len(self.bdeck)
            return [(REVEAL_BUILDING_ID[b], share) for b in self.bdeck]
        if phase == P_ARTIFACT:
            # KN-10: with the Mead Cup already in play, one of the six others.
            drawn = [ARTIFACT_ID[a] for a in range(len(ARTIFACTS)) if a not in self.artifacts]
            return [(a, 1.0 / len(drawn)) for a in drawn]
        if phase == P_BOAT:
            return [(a, 1.0 / len(BOAT_ID)) for a in BOAT_ID]
        if phase == P_FIRST:
            return [(FIRST_ID[p], 1.0 / self.n) for p in range(self.n)]
        return []

    def _draw_weights(self) -> list[int]:
        """Weight of each viking type for the draw on top of the task stack."""
        target = self.tasks[-1] & 255
        deck = self.deck
        if target < TO_CREW_FIRST:
            return deck
        if target < TO_CREW_SECOND:
            # KN-3 as its outcome: drawing two and redrawing both until they differ in colour
            # gives the first card with weight (copies) x (cards of the other colours).
            size = self.deck_size
            per_colour = [sum(deck[c * 4 : c * 4 + 4]) for c in COLOUR_RANGE]
            return [deck[t] * (size - per_colour[TYPE_COLOUR[t]]) for t in TYPES]
        colour = self.pair_colour
        return [0 if TYPE_COLOUR[t] == colour else deck[t] for t in TYPES]

    def _task_arg(self) -> int:
        return self.tasks[-1] & 255

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == P_DRAW:
            return list(compress(TYPES, self._draw_weights()))
        if phase == P_MAIN:
            return self._main_options()
        if phase == P_PAY:
            return self._pay_options()
        if phase == P_EXTRA:
            return self._extra_options()
        if phase == P_OVER:
            return []
        if phase in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        return self.pending  # decisions computed on entering the phase

    def _is_legal(self, action: int) -> bool:
        phase = self.phase
        if phase == P_REVEAL:
            if not 0 <= action < NUM_ACTIONS:
                return False
            return (
                KIND[action] == REVEAL
                and ARG[action] in self.dest_decks[(self.tasks[-1] & 255) // VISIBLE_DESTINATIONS]
            )
        if phase == P_DRAW:
            if not 0 <= action < NUM_TYPES:
                return False
            if self.tasks[-1] & 255 < TO_CREW_FIRST:
                return self.deck[action] > 0
            return self._draw_weights()[action] > 0
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return action in cache

    # ---- applying actions -----------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        kind = KIND[action]
        a = ARG[action]
        p = self.turn
        if kind == DRAW:
            self._drawn(a)
        elif kind == PAY:
            self._pay_card(a)
        elif kind == PAY_RECRUIT:
            self.recruits[p] -= 1
            self.pay_left -= 1
            if not self.pay_left:
                self._explored()
        elif kind == RECRUIT_KIND:
            if self.phase == P_MAIN:
                self.acted = True
                self.tasks += (T_RETURN << 8, T_EXTRAS << 8)
            self._recruit(a)
        elif kind == EXPLORE:
            if self.phase == P_MAIN:
                self.acted = True
                self.tasks += (T_RETURN << 8, T_EXTRAS << 8)
            self._explore(a)
        elif kind == TAKE:
            self._take(a)
        elif kind == TRADE:
            self._trade(a)
        elif kind == END:
            self.tasks.append(T_END_TURN << 8)
            self._run()
        elif kind == REVEAL:
            slot = self.tasks.pop() & 255
            self.dest_decks[DEST_DECK[a]].remove(a)
            self.visible[slot] = a
            self._run()
        elif kind == REVEAL_BUILDING:
            slot = self.tasks.pop() & 255
            self.bdeck.remove(a)
            self.bmarket[slot] = a
            self._run()
        elif kind == DISCARD:
            self._forced_discard(a)
        elif kind == DEVELOP:
            self._develop(a)
        elif kind == RENEW:
            self._renew(a, ARG2[action])
        elif kind == ACTIVATE:
            self._activate(a)
        elif kind == MEAD:
            self.discard[self.market[a]] += 1
            self.discard_size += 1
            self.market[a] = -1
            self.tasks.append(T_DRAW << 8 | (TO_MARKET + a))
            self._run()
        elif kind == RESERVE:
            slot = self.visible.index(a)
            self.visible[slot] = -1
            self.reserved[p].append(a)
            self.tasks.append(T_DEST << 8 | slot)
            self._run()
        elif kind == PASS:
            self.acted = True
            self.tasks.append(T_RETURN << 8)
            self._run()
        elif kind in (NO_MEAD, NO_RESERVE, SKIP_EXTRA):
            self._run()
        elif kind == FIRST:
            self.tasks.pop()
            self.first = self.turn = a
            self._run()
        elif kind == BOAT:
            self.tasks.pop()
            self._boat_drawn(BOAT_SIDES[a])
            self._run()
        else:  # ARTIFACT
            self.tasks.pop()
            self.artifacts = tuple(sorted((*self.artifacts, a)))
            self._run()

    def _boat_drawn(self, side: str) -> None:
        """KN-9: every player uses the side drawn; it comes first in the setup, before anyone
        owns a destination, so the trade columns are the boat's alone."""
        self.boat_side = side
        self.boat = BOATS[side]
        boat_columns = [_column_vector(g) for g in self.boat]
        self.tsum = [[list(c) for c in boat_columns] for _ in range(self.n)]

    def _drawn(self, t: int) -> None:
        """A viking of type ``t`` comes off the deck, to the target of the draw task."""
        target = self.tasks.pop() & 255
        self.deck[t] -= 1
        self.deck_size -= 1
        if target < TO_CREW:
            self.market[target] = t
        elif target < TO_HAND:
            self._add_to_crew(target - TO_CREW, t)
        elif target < TO_CREW_FIRST:
            self.hands[target - TO_HAND].append(t)
        else:
            if target < TO_CREW_SECOND:
                self.pair_colour = TYPE_COLOUR[t]
            self._add_to_crew(target % 8, t)
        self._run()

    # ---- the flow -----------------------------------------------------------------------------

    def _run(self) -> None:
        """Do tasks until one needs a chance outcome or a decision (or the game is over)."""
        tasks = self.tasks
        while tasks:
            task = tasks[-1]
            code = task >> 8
            if code == T_DRAW:
                if self.deck_size:
                    self.phase = P_DRAW
                    return
                if self._empty_deck():
                    return
                continue
            arg = task & 255
            tasks.pop()
            if code == T_DEST:
                if self.dest_decks[arg // VISIBLE_DESTINATIONS]:
                    tasks.append(task)
                    self.phase = P_REVEAL
                    return
                # KN-5: an empty destination deck leaves the slot empty.
            elif code == T_TAKE:
                if self._enter_take(arg):
                    return
            elif code == T_VILLAGE:
                if self._village(arg):
                    return
            elif code == T_RETURN:
                if not self.acted:
                    self.phase = P_MAIN
                    return
                if self.skali or (not self.traded and self.bracelets[self.turn]):
                    after = self._after_options()
                    if len(after) > 1:
                        self.pending = after
                        self.phase = P_AFTER
                        return
                # Nothing but "end turn" is possible: the turn ends.
                if self._end_turn():
                    return
            elif code == T_EXTRAS:
                if self.extras and self._enter_extra():
                    return
            elif code == T_START:
                self._start_turn()
                return
            elif code == T_END_TURN:
                if self._end_turn():
                    return
            elif code == T_MEAD:
                options = [MEAD_ID[s] for s in range(MARKET_SLOTS) if self.market[s] >= 0]
                if options:
                    options.append(NO_MEAD_ID)
                    self.pending = options
                    self.phase = P_MEAD
                    return
            elif code == T_RESERVE:
                options = sorted(RESERVE_ID[d] for d in self.visible if d >= 0)
                if options and len(self.reserved[self.turn]) < MAX_RESERVED:
                    options.append(NO_RESERVE_ID)
                    self.pending = options
                    self.phase = P_RESERVE
                    return
            elif code == T_BUILDING:
                if self.bdeck:
                    tasks.append(task)
                    self.phase = P_BUILDING
                    return
                if self.bbottom:  # only the known cards slid under the deck are left (SK-6)
                    self.bmarket[arg] = self.bbottom.pop(0)
            elif code == T_FIRST:
                tasks.append(task)
                self.phase = P_FIRST
                return
            elif code == T_BOAT:
                tasks.append(task)
                self.phase = P_BOAT
                return
            else:  # T_ARTIFACT
                tasks.append(task)
                self.phase = P_ARTIFACT
                return

    def _empty_deck(self) -> bool:
        """KN-7, the deck being empty for the draw on top: reshuffle the discard pile, or have
        every player tied for the most crew cards discard one (True: a decision is due), or, with
        no crew card anywhere, drop the draw."""
        if self.discard_size:
            self.deck = self.discard
            self.deck_size = self.discard_size
            self.discard = [0] * NUM_TYPES
            self.discard_size = 0
            self.deck_public = True  # the new deck holds exactly the (public) discard pile
            return False
        sizes = [sum(c) for c in self.cols]
        most = max(sizes)
        if not most:
            self.tasks.pop()  # nobody has a crew card: the draw does not happen
            return False
        n = self.n
        self.forced = [(self.turn + i) % n for i in range(n) if sizes[(self.turn + i) % n] == most]
        self._enter_discard()
        return True

    def _enter_discard(self) -> None:
        crew = self.crew[self.forced[0]]
        self.pending = [DISCARD_ID[t] for t in TYPES if crew[t]]
        self.phase = P_DISCARD

    def _forced_discard(self, t: int) -> None:
        p = self.forced.pop(0)
        self.crew[p][t] -= 1
        self.cols[p][TYPE_COLOUR[t]] -= 1
        self.discard[t] += 1
        self.discard_size += 1
        if self.forced:
            self._enter_discard()
        else:
            self._run()

    def _start_turn(self) -> None:
        """Reputation income, then the action."""
        p = self.turn
        income = REPUTATION_VP[self.rep[p]]
        if income:
            self._add_vp(p, income)
        self.traded = self.acted = self.developed = False
        self.phase = P_MAIN

    def _end_turn(self) -> bool:
        """SK-5's raid if the board holds no raid token; KN-8's end; else the next turn (False:
        go on running tasks)."""
        if self.skali and not self.raid_board:
            self._raid()
        n = self.n
        last = (self.first - 1) % n
        if self.turn == last:
            self.rounds += 1
            if self.ended or self.rounds >= MAX_ROUNDS:
                self.phase = P_OVER
                return True
        self.turn = (self.turn + 1) % n
        self.tasks.append(T_START << 8)
        return False

    # ---- gains ----------------------------------------------------------------------------------

    def _add_vp(self, p: int, amount: int) -> None:
        vp = self.vp[p] + amount
        self.vp[p] = vp if vp > 0 else 0  # "lose 1 vp" at 0 does nothing (SK-3)
        if vp >= END_THRESHOLD:
            self.ended = True  # KN-8: the end is triggered at any step

    def _gain(self, p: int, g: Sequence[int]) -> None:
        """Apply a vector of gains together, with the caps (KN-1, KN-2, SK-1); "card" draws are
        pushed as tasks; raid tokens follow SK-4."""
        if g[VP]:
            self._add_vp(p, g[VP])
        if g[BRACELET]:
            self.bracelets[p] = min(TOKEN_CAP, self.bracelets[p] + g[BRACELET])
        if g[RECRUIT]:
            self.recruits[p] = min(TOKEN_CAP, self.recruits[p] + g[RECRUIT])
        if g[REPUTATION]:
            self.rep[p] = min(REPUTATION_MAX, self.rep[p] + g[REPUTATION])
        if g[COIN]:
            self.coins[p] = min(TOKEN_CAP, self.coins[p] + g[COIN])
        if g[RAID]:
            self._take_raid(p, g[RAID])
        if g[CARD]:
            self.tasks += [T_DRAW << 8 | (TO_CREW + p)] * g[CARD]

    def _take_raid(self, p: int, k: int) -> None:
        """SK-4: from the board; then the additional token beside it; beyond that, lost."""
        board = min(k, self.raid_board)
        self.raid_board -= board
        self.raid[p] += board
        if k > board and self.raid_beside:
            self.raid_beside = False
            self.raid[p] += 1

    def _add_to_crew(self, p: int, t: int) -> None:
        cols = self.cols[p]
        before = min(cols)
        self.crew[p][t] += 1
        cols[TYPE_COLOUR[t]] += 1
        if before < min(cols):  # a row of 5 colours is completed (Amulet, Weathervane)
            if AMULET in self.artifacts:
                self._gain(p, AMULET_GAINS)
            elif WEATHERVANE in self.artifacts:
                self.extras.append(EXTRA_EXPLORE)

    # ---- Recruit --------------------------------------------------------------------------------

    def _recruit(self, t: int) -> None:
        p = self.turn
        hand = self.hands[p]
        hand.remove(t)
        known = self.known[p]
        if t in known:  # cards of a type are identical: a known copy is the one seen to go
            known.remove(t)
        colour = TYPE_COLOUR[t]
        existed = self.cols[p][colour] > 0
        self._add_to_crew(p, t)
        crew = self.crew[p]
        base = colour * 4
        gains = [crew[base], crew[base + 1], crew[base + 2], crew[base + 3], 0, 0, 0]
        height = self.cols[p][colour]
        artifacts = self.artifacts
        if height >= 4 and SILVER_COINS in artifacts:
            gains[VP] += 1
        self._gain(p, gains)
        free_any = height == 2 and CAULDRON in artifacts
        tasks = self.tasks
        if self.skali:
            tasks.append(T_VILLAGE << 8 | (LINE_EXISTING if existed else LINE_NEW))
        tasks.append(T_TAKE << 8 | colour | (8 if free_any else 0))
        if height == 3 and GOLDEN_BRACELET in artifacts:
            tasks.append(T_RESERVE << 8)
        self._run()

    def _enter_take(self, arg: int) -> bool:
        colour = arg & 7
        market = self.market
        p = self.turn
        any_slot = bool(arg & 8) or self.recruits[p] > 0
        options = [
            TAKE_ID[s] for s in range(MARKET_SLOTS) if market[s] >= 0 and (s == colour or any_slot)
        ]
        if not options:
            return False  # nothing to take (slots left empty by KN-7)
        self.take_arg = arg
        self.pending = options
        self.phase = P_TAKE
        return True

    def _take(self, slot: int) -> None:
        p = self.turn
        if slot != self.take_arg & 7 and not self.take_arg & 8:
            self.recruits[p] -= 1
        t = self.market[slot]
        self.market[slot] = -1
        self.hands[p].append(t)
        self.known[p].append(t)  # everyone saw it taken
        self.tasks.append(T_DRAW << 8 | (TO_MARKET + slot))
        self._run()

    # ---- Explore --------------------------------------------------------------------------------

    def _explore(self, d: int) -> None:
        p = self.turn
        if d in self.visible:
            slot = self.visible.index(d)
            self.visible[slot] = -1
        else:
            slot = -1
            self.reserved[p].remove(d)
        self.pay_dest = d
        self.pay_slot = slot
        self.pay_need = list(DESTINATIONS[d].need)
        self.pay_colour = -1
        self.pay_used = 0
        self.pay_left = DEST_SIZE[d]
        self.phase = P_PAY

    def _pay_card(self, t: int) -> None:
        p = self.turn
        colour = TYPE_COLOUR[t]
        self.crew[p][t] -= 1
        self.cols[p][colour] -= 1
        self.discard[t] += 1
        self.discard_size += 1
        kind = DEST_KIND[self.pay_dest]
        if kind == COST_COLOURS:
            self.pay_need[colour] -= 1
        elif kind == COST_SAME:
            self.pay_colour = colour
        else:
            self.pay_used |= 1 << colour
        self.pay_left -= 1
        if not self.pay_left:
            self._explored()

    def _explored(self) -> None:
        """The cost is paid exactly: immediate gains, the destination above the boat, refill."""
        p = self.turn
        d = self.pay_dest
        self.pay_dest = -1
        dest = DESTINATIONS[d]
        self.owned[p].append(d)
        columns = self.tsum[p]
        for c, g in enumerate(dest.trade):
            if g >= 0:
                columns[c][g] += 1
        tasks = self.tasks
        deck = dest.deck
        previous = self.last_deck[p]
        if deck == LAND_OF_INFLUENCE and previous == TRADING_LAND and HELMET in self.artifacts:
            self.extras.append(EXTRA_RECRUIT)
        self.last_deck[p] = deck
        if self.skali:
            tasks.append(T_VILLAGE << 8 | (LINE_LOI if deck == LAND_OF_INFLUENCE else LINE_TL))
        if MEAD_CUP in self.artifacts:
            tasks.append(T_MEAD << 8)
        if self.pay_slot >= 0:
            tasks.append(T_DEST << 8 | self.pay_slot)
        self._gain(p, DEST_IMMEDIATE[d])
        self._run()

    def affordable(self, p: int, d: int) -> bool:
        """Whether seat ``p`` can pay destination ``d`` exactly with crew cards and recruits."""
        cols = self.cols[p]
        recruits = self.recruits[p]
        kind = DEST_KIND[d]
        if kind == COST_COLOURS:
            short = 0
            for c, k in DEST_NEEDS[d]:
                if k > cols[c]:
                    short += k - cols[c]
            return short <= recruits
        if kind == COST_SAME:
            return max(cols) + recruits >= DEST_SIZE[d]
        return 5 - cols.count(0) + recruits >= DEST_SIZE[d]

    def _pay_options(self) -> list[int]:
        """KN-4: every card or recruit after which the payment can still be made exactly."""
        p = self.turn
        crew = self.crew[p]
        cols = self.cols[p]
        kind = DEST_KIND[self.pay_dest]
        result: list[int] = []
        for c in COLOUR_RANGE:
            if not cols[c]:
                continue
            if kind == COST_COLOURS:
                if not self.pay_need[c]:
                    continue
            elif kind == COST_SAME:
                chosen = self.pay_colour
                if chosen >= 0:
                    if chosen != c:
                        continue
                elif self.pay_left > cols[c] + self.recruits[p]:
                    continue
            elif self.pay_used >> c & 1:
                continue
            result += [PAY_ID[t] for t in COLOUR_TYPES[c] if crew[t]]
        if self.recruits[p]:
            result.append(PAY_RECRUIT_ID)
        return result

    # ---- Trade, Develop, renew ------------------------------------------------------------------

    def _trade(self, k: int) -> None:
        """KN-6: return k bracelets; collect columns 1..k of the boat and every destination,
        applied together."""
        p = self.turn
        self.traded = True
        self.bracelets[p] -= k
        columns = self.tsum[p]
        gains = columns[0].copy()
        for c in range(1, k):
            column = columns[c]
            for g in range(NUM_GAINS):
                gains[g] += column[g]
        self.tasks += (T_RETURN << 8, T_EXTRAS << 8)
        self._gain(p, gains)
        self._run()

    def _develop(self, b: int) -> None:
        """SK-2: buy a visible building; refill its slot."""
        p = self.turn
        self.developed = True
        self.coins[p] -= BUILDINGS[b].cost
        self.village[p].append(b)
        slot = self.bmarket.index(b)
        self.bmarket[slot] = -1
        self.tasks += (T_RETURN << 8, T_BUILDING << 8 | slot)
        self._run()

    def _renew(self, a: int, b: int) -> None:
        """SK-6: slide the buildings of 1 or 2 slots under the deck (in slot order) and reveal
        as many."""
        p = self.turn
        self.change[p] = False
        slots = [a] if a == b else [a, b]
        for slot in slots:
            self.bbottom.append(self.bmarket[slot])
            self.bmarket[slot] = -1
        self.tasks.append(T_RETURN << 8)
        self.tasks += [T_BUILDING << 8 | s for s in reversed(slots)]
        self._run()

    # ---- village (SK-3) -----------------------------------------------------------------------

    def _line_cards(self, p: int, line: int) -> list[int]:
        """Village cards with something on ``line``: -1 for the skáli, else building indices."""
        cards = [-1] if any(self.skali_card.lines[line]) else []
        cards += [b for b in self.village[p] if any(BUILDINGS[b].lines[line])]
        return cards

    def _card_line(self, card: int) -> tuple[int, ...]:
        return (self.skali_card if card < 0 else BUILDINGS[card]).lines[self.line]

    def _order_matters(self, p: int, cards: list[int]) -> bool:
        """Only vp gains against losses make order matter: with fewer vp than the losses ("lose
        1 vp" at 0 does nothing), gains first and losses first end differently; and gains first
        may reach the end threshold where losses first do not (KN-8: at any step)."""
        losses = 0
        gains = 0
        for card in cards:
            vp = self._card_line(card)[VP]
            if vp < 0:
                losses -= vp
            else:
                gains += vp
        if not gains or not losses:
            return False
        vp = self.vp[p]
        if vp < losses:
            return True
        return not self.ended and vp + gains >= END_THRESHOLD > vp - losses + gains

    def _village(self, line: int) -> bool:
        """Activate the village for ``line`` (True: the player must choose the order)."""
        p = self.turn
        self.line = line
        if line == LINE_EXISTING and self.n == 2:
            self.change[p] = True  # SK-6: the special building turns the change token over
        cards = self._line_cards(p, line)
        if len(cards) > 1 and self._order_matters(p, cards):
            self.activating = cards
            self.pending = sorted(ACTIVATE_SKALI_ID if c < 0 else ACTIVATE_ID[c] for c in cards)
            self.phase = P_ACTIVATE
            return True
        for card in cards:
            self._gain(p, self._card_line(card))
        return False

    def _activate(self, card: int) -> None:
        p = self.turn
        cards = self.activating
        cards.remove(card)
        self._gain(p, self._card_line(card))
        if len(cards) > 1 and self._order_matters(p, cards):
            self.pending = sorted(ACTIVATE_SKALI_ID if c < 0 else ACTIVATE_ID[c] for c in cards)
            return
        for rest in cards:
            self._gain(p, self._card_line(rest))
        self.activating = []
        self._run()

    # ---- raid (SK-5) ----------------------------------------------------------------------------

    def _white(self, p: int) -> list[int]:
        gains = list(self.skali_card.raid_most)
        for b in self.village[p]:
            for g, x in enumerate(BUILDINGS[b].raid_most):
                gains[g] += x
        return gains

    def _black(self, p: int) -> list[int]:
        losses = list(self.skali_card.raid_fewest)
        for b in self.village[p]:
            for g, x in enumerate(BUILDINGS[b].raid_fewest):
                losses[g] += x
        return losses

    def _raid(self) -> None:
        """SK-5: most tokens gain and return all (one of them restoring the additional token
        beside the board); fewest lose and keep theirs; the others return 1. Two players: the
        one with fewer also returns 1. Every player tied: all gain, lose and return all."""
        n = self.n
        order = [(self.turn + i) % n for i in range(n)]
        tokens = self.raid
        most = max(tokens)
        fewest = min(tokens)
        winners = [p for p in order if tokens[p] == most]
        for p in winners:
            self._gain(p, self._white(p))
        losers = winners if most == fewest else [p for p in order if tokens[p] == fewest]
        for p in losers:
            self._gain(p, self._black(p))
        returned = 0
        for p in order:
            if tokens[p] == most:
                returned += tokens[p]
                tokens[p] = 0
            elif tokens[p] == fewest:
                if n == 2 and tokens[p]:
                    tokens[p] -= 1
                    returned += 1
            else:
                tokens[p] -= 1
                returned += 1
        if not self.raid_beside:
            self.raid_beside = True  # a winner puts one token back beside the board
            returned -= 1
        self.raid_board += returned

    # ---- extra actions (Helmet, Weathervane) -----------------------------------------------------

    def _enter_extra(self) -> bool:
        extras = self.extras
        while extras:
            self.extra_kind = extras.pop(0)
            if len(self._extra_options()) > 1:
                self.phase = P_EXTRA
                self.tasks.append(T_EXTRAS << 8)
                return True
        return False

    def _extra_options(self) -> list[int]:
        """The extra action's options (from the hand: computed each time, as a resampled hand
        may differ), then "skip extra"."""
        p = self.turn
        if self.extra_kind == EXTRA_RECRUIT:
            options = sorted({RECRUIT_ACTION_ID[t] for t in self.hands[p]})
        else:
            options = sorted(self._explore_options(p))
        options.append(SKIP_EXTRA_ID)
        return options

    # ---- options --------------------------------------------------------------------------------

    def _explore_options(self, p: int) -> list[int]:
        cols = self.cols[p]
        recruits = self.recruits[p]
        result = []
        most = max(cols) + recruits
        colours = 5 - cols.count(0) + recruits
        for d in self.visible:
            if d < 0:
                continue
            single = DEST_SINGLE[d]
            if single >= 0:  # one colour: the common case, inlined
                if cols[single] + recruits >= DEST_SIZE[d]:
                    result.append(EXPLORE_ID[d])
                continue
            kind = DEST_KIND[d]
            if kind == COST_SAME:
                if most >= DEST_SIZE[d]:
                    result.append(EXPLORE_ID[d])
            elif kind == COST_DIFFERENT:
                if colours >= DEST_SIZE[d]:
                    result.append(EXPLORE_ID[d])
            else:
                short = 0
                for c, k in DEST_NEEDS[d]:
                    if k > cols[c]:
                        short += k - cols[c]
                if short <= recruits:
                    result.append(EXPLORE_ID[d])
        for d in self.reserved[p]:
            if self.affordable(p, d):
                result.append(EXPLORE_ID[d])
        return result  # unsorted: the callers sort

    def _main_options(self) -> list[int]:
        p = self.turn
        result = [RECRUIT_ACTION_ID[t] for t in set(self.hands[p])]
        result += self._explore_options(p)
        if not result:
            result.append(PASS_ID)  # no card in hand and nothing affordable
        if not self.traded:
            result += TRADE_ID[: min(self.bracelets[p], 3)]
        if self.skali:
            result += self._skali_options(p)
        result.sort()
        return result

    def _skali_options(self, p: int) -> list[int]:
        result: list[int] = []
        market = self.bmarket
        if not self.developed:
            coins = self.coins[p]
            result += [DEVELOP_ID[b] for b in market if b >= 0 and BUILDINGS[b].cost <= coins]
        if self.change[p]:
            shown = [s for s in range(len(market)) if market[s] >= 0]
            for i, a in enumerate(shown):
                row = RENEW_ID[a]
                result.append(row[a])
                result += [row[b] for b in shown[i + 1 :]]
        return result

    def _after_options(self) -> list[int]:
        p = self.turn
        result = [] if self.traded else TRADE_ID[: min(self.bracelets[p], 3)]
        if self.skali:
            result = result + self._skali_options(p)
        result.append(END_ID)
        result.sort()
        return result

    # ---- scores, copies, views ------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Victory points, plus a tenth of recruits + bracelets left: KN-8's tie-break (at most
        6, so it never outweighs a point); equal scores are a shared win."""
        return [self.vp[p] + (self.recruits[p] + self.bracelets[p]) / 10 for p in range(self.n)]

    def _copy(self) -> KnarrState:
        new = self._blank()
        new.n = self.n
        new.skali = self.skali
        new.skali_card = self.skali_card
        new.artifacts = self.artifacts
        new.boat = self.boat
        new.boat_side = self.boat_side
        new.deck = self.deck.copy()
        new.deck_size = self.deck_size
        new.deck_public = self.deck_public
        new.discard = self.discard.copy()
        new.discard_size = self.discard_size
        new.market = self.market.copy()
        new.hands = [h.copy() for h in self.hands]
        new.known = [k.copy() for k in self.known]
        new.crew = [c.copy() for c in self.crew]
        new.cols = [c.copy() for c in self.cols]
        new.vp = self.vp.copy()
        new.rep = self.rep.copy()
        new.bracelets = self.bracelets.copy()
        new.recruits = self.recruits.copy()
        new.dest_decks = [d.copy() for d in self.dest_decks]
        new.visible = self.visible.copy()
        new.owned = [o.copy() for o in self.owned]
        new.tsum = [[c.copy() for c in cols] for cols in self.tsum]
        new.reserved = [r.copy() for r in self.reserved]
        new.last_deck = self.last_deck.copy()
        new.first = self.first
        new.turn = self.turn
        new.rounds = self.rounds
        new.ended = self.ended
        new.traded = self.traded
        new.acted = self.acted
        new.developed = self.developed
        new.phase = self.phase
        new.pending = self.pending  # replaced, never mutated
        new.forced = self.forced.copy()
        new.activating = self.activating.copy()
        new.line = self.line
        new.extras = self.extras.copy()
        new.extra_kind = self.extra_kind
        new.take_arg = self.take_arg
        new.pair_colour = self.pair_colour
        new.pay_dest = self.pay_dest
        new.pay_slot = self.pay_slot
        new.pay_need = self.pay_need.copy()
        new.pay_colour = self.pay_colour
        new.pay_used = self.pay_used
        new.pay_left = self.pay_left
        new.coins = self.coins.copy()
        new.village = [v.copy() for v in self.village]
        new.bdeck = self.bdeck.copy()
        new.bbottom = self.bbottom.copy()
        new.bmarket = self.bmarket.copy()
        new.raid = self.raid.copy()
        new.raid_board = self.raid_board
        new.raid_beside = self.raid_beside
        new.change = self.change.copy()
        new.tasks = self.tasks.copy()
        return new

    def hidden_cards(self, p: int) -> list[int]:
        """The cards of ``p``'s hand that the other seats have not seen (dealt at setup)."""
        hidden = self.hands[p].copy()
        for t in self.known[p]:
            hidden.remove(t)
        return hidden

    def resample_hidden(self, player: int, rng: random.Random) -> KnarrState:
        """Re-deal what ``player`` cannot know: the other hands' unseen cards, from the pool of
        cards ``player`` has not seen (those cards, plus the deck while its contents are
        unknown); cards taken from the market stay where they are."""
        self._check_seat(player)
        new = self._copy()
        others = [q for q in range(self.n) if q != player]
        pool: list[int] = []
        sizes: dict[int, int] = {}
        for q in others:
            hidden = self.hidden_cards(q)
            sizes[q] = len(hidden)
            pool += hidden
        if not self.deck_public:
            for t in TYPES:
                pool += [t] * self.deck[t]
        pool.sort()  # the unseen cards in a fixed order: the deal depends only on rng
        rng.shuffle(pool)
        for q in others:
            k = sizes[q]
            new.hands[q] = self.known[q] + pool[:k]
            del pool[:k]
        if not self.deck_public:
            deck = [0] * NUM_TYPES
            for t in pool:
                deck[t] += 1
            new.deck = deck
        new._legal_cache = None
        return new

    def component_counts(self) -> dict[str, int]:
        counts = {
            "vikings": self.deck_size
            + self.discard_size
            + MARKET_SLOTS
            - self.market.count(-1)
            + sum(map(len, self.hands))
            + sum(map(sum, self.cols)),
            "destinations": sum(map(len, self.dest_decks))
            + len(self.visible)
            - self.visible.count(-1)
            + sum(map(len, self.owned))
            + sum(map(len, self.reserved))
            + (self.pay_dest >= 0),
        }
        if self.skali:
            counts["buildings"] = (
                len(self.bdeck)
                + len(self.bbottom)
                + BUILDING_MARKET
                - self.bmarket.count(-1)
                + sum(map(len, self.village))
            )
            counts["raid tokens"] = self.raid_board + self.raid_beside + sum(self.raid)
        return counts

    def view(self, player: int | None) -> dict[str, JSON]:
        """What ``player`` knows: the whole table but the other hands' unseen cards (only their
        number, and the cards taken from the market) and the deck's contents (unless public)."""
        self._check_seat(player)
        return {
            "game": "knarr",
            "seat": player,
            "players": self.n,
            "options": dict(self.game.options),
            "artifact": " + ".join(ARTIFACT_TITLES[a] for a in self.artifacts) or None,
            "artifacts": [ARTIFACT_TITLES[a] for a in self.artifacts],
            "boat": self.boat_side or None,
            "first": self.first,
            "turn": self.turn,
            "to_move": self.current_player(),
            "phase": PHASE_NAMES[self.phase],
            "round": self.rounds + 1,
            "end_triggered": self.ended,
            "market": {
                COLOURS[s]: TYPE_NAMES[t] if t >= 0 else None for s, t in enumerate(self.market)
            },
            "destinations": {
                DECK_NAMES[k]: [
                    DESTINATIONS[d].name if d >= 0 else None
                    for d in self.visible[k * VISIBLE_DESTINATIONS : (k + 1) * VISIBLE_DESTINATIONS]
                ]
                for k in (TRADING_LAND, LAND_OF_INFLUENCE)
            },
            "decks": {
                "vikings": self.deck_size,
                DECK_NAMES[0]: len(self.dest_decks[0]),
                DECK_NAMES[1]: len(self.dest_decks[1]),
            },
            "deck_contents": _names(self.deck) if self.deck_public else None,
            "discard": _names(self.discard),
            "payment": self._payment_view(),
            "take": COLOURS[self.take_arg & 7] if self.phase == P_TAKE else None,
            "forced_discards": [*self.forced] if self.phase == P_DISCARD else [],
            "extras": len(self.extras) + (self.phase == P_EXTRA),
            "seats": [self._seat_view(q, player) for q in range(self.n)],
            "skali": self._skali_view(),
        }

    def _payment_view(self) -> dict[str, JSON] | None:
        if self.pay_dest < 0:
            return None
        return {
            "destination": DESTINATIONS[self.pay_dest].name,
            "cost": DESTINATIONS[self.pay_dest].cost_text(),
            "left": self.pay_left,
        }

    def _seat_view(self, q: int, viewer: int | None) -> dict[str, JSON]:
        crew = self.crew[q]
        seat: dict[str, JSON] = {
            "seat": q,
            "vp": self.vp[q],
            "reputation": self.rep[q],
            "bracelets": self.bracelets[q],
            "recruits": self.recruits[q],
            "crew": {
                COLOURS[c]: [
                    name for t in COLOUR_TYPES[c] if crew[t] for name in [TYPE_NAMES[t]] * crew[t]
                ]
                for c in COLOUR_RANGE
            },
            "destinations": [DESTINATIONS[d].name for d in self.owned[q]],
            "reserved": [DESTINATIONS[d].name for d in self.reserved[q]],
            "hand_size": len(self.hands[q]),
            "hand_known": sorted(TYPE_NAMES[t] for t in self.known[q]),
            "hand": sorted(TYPE_NAMES[t] for t in self.hands[q]) if viewer == q else None,
        }
        if self.skali:
            seat["coins"] = self.coins[q]
            seat["village"] = [f"building {b + 1}" for b in self.village[q]]
            seat["raid_tokens"] = self.raid[q]
            if self.n == 2:
                seat["change_token"] = "available" if self.change[q] else "unavailable"
        return seat

    def _skali_view(self) -> dict[str, JSON] | None:
        if not self.skali:
            return None
        return {
            "skali_board": str(self.game.options["skali_board"]),
            "buildings": [f"building {b + 1}" if b >= 0 else None for b in self.bmarket],
            "building_deck": len(self.bdeck) + len(self.bbottom),
            "building_deck_bottom": [f"building {b + 1}" for b in self.bbottom],
            "raid_tokens_on_board": self.raid_board,
            "additional_token_beside_board": self.raid_beside,
            "activating": LINE_TEXT[self.line] if self.phase == P_ACTIVATE else None,
        }

    # ---- why an action is illegal -------------------------------------------------------------

    def _why_illegal(self, action: int) -> str:
        kind, a = KIND[action], ARG[action]
        phase = self.phase
        p = self.current_player()
        if kind not in PHASE_KINDS.get(phase, frozenset()):
            if kind == TRADE and phase in (P_PAY, P_TAKE, P_EXTRA):
                return "trade comes before or after the action, not during it (KN-6)"
            return f"now {self._task()}"
        if phase in CHANCE_PHASES:
            if kind == ARTIFACT:  # only the Mead Cup can be refused here
                return "the Mead Cup is already in play (KN-10): the other artifact is another one"
            if kind == DRAW and self._task_arg() >= TO_CREW_SECOND:
                return (
                    "the second start card differs in colour from the first (KN-3), and the "
                    "deck must hold it"
                )
            return "that card is not in the deck"
        me = f"seat {p}"
        if phase == P_EXTRA and kind != SKIP_EXTRA:
            wanted = RECRUIT_KIND if self.extra_kind == EXTRA_RECRUIT else EXPLORE
            if kind != wanted:
                return f"now {self._task()}"
        if kind == RECRUIT_KIND:
            return f"{me} has no {TYPE_NAMES[a]} in hand"
        if kind == EXPLORE:
            return self._why_not_explore(p, a)
        if kind == TRADE:
            if self.traded:
                return "trade once per turn, before or after the action, not both (KN-6)"
            return f"{me} has {self.bracelets[p]} bracelets: trading {a} returns {a} (KN-6)"
        if kind == PAY:
            return self._why_not_pay(p, a)
        if kind == PAY_RECRUIT:
            return f"{me} has no recruit left to pay with (KN-4)"
        if kind == TAKE:
            if self.market[a] < 0:
                return f"the {COLOURS[a]} slot is empty (KN-7)"
            return (
                f"the card played was {COLOURS[self.take_arg & 7]}: take from the "
                f"{COLOURS[self.take_arg & 7]} slot, or spend 1 recruit to take any (the "
                f"Recruit action); {me} has none"
            )
        if kind == DEVELOP:
            if self.developed:
                return "Develop once per turn (SK-2)"
            if a not in self.bmarket:
                return f"building {a + 1} is not visible (SK-2)"
            return (
                f"building {a + 1} costs {BUILDINGS[a].cost} coins; {me} has {self.coins[p]} (SK-2)"
            )
        if kind == RENEW:
            if not self.change[p]:
                return f"{me}'s change token is unavailable (SK-6)"
            return "renew only slots that hold a building (SK-6)"
        if kind == DISCARD:
            return (
                f"{me} has no {TYPE_NAMES[a]} in the crew: discard one crew card "
                "of your choice (KN-7)"
            )
        if kind == ACTIVATE:
            return "that village card has already been activated, or has nothing on this line"
        if kind == MEAD:
            return f"the {COLOURS[a]} slot is empty (Mead Cup)"
        if kind == RESERVE:
            return f"{DESTINATIONS[a].name} is not visible (Golden bracelet)"
        if kind == PASS:
            return "pass only when neither Recruit nor Explore is possible"
        return "not legal now"

    def _why_not_explore(self, p: int, d: int) -> str:
        dest = DESTINATIONS[d]
        if d not in self.visible and d not in self.reserved[p]:
            where = " or reserved" if GOLDEN_BRACELET in self.artifacts else ""
            return f"{dest.name} is not a visible{where} destination"
        cols = self.cols[p]
        have = ", ".join(f"{cols[c]} {COLOURS[c]}" for c in COLOUR_RANGE if cols[c]) or "no cards"
        return (
            f"seat {p} is short: {dest.name} costs {dest.cost_text()}, the crew holds {have} "
            f"and {self.recruits[p]} recruits (each recruit replaces one card, KN-4)"
        )

    def _why_not_pay(self, p: int, t: int) -> str:
        name = TYPE_NAMES[t]
        if not self.crew[p][t]:
            return f"seat {p}'s crew holds no {name}"
        dest = DESTINATIONS[self.pay_dest]
        colour = COLOURS[TYPE_COLOUR[t]]
        kind = DEST_KIND[self.pay_dest]
        if kind == COST_COLOURS:
            return (
                f"{dest.name} costs {dest.cost_text()} and needs no more {colour}: the payment "
                "must be exact, no surplus card (KN-4)"
            )
        if kind == COST_DIFFERENT:
            return (
                f"{colour} is already paid: {dest.name} needs {dest.cost_text()}, no surplus "
                "card (KN-4)"
            )
        if self.pay_colour >= 0:
            paid = COLOURS[self.pay_colour]
            return f"{dest.name} costs {dest.cost_text()}: the cards paid are {paid} (KN-4)"
        return (
            f"{dest.name} costs {dest.cost_text()}: the crew's {colour} cards and the recruits "
            "cannot complete it (KN-4)"
        )

    def _prompt(self) -> str:
        return self._task()

    def _task(self, quote_moves: bool = True) -> str:
        """What is being decided now. At a decision it quotes only legal actions; with
        ``quote_moves=False`` (a seat that does not see the mover's hand) it names every choice
        of the phase and quotes none, as the legal moves would show the hand."""
        phase = self.phase
        p = self.current_player()
        me = f"seat {p}"
        if phase in CHANCE_PHASES:
            what = {
                P_DRAW: "a viking is drawn ('draw red vp')",
                P_REVEAL: "a destination is revealed ('reveal A7')",
                P_BUILDING: "a building is revealed ('reveal building 12')",
                P_ARTIFACT: "the artifact is revealed ('artifact Helmet')",
                P_BOAT: "the boat side is drawn ('boat advanced', KN-9)",
                P_FIRST: "the first player is drawn ('first seat 0')",
            }[phase]
            return f"chance: {what}"
        if phase in DECISION_CHOICES:
            return f"{me} {self._choices(phase, quote_moves)}"
        return "nothing: the game is over"

    def _choices(self, phase: int, quote_moves: bool) -> str:
        """The choices of a decision ``phase`` worded by :func:`offer`, from
        ``DECISION_CHOICES``; ``quote_moves=False`` words them all and quotes none."""
        words = DECISION_CHOICES[phase]
        if phase == P_EXTRA:
            wanted = RECRUIT_KIND if self.extra_kind == EXTRA_RECRUIT else EXPLORE
            words = tuple(c for c in words if c[1] in (wanted, SKIP_EXTRA))
        if not quote_moves:
            # Only what the options allow: buildings with Skáli, renewing them with 2 players
            # (SK-6); 'pass' only when neither Recruit nor Explore is possible.
            words = tuple(
                (w, k)
                for w, k in words
                if (k not in (DEVELOP, RENEW) or self.skali)
                and (k != RENEW or self.n == 2)
                and k != PASS
            )
        choices = [(w, self._legal_of(k) if quote_moves else None) for w, k in words]
        if phase == P_MAIN:
            main = [c for c in choices if c[0] in ("recruit", "explore", "pass")]
            first = choices[len(main) :]
            before = offer(first, limit=1)
            return f"takes an action: {offer(main, limit=2)}" + (
                f" (or first {before})" if before else ""
            )
        text = offer(choices)
        if phase == P_PAY:
            dest = DESTINATIONS[self.pay_dest]
            return f"pays {dest.name} ({dest.cost_text()}, {self.pay_left} left): {text} (KN-4)"
        return text + DECISION_NOTES.get(phase, "")

    # ---- text ---------------------------------------------------------------------------------

    def action_to_string_for(self, player: int | None, action: int) -> str:
        """A viking drawn into another seat's hand is only 'a card' to ``player``."""
        if self.phase == P_DRAW:
            target = self.tasks[-1] & 255
            if TO_HAND <= target < TO_CREW_FIRST and target - TO_HAND != player:
                return f"a viking is drawn into seat {target - TO_HAND}'s hand"
        return self.action_to_string(action)


def _artifacts_in_play(choice: str, players: int) -> tuple[int, ...]:
    """The artifacts in play before setup's draw, from option ``artifact``: a named one; for
    KN-10's ``two-player-mead-cup`` with 2 players, the Mead Cup (the other is drawn); else
    none (``random`` and KN-10 with 3–4 players draw one)."""
    if choice in ARTIFACTS:
        return (ARTIFACTS.index(choice),)
    if choice == "two-player-mead-cup" and players == 2:
        return (MEAD_CUP,)
    return ()


def _names(counts: list[int]) -> dict[str, int]:
    return {TYPE_NAMES[t]: k for t, k in enumerate(counts) if k}


__all__ = ["GAINS", "KnarrGame", "KnarrState"]
