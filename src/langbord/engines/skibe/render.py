"""Skibe's text rendering of the whole table (``str(state)``), drawn from the public view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.info import REFEREE

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState
    from langbord.engines.skibe.views import SkibeShip, SkibeView


def render(state: SkibeState, viewer: int | None = REFEREE) -> str:
    """The table as text: display and pile, the three ships, stock, hands and score sheet."""
    view = state.view(None)
    lines = [f"Skibe, {len(view['players'])} players (ship limit {view['ship_limit']}) — "]
    lines[0] += _status(state, view, viewer)
    if view["held"]:
        lines.append(f"In hand: {view['held']}")
    display = "  ".join(f"d{d + 1} {c or '—'}" for d, c in enumerate(view["display"]))
    lines.append(f"Display: {display}    Draw pile: {view['pile']}")
    evaluation = view["evaluation"]
    evaluating = evaluation["ship"] - 1 if evaluation else -1
    lines += [_ship_line(s, ship, s == evaluating) for s, ship in enumerate(view["ships"])]
    stock = view["stock"]
    lines.append(f"Stock: food {stock['food']}, equipment {stock['equipment']}")
    lines += _seat_lines(view)
    if view["sheet"]:
        lines.append("Score sheet:")
        for entry in view["sheet"]:
            points = ", ".join(f"{view['players'][c]} {p}" for c, p in enumerate(entry["points"]))
            lines.append(f"  {entry['label']}: {points}")
    return "\n".join(lines)


def _status(state: SkibeState, view: SkibeView, viewer: int | None) -> str:
    """Who is to do what, or who won."""
    if state.is_terminal():
        scores = view["scores"]
        best = max(scores)
        players = zip(view["players"], scores, strict=True)
        winners = [colour for colour, points in players if points == best]
        return f"game over — {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    to_move = view["to_move"]
    if to_move < 0:
        return "chance: the top card of the draw pile is revealed"
    return f"{view['players'][to_move]} to {state.task(viewer)}"


def _ship_line(s: int, ship: SkibeShip, evaluating: bool) -> str:
    chiefs = " ".join(f"[{c['owner']} {c['action']}]" for c in reversed(ship["chieftains"]))
    cards = " ".join(
        f"{s + 1}.{k + 1} {v['card']}"
        + (" +" + "E" * v["equipment"] if v["equipment"] else "")
        + " |"
        for k, v in enumerate(ship["vikings"])
    )
    stern = f" [stern {ship['stern']}]" if ship["stern"] else ""
    marker = "  ← evaluating" if evaluating else ""
    return (
        f"Ship {s + 1}: {chiefs + ' ' if chiefs else ''}(bow, food {ship['bow_food']}) | "
        f"{cards}{stern}{marker}"
    )


def _seat_lines(view: SkibeView) -> list[str]:
    """Each seat: points, sterns and Chieftains in hand; ▶ marks the one to move."""
    lines = []
    for c, (colour, hand) in enumerate(zip(view["players"], view["hands"], strict=True)):
        mark = "▶" if c == view["to_move"] else " "
        chieftains = ", ".join(hand["chieftains"])
        lines.append(
            f"{mark} {colour:<7} {view['scores'][c]:>4} points   sterns {hand['sterns']}   "
            f"chieftains: {chieftains or '—'}"
        )
    return lines
