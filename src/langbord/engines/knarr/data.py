"""Knarr's components, as data: the one place to correct them (rulings/knarr.md).

Every card is read from ``knarr_data.json`` beside this module, a verbatim copy of
``rulings/knarr-data.json``: correcting a card means changing that file, nothing else. This module
turns it into the flat tables the rules use, and adds the few facts the JSON does not hold, each
marked: the digital skáli lines (``skali_board=digital``, last paragraph of rulings/knarr.md), the
seven artifacts of the variant, and the engine's safeguard on the length of a game.

Names used in the notation:
- colours ``red yellow green blue purple`` (the board's five slots, left to right);
- viking cards by colour and gain: ``red vp``, ``blue bracelet``, ``green recruit``,
  ``purple reputation`` (cards of one colour and gain are identical);
- destinations by deck and position in the JSON: Trading Lands ``A1``–``A20`` (Skali: ``A21``–
  ``A28``), Lands of Influence ``B1``–``B15`` (Skali: ``B16``–``B20``);
- buildings by their JSON id: ``building 1``–``building 35``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from langbord.core.i18n import N_, _, ngettext, pgettext

_RAW: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("knarr_data.json").read_text(encoding="utf-8")
)

COLOURS: tuple[str, ...] = tuple(_RAW["colours"])
"""The five colours, in the order of the board's slots (left to right)."""
COLOUR_WORDS: tuple[str, ...] = (N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("purple"))
"""The colours marked for the catalogs: a colour in player text is ``_(COLOURS[c])``."""
assert COLOUR_WORDS == COLOURS
GAINS: tuple[str, ...] = tuple(_RAW["gains"])
"""Every kind of gain: vp, bracelet, recruit, reputation, card, coin, raid (in this order)."""
VP, BRACELET, RECRUIT, REPUTATION, CARD, COIN, RAID = range(7)
assert GAINS == ("vp", "bracelet", "recruit", "reputation", "card", "coin", "raid")
NUM_GAINS = len(GAINS)
VIKING_GAINS: tuple[str, ...] = GAINS[:4]
"""The gain icons a viking card can show."""


def gain_words() -> tuple[str, ...]:
    """Every gain (``GAINS`` order) in the language being spoken: a gain in player text (in
    English, ``GAINS`` as asserted above; "gain" tells the token "recruit" from the action)."""
    return (
        pgettext("gain", "vp"),
        pgettext("gain", "bracelet"),
        pgettext("gain", "recruit"),
        pgettext("gain", "reputation"),
        pgettext("gain", "card"),
        pgettext("gain", "coin"),
        pgettext("gain", "raid"),
    )


TOKEN_CAP = 3
"""KN-1: bracelets, recruits (and, in Skali, silver coins, SK-1) are capped at 3."""
REPUTATION_MAX: int = _RAW["reputation_max"]
END_THRESHOLD: int = _RAW["end_threshold"]
REPUTATION_VP: list[int] = [0] * (REPUTATION_MAX + 1)
"""Income in vp for each reputation step (KN: reputation income)."""
for _step in range(REPUTATION_MAX + 1):
    REPUTATION_VP[_step] = max(v for s, v in _RAW["reputation_vp"].items() if int(s) <= _step)

MARKET_SLOTS = len(COLOURS)
VISIBLE_DESTINATIONS = 3
"""Visible destinations of each deck."""
HAND_SIZE = 3
START_CREW = 2
START_RECRUITS = 1
START_BRACELETS = 1

MAX_ROUNDS = 100
"""Engine safeguard (not a rule): the rules guarantee no end, so after this many full rounds the
game ends as if KN-8 had been triggered. Random games end long before."""

# ---- vikings ---------------------------------------------------------------------------------

NUM_TYPES = len(COLOURS) * len(VIKING_GAINS)
"""Viking card types: ``type = colour * 4 + gain``."""
TYPE_COLOUR: list[int] = [t // 4 for t in range(NUM_TYPES)]
TYPE_GAIN: list[int] = [t % 4 for t in range(NUM_TYPES)]
TYPE_NAMES: list[str] = [f"{COLOURS[t // 4]} {VIKING_GAINS[t % 4]}" for t in range(NUM_TYPES)]


def viking_name(t: int) -> str:
    """Viking type ``t`` in player text, in the language being spoken (``red vp`` in English,
    as the notation names it)."""
    return pgettext("viking card", "{colour} {gain}").format(
        colour=_(COLOURS[t // 4]), gain=gain_words()[t % 4]
    )


def viking_counts(players: int) -> list[int]:
    """Copies of each viking type in the deck for ``players`` players (30, 40 or 50 cards)."""
    counts = [0] * NUM_TYPES
    for card in _RAW["vikings"]:
        t = COLOURS.index(card["colour"]) * 4 + VIKING_GAINS.index(card["gain"])
        counts[t] += card["count"][str(players)]
    return counts


# ---- destinations ----------------------------------------------------------------------------

TRADING_LAND, LAND_OF_INFLUENCE = 0, 1
DECK_NAMES = (N_("Trading Lands"), N_("Lands of Influence"))
COST_COLOURS, COST_SAME, COST_DIFFERENT = range(3)


@dataclass(frozen=True)
class Destination:
    """One destination card: its deck, cost, immediate gains and three trade columns."""

    index: int
    ref: int
    """The reference id in knarr-data.json."""
    name: str
    deck: int
    skali: bool
    cost_kind: int
    """COST_COLOURS (``need`` per colour), COST_SAME or COST_DIFFERENT (``size`` cards)."""
    need: tuple[int, ...]
    size: int
    immediate: tuple[int, ...]
    """Gains per kind (GAINS order)."""
    trade: tuple[int, int, int]
    """The gain of each trade column, or -1 for none."""

    def cost_text(self) -> str:
        """The cost in the view's words (English, whatever the language spoken)."""
        if self.cost_kind == COST_SAME:
            return f"{self.size} of one colour"
        if self.cost_kind == COST_DIFFERENT:
            return f"{self.size} different colours"
        return " + ".join(f"{k} {COLOURS[c]}" for c, k in enumerate(self.need) if k)

    def cost_words(self) -> str:
        """The cost in player text, in the language being spoken."""
        size = self.size
        if self.cost_kind == COST_SAME:
            return ngettext("{n} of one colour", "{n} of one colour", size).format(n=size)
        if self.cost_kind == COST_DIFFERENT:
            return ngettext("{n} different colour", "{n} different colours", size).format(n=size)
        return " + ".join(
            pgettext("cost", "{n} {colour}").format(n=k, colour=_(COLOURS[c]))
            for c, k in enumerate(self.need)
            if k
        )


def _gain_vector(gains: dict[str, int]) -> tuple[int, ...]:
    vector = [0] * NUM_GAINS
    for gain, amount in gains.items():
        vector[GAINS.index(gain)] += amount
    return tuple(vector)


def _destinations() -> list[Destination]:
    result: list[Destination] = []
    numbers = [0, 0]
    for card in _RAW["destinations"]:
        deck = TRADING_LAND if card["deck"] == "trading_land" else LAND_OF_INFLUENCE
        numbers[deck] += 1
        cost: dict[str, int] = card["cost"]
        need = [0] * len(COLOURS)
        if "same" in cost:
            kind, size = COST_SAME, cost["same"]
        elif "different" in cost:
            kind, size = COST_DIFFERENT, cost["different"]
        else:
            kind = COST_COLOURS
            for colour, k in cost.items():
                need[COLOURS.index(colour)] = k
            size = sum(need)
        trade = tuple(-1 if g is None else GAINS.index(g) for g in card["trade"])
        assert len(trade) == 3
        result.append(
            Destination(
                index=len(result),
                ref=card["id"],
                name=f"{'AB'[deck]}{numbers[deck]}",
                deck=deck,
                skali=card["mode"] == "skali",
                cost_kind=kind,
                need=tuple(need),
                size=size,
                immediate=_gain_vector(card["immediate"]),
                trade=(trade[0], trade[1], trade[2]),
            )
        )
    return result


DESTINATIONS: tuple[Destination, ...] = tuple(_destinations())
NUM_DESTINATIONS = len(DESTINATIONS)

BOATS: dict[str, tuple[int, int, int]] = {
    side: (
        -1 if cols[0] is None else GAINS.index(cols[0]),
        -1 if cols[1] is None else GAINS.index(cols[1]),
        -1 if cols[2] is None else GAINS.index(cols[2]),
    )
    for side, cols in _RAW["boats"].items()
}
"""The trade columns of the boat's two sides (option ``boat``)."""
BOAT_SIDES: tuple[str, ...] = tuple(BOATS)
"""The sides by name (``normal``, ``advanced``): the outcomes of KN-9's draw (``boat=random``)."""
BOAT_SIDE_WORDS: tuple[str, ...] = (N_("normal"), N_("advanced"))
"""The sides marked for the catalogs: a side in player text is ``_(side)``."""
assert BOAT_SIDE_WORDS == BOAT_SIDES

# ---- Skali -----------------------------------------------------------------------------------

LINES: tuple[str, ...] = (
    "explore_land_of_influence",
    "explore_trading_land",
    "recruit_existing_colour",
    "recruit_new_colour",
)
"""SK-3: the four lines of a village card, by the action that activates them."""
LINE_LOI, LINE_TL, LINE_EXISTING, LINE_NEW = range(4)
LINE_TEXT = (
    "explore a Land of Influence",
    "explore a Trading Land",
    "recruit into a colour already held",
    "recruit into a new colour",
)

_SKALI: dict[str, Any] = _RAW["skali"]


@dataclass(frozen=True)
class VillageCard:
    """A skáli or a building: its cost, four activation lines and raid gains/losses."""

    ref: int
    cost: int
    lines: tuple[tuple[int, ...], ...]
    """Gains per line (LINES order), each a vector in GAINS order (vp may be negative)."""
    raid_most: tuple[int, ...]
    """White gains when the raid is won (SK-5)."""
    raid_fewest: tuple[int, ...]
    """Black losses for the fewest tokens (SK-5)."""


def _village_card(ref: int, cost: int, card: dict[str, Any]) -> VillageCard:
    return VillageCard(
        ref=ref,
        cost=cost,
        lines=tuple(_gain_vector(card["lines"][line]) for line in LINES),
        raid_most=_gain_vector(card["raid_most"]),
        raid_fewest=_gain_vector(card["raid_fewest"]),
    )


SKALI_BOARDS: dict[str, VillageCard] = {
    "rulebook": _village_card(0, 0, _SKALI["skali_board"]),
    # Not in the JSON (rulings/knarr.md, last paragraph): the published digital adaptation gives
    # the skáli only 1 raid on the Land of Influence line and only 1 coin on the new-colour line.
    "digital": _village_card(
        0,
        0,
        {
            **_SKALI["skali_board"],
            "lines": {
                **_SKALI["skali_board"]["lines"],
                "explore_land_of_influence": {"raid": 1},
                "recruit_new_colour": {"coin": 1},
            },
        },
    ),
}
"""The skáli board's lines (option ``skali_board``)."""

BUILDINGS: tuple[VillageCard, ...] = tuple(
    _village_card(b["id"], b["cost"], b) for b in _SKALI["buildings"]
)
NUM_BUILDINGS = len(BUILDINGS)
BUILDING_MARKET = 4
START_COINS = 1

# ---- artifacts (rulings/knarr.md, "Artifact variant"; not in the JSON) ------------------------

ARTIFACTS: tuple[str, ...] = (
    "mead_cup",
    "silver_coins",
    "cauldron",
    "golden_bracelet",
    "helmet",
    "amulet",
    "weathervane",
)
"""The seven artifacts, as option values (``artifact=mead_cup``)."""
ARTIFACT_TITLES: tuple[str, ...] = (
    N_("Mead Cup"),
    N_("Silver coins"),
    N_("Cauldron"),
    N_("Golden bracelet"),
    N_("Helmet"),
    N_("Amulet"),
    N_("Weathervane"),
)
"""The artifacts' titles, marked: in player text, ``_(title)`` (the view keeps them English)."""
MEAD_CUP, SILVER_COINS, CAULDRON, GOLDEN_BRACELET, HELMET, AMULET, WEATHERVANE = range(7)
MAX_RESERVED = 2
"""Golden bracelet: at most 2 reserved destinations per player."""
AMULET_GAINS: tuple[int, ...] = _gain_vector({"bracelet": 1, "recruit": 1, "reputation": 1})

assert len(DESTINATIONS) == 48 and len(BUILDINGS) == 35
assert sum(viking_counts(2)) == 30 and sum(viking_counts(3)) == 40
assert sum(viking_counts(4)) == 50
assert all(sum(viking_counts(4)[c * 4 : c * 4 + 4]) == 10 for c in range(5))
