"""Skibe's text rendering of the whole table (``str(state)``), drawn from the public view, in
the language spoken (places keep the notation's names: ``d1``, ``2.3``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.i18n import _, ngettext
from langbord.core.info import REFEREE
from langbord.engines.skibe.tables import TYPE_NAMED, card_words

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState
    from langbord.engines.skibe.views import SkibeShip, SkibeView


def render(state: SkibeState, viewer: int | None = REFEREE) -> str:
    """The table as text: display and pile, the three ships, stock, hands and score sheet."""
    view = state.view(None)
    players = len(view["players"])
    lines = [
        ngettext(
            "Skibe, {n} player (ship limit {limit}) — {status}",
            "Skibe, {n} players (ship limit {limit}) — {status}",
            players,
        ).format(n=players, limit=view["ship_limit"], status=_status(state, view, viewer))
    ]
    if view["held"]:
        lines.append(_("In hand: {card}").format(card=_card(view["held"])))
    display = "  ".join(f"d{d + 1} {_card(c) if c else '—'}" for d, c in enumerate(view["display"]))
    lines.append(
        _("Display: {display}    Draw pile: {pile}").format(display=display, pile=view["pile"])
    )
    evaluation = view["evaluation"]
    evaluating = evaluation["ship"] - 1 if evaluation else -1
    lines += [_ship_line(s, ship, s == evaluating) for s, ship in enumerate(view["ships"])]
    stock = view["stock"]
    lines.append(
        _("Stock: food {food}, equipment {equipment}").format(
            food=stock["food"], equipment=stock["equipment"]
        )
    )
    lines += _seat_lines(view)
    if view["sheet"]:
        lines.append(_("Score sheet:"))
        for label, entry in zip(state.sheet_labels(), view["sheet"], strict=True):
            points = ", ".join(
                f"{_(view['players'][c])} {p}" for c, p in enumerate(entry["points"])
            )
            lines.append(f"  {label}: {points}")
    return "\n".join(lines)


def _card(name: str) -> str:
    """A card the view names, as a player reads it (:func:`~.tables.card_words`)."""
    return card_words(TYPE_NAMED[name])


def _status(state: SkibeState, view: SkibeView, viewer: int | None) -> str:
    """Who is to do what, or who won."""
    if state.is_terminal():
        scores = view["scores"]
        best = max(scores)
        players = zip(view["players"], scores, strict=True)
        winners = [_(colour) for colour, points in players if points == best]
        named = winners[0]
        for colour in winners[1:]:
            named = _("{first} and {second}").format(first=named, second=colour)
        return ngettext(
            "game over — {winners} wins", "game over — {winners} win", len(winners)
        ).format(winners=named)
    to_move = view["to_move"]
    if to_move < 0:
        return _("chance: the top card of the draw pile is revealed")
    return _("{colour} to {task}").format(
        colour=_(view["players"][to_move]), task=state.task(viewer)
    )


def _ship_line(s: int, ship: SkibeShip, evaluating: bool) -> str:
    chiefs = " ".join(f"[{_(c['owner'])} {_(c['action'])}]" for c in reversed(ship["chieftains"]))
    cards = " ".join(
        f"{s + 1}.{k + 1} {_card(v['card'])}"
        + (" +" + "E" * v["equipment"] if v["equipment"] else "")
        + " |"
        for k, v in enumerate(ship["vikings"])
    )
    stern = " " + _("[stern {colour}]").format(colour=_(ship["stern"])) if ship["stern"] else ""
    marker = "  ← " + _("evaluating") if evaluating else ""
    name = _("Ship {ship}:").format(ship=s + 1)
    bow = _("(bow, food {food})").format(food=ship["bow_food"])
    return f"{name} {chiefs + ' ' if chiefs else ''}{bow} | {cards}{stern}{marker}"


def _seat_lines(view: SkibeView) -> list[str]:
    """Each seat: points, sterns and Chieftains in hand; ▶ marks the one to move."""
    lines = []
    for c, (colour, hand) in enumerate(zip(view["players"], view["hands"], strict=True)):
        mark = "▶" if c == view["to_move"] else " "
        chieftains = ", ".join(_(chieftain) for chieftain in hand["chieftains"])
        said = _("{points} points   sterns {sterns}   chieftains: {chieftains}").format(
            points=f"{view['scores'][c]:>4}", sterns=hand["sterns"], chieftains=chieftains or "—"
        )
        lines.append(f"{mark} {_(colour):<7} {said}")
    return lines
