"""A ship's evaluation (rulebook, How to Play 2; End of Game): Phase 1, its Chieftains' actions,
carried out from the bow outward, each by its owner (phase ``evaluate``), Protection shielding its
owner's cards in that ship from the Chieftains after it (SB-9); Phase 2, every player scores
(shields of their colour, the stern's included (SB-4), plus equipment on cards showing it, times
the food on the bow); Phase 3, the ship is cleared and 2 new cards are dealt to it. The final
evaluation carries out every Chieftain, top ship first, then scores every ship (SB-6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import OVER, Phase, Work
from langbord.core.i18n import N_, _
from langbord.engines.skibe.data import (
    CHIEFTAIN_ACTIONS,
    COLOURS,
    DISPLAY_SIZE,
    EQUIP_CHIEF,
    FOOD_CHIEF,
    PROTECT_CHIEF,
    REMOVE_CHIEF,
    SHIPS,
    START_VIKINGS_PER_SHIP,
    SWAP_CHIEF,
)
from langbord.engines.skibe.notation import (
    ARG1,
    ARG2,
    CARD_SLOTS,
    KIND,
    MOVE_EQUIP,
    MOVE_EQUIP_ID,
    MOVE_FOOD,
    MOVE_FOOD_ID,
    PLACES,
    REMOVE,
    REMOVE_ID,
    SKIP,
    SKIP_ID,
    STOCK,
    SWAP,
    SWAP_ID,
    slot_name,
)
from langbord.engines.skibe.phases import in_order
from langbord.engines.skibe.phases.draw_pile import DealToShip
from langbord.engines.skibe.phases.equipment import add_equipment, equipped_slots
from langbord.engines.skibe.tables import MASK, L

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

EVAL_ACTION = {
    EQUIP_CHIEF: MOVE_EQUIP,
    FOOD_CHIEF: MOVE_FOOD,
    REMOVE_CHIEF: REMOVE,
    SWAP_CHIEF: SWAP,
}
"""The kind of action each Chieftain's owner decides in an evaluation (Protection needs none)."""
ACTIONS = {
    kind: sorted(a for a in range(len(KIND)) if KIND[a] == kind) for kind in EVAL_ACTION.values()
}
"""Every action of each kind an owner may decide."""
CONTAINER = [min(x // L, SHIPS) for x in range(PLACES)]
"""Which container a place is in: its ship, or ``SHIPS`` for the display."""
ALL_FULL = -1
"""A ship evaluated with no stern, every ship being full (SB-5), as the score sheet says."""
FINAL = -2
"""A ship of the final evaluation (SB-6), as the score sheet says."""
_STERN_ROW = N_("ship {ship}, stern {colour}")
_SHEET_ROWS = {
    ALL_FULL: N_("ship {ship}, all ships full (SB-5)"),
    FINAL: N_("final evaluation, ship {ship}"),
}


def sheet_label(ship: int, how: int, say: Callable[[str], str] = _) -> str:
    """The score sheet's label of an evaluation of ``ship``: "ship 2, stern red" (``how``: the
    seat whose stern closed it), "ship 2, all ships full (SB-5)" or "final evaluation, ship 2".
    ``say`` says its words: ``_`` in the language spoken, ``N_`` as written (the view's)."""
    if how >= 0:
        return say(_STERN_ROW).format(ship=ship + 1, colour=say(COLOURS[how]))
    return say(_SHEET_ROWS[how]).format(ship=ship + 1)


# ---- pending work: the evaluation of a ship ------------------------------------------------------


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
            options = chieftain_moves(state, action, ship, protected)
            if options:  # else nothing this chieftain could do
                options.append(SKIP_ID)
                options.sort()
                state.choices = options
                state.acting = ActChieftains(ship, index, protected)
                state.phase = EVALUATE
                return True
        return False


class ScoreShip(NamedTuple):
    """Phases 2 and 3: every player scores ``ship``; its cards and Chieftains leave the game; its
    stones go back; the bow keeps 1 food."""

    ship: int

    def run(self, state: SkibeState) -> bool:
        s = self.ship
        ship = state.ships[s]
        stern = ship.stern
        state.score(s, stern if stern >= 0 else ALL_FULL)
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
            state.score(s, FINAL)
        state.phase = OVER
        return True


def evaluation(ship: int) -> tuple[Work, ...]:
    """A ship's evaluation: its Chieftains act, it scores and is cleared, 2 new cards are dealt."""
    return (ActChieftains(ship), ScoreShip(ship), *[DealToShip(ship)] * START_VIKINGS_PER_SHIP)


FINAL_EVALUATION = in_order(*[ActChieftains(s) for s in range(SHIPS)], FinalScoring())
"""SB-6: every Chieftain acts, top ship first (SB-9: each Protection in its own ship), then every
ship scores."""


# ---- what a Chieftain may do -----------------------------------------------------------------


def chieftain_owner(state: SkibeState) -> int:
    """The owner of the Chieftain acting, who decides what it does."""
    acting = state.acting
    assert acting is not None
    return state.ships[acting.ship].chieftains[acting.first][0]


def chieftain_moves(state: SkibeState, action: int, ship: int, protected: int) -> list[int]:
    """What the Chieftain of ``action`` may do now, "skip" excepted (empty: nothing)."""
    if action == EQUIP_CHIEF:
        return _equipment_moves(state)
    if action == FOOD_CHIEF:
        return _food_moves(state)
    places = _free_places(state, ship, protected)
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


def _equipment_moves(state: SkibeState) -> list[int]:
    cards = [s * L + k for s in range(SHIPS) for k in range(len(state.ships[s].cards))]
    loaded = equipped_slots(state)
    move = MOVE_EQUIP_ID
    result = [move[a + 1][0] for a in loaded]  # card -> stock
    result += [move[a + 1][b + 1] for a in loaded for b in cards if a != b]
    if state.equipment_stock:
        result += [move[0][b + 1] for b in cards]
    return result


def _food_moves(state: SkibeState) -> list[int]:
    move = MOVE_FOOD_ID
    sources = [a + 1 for a in range(SHIPS) if state.ships[a].food > 1]
    if state.food_stock:
        sources.append(0)
    return [move[a][b] for a in sources for b in range(SHIPS + 1) if a != b]


def _free_places(state: SkibeState, ship: int, protected: int) -> list[int]:
    """Cards a Chieftain may remove or swap: no equipment on them, not protected (SB-9)."""
    places = []
    for s, vessel in enumerate(state.ships):
        guard = protected if s == ship else 0  # SB-9: only in the ship being evaluated
        cards = vessel.cards
        for k, stones in enumerate(vessel.equipment):
            if not stones and not MASK[cards[k]] & guard:
                places.append(s * L + k)
    places += [CARD_SLOTS + d for d in range(DISPLAY_SIZE) if state.display[d] >= 0]
    return places


# ---- the phase -----------------------------------------------------------------------------------


def legal(state: SkibeState) -> list[int]:
    """The moves found when the Chieftain began to act (:class:`ActChieftains`)."""
    return state.choices


def _acting_chieftain(state: SkibeState) -> int:
    acting = state.acting
    assert acting is not None
    return state.ships[acting.ship].chieftains[acting.first][1]


def why_not(state: SkibeState, action: int) -> str:
    """Why the acting Chieftain may not do ``action``; "" if it may."""
    kind, a, b = KIND[action], ARG1[action], ARG2[action]
    if kind == SKIP:
        return ""
    if kind != EVAL_ACTION[_acting_chieftain(state)]:
        return state.wrong_phase(action)
    if kind == MOVE_EQUIP:
        return _why_equipment_stays(state, a, b)
    if kind == MOVE_FOOD:
        if a == STOCK:
            return "" if state.food_stock else _("the stock has no food")
        if state.ships[a].food > 1:
            return ""
        return _("bow {bow} has its last food stone, which never moves (rulebook)").format(
            bow=a + 1
        )
    for place in (a, b) if kind == SWAP else (a,):
        why = _why_card_stays(state, place)
        if why:
            return why
    if kind == SWAP and CONTAINER[a] == CONTAINER[b]:
        return _("swapping two cards of one ship, or two display cards, changes nothing")
    return ""


def _why_equipment_stays(state: SkibeState, source: int, target: int) -> str:
    """Why no equipment stone moves from ``source`` to ``target`` ("": one may)."""
    if source == STOCK:
        if not state.equipment_stock:
            return _("the stock has no equipment")
    elif state.card_at(source) < 0:
        return _("there is no card {slot}").format(slot=slot_name(source))
    if target != STOCK and state.card_at(target) < 0:
        return _("there is no card {slot}").format(slot=slot_name(target))
    if source != STOCK and not state.stones_at(source):
        return _("card {slot} carries no equipment").format(slot=slot_name(source))
    return ""


def _why_card_stays(state: SkibeState, place: int) -> str:
    """Why a Chieftain may not remove or swap the card at ``place`` ("": it may)."""
    acting = state.acting
    assert acting is not None
    name = slot_name(place)
    if state.card_at(place) < 0:
        return _("there is no card {slot}").format(slot=name)
    if place < CARD_SLOTS and state.stones_at(place):
        return _("card {slot} carries equipment, which protects it (rulebook)").format(slot=name)
    if place < CARD_SLOTS and _protected(state, place, acting.ship, acting.protected):
        return _(
            "card {slot} is protected by a protection chieftain (rulebook: Protection)"
        ).format(slot=name)
    return ""


def _protected(state: SkibeState, slot: int, ship: int, protected: int) -> bool:
    """Protection (SB-9): cards showing a protector's colour, in the ship being evaluated
    only; ``protected`` holds the protectors laid so far in that ship's line."""
    return slot // L == ship and bool(MASK[state.ships[ship].cards[slot % L]] & protected)


def reference(state: SkibeState) -> list[int]:
    kind = EVAL_ACTION[_acting_chieftain(state)]
    return [action for action in [*ACTIONS[kind], SKIP_ID] if not why_not(state, action)]


def apply(state: SkibeState, action: int) -> None:
    """The owner's decision for the acting Chieftain; then the next Chieftains act."""
    kind = KIND[action]
    a = ARG1[action]
    b = ARG2[action]
    if kind == MOVE_EQUIP:
        add_equipment(state, a, -1)
        add_equipment(state, b, 1)
    elif kind == MOVE_FOOD:
        _add_food(state, a, -1)
        _add_food(state, b, 1)
    elif kind == REMOVE:
        _remove(state, a)
    elif kind == SWAP:
        card = state.card_at(a)
        _set_card(state, a, state.card_at(b))
        _set_card(state, b, card)
    acting = state.acting
    assert acting is not None
    state.pending.append(ActChieftains(acting.ship, acting.first + 1, acting.protected))
    state.proceed()


def _add_food(state: SkibeState, bow: int, stones: int) -> None:
    if bow == STOCK:
        state.food_stock += stones
    else:
        state.ships[bow].food += stones


def _remove(state: SkibeState, place: int) -> None:
    if place < CARD_SLOTS:
        ship = state.ships[place // L]
        del ship.cards[place % L]
        del ship.equipment[place % L]
    else:
        state.display[place - CARD_SLOTS] = -1
    state.vikings_out += 1


def _set_card(state: SkibeState, place: int, card: int) -> None:
    if place >= CARD_SLOTS:
        state.display[place - CARD_SLOTS] = card
    else:
        state.ships[place // L].cards[place % L] = card


def task(state: SkibeState, quote: bool) -> str:
    acting = state.acting
    assert acting is not None
    action = _acting_chieftain(state)
    text = _("carry out the {chieftain} chieftain on ship {ship}").format(
        chieftain=_(CHIEFTAIN_ACTIONS[action]), ship=acting.ship + 1
    )
    return f"{text} ({state._examples(EVAL_ACTION[action], SKIP)})" if quote else text


EVALUATE: Phase[SkibeState] = Phase(
    "evaluate",
    {MOVE_EQUIP, MOVE_FOOD, REMOVE, SWAP, SKIP},
    mover=chieftain_owner,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
