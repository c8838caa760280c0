"""Skåål's rules: :class:`SkaalGame` and :class:`SkaalState` (rulebooks/skaal.txt, SA-1…SA-14).

Nothing in Skåål is hidden: the board, reserves and track are open, and the die is a chance node.
``view`` is the whole table for every seat.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from itertools import compress
from typing import ClassVar

from langbord.core.game import CHANCE, JSON, TERMINAL, Game, State
from langbord.core.info import GameInfo
from langbord.core.options import Option
from langbord.core.prompts import MAX_EXAMPLES, offer, quote
from langbord.engines.skaal.data import (
    ACCOUNTANT_START,
    CLANS,
    DEFAULT_MAX_ROUNDS,
    DEFAULT_PROSPECTS,
    DIE_FACES,
    DWARFS_PER_CLAN,
    INNS_PER_CLAN,
    OOOPS_FACE,
    PAWN_START,
    REGIONS,
    SETUP,
)
from langbord.engines.skaal.info import INFO
from langbord.engines.skaal.notation import (
    ACTION_STRINGS,
    ARG1,
    ARG2,
    BUILD,
    BUILD_ID,
    FIND,
    FIND_ID,
    HARVEST,
    HARVEST_ID,
    KIND,
    MOVE,
    MOVE_INN,
    MOVE_INN_ID,
    MOVES_FROM,
    NEIGHBOURS,
    PLACE,
    PLACE_ID,
    PROSPECT,
    PROSPECT_ID,
    ROLL,
    ROLL_ID,
    RUMOR,
    RUMOR_ID,
)
from langbord.engines.skaal.notation import (
    R as NUM_REGIONS,
)

SETUP_PHASE, ACTION, ROLLING, FINDING, RUMORING, OVER = range(6)
PHASE_NAMES = ("setup", "action", "roll", "find", "rumor", "over")
PHASE_KINDS = {
    SETUP_PHASE: {PLACE},
    ACTION: {PLACE, MOVE, PROSPECT, HARVEST, BUILD, MOVE_INN},
    ROLLING: {ROLL},
    FINDING: {FIND},
    RUMORING: {RUMOR},
}
REGION_RANGE = range(NUM_REGIONS)
BIT = [1 << r for r in REGION_RANGE]
REGIONS_IN = [[r for r in REGION_RANGE if mask >> r & 1] for mask in range(1 << NUM_REGIONS)]
"""The regions of a bit mask, in map order."""
MOVES_BY_MASK: dict[int, list[int]] = {}
"""Every move from the regions of a bit mask, filled as masks occur."""
DIE_PROBABILITY = 1.0 / len(DIE_FACES)


class SkaalGame(Game):
    """Skåål for 3–6 players."""

    name: ClassVar[str] = "skaal"
    info: ClassVar[GameInfo] = INFO
    version: ClassVar[int] = 1
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, "number of players", minimum=3, maximum=6),
        Option(
            "prospects",
            DEFAULT_PROSPECTS,
            "prospects before the mines close (SA-3)",
            minimum=1,
            maximum=200,
        ),
        Option(
            "max_rounds",
            DEFAULT_MAX_ROUNDS,
            "rounds after which the game ends regardless (SA-12)",
            minimum=1,
            maximum=10_000,
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


class SkaalState(State):
    """A Skåål table. See the package docstring for the notation."""

    action_kinds: ClassVar[Sequence[int]] = KIND

    __slots__ = (
        "acc",
        "closed",
        "find_region",
        "holdings",
        "income",
        "inn",
        "inns",
        "major",
        "max_rounds",
        "movers",
        "n",
        "nuggets",
        "ooops",
        "out",
        "pawn",
        "phase",
        "piece",
        "reserve",
        "roll",
        "rounds",
        "rows",
        "rumors",
        "targets",
        "to_place",
        "total",
        "turn",
    )

    def __init__(self, game: SkaalGame) -> None:
        super().__init__(game)
        n = self.n = game.num_players()
        placed, reserve = SETUP[n]
        self.rows: list[list[int]] = [[0] * n for _ in REGION_RANGE]  # dwarfs [region][clan]
        # Dwarfs that may move or harvest, [clan][region]: all but innkeepers (SA-6).
        self.movers: list[list[int]] = [[0] * NUM_REGIONS for _ in range(n)]
        self.total = [0] * NUM_REGIONS  # dwarfs of every clan in each region
        self.targets: list[int] | None = None  # regions an Inn may move to (SA-9), when known
        self.inn = [-1] * NUM_REGIONS  # the innkeeper's clan, -1 where there is no Inn
        self.major = [-1] * NUM_REGIONS  # the clan with a strict majority there, or -1
        self.holdings: list[list[int]] = [[] for _ in range(n)]  # each clan's Inns, by region
        self.piece = [-1] * NUM_REGIONS  # the colour of the Inn figure standing there
        self.nuggets = [0] * NUM_REGIONS
        self.ooops = [False] * NUM_REGIONS
        self.to_place = [placed] * n
        self.reserve = [reserve] * n
        self.out = [DWARFS_PER_CLAN - placed - reserve - 1] * n  # unused dwarfs (SA-1)
        self.inns = [INNS_PER_CLAN] * n
        self.acc = [ACCOUNTANT_START] * n
        self.pawn = PAWN_START
        self.closed = PAWN_START + int(game.options["prospects"])
        self.max_rounds = int(game.options["max_rounds"])
        self.turn = 0  # SA-4: seat 0 starts
        self.rounds = 0
        self.phase = SETUP_PHASE
        self.roll = -1
        self.find_region = -1
        self.rumors: list[int] = []
        self.income = 0

    # ---- protocol -----------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == ROLLING:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != ROLLING:
            return []
        return [(a, DIE_PROBABILITY) for a in ROLL_ID]

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == ACTION:
            return self._action_options()
        if phase == ROLLING:
            return list(ROLL_ID)
        if phase == FINDING:
            return [FIND_ID[r] for r in self._find_regions()]
        if phase == RUMORING:
            source = self.rumors[0]
            return [RUMOR_ID[source][c] for c in self._movable_clans(source)]
        if phase == SETUP_PHASE:
            return [PLACE_ID[r] for r in self._setup_regions()]
        return []

    def _apply(self, action: int) -> None:
        kind = KIND[action]
        a = ARG1[action]
        b = ARG2[action]
        c = self.turn
        if kind == MOVE:
            mine = self.movers[c]
            mine[a] -= 1
            mine[b] += 1
            self.rows[a][c] -= 1
            self.rows[b][c] += 1
            self.total[a] -= 1
            self.total[b] += 1
            self._changed(a)
            self._changed(b)
            self._end_turn()
        elif kind == PLACE:
            self.movers[c][a] += 1
            self.rows[a][c] += 1
            self.total[a] += 1
            self._changed(a)
            if self.phase == SETUP_PHASE:
                self.to_place[c] -= 1
                self.turn = (c + 1) % self.n
                if not any(self.to_place):
                    self.turn = 0
                    self._start_turn()
                return
            self.reserve[c] -= 1
            self._end_turn()
        elif kind == HARVEST:
            self.nuggets[a] -= b
            self._gain(c, b)
            if not self.nuggets[a]:
                self.ooops[a] = True  # the vein is exhausted: an Ooops, no rumor
            self._end_turn()
        elif kind == PROSPECT:
            pawn = self.pawn = self.pawn + 1
            acc = self.acc
            for p in range(self.n):
                if acc[p] == pawn:
                    acc[p] -= 1  # SA-11: the pawn lands on an accountant, who moves back
            self.phase = ROLLING
        elif kind == ROLL:
            self.roll = a
            if self._find_regions():
                self.phase = FINDING
            else:
                self._end_turn()  # SA-7: nowhere to put the find; the turn ends
        elif kind == FIND:
            if self.roll == OOOPS_FACE:
                self.ooops[a] = True
                if self._game_over():  # SA-12, SA-14: the game ends at once, before the rumor
                    self._end_turn()
                    return
            else:
                self.nuggets[a] += self.roll + 1
            self.find_region = a
            self.rumors = list(NEIGHBOURS[a])
            self._spread_rumor()
        elif kind == RUMOR:
            self._rumor_move(self.rumors.pop(0), b)
            self._spread_rumor()
        elif kind == BUILD:
            self.inns[c] -= 1
            self.inn[a] = c
            insort(self.holdings[c], a)
            self.movers[c][a] -= 1
            self.piece[a] = c
            self.targets = None
            self._end_turn()
        else:  # MOVE_INN
            self.movers[c][a] += 1  # the old innkeeper stays behind as a plain dwarf
            self.inn[a] = -1
            self.piece[b] = self.piece[a]
            self.piece[a] = -1
            # SA-9: the majority clan provides the innkeeper; SA-13: even if it owns an Inn.
            keeper = self.inn[b] = self.major[b]
            self.holdings[c].remove(a)
            insort(self.holdings[keeper], b)
            self.movers[keeper][b] -= 1
            self.targets = None
            self._end_turn()

    # ---- flow ---------------------------------------------------------------------------------

    def _start_turn(self) -> None:
        """SA-5: Inn income first, then the player chooses one action."""
        c = self.turn
        income = 0
        if self.holdings[c]:
            total = self.total
            rows = self.rows
            for r in self._owned(c):
                income += total[r] - rows[r][c]
            if income:
                self._gain(c, income)
        self.income = income
        self.phase = ACTION

    def _end_turn(self) -> None:
        self.roll = -1
        self.find_region = -1
        if (self.pawn >= self.closed and not any(self.nuggets)) or all(self.ooops):
            self.phase = OVER  # SA-12, see _game_over
            return
        turn = self.turn = (self.turn + 1) % self.n
        if not turn:
            self.rounds += 1
            if self.rounds >= self.max_rounds:
                self.phase = OVER  # SA-12: the safeguard
                return
        if self.holdings[turn]:
            self._start_turn()
        else:  # no Inn, no income
            self.income = 0
            self.phase = ACTION

    def _game_over(self) -> bool:
        """SA-12: every region holds an Ooops, or the mines are closed and no gold is left."""
        if all(self.ooops):
            return True
        return self.pawn >= self.closed and not any(self.nuggets)

    def _spread_rumor(self) -> None:
        """Bring one dwarf from each neighbour of the find, in map order; ask where clans differ."""
        rumors = self.rumors
        while rumors:
            source = rumors[0]
            clans = self._movable_clans(source)
            if len(clans) > 1:
                self.phase = RUMORING
                return
            rumors.pop(0)
            if clans:
                self._rumor_move(source, clans[0])
        self._end_turn()

    def _rumor_move(self, source: int, clan: int) -> None:
        self.movers[clan][source] -= 1
        self.movers[clan][self.find_region] += 1
        self.rows[source][clan] -= 1
        self.rows[self.find_region][clan] += 1
        self.total[source] -= 1
        self.total[self.find_region] += 1
        self._changed(source)
        self._changed(self.find_region)

    def _changed(self, r: int) -> None:
        """After a change of dwarfs in ``r``: its majority, and SA-10's change of innkeeper (a
        clan with more dwarfs than the innkeeper's takes the Inn at once; a tie for most goes to
        the first in turn order from the current player; a tie with the innkeeper's clan keeps
        it)."""
        row = self.rows[r]
        best = max(row)
        major = row.index(best) if best and row.count(best) == 1 else -1
        keeper = self.inn[r]
        if major != self.major[r]:
            self.major[r] = major
            if keeper < 0:
                self.targets = None
        if keeper >= 0 and row[keeper] < best:
            n = self.n
            for i in range(n):
                clan = (self.turn + i) % n
                if row[clan] == best:
                    self.inn[r] = clan
                    self.holdings[keeper].remove(r)
                    insort(self.holdings[clan], r)
                    self.movers[keeper][r] += 1
                    self.movers[clan][r] -= 1
                    return

    def _gain(self, clan: int, points: int) -> None:
        """SA-11: move the accountant, hopping over the pawn's space."""
        start = self.acc[clan]
        end = start + points
        if start < self.pawn <= end:
            end += 1
        self.acc[clan] = end

    # ---- queries ------------------------------------------------------------------------------

    @property
    def dwarfs(self) -> list[list[int]]:
        """Dwarfs per clan per region, ``dwarfs[clan][region]`` (innkeepers included)."""
        return [[row[c] for row in self.rows] for c in range(self.n)]

    def _owned(self, clan: int) -> list[int]:
        """Regions whose innkeeper is of ``clan`` (any number: by takeover, SA-10, or by an Inn
        moved to the clan's majority, SA-13)."""
        return self.holdings[clan]

    def majority(self, r: int) -> int:
        """The clan with more dwarfs in region ``r`` than every other clan, or -1."""
        return self.major[r]

    def movable(self, clan: int, r: int) -> int:
        """``clan``'s dwarfs in ``r`` that may move or harvest: all but an innkeeper (SA-6)."""
        return self.movers[clan][r]

    def respect(self) -> list[int]:
        """Each clan's respect: its accountant's space minus 1 (SA-11)."""
        return [space - ACCOUNTANT_START for space in self.acc]

    def _movable_clans(self, r: int) -> list[int]:
        return [c for c in range(self.n) if self.movers[c][r]]

    def _find_regions(self) -> list[int]:
        inn = self.inn
        ooops = self.ooops
        if self.roll == OOOPS_FACE:
            nuggets = self.nuggets
            return [r for r in REGION_RANGE if inn[r] < 0 and not ooops[r] and not nuggets[r]]
        return [r for r in REGION_RANGE if inn[r] < 0 and not ooops[r]]

    def _setup_regions(self) -> list[int]:
        """SA-4: an empty region not joined by road to one of yours; else any empty region."""
        c = self.turn
        empty = [r for r in REGION_RANGE if not self.total[r]]
        mine = {r for r in REGION_RANGE if self.rows[r][c]}
        apart = [r for r in empty if not mine.intersection(NEIGHBOURS[r])]
        return apart or empty

    def _action_options(self) -> list[int]:
        c = self.turn
        inn = self.inn
        result: list[int] = []
        if self.reserve[c]:
            result += PLACE_ID
        counts = self.movers[c]
        movable = sum(compress(BIT, counts))  # a bit per region where c has a dwarf that moves
        moves = MOVES_BY_MASK.get(movable)
        if moves is None:
            moves = MOVES_BY_MASK[movable] = [a for r in REGIONS_IN[movable] for a in MOVES_FROM[r]]
        result += moves
        if self.pawn < self.closed:
            result.append(PROSPECT_ID)
        nuggets = self.nuggets
        if any(nuggets):
            for r in REGIONS_IN[movable & sum(compress(BIT, nuggets))]:
                result += HARVEST_ID[r][: min(nuggets[r], counts[r])]
        major = self.major
        if not self.holdings[c]:
            if self.inns[c] and c in major:
                result += [BUILD_ID[r] for r in REGION_RANGE if major[r] == c and inn[r] < 0]
        else:
            # SA-9: an Inn moves to a region with no Inn where some clan has a majority.
            targets = self.targets
            if targets is None:  # regions with no Inn and a majority clan (SA-9)
                targets = self.targets = [
                    r for r, k, m in zip(REGION_RANGE, inn, major, strict=True) if k < 0 <= m
                ]
            for a in self._owned(c):
                row = MOVE_INN_ID[a]
                result += [row[b] for b in targets]
        return result

    # ---- scores, copies, views ----------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(x) for x in self.respect()]

    def _copy(self) -> SkaalState:
        new = self._blank()
        new.n = self.n
        new.rows = [row.copy() for row in self.rows]
        new.movers = [row.copy() for row in self.movers]
        new.targets = self.targets  # replaced, never mutated
        new.total = self.total.copy()
        new.inn = self.inn.copy()
        new.major = self.major.copy()
        new.holdings = [h.copy() for h in self.holdings]
        new.piece = self.piece.copy()
        new.nuggets = self.nuggets.copy()
        new.ooops = self.ooops.copy()
        new.to_place = self.to_place.copy()
        new.reserve = self.reserve.copy()
        new.out = self.out.copy()
        new.inns = self.inns.copy()
        new.acc = self.acc.copy()
        new.pawn = self.pawn
        new.closed = self.closed
        new.max_rounds = self.max_rounds
        new.turn = self.turn
        new.rounds = self.rounds
        new.phase = self.phase
        new.roll = self.roll
        new.find_region = self.find_region
        new.rumors = self.rumors.copy()
        new.income = self.income
        return new

    def resample_hidden(self, player: int, rng: random.Random) -> SkaalState:
        """Skåål hides nothing: the same table."""
        self._check_seat(player)
        return self._copy()

    def component_counts(self) -> dict[str, int]:
        counts = {}
        for c in range(self.n):
            counts[f"{CLANS[c]} dwarfs"] = (
                sum(row[c] for row in self.rows)
                + self.to_place[c]
                + self.reserve[c]
                + self.out[c]
                + 1  # the accountant
            )
        counts["inns"] = sum(self.inns) + sum(1 for p in self.piece if p >= 0)
        return counts

    def view(self, player: int | None) -> dict[str, JSON]:
        """The whole table (Skåål has no secrets)."""
        self._check_seat(player)
        return {
            "game": "skaal",
            "seat": player,
            "players": [CLANS[c] for c in range(self.n)],
            "turn": self.turn,
            "to_move": self.current_player(),
            "phase": PHASE_NAMES[self.phase],
            "round": self.rounds + 1,
            "max_rounds": self.max_rounds,
            "roll": DIE_FACES[self.roll] if self.roll >= 0 else None,
            "find": REGIONS[self.find_region] if self.find_region >= 0 else None,
            "rumor_from": REGIONS[self.rumors[0]] if self.phase == RUMORING else None,
            "last_income": self.income,
            "regions": [
                {
                    "name": REGIONS[r],
                    "roads": [REGIONS[o] for o in NEIGHBOURS[r]],
                    "dwarfs": {CLANS[c]: self.rows[r][c] for c in range(self.n) if self.rows[r][c]},
                    "nuggets": self.nuggets[r],
                    "ooops": self.ooops[r],
                    "inn": CLANS[self.piece[r]] if self.piece[r] >= 0 else None,
                    "innkeeper": CLANS[self.inn[r]] if self.inn[r] >= 0 else None,
                }
                for r in REGION_RANGE
            ],
            "clans": [
                {
                    "clan": CLANS[c],
                    "respect": self.acc[c] - ACCOUNTANT_START,
                    "accountant": self.acc[c],
                    "reserve": self.reserve[c],
                    "to_place": self.to_place[c],
                    "inns": self.inns[c],
                }
                for c in range(self.n)
            ],
            "pawn": self.pawn,
            "mines_closed": self.closed,
            "prospects_left": self.closed - self.pawn,
        }

    # ---- why an action is illegal -------------------------------------------------------------

    def _why_illegal(self, action: int) -> str:
        kind, a, b = KIND[action], ARG1[action], ARG2[action]
        phase = self.phase
        c = self.turn
        me = CLANS[c]
        if kind not in PHASE_KINDS.get(phase, set()):
            return f"now {self._task()}"
        name = REGIONS[a]
        if phase == SETUP_PHASE:
            if self.total[a]:
                return f"{name} is not empty: setup dwarfs go to empty regions (SA-4)"
            return (
                f"{name} is joined by road to a region where {me} already has a dwarf, and an "
                "empty region apart from yours is still free (SA-4)"
            )
        if kind == PLACE:
            return f"{me} has no dwarf left in reserve"
        if kind == MOVE:
            if b not in NEIGHBOURS[a]:
                return f"{name} is not joined to {REGIONS[b]} by road (SA-2)"
            if self.inn[a] == c and self.rows[a][c] == 1:
                return f"{me}'s only dwarf in {name} is the innkeeper, who cannot move (SA-6)"
            return f"{me} has no dwarf in {name}"
        if kind == PROSPECT:
            return "the Prospecting Pawn has reached mines closed: no more prospecting (SA-3)"
        if kind == ROLL:
            return "not legal now"
        if kind == FIND:
            if self.inn[a] >= 0:
                return f"{name} has an Inn: no prospecting there (rulebook: prospecting rules)"
            if self.ooops[a]:
                return f"{name} holds the Ooops: no prospecting there (rulebook: prospecting rules)"
            return (
                f"{name} holds nuggets: the Ooops goes only to a region with no nuggets, "
                "no Ooops and no Inn (rulebook)"
            )
        if kind == RUMOR:
            source = self.rumors[0]
            if a != source:
                return f"the rumor now brings a dwarf from {REGIONS[source]}"
            return f"{REGIONS[source]} has no {CLANS[b]} dwarf that can come (innkeepers never do)"
        if kind == HARVEST:
            if not self.nuggets[a]:
                return f"{name} has no nuggets"
            can = self.movable(c, a)
            if not can:
                if self.rows[a][c]:
                    return f"{me}'s innkeeper in {name} does not harvest (rulebook)"
                return f"{me} has no dwarf in {name}"
            return (
                f"{me} can take at most {min(can, self.nuggets[a])} nuggets in {name}: one per "
                "dwarf (innkeepers excepted), no more than the vein holds"
            )
        if kind == BUILD:
            if c in self.inn:
                return (
                    f"{me} already has an Inn: a clan builds one (a second comes only by "
                    "takeover, SA-10, or by an Inn moved to its majority, SA-13)"
                )
            if not self.inns[c]:
                return f"{me} has no Inn left in reserve"
            if self.inn[a] >= 0:
                return f"{name} already has an Inn: one Inn per region (rulebook)"
            return f"{me} has no majority in {name}: more dwarfs than every other clan (rulebook)"
        # MOVE_INN
        if self.inn[a] != c:
            return f"{me} owns no Inn in {name} (the innkeeper's clan owns an Inn, SA-10)"
        if self.inn[b] >= 0:
            return f"{REGIONS[b]} already has an Inn: one Inn per region (rulebook)"
        return f"no clan has a majority in {REGIONS[b]} to provide the innkeeper (SA-9)"

    def _prompt(self) -> str:
        return self._task()

    def _task(self) -> str:
        """What is being decided now, quoting only legal actions (the prompt at a decision)."""
        me = CLANS[self.turn]
        phase = self.phase
        if phase == SETUP_PHASE:
            return f"{me} places a setup dwarf ({quote(self._legal_of(PLACE)[:MAX_EXAMPLES])})"
        if phase == ACTION:
            choices = [
                (word, self._legal_of(kind))
                for word, kind in (
                    ("place", PLACE),
                    ("move", MOVE),
                    ("prospect", PROSPECT),
                    ("harvest", HARVEST),
                    ("build", BUILD),
                    ("inn", MOVE_INN),
                )
            ]
            return f"{me} chooses an action: {offer(choices)}"
        if phase == ROLLING:
            return "the die is rolled (a chance event: 'roll 3', 'roll Ooops')"
        if phase == FINDING:
            what = "the Ooops" if self.roll == OOOPS_FACE else f"{self.roll + 1} nuggets"
            return (
                f"{me} chooses the region for {what} ({quote(self._legal_of(FIND)[:MAX_EXAMPLES])})"
            )
        if phase == RUMORING:
            source = REGIONS[self.rumors[0]]
            return (
                f"{me} chooses the clan whose dwarf comes from {source} "
                f"({quote(self._legal_of(RUMOR)[:MAX_EXAMPLES])})"
            )
        return "nothing: the game is over"
