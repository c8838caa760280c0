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
"""

from __future__ import annotations

from typing import Any

from langbord.engines.skibe.data import (
    CHIEFTAIN_ACTIONS,
    COLOURS,
    DISPLAY_SIZE,
    EQUIPMENT_STONES,
    FOOD_STONES,
    SHIP_LIMIT,
    SHIPS,
    STERNS_PER_PLAYER,
    deck_counts,
)
from langbord.engines.skibe.rules import SkibeState
from langbord.envs.encoding import ENCODERS, Encoder

PHASES = SkibeState.flow.names
CARD_FIELDS = ("present", "food", "equipment_cargo", "equipment")


class SkibeEncoder(Encoder):
    """Skibe: see the module docstring for the slot layout."""

    low = 0.0

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

    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
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
            if name is None:
                return [0.0] * (len(CARD_FIELDS) + n)
            shields, _, cargo = name.partition(" ")
            counts = [0.0] * n
            for c in shields.split("/"):
                if c in colour_seat:
                    counts[colour_seat[c]] += 0.5
            kind = [1.0, float(cargo == "F"), float(cargo == "E"), equipment / EQUIPMENT_STONES]
            return kind + counts

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


ENCODERS["skibe"] = SkibeEncoder
