"""Vogter's Wrath (rulebook, Actions in Detail): a Minion whose value is at most the number of
Allies in the Forest leaves the game (SV-7: only a vulnerable one, no Lygtemand on it); the last
one wins the game. Its Acorn goes to the centre (SV-8); the deck, and only the deck, is shuffled;
then a reward is chosen (phase ``reward``): Refuge moves Vogter clockwise through Trees holding
Allies, or not at all (``refuge``; never onto Gamle Erik's Tree, SV-2), then discards every Ally
in the Forest; Revenge discards them, then an Adversary from the Future if there is one
(``revenge``); Restoration discards them, then Heals a Tree if possible."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import _, ngettext
from langbord.engines.skoventyr.data import (
    ADVERSARY,
    MINION_KINDS,
    MINION_NAMES,
    MINION_VALUES,
    TREE_NAMES,
    WON,
)
from langbord.engines.skoventyr.notation import (
    ARG1,
    DISCARD_SLOT,
    DISCARD_SLOT_ID,
    REFUGE,
    REFUGE_ID,
    RESTORATION,
    RESTORATION_ID,
    REVENGE,
    REVENGE_ID,
    SLOTS,
    VOGTER_TO,
    VOGTER_TO_ID,
    WRATH_ID,
)
from langbord.engines.skoventyr.phases import ask, asked, on_turn, phrased, slot_why_not
from langbord.engines.skoventyr.phases.trees import HEAL_TREE_WORK

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState

MINIONS = range(len(MINION_NAMES))


def discard_forest(state: SkoventyrState) -> None:
    """Every Ally in the Forest is discarded."""
    if state.forest_allies:
        for x in state.ring:
            if state.ally_on[x] >= 0:
                state.discard_ally(x)


def shuffle(state: SkoventyrState) -> None:
    """Shuffle the deck (only the deck): every known place is forgotten (SV-6)."""
    hidden = state.hidden
    for card in state.top:
        hidden[card] += 1
    for card in state.bottom:
        hidden[card] += 1
    state.top = []
    state.bottom = []
    state.hidden_size = state.deck_size


def refuge_trees(state: SkoventyrState) -> list[int]:
    """Refuge: Vogter's Tree, and the Trees clockwise from it reached through Allies only
    (never onto or past Gamle Erik, SV-2), sorted."""
    ring = state.ring
    size = len(ring)
    i = ring.index(state.vogter)
    trees = [state.vogter]
    for j in range(1, size):
        x = ring[(i + j) % size]
        if state.ally_on[x] < 0 or x == state.gamle_erik:
            break
        trees.append(x)
    return sorted(trees)


# ---- the action ------------------------------------------------------------------------------


def choices(state: SkoventyrState, allies: int) -> list[int]:
    """The Wraths open now (the turn's legal actions, fast), with ``allies`` Allies in the
    Forest: a vulnerable Minion of value at most ``allies``; of identical Minions (the same
    kind and Acorn) the lower number only."""
    legal = []
    seen = set()
    lygtemand_on, acorn_on = state.lygtemand_on, state.acorn_on
    for m in MINIONS:
        if state.in_game[m] and MINION_VALUES[m] <= allies and lygtemand_on[m] < 0:
            key = (MINION_KINDS[m], acorn_on[m])
            if key not in seen:
                seen.add(key)
                legal.append(WRATH_ID[m])
    return legal


def _vulnerable(state: SkoventyrState, m: int) -> bool:
    """Minion ``m`` may be defeated now, identical Minions aside."""
    return (
        state.in_game[m] and state.lygtemand_on[m] < 0 and MINION_VALUES[m] <= state.forest_allies
    )


def why_not(state: SkoventyrState, action: int) -> str:
    """Why the Wrath of ``action`` may not be chosen now; "" if it may."""
    m = ARG1[action]
    if not state.in_game[m]:
        return _("{minion} has left the game").format(minion=_(MINION_NAMES[m]))
    if state.lygtemand_on[m] >= 0:
        return _("{minion} is covered by a Lygtemand: not vulnerable (SV-7)").format(
            minion=_(MINION_NAMES[m])
        )
    allies = state.forest_allies
    if MINION_VALUES[m] > allies:
        return ngettext(
            "{minion} has value {value}, more than the {allies} Allies in the Forest (rulebook)",
            "{minion} has value {value}, more than the {allies} Allies in the Forest (rulebook)",
            allies,
        ).format(minion=_(MINION_NAMES[m]), value=MINION_VALUES[m], allies=allies)
    acorn = state.acorn_on
    for other in range(m):
        identical = MINION_KINDS[other] == MINION_KINDS[m] and acorn[other] == acorn[m]
        if identical and _vulnerable(state, other):
            return _("an identical Minion is offered instead (the lower number)")
    return ""


def wrath(state: SkoventyrState, m: int) -> None:
    """Vogter's Wrath defeats Minion ``m``: its Acorn to the centre (SV-8), the last one wins
    the game; else the deck is shuffled and a reward chosen."""
    state.in_game[m] = False
    state.minions_left -= 1
    k = state.acorn_on[m]
    if k >= 0:
        state.acorn_on[m] = -1
        state.centre[k] += 1
    if not state.minions_left:
        state.result = WON
        return
    shuffle(state)
    state.pending.append(CHOOSE_REWARD)


# ---- pending work ----------------------------------------------------------------------------


class ChooseReward(NamedTuple):
    """Vogter's Wrath's reward: Refuge, Revenge or Restoration."""

    def run(self, state: SkoventyrState) -> bool:
        rewards = [REFUGE_ID, REVENGE_ID, RESTORATION_ID]
        return ask(state, REWARD_PHASE, rewards, self, reward)


class RefugeMove(NamedTuple):
    """Refuge: Vogter's destination (:func:`refuge_trees`)."""

    def run(self, state: SkoventyrState) -> bool:
        choices = [VOGTER_TO_ID[x] for x in refuge_trees(state)]
        return ask(state, REFUGE_PHASE, choices, self, refuge)


class RevengeDiscard(NamedTuple):
    """Revenge: discard an Adversary from the Future, if there is one."""

    def run(self, state: SkoventyrState) -> bool:
        future = state.future
        slots = [DISCARD_SLOT_ID[s] for s in SLOTS if future[s] == ADVERSARY]
        if not slots:
            return False
        return ask(state, REVENGE_PHASE, slots, self, revenge)


CHOOSE_REWARD = ChooseReward()
REFUGE_MOVE = RefugeMove()
REVENGE_DISCARD = RevengeDiscard()


# ---- the phase: reward -----------------------------------------------------------------------

REWARDS = [REFUGE_ID, REVENGE_ID, RESTORATION_ID]


def reward_why_not(state: SkoventyrState, action: int) -> str:
    """Every reward may be chosen."""
    return ""


def reward_reference(state: SkoventyrState) -> list[int]:
    return [action for action in REWARDS if not reward_why_not(state, action)]


def reward(state: SkoventyrState, action: int) -> None:
    """Refuge: Vogter's move comes first; Revenge and Restoration discard the Forest's Allies
    first."""
    if action == REFUGE_ID:
        state.pending.append(REFUGE_MOVE)
        return
    discard_forest(state)
    state.pending.append(REVENGE_DISCARD if action == REVENGE_ID else HEAL_TREE_WORK)


def reward_and_proceed(state: SkoventyrState, action: int) -> None:
    reward(state, action)
    state.proceed()


def reward_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose the reward"), REFUGE, REVENGE, RESTORATION)


REWARD_PHASE: Phase[SkoventyrState] = Phase(
    "reward",
    (REFUGE, REVENGE, RESTORATION),
    mover=on_turn,
    legal=asked,
    apply=reward_and_proceed,
    why=reward_why_not,
    task=reward_task,
    reference=reward_reference,
)


# ---- the phase: refuge -----------------------------------------------------------------------


def refuge_why_not(state: SkoventyrState, action: int) -> str:
    """Why Vogter may not take Refuge on the Tree of ``action``; "" if he may."""
    x = ARG1[action]
    if x in refuge_trees(state):
        return ""
    return _(
        "Vogter cannot reach Tree {tree}: he moves clockwise only through Trees with an Ally, "
        "never onto Gamle Erik's (rulebook, SV-2)"
    ).format(tree=TREE_NAMES[x])


def refuge_reference(state: SkoventyrState) -> list[int]:
    return [action for action in VOGTER_TO_ID if not refuge_why_not(state, action)]


def refuge(state: SkoventyrState, action: int) -> None:
    """Vogter moves (or stays), then every Ally in the Forest is discarded."""
    state.vogter = ARG1[action]
    discard_forest(state)


def refuge_and_proceed(state: SkoventyrState, action: int) -> None:
    refuge(state, action)
    state.proceed()


def refuge_task(state: SkoventyrState, quote: bool) -> str:
    if not quote:
        return _("choose Vogter's destination (his own Tree: he stays)")
    return _("choose Vogter's destination ({examples}; his own Tree: he stays)").format(
        examples=state._examples(VOGTER_TO)
    )


REFUGE_PHASE: Phase[SkoventyrState] = Phase(
    "refuge",
    (VOGTER_TO,),
    mover=on_turn,
    legal=asked,
    apply=refuge_and_proceed,
    why=refuge_why_not,
    task=refuge_task,
    reference=refuge_reference,
)


# ---- the phase: revenge ----------------------------------------------------------------------


def revenge_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Future card of ``action`` may not be discarded by Revenge; "" if it may."""
    slot = ARG1[action]
    if state.future[slot] == ADVERSARY:
        return ""
    return slot_why_not(state, slot, _("an Ally: Revenge discards an Adversary"))


def revenge_reference(state: SkoventyrState) -> list[int]:
    return [action for action in DISCARD_SLOT_ID if not revenge_why_not(state, action)]


def revenge(state: SkoventyrState, action: int) -> None:
    """The Adversary leaves the Future for the discard pile, for good."""
    state.future[ARG1[action]] = -1
    state.discard[ADVERSARY] += 1


def revenge_and_proceed(state: SkoventyrState, action: int) -> None:
    revenge(state, action)
    state.proceed()


def revenge_task(state: SkoventyrState, quote: bool) -> str:
    phrase = _("choose the Adversary to discard from the Future")
    return phrased(state, quote, phrase, DISCARD_SLOT)


REVENGE_PHASE: Phase[SkoventyrState] = Phase(
    "revenge",
    (DISCARD_SLOT,),
    mover=on_turn,
    legal=asked,
    apply=revenge_and_proceed,
    why=revenge_why_not,
    task=revenge_task,
    reference=revenge_reference,
)
