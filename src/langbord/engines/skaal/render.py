"""Skåål's text rendering: the map region by region, and the respect track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.i18n import _, ngettext
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
    heading = ngettext(
        "Skåål, {n} player, round {round} — {status}",
        "Skåål, {n} players, round {round} — {status}",
        n,
    )
    lines = [heading.format(n=n, round=state.rounds + 1, status=status(state, viewer))]
    legend = "  ".join(f"{CLAN_LETTERS[c]}={_(CLANS[c])}" for c in range(n))
    lines.append(_("Clans: {legend}   (innkeeper marked *)").format(legend=legend))
    lines += [region_line(state, r) for r in range(len(REGIONS))]
    left = state.mines_closed - state.pawn
    # English says "prospects" for every count (its output is kept as it was); the plural
    # forms let other languages agree with the count.
    track = ngettext(
        "Track: pawn on {pawn}, mines closed on {closed} ({left} prospects left)",
        "Track: pawn on {pawn}, mines closed on {closed} ({left} prospects left)",
        left,
    )
    lines.append(track.format(pawn=state.pawn, closed=state.mines_closed, left=left))
    to_move = state.current_player()
    lines += [clan_line(state, c, c == to_move) for c in range(n)]
    if state.roll >= 0:
        lines.append(_("Rolled: {face}").format(face=_(DIE_FACES[state.roll])))
    return "\n".join(lines)


def status(state: SkaalState, viewer: int | None) -> str:
    """What is being decided, or at the end who wins (most respect; ties share the win)."""
    if not state.is_terminal():
        return state.task(viewer)
    respect = state.respect()
    best = max(respect)
    winners = [_(CLANS[c]) for c, points in enumerate(respect) if points == best]
    named = winners[0]
    for other in winners[1:]:
        named = _("{first} and {second}").format(first=named, second=other)
    return ngettext("game over — {winners} wins", "game over — {winners} win", len(winners)).format(
        winners=named
    )


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
        items.append(ngettext("{n} nugget", "{n} nuggets", count).format(n=count))
    if state.ooops[r]:
        items.append(_("Ooops"))
    if state.inn_colour[r] >= 0:
        items.append(
            _("Inn ({colour} figure, innkeeper {innkeeper})").format(
                colour=_(CLANS[state.inn_colour[r]]), innkeeper=_(CLANS[keeper])
            )
        )
    roads = _("roads: {roads}").format(roads=", ".join(REGIONS[o] for o in NEIGHBOURS[r]))
    return f"  {REGIONS[r]:<{WIDTH}}  {dwarfs or '—':<22} {'; '.join(items):<44} {roads}"


def clan_line(state: SkaalState, c: int, to_move: bool) -> str:
    """A clan's respect, its accountant's space and its reserves (▶: the clan to move)."""
    clan = state.clans[c]
    mark = "▶" if to_move else " "
    space = clan.accountant
    line = f"{mark} " + _(
        "{clan} respect {respect} (space {space})   reserve {reserve}   inns in reserve {inns}"
    ).format(
        clan=f"{_(CLANS[c]):<10}",
        respect=f"{space - ACCOUNTANT_START:>4}",
        space=space,
        reserve=f"{clan.reserve:>2}",
        inns=clan.inns,
    )
    if clan.to_place:
        line += "   " + _("setup dwarfs {count}").format(count=clan.to_place)
    return line
