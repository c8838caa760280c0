"""The module Rescue (option ``rescue``, SV-8). Setup: one copy of each Ally type is laid out
under a Hostage token, the x2 token dealt at random (a chance node, phase ``hostage``), and an
Acorn drawn at random onto each Minion (``acorn``). While an Ally type is held Hostage, Vogter's
Command cannot use it. Vogter's Rescue Damages a Tree (twice for the x2 token), removes the
token, and puts that Ally on top of the deck. A defeated Minion's Acorn goes to the centre; at
the start of a turn each pair of identical Acorns there is removed and a discarded Tree, if any,
returns Healthy on the stretch from Vogter clockwise to Gamle Erik (``recover``), so he is no
closer and no farther."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

from langbord.core.flow import Phase, chance
from langbord.core.i18n import _
from langbord.engines.skoventyr.data import (
    ACORN_KINDS,
    ACORNS_PER_KIND,
    ALLY_TYPES,
    HOSTAGE_TOKENS,
    MINION_NAMES,
    TREE_NAMES,
)
from langbord.engines.skoventyr.notation import (
    ACORN,
    ACORN_ID,
    ARG1,
    HOSTAGE_ID,
    HOSTAGE_X2,
    RECOVER,
    RECOVER_ID,
    RESCUE_ID,
    TYPES,
)
from langbord.engines.skoventyr.phases import ask, asked, on_turn, phrased
from langbord.engines.skoventyr.phases.allies import Counts, forest_counts
from langbord.engines.skoventyr.phases.trees import DAMAGE_TREE_WORK, can_damage

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


# ---- setup: the phase hostage ----------------------------------------------------------------


class DealHostageX2(NamedTuple):
    """Setup (SV-8): the x2 Hostage token dealt at random to an Ally type."""

    def run(self, state: SkoventyrState) -> bool:
        state.phase = HOSTAGE_PHASE
        return True


DEAL_HOSTAGE_X2 = DealHostageX2()


def hostage_odds(state: SkoventyrState) -> list[tuple[int, float]]:
    """Every Ally type, equally likely."""
    return [(HOSTAGE_ID[t], 1.0 / HOSTAGE_TOKENS) for t in TYPES]


def hostage_legal(state: SkoventyrState) -> list[int]:
    return HOSTAGE_ID.copy()


def hostage_why_not(state: SkoventyrState, action: int) -> str:
    """Every Ally type may get the x2 token."""
    return ""


def hostage_reference(state: SkoventyrState) -> list[int]:
    return [action for action in HOSTAGE_ID if not hostage_why_not(state, action)]


def deal_hostage(state: SkoventyrState, action: int) -> None:
    state.hostage[ARG1[action]] = 2
    state.proceed()


def hostage_task(state: SkoventyrState, quote: bool) -> str:
    return _("the x2 Hostage token is dealt")


HOSTAGE_PHASE: Phase[SkoventyrState] = Phase(
    "hostage",
    (HOSTAGE_X2,),
    mover=chance,
    legal=hostage_legal,
    apply=deal_hostage,
    why=hostage_why_not,
    task=hostage_task,
    outcomes=hostage_odds,
    reference=hostage_reference,
)


# ---- setup: the phase acorn ------------------------------------------------------------------


class PlaceAcorn(NamedTuple):
    """Setup (SV-8): an Acorn drawn at random onto Minion ``minion``."""

    minion: int

    def run(self, state: SkoventyrState) -> bool:
        state.phase = ACORN_PHASE
        state.waiting = self
        return True


def acorn_odds(state: SkoventyrState) -> list[tuple[int, float]]:
    """Each kind of Acorn left, with its share of the Acorns left."""
    pool = state.acorn_pool
    total = sum(pool)
    return [(ACORN_ID[k], pool[k] / total) for k in range(len(pool)) if pool[k]]


def acorn_legal(state: SkoventyrState) -> list[int]:
    pool = state.acorn_pool
    return [ACORN_ID[k] for k in range(len(pool)) if pool[k]]


def acorn_why_not(state: SkoventyrState, action: int) -> str:
    """Why an Acorn of the kind of ``action`` cannot be placed now; "" if it can."""
    if state.acorn_pool[ARG1[action]]:
        return ""
    return _("both Acorns {acorn} are already on Minions (SV-8)").format(
        acorn=ACORN_KINDS[ARG1[action]]
    )


def acorn_reference(state: SkoventyrState) -> list[int]:
    return [action for action in ACORN_ID if not acorn_why_not(state, action)]


def place_acorn(state: SkoventyrState, action: int) -> None:
    acorn = ARG1[action]
    minion = cast(PlaceAcorn, state.waiting).minion
    state.acorn_pool[acorn] -= 1
    state.acorn_on[minion] = acorn
    if minion + 1 < len(MINION_NAMES):
        state.pending.append(PlaceAcorn(minion + 1))
    state.proceed()


def acorn_task(state: SkoventyrState, quote: bool) -> str:
    minion = MINION_NAMES[cast(PlaceAcorn, state.waiting).minion]
    return _("an Acorn is placed on {minion}").format(minion=_(minion))


ACORN_PHASE: Phase[SkoventyrState] = Phase(
    "acorn",
    (ACORN,),
    mover=chance,
    legal=acorn_legal,
    apply=place_acorn,
    why=acorn_why_not,
    task=acorn_task,
    outcomes=acorn_odds,
    reference=acorn_reference,
)


# ---- the action: Vogter's Rescue -------------------------------------------------------------


def choices(state: SkoventyrState, counts: Counts) -> list[int]:
    """The Rescues open now (the turn's legal actions, fast; ``counts``: the Forest's): a type
    held Hostage, with as many Damages possible as its token requires (SV-5)."""
    hostage = state.hostage
    return [RESCUE_ID[t] for t in TYPES if hostage[t] and can_damage(hostage[t], counts)]


def why_not(state: SkoventyrState, action: int) -> str:
    """Why the Rescue of ``action`` may not be chosen now; "" if it may."""
    if not state.rescue:
        return _("the Rescue module is not in play (option rescue)")
    ally = ARG1[action]
    if not state.hostage[ally]:
        return _("{ally} is not held Hostage").format(ally=_(ALLY_TYPES[ally]))
    if can_damage(state.hostage[ally], forest_counts(state)):
        return ""
    return _("the Trees cannot be damaged as often as the token requires (SV-5, SV-8)")


def rescue(state: SkoventyrState, ally: int) -> None:
    """The Damages first, then the Hostage is freed."""
    state.pending.append(FreeHostage(ally))
    state.pending += [DAMAGE_TREE_WORK] * state.hostage[ally]


class FreeHostage(NamedTuple):
    """Vogter's Rescue (SV-8), after its Damage: the ``ally`` goes on top of the deck."""

    ally: int

    def run(self, state: SkoventyrState) -> bool:
        state.hostage[self.ally] = 0
        state.hostages_freed += 1
        state.top.insert(0, self.ally)
        state.deck_size += 1
        return False


# ---- the start of a turn: Acorns recover Trees -----------------------------------------------


def trees_to_recover(state: SkoventyrState) -> int:
    """At the start of a turn, each pair of identical Acorns in the centre is removed; returns
    how many discarded Trees come back (one a pair, if there are any)."""
    centre = state.centre
    recover = 0
    for k in range(len(centre)):
        if centre[k] >= ACORNS_PER_KIND:
            centre[k] -= ACORNS_PER_KIND
            state.acorns_removed += ACORNS_PER_KIND
            recover += 1
    return min(recover, len(state.discarded_trees))


def recover_trees(state: SkoventyrState) -> list[int]:
    """The Trees a recovered Tree may follow, from Vogter's clockwise to Gamle Erik's, sorted."""
    ring = state.ring
    i = ring.index(state.vogter)
    size = len(ring)
    trees = []
    while ring[i] != state.gamle_erik:
        trees.append(ring[i])
        i = (i + 1) % size
    return sorted(trees)


class RecoverTree(NamedTuple):
    """SV-8: a discarded Tree returns, between Vogter and Gamle Erik."""

    def run(self, state: SkoventyrState) -> bool:
        choices = [RECOVER_ID[x] for x in recover_trees(state)]
        return ask(state, RECOVER_PHASE, choices, self, recover)


RECOVER_TREE = RecoverTree()


# ---- the phase: recover ----------------------------------------------------------------------


def recover_why_not(state: SkoventyrState, action: int) -> str:
    """Why the recovered Tree may not follow the Tree of ``action``; "" if it may."""
    x = ARG1[action]
    if x in recover_trees(state):
        return ""
    return _(
        "the Tree cannot go after {tree}: it is inserted between Vogter and Gamle Erik "
        "clockwise, so he is no closer and no farther (SV-8)"
    ).format(tree=TREE_NAMES[x])


def recover_reference(state: SkoventyrState) -> list[int]:
    return [action for action in RECOVER_ID if not recover_why_not(state, action)]


def recover(state: SkoventyrState, action: int) -> None:
    """The first discarded Tree returns Healthy, after the Tree chosen."""
    tree = min(state.discarded_trees)
    state.discarded_trees.remove(tree)
    state.side[tree] = 0
    ring = state.ring
    ring.insert(ring.index(ARG1[action]) + 1, tree)


def recover_and_proceed(state: SkoventyrState, action: int) -> None:
    recover(state, action)
    state.proceed()


def recover_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose where the recovered Tree goes"), RECOVER)


RECOVER_PHASE: Phase[SkoventyrState] = Phase(
    "recover",
    (RECOVER,),
    mover=on_turn,
    legal=asked,
    apply=recover_and_proceed,
    why=recover_why_not,
    task=recover_task,
    reference=recover_reference,
)
