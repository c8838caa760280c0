"""Skibe's rules: :class:`SkibeGame` and :class:`SkibeState` (rulebooks/skibe.txt, SB-1…SB-9).

Nothing here is hidden from any seat: the Chieftains in hand are face down, but each player holds
exactly one of each action, so which remain is public; the draw pile's order is not decided until
a card is revealed (a chance node). ``view`` is therefore the whole table for every seat.

The table: a :class:`Player` per seat (Chieftains in hand, sterns, points) and a :class:`Ship` per
bow (its Viking cards and their equipment, the food on its bow, its Chieftains, its stern).

The turn flow (``SkibeState.flow``): a turn starts in ``choose`` (take a display card, draw, or lay
a stern); a card taken or drawn is laid in ``lay``, then its cargo loaded in ``food`` or
``equipment``, then a Chieftain may be played in ``chieftain``. Every card revealed from the pile
is a chance node, ``deal``; in an evaluation, each Chieftain that can do something asks its owner
in ``evaluate``. What follows a decision waits in ``pending``: cards to deal (:class:`DealToShip`,
:class:`DealToDisplay`, :class:`DrawToHand`), a ship's Chieftains acting
(:class:`ActChieftains`), its scoring (:class:`ScoreShip`), the display's refill, the end of the
turn (:class:`NextTurn`) and the final scoring (:class:`FinalScoring`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from operator import getitem
from typing import ClassVar, NamedTuple

from langbord.core.flow import OVER, Flow, FlowState, Phase, Work, chance
from langbord.core.game import JSON, Game
from langbord.core.info import GameInfo
from langbord.core.options import Option
from langbord.core.prompts import offer
from langbord.engines.skibe.data import (
    CHIEFTAIN_ACTIONS,
    COLOURS,
    DISPLAY_SIZE,
    EQUIP_CHIEF,
    EQUIPMENT,
    EQUIPMENT_STONES,
    FOOD,
    FOOD_CHIEF,
    FOOD_STONES,
    MIN_VIKINGS_FOR_STERN,
    PROTECT_CHIEF,
    REMOVE_CHIEF,
    SHIP_LIMIT,
    SHIPS,
    START_VIKINGS_PER_SHIP,
    STERNS_PER_PLAYER,
    SWAP_CHIEF,
    VIKING_TYPES,
    deck_counts,
)
from langbord.engines.skibe.info import INFO
from langbord.engines.skibe.notation import (
    ACTION_STRINGS,
    ARG1,
    ARG2,
    CARD_SLOTS,
    DRAW,
    DRAW_ID,
    KIND,
    LAY_CARD,
    LAY_ID,
    MOVE_EQUIP,
    MOVE_EQUIP_ID,
    MOVE_FOOD,
    MOVE_FOOD_ID,
    PLACES,
    REMOVE,
    REMOVE_ID,
    REVEAL,
    REVEAL_ID,
    SKIP,
    SKIP_ID,
    STERN,
    STERN_ID,
    STOCK,
    SWAP,
    SWAP_ID,
    TAKE,
    TAKE_ID,
    slot_name,
)
from langbord.engines.skibe.phases.equipment import (
    LOAD_EQUIPMENT,
    add_equipment,
    equipped_slots,
    offer_equipment,
)
from langbord.engines.skibe.phases.food_supplies import LOAD_FOOD
from langbord.engines.skibe.phases.laying_chieftains import CHIEFTAIN
from langbord.engines.skibe.tables import COLOUR_LIST, IS_FOOD, MASK, NAME, SHIELDS, L

ALL_CHIEFS = (1 << len(CHIEFTAIN_ACTIONS)) - 1
TYPES = range(len(VIKING_TYPES))
assert list(TYPES) == REVEAL_ID  # a reveal's action id is the card type
# Which container a place is in: its ship, or SHIPS for the display.
CONTAINER = [min(x // L, SHIPS) for x in range(PLACES)]
EVAL_ACTION = {
    EQUIP_CHIEF: MOVE_EQUIP,
    FOOD_CHIEF: MOVE_FOOD,
    REMOVE_CHIEF: REMOVE,
    SWAP_CHIEF: SWAP,
}
"""The kind of action each Chieftain's owner decides in an evaluation (Protection needs none)."""
DECKS = {players: deck_counts(players) for players in SHIP_LIMIT}
"""The deck by number of players (SB-1)."""
MAX_COPIES = max(t.copies for t in VIKING_TYPES)
ODDS = [
    [tuple((t, copies / size) for copies in range(MAX_COPIES + 1)) for t in TYPES] if size else []
    for size in range(sum(t.copies for t in VIKING_TYPES) + 1)
]
"""``ODDS[pile size][card type][copies in the pile]``: a reveal's outcome and its probability."""


def _choose_options_for(key: int) -> list[int]:
    takes = [TAKE_ID[d] for d in range(DISPLAY_SIZE) if key >> d & 1]
    draw = [DRAW_ID] if key >> DISPLAY_SIZE & 1 else []
    sterns = [STERN_ID[s] for s in range(SHIPS) if key >> (DISPLAY_SIZE + 1 + s) & 1]
    return takes + draw + sterns


CHOOSE_OPTIONS = [_choose_options_for(key) for key in range(1 << (DISPLAY_SIZE + 1 + SHIPS))]
"""A turn's choices by bits: display slots holding a card (taken while a ship has room), the
pile holding one (drawn), ships of 3+ Viking cards (a stern, while the player has one)."""
LAY_OPTIONS = [[LAY_ID[s] for s in range(SHIPS) if key >> s & 1] for key in range(1 << SHIPS)]
"""Where a card may be laid, by the bits of the ships below their limit."""


# ---- the table: one record per seat, one per ship ------------------------------------------------


class Player:
    """One seat's own things: its Chieftains still in hand, its sterns left, its points."""

    __slots__ = ("chieftains", "points", "sterns")

    def __init__(
        self, chieftains: int = ALL_CHIEFS, sterns: int = STERNS_PER_PLAYER, points: int = 0
    ) -> None:
        self.chieftains = chieftains
        """Bit ``k`` set: the Chieftain of ``CHIEFTAIN_ACTIONS[k]`` is still in hand."""
        self.sterns = sterns
        self.points = points

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.chieftains = self.chieftains
        new.sterns = self.sterns
        new.points = self.points
        return new

    def holds(self, action: int) -> bool:
        """Whether the Chieftain of ``action`` is still in hand."""
        return bool(self.chieftains >> action & 1)

    def view(self) -> dict[str, JSON]:
        actions = CHIEFTAIN_ACTIONS
        held = [actions[k] for k in range(len(actions)) if self.chieftains >> k & 1]
        return {"chieftains": held, "sterns": self.sterns}


class Ship:
    """One bow and what lies by it: Viking cards from the bow outward, each with its equipment
    stones; the food stones on the bow; the Chieftains from the bow outward; the stern."""

    __slots__ = ("actions", "cards", "chieftains", "equipment", "food", "stern")

    def __init__(self) -> None:
        self.cards: list[int] = []
        """Viking card types, from the bow outward."""
        self.equipment: list[int] = []
        """Equipment stones on each of ``cards``."""
        self.food = 1
        self.chieftains: list[tuple[int, int]] = []
        """(owner, action) of each Chieftain, from the bow outward."""
        self.actions = 0
        """Bit ``k`` set: a Chieftain of ``CHIEFTAIN_ACTIONS[k]`` lies here (once per ship)."""
        self.stern = -1
        """The seat whose stern closes the ship, or -1."""

    def clear(self) -> None:
        """The ship sets off: an empty one, with 1 food on its bow, takes its place."""
        self.cards = []
        self.equipment = []
        self.food = 1
        self.chieftains = []
        self.actions = 0
        self.stern = -1

    def copy(self) -> Ship:
        new = Ship.__new__(Ship)
        new.cards = self.cards.copy()
        new.equipment = self.equipment.copy()
        new.food = self.food
        new.chieftains = self.chieftains.copy()
        new.actions = self.actions
        new.stern = self.stern
        return new

    def view(self) -> dict[str, JSON]:
        return {
            "bow_food": self.food,
            "vikings": [
                {"card": NAME[t], "equipment": k}
                for t, k in zip(self.cards, self.equipment, strict=True)
            ],
            "chieftains": [
                {"owner": COLOURS[o], "action": CHIEFTAIN_ACTIONS[k]} for o, k in self.chieftains
            ],
            "stern": COLOURS[self.stern] if self.stern >= 0 else None,
        }


# ---- pending work --------------------------------------------------------------------------------


class DealToShip(NamedTuple):
    """Reveal the pile's top card into ``ship`` (a chance node); nothing once the pile is empty:
    a new ship gets what the pile still has, possibly nothing (SB-8)."""

    ship: int

    def run(self, state: SkibeState) -> bool:
        if not state.pile_size:
            return False
        state.dealing = self
        state.phase = DEAL
        return True

    def receive(self, state: SkibeState, card: int) -> None:
        ship = state.ships[self.ship]
        ship.cards.append(card)
        ship.equipment.append(0)


class DealToDisplay(NamedTuple):
    """Reveal the pile's top card into display slot ``slot``; an emptied slot stays empty once
    the pile is."""

    slot: int

    def run(self, state: SkibeState) -> bool:
        if not state.pile_size:
            return False
        state.dealing = self
        state.phase = DEAL
        return True

    def receive(self, state: SkibeState, card: int) -> None:
        state.display[self.slot] = card


class DrawToHand(NamedTuple):
    """Reveal the pile's top card into the hand of the player who draws (never empty then)."""

    def run(self, state: SkibeState) -> bool:
        state.dealing = self
        state.phase = DEAL
        return True

    def receive(self, state: SkibeState, card: int) -> None:
        state.held = card


Deal = DealToShip | DealToDisplay | DrawToHand


class LayHeld(NamedTuple):
    """The player lays the card drawn."""

    def run(self, state: SkibeState) -> bool:
        state.phase = LAY
        return True


class RefillDisplay(NamedTuple):
    """Deal into every empty display slot (the display holds 3 while the pile lasts)."""

    def run(self, state: SkibeState) -> bool:
        first, second, third = state.display
        state.pending += REFILLS[(first < 0) | (second < 0) << 1 | (third < 0) << 2]
        return False


class NextTurn(NamedTuple):
    """A turn begins: the game ends once pile and display are empty (SB-6); else the next seat
    plays (``advance``), or the same one: seat 0 at the opening (SB-2), the player whose turn it
    was after SB-5's evaluation of all ships, which is not a turn (SB-7). Every ship full and no
    stern left: that evaluation (SB-5)."""

    advance: bool = True

    def run(self, state: SkibeState) -> bool:
        if not state.pile_size and max(state.display) < 0:
            state.pending += FINAL_EVALUATION
            return False
        if self.advance:
            state.turn = (state.turn + 1) % len(state.players)
        limit = state.ship_limit
        first, second, third = state.ships
        if (
            len(first.cards) >= limit
            and len(second.cards) >= limit
            and len(third.cards) >= limit
            and not state.players[state.turn].sterns
        ):
            state.pending += ALL_FULL_EVALUATION
            return False
        state.phase = CHOOSE  # if every ship is full, only "stern" is legal (SB-5)
        return True


class ActChieftains(NamedTuple):
    """The Chieftains of ``ship`` act from the bow outward, from its ``first``-th (0-based) on;
    ``protected`` holds the colours of the Protections met so far in that ship (SB-9)."""

    ship: int
    first: int = 0
    protected: int = 0

    def run(self, state: SkibeState) -> bool:
        """Carry the Chieftains out until one's owner must decide (True) or all have."""
        ship = self.ship
        line = state.ships[ship].chieftains
        protected = self.protected
        for index in range(self.first, len(line)):
            owner, action = line[index]
            if action == PROTECT_CHIEF:
                protected |= 1 << owner
                continue
            options = state.chieftain_moves(action, ship, protected)
            if options:  # else nothing this chieftain could do
                options.append(SKIP_ID)
                options.sort()
                state.choices = options
                state.acting = ActChieftains(ship, index, protected)
                state.phase = EVALUATE
                return True
        return False


class ScoreShip(NamedTuple):
    """Score ``ship`` and clear it: its cards and Chieftains leave, its stones go back."""

    ship: int

    def run(self, state: SkibeState) -> bool:
        """Phases 2 and 3: every player scores; the cards and Chieftains leave the game; the
        stones go back; the bow keeps 1 food."""
        s = self.ship
        ship = state.ships[s]
        stern = ship.stern
        label = f", stern {COLOURS[stern]}" if stern >= 0 else ", all ships full (SB-5)"
        state.score(s, f"ship {s + 1}{label}")
        state.equipment_stock += sum(ship.equipment)
        state.vikings_out += len(ship.cards)
        state.chieftains_out += len(ship.chieftains)
        state.sterns_out += stern >= 0
        state.food_stock += ship.food - 1
        ship.clear()
        return False


class FinalScoring(NamedTuple):
    """Score every ship, incomplete ones too, and end the game (SB-6)."""

    def run(self, state: SkibeState) -> bool:
        for s in range(SHIPS):
            state.score(s, f"final evaluation, ship {s + 1}")
        state.phase = OVER
        return True


def _in_order(*work: Work) -> tuple[Work, ...]:
    """``work`` as it is pushed on the pending stack to run first to last."""
    return work[::-1]


def _evaluation(ship: int) -> tuple[Work, ...]:
    """A ship's evaluation: its Chieftains act, it scores and is cleared, 2 new cards are dealt."""
    return (ActChieftains(ship), ScoreShip(ship), *[DealToShip(ship)] * START_VIKINGS_PER_SHIP)


REFILLS = [
    _in_order(*[DealToDisplay(d) for d in range(DISPLAY_SIZE) if key >> d & 1])
    for key in range(1 << DISPLAY_SIZE)
]
"""The deals that refill the display, by the bits of its empty slots."""
OPENING = _in_order(
    *[DealToShip(s) for s in range(SHIPS) for _ in range(START_VIKINGS_PER_SHIP)],
    RefillDisplay(),
    NextTurn(advance=False),
)
"""Setup: 2 Viking cards into each ship, then 3 into the display; then seat 0's turn (SB-2)."""
AFTER_TAKE = [_in_order(DealToDisplay(d), NextTurn()) for d in range(DISPLAY_SIZE)]
"""After a display card is taken and the turn's decisions: its slot is refilled, the turn ends."""
AFTER_DRAW = _in_order(LayHeld(), NextTurn())
DRAW_TO_HAND = DrawToHand()
STERN_EVALUATION = [_in_order(*_evaluation(s), RefillDisplay(), NextTurn()) for s in range(SHIPS)]
"""A stern laid on a ship: it is evaluated, the display refilled, the turn over."""
ALL_FULL_EVALUATION = _in_order(
    *[work for s in range(SHIPS) for work in _evaluation(s)],
    RefillDisplay(),
    NextTurn(advance=False),
)
"""SB-5: every ship full and no stern: all three are evaluated, top to bottom (not a turn, SB-7)."""
FINAL_EVALUATION = _in_order(*[ActChieftains(s) for s in range(SHIPS)], FinalScoring())
"""SB-6: every Chieftain acts, top ship first (SB-9: each Protection in its own ship), then every
ship scores."""


class SkibeGame(Game):
    """Skibe for 3–5 players (option ``players``, default 4)."""

    name: ClassVar[str] = "skibe"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 1
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, "number of players", minimum=3, maximum=5),
    )
    conformance_options = ({"players": 3}, {"players": 4}, {"players": 5})

    def ship_limit(self) -> int:
        """Maximum Viking cards per ship: 5, 6 or 7 with 3, 4 or 5 players."""
        return SHIP_LIMIT[self.num_players()]

    def deck(self) -> list[int]:
        """Copies of each Viking type in this game's deck (SB-1)."""
        return DECKS[self.num_players()].copy()

    def action_strings(self) -> Sequence[str]:
        return ACTION_STRINGS

    def max_game_length(self) -> int:
        # Each turn that lays a card takes at most 4 decisions, and cards reach the display only
        # from the pile or by a swap (one swap chieftain per player); every card leaves the pile
        # by one chance outcome; a stern turn is one decision; every chieftain acts at most once.
        deck = sum(self.deck())
        n = self.num_players()
        return 4 * (deck + n) + deck + STERNS_PER_PLAYER * n + len(CHIEFTAIN_ACTIONS) * n

    def new_initial_state(self) -> SkibeState:
        return SkibeState(self)


class SkibeState(FlowState):
    """A Skibe table. See the package docstring for the notation, the module's for the flow."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "acting",
        "chieftains_out",
        "choices",
        "dealing",
        "display",
        "equipment_stock",
        "food_stock",
        "held",
        "last_laid",
        "pile",
        "pile_size",
        "players",
        "sheet",
        "ship_limit",
        "ships",
        "sterns_out",
        "turn",
        "vikings_out",
    )

    def __init__(self, game: SkibeGame) -> None:
        super().__init__(game)
        self.players = [Player() for _ in range(game.num_players())]
        self.ships = [Ship() for _ in range(SHIPS)]
        self.ship_limit = game.ship_limit()
        self.pile = game.deck()
        """Copies of each Viking type left in the draw pile (its order is chance, SB-1)."""
        self.pile_size = sum(self.pile)
        self.display = [-1] * DISPLAY_SIZE
        self.food_stock = FOOD_STONES - SHIPS
        self.equipment_stock = EQUIPMENT_STONES
        self.sheet: list[tuple[str, list[int]]] = []
        """The score sheet: each evaluation's label and points per seat."""
        self.vikings_out = 0
        self.chieftains_out = 0
        self.sterns_out = 0
        self.turn = 0  # SB-2: seat 0 starts
        self.held = -1
        """The card taken or drawn and not yet laid, or -1."""
        self.last_laid = -1
        """The card laid this turn (its shields rule where equipment goes), or -1."""
        self.choices: list[int] = []
        """The legal actions of an ``equipment``, ``chieftain`` or ``evaluate`` decision, found
        on entering it (never mutated once set)."""
        self.dealing: Deal = DRAW_TO_HAND
        """Where the card being revealed goes (in the ``deal`` phase)."""
        self.acting: ActChieftains | None = None
        """The Chieftain whose owner decides (in the ``evaluate`` phase)."""
        self.phase = DEAL
        self.pending = list(OPENING)
        self.proceed()

    # ---- who moves -------------------------------------------------------------------------------

    def seat_on_turn(self) -> int:
        return self.turn

    def chieftain_owner(self) -> int:
        """The owner of the Chieftain acting, who decides what it does."""
        acting = self.acting
        assert acting is not None
        return self.ships[acting.ship].chieftains[acting.first][0]

    def is_terminal(self) -> bool:
        """Whether the flow has reached its end, read off the phase rather than asked of its
        mover through ``current_player``: a random playout asks every step, and the two calls
        saved are 1,030 of its 31,870 instructions a step (``benchmarks/count_instructions.sh``)."""
        return self.phase is OVER

    def _is_legal(self, action: int) -> bool:
        """At a deal, any card type left in the pile, without building the list of them: a deal
        is over a quarter of the steps of a random playout, and checked without the list a step
        costs 1,850 instructions less (30,840 rather than 32,700)."""
        if self.phase is DEAL:
            return 0 <= action < len(TYPES) and self.pile[action] > 0
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self.phase.legal(self)
        return action in cache

    def wrong_phase(self, action: int) -> str:
        """FlowState's refusal, naming chance as the mover at a deal ("now chance must reveal the
        top card of the draw pile"), as Skibe's refusals always have."""
        if self.phase is DEAL:
            return f"now chance must {_deal_task(self, True)}"
        return super().wrong_phase(action)

    # ---- the deal --------------------------------------------------------------------------------

    def cards_in_pile(self) -> list[int]:
        return list(compress(TYPES, self.pile))

    def reveal_odds(self) -> list[tuple[int, float]]:
        """Each card type left, with its share of the pile (read off ``ODDS``)."""
        pile = self.pile
        return list(compress(map(getitem, ODDS[self.pile_size], pile), pile))

    def reveal(self, card: int) -> None:
        self.pile[card] -= 1
        self.pile_size -= 1
        self.dealing.receive(self, card)
        self.proceed()

    # ---- a turn ----------------------------------------------------------------------------------

    def choose(self, action: int) -> None:
        kind = KIND[action]
        a = ARG1[action]
        if kind == TAKE:
            self.held = self.display[a]
            self.display[a] = -1
            self.pending += AFTER_TAKE[a]
            self.phase = LAY
        elif kind == DRAW:
            self.pending += AFTER_DRAW
            self.dealing = DRAW_TO_HAND
            self.phase = DEAL
        else:  # a stern
            self.players[self.turn].sterns -= 1
            self.ships[a].stern = self.turn
            self.pending += STERN_EVALUATION[a]
            self.proceed()

    def lay(self, action: int) -> None:
        ship = self.ships[ARG1[action]]
        card = self.last_laid = self.held
        self.held = -1
        ship.cards.append(card)
        ship.equipment.append(0)
        if IS_FOOD[card]:
            self.phase = LOAD_FOOD  # always possible: stock, or a bow with 2+, or no food
            return
        offer_equipment(self)

    # ---- an evaluation ---------------------------------------------------------------------------

    def carry_out(self, action: int) -> None:
        """The owner's decision for the acting Chieftain; then the next Chieftains act."""
        kind = KIND[action]
        a = ARG1[action]
        b = ARG2[action]
        if kind == MOVE_EQUIP:
            add_equipment(self, a, -1)
            add_equipment(self, b, 1)
        elif kind == MOVE_FOOD:
            self._add_food(a, -1)
            self._add_food(b, 1)
        elif kind == REMOVE:
            self._remove(a)
        elif kind == SWAP:
            card = self.card_at(a)
            self._set_card(a, self.card_at(b))
            self._set_card(b, card)
        acting = self.acting
        assert acting is not None
        self.pending.append(ActChieftains(acting.ship, acting.first + 1, acting.protected))
        self.proceed()

    def _add_food(self, bow: int, stones: int) -> None:
        if bow == STOCK:
            self.food_stock += stones
        else:
            self.ships[bow].food += stones

    def _remove(self, place: int) -> None:
        if place < CARD_SLOTS:
            ship = self.ships[place // L]
            del ship.cards[place % L]
            del ship.equipment[place % L]
        else:
            self.display[place - CARD_SLOTS] = -1
        self.vikings_out += 1

    def ship_points(self, ship: int) -> list[int]:
        """What each seat would score for ``ship`` now: (own shields, the stern's included (SB-4),
        + equipment stones on cards showing the seat's colour) x food on the ship's bow."""
        totals = [0] * len(COLOURS)
        vessel = self.ships[ship]
        for card, stones in zip(vessel.cards, vessel.equipment, strict=True):
            for colour in SHIELDS[card]:
                totals[colour] += 1
            if stones:
                for colour in COLOUR_LIST[card]:
                    totals[colour] += stones
        if vessel.stern >= 0:
            totals[vessel.stern] += 1  # SB-4
        return list(map(vessel.food.__mul__, totals[: len(self.players)]))

    def score(self, ship: int, label: str) -> None:
        gained = self.ship_points(ship)
        for player, points in zip(self.players, gained, strict=True):
            player.points += points
        self.sheet.append((label, gained))

    # ---- legal options ---------------------------------------------------------------------------

    def _choose_options(self) -> list[int]:
        limit = self.ship_limit
        ships = self.ships
        first, second, third = len(ships[0].cards), len(ships[1].cards), len(ships[2].cards)
        key = 0
        if first < limit or second < limit or third < limit:  # else only a stern (SB-5)
            d1, d2, d3 = self.display
            key = (d1 >= 0) | (d2 >= 0) << 1 | (d3 >= 0) << 2 | (self.pile_size > 0) << 3
        if self.players[self.turn].sterns:
            least = MIN_VIKINGS_FOR_STERN
            key |= (first >= least) << 4 | (second >= least) << 5 | (third >= least) << 6
        return CHOOSE_OPTIONS[key]

    def all_full(self) -> bool:
        """Whether every ship holds its limit of Viking cards (SB-5)."""
        limit = self.ship_limit
        ships = self.ships
        return (
            len(ships[0].cards) >= limit
            and len(ships[1].cards) >= limit
            and len(ships[2].cards) >= limit
        )

    def _lay_options(self) -> list[int]:
        limit = self.ship_limit
        ships = self.ships
        return LAY_OPTIONS[
            (len(ships[0].cards) < limit)
            | (len(ships[1].cards) < limit) << 1
            | (len(ships[2].cards) < limit) << 2
        ]

    def _decided(self) -> list[int]:
        """The options found on entering the phase."""
        return self.choices

    def _protected(self, slot: int, ship: int, protected: int) -> bool:
        """Protection (SB-9): cards showing a protector's colour, in the ship being evaluated
        only; ``protected`` holds the protectors laid so far in that ship's line."""
        return slot // L == ship and bool(MASK[self.ships[ship].cards[slot % L]] & protected)

    def chieftain_moves(self, action: int, ship: int, protected: int) -> list[int]:
        """What the Chieftain of ``action`` may do now, "skip" excepted (empty: nothing)."""
        if action == EQUIP_CHIEF:
            return self._equipment_moves()
        if action == FOOD_CHIEF:
            return self._food_moves()
        places = self._free_places(ship, protected)
        if action == REMOVE_CHIEF:
            return [REMOVE_ID[x] for x in places]
        swap = SWAP_ID
        # A swap within one ship, or between two display cards, changes nothing: not offered.
        return [
            swap[x][y]
            for i, x in enumerate(places)
            for y in places[i + 1 :]
            if CONTAINER[x] != CONTAINER[y]
        ]

    def _equipment_moves(self) -> list[int]:
        cards = [s * L + k for s in range(SHIPS) for k in range(len(self.ships[s].cards))]
        loaded = equipped_slots(self)
        move = MOVE_EQUIP_ID
        result = [move[a + 1][0] for a in loaded]  # card -> stock
        result += [move[a + 1][b + 1] for a in loaded for b in cards if a != b]
        if self.equipment_stock:
            result += [move[0][b + 1] for b in cards]
        return result

    def _food_moves(self) -> list[int]:
        move = MOVE_FOOD_ID
        sources = [a + 1 for a in range(SHIPS) if self.ships[a].food > 1]
        if self.food_stock:
            sources.append(0)
        return [move[a][b] for a in sources for b in range(SHIPS + 1) if a != b]

    def _free_places(self, ship: int, protected: int) -> list[int]:
        """Cards a Chieftain may remove or swap: no equipment on them, not protected (SB-9)."""
        places = []
        for s, vessel in enumerate(self.ships):
            guard = protected if s == ship else 0  # SB-9: only in the ship being evaluated
            cards = vessel.cards
            for k, stones in enumerate(vessel.equipment):
                if not stones and not MASK[cards[k]] & guard:
                    places.append(s * L + k)
        places += [CARD_SLOTS + d for d in range(DISPLAY_SIZE) if self.display[d] >= 0]
        return places

    # ---- helpers ---------------------------------------------------------------------------------

    def card_at(self, place: int) -> int:
        """The card type at a ship slot or display slot, or -1."""
        if place >= CARD_SLOTS:
            return self.display[place - CARD_SLOTS]
        cards = self.ships[place // L].cards
        return cards[place % L] if place % L < len(cards) else -1

    def _set_card(self, place: int, card: int) -> None:
        if place >= CARD_SLOTS:
            self.display[place - CARD_SLOTS] = card
        else:
            self.ships[place // L].cards[place % L] = card

    def stones_at(self, place: int) -> int:
        """Equipment stones on the card at ship slot ``place``."""
        return self.ships[place // L].equipment[place % L]

    # ---- scores, copies, views -------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(p.points) for p in self.players]

    def outcome(self) -> dict[str, JSON] | None:
        """Every game ends by SB-6; the breakdown is the score sheet, a row per ship evaluated
        (its label, numbered in play before the final evaluation, and what each seat scored
        there), so each seat's column sums to its score."""
        if self.phase is not OVER:
            return None
        rows = [
            label if label.startswith("final") else f"{label} (evaluation {i})"
            for i, (label, _) in enumerate(self.sheet, 1)
        ]
        return {
            "reason": "the pile and the display are empty (SB-6): every ship was scored",
            "breakdown": {"rows": rows, "values": [list(points) for _, points in self.sheet]},
        }

    def _copy(self) -> SkibeState:
        new = self._blank()  # and the flow, as _blank_flow copies it (one call less)
        new.phase = self.phase
        new.pending = self.pending.copy()  # of immutable records
        new.players = list(map(Player.copy, self.players))
        first, second, third = self.ships
        new.ships = [first.copy(), second.copy(), third.copy()]
        new.ship_limit = self.ship_limit
        new.pile = self.pile.copy()
        new.pile_size = self.pile_size
        new.display = self.display.copy()
        new.food_stock = self.food_stock
        new.equipment_stock = self.equipment_stock
        new.sheet = self.sheet.copy()  # its entries are never changed
        new.vikings_out = self.vikings_out
        new.chieftains_out = self.chieftains_out
        new.sterns_out = self.sterns_out
        new.turn = self.turn
        new.held = self.held
        new.last_laid = self.last_laid
        new.choices = self.choices  # never mutated once set
        new.dealing = self.dealing
        new.acting = self.acting
        return new

    def resample_hidden(self, player: int, rng: random.Random) -> SkibeState:
        """Skibe hides nothing that is decided: the pile's order is chance not yet drawn."""
        self._check_seat(player)
        return self._copy()

    def component_counts(self) -> dict[str, int]:
        ships = self.ships
        return {
            "vikings": self.pile_size
            + sum(c >= 0 for c in self.display)
            + sum(len(s.cards) for s in ships)
            + (self.held >= 0)
            + self.vikings_out,
            "food": self.food_stock + sum(s.food for s in ships),
            "equipment": self.equipment_stock + sum(sum(s.equipment) for s in ships),
            "chieftains": sum(p.chieftains.bit_count() for p in self.players)
            + sum(len(s.chieftains) for s in ships)
            + self.chieftains_out,
            "sterns": sum(p.sterns for p in self.players)
            + sum(s.stern >= 0 for s in ships)
            + self.sterns_out,
        }

    def view(self, player: int | None) -> dict[str, JSON]:
        """The whole table (Skibe has no secrets; see the module docstring)."""
        self._check_seat(player)
        held, laid = self.held, self.last_laid
        return {
            "game": "skibe",
            "seat": player,
            "players": list(COLOURS[: len(self.players)]),
            "ship_limit": self.ship_limit,
            "turn": self.turn,
            "to_move": self.current_player(),
            "phase": self.phase.name,
            "held": NAME[held] if held >= 0 else None,
            "last_laid": NAME[laid] if laid >= 0 else None,
            "evaluation": self._evaluation_view(),
            "pile": self.pile_size,
            "display": [NAME[c] if c >= 0 else None for c in self.display],
            "ships": [ship.view() for ship in self.ships],
            "stock": {"food": self.food_stock, "equipment": self.equipment_stock},
            "hands": [p.view() for p in self.players],
            "scores": [p.points for p in self.players],
            "sheet": [{"label": label, "points": list(pts)} for label, pts in self.sheet],
            "out_of_game": self.vikings_out,
        }

    def _evaluation_view(self) -> dict[str, JSON] | None:
        """The Chieftain acting in an evaluation, or None."""
        acting = self.acting
        if self.phase is not EVALUATE or acting is None:
            return None
        owner, action = self.ships[acting.ship].chieftains[acting.first]
        colours = range(len(self.players))
        return {
            "ship": acting.ship + 1,
            "chieftain": CHIEFTAIN_ACTIONS[action],
            "owner": COLOURS[owner],
            "protected_colours": [COLOURS[c] for c in colours if acting.protected >> c & 1],
        }

    # ---- why an action is refused ----------------------------------------------------------------

    def _full_message(self) -> str:
        return (
            f"every ship has {self.ship_limit} Viking cards, the limit with "
            f"{len(self.players)} players: lay a stern (SB-5)"
        )

    def why_not_revealed(self, action: int) -> str:
        return f"no {NAME[ARG1[action]]} card is left in the draw pile (deck: SB-1)"

    def why_not_chosen(self, action: int) -> str:
        kind, a = KIND[action], ARG1[action]
        if kind == STERN:
            if not self.players[self.turn].sterns:
                return f"{COLOURS[self.turn]} has laid both sterns (2 per player, rulebook)"
            return (
                f"ship {a + 1} has {len(self.ships[a].cards)} Viking cards: a stern needs at "
                f"least {MIN_VIKINGS_FOR_STERN} (rulebook)"
            )
        if kind == TAKE and self.display[a] < 0:
            return f"display slot d{a + 1} is empty (the pile could not refill it)"
        if kind == DRAW and not self.pile_size:
            return "the draw pile is empty"
        return self._full_message()

    def why_not_laid(self, action: int) -> str:
        return (
            f"ship {ARG1[action] + 1} already has {self.ship_limit} Viking cards, the limit with "
            f"{len(self.players)} players (rulebook)"
        )

    def why_not_carried_out(self, action: int) -> str:
        kind, a, b = KIND[action], ARG1[action], ARG2[action]
        acting = self.acting
        assert acting is not None
        chieftain = self.ships[acting.ship].chieftains[acting.first][1]
        if kind not in (EVAL_ACTION[chieftain], SKIP):
            return self.wrong_phase(action)
        if kind == MOVE_EQUIP:
            return self._why_equipment_stays(a, b)
        if kind == MOVE_FOOD:
            if a == STOCK:
                return "the stock has no food"
            return f"bow {a + 1} has its last food stone, which never moves (rulebook)"
        for place in (a, b) if kind == SWAP else (a,):
            why = self._why_card_stays(place, acting)
            if why:
                return why
        return "swapping two cards of one ship, or two display cards, changes nothing"

    def _why_equipment_stays(self, source: int, target: int) -> str:
        if source == STOCK:
            return "the stock has no equipment"
        if self.card_at(source) < 0:
            return f"there is no card {slot_name(source)}"
        if target != STOCK and self.card_at(target) < 0:
            return f"there is no card {slot_name(target)}"
        return f"card {slot_name(source)} carries no equipment"

    def _why_card_stays(self, place: int, acting: ActChieftains) -> str:
        """Why a Chieftain may not remove or swap the card at ``place`` ("": it may)."""
        name = slot_name(place)
        if self.card_at(place) < 0:
            return f"there is no card {name}"
        if place < CARD_SLOTS and self.stones_at(place):
            return f"card {name} carries equipment, which protects it (rulebook)"
        if place < CARD_SLOTS and self._protected(place, acting.ship, acting.protected):
            return f"card {name} is protected by a protection chieftain (rulebook: Protection)"
        return ""


# ---- what each phase asks, in a player's words ---------------------------------------------------


def _quoted(state: SkibeState, quote: bool, text: str, *kinds: int) -> str:
    """``text``, with up to three legal actions of ``kinds`` quoted after it when ``quote``."""
    return f"{text} ({state._examples(*kinds)})" if quote else text


def _deal_task(state: SkibeState, quote: bool) -> str:
    return "reveal the top card of the draw pile (a chance event)"


def _choose_task(state: SkibeState, quote: bool) -> str:
    if state.all_full():
        return _quoted(state, quote, "lay a stern: every ship is full (SB-5)", STERN)
    choices = [("take a display card", TAKE), ("draw", DRAW), ("lay a stern", STERN)]
    if not quote:
        return offer([(phrase, None) for phrase, kind in choices if state._legal_of(kind)])
    return offer([(phrase, state._legal_of(kind)) for phrase, kind in choices])


def _lay_task(state: SkibeState, quote: bool) -> str:
    return _quoted(state, quote, f"lay the {NAME[state.held]} in a ship", LAY_CARD)


def _evaluate_task(state: SkibeState, quote: bool) -> str:
    acting = state.acting
    assert acting is not None
    action = state.ships[acting.ship].chieftains[acting.first][1]
    text = f"carry out the {CHIEFTAIN_ACTIONS[action]} chieftain on ship {acting.ship + 1}"
    return _quoted(state, quote, text, EVAL_ACTION[action], SKIP)


# ---- the turn flow -------------------------------------------------------------------------------

DEAL: Phase[SkibeState] = Phase(
    "deal",
    {REVEAL},
    mover=chance,
    legal=SkibeState.cards_in_pile,
    apply=SkibeState.reveal,
    why=SkibeState.why_not_revealed,
    task=_deal_task,
    outcomes=SkibeState.reveal_odds,
)
CHOOSE: Phase[SkibeState] = Phase(
    "choose",
    {TAKE, DRAW, STERN},
    mover=SkibeState.seat_on_turn,
    legal=SkibeState._choose_options,
    apply=SkibeState.choose,
    why=SkibeState.why_not_chosen,
    task=_choose_task,
)
LAY: Phase[SkibeState] = Phase(
    "lay",
    {LAY_CARD},
    mover=SkibeState.seat_on_turn,
    legal=SkibeState._lay_options,
    apply=SkibeState.lay,
    why=SkibeState.why_not_laid,
    task=_lay_task,
)
EVALUATE: Phase[SkibeState] = Phase(
    "evaluate",
    {MOVE_EQUIP, MOVE_FOOD, REMOVE, SWAP, SKIP},
    mover=SkibeState.chieftain_owner,
    legal=SkibeState._decided,
    apply=SkibeState.carry_out,
    why=SkibeState.why_not_carried_out,
    task=_evaluate_task,
)
SkibeState.flow = Flow(DEAL, CHOOSE, LAY, LOAD_FOOD, LOAD_EQUIPMENT, CHIEFTAIN, EVALUATE)


__all__ = ["EQUIPMENT", "FOOD", "Player", "Ship", "SkibeGame", "SkibeState"]
