"""Skåål's text rendering: the map region by region, and the respect track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.info import REFEREE
from langbord.engines.skaal.data import ACCOUNTANT_START, CLAN_LETTERS, CLANS, DIE_FACES, REGIONS
from langbord.engines.skaal.notation import NEIGHBOURS

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState

WIDTH = max(len(name) for name in REGIONS)


def render(state: SkaalState, viewer: int | None = REFEREE) -> str:
    """Every region with its roads, dwarfs per clan, nuggets, Ooops, Inn and innkeeper; then the
    respect track with the accountants, the pawn and the mines-closed space."""
    n = state.n
    lines = [f"Skåål, {n} players, round {state.rounds + 1} — {status(state, viewer)}"]
    legend = "  ".join(f"{CLAN_LETTERS[c]}={CLANS[c]}" for c in range(n))
    lines.append(f"Clans: {legend}   (innkeeper marked *)")
    lines += [region_line(state, r) for r in range(len(REGIONS))]
    lines.append(
        f"Track: pawn on {state.pawn}, mines closed on {state.mines_closed} "
        f"({state.mines_closed - state.pawn} prospects left)"
    )
    to_move = state.current_player()
    lines += [clan_line(state, c, c == to_move) for c in range(n)]
    if state.roll >= 0:
        lines.append(f"Rolled: {DIE_FACES[state.roll]}")
    return "\n".join(lines)


def status(state: SkaalState, viewer: int | None) -> str:
    """What is being decided, or at the end who wins (most respect; ties share the win)."""
    if not state.is_terminal():
        return state.task(viewer)
    respect = state.respect()
    best = max(respect)
    winners = [CLANS[c] for c, points in enumerate(respect) if points == best]
    return f"game over — {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"


def region_line(state: SkaalState, r: int) -> str:
    """A region: its dwarfs per clan (the innkeeper's clan marked *), what lies there, its roads."""
    row = state.dwarfs[r]
    keeper = state.innkeeper[r]
    dwarfs = " ".join(
        f"{CLAN_LETTERS[c]}{row[c]}{'*' if keeper == c else ''}" for c in range(state.n) if row[c]
    )
    items = []
    count = state.nuggets[r]
    if count:
        items.append(f"{count} nugget{'s' if count > 1 else ''}")
    if state.ooops[r]:
        items.append("Ooops")
    if state.inn_colour[r] >= 0:
        items.append(f"Inn ({CLANS[state.inn_colour[r]]} figure, innkeeper {CLANS[keeper]})")
    roads = ", ".join(REGIONS[o] for o in NEIGHBOURS[r])
    return f"  {REGIONS[r]:<{WIDTH}}  {dwarfs or '—':<22} {'; '.join(items):<44} roads: {roads}"


def clan_line(state: SkaalState, c: int, to_move: bool) -> str:
    """A clan's respect, its accountant's space and its reserves (▶: the clan to move)."""
    clan = state.clans[c]
    mark = "▶" if to_move else " "
    space = clan.accountant
    line = (
        f"{mark} {CLANS[c]:<10} respect {space - ACCOUNTANT_START:>4} (space {space})   "
        f"reserve {clan.reserve:>2}   inns in reserve {clan.inns}"
    )
    return line + (f"   setup dwarfs {clan.to_place}" if clan.to_place else "")
