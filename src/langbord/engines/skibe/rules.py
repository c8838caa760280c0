"""Skibe's rules: :class:`SkibeGame` and :class:`SkibeState` (rulebooks/skibe.txt, SB-1…SB-9).

Nothing here is hidden from any seat: the Chieftains in hand are face down, but each player holds
exactly one of each action, so which remain is public; the draw pile's order is not decided until
a card is revealed (a chance node). ``view`` is therefore the whole table for every seat.

The table: a :class:`Player` per seat (Chieftains in hand, sterns, points) and a :class:`Ship` per
bow (its Viking cards and their equipment, the food on its bow, its Chieftains, its stern).

The turn flow (``SkibeState.flow``) is declared phase by phase in :mod:`.phases`, one module per
part of the rulebook's turn, each with its legal moves, apply, why-not, task and references to
the rulings: ``choose`` (:mod:`.phases.turn`), ``lay`` (:mod:`.phases.extend_ship`), ``food``
and ``equipment`` (the cargo), ``chieftain`` (:mod:`.phases.laying_chieftains`), ``evaluate``
(:mod:`.phases.evaluation`) and the chance node ``deal`` (:mod:`.phases.draw_pile`). What follows
a decision waits in ``pending`` as records defined beside the phase they lead to.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from langbord.core.flow import OVER, Flow, FlowState
from langbord.core.game import JSON, Game
from langbord.core.i18n import N_, _
from langbord.core.info import GameInfo
from langbord.core.options import Option
from langbord.engines.skibe.data import (
    CHIEFTAIN_ACTIONS,
    COLOURS,
    DISPLAY_SIZE,
    EQUIPMENT,
    EQUIPMENT_STONES,
    FOOD,
    FOOD_STONES,
    SHIP_LIMIT,
    SHIPS,
    START_VIKINGS_PER_SHIP,
    STERNS_PER_PLAYER,
    deck_counts,
)
from langbord.engines.skibe.info import INFO
from langbord.engines.skibe.notation import (
    ACTION_STRINGS,
    CARD_SLOTS,
    KIND,
)
from langbord.engines.skibe.phases import in_order
from langbord.engines.skibe.phases.draw_pile import (
    DEAL,
    DRAW_TO_HAND,
    TYPES,
    Deal,
    DealToShip,
    RefillDisplay,
)
from langbord.engines.skibe.phases.draw_pile import task as deal_task
from langbord.engines.skibe.phases.equipment import (
    LOAD_EQUIPMENT,
)
from langbord.engines.skibe.phases.evaluation import (
    EVALUATE,
    FINAL,
    ActChieftains,
    sheet_label,
)
from langbord.engines.skibe.phases.extend_ship import LAY
from langbord.engines.skibe.phases.food_supplies import LOAD_FOOD
from langbord.engines.skibe.phases.laying_chieftains import CHIEFTAIN
from langbord.engines.skibe.phases.turn import CHOOSE, NextTurn
from langbord.engines.skibe.tables import COLOUR_LIST, NAME, SHIELDS, L

if TYPE_CHECKING:
    from langbord.engines.skibe.views import SkibeEvaluation, SkibeHand, SkibeShip, SkibeView

ALL_CHIEFS = (1 << len(CHIEFTAIN_ACTIONS)) - 1
DECKS = {players: deck_counts(players) for players in SHIP_LIMIT}
"""The deck by number of players (SB-1)."""


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

    def view(self) -> SkibeHand:
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

    def view(self) -> SkibeShip:
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


# ---- setup ---------------------------------------------------------------------------------------


OPENING = in_order(
    *[DealToShip(s) for s in range(SHIPS) for _card in range(START_VIKINGS_PER_SHIP)],
    RefillDisplay(),
    NextTurn(advance=False),
)
"""Setup: 2 Viking cards into each ship, then 3 into the display; then seat 0's turn (SB-2)."""


class SkibeGame(Game):
    """Skibe for 3–5 players (option ``players``, default 4)."""

    name: ClassVar[str] = "skibe"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 1
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, N_("number of players"), minimum=3, maximum=5, label=N_("Players")),
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
        self.players = [Player() for _seat in range(game.num_players())]
        self.ships = [Ship() for _ship in range(SHIPS)]
        self.ship_limit = game.ship_limit()
        self.pile = game.deck()
        """Copies of each Viking type left in the draw pile (its order is chance, SB-1)."""
        self.pile_size = sum(self.pile)
        self.display = [-1] * DISPLAY_SIZE
        self.food_stock = FOOD_STONES - SHIPS
        self.equipment_stock = EQUIPMENT_STONES
        self.sheet: list[tuple[int, int, list[int]]] = []
        """The score sheet: each evaluation's ship, how it was evaluated (the seat whose stern
        closed it, or :data:`~.phases.evaluation.ALL_FULL` or ``FINAL``; its label:
        :func:`~.phases.evaluation.sheet_label`) and points per seat."""
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
            return _("now chance must {task}").format(task=deal_task(self, True))
        return super().wrong_phase(action)

    # ---- the deal --------------------------------------------------------------------------------

    # ---- a turn ----------------------------------------------------------------------------------

    # ---- an evaluation ---------------------------------------------------------------------------

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

    def score(self, ship: int, how: int) -> None:
        """Every seat scores ``ship``, evaluated as ``how`` says (see ``sheet``)."""
        gained = self.ship_points(ship)
        for player, points in zip(self.players, gained, strict=True):
            player.points += points
        self.sheet.append((ship, how, gained))

    def sheet_labels(self) -> list[str]:
        """The label of each row of the score sheet, in the language spoken."""
        return [sheet_label(ship, how) for ship, how, _points in self.sheet]

    # ---- legal options ---------------------------------------------------------------------------

    def all_full(self) -> bool:
        """Whether every ship holds its limit of Viking cards (SB-5)."""
        limit = self.ship_limit
        ships = self.ships
        return (
            len(ships[0].cards) >= limit
            and len(ships[1].cards) >= limit
            and len(ships[2].cards) >= limit
        )

    # ---- helpers ---------------------------------------------------------------------------------

    def card_at(self, place: int) -> int:
        """The card type at a ship slot or display slot, or -1."""
        if place >= CARD_SLOTS:
            return self.display[place - CARD_SLOTS]
        cards = self.ships[place // L].cards
        return cards[place % L] if place % L < len(cards) else -1

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
            label
            if how == FINAL
            else _("{label} (evaluation {number})").format(label=label, number=i)
            for i, ((_ship, how, _points), label) in enumerate(
                zip(self.sheet, self.sheet_labels(), strict=True), 1
            )
        ]
        return {
            "reason": _("the pile and the display are empty: every ship was scored"),
            "rulings": ["SB-6"],
            "breakdown": {"rows": rows, "values": [list(points) for *_row, points in self.sheet]},
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

    def view(self, player: int | None) -> SkibeView:
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
            "sheet": [
                {"label": sheet_label(ship, how, N_), "points": list(points)}
                for ship, how, points in self.sheet
            ],
            "out_of_game": self.vikings_out,
        }

    def _evaluation_view(self) -> SkibeEvaluation | None:
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


# ---- the turn flow -------------------------------------------------------------------------------

SkibeState.flow = Flow(DEAL, CHOOSE, LAY, LOAD_FOOD, LOAD_EQUIPMENT, CHIEFTAIN, EVALUATE)


__all__ = [
    "CHOOSE",
    "COLOUR_LIST",
    "EQUIPMENT",
    "FOOD",
    "LAY",
    "Player",
    "Ship",
    "SkibeGame",
    "SkibeState",
]
