"""Setup's draws (rulings/knarr.md, Setup; KN-9, KN-10), each a chance node: the boat side
everyone uses (``boat=random``, first of all, phase ``boat``), the artifact (``artifact=random``,
or KN-10's second one beside the Mead Cup, ``artifact``) and, last, the first player (``first
player``). The destinations, the market, the start cards, the hands and the buildings are drawn
in between (:mod:`.destinations`, :mod:`.viking_deck`, :mod:`.buildings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase, chance
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import ARTIFACTS, BOAT_SIDES, BOATS
from langbord.engines.knarr.notation import (
    ARG,
    ARTIFACT,
    ARTIFACT_ID,
    BOAT,
    BOAT_ID,
    FIRST,
    FIRST_ID,
)
from langbord.engines.knarr.phases import chance_task
from langbord.engines.knarr.tables import boat_columns

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


class DrawBoat(NamedTuple):
    """Setup, first of all: KN-9's boat side is drawn (``boat=random``)."""

    def run(self, state: KnarrState) -> bool:
        state.phase = BOAT_DRAW
        return True


class DrawArtifact(NamedTuple):
    """Setup: the artifact of ``artifact=random`` (or KN-10's other one) is revealed."""

    def run(self, state: KnarrState) -> bool:
        state.phase = ARTIFACT_DRAW
        return True


class DrawFirstPlayer(NamedTuple):
    """Setup, last: the first player is drawn."""

    def run(self, state: KnarrState) -> bool:
        state.phase = FIRST_PLAYER_DRAW
        return True


# ---- the boat side (KN-9) ------------------------------------------------------------------------


def boat_odds(state: KnarrState) -> list[tuple[int, float]]:
    """Each side, 1/2."""
    return [(a, 1.0 / len(BOAT_ID)) for a in BOAT_ID]


def boat_legal(state: KnarrState) -> list[int]:
    return [a for a, _ in boat_odds(state)]


def boat_why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` cannot be drawn now; "" if it can: either side can."""
    return ""


def boat_reference(state: KnarrState) -> list[int]:
    return [a for a in BOAT_ID if not boat_why_not(state, a)]


def apply_boat(state: KnarrState, action: int) -> None:
    """KN-9: every player uses the side drawn; it comes first in the setup, before anyone owns a
    destination, so the trade columns are the boat's alone."""
    side = state.boat_side = BOAT_SIDES[ARG[action]]
    state.boat = BOATS[side]
    for player in state.players:
        player.trade = boat_columns(state.boat)
    state.proceed()


BOAT_DRAW: Phase[KnarrState] = Phase(
    "boat",
    (BOAT,),
    mover=chance,
    legal=boat_legal,
    apply=apply_boat,
    why=boat_why_not,
    task=chance_task(N_("the boat side is drawn (KN-9)")),
    outcomes=boat_odds,
    reference=boat_reference,
)


# ---- the artifact (KN-10) ------------------------------------------------------------------------


def artifact_odds(state: KnarrState) -> list[tuple[int, float]]:
    """Each artifact not yet in play, equally: with the Mead Cup in play (KN-10), one of the six
    others."""
    drawn = [ARTIFACT_ID[a] for a in range(len(ARTIFACTS)) if a not in state.artifacts]
    return [(a, 1.0 / len(drawn)) for a in drawn]


def artifact_legal(state: KnarrState) -> list[int]:
    return [a for a, _ in artifact_odds(state)]


def artifact_why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` cannot be revealed now; "" if it can: only an artifact in play cannot,
    the Mead Cup of KN-10."""
    if ARG[action] not in state.artifacts:
        return ""
    return _("the Mead Cup is already in play (KN-10): the other artifact is another one")


def artifact_reference(state: KnarrState) -> list[int]:
    return [a for a in ARTIFACT_ID if not artifact_why_not(state, a)]


def apply_artifact(state: KnarrState, action: int) -> None:
    state.artifacts = tuple(sorted((*state.artifacts, ARG[action])))
    state.proceed()


ARTIFACT_DRAW: Phase[KnarrState] = Phase(
    "artifact",
    (ARTIFACT,),
    mover=chance,
    legal=artifact_legal,
    apply=apply_artifact,
    why=artifact_why_not,
    task=chance_task(N_("the artifact is revealed")),
    outcomes=artifact_odds,
    reference=artifact_reference,
)


# ---- the first player ----------------------------------------------------------------------------


def first_player_odds(state: KnarrState) -> list[tuple[int, float]]:
    """Each seat, equally."""
    return [(FIRST_ID[p], 1.0 / state.n) for p in range(state.n)]


def first_player_legal(state: KnarrState) -> list[int]:
    return [a for a, _ in first_player_odds(state)]


def first_player_why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` cannot be drawn now; "" if it can: every seat of the table can."""
    if ARG[action] < state.n:
        return ""
    return _("that card is not in the deck")


def first_player_reference(state: KnarrState) -> list[int]:
    return [a for a in FIRST_ID if not first_player_why_not(state, a)]


def apply_first_player(state: KnarrState, action: int) -> None:
    state.first = state.turn = ARG[action]
    state.proceed()


FIRST_PLAYER_DRAW: Phase[KnarrState] = Phase(
    "first player",
    (FIRST,),
    mover=chance,
    legal=first_player_legal,
    apply=apply_first_player,
    why=first_player_why_not,
    task=chance_task(N_("the first player is drawn")),
    outcomes=first_player_odds,
    reference=first_player_reference,
)
