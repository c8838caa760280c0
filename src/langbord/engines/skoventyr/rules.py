"""Skoventyr's table: :class:`SkoventyrGame` and :class:`SkoventyrState` (rulebooks/skoventyr.txt,
rulings SV-1 … SV-8).

What is hidden, and from whom (SV-6): hands are visible to all, so the only secret is the order
of the deck, and nobody knows it. The deck is kept as it is known: ``top`` (cards whose place on
top is known, top card first), ``hidden`` (how many of each card type are in the unknown middle,
which has no order at all) and ``bottom`` (cards put on the bottom, bottom card last). Drawing
takes the known top first; a draw from the hidden part is a chance node over the card types it
holds; with the hidden part empty the upper known bottom card comes next. A shuffle (Vogter's
Wrath) merges the known cards back into the hidden part. Every seat therefore knows the same
things, ``view`` is the whole table, and ``resample_hidden`` has nothing to re-deal.

This module holds the table (the Forest, the cards, the Minions and the modules' tokens, with
what several phases share: Gamle Erik's step, an Ally discarded, a card put on the bottom), its
setup, copies, scores and views. The rules of each part of the turn, its phases and the records
of pending work that lead to them, are in :mod:`langbord.engines.skoventyr.phases`, one module
per part of the rulebook; the :class:`~langbord.core.flow.Flow` at the end of this module lists
the phases (``FLOW``). The work still to do is ``pending``, a stack of small records that name
their rule (``DamageTree``, ``HuldreTakes``, ``RefillFuture`` …); a record either happens at once
or asks for a decision or a chance outcome, and the record awaited is ``waiting`` (a draw knows
what its card is for, Huldre's power how many Allies it may still take). A sub-decision with
only one possible choice is made by the engine; the turn's action is always chosen by the
player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from langbord.core.errors import OptionError
from langbord.core.flow import OVER, Flow, FlowState, Work
from langbord.core.game import JSON, Game
from langbord.core.i18n import N_, _, ngettext
from langbord.core.info import GameInfo
from langbord.core.options import Option, OptionValue
from langbord.engines.skoventyr.data import (
    ACORN_KINDS,
    ACORNS_PER_KIND,
    ADVERSARIES,
    ADVERSARY,
    ALLIES_PER_TYPE,
    ALLY_TYPES,
    CARD_NAMES,
    CARD_TYPES,
    DEFAULT_TREES,
    ERIK_START,
    FUTURE_SIZE,
    LOST,
    LYGTEMANDS,
    MAX_PLAYERS,
    MINION_NAMES,
    MINION_VALUES,
    PLAYING,
    SIDES,
    TREE_CARDS,
    TREE_NAMES,
    TURN_LIMIT,
    VOGTER_START,
    WON,
    damaged_order,
)
from langbord.engines.skoventyr.info import INFO
from langbord.engines.skoventyr.notation import ACTION_STRINGS, ARG1, KIND, TYPES, WRATH
from langbord.engines.skoventyr.phases.allies import (
    COST_BOTTOM_PHASE,
    HULDRE_PHASE,
    RECYCLE_PHASE,
    REVEAL_PHASE,
    TROLD_PHASE,
)
from langbord.engines.skoventyr.phases.command import PLACE_PHASE
from langbord.engines.skoventyr.phases.draws import DRAWING
from langbord.engines.skoventyr.phases.gambit import GAMBIT_PHASE
from langbord.engines.skoventyr.phases.lygtemands import (
    INVOLVE_BOTTOM_PHASE,
    INVOLVE_TOP_PHASE,
    LYGTEMAND_PHASE,
    PlaceLygtemand,
)
from langbord.engines.skoventyr.phases.rescue import (
    ACORN_PHASE,
    DEAL_HOSTAGE_X2,
    HOSTAGE_PHASE,
    RECOVER_PHASE,
    PlaceAcorn,
)
from langbord.engines.skoventyr.phases.setup import SetUpFuture
from langbord.engines.skoventyr.phases.trees import DAMAGE_PHASE, HEAL_PHASE
from langbord.engines.skoventyr.phases.turn import ACTION, HAND_LIMIT_PHASE, TURN_START
from langbord.engines.skoventyr.phases.wrath import REFUGE_PHASE, REVENGE_PHASE, REWARD_PHASE

CARDS = range(CARD_TYPES)
MINIONS = range(len(MINION_NAMES))

RESULT_NAMES = {PLAYING: "playing", WON: "won", LOST: "lost"}
OVER_TASKS = {WON: N_("nothing: the game is won"), LOST: N_("nothing: the game is lost")}
"""The view's ``task`` at the end, by result (translated where it is shown)."""


class Player:
    """A seat: the Allies in its hand, by type (hands are open to all, SV-6)."""

    __slots__ = ("hand", "hand_size")

    def __init__(self, hand: list[int], hand_size: int) -> None:
        self.hand = hand
        self.hand_size = hand_size

    def copy(self) -> Player:
        return Player(self.hand.copy(), self.hand_size)

    def take(self, ally: int) -> None:
        """An Ally joins the hand."""
        self.hand[ally] += 1
        self.hand_size += 1

    def give(self, ally: int) -> None:
        """An Ally leaves the hand."""
        self.hand[ally] -= 1
        self.hand_size -= 1


def _option_set(players: int, lygtemands: bool, rescue: bool) -> dict[str, OptionValue]:
    return {"players": players, "lygtemands": lygtemands, "rescue": rescue}


class SkoventyrGame(Game):
    """Skoventyr for 1–4 players, cooperative: everybody wins or everybody loses."""

    name: ClassVar[str] = "skoventyr"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 1
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "players",
            1,
            N_("number of players"),
            minimum=1,
            maximum=MAX_PLAYERS,
            label=N_("Players"),
        ),
        Option(
            "trees",
            DEFAULT_TREES,
            N_("Trees in the Forest (6 standard; 7-8 easier)"),
            minimum=DEFAULT_TREES,
            maximum=TREE_CARDS,
            label=N_("Trees"),
        ),
        Option(
            "damaged",
            0,
            N_("Trees that start on their Damaged side (harder)"),
            minimum=0,
            maximum=TREE_CARDS,
            label=N_("Damaged Trees"),
        ),
        Option(
            "lygtemands",
            False,
            N_("module: The Lygtemands Get Involved"),
            label=N_("The Lygtemands Get Involved"),
            rulings=("SV-7",),
        ),
        Option("rescue", False, N_("module: Rescue"), label=N_("Rescue"), rulings=("SV-8",)),
    )
    conformance_options: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        *(
            _option_set(players, lygtemands, rescue)
            for players in range(1, MAX_PLAYERS + 1)
            for lygtemands in (False, True)
            for rescue in (False, True)
        ),
        {"players": 2, "trees": 8, "damaged": 3},
        {"players": 1, "trees": 7, "damaged": 7, "lygtemands": True, "rescue": True},
    )
    """Every player count with every combination of the modules, and two difficulties."""

    def _check_options(self) -> None:
        if int(self.options["damaged"]) > int(self.options["trees"]):
            raise OptionError(
                _(
                    "skoventyr: option damaged={damaged} is more than the {trees} Trees in the "
                    "Forest"
                ).format(damaged=self.options["damaged"], trees=self.options["trees"])
            )

    def action_strings(self) -> Sequence[str]:
        return ACTION_STRINGS

    def max_game_length(self) -> int:
        # Setup: 6 + 1 + 6 placements and at most every card drawn once per player and for the
        # Future. A turn: the recovery, the action, at most 8 small decisions, an Involve that
        # reveals and re-places the whole deck, a discard and three refills.
        deck = ALLIES_PER_TYPE * len(ALLY_TYPES) + ADVERSARIES
        setup = 13 + deck * (self.num_players() + 1)
        return setup + TURN_LIMIT * (2 * deck + 16)

    def new_initial_state(self) -> SkoventyrState:
        return SkoventyrState(self)


class SkoventyrState(FlowState):
    """A Skoventyr table. See its card (``card.toml``) for the notation."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "acorn_on",
        "acorn_pool",
        "acorns_removed",
        "ally_on",
        "bottom",
        "centre",
        "choices",
        "deck_size",
        "discard",
        "discarded_trees",
        "forest_allies",
        "future",
        "gamle_erik",
        "hidden",
        "hidden_size",
        "hostage",
        "hostages_freed",
        "in_game",
        "involve_cards",
        "lygtemand_on",
        "lygtemand_pool",
        "lygtemands",
        "lygtemands_removed",
        "minions_left",
        "n",
        "placing",
        "players",
        "rallied",
        "rescue",
        "result",
        "revealed",
        "ring",
        "set_aside",
        "side",
        "taking",
        "top",
        "trees_in_box",
        "turn",
        "turns_played",
        "vogter",
        "waiting",
    )

    def __init__(self, game: SkoventyrGame) -> None:
        super().__init__(game)
        self.n = game.num_players()
        self.lygtemands = bool(game.options["lygtemands"])
        self.rescue = bool(game.options["rescue"])
        self._set_up_forest(int(game.options["trees"]), int(game.options["damaged"]))
        self._set_up_cards()
        self._set_up_minions()
        self.turn = 0  # seat 0 starts
        self.turns_played = 0
        self.result = PLAYING
        self.phase = OVER
        self.choices: list[int] = []
        self.waiting: Work = TURN_START
        """The record whose decision or draw the state awaits (what a card drawn is for)."""
        pending: list[Work] = [TURN_START, SetUpFuture()]
        if self.rescue:
            pending += [PlaceAcorn(0), DEAL_HOSTAGE_X2]
        if self.lygtemands:
            pending.append(PlaceLygtemand(0))
        self.pending = pending
        self.proceed()

    def _set_up_forest(self, trees: int, damaged: int) -> None:
        """The Forest (SV-1): Trees A, B, C… clockwise; Gamle Erik on A, Vogter on D."""
        self.ring = list(range(trees))
        self.trees_in_box = TREE_CARDS - trees
        self.discarded_trees: list[int] = []
        self.side = [0] * TREE_CARDS  # each Tree's side: 0 Healthy, 1 Damaged
        for x in damaged_order(trees)[:damaged]:
            self.side[x] = 1
        self.ally_on = [-1] * TREE_CARDS  # the Ally type on each Tree, or -1
        self.revealed = [False] * TREE_CARDS  # the Ally there is Revealed
        self.forest_allies = 0
        self.gamle_erik = ERIK_START
        self.vogter = VOGTER_START

    def _set_up_cards(self) -> None:
        self.hidden = [ALLIES_PER_TYPE] * len(ALLY_TYPES) + [ADVERSARIES]
        self.hostage = [0] * len(ALLY_TYPES)  # the Hostage token on each Ally type: 0, 1, 2
        if self.rescue:  # SV-8: one copy of each Ally is laid out under a Hostage token
            self.hostage = [1] * len(ALLY_TYPES)
            self.hidden = [ALLIES_PER_TYPE - 1] * len(ALLY_TYPES) + [ADVERSARIES]
        self.hidden_size = sum(self.hidden)
        self.deck_size = self.hidden_size
        self.top: list[int] = []
        self.bottom: list[int] = []
        self.future = [-1] * FUTURE_SIZE
        self.players = [Player([0] * len(ALLY_TYPES), 0) for _ in range(self.n)]
        self.discard = [0] * CARD_TYPES
        self.set_aside = 0
        self.taking = -1  # the card a Call takes, until it reaches the hand
        self.placing = -1  # the Ally a Position places, until its Tree is chosen
        self.involve_cards: list[int] = []  # revealed by Involve, not yet placed

    def _set_up_minions(self) -> None:
        """Minions and the modules' tokens on them."""
        self.in_game = [True] * len(MINION_NAMES)
        self.minions_left = len(MINION_NAMES)
        self.lygtemand_on = [-1] * len(MINION_NAMES)
        self.lygtemand_pool = list(range(len(LYGTEMANDS))) if self.lygtemands else []
        self.rallied = 0
        self.lygtemands_removed = 0
        self.hostages_freed = 0
        self.acorn_on = [-1] * len(MINION_NAMES)
        self.acorn_pool = [ACORNS_PER_KIND if self.rescue else 0] * len(ACORN_KINDS)
        self.centre = [0] * len(ACORN_KINDS)
        self.acorns_removed = 0

    # ---- the flow -------------------------------------------------------------------------------

    def proceed(self) -> None:
        """Run pending work until a record waits, or the game ends. (``FlowState.proceed``
        overridden because the game can end in the middle of a record's work: Gamle Erik reaches
        Vogter, the last Minion leaves; the rest of the pending work is then dropped.)"""
        pending = self.pending
        while pending and self.result == PLAYING:
            if pending.pop().run(self):
                return
        if self.result != PLAYING:
            pending.clear()
            self.phase = OVER

    def _is_legal(self, action: int) -> bool:
        if self.phase is DRAWING:  # the most frequent chance node: no list built
            return 0 <= action < CARD_TYPES and self.hidden[action] > 0
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return action in cache

    # ---- the Forest and the deck, as every phase sees them -------------------------------------

    def discard_ally(self, x: int) -> None:
        """The Ally on Tree ``x`` goes to the discard pile."""
        self.discard[self.ally_on[x]] += 1
        self.ally_on[x] = -1
        self.revealed[x] = False
        self.forest_allies -= 1

    def erik_step(self, clockwise: bool) -> bool:
        """Move Gamle Erik to the adjacent Tree; False if he reaches Vogter (the game is lost)."""
        ring = self.ring
        i = ring.index(self.gamle_erik)
        x = self.gamle_erik = ring[(i + 1) % len(ring)] if clockwise else ring[i - 1]
        if x == self.vogter:
            self.result = LOST
            return False
        if self.ally_on[x] >= 0 and self.revealed[x]:
            self.discard_ally(x)
        return True

    def to_bottom(self, card: int) -> None:
        """Put a card on the bottom of the deck, face down, beneath the cards there (SV-6: its
        place is known until the next shuffle)."""
        self.bottom.append(card)
        self.deck_size += 1

    def deck_count(self, card: int) -> int:
        """How many cards of type ``card`` the deck holds (public, like ``deck_cards``)."""
        return self.hidden[card] + self.top.count(card) + self.bottom.count(card)

    def deck_cards(self) -> list[int]:
        """How many of each card type the deck holds (public: everything else is visible)."""
        counts = self.hidden.copy()
        for card in self.top:
            counts[card] += 1
        for card in self.bottom:
            counts[card] += 1
        return counts

    # ---- scores, copies, views ------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Minions defeated, the same for every seat (the game is cooperative)."""
        return [float(len(MINION_NAMES) - self.minions_left)] * self.n

    def returns(self) -> list[float]:
        """Everyone 1.0 on a victory, 0.0 on a defeat (and while the game goes on)."""
        return [1.0 if self.result == WON and self.phase is OVER else 0.0] * self.n

    def outcome(self) -> dict[str, JSON] | None:
        """Why the game ended: every Minion fell (the last one named), Gamle Erik caught Vogter,
        no action was left (SV-5) or the turn limit; with the Minions that fell. The breakdown
        is a row per Minion, 1 for every seat if it fell, so a column sums to the score."""
        if self.phase is not OVER:
            return None
        rulings: list[JSON] = []
        if self.result == WON:
            last = next(a for a in reversed(self._history) if KIND[a] == WRATH)
            reason = _("all Minions fell, the last {minion}: the Forest is saved").format(
                minion=_(MINION_NAMES[ARG1[last]])
            )
        else:
            defeat, ruling = self._defeat()
            rulings += [ruling] if ruling else []
            reason = self._fallen(defeat)
        return {
            "reason": reason,
            "rulings": rulings,
            "breakdown": {
                "rows": [
                    _("{minion} (value {value})").format(
                        minion=_(MINION_NAMES[m]), value=MINION_VALUES[m]
                    )
                    for m in MINIONS
                ],
                "values": [[int(not self.in_game[m])] * self.n for m in MINIONS],
            },
        }

    def _fallen(self, defeat: str) -> str:
        """The end of a lost game: ``defeat``, and how many Minions fell (which ones)."""
        fell = [_(MINION_NAMES[m]) for m in MINIONS if not self.in_game[m]]
        if not fell:
            return ngettext(
                "{defeat}; {fell} of {minions} Minions fell",
                "{defeat}; {fell} of {minions} Minions fell",
                0,
            ).format(defeat=defeat, fell=0, minions=len(MINIONS))
        return ngettext(
            "{defeat}; {fell} of {minions} Minions fell ({fallen})",
            "{defeat}; {fell} of {minions} Minions fell ({fallen})",
            len(fell),
        ).format(defeat=defeat, fell=len(fell), minions=len(MINIONS), fallen=", ".join(fell))

    def _defeat(self) -> tuple[str, str]:
        """The rule that lost the game, and the ruling that makes it one ("" for the
        rulebook's own)."""
        if self.gamle_erik == self.vogter:
            return _("Gamle Erik caught Vogter on Tree {tree}").format(
                tree=TREE_NAMES[self.vogter]
            ), ""
        if self.turns_played >= TURN_LIMIT:
            limit = ngettext(
                "the turn limit ({limit} turn) was reached",
                "the turn limit ({limit} turns) was reached",
                TURN_LIMIT,
            )
            return limit.format(limit=TURN_LIMIT), ""
        return _("no action was left to take"), "SV-5"

    def _copy(self) -> SkoventyrState:
        new = self._blank_flow()
        new.n, new.lygtemands, new.rescue = self.n, self.lygtemands, self.rescue
        new.turn, new.turns_played, new.result = self.turn, self.turns_played, self.result
        new.choices = self.choices  # replaced, never mutated
        new.waiting = self.waiting
        self._copy_forest(new)
        self._copy_cards(new)
        self._copy_minions(new)
        return new

    def _copy_forest(self, new: SkoventyrState) -> None:
        new.ring = self.ring.copy()
        new.trees_in_box = self.trees_in_box
        new.discarded_trees = self.discarded_trees.copy()
        new.side = self.side.copy()
        new.ally_on = self.ally_on.copy()
        new.revealed = self.revealed.copy()
        new.forest_allies = self.forest_allies
        new.gamle_erik = self.gamle_erik
        new.vogter = self.vogter

    def _copy_cards(self, new: SkoventyrState) -> None:
        new.hidden = self.hidden.copy()
        new.hidden_size = self.hidden_size
        new.deck_size = self.deck_size
        new.top = self.top.copy()
        new.bottom = self.bottom.copy()
        new.future = self.future.copy()
        new.players = [player.copy() for player in self.players]
        new.discard = self.discard.copy()
        new.set_aside = self.set_aside
        new.taking = self.taking
        new.placing = self.placing
        new.involve_cards = self.involve_cards.copy()
        new.hostage = self.hostage.copy()
        new.hostages_freed = self.hostages_freed

    def _copy_minions(self, new: SkoventyrState) -> None:
        new.in_game = self.in_game.copy()
        new.minions_left = self.minions_left
        new.lygtemand_on = self.lygtemand_on.copy()
        new.lygtemand_pool = self.lygtemand_pool.copy()
        new.rallied = self.rallied
        new.lygtemands_removed = self.lygtemands_removed
        new.acorn_on = self.acorn_on.copy()
        new.acorn_pool = self.acorn_pool.copy()
        new.centre = self.centre.copy()
        new.acorns_removed = self.acorns_removed

    def resample_hidden(self, player: int, rng: random.Random) -> SkoventyrState:
        """Nothing decided is hidden (SV-6): hands are open, the deck's known cards are known to
        all, and the order of its hidden part is not decided until a card is drawn from it."""
        self._check_seat(player)
        return self._copy()

    def component_counts(self) -> dict[str, int]:
        counts = self._card_counts()
        counts["Trees"] = len(self.ring) + len(self.discarded_trees) + self.trees_in_box
        counts["Minions"] = self.minions_left + (len(MINION_NAMES) - sum(self.in_game))
        counts["Lygtemands"] = (
            sum(1 for k in self.lygtemand_on if k >= 0)
            + self.rallied
            + self.lygtemands_removed
            + len(self.lygtemand_pool)
        )
        counts["Hostage tokens"] = sum(1 for h in self.hostage if h) + self.hostages_freed
        counts["Acorns"] = (
            sum(1 for k in self.acorn_on if k >= 0)
            + sum(self.centre)
            + self.acorns_removed
            + sum(self.acorn_pool)
        )
        return counts

    def _card_counts(self) -> dict[str, int]:
        where: list[int] = [0] * CARD_TYPES
        places = (self.top, self.bottom, self.future, self.involve_cards)
        for cards in (*places, [self.taking, self.placing], self.ally_on):
            for card in cards:
                if card >= 0:
                    where[card] += 1
        counts = {}
        for t in CARDS:
            total = where[t] + self.hidden[t] + self.discard[t]
            if t == ADVERSARY:
                total += self.set_aside
            else:
                total += sum(p.hand[t] for p in self.players) + (self.hostage[t] > 0)
            counts[CARD_NAMES[t]] = total
        return counts

    def view(self, player: int | None) -> dict[str, JSON]:
        """The whole table, the same for every seat (SV-6: hands are open; of the deck everybody
        knows the same: its known top and bottom cards and what its hidden part holds)."""
        self._check_seat(player)
        return {
            "game": "skoventyr",
            "seat": player,
            "players": self.n,
            "turn": self.turn,
            "turns_played": self.turns_played,
            "to_move": self.current_player(),
            "phase": self.phase.name,
            "task": self._task_now(),
            "result": RESULT_NAMES[self.result],
            **self._forest_view(),
            **self._cards_view(),
            **self._tokens_view(),
        }

    def _task_now(self) -> str:
        """The view's ``task``: the prompt's words; at a chance node, the event (its possible
        outcomes are ``legal_actions()``); at the end, how the game ended."""
        if self.phase is OVER:
            return _(OVER_TASKS.get(self.result, N_("nothing: the game is over")))
        return self.task()

    def _forest_view(self) -> dict[str, JSON]:
        ring = self.ring
        return {
            "forest": [
                {
                    "tree": TREE_NAMES[x],
                    "side": SIDES[self.side[x]],
                    "vogter": x == self.vogter,
                    "gamle_erik": x == self.gamle_erik,
                    "ally": CARD_NAMES[self.ally_on[x]] if self.ally_on[x] >= 0 else None,
                    "revealed": self.revealed[x],
                }
                for x in ring
            ],
            "allies_in_forest": self.forest_allies,
            "distance": (ring.index(self.vogter) - ring.index(self.gamle_erik)) % len(ring),
            "discarded_trees": [TREE_NAMES[x] for x in self.discarded_trees],
        }

    def _cards_view(self) -> dict[str, JSON]:
        names = CARD_NAMES
        return {
            "future": [names[c] if c >= 0 else None for c in self.future],
            "taking": names[self.taking] if self.taking >= 0 else None,
            "placing": names[self.placing] if self.placing >= 0 else None,
            "hands": [
                [ALLY_TYPES[t] for t in TYPES for _ in range(p.hand[t])] for p in self.players
            ],
            "discard": {names[t]: self.discard[t] for t in CARDS if self.discard[t]},
            "deck": self._deck_view(),
            "revealed": [names[c] for c in self.involve_cards],
            "set_aside": self.set_aside,
        }

    def _deck_view(self) -> dict[str, JSON]:
        names = CARD_NAMES
        return {
            "size": self.deck_size,
            "top": [names[c] for c in self.top],
            "bottom": [names[c] for c in self.bottom],
            "hidden": self.hidden_size,
            "hidden_cards": {names[t]: self.hidden[t] for t in CARDS if self.hidden[t]},
        }

    def _tokens_view(self) -> dict[str, JSON]:
        """The Minions and the modules' tokens."""
        lygtemand_on, acorn_on = self.lygtemand_on, self.acorn_on
        return {
            "minions": [
                {
                    "name": MINION_NAMES[m],
                    "value": MINION_VALUES[m],
                    "in_game": self.in_game[m],
                    "lygtemand": LYGTEMANDS[lygtemand_on[m]] if lygtemand_on[m] >= 0 else None,
                    "acorn": ACORN_KINDS[acorn_on[m]] if acorn_on[m] >= 0 else None,
                }
                for m in MINIONS
            ],
            "lygtemands": {"rallied": self.rallied, "removed": self.lygtemands_removed}
            if self.lygtemands
            else None,
            "hostages": {
                ALLY_TYPES[t]: ("x2" if self.hostage[t] == 2 else "x1")
                for t in TYPES
                if self.hostage[t]
            },
            "acorns_in_centre": [
                ACORN_KINDS[k] for k in range(len(ACORN_KINDS)) for _ in range(self.centre[k])
            ],
        }


# ---- the turn flow ------------------------------------------------------------------------------

FLOW: Flow[SkoventyrState] = Flow(
    DRAWING,
    LYGTEMAND_PHASE,
    HOSTAGE_PHASE,
    ACORN_PHASE,
    ACTION,
    DAMAGE_PHASE,
    HEAL_PHASE,
    REVEAL_PHASE,
    COST_BOTTOM_PHASE,
    GAMBIT_PHASE,
    HULDRE_PHASE,
    TROLD_PHASE,
    RECYCLE_PHASE,
    REWARD_PHASE,
    REVENGE_PHASE,
    INVOLVE_TOP_PHASE,
    INVOLVE_BOTTOM_PHASE,
    HAND_LIMIT_PHASE,
    RECOVER_PHASE,
    PLACE_PHASE,
    REFUGE_PHASE,
)
"""Skoventyr's phases, in the order views and encoders list them (``over`` last)."""
SkoventyrState.flow = FLOW


__all__ = ["FLOW", "LOST", "PLAYING", "WON", "Player", "SkoventyrGame", "SkoventyrState"]
