"""Skåål's observation: the table from a seat's view, as a fixed-size vector.

Skåål has no secrets, so every seat's observation holds the whole table, with seats relative to
the observer: ``seat+0`` is the observer, ``seat+1`` the next clan in turn order, …
``seat+{n-1}``. The size depends only on the option ``players`` (n = 3…6); ``prospects`` and
``max_rounds`` only change values. Regions are named by slugs of the map's names (``kamau``,
``le_chaim``, ``slainte``…), in map order (SA-2); the roads never change and are not encoded.

Global slots, in order:
  phase.<name>                 6: one-hot of setup, action, roll, find, rumor, over
  to_move.chance               1 at a chance node (the die)
  to_move.seat+k               n: who decides now (none at the end)
  turn.seat+k                  n: whose turn it is
  round                        the round / max_rounds (SA-12's safeguard)
  roll.<face>                  6: the die's face being resolved (1…5, ooops)
  find.<region>                12: the region of the find being resolved
  rumor_from.<region>          12: the region whose dwarfs may come (rumor phase)
  last_income                  the respect the player to move earned at the start of the turn
                               (SA-5) / 10
  prospects_left               prospects left before the mines close / the ``prospects`` option
                               (0 once closed)
  mines_closed                 1 once the pawn reached the closing space (SA-3)

Then for each region, in map order (``region.<region>.`` before each name):
  dwarfs.seat+k                n: the dwarfs of each clan there / 5
  nuggets                      nuggets there / 5
  ooops                        1 if an Ooops lies there
  inn.seat+k                   n: the clan owning the Royal Inn there (none: all 0)
  innkeeper.seat+k             n: the clan providing its innkeeper

Then for each seat k = 0…n-1 (``seat+k.`` before each name):
  respect                      / 100 (random games reach several hundred)
  accountant_ahead             (its accountant's space − the pawn's space) / 20, clipped to
                               [-1, 1]: the pawn sends back the accountants it lands on (SA-3)
  reserve                      dwarfs in reserve / 10
  to_place                     setup dwarfs still to place / 4 (SA-4)
  inns                         Royal Inns still in reserve / 2

``encode_into`` (the learning environments' fast path) reads the state directly, with no view
built, at offsets worked out once from the slot names: it clears the array, looks every dwarf
count up at once, and writes the other slots only where they are not 0, each value computed in
float64 as :meth:`SkaalEncoder.encode` computes it from the view, then stored.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from itertools import chain
from typing import Any, cast

import numpy as np

from langbord.core.game import CHANCE, Game, State
from langbord.engines.skaal.data import (
    ACCOUNTANT_START,
    CLANS,
    DIE_FACES,
    DWARFS_PER_CLAN,
    INNS_PER_CLAN,
    REGIONS,
)
from langbord.engines.skaal.rules import RUMOR_PHASE, SkaalState
from langbord.envs.encoding import ENCODERS, Encoder

DWARF_SCALE = 5.0
NUGGET_SCALE = 5.0
RESPECT_SCALE = 100.0
INCOME_SCALE = 10.0
TRACK_SCALE = 20.0
RESERVE_SCALE = 10.0
SETUP_SCALE = 4.0


def slug(name: str) -> str:
    """A region's name as a slot name: ``"Sláinte"`` → ``"slainte"``, ``"Le Chaim"`` →
    ``"le_chaim"``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return plain.lower().replace(" ", "_")


REGION_SLUGS: tuple[str, ...] = tuple(slug(r) for r in REGIONS)
FACE_SLUGS: tuple[str, ...] = tuple(face.lower() for face in DIE_FACES)

DWARF_VALUES = np.array([c / DWARF_SCALE for c in range(DWARFS_PER_CLAN + 1)], dtype=np.float32)
"""``count / DWARF_SCALE`` stored, for every count of one clan's dwarfs in a region (the fast
path looks the dwarfs up here, all at once)."""
_SeatTables = tuple[
    list[int],
    list[int],
    np.ndarray[Any, np.dtype[np.intp]],
    list[tuple[int, int, list[int], list[int]]],
    list[tuple[int, int]],
]
"""An observer's slots (the fast path): to_move and turn per clan, dwarfs per region and clan,
per region (nuggets, ooops, inn per clan, innkeeper per clan), and (clan, respect slot) in seat
order."""


class SkaalEncoder(Encoder):
    """Skåål's observation (the layout is the module's docstring)."""

    low = -1.0
    """Only ``accountant_ahead`` goes below 0, clipped at -1."""

    def __init__(self, game: Game) -> None:
        self.n = int(game.options["players"])
        self.prospects = int(game.options["prospects"])
        super().__init__(game)
        self._tables()

    def _seats(self, prefix: str) -> list[str]:
        return [f"{prefix}seat+{k}" for k in range(self.n)]

    def slots(self) -> list[str]:
        names: list[str] = [f"phase.{p}" for p in SkaalState.flow.names]
        names.append("to_move.chance")
        names += self._seats("to_move.")
        names += self._seats("turn.")
        names.append("round")
        names += [f"roll.{face}" for face in FACE_SLUGS]
        names += [f"find.{r}" for r in REGION_SLUGS]
        names += [f"rumor_from.{r}" for r in REGION_SLUGS]
        names += ["last_income", "prospects_left", "mines_closed"]
        for r in REGION_SLUGS:
            names += self._seats(f"region.{r}.dwarfs.")
            names += [f"region.{r}.nuggets", f"region.{r}.ooops"]
            names += self._seats(f"region.{r}.inn.")
            names += self._seats(f"region.{r}.innkeeper.")
        for k in range(self.n):
            s = f"seat+{k}."
            names += [s + x for x in ("respect", "accountant_ahead", "reserve", "to_place", "inns")]
        return names

    def encode(self, view: Mapping[str, Any], seat: int) -> list[float]:
        n = self.n
        relative: dict[str, int] = {CLANS[(seat + k) % n]: k for k in range(n)}

        def one_hot_seat(q: Any) -> list[float]:
            row = [0.0] * n
            if isinstance(q, int) and 0 <= q < n:
                row[(q - seat) % n] = 1.0
            elif isinstance(q, str):
                row[relative[q]] = 1.0
            return row

        def one_hot(value: Any, names: tuple[str, ...]) -> list[float]:
            return [float(value == name) for name in names]

        out: list[float] = one_hot(view["phase"], SkaalState.flow.names)
        to_move = view["to_move"]
        out.append(float(to_move == -1))
        out += one_hot_seat(to_move)
        out += one_hot_seat(view["turn"])
        out.append(view["round"] / view["max_rounds"])
        out += one_hot(view["roll"], DIE_FACES)
        out += one_hot(view["find"], REGIONS)
        out += one_hot(view["rumor_from"], REGIONS)
        out.append(view["last_income"] / INCOME_SCALE)
        out.append(max(0, view["prospects_left"]) / self.prospects)
        out.append(float(view["pawn"] >= view["mines_closed"]))
        for region in view["regions"]:
            dwarfs = [0.0] * n
            for clan, count in region["dwarfs"].items():
                dwarfs[relative[clan]] = count / DWARF_SCALE
            out += dwarfs
            out += [region["nuggets"] / NUGGET_SCALE, float(bool(region["ooops"]))]
            out += one_hot_seat(region["inn"])
            out += one_hot_seat(region["innkeeper"])
        clans = {clan["clan"]: clan for clan in view["clans"]}
        pawn = view["pawn"]
        for k in range(n):
            clan = clans[CLANS[(seat + k) % n]]
            out += [
                clan["respect"] / RESPECT_SCALE,
                min(1.0, max(-1.0, (clan["accountant"] - pawn) / TRACK_SCALE)),
                clan["reserve"] / RESERVE_SCALE,
                clan["to_place"] / SETUP_SCALE,
                clan["inns"] / INNS_PER_CLAN,
            ]
        return out

    def _tables(self) -> None:
        """The fast path's tables, from the slot names: the fixed slots, and per observer the
        slots of each clan (clan ``c`` is ``seat+k`` with ``k = (c - seat) % n``)."""
        n = self.n
        at = {name: i for i, name in enumerate(self.names)}
        self._shape = (self.size,)
        self._phase_slot = {phase: at[f"phase.{phase.name}"] for phase in SkaalState.flow.phases}
        self._fixed = (
            at["to_move.chance"],
            at["round"],
            [at[f"roll.{face}"] for face in FACE_SLUGS],
            [at[f"find.{r}"] for r in REGION_SLUGS],
            [at[f"rumor_from.{r}"] for r in REGION_SLUGS],
            at["last_income"],
            at["prospects_left"],
            at["mines_closed"],
        )
        standing = ("respect", "accountant_ahead", "reserve", "to_place", "inns")
        self._by_seat: list[_SeatTables] = []
        for seat in range(n):
            ks = [(c - seat) % n for c in range(n)]
            regions = [
                (
                    at[f"region.{r}.nuggets"],
                    at[f"region.{r}.ooops"],
                    [at[f"region.{r}.inn.seat+{k}"] for k in ks],
                    [at[f"region.{r}.innkeeper.seat+{k}"] for k in ks],
                )
                for r in REGION_SLUGS
            ]
            clans = []
            for k in range(n):
                first = at[f"seat+{k}.{standing[0]}"]
                assert [at[f"seat+{k}.{x}"] for x in standing] == list(range(first, first + 5))
                clans.append(((seat + k) % n, first))
            self._by_seat.append(
                (
                    [at[f"to_move.seat+{k}"] for k in ks],
                    [at[f"turn.seat+{k}"] for k in ks],
                    np.array(
                        [at[f"region.{r}.dwarfs.seat+{k}"] for r in REGION_SLUGS for k in ks],
                        dtype=np.intp,
                    ),
                    regions,
                    clans,
                )
            )

    def encode_into(self, state: State, seat: int, out: np.ndarray[Any, Any]) -> None:
        """What :meth:`encode` gives for ``state.view(seat)``, read from the state directly (see
        the module docstring); an ``out`` that is not a native float32 vector goes through one."""
        # A memoryview's item stores cost far less than numpy's (numpy types ``data`` as ints).
        o: memoryview[float] = out.data  # type: ignore[assignment]
        if o.shape != self._shape or o.format != "f":  # not a plain float32 vector of our size
            vector = np.empty(self.size, dtype=np.float32)
            self.encode_into(state, seat, vector)
            out[:] = vector
            return
        st = cast(SkaalState, state)
        n = self.n
        chance_slot, round_slot, roll, find, rumor, income, left, closed = self._fixed
        to_move_slots, turn_slots, dwarf_slots, regions, clan_slots = self._by_seat[seat]
        out.fill(0.0)
        phase = st.phase
        o[self._phase_slot[phase]] = 1.0
        to_move = phase.mover(st)
        if to_move == CHANCE:
            o[chance_slot] = 1.0
        elif 0 <= to_move < n:
            o[to_move_slots[to_move]] = 1.0
        o[turn_slots[st.turn]] = 1.0
        o[round_slot] = (st.rounds + 1) / st.max_rounds
        if st.roll >= 0:
            o[roll[st.roll]] = 1.0
        if st.find >= 0:
            o[find[st.find]] = 1.0
        if phase is RUMOR_PHASE:
            o[rumor[st.rumor_from]] = 1.0
        if st.income:
            o[income] = st.income / INCOME_SCALE
        pawn = st.pawn
        prospects_left = st.mines_closed - pawn
        if prospects_left > 0:
            o[left] = prospects_left / self.prospects
        else:
            o[closed] = 1.0
        # The map: the dwarfs all at once, then per region only what is there.
        counts = np.fromiter(chain.from_iterable(st.dwarfs), np.intp, len(dwarf_slots))
        out[dwarf_slots] = DWARF_VALUES[counts]
        for (nugget_slot, ooops_slot, inn, keeper), nuggets, ooops, colour, innkeeper in zip(
            regions, st.nuggets, st.ooops, st.inn_colour, st.innkeeper, strict=True
        ):
            if nuggets:
                o[nugget_slot] = nuggets / NUGGET_SCALE
            if ooops:
                o[ooops_slot] = 1.0
            if colour >= 0:
                o[inn[colour]] = 1.0
            if innkeeper >= 0:
                o[keeper[innkeeper]] = 1.0
        # Each clan's standing, from the observer on (the clip spelt out: min/max cost more).
        clans = st.clans
        for c, i in clan_slots:
            clan = clans[c]
            accountant = clan.accountant
            o[i] = (accountant - ACCOUNTANT_START) / RESPECT_SCALE
            ahead = (accountant - pawn) / TRACK_SCALE
            o[i + 1] = 1.0 if ahead > 1.0 else -1.0 if ahead < -1.0 else ahead
            if clan.reserve:
                o[i + 2] = clan.reserve / RESERVE_SCALE
            if clan.to_place:
                o[i + 3] = clan.to_place / SETUP_SCALE
            if clan.inns:
                o[i + 4] = clan.inns / INNS_PER_CLAN


ENCODERS["skaal"] = SkaalEncoder
