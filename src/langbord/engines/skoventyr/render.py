"""Skoventyr's text rendering of the whole table (``str(state)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from langbord.core.i18n import _, ngettext
from langbord.core.info import REFEREE

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


def _cards(counts: dict[str, Any]) -> str:
    return ", ".join(f"{_(name)} x{k}" for name, k in counts.items()) or "—"


def _names(names: list[str]) -> str:
    """Card names (or Trees, Acorns) in the language spoken, joined; "—" for none."""
    return ", ".join(_(name) for name in names) or "—"


def _status(state: SkoventyrState, view: dict[str, Any]) -> str:
    """The first line: players, turn, and what is being decided (or how the game ended)."""
    result = view["result"]
    if result == "won":
        status = _("game over — won: the last Minion has left the game")
    elif result == "lost":
        status = _("game over — lost")
    elif state.current_player() < 0:
        status = _("chance: {task}").format(task=view["task"])
    else:
        seat = _(state.game.seat_name(state.turn))
        status = _("{seat} to {task}").format(seat=seat, task=view["task"])
    players = view["players"]
    return ngettext(
        "Skoventyr, {players} player, turn {turn} — {status}",
        "Skoventyr, {players} players, turn {turn} — {status}",
        players,
    ).format(players=players, turn=view["turns_played"] + 1, status=status)


def _tree(tree: dict[str, Any]) -> str:
    text = f"{tree['tree']}{'' if tree['side'] == 'healthy' else '*'}"
    if tree["vogter"]:
        text += " V"
    if tree["gamle_erik"]:
        text += " GE"
    if tree["ally"]:
        ally = _("{ally} revealed") if tree["revealed"] else _("{ally} hidden")
        text += " [" + ally.format(ally=_(tree["ally"])) + "]"
    return text


def _forest(view: dict[str, Any]) -> list[str]:
    trees = " | ".join(_tree(tree) for tree in view["forest"])
    discarded = ", ".join(view["discarded_trees"]) or "—"
    distance = view["distance"]
    behind = ngettext(
        "Allies in the Forest {allies}, Gamle Erik {distance} Trees behind Vogter; discarded "
        "Trees: {discarded}",
        "Allies in the Forest {allies}, Gamle Erik {distance} Trees behind Vogter; discarded "
        "Trees: {discarded}",
        distance,
    )
    return [
        _("Forest (clockwise, * Damaged): {trees}").format(trees=trees),
        "  "
        + behind.format(allies=view["allies_in_forest"], distance=distance, discarded=discarded),
    ]


def _cards_in_play(state: SkoventyrState, view: dict[str, Any]) -> list[str]:
    """The Future, the cards being taken or revealed, and the hands."""
    future = "  ".join(f"f{s + 1} {_(c) if c else '—'}" for s, c in enumerate(view["future"]))
    lines = [_("Future: {future}").format(future=future)]
    if view["taking"]:
        lines.append(_("Being taken: {card}").format(card=_(view["taking"])))
    if view["revealed"]:
        lines.append(_("Revealed by Involve: {cards}").format(cards=_names(view["revealed"])))
    playing = view["result"] == "playing"
    for p, hand in enumerate(view["hands"]):
        mark = "▶" if p == state.turn and playing else " "
        seat = _(state.game.seat_name(p))
        lines.append(f"{mark} " + _("{seat} hand: {cards}").format(seat=seat, cards=_names(hand)))
    return lines


def _minion(minion: dict[str, Any]) -> str:
    text = f"{_(minion['name'])} ({minion['value']})"
    if minion["lygtemand"]:
        text += " " + _("Lygtemand {lygtemand}").format(lygtemand=_(minion["lygtemand"]))
    if minion["acorn"]:
        text += " " + _("Acorn {acorn}").format(acorn=minion["acorn"])
    return text


def _tokens(state: SkoventyrState, view: dict[str, Any]) -> list[str]:
    """The Minions in the game and the modules' tokens."""
    minions = ", ".join(_minion(m) for m in view["minions"] if m["in_game"]) or "—"
    lines = [_("Minions: {minions}").format(minions=minions)]
    lygtemands = view["lygtemands"]
    if lygtemands is not None:
        lines.append(
            _("Lygtemands: {rallied} Rallied, {removed} removed").format(
                rallied=lygtemands["rallied"], removed=lygtemands["removed"]
            )
        )
    if view["hostages"] or state.rescue:
        hostages = ", ".join(f"{_(t)} {k}" for t, k in view["hostages"].items()) or "—"
        acorns = ", ".join(view["acorns_in_centre"]) or "—"
        lines.append(
            _("Hostages: {hostages}; Acorns in the centre: {acorns}").format(
                hostages=hostages, acorns=acorns
            )
        )
    return lines


def _deck(view: dict[str, Any]) -> list[str]:
    deck = view["deck"]
    size = deck["size"]
    words = ngettext(
        "Deck: {size} cards; top {top}; hidden {hidden} ({hidden_cards}); bottom {bottom} "
        "(last = bottom card)",
        "Deck: {size} cards; top {top}; hidden {hidden} ({hidden_cards}); bottom {bottom} "
        "(last = bottom card)",
        size,
    )
    return [
        _("Discard pile: {cards}").format(cards=_cards(view["discard"])),
        words.format(
            size=size,
            top=_names(deck["top"]),
            hidden=deck["hidden"],
            hidden_cards=_cards(deck["hidden_cards"]),
            bottom=_names(deck["bottom"]),
        ),
    ]


def render(state: SkoventyrState, viewer: int | None = REFEREE) -> str:
    """The ring, the Future, hands, Minions and their tokens, Hostages, discard pile and deck."""
    view = state.view(None)
    lines = [_status(state, view), *_forest(view), *_cards_in_play(state, view)]
    lines += [*_tokens(state, view), *_deck(view)]
    return "\n".join(lines)
