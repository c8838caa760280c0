"""A game turn (rulebook, Game Turn): after the Inn income (SA-5, on the State), the player does
one action and one only (phase ``action``):

1. place a dwarf from the reserve in any region;
2. move one of the clan's dwarfs along one road; an innkeeper never moves (SA-6);
3. prospect, while the Prospecting Pawn has not reached mines closed: the pawn advances one
   space (setting back the accountants it lands on, SA-11) and the die is rolled (:mod:`.die`);
4. harvest 1 to n nuggets of a region, n its nuggets or the clan's free dwarfs there if fewer
   (SA-8), +1 respect each; the last nugget exhausts the vein: an Ooops, no rumor;
5. build a Royal Inn from the reserve where the clan has the majority and no Inn stands, if it is
   innkeeper of no Inn; one of its dwarfs there becomes the innkeeper;
6. move an Inn it owns to any region without one where some clan has the majority, which
   provides the new innkeeper (SA-9, SA-13); the old one stays as a plain dwarf.

The change of innkeeper that a change of dwarfs brings (SA-10) is the State's, as is the turn's
end."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from itertools import compress
from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _, ngettext
from langbord.core.prompts import Choice, offer
from langbord.engines.skaal.data import REGIONS
from langbord.engines.skaal.notation import (
    ARG1,
    ARG2,
    BUILD,
    BUILD_ID,
    HARVEST,
    HARVEST_ID,
    KIND,
    MOVE,
    MOVE_INN,
    MOVE_INN_ID,
    MOVES_FROM,
    NEIGHBOURS,
    PLACE,
    PLACE_ID,
    PROSPECT,
    PROSPECT_ID,
    R,
)
from langbord.engines.skaal.phases import REGION_RANGE, clan_name, on_turn
from langbord.engines.skaal.phases.die import ROLL_PHASE

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import Clan, SkaalState

BIT = [1 << r for r in REGION_RANGE]
REGIONS_IN = [[r for r in REGION_RANGE if mask >> r & 1] for mask in range(1 << R)]
"""The regions of a bit mask, in map order."""
MOVES_BY_MASK: dict[int, list[int]] = {}
"""Every move from the regions of a bit mask, filled as masks occur."""


def builds(state: SkaalState, c: int) -> list[int]:
    """Where clan ``c`` may build an Inn: a region with no Inn where it has the majority."""
    majority = state.majority
    innkeeper = state.innkeeper
    return [BUILD_ID[r] for r in REGION_RANGE if majority[r] == c and innkeeper[r] < 0]


def inn_moves(state: SkaalState, clan: Clan) -> list[int]:
    """SA-9: an Inn of ``clan`` moves to a region with no Inn where some clan has a majority."""
    targets = state.inn_targets
    if targets is None:
        places = zip(REGION_RANGE, state.innkeeper, state.majority, strict=True)
        targets = state.inn_targets = [r for r, keeper, major in places if keeper < 0 <= major]
    return [MOVE_INN_ID[a][b] for a in clan.owned for b in targets]


def legal(state: SkaalState) -> list[int]:
    """Place, move, prospect, harvest, then build or move an Inn: in id order, so sorted."""
    c = state.turn
    clan = state.clans[c]
    result = PLACE_ID.copy() if clan.reserve else []
    free = clan.free
    movable = sum(compress(BIT, free))  # a bit per region where c has a dwarf that moves
    moves = MOVES_BY_MASK.get(movable)
    if moves is None:
        moves = MOVES_BY_MASK[movable] = [a for r in REGIONS_IN[movable] for a in MOVES_FROM[r]]
    result += moves
    if state.pawn < state.mines_closed:
        result.append(PROSPECT_ID)
    nuggets = state.nuggets
    if any(nuggets):
        for r in REGIONS_IN[movable & sum(compress(BIT, nuggets))]:
            result += HARVEST_ID[r][: min(nuggets[r], free[r])]
    if clan.owned:
        result += inn_moves(state, clan)
    elif clan.inns and c in state.majority:
        result += builds(state, c)
    return result


# ---- how each action applies --------------------------------------------------------------------


def _place(state: SkaalState, region: int, _: int) -> None:
    c = state.turn
    state.clans[c].reserve -= 1
    state.add_dwarf(c, region)
    state.end_turn()


def _move(state: SkaalState, source: int, destination: int) -> None:
    state.move_dwarf(state.turn, source, destination)
    state.end_turn()


def _prospect(state: SkaalState, _: int, __: int) -> None:
    """The pawn advances one space, then the die is rolled (SA-3); accountants the pawn lands on
    move back one space (SA-11)."""
    pawn = state.pawn = state.pawn + 1
    for clan in state.clans:
        if clan.accountant == pawn:
            clan.accountant -= 1
    state.phase = ROLL_PHASE


def _harvest(state: SkaalState, region: int, nuggets: int) -> None:
    """SA-8: one nugget per free dwarf at most, +1 respect each; the last one leaves an Ooops
    (the vein is exhausted; no rumor)."""
    state.nuggets[region] -= nuggets
    state.gain(state.clans[state.turn], nuggets)
    if not state.nuggets[region]:
        state.ooops[region] = True
    state.end_turn()


def _build(state: SkaalState, region: int, _: int) -> None:
    """A Royal Inn from the reserve; one of the clan's dwarfs there becomes its innkeeper."""
    c = state.turn
    clan = state.clans[c]
    clan.inns -= 1
    state.innkeeper[region] = c
    insort(clan.owned, region)
    clan.free[region] -= 1
    state.inn_colour[region] = c
    state.inn_targets = None
    state.end_turn()


def _move_inn(state: SkaalState, source: int, destination: int) -> None:
    """The old innkeeper stays behind as a plain dwarf; SA-9: the destination's majority clan
    provides the innkeeper; SA-13: even if it owns an Inn already."""
    clan = state.clans[state.turn]
    clan.free[source] += 1
    clan.owned.remove(source)
    state.innkeeper[source] = -1
    colours = state.inn_colour
    colours[destination] = colours[source]
    colours[source] = -1
    keeper = state.innkeeper[destination] = state.majority[destination]
    keeping = state.clans[keeper]
    insort(keeping.owned, destination)
    keeping.free[destination] -= 1
    state.inn_targets = None
    state.end_turn()


APPLY: dict[int, Callable[[SkaalState, int, int], None]] = {
    PLACE: _place,
    MOVE: _move,
    PROSPECT: _prospect,
    HARVEST: _harvest,
    BUILD: _build,
    MOVE_INN: _move_inn,
}
"""How each action of a turn applies, by kind, given the action's two arguments."""
ACTIONS = sorted(a for a in range(len(KIND)) if KIND[a] in APPLY)
"""Every action of the phase."""


def apply(state: SkaalState, action: int) -> None:
    APPLY[KIND[action]](state, ARG1[action], ARG2[action])


# ---- why an action is refused -------------------------------------------------------------------


def _free(state: SkaalState, region: int, c: int) -> int:
    """Clan ``c``'s dwarfs in ``region`` that may move or harvest: all but its innkeeper (SA-6),
    counted on the map."""
    return state.dwarfs[region][c] - (state.innkeeper[region] == c)


def _why_place(state: SkaalState, region: int, __: int) -> str:
    if state.clans[state.turn].reserve:
        return ""
    return _("{clan} has no dwarf left in reserve").format(clan=clan_name(state))


def _why_move(state: SkaalState, source: int, destination: int) -> str:
    name, c = REGIONS[source], state.turn
    if destination not in NEIGHBOURS[source]:
        return _("{source} is not joined to {destination} by road (SA-2)").format(
            source=name, destination=REGIONS[destination]
        )
    if _free(state, source, c):
        return ""
    me = clan_name(state)
    if state.innkeeper[source] == c and state.dwarfs[source][c] == 1:
        return _("{clan}'s only dwarf in {region} is the innkeeper, who cannot move (SA-6)").format(
            clan=me, region=name
        )
    return _("{clan} has no dwarf in {region}").format(clan=me, region=name)


def _why_prospect(state: SkaalState, ___: int, __: int) -> str:
    if state.pawn < state.mines_closed:
        return ""
    return _("the Prospecting Pawn has reached mines closed: no more prospecting (SA-3)")


def _why_harvest(state: SkaalState, region: int, nuggets: int) -> str:
    name, c = REGIONS[region], state.turn
    if not state.nuggets[region]:
        return _("{region} has no nuggets").format(region=name)
    me = clan_name(state)
    can = _free(state, region, c)
    if not can:
        if state.dwarfs[region][c]:
            return _("{clan}'s innkeeper in {region} does not harvest (rulebook)").format(
                clan=me, region=name
            )
        return _("{clan} has no dwarf in {region}").format(clan=me, region=name)
    most = min(can, state.nuggets[region])
    if nuggets <= most:
        return ""
    # English says "nuggets" for every count (its refusals are kept as they were); the plural
    # forms let other languages agree with the count.
    return ngettext(
        "{clan} can take at most {n} nuggets in {region}: one per dwarf (innkeepers excepted), "
        "no more than the vein holds",
        "{clan} can take at most {n} nuggets in {region}: one per dwarf (innkeepers excepted), "
        "no more than the vein holds",
        most,
    ).format(clan=me, n=most, region=name)


def _majority(row: list[int]) -> int:
    """The clan with more dwarfs in a region than every other clan (``row``: its dwarfs per
    clan), or -1."""
    for c, count in enumerate(row):
        if all(count > other for o, other in enumerate(row) if o != c):
            return c
    return -1


def _why_build(state: SkaalState, region: int, __: int) -> str:
    me, name, c = clan_name(state), REGIONS[region], state.turn
    if c in state.innkeeper:
        return _(
            "{clan} already has an Inn: a clan builds one (a second comes only by "
            "takeover, SA-10, or by an Inn moved to its majority, SA-13)"
        ).format(clan=me)
    if not state.clans[c].inns:
        return _("{clan} has no Inn left in reserve").format(clan=me)
    if state.innkeeper[region] >= 0:
        return _("{region} already has an Inn: one Inn per region (rulebook)").format(region=name)
    if _majority(state.dwarfs[region]) == c:
        return ""
    return _(
        "{clan} has no majority in {region}: more dwarfs than every other clan (rulebook)"
    ).format(clan=me, region=name)


def _why_move_inn(state: SkaalState, source: int, destination: int) -> str:
    if state.innkeeper[source] != state.turn:
        return _("{clan} owns no Inn in {region} (the innkeeper's clan owns an Inn, SA-10)").format(
            clan=clan_name(state), region=REGIONS[source]
        )
    if state.innkeeper[destination] >= 0:
        return _("{region} already has an Inn: one Inn per region (rulebook)").format(
            region=REGIONS[destination]
        )
    if _majority(state.dwarfs[destination]) >= 0:
        return ""
    return _("no clan has a majority in {region} to provide the innkeeper (SA-9)").format(
        region=REGIONS[destination]
    )


WHY_NOT: dict[int, Callable[[SkaalState, int, int], str]] = {
    PLACE: _why_place,
    MOVE: _why_move,
    PROSPECT: _why_prospect,
    HARVEST: _why_harvest,
    BUILD: _why_build,
    MOVE_INN: _why_move_inn,
}
"""Why an action of a turn is refused ("" if it is not), by kind, given its two arguments."""


def why_not(state: SkaalState, action: int) -> str:
    """Why ``action`` may not be chosen now; "" if it may."""
    return WHY_NOT[KIND[action]](state, ARG1[action], ARG2[action])


def reference(state: SkaalState) -> list[int]:
    """The actions ``why_not`` allows, read off the map (dwarfs per clan and innkeepers), not
    off the counts ``legal`` keeps for speed (free dwarfs, majorities, Inn targets)."""
    return [action for action in ACTIONS if not why_not(state, action)]


# ---- what is decided ----------------------------------------------------------------------------

CHOICE_WORDS = (
    (N_("place"), PLACE),
    (N_("move"), MOVE),
    (N_("prospect"), PROSPECT),
    (N_("harvest"), HARVEST),
    (N_("build"), BUILD),
    (N_("inn"), MOVE_INN),
)
"""The action's choices as the prompt words them, in order (translated where the prompt is
made)."""


def task(state: SkaalState, quoting: bool) -> str:
    choices: list[Choice] = []
    for word, kind in CHOICE_WORDS:
        offered = state._legal_of(kind)
        choices.append((_(word), offered if quoting or not offered else None))
    return _("{clan} chooses an action: {choices}").format(
        clan=clan_name(state), choices=offer(choices)
    )


ACTION_PHASE: Phase[SkaalState] = Phase(
    "action",
    tuple(APPLY),
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
