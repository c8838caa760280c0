"""Skåål's text rendering: the map region by region, and the respect track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.info import REFEREE
from langbord.engines.skaal.data import CLAN_LETTERS, CLANS, REGIONS
from langbord.engines.skaal.notation import NEIGHBOURS

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState


def render(state: SkaalState, viewer: int | None = REFEREE) -> str:
    """Every region with its roads, dwarfs per clan, nuggets, Ooops, Inn and innkeeper; then the
    respect track with the accountants, the pawn and the mines-closed space."""
    n = state.n
    lines: list[str] = []
    to_move = state.current_player()
    if state.is_terminal():
        best = max(state.acc)
        winners = [CLANS[c] for c in range(n) if state.acc[c] == best]
        status = f"game over — {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    else:
        status = state._task()
    lines.append(f"Skåål, {n} players, round {state.rounds + 1} — {status}")
    legend = "  ".join(f"{CLAN_LETTERS[c]}={CLANS[c]}" for c in range(n))
    lines.append(f"Clans: {legend}   (innkeeper marked *)")
    width = max(len(name) for name in REGIONS)
    for r, name in enumerate(REGIONS):
        dwarfs = " ".join(
            f"{CLAN_LETTERS[c]}{state.rows[r][c]}{'*' if state.inn[r] == c else ''}"
            for c in range(n)
            if state.rows[r][c]
        )
        items = []
        if state.nuggets[r]:
            count = state.nuggets[r]
            items.append(f"{count} nugget{'s' if count > 1 else ''}")
        if state.ooops[r]:
            items.append("Ooops")
        if state.piece[r] >= 0:
            keeper = CLANS[state.inn[r]]
            items.append(f"Inn ({CLANS[state.piece[r]]} figure, innkeeper {keeper})")
        roads = ", ".join(REGIONS[o] for o in NEIGHBOURS[r])
        lines.append(
            f"  {name:<{width}}  {dwarfs or '—':<22} {'; '.join(items):<44} roads: {roads}"
        )
    lines.append(
        f"Track: pawn on {state.pawn}, mines closed on {state.closed} "
        f"({state.closed - state.pawn} prospects left)"
    )
    for c in range(n):
        mark = "▶" if c == to_move else " "
        lines.append(
            f"{mark} {CLANS[c]:<10} respect {state.acc[c] - 1:>4} (space {state.acc[c]})   "
            f"reserve {state.reserve[c]:>2}   inns in reserve {state.inns[c]}"
            + (f"   setup dwarfs {state.to_place[c]}" if state.to_place[c] else "")
        )
    if state.roll >= 0:
        lines.append(f"Rolled: {('1', '2', '3', '4', '5', 'Ooops')[state.roll]}")
    return "\n".join(lines)
