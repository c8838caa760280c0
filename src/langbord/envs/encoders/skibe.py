"""Skibe's observation encoder (Skibe hides nothing decided: every seat's vector differs only in
whose seat it is relative to).

Seats are relative to the observer: ``seat+0`` is the observer, ``seat+k`` the k-th seat after it
in turn order (``n`` = the ``players`` option). A card's shields are counted per relative seat
(the seat whose colour they show); shields of colours nobody plays score nobody and are left out.

No slot is negative. Slots, in order (``L`` = the ship limit: 5, 6 or 7 with 3, 4 or 5 players):

- ``phase.<name>`` (8): one-hot of deal, choose, lay, food, equipment, chieftain, evaluate, over.
- ``to_move.seat+k`` (n), ``to_move.chance``: who decides now (all 0 at the end).
- ``turn.seat+k`` (n): whose turn it is.
- ``held.*``, ``last_laid.*``: a card (below): the card taken and not yet laid; the card just laid.
- ``evaluation.ship<s>`` (3), ``evaluation.chieftain.<action>`` (5), ``evaluation.owner.seat+k``
  (n), ``evaluation.protected.seat+k`` (n): the Chieftain acting in an evaluation (all 0 if none).
- ``pile``: cards left in the pile / deck size; ``out_of_game``: cards removed / deck size.
- ``display<i>.*`` (i = 1..3): the display's cards.
- for each ship ``ship<s>`` (s = 1..3): ``.bow_food`` (stones / 6), ``.cards`` (cards / L),
  ``.card<j>.*`` (j = 1..L, from the bow), ``.chief.seat+k.<action>`` (5n: 0 if not played,
  else its place in the ship's row of Chieftains, (i + 1) / 5n, so their order is kept),
  ``.stern.seat+k`` (n): whose stern closes it.
- ``stock.food`` (/ 6), ``stock.equipment`` (/ 4).
- ``hand.seat+k.<action>`` (5n): Chieftains still in hand; ``hand.seat+k.sterns`` (n, / 2).
- ``score.seat+k`` (n): points / 50; ``evaluations``: ships scored so far / 10.

A card (``<place>.``): ``present``, ``food`` (cargo F), ``equipment_cargo`` (cargo E),
``equipment`` (stones on it / 4), ``shields.seat+k`` (n: its shields of that seat's colour / 2).

``encode_into`` (the learning environments' fast path) reads the state directly, building no
view: every value above comes from a small integer, so each block's float32 bytes are looked up
in tables made once per seat, and the vector is their join, copied into ``out``. It reads only
what the view shows (the pile's size, never its contents).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any, cast

import numpy as np

from langbord.core.errors import LangbordError
from langbord.core.game import CHANCE, Game, State
from langbord.engines.skibe.data import (
    CHIEFTAIN_ACTIONS,
    COLOURS,
    DISPLAY_SIZE,
    EQUIPMENT_STONES,
    FOOD_STONES,
    SHIP_LIMIT,
    SHIPS,
    STERNS_PER_PLAYER,
    VIKING_TYPES,
    deck_counts,
)
from langbord.engines.skibe.rules import SkibeState
from langbord.envs.encoding import ENCODERS, Encoder

PHASES = SkibeState.flow.names
CARD_FIELDS = ("present", "food", "equipment_cargo", "equipment")
EVALUATE = SkibeState.flow.by_name["evaluate"]


def _f32(values: list[float]) -> bytes:
    """``values`` as the bytes of a float32 array (as ``np.asarray(..., dtype=np.float32)``)."""
    return np.asarray(values, dtype=np.float32).tobytes()


def _card(name: str | None, equipment: int, colour_seat: dict[str, int], n: int) -> list[float]:
    """A card's slots (the module docstring's ``<place>.*``); all 0 for no card."""
    if name is None:
        return [0.0] * (len(CARD_FIELDS) + n)
    shields, _, cargo = name.partition(" ")
    counts = [0.0] * n
    for c in shields.split("/"):
        if c in colour_seat:
            counts[colour_seat[c]] += 0.5
    kind = [1.0, float(cargo == "F"), float(cargo == "E"), equipment / EQUIPMENT_STONES]
    return kind + counts


def _one_hot(k: int, n: int) -> list[float]:
    """``n`` slots, slot ``k`` 1 (none if ``k`` is out of range)."""
    return [float(i == k) for i in range(n)]


class _Scaled(dict[int, bytes]):
    """``k`` → the float32 bytes of ``k / scale``, made on first use (for unbounded counts)."""

    def __init__(self, scale: int) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, key: int) -> bytes:
        value = self[key] = _f32([key / self.scale])
        return value


_Line = tuple[tuple[int, int], ...]
"""A ship's Chieftains, (owner, action) from the bow outward (``Ship.chieftains``)."""


class _Lines(dict[_Line, bytes]):
    """A ship's Chieftains → the bytes of its ``.chief.seat+k.<action>`` slots as ``seat`` sees
    them, made on first use: a game meets few of the lines possible (158,000 with 4 players), so
    at most ``LIMIT`` are kept, all forgotten when that many are."""

    LIMIT = 1 << 14

    def __init__(self, seat: int, n: int) -> None:
        super().__init__()
        self.seat = seat
        self.n = n

    def __missing__(self, line: _Line) -> bytes:
        n = self.n
        chiefs = [0.0] * (5 * n)
        for i, (owner, action) in enumerate(line):
            chiefs[(owner - self.seat) % n * 5 + action] = (i + 1) / (5 * n)
        if len(self) >= self.LIMIT:
            self.clear()
        value = self[line] = _f32(chiefs)
        return value


class _SeatTables:
    """The blocks that depend on the observer's seat ``seat``: a card's (``cards`` by type, then
    equipment stones; ``card`` with none), ships' rows of Chieftains, sterns (by seat), protected
    colours (by bit mask), and the players in the order of their slots. Type or seat -1 (no card,
    no stern) finds the last row, all 0."""

    __slots__ = ("card", "cards", "lines", "order", "protected", "stern")

    def __init__(self, seat: int, n: int) -> None:
        colour_seat = {c: (i - seat) % n for i, c in enumerate(COLOURS[:n])}
        names: list[str | None] = [*(t.name for t in VIKING_TYPES), None]
        self.cards = [
            [_f32(_card(name, k, colour_seat, n)) for k in range(EQUIPMENT_STONES + 1)]
            for name in names
        ]
        self.card = [row[0] for row in self.cards]
        self.lines = _Lines(seat, n)
        self.order = itemgetter(*[(seat + k) % n for k in range(n)])
        """The players, from the observer on (a tuple: ``n`` is at least 3)."""
        self.stern = [_f32(_one_hot((p - seat) % n, n)) for p in range(n)] + [_f32([0.0] * n)]
        self.protected = [
            _f32([float(mask >> ((seat + k) % n) & 1) for k in range(n)]) for mask in range(1 << n)
        ]


class SkibeEncoder(Encoder):
    """Skibe: see the module docstring for the slot layout."""

    low = 0.0

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = self._n = self.game.num_players()
        limit = SHIP_LIMIT[n]
        deck = sum(deck_counts(n))
        actions = len(CHIEFTAIN_ACTIONS)
        self._seats = {seat: _SeatTables(seat, n) for seat in range(n)}
        # by phase name (the encoder pickles; a phase does not), then who moves (seat+k, n:
        # chance, n + 1: nobody), then whose turn it is
        self._head = {
            name: [
                [
                    _f32(_one_hot(p, len(PHASES)) + _one_hot(m, n + 1) + _one_hot(t, n))
                    for t in range(n)
                ]
                for m in range(n + 2)
            ]
            for p, name in enumerate(PHASES)
        }
        self._evaluation = [
            [_f32(_one_hot(s, SHIPS) + _one_hot(a, actions)) for a in range(actions)]
            for s in range(SHIPS)
        ]
        self._no_evaluation = _f32([0.0] * (SHIPS + actions + 2 * n))
        self._one_hot = [_f32(_one_hot(k, n)) for k in range(n)]
        self._pile = [
            [_f32([p / deck, o / deck]) for o in range(deck + 1)] for p in range(deck + 1)
        ]
        self._ship = [
            [_f32([f / FOOD_STONES, c / limit]) for c in range(limit + 1)]
            for f in range(FOOD_STONES + 1)
        ]
        self._empty = [_f32([0.0] * (len(CARD_FIELDS) + n) * (limit - c)) for c in range(limit + 1)]
        self._stock = [
            [_f32([f / FOOD_STONES, e / EQUIPMENT_STONES]) for e in range(EQUIPMENT_STONES + 1)]
            for f in range(FOOD_STONES + 1)
        ]
        self._hand = [
            _f32([float(mask >> a & 1) for a in range(actions)]) for mask in range(1 << actions)
        ]
        self._sterns = [_f32([k / STERNS_PER_PLAYER]) for k in range(STERNS_PER_PLAYER + 1)]
        self._scores = _Scaled(50)
        self._evaluations = _Scaled(10)

    def slots(self) -> list[str]:
        n = self.game.num_players()
        seats = [f"seat+{k}" for k in range(n)]
        limit = SHIP_LIMIT[n]
        names: list[str] = [f"phase.{p}" for p in PHASES]
        names += [f"to_move.{s}" for s in seats] + ["to_move.chance"]
        names += [f"turn.{s}" for s in seats]
        names += self._card_slots("held", seats) + self._card_slots("last_laid", seats)
        names += [f"evaluation.ship{s + 1}" for s in range(SHIPS)]
        names += [f"evaluation.chieftain.{a}" for a in CHIEFTAIN_ACTIONS]
        names += [f"evaluation.owner.{s}" for s in seats]
        names += [f"evaluation.protected.{s}" for s in seats]
        names += ["pile", "out_of_game"]
        for i in range(DISPLAY_SIZE):
            names += self._card_slots(f"display{i + 1}", seats)
        for ship in range(SHIPS):
            prefix = f"ship{ship + 1}"
            names += [f"{prefix}.bow_food", f"{prefix}.cards"]
            for j in range(limit):
                names += self._card_slots(f"{prefix}.card{j + 1}", seats)
            names += [f"{prefix}.chief.{s}.{a}" for s in seats for a in CHIEFTAIN_ACTIONS]
            names += [f"{prefix}.stern.{s}" for s in seats]
        names += ["stock.food", "stock.equipment"]
        names += [f"hand.{s}.{a}" for s in seats for a in CHIEFTAIN_ACTIONS]
        names += [f"hand.{s}.sterns" for s in seats]
        names += [f"score.{s}" for s in seats]
        names += ["evaluations"]
        return names

    @staticmethod
    def _card_slots(prefix: str, seats: list[str]) -> list[str]:
        return [f"{prefix}.{f}" for f in CARD_FIELDS] + [f"{prefix}.shields.{s}" for s in seats]

    def encode(self, view: Mapping[str, Any], seat: int) -> list[float]:
        n = self.game.num_players()
        limit = SHIP_LIMIT[n]
        deck = sum(deck_counts(n))
        colour_seat = {c: (i - seat) % n for i, c in enumerate(COLOURS[:n])}

        def rel(p: int) -> list[float]:
            return [1.0 if p >= 0 and (p - seat) % n == k else 0.0 for k in range(n)]

        def by_colour(colours: list[str] | str | None) -> list[float]:
            out = [0.0] * n
            for c in [colours] if isinstance(colours, str) else colours or []:
                out[colour_seat[c]] = 1.0
            return out

        def card(name: str | None, equipment: int = 0) -> list[float]:
            return _card(name, equipment, colour_seat, n)

        to_move = int(view["to_move"])
        out: list[float] = [float(view["phase"] == p) for p in PHASES]
        out += [*rel(to_move), float(to_move == -1)]
        out += rel(int(view["turn"]))
        out += card(view["held"]) + card(view["last_laid"])
        evaluation = view["evaluation"]
        if evaluation is None:
            out += [0.0] * (SHIPS + len(CHIEFTAIN_ACTIONS) + 2 * n)
        else:
            out += [float(evaluation["ship"] == s + 1) for s in range(SHIPS)]
            out += [float(evaluation["chieftain"] == a) for a in CHIEFTAIN_ACTIONS]
            out += by_colour(evaluation["owner"]) + by_colour(evaluation["protected_colours"])
        out += [view["pile"] / deck, view["out_of_game"] / deck]
        for name in view["display"]:
            out += card(name)
        for ship in view["ships"]:
            vikings = ship["vikings"]
            out += [ship["bow_food"] / FOOD_STONES, len(vikings) / limit]
            for j in range(limit):
                if j < len(vikings):
                    out += card(vikings[j]["card"], vikings[j]["equipment"])
                else:
                    out += card(None)
            chiefs = [0.0] * (5 * n)
            for i, chief in enumerate(ship["chieftains"]):
                slot = colour_seat[chief["owner"]] * 5 + CHIEFTAIN_ACTIONS.index(chief["action"])
                chiefs[slot] = (i + 1) / (5 * n)
            out += chiefs + by_colour(ship["stern"])
        out += [view["stock"]["food"] / FOOD_STONES, view["stock"]["equipment"] / EQUIPMENT_STONES]
        hands = [view["hands"][(seat + k) % n] for k in range(n)]
        for hand in hands:
            out += [float(a in hand["chieftains"]) for a in CHIEFTAIN_ACTIONS]
        out += [hand["sterns"] / STERNS_PER_PLAYER for hand in hands]
        out += [view["scores"][(seat + k) % n] / 50 for k in range(n)]
        out += [len(view["sheet"]) / 10]
        return out

    def encode_into(self, state: State, seat: int, out: np.ndarray[Any, Any]) -> None:
        """:meth:`encode` of the seat's view, read off the state: each block's bytes are looked
        up (see the module docstring), joined, and copied into ``out``."""
        s = cast(SkibeState, state)
        n = self._n
        try:
            tables = self._seats[seat]
        except KeyError:  # as the view refuses it
            raise LangbordError(f"skibe: no seat {seat!r} (seats 0..{n - 1})") from None
        card = tables.card  # card[-1]: no card
        mover = s.current_player()
        moving = (mover - seat) % n if mover >= 0 else n if mover == CHANCE else n + 1
        phase = s.phase
        parts = [
            self._head[phase.name][moving][(s.turn - seat) % n],
            card[s.held],
            card[s.last_laid],
        ]
        acting = s.acting
        if phase is EVALUATE and acting is not None:
            owner, action = s.ships[acting.ship].chieftains[acting.first]
            parts += (
                self._evaluation[acting.ship][action],
                self._one_hot[(owner - seat) % n],
                tables.protected[acting.protected],
            )
        else:
            parts.append(self._no_evaluation)
        parts.append(self._pile[s.pile_size][s.vikings_out])
        parts += map(card.__getitem__, s.display)
        append = parts.append
        cards, lines, stern = tables.cards, tables.lines, tables.stern
        ship_head, empty = self._ship, self._empty
        for ship in s.ships:
            vikings = ship.cards
            count = len(vikings)
            append(ship_head[ship.food][count])
            for viking, stones in zip(vikings, ship.equipment, strict=True):
                append(cards[viking][stones])
            append(empty[count])
            append(lines[tuple(ship.chieftains)])
            append(stern[ship.stern])
        append(self._stock[s.food_stock][s.equipment_stock])
        order = tables.order(s.players)
        hand, sterns, scores = self._hand, self._sterns, self._scores
        for player in order:
            append(hand[player.chieftains])
        for player in order:
            append(sterns[player.sterns])
        for player in order:
            append(scores[player.points])
        append(self._evaluations[len(s.sheet)])
        data = b"".join(parts)
        target = out.data
        if target.format == "f" and target.c_contiguous:
            target.cast("B")[:] = data  # one copy of the bytes (a length mismatch raises)
        else:
            out[:] = np.frombuffer(data, dtype=np.float32)


ENCODERS["skibe"] = SkibeEncoder
