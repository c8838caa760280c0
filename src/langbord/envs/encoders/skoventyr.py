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
- ``deck.size``, ``deck.hidden`` (/ 43, every card), ``deck.hidden.<card>`` (6, / 13),
  ``deck.top.<card>`` and ``deck.bottom.<card>`` (6 each, / 13): the deck's known cards;
  ``deck.top<j>.<card>`` (j = 1..5, one-hot): the next known cards drawn;
  ``deck.bottom<j>.<card>`` (j = 1..5): the known bottom cards, in the order they will be drawn.
- ``revealed.<card>`` (6, / 13): cards revealed and waiting; ``set_aside`` (/ 13).
- ``minion.<name>.*`` (6 Minions): ``in_game``, ``lygtemand.<type or ?>`` (6), ``acorn.<1..3>`` (3).
- ``lygtemands.rallied``, ``lygtemands.removed`` (/ 6).
- ``hostage.<ally>`` (5): 0 none, 0.5 a hostage, 1 the x2 hostage.
- ``acorns_in_centre.<1..3>`` (/ 2).
"""

from __future__ import annotations

from typing import Any

from langbord.engines.skoventyr.data import (
    ACORN_KINDS,
    ACORNS_PER_KIND,
    ADVERSARIES,
    ALLIES_PER_TYPE,
    ALLY_TYPES,
    CARD_NAMES,
    FUTURE_SIZE,
    HAND_LIMIT,
    LYGTEMANDS,
    MINION_NAMES,
    TREE_NAMES,
    TURN_LIMIT,
)
from langbord.engines.skoventyr.rules import SkoventyrState
from langbord.envs.encoding import ENCODERS, Encoder

PHASES = SkoventyrState.flow.names
DECK = ALLIES_PER_TYPE * len(ALLY_TYPES) + ADVERSARIES
KNOWN_CARDS = 5
"""How many of the deck's known top (and bottom) cards are encoded one by one."""


class SkoventyrEncoder(Encoder):
    """Skoventyr: see the module docstring for the slot layout."""

    low = 0.0
    high = 1.0

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

    def encode(self, view: dict[str, Any], seat: int) -> list[float]:
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


ENCODERS["skoventyr"] = SkoventyrEncoder
