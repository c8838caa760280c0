"""The Allies (rulebook, The Allies; rulings table and SV-3, SV-5): each card's left box, the
cost of taking it with Vogter's Call, and its right box, the power its Mission uses. Each effect
is carried out here, once (:func:`effect`), and whether it can be resolved in full now is
:func:`effect_possible`. The effects that ask the player something have their phases here:
revealing an Ally (``reveal``, the Trold's cost), a Future Ally to the bottom (``cost bottom``,
the Ellefolk's cost), the Huldre's power (``huldre``), the Trold's power (``trold``) and the
Nisse's power (``recycle``). Damaging and Healing a Tree are in :mod:`.trees`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, cast

from langbord.core.flow import Phase, Work
from langbord.core.i18n import _, ngettext
from langbord.engines.skoventyr.data import (
    ADVERSARY,
    ALLY_TYPES,
    BOTTOM_FUTURE_ALLY,
    DAMAGE_TREE,
    ERIK_BACK_THREE,
    ERIK_CLOCKWISE,
    HEAL_TREE,
    NISSE,
    PLACEMENT,
    RECYCLE_TWO,
    REVEAL_TWO,
    TAKE_TWO_FROM_FUTURE,
    TREE_NAMES,
    VOGTER_TO_HIDDEN_ALLY,
)
from langbord.engines.skoventyr.notation import (
    ARG1,
    BOTTOM_SLOT,
    BOTTOM_SLOT_ID,
    DONE,
    DONE_ID,
    ERIK_BACK,
    ERIK_BACK_ID,
    KIND,
    RECYCLE,
    RECYCLE_ID,
    REVEAL,
    REVEAL_ID,
    SLOTS,
    TAKE_SLOT,
    TAKE_SLOT_ID,
    TYPES,
)
from langbord.engines.skoventyr.phases import (
    ask,
    asked,
    offered,
    on_turn,
    phrased,
    slot_why_not,
)
from langbord.engines.skoventyr.phases.trees import DAMAGE_TREE_WORK, HEAL_TREE_WORK

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState

Counts = tuple[int, int, int]
"""The Forest's Free Trees, Free Damaged Trees and Hidden Allies (:func:`forest_counts`)."""

FREE_EFFECT = [
    e in (ERIK_CLOCKWISE, TAKE_TWO_FROM_FUTURE, ERIK_BACK_THREE) for e in range(PLACEMENT + 1)
]
"""Effects that can always be resolved in full (a fast path of :func:`effect_possible`)."""


# ---- the Forest, as the effects see it -------------------------------------------------------


def forest_counts(state: SkoventyrState) -> Counts:
    """Free Trees, Free Damaged Trees, Hidden Allies."""
    ally_on, revealed, side = state.ally_on, state.revealed, state.side
    vogter, gamle_erik = state.vogter, state.gamle_erik
    free = damaged = hidden = 0
    for x in state.ring:
        if ally_on[x] >= 0:
            if not revealed[x]:
                hidden += 1
        elif x != vogter and x != gamle_erik:
            free += 1
            damaged += side[x]
    return free, damaged, hidden


def next_tree(state: SkoventyrState, x: int) -> int:
    """The Tree clockwise from ``x``."""
    ring = state.ring
    return ring[(ring.index(x) + 1) % len(ring)]


def reveal(state: SkoventyrState, x: int) -> None:
    """Reveal the Ally on Tree ``x``: on Gamle Erik's Tree, a Revealed Ally is discarded at
    once (rulebook, Hidden and Revealed)."""
    state.revealed[x] = True
    if x == state.gamle_erik:
        state.discard_ally(x)


def hidden_ally_trees(state: SkoventyrState) -> list[int]:
    """The Trees holding a Hidden Ally, sorted."""
    ally_on, revealed = state.ally_on, state.revealed
    return sorted(x for x in state.ring if ally_on[x] >= 0 and not revealed[x])


def erik_back_limit(state: SkoventyrState) -> int:
    """How far Gamle Erik may go counter-clockwise (at most 3), stopping before Vogter."""
    ring = state.ring
    i = ring.index(state.gamle_erik)
    for k in range(1, 4):
        if ring[(i - k) % len(ring)] == state.vogter:
            return k - 1
    return 3


def future_to_bottom(state: SkoventyrState, slot: int) -> None:
    """The card in Future slot ``slot`` goes on the bottom of the deck."""
    card = state.future[slot]
    state.future[slot] = -1
    state.to_bottom(card)


# ---- carrying an effect out ------------------------------------------------------------------


def effect(state: SkoventyrState, effect: int) -> None:
    """Resolve a card's cost or power: Vogter onto a Hidden Ally and Gamle Erik clockwise happen
    at once; the others leave their work (``EFFECT_WORK``)."""
    if effect == VOGTER_TO_HIDDEN_ALLY:
        state.vogter = next_tree(state, state.vogter)
        reveal(state, state.vogter)
    elif effect == ERIK_CLOCKWISE:
        state.erik_step(True)
    else:
        state.pending += EFFECT_WORK.get(effect, ())


# ---- whether an effect can be resolved in full (SV-3, SV-5) ----------------------------------


def effect_possible(state: SkoventyrState, effect: int, taken: int, counts: Counts) -> bool:
    """SV-3/SV-5: can ``effect`` be resolved in full now? (``taken``: the Future slot of the
    card being called, which "an Ally from the Future" does not mean; ``counts``: the Forest's,
    see :func:`forest_counts`.)"""
    return EFFECT_POSSIBLE[effect](state, taken, counts)


def _always(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    return True


def _never(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    return False


def _tree_to_damage(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    return counts[0] >= 1


def _other_future_ally(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    future = state.future
    return any(0 <= future[s] < ADVERSARY for s in SLOTS if s != taken)


def _two_hidden_allies(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    return counts[2] >= 2


def _hidden_ally_next(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    x = next_tree(state, state.vogter)
    return x != state.gamle_erik and state.ally_on[x] >= 0 and not state.revealed[x]


def _tree_to_heal(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    return counts[1] >= 1


def _two_allies_to_recycle(state: SkoventyrState, taken: int, counts: Counts) -> bool:
    discard = state.discard
    return sum(1 for t in TYPES if discard[t] and t != NISSE) >= 2


EFFECT_POSSIBLE: dict[int, Callable[[SkoventyrState, int, Counts], bool]] = {
    ERIK_CLOCKWISE: _always,
    DAMAGE_TREE: _tree_to_damage,
    BOTTOM_FUTURE_ALLY: _other_future_ally,
    REVEAL_TWO: _two_hidden_allies,
    VOGTER_TO_HIDDEN_ALLY: _hidden_ally_next,
    HEAL_TREE: _tree_to_heal,
    RECYCLE_TWO: _two_allies_to_recycle,
    TAKE_TWO_FROM_FUTURE: _always,
    ERIK_BACK_THREE: _always,
    PLACEMENT: _never,
}


# ---- pending work ----------------------------------------------------------------------------


class RevealAlly(NamedTuple):
    """Reveal a Hidden Ally (the Trold's cost)."""

    def run(self, state: SkoventyrState) -> bool:
        trees = hidden_ally_trees(state)
        return ask(state, REVEAL_PHASE, [REVEAL_ID[x] for x in trees], self, reveal_chosen)


class CostToBottom(NamedTuple):
    """Put another Ally of the Future on the bottom of the deck (the Ellefolk's cost)."""

    def run(self, state: SkoventyrState) -> bool:
        future = state.future
        slots = [BOTTOM_SLOT_ID[s] for s in SLOTS if 0 <= future[s] < ADVERSARY]
        return ask(state, COST_BOTTOM_PHASE, slots, self, cost_to_bottom)


class HuldreTakes(NamedTuple):
    """The Huldre's power: take up to ``takes`` more Allies from the Future, or stop."""

    takes: int

    def run(self, state: SkoventyrState) -> bool:
        future = state.future
        choices = [TAKE_SLOT_ID[s] for s in SLOTS if 0 <= future[s] < ADVERSARY]
        choices.append(DONE_ID)
        return ask(state, HULDRE_PHASE, choices, self, huldre_takes)


class TroldPower(NamedTuple):
    """The Trold's power: Gamle Erik up to three Trees counter-clockwise."""

    def run(self, state: SkoventyrState) -> bool:
        choices = ERIK_BACK_ID[: erik_back_limit(state) + 1]
        return ask(state, TROLD_PHASE, choices, self, erik_back)


class NisseRecycles(NamedTuple):
    """The Nisse's power: ``left`` Allies of different types (``skip``: the one already put
    back), no Nisse, from the discard pile to the bottom of the deck."""

    skip: int
    left: int

    def run(self, state: SkoventyrState) -> bool:
        discard = state.discard
        skip = self.skip
        choices = [RECYCLE_ID[t] for t in TYPES if discard[t] and t != NISSE and t != skip]
        return ask(state, RECYCLE_PHASE, choices, self, recycle)


REVEAL_ALLY = RevealAlly()

EFFECT_WORK: dict[int, tuple[Work, ...]] = {
    DAMAGE_TREE: (DAMAGE_TREE_WORK,),
    BOTTOM_FUTURE_ALLY: (CostToBottom(),),
    REVEAL_TWO: (REVEAL_ALLY, REVEAL_ALLY),
    TAKE_TWO_FROM_FUTURE: (HuldreTakes(2),),
    HEAL_TREE: (HEAL_TREE_WORK,),
    ERIK_BACK_THREE: (TroldPower(),),
    RECYCLE_TWO: (NisseRecycles(-1, 2),),
}
"""The work a card's cost or power leaves (:func:`effect`; the other two effects, Vogter onto a
Hidden Ally and Gamle Erik clockwise, happen at once)."""


# ---- the phase: reveal (the Trold's cost) ----------------------------------------------------


def reveal_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Ally on the Tree of ``action`` may not be revealed now; "" if it may."""
    x = ARG1[action]
    if x in state.ring and state.ally_on[x] >= 0 and not state.revealed[x]:
        return ""
    return _("Tree {tree} holds no Hidden Ally to reveal").format(tree=TREE_NAMES[x])


def reveal_reference(state: SkoventyrState) -> list[int]:
    return [action for action in REVEAL_ID if not reveal_why_not(state, action)]


def reveal_chosen(state: SkoventyrState, action: int) -> None:
    reveal(state, ARG1[action])


def reveal_and_proceed(state: SkoventyrState, action: int) -> None:
    reveal(state, ARG1[action])
    state.proceed()


def reveal_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose a Hidden Ally to reveal"), REVEAL)


REVEAL_PHASE: Phase[SkoventyrState] = Phase(
    "reveal",
    (REVEAL,),
    mover=on_turn,
    legal=asked,
    apply=reveal_and_proceed,
    why=reveal_why_not,
    task=reveal_task,
    reference=reveal_reference,
)


# ---- the phase: cost bottom (the Ellefolk's cost) --------------------------------------------


def cost_bottom_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Future card of ``action`` may not pay the Ellefolk's cost; "" if it may."""
    slot = ARG1[action]
    if 0 <= state.future[slot] < ADVERSARY:
        return ""
    holds = _("an Adversary: the cost names an Ally from the Future (SV-3)")
    return slot_why_not(state, slot, holds)


def cost_bottom_reference(state: SkoventyrState) -> list[int]:
    return [action for action in BOTTOM_SLOT_ID if not cost_bottom_why_not(state, action)]


def cost_to_bottom(state: SkoventyrState, action: int) -> None:
    future_to_bottom(state, ARG1[action])


def cost_to_bottom_and_proceed(state: SkoventyrState, action: int) -> None:
    future_to_bottom(state, ARG1[action])
    state.proceed()


def cost_bottom_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose the Future Ally to put on the bottom"), BOTTOM_SLOT)


COST_BOTTOM_PHASE: Phase[SkoventyrState] = Phase(
    "cost bottom",
    (BOTTOM_SLOT,),
    mover=on_turn,
    legal=asked,
    apply=cost_to_bottom_and_proceed,
    why=cost_bottom_why_not,
    task=cost_bottom_task,
    reference=cost_bottom_reference,
)


# ---- the phase: huldre (the Huldre's power) --------------------------------------------------

HULDRE_ACTIONS = [*TAKE_SLOT_ID, DONE_ID]


def huldre_why_not(state: SkoventyrState, action: int) -> str:
    """Why ``action`` may not be the Huldre's next take; "" if it may (stopping always may)."""
    if KIND[action] == DONE:
        return ""
    slot = ARG1[action]
    if 0 <= state.future[slot] < ADVERSARY:
        return ""
    holds = _("an Adversary: Huldre's power takes Allies only (SV-3)")
    return slot_why_not(state, slot, holds)


def huldre_reference(state: SkoventyrState) -> list[int]:
    return sorted(action for action in HULDRE_ACTIONS if not huldre_why_not(state, action))


def huldre_takes(state: SkoventyrState, action: int) -> None:
    """An Ally of the Future joins the hand, and the power may take one more; or it stops."""
    if KIND[action] == DONE:
        return
    slot = ARG1[action]
    card = state.future[slot]
    state.future[slot] = -1
    state.players[state.turn].take(card)
    takes = cast(HuldreTakes, state.waiting).takes - 1
    if takes:
        state.pending.append(HuldreTakes(takes))


def huldre_and_proceed(state: SkoventyrState, action: int) -> None:
    huldre_takes(state, action)
    state.proceed()


def huldre_task(state: SkoventyrState, quote: bool) -> str:
    return offered(state, quote, (_("take a Future Ally"), TAKE_SLOT), (_("stop"), DONE))


HULDRE_PHASE: Phase[SkoventyrState] = Phase(
    "huldre",
    (TAKE_SLOT, DONE),
    mover=on_turn,
    legal=asked,
    apply=huldre_and_proceed,
    why=huldre_why_not,
    task=huldre_task,
    reference=huldre_reference,
)


# ---- the phase: trold (the Trold's power) ----------------------------------------------------


def trold_why_not(state: SkoventyrState, action: int) -> str:
    """Why Gamle Erik may not go back as far as ``action`` says; "" if he may."""
    limit = erik_back_limit(state)
    if ARG1[action] <= limit:
        return ""
    return ngettext(
        "Gamle Erik can move at most {limit} times counter-clockwise here: one more would bring "
        "him onto Vogter's Tree (package card)",
        "Gamle Erik can move at most {limit} times counter-clockwise here: one more would bring "
        "him onto Vogter's Tree (package card)",
        limit,
    ).format(limit=limit)


def trold_reference(state: SkoventyrState) -> list[int]:
    return [action for action in ERIK_BACK_ID if not trold_why_not(state, action)]


def erik_back(state: SkoventyrState, action: int) -> None:
    for _step in range(ARG1[action]):
        state.erik_step(False)


def erik_back_and_proceed(state: SkoventyrState, action: int) -> None:
    erik_back(state, action)
    state.proceed()


def trold_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("move Gamle Erik counter-clockwise"), ERIK_BACK)


TROLD_PHASE: Phase[SkoventyrState] = Phase(
    "trold",
    (ERIK_BACK,),
    mover=on_turn,
    legal=asked,
    apply=erik_back_and_proceed,
    why=trold_why_not,
    task=trold_task,
    reference=trold_reference,
)


# ---- the phase: recycle (the Nisse's power) --------------------------------------------------


def recycle_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Ally type of ``action`` may not go back now; "" if it may."""
    ally = ARG1[action]
    if ally == NISSE:
        return _("Nisse's power cannot put back a Nisse (rulebook)")
    if ally == cast(NisseRecycles, state.waiting).skip:
        return _("the two Allies must be of different types (rulebook)")
    if state.discard[ally]:
        return ""
    return _("the discard pile holds no {ally}").format(ally=_(ALLY_TYPES[ally]))


def recycle_reference(state: SkoventyrState) -> list[int]:
    return [action for action in RECYCLE_ID if not recycle_why_not(state, action)]


def recycle(state: SkoventyrState, action: int) -> None:
    """An Ally from the discard pile to the bottom of the deck; one more may follow."""
    ally = ARG1[action]
    state.discard[ally] -= 1
    state.to_bottom(ally)
    left = cast(NisseRecycles, state.waiting).left - 1
    if left:
        state.pending.append(NisseRecycles(ally, left))


def recycle_and_proceed(state: SkoventyrState, action: int) -> None:
    recycle(state, action)
    state.proceed()


def recycle_task(state: SkoventyrState, quote: bool) -> str:
    phrase = _("choose an Ally in the discard pile to put on the bottom")
    return phrased(state, quote, phrase, RECYCLE)


RECYCLE_PHASE: Phase[SkoventyrState] = Phase(
    "recycle",
    (RECYCLE,),
    mover=on_turn,
    legal=asked,
    apply=recycle_and_proceed,
    why=recycle_why_not,
    task=recycle_task,
    reference=recycle_reference,
)
