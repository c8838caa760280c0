"""Extra actions (artifact variant): the Helmet's extra Recruit (exploring a Land of Influence
right after a Trading Land) and the Weathervane's extra Explore (completing a row of 5 colours in
the crew), each offered after the action that earned it, one at a time in the order earned, and
only where there is a choice (``extra action``: take it or skip it). An extra action is played
as the action is (:mod:`.recruit`, :mod:`.explore`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _
from langbord.core.prompts import offer
from langbord.engines.knarr.notation import (
    ARG,
    EXPLORE,
    EXPLORE_ID,
    KIND,
    RECRUIT,
    RECRUIT_ID,
    SKIP_EXTRA,
    SKIP_EXTRA_ID,
)
from langbord.engines.knarr.phases import SEAT_CHOICES, Words, choices, on_turn, seat_name
from langbord.engines.knarr.phases.explore import explore, why_not_explore
from langbord.engines.knarr.phases.explore import options as explore_options
from langbord.engines.knarr.phases.recruit import recruit
from langbord.engines.knarr.phases.recruit import why_not as why_not_recruit
from langbord.engines.knarr.tables import EXTRA_RECRUIT

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState

EXTRA_RECRUIT_WORDS: Words = (
    (N_("may take an extra Recruit (Helmet)"), RECRUIT),
    (N_("skip it"), SKIP_EXTRA),
)
EXTRA_EXPLORE_WORDS: Words = (
    (N_("may take an extra Explore (Weathervane)"), EXPLORE),
    (N_("skip it"), SKIP_EXTRA),
)


class ExtraActions(NamedTuple):
    """The next extra action earned (Helmet, Weathervane), if any."""

    def run(self, state: KnarrState) -> bool:
        return bool(state.extras) and offer_extra(state)


EXTRA_ACTIONS = ExtraActions()


def offer_extra(state: KnarrState) -> bool:
    """The next extra action earned that has a choice (Helmet, Weathervane)."""
    extras = state.extras
    while extras:
        state.extra_kind = extras.pop(0)
        if len(legal(state)) > 1:
            state.phase = EXTRA_ACTION
            state.pending.append(EXTRA_ACTIONS)
            return True
    return False


def legal(state: KnarrState) -> list[int]:
    """The extra action's options (from the hand: computed each time, as a resampled hand may
    differ), then "skip extra"."""
    player = state.players[state.turn]
    if state.extra_kind == EXTRA_RECRUIT:
        options = sorted({RECRUIT_ID[t] for t in player.hand})
    else:
        options = sorted(explore_options(state, player))
    options.append(SKIP_EXTRA_ID)
    return options


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not be taken now; "" if it may: skipping, or the extra action earned
    as the action allows it; another kind of action is not what is being decided."""
    kind = KIND[action]
    if kind == SKIP_EXTRA:
        return ""
    wanted = RECRUIT if state.extra_kind == EXTRA_RECRUIT else EXPLORE
    if kind != wanted:
        return state.wrong_phase(action)
    if kind == RECRUIT:
        return why_not_recruit(state, ARG[action])
    return why_not_explore(state, ARG[action])


def reference(state: KnarrState) -> list[int]:
    ids = RECRUIT_ID if state.extra_kind == EXTRA_RECRUIT else EXPLORE_ID
    return [a for a in (*ids, SKIP_EXTRA_ID) if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    kind = KIND[action]
    if kind == RECRUIT:
        recruit(state, ARG[action])
    elif kind == EXPLORE:
        explore(state, ARG[action])
    else:
        state.proceed()


def task(state: KnarrState, quote: bool) -> str:
    words = EXTRA_RECRUIT_WORDS if state.extra_kind == EXTRA_RECRUIT else EXTRA_EXPLORE_WORDS
    return _(SEAT_CHOICES).format(
        player=seat_name(state, state.turn), choices=offer(choices(state, words, quote))
    )


EXTRA_ACTION: Phase[KnarrState] = Phase(
    "extra action",
    (RECRUIT, EXPLORE, SKIP_EXTRA),
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
