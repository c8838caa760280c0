"""Explore (rulings/knarr.md, Explore; KN-4, KN-5): the player chooses a visible destination (or,
with the Golden bracelet, a reserved one) and pays its cost by discarding crew cards to the
discard pile, each recruit spent replacing any one card (``pay``, a card or a recruit at a time).
KN-4: the payment is exact, no surplus card and no surplus recruit, so only a card or recruit
after which it can still be completed is offered. Once paid: the destination goes above the boat
(its trade columns join the boat's, KN-6), its immediate gains are taken (the vikings of "card"
gains drawn first), its slot is refilled (KN-5), then the Mead Cup's choice and the village's
activation (SK-3); a Land of Influence right after a Trading Land earns the Helmet's extra
Recruit. Explore is chosen in the ``action`` phase (:mod:`.turn`) or as the Weathervane's
extra action (:mod:`.extra_actions`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _, ngettext, pgettext
from langbord.core.prompts import offer
from langbord.engines.knarr.data import (
    COLOURS,
    COST_COLOURS,
    COST_DIFFERENT,
    COST_SAME,
    DESTINATIONS,
    GOLDEN_BRACELET,
    HELMET,
    LAND_OF_INFLUENCE,
    LINE_LOI,
    LINE_TL,
    MEAD_CUP,
    TRADING_LAND,
    TYPE_COLOUR,
    viking_name,
)
from langbord.engines.knarr.notation import (
    ARG,
    EXPLORE_ID,
    KIND,
    PAY,
    PAY_ID,
    PAY_RECRUIT,
    PAY_RECRUIT_ID,
)
from langbord.engines.knarr.phases import Words, choices, on_turn, seat_name
from langbord.engines.knarr.phases.destinations import REFILL_DESTINATION
from langbord.engines.knarr.phases.mead_cup import OFFER_MEAD_CUP
from langbord.engines.knarr.phases.village import ACTIVATE_VILLAGE
from langbord.engines.knarr.tables import (
    COLOUR_RANGE,
    COLOUR_TYPES,
    DEST_IMMEDIATE,
    DEST_KIND,
    DEST_SINGLE,
    DEST_SIZE,
    EXTRA_RECRUIT,
    can_pay,
)

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState, Player

PAYMENT_WORDS: Words = ((N_("pay with a crew card"), PAY), (N_("with a recruit"), PAY_RECRUIT))


# ---- choosing a destination ----------------------------------------------------------------------


def options(state: KnarrState, player: Player) -> list[int]:
    """The destinations ``player`` can pay (KN-4), visible or reserved; unsorted."""
    colours = player.colours
    recruits = player.recruits
    result = []
    for d in state.visible:
        if d < 0:
            continue
        single = DEST_SINGLE[d]
        if single >= 0:  # one colour: the common case, inlined
            if colours[single] + recruits >= DEST_SIZE[d]:
                result.append(EXPLORE_ID[d])
        elif can_pay(d, colours, recruits):
            result.append(EXPLORE_ID[d])
    for d in player.reserved:
        if can_pay(d, colours, recruits):
            result.append(EXPLORE_ID[d])
    return result


def affordable(state: KnarrState, p: int, d: int) -> bool:
    """Whether seat ``p`` can pay destination ``d`` exactly with crew cards and recruits."""
    player = state.players[p]
    return can_pay(d, player.colours, player.recruits)


def why_not_explore(state: KnarrState, d: int) -> str:
    """Why destination ``d`` may not be explored now; "" if it may: it is visible (or reserved)
    and the crew and recruits can pay it exactly (KN-4)."""
    p = state.turn
    player = state.players[p]
    dest = DESTINATIONS[d]
    if d not in state.visible and d not in player.reserved:
        if GOLDEN_BRACELET in state.artifacts:
            return _("{destination} is not a visible or reserved destination").format(
                destination=dest.name
            )
        return _("{destination} is not a visible destination").format(destination=dest.name)
    colours = player.colours
    if can_pay(d, colours, player.recruits):
        return ""
    have = ", ".join(
        pgettext("cost", "{n} {colour}").format(n=colours[c], colour=_(COLOURS[c]))
        for c in COLOUR_RANGE
        if colours[c]
    )
    # The English says "recruits" for any number (as it always has); other languages may not.
    return ngettext(
        "{player} is short: {destination} costs {cost}, the crew holds {cards} and {n} "
        "recruits (each recruit replaces one card, KN-4)",
        "{player} is short: {destination} costs {cost}, the crew holds {cards} and {n} "
        "recruits (each recruit replaces one card, KN-4)",
        player.recruits,
    ).format(
        player=seat_name(state, p),
        destination=dest.name,
        cost=dest.cost_words(),
        cards=have or _("no cards"),
        n=player.recruits,
    )


def explore(state: KnarrState, d: int) -> None:
    """Take destination ``d`` from its slot (or the reserved ones) and start paying it."""
    player = state.players[state.turn]
    if d in state.visible:
        slot = state.visible.index(d)
        state.visible[slot] = -1
    else:
        slot = -1
        player.reserved.remove(d)
    state.pay_dest = d
    state.pay_slot = slot
    state.pay_need = list(DESTINATIONS[d].need)
    state.pay_colour = -1
    state.pay_used = 0
    state.pay_left = DEST_SIZE[d]
    state.phase = PAYMENT


# ---- paying it (KN-4) ----------------------------------------------------------------------------


def payable_colours(state: KnarrState, player: Player) -> list[int]:
    """The crew colours a card of which may go towards the cost now (KN-4)."""
    colours = player.colours
    kind = DEST_KIND[state.pay_dest]
    if kind == COST_COLOURS:
        need = state.pay_need
        return [c for c in COLOUR_RANGE if colours[c] and need[c]]
    if kind == COST_DIFFERENT:
        used = state.pay_used
        return [c for c in COLOUR_RANGE if colours[c] and not used >> c & 1]
    return same_colours(state, player)


def same_colours(state: KnarrState, player: Player) -> list[int]:
    """A cost of cards of one colour: the colour paid so far, or any that can complete it."""
    colours = player.colours
    chosen = state.pay_colour
    if chosen >= 0:
        return [chosen] if colours[chosen] else []
    short = state.pay_left - player.recruits
    return [c for c in COLOUR_RANGE if colours[c] and colours[c] >= short]


def legal(state: KnarrState) -> list[int]:
    """KN-4: every card or recruit after which the payment can still be made exactly."""
    player = state.players[state.turn]
    crew = player.crew
    result: list[int] = []
    for c in payable_colours(state, player):
        result += [PAY_ID[t] for t in COLOUR_TYPES[c] if crew[t]]
    if player.recruits:
        result.append(PAY_RECRUIT_ID)
    return result


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not pay now; "" if it may: a recruit while any is left, a crew card of
    a colour the cost can still take (KN-4)."""
    p = state.turn
    player = state.players[p]
    if KIND[action] == PAY_RECRUIT:
        if player.recruits:
            return ""
        return _("{player} has no recruit left to pay with (KN-4)").format(
            player=seat_name(state, p)
        )
    t = ARG[action]
    if not player.crew[t]:
        return _("{player}'s crew holds no {card}").format(
            player=seat_name(state, p), card=viking_name(t)
        )
    if TYPE_COLOUR[t] in payable_colours(state, player):
        return ""
    dest = DESTINATIONS[state.pay_dest]
    colour = _(COLOURS[TYPE_COLOUR[t]])
    kind = DEST_KIND[state.pay_dest]
    if kind == COST_COLOURS:
        return _(
            "{destination} costs {cost} and needs no more {colour}: the payment must be exact, "
            "no surplus card (KN-4)"
        ).format(destination=dest.name, cost=dest.cost_words(), colour=colour)
    if kind == COST_DIFFERENT:
        return _(
            "{colour} is already paid: {destination} needs {cost}, no surplus card (KN-4)"
        ).format(colour=colour, destination=dest.name, cost=dest.cost_words())
    if state.pay_colour >= 0:
        return _("{destination} costs {cost}: the cards paid are {paid} (KN-4)").format(
            destination=dest.name, cost=dest.cost_words(), paid=_(COLOURS[state.pay_colour])
        )
    return _(
        "{destination} costs {cost}: the crew's {colour} cards and the recruits cannot "
        "complete it (KN-4)"
    ).format(destination=dest.name, cost=dest.cost_words(), colour=colour)


def reference(state: KnarrState) -> list[int]:
    return [a for a in (*PAY_ID, PAY_RECRUIT_ID) if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    """KN-4: a crew card or a recruit towards the cost; the exploration is done once it is paid
    exactly."""
    if KIND[action] == PAY:
        pay_card(state, ARG[action])
    else:
        state.players[state.turn].recruits -= 1
    state.pay_left -= 1
    if not state.pay_left:
        explored(state)


def pay_card(state: KnarrState, t: int) -> None:
    """A crew card of type ``t`` to the discard pile, towards the cost."""
    player = state.players[state.turn]
    colour = TYPE_COLOUR[t]
    player.crew[t] -= 1
    player.colours[colour] -= 1
    state.discard[t] += 1
    state.discard_size += 1
    kind = DEST_KIND[state.pay_dest]
    if kind == COST_COLOURS:
        state.pay_need[colour] -= 1
    elif kind == COST_SAME:
        state.pay_colour = colour
    else:
        state.pay_used |= 1 << colour


def explored(state: KnarrState) -> None:
    """The cost is paid exactly: immediate gains, the destination above the boat, refill."""
    p = state.turn
    player = state.players[p]
    d = state.pay_dest
    state.pay_dest = -1
    dest = DESTINATIONS[d]
    player.destinations.append(d)
    columns = player.trade
    for c, g in enumerate(dest.trade):
        if g >= 0:
            columns[c][g] += 1
    pending = state.pending
    deck = dest.deck
    if deck == LAND_OF_INFLUENCE and player.last_deck == TRADING_LAND and HELMET in state.artifacts:
        state.extras.append(EXTRA_RECRUIT)
    player.last_deck = deck
    if state.skali:
        pending.append(ACTIVATE_VILLAGE[LINE_LOI if deck == LAND_OF_INFLUENCE else LINE_TL])
    if MEAD_CUP in state.artifacts:
        pending.append(OFFER_MEAD_CUP)
    if state.pay_slot >= 0:
        pending.append(REFILL_DESTINATION[state.pay_slot])
    state.gain(p, DEST_IMMEDIATE[d])
    state.proceed()


def task(state: KnarrState, quote: bool) -> str:
    dest = DESTINATIONS[state.pay_dest]
    text = offer(choices(state, PAYMENT_WORDS, quote))
    return _("{player} pays {destination} ({cost}, {left} left): {choices} (KN-4)").format(
        player=seat_name(state, state.turn),
        destination=dest.name,
        cost=dest.cost_words(),
        left=state.pay_left,
        choices=text,
    )


PAYMENT: Phase[KnarrState] = Phase(
    "pay",
    (PAY, PAY_RECRUIT),
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
