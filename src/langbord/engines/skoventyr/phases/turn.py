"""A turn (rulebook, Gameplay): the player chooses one action on a Vogter card and carries it out
(phase ``action``): Vogter's Call, Gambit, Command (Position or Mission) or Wrath, and with the
modules Vogter's Reconciliation (Rally or Involve, SV-7) and Rescue (SV-8). An action may be
chosen only if all its mandatory steps can be carried out; with none left the game is lost
(SV-5). After the action, a player holding more than 5 cards discards down to 5, choosing which
(``hand limit``); then the Future slides left and is refilled from the deck (SV-4: an empty deck
leaves it short); then the next seat plays. Seat 0 starts. A turn starts with the Acorns'
recovery (SV-8, :mod:`.rescue`); a game still undecided after ``TURN_LIMIT`` turns is lost (the
card's safeguard)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _, ngettext
from langbord.core.prompts import offer
from langbord.engines.skoventyr.data import (
    ALLY_TYPES,
    FORMSKIFTER,
    FUTURE_SIZE,
    HAND_LIMIT,
    LOST,
    TURN_LIMIT,
)
from langbord.engines.skoventyr.notation import (
    ARG1,
    CALL,
    CALL_RISKY,
    DISCARD_CARD,
    DISCARD_CARD_ID,
    GAMBIT,
    GAMBIT_ID,
    INVOLVE,
    KIND,
    MISSION,
    POSITION,
    RALLY,
    RALLY_ANY,
    RESCUE,
    TYPES,
    WRATH,
)
from langbord.engines.skoventyr.phases import ask, asked, on_turn, phrased
from langbord.engines.skoventyr.phases.allies import Counts
from langbord.engines.skoventyr.phases.call import call, risky_call
from langbord.engines.skoventyr.phases.call import choices as call_choices
from langbord.engines.skoventyr.phases.call import why_not as call_why_not
from langbord.engines.skoventyr.phases.command import choices as command_choices
from langbord.engines.skoventyr.phases.command import (
    mission,
    mission_why_not,
    position,
    position_why_not,
)
from langbord.engines.skoventyr.phases.draws import draw
from langbord.engines.skoventyr.phases.gambit import gambit, gambit_why_not
from langbord.engines.skoventyr.phases.lygtemands import choices as reconciliation_choices
from langbord.engines.skoventyr.phases.lygtemands import (
    involve,
    involve_why_not,
    rally,
    rally_any,
    rally_why_not,
)
from langbord.engines.skoventyr.phases.rescue import RECOVER_TREE, rescue, trees_to_recover
from langbord.engines.skoventyr.phases.rescue import choices as rescue_choices
from langbord.engines.skoventyr.phases.rescue import why_not as rescue_why_not
from langbord.engines.skoventyr.phases.wrath import choices as wrath_choices
from langbord.engines.skoventyr.phases.wrath import why_not as wrath_why_not
from langbord.engines.skoventyr.phases.wrath import wrath

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


# ---- pending work: a turn begins, a turn ends --------------------------------------------------


def start_turn(state: SkoventyrState) -> bool:
    """The start of a turn: the safeguard against endless games, then (SV-8) a pair of
    identical Acorns in the centre brings back a discarded Tree; then the action. Returns
    whether the state now waits."""
    if state.turns_played >= TURN_LIMIT:
        state.result = LOST  # the safeguard (the card, card.toml)
        return False
    if state.rescue:
        recover = trees_to_recover(state)
        if recover:
            state.pending += [ASK_ACTION] + [RECOVER_TREE] * recover
            return False
    return ask_action(state)


def ask_action(state: SkoventyrState) -> bool:
    """Ask for the turn's action (SV-5: with none legal the game is lost). Returns whether the
    state now waits."""
    choices = action_choices(state)
    if not choices:
        state.result = LOST
        return False
    state.phase = ACTION
    state.choices = choices
    return True


class TurnStart(NamedTuple):
    """A turn begins (:func:`start_turn`)."""

    def run(self, state: SkoventyrState) -> bool:
        return start_turn(state)


class AskAction(NamedTuple):
    """The turn's action, after the Trees recovered at its start (SV-8)."""

    def run(self, state: SkoventyrState) -> bool:
        return ask_action(state)


class EndTurn(NamedTuple):
    """After the action: the hand limit, then the Future slides left and is refilled (SV-4: an
    empty deck leaves it short), then the next seat's turn."""

    def run(self, state: SkoventyrState) -> bool:
        p = state.turn
        player = state.players[p]
        if player.hand_size > HAND_LIMIT:
            hand = player.hand
            choices = [DISCARD_CARD_ID[t] for t in TYPES if hand[t]]
            return ask(state, HAND_LIMIT_PHASE, choices, self, discard_one)
        future = state.future
        if -1 in future:
            cards = [c for c in future if c >= 0]
            cards += [-1] * (FUTURE_SIZE - len(cards))
            state.future = cards  # slide left
            if state.deck_size:
                state.pending += (END_TURN, REFILL_FUTURE)
                return False
        state.turns_played += 1
        state.turn = (p + 1) % state.n
        return start_turn(state)


class RefillFuture(NamedTuple):
    """The end of a turn: a card into the Future's empty slot."""

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        future = state.future
        future[future.index(-1)] = card


TURN_START = TurnStart()
ASK_ACTION = AskAction()
END_TURN = EndTurn()
REFILL_FUTURE = RefillFuture()


# ---- the phase: action ---------------------------------------------------------------------------

ACTION_KINDS = (
    CALL,
    CALL_RISKY,
    GAMBIT,
    POSITION,
    MISSION,
    WRATH,
    RALLY,
    RALLY_ANY,
    INVOLVE,
    RESCUE,
)
"""The kinds of the turn's actions: ids ``CALL`` to ``RESCUE``, in this order."""
assert tuple(range(CALL, RESCUE + 1)) == ACTION_KINDS
ACTIONS = sorted(a for a in range(len(KIND)) if KIND[a] in ACTION_KINDS)
"""Every action of the phase."""


def _forest_scan(state: SkoventyrState) -> tuple[Counts, bool, int]:
    """One pass over the Forest: its counts (``allies.forest_counts``), whether a Tree can take a
    new Ally (a Tree with no Ally next to one with an Ally; the first goes on Vogter's), and the
    non-Formskifter type there (-1: none)."""
    ring, ally_on, revealed, side = state.ring, state.ally_on, state.revealed, state.side
    vogter, gamle_erik = state.vogter, state.gamle_erik
    free = damaged = hidden = 0
    kind = -1
    targets = False
    size = len(ring)
    empty = not state.forest_allies
    for i in range(size):
        x = ring[i]
        t = ally_on[x]
        if t >= 0:
            if not revealed[x]:
                hidden += 1
            if t != FORMSKIFTER:
                kind = t
            continue
        if x != vogter and x != gamle_erik:
            free += 1
            damaged += side[x]
        if empty:
            targets = targets or x == vogter  # the first Ally goes on Vogter's Tree
        elif ally_on[ring[i - 1]] >= 0 or ally_on[ring[(i + 1) % size]] >= 0:
            targets = True
    return (free, damaged, hidden), targets, kind


def action_choices(state: SkoventyrState) -> list[int]:
    """The turn's legal actions (SV-1, SV-3, SV-5, SV-7, SV-8), sorted: computed in one pass
    over the Forest (the phase's ``legal`` once asked; its ``reference`` is the rule plainly)."""
    counts, targets, kind = _forest_scan(state)
    choices = call_choices(state, counts)
    if counts[0]:  # a Tree can be damaged
        choices.append(GAMBIT_ID)
    choices += command_choices(state, counts, targets, kind)
    allies = state.forest_allies
    if allies >= 2:
        choices += wrath_choices(state, allies)
    if state.lygtemands:
        choices += reconciliation_choices(state, state.players[state.turn].hand)
    if state.rescue:
        choices += rescue_choices(state, counts)
    choices.sort()
    return choices


def _not_an_action(state: SkoventyrState, action: int) -> str:  # pragma: no cover (not a kind)
    raise AssertionError(f"kind {KIND[action]} is not one of the turn's actions")


def _not_carried_out(state: SkoventyrState, arg: int) -> None:  # pragma: no cover (not a kind)
    raise AssertionError("not one of the turn's actions")


WHY_NOT: tuple[Callable[[SkoventyrState, int], str], ...] = (
    *[_not_an_action] * CALL,  # the kinds before CALL are chance outcomes
    call_why_not,
    call_why_not,
    gambit_why_not,
    position_why_not,
    mission_why_not,
    wrath_why_not,
    rally_why_not,
    rally_why_not,
    involve_why_not,
    rescue_why_not,
)
"""Why each of the turn's actions is refused, by its kind: its rule ("" if it is allowed)."""

CARRY_OUT: tuple[Callable[[SkoventyrState, int], None], ...] = (
    *[_not_carried_out] * CALL,
    call,
    risky_call,
    gambit,
    position,
    mission,
    wrath,
    rally,
    rally_any,
    involve,
    rescue,
)
"""How each of the turn's actions is carried out, by its kind, with its argument (a slot, an Ally
type, a Minion …)."""


def why_not(state: SkoventyrState, action: int) -> str:
    """Why ``action`` may not be the turn's action now; "" if it may."""
    return WHY_NOT[KIND[action]](state, action)


def reference(state: SkoventyrState) -> list[int]:
    return [action for action in ACTIONS if not why_not(state, action)]


def apply(state: SkoventyrState, action: int) -> None:
    state.pending.append(END_TURN)  # after the action: hand limit, refill, next turn
    CARRY_OUT[KIND[action]](state, ARG1[action])
    state.proceed()


ACTION_CHOICES: tuple[tuple[str, tuple[int, ...]], ...] = (
    (N_("call"), (CALL, CALL_RISKY)),
    (N_("gambit"), (GAMBIT,)),
    (N_("position"), (POSITION,)),
    (N_("mission"), (MISSION,)),
    (N_("wrath"), (WRATH,)),
    (N_("rally"), (RALLY, RALLY_ANY)),
    (N_("involve"), (INVOLVE,)),
    (N_("rescue"), (RESCUE,)),
)
"""The actions of a turn (SV-1), as the prompt names them (translated where it is made), and
their action kinds."""


def task(state: SkoventyrState, quote: bool) -> str:
    choices = [(_(word), state._legal_of(*kinds)) for word, kinds in ACTION_CHOICES]
    if not quote:
        actions = offer([(word, None) for word, legal in choices if legal])
    else:
        actions = offer(choices)
    return _("choose an action: {actions}").format(actions=actions)


ACTION: Phase[SkoventyrState] = Phase(
    "action",
    ACTION_KINDS,
    mover=on_turn,
    legal=asked,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)


# ---- the phase: hand limit -------------------------------------------------------------------


def hand_limit_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Ally type of ``action`` may not be discarded; "" if the hand holds one."""
    ally = ARG1[action]
    if state.players[state.turn].hand[ally]:
        return ""
    return _("there is no {ally} in the hand").format(ally=_(ALLY_TYPES[ally]))


def hand_limit_reference(state: SkoventyrState) -> list[int]:
    return [action for action in DISCARD_CARD_ID if not hand_limit_why_not(state, action)]


def discard_one(state: SkoventyrState, action: int) -> None:
    """An Ally from the hand to the discard pile; the limit is checked again."""
    ally = ARG1[action]
    state.players[state.turn].give(ally)
    state.discard[ally] += 1
    state.pending.append(END_TURN)


def discard_and_proceed(state: SkoventyrState, action: int) -> None:
    discard_one(state, action)
    state.proceed()


def hand_limit_task(state: SkoventyrState, quote: bool) -> str:
    phrase = ngettext("discard down to {n} card", "discard down to {n} cards", HAND_LIMIT)
    return phrased(state, quote, phrase.format(n=HAND_LIMIT), DISCARD_CARD)


HAND_LIMIT_PHASE: Phase[SkoventyrState] = Phase(
    "hand limit",
    (DISCARD_CARD,),
    mover=on_turn,
    legal=asked,
    apply=discard_and_proceed,
    why=hand_limit_why_not,
    task=hand_limit_task,
    reference=hand_limit_reference,
)
