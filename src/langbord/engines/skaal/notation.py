"""Skåål's action ids and their canonical strings (the same in every state).

Region names are written as on the map (``Le Chaim``, ``Sláinte``); case, spacing and accents
are free when parsing (``slainte`` works).
"""

from __future__ import annotations

from langbord.core.i18n import N_, ngettext
from langbord.core.notation import ActionTable, first, second
from langbord.engines.skaal.data import CLANS, DIE_FACES, MAX_HARVEST, REGIONS, ROADS

(
    PLACE,  # place a dwarf (setup or from the reserve)
    MOVE,  # move one of your dwarfs along a road
    PROSPECT,  # advance the pawn and roll
    ROLL,  # chance: the die's face
    FIND,  # the region where the roll's nuggets or Ooops go
    RUMOR,  # the clan whose dwarf comes from a neighbouring region
    HARVEST,  # take k nuggets from a region
    BUILD,  # build a Royal Inn
    MOVE_INN,  # move one of your Inns
) = range(9)

R = len(REGIONS)
INDEX = {name: i for i, name in enumerate(REGIONS)}
NEIGHBOURS: list[list[int]] = [sorted(INDEX[o] for o in ROADS[name]) for name in REGIONS]
"""Each region's neighbours by road, in map order (the order rumors are resolved in, SA-2)."""

TABLE = ActionTable()
_add = TABLE.add
KIND, ARG1, ARG2 = TABLE.kind, TABLE.arg1, TABLE.arg2


PLACE_ID = [_add(PLACE, r, 0, f"place {REGIONS[r]}") for r in range(R)]
# Moves exist between any two regions, so that a move along no road is refused with a reason.
MOVE_ID = [
    [_add(MOVE, a, b, f"move {REGIONS[a]}>{REGIONS[b]}") if a != b else -1 for b in range(R)]
    for a in range(R)
]
MOVES_FROM = [[MOVE_ID[a][b] for b in NEIGHBOURS[a]] for a in range(R)]
PROSPECT_ID = _add(PROSPECT, 0, 0, "prospect")
ROLL_ID = [_add(ROLL, f, 0, f"roll {face}") for f, face in enumerate(DIE_FACES)]
FIND_ID = [_add(FIND, r, 0, f"find {REGIONS[r]}") for r in range(R)]
RUMOR_ID = [
    [_add(RUMOR, r, c, f"rumor {REGIONS[r]} {CLANS[c]}") for c in range(len(CLANS))]
    for r in range(R)
]
HARVEST_ID = [
    [_add(HARVEST, r, k, f"harvest {REGIONS[r]} {k}") for k in range(1, MAX_HARVEST + 1)]
    for r in range(R)
]
BUILD_ID = [_add(BUILD, r, 0, f"build {REGIONS[r]}") for r in range(R)]
MOVE_INN_ID = [
    [_add(MOVE_INN, a, b, f"inn {REGIONS[a]}>{REGIONS[b]}") if a != b else -1 for b in range(R)]
    for a in range(R)
]

ACTION_STRINGS: tuple[str, ...] = TABLE.freeze()
NUM_ACTIONS = len(ACTION_STRINGS)

# The parts clients read (``State.action_parts``): regions and clans by name, as on the map.
TABLE.declare(PLACE, "place", region=first(REGIONS))
TABLE.declare(MOVE, "move", **{"from": first(REGIONS), "to": second(REGIONS)})
TABLE.declare(PROSPECT, "prospect")
TABLE.declare(ROLL, "roll", face=first(DIE_FACES))
TABLE.declare(FIND, "find", region=first(REGIONS))
TABLE.declare(RUMOR, "rumor", region=first(REGIONS), clan=second(CLANS))
TABLE.declare(HARVEST, "harvest", region=first(REGIONS), nuggets=second())
TABLE.declare(BUILD, "build", region=first(REGIONS))
TABLE.declare(MOVE_INN, "inn", **{"from": first(REGIONS), "to": second(REGIONS)})

# The words players read (``State.action_words``).
TABLE.word(PLACE, "place a dwarf in {region}")
TABLE.word(MOVE, "move a dwarf from {from} to {to}")
TABLE.word(PROSPECT, "prospect: roll the die for gold")


OOOPS = N_("Ooops")
"""The Ooops as the words name it (marked here: ``ActionTable.words`` translates it)."""


def _nuggets(k: int) -> str:
    """``k`` nuggets in the language being spoken (the words are built per language)."""
    return ngettext("{n} nugget", "{n} nuggets", k).format(n=k)


TABLE.word(
    ROLL,
    "the die shows {shows}",
    shows=first(lambda f: OOOPS if DIE_FACES[f] == "Ooops" else _nuggets(f + 1)),
)
TABLE.word(FIND, "put the find in {region}")
TABLE.word(RUMOR, "the rumor brings a {clan} dwarf from {region}")
TABLE.word(HARVEST, "harvest {amount} in {region}", amount=second(_nuggets))
TABLE.word(BUILD, "build a Royal Inn in {region}")
TABLE.word(MOVE_INN, "move your Royal Inn from {from} to {to}")
