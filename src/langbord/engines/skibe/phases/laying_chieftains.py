"""Laying Chieftain cards (rulebook, How to Play 1: optional): having laid a Viking card and
loaded its cargo, the player may play one Chieftain from hand onto any ship, left of the bow or
of that ship's last Chieftain. Each action symbol may lie once per ship, whoever played it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.core.prompts import offer
from langbord.engines.skibe.data import CHIEFTAIN_ACTIONS, COLOURS, SHIPS
from langbord.engines.skibe.notation import ARG1, ARG2, CHIEF, CHIEF_ID, KIND, PASS, PASS_ID
from langbord.engines.skibe.phases import on_turn

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

ACTIONS = sorted(a for a in range(len(KIND)) if KIND[a] in (CHIEF, PASS))
"""Every action of the phase: each Chieftain on each ship, and "pass"."""
_PLAYS: dict[int, list[int]] = {}
"""The legal actions by the bits (5 per ship) of the Chieftains in hand that each ship may still
receive, filled as keys occur."""


def _plays(key: int) -> list[int]:
    """The Chieftain plays open by ``key`` (bit ``5 * ship + action``), then "pass"."""
    plays = [
        CHIEF_ID[k][s]
        for k in range(len(CHIEFTAIN_ACTIONS))
        for s in range(SHIPS)
        if key >> (5 * s + k) & 1
    ]
    return [*plays, PASS_ID]


def offer_chieftains(state: SkibeState) -> None:
    """Once the cargo is loaded: a Chieftain may be played (a decision only if some Chieftain in
    hand may go on some ship), else the turn's decisions are over and the turn ends."""
    hand = state.players[state.turn].chieftains
    ships = state.ships
    key = (
        (hand & ~ships[0].actions)
        | (hand & ~ships[1].actions) << 5
        | (hand & ~ships[2].actions) << 10
    )
    if key:
        options = _PLAYS.get(key)
        if options is None:
            options = _PLAYS[key] = _plays(key)
        state.choices = options
        state.phase = CHIEFTAIN
    else:  # the display is refilled, the turn ends (pending)
        state.last_laid = -1
        state.proceed()


def legal(state: SkibeState) -> list[int]:
    """The plays found on entering the phase (:func:`offer_chieftains`)."""
    return state.choices


def why_not(state: SkibeState, action: int) -> str:
    """Why ``action`` may not be played now; "" if it may."""
    if KIND[action] == PASS:
        return ""
    kind, ship = ARG1[action], ARG2[action]
    if not state.players[state.turn].holds(kind):
        return _(
            "{colour} has already played its {chieftain} chieftain "
            "(one of each per player, rulebook)"
        ).format(colour=_(COLOURS[state.turn]), chieftain=_(CHIEFTAIN_ACTIONS[kind]))
    if state.ships[ship].actions >> kind & 1:
        return _(
            "ship {ship} already has a {chieftain} chieftain: each action once per ship (rulebook)"
        ).format(ship=ship + 1, chieftain=_(CHIEFTAIN_ACTIONS[kind]))
    return ""


def reference(state: SkibeState) -> list[int]:
    return [action for action in ACTIONS if not why_not(state, action)]


def apply(state: SkibeState, action: int) -> None:
    if action != PASS_ID:
        kind = ARG1[action]
        ship = state.ships[ARG2[action]]
        state.players[state.turn].chieftains &= ~(1 << kind)
        ship.chieftains.append((state.turn, kind))
        ship.actions |= 1 << kind
    state.last_laid = -1  # the turn's decisions are over: the display is refilled, it ends
    state.proceed()


def task(state: SkibeState, quote: bool) -> str:
    plays = state._legal_of(CHIEF) if quote else None
    return offer([(_("play a chieftain"), plays), (_("pass"), ["pass"] if quote else None)])


CHIEFTAIN: Phase[SkibeState] = Phase(
    "chieftain",
    {CHIEF, PASS},
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
