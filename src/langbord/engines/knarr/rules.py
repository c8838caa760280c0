"""Knarr's rules: :class:`KnarrGame` and :class:`KnarrState` (rulings/knarr.md, KN-1…KN-10, and
rulebooks/knarr-skali.txt with SK-1…SK-7).

Hidden information: the hands. A seat sees its own hand, the size of the others' and the cards
each took from the market (everyone saw those; they stay known until played). The viking deck's
order is never decided: every draw is a chance node over the types left in it. Once the discard
pile has been shuffled into a new deck (KN-7), its contents are public (every card drawn since
was drawn face up), and ``view`` says so.

The table: a :class:`Player` per seat (hand, crew, boat and destinations, tracks and tokens; with
Skali, coins, village and raid tokens), and the board in :class:`KnarrState` (the viking deck and
discard pile, the market, the destinations, the buildings), with the gains every phase shares
(``gain``, ``add_to_crew``), the setup, the views, copies and re-deals.

The turn flow (``KnarrState.flow``) is declared phase by phase in :mod:`.phases`, one module per
part of the rules, each with its legal moves, apply, why-not, task and ruling ids: the chance
nodes of setup (:mod:`.phases.setup`), the destinations, vikings and buildings drawn
(:mod:`.phases.destinations`, :mod:`.phases.viking_deck`, :mod:`.phases.buildings`), KN-7's forced
discards (:mod:`.phases.forced_discard`), the turn's action and what follows it
(:mod:`.phases.turn`), paying an exploration (:mod:`.phases.explore`), the take after a Recruit
(:mod:`.phases.market`), SK-3's village order (:mod:`.phases.village`) and the artifacts' choices
(:mod:`.phases.mead_cup`, :mod:`.phases.reservation`, :mod:`.phases.extra_actions`). What must
follow an action is pending work, a stack of small records defined beside the phase they lead to
(``DrawToMarket(slot)``, ``TakeAfterRecruit(colour, any_free)``, ``ActivateVillage(line)``,
``BackToTurn()``, ``EndTurn()`` …), run until one waits for a draw or a decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from langbord.core.errors import OptionError
from langbord.core.flow import OVER, Flow, FlowState, Work
from langbord.core.game import JSON, Game, State
from langbord.core.i18n import N_, _
from langbord.core.info import REFEREE, GameInfo
from langbord.core.options import Option
from langbord.engines.knarr.data import (
    AMULET,
    AMULET_GAINS,
    ARTIFACT_TITLES,
    ARTIFACTS,
    BOAT_SIDES,
    BOATS,
    BRACELET,
    BUILDING_MARKET,
    CARD,
    COIN,
    COLOURS,
    DECK_NAMES,
    DESTINATIONS,
    END_THRESHOLD,
    GAINS,
    HAND_SIZE,
    LAND_OF_INFLUENCE,
    LINE_TEXT,
    MARKET_SLOTS,
    MAX_ROUNDS,
    MEAD_CUP,
    NUM_BUILDINGS,
    NUM_TYPES,
    RAID,
    RECRUIT,
    REPUTATION,
    REPUTATION_MAX,
    SKALI_BOARDS,
    START_BRACELETS,
    START_COINS,
    START_RECRUITS,
    TOKEN_CAP,
    TRADING_LAND,
    TYPE_COLOUR,
    TYPE_NAMES,
    VISIBLE_DESTINATIONS,
    VP,
    WEATHERVANE,
    VillageCard,
    viking_counts,
)
from langbord.engines.knarr.info import INFO
from langbord.engines.knarr.notation import (
    ACTION_STRINGS,
    ACTIVATE,
    ARG,
    KIND,
    NUM_ACTIONS,
    PAY,
    PAY_RECRUIT,
    REVEAL,
    TRADE,
)
from langbord.engines.knarr.notation import RECRUIT as RECRUIT_KIND
from langbord.engines.knarr.phases import seat_name
from langbord.engines.knarr.phases.buildings import BUILDING_REVEAL, REFILL_BUILDING
from langbord.engines.knarr.phases.destinations import DESTINATION_REVEAL, REFILL_DESTINATION
from langbord.engines.knarr.phases.explore import PAYMENT
from langbord.engines.knarr.phases.extra_actions import EXTRA_ACTION
from langbord.engines.knarr.phases.forced_discard import FORCED_DISCARD
from langbord.engines.knarr.phases.market import MARKET_TAKE, TAKE_AFTER_RECRUIT
from langbord.engines.knarr.phases.mead_cup import MEAD_CUP_DISCARD
from langbord.engines.knarr.phases.reservation import RESERVATION
from langbord.engines.knarr.phases.setup import (
    ARTIFACT_DRAW,
    BOAT_DRAW,
    FIRST_PLAYER_DRAW,
    DrawArtifact,
    DrawBoat,
    DrawFirstPlayer,
)
from langbord.engines.knarr.phases.turn import (
    ACTION,
    AFTER_ACTION,
    START_TURN,
    BackToTurn,
    EndTurn,
    StartTurn,
)
from langbord.engines.knarr.phases.viking_deck import (
    DRAW_TO_CREW,
    DRAW_TO_MARKET,
    VIKING_DRAW,
    Draw,
    DrawStartCard,
    DrawToHand,
)
from langbord.engines.knarr.phases.village import VILLAGE_ORDER, ActivateVillage
from langbord.engines.knarr.tables import (
    COLOUR_RANGE,
    COLOUR_TYPES,
    EXTRA_EXPLORE,
    EXTRA_RECRUIT,
    TYPES,
    boat_columns,
)

ARTIFACT_OPTIONS: tuple[str, ...] = ("none", *ARTIFACTS, "random", "two-player-mead-cup")
BOAT_OPTIONS: tuple[str, ...] = (*BOAT_SIDES, "random")
BOAT_LABELS: tuple[str, ...] = (N_("Normal side"), N_("Advanced side"), N_("At random"))
"""The labels of ``BOAT_OPTIONS``: each side capitalized, then "At random"."""
assert BOAT_LABELS[:-1] == tuple(f"{side.capitalize()} side" for side in BOAT_SIDES)
NO_BOAT = (-1, -1, -1)
"""The boat's columns before KN-9's draw (``boat=random``): nothing to trade yet."""


class Player:
    """One seat's pieces: the hand, the crew in its colour columns, the boat's trade columns with
    the destinations above it, the tracks and tokens; with Skali, coins, village, raid tokens and
    the 2-player change token."""

    __slots__ = (
        "bracelets",
        "change_token",
        "coins",
        "colours",
        "crew",
        "destinations",
        "hand",
        "known",
        "last_deck",
        "raid_tokens",
        "recruits",
        "reputation",
        "reserved",
        "trade",
        "village",
        "vp",
    )

    def __init__(self, boat: tuple[int, ...], skali: bool, two_players: bool) -> None:
        self.hand: list[int] = []
        """Viking types in hand."""
        self.known: list[int] = []
        """The cards of the hand everyone saw taken from the market (known until played)."""
        self.crew = [0] * NUM_TYPES
        """Crew cards per viking type."""
        self.colours = [0] * len(COLOURS)
        """Crew cards per colour: the height of each column."""
        self.vp = 0
        self.reputation = 0
        self.bracelets = START_BRACELETS
        self.recruits = START_RECRUITS
        self.destinations: list[int] = []
        """Destinations explored, above the boat."""
        self.trade = boat_columns(boat)
        """Each trade column's gains: the boat's plus every destination's (KN-6)."""
        self.reserved: list[int] = []
        """Destinations reserved with the Golden bracelet."""
        self.last_deck = -1
        """The deck of the last destination explored (Helmet)."""
        self.coins = START_COINS if skali else 0
        self.village: list[int] = []
        """Buildings bought (SK-2); the skáli is the game's."""
        self.raid_tokens = 1 if skali else 0
        self.change_token = skali and two_players
        """SK-6's change token is on its available side."""

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.hand = self.hand.copy()
        new.known = self.known.copy()
        new.crew = self.crew.copy()
        new.colours = self.colours.copy()
        new.vp = self.vp
        new.reputation = self.reputation
        new.bracelets = self.bracelets
        new.recruits = self.recruits
        new.destinations = self.destinations.copy()
        new.trade = [column.copy() for column in self.trade]
        new.reserved = self.reserved.copy()
        new.last_deck = self.last_deck
        new.coins = self.coins
        new.village = self.village.copy()
        new.raid_tokens = self.raid_tokens
        new.change_token = self.change_token
        return new

    def hidden_cards(self) -> list[int]:
        """The cards of the hand the other seats have not seen (dealt at setup)."""
        hidden = self.hand.copy()
        for t in self.known:
            hidden.remove(t)
        return hidden


class KnarrGame(Game):
    """Knarr for 2–4 players, with its Skali mode and artifact variant as options."""

    name: ClassVar[str] = "knarr"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 2
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 3, N_("number of players"), minimum=2, maximum=4, label=N_("Players")),
        Option(
            "boat",
            "normal",
            N_("the boat side everyone uses, or one drawn at random when the game is set up"),
            choices=BOAT_OPTIONS,
            label=N_("Boat side"),
            choice_labels=BOAT_LABELS,
            rulings=("KN-9",),
        ),
        Option(
            "skali",
            False,
            N_("play the Skali mode: build a village of buildings and raid"),
            label=N_("Skali mode"),
            rulings=tuple(f"SK-{k}" for k in range(1, 8)),
        ),
        Option(
            "skali_board",
            "rulebook",
            N_("the skáli's lines: the rulebook's or the digital adaptation's"),
            choices=("rulebook", "digital"),
            label=N_("Skáli board"),
            choice_labels=(N_("As in the rulebook"), N_("As in the digital adaptation")),
        ),
        Option(
            "artifact",
            "none",
            N_(
                "the artifact of the variant: none, one of them, one at random, or, with 2 "
                "players, the Mead Cup and one other at random"
            ),
            choices=ARTIFACT_OPTIONS,
            label=N_("Artifact"),
            choice_labels=(
                N_("None"),
                *ARTIFACT_TITLES,
                N_("One at random"),
                N_("Two players: the Mead Cup and one other at random"),
            ),
            rulings=("KN-10",),
        ),
    )
    conformance_options = (
        {"players": 2},
        {"players": 3},
        {"players": 4, "boat": "advanced"},
        {"players": 2, "skali": True},
        {"players": 3, "skali": True, "skali_board": "digital", "boat": "advanced"},
        {"players": 4, "skali": True, "artifact": "random"},
        {"players": 3, "artifact": "random"},
        {"players": 2, "boat": "random", "artifact": "two-player-mead-cup"},
        {"players": 3, "boat": "random", "skali": True, "artifact": "two-player-mead-cup"},
    )

    def _check_options(self) -> None:
        if self.options["skali_board"] != "rulebook" and not self.options["skali"]:
            raise OptionError(_("knarr: option skali_board needs skali=true (SK-3)"))

    def action_strings(self) -> Sequence[str]:
        return ACTION_STRINGS

    def max_game_length(self) -> int:
        # Setup: boat, artifact, 6 destinations, 5 market cards, 5 cards per player, 4 buildings,
        # the first player. A turn is bounded generously: every decision and draw it can hold (the
        # trade's card draws, each possibly preceded by forced discards of every player).
        n = self.num_players()
        setup = 2 + 6 + MARKET_SLOTS + 5 * n + BUILDING_MARKET + 1
        per_turn = 400 + 3 * (len(DESTINATIONS) + 1) * (n + 1)
        return setup + MAX_ROUNDS * n * per_turn

    def new_initial_state(self) -> KnarrState:
        return KnarrState(self)


class KnarrState(FlowState):
    """A Knarr table. See its card (``card.toml``) for the notation, and the module docstring for
    the turn flow: its phases are declared in :mod:`.phases` and set as ``KnarrState.flow``
    below the class; they share the gains (:meth:`gain`, :meth:`add_to_crew`)."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "acted",
        "activating",
        "additional_token_beside_board",
        "artifacts",
        "boat",
        "boat_side",
        "building_deck",
        "building_deck_bottom",
        "building_market",
        "deck",
        "deck_public",
        "deck_size",
        "dest_decks",
        "developed",
        "discard",
        "discard_size",
        "drawing",
        "ended",
        "extra_kind",
        "extras",
        "first",
        "forced",
        "line",
        "market",
        "n",
        "offered",
        "pair_colour",
        "pay_colour",
        "pay_dest",
        "pay_left",
        "pay_need",
        "pay_slot",
        "pay_used",
        "players",
        "raid_tokens_on_board",
        "refilling",
        "rounds",
        "skali",
        "skali_card",
        "taking",
        "traded",
        "turn",
        "visible",
    )

    def __init__(self, game: KnarrGame) -> None:
        super().__init__(game)
        options = game.options
        n = self.n = game.num_players()
        skali = self.skali = bool(options["skali"])
        self.skali_card: VillageCard = SKALI_BOARDS[str(options["skali_board"])]
        choice = str(options["artifact"])
        self.artifacts = _artifacts_in_play(choice, n)
        side = str(options["boat"])
        self.boat_side = side if side in BOATS else ""  # "": KN-9's draw is still to come
        self.boat = BOATS.get(side, NO_BOAT)
        self.deck = viking_counts(n)
        self.deck_size = sum(self.deck)
        self.deck_public = False
        self.discard = [0] * NUM_TYPES
        self.discard_size = 0
        self.market = [-1] * MARKET_SLOTS
        self.players = [Player(self.boat, skali, n == 2) for _ in range(n)]
        self.dest_decks: list[list[int]] = [
            [d.index for d in DESTINATIONS if d.deck == deck and (skali or not d.skali)]
            for deck in (TRADING_LAND, LAND_OF_INFLUENCE)
        ]
        self.visible = [-1] * (2 * VISIBLE_DESTINATIONS)
        self.first = self.turn = self.rounds = 0
        self.ended = self.traded = self.acted = self.developed = False
        # Skali (SK-1).
        self.building_deck: list[int] = list(range(NUM_BUILDINGS)) if skali else []
        self.building_deck_bottom: list[int] = []
        """Buildings renewed, under the deck in the order they went (SK-6): known to all."""
        self.building_market = [-1] * BUILDING_MARKET if skali else []
        self.raid_tokens_on_board = n + 1 if skali else 0
        """Raid tokens on the board (SK-4)."""
        self.additional_token_beside_board = skali
        """The additional raid token lies beside the board (SK-4)."""
        self._clear_decisions()
        self.pending = self._setup(choice)
        self.phase = VIKING_DRAW
        self.proceed()

    def _clear_decisions(self) -> None:
        """The bookkeeping of the decision under way, before the first."""
        self.offered: list[int] = []
        """The legal actions of a decision worked out on entering it (replaced, never changed)."""
        self.drawing: Draw = DRAW_TO_MARKET[0]
        """The draw waiting for its viking."""
        self.refilling = -1
        """The slot a destination or building is revealed into."""
        self.pair_colour = -1
        """KN-3: the colour of the first start card drawn."""
        self.taking = TAKE_AFTER_RECRUIT[0][False]
        self.forced: list[int] = []
        """KN-7: the seats still to discard a crew card, in turn order."""
        self.activating: list[int] = []
        """SK-3: the village cards still to activate, when their order matters."""
        self.line = -1
        self.extras: list[int] = []
        """Extra actions earned and not yet offered (EXTRA_RECRUIT, EXTRA_EXPLORE)."""
        self.extra_kind = EXTRA_RECRUIT
        self.pay_dest = -1
        """The destination being paid (KN-4), or -1."""
        self.pay_slot = -1
        self.pay_need = [0] * len(COLOURS)
        self.pay_colour = -1
        self.pay_used = 0
        self.pay_left = 0

    def _setup(self, artifact: str) -> list[Work]:
        """The setup's draws, as pending work (the last is done first)."""
        setup: list[Work] = [] if self.boat_side else [DrawBoat()]
        if artifact in ("random", "two-player-mead-cup"):
            setup.append(DrawArtifact())
        setup += REFILL_DESTINATION
        setup += DRAW_TO_MARKET
        for p in range(self.n):
            setup += [DrawStartCard(p, False), DrawStartCard(p, True)]
            setup += [DrawToHand(p)] * HAND_SIZE
        if self.skali:
            setup += REFILL_BUILDING
        setup += [DrawFirstPlayer(), START_TURN]
        setup.reverse()
        return setup

    def _is_legal(self, action: int) -> bool:
        """A draw or a reveal is checked against its deck, not a list built for it (the
        commonest steps of a playout)."""
        phase = self.phase
        if phase is VIKING_DRAW:
            if not 0 <= action < NUM_TYPES:
                return False
            if type(self.drawing) is not DrawStartCard:
                return self.deck[action] > 0
        elif phase is DESTINATION_REVEAL:
            if not 0 <= action < NUM_ACTIONS:
                return False
            deck = self.dest_decks[self.refilling // VISIBLE_DESTINATIONS]
            return KIND[action] == REVEAL and ARG[action] in deck
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return action in cache

    # ---- gains shared by the phases --------------------------------------------------------------

    def add_vp(self, player: Player, amount: int) -> None:
        vp = player.vp + amount
        player.vp = vp if vp > 0 else 0  # "lose 1 vp" at 0 does nothing (SK-3)
        if vp >= END_THRESHOLD:
            self.ended = True  # KN-8: the end is triggered at any step

    def gain(self, p: int, g: Sequence[int]) -> None:
        """Seat ``p`` gains a vector of gains together, with the caps (KN-1, KN-2, SK-1); "card"
        draws are pending work; raid tokens follow SK-4."""
        player = self.players[p]
        if g[VP]:
            self.add_vp(player, g[VP])
        if g[BRACELET]:
            player.bracelets = min(TOKEN_CAP, player.bracelets + g[BRACELET])
        if g[RECRUIT]:
            player.recruits = min(TOKEN_CAP, player.recruits + g[RECRUIT])
        if g[REPUTATION]:
            player.reputation = min(REPUTATION_MAX, player.reputation + g[REPUTATION])
        if g[COIN]:
            player.coins = min(TOKEN_CAP, player.coins + g[COIN])
        if g[RAID]:
            self._take_raid(player, g[RAID])
        if g[CARD]:
            self.pending += [DRAW_TO_CREW[p]] * g[CARD]

    def _take_raid(self, player: Player, k: int) -> None:
        """SK-4: from the board; then the additional token beside it; beyond that, lost."""
        board = min(k, self.raid_tokens_on_board)
        self.raid_tokens_on_board -= board
        player.raid_tokens += board
        if k > board and self.additional_token_beside_board:
            self.additional_token_beside_board = False
            player.raid_tokens += 1

    def add_to_crew(self, p: int, t: int) -> None:
        """A viking of type ``t`` joins seat ``p``'s crew; a completed row of 5 colours earns the
        Amulet's gains or the Weathervane's extra Explore."""
        player = self.players[p]
        colours = player.colours
        before = min(colours)
        player.crew[t] += 1
        colours[TYPE_COLOUR[t]] += 1
        if before < min(colours):
            if AMULET in self.artifacts:
                self.gain(p, AMULET_GAINS)
            elif WEATHERVANE in self.artifacts:
                self.extras.append(EXTRA_EXPLORE)

    # ---- scores, copies, views ------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Victory points, plus a tenth of recruits + bracelets left: KN-8's tie-break (at most
        6, so it never outweighs a point); equal scores are a shared win."""
        return [player.vp + (player.recruits + player.bracelets) / 10 for player in self.players]

    def outcome(self) -> dict[str, JSON] | None:
        """Why the game ended (KN-8: the seat that reached the threshold first, or the round
        limit) and each seat's vp by source, plus the tie-break's tenth, so the columns sum to
        the scores: the game replayed by :class:`VpTally` (nothing on the way pays for it)."""
        if self.phase is not OVER:
            return None
        tally = VpTally(self.game)
        for action in self._history:
            tally.apply_unchecked(action)
        rulings: list[JSON] = []
        if self.ended and tally.reached >= 0:
            reason = _("{player} reached {vp} vp and the round was played out").format(
                player=seat_name(self, tally.reached), vp=END_THRESHOLD
            )
            rulings.append("KN-8")
        else:
            reason = _("round {round} was the last (the round limit)").format(round=MAX_ROUNDS)
        sources = [s for s in range(len(VP_SOURCES)) if self.skali or s < VILLAGE]
        if self.skali:
            rulings += ["SK-3", "SK-5"]  # the points of the village and of raids
        values: list[JSON] = [tally.tally[s] for s in sources]
        values.append([(p.recruits + p.bracelets) / 10 for p in self.players])
        rows = [
            *(_(VP_SOURCES[s]) for s in sources),
            _("tie-break: a tenth per recruit and bracelet"),
        ]
        return {"reason": reason, "rulings": rulings, "breakdown": {"rows": rows, "values": values}}

    def _copy(self) -> KnarrState:
        new = self._blank_flow()
        new.n = self.n
        new.skali = self.skali
        new.skali_card = self.skali_card
        new.artifacts = self.artifacts
        new.boat = self.boat
        new.boat_side = self.boat_side
        new.deck = self.deck.copy()
        new.deck_size = self.deck_size
        new.deck_public = self.deck_public
        new.discard = self.discard.copy()
        new.discard_size = self.discard_size
        new.market = self.market.copy()
        new.players = [player.copy() for player in self.players]
        new.dest_decks = [deck.copy() for deck in self.dest_decks]
        new.visible = self.visible.copy()
        new.first = self.first
        new.turn = self.turn
        new.rounds = self.rounds
        new.ended = self.ended
        new.traded = self.traded
        new.acted = self.acted
        new.developed = self.developed
        new.building_deck = self.building_deck.copy()
        new.building_deck_bottom = self.building_deck_bottom.copy()
        new.building_market = self.building_market.copy()
        new.raid_tokens_on_board = self.raid_tokens_on_board
        new.additional_token_beside_board = self.additional_token_beside_board
        self._copy_decisions(new)
        return new

    def _copy_decisions(self, new: KnarrState) -> None:
        new.offered = self.offered  # replaced, never changed
        new.drawing = self.drawing
        new.refilling = self.refilling
        new.pair_colour = self.pair_colour
        new.taking = self.taking
        new.forced = self.forced.copy()
        new.activating = self.activating.copy()
        new.line = self.line
        new.extras = self.extras.copy()
        new.extra_kind = self.extra_kind
        new.pay_dest = self.pay_dest
        new.pay_slot = self.pay_slot
        new.pay_need = self.pay_need.copy()
        new.pay_colour = self.pay_colour
        new.pay_used = self.pay_used
        new.pay_left = self.pay_left

    def resample_hidden(self, player: int, rng: random.Random) -> KnarrState:
        """Re-deal what ``player`` cannot know: the other hands' unseen cards, from the pool of
        cards ``player`` has not seen (those cards, plus the deck while its contents are
        unknown); cards taken from the market stay where they are."""
        self._check_seat(player)
        new = self._copy()
        others = [q for q in range(self.n) if q != player]
        pool: list[int] = []
        sizes: dict[int, int] = {}
        for q in others:
            hidden = self.players[q].hidden_cards()
            sizes[q] = len(hidden)
            pool += hidden
        if not self.deck_public:
            for t in TYPES:
                pool += [t] * self.deck[t]
        pool.sort()  # the unseen cards in a fixed order: the deal depends only on rng
        rng.shuffle(pool)
        for q in others:
            k = sizes[q]
            new.players[q].hand = self.players[q].known + pool[:k]
            del pool[:k]
        if not self.deck_public:
            deck = [0] * NUM_TYPES
            for t in pool:
                deck[t] += 1
            new.deck = deck
        new._legal_cache = None
        return new

    # Why the covering deals suffice. Legality and refusals consult a hand only where it is the turn
    # seat's, and only through the set S of types it holds: Recruit's options and refusals
    # (phases.turn and phases.extra_actions, phases.recruit.why_not; "pass" needs an empty hand,
    # whose size all see) and a wrong phase's refusal, which quotes the task's first legal Recruits,
    # the smallest members of S. A membership "t in S" is the same on every deal iff on the covering
    # deals, as they keep or change it for each t. So is the list of the j smallest members of S,
    # for any j: if it differs between two deals, let its i-th member be the first that does and x
    # the least i-th member of any deal; every deal holds the same i-1 smallest, so a deal holding x
    # has x as i-th, and a deal whose i-th differs holds no x; the covering deals have one deal with
    # x and one without it, which differ. tests/server/test_why_secrecy.py checks the covering deals
    # against every deal, and that only the set of types matters.

    def covering_deals(self, viewer: int | None) -> list[State]:
        """The deals that stand for every deal ``viewer`` cannot tell from this one
        (:meth:`State.covering_deals`; why they do: the comment above): this state, then for
        each viking type t one deal that differs from it in whether the hand of the seat whose
        turn it is holds a t: where it holds none, a t from the cards ``viewer`` has not seen
        (the other hands' unseen cards, and the deck's while its contents are unknown) swapped
        for one of its unseen cards; where it holds one and no known copy keeps one in, each
        unseen t swapped for another unseen card. A deal that cannot be made is left out (no t
        unseen, or too few others): then every deal agrees with this one about t. At most 21."""
        self._check_seat(viewer)
        p = self.turn
        unseen = self.players[p].hidden_cards()
        if viewer == p or not unseen:
            return [self]
        rest = self._unseen_elsewhere(p, viewer)
        held = set(self.players[p].hand)
        known = set(self.players[p].known)
        deals: list[State] = [self]
        for t in TYPES:
            if t not in held:
                swaps = _swaps_in(t, unseen, rest)
            else:
                swaps = [] if t in known else _swaps_out(t, unseen, rest)
            if swaps:
                deals.append(self._swapped(p, swaps))
        return deals

    def _unseen_elsewhere(self, p: int, viewer: int | None) -> list[tuple[int, int]]:
        """The cards ``viewer`` has not seen but seat ``p``'s: (the seat holding it, or -1: the
        deck; its type), the other seats' unseen cards, then the deck's unless public."""
        rest: list[tuple[int, int]] = []
        for q in range(self.n):
            if q != p and q != viewer:
                rest += [(q, t) for t in sorted(self.players[q].hidden_cards())]
        if not self.deck_public:
            rest += [(-1, t) for t in TYPES for _ in range(self.deck[t])]
        return rest

    def _swapped(self, p: int, swaps: list[tuple[int, int, int]]) -> KnarrState:
        """A copy in which, for each ``(out, place, into)``, seat ``p``'s unseen card ``out``
        and the card ``into`` of ``place`` (a seat's unseen cards, or -1: the deck) change
        places."""
        new = self._copy()
        hand = new.players[p].hand
        for out, place, into in swaps:
            hand.remove(out)
            hand.append(into)
            if place < 0:
                new.deck[into] -= 1
                new.deck[out] += 1
            else:
                other = new.players[place].hand
                other.remove(into)
                other.append(out)
        new._legal_cache = None
        return new

    def component_counts(self) -> dict[str, int]:
        players = self.players
        counts = {
            "vikings": self.deck_size
            + self.discard_size
            + MARKET_SLOTS
            - self.market.count(-1)
            + sum(len(player.hand) + sum(player.colours) for player in players),
            "destinations": sum(map(len, self.dest_decks))
            + len(self.visible)
            - self.visible.count(-1)
            + sum(len(player.destinations) + len(player.reserved) for player in players)
            + (self.pay_dest >= 0),
        }
        if self.skali:
            counts["buildings"] = (
                len(self.building_deck)
                + len(self.building_deck_bottom)
                + BUILDING_MARKET
                - self.building_market.count(-1)
                + sum(len(player.village) for player in players)
            )
            raid_tokens = sum(player.raid_tokens for player in players)
            counts["raid tokens"] = (
                self.raid_tokens_on_board + self.additional_token_beside_board + raid_tokens
            )
        return counts

    def view(self, player: int | None) -> dict[str, JSON]:
        """What ``player`` knows: the whole table but the other hands' unseen cards (only their
        number, and the cards taken from the market) and the deck's contents (unless public)."""
        self._check_seat(player)
        phase = self.phase
        return {
            "game": "knarr",
            "seat": player,
            "players": self.n,
            "options": dict(self.game.options),
            "artifact": " + ".join(ARTIFACT_TITLES[a] for a in self.artifacts) or None,
            "artifacts": [ARTIFACT_TITLES[a] for a in self.artifacts],
            "boat": self.boat_side or None,
            "first": self.first,
            "turn": self.turn,
            "to_move": self.current_player(),
            "phase": phase.name,
            "round": self.rounds + 1,
            "end_triggered": self.ended,
            **self._board_view(),
            "payment": self._payment_view(),
            "take": COLOURS[self.taking.colour] if phase is MARKET_TAKE else None,
            "forced_discards": [*self.forced] if phase is FORCED_DISCARD else [],
            "extras": len(self.extras) + (phase is EXTRA_ACTION),
            "seats": [self._seat_view(q, player) for q in range(self.n)],
            "skali": self._skali_view(),
        }

    def _board_view(self) -> dict[str, JSON]:
        """The market, the visible destinations, the decks and the discard pile."""
        visible = self.visible
        return {
            "market": {
                COLOURS[s]: TYPE_NAMES[t] if t >= 0 else None for s, t in enumerate(self.market)
            },
            "destinations": {
                DECK_NAMES[k]: [
                    DESTINATIONS[d].name if d >= 0 else None
                    for d in visible[k * VISIBLE_DESTINATIONS : (k + 1) * VISIBLE_DESTINATIONS]
                ]
                for k in (TRADING_LAND, LAND_OF_INFLUENCE)
            },
            "decks": {
                "vikings": self.deck_size,
                DECK_NAMES[0]: len(self.dest_decks[0]),
                DECK_NAMES[1]: len(self.dest_decks[1]),
            },
            "deck_contents": _names(self.deck) if self.deck_public else None,
            "discard": _names(self.discard),
        }

    def _payment_view(self) -> dict[str, JSON] | None:
        if self.pay_dest < 0:
            return None
        return {
            "destination": DESTINATIONS[self.pay_dest].name,
            "cost": DESTINATIONS[self.pay_dest].cost_text(),
            "left": self.pay_left,
        }

    def _seat_view(self, q: int, viewer: int | None) -> dict[str, JSON]:
        player = self.players[q]
        seat: dict[str, JSON] = {
            "seat": q,
            "vp": player.vp,
            "reputation": player.reputation,
            "bracelets": player.bracelets,
            "recruits": player.recruits,
            "crew": _crew_view(player.crew),
            "destinations": [DESTINATIONS[d].name for d in player.destinations],
            "reserved": [DESTINATIONS[d].name for d in player.reserved],
            "hand_size": len(player.hand),
            "hand_known": sorted(TYPE_NAMES[t] for t in player.known),
            "hand": sorted(TYPE_NAMES[t] for t in player.hand) if viewer == q else None,
        }
        if self.skali:
            seat["coins"] = player.coins
            seat["village"] = [f"building {b + 1}" for b in player.village]
            seat["raid_tokens"] = player.raid_tokens
            if self.n == 2:
                seat["change_token"] = "available" if player.change_token else "unavailable"
        return seat

    def _skali_view(self) -> dict[str, JSON] | None:
        if not self.skali:
            return None
        return {
            "skali_board": str(self.game.options["skali_board"]),
            "buildings": [f"building {b + 1}" if b >= 0 else None for b in self.building_market],
            "building_deck": len(self.building_deck) + len(self.building_deck_bottom),
            "building_deck_bottom": [f"building {b + 1}" for b in self.building_deck_bottom],
            "raid_tokens_on_board": self.raid_tokens_on_board,
            "additional_token_beside_board": self.additional_token_beside_board,
            "activating": LINE_TEXT[self.line] if self.phase is VILLAGE_ORDER else None,
        }

    # ---- why an action is refused -------------------------------------------------------------

    def wrong_phase(self, action: int) -> str:
        """The refusal of an action the phase does not take: "now" and the task, which names the
        seat itself ("now player 1 takes an action: …"); a Trade during the action is KN-6's."""
        if KIND[action] == TRADE and self.phase in (PAYMENT, MARKET_TAKE, EXTRA_ACTION):
            return _("trade comes before or after the action, not during it (KN-6)")
        return _("now {task}").format(task=self.phase.task(self, True))

    # ---- what is being decided ------------------------------------------------------------------

    def may_quote(self, viewer: int | None) -> bool:
        """Only the referee and the seat to move see its legal actions: quoted, they would show
        its hand to the others."""
        return viewer == REFEREE or viewer == self.current_player()

    # ---- text ---------------------------------------------------------------------------------

    def action_to_string_for(self, player: int | None, action: int) -> str:
        """A viking drawn into another seat's hand is only 'a card' to ``player``."""
        if self.phase is VIKING_DRAW:
            draw = self.drawing
            if type(draw) is DrawToHand and draw.seat != player:
                return _("a viking is drawn into {player}'s hand").format(
                    player=seat_name(self, draw.seat)
                )
        return self.action_to_string(action)


def _swaps_in(t: int, unseen: list[int], rest: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The swap (out, place, into) that brings a ``t`` of ``rest`` (cards by place, see
    ``KnarrState._unseen_elsewhere``) into a hand for its first ``unseen`` card; none without
    a ``t`` in ``rest``."""
    place = next((q for q, u in rest if u == t), None)
    return [] if place is None else [(unseen[0], place, t)]


def _swaps_out(
    t: int, unseen: list[int], rest: list[tuple[int, int]]
) -> list[tuple[int, int, int]]:
    """The swaps (out, place, into) that replace each ``t`` among a hand's ``unseen`` cards by
    another card of ``rest``; none if ``rest`` has too few others."""
    count = unseen.count(t)
    others = [(q, u) for q, u in rest if u != t][:count]
    return [(t, q, u) for q, u in others] if len(others) == count else []


def _artifacts_in_play(choice: str, players: int) -> tuple[int, ...]:
    """The artifacts in play before setup's draw, from option ``artifact``: a named one; for
    KN-10's ``two-player-mead-cup`` with 2 players, the Mead Cup (the other is drawn); else
    none (``random`` and KN-10 with 3–4 players draw one)."""
    if choice in ARTIFACTS:
        return (ARTIFACTS.index(choice),)
    if choice == "two-player-mead-cup" and players == 2:
        return (MEAD_CUP,)
    return ()


def _names(counts: list[int]) -> dict[str, int]:
    return {TYPE_NAMES[t]: k for t, k in enumerate(counts) if k}


def _crew_view(crew: list[int]) -> dict[str, JSON]:
    return {
        COLOURS[c]: [name for t in COLOUR_TYPES[c] if crew[t] for name in [TYPE_NAMES[t]] * crew[t]]
        for c in COLOUR_RANGE
    }


# ---- the turn flow ------------------------------------------------------------------------------

KnarrState.flow = Flow(
    VIKING_DRAW,
    DESTINATION_REVEAL,
    BUILDING_REVEAL,
    ARTIFACT_DRAW,
    BOAT_DRAW,
    FIRST_PLAYER_DRAW,
    ACTION,
    PAYMENT,
    MARKET_TAKE,
    AFTER_ACTION,
    FORCED_DISCARD,
    VILLAGE_ORDER,
    MEAD_CUP_DISCARD,
    RESERVATION,
    EXTRA_ACTION,
)
"""Knarr's phases, in the order views and encoders name them."""


# ---- where the vp came from ---------------------------------------------------------------------

VP_SOURCES = (
    N_("reputation income"),
    N_("recruiting"),
    N_("destinations' gains"),
    N_("trading"),
    N_("village"),
    N_("raids won"),
    N_("raids lost"),
)
"""The rows of the outcome's breakdown, marked: translated as the outcome is made."""
REPUTATION_INCOME, RECRUITING, DESTINATIONS_GAINS, TRADING, VILLAGE, RAIDS_WON, RAIDS_LOST = range(
    len(VP_SOURCES)
)
ACTION_SOURCES = {
    RECRUIT_KIND: RECRUITING,
    PAY: DESTINATIONS_GAINS,
    PAY_RECRUIT: DESTINATIONS_GAINS,
    TRADE: TRADING,
    ACTIVATE: VILLAGE,
}
"""The source of the vp an action brings, by its kind: a Recruit's column, a destination's
immediate gains (on its last payment), a Trade's columns, the village's cards in the order
chosen (SK-3)."""
WORK_SOURCES: dict[type, int] = {
    StartTurn: REPUTATION_INCOME,
    ActivateVillage: VILLAGE,
    BackToTurn: RAIDS_WON,
    EndTurn: RAIDS_WON,
}
"""The source of the vp pending work brings, by its record: reputation income as a turn starts,
the village's activation (SK-3), a raid as a turn ends (SK-5)."""


class VpTally(KnarrState):
    """A replay that notes where each seat's vp came from (``KnarrState.outcome``): the same
    rules, never played. Every vp is gained while an action of a source (``ACTION_SOURCES``) or a
    pending record of one (``WORK_SOURCES``) runs, the innermost counting; a raid's losses are
    told from its gains by their sign. ``reached``: the first seat to reach the end threshold
    (KN-8), or -1."""

    def __init__(self, game: Game) -> None:
        self.source = RECRUITING
        self.tally = [[0] * game.num_players() for _ in VP_SOURCES]
        self.reached = -1
        super().__init__(game)  # type: ignore[arg-type]

    def add_vp(self, player: Player, amount: int) -> None:
        seat = next(p for p, other in enumerate(self.players) if other is player)
        before = player.vp
        super().add_vp(player, amount)
        source = RAIDS_LOST if self.source == RAIDS_WON and amount < 0 else self.source
        self.tally[source][seat] += player.vp - before
        if self.ended and self.reached < 0:
            self.reached = seat

    def _apply(self, action: int) -> None:
        outer = self.source
        self.source = ACTION_SOURCES.get(KIND[action], outer)
        try:
            super()._apply(action)
        finally:
            self.source = outer

    def proceed(self) -> None:
        """:meth:`FlowState.proceed`, each record of a source running under it."""
        pending = self.pending
        while pending:
            work = pending.pop()
            outer = self.source
            self.source = WORK_SOURCES.get(type(work), outer)
            try:
                waits = work.run(self)
            finally:
                self.source = outer
            if waits:
                return
        raise AssertionError(f"{self.game.name}: the flow ran out of work in {self.phase!r}")


__all__ = [
    "ACTION",
    "AFTER_ACTION",
    "ARTIFACT_OPTIONS",
    "BOAT_OPTIONS",
    "EXTRA_ACTION",
    "FORCED_DISCARD",
    "GAINS",
    "MARKET_TAKE",
    "PAYMENT",
    "VILLAGE_ORDER",
    "KnarrGame",
    "KnarrState",
    "Player",
]
