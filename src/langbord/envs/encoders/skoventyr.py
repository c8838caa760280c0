"""Skoventyr's observation encoder (Skoventyr hides nothing: hands are open and of the deck
everybody knows the same, SV-6).

Seats are relative to the observer: ``seat+0`` is the observer, ``seat+k`` the k-th seat after it
(``n`` = the ``players`` option). The Forest is read as a ring starting at Vogter's Tree:
``ring+0`` is Vogter's Tree, ``ring+1`` the next Tree clockwise, and so on; ``T`` = the ``trees``
option (the most Trees the ring can hold). Card types are the five Allies (Ellefolk, Formskifter,
Huldre, Nisse, Trold) and Gamle Erik (an Adversary).

Every slot lies in [0, 1]. Slots, in order:

- ``phase.<name>`` (22): one-hot of the phase (draw, lygtemand, hostage, acorn, action, damage,
  heal, reveal, cost bottom, gambit, huldre, trold, recycle, reward, revenge, involve top,
  involve bottom, hand limit, recover, place, refuge, over).
- ``to_move.seat+k`` (n), ``to_move.chance``; ``turn.seat+k`` (n): whose turn it is.
- ``result.won``, ``result.lost``; ``turns_played`` (/ 400, the turn limit).
- ``ring+i.*`` (i = 0..T-1): ``present``, ``damaged``, ``gamle_erik``, ``ally.<type>`` (5),
  ``revealed`` (its Ally is face up), ``tree.<A..H>`` (8: which Tree it is).
- ``tree.<A..H>.discarded`` (8); ``distance`` (Trees from Gamle Erik to Vogter / T);
  ``allies_in_forest`` (/ T).
- ``future<i>.<card>`` (3 × 6): the Future's cards, one-hot (all 0: empty slot).
- ``taking.<card>``, ``placing.<card>`` (6 each): the card being taken by a Call, being placed.
- ``hand.seat+k.<ally>`` (5n): Allies in hand / 5 (the hand limit).
- ``discard.<card>`` (6): discarded cards / 13 (Allies count 5 of a type, Gamle Erik 13).
- ``deck.size``, ``deck.hidden`` (/ 38, every card), ``deck.hidden.<card>`` (6, / 13),
  ``deck.top.<card>`` and ``deck.bottom.<card>`` (6 each, / 13): the deck's known cards;
  ``deck.top<j>.<card>`` (j = 1..5, one-hot): the next known cards drawn;
  ``deck.bottom<j>.<card>`` (j = 1..5): the known bottom cards, in the order they will be drawn.
- ``revealed.<card>`` (6, / 13): cards revealed and waiting; ``set_aside`` (/ 13).
- ``minion.<name>.*`` (6 Minions): ``in_game``, ``lygtemand.<type or ?>`` (6), ``acorn.<1..3>`` (3).
- ``lygtemands.rallied``, ``lygtemands.removed`` (/ 6).
- ``hostage.<ally>`` (5): 0 none, 0.5 a hostage, 1 the x2 hostage.
- ``acorns_in_centre.<1..3>`` (/ 2).

``encode_into`` (the learning environments' fast path) reads the state directly, the same fields
``SkoventyrState.view`` reads, with no view built; it writes exactly what ``encode`` gives for the
view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from langbord.core.errors import LangbordError
from langbord.core.game import CHANCE, Game, State
from langbord.engines.skoventyr.data import (
    ACORN_KINDS,
    ACORNS_PER_KIND,
    ADVERSARIES,
    ADVERSARY,
    ALLIES_PER_TYPE,
    ALLY_TYPES,
    CARD_NAMES,
    CARD_TYPES,
    FUTURE_SIZE,
    HAND_LIMIT,
    LYGTEMANDS,
    MINION_NAMES,
    TREE_CARDS,
    TREE_NAMES,
    TURN_LIMIT,
)
from langbord.engines.skoventyr.rules import LOST, WON, SkoventyrState
from langbord.envs.encoding import ENCODERS, Encoder

PHASES = SkoventyrState.flow.names
DECK = ALLIES_PER_TYPE * len(ALLY_TYPES) + ADVERSARIES
KNOWN_CARDS = 5
"""How many of the deck's known top (and bottom) cards are encoded one by one."""


# Where each slot lies within a place's block of the ring, and within a Minion's block.
PRESENT, DAMAGED, ERIK, ALLY = range(4)
REVEALED = ALLY + len(ALLY_TYPES)
TREE = REVEALED + 1
TREE_BLOCK = TREE + len(TREE_NAMES)
LYGTEMAND = 1
ACORN = LYGTEMAND + len(LYGTEMANDS)
MINION_BLOCK = ACORN + len(ACORN_KINDS)
NO_TOKENS = [-1] * len(MINION_NAMES)
"""``lygtemand_on`` / ``acorn_on`` with no token on any Minion."""
NO_HOSTAGES = [0] * len(ALLY_TYPES)
NO_ACORNS = [0] * len(ACORN_KINDS)
assert len(ALLY_TYPES) == 5 and CARD_TYPES == 6 and len(MINION_NAMES) == 6, "encode_into unrolls"


class SkoventyrEncoder(Encoder):
    """Skoventyr: see the module docstring for the slot layout."""

    low = 0.0
    high = 1.0

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        # encode_into's tables: every slot's place, from the names.
        at = {name: i for i, name in enumerate(self.names)}
        n = self._n = game.num_players()
        trees = self._trees = int(game.options["trees"])
        self._zeros = np.zeros(self.size, dtype=np.float32).data
        self._phase = {name: at[f"phase.{name}"] for name in PHASES}
        """Each phase's slot, by name (the encoder pickles; a phase does not)."""
        self._to_move, self._chance = at["to_move.seat+0"], at["to_move.chance"]
        self._turn = at["turn.seat+0"]
        self._won, self._lost, self._turns = at["result.won"], at["result.lost"], at["turns_played"]
        bases = self._bases = [at[f"ring+{i}.present"] for i in range(trees)]
        for i, b in enumerate(bases):
            assert at[f"ring+{i}.gamle_erik"] == b + ERIK and at[f"ring+{i}.tree.A"] == b + TREE
        self._rotations = [
            [
                [
                    (i, bases[(i - start) % size], bases[(i - start) % size] + TREE)
                    for i in range(size)
                    if (i - start) % size < trees
                ]
                for start in range(size)
            ]
            for size in range(TREE_CARDS + 1)
        ]
        """For a ring of ``size`` Trees with Vogter's at index ``start``: for each Tree encoded,
        its index in the ring, its block and its ``tree.A`` slot."""
        self._discarded = at["tree.A.discarded"]
        self._distance, self._allies = at["distance"], at["allies_in_forest"]
        self._future = at["future1.Ellefolk"]
        self._taking, self._placing = at["taking.Ellefolk"], at["placing.Ellefolk"]
        self._hands = [
            [((seat + k) % n, at[f"hand.seat+{k}.Ellefolk"]) for k in range(n)] for seat in range(n)
        ]
        """For each observer: each seat in the vector's order, and its hand's first slot."""
        self._discard = at["discard.Ellefolk"]
        assert at["deck.hidden.Ellefolk"] == self._discard + CARD_TYPES + 2
        self._top, self._top1 = at["deck.top.Ellefolk"], at["deck.top1.Ellefolk"]
        self._bottom, self._bottom1 = at["deck.bottom.Ellefolk"], at["deck.bottom1.Ellefolk"]
        self._revealed, self._set_aside = at["revealed.Ellefolk"], at["set_aside"]
        self._in_game = tuple(at[f"minion.{name}.in_game"] for name in MINION_NAMES)
        for m, o in enumerate(self._in_game):
            assert o == self._in_game[0] + m * MINION_BLOCK
        self._rallied, self._removed = at["lygtemands.rallied"], at["lygtemands.removed"]
        self._hostage = at["hostage.Ellefolk"]
        self._centre = at["acorns_in_centre.1"]

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_zeros"]  # a memoryview does not pickle: made again when loaded
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._zeros = np.zeros(self.size, dtype=np.float32).data

    def slots(self) -> list[str]:
        n = self.game.num_players()
        trees = int(self.game.options["trees"])
        seats = [f"seat+{k}" for k in range(n)]
        names = [f"phase.{p}" for p in PHASES]
        names += [f"to_move.{s}" for s in seats] + ["to_move.chance"]
        names += [f"turn.{s}" for s in seats]
        names += ["result.won", "result.lost", "turns_played"]
        for i in range(trees):
            names += [f"ring+{i}.{f}" for f in ("present", "damaged", "gamle_erik")]
            names += [f"ring+{i}.ally.{a}" for a in ALLY_TYPES] + [f"ring+{i}.revealed"]
            names += [f"ring+{i}.tree.{t}" for t in TREE_NAMES]
        names += [f"tree.{t}.discarded" for t in TREE_NAMES]
        names += ["distance", "allies_in_forest"]
        names += [f"future{i + 1}.{c}" for i in range(FUTURE_SIZE) for c in CARD_NAMES]
        names += [f"taking.{c}" for c in CARD_NAMES] + [f"placing.{c}" for c in CARD_NAMES]
        names += [f"hand.{s}.{a}" for s in seats for a in ALLY_TYPES]
        names += [f"discard.{c}" for c in CARD_NAMES]
        names += ["deck.size", "deck.hidden"] + [f"deck.hidden.{c}" for c in CARD_NAMES]
        names += [f"deck.top.{c}" for c in CARD_NAMES] + [f"deck.bottom.{c}" for c in CARD_NAMES]
        names += [f"deck.top{j + 1}.{c}" for j in range(KNOWN_CARDS) for c in CARD_NAMES]
        names += [f"deck.bottom{j + 1}.{c}" for j in range(KNOWN_CARDS) for c in CARD_NAMES]
        names += [f"revealed.{c}" for c in CARD_NAMES] + ["set_aside"]
        for m in MINION_NAMES:
            names += [f"minion.{m}.in_game"]
            names += [f"minion.{m}.lygtemand.{k}" for k in LYGTEMANDS]
            names += [f"minion.{m}.acorn.{k}" for k in ACORN_KINDS]
        names += ["lygtemands.rallied", "lygtemands.removed"]
        names += [f"hostage.{a}" for a in ALLY_TYPES]
        names += [f"acorns_in_centre.{k}" for k in ACORN_KINDS]
        return names

    def encode(self, view: Mapping[str, Any], seat: int) -> list[float]:
        n = self.game.num_players()
        trees = int(self.game.options["trees"])

        def rel(p: int) -> list[float]:
            return [1.0 if p >= 0 and (p - seat) % n == k else 0.0 for k in range(n)]

        def one_hot(value: str | None, names: tuple[str, ...]) -> list[float]:
            return [float(value == name) for name in names]

        def counts(cards: list[str] | dict[str, int], scale: float) -> list[float]:
            table = cards if isinstance(cards, dict) else {c: cards.count(c) for c in set(cards)}
            return [table.get(c, 0) / scale for c in CARD_NAMES]

        to_move = int(view["to_move"])
        out = one_hot(view["phase"], PHASES)
        out += [*rel(to_move), float(to_move == -1)]
        out += rel(int(view["turn"]))
        out += [float(view["result"] == "won"), float(view["result"] == "lost")]
        out += [view["turns_played"] / TURN_LIMIT]
        forest = view["forest"]
        start = next((i for i, x in enumerate(forest) if x["vogter"]), 0)
        ring = forest[start:] + forest[:start]
        for i in range(trees):
            if i < len(ring):
                x = ring[i]
                out += [1.0, float(x["side"] == "damaged"), float(x["gamle_erik"])]
                out += [*one_hot(x["ally"], ALLY_TYPES), float(x["revealed"])]
                out += one_hot(x["tree"], TREE_NAMES)
            else:
                out += [0.0] * (3 + len(ALLY_TYPES) + 1 + len(TREE_NAMES))
        out += [float(t in view["discarded_trees"]) for t in TREE_NAMES]
        out += [view["distance"] / trees, view["allies_in_forest"] / trees]
        for card in view["future"]:
            out += one_hot(card, CARD_NAMES)
        out += one_hot(view["taking"], CARD_NAMES) + one_hot(view["placing"], CARD_NAMES)
        for k in range(n):
            hand = view["hands"][(seat + k) % n]
            out += [hand.count(a) / HAND_LIMIT for a in ALLY_TYPES]
        out += counts(view["discard"], ADVERSARIES)
        deck = view["deck"]
        out += [deck["size"] / DECK, deck["hidden"] / DECK]
        out += counts(deck["hidden_cards"], ADVERSARIES)
        out += counts(deck["top"], ADVERSARIES) + counts(deck["bottom"], ADVERSARIES)
        for cards in (deck["top"], deck["bottom"]):
            for j in range(KNOWN_CARDS):
                out += one_hot(cards[j] if j < len(cards) else None, CARD_NAMES)
        out += [*counts(view["revealed"], ADVERSARIES), view["set_aside"] / ADVERSARIES]
        for minion in view["minions"]:
            out += [float(minion["in_game"])]
            out += one_hot(minion["lygtemand"], LYGTEMANDS) + one_hot(minion["acorn"], ACORN_KINDS)
        lygtemands = view["lygtemands"] or {"rallied": 0, "removed": 0}
        out += [lygtemands["rallied"] / len(LYGTEMANDS), lygtemands["removed"] / len(LYGTEMANDS)]
        hostages = view["hostages"]
        out += [{"x1": 0.5, "x2": 1.0}.get(hostages.get(a, ""), 0.0) for a in ALLY_TYPES]
        centre = view["acorns_in_centre"]
        out += [centre.count(k) / ACORNS_PER_KIND for k in ACORN_KINDS]
        return out

    def encode_into(self, state: State, seat: int, out: np.ndarray[Any, Any]) -> None:
        """``encode(state.view(seat), seat)`` into ``out``, read from the state directly: the
        fields ``view`` reads (the whole table, SV-6), each value computed as ``encode`` computes
        it; the vector is zeroed and only the slots that may not be 0 are written, through a
        memoryview (its item stores are the fastest), the short fixed loops unrolled."""
        n = self._n
        if type(seat) is not int or not 0 <= seat < n:
            raise LangbordError(f"skoventyr: no seat {seat!r} (seats 0..{n - 1})")
        s = cast(SkoventyrState, state)
        v = cast("memoryview[float]", out.data)
        try:
            v[:] = self._zeros
        except ValueError:  # not a native float32 vector: the memoryview still stores into it
            out.fill(0.0)
        v[self._phase[s.phase.name]] = 1.0
        to_move = s.current_player()
        if to_move >= 0:
            v[self._to_move + (to_move - seat) % n] = 1.0
        elif to_move == CHANCE:
            v[self._chance] = 1.0
        v[self._turn + (s.turn - seat) % n] = 1.0
        result = s.result
        if result == WON:
            v[self._won] = 1.0
        elif result == LOST:
            v[self._lost] = 1.0
        v[self._turns] = s.turns_played / TURN_LIMIT

        # The Forest, as a ring from Vogter's Tree.
        ring = s.ring
        size = len(ring)
        start = ring.index(s.vogter)
        erik = ring.index(s.gamle_erik)
        side, ally_on, revealed = s.side, s.ally_on, s.revealed
        for i, b, tree in self._rotations[size][start]:
            x = ring[i]
            v[b] = 1.0  # PRESENT
            v[tree + x] = 1.0
            if side[x] == 1:
                v[b + DAMAGED] = 1.0
            t = ally_on[x]
            if 0 <= t < ADVERSARY:
                v[b + ALLY + t] = 1.0
            if revealed[x]:
                v[b + REVEALED] = 1.0
        trees = self._trees
        k = (erik - start) % size
        if k < trees:
            v[self._bases[k] + ERIK] = 1.0
        o = self._discarded
        for x in s.discarded_trees:
            v[o + x] = 1.0
        v[self._distance] = (start - erik) % size / trees
        v[self._allies] = s.forest_allies / trees

        # Cards.
        o = self._future
        for c in s.future:
            if c >= 0:
                v[o + c] = 1.0
            o += CARD_TYPES
        if s.taking >= 0:
            v[self._taking + s.taking] = 1.0
        if s.placing >= 0:
            v[self._placing + s.placing] = 1.0
        players = s.players
        for p, o in self._hands[seat]:
            c0, c1, c2, c3, c4 = players[p].hand
            v[o] = c0 / HAND_LIMIT
            v[o + 1] = c1 / HAND_LIMIT
            v[o + 2] = c2 / HAND_LIMIT
            v[o + 3] = c3 / HAND_LIMIT
            v[o + 4] = c4 / HAND_LIMIT
        o = self._discard  # then deck.size, deck.hidden, deck.hidden.<card>
        c0, c1, c2, c3, c4, c5 = s.discard
        v[o] = c0 / ADVERSARIES
        v[o + 1] = c1 / ADVERSARIES
        v[o + 2] = c2 / ADVERSARIES
        v[o + 3] = c3 / ADVERSARIES
        v[o + 4] = c4 / ADVERSARIES
        v[o + 5] = c5 / ADVERSARIES
        v[o + 6] = s.deck_size / DECK
        v[o + 7] = s.hidden_size / DECK
        c0, c1, c2, c3, c4, c5 = s.hidden
        v[o + 8] = c0 / ADVERSARIES
        v[o + 9] = c1 / ADVERSARIES
        v[o + 10] = c2 / ADVERSARIES
        v[o + 11] = c3 / ADVERSARIES
        v[o + 12] = c4 / ADVERSARIES
        v[o + 13] = c5 / ADVERSARIES
        cards = s.top
        if cards:
            o = self._top
            for c in set(cards):
                v[o + c] = cards.count(c) / ADVERSARIES
            o = self._top1
            for c in cards[:KNOWN_CARDS]:
                v[o + c] = 1.0
                o += CARD_TYPES
        cards = s.bottom  # the most often long: counted in one pass
        if cards:
            counts = [0] * CARD_TYPES
            for c in cards:
                counts[c] += 1
            c0, c1, c2, c3, c4, c5 = counts
            o = self._bottom
            v[o] = c0 / ADVERSARIES
            v[o + 1] = c1 / ADVERSARIES
            v[o + 2] = c2 / ADVERSARIES
            v[o + 3] = c3 / ADVERSARIES
            v[o + 4] = c4 / ADVERSARIES
            v[o + 5] = c5 / ADVERSARIES
            o = self._bottom1
            for c in cards[:KNOWN_CARDS]:
                v[o + c] = 1.0
                o += CARD_TYPES
        cards = s.involve_cards
        if cards:
            o = self._revealed
            for c in set(cards):
                v[o + c] = cards.count(c) / ADVERSARIES
        v[self._set_aside] = s.set_aside / ADVERSARIES

        # Minions and the modules' tokens.
        i0, i1, i2, i3, i4, i5 = self._in_game
        m0, m1, m2, m3, m4, m5 = s.in_game
        v[i0] = m0
        v[i1] = m1
        v[i2] = m2
        v[i3] = m3
        v[i4] = m4
        v[i5] = m5
        tokens = s.lygtemand_on
        if tokens != NO_TOKENS:
            o = self._in_game[0] + LYGTEMAND
            for k in tokens:
                if k >= 0:
                    v[o + k] = 1.0
                o += MINION_BLOCK
        tokens = s.acorn_on
        if tokens != NO_TOKENS:
            o = self._in_game[0] + ACORN
            for k in tokens:
                if k >= 0:
                    v[o + k] = 1.0
                o += MINION_BLOCK
        if s.lygtemands:
            v[self._rallied] = s.rallied / len(LYGTEMANDS)
            v[self._removed] = s.lygtemands_removed / len(LYGTEMANDS)
        if s.hostage != NO_HOSTAGES:
            o = self._hostage
            for h in s.hostage:
                if h:
                    v[o] = 1.0 if h == 2 else 0.5
                o += 1
        if s.centre != NO_ACORNS:
            o = self._centre
            for c in s.centre:
                if c > 0:
                    v[o] = c / ACORNS_PER_KIND
                o += 1


ENCODERS["skoventyr"] = SkoventyrEncoder
