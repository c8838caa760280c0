"""Skåål's rules: :class:`SkaalGame` and :class:`SkaalState` (rulebooks/skaal.txt, SA-1…SA-14).

Nothing in Skåål is hidden: the board, reserves and track are open, and the die is a chance node.
``view`` is the whole table for every seat.

The table: a :class:`Clan` per seat (its pieces off the map and its standing) and the map as
per-region lists (``dwarfs[region][clan]``, ``nuggets``, ``ooops``, ``innkeeper`` …). The State
keeps the mechanics every phase shares, named after their rules: dwarfs added and moved, with
SA-10's change of innkeeper at once; respect gained, with SA-11's hop over the pawn; the start of
a turn with its Inn income (SA-5) and the end of a turn or of the game (SA-12).

The turn flow (``SkaalState.flow``) is declared phase by phase in :mod:`.phases`, one module per
part of the rulebook's turn, each with its legal moves, apply, why-not, task and ruling ids:
``setup`` (:mod:`.phases.setup`, SA-4), ``action`` (:mod:`.phases.game_turn`), the chance node
``roll`` (:mod:`.phases.die`), ``find`` (:mod:`.phases.prospecting`) and ``rumor``
(:mod:`.phases.rumor`). The rumor of a find is the turn's only pending work: a record per
neighbour of the find in map order (SA-2), then the turn's end.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, cast

from langbord.core.flow import OVER, Flow, FlowState
from langbord.core.game import JSON, Game
from langbord.core.i18n import N_, _
from langbord.core.info import GameInfo
from langbord.core.options import Option
from langbord.engines.skaal.data import (
    ACCOUNTANT_START,
    CLANS,
    DEFAULT_MAX_ROUNDS,
    DEFAULT_PROSPECTS,
    DIE_FACES,
    DWARFS_PER_CLAN,
    INNS_PER_CLAN,
    PAWN_START,
    REGIONS,
    SETUP,
)
from langbord.engines.skaal.info import INFO
from langbord.engines.skaal.notation import ACTION_STRINGS, KIND, NEIGHBOURS, PROSPECT
from langbord.engines.skaal.notation import R as NUM_REGIONS
from langbord.engines.skaal.phases import REGION_RANGE
from langbord.engines.skaal.phases.die import ROLL_PHASE
from langbord.engines.skaal.phases.game_turn import ACTION_PHASE
from langbord.engines.skaal.phases.prospecting import FIND_PHASE
from langbord.engines.skaal.phases.rumor import RUMOR_PHASE
from langbord.engines.skaal.phases.setup import SETUP_PHASE

if TYPE_CHECKING:
    from langbord.engines.skaal.views import SkaalClan, SkaalPhase, SkaalRegion, SkaalView


class SkaalGame(Game):
    """Skåål for 3–6 players."""

    name: ClassVar[str] = "skaal"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 1
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, N_("number of players"), minimum=3, maximum=6, label=N_("Players")),
        Option(
            "prospects",
            DEFAULT_PROSPECTS,
            N_("prospects before the mines close"),
            minimum=1,
            maximum=200,
            label=N_("Prospects"),
            rulings=("SA-3",),
        ),
        Option(
            "max_rounds",
            DEFAULT_MAX_ROUNDS,
            N_("rounds after which the game ends regardless"),
            minimum=1,
            maximum=10_000,
            label=N_("Most rounds"),
            rulings=("SA-12",),
        ),
    )
    conformance_options = (
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 6},
        {"players": 4, "prospects": 5, "max_rounds": 30},
    )

    def action_strings(self) -> Sequence[str]:
        return ACTION_STRINGS

    def max_game_length(self) -> int:
        # Setup placements, then per turn at most: prospect, roll, find and three rumor choices.
        n = self.num_players()
        placed = SETUP[n][0]
        return n * placed + int(self.options["max_rounds"]) * n * 6

    def new_initial_state(self) -> SkaalState:
        return SkaalState(self)


class Clan:
    """One clan's pieces off the map and its standing: its Dwarf Accountant's space on the respect
    track, its dwarfs still to place at setup, in reserve and unused (SA-1), its Royal Inns in
    reserve, the regions whose innkeeper is of the clan (it owns those Inns, SA-10), and per region
    its free dwarfs, the ones that may move or harvest: all but its innkeepers (SA-6)."""

    __slots__ = ("accountant", "free", "inns", "owned", "reserve", "to_place", "unused")

    def __init__(self, to_place: int, reserve: int) -> None:
        self.accountant = ACCOUNTANT_START
        self.to_place = to_place
        self.reserve = reserve
        self.unused = DWARFS_PER_CLAN - to_place - reserve - 1
        self.inns = INNS_PER_CLAN
        self.owned: list[int] = []
        """Regions whose innkeeper is of this clan, in map order."""
        self.free = [0] * NUM_REGIONS

    def copy(self) -> Clan:
        new = Clan.__new__(Clan)
        new.accountant = self.accountant
        new.to_place = self.to_place
        new.reserve = self.reserve
        new.unused = self.unused
        new.inns = self.inns
        new.owned = self.owned.copy()
        new.free = self.free.copy()
        return new


class SkaalState(FlowState):
    """A Skåål table. See its card (``card.toml``) for the notation."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "clans",
        "dwarfs",
        "find",
        "income",
        "inn_colour",
        "inn_targets",
        "innkeeper",
        "majority",
        "max_rounds",
        "mines_closed",
        "n",
        "nuggets",
        "ooops",
        "pawn",
        "roll",
        "rounds",
        "rumor_from",
        "total",
        "turn",
    )

    def __init__(self, game: SkaalGame) -> None:
        super().__init__(game)
        n = self.n = game.num_players()
        placed, reserve = SETUP[n]
        self.clans = [Clan(placed, reserve) for _ in range(n)]
        self.dwarfs: list[list[int]] = [[0] * n for _ in REGION_RANGE]
        """Dwarfs per region per clan, ``dwarfs[region][clan]``, innkeepers included."""
        self.total = [0] * NUM_REGIONS
        """Dwarfs of every clan in each region."""
        self.majority = [-1] * NUM_REGIONS
        """The clan with more dwarfs there than every other clan, or -1."""
        self.innkeeper = [-1] * NUM_REGIONS
        """The innkeeper's clan (the Inn's owner, SA-10), -1 where there is no Inn."""
        self.inn_colour = [-1] * NUM_REGIONS
        """The colour of the Inn figure standing there (of little importance), or -1."""
        self.inn_targets: list[int] | None = None
        """Regions an Inn may move to (SA-9), when known; replaced, never mutated."""
        self.nuggets = [0] * NUM_REGIONS
        self.ooops = [False] * NUM_REGIONS
        self.pawn = PAWN_START
        self.mines_closed = PAWN_START + int(game.options["prospects"])
        self.max_rounds = int(game.options["max_rounds"])
        self.turn = 0  # SA-4: seat 0 starts
        self.rounds = 0
        self.roll = -1
        """The die's face being resolved, or -1."""
        self.find = -1
        """The region of the find being resolved, or -1."""
        self.rumor_from = -1
        """The neighbour of the find whose dwarf the prospector chooses (the rumor phase)."""
        self.income = 0
        """The Inn income of the turn's player at its start (SA-5)."""
        self.phase = SETUP_PHASE
        self.pending = []

    def is_terminal(self) -> bool:
        """The phase is over (asked at every step, so without asking the phase's mover)."""
        return self.phase is OVER

    def wrong_phase(self, action: int) -> str:
        """Skåål's prompts name the clan that decides ("black chooses an action: …"), so an
        action of the wrong kind is refused with "now" and the prompt ("now black chooses an
        action: …", "now the die is rolled …")."""
        return _("now {task}").format(task=self.phase.task(self, True))

    # ---- the turn ----------------------------------------------------------------------------

    def start_turn(self) -> None:
        """SA-5: Inn income first, then the player chooses one action."""
        c = self.turn
        clan = self.clans[c]
        income = 0
        if clan.owned:
            total = self.total
            dwarfs = self.dwarfs
            for r in clan.owned:
                income += total[r] - dwarfs[r][c]
            if income:
                self.gain(clan, income)
        self.income = income
        self.phase = ACTION_PHASE

    def end_turn(self) -> None:
        """The end of the game (SA-12: :meth:`game_over`, written out here since every turn asks
        it, or the safeguard) or the next clan's turn: Inn income first, then one action."""
        self.roll = -1
        self.find = -1
        if (self.pawn >= self.mines_closed and not any(self.nuggets)) or all(self.ooops):
            self.phase = OVER
            return
        turn = self.turn = (self.turn + 1) % self.n
        if not turn:
            self.rounds += 1
            if self.rounds >= self.max_rounds:
                self.phase = OVER  # SA-12: the safeguard
                return
        if self.clans[turn].owned:
            self.start_turn()
        else:  # no Inn, no income
            self.income = 0
            self.phase = ACTION_PHASE

    def game_over(self) -> bool:
        """SA-12: every region holds an Ooops, or the mines are closed and no gold is left."""
        return (self.pawn >= self.mines_closed and not any(self.nuggets)) or all(self.ooops)

    # ---- dwarfs on the map -------------------------------------------------------------------

    def add_dwarf(self, clan: int, region: int) -> None:
        """A dwarf of ``clan`` arrives in ``region`` (placed): a free one (SA-6), then SA-10."""
        self.clans[clan].free[region] += 1
        self.dwarfs[region][clan] += 1
        self.total[region] += 1
        self._recount(region)

    def move_dwarf(self, clan: int, source: int, destination: int) -> None:
        """A free dwarf of ``clan`` goes from ``source`` to ``destination`` (a move, or the
        rumor's), then SA-10 in both regions."""
        free = self.clans[clan].free
        free[source] -= 1
        free[destination] += 1
        dwarfs = self.dwarfs
        dwarfs[source][clan] -= 1
        dwarfs[destination][clan] += 1
        total = self.total
        total[source] -= 1
        total[destination] += 1
        self._recount(source)
        self._recount(destination)

    def _recount(self, r: int) -> None:
        """After a change of dwarfs in ``r``: its majority, and SA-10's change of innkeeper (a
        clan with more dwarfs than the innkeeper's takes the Inn at once)."""
        row = self.dwarfs[r]
        best = max(row)
        majority = row.index(best) if best and row.count(best) == 1 else -1
        keeper = self.innkeeper[r]
        if majority != self.majority[r]:
            self.majority[r] = majority
            if keeper < 0:
                self.inn_targets = None
        if keeper >= 0 and row[keeper] < best:
            self._take_over(r, keeper, best)

    def _take_over(self, r: int, keeper: int, best: int) -> None:
        """SA-10: the Inn in ``r`` passes to the clan with the most dwarfs, the first of them in
        turn order from the current player on a tie; the old innkeeper stays as a plain dwarf."""
        row = self.dwarfs[r]
        n = self.n
        for i in range(n):
            c = (self.turn + i) % n
            if row[c] == best:
                self.innkeeper[r] = c
                old, new = self.clans[keeper], self.clans[c]
                old.owned.remove(r)
                insort(new.owned, r)
                old.free[r] += 1
                new.free[r] -= 1
                return

    def gain(self, clan: Clan, points: int) -> None:
        """SA-11: move the accountant, hopping over the pawn's space."""
        start = clan.accountant
        end = start + points
        if start < self.pawn <= end:
            end += 1
        clan.accountant = end

    # ---- queries ------------------------------------------------------------------------------

    def respect(self) -> list[int]:
        """Each clan's respect: its accountant's space minus 1 (SA-11)."""
        return [clan.accountant - ACCOUNTANT_START for clan in self.clans]

    # ---- scores, copies, views ----------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(x) for x in self.respect()]

    def outcome(self) -> dict[str, JSON] | None:
        """Why the game ended (SA-12: every region's Ooops, the gold delivered, or the round
        limit) and each clan's respect by source: the game replayed by :class:`RespectTally`,
        so nothing on the way to the end pays for it. The columns sum to the respect."""
        if self.phase is not OVER:
            return None
        if all(self.ooops):
            reason = _("every region holds an Ooops")
        elif self.pawn >= self.mines_closed and not any(self.nuggets):
            reason = _("the mines are closed and all the gold is delivered")
        else:
            reason = _("round {round} was the last: the table's round limit").format(
                round=self.max_rounds
            )
        tally = RespectTally(self.game)
        for action in self._history:
            tally.apply_unchecked(action)
        return {
            "reason": reason,
            "rulings": ["SA-12", *RESPECT_RULINGS],
            "breakdown": {"rows": [_(row) for row in RESPECT_SOURCES], "values": tally.tally},
        }

    def _copy(self) -> SkaalState:
        new = self._blank_flow()
        new.n = self.n
        new.clans = list(map(Clan.copy, self.clans))
        new.dwarfs = list(map(list.copy, self.dwarfs))
        new.total = self.total.copy()
        new.majority = self.majority.copy()
        new.innkeeper = self.innkeeper.copy()
        new.inn_colour = self.inn_colour.copy()
        new.inn_targets = self.inn_targets  # replaced, never mutated
        new.nuggets = self.nuggets.copy()
        new.ooops = self.ooops.copy()
        new.pawn = self.pawn
        new.mines_closed = self.mines_closed
        new.max_rounds = self.max_rounds
        new.turn = self.turn
        new.rounds = self.rounds
        new.roll = self.roll
        new.find = self.find
        new.rumor_from = self.rumor_from
        new.income = self.income
        return new

    def resample_hidden(self, player: int, rng: random.Random) -> SkaalState:
        """Skåål hides nothing: the same table."""
        self._check_seat(player)
        return self._copy()

    def component_counts(self) -> dict[str, int]:
        counts = {}
        for c, clan in enumerate(self.clans):
            on_map = sum(row[c] for row in self.dwarfs)
            off_map = clan.to_place + clan.reserve + clan.unused + 1  # 1: the accountant
            counts[f"{CLANS[c]} dwarfs"] = on_map + off_map
        inns = sum(1 for colour in self.inn_colour if colour >= 0)
        counts["inns"] = sum(clan.inns for clan in self.clans) + inns
        return counts

    def view(self, player: int | None) -> SkaalView:
        """The whole table (Skåål has no secrets)."""
        self._check_seat(player)
        return {
            "game": "skaal",
            "seat": player,
            "players": [CLANS[c] for c in range(self.n)],
            "turn": self.turn,
            "to_move": self.current_player(),
            "phase": cast("SkaalPhase", self.phase.name),
            "round": self.rounds + 1,
            "max_rounds": self.max_rounds,
            "roll": DIE_FACES[self.roll] if self.roll >= 0 else None,
            "find": REGIONS[self.find] if self.find >= 0 else None,
            "rumor_from": REGIONS[self.rumor_from] if self.phase is RUMOR_PHASE else None,
            "last_income": self.income,
            "regions": [self._region_view(r) for r in REGION_RANGE],
            "clans": [self._clan_view(c) for c in range(self.n)],
            "pawn": self.pawn,
            "mines_closed": self.mines_closed,
            "prospects_left": self.mines_closed - self.pawn,
        }

    def _region_view(self, r: int) -> SkaalRegion:
        row = self.dwarfs[r]
        colour = self.inn_colour[r]
        keeper = self.innkeeper[r]
        return {
            "name": REGIONS[r],
            "roads": [REGIONS[o] for o in NEIGHBOURS[r]],
            "dwarfs": {CLANS[c]: row[c] for c in range(self.n) if row[c]},
            "nuggets": self.nuggets[r],
            "ooops": self.ooops[r],
            "inn": CLANS[colour] if colour >= 0 else None,
            "innkeeper": CLANS[keeper] if keeper >= 0 else None,
        }

    def _clan_view(self, c: int) -> SkaalClan:
        clan = self.clans[c]
        return {
            "clan": CLANS[c],
            "respect": clan.accountant - ACCOUNTANT_START,
            "accountant": clan.accountant,
            "reserve": clan.reserve,
            "to_place": clan.to_place,
            "inns": clan.inns,
        }


RESPECT_SOURCES = (
    N_("gold harvested"),
    N_("Inn income"),
    N_("hopping over the Prospecting Pawn"),
    N_("set back by the Prospecting Pawn"),
)
"""The sources of respect, the outcome's breakdown rows (translated where the outcome is made)."""
RESPECT_RULINGS = ("SA-5", "SA-11")
"""The rulings behind the sources of respect (Inn income; the Prospecting Pawn)."""
HARVESTED, INCOME, HOPPED, SET_BACK = range(len(RESPECT_SOURCES))


class RespectTally(SkaalState):
    """A replay that notes where each clan's respect came from (``SkaalState.outcome``): the
    same rules, never played; ``tally[source][clan]`` sums to each clan's respect."""

    def __init__(self, game: Game) -> None:
        self.source = HARVESTED
        self.tally = [[0] * game.num_players() for _ in RESPECT_SOURCES]
        super().__init__(game)  # type: ignore[arg-type]

    def start_turn(self) -> None:
        self.source = INCOME
        super().start_turn()
        self.source = HARVESTED

    def gain(self, clan: Clan, points: int) -> None:
        c = next(i for i, other in enumerate(self.clans) if other is clan)
        self.tally[self.source][c] += points
        self.tally[HOPPED][c] += clan.accountant < self.pawn <= clan.accountant + points
        super().gain(clan, points)

    def _apply(self, action: int) -> None:
        before = self.respect()
        super()._apply(action)
        if KIND[action] == PROSPECT:  # the pawn advanced: accountants on its space went back
            for c, (old, new) in enumerate(zip(before, self.respect(), strict=True)):
                self.tally[SET_BACK][c] += new - old


# ---- the turn flow -------------------------------------------------------------------------------

SkaalState.flow = Flow(SETUP_PHASE, ACTION_PHASE, ROLL_PHASE, FIND_PHASE, RUMOR_PHASE)


__all__ = [
    "ACTION_PHASE",
    "FIND_PHASE",
    "ROLL_PHASE",
    "RUMOR_PHASE",
    "SETUP_PHASE",
    "Clan",
    "RespectTally",
    "SkaalGame",
    "SkaalState",
]
