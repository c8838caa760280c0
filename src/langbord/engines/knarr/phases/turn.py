"""A turn (rulings/knarr.md, A turn; KN-6, KN-8; Skali: SK-2, SK-5, SK-6): reputation income,
then one action, Recruit or Explore (``action``; "pass" only when neither is possible: no card
in hand and no destination affordable), with Trade, and with Skali Develop and renew, once each
before or after it (:mod:`.trade`). What the action brings follows (the take, the village, the
artifacts' choices, the draws); then what may still follow it (``after action``: a Trade,
Develop or renew not yet taken, or end the turn; with nothing left, the turn ends at once).

The turn's end: SK-5's raid if the board holds no raid token (:mod:`.raid`); KN-8, once a seat
has 40 vp or more, the round is played out to the seat before the first player, and the game is
over (so it is after the round limit); else the next seat's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import OVER, Phase
from langbord.core.i18n import N_, _
from langbord.core.prompts import offer
from langbord.engines.knarr.data import MAX_ROUNDS, REPUTATION_VP
from langbord.engines.knarr.notation import (
    ARG,
    ARG2,
    DEVELOP,
    END,
    END_ID,
    EXPLORE,
    KIND,
    PASS,
    PASS_ID,
    RECRUIT,
    RECRUIT_ID,
    RENEW,
    TRADE,
    TRADE_ID,
)
from langbord.engines.knarr.phases import (
    Words,
    actions_of,
    choices,
    offer_task,
    offered,
    on_turn,
    seat_name,
)
from langbord.engines.knarr.phases.explore import explore, why_not_explore
from langbord.engines.knarr.phases.explore import options as explore_options
from langbord.engines.knarr.phases.extra_actions import EXTRA_ACTIONS
from langbord.engines.knarr.phases.raid import raid
from langbord.engines.knarr.phases.recruit import recruit
from langbord.engines.knarr.phases.recruit import why_not as why_not_recruit
from langbord.engines.knarr.phases.trade import develop, renew, skali_options, trade
from langbord.engines.knarr.phases.trade import why_not as why_not_manage

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState

ACTION_WORDS: Words = ((N_("recruit"), RECRUIT), (N_("explore"), EXPLORE), (N_("pass"), PASS))
BEFORE_ACTION_WORDS: Words = ((N_("trade"), TRADE), (N_("develop"), DEVELOP), (N_("renew"), RENEW))
AFTER_ACTION_WORDS: Words = (
    (N_("may trade"), TRADE),
    (N_("develop"), DEVELOP),
    (N_("renew"), RENEW),
    (N_("end turn"), END),
)


# ---- pending work: a turn begins, goes back to its action, ends ----------------------------------


class StartTurn(NamedTuple):
    """Reputation income, then the action."""

    def run(self, state: KnarrState) -> bool:
        start_turn(state)
        return True


class BackToTurn(NamedTuple):
    """Back to the turn: the action, if not yet taken, or what may follow it."""

    def run(self, state: KnarrState) -> bool:
        return back_to_turn(state)


class EndTurn(NamedTuple):
    """The turn ends: SK-5's raid, KN-8's end, or the next seat's turn."""

    def run(self, state: KnarrState) -> bool:
        return end_turn(state)


START_TURN = StartTurn()
BACK_TO_TURN = BackToTurn()
END_TURN = EndTurn()
AFTER_ACTION_WORK = (BACK_TO_TURN, EXTRA_ACTIONS)
"""After a Recruit, an Explore or a Trade: the extra actions it earned, then back to the turn."""


def start_turn(state: KnarrState) -> None:
    """Reputation income, then the action."""
    income = REPUTATION_VP[state.players[state.turn].reputation]
    if income:
        state.add_vp(state.players[state.turn], income)
    state.traded = state.acted = state.developed = False
    state.phase = ACTION


def back_to_turn(state: KnarrState) -> bool:
    """The action, if not yet taken; else a Trade, Develop or renew if one is still possible, or
    the turn ends."""
    if not state.acted:
        state.phase = ACTION
        return True
    if state.skali or (not state.traded and state.players[state.turn].bracelets):
        after = after_options(state)
        if len(after) > 1:
            state.offered = after
            state.phase = AFTER_ACTION
            return True
    # Nothing but "end turn" is possible: the turn ends.
    return end_turn(state)


def end_turn(state: KnarrState) -> bool:
    """SK-5's raid if the board holds no raid token; KN-8's end (True: the game is over); else
    the next seat's turn."""
    if state.skali and not state.raid_tokens_on_board:
        raid(state)
    n = state.n
    if state.turn == (state.first - 1) % n:
        state.rounds += 1
        if state.ended or state.rounds >= MAX_ROUNDS:
            state.phase = OVER
            return True
    state.turn = (state.turn + 1) % n
    state.pending.append(START_TURN)
    return False


def manage(state: KnarrState, action: int) -> None:
    """Trade (KN-6), Develop (SK-2) or renew (SK-6), before or after the action; then back to
    the turn."""
    kind = KIND[action]
    if kind == TRADE:
        state.pending += AFTER_ACTION_WORK
        trade(state, ARG[action])
    elif kind == DEVELOP:
        state.pending.append(BACK_TO_TURN)
        develop(state, ARG[action])
    else:
        state.pending.append(BACK_TO_TURN)
        renew(state, ARG[action], ARG2[action])


# ---- the action ----------------------------------------------------------------------------------

ACTIONS = actions_of(RECRUIT, EXPLORE, TRADE, DEVELOP, RENEW, PASS)
"""Every action of the ``action`` phase."""


def legal(state: KnarrState) -> list[int]:
    player = state.players[state.turn]
    result = [RECRUIT_ID[t] for t in set(player.hand)]
    result += explore_options(state, player)
    if not result:
        result.append(PASS_ID)  # no card in hand and nothing affordable
    if not state.traded:
        result += TRADE_ID[: min(player.bracelets, 3)]
    if state.skali:
        result += skali_options(state, player)
    result.sort()
    return result


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not be taken now; "" if it may."""
    kind = KIND[action]
    if kind == RECRUIT:
        return why_not_recruit(state, ARG[action])
    if kind == EXPLORE:
        return why_not_explore(state, ARG[action])
    if kind == PASS:
        player = state.players[state.turn]
        if not player.hand and not explore_options(state, player):
            return ""
        return _("pass only when neither Recruit nor Explore is possible")
    return why_not_manage(state, action)


def reference(state: KnarrState) -> list[int]:
    return [a for a in ACTIONS if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    """The action: Recruit or Explore (its extra actions, then what may follow it), a pass, or
    first a Trade, Develop or renew."""
    kind = KIND[action]
    if kind == RECRUIT:
        state.acted = True
        state.pending += AFTER_ACTION_WORK
        recruit(state, ARG[action])
    elif kind == EXPLORE:
        state.acted = True
        state.pending += AFTER_ACTION_WORK
        explore(state, ARG[action])
    elif kind == PASS:
        state.acted = True
        state.pending.append(BACK_TO_TURN)
        state.proceed()
    else:
        manage(state, action)


def task(state: KnarrState, quote: bool) -> str:
    main = offer(choices(state, ACTION_WORDS, quote), limit=2)
    before = offer(choices(state, BEFORE_ACTION_WORDS, quote), limit=1)
    who = seat_name(state, state.turn)
    if before:
        return _("{player} takes an action: {choices} (or first {before})").format(
            player=who, choices=main, before=before
        )
    return _("{player} takes an action: {choices}").format(player=who, choices=main)


ACTION: Phase[KnarrState] = Phase(
    "action",
    (RECRUIT, EXPLORE, TRADE, DEVELOP, RENEW, PASS),
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)


# ---- after the action ----------------------------------------------------------------------------

AFTER_ACTIONS = actions_of(TRADE, DEVELOP, RENEW, END)
"""Every action of the ``after action`` phase."""


def after_options(state: KnarrState) -> list[int]:
    """A Trade not yet taken, Develop and renew as Skali allows them, and "end turn"."""
    player = state.players[state.turn]
    result = [] if state.traded else TRADE_ID[: min(player.bracelets, 3)]
    if state.skali:
        result = result + skali_options(state, player)
    result.append(END_ID)
    result.sort()
    return result


def after_why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not be taken now; "" if it may: ending the turn always may."""
    if KIND[action] == END:
        return ""
    return why_not_manage(state, action)


def after_reference(state: KnarrState) -> list[int]:
    return [a for a in AFTER_ACTIONS if not after_why_not(state, a)]


def apply_after(state: KnarrState, action: int) -> None:
    if KIND[action] == END:
        state.pending.append(END_TURN)
        state.proceed()
    else:
        manage(state, action)


AFTER_ACTION: Phase[KnarrState] = Phase(
    "after action",
    (TRADE, DEVELOP, RENEW, END),
    mover=on_turn,
    legal=offered,
    apply=apply_after,
    why=after_why_not,
    task=offer_task(AFTER_ACTION_WORDS),
    reference=after_reference,
)
