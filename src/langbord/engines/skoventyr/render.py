"""Skoventyr's text rendering of the whole table (``str(state)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from langbord.core.info import REFEREE

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


def _cards(counts: dict[str, Any]) -> str:
    return ", ".join(f"{name} x{k}" for name, k in counts.items()) or "—"


def render(state: SkoventyrState, viewer: int | None = REFEREE) -> str:
    """The ring, the Future, hands, Minions and their tokens, Hostages, discard pile and deck."""
    view = state.view(None)
    lines: list[str] = []
    result = view["result"]
    if result == "won":
        status = "game over — won: the last Minion has left the game"
    elif result == "lost":
        status = "game over — lost"
    elif state.current_player() < 0:
        status = f"chance: {view['task']}"
    else:
        status = f"seat {state.turn} to {view['task']}"
    lines.append(
        f"Skoventyr, {state.n} player{'s' if state.n > 1 else ''}, turn {view['turns_played'] + 1}"
        f" — {status}"
    )
    trees = []
    for tree in view["forest"]:
        text = f"{tree['tree']}{'' if tree['side'] == 'healthy' else '*'}"
        if tree["vogter"]:
            text += " V"
        if tree["gamle_erik"]:
            text += " GE"
        if tree["ally"]:
            text += f" [{tree['ally']} {'revealed' if tree['revealed'] else 'hidden'}]"
        trees.append(text)
    lines.append("Forest (clockwise, * Damaged): " + " | ".join(trees))
    lines.append(
        f"  Allies in the Forest {view['allies_in_forest']}, Gamle Erik {view['distance']} "
        f"Trees behind Vogter; discarded Trees: {', '.join(view['discarded_trees']) or '—'}"
    )
    future = "  ".join(f"f{s + 1} {c or '—'}" for s, c in enumerate(view["future"]))
    lines.append(f"Future: {future}")
    if view["taking"]:
        lines.append(f"Being taken: {view['taking']}")
    if view["revealed"]:
        lines.append(f"Revealed by Involve: {', '.join(view['revealed'])}")
    for p, hand in enumerate(view["hands"]):
        mark = "▶" if p == state.turn and result == "playing" else " "
        lines.append(f"{mark} seat {p} hand: {', '.join(hand) or '—'}")
    minions = []
    for m in view["minions"]:
        if not m["in_game"]:
            continue
        text = f"{m['name']} ({m['value']})"
        if m["lygtemand"]:
            text += f" Lygtemand {m['lygtemand']}"
        if m["acorn"]:
            text += f" Acorn {m['acorn']}"
        minions.append(text)
    lines.append(f"Minions: {', '.join(minions) or '—'}")
    if view["lygtemands"] is not None:
        lyg = view["lygtemands"]
        lines.append(f"Lygtemands: {lyg['rallied']} Rallied, {lyg['removed']} removed")
    if view["hostages"] or state.rescue:
        hostages = ", ".join(f"{t} {k}" for t, k in view["hostages"].items()) or "—"
        acorns = ", ".join(view["acorns_in_centre"]) or "—"
        lines.append(f"Hostages: {hostages}; Acorns in the centre: {acorns}")
    lines.append(f"Discard pile: {_cards(view['discard'])}")
    deck = view["deck"]
    lines.append(
        f"Deck: {deck['size']} cards; top {', '.join(deck['top']) or '—'}; "
        f"hidden {deck['hidden']} ({_cards(deck['hidden_cards'])}); "
        f"bottom {', '.join(deck['bottom']) or '—'} (last = bottom card)"
    )
    return "\n".join(lines)
