"""Knarr's rules: :class:`KnarrGame` and :class:`KnarrState` (rulings/knarr.md, KN-1…KN-10, and
rulebooks/knarr-skali.txt with SK-1…SK-7).

Hidden information: the hands. A seat sees its own hand, the size of the others' and the cards
each took from the market (everyone saw those; they stay known until played). The viking deck's
order is never decided: every draw is a chance node over the types left in it. Once the discard
pile has been shuffled into a new deck (KN-7), its contents are public (every card drawn since
was drawn face up), and ``view`` says so.

Each seat's pieces are a :class:`Player`. The turn flow is declared (``langbord.core.flow``):
``KnarrState.flow`` lists the phases (the draws and reveals, the action, paying an exploration,
the take after a Recruit, what may follow the action, KN-7's forced discards, SK-3's village
order, the artifacts' choices), and what must follow an action is pending work, a stack of small
records (``DrawToMarket(slot)``, ``TakeAfterRecruit(colour, any_free)``, ``ActivateVillage(line)``,
``BackToTurn()``, ``EndTurn()`` …) run until one waits for a draw or a decision. The draws and
reveals, with KN-7's forced discards, are declared in :mod:`.phases`, one module each with its
records; the turn's phases below the class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import ClassVar, NamedTuple

from langbord.core.errors import OptionError
from langbord.core.flow import OVER, Flow, FlowState, Phase, Work
from langbord.core.game import JSON, Game, State
from langbord.core.info import REFEREE, GameInfo
from langbord.core.options import Option
from langbord.core.prompts import offer
from langbord.engines.knarr.data import (
    AMULET,
    AMULET_GAINS,
    ARTIFACT_TITLES,
    ARTIFACTS,
    BOAT_SIDES,
    BOATS,
    BRACELET,
    BUILDING_MARKET,
    BUILDINGS,
    CARD,
    CAULDRON,
    COIN,
    COLOURS,
    COST_COLOURS,
    COST_DIFFERENT,
    COST_SAME,
    DECK_NAMES,
    DESTINATIONS,
    END_THRESHOLD,
    GAINS,
    GOLDEN_BRACELET,
    HAND_SIZE,
    HELMET,
    LAND_OF_INFLUENCE,
    LINE_EXISTING,
    LINE_LOI,
    LINE_NEW,
    LINE_TEXT,
    LINE_TL,
    MARKET_SLOTS,
    MAX_RESERVED,
    MAX_ROUNDS,
    MEAD_CUP,
    NUM_BUILDINGS,
    NUM_GAINS,
    NUM_TYPES,
    RAID,
    RECRUIT,
    REPUTATION,
    REPUTATION_MAX,
    REPUTATION_VP,
    SILVER_COINS,
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
    ACTIVATE_ID,
    ACTIVATE_SKALI_ID,
    ARG,
    ARG2,
    DEVELOP,
    DEVELOP_ID,
    END,
    END_ID,
    EXPLORE,
    EXPLORE_ID,
    KIND,
    MEAD,
    MEAD_ID,
    NO_MEAD,
    NO_MEAD_ID,
    NO_RESERVE,
    NO_RESERVE_ID,
    NUM_ACTIONS,
    PASS,
    PASS_ID,
    PAY,
    PAY_ID,
    PAY_RECRUIT,
    PAY_RECRUIT_ID,
    RENEW,
    RENEW_ID,
    RESERVE,
    RESERVE_ID,
    REVEAL,
    SKIP_EXTRA,
    SKIP_EXTRA_ID,
    TAKE,
    TAKE_ID,
    TRADE,
    TRADE_ID,
)
from langbord.engines.knarr.notation import (
    RECRUIT as RECRUIT_KIND,
)
from langbord.engines.knarr.notation import (
    RECRUIT_ID as RECRUIT_ACTION_ID,
)
from langbord.engines.knarr.phases import Words, choices, offer_task, offered
from langbord.engines.knarr.phases.buildings import BUILDING_REVEAL, REFILL_BUILDING
from langbord.engines.knarr.phases.destinations import DESTINATION_REVEAL, REFILL_DESTINATION
from langbord.engines.knarr.phases.forced_discard import FORCED_DISCARD
from langbord.engines.knarr.phases.setup import (
    ARTIFACT_DRAW,
    BOAT_DRAW,
    FIRST_PLAYER_DRAW,
    DrawArtifact,
    DrawBoat,
    DrawFirstPlayer,
)
from langbord.engines.knarr.phases.viking_deck import (
    DRAW_TO_CREW,
    DRAW_TO_MARKET,
    VIKING_DRAW,
    Draw,
    DrawStartCard,
    DrawToHand,
)
from langbord.engines.knarr.tables import (
    COLOUR_RANGE,
    COLOUR_TYPES,
    DEST_IMMEDIATE,
    DEST_KIND,
    DEST_SINGLE,
    DEST_SIZE,
    EXTRA_EXPLORE,
    EXTRA_RECRUIT,
    TYPES,
    boat_columns,
    can_pay,
)

ARTIFACT_OPTIONS: tuple[str, ...] = ("none", *ARTIFACTS, "random", "two-player-mead-cup")
BOAT_OPTIONS: tuple[str, ...] = (*BOAT_SIDES, "random")
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


# ---- pending work -------------------------------------------------------------------------------


class StartTurn(NamedTuple):
    """Reputation income, then the action."""

    def run(self, state: KnarrState) -> bool:
        state.start_turn()
        return True


class TakeAfterRecruit(NamedTuple):
    """The board viking taken after a Recruit: from the slot of ``colour``, or any slot for a
    recruit; ``any_free``: any slot for nothing (Cauldron)."""

    colour: int
    any_free: bool

    def run(self, state: KnarrState) -> bool:
        return state.offer_take(self)


class OfferMeadCup(NamedTuple):
    """Mead Cup, after an Explore: the player may discard a board viking."""

    def run(self, state: KnarrState) -> bool:
        return state.offer_mead_cup()


class OfferReserve(NamedTuple):
    """Golden bracelet, after a colour's 3rd viking: the player may reserve a destination."""

    def run(self, state: KnarrState) -> bool:
        return state.offer_reserve()


class ActivateVillage(NamedTuple):
    """SK-3: the village's cards with something on ``line`` activate."""

    line: int

    def run(self, state: KnarrState) -> bool:
        return state.activate_village(self.line)


class ExtraActions(NamedTuple):
    """The next extra action earned (Helmet, Weathervane), if any."""

    def run(self, state: KnarrState) -> bool:
        return bool(state.extras) and state.offer_extra()


class BackToTurn(NamedTuple):
    """Back to the turn: the action, if not yet taken, or what may follow it."""

    def run(self, state: KnarrState) -> bool:
        return state.back_to_turn()


class EndTurn(NamedTuple):
    """The turn ends: SK-5's raid, KN-8's end, or the next seat's turn."""

    def run(self, state: KnarrState) -> bool:
        return state.end_turn()


START_TURN = StartTurn()
BACK_TO_TURN = BackToTurn()
EXTRA_ACTIONS = ExtraActions()
END_TURN = EndTurn()
OFFER_MEAD_CUP = OfferMeadCup()
OFFER_RESERVE = OfferReserve()


class KnarrGame(Game):
    """Knarr for 2–4 players, with its Skali mode and artifact variant as options."""

    name: ClassVar[str] = "knarr"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 2
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 3, "number of players", minimum=2, maximum=4),
        Option(
            "boat",
            "normal",
            "the boat side everyone uses, or random: drawn at setup (KN-9)",
            choices=BOAT_OPTIONS,
        ),
        Option("skali", False, "play the Skali mode (SK-1…SK-7)"),
        Option(
            "skali_board",
            "rulebook",
            "the skáli's lines: the rulebook's or the digital adaptation's",
            choices=("rulebook", "digital"),
        ),
        Option(
            "artifact",
            "none",
            "the artifact of the variant: none, a name, random, or two-player-mead-cup (KN-10:"
            " with 2 players the Mead Cup and one random other)",
            choices=ARTIFACT_OPTIONS,
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
            raise OptionError("knarr: option skali_board needs skali=true (SK-3)")

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
    the turn flow: its phases are declared below the class (their parts are its methods) and
    set as ``KnarrState.flow``."""

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

    # ---- the turn -------------------------------------------------------------------------------

    def start_turn(self) -> None:
        """Reputation income, then the action."""
        income = REPUTATION_VP[self.players[self.turn].reputation]
        if income:
            self._add_vp(self.players[self.turn], income)
        self.traded = self.acted = self.developed = False
        self.phase = ACTION

    def back_to_turn(self) -> bool:
        """The action, if not yet taken; else a Trade, Develop or renew if one is still possible,
        or the turn ends."""
        if not self.acted:
            self.phase = ACTION
            return True
        if self.skali or (not self.traded and self.players[self.turn].bracelets):
            after = self._after_options()
            if len(after) > 1:
                self.offered = after
                self.phase = AFTER_ACTION
                return True
        # Nothing but "end turn" is possible: the turn ends.
        return self.end_turn()

    def end_turn(self) -> bool:
        """SK-5's raid if the board holds no raid token; KN-8's end (True: the game is over);
        else the next seat's turn."""
        if self.skali and not self.raid_tokens_on_board:
            self._raid()
        n = self.n
        if self.turn == (self.first - 1) % n:
            self.rounds += 1
            if self.ended or self.rounds >= MAX_ROUNDS:
                self.phase = OVER
                return True
        self.turn = (self.turn + 1) % n
        self.pending.append(START_TURN)
        return False

    def _act(self, action: int) -> None:
        """The action: Recruit or Explore (its extra actions, then what may follow it), a pass,
        or first a Trade, Develop or renew."""
        kind = KIND[action]
        if kind == RECRUIT_KIND:
            self.acted = True
            self.pending += (BACK_TO_TURN, EXTRA_ACTIONS)
            self._recruit(ARG[action])
        elif kind == EXPLORE:
            self.acted = True
            self.pending += (BACK_TO_TURN, EXTRA_ACTIONS)
            self._explore(ARG[action])
        elif kind == PASS:
            self.acted = True
            self.pending.append(BACK_TO_TURN)
            self.proceed()
        else:
            self._manage(action)

    def _after_action(self, action: int) -> None:
        if KIND[action] == END:
            self.pending.append(END_TURN)
            self.proceed()
        else:
            self._manage(action)

    def _manage(self, action: int) -> None:
        """Trade (KN-6), Develop (SK-2) or renew (SK-6), before or after the action."""
        kind = KIND[action]
        if kind == TRADE:
            self._trade(ARG[action])
        elif kind == DEVELOP:
            self._develop(ARG[action])
        else:
            self._renew(ARG[action], ARG2[action])

    # ---- gains ----------------------------------------------------------------------------------

    def _add_vp(self, player: Player, amount: int) -> None:
        vp = player.vp + amount
        player.vp = vp if vp > 0 else 0  # "lose 1 vp" at 0 does nothing (SK-3)
        if vp >= END_THRESHOLD:
            self.ended = True  # KN-8: the end is triggered at any step

    def gain(self, p: int, g: Sequence[int]) -> None:
        """Seat ``p`` gains a vector of gains together, with the caps (KN-1, KN-2, SK-1); "card"
        draws are pending work; raid tokens follow SK-4."""
        player = self.players[p]
        if g[VP]:
            self._add_vp(player, g[VP])
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

    # ---- Recruit --------------------------------------------------------------------------------

    def _recruit(self, t: int) -> None:
        """Play ``t`` into the crew and gain its whole column; then the take, the village (SK-3)
        and the artifacts' extras."""
        p = self.turn
        player = self.players[p]
        player.hand.remove(t)
        known = player.known
        if t in known:  # cards of a type are identical: a known copy is the one seen to go
            known.remove(t)
        colour = TYPE_COLOUR[t]
        existed = player.colours[colour] > 0
        self.add_to_crew(p, t)
        crew = player.crew
        base = colour * 4
        gains = [crew[base], crew[base + 1], crew[base + 2], crew[base + 3], 0, 0, 0]
        height = player.colours[colour]
        artifacts = self.artifacts
        if height >= 4 and SILVER_COINS in artifacts:
            gains[VP] += 1
        self.gain(p, gains)
        pending = self.pending
        if self.skali:
            pending.append(ACTIVATE_VILLAGE[LINE_EXISTING if existed else LINE_NEW])
        pending.append(TAKE_AFTER_RECRUIT[colour][height == 2 and CAULDRON in artifacts])
        if height == 3 and GOLDEN_BRACELET in artifacts:
            pending.append(OFFER_RESERVE)
        self.proceed()

    def offer_take(self, take: TakeAfterRecruit) -> bool:
        """The take after a Recruit, unless there is nothing to take (slots left empty by
        KN-7)."""
        market = self.market
        colour = take.colour
        any_slot = take.any_free or self.players[self.turn].recruits > 0
        options = [
            TAKE_ID[s] for s in range(MARKET_SLOTS) if market[s] >= 0 and (s == colour or any_slot)
        ]
        if not options:
            return False
        self.taking = take
        self.offered = options
        self.phase = MARKET_TAKE
        return True

    def _take(self, action: int) -> None:
        slot = ARG[action]
        player = self.players[self.turn]
        take = self.taking
        if slot != take.colour and not take.any_free:
            player.recruits -= 1
        t = self.market[slot]
        self.market[slot] = -1
        player.hand.append(t)
        player.known.append(t)  # everyone saw it taken
        self.pending.append(DRAW_TO_MARKET[slot])
        self.proceed()

    # ---- Explore --------------------------------------------------------------------------------

    def _explore(self, d: int) -> None:
        player = self.players[self.turn]
        if d in self.visible:
            slot = self.visible.index(d)
            self.visible[slot] = -1
        else:
            slot = -1
            player.reserved.remove(d)
        self.pay_dest = d
        self.pay_slot = slot
        self.pay_need = list(DESTINATIONS[d].need)
        self.pay_colour = -1
        self.pay_used = 0
        self.pay_left = DEST_SIZE[d]
        self.phase = PAYMENT

    def _pay(self, action: int) -> None:
        """KN-4: a crew card or a recruit towards the cost; the exploration is done once it is
        paid exactly."""
        if KIND[action] == PAY:
            self._pay_card(ARG[action])
        else:
            self.players[self.turn].recruits -= 1
        self.pay_left -= 1
        if not self.pay_left:
            self._explored()

    def _pay_card(self, t: int) -> None:
        player = self.players[self.turn]
        colour = TYPE_COLOUR[t]
        player.crew[t] -= 1
        player.colours[colour] -= 1
        self.discard[t] += 1
        self.discard_size += 1
        kind = DEST_KIND[self.pay_dest]
        if kind == COST_COLOURS:
            self.pay_need[colour] -= 1
        elif kind == COST_SAME:
            self.pay_colour = colour
        else:
            self.pay_used |= 1 << colour

    def _explored(self) -> None:
        """The cost is paid exactly: immediate gains, the destination above the boat, refill."""
        p = self.turn
        player = self.players[p]
        d = self.pay_dest
        self.pay_dest = -1
        dest = DESTINATIONS[d]
        player.destinations.append(d)
        columns = player.trade
        for c, g in enumerate(dest.trade):
            if g >= 0:
                columns[c][g] += 1
        pending = self.pending
        deck = dest.deck
        if (
            deck == LAND_OF_INFLUENCE
            and player.last_deck == TRADING_LAND
            and HELMET in self.artifacts
        ):
            self.extras.append(EXTRA_RECRUIT)
        player.last_deck = deck
        if self.skali:
            pending.append(ACTIVATE_VILLAGE[LINE_LOI if deck == LAND_OF_INFLUENCE else LINE_TL])
        if MEAD_CUP in self.artifacts:
            pending.append(OFFER_MEAD_CUP)
        if self.pay_slot >= 0:
            pending.append(REFILL_DESTINATION[self.pay_slot])
        self.gain(p, DEST_IMMEDIATE[d])
        self.proceed()

    def affordable(self, p: int, d: int) -> bool:
        """Whether seat ``p`` can pay destination ``d`` exactly with crew cards and recruits."""
        player = self.players[p]
        return can_pay(d, player.colours, player.recruits)

    def _pay_options(self) -> list[int]:
        """KN-4: every card or recruit after which the payment can still be made exactly."""
        player = self.players[self.turn]
        crew = player.crew
        result: list[int] = []
        for c in self._payable_colours(player):
            result += [PAY_ID[t] for t in COLOUR_TYPES[c] if crew[t]]
        if player.recruits:
            result.append(PAY_RECRUIT_ID)
        return result

    def _payable_colours(self, player: Player) -> list[int]:
        """The crew colours a card of which may go towards the cost now (KN-4)."""
        colours = player.colours
        kind = DEST_KIND[self.pay_dest]
        if kind == COST_COLOURS:
            need = self.pay_need
            return [c for c in COLOUR_RANGE if colours[c] and need[c]]
        if kind == COST_DIFFERENT:
            used = self.pay_used
            return [c for c in COLOUR_RANGE if colours[c] and not used >> c & 1]
        return self._same_colours(player)

    def _same_colours(self, player: Player) -> list[int]:
        """A cost of cards of one colour: the colour paid so far, or any that can complete it."""
        colours = player.colours
        chosen = self.pay_colour
        if chosen >= 0:
            return [chosen] if colours[chosen] else []
        short = self.pay_left - player.recruits
        return [c for c in COLOUR_RANGE if colours[c] and colours[c] >= short]

    # ---- Trade, Develop, renew ------------------------------------------------------------------

    def _trade(self, k: int) -> None:
        """KN-6: return k bracelets; collect columns 1..k of the boat and every destination,
        applied together."""
        p = self.turn
        player = self.players[p]
        self.traded = True
        player.bracelets -= k
        columns = player.trade
        gains = columns[0].copy()
        for c in range(1, k):
            column = columns[c]
            for g in range(NUM_GAINS):
                gains[g] += column[g]
        self.pending += (BACK_TO_TURN, EXTRA_ACTIONS)
        self.gain(p, gains)
        self.proceed()

    def _develop(self, b: int) -> None:
        """SK-2: buy a visible building; refill its slot."""
        player = self.players[self.turn]
        self.developed = True
        player.coins -= BUILDINGS[b].cost
        player.village.append(b)
        slot = self.building_market.index(b)
        self.building_market[slot] = -1
        self.pending += (BACK_TO_TURN, REFILL_BUILDING[slot])
        self.proceed()

    def _renew(self, a: int, b: int) -> None:
        """SK-6: slide the buildings of 1 or 2 slots under the deck (in slot order) and reveal
        as many."""
        self.players[self.turn].change_token = False
        slots = [a] if a == b else [a, b]
        for slot in slots:
            self.building_deck_bottom.append(self.building_market[slot])
            self.building_market[slot] = -1
        self.pending.append(BACK_TO_TURN)
        self.pending += [REFILL_BUILDING[s] for s in reversed(slots)]
        self.proceed()

    # ---- village (SK-3) -----------------------------------------------------------------------

    def _line_cards(self, player: Player, line: int) -> list[int]:
        """Village cards with something on ``line``: -1 for the skáli, else building indices."""
        cards = [-1] if any(self.skali_card.lines[line]) else []
        cards += [b for b in player.village if any(BUILDINGS[b].lines[line])]
        return cards

    def _card_line(self, card: int) -> tuple[int, ...]:
        return (self.skali_card if card < 0 else BUILDINGS[card]).lines[self.line]

    def _order_matters(self, player: Player, cards: list[int]) -> bool:
        """Only vp gains against losses make order matter: with fewer vp than the losses ("lose
        1 vp" at 0 does nothing), gains first and losses first end differently; and gains first
        may reach the end threshold where losses first do not (KN-8: at any step)."""
        if len(cards) < 2:
            return False
        vps = [self._card_line(card)[VP] for card in cards]
        gains = sum(vp for vp in vps if vp >= 0)
        losses = -sum(vp for vp in vps if vp < 0)
        if not gains or not losses:
            return False
        vp = player.vp
        if vp < losses:
            return True
        return not self.ended and vp + gains >= END_THRESHOLD > vp - losses + gains

    def activate_village(self, line: int) -> bool:
        """Activate the village for ``line`` (True: the player must choose the order)."""
        p = self.turn
        player = self.players[p]
        self.line = line
        if line == LINE_EXISTING and self.n == 2:
            player.change_token = True  # SK-6: the special building turns the change token over
        cards = self._line_cards(player, line)
        if self._order_matters(player, cards):
            self.activating = cards
            self._offer_activation()
            return True
        for card in cards:
            self.gain(p, self._card_line(card))
        return False

    def _offer_activation(self) -> None:
        cards = self.activating
        self.offered = sorted(ACTIVATE_SKALI_ID if c < 0 else ACTIVATE_ID[c] for c in cards)
        self.phase = VILLAGE_ORDER

    def _activate(self, action: int) -> None:
        p = self.turn
        cards = self.activating
        card = ARG[action]
        cards.remove(card)
        self.gain(p, self._card_line(card))
        if self._order_matters(self.players[p], cards):
            self._offer_activation()
            return
        for rest in cards:
            self.gain(p, self._card_line(rest))
        self.activating = []
        self.proceed()

    # ---- raid (SK-5) ----------------------------------------------------------------------------

    def _raid_won(self, player: Player) -> list[int]:
        gains = list(self.skali_card.raid_most)
        for b in player.village:
            for g, x in enumerate(BUILDINGS[b].raid_most):
                gains[g] += x
        return gains

    def _raid_lost(self, player: Player) -> list[int]:
        losses = list(self.skali_card.raid_fewest)
        for b in player.village:
            for g, x in enumerate(BUILDINGS[b].raid_fewest):
                losses[g] += x
        return losses

    def _raid(self) -> None:
        """SK-5: most tokens gain and return all (one of them restoring the additional token
        beside the board); fewest lose and keep theirs; the others return 1. Two players: the
        one with fewer also returns 1. Every player tied: all gain, lose and return all."""
        n = self.n
        players = self.players
        order = [(self.turn + i) % n for i in range(n)]
        tokens = [player.raid_tokens for player in players]
        most = max(tokens)
        fewest = min(tokens)
        winners = [p for p in order if tokens[p] == most]
        for p in winners:
            self.gain(p, self._raid_won(players[p]))
        if most == fewest:
            losers = winners
        else:
            losers = [p for p in order if players[p].raid_tokens == fewest]
        for p in losers:
            self.gain(p, self._raid_lost(players[p]))
        self._return_raid_tokens(order, most, fewest)

    def _return_raid_tokens(self, order: list[int], most: int, fewest: int) -> None:
        returned = 0
        for p in order:
            player = self.players[p]
            tokens = player.raid_tokens
            if tokens == most:
                returned += tokens
                player.raid_tokens = 0
            elif tokens != fewest or (self.n == 2 and tokens):
                player.raid_tokens -= 1
                returned += 1
        if not self.additional_token_beside_board:
            self.additional_token_beside_board = (
                True  # a winner puts one token back beside the board
            )
            returned -= 1
        self.raid_tokens_on_board += returned

    # ---- the artifacts' decisions -------------------------------------------------------------

    def offer_mead_cup(self) -> bool:
        options = [MEAD_ID[s] for s in range(MARKET_SLOTS) if self.market[s] >= 0]
        if not options:
            return False
        options.append(NO_MEAD_ID)
        self.offered = options
        self.phase = MEAD_CUP_DISCARD
        return True

    def _mead_cup(self, action: int) -> None:
        if KIND[action] == MEAD:
            slot = ARG[action]
            self.discard[self.market[slot]] += 1
            self.discard_size += 1
            self.market[slot] = -1
            self.pending.append(DRAW_TO_MARKET[slot])
        self.proceed()

    def offer_reserve(self) -> bool:
        options = sorted(RESERVE_ID[d] for d in self.visible if d >= 0)
        if not options or len(self.players[self.turn].reserved) >= MAX_RESERVED:
            return False
        options.append(NO_RESERVE_ID)
        self.offered = options
        self.phase = RESERVATION
        return True

    def _reserve(self, action: int) -> None:
        if KIND[action] == RESERVE:
            d = ARG[action]
            slot = self.visible.index(d)
            self.visible[slot] = -1
            self.players[self.turn].reserved.append(d)
            self.pending.append(REFILL_DESTINATION[slot])
        self.proceed()

    def offer_extra(self) -> bool:
        """The next extra action earned that has a choice (Helmet, Weathervane)."""
        extras = self.extras
        while extras:
            self.extra_kind = extras.pop(0)
            if len(self._extra_options()) > 1:
                self.phase = EXTRA_ACTION
                self.pending.append(EXTRA_ACTIONS)
                return True
        return False

    def _extra_options(self) -> list[int]:
        """The extra action's options (from the hand: computed each time, as a resampled hand
        may differ), then "skip extra"."""
        player = self.players[self.turn]
        if self.extra_kind == EXTRA_RECRUIT:
            options = sorted({RECRUIT_ACTION_ID[t] for t in player.hand})
        else:
            options = sorted(self._explore_options(player))
        options.append(SKIP_EXTRA_ID)
        return options

    def _extra_action(self, action: int) -> None:
        kind = KIND[action]
        if kind == RECRUIT_KIND:
            self._recruit(ARG[action])
        elif kind == EXPLORE:
            self._explore(ARG[action])
        else:
            self.proceed()

    # ---- options --------------------------------------------------------------------------------

    def _explore_options(self, player: Player) -> list[int]:
        """The destinations ``player`` can pay (KN-4), visible or reserved; unsorted."""
        colours = player.colours
        recruits = player.recruits
        result = []
        for d in self.visible:
            if d < 0:
                continue
            single = DEST_SINGLE[d]
            if single >= 0:  # one colour: the common case, inlined
                if colours[single] + recruits >= DEST_SIZE[d]:
                    result.append(EXPLORE_ID[d])
            elif can_pay(d, colours, recruits):
                result.append(EXPLORE_ID[d])
        for d in player.reserved:
            if can_pay(d, colours, recruits):
                result.append(EXPLORE_ID[d])
        return result

    def _action_options(self) -> list[int]:
        player = self.players[self.turn]
        result = [RECRUIT_ACTION_ID[t] for t in set(player.hand)]
        result += self._explore_options(player)
        if not result:
            result.append(PASS_ID)  # no card in hand and nothing affordable
        if not self.traded:
            result += TRADE_ID[: min(player.bracelets, 3)]
        if self.skali:
            result += self._skali_options(player)
        result.sort()
        return result

    def _skali_options(self, player: Player) -> list[int]:
        result: list[int] = []
        market = self.building_market
        if not self.developed:
            coins = player.coins
            result += [DEVELOP_ID[b] for b in market if b >= 0 and BUILDINGS[b].cost <= coins]
        if player.change_token:
            shown = [s for s in range(len(market)) if market[s] >= 0]
            for i, a in enumerate(shown):
                row = RENEW_ID[a]
                result.append(row[a])
                result += [row[b] for b in shown[i + 1 :]]
        return result

    def _after_options(self) -> list[int]:
        player = self.players[self.turn]
        result = [] if self.traded else TRADE_ID[: min(player.bracelets, 3)]
        if self.skali:
            result = result + self._skali_options(player)
        result.append(END_ID)
        result.sort()
        return result

    def _offered(self) -> list[int]:
        return self.offered

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
        if self.ended and tally.reached >= 0:
            reason = (
                f"{self.game.seat_name(tally.reached)} reached {END_THRESHOLD} vp (KN-8) "
                "and the round was played out"
            )
        else:
            reason = f"round {MAX_ROUNDS} was the last (the round limit)"
        sources = [s for s in range(len(VP_SOURCES)) if self.skali or s < VILLAGE]
        values: list[JSON] = [tally.tally[s] for s in sources]
        values.append([(p.recruits + p.bracelets) / 10 for p in self.players])
        rows = [*(VP_SOURCES[s] for s in sources), "tie-break: a tenth per recruit and bracelet"]
        return {"reason": reason, "breakdown": {"rows": rows, "values": values}}

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

    # Why the covering deals suffice. Legality and refusals consult a hand only where it is the
    # turn seat's, and only through the set S of types it holds: Recruit's options
    # (_action_options, _extra_options; "pass" needs an empty hand, whose size all see) and a
    # wrong phase's refusal, which quotes the task's first legal Recruits, the smallest members
    # of S. A membership "t in S" is the same on every deal iff on the covering deals, as they
    # keep or change it for each t. So is the list of the j smallest members of S, for any j:
    # if it differs between two deals, let its i-th member be the first that does and x the
    # least i-th member of any deal; every deal holds the same i-1 smallest, so a deal holding
    # x has x as i-th, and a deal whose i-th differs holds no x; the covering deals have one
    # deal with x and one without it, which differ. tests/server/test_why_secrecy.py checks the
    # covering deals against every deal, and that only the set of types matters.

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
            return "trade comes before or after the action, not during it (KN-6)"
        return f"now {self.phase.task(self, True)}"

    def _why_not_extra(self, action: int) -> str:
        kind = KIND[action]
        wanted = RECRUIT_KIND if self.extra_kind == EXTRA_RECRUIT else EXPLORE
        if kind != SKIP_EXTRA and kind != wanted:
            return self.wrong_phase(action)
        return self._why_refused(action)

    def _why_refused(self, action: int) -> str:
        """Why a decision's action of an accepted kind is refused, with its rule."""
        refusal = REFUSALS.get(KIND[action])
        if refusal is None:
            return "not legal now"
        return refusal(self, self.current_player(), ARG[action])

    def _why_not_recruit(self, p: int, t: int) -> str:
        return f"{self.game.seat_name(p)} has no {TYPE_NAMES[t]} in hand"

    def _why_not_explore(self, p: int, d: int) -> str:
        dest = DESTINATIONS[d]
        if d not in self.visible and d not in self.players[p].reserved:
            where = " or reserved" if GOLDEN_BRACELET in self.artifacts else ""
            return f"{dest.name} is not a visible{where} destination"
        player = self.players[p]
        colours = player.colours
        have = ", ".join(f"{colours[c]} {COLOURS[c]}" for c in COLOUR_RANGE if colours[c])
        return (
            f"{self.game.seat_name(p)} is short: {dest.name} costs {dest.cost_text()}, the crew "
            f"holds {have or 'no cards'} and {player.recruits} recruits (each recruit replaces one "
            "card, KN-4)"
        )

    def _why_not_trade(self, p: int, k: int) -> str:
        if self.traded:
            return "trade once per turn, before or after the action, not both (KN-6)"
        bracelets = self.players[p].bracelets
        return f"{self.game.seat_name(p)} has {bracelets} bracelets: trading {k} returns {k} (KN-6)"

    def _why_not_pay(self, p: int, t: int) -> str:
        name = TYPE_NAMES[t]
        if not self.players[p].crew[t]:
            return f"{self.game.seat_name(p)}'s crew holds no {name}"
        dest = DESTINATIONS[self.pay_dest]
        colour = COLOURS[TYPE_COLOUR[t]]
        kind = DEST_KIND[self.pay_dest]
        if kind == COST_COLOURS:
            return (
                f"{dest.name} costs {dest.cost_text()} and needs no more {colour}: the payment "
                "must be exact, no surplus card (KN-4)"
            )
        if kind == COST_DIFFERENT:
            return (
                f"{colour} is already paid: {dest.name} needs {dest.cost_text()}, no surplus "
                "card (KN-4)"
            )
        if self.pay_colour >= 0:
            paid = COLOURS[self.pay_colour]
            return f"{dest.name} costs {dest.cost_text()}: the cards paid are {paid} (KN-4)"
        return (
            f"{dest.name} costs {dest.cost_text()}: the crew's {colour} cards and the recruits "
            "cannot complete it (KN-4)"
        )

    def _why_not_pay_recruit(self, p: int, arg: int) -> str:
        return f"{self.game.seat_name(p)} has no recruit left to pay with (KN-4)"

    def _why_not_take(self, p: int, slot: int) -> str:
        if self.market[slot] < 0:
            return f"the {COLOURS[slot]} slot is empty (KN-7)"
        colour = COLOURS[self.taking.colour]
        return (
            f"the card played was {colour}: take from the {colour} slot, or spend 1 recruit to "
            f"take any (the Recruit action); {self.game.seat_name(p)} has none"
        )

    def _why_not_develop(self, p: int, b: int) -> str:
        if self.developed:
            return "Develop once per turn (SK-2)"
        if b not in self.building_market:
            return f"building {b + 1} is not visible (SK-2)"
        coins = self.players[p].coins
        who = self.game.seat_name(p)
        return f"building {b + 1} costs {BUILDINGS[b].cost} coins; {who} has {coins} (SK-2)"

    def _why_not_renew(self, p: int, slot: int) -> str:
        if not self.players[p].change_token:
            return f"{self.game.seat_name(p)}'s change token is unavailable (SK-6)"
        return "renew only slots that hold a building (SK-6)"

    def _why_not_activate(self, p: int, card: int) -> str:
        return "that village card has already been activated, or has nothing on this line"

    def _why_not_mead(self, p: int, slot: int) -> str:
        return f"the {COLOURS[slot]} slot is empty (Mead Cup)"

    def _why_not_reserve(self, p: int, d: int) -> str:
        return f"{DESTINATIONS[d].name} is not visible (Golden bracelet)"

    def _why_not_pass(self, p: int, arg: int) -> str:
        return "pass only when neither Recruit nor Explore is possible"

    # ---- what is being decided ------------------------------------------------------------------

    def may_quote(self, viewer: int | None) -> bool:
        """Only the referee and the seat to move see its legal actions: quoted, they would show
        its hand to the others."""
        return viewer == REFEREE or viewer == self.current_player()

    def _action_task(self, quote: bool) -> str:
        main = offer(choices(self, ACTION_WORDS, quote), limit=2)
        before = offer(choices(self, BEFORE_ACTION_WORDS, quote), limit=1)
        first = f" (or first {before})" if before else ""
        return f"{self.game.seat_name(self.turn)} takes an action: {main}{first}"

    def _payment_task(self, quote: bool) -> str:
        dest = DESTINATIONS[self.pay_dest]
        text = offer(choices(self, PAYMENT_WORDS, quote))
        return (
            f"{self.game.seat_name(self.turn)} pays {dest.name} ({dest.cost_text()}, "
            f"{self.pay_left} left): {text} (KN-4)"
        )

    def _extra_task(self, quote: bool) -> str:
        words = EXTRA_RECRUIT_WORDS if self.extra_kind == EXTRA_RECRUIT else EXTRA_EXPLORE_WORDS
        return f"{self.game.seat_name(self.turn)} {offer(choices(self, words, quote))}"

    # ---- text ---------------------------------------------------------------------------------

    def action_to_string_for(self, player: int | None, action: int) -> str:
        """A viking drawn into another seat's hand is only 'a card' to ``player``."""
        if self.phase is VIKING_DRAW:
            draw = self.drawing
            if type(draw) is DrawToHand and draw.seat != player:
                return f"a viking is drawn into {self.game.seat_name(draw.seat)}'s hand"
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

ACTION_WORDS: Words = (("recruit", RECRUIT_KIND), ("explore", EXPLORE), ("pass", PASS))
BEFORE_ACTION_WORDS: Words = (("trade", TRADE), ("develop", DEVELOP), ("renew", RENEW))
PAYMENT_WORDS: Words = (("pay with a crew card", PAY), ("with a recruit", PAY_RECRUIT))
AFTER_ACTION_WORDS: Words = (
    ("may trade", TRADE),
    ("develop", DEVELOP),
    ("renew", RENEW),
    ("end turn", END),
)
EXTRA_RECRUIT_WORDS: Words = (
    ("may take an extra Recruit (Helmet)", RECRUIT_KIND),
    ("skip it", SKIP_EXTRA),
)
EXTRA_EXPLORE_WORDS: Words = (
    ("may take an extra Explore (Weathervane)", EXPLORE),
    ("skip it", SKIP_EXTRA),
)
_seat_to_move = attrgetter("turn")


ACTION: Phase[KnarrState] = Phase(
    "action",
    (RECRUIT_KIND, EXPLORE, TRADE, DEVELOP, RENEW, PASS),
    mover=_seat_to_move,
    legal=KnarrState._action_options,
    apply=KnarrState._act,
    why=KnarrState._why_refused,
    task=KnarrState._action_task,
)
PAYMENT: Phase[KnarrState] = Phase(
    "pay",
    (PAY, PAY_RECRUIT),
    mover=_seat_to_move,
    legal=KnarrState._pay_options,
    apply=KnarrState._pay,
    why=KnarrState._why_refused,
    task=KnarrState._payment_task,
)
MARKET_TAKE: Phase[KnarrState] = Phase(
    "take",
    (TAKE,),
    mover=_seat_to_move,
    legal=offered,
    apply=KnarrState._take,
    why=KnarrState._why_refused,
    task=offer_task((("takes a board viking", TAKE),)),
)
AFTER_ACTION: Phase[KnarrState] = Phase(
    "after action",
    (TRADE, DEVELOP, RENEW, END),
    mover=_seat_to_move,
    legal=offered,
    apply=KnarrState._after_action,
    why=KnarrState._why_refused,
    task=offer_task(AFTER_ACTION_WORDS),
)
VILLAGE_ORDER: Phase[KnarrState] = Phase(
    "activate village",
    (ACTIVATE,),
    mover=_seat_to_move,
    legal=offered,
    apply=KnarrState._activate,
    why=KnarrState._why_refused,
    task=offer_task((("chooses the next village card to activate", ACTIVATE),), " (SK-3)"),
)
MEAD_CUP_DISCARD: Phase[KnarrState] = Phase(
    "mead cup",
    (MEAD, NO_MEAD),
    mover=_seat_to_move,
    legal=offered,
    apply=KnarrState._mead_cup,
    why=KnarrState._why_refused,
    task=offer_task((("may discard a board viking", MEAD), ("not", NO_MEAD)), " (Mead Cup)"),
)
RESERVATION: Phase[KnarrState] = Phase(
    "reserve",
    (RESERVE, NO_RESERVE),
    mover=_seat_to_move,
    legal=offered,
    apply=KnarrState._reserve,
    why=KnarrState._why_refused,
    task=offer_task((("may reserve a destination", RESERVE), ("not", NO_RESERVE))),
)
EXTRA_ACTION: Phase[KnarrState] = Phase(
    "extra action",
    (RECRUIT_KIND, EXPLORE, SKIP_EXTRA),
    mover=_seat_to_move,
    legal=KnarrState._extra_options,
    apply=KnarrState._extra_action,
    why=KnarrState._why_not_extra,
    task=KnarrState._extra_task,
)
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

REFUSALS: dict[int, Callable[[KnarrState, int, int], str]] = {
    RECRUIT_KIND: KnarrState._why_not_recruit,
    EXPLORE: KnarrState._why_not_explore,
    TRADE: KnarrState._why_not_trade,
    PAY: KnarrState._why_not_pay,
    PAY_RECRUIT: KnarrState._why_not_pay_recruit,
    TAKE: KnarrState._why_not_take,
    DEVELOP: KnarrState._why_not_develop,
    RENEW: KnarrState._why_not_renew,
    ACTIVATE: KnarrState._why_not_activate,
    MEAD: KnarrState._why_not_mead,
    RESERVE: KnarrState._why_not_reserve,
    PASS: KnarrState._why_not_pass,
}
"""Why a decision's action of each kind is refused (seat, argument), with its rule."""

TAKE_AFTER_RECRUIT = [[TakeAfterRecruit(c, False), TakeAfterRecruit(c, True)] for c in COLOUR_RANGE]
ACTIVATE_VILLAGE = [ActivateVillage(line) for line in range(len(LINE_TEXT))]
"""Pending work records made once (a record is immutable): those a turn pushes most."""


VP_SOURCES = (
    "reputation income",
    "recruiting",
    "destinations' gains",
    "trading",
    "village (SK-3)",
    "raids won (SK-5)",
    "raids lost (SK-5)",
)
REPUTATION_INCOME, RECRUITING, DESTINATIONS_GAINS, TRADING, VILLAGE, RAIDS_WON, RAIDS_LOST = range(
    len(VP_SOURCES)
)


class VpTally(KnarrState):
    """A replay that notes where each seat's vp came from (``KnarrState.outcome``): the same
    rules, never played. Every vp is gained in one of the methods below; each names its source
    while it runs (the innermost one counts), and a raid's losses are told from its gains by
    their sign. ``reached``: the first seat to reach the end threshold (KN-8), or -1."""

    def __init__(self, game: Game) -> None:
        self.source = RECRUITING
        self.tally = [[0] * game.num_players() for _ in VP_SOURCES]
        self.reached = -1
        super().__init__(game)  # type: ignore[arg-type]

    def _from(self, source: int, method: Callable[..., object], *args: int) -> object:
        outer, self.source = self.source, source
        try:
            return method(*args)
        finally:
            self.source = outer

    def _add_vp(self, player: Player, amount: int) -> None:
        seat = next(p for p, other in enumerate(self.players) if other is player)
        before = player.vp
        super()._add_vp(player, amount)
        source = RAIDS_LOST if self.source == RAIDS_WON and amount < 0 else self.source
        self.tally[source][seat] += player.vp - before
        if self.ended and self.reached < 0:
            self.reached = seat

    def _apply(self, action: int) -> None:
        source = VILLAGE if KIND[action] == ACTIVATE else self.source  # the phase's own method
        self._from(source, super()._apply, action)

    def start_turn(self) -> None:
        self._from(REPUTATION_INCOME, super().start_turn)

    def _recruit(self, t: int) -> None:
        self._from(RECRUITING, super()._recruit, t)

    def _explored(self) -> None:
        self._from(DESTINATIONS_GAINS, super()._explored)

    def _trade(self, k: int) -> None:
        self._from(TRADING, super()._trade, k)

    def activate_village(self, line: int) -> bool:
        return bool(self._from(VILLAGE, super().activate_village, line))

    def _raid(self) -> None:
        self._from(RAIDS_WON, super()._raid)


__all__ = ["GAINS", "KnarrGame", "KnarrState", "Player"]
