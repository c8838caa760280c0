"""Vogter's Command (rulebook, Actions in Detail): Position places an Ally from hand, Hidden, on
a Tree with no Ally, the first one on Vogter's Tree, later ones next to a Tree with an Ally
(phase ``place``), all Allies in the Forest being of one type, Formskifters excepted; Mission
discards an Ally from hand for its right box, resolved in full (SV-5). SV-8: an Ally type held
Hostage cannot be commanded."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.engines.skoventyr.data import (
    ALLY_TYPES,
    CARD_NAMES,
    FORMSKIFTER,
    PLACEMENT,
    POWER,
    TREE_NAMES,
)
from langbord.engines.skoventyr.notation import (
    ARG1,
    MISSION_ID,
    PLACE_ON,
    PLACE_ON_ID,
    POSITION_ID,
    TYPES,
)
from langbord.engines.skoventyr.phases import ask, asked, on_turn, phrased
from langbord.engines.skoventyr.phases.allies import (
    FREE_EFFECT,
    Counts,
    effect,
    effect_possible,
    forest_counts,
)

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


def position_targets(state: SkoventyrState) -> tuple[list[int], int]:
    """Trees an Ally may be placed on, sorted, and the non-Formskifter type already in the
    Forest (-1: none)."""
    if not state.forest_allies:
        return [state.vogter], -1
    ring = state.ring
    ally_on = state.ally_on
    size = len(ring)
    kind = -1
    targets = []
    for i in range(size):
        x = ring[i]
        t = ally_on[x]
        if t >= 0:
            if t != FORMSKIFTER:
                kind = t
        elif ally_on[ring[i - 1]] >= 0 or ally_on[ring[(i + 1) % size]] >= 0:
            targets.append(x)
    targets.sort()
    return targets, kind


# ---- the actions: Position and Mission -------------------------------------------------------


def choices(state: SkoventyrState, counts: Counts, targets: bool, kind: int) -> list[int]:
    """The Commands open now (the turn's legal actions, fast; ``targets``: whether a Tree can
    take a new Ally, ``kind``: the non-Formskifter type in the Forest): Position (one type in
    the Forest, Formskifters excepted) and Mission (the power resolved in full); SV-8: a
    Hostage blocks its type."""
    legal: list[int] = []
    hand = state.players[state.turn].hand
    hostage = state.hostage
    empty = not state.forest_allies
    for t in TYPES:
        if not hand[t] or hostage[t]:
            continue
        if targets and (t == FORMSKIFTER or empty or kind == t):
            legal.append(POSITION_ID[t])
        power = POWER[t]
        if power != PLACEMENT and (FREE_EFFECT[power] or effect_possible(state, power, -1, counts)):
            legal.append(MISSION_ID[t])
    return legal


def _why_not_commanded(state: SkoventyrState, ally: int) -> str:
    """Why ``ally`` may not be commanded (Position or Mission), or "" (SV-8: a Hostage)."""
    if not state.players[state.turn].hand[ally]:
        return _("there is no {ally} in the hand").format(ally=_(ALLY_TYPES[ally]))
    if state.hostage[ally]:
        return _("{ally} is held Hostage: no Command with that type (SV-8)").format(
            ally=_(ALLY_TYPES[ally])
        )
    return ""


def position_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Ally of ``action`` may not be positioned now; "" if it may."""
    ally = ARG1[action]
    commanded = _why_not_commanded(state, ally)
    if commanded:
        return commanded
    targets, forest_kind = position_targets(state)
    if ally != FORMSKIFTER and state.forest_allies and forest_kind != ally:
        return _(
            "all Allies in the Forest must be of one type (Formskifters excepted): the {ally} "
            "cannot join them (rulebook)"
        ).format(ally=_(ALLY_TYPES[ally]))
    if targets:
        return ""
    return _("no Tree with no Ally is next to a Tree with an Ally (rulebook)")


def mission_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Ally of ``action`` may not go on a Mission now; "" if it may."""
    ally = ARG1[action]
    commanded = _why_not_commanded(state, ally)
    if commanded:
        return commanded
    if ally == FORMSKIFTER:
        return _("a Formskifter has no power to discard it for: its power is its placement")
    if effect_possible(state, POWER[ally], -1, forest_counts(state)):
        return ""
    return _("{ally}'s power cannot be resolved in full now (SV-5)").format(
        ally=_(ALLY_TYPES[ally])
    )


def position(state: SkoventyrState, ally: int) -> None:
    """Position: the Ally leaves the hand; its Tree is chosen next."""
    state.players[state.turn].give(ally)
    state.placing = ally
    state.pending.append(PLACE_ALLY)


def mission(state: SkoventyrState, ally: int) -> None:
    """Mission: the Ally is discarded for its right box."""
    state.players[state.turn].give(ally)
    state.discard[ally] += 1
    effect(state, POWER[ally])


# ---- pending work ----------------------------------------------------------------------------


class PlaceAlly(NamedTuple):
    """Command: Position, the Tree for the Ally (:func:`position_targets`)."""

    def run(self, state: SkoventyrState) -> bool:
        trees = position_targets(state)[0]
        return ask(state, PLACE_PHASE, [PLACE_ON_ID[x] for x in trees], self, place)


PLACE_ALLY = PlaceAlly()


# ---- the phase: place ------------------------------------------------------------------------


def place_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Ally being positioned may not go on the Tree of ``action``; "" if it may."""
    x = ARG1[action]
    if x in position_targets(state)[0]:
        return ""
    return _(
        "Tree {tree} is not a Tree with no Ally next to a Tree with an Ally (the first Ally goes "
        "on Vogter's Tree) (rulebook)"
    ).format(tree=TREE_NAMES[x])


def place_reference(state: SkoventyrState) -> list[int]:
    return [action for action in PLACE_ON_ID if not place_why_not(state, action)]


def place(state: SkoventyrState, action: int) -> None:
    """The Ally goes on the Tree, Hidden."""
    x = ARG1[action]
    state.ally_on[x] = state.placing
    state.placing = -1
    state.revealed[x] = False
    state.forest_allies += 1


def place_and_proceed(state: SkoventyrState, action: int) -> None:
    place(state, action)
    state.proceed()


def place_task(state: SkoventyrState, quote: bool) -> str:
    phrase = _("choose the Tree for the {ally}").format(ally=_(CARD_NAMES[state.placing]))
    return phrased(state, quote, phrase, PLACE_ON)


PLACE_PHASE: Phase[SkoventyrState] = Phase(
    "place",
    (PLACE_ON,),
    mover=on_turn,
    legal=asked,
    apply=place_and_proceed,
    why=place_why_not,
    task=place_task,
    reference=place_reference,
)
