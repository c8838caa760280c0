"""Skoventyr's rules: :class:`SkoventyrGame` and :class:`SkoventyrState` (rulebooks/skoventyr.txt,
rulings SV-1 … SV-8).

What is hidden, and from whom (SV-6): hands are visible to all, so the only secret is the order
of the deck, and nobody knows it. The deck is kept as it is known: ``top`` (cards whose place on
top is known, top card first), ``hidden`` (how many of each card type are in the unknown middle,
which has no order at all) and ``bottom`` (cards put on the bottom, bottom card last). Drawing
takes the known top first; a draw from the hidden part is a chance node over the card types it
holds; with the hidden part empty the upper known bottom card comes next. A shuffle (Vogter's
Wrath) merges the known cards back into the hidden part. Every seat therefore knows the same
things, ``view`` is the whole table, and ``resample_hidden`` has nothing to re-deal.

The turn flow (``langbord.core.flow``): the phases are listed once at the end of this module
(``FLOW``): four chance phases (a draw, and the modules' setup), the turn's action, and one phase
per kind of sub-decision. The draw, the setup, Damaging and Healing a Tree and the Allies' costs
and powers are in :mod:`langbord.engines.skoventyr.phases`, one module per part of the rulebook.
The work still to do is ``pending``, a stack of small records that name their rule
(``DamageTree``, ``HuldreTakes``, ``RefillFuture`` …); a record either happens at once or asks for
a decision or a chance outcome, and the record awaited is ``waiting`` (a draw knows what its card
is for, Huldre's power how many Allies it may still take). A sub-decision with only one possible
choice is made by the engine; the turn's action is always chosen by the player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar, NamedTuple, cast

from langbord.core.errors import OptionError
from langbord.core.flow import OVER, Flow, FlowState, Phase, Work, chance
from langbord.core.game import JSON, Game
from langbord.core.info import GameInfo
from langbord.core.options import Option, OptionValue
from langbord.core.prompts import offer
from langbord.engines.skoventyr import data
from langbord.engines.skoventyr.data import (
    ACORN_KINDS,
    ACORNS_PER_KIND,
    ADVERSARIES,
    ADVERSARY,
    ALLIES_PER_TYPE,
    ALLY_TYPES,
    ANY_LYGTEMAND,
    CARD_NAMES,
    CARD_TYPES,
    COST,
    DEFAULT_TREES,
    ERIK_START,
    FORMSKIFTER,
    FUTURE_SIZE,
    HAND_LIMIT,
    HOSTAGE_TOKENS,
    LYGTEMANDS,
    MAX_PLAYERS,
    MINION_KINDS,
    MINION_NAMES,
    MINION_VALUES,
    PLACEMENT,
    POWER,
    SIDES,
    TREE_CARDS,
    TREE_NAMES,
    TURN_LIMIT,
    VOGTER_START,
    damaged_order,
)
from langbord.engines.skoventyr.info import INFO
from langbord.engines.skoventyr.notation import (
    ACORN,
    ACORN_ID,
    ACTION_STRINGS,
    ARG1,
    BOTTOM_CARD,
    BOTTOM_CARD_ID,
    BOTTOM_SLOT,
    BOTTOM_SLOT_ID,
    CALL,
    CALL_ID,
    CALL_RISKY,
    CALL_RISKY_ID,
    DISCARD_CARD,
    DISCARD_CARD_ID,
    DISCARD_SLOT,
    DISCARD_SLOT_ID,
    DONE,
    DONE_ID,
    GAMBIT,
    GAMBIT_ID,
    HOSTAGE_ID,
    HOSTAGE_X2,
    INVOLVE,
    INVOLVE_ID,
    KIND,
    LYGTEMAND,
    LYGTEMAND_ID,
    MISSION,
    MISSION_ID,
    PLACE_ON,
    PLACE_ON_ID,
    POSITION,
    POSITION_ID,
    RALLY,
    RALLY_ANY,
    RALLY_ANY_ID,
    RALLY_ID,
    RECOVER,
    RECOVER_ID,
    REFUGE,
    REFUGE_ID,
    RESCUE,
    RESCUE_ID,
    RESTORATION,
    RESTORATION_ID,
    REVENGE,
    REVENGE_ID,
    TOP,
    TOP_ID,
    VOGTER_TO,
    VOGTER_TO_ID,
    WRATH,
    WRATH_ID,
)
from langbord.engines.skoventyr.phases.allies import (
    COST_BOTTOM_PHASE,
    FREE_EFFECT,
    HULDRE_PHASE,
    RECYCLE_PHASE,
    REVEAL_PHASE,
    TROLD_PHASE,
    Counts,
    effect,
    effect_possible,
    future_to_bottom,
)
from langbord.engines.skoventyr.phases.draws import DRAWING, draw
from langbord.engines.skoventyr.phases.setup import SetUpFuture
from langbord.engines.skoventyr.phases.trees import (
    DAMAGE_PHASE,
    DAMAGE_TREE_WORK,
    HEAL_PHASE,
    HEAL_TREE_WORK,
    can_damage,
)

TYPES = range(len(ALLY_TYPES))
CARDS = range(CARD_TYPES)
SLOTS = range(FUTURE_SIZE)
MINIONS = range(len(MINION_NAMES))

PLAYING, WON, LOST = 0, 1, -1
RESULT_NAMES = {PLAYING: "playing", WON: "won", LOST: "lost"}
OVER_TASKS = {WON: "nothing: the game is won", LOST: "nothing: the game is lost"}


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
        Option("players", 1, "number of players", minimum=1, maximum=MAX_PLAYERS),
        Option(
            "trees",
            DEFAULT_TREES,
            "Trees in the Forest (6 standard; 7-8 easier)",
            minimum=DEFAULT_TREES,
            maximum=TREE_CARDS,
        ),
        Option(
            "damaged",
            0,
            "Trees that start on their Damaged side (harder)",
            minimum=0,
            maximum=TREE_CARDS,
        ),
        Option("lygtemands", False, "module: The Lygtemands Get Involved (SV-7)"),
        Option("rescue", False, "module: Rescue (SV-8)"),
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
                f"skoventyr: option damaged={self.options['damaged']} is more than the "
                f"{self.options['trees']} Trees in the Forest"
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

    def ask(self, phase: Decision, choices: list[int], record: Work) -> bool:
        """Ask for a sub-decision (for ``record``); one with a single possible choice is made at
        once. Returns whether the state now waits."""
        self.phase = phase
        self.waiting = record
        if len(choices) == 1:
            phase.decide(self, choices[0])
            return False
        self.choices = choices
        return True

    def ask_action(self) -> bool:
        """Ask for the turn's action (SV-5: with none legal the game is lost)."""
        choices = self._action_choices()
        if not choices:
            self.result = LOST
            return False
        self.phase = ACTION
        self.choices = choices
        return True

    def start_turn(self) -> bool:
        """The start of a turn: the safeguard against endless games, then (SV-8) a pair of
        identical Acorns in the centre brings back a discarded Tree; then the action."""
        if self.turns_played >= TURN_LIMIT:
            self.result = LOST  # the safeguard (the card, card.toml)
            return False
        if self.rescue:
            centre = self.centre
            recover = 0
            for k in range(len(centre)):
                if centre[k] >= ACORNS_PER_KIND:
                    centre[k] -= ACORNS_PER_KIND
                    self.acorns_removed += ACORNS_PER_KIND
                    recover += 1
            recover = min(recover, len(self.discarded_trees))  # a Tree returns "if any"
            if recover:
                self.pending += [ASK_ACTION] + [RECOVER_TREE] * recover
                return False
        return self.ask_action()

    # ---- the action's choices -------------------------------------------------------------------

    def _action_choices(self) -> list[int]:
        """The turn's legal actions (SV-1, SV-3, SV-5, SV-7, SV-8), sorted."""
        counts, targets, kind = self._forest_scan()
        choices = self._call_choices(counts)
        if counts[0]:  # a Tree can be damaged
            choices.append(GAMBIT_ID)
        choices += self._command_choices(counts, targets, kind)
        allies = self.forest_allies
        if allies >= 2:
            choices += self._wrath_choices(allies)
        if self.lygtemands:
            choices += self._reconciliation_choices(self.players[self.turn].hand)
        if self.rescue:
            hostage = self.hostage
            for t in TYPES:
                if hostage[t] and can_damage(hostage[t], counts):
                    choices.append(RESCUE_ID[t])
        choices.sort()
        return choices

    def _forest_scan(self) -> tuple[Counts, bool, int]:
        """One pass over the Forest: its counts (``forest_counts``), whether a Tree can take a
        new Ally (a Tree with no Ally next to one with an Ally; the first goes on Vogter's), and
        the non-Formskifter type there (-1: none)."""
        ring, ally_on, revealed, side = self.ring, self.ally_on, self.revealed, self.side
        vogter, gamle_erik = self.vogter, self.gamle_erik
        free = damaged = hidden = 0
        kind = -1
        targets = False
        size = len(ring)
        empty = not self.forest_allies
        for i in range(size):
            x = ring[i]
            t = ally_on[x]
            if t >= 0:
                if not revealed[x]:
                    hidden += 1
                if t != FORMSKIFTER:
                    kind = t
                continue
            if x != vogter and x != gamle_erik:
                free += 1
                damaged += side[x]
            if empty:
                targets = targets or x == vogter  # the first Ally goes on Vogter's Tree
            elif ally_on[ring[i - 1]] >= 0 or ally_on[ring[(i + 1) % size]] >= 0:
                targets = True
        return (free, damaged, hidden), targets, kind

    def _call_choices(self, counts: Counts) -> list[int]:
        """Vogter's Call: the leftmost card if it is an Adversary, else any (SV-3); its left box
        in full, or a Risky Draw while the deck has a card."""
        choices: list[int] = []
        future = self.future
        deck = self.deck_size
        for s in (0,) if future[0] == ADVERSARY else SLOTS:
            card = future[s]
            if card < 0:
                continue
            cost = COST[card]
            if FREE_EFFECT[cost] or effect_possible(self, cost, s, counts):
                choices.append(CALL_ID[s])
            if deck:
                choices.append(CALL_RISKY_ID[s])
        return choices

    def _command_choices(self, counts: Counts, targets: bool, kind: int) -> list[int]:
        """Vogter's Command: Position (one type in the Forest, Formskifters excepted) and
        Mission (the power resolved in full); SV-8: a Hostage blocks its type."""
        choices: list[int] = []
        hand = self.players[self.turn].hand
        hostage = self.hostage
        empty = not self.forest_allies
        for t in TYPES:
            if not hand[t] or hostage[t]:
                continue
            if targets and (t == FORMSKIFTER or empty or kind == t):
                choices.append(POSITION_ID[t])
            power = POWER[t]
            if power != PLACEMENT and (
                FREE_EFFECT[power] or effect_possible(self, power, -1, counts)
            ):
                choices.append(MISSION_ID[t])
        return choices

    def _wrath_choices(self, allies: int) -> list[int]:
        choices = []
        seen = set()
        lygtemand_on, acorn_on = self.lygtemand_on, self.acorn_on
        for m in MINIONS:
            if self.in_game[m] and MINION_VALUES[m] <= allies and lygtemand_on[m] < 0:
                key = (MINION_KINDS[m], acorn_on[m])  # identical Minions are offered once
                if key not in seen:
                    seen.add(key)
                    choices.append(WRATH_ID[m])
        return choices

    def _reconciliation_choices(self, hand: list[int]) -> list[int]:
        """Vogter's Reconciliation (SV-7): Rally only when every Minion in the game is covered
        by a Lygtemand; Involve 1 or 2 with as many Rallied Lygtemands."""
        choices = []
        lygtemand_on, in_game = self.lygtemand_on, self.in_game
        if all(lygtemand_on[m] >= 0 for m in MINIONS if in_game[m]):
            for m in MINIONS:
                k = lygtemand_on[m]
                if not in_game[m] or k < 0:
                    continue
                if k == ANY_LYGTEMAND:
                    choices += [RALLY_ANY_ID[t] for t in TYPES if hand[t]]
                elif hand[k]:
                    choices.append(RALLY_ID[k])
        if self.rallied:
            choices += self._involve_choices()
        return choices

    def _involve_choices(self) -> list[int]:
        adversaries = self.deck_count(ADVERSARY)
        allies = self.deck_size - adversaries
        choices = []
        if allies >= 1:
            choices.append(INVOLVE_ID[0])
        if self.rallied >= 2 and allies >= 2 and adversaries >= 1:
            choices.append(INVOLVE_ID[1])
        return choices

    def position_targets(self) -> tuple[list[int], int]:
        """Trees an Ally may be placed on, and the non-Formskifter type already in the Forest."""
        if not self.forest_allies:
            return [self.vogter], -1
        ring = self.ring
        ally_on = self.ally_on
        size = len(ring)
        kind = -1
        targets = []
        for i in range(size):
            x = ring[i]
            t = ally_on[x]
            if t >= 0:
                if t != FORMSKIFTER:
                    kind = t
            elif ally_on[ring[i - 1]] >= 0 or ally_on[ring[(i + 1) % size]] >= 0:
                targets.append(x)
        targets.sort()
        return targets, kind

    # ---- the Forest -----------------------------------------------------------------------------

    def discard_ally(self, x: int) -> None:
        """The Ally on Tree ``x`` goes to the discard pile."""
        self.discard[self.ally_on[x]] += 1
        self.ally_on[x] = -1
        self.revealed[x] = False
        self.forest_allies -= 1

    def discard_forest(self) -> None:
        if self.forest_allies:
            for x in self.ring:
                if self.ally_on[x] >= 0:
                    self.discard_ally(x)

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

    def refuge_trees(self) -> list[int]:
        """Refuge: Vogter's Tree, and the Trees clockwise from it reached through Allies only
        (never onto or past Gamle Erik, SV-2)."""
        ring = self.ring
        size = len(ring)
        i = ring.index(self.vogter)
        trees = [self.vogter]
        for j in range(1, size):
            x = ring[(i + j) % size]
            if self.ally_on[x] < 0 or x == self.gamle_erik:
                break
            trees.append(x)
        return sorted(trees)

    def recover_trees(self) -> list[int]:
        """SV-8: the Trees a recovered Tree may follow, from Vogter's clockwise to Gamle Erik's."""
        ring = self.ring
        i = ring.index(self.vogter)
        size = len(ring)
        trees = []
        while ring[i] != self.gamle_erik:
            trees.append(ring[i])
            i = (i + 1) % size
        return sorted(trees)

    # ---- cards ----------------------------------------------------------------------------------

    def to_bottom(self, card: int) -> None:
        """Put a card on the bottom of the deck, face down, beneath the cards there (SV-6: its
        place is known until the next shuffle)."""
        self.bottom.append(card)
        self.deck_size += 1

    def _shuffle(self) -> None:
        """Shuffle the deck (only the deck): every known place is forgotten."""
        hidden = self.hidden
        for card in self.top:
            hidden[card] += 1
        for card in self.bottom:
            hidden[card] += 1
        self.top = []
        self.bottom = []
        self.hidden_size = self.deck_size

    def wrath(self, m: int) -> None:
        """Vogter's Wrath defeats Minion ``m``: its Acorn to the centre (SV-8), the last one wins
        the game; else the deck is shuffled and a reward chosen."""
        self.in_game[m] = False
        self.minions_left -= 1
        k = self.acorn_on[m]
        if k >= 0:
            self.acorn_on[m] = -1
            self.centre[k] += 1
        if not self.minions_left:
            self.result = WON
            return
        self._shuffle()
        self.pending.append(CHOOSE_REWARD)

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
        if self.result == WON:
            last = next(a for a in reversed(self._history) if KIND[a] == WRATH)
            reason = f"all Minions fell, the last {MINION_NAMES[ARG1[last]]}: the Forest is saved"
        else:
            fell = [MINION_NAMES[m] for m in MINIONS if not self.in_game[m]]
            reason = f"{self._defeat()}; {len(fell)} of {len(MINIONS)} Minions fell" + (
                f" ({', '.join(fell)})" if fell else ""
            )
        return {
            "reason": reason,
            "breakdown": {
                "rows": [f"{MINION_NAMES[m]} (value {MINION_VALUES[m]})" for m in MINIONS],
                "values": [[int(not self.in_game[m])] * self.n for m in MINIONS],
            },
        }

    def _defeat(self) -> str:
        """The rule that lost the game."""
        if self.gamle_erik == self.vogter:
            return f"Gamle Erik caught Vogter on Tree {TREE_NAMES[self.vogter]}"
        if self.turns_played >= TURN_LIMIT:
            return f"the turn limit ({TURN_LIMIT} turns) was reached"
        return "no action was left to take (SV-5)"

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
            return OVER_TASKS.get(self.result, "nothing: the game is over")
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


# ---- the turn flow: records of pending work ---------------------------------------------------


class TurnStart(NamedTuple):
    """A turn begins (``SkoventyrState.start_turn``)."""

    def run(self, state: SkoventyrState) -> bool:
        return state.start_turn()


class AskAction(NamedTuple):
    """The turn's action, after the Trees recovered at its start (SV-8)."""

    def run(self, state: SkoventyrState) -> bool:
        return state.ask_action()


class EndTurn(NamedTuple):
    """After the action: the hand limit, then the Future slides left and is refilled (SV-4: an
    empty deck leaves it short), then the next seat's turn."""

    def run(self, state: SkoventyrState) -> bool:
        p = state.turn
        player = state.players[p]
        if player.hand_size > HAND_LIMIT:
            hand = player.hand
            return state.ask(HAND_LIMIT_PHASE, [DISCARD_CARD_ID[t] for t in TYPES if hand[t]], self)
        future = state.future
        if -1 in future:
            cards = [c for c in future if c >= 0]
            cards += [-1] * (FUTURE_SIZE - len(cards))
            state.future = cards  # slide left
            if state.deck_size:
                state.pending += (END_TURN, REFILL_FUTURE)
                return False
        state.turns_played += 1
        state.turn = (p + 1) % state.n
        return state.start_turn()


class TakeCard(NamedTuple):
    """The card a Call took joins the hand; an Adversary goes to the bottom of the deck."""

    def run(self, state: SkoventyrState) -> bool:
        card = state.taking
        state.taking = -1
        if card == ADVERSARY:
            state.to_bottom(card)
        else:
            state.players[state.turn].take(card)
        return False


class GambitToBottom(NamedTuple):
    """Vogter's Gambit, after its Damage: Future cards to the bottom, one at a time, or stop."""

    def run(self, state: SkoventyrState) -> bool:
        future = state.future
        choices = [BOTTOM_SLOT_ID[s] for s in SLOTS if future[s] >= 0]
        choices.append(DONE_ID)
        return state.ask(GAMBIT_PHASE, choices, self)


class ChooseReward(NamedTuple):
    """Vogter's Wrath's reward: Refuge, Revenge or Restoration."""

    def run(self, state: SkoventyrState) -> bool:
        return state.ask(REWARD_PHASE, [REFUGE_ID, REVENGE_ID, RESTORATION_ID], self)


class RefugeMove(NamedTuple):
    """Refuge: Vogter's destination (``SkoventyrState.refuge_trees``)."""

    def run(self, state: SkoventyrState) -> bool:
        return state.ask(REFUGE_PHASE, [VOGTER_TO_ID[x] for x in state.refuge_trees()], self)


class RevengeDiscard(NamedTuple):
    """Revenge: discard an Adversary from the Future, if there is one."""

    def run(self, state: SkoventyrState) -> bool:
        future = state.future
        slots = [DISCARD_SLOT_ID[s] for s in SLOTS if future[s] == ADVERSARY]
        if not slots:
            return False
        return state.ask(REVENGE_PHASE, slots, self)


class FreeHostage(NamedTuple):
    """Vogter's Rescue (SV-8), after its Damage: the ``ally`` goes on top of the deck."""

    ally: int

    def run(self, state: SkoventyrState) -> bool:
        state.hostage[self.ally] = 0
        state.hostages_freed += 1
        state.top.insert(0, self.ally)
        state.deck_size += 1
        return False


class InvolveTop(NamedTuple):
    """Involve 2 (SV-7): a revealed Ally goes on top of the deck, at ``place`` (0: the top)."""

    place: int

    def run(self, state: SkoventyrState) -> bool:
        cards = state.involve_cards
        return state.ask(INVOLVE_TOP_PHASE, [TOP_ID[t] for t in TYPES if t in cards], self)


class InvolveDiscard(NamedTuple):
    """Involve 2 (SV-7): a revealed Adversary is discarded."""

    def run(self, state: SkoventyrState) -> bool:
        state.involve_cards.remove(ADVERSARY)
        state.discard[ADVERSARY] += 1
        return False


class InvolveBottom(NamedTuple):
    """Involve: the other revealed cards go to the bottom, one at a time in the order chosen
    (asked only when they differ)."""

    def run(self, state: SkoventyrState) -> bool:
        cards = state.involve_cards
        if not cards:
            return False
        kinds = set(cards)
        if len(kinds) == 1:  # identical cards: their order does not matter
            state.bottom += cards
            state.deck_size += len(cards)
            cards.clear()
            return False
        choices = [BOTTOM_CARD_ID[t] for t in sorted(kinds)]
        return state.ask(INVOLVE_BOTTOM_PHASE, choices, self)


class RecoverTree(NamedTuple):
    """SV-8: a discarded Tree returns, between Vogter and Gamle Erik."""

    def run(self, state: SkoventyrState) -> bool:
        trees = state.recover_trees()
        return state.ask(RECOVER_PHASE, [RECOVER_ID[x] for x in trees], self)


class PlaceAlly(NamedTuple):
    """Command: Position, the Tree for the Ally (``SkoventyrState.position_targets``)."""

    def run(self, state: SkoventyrState) -> bool:
        trees = state.position_targets()[0]
        return state.ask(PLACE_PHASE, [PLACE_ON_ID[x] for x in trees], self)


class PlaceLygtemand(NamedTuple):
    """Setup (SV-7): a Lygtemand drawn at random onto Minion ``minion``."""

    minion: int

    def run(self, state: SkoventyrState) -> bool:
        state.phase = LYGTEMAND_PHASE
        state.waiting = self
        return True


class DealHostageX2(NamedTuple):
    """Setup (SV-8): the x2 Hostage token dealt at random to an Ally type."""

    def run(self, state: SkoventyrState) -> bool:
        state.phase = HOSTAGE_PHASE
        return True


class PlaceAcorn(NamedTuple):
    """Setup (SV-8): an Acorn drawn at random onto Minion ``minion``."""

    minion: int

    def run(self, state: SkoventyrState) -> bool:
        state.phase = ACORN_PHASE
        state.waiting = self
        return True


class RefillFuture(NamedTuple):
    """The end of a turn: a card into the Future's empty slot."""

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        future = state.future
        future[future.index(-1)] = card


class RiskyDraw(NamedTuple):
    """Vogter's Call's Risky Draw (SV-3): an Adversary moves Gamle Erik twice; the card goes to
    the bottom of the deck."""

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        if card == ADVERSARY and state.erik_step(True):
            state.erik_step(True)
        state.to_bottom(card)


class InvolveDraw(NamedTuple):
    """Involve 1 or 2 (``removed``, SV-7): cards are revealed from the deck until an Ally shows
    (Involve 1: it goes on top), or two Allies and an Adversary (Involve 2)."""

    removed: int

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        cards = state.involve_cards
        cards.append(card)
        adversaries = cards.count(ADVERSARY)
        allies = len(cards) - adversaries
        if self.removed == 1:
            if card != ADVERSARY:
                cards.remove(card)
                state.top.insert(0, card)
                state.deck_size += 1
                state.pending.append(INVOLVE_BOTTOM)
                return
        elif allies >= 2 and adversaries >= 1:
            state.pending += (INVOLVE_BOTTOM, INVOLVE_DISCARD, InvolveTop(1), InvolveTop(0))
            return
        state.pending.append(self)


TURN_START = TurnStart()
ASK_ACTION = AskAction()
END_TURN = EndTurn()
TAKE_CARD = TakeCard()
GAMBIT_TO_BOTTOM = GambitToBottom()
CHOOSE_REWARD = ChooseReward()
REFUGE_MOVE = RefugeMove()
REVENGE_DISCARD = RevengeDiscard()
INVOLVE_DISCARD = InvolveDiscard()
INVOLVE_BOTTOM = InvolveBottom()
RECOVER_TREE = RecoverTree()
PLACE_ALLY = PlaceAlly()
DEAL_HOSTAGE_X2 = DealHostageX2()
REFILL_FUTURE = RefillFuture()
RISKY_DRAW = RiskyDraw()

# ---- the turn flow: phases ----------------------------------------------------------------------


def _seat_to_move(state: SkoventyrState) -> int:
    return state.turn


def _asked(state: SkoventyrState) -> list[int]:
    return state.choices  # worked out when the decision was asked


def _not_legal(state: SkoventyrState, action: int) -> str:
    return "not legal now"


class Decision(Phase["SkoventyrState"]):
    """A phase at which the seat to move decides among the ``choices`` asked
    (``SkoventyrState.ask``); ``decide`` carries a choice out, and ``apply`` is ``decide`` and
    then the pending work. (Game-local: ``ask`` makes a lone sub-decision at once, by
    ``decide``.)"""

    __slots__ = ("decide",)

    def __init__(
        self,
        name: str,
        kinds: Sequence[int],
        decide: Callable[[SkoventyrState, int], None],
        task: Callable[[SkoventyrState, bool], str],
        why: Callable[[SkoventyrState, int], str] = _not_legal,
    ) -> None:
        def apply(state: SkoventyrState, action: int) -> None:
            decide(state, action)
            state.proceed()

        super().__init__(
            name, kinds, mover=_seat_to_move, legal=_asked, apply=apply, task=task, why=why
        )
        self.decide = decide


def _asks(phrase: str, kind: int) -> Callable[[SkoventyrState, bool], str]:
    """The task of a one-kind decision: ``phrase``, then legal moves quoted."""

    def task(state: SkoventyrState, quote: bool) -> str:
        return f"{phrase} ({state._examples(kind)})" if quote else phrase

    return task


def _offers(*choices: tuple[str, int]) -> Callable[[SkoventyrState, bool], str]:
    """The task of a decision between kinds of moves, each a phrase and its kind."""

    def task(state: SkoventyrState, quote: bool) -> str:
        open_ = [(phrase, state._legal_of(kind)) for phrase, kind in choices]
        if not quote:
            return offer([(phrase, None) for phrase, legal in open_ if legal])
        return offer(open_)

    return task


# -- chance --


def _lygtemand_outcomes(state: SkoventyrState) -> list[tuple[int, float]]:
    p = 1.0 / len(state.lygtemand_pool)
    return [(LYGTEMAND_ID[k], p) for k in state.lygtemand_pool]


def _lygtemand_placed(state: SkoventyrState, action: int) -> None:
    lygtemand = ARG1[action]
    minion = cast(PlaceLygtemand, state.waiting).minion
    state.lygtemand_pool.remove(lygtemand)
    state.lygtemand_on[minion] = lygtemand
    if minion + 1 < len(MINION_NAMES):
        state.pending.append(PlaceLygtemand(minion + 1))
    state.proceed()


def _hostage_outcomes(state: SkoventyrState) -> list[tuple[int, float]]:
    return [(HOSTAGE_ID[t], 1.0 / HOSTAGE_TOKENS) for t in TYPES]


def _hostage_dealt(state: SkoventyrState, action: int) -> None:
    state.hostage[ARG1[action]] = 2
    state.proceed()


def _acorn_outcomes(state: SkoventyrState) -> list[tuple[int, float]]:
    pool = state.acorn_pool
    total = sum(pool)
    return [(ACORN_ID[k], pool[k] / total) for k in range(len(pool)) if pool[k]]


def _acorn_placed(state: SkoventyrState, action: int) -> None:
    acorn = ARG1[action]
    minion = cast(PlaceAcorn, state.waiting).minion
    state.acorn_pool[acorn] -= 1
    state.acorn_on[minion] = acorn
    if minion + 1 < len(MINION_NAMES):
        state.pending.append(PlaceAcorn(minion + 1))
    state.proceed()


def _outcomes_legal(state: SkoventyrState) -> list[int]:
    return [a for a, _ in state.chance_outcomes()]


def _lygtemand_task(state: SkoventyrState, quote: bool) -> str:
    minion = MINION_NAMES[cast(PlaceLygtemand, state.waiting).minion]
    return f"a Lygtemand is placed on {minion}"


def _acorn_task(state: SkoventyrState, quote: bool) -> str:
    minion = MINION_NAMES[cast(PlaceAcorn, state.waiting).minion]
    return f"an Acorn is placed on {minion}"


LYGTEMAND_PHASE: Phase[SkoventyrState] = Phase(
    "lygtemand",
    (LYGTEMAND,),
    mover=chance,
    legal=_outcomes_legal,
    apply=_lygtemand_placed,
    task=_lygtemand_task,
    why=lambda state, action: (
        f"the {LYGTEMANDS[ARG1[action]]} Lygtemand is already on a Minion (SV-7)"
    ),
    outcomes=_lygtemand_outcomes,
)
HOSTAGE_PHASE: Phase[SkoventyrState] = Phase(
    "hostage",
    (HOSTAGE_X2,),
    mover=chance,
    legal=_outcomes_legal,
    apply=_hostage_dealt,
    task=lambda state, quote: "the x2 Hostage token is dealt",
    why=_not_legal,
    outcomes=_hostage_outcomes,
)
ACORN_PHASE: Phase[SkoventyrState] = Phase(
    "acorn",
    (ACORN,),
    mover=chance,
    legal=_outcomes_legal,
    apply=_acorn_placed,
    task=_acorn_task,
    why=lambda state, action: (
        f"both Acorns {ACORN_KINDS[ARG1[action]]} are already on Minions (SV-8)"
    ),
    outcomes=_acorn_outcomes,
)


# -- the turn's action --


def _call(state: SkoventyrState, slot: int, risky: bool) -> None:
    """Vogter's Call: the card leaves the Future before its left box (or the Risky Draw)."""
    card = state.future[slot]
    state.future[slot] = -1
    state.taking = card
    state.pending.append(TAKE_CARD)
    if risky:
        state.pending.append(RISKY_DRAW)
    else:
        effect(state, COST[card])


def _position(state: SkoventyrState, ally: int) -> None:
    state.players[state.turn].give(ally)
    state.placing = ally
    state.pending.append(PLACE_ALLY)


def _mission(state: SkoventyrState, ally: int) -> None:
    state.players[state.turn].give(ally)
    state.discard[ally] += 1
    effect(state, POWER[ally])


def _gambit(state: SkoventyrState, arg: int) -> None:
    state.pending += (GAMBIT_TO_BOTTOM, DAMAGE_TREE_WORK)


def _rally(state: SkoventyrState, ally: int, lygtemand: int) -> None:
    """Rally (SV-7): the Ally to the bottom of the deck, the Lygtemand off its Minion."""
    state.players[state.turn].give(ally)
    state.to_bottom(ally)
    state.lygtemand_on[state.lygtemand_on.index(lygtemand)] = -1
    state.rallied += 1


def _involve(state: SkoventyrState, removed: int) -> None:
    state.rallied -= removed
    state.lygtemands_removed += removed
    state.pending.append(InvolveDraw(removed))


def _rescue(state: SkoventyrState, ally: int) -> None:
    state.pending.append(FreeHostage(ally))
    state.pending += [DAMAGE_TREE_WORK] * state.hostage[ally]


ACTION_RULES: dict[int, Callable[[SkoventyrState, int], None]] = {
    CALL: lambda state, slot: _call(state, slot, False),
    CALL_RISKY: lambda state, slot: _call(state, slot, True),
    GAMBIT: _gambit,
    POSITION: _position,
    MISSION: _mission,
    WRATH: SkoventyrState.wrath,
    RALLY: lambda state, ally: _rally(state, ally, ally),
    RALLY_ANY: lambda state, ally: _rally(state, ally, ANY_LYGTEMAND),
    INVOLVE: _involve,
    RESCUE: _rescue,
}
"""How each of the turn's actions is carried out (its argument: a slot, an Ally type …)."""


def _act(state: SkoventyrState, action: int) -> None:
    state.pending.append(END_TURN)  # after the action: hand limit, refill, next turn
    ACTION_RULES[KIND[action]](state, ARG1[action])


ACTION_CHOICES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("call", (CALL, CALL_RISKY)),
    ("gambit", (GAMBIT,)),
    ("position", (POSITION,)),
    ("mission", (MISSION,)),
    ("wrath", (WRATH,)),
    ("rally", (RALLY, RALLY_ANY)),
    ("involve", (INVOLVE,)),
    ("rescue", (RESCUE,)),
)
"""The actions of a turn (SV-1), as the prompt names them, and their action kinds."""


def _action_task(state: SkoventyrState, quote: bool) -> str:
    choices = [(word, state._legal_of(*kinds)) for word, kinds in ACTION_CHOICES]
    if not quote:
        return f"choose an action: {offer([(word, None) for word, legal in choices if legal])}"
    return f"choose an action: {offer(choices)}"


def _why_call(state: SkoventyrState, kind: int, slot: int) -> str:
    future = state.future
    if future[slot] < 0:
        return f"Future slot f{slot + 1} is empty"
    if future[0] == ADVERSARY and slot != 0:
        return "the leftmost card of the Future is an Adversary: it must be chosen (SV-3)"
    if kind == CALL_RISKY:
        return "the deck is empty: no Risky Draw is possible (SV-3)"
    card = future[slot]
    cost = data.CARDS[card].cost_text.rstrip(".")
    return (
        f"the left box of {CARD_NAMES[card]} ({cost}) cannot be resolved in full: make a Risky "
        "Draw instead (SV-3)"
    )


def _why_not_commanded(state: SkoventyrState, kind: int, ally: int) -> str:
    """Why Position or Mission with ``ally`` is refused, or "" (SV-8: a Hostage)."""
    if not state.players[state.turn].hand[ally]:
        return f"there is no {ALLY_TYPES[ally]} in the hand"
    if state.hostage[ally]:
        return f"{ALLY_TYPES[ally]} is held Hostage: no Command with that type (SV-8)"
    return ""


def _why_position(state: SkoventyrState, kind: int, ally: int) -> str:
    commanded = _why_not_commanded(state, kind, ally)
    if commanded:
        return commanded
    _targets, forest_kind = state.position_targets()
    if ally != FORMSKIFTER and state.forest_allies and forest_kind != ally:
        return (
            "all Allies in the Forest must be of one type (Formskifters excepted): "
            f"the {ALLY_TYPES[ally]} cannot join them (rulebook)"
        )
    return "no Tree with no Ally is next to a Tree with an Ally (rulebook)"


def _why_mission(state: SkoventyrState, kind: int, ally: int) -> str:
    commanded = _why_not_commanded(state, kind, ally)
    if commanded:
        return commanded
    if ally == FORMSKIFTER:
        return "a Formskifter has no power to discard it for: its power is its placement"
    return f"{ALLY_TYPES[ally]}'s power cannot be resolved in full now (SV-5)"


def _why_wrath(state: SkoventyrState, kind: int, m: int) -> str:
    name = MINION_NAMES[m]
    if not state.in_game[m]:
        return f"{name} has left the game"
    if state.lygtemand_on[m] >= 0:
        return f"{name} is covered by a Lygtemand: not vulnerable (SV-7)"
    if MINION_VALUES[m] > state.forest_allies:
        return (
            f"{name} has value {MINION_VALUES[m]}, more than the "
            f"{state.forest_allies} Allies in the Forest (rulebook)"
        )
    return "an identical Minion is offered instead (the lower number)"


def _why_rally(state: SkoventyrState, kind: int, ally: int) -> str:
    if not state.lygtemands:
        return "the Lygtemands module is not in play (option lygtemands)"
    if not state.players[state.turn].hand[ally]:
        return f"there is no {ALLY_TYPES[ally]} in the hand"
    lygtemand = ally if kind == RALLY else ANY_LYGTEMAND
    if lygtemand not in state.lygtemand_on:
        return f"the {LYGTEMANDS[lygtemand]} Lygtemand is not on a Minion (SV-7)"
    return "a Minion is already uncovered: no Rally until it is defeated (SV-7)"


def _why_involve(state: SkoventyrState, kind: int, removed: int) -> str:
    if not state.lygtemands:
        return "the Lygtemands module is not in play (option lygtemands)"
    if state.rallied < removed:
        return f"Involve {removed} needs {removed} Rallied Lygtemands; there are {state.rallied}"
    return (
        "the deck does not hold the cards Involve must reveal (an Ally; or two "
        "Allies and an Adversary) (SV-5, SV-7)"
    )


def _why_rescue(state: SkoventyrState, kind: int, ally: int) -> str:
    if not state.rescue:
        return "the Rescue module is not in play (option rescue)"
    if not state.hostage[ally]:
        return f"{ALLY_TYPES[ally]} is not held Hostage"
    return "the Trees cannot be damaged as often as the token requires (SV-5, SV-8)"


ACTION_WHY: dict[int, Callable[[SkoventyrState, int, int], str]] = {
    CALL: _why_call,
    CALL_RISKY: _why_call,
    GAMBIT: lambda state, kind, arg: "no Tree is Free, so no Tree can be damaged (SV-5)",
    POSITION: _why_position,
    MISSION: _why_mission,
    WRATH: _why_wrath,
    RALLY: _why_rally,
    RALLY_ANY: _why_rally,
    INVOLVE: _why_involve,
    RESCUE: _why_rescue,
}
"""Why each of the turn's actions is refused when it is not legal (its rule)."""


def _why_action(state: SkoventyrState, action: int) -> str:
    kind = KIND[action]
    return ACTION_WHY[kind](state, kind, ARG1[action])


ACTION: Decision = Decision(
    "action",
    (CALL, CALL_RISKY, GAMBIT, POSITION, MISSION, WRATH, RALLY, RALLY_ANY, INVOLVE, RESCUE),
    decide=_act,
    task=_action_task,
    why=_why_action,
)


# -- sub-decisions --


def _gambit_decided(state: SkoventyrState, action: int) -> None:
    if KIND[action] == BOTTOM_SLOT:
        future_to_bottom(state, ARG1[action])
        state.pending.append(GAMBIT_TO_BOTTOM)


def _why_slot(rule: str) -> Callable[[SkoventyrState, int], str]:
    """Why a Future slot is refused: it is empty, or it holds the wrong card (``rule``)."""

    def why(state: SkoventyrState, action: int) -> str:
        if KIND[action] == DONE:
            return "not legal now"
        slot = ARG1[action]
        if state.future[slot] < 0:
            return f"Future slot f{slot + 1} is empty"
        return f"f{slot + 1} holds {rule}"

    return why


def _reward(state: SkoventyrState, action: int) -> None:
    if action == REFUGE_ID:
        state.pending.append(REFUGE_MOVE)
        return
    state.discard_forest()
    state.pending.append(REVENGE_DISCARD if action == REVENGE_ID else HEAL_TREE_WORK)


def _revenge(state: SkoventyrState, action: int) -> None:
    state.future[ARG1[action]] = -1
    state.discard[ADVERSARY] += 1


def _involve_top(state: SkoventyrState, action: int) -> None:
    ally = ARG1[action]
    state.involve_cards.remove(ally)
    state.top.insert(cast(InvolveTop, state.waiting).place, ally)
    state.deck_size += 1


def _involve_bottom(state: SkoventyrState, action: int) -> None:
    card = ARG1[action]
    state.involve_cards.remove(card)
    state.to_bottom(card)
    state.pending.append(INVOLVE_BOTTOM)


def _why_not_revealed(state: SkoventyrState, action: int) -> str:
    return f"no {CARD_NAMES[ARG1[action]]} was revealed by Involve (SV-7)"


def _hand_limit(state: SkoventyrState, action: int) -> None:
    ally = ARG1[action]
    state.players[state.turn].give(ally)
    state.discard[ally] += 1
    state.pending.append(END_TURN)


def _recover(state: SkoventyrState, action: int) -> None:
    tree = min(state.discarded_trees)  # the recovered Tree returns Healthy
    state.discarded_trees.remove(tree)
    state.side[tree] = 0
    ring = state.ring
    ring.insert(ring.index(ARG1[action]) + 1, tree)


def _place(state: SkoventyrState, action: int) -> None:
    x = ARG1[action]
    state.ally_on[x] = state.placing
    state.placing = -1
    state.revealed[x] = False  # placed Hidden
    state.forest_allies += 1


def _place_task(state: SkoventyrState, quote: bool) -> str:
    phrase = f"choose the Tree for the {CARD_NAMES[state.placing]}"
    return f"{phrase} ({state._examples(PLACE_ON)})" if quote else phrase


def _refuge(state: SkoventyrState, action: int) -> None:
    state.vogter = ARG1[action]
    state.discard_forest()


def _refuge_task(state: SkoventyrState, quote: bool) -> str:
    if not quote:
        return "choose Vogter's destination (his own Tree: he stays)"
    return f"choose Vogter's destination ({state._examples(VOGTER_TO)}; his own Tree: he stays)"


def _why_tree(rule: str) -> Callable[[SkoventyrState, int], str]:
    """Why a Tree is refused: ``rule``, with ``{tree}`` its letter."""
    return lambda state, action: rule.format(tree=TREE_NAMES[ARG1[action]])


GAMBIT_PHASE = Decision(
    "gambit",
    (BOTTOM_SLOT, DONE),
    _gambit_decided,
    _offers(("put Future cards on the bottom", BOTTOM_SLOT), ("stop", DONE)),
    _why_slot("an Adversary: the cost names an Ally from the Future (SV-3)"),
)
REWARD_PHASE = Decision(
    "reward",
    (REFUGE, REVENGE, RESTORATION),
    _reward,
    lambda state, quote: (
        f"choose the reward ({state._examples(REFUGE, REVENGE, RESTORATION)})"
        if quote
        else "choose the reward"
    ),
)
REVENGE_PHASE = Decision(
    "revenge",
    (DISCARD_SLOT,),
    _revenge,
    _asks("choose the Adversary to discard from the Future", DISCARD_SLOT),
    _why_slot("an Ally: Revenge discards an Adversary"),
)
INVOLVE_TOP_PHASE = Decision(
    "involve top",
    (TOP,),
    _involve_top,
    _asks("choose the Ally to put on top of the deck", TOP),
    _why_not_revealed,
)
INVOLVE_BOTTOM_PHASE = Decision(
    "involve bottom",
    (BOTTOM_CARD,),
    _involve_bottom,
    _asks("choose the next card to put on the bottom", BOTTOM_CARD),
    _why_not_revealed,
)
HAND_LIMIT_PHASE = Decision(
    "hand limit",
    (DISCARD_CARD,),
    _hand_limit,
    _asks("discard down to 5 cards", DISCARD_CARD),
    lambda state, action: f"there is no {ALLY_TYPES[ARG1[action]]} in the hand",
)
RECOVER_PHASE = Decision(
    "recover",
    (RECOVER,),
    _recover,
    _asks("choose where the recovered Tree goes", RECOVER),
    _why_tree(
        "the Tree cannot go after {tree}: it is inserted between Vogter and Gamle Erik "
        "clockwise, so he is no closer and no farther (SV-8)"
    ),
)
PLACE_PHASE = Decision(
    "place",
    (PLACE_ON,),
    _place,
    _place_task,
    _why_tree(
        "Tree {tree} is not a Tree with no Ally next to a Tree with an Ally (the first "
        "Ally goes on Vogter's Tree) (rulebook)"
    ),
)
REFUGE_PHASE = Decision(
    "refuge",
    (VOGTER_TO,),
    _refuge,
    _refuge_task,
    _why_tree(
        "Vogter cannot reach Tree {tree}: he moves clockwise only through Trees with "
        "an Ally, never onto Gamle Erik's (rulebook, SV-2)"
    ),
)

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


__all__ = ["FLOW", "Player", "SkoventyrGame", "SkoventyrState"]
