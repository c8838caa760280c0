"""The module The Lygtemands Get Involved (option ``lygtemands``, SV-7). Setup: a Lygtemand drawn
at random onto each Minion, Trickster side up (a chance node, phase ``lygtemand``). Vogter's
Reconciliation adds two actions: Rally, only when every Minion is covered, puts a matching Ally
from hand (any Ally for "?") on the bottom of the deck, and the Lygtemand leaves its Minion,
which becomes vulnerable; Involve removes 1 Rallied Lygtemand to reveal cards until an Ally
shows, which goes on top of the deck, or 2 to reveal until two Allies and an Adversary have
shown: the Allies go on top (``involve top``), an Adversary is discarded; the other cards
revealed go to the bottom in an order the player chooses (``involve bottom``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

from langbord.core.flow import Phase, chance
from langbord.core.i18n import _, ngettext
from langbord.engines.skoventyr.data import (
    ADVERSARY,
    ALLY_TYPES,
    ANY_LYGTEMAND,
    CARD_NAMES,
    LYGTEMANDS,
    MINION_NAMES,
)
from langbord.engines.skoventyr.notation import (
    ARG1,
    BOTTOM_CARD,
    BOTTOM_CARD_ID,
    INVOLVE_ID,
    KIND,
    LYGTEMAND,
    LYGTEMAND_ID,
    RALLY,
    RALLY_ANY_ID,
    RALLY_ID,
    TOP,
    TOP_ID,
    TYPES,
)
from langbord.engines.skoventyr.phases import ask, asked, on_turn, phrased
from langbord.engines.skoventyr.phases.draws import draw

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState

MINIONS = range(len(MINION_NAMES))


# ---- setup: the phase lygtemand --------------------------------------------------------------


class PlaceLygtemand(NamedTuple):
    """Setup (SV-7): a Lygtemand drawn at random onto Minion ``minion``."""

    minion: int

    def run(self, state: SkoventyrState) -> bool:
        state.phase = LYGTEMAND_PHASE
        state.waiting = self
        return True


def setup_odds(state: SkoventyrState) -> list[tuple[int, float]]:
    """Each Lygtemand not yet placed, equally likely."""
    p = 1.0 / len(state.lygtemand_pool)
    return [(LYGTEMAND_ID[k], p) for k in state.lygtemand_pool]


def setup_legal(state: SkoventyrState) -> list[int]:
    return [LYGTEMAND_ID[k] for k in state.lygtemand_pool]


def setup_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Lygtemand of ``action`` cannot be placed now; "" if it can."""
    lygtemand = ARG1[action]
    if lygtemand in state.lygtemand_pool:
        return ""
    return _("the {lygtemand} Lygtemand is already on a Minion (SV-7)").format(
        lygtemand=_(LYGTEMANDS[lygtemand])
    )


def setup_reference(state: SkoventyrState) -> list[int]:
    return [action for action in LYGTEMAND_ID if not setup_why_not(state, action)]


def place_lygtemand(state: SkoventyrState, action: int) -> None:
    lygtemand = ARG1[action]
    minion = cast(PlaceLygtemand, state.waiting).minion
    state.lygtemand_pool.remove(lygtemand)
    state.lygtemand_on[minion] = lygtemand
    if minion + 1 < len(MINION_NAMES):
        state.pending.append(PlaceLygtemand(minion + 1))
    state.proceed()


def setup_task(state: SkoventyrState, quote: bool) -> str:
    minion = MINION_NAMES[cast(PlaceLygtemand, state.waiting).minion]
    return _("a Lygtemand is placed on {minion}").format(minion=_(minion))


LYGTEMAND_PHASE: Phase[SkoventyrState] = Phase(
    "lygtemand",
    (LYGTEMAND,),
    mover=chance,
    legal=setup_legal,
    apply=place_lygtemand,
    why=setup_why_not,
    task=setup_task,
    outcomes=setup_odds,
    reference=setup_reference,
)


# ---- the actions: Rally and Involve ----------------------------------------------------------


def choices(state: SkoventyrState, hand: list[int]) -> list[int]:
    """The Reconciliations open now (the turn's legal actions, fast; ``hand``: the player's):
    Rally only when every Minion in the game is covered by a Lygtemand; Involve 1 or 2 with as
    many Rallied Lygtemands."""
    legal = []
    lygtemand_on, in_game = state.lygtemand_on, state.in_game
    if all(lygtemand_on[m] >= 0 for m in MINIONS if in_game[m]):
        for m in MINIONS:
            k = lygtemand_on[m]
            if not in_game[m] or k < 0:
                continue
            if k == ANY_LYGTEMAND:
                legal += [RALLY_ANY_ID[t] for t in TYPES if hand[t]]
            elif hand[k]:
                legal.append(RALLY_ID[k])
    if state.rallied:
        legal += _involve_choices(state)
    return legal


def _involve_choices(state: SkoventyrState) -> list[int]:
    adversaries = state.deck_count(ADVERSARY)
    allies = state.deck_size - adversaries
    legal = []
    if allies >= 1:
        legal.append(INVOLVE_ID[0])
    if state.rallied >= 2 and allies >= 2 and adversaries >= 1:
        legal.append(INVOLVE_ID[1])
    return legal


def rally_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Rally of ``action`` may not be made now; "" if it may."""
    if not state.lygtemands:
        return _("the Lygtemands module is not in play (option lygtemands)")
    ally = ARG1[action]
    if not state.players[state.turn].hand[ally]:
        return _("there is no {ally} in the hand").format(ally=_(ALLY_TYPES[ally]))
    lygtemand = ally if KIND[action] == RALLY else ANY_LYGTEMAND
    if lygtemand not in state.lygtemand_on:
        return _("the {lygtemand} Lygtemand is not on a Minion (SV-7)").format(
            lygtemand=_(LYGTEMANDS[lygtemand])
        )
    if any(state.in_game[m] and state.lygtemand_on[m] < 0 for m in MINIONS):
        return _("a Minion is already uncovered: no Rally until it is defeated (SV-7)")
    return ""


def involve_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Involve of ``action`` may not be made now; "" if it may."""
    if not state.lygtemands:
        return _("the Lygtemands module is not in play (option lygtemands)")
    removed = ARG1[action]
    if state.rallied < removed:
        return ngettext(
            "Involve {removed} needs {removed} Rallied Lygtemands; there are {rallied}",
            "Involve {removed} needs {removed} Rallied Lygtemands; there are {rallied}",
            removed,
        ).format(removed=removed, rallied=state.rallied)
    adversaries = state.deck_count(ADVERSARY)
    allies = state.deck_size - adversaries
    if allies >= removed and (removed == 1 or adversaries >= 1):
        return ""
    return _(
        "the deck does not hold the cards Involve must reveal (an Ally; or two Allies and an "
        "Adversary) (SV-5, SV-7)"
    )


def _rally(state: SkoventyrState, ally: int, lygtemand: int) -> None:
    """Rally (SV-7): the Ally to the bottom of the deck, the Lygtemand off its Minion."""
    state.players[state.turn].give(ally)
    state.to_bottom(ally)
    state.lygtemand_on[state.lygtemand_on.index(lygtemand)] = -1
    state.rallied += 1


def rally(state: SkoventyrState, ally: int) -> None:
    """Rally the Lygtemand of type ``ally`` with an Ally of that type."""
    _rally(state, ally, ally)


def rally_any(state: SkoventyrState, ally: int) -> None:
    """Rally the "?" Lygtemand with an Ally of type ``ally``."""
    _rally(state, ally, ANY_LYGTEMAND)


def involve(state: SkoventyrState, removed: int) -> None:
    """Involve: ``removed`` Rallied Lygtemands leave the game, then the cards are revealed."""
    state.rallied -= removed
    state.lygtemands_removed += removed
    state.pending.append(InvolveDraw(removed))


# ---- pending work ----------------------------------------------------------------------------


class InvolveDraw(NamedTuple):
    """Involve 1 or 2 (``removed``, SV-7): cards are revealed from the deck until an Ally shows
    (Involve 1: it goes on top), or two Allies and an Adversary (Involve 2)."""

    removed: int

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        cards = state.involve_cards
        cards.append(card)
        adversaries = cards.count(ADVERSARY)
        allies = len(cards) - adversaries
        if self.removed == 1:
            if card != ADVERSARY:
                cards.remove(card)
                state.top.insert(0, card)
                state.deck_size += 1
                state.pending.append(INVOLVE_BOTTOM)
                return
        elif allies >= 2 and adversaries >= 1:
            state.pending += (INVOLVE_BOTTOM, INVOLVE_DISCARD, InvolveTop(1), InvolveTop(0))
            return
        state.pending.append(self)


class InvolveTop(NamedTuple):
    """Involve 2 (SV-7): a revealed Ally goes on top of the deck, at ``place`` (0: the top)."""

    place: int

    def run(self, state: SkoventyrState) -> bool:
        cards = state.involve_cards
        choices = [TOP_ID[t] for t in TYPES if t in cards]
        return ask(state, INVOLVE_TOP_PHASE, choices, self, to_top)


class InvolveDiscard(NamedTuple):
    """Involve 2 (SV-7): a revealed Adversary is discarded."""

    def run(self, state: SkoventyrState) -> bool:
        state.involve_cards.remove(ADVERSARY)
        state.discard[ADVERSARY] += 1
        return False


class InvolveBottom(NamedTuple):
    """Involve: the other revealed cards go to the bottom, one at a time in the order chosen
    (asked only when they differ)."""

    def run(self, state: SkoventyrState) -> bool:
        cards = state.involve_cards
        if not cards:
            return False
        kinds = set(cards)
        if len(kinds) == 1:  # identical cards: their order does not matter
            state.bottom += cards
            state.deck_size += len(cards)
            cards.clear()
            return False
        choices = [BOTTOM_CARD_ID[t] for t in sorted(kinds)]
        return ask(state, INVOLVE_BOTTOM_PHASE, choices, self, to_bottom)


INVOLVE_DISCARD = InvolveDiscard()
INVOLVE_BOTTOM = InvolveBottom()


# ---- the phases: involve top, involve bottom --------------------------------------------------


def revealed_why_not(state: SkoventyrState, action: int) -> str:
    """Why the card of ``action`` may not be placed now; "" if Involve revealed it."""
    card = ARG1[action]
    if card in state.involve_cards:
        return ""
    return _("no {card} was revealed by Involve (SV-7)").format(card=_(CARD_NAMES[card]))


def top_reference(state: SkoventyrState) -> list[int]:
    return [action for action in TOP_ID if not revealed_why_not(state, action)]


def to_top(state: SkoventyrState, action: int) -> None:
    """A revealed Ally goes on top of the deck, at the record's place."""
    ally = ARG1[action]
    state.involve_cards.remove(ally)
    state.top.insert(cast(InvolveTop, state.waiting).place, ally)
    state.deck_size += 1


def to_top_and_proceed(state: SkoventyrState, action: int) -> None:
    to_top(state, action)
    state.proceed()


def top_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose the Ally to put on top of the deck"), TOP)


INVOLVE_TOP_PHASE: Phase[SkoventyrState] = Phase(
    "involve top",
    (TOP,),
    mover=on_turn,
    legal=asked,
    apply=to_top_and_proceed,
    why=revealed_why_not,
    task=top_task,
    reference=top_reference,
)


def bottom_reference(state: SkoventyrState) -> list[int]:
    return [action for action in BOTTOM_CARD_ID if not revealed_why_not(state, action)]


def to_bottom(state: SkoventyrState, action: int) -> None:
    """A revealed card goes to the bottom of the deck; the others follow."""
    card = ARG1[action]
    state.involve_cards.remove(card)
    state.to_bottom(card)
    state.pending.append(INVOLVE_BOTTOM)


def to_bottom_and_proceed(state: SkoventyrState, action: int) -> None:
    to_bottom(state, action)
    state.proceed()


def bottom_task(state: SkoventyrState, quote: bool) -> str:
    return phrased(state, quote, _("choose the next card to put on the bottom"), BOTTOM_CARD)


INVOLVE_BOTTOM_PHASE: Phase[SkoventyrState] = Phase(
    "involve bottom",
    (BOTTOM_CARD,),
    mover=on_turn,
    legal=asked,
    apply=to_bottom_and_proceed,
    why=revealed_why_not,
    task=bottom_task,
    reference=bottom_reference,
)
