"""Skibe's action ids and their canonical strings.

Places: ships are numbered 1–3 from the top; ``2.3`` is the third Viking card of ship 2, counted
from the bow; ``d1``–``d3`` are the display slots; ``stock`` is the general stock pile.
Every id has exactly one string, the same in every state.
"""

from __future__ import annotations

from langbord.core.i18n import N_, _
from langbord.core.notation import ActionTable, first, second
from langbord.engines.skibe.data import (
    CHIEFTAIN_ACTIONS,
    DISPLAY_SIZE,
    MAX_SHIP_LIMIT,
    SHIPS,
    VIKING_TYPES,
)
from langbord.engines.skibe.tables import card_words

# Kinds of action.
(
    REVEAL,  # chance: the top card of the pile is revealed
    TAKE,  # take display card
    DRAW,  # draw the top of the pile
    STERN,  # lay a stern on a ship, and evaluate it
    LAY_CARD,  # lay the card taken into a ship
    FOOD_LOAD,  # food from the stock onto a bow
    FOOD_SHIFT,  # food from bow to bow (stock empty, SB-3)
    NO_FOOD,
    EQUIP_LOAD,  # equipment from the stock onto a card
    EQUIP_SHIFT,  # equipment from card to card (stock empty)
    NO_EQUIP,
    CHIEF,  # play a chieftain on a ship
    PASS,  # play no chieftain, end the turn
    MOVE_EQUIP,  # chieftain action: equipment stock/card -> card/stock
    MOVE_FOOD,  # chieftain action: food stock/bow -> bow/stock
    REMOVE,  # chieftain action: remove a Viking card
    SWAP,  # chieftain action: swap two Viking cards
    SKIP,  # chieftain action not used
) = range(18)

CARD_SLOTS = SHIPS * MAX_SHIP_LIMIT
"""Places for a Viking card in ships: ``ship * MAX_SHIP_LIMIT + position`` (0-based)."""
STOCK = -1
"""The stock as a source or destination of a move."""
PLACES = CARD_SLOTS + DISPLAY_SIZE
"""Places a chieftain can remove or swap: ship slots, then display slots (``CARD_SLOTS + d``)."""


def slot_name(slot: int) -> str:
    """``2.3`` for a ship slot, ``d1`` for a display slot, ``stock`` for :data:`STOCK`."""
    if slot == STOCK:
        return "stock"
    if slot >= CARD_SLOTS:
        return f"d{slot - CARD_SLOTS + 1}"
    return f"{slot // MAX_SHIP_LIMIT + 1}.{slot % MAX_SHIP_LIMIT + 1}"


def bow_name(bow: int) -> str:
    return "stock" if bow == STOCK else str(bow + 1)


TABLE = ActionTable()
_add = TABLE.add
KIND, ARG1, ARG2 = TABLE.kind, TABLE.arg1, TABLE.arg2


REVEAL_ID = [_add(REVEAL, t.index, 0, f"reveal {t.name}") for t in VIKING_TYPES]
TAKE_ID = [_add(TAKE, d, 0, f"take d{d + 1}") for d in range(DISPLAY_SIZE)]
DRAW_ID = _add(DRAW, 0, 0, "draw")
STERN_ID = [_add(STERN, s, 0, f"stern {s + 1}") for s in range(SHIPS)]
LAY_ID = [_add(LAY_CARD, s, 0, f"lay {s + 1}") for s in range(SHIPS)]
FOOD_LOAD_ID = [_add(FOOD_LOAD, s, 0, f"food {s + 1}") for s in range(SHIPS)]
FOOD_SHIFT_ID = [
    [_add(FOOD_SHIFT, a, b, f"food {a + 1}>{b + 1}") if a != b else -1 for b in range(SHIPS)]
    for a in range(SHIPS)
]
NO_FOOD_ID = _add(NO_FOOD, 0, 0, "no food")
EQUIP_LOAD_ID = [_add(EQUIP_LOAD, c, 0, f"equip {slot_name(c)}") for c in range(CARD_SLOTS)]
EQUIP_SHIFT_ID = [
    [
        _add(EQUIP_SHIFT, a, b, f"equip {slot_name(a)}>{slot_name(b)}") if a != b else -1
        for b in range(CARD_SLOTS)
    ]
    for a in range(CARD_SLOTS)
]
NO_EQUIP_ID = _add(NO_EQUIP, 0, 0, "no equip")
CHIEF_ID = [
    [_add(CHIEF, k, s, f"chief {CHIEFTAIN_ACTIONS[k]} {s + 1}") for s in range(SHIPS)]
    for k in range(len(CHIEFTAIN_ACTIONS))
]
PASS_ID = _add(PASS, 0, 0, "pass")
# Chieftain moves: index sources/destinations as slot + 1, with 0 for the stock.
MOVE_EQUIP_ID = [
    [
        _add(MOVE_EQUIP, a - 1, b - 1, f"move equip {slot_name(a - 1)}>{slot_name(b - 1)}")
        if a != b
        else -1
        for b in range(CARD_SLOTS + 1)
    ]
    for a in range(CARD_SLOTS + 1)
]
MOVE_FOOD_ID = [
    [
        _add(MOVE_FOOD, a - 1, b - 1, f"move food {bow_name(a - 1)}>{bow_name(b - 1)}")
        if a != b
        else -1
        for b in range(SHIPS + 1)
    ]
    for a in range(SHIPS + 1)
]
REMOVE_ID = [_add(REMOVE, x, 0, f"remove {slot_name(x)}") for x in range(PLACES)]
SWAP_ID = [[-1] * PLACES for _row in range(PLACES)]
for _x in range(PLACES):
    for _y in range(_x + 1, PLACES):
        SWAP_ID[_x][_y] = SWAP_ID[_y][_x] = _add(
            SWAP, _x, _y, f"swap {slot_name(_x)}<>{slot_name(_y)}"
        )
SKIP_ID = _add(SKIP, 0, 0, "skip")

ACTION_STRINGS: tuple[str, ...] = TABLE.freeze()
NUM_ACTIONS = len(ACTION_STRINGS)


def _bow(bow: int) -> int | str:
    """A bow as a source or destination of food: its ship's number, or ``"stock"``."""
    return "stock" if bow == STOCK else bow + 1


# The parts clients read (``State.action_parts``): ships by number (1-3), card places by name
# (``2.3``, ``d1``, ``stock``), cards by type (``red/blue F``).
_ship = first(plus=1)
TABLE.declare(REVEAL, "reveal", card=first({t.index: t.name for t in VIKING_TYPES}))
TABLE.declare(TAKE, "take", slot=first(lambda d: f"d{d + 1}"))
TABLE.declare(DRAW, "draw")
TABLE.declare(STERN, "stern", ship=_ship)
TABLE.declare(LAY_CARD, "lay", ship=_ship)
TABLE.declare(FOOD_LOAD, "food", ship=_ship)
TABLE.declare(FOOD_SHIFT, "food", **{"from": _ship, "to": second(plus=1)})
TABLE.declare(NO_FOOD, "no food")
TABLE.declare(EQUIP_LOAD, "equip", slot=first(slot_name))
TABLE.declare(EQUIP_SHIFT, "equip", **{"from": first(slot_name), "to": second(slot_name)})
TABLE.declare(NO_EQUIP, "no equip")
TABLE.declare(CHIEF, "chief", action=first(CHIEFTAIN_ACTIONS), ship=second(plus=1))
TABLE.declare(PASS, "pass")
TABLE.declare(MOVE_EQUIP, "move equip", **{"from": first(slot_name), "to": second(slot_name)})
TABLE.declare(MOVE_FOOD, "move food", **{"from": first(_bow), "to": second(_bow)})
TABLE.declare(REMOVE, "remove", slot=first(slot_name))
TABLE.declare(SWAP, "swap", slot=first(slot_name), **{"with": second(slot_name)})
TABLE.declare(SKIP, "skip")

# The words players read (``State.action_words``): places as a player names them.
ORDINALS = (
    N_("first"),
    N_("second"),
    N_("third"),
    N_("fourth"),
    N_("fifth"),
    N_("sixth"),
    N_("seventh"),
)


def place_words(slot: int) -> str:
    """ "ship 2's third card", "the display's first card" or "the stock", in the language
    spoken."""
    if slot == STOCK:
        return _("the stock")
    if slot >= CARD_SLOTS:
        return _("the display's {nth} card").format(nth=_(ORDINALS[slot - CARD_SLOTS]))
    return _("ship {ship}'s {nth} card").format(
        ship=slot // MAX_SHIP_LIMIT + 1, nth=_(ORDINALS[slot % MAX_SHIP_LIMIT])
    )


def bow_words(bow: int) -> str:
    """ "ship 2's bow" or "the stock", in the language spoken."""
    return _("the stock") if bow == STOCK else _("ship {ship}'s bow").format(ship=bow + 1)


CHIEFTAIN_WORDS = (
    N_("move-equipment"),
    N_("move-food"),
    N_("remove"),
    N_("swap"),
    N_("protection"),
)
_place = first(place_words)
_to_place = second(place_words)
TABLE.word(REVEAL, "the card revealed is a {card}", card=first(card_words))
TABLE.word(TAKE, "take the display's {nth} card", nth=first(ORDINALS))
TABLE.word(DRAW, "draw the pile's top card")
TABLE.word(STERN, "lay a stern on ship {ship} and evaluate it")
TABLE.word(LAY_CARD, "lay the card in ship {ship}")
TABLE.word(FOOD_LOAD, "load food from the stock onto ship {ship}'s bow")
TABLE.word(FOOD_SHIFT, "shift food from ship {from}'s bow to ship {to}'s bow (the stock is empty)")
TABLE.word(NO_FOOD, "load no food")
TABLE.word(EQUIP_LOAD, "load equipment from the stock onto {place}", place=_place)
TABLE.word(
    EQUIP_SHIFT,
    "shift equipment from {source} to {target} (the stock is empty)",
    source=_place,
    target=_to_place,
)
TABLE.word(NO_EQUIP, "load no equipment")
TABLE.word(
    CHIEF, "play your {chieftain} Chieftain on ship {ship}", chieftain=first(CHIEFTAIN_WORDS)
)
TABLE.word(PASS, "play no Chieftain and end the turn")
TABLE.word(
    MOVE_EQUIP,
    "Chieftain: move an equipment stone from {source} to {target}",
    source=_place,
    target=_to_place,
)
TABLE.word(
    MOVE_FOOD,
    "Chieftain: move a food stone from {source} to {target}",
    source=first(bow_words),
    target=second(bow_words),
)
TABLE.word(REMOVE, "Chieftain: remove {place} from the game", place=_place)
TABLE.word(SWAP, "Chieftain: swap {place} with {other}", place=_place, other=_to_place)
TABLE.word(SKIP, "let the Chieftain do nothing")
