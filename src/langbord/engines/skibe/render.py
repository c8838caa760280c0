"""Skibe's text rendering of the whole table (``str(state)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.info import REFEREE
from langbord.engines.skibe.data import CHIEFTAIN_ACTIONS, COLOURS, SHIPS

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState


def render(state: SkibeState, viewer: int | None = REFEREE) -> str:
    """The table as text: display and pile, the three ships, stock, hands and score sheet."""
    from langbord.engines.skibe.rules import NAME, PHASE_NAMES

    view = state.view(None)
    lines: list[str] = []
    to_move = state.current_player()
    if state.is_terminal():
        best = max(state.points)
        winners = [COLOURS[c] for c in range(state.n) if state.points[c] == best]
        status = f"game over — {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    elif to_move < 0:
        status = "chance: the top card of the draw pile is revealed"
    else:
        status = f"{COLOURS[to_move]} to {state._task()}"
    lines.append(f"Skibe, {state.n} players (ship limit {state.limit}) — {status}")
    if state.held >= 0:
        lines.append(f"In hand: {NAME[state.held]}")
    display = "  ".join(f"d{d + 1} {c or '—'}" for d, c in enumerate(view["display"]))
    lines.append(f"Display: {display}    Draw pile: {state.pile_size}")
    for s in range(SHIPS):
        ship = view["ships"][s]
        chiefs = " ".join(f"[{c['owner']} {c['action']}]" for c in reversed(ship["chieftains"]))
        cards = " ".join(
            f"{s + 1}.{k + 1} {v['card']}"
            + (" +" + "E" * v["equipment"] if v["equipment"] else "")
            + " |"
            for k, v in enumerate(ship["vikings"])
        )
        stern = f" [stern {ship['stern']}]" if ship["stern"] else ""
        marker = ""
        if state.phase == PHASE_NAMES.index("evaluate") and s == state.eval_ships[state.eval_index]:
            marker = "  ← evaluating"
        lines.append(
            f"Ship {s + 1}: {chiefs + ' ' if chiefs else ''}(bow, food {ship['bow_food']}) | "
            f"{cards}{stern}{marker}"
        )
    lines.append(f"Stock: food {state.food_stock}, equipment {state.equip_stock}")
    for c in range(state.n):
        hand = ", ".join(
            CHIEFTAIN_ACTIONS[k] for k in range(len(CHIEFTAIN_ACTIONS)) if state.hands[c] >> k & 1
        )
        mark = "▶" if c == to_move else " "
        lines.append(
            f"{mark} {COLOURS[c]:<7} {state.points[c]:>4} points   sterns {state.sterns[c]}   "
            f"chieftains: {hand or '—'}"
        )
    if state.sheet:
        lines.append("Score sheet:")
        for label, pts in state.sheet:
            lines.append(f"  {label}: " + ", ".join(f"{COLOURS[c]} {p}" for c, p in enumerate(pts)))
    return "\n".join(lines)
