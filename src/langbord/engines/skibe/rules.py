"""Skibe's rules: :class:`SkibeGame` and :class:`SkibeState` (rulebooks/skibe.txt, SB-1…SB-9).

Nothing here is hidden from any seat: the Chieftains in hand are face down, but each player holds
exactly one of each action, so which remain is public; the draw pile's order is not decided until
a card is revealed (a chance node). ``view`` is therefore the whole table for every seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress
from typing import ClassVar

from langbord.core.game import CHANCE, JSON, TERMINAL, Game, State
from langbord.core.info import GameInfo
from langbord.core.options import Option
from langbord.core.prompts import offer
from langbord.engines.skibe import notation as N
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
    MAX_SHIP_LIMIT,
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
    CHIEF,
    CHIEF_ID,
    DRAW,
    DRAW_ID,
    EQUIP_LOAD,
    EQUIP_LOAD_ID,
    EQUIP_SHIFT,
    EQUIP_SHIFT_ID,
    FOOD_LOAD,
    FOOD_LOAD_ID,
    FOOD_SHIFT,
    FOOD_SHIFT_ID,
    KIND,
    LAY_CARD,
    LAY_ID,
    MOVE_EQUIP,
    MOVE_EQUIP_ID,
    MOVE_FOOD,
    MOVE_FOOD_ID,
    NO_EQUIP,
    NO_EQUIP_ID,
    NO_FOOD,
    NO_FOOD_ID,
    PASS,
    PASS_ID,
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
)

MASK = [t.mask for t in VIKING_TYPES]
IS_FOOD = [t.cargo == FOOD for t in VIKING_TYPES]
NAME = [t.name for t in VIKING_TYPES]
COLOUR_LIST = [sorted(set(t.shields)) for t in VIKING_TYPES]  # each colour shown, once
ALL_CHIEFS = (1 << len(CHIEFTAIN_ACTIONS)) - 1
L = MAX_SHIP_LIMIT
TYPES = range(len(VIKING_TYPES))
assert list(TYPES) == REVEAL_ID  # a reveal's action id is the card type
# Which container a place is in: its ship, or SHIPS for the display.
CONTAINER = [min(x // L, SHIPS) for x in range(PLACES)]

# Phases.
DEAL, CHOOSE, PLACE, LOAD_FOOD, LOAD_EQUIP, CHIEFTAIN, EVALUATE, OVER = range(8)
PHASE_NAMES = ("deal", "choose", "lay", "food", "equipment", "chieftain", "evaluate", "over")
# Where a deal goes: ships 0-2, display slots 3-5, the hand of the player who drew.
TO_DISPLAY = SHIPS
TO_HAND = SHIPS + DISPLAY_SIZE
# What follows when the deals in progress are done.
R_START, R_LAY, R_TURN_END, R_EVAL, R_EVAL_DONE, R_AFTER_EVAL = range(6)
# Kinds of evaluation.
NORMAL, ALL_FULL, FINAL = range(3)
EVAL_ACTION = {
    EQUIP_CHIEF: MOVE_EQUIP,
    FOOD_CHIEF: MOVE_FOOD,
    REMOVE_CHIEF: REMOVE,
    SWAP_CHIEF: SWAP,
}
_CHIEF_OPTIONS: dict[int, list[int]] = {}
"""Chieftain plays by the bits (5 per ship) of which actions each ship may still receive."""
PHASE_KINDS = {
    DEAL: {REVEAL},
    CHOOSE: {TAKE, DRAW, STERN},
    PLACE: {LAY_CARD},
    LOAD_FOOD: {FOOD_LOAD, FOOD_SHIFT, NO_FOOD},
    LOAD_EQUIP: {EQUIP_LOAD, EQUIP_SHIFT, NO_EQUIP},
    CHIEFTAIN: {CHIEF, PASS},
    EVALUATE: {MOVE_EQUIP, MOVE_FOOD, REMOVE, SWAP, SKIP},
}


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
        return deck_counts(self.num_players())

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


class SkibeState(State):
    """A Skibe table. See the package docstring for the notation."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "chiefs",
        "deals",
        "display",
        "equip",
        "equip_stock",
        "eval_chief",
        "eval_index",
        "eval_kind",
        "eval_ships",
        "food",
        "food_stock",
        "hands",
        "held",
        "laid",
        "limit",
        "n",
        "out_chiefs",
        "out_sterns",
        "out_vikings",
        "pending",
        "phase",
        "pile",
        "pile_size",
        "points",
        "protect",
        "resume",
        "sheet",
        "ship_acts",
        "ships",
        "stern_on",
        "sterns",
        "taken_slot",
        "turn",
    )

    def __init__(self, game: SkibeGame) -> None:
        super().__init__(game)
        n = self.n = game.num_players()
        self.limit = game.ship_limit()
        self.pile = game.deck()
        self.pile_size = sum(self.pile)
        self.display = [-1] * DISPLAY_SIZE
        self.ships: list[list[int]] = [[] for _ in range(SHIPS)]
        self.equip: list[list[int]] = [[] for _ in range(SHIPS)]
        self.food = [1] * SHIPS
        self.food_stock = FOOD_STONES - SHIPS
        self.equip_stock = EQUIPMENT_STONES
        self.chiefs: list[list[tuple[int, int]]] = [[] for _ in range(SHIPS)]
        self.ship_acts = [0] * SHIPS
        self.hands = [ALL_CHIEFS] * n
        self.sterns = [STERNS_PER_PLAYER] * n
        self.stern_on = [-1] * SHIPS
        self.points = [0] * n
        self.sheet: list[tuple[str, list[int]]] = []
        self.out_vikings = 0
        self.out_chiefs = 0
        self.out_sterns = 0
        self.turn = 0  # SB-2: seat 0 starts
        self.held = -1
        self.laid = -1
        self.taken_slot = -1
        self.eval_kind = NORMAL
        self.eval_ships: list[int] = []
        self.eval_index = 0
        self.eval_chief = 0
        self.protect = 0
        # Setup: 2 vikings into each ship, then 3 into the display.
        self.deals = [s for s in range(SHIPS) for _ in range(START_VIKINGS_PER_SHIP)]
        self.deals += [TO_DISPLAY + d for d in range(DISPLAY_SIZE)]
        self.resume = R_START
        self.phase = DEAL
        self.pending: list[int] = []  # the legal actions of a decision, once computed

    # ---- protocol ------------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == DEAL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == EVALUATE:
            return self.chiefs[self.eval_ships[self.eval_index]][self.eval_chief][0]
        return self.turn

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != DEAL:
            return []
        size = self.pile_size
        pile = self.pile
        return [(t, pile[t] / size) for t in compress(TYPES, pile)]

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == DEAL:
            return list(compress(TYPES, self.pile))
        if phase == CHOOSE:
            return self._choose_options()
        if phase == PLACE:
            limit = self.limit
            ships = self.ships
            return [LAY_ID[s] for s in range(SHIPS) if len(ships[s]) < limit]
        if phase == LOAD_FOOD:
            return self._food_options()
        if phase == OVER:
            return []
        return self.pending  # LOAD_EQUIP, CHIEFTAIN, EVALUATE: computed on entering the phase

    def _is_legal(self, action: int) -> bool:
        if self.phase == DEAL:  # a chance node: any card type left in the pile
            return 0 <= action < len(TYPES) and self.pile[action] > 0
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return action in cache

    def _apply(self, action: int) -> None:
        kind = KIND[action]
        a = ARG1[action]
        b = ARG2[action]
        if kind == REVEAL:
            self.pile[a] -= 1
            self.pile_size -= 1
            target = self.deals.pop(0)
            if target < SHIPS:
                self.ships[target].append(a)
                self.equip[target].append(0)
            elif target < TO_HAND:
                self.display[target - TO_DISPLAY] = a
            else:
                self.held = a
            self._run_deals()
        elif kind == TAKE:
            self.held = self.display[a]
            self.display[a] = -1
            self.taken_slot = a
            self.phase = PLACE
        elif kind == DRAW:
            self.deals = [TO_HAND]
            self.resume = R_LAY
            self.phase = DEAL
        elif kind == STERN:
            self.sterns[self.turn] -= 1
            self.stern_on[a] = self.turn
            self._start_evaluation(NORMAL, [a])
        elif kind == LAY_CARD:
            card = self.laid = self.held
            self.held = -1
            self.ships[a].append(card)
            self.equip[a].append(0)
            if IS_FOOD[card]:
                self.phase = LOAD_FOOD  # always possible: stock, or a bow with 2+, or no food
                return
            options = self._equip_options()
            if options:
                self.pending = options
                self.phase = LOAD_EQUIP
            else:  # no card may take equipment: none is loaded (rulebook)
                self._to_chieftain()
        elif kind == FOOD_LOAD:
            self.food_stock -= 1
            self.food[a] += 1
            self._to_chieftain()
        elif kind == FOOD_SHIFT:
            self.food[a] -= 1
            self.food[b] += 1
            self._to_chieftain()
        elif kind == EQUIP_LOAD:
            self.equip_stock -= 1
            self.equip[a // L][a % L] += 1
            self._to_chieftain()
        elif kind == EQUIP_SHIFT:
            self.equip[a // L][a % L] -= 1
            self.equip[b // L][b % L] += 1
            self._to_chieftain()
        elif kind in (NO_FOOD, NO_EQUIP):
            self._to_chieftain()
        elif kind == CHIEF:
            self.hands[self.turn] &= ~(1 << a)
            self.chiefs[b].append((self.turn, a))
            self.ship_acts[b] |= 1 << a
            self._end_turn()
        elif kind == PASS:
            self._end_turn()
        else:
            self._apply_chieftain(kind, a, b)

    def _apply_chieftain(self, kind: int, a: int, b: int) -> None:
        if kind == MOVE_EQUIP:
            if a == STOCK:
                self.equip_stock -= 1
            else:
                self.equip[a // L][a % L] -= 1
            if b == STOCK:
                self.equip_stock += 1
            else:
                self.equip[b // L][b % L] += 1
        elif kind == MOVE_FOOD:
            if a == STOCK:
                self.food_stock -= 1
            else:
                self.food[a] -= 1
            if b == STOCK:
                self.food_stock += 1
            else:
                self.food[b] += 1
        elif kind == REMOVE:
            if a < CARD_SLOTS:
                del self.ships[a // L][a % L]
                del self.equip[a // L][a % L]
            else:
                self.display[a - CARD_SLOTS] = -1
            self.out_vikings += 1
        elif kind == SWAP:
            x = self._card_at(a)
            self._set_card(a, self._card_at(b))
            self._set_card(b, x)
        self.eval_chief += 1
        self._evaluate()

    # ---- flow ----------------------------------------------------------------------------------

    def _run_deals(self) -> None:
        """Deal the pending cards one chance node at a time; then go on with ``resume``.

        Deals stop when the pile runs out: a new ship gets what the pile still has, possibly
        nothing (SB-8), and an emptied display slot stays empty."""
        if self.deals and self.pile_size:
            self.phase = DEAL
            return
        self.deals = []
        resume = self.resume
        if resume == R_START:
            self._start_turn()
        elif resume == R_LAY:
            self.phase = PLACE
        elif resume == R_TURN_END:
            self._turn_end()
        elif resume == R_EVAL:
            self._evaluate()
        elif resume == R_EVAL_DONE:
            # Refill display slots a chieftain emptied (the display holds 3 while the pile lasts).
            self.deals = [TO_DISPLAY + d for d in range(DISPLAY_SIZE) if self.display[d] < 0]
            self.resume = R_AFTER_EVAL
            self._run_deals()
        else:  # R_AFTER_EVAL
            if self._game_over():
                self._start_evaluation(FINAL, [0, 1, 2])
                return
            if self.eval_kind == NORMAL:
                self.turn = (self.turn + 1) % self.n
            # SB-7: SB-5's evaluation of all ships is not a turn; the same player takes it.
            self._start_turn()

    def _start_turn(self) -> None:
        if self._all_full() and not self.sterns[self.turn]:
            # SB-5: every ship is full and this player has no stern: evaluate all three ships.
            self._start_evaluation(ALL_FULL, [0, 1, 2])
        else:
            self.phase = CHOOSE  # if every ship is full, only "stern" is legal (SB-5)

    def _to_chieftain(self) -> None:
        options = self._chief_options()
        if options:
            options.append(PASS_ID)
            self.pending = options
            self.phase = CHIEFTAIN
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.laid = -1
        if self.taken_slot >= 0:
            self.deals = [TO_DISPLAY + self.taken_slot]
            self.taken_slot = -1
            self.resume = R_TURN_END
            self._run_deals()
        else:
            self._turn_end()

    def _turn_end(self) -> None:
        if self._game_over():
            self._start_evaluation(FINAL, [0, 1, 2])
        else:
            self.turn = (self.turn + 1) % self.n
            self._start_turn()

    def _game_over(self) -> bool:
        """SB-6: the draw pile is empty and the display's last card has been laid."""
        return not self.pile_size and max(self.display) < 0

    def _start_evaluation(self, kind: int, ships: list[int]) -> None:
        self.eval_kind = kind
        self.eval_ships = ships
        self.eval_index = 0
        self.eval_chief = 0
        self.protect = 0
        self._evaluate()

    def _evaluate(self) -> None:
        """Carry the evaluation on until a chieftain's owner must decide, or a deal is due."""
        while True:
            ship = self.eval_ships[self.eval_index]
            line = self.chiefs[ship]
            while self.eval_chief < len(line):
                owner, kind = line[self.eval_chief]
                if kind == PROTECT_CHIEF:
                    self.protect |= 1 << owner
                else:
                    options = self._eval_options(kind, ship)
                    if options:
                        options.append(SKIP_ID)
                        options.sort()
                        self.pending = options
                        self.phase = EVALUATE
                        return
                self.eval_chief += 1  # nothing this chieftain could do
            self.eval_chief = 0
            self.protect = 0  # SB-9: a Protection holds only in its own ship, final evaluation too
            self.eval_index += 1
            if self.eval_kind == FINAL:
                if self.eval_index < SHIPS:
                    continue
                for s in range(SHIPS):
                    self._score(s, f"final evaluation, ship {s + 1}")
                self.phase = OVER
                return
            stern = self.stern_on[ship]
            label = f"ship {ship + 1}" + (
                f", stern {COLOURS[stern]}" if stern >= 0 else ", all ships full (SB-5)"
            )
            self._score(ship, label)
            self._clear(ship)
            self.resume = R_EVAL if self.eval_index < len(self.eval_ships) else R_EVAL_DONE
            self.deals = [ship] * START_VIKINGS_PER_SHIP  # as many as the pile has (SB-8)
            self._run_deals()
            return

    def ship_points(self, ship: int) -> list[int]:
        """What each seat would score for ``ship`` now: (own shields, the stern's included (SB-4),
        + equipment stones on cards showing the seat's colour) x food on the ship's bow."""
        totals = [0] * len(COLOURS)
        for card, stones in zip(self.ships[ship], self.equip[ship], strict=True):
            for colour in VIKING_TYPES[card].shields:
                totals[colour] += 1
            if stones:
                for colour in COLOUR_LIST[card]:
                    totals[colour] += stones
        stern = self.stern_on[ship]
        if stern >= 0:
            totals[stern] += 1  # SB-4
        food = self.food[ship]
        return [totals[c] * food for c in range(self.n)]

    def _score(self, ship: int, label: str) -> None:
        gained = self.ship_points(ship)
        for c in range(self.n):
            self.points[c] += gained[c]
        self.sheet.append((label, gained))

    def _clear(self, ship: int) -> None:
        """Phase 3: the ship's cards leave the game; stones go back; the bow keeps 1 food."""
        self.equip_stock += sum(self.equip[ship])
        self.out_vikings += len(self.ships[ship])
        self.out_chiefs += len(self.chiefs[ship])
        self.ships[ship] = []
        self.equip[ship] = []
        self.chiefs[ship] = []
        self.ship_acts[ship] = 0
        if self.stern_on[ship] >= 0:
            self.out_sterns += 1
            self.stern_on[ship] = -1
        self.food_stock += self.food[ship] - 1
        self.food[ship] = 1

    # ---- legal options -------------------------------------------------------------------------

    def _choose_options(self) -> list[int]:
        result = []
        if not self._all_full():
            display = self.display
            result = [TAKE_ID[d] for d in range(DISPLAY_SIZE) if display[d] >= 0]
            if self.pile_size:
                result.append(DRAW_ID)
        if self.sterns[self.turn]:
            ships = self.ships
            for s in range(SHIPS):
                if len(ships[s]) >= MIN_VIKINGS_FOR_STERN:
                    result.append(STERN_ID[s])
        return result

    def _all_full(self) -> bool:
        limit = self.limit
        ships = self.ships
        return len(ships[0]) >= limit and len(ships[1]) >= limit and len(ships[2]) >= limit

    def _food_options(self) -> list[int]:
        if self.food_stock:
            return list(FOOD_LOAD_ID)
        # SB-3: the stock is empty, so the player may move a stone from a bow holding 2 or more.
        food = self.food
        shift = FOOD_SHIFT_ID
        result = [shift[a][b] for a in range(SHIPS) if food[a] > 1 for b in range(SHIPS) if a != b]
        result.append(NO_FOOD_ID)
        result.sort()
        return result

    def _allowed_equip_slots(self) -> list[int]:
        """Ship slots whose card shows no shield colour of the card just laid (rulebook)."""
        forbid = MASK[self.laid]
        return [
            s * L + k
            for s in range(SHIPS)
            for k, card in enumerate(self.ships[s])
            if not MASK[card] & forbid
        ]

    def _equip_options(self) -> list[int]:
        allowed = self._allowed_equip_slots()
        if self.equip_stock:
            return [EQUIP_LOAD_ID[c] for c in allowed]
        if not allowed:
            return []
        shift = EQUIP_SHIFT_ID
        result = [
            shift[s * L + k][c]
            for s in range(SHIPS)
            for k, stones in enumerate(self.equip[s])
            if stones
            for c in allowed
            if c != s * L + k
        ]
        if not result:
            return []
        result.append(NO_EQUIP_ID)
        result.sort()
        return result

    def _chief_options(self) -> list[int]:
        hand = self.hands[self.turn]
        if not hand:
            return []
        acts = self.ship_acts
        key = (hand & ~acts[0]) | (hand & ~acts[1]) << 5 | (hand & ~acts[2]) << 10
        options = _CHIEF_OPTIONS.get(key)
        if options is None:
            options = _CHIEF_OPTIONS[key] = [
                CHIEF_ID[k][s]
                for k in range(len(CHIEFTAIN_ACTIONS))
                for s in range(SHIPS)
                if key >> (5 * s + k) & 1
            ]
        return options.copy()

    def _protected(self, slot: int, ship: int) -> bool:
        """Protection (SB-9): cards showing a protector's colour, in the ship being evaluated
        only; ``protect`` holds the protectors laid so far in that ship's line."""
        return slot // L == ship and bool(MASK[self.ships[ship][slot % L]] & self.protect)

    def _eval_options(self, kind: int, ship: int) -> list[int]:
        """What the chieftain of ``kind`` may do now, "skip" excepted (empty: nothing)."""
        ships = self.ships
        if kind == EQUIP_CHIEF:
            cards = [s * L + k for s in range(SHIPS) for k in range(len(ships[s]))]
            loaded = [c for c in cards if self.equip[c // L][c % L]]
            move = MOVE_EQUIP_ID
            result = [move[a + 1][0] for a in loaded]  # card -> stock
            result += [move[a + 1][b + 1] for a in loaded for b in cards if a != b]
            if self.equip_stock:
                result += [move[0][b + 1] for b in cards]
            return result
        if kind == FOOD_CHIEF:
            move = MOVE_FOOD_ID
            sources = [a + 1 for a in range(SHIPS) if self.food[a] > 1]
            if self.food_stock:
                sources.append(0)
            return [move[a][b] for a in sources for b in range(SHIPS + 1) if a != b]
        places = [
            s * L + k
            for s in range(SHIPS)
            for k in range(len(ships[s]))
            if not self.equip[s][k] and not self._protected(s * L + k, ship)
        ]
        places += [CARD_SLOTS + d for d in range(DISPLAY_SIZE) if self.display[d] >= 0]
        if kind == REMOVE_CHIEF:
            return [REMOVE_ID[x] for x in places]
        swap = SWAP_ID
        # A swap within one ship, or between two display cards, changes nothing: not offered.
        return [
            swap[x][y]
            for i, x in enumerate(places)
            for y in places[i + 1 :]
            if CONTAINER[x] != CONTAINER[y]
        ]

    # ---- helpers -------------------------------------------------------------------------------

    def _card_at(self, place: int) -> int:
        """The card type at a ship slot or display slot, or -1."""
        if place >= CARD_SLOTS:
            return self.display[place - CARD_SLOTS]
        ship = self.ships[place // L]
        return ship[place % L] if place % L < len(ship) else -1

    def _set_card(self, place: int, card: int) -> None:
        if place >= CARD_SLOTS:
            self.display[place - CARD_SLOTS] = card
        else:
            self.ships[place // L][place % L] = card

    def _current_chieftain(self) -> tuple[int, int, int]:
        ship = self.eval_ships[self.eval_index]
        owner, kind = self.chiefs[ship][self.eval_chief]
        return ship, owner, kind

    # ---- scores, copies, views ------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def _copy(self) -> SkibeState:
        new = self._blank()
        new.n = self.n
        new.limit = self.limit
        new.pile = self.pile.copy()
        new.pile_size = self.pile_size
        new.display = self.display.copy()
        new.ships = [s.copy() for s in self.ships]
        new.equip = [e.copy() for e in self.equip]
        new.food = self.food.copy()
        new.food_stock = self.food_stock
        new.equip_stock = self.equip_stock
        new.chiefs = [c.copy() for c in self.chiefs]
        new.ship_acts = self.ship_acts.copy()
        new.hands = self.hands.copy()
        new.sterns = self.sterns.copy()
        new.stern_on = self.stern_on.copy()
        new.points = self.points.copy()
        new.sheet = [(label, pts.copy()) for label, pts in self.sheet]
        new.out_vikings = self.out_vikings
        new.out_chiefs = self.out_chiefs
        new.out_sterns = self.out_sterns
        new.turn = self.turn
        new.held = self.held
        new.laid = self.laid
        new.taken_slot = self.taken_slot
        new.eval_kind = self.eval_kind
        new.eval_ships = self.eval_ships.copy()
        new.eval_index = self.eval_index
        new.eval_chief = self.eval_chief
        new.protect = self.protect
        new.deals = self.deals.copy()
        new.resume = self.resume
        new.phase = self.phase
        new.pending = self.pending  # never mutated once set
        return new

    def resample_hidden(self, player: int, rng: random.Random) -> SkibeState:
        """Skibe hides nothing that is decided: the pile's order is chance not yet drawn."""
        self._check_seat(player)
        return self._copy()

    def component_counts(self) -> dict[str, int]:
        return {
            "vikings": self.pile_size
            + sum(1 for c in self.display if c >= 0)
            + sum(len(s) for s in self.ships)
            + (self.held >= 0)
            + self.out_vikings,
            "food": self.food_stock + sum(self.food),
            "equipment": self.equip_stock + sum(sum(e) for e in self.equip),
            "chieftains": sum(h.bit_count() for h in self.hands)
            + sum(len(c) for c in self.chiefs)
            + self.out_chiefs,
            "sterns": sum(self.sterns) + sum(1 for o in self.stern_on if o >= 0) + self.out_sterns,
        }

    def view(self, player: int | None) -> dict[str, JSON]:
        """The whole table (Skibe has no secrets; see the module docstring)."""
        self._check_seat(player)
        to_move = self.current_player()
        evaluation: dict[str, JSON] | None = None
        if self.phase == EVALUATE:
            ship, owner, kind = self._current_chieftain()
            evaluation = {
                "ship": ship + 1,
                "chieftain": CHIEFTAIN_ACTIONS[kind],
                "owner": COLOURS[owner],
                "protected_colours": [COLOURS[c] for c in range(self.n) if self.protect >> c & 1],
            }
        return {
            "game": "skibe",
            "seat": player,
            "players": [COLOURS[c] for c in range(self.n)],
            "ship_limit": self.limit,
            "turn": self.turn,
            "to_move": to_move,
            "phase": PHASE_NAMES[self.phase],
            "held": NAME[self.held] if self.held >= 0 else None,
            "last_laid": NAME[self.laid] if self.laid >= 0 else None,
            "evaluation": evaluation,
            "pile": self.pile_size,
            "display": [NAME[c] if c >= 0 else None for c in self.display],
            "ships": [
                {
                    "bow_food": self.food[s],
                    "vikings": [
                        {"card": NAME[t], "equipment": k}
                        for t, k in zip(self.ships[s], self.equip[s], strict=True)
                    ],
                    "chieftains": [
                        {"owner": COLOURS[o], "action": CHIEFTAIN_ACTIONS[k]}
                        for o, k in self.chiefs[s]
                    ],
                    "stern": COLOURS[self.stern_on[s]] if self.stern_on[s] >= 0 else None,
                }
                for s in range(SHIPS)
            ],
            "stock": {"food": self.food_stock, "equipment": self.equip_stock},
            "hands": [
                {
                    "chieftains": [
                        CHIEFTAIN_ACTIONS[k]
                        for k in range(len(CHIEFTAIN_ACTIONS))
                        if self.hands[c] >> k & 1
                    ],
                    "sterns": self.sterns[c],
                }
                for c in range(self.n)
            ],
            "scores": list(self.points),
            "sheet": [{"label": label, "points": list(pts)} for label, pts in self.sheet],
            "out_of_game": self.out_vikings,
        }

    # ---- why an action is illegal -------------------------------------------------------------

    def _why_illegal(self, action: int) -> str:
        kind, a, b = KIND[action], ARG1[action], ARG2[action]
        phase = self.phase
        who = COLOURS[self.current_player()] if self.phase != DEAL else "chance"
        if kind not in PHASE_KINDS.get(phase, set()):
            return f"now {who} must {self._task()}"
        if phase == EVALUATE:
            ship, _owner, chief = self._current_chieftain()
            if kind not in (EVAL_ACTION[chief], SKIP):
                return f"now {who} must {self._task()}"
            return self._why_chieftain_illegal(kind, a, b, ship)
        limit_msg = (
            f"every ship has {self.limit} Viking cards, the limit with {self.n} players: "
            "lay a stern (SB-5)"
        )
        full = all(len(ship) >= self.limit for ship in self.ships)
        if kind == REVEAL:
            return f"no {NAME[a]} card is left in the draw pile (deck: SB-1)"
        if kind == TAKE:
            return (
                f"display slot d{a + 1} is empty (the pile could not refill it)"
                if self.display[a] < 0
                else limit_msg
            )
        if kind == DRAW:
            return "the draw pile is empty" if not self.pile_size else limit_msg
        if kind == STERN:
            if not self.sterns[self.turn]:
                return f"{who} has laid both sterns (2 per player, rulebook)"
            return (
                f"ship {a + 1} has {len(self.ships[a])} Viking cards: a stern needs at least "
                f"{MIN_VIKINGS_FOR_STERN} (rulebook)"
            )
        if kind == LAY_CARD:
            return (
                f"ship {a + 1} already has {self.limit} Viking cards, the limit with "
                f"{self.n} players (rulebook)"
            )
        if kind == FOOD_LOAD:
            return (
                "the stock has no food: move a stone from a bow holding 2 or more to another "
                f"bow or pass ({self._examples(FOOD_SHIFT, NO_FOOD)}) (SB-3)"
            )
        if kind == FOOD_SHIFT:
            if self.food_stock:
                return (
                    "the stock still has food: load it from the stock "
                    f"({self._examples(FOOD_LOAD)}) (SB-3)"
                )
            return f"bow {a + 1} has its last food stone, which never moves (rulebook, SB-3)"
        if kind == NO_FOOD:
            return "the stock still has food: loading it is compulsory (SB-3)"
        if kind in (EQUIP_LOAD, EQUIP_SHIFT):
            if kind == EQUIP_LOAD and not self.equip_stock:
                return (
                    "the stock has no equipment: move a stone from card to card or pass "
                    f"({self._examples(EQUIP_SHIFT, NO_EQUIP)})"
                )
            if kind == EQUIP_SHIFT and self.equip_stock:
                return (
                    "the stock still has equipment: load it from the stock "
                    f"({self._examples(EQUIP_LOAD)})"
                )
            if kind == EQUIP_SHIFT:
                if self._card_at(a) < 0:
                    return f"there is no card {N.slot_name(a)}"
                if not self.equip[a // L][a % L]:
                    return f"card {N.slot_name(a)} carries no equipment"
                a = b
            card = self._card_at(a)
            if card < 0:
                return f"there is no card {N.slot_name(a)}"
            return (
                f"card {N.slot_name(a)} ({NAME[card]}) shares a shield colour with the card "
                f"just laid ({NAME[self.laid]}): equipment goes on a card showing a different "
                "shield (rulebook)"
            )
        if kind == NO_EQUIP:
            return "the stock has equipment and a card may take it: loading it is compulsory"
        if kind == CHIEF:
            if not self.hands[self.turn] >> a & 1:
                return (
                    f"{who} has already played its {CHIEFTAIN_ACTIONS[a]} chieftain (one of each "
                    "per player, rulebook)"
                )
            return (
                f"ship {b + 1} already has a {CHIEFTAIN_ACTIONS[a]} chieftain: each action once "
                "per ship (rulebook)"
            )
        return "not legal now" + (" " + limit_msg if full else "")

    def _why_chieftain_illegal(self, kind: int, a: int, b: int, ship: int) -> str:
        if kind == MOVE_EQUIP:
            if a == STOCK:
                return "the stock has no equipment"
            if self._card_at(a) < 0:
                return f"there is no card {N.slot_name(a)}"
            if b != STOCK and self._card_at(b) < 0:
                return f"there is no card {N.slot_name(b)}"
            return f"card {N.slot_name(a)} carries no equipment"
        if kind == MOVE_FOOD:
            if a == STOCK:
                return "the stock has no food"
            return f"bow {a + 1} has its last food stone, which never moves (rulebook)"
        for place in (a, b) if kind == SWAP else (a,):
            name = N.slot_name(place)
            if self._card_at(place) < 0:
                return f"there is no card {name}"
            if place < CARD_SLOTS and self.equip[place // L][place % L]:
                return f"card {name} carries equipment, which protects it (rulebook)"
            if place < CARD_SLOTS and self._protected(place, ship):
                return f"card {name} is protected by a protection chieftain (rulebook: Protection)"
        return "swapping two cards of one ship, or two display cards, changes nothing"

    def _prompt(self) -> str:
        return self._task()

    def _task(self) -> str:
        """What is being decided now, quoting only legal actions (the prompt at a decision)."""
        phase = self.phase
        if phase == DEAL:
            return "reveal the top card of the draw pile (a chance event)"
        if phase == CHOOSE:
            if all(len(ship) >= self.limit for ship in self.ships):
                return f"lay a stern: every ship is full (SB-5) ({self._examples(STERN)})"
            return offer(
                [
                    ("take a display card", self._legal_of(TAKE)),
                    ("draw", self._legal_of(DRAW)),
                    ("lay a stern", self._legal_of(STERN)),
                ]
            )
        if phase == PLACE:
            return f"lay the {NAME[self.held]} in a ship ({self._examples(LAY_CARD)})"
        if phase == LOAD_FOOD:
            return f"load food onto a bow ({self._examples(FOOD_LOAD, FOOD_SHIFT, NO_FOOD)})"
        if phase == LOAD_EQUIP:
            kinds = (EQUIP_LOAD, EQUIP_SHIFT, NO_EQUIP)
            return f"load equipment onto a card ({self._examples(*kinds)})"
        if phase == CHIEFTAIN:
            return offer([("play a chieftain", self._legal_of(CHIEF)), ("pass", ["pass"])])
        if phase == EVALUATE:
            ship, _owner, kind = self._current_chieftain()
            return (
                f"carry out the {CHIEFTAIN_ACTIONS[kind]} chieftain on ship {ship + 1} "
                f"({self._examples(EVAL_ACTION[kind], SKIP)})"
            )
        return "nothing: the game is over"

    # ---- text ---------------------------------------------------------------------------------


__all__ = ["EQUIPMENT", "FOOD", "SkibeGame", "SkibeState"]
