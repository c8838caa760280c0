"""Damaging and Healing a Tree (rulebook, Actions in Detail): to Damage a Tree, a Free Damaged
Tree is discarded if there is one (the ring closes up), else a Free Healthy Tree is flipped; to
Heal a Tree, a Free Damaged Tree is flipped. A Tree is Free with neither Vogter, nor Gamle Erik,
nor an Ally on it; only a Free Tree can be flipped or discarded. Phases ``damage`` and
``heal``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.engines.skoventyr.data import TREE_NAMES
from langbord.engines.skoventyr.notation import ARG1, DAMAGE, DAMAGE_ID, HEAL, HEAL_ID
from langbord.engines.skoventyr.phases import ask, asked, on_turn, phrased

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


def is_free(state: SkoventyrState, x: int) -> bool:
    """A Tree is Free with no Vogter, no Gamle Erik and no Ally on it."""
    return x != state.vogter and x != state.gamle_erik and state.ally_on[x] < 0


def damage_trees(state: SkoventyrState) -> list[int]:
    """The Trees a Damage may hit, sorted: the Free Damaged ones if there is one, else the Free
    Healthy ones."""
    free = [x for x in state.ring if is_free(state, x)]
    side = state.side
    damaged = [x for x in free if side[x]]
    return sorted(damaged or free)


def heal_trees(state: SkoventyrState) -> list[int]:
    """The Free Damaged Trees, sorted."""
    side = state.side
    return sorted(x for x in state.ring if side[x] and is_free(state, x))


def can_damage(times: int, counts: tuple[int, int, int]) -> bool:
    """SV-5: can a Tree be damaged ``times`` times in a row (1 or 2), the Forest holding
    ``counts`` (Free Trees, Free Damaged Trees, Hidden Allies: ``allies.forest_counts``)?"""
    free, damaged, _hidden = counts
    if times == 1:
        return free >= 1
    # A second Damage discards the Tree the first one flipped, if nothing else is Free.
    return free >= 2 or (free == 1 and not damaged)


# ---- pending work ----------------------------------------------------------------------------


class DamageTree(NamedTuple):
    """Damage a Tree (:func:`damage_trees`)."""

    def run(self, state: SkoventyrState) -> bool:
        choices = [DAMAGE_ID[x] for x in damage_trees(state)]
        return ask(state, DAMAGE_PHASE, choices, self, damage)


class HealTree(NamedTuple):
    """Heal a Free Damaged Tree, if there is one (Restoration's "if possible"; the Ellefolk's
    power is offered only when there is, SV-5)."""

    def run(self, state: SkoventyrState) -> bool:
        trees = heal_trees(state)
        if not trees:
            return False
        return ask(state, HEAL_PHASE, [HEAL_ID[x] for x in trees], self, heal)


DAMAGE_TREE_WORK = DamageTree()
HEAL_TREE_WORK = HealTree()


# ---- the phase: damage -----------------------------------------------------------------------


def damage_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Tree of ``action`` may not be damaged now; "" if it may."""
    x = ARG1[action]
    tree = TREE_NAMES[x]
    if x not in state.ring:
        return _("Tree {tree} is not in the Forest").format(tree=tree)
    if not is_free(state, x):
        return _(
            "Tree {tree} is not Free (a pawn or an Ally is on it): only a Free Tree can be "
            "flipped or discarded (rulebook)"
        ).format(tree=tree)
    side = state.side
    if not side[x] and any(side[y] and is_free(state, y) for y in state.ring):
        return _("a Free Damaged Tree is in the Forest: it must be discarded (Damage a Tree)")
    return ""


def damage_reference(state: SkoventyrState) -> list[int]:
    return [action for action in DAMAGE_ID if not damage_why_not(state, action)]


def damage(state: SkoventyrState, action: int) -> None:
    """A Free Damaged Tree is discarded (the ring closes up); a Free Healthy one is flipped."""
    x = ARG1[action]
    if state.side[x]:
        state.ring.remove(x)
        state.discarded_trees.append(x)
    else:
        state.side[x] = 1


def damage_and_proceed(state: SkoventyrState, action: int) -> None:
    damage(state, action)
    state.proceed()


def damage_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose the Tree to damage"), DAMAGE)


DAMAGE_PHASE: Phase[SkoventyrState] = Phase(
    "damage",
    (DAMAGE,),
    mover=on_turn,
    legal=asked,
    apply=damage_and_proceed,
    why=damage_why_not,
    task=damage_task,
    reference=damage_reference,
)


# ---- the phase: heal -------------------------------------------------------------------------


def heal_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Tree of ``action`` may not be healed now; "" if it may."""
    x = ARG1[action]
    if x in state.ring and state.side[x] and is_free(state, x):
        return ""
    return _("Tree {tree} is not a Free, Damaged Tree in the Forest (Heal a Tree)").format(
        tree=TREE_NAMES[x]
    )


def heal_reference(state: SkoventyrState) -> list[int]:
    return [action for action in HEAL_ID if not heal_why_not(state, action)]


def heal(state: SkoventyrState, action: int) -> None:
    state.side[ARG1[action]] = 0


def heal_and_proceed(state: SkoventyrState, action: int) -> None:
    heal(state, action)
    state.proceed()


def heal_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose the Tree to heal"), HEAL)


HEAL_PHASE: Phase[SkoventyrState] = Phase(
    "heal",
    (HEAL,),
    mover=on_turn,
    legal=asked,
    apply=heal_and_proceed,
    why=heal_why_not,
    task=heal_task,
    reference=heal_reference,
)
