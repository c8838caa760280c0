"""Knarr's text rendering: the board (market, destinations, decks), every player's crew, boat
and destinations, tracks and tokens, hands (this is the referee's table: all of them); with Skali,
the building market, villages, coins and raid tokens on and beside the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.info import REFEREE
from langbord.engines.knarr.data import (
    ARTIFACT_TITLES,
    BUILDINGS,
    COLOURS,
    DESTINATIONS,
    GAINS,
    LINES,
    TYPE_NAMES,
    VIKING_GAINS,
    Destination,
    VillageCard,
)

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState, Player


def _gains(vector: tuple[int, ...] | list[int]) -> str:
    parts = [f"{'+' if k > 0 else ''}{k} {GAINS[g]}" for g, k in enumerate(vector) if k]
    return ", ".join(parts) or "—"


def _columns(columns: tuple[int, int, int]) -> str:
    return "[" + " | ".join(GAINS[g] if g >= 0 else "-" for g in columns) + "]"


def destination_text(d: Destination) -> str:
    """``A7 (Trading Land): 2 purple → +1 card; trade [card | - | vp]``."""
    deck = "Trading Land" if d.deck == 0 else "Land of Influence"
    return f"{d.name} ({deck}): {d.cost_text()} → {_gains(d.immediate)}; trade {_columns(d.trade)}"


def village_card_text(card: VillageCard, label: str) -> str:
    lines = "; ".join(
        f"{name.replace('_', ' ')}: {_gains(vec)}"
        for name, vec in zip(LINES, card.lines, strict=True)
        if any(vec)
    )
    raid = f"raid won: {_gains(card.raid_most)}; raid lost: {_gains(card.raid_fewest)}"
    cost = f" (cost {card.cost})" if card.ref else ""
    return f"{label}{cost}: {lines or 'no line'}; {raid}"


DEST_TEXT = [destination_text(d) for d in DESTINATIONS]
BUILDING_TEXT = [village_card_text(b, f"building {i + 1}") for i, b in enumerate(BUILDINGS)]
_SKALI_TEXT: dict[VillageCard, str] = {}


ALL_SEATS = REFEREE
"""``render``'s ``player`` for the referee's table: every hand shown."""


def render(state: KnarrState, player: int | None = ALL_SEATS) -> str:
    """The table as text; ``player`` sees only their own hand in full (``None``: a spectator,
    ``ALL_SEATS``: the referee, who sees every hand)."""
    out = _header(state, player)
    out += _board(state)
    to_move = state.current_player()
    for p in range(state.n):
        out += _seat(state, p, player, to_move)
    if state.skali:
        out.append(
            f"Raid tokens: {state.raid_tokens_on_board} on the board, additional token "
            + ("beside the board" if state.additional_token_beside_board else "taken")
        )
        deck = len(state.building_deck) + len(state.building_deck_bottom)
        out.append(f"Buildings (deck {deck}):")
        out += ["  " + (BUILDING_TEXT[b] if b >= 0 else "—") for b in state.building_market]
    return "\n".join(out)


def _status(state: KnarrState, player: int | None) -> str:
    """The winners at the end, else what is being decided (quoting moves only to a seat that may
    see them)."""
    if not state.is_terminal():
        return state.task(player)
    scores = state.scores()
    best = max(scores)
    winners = [state.game.seat_name(p) for p in range(state.n) if scores[p] == best]
    return f"game over — {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"


def _header(state: KnarrState, player: int | None) -> list[str]:
    opts = state.game.options
    out = [
        f"Knarr, {state.n} players, {state.boat_side or 'random (to be drawn, KN-9)'} boats"
        + (f", Skali ({opts['skali_board']} skáli)" if state.skali else "")
        + f", round {state.rounds + 1}, {state.game.seat_name(state.first)} plays first — "
        + _status(state, player)
    ]
    if state.artifacts:
        titles = " + ".join(ARTIFACT_TITLES[a] for a in state.artifacts)
        out.append(f"Artifact{'s' if len(state.artifacts) > 1 else ''}: {titles}")
    if state.ended:
        out.append("The end is triggered (KN-8): the round is played out.")
    return out


def _board(state: KnarrState) -> list[str]:
    """The market, the visible destinations, the viking deck and discard pile, a payment."""
    market = "  ".join(
        f"{COLOURS[s]}: {TYPE_NAMES[t] if t >= 0 else '—'}" for s, t in enumerate(state.market)
    )
    out = [f"Market: {market}"]
    for k, title in enumerate(("Trading Lands", "Lands of Influence")):
        out.append(f"{title} (deck {len(state.dest_decks[k])}):")
        for d in state.visible[k * 3 : k * 3 + 3]:
            out.append("  " + (DEST_TEXT[d] if d >= 0 else "— (empty slot)"))
    discard = ", ".join(f"{k}× {TYPE_NAMES[t]}" for t, k in enumerate(state.discard) if k)
    out.append(
        f"Viking deck {state.deck_size}"
        + (" (contents public, KN-7)" if state.deck_public else "")
        + f"; discard pile {state.discard_size}: {discard or '—'}"
    )
    if state.pay_dest >= 0:
        paying = DESTINATIONS[state.pay_dest]
        out.append(f"Paying {paying.name} ({paying.cost_text()}): {state.pay_left} left")
    return out


def _seat(state: KnarrState, p: int, viewer: int | None, to_move: int) -> list[str]:
    """Seat ``p``: tracks and tokens, hand, crew, boat with destinations, reserved, village."""
    seat = state.players[p]
    tokens = (
        f"vp {seat.vp}, reputation {seat.reputation}, bracelets {seat.bracelets}, "
        f"recruits {seat.recruits}"
    )
    if state.skali:
        tokens += f", coins {seat.coins}, raid tokens {seat.raid_tokens}"
        if state.n == 2:
            tokens += f", change token {'available' if seat.change_token else 'unavailable'}"
    mark = "▶" if p == to_move else " "
    out = [f"{mark} {state.game.seat_name(p)}: {tokens}", _hand(seat, viewer in (ALL_SEATS, p))]
    out.append("    crew: " + "  ".join(_column(seat.crew, c) for c in range(len(COLOURS))))
    out.append(f"    boat {_columns(state.boat)}")
    out += ["      " + DEST_TEXT[d] for d in seat.destinations]
    if seat.reserved:
        out.append("    reserved: " + ", ".join(DESTINATIONS[d].name for d in seat.reserved))
    if state.skali:
        out.append("    village: " + _skali_text(state.skali_card))
        out += ["      " + BUILDING_TEXT[b] for b in seat.village]
    return out


KNOWN_NOTE = "   (* taken from the market: known to all)"


def _hand(seat: Player, shown: bool) -> str:
    """The hand in full (``shown``), else its size and the cards taken from the market."""
    known = seat.known
    if shown:
        cards = ", ".join(TYPE_NAMES[t] + ("*" if t in known else "") for t in sorted(seat.hand))
        return f"    hand: {cards or '—'}{KNOWN_NOTE}"
    size = len(seat.hand)
    seen = ", ".join(TYPE_NAMES[t] + "*" for t in sorted(known))
    unseen = size - len(known)
    parts = ([seen] if seen else []) + ([f"{unseen} unseen"] if unseen else [])
    listed = f": {' + '.join(parts)}{KNOWN_NOTE}" if seen else ""
    return f"    hand: {size} card{'' if size == 1 else 's'}{listed}"


def _column(crew: list[int], c: int) -> str:
    """One colour's crew column, by the gains of its cards."""
    items = [VIKING_GAINS[t % 4] for t in range(c * 4, c * 4 + 4) for _ in range(crew[t])]
    return f"{COLOURS[c]} [{', '.join(items)}]"


def _skali_text(card: VillageCard) -> str:
    text = _SKALI_TEXT.get(card)
    if text is None:
        text = _SKALI_TEXT[card] = village_card_text(card, "skáli")
    return text
