"""Knarr's action ids and their canonical strings (the same in every state and every option set).

Viking cards are named by colour and gain (``red vp``), destinations ``A1``…``A28`` and
``B1``…``B20``, market slots by their colour (``take blue``), buildings by number.
"""

from __future__ import annotations

from langbord.core.i18n import _, ngettext
from langbord.core.notation import ActionTable, first
from langbord.engines.knarr.data import (
    ARTIFACT_TITLES,
    BOAT_SIDES,
    BUILDING_MARKET,
    COLOURS,
    DESTINATIONS,
    NUM_BUILDINGS,
    NUM_TYPES,
    TYPE_NAMES,
    gain_words,
)
from langbord.engines.knarr.info import INFO

(
    DRAW,  # chance: the viking drawn from the deck (into the market, a crew or a hand)
    FIRST,  # chance: the first player
    ARTIFACT,  # chance: the artifact revealed (option artifact=random)
    REVEAL,  # chance: the destination revealed into a visible slot
    REVEAL_BUILDING,  # chance: the building revealed into the building market
    RECRUIT,  # play a viking from the hand into the crew
    TAKE,  # take a board viking into the hand
    EXPLORE,  # choose a destination to explore
    PAY,  # pay a crew card towards the destination's cost
    PAY_RECRUIT,  # pay a recruit token in place of a card (KN-4)
    TRADE,  # return 1-3 bracelets
    DEVELOP,  # buy a visible building (Skali, SK-2)
    RENEW,  # 2 players: put 1 or 2 visible buildings (by slot) under the deck (SK-6)
    END,  # end the turn
    DISCARD,  # KN-7: a forced discard from the crew
    ACTIVATE,  # choose the next village card to activate (SK-3)
    MEAD,  # Mead Cup: discard a board viking and refill its slot
    NO_MEAD,
    RESERVE,  # Golden bracelet: reserve a visible destination
    NO_RESERVE,
    SKIP_EXTRA,  # decline an extra action (Helmet, Weathervane)
    PASS,  # neither Recruit nor Explore is possible
    BOAT,  # chance: the boat side everyone uses (option boat=random, KN-9)
) = range(23)

TABLE = ActionTable()
KIND, ARG, ARG2 = TABLE.kind, TABLE.arg1, TABLE.arg2


def _add(kind: int, a: int, text: str, b: int = 0) -> int:
    return TABLE.add(kind, a, b, text)


DRAW_ID = [_add(DRAW, t, f"draw {TYPE_NAMES[t]}") for t in range(NUM_TYPES)]
FIRST_ID = [_add(FIRST, p, f"first seat {p}") for p in range(4)]
ARTIFACT_ID = [_add(ARTIFACT, a, f"artifact {title}") for a, title in enumerate(ARTIFACT_TITLES)]
REVEAL_ID = [_add(REVEAL, d.index, f"reveal {d.name}") for d in DESTINATIONS]
REVEAL_BUILDING_ID = [
    _add(REVEAL_BUILDING, b, f"reveal building {b + 1}") for b in range(NUM_BUILDINGS)
]
RECRUIT_ID = [_add(RECRUIT, t, f"recruit {TYPE_NAMES[t]}") for t in range(NUM_TYPES)]
TAKE_ID = [_add(TAKE, s, f"take {COLOURS[s]}") for s in range(len(COLOURS))]
EXPLORE_ID = [_add(EXPLORE, d.index, f"explore {d.name}") for d in DESTINATIONS]
PAY_ID = [_add(PAY, t, f"pay {TYPE_NAMES[t]}") for t in range(NUM_TYPES)]
PAY_RECRUIT_ID = _add(PAY_RECRUIT, 0, "pay recruit")
TRADE_ID = [_add(TRADE, k, f"trade {k}") for k in range(1, 4)]
DEVELOP_ID = [_add(DEVELOP, b, f"develop building {b + 1}") for b in range(NUM_BUILDINGS)]
RENEW_ID = [[-1] * BUILDING_MARKET for _ in range(BUILDING_MARKET)]
"""``RENEW_ID[a][a]``: renew building slot a alone; ``RENEW_ID[a][b]`` (a < b): renew both."""
for _a in range(BUILDING_MARKET):
    RENEW_ID[_a][_a] = _add(RENEW, _a, f"renew slot {_a + 1}", _a)
for _a in range(BUILDING_MARKET):
    for _b in range(_a + 1, BUILDING_MARKET):
        RENEW_ID[_a][_b] = RENEW_ID[_b][_a] = _add(RENEW, _a, f"renew slots {_a + 1}+{_b + 1}", _b)
END_ID = _add(END, 0, "end turn")
DISCARD_ID = [_add(DISCARD, t, f"discard {TYPE_NAMES[t]}") for t in range(NUM_TYPES)]
ACTIVATE_SKALI_ID = _add(ACTIVATE, -1, "activate skali")
ACTIVATE_ID = [_add(ACTIVATE, b, f"activate building {b + 1}") for b in range(NUM_BUILDINGS)]
MEAD_ID = [_add(MEAD, s, f"mead {COLOURS[s]}") for s in range(len(COLOURS))]
NO_MEAD_ID = _add(NO_MEAD, 0, "no mead")
RESERVE_ID = [_add(RESERVE, d.index, f"reserve {d.name}") for d in DESTINATIONS]
NO_RESERVE_ID = _add(NO_RESERVE, 0, "no reserve")
SKIP_EXTRA_ID = _add(SKIP_EXTRA, 0, "skip extra")
PASS_ID = _add(PASS, 0, "pass")
BOAT_ID = [_add(BOAT, i, f"boat {side}") for i, side in enumerate(BOAT_SIDES)]
"""KN-9: the side drawn at setup; last in the table, so every earlier id is unchanged."""

ACTION_STRINGS: tuple[str, ...] = TABLE.freeze()
NUM_ACTIONS = len(ACTION_STRINGS)
assert list(range(NUM_TYPES)) == DRAW_ID  # a draw's action id is the viking type

# The parts clients read (``State.action_parts``): cards by type (``red vp``), market slots by
# colour, destinations by name, buildings and building slots by number as written.
DESTINATION_NAMES = {d.index: d.name for d in DESTINATIONS}
_card = first(TYPE_NAMES)
_destination = first(DESTINATION_NAMES)
_building = first(plus=1)
TABLE.declare(DRAW, "draw", card=_card)
TABLE.declare(FIRST, "first seat", seat=first())
TABLE.declare(ARTIFACT, "artifact", artifact=first(ARTIFACT_TITLES))
TABLE.declare(REVEAL, "reveal", destination=_destination)
TABLE.declare(REVEAL_BUILDING, "reveal building", building=_building)
TABLE.declare(RECRUIT, "recruit", card=_card)
TABLE.declare(TAKE, "take", slot=first(COLOURS))
TABLE.declare(EXPLORE, "explore", destination=_destination)
TABLE.declare(PAY, "pay", card=_card)
TABLE.declare(PAY_RECRUIT, "pay recruit")
TABLE.declare(TRADE, "trade", bracelets=first())
TABLE.declare(DEVELOP, "develop", building=_building)
TABLE.declare(
    RENEW, "renew", slot=first(plus=1), **{"with": lambda a, b: b + 1 if b != a else None}
)
TABLE.declare(END, "end turn")
TABLE.declare(DISCARD, "discard", card=_card)
TABLE.declare(ACTIVATE, "activate", card=first(lambda b: "skali" if b < 0 else f"building {b + 1}"))
TABLE.declare(MEAD, "mead", slot=first(COLOURS))
TABLE.declare(NO_MEAD, "no mead")
TABLE.declare(RESERVE, "reserve", destination=_destination)
TABLE.declare(NO_RESERVE, "no reserve")
TABLE.declare(SKIP_EXTRA, "skip extra")
TABLE.declare(PASS, "pass")
TABLE.declare(BOAT, "boat", side=first(BOAT_SIDES))

# The words players read (``State.action_words``): a card is "a red viking showing vp". The
# readers run as the words are built, in the language being spoken: names marked in ``data``
# (colours, artifacts, boat sides) are translated by the table, phrases made here by ``_``.
_viking = first(
    lambda t: _("{colour} viking showing {gain}").format(
        colour=_(COLOURS[t // 4]), gain=gain_words()[t % 4]
    )
)
_bracelets = first(lambda k: ngettext("{n} bracelet", "{n} bracelets", k).format(n=k))


def _renewed(a: int, b: int) -> str:
    """The slots renewed: one (``a == b``) or two."""
    if a == b:
        return _("the building in slot {slot}").format(slot=a + 1)
    return _("the buildings in slots {slot} and {other}").format(slot=a + 1, other=b + 1)


_activated = first(
    lambda b: _("your skáli") if b < 0 else _("building {number}").format(number=b + 1)
)
TABLE.word(DRAW, "a {viking} is drawn", viking=_viking)
TABLE.word(FIRST, "{seat} plays first", seat=first(INFO.seat_name))
TABLE.word(ARTIFACT, "the artifact in play is the {artifact}")
TABLE.word(REVEAL, "destination {destination} is revealed")
TABLE.word(REVEAL_BUILDING, "building {building} is revealed")
TABLE.word(RECRUIT, "recruit: play the {viking} from your hand into your crew", viking=_viking)
TABLE.word(TAKE, "take the board's viking on the {slot} slot into your hand")
TABLE.word(EXPLORE, "explore destination {destination}")
TABLE.word(PAY, "pay with a {viking} from your crew", viking=_viking)
TABLE.word(PAY_RECRUIT, "pay with a recruit token instead of a card")
TABLE.word(TRADE, "trade: return {returned}", returned=_bracelets)
TABLE.word(DEVELOP, "develop: buy building {building}")
TABLE.word(RENEW, "put {which} under the building deck and reveal new ones", which=_renewed)
TABLE.word(END, "end the turn")
TABLE.word(DISCARD, "discard a {viking} from your crew", viking=_viking)
TABLE.word(ACTIVATE, "activate {card} next", card=_activated)
TABLE.word(MEAD, "Mead Cup: discard the board's viking on the {slot} slot and refill it")
TABLE.word(NO_MEAD, "do not use the Mead Cup")
TABLE.word(RESERVE, "Golden bracelet: reserve destination {destination}")
TABLE.word(NO_RESERVE, "reserve no destination")
TABLE.word(SKIP_EXTRA, "skip the extra action")
TABLE.word(PASS, "pass: neither Recruit nor Explore is possible")
TABLE.word(BOAT, "every boat shows its {side} side")
