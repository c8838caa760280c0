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
"""

from __future__ import annotations

from typing import Any

from langbord.core.game import Game
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
from langbord.engines.knarr.rules import KnarrState
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

    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
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


ENCODERS["knarr"] = KnarrEncoder
