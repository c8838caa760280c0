"""Knarr's observation: what a seat knows, from its view, as a fixed-size vector.

The size depends only on the options: ``players`` (n, one slot group per seat), ``skali`` (the
Skali block) and ``artifact`` (the artifact block, unless ``none``); ``boat`` and
``skali_board`` only change values. Seats are relative to the observer: ``seat+0`` is the
observer, ``seat+1`` the next seat clockwise, … ``seat+{n-1}``. In the names below ``<type>`` is
one of the 20 viking types (``red_vp``, ``red_bracelet``, … ``purple_reputation``: colours
``red yellow green blue purple`` × gains ``vp bracelet recruit reputation``), ``<colour>`` one of
the five colours, ``<gain>`` one of the 7 gains (``vp bracelet recruit reputation card coin
raid``). Counts are raw small numbers unless a divisor is given. Every slot is at least 0 but the
Skali village sums (``low`` is -35 with Skali, else 0).

A destination is encoded by what its card says (``<dest>``, 37 slots; all 0 when the slot is
empty): ``present``, ``land_of_influence`` (0: a Trading Land), ``cost.<colour>`` (cards of that
colour; 5 slots), ``cost.same`` (n cards of one colour), ``cost.different`` (n cards of different
colours), ``gain.<gain>`` (the immediate gains; 7 slots), ``trade.<c>.<gain>`` (c = 1…3: 1 if
trade column c shows that gain; 21 slots). Which cards are still in the destination decks is the
``unseen.<name>`` block, so the identity of every card is known where the view knows it.

A building is encoded likewise (``<building>``, 44 slots): ``present``, ``cost`` (coins),
``line.<line>.<gain>`` (``line`` one of ``explore_land_of_influence explore_trading_land
recruit_existing_colour recruit_new_colour``; 28 slots, vp may be -1), ``raid_most.<gain>``,
``raid_fewest.<gain>`` (7 each; losses are negative).

Global slots, in order:
  phase.<name>                 15: one-hot of the phase (draw, reveal, … over)
  to_move.chance               1 at a chance node
  to_move.seat+k               n: who decides now (none at the end)
  turn.seat+k                  n: whose turn it is
  first.seat+k                 n: the first player (meaningful once drawn)
  round                        the round / 100 (the engine's safeguard on the length)
  end_triggered                1 once someone reached 40 vp (KN-8)
  boat.advanced                1 with the advanced boat side (boat=random: once drawn, KN-9)
  market.<colour>.<type>       5 × 20: the viking in each of the five slots (none: all 0)
  destinations.trading_lands.<i>.<dest>        i = 1…3: the visible Trading Lands
  destinations.lands_of_influence.<i>.<dest>   i = 1…3: the visible Lands of Influence
  decks.vikings                the viking deck's size / its size at the start (30, 40, 50)
  decks.trading_lands          the Trading Lands deck's size / the cards of that deck
  decks.lands_of_influence     the Lands of Influence deck's size / the cards of that deck
  unseen.<name>                per destination of the mode (A1…A20, B1…B15; Skali adds A21…A28
                               and B16…B20): 1 while it is in a deck (not visible, owned,
                               reserved or being paid)
  deck.public                  1 once the deck's contents are public (after KN-7's reshuffle)
  deck.<type>                  20: the deck's contents when public, each / that type's copies
  discard.<type>               20: the discard pile, each / that type's copies
  payment.active               1 while an Explore is being paid
  payment.<dest>               the destination being paid
  payment.left                 the cards still to pay
  take.<colour>                5: the colour of the card just recruited (take phase)
  forced_discard.seat+k        n: the seats that must discard (KN-7)
  extras                       extra actions pending (Helmet, Weathervane)

Then for each seat k = 0…n-1 (``seat+k.`` before each name):
  vp                           / 40
  reputation                   / 14
  bracelets, recruits          / 3
  crew.<type>                  20: the crew's cards by type
  destinations                 destinations owned
  column.<c>.<gain>            c = 1…3: what trade column c gives (boat and owned destinations);
                               ``trade t`` gains columns 1…t (21 slots)
  hand_size                    / 3
  hand_known.<type>            20: the hand's cards known to all (taken from the market)
  hand.<type>                  20, ``seat+0`` only: the observer's whole hand

Artifact block (``artifact`` other than ``none``); global, after the seats:
  artifact.<name>              7: the artifacts in play (all 0 before a random one is drawn;
                               KN-10's two-player-mead-cup: two of them)
then per seat k:
  seat+k.last_explored.trading_land / .land_of_influence   the deck of its last destination
                               (Helmet)
  seat+k.reserved.<i>.<dest>   i = 1…2: its reserved destinations (Golden bracelet)

Skali block (``skali=true``), global:
  skali_board.digital          1 with the digital skáli lines (constant for the options)
  buildings.<i>.<building>     i = 1…4: the visible buildings
  building_deck                the building deck's size / 35
  building_unseen.<b>          b = 1…35: 1 while building b is in the deck and not known to be
                               at its bottom
  building_bottom.<b>          1 if building b was slid under the deck (SK-6)
  raid_tokens_on_board         raid tokens on the board
  additional_token_beside_board
  activating.<line>            4: the line being activated (activate village phase)
then per seat k:
  seat+k.coins                 / 3
  seat+k.village               buildings in the village
  seat+k.village.<building fields but present and cost>   the sums over the village: line
                               gains, raid gains and losses (42 slots)
  seat+k.raid_tokens
  seat+k.change_token          2 players only: 1 while available (SK-6)

``encode_into`` (the learning environments' fast path) reads the state directly, with no view
built, into the array: the same values as ``encode`` of the seat's view, from the same sources
(the other hands only by their size and the cards taken from the market, the deck's contents only
once public), each computed as ``encode`` computes it.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from itertools import compress
from typing import Any, cast

import numpy as np

from langbord.core.flow import Phase
from langbord.core.game import CHANCE, Game, State
from langbord.engines.knarr.data import (
    ARTIFACT_TITLES,
    ARTIFACTS,
    BOATS,
    BUILDING_MARKET,
    BUILDINGS,
    COLOURS,
    COST_COLOURS,
    COST_DIFFERENT,
    COST_SAME,
    DESTINATIONS,
    END_THRESHOLD,
    GAINS,
    HAND_SIZE,
    LAND_OF_INFLUENCE,
    LINE_TEXT,
    LINES,
    MAX_RESERVED,
    MAX_ROUNDS,
    NUM_BUILDINGS,
    NUM_TYPES,
    REPUTATION_MAX,
    TOKEN_CAP,
    TRADING_LAND,
    TYPE_NAMES,
    VISIBLE_DESTINATIONS,
    Destination,
    VillageCard,
    viking_counts,
)
from langbord.engines.knarr.rules import (
    EXTRA_ACTION,
    FORCED_DISCARD,
    MARKET_TAKE,
    VILLAGE_ORDER,
    KnarrState,
    Player,
)
from langbord.envs.encoding import ENCODERS, Encoder

PHASE_NAMES = KnarrState.flow.names
"""Knarr's phases, as the view names them (the declared flow's order)."""
TYPE_SLOTS: tuple[str, ...] = tuple(name.replace(" ", "_") for name in TYPE_NAMES)
TYPE_INDEX: dict[str, int] = {name: t for t, name in enumerate(TYPE_NAMES)}
DEST_INDEX: dict[str, int] = {d.name: d.index for d in DESTINATIONS}
DECK_KEYS: tuple[tuple[str, str], ...] = (
    ("Trading Lands", "trading_lands"),
    ("Lands of Influence", "lands_of_influence"),
)
DEST_FIELDS: tuple[str, ...] = (
    "present",
    "land_of_influence",
    *(f"cost.{c}" for c in COLOURS),
    "cost.same",
    "cost.different",
    *(f"gain.{g}" for g in GAINS),
    *(f"trade.{c + 1}.{g}" for c in range(3) for g in GAINS),
)
VILLAGE_FIELDS: tuple[str, ...] = (
    *(f"line.{line}.{g}" for line in LINES for g in GAINS),
    *(f"raid_most.{g}" for g in GAINS),
    *(f"raid_fewest.{g}" for g in GAINS),
)
BUILDING_FIELDS: tuple[str, ...] = ("present", "cost", *VILLAGE_FIELDS)


def _destination_features(d: Destination) -> list[float]:
    out: list[float] = [1.0, float(d.deck == LAND_OF_INFLUENCE)]
    out += [float(k) for k in d.need] if d.cost_kind == COST_COLOURS else [0.0] * len(COLOURS)
    out.append(float(d.size) if d.cost_kind == COST_SAME else 0.0)
    out.append(float(d.size) if d.cost_kind == COST_DIFFERENT else 0.0)
    out += [float(k) for k in d.immediate]
    for g in d.trade:
        column = [0.0] * len(GAINS)
        if g >= 0:
            column[g] = 1.0
        out += column
    assert len(out) == len(DEST_FIELDS)
    return out


def _village_features(b: VillageCard) -> list[float]:
    out = [float(k) for line in b.lines for k in line]
    out += [float(k) for k in b.raid_most]
    out += [float(k) for k in b.raid_fewest]
    return out


DEST_FEATURES: dict[str, list[float]] = {d.name: _destination_features(d) for d in DESTINATIONS}
BUILDING_FEATURES: list[list[float]] = [
    [1.0, float(b.cost), *_village_features(b)] for b in BUILDINGS
]
NO_DEST = [0.0] * len(DEST_FIELDS)
NO_BUILDING = [0.0] * len(BUILDING_FIELDS)
NO_VILLAGE = [0.0] * len(VILLAGE_FIELDS)
BUILDING_INDEX: dict[str, int] = {f"building {b + 1}": b for b in range(NUM_BUILDINGS)}
"""The view's building names (``"building 12"``) → index (11)."""

DEST_BYTES: list[bytes] = [bytes(map(int, DEST_FEATURES[d.name])) for d in DESTINATIONS]
"""Each destination's slots by its index, as bytes (small counts, never negative), for
``encode_into``."""
assert all(x.is_integer() and 0 <= x < 256 for f in DEST_FEATURES.values() for x in f)
UINT8 = np.dtype(np.uint8)
DEST_OR_NONE = [*DEST_BYTES, bytes(len(DEST_FIELDS))].__getitem__
"""A destination's bytes by its index; -1 (an empty slot): all 0."""
BUILDING_F32: list[array[float]] = [array("f", features) for features in BUILDING_FEATURES]
DEST_DECK: list[int] = [d.deck for d in DESTINATIONS]
TYPES = range(NUM_TYPES)
SEAT_CREW, SEAT_DESTINATIONS, SEAT_COLUMNS, SEAT_HAND_SIZE, SEAT_HAND_KNOWN = 4, 24, 25, 46, 47
SEAT_HAND = SEAT_HAND_KNOWN + NUM_TYPES
"""Where a seat's slots start, from its ``vp``: ``crew.*``, ``destinations``, ``column.*``,
``hand_size``, ``hand_known.*`` and (``seat+0``) ``hand.*``."""
VILLAGE_CACHE_LIMIT = 4096
"""At most this many villages' sums are kept (``encode_into``); then the cache starts over."""


class KnarrEncoder(Encoder):
    """Knarr's observation (the layout is the module's docstring)."""

    def __init__(self, game: Game) -> None:
        options = game.options
        self.n = int(options["players"])
        self.skali = bool(options["skali"])
        self.artifacts = options["artifact"] != "none"
        # only the village sums go below 0: at worst -1 per building (a vp loss, SK-3, SK-5)
        self.low = -float(NUM_BUILDINGS) if self.skali else 0.0
        self.destinations = [d for d in DESTINATIONS if self.skali or not d.skali]
        self.copies = [max(1, k) for k in viking_counts(self.n)]
        self.deck_start = float(sum(viking_counts(self.n)))
        self.deck_cards = [
            float(sum(1 for d in self.destinations if d.deck == k)) for k in range(2)
        ]
        super().__init__(game)
        self._prepare_fast_path()

    def _seats(self, prefix: str = "") -> list[str]:
        return [f"{prefix}seat+{k}" for k in range(self.n)]

    def slots(self) -> list[str]:
        n = self.n
        names: list[str] = [f"phase.{p.replace(' ', '_')}" for p in PHASE_NAMES]
        names.append("to_move.chance")
        names += self._seats("to_move.")
        names += self._seats("turn.")
        names += self._seats("first.")
        names += ["round", "end_triggered", "boat.advanced"]
        names += [f"market.{c}.{t}" for c in COLOURS for t in TYPE_SLOTS]
        for _, key in DECK_KEYS:
            for i in range(VISIBLE_DESTINATIONS):
                names += [f"destinations.{key}.{i + 1}.{f}" for f in DEST_FIELDS]
        names += ["decks.vikings", "decks.trading_lands", "decks.lands_of_influence"]
        names += [f"unseen.{d.name}" for d in self.destinations]
        names.append("deck.public")
        names += [f"deck.{t}" for t in TYPE_SLOTS]
        names += [f"discard.{t}" for t in TYPE_SLOTS]
        names.append("payment.active")
        names += [f"payment.{f}" for f in DEST_FIELDS]
        names.append("payment.left")
        names += [f"take.{c}" for c in COLOURS]
        names += self._seats("forced_discard.")
        names.append("extras")
        for k in range(n):
            s = f"seat+{k}."
            names += [s + x for x in ("vp", "reputation", "bracelets", "recruits")]
            names += [f"{s}crew.{t}" for t in TYPE_SLOTS]
            names.append(s + "destinations")
            names += [f"{s}column.{c + 1}.{g}" for c in range(3) for g in GAINS]
            names.append(s + "hand_size")
            names += [f"{s}hand_known.{t}" for t in TYPE_SLOTS]
            if k == 0:
                names += [f"{s}hand.{t}" for t in TYPE_SLOTS]
        if self.artifacts:
            names += [f"artifact.{a}" for a in ARTIFACTS]
            for k in range(n):
                s = f"seat+{k}."
                names += [s + "last_explored.trading_land", s + "last_explored.land_of_influence"]
                for i in range(MAX_RESERVED):
                    names += [f"{s}reserved.{i + 1}.{f}" for f in DEST_FIELDS]
        if self.skali:
            names.append("skali_board.digital")
            for i in range(BUILDING_MARKET):
                names += [f"buildings.{i + 1}.{f}" for f in BUILDING_FIELDS]
            names.append("building_deck")
            names += [f"building_unseen.{b + 1}" for b in range(NUM_BUILDINGS)]
            names += [f"building_bottom.{b + 1}" for b in range(NUM_BUILDINGS)]
            names += ["raid_tokens_on_board", "additional_token_beside_board"]
            names += [f"activating.{line}" for line in LINES]
            for k in range(n):
                s = f"seat+{k}."
                names += [s + "coins", s + "village"]
                names += [f"{s}village.{f}" for f in VILLAGE_FIELDS]
                names.append(s + "raid_tokens")
                if n == 2:
                    names.append(s + "change_token")
        return names

    # ---- encoding --------------------------------------------------------------------------------

    def _relative(self, out: list[float], q: Any, seat: int) -> None:
        """Append a one-hot of absolute seat ``q`` relative to ``seat`` (all 0 if not a seat)."""
        row = [0.0] * self.n
        if isinstance(q, int) and 0 <= q < self.n:
            row[(q - seat) % self.n] = 1.0
        out += row

    @staticmethod
    def _types(cards: Any, scale: list[int] | None = None) -> list[float]:
        """20 counts by type from a list of names or a ``{name: count}`` dict."""
        row = [0.0] * NUM_TYPES
        if isinstance(cards, dict):
            for name, k in cards.items():
                row[TYPE_INDEX[name]] += k
        elif cards:
            for name in cards:
                row[TYPE_INDEX[name]] += 1
        if scale is not None:
            row = [x / c for x, c in zip(row, scale, strict=True)]
        return row

    def encode(self, view: Mapping[str, Any], seat: int) -> list[float]:
        n = self.n
        out: list[float] = [float(view["phase"] == p) for p in PHASE_NAMES]
        to_move = view["to_move"]
        out.append(float(to_move == -1))
        self._relative(out, to_move, seat)
        self._relative(out, view["turn"], seat)
        self._relative(out, view["first"], seat)
        out += [view["round"] / MAX_ROUNDS, float(bool(view["end_triggered"]))]
        out.append(float(view["boat"] == "advanced"))
        for c in COLOURS:
            card = view["market"][c]
            out += self._types([card] if card else [])
        # destinations: visible, in payment, owned, reserved; the rest is in the decks
        placed: set[str] = set()
        for deck, _ in DECK_KEYS:
            for name in view["destinations"][deck]:
                out += DEST_FEATURES[name] if name else NO_DEST
                if name:
                    placed.add(name)
        decks = view["decks"]
        out.append(decks["vikings"] / self.deck_start)
        out += [decks[deck] / self.deck_cards[k] for k, (deck, _) in enumerate(DECK_KEYS)]
        payment = view["payment"]
        if payment:
            placed.add(payment["destination"])
        for s in view["seats"]:
            placed.update(s["destinations"], s["reserved"])
        out += [float(d.name not in placed) for d in self.destinations]
        contents = view["deck_contents"]
        out.append(float(contents is not None))
        out += self._types(contents, self.copies)
        out += self._types(view["discard"], self.copies)
        out.append(float(payment is not None))
        out += DEST_FEATURES[payment["destination"]] if payment else NO_DEST
        out.append(float(payment["left"]) if payment else 0.0)
        out += [float(view["take"] == c) for c in COLOURS]
        forced = [0.0] * n
        for q in view["forced_discards"]:
            forced[(q - seat) % n] = 1.0
        out += forced
        out.append(float(view["extras"]))
        boat = BOATS[str(view["boat"])] if view["boat"] else (-1, -1, -1)
        seats = [view["seats"][(seat + k) % n] for k in range(n)]
        for k, s in enumerate(seats):
            out += [
                s["vp"] / END_THRESHOLD,
                s["reputation"] / REPUTATION_MAX,
                s["bracelets"] / TOKEN_CAP,
                s["recruits"] / TOKEN_CAP,
            ]
            out += self._types([name for c in COLOURS for name in s["crew"][c]])
            out.append(float(len(s["destinations"])))
            columns = [[0.0] * len(GAINS) for _ in range(3)]
            for i, g in enumerate(boat):
                if g >= 0:
                    columns[i][g] += 1
            for name in s["destinations"]:
                for i, g in enumerate(DESTINATIONS[DEST_INDEX[name]].trade):
                    if g >= 0:
                        columns[i][g] += 1
            out += [x for column in columns for x in column]
            out.append(s["hand_size"] / HAND_SIZE)
            out += self._types(s["hand_known"])
            if k == 0:
                out += self._types(s["hand"])
        if self.artifacts:
            artifacts = view["artifacts"]
            out += [float(title in artifacts) for title in ARTIFACT_TITLES]
            for s in seats:
                last = s["destinations"][-1] if s["destinations"] else None
                last_deck = DESTINATIONS[DEST_INDEX[last]].deck if last else -1
                out += [float(last_deck == TRADING_LAND), float(last_deck == LAND_OF_INFLUENCE)]
                reserved = s["reserved"]
                for i in range(MAX_RESERVED):
                    out += DEST_FEATURES[reserved[i]] if i < len(reserved) else NO_DEST
        if self.skali:
            skali = view["skali"]
            out.append(float(skali["skali_board"] == "digital"))
            seen: set[int] = set()
            for name in skali["buildings"]:
                out += BUILDING_FEATURES[BUILDING_INDEX[name]] if name else NO_BUILDING
                if name:
                    seen.add(BUILDING_INDEX[name])
            out.append(skali["building_deck"] / NUM_BUILDINGS)
            bottom = {BUILDING_INDEX[name] for name in skali["building_deck_bottom"]}
            for s in seats:
                seen.update(BUILDING_INDEX[name] for name in s["village"])
            out += [float(b not in seen and b not in bottom) for b in range(NUM_BUILDINGS)]
            out += [float(b in bottom) for b in range(NUM_BUILDINGS)]
            out.append(float(skali["raid_tokens_on_board"]))
            out.append(float(bool(skali["additional_token_beside_board"])))
            out += [float(skali["activating"] == text) for text in LINE_TEXT]
            for s in seats:
                out += [s["coins"] / TOKEN_CAP, float(len(s["village"]))]
                village = [BUILDING_FEATURES[BUILDING_INDEX[name]][2:] for name in s["village"]]
                out += [sum(column) for column in zip(*village, strict=True)] or NO_VILLAGE
                out.append(float(s["raid_tokens"]))
                if n == 2:
                    out.append(float(s["change_token"] == "available"))
        return out

    # ---- the fast path: the state read directly --------------------------------------------------

    def _prepare_fast_path(self) -> None:
        """The offsets of ``encode_into``'s slots, from :attr:`names`, and its template: every
        slot 0 but those that are 1 until something is known (``unseen.*``,
        ``building_unseen.*``) and the constant ``skali_board.digital``."""
        at = {name: i for i, name in enumerate(self.names)}
        n = self.n
        self._phase_slot: dict[Phase[Any], int] = {
            phase: at[f"phase.{phase.name.replace(' ', '_')}"] for phase in KnarrState.flow.phases
        }
        self._chance = at["to_move.chance"]
        self._to_move = at["to_move.seat+0"]
        self._turn = at["turn.seat+0"]
        self._first = at["first.seat+0"]
        self._round = at["round"]
        self._market = at[f"market.{COLOURS[0]}.{TYPE_SLOTS[0]}"]
        self._visible = at["destinations.trading_lands.1.present"]
        self._decks = at["decks.vikings"]
        self._unseen = [at.get(f"unseen.{d.name}", -1) for d in DESTINATIONS]
        self._deck_public = at["deck.public"]
        self._discard = at[f"discard.{TYPE_SLOTS[0]}"]
        self._payment = at["payment.active"]
        self._take = at[f"take.{COLOURS[0]}"]
        self._forced = at["forced_discard.seat+0"]
        self._extras = at["extras"]
        self._seat_at = [at[f"seat+{k}.vp"] for k in range(n)]
        assert all(
            self.names[o + SEAT_CREW] == f"seat+{k}.crew.{TYPE_SLOTS[0]}"
            and self.names[o + SEAT_HAND_SIZE] == f"seat+{k}.hand_size"
            and self.names[o + SEAT_HAND - 1] == f"seat+{k}.hand_known.{TYPE_SLOTS[-1]}"
            for k, o in enumerate(self._seat_at)
        )
        self._copies_f = [float(c) for c in self.copies]
        template = [0] * self.size
        for i in self._unseen:
            if i >= 0:
                template[i] = 1
        if self.artifacts:
            self._artifact = at[f"artifact.{ARTIFACTS[0]}"]
            self._last_explored = [at[f"seat+{k}.last_explored.trading_land"] for k in range(n)]
            self._reserved = [
                [at[f"seat+{k}.reserved.{i + 1}.present"] for i in range(MAX_RESERVED)]
                for k in range(n)
            ]
        if self.skali:
            template[at["skali_board.digital"]] = int(self.game.options["skali_board"] == "digital")
            self._buildings = at["buildings.1.present"]
            self._building_deck = at["building_deck"]
            self._building_unseen = at["building_unseen.1"]
            for b in range(NUM_BUILDINGS):
                template[self._building_unseen + b] = 1
            self._building_bottom = at["building_bottom.1"]
            self._raid_board = at["raid_tokens_on_board"]
            self._activating = at[f"activating.{LINES[0]}"]
            self._coins = [at[f"seat+{k}.coins"] for k in range(n)]
            self._village_sums: dict[tuple[int, ...], array[float]] = {}
        self._template = bytes(template)

    def _village_sum(self, village: Sequence[int]) -> array[float]:
        """The village's line and raid slots, summed as :meth:`encode` sums them (cached)."""
        key = tuple(village)
        sums = self._village_sums.get(key)
        if sums is None:
            rows = [BUILDING_FEATURES[b][2:] for b in village]
            sums = array("f", [sum(column) for column in zip(*rows, strict=True)])
            if len(self._village_sums) >= VILLAGE_CACHE_LIMIT:
                self._village_sums.clear()
            self._village_sums[key] = sums
        return sums

    def encode_into(self, state: State, seat: int, out: np.ndarray[Any, Any]) -> None:
        """The state read directly into ``out`` (see the module docstring): what :meth:`encode`
        gives for ``state.view(seat)``, with no view built. The slots that hold small counts are
        set as bytes and cast into ``out`` at once; the fractions, and the blocks that may be
        negative (Skali's buildings and village sums), are then written as float32."""
        n = self.n
        if type(seat) is not int or not 0 <= seat < n:
            super().encode_into(state, seat, out)  # the view refuses the seat
            return
        raw = out.data
        if raw.ndim != 1 or len(raw) != self.size or raw.format != "f":
            scratch = np.empty(self.size, dtype=np.float32)
            self.encode_into(state, seat, scratch)
            out[:] = scratch
            return
        st = cast(KnarrState, state)
        counts = bytearray(self._template)
        phase = st.phase
        counts[self._phase_slot[phase]] = 1
        to_move = st.current_player()
        if to_move == CHANCE:
            counts[self._chance] = 1
        elif 0 <= to_move < n:
            counts[self._to_move + (to_move - seat) % n] = 1
        counts[self._turn + (st.turn - seat) % n] = 1
        counts[self._first + (st.first - seat) % n] = 1
        o = self._round
        if st.ended:
            counts[o + 1] = 1
        if st.boat_side == "advanced":
            counts[o + 2] = 1
        o = self._market
        for t in st.market:
            if t >= 0:
                counts[o + t] = 1
            o += NUM_TYPES
        # destinations: visible, being paid, owned, reserved (the others are unseen)
        unseen = self._unseen
        width = len(DEST_FIELDS)
        o = self._visible
        visible = st.visible
        counts[o : o + len(visible) * width] = b"".join(map(DEST_OR_NONE, visible))
        for d in visible:
            if d >= 0:
                counts[unseen[d]] = 0
        deck_public = st.deck_public  # until then, the deck's contents are secret
        if deck_public:
            counts[self._deck_public] = 1
        d = st.pay_dest
        if d >= 0:
            counts[unseen[d]] = 0
            o = self._payment
            counts[o] = 1
            counts[o + 1 : o + 1 + width] = DEST_BYTES[d]
            counts[o + 1 + width] = st.pay_left
        if phase is MARKET_TAKE:
            counts[self._take + st.taking.colour] = 1
        elif phase is FORCED_DISCARD:
            o = self._forced
            for q in st.forced:
                counts[o + (q - seat) % n] = 1
        counts[self._extras] = len(st.extras) + (phase is EXTRA_ACTION)
        seat_at = self._seat_at
        players = st.players
        relative = players[seat:] + players[:seat]  # seat+0, seat+1, …
        for o, player in zip(seat_at, relative, strict=True):
            destinations = player.destinations
            for d in destinations:
                counts[unseen[d]] = 0
            for d in player.reserved:
                counts[unseen[d]] = 0
            # crew, destinations, then the trade columns: the boat's plus every owned
            # destination's, as the engine sums them
            trade = player.trade
            counts[o + SEAT_CREW : o + SEAT_HAND_SIZE] = [
                *player.crew,
                len(destinations),
                *trade[0],
                *trade[1],
                *trade[2],
            ]
            o += SEAT_HAND_KNOWN
            for t in player.known:
                counts[o + t] += 1
        o = seat_at[0] + SEAT_HAND
        for t in relative[0].hand:
            counts[o + t] += 1
        if self.artifacts:
            self._artifacts_into(st, relative, counts)
        if self.skali:
            self._skali_counts_into(st, relative, counts)
        out[...] = np.frombuffer(counts, UINT8)

        mv = cast("memoryview[float]", raw)
        mv[self._round] = (st.rounds + 1) / MAX_ROUNDS
        o = self._decks
        decks = st.dest_decks
        deck_cards = self.deck_cards
        mv[o] = st.deck_size / self.deck_start
        mv[o + 1] = len(decks[0]) / deck_cards[0]
        mv[o + 2] = len(decks[1]) / deck_cards[1]
        copies = self._copies_f
        if deck_public:
            deck = st.deck
            o = self._deck_public + 1
            for t in compress(TYPES, deck):
                mv[o + t] = deck[t] / copies[t]
        discard = st.discard
        o = self._discard
        for t in compress(TYPES, discard):
            mv[o + t] = discard[t] / copies[t]
        for o, player in zip(seat_at, relative, strict=True):
            mv[o] = player.vp / END_THRESHOLD
            mv[o + 1] = player.reputation / REPUTATION_MAX
            mv[o + 2] = player.bracelets / TOKEN_CAP
            mv[o + 3] = player.recruits / TOKEN_CAP
            mv[o + SEAT_HAND_SIZE] = len(player.hand) / HAND_SIZE
        if self.skali:
            self._skali_floats_into(st, relative, mv)

    def _artifacts_into(self, st: KnarrState, relative: list[Player], counts: bytearray) -> None:
        """The artifact block (all counts); ``relative``: the players from the observer's seat."""
        o = self._artifact
        for a in st.artifacts:
            counts[o + a] = 1
        width = len(DEST_FIELDS)
        for last, reserved, player in zip(
            self._last_explored, self._reserved, relative, strict=True
        ):
            destinations = player.destinations
            if destinations:
                counts[last + DEST_DECK[destinations[-1]]] = 1
            if player.reserved:  # Golden bracelet
                for o, d in zip(reserved, player.reserved, strict=False):
                    counts[o : o + width] = DEST_BYTES[d]

    def _skali_counts_into(self, st: KnarrState, relative: list[Player], counts: bytearray) -> None:
        """The Skali block's counts; ``relative``: the players from the observer's seat."""
        unseen = self._building_unseen
        for b in st.building_market:
            if b >= 0:
                counts[unseen + b] = 0
        o = self._building_bottom
        for b in st.building_deck_bottom:
            counts[unseen + b] = 0
            counts[o + b] = 1
        o = self._raid_board
        counts[o] = st.raid_tokens_on_board
        counts[o + 1] = st.additional_token_beside_board
        if st.phase is VILLAGE_ORDER:
            counts[self._activating + st.line] = 1
        two = self.n == 2
        width = len(VILLAGE_FIELDS)
        for o, player in zip(self._coins, relative, strict=True):
            village = player.village
            counts[o + 1] = len(village)
            for b in village:
                counts[unseen + b] = 0
            counts[o + 2 + width] = player.raid_tokens
            if two:
                counts[o + 3 + width] = player.change_token

    def _skali_floats_into(
        self, st: KnarrState, relative: list[Player], mv: memoryview[float]
    ) -> None:
        """The Skali slots that are fractions or may be negative (buildings, village sums)."""
        width = len(BUILDING_FIELDS)
        o = self._buildings
        for b in st.building_market:
            if b >= 0:
                mv[o : o + width] = BUILDING_F32[b]
            o += width
        size = len(st.building_deck) + len(st.building_deck_bottom)
        mv[self._building_deck] = size / NUM_BUILDINGS
        width = len(VILLAGE_FIELDS)
        for o, player in zip(self._coins, relative, strict=True):
            mv[o] = player.coins / TOKEN_CAP
            village = player.village
            if village:
                mv[o + 2 : o + 2 + width] = self._village_sum(village)


ENCODERS["knarr"] = KnarrEncoder
