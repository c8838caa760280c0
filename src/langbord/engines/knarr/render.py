"""Knarr's text rendering: the board (market, destinations, decks), every player's crew, boat
and destinations, tracks and tokens, hands (this is the referee's table: all of them); with Skali,
the building market, villages, coins and raid tokens on and beside the board."""

from __future__ import annotations

from functools import reduce
from typing import TYPE_CHECKING

from langbord.core.i18n import N_, _, language, ngettext, pgettext
from langbord.core.info import REFEREE
from langbord.engines.knarr.data import (
    ARTIFACT_TITLES,
    BUILDINGS,
    COLOURS,
    DECK_NAMES,
    DESTINATIONS,
    LINES,
    NUM_BUILDINGS,
    TYPE_NAMES,
    VIKING_GAINS,
    Destination,
    VillageCard,
    gain_words,
)
from langbord.engines.knarr.phases import seat_name

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState, Player

# The terminal's text is in the language spoken; what a player types stays as the notation
# writes it: market slots and crew columns by colour, cards (``red vp``), destinations (``A7``)
# and buildings (``building 7``).

DECK_NAME = (N_("Trading Land"), N_("Land of Influence"))
"""A destination's deck, as its text names it."""
LINE_LABELS: tuple[str, ...] = (
    N_("explore land of influence"),
    N_("explore trading land"),
    N_("recruit existing colour"),
    N_("recruit new colour"),
)
"""A village card's lines (``LINES`` order), as its text names them."""
assert tuple(line.replace("_", " ") for line in LINES) == LINE_LABELS
SKALI_BOARD = {"rulebook": N_("Skali (rulebook skáli)"), "digital": N_("Skali (digital skáli)")}
"""The header's word for the Skali mode, by option ``skali_board``."""


def _gains(vector: tuple[int, ...] | list[int]) -> str:
    words = gain_words()
    parts = [
        pgettext("gain", "{amount} {gain}").format(
            amount=f"{'+' if k > 0 else ''}{k}", gain=words[g]
        )
        for g, k in enumerate(vector)
        if k
    ]
    return ", ".join(parts) or "—"


def _columns(columns: tuple[int, int, int]) -> str:
    words = gain_words()
    return "[" + " | ".join(words[g] if g >= 0 else "-" for g in columns) + "]"


def destination_text(d: Destination) -> str:
    """``A7 (Trading Land): 2 purple → +1 card; trade [card | - | vp]``."""
    return _("{destination} ({deck}): {cost} → {gains}; trade {columns}").format(
        destination=d.name,
        deck=_(DECK_NAME[d.deck]),
        cost=d.cost_words(),
        gains=_gains(d.immediate),
        columns=_columns(d.trade),
    )


def village_card_text(card: VillageCard, label: str) -> str:
    lines = "; ".join(
        _("{line}: {gains}").format(line=_(name), gains=_gains(vec))
        for name, vec in zip(LINE_LABELS, card.lines, strict=True)
        if any(vec)
    )
    raid = _("raid won: {won}; raid lost: {lost}").format(
        won=_gains(card.raid_most), lost=_gains(card.raid_fewest)
    )
    if card.ref:
        label = _("{card} (cost {cost})").format(card=label, cost=card.cost)
    return _("{card}: {lines}; {raid}").format(card=label, lines=lines or _("no line"), raid=raid)


_TEXTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""Every destination's and every building's text, by language (made once in each)."""
_SKALI_TEXT: dict[tuple[str, VillageCard], str] = {}


def _texts() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The destinations' and the buildings' texts in the language spoken."""
    spoken = language()
    texts = _TEXTS.get(spoken)
    if texts is None:
        texts = _TEXTS[spoken] = (
            tuple(destination_text(d) for d in DESTINATIONS),
            tuple(
                village_card_text(BUILDINGS[b], f"building {b + 1}") for b in range(NUM_BUILDINGS)
            ),
        )
    return texts


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
        board = state.raid_tokens_on_board
        if state.additional_token_beside_board:
            raid = _("Raid tokens: {n} on the board, additional token beside the board")
        else:
            raid = _("Raid tokens: {n} on the board, additional token taken")
        out.append(raid.format(n=board))
        deck = len(state.building_deck) + len(state.building_deck_bottom)
        out.append(_("Buildings (deck {deck}):").format(deck=deck))
        buildings = _texts()[1]
        out += ["  " + (buildings[b] if b >= 0 else "—") for b in state.building_market]
    return "\n".join(out)


def _status(state: KnarrState, player: int | None) -> str:
    """The winners at the end, else what is being decided (quoting moves only to a seat that may
    see them)."""
    if not state.is_terminal():
        return state.task(player)
    scores = state.scores()
    best = max(scores)
    winners = [seat_name(state, p) for p in range(state.n) if scores[p] == best]
    named = reduce(lambda a, b: _("{first} and {second}").format(first=a, second=b), winners)
    return ngettext("game over — {winners} wins", "game over — {winners} win", len(winners)).format(
        winners=named
    )


def _header(state: KnarrState, player: int | None) -> list[str]:
    side = _(state.boat_side) if state.boat_side else _("random (to be drawn, KN-9)")
    items = [
        "Knarr",
        ngettext("{n} player", "{n} players", state.n).format(n=state.n),
        _("{side} boats").format(side=side),
    ]
    if state.skali:
        items.append(_(SKALI_BOARD[str(state.game.options["skali_board"])]))
    items += [
        _("round {round}").format(round=state.rounds + 1),
        _("{player} plays first").format(player=seat_name(state, state.first)),
    ]
    out = [f"{', '.join(items)} — {_status(state, player)}"]
    if state.artifacts:
        titles = " + ".join(_(ARTIFACT_TITLES[a]) for a in state.artifacts)
        out.append(
            ngettext("Artifact: {titles}", "Artifacts: {titles}", len(state.artifacts)).format(
                titles=titles
            )
        )
    if state.ended:
        out.append(_("The end is triggered (KN-8): the round is played out."))
    return out


def _board(state: KnarrState) -> list[str]:
    """The market, the visible destinations, the viking deck and discard pile, a payment."""
    market = "  ".join(
        f"{COLOURS[s]}: {TYPE_NAMES[t] if t >= 0 else '—'}" for s, t in enumerate(state.market)
    )
    out = [_("Market: {slots}").format(slots=market)]
    destinations = _texts()[0]
    for k, title in enumerate(DECK_NAMES):
        out.append(_("{deck} (deck {n}):").format(deck=_(title), n=len(state.dest_decks[k])))
        for d in state.visible[k * 3 : k * 3 + 3]:
            out.append("  " + (destinations[d] if d >= 0 else _("— (empty slot)")))
    discard = ", ".join(f"{k}× {TYPE_NAMES[t]}" for t, k in enumerate(state.discard) if k)
    if state.deck_public:
        deck = _("Viking deck {deck} (contents public, KN-7); discard pile {discard}: {cards}")
    else:
        deck = _("Viking deck {deck}; discard pile {discard}: {cards}")
    out.append(deck.format(deck=state.deck_size, discard=state.discard_size, cards=discard or "—"))
    if state.pay_dest >= 0:
        paying = DESTINATIONS[state.pay_dest]
        out.append(
            _("Paying {destination} ({cost}): {left} left").format(
                destination=paying.name, cost=paying.cost_words(), left=state.pay_left
            )
        )
    return out


def _seat(state: KnarrState, p: int, viewer: int | None, to_move: int) -> list[str]:
    """Seat ``p``: tracks and tokens, hand, crew, boat with destinations, reserved, village."""
    seat = state.players[p]
    tokens = [
        _("vp {n}").format(n=seat.vp),
        _("reputation {n}").format(n=seat.reputation),
        _("bracelets {n}").format(n=seat.bracelets),
        _("recruits {n}").format(n=seat.recruits),
    ]
    if state.skali:
        tokens += [
            _("coins {n}").format(n=seat.coins),
            _("raid tokens {n}").format(n=seat.raid_tokens),
        ]
        if state.n == 2:
            if seat.change_token:
                tokens.append(_("change token available"))
            else:
                tokens.append(_("change token unavailable"))
    mark = "▶" if p == to_move else " "
    who = _("{player}: {tokens}").format(player=seat_name(state, p), tokens=", ".join(tokens))
    out = [f"{mark} {who}", _hand(seat, viewer in (ALL_SEATS, p))]
    crew = "  ".join(_column(seat.crew, c) for c in range(len(COLOURS)))
    out.append("    " + _("crew: {columns}").format(columns=crew))
    out.append("    " + _("boat {columns}").format(columns=_columns(state.boat)))
    destinations = _texts()[0]
    out += ["      " + destinations[d] for d in seat.destinations]
    if seat.reserved:
        reserved = ", ".join(DESTINATIONS[d].name for d in seat.reserved)
        out.append("    " + _("reserved: {destinations}").format(destinations=reserved))
    if state.skali:
        out.append("    " + _("village: {cards}").format(cards=_skali_text(state.skali_card)))
        buildings = _texts()[1]
        out += ["      " + buildings[b] for b in seat.village]
    return out


KNOWN_NOTE = N_("(* taken from the market: known to all)")
"""The note after a hand that shows cards taken from the market (``*``)."""


def _hand(seat: Player, shown: bool) -> str:
    """The hand in full (``shown``), else its size and the cards taken from the market."""
    known = seat.known
    note = "   " + _(KNOWN_NOTE)
    if shown:
        cards = ", ".join(TYPE_NAMES[t] + ("*" if t in known else "") for t in sorted(seat.hand))
        return "    " + _("hand: {cards}").format(cards=cards or "—") + note
    size = len(seat.hand)
    seen = ", ".join(TYPE_NAMES[t] + "*" for t in sorted(known))
    if not seen:
        return "    " + ngettext("hand: {n} card", "hand: {n} cards", size).format(n=size)
    unseen = size - len(known)
    parts = [seen] + ([_("{n} unseen").format(n=unseen)] if unseen else [])
    return (
        "    "
        + ngettext("hand: {n} card: {cards}", "hand: {n} cards: {cards}", size).format(
            n=size, cards=" + ".join(parts)
        )
        + note
    )


def _column(crew: list[int], c: int) -> str:
    """One colour's crew column, by the gains of its cards (as the notation names its cards)."""
    items = [VIKING_GAINS[t % 4] for t in range(c * 4, c * 4 + 4) for _n in range(crew[t])]
    return f"{COLOURS[c]} [{', '.join(items)}]"


def _skali_text(card: VillageCard) -> str:
    key = (language(), card)
    text = _SKALI_TEXT.get(key)
    if text is None:
        text = _SKALI_TEXT[key] = village_card_text(card, _("skáli"))
    return text
