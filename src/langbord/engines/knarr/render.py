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
    TYPE_COLOUR,
    TYPE_NAMES,
    VIKING_GAINS,
    Destination,
    VillageCard,
)

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


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
    n = state.n
    out: list[str] = []
    if state.is_terminal():
        scores = state.scores()
        best = max(scores)
        winners = [f"seat {p}" for p in range(n) if scores[p] == best]
        status = f"game over — {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    else:
        status = state._task(quote_moves=player in (ALL_SEATS, state.current_player()))
    opts = state.game.options
    out.append(
        f"Knarr, {n} players, {state.boat_side or 'random (to be drawn, KN-9)'} boats"
        + (f", Skali ({opts['skali_board']} skáli)" if state.skali else "")
        + f", round {state.rounds + 1}, first seat {state.first} — {status}"
    )
    if state.artifacts:
        titles = " + ".join(ARTIFACT_TITLES[a] for a in state.artifacts)
        out.append(f"Artifact{'s' if len(state.artifacts) > 1 else ''}: {titles}")
    if state.ended:
        out.append("The end is triggered (KN-8): the round is played out.")
    market = "  ".join(
        f"{COLOURS[s]}: {TYPE_NAMES[t] if t >= 0 else '—'}" for s, t in enumerate(state.market)
    )
    out.append(f"Market: {market}")
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
    to_move = state.current_player()
    boat = _columns(state.boat)
    for p in range(n):
        mark = "▶" if p == to_move else " "
        tokens = (
            f"vp {state.vp[p]}, reputation {state.rep[p]}, bracelets {state.bracelets[p]}, "
            f"recruits {state.recruits[p]}"
        )
        if state.skali:
            tokens += f", coins {state.coins[p]}, raid tokens {state.raid[p]}"
            if n == 2:
                tokens += f", change token {'available' if state.change[p] else 'unavailable'}"
        out.append(f"{mark} seat {p}: {tokens}")
        known = state.known[p]
        if player in (ALL_SEATS, p):
            hand = sorted(state.hands[p])
            shown = ", ".join(TYPE_NAMES[t] + ("*" if t in known else "") for t in hand)
            out.append(f"    hand: {shown or '—'}   (* taken from the market: known to all)")
        else:
            size = len(state.hands[p])
            seen = ", ".join(TYPE_NAMES[t] + "*" for t in sorted(known))
            unseen = size - len(known)
            parts = ([seen] if seen else []) + ([f"{unseen} unseen"] if unseen else [])
            out.append(
                f"    hand: {size} card{'' if size == 1 else 's'}"
                + (f": {' + '.join(parts)}" if seen else "")
                + ("   (* taken from the market: known to all)" if seen else "")
            )
        crew = state.crew[p]
        columns = []
        for c, colour in enumerate(COLOURS):
            cards = [VIKING_GAINS[t % 4] for t in range(20) if TYPE_COLOUR[t] == c]
            items = [
                g
                for t, g in zip(range(c * 4, c * 4 + 4), cards, strict=True)
                for _ in range(crew[t])
            ]
            columns.append(f"{colour} [{', '.join(items)}]")
        out.append("    crew: " + "  ".join(columns))
        out.append(f"    boat {boat}")
        for d in state.owned[p]:
            out.append("      " + DEST_TEXT[d])
        if state.reserved[p]:
            out.append(
                "    reserved: " + ", ".join(DESTINATIONS[d].name for d in state.reserved[p])
            )
        if state.skali:
            skali = _SKALI_TEXT.get(state.skali_card)
            if skali is None:
                skali = _SKALI_TEXT[state.skali_card] = village_card_text(state.skali_card, "skáli")
            out.append("    village: " + skali)
            for b in state.village[p]:
                out.append("      " + BUILDING_TEXT[b])
    if state.skali:
        out.append(
            f"Raid tokens: {state.raid_board} on the board, additional token "
            + ("beside the board" if state.raid_beside else "taken")
        )
        out.append(f"Buildings (deck {len(state.bdeck) + len(state.bbottom)}):")
        for b in state.bmarket:
            out.append("  " + (BUILDING_TEXT[b] if b >= 0 else "—"))
    return "\n".join(out)
