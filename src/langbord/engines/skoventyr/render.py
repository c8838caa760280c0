"""Skoventyr's text rendering of the whole table (``str(state)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from langbord.core.info import REFEREE

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


def _cards(counts: dict[str, Any]) -> str:
    return ", ".join(f"{name} x{k}" for name, k in counts.items()) or "—"


def _status(state: SkoventyrState, view: dict[str, Any]) -> str:
    """The first line: players, turn, and what is being decided (or how the game ended)."""
    result = view["result"]
    if result == "won":
        status = "game over — won: the last Minion has left the game"
    elif result == "lost":
        status = "game over — lost"
    elif state.current_player() < 0:
        status = f"chance: {view['task']}"
    else:
        status = f"{state.game.seat_name(state.turn)} to {view['task']}"
    players = view["players"]
    return (
        f"Skoventyr, {players} player{'s' if players > 1 else ''}, "
        f"turn {view['turns_played'] + 1} — {status}"
    )


def _tree(tree: dict[str, Any]) -> str:
    text = f"{tree['tree']}{'' if tree['side'] == 'healthy' else '*'}"
    if tree["vogter"]:
        text += " V"
    if tree["gamle_erik"]:
        text += " GE"
    if tree["ally"]:
        text += f" [{tree['ally']} {'revealed' if tree['revealed'] else 'hidden'}]"
    return text


def _forest(view: dict[str, Any]) -> list[str]:
    trees = " | ".join(_tree(tree) for tree in view["forest"])
    discarded = ", ".join(view["discarded_trees"]) or "—"
    return [
        f"Forest (clockwise, * Damaged): {trees}",
        f"  Allies in the Forest {view['allies_in_forest']}, Gamle Erik {view['distance']} "
        f"Trees behind Vogter; discarded Trees: {discarded}",
    ]


def _cards_in_play(state: SkoventyrState, view: dict[str, Any]) -> list[str]:
    """The Future, the cards being taken or revealed, and the hands."""
    future = "  ".join(f"f{s + 1} {c or '—'}" for s, c in enumerate(view["future"]))
    lines = [f"Future: {future}"]
    if view["taking"]:
        lines.append(f"Being taken: {view['taking']}")
    if view["revealed"]:
        lines.append(f"Revealed by Involve: {', '.join(view['revealed'])}")
    playing = view["result"] == "playing"
    for p, hand in enumerate(view["hands"]):
        mark = "▶" if p == state.turn and playing else " "
        lines.append(f"{mark} {state.game.seat_name(p)} hand: {', '.join(hand) or '—'}")
    return lines


def _minion(minion: dict[str, Any]) -> str:
    text = f"{minion['name']} ({minion['value']})"
    if minion["lygtemand"]:
        text += f" Lygtemand {minion['lygtemand']}"
    if minion["acorn"]:
        text += f" Acorn {minion['acorn']}"
    return text


def _tokens(state: SkoventyrState, view: dict[str, Any]) -> list[str]:
    """The Minions in the game and the modules' tokens."""
    minions = ", ".join(_minion(m) for m in view["minions"] if m["in_game"]) or "—"
    lines = [f"Minions: {minions}"]
    lygtemands = view["lygtemands"]
    if lygtemands is not None:
        lines.append(
            f"Lygtemands: {lygtemands['rallied']} Rallied, {lygtemands['removed']} removed"
        )
    if view["hostages"] or state.rescue:
        hostages = ", ".join(f"{t} {k}" for t, k in view["hostages"].items()) or "—"
        acorns = ", ".join(view["acorns_in_centre"]) or "—"
        lines.append(f"Hostages: {hostages}; Acorns in the centre: {acorns}")
    return lines


def _deck(view: dict[str, Any]) -> list[str]:
    deck = view["deck"]
    return [
        f"Discard pile: {_cards(view['discard'])}",
        f"Deck: {deck['size']} cards; top {', '.join(deck['top']) or '—'}; "
        f"hidden {deck['hidden']} ({_cards(deck['hidden_cards'])}); "
        f"bottom {', '.join(deck['bottom']) or '—'} (last = bottom card)",
    ]


def render(state: SkoventyrState, viewer: int | None = REFEREE) -> str:
    """The ring, the Future, hands, Minions and their tokens, Hostages, discard pile and deck."""
    view = state.view(None)
    lines = [_status(state, view), *_forest(view), *_cards_in_play(state, view)]
    lines += [*_tokens(state, view), *_deck(view)]
    return "\n".join(lines)
