"""Skåål's rules: :class:`SkaalGame` and :class:`SkaalState` (rulebooks/skaal.txt, SA-1…SA-14).

Nothing in Skåål is hidden: the board, reserves and track are open, and the die is a chance node.
``view`` is the whole table for every seat.

The turn flow (``langbord.core.flow``): setup placements (SA-4), then each turn the Inn income
(SA-5) and one action; a prospect goes on to the die (a chance node), the choice of the region
for the find, and its rumor, one neighbouring region at a time in map order (SA-2). The rumor is
the turn's only pending work: a :class:`Rumor` record per neighbour of the find, then
:class:`EndTurn`; a record waits where the prospector chooses the clan whose dwarf comes. What
follows an action at once, waiting for no one (the change of innkeeper, SA-10; the accountant's
hop over the pawn and the pawn's pushback, SA-11; the exhausted vein's Ooops), is done in the
action by methods named after those rules. Every clan's pieces off the map and its standing
are a :class:`Clan`; the map is per-region lists (``dwarfs[region][clan]``, ``nuggets``,
``ooops``, ``innkeeper`` …).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from itertools import compress
from typing import Any, ClassVar, NamedTuple

from langbord.core.flow import OVER, Flow, FlowState, Phase, chance
from langbord.core.game import JSON, Game
from langbord.core.info import GameInfo
from langbord.core.options import Option
from langbord.core.prompts import MAX_EXAMPLES, Choice, offer, quote
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

REGION_RANGE = range(NUM_REGIONS)
BIT = [1 << r for r in REGION_RANGE]
REGIONS_IN = [[r for r in REGION_RANGE if mask >> r & 1] for mask in range(1 << NUM_REGIONS)]
"""The regions of a bit mask, in map order."""
MOVES_BY_MASK: dict[int, list[int]] = {}
"""Every move from the regions of a bit mask, filled as masks occur."""
DIE_OUTCOMES = [(a, 1.0 / len(DIE_FACES)) for a in ROLL_ID]
"""The die: each face 1/6."""


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


# ---- pending work: the rumor of a find ----------------------------------------------------------


class Rumor(NamedTuple):
    """The rumor reaches ``source``, a neighbour of the find: one free dwarf comes from there to
    the find; the prospector chooses the clan where several could come; none comes if none is
    free (innkeepers never come)."""

    source: int

    def run(self, state: SkaalState) -> bool:
        source = self.source
        clans = state.free_clans(source)
        if len(clans) > 1:
            state.rumor_from = source
            state.phase = RUMOR_PHASE
            return True
        if clans:
            state._move_dwarf(clans[0], source, state.find)
        return False


class EndTurn(NamedTuple):
    """The prospector's turn ends once the rumor has spread."""

    def run(self, state: SkaalState) -> bool:
        state._end_turn()
        return True


RUMORS = [tuple(Rumor(source) for source in reversed(NEIGHBOURS[r])) for r in REGION_RANGE]
"""The rumor of a find in each region, as pending records: its first neighbour in map order on
top (SA-2)."""
END_TURN = EndTurn()


# ---- phases: who moves, what is legal, how it applies, why not, what is decided -----------------


def _turn_player(state: SkaalState) -> int:
    return state.turn


def _clan_name(state: SkaalState) -> str:
    return CLANS[state.turn]


def _quoted(state: SkaalState, kind: int, quoting: bool) -> str:
    """Up to three legal actions of ``kind``, quoted in brackets (nothing when not quoting)."""
    return f" ({quote(state._legal_of(kind)[:MAX_EXAMPLES])})" if quoting else ""


# setup (SA-4)


def _setup_legal(state: SkaalState) -> list[int]:
    return [PLACE_ID[r] for r in state.setup_regions()]


def _apply_setup(state: SkaalState, action: int) -> None:
    """SA-4: a setup dwarf, each seat in turn; seat 0's first turn follows the last seat's last
    setup dwarf (every clan places as many, SA-1)."""
    c = state.turn
    clan = state.clans[c]
    clan.to_place -= 1
    state._add_dwarf(c, ARG1[action])
    state.turn = (c + 1) % state.n
    if not state.turn and not clan.to_place:
        state.turn = 0
        state._start_turn()


def _why_setup(state: SkaalState, action: int) -> str:
    name = REGIONS[ARG1[action]]
    if state.total[ARG1[action]]:
        return f"{name} is not empty: setup dwarfs go to empty regions (SA-4)"
    return (
        f"{name} is joined by road to a region where {_clan_name(state)} already has a dwarf, "
        "and an empty region apart from yours is still free (SA-4)"
    )


def _setup_task(state: SkaalState, quoting: bool) -> str:
    return f"{_clan_name(state)} places a setup dwarf{_quoted(state, PLACE, quoting)}"


# one action (rulebook, Game Turn)


def _action_legal(state: SkaalState) -> list[int]:
    """Place, move, prospect, harvest, then build or move an Inn: in id order, so sorted."""
    c = state.turn
    clan = state.clans[c]
    result = PLACE_ID.copy() if clan.reserve else []
    free = clan.free
    movable = sum(compress(BIT, free))  # a bit per region where c has a dwarf that moves
    moves = MOVES_BY_MASK.get(movable)
    if moves is None:
        moves = MOVES_BY_MASK[movable] = [a for r in REGIONS_IN[movable] for a in MOVES_FROM[r]]
    result += moves
    if state.pawn < state.mines_closed:
        result.append(PROSPECT_ID)
    nuggets = state.nuggets
    if any(nuggets):
        for r in REGIONS_IN[movable & sum(compress(BIT, nuggets))]:
            result += HARVEST_ID[r][: min(nuggets[r], free[r])]
    if clan.owned:
        result += state.inn_moves(clan)
    elif clan.inns and c in state.majority:
        result += state.builds(c)
    return result


def _place(state: SkaalState, region: int, _: int) -> None:
    c = state.turn
    state.clans[c].reserve -= 1
    state._add_dwarf(c, region)
    state._end_turn()


def _move(state: SkaalState, source: int, destination: int) -> None:
    state._move_dwarf(state.turn, source, destination)
    state._end_turn()


def _prospect(state: SkaalState, _: int, __: int) -> None:
    """The pawn advances one space, then the die is rolled (SA-3); accountants the pawn lands on
    move back one space (SA-11)."""
    pawn = state.pawn = state.pawn + 1
    for clan in state.clans:
        if clan.accountant == pawn:
            clan.accountant -= 1
    state.phase = ROLL_PHASE


def _harvest(state: SkaalState, region: int, nuggets: int) -> None:
    """SA-8: one nugget per free dwarf at most, +1 respect each; the last one leaves an Ooops
    (the vein is exhausted; no rumor)."""
    state.nuggets[region] -= nuggets
    state._gain(state.clans[state.turn], nuggets)
    if not state.nuggets[region]:
        state.ooops[region] = True
    state._end_turn()


def _build(state: SkaalState, region: int, _: int) -> None:
    """A Royal Inn from the reserve; one of the clan's dwarfs there becomes its innkeeper."""
    c = state.turn
    clan = state.clans[c]
    clan.inns -= 1
    state.innkeeper[region] = c
    insort(clan.owned, region)
    clan.free[region] -= 1
    state.inn_colour[region] = c
    state.inn_targets = None
    state._end_turn()


def _move_inn(state: SkaalState, source: int, destination: int) -> None:
    """The old innkeeper stays behind as a plain dwarf; SA-9: the destination's majority clan
    provides the innkeeper; SA-13: even if it owns an Inn already."""
    clan = state.clans[state.turn]
    clan.free[source] += 1
    clan.owned.remove(source)
    state.innkeeper[source] = -1
    colours = state.inn_colour
    colours[destination] = colours[source]
    colours[source] = -1
    keeper = state.innkeeper[destination] = state.majority[destination]
    keeping = state.clans[keeper]
    insort(keeping.owned, destination)
    keeping.free[destination] -= 1
    state.inn_targets = None
    state._end_turn()


ACTIONS: dict[int, Callable[[SkaalState, int, int], None]] = {
    PLACE: _place,
    MOVE: _move,
    PROSPECT: _prospect,
    HARVEST: _harvest,
    BUILD: _build,
    MOVE_INN: _move_inn,
}
"""How each action of a turn applies, by kind, given the action's two arguments."""


def _apply_action(state: SkaalState, action: int) -> None:
    ACTIONS[KIND[action]](state, ARG1[action], ARG2[action])


def _why_place(state: SkaalState, region: int, _: int) -> str:
    return f"{_clan_name(state)} has no dwarf left in reserve"


def _why_move(state: SkaalState, source: int, destination: int) -> str:
    me, name, c = _clan_name(state), REGIONS[source], state.turn
    if destination not in NEIGHBOURS[source]:
        return f"{name} is not joined to {REGIONS[destination]} by road (SA-2)"
    if state.innkeeper[source] == c and state.dwarfs[source][c] == 1:
        return f"{me}'s only dwarf in {name} is the innkeeper, who cannot move (SA-6)"
    return f"{me} has no dwarf in {name}"


def _why_prospect(state: SkaalState, _: int, __: int) -> str:
    return "the Prospecting Pawn has reached mines closed: no more prospecting (SA-3)"


def _why_harvest(state: SkaalState, region: int, _: int) -> str:
    me, name, c = _clan_name(state), REGIONS[region], state.turn
    if not state.nuggets[region]:
        return f"{name} has no nuggets"
    can = state.clans[c].free[region]
    if not can:
        if state.dwarfs[region][c]:
            return f"{me}'s innkeeper in {name} does not harvest (rulebook)"
        return f"{me} has no dwarf in {name}"
    return (
        f"{me} can take at most {min(can, state.nuggets[region])} nuggets in {name}: one per "
        "dwarf (innkeepers excepted), no more than the vein holds"
    )


def _why_build(state: SkaalState, region: int, _: int) -> str:
    me, name, clan = _clan_name(state), REGIONS[region], state.clans[state.turn]
    if clan.owned:
        return (
            f"{me} already has an Inn: a clan builds one (a second comes only by "
            "takeover, SA-10, or by an Inn moved to its majority, SA-13)"
        )
    if not clan.inns:
        return f"{me} has no Inn left in reserve"
    if state.innkeeper[region] >= 0:
        return f"{name} already has an Inn: one Inn per region (rulebook)"
    return f"{me} has no majority in {name}: more dwarfs than every other clan (rulebook)"


def _why_move_inn(state: SkaalState, source: int, destination: int) -> str:
    if state.innkeeper[source] != state.turn:
        return (
            f"{_clan_name(state)} owns no Inn in {REGIONS[source]} "
            "(the innkeeper's clan owns an Inn, SA-10)"
        )
    if state.innkeeper[destination] >= 0:
        return f"{REGIONS[destination]} already has an Inn: one Inn per region (rulebook)"
    return f"no clan has a majority in {REGIONS[destination]} to provide the innkeeper (SA-9)"


REFUSALS: dict[int, Callable[[SkaalState, int, int], str]] = {
    PLACE: _why_place,
    MOVE: _why_move,
    PROSPECT: _why_prospect,
    HARVEST: _why_harvest,
    BUILD: _why_build,
    MOVE_INN: _why_move_inn,
}
"""Why an action of a turn is refused, by kind, given the action's two arguments."""


def _why_action(state: SkaalState, action: int) -> str:
    return REFUSALS[KIND[action]](state, ARG1[action], ARG2[action])


CHOICE_WORDS = (
    ("place", PLACE),
    ("move", MOVE),
    ("prospect", PROSPECT),
    ("harvest", HARVEST),
    ("build", BUILD),
    ("inn", MOVE_INN),
)
"""The action's choices as the prompt words them, in order."""


def _action_task(state: SkaalState, quoting: bool) -> str:
    choices: list[Choice] = []
    for word, kind in CHOICE_WORDS:
        legal = state._legal_of(kind)
        choices.append((word, legal if quoting or not legal else None))
    return f"{_clan_name(state)} chooses an action: {offer(choices)}"


# the die (a chance node)


def _faces(state: SkaalState) -> list[int]:
    return list(ROLL_ID)


def _die(state: SkaalState) -> list[tuple[int, float]]:
    return DIE_OUTCOMES.copy()


def _apply_roll(state: SkaalState, action: int) -> None:
    state.roll = ARG1[action]
    if state.find_regions():
        state.phase = FIND_PHASE
    else:
        state._end_turn()  # SA-7: nowhere to put the find; the turn ends


def _roll_task(state: SkaalState, quoting: bool) -> str:
    return "the die is rolled (a chance event" + (": 'roll 3', 'roll Ooops')" if quoting else ")")


# the find


def _find_legal(state: SkaalState) -> list[int]:
    return [FIND_ID[r] for r in state.find_regions()]


def _apply_find(state: SkaalState, action: int) -> None:
    """The nuggets or the Ooops go to the region, then the rumor spreads from its neighbours."""
    region = ARG1[action]
    if state.roll == OOOPS_FACE:
        state.ooops[region] = True
        if state.game_over():  # SA-12, SA-14: the game ends at once, before the rumor
            state._end_turn()
            return
    else:
        state.nuggets[region] += state.roll + 1
    state.find = region
    pending = state.pending
    pending.append(END_TURN)
    pending += RUMORS[region]
    state.proceed()


def _why_find(state: SkaalState, action: int) -> str:
    region = ARG1[action]
    name = REGIONS[region]
    if state.innkeeper[region] >= 0:
        return f"{name} has an Inn: no prospecting there (rulebook: prospecting rules)"
    if state.ooops[region]:
        return f"{name} holds the Ooops: no prospecting there (rulebook: prospecting rules)"
    return (
        f"{name} holds nuggets: the Ooops goes only to a region with no nuggets, "
        "no Ooops and no Inn (rulebook)"
    )


def _find_task(state: SkaalState, quoting: bool) -> str:
    what = "the Ooops" if state.roll == OOOPS_FACE else f"{state.roll + 1} nuggets"
    return f"{_clan_name(state)} chooses the region for {what}{_quoted(state, FIND, quoting)}"


# the rumor: a decision where a neighbour of the find holds free dwarfs of several clans


def _rumor_legal(state: SkaalState) -> list[int]:
    source = state.rumor_from
    return [RUMOR_ID[source][c] for c in state.free_clans(source)]


def _apply_rumor(state: SkaalState, action: int) -> None:
    state._move_dwarf(ARG2[action], ARG1[action], state.find)
    state.proceed()


def _why_rumor(state: SkaalState, action: int) -> str:
    source = REGIONS[state.rumor_from]
    if ARG1[action] != state.rumor_from:
        return f"the rumor now brings a dwarf from {source}"
    return f"{source} has no {CLANS[ARG2[action]]} dwarf that can come (innkeepers never do)"


def _rumor_task(state: SkaalState, quoting: bool) -> str:
    return (
        f"{_clan_name(state)} chooses the clan whose dwarf comes from "
        f"{REGIONS[state.rumor_from]}{_quoted(state, RUMOR, quoting)}"
    )


SETUP_PHASE: Phase[SkaalState] = Phase(
    "setup",
    (PLACE,),
    mover=_turn_player,
    legal=_setup_legal,
    apply=_apply_setup,
    why=_why_setup,
    task=_setup_task,
)
ACTION_PHASE: Phase[SkaalState] = Phase(
    "action",
    tuple(ACTIONS),
    mover=_turn_player,
    legal=_action_legal,
    apply=_apply_action,
    why=_why_action,
    task=_action_task,
)
ROLL_PHASE: Phase[SkaalState] = Phase(
    "roll",
    (ROLL,),
    mover=chance,
    legal=_faces,
    apply=_apply_roll,
    task=_roll_task,
    outcomes=_die,
)
FIND_PHASE: Phase[SkaalState] = Phase(
    "find",
    (FIND,),
    mover=_turn_player,
    legal=_find_legal,
    apply=_apply_find,
    why=_why_find,
    task=_find_task,
)
RUMOR_PHASE: Phase[SkaalState] = Phase(
    "rumor",
    (RUMOR,),
    mover=_turn_player,
    legal=_rumor_legal,
    apply=_apply_rumor,
    why=_why_rumor,
    task=_rumor_task,
)


class SkaalState(FlowState):
    """A Skåål table. See its card (``card.toml``) for the notation."""

    flow: ClassVar[Flow[Any]] = Flow(SETUP_PHASE, ACTION_PHASE, ROLL_PHASE, FIND_PHASE, RUMOR_PHASE)
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
        return f"now {self.phase.task(self, True)}"

    # ---- the turn ----------------------------------------------------------------------------

    def _start_turn(self) -> None:
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
                self._gain(clan, income)
        self.income = income
        self.phase = ACTION_PHASE

    def _end_turn(self) -> None:
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
            self._start_turn()
        else:  # no Inn, no income
            self.income = 0
            self.phase = ACTION_PHASE

    def game_over(self) -> bool:
        """SA-12: every region holds an Ooops, or the mines are closed and no gold is left."""
        return (self.pawn >= self.mines_closed and not any(self.nuggets)) or all(self.ooops)

    # ---- dwarfs on the map -------------------------------------------------------------------

    def _add_dwarf(self, clan: int, region: int) -> None:
        self.clans[clan].free[region] += 1
        self.dwarfs[region][clan] += 1
        self.total[region] += 1
        self._recount(region)

    def _move_dwarf(self, clan: int, source: int, destination: int) -> None:
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

    def _gain(self, clan: Clan, points: int) -> None:
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

    def free_clans(self, r: int) -> list[int]:
        """The clans with a free dwarf in ``r`` (one that may move: not an innkeeper, SA-6)."""
        return [c for c, clan in enumerate(self.clans) if clan.free[r]]

    def find_regions(self) -> list[int]:
        """Where the roll may go: nuggets to a region with no Ooops and no Inn; the Ooops to one
        with no nuggets either."""
        innkeeper = self.innkeeper
        ooops = self.ooops
        if self.roll == OOOPS_FACE:
            nuggets = self.nuggets
            return [r for r in REGION_RANGE if innkeeper[r] < 0 and not ooops[r] and not nuggets[r]]
        return [r for r in REGION_RANGE if innkeeper[r] < 0 and not ooops[r]]

    def setup_regions(self) -> list[int]:
        """SA-4: an empty region not joined by road to one of yours; else any empty region."""
        c = self.turn
        empty = [r for r in REGION_RANGE if not self.total[r]]
        mine = {r for r in REGION_RANGE if self.dwarfs[r][c]}
        apart = [r for r in empty if not mine.intersection(NEIGHBOURS[r])]
        return apart or empty

    def builds(self, c: int) -> list[int]:
        """Where clan ``c`` may build an Inn: a region with no Inn where it has the majority."""
        majority = self.majority
        innkeeper = self.innkeeper
        return [BUILD_ID[r] for r in REGION_RANGE if majority[r] == c and innkeeper[r] < 0]

    def inn_moves(self, clan: Clan) -> list[int]:
        """SA-9: an Inn of ``clan`` moves to a region with no Inn where some clan has a
        majority."""
        targets = self.inn_targets
        if targets is None:
            places = zip(REGION_RANGE, self.innkeeper, self.majority, strict=True)
            targets = self.inn_targets = [r for r, keeper, major in places if keeper < 0 <= major]
        return [MOVE_INN_ID[a][b] for a in clan.owned for b in targets]

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
            reason = "every region holds an Ooops (SA-12)"
        elif self.pawn >= self.mines_closed and not any(self.nuggets):
            reason = "the mines are closed and all the gold is delivered (SA-12)"
        else:
            reason = f"round {self.max_rounds} was the last (the round limit, option max_rounds)"
        tally = RespectTally(self.game)
        for action in self._history:
            tally.apply_unchecked(action)
        return {
            "reason": reason,
            "breakdown": {"rows": list(RESPECT_SOURCES), "values": tally.tally},
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

    def view(self, player: int | None) -> dict[str, JSON]:
        """The whole table (Skåål has no secrets)."""
        self._check_seat(player)
        return {
            "game": "skaal",
            "seat": player,
            "players": [CLANS[c] for c in range(self.n)],
            "turn": self.turn,
            "to_move": self.current_player(),
            "phase": self.phase.name,
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

    def _region_view(self, r: int) -> dict[str, JSON]:
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

    def _clan_view(self, c: int) -> dict[str, JSON]:
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
    "gold harvested",
    "Inn income (SA-5)",
    "hopping over the Prospecting Pawn (SA-11)",
    "set back by the Prospecting Pawn (SA-11)",
)
HARVESTED, INCOME, HOPPED, SET_BACK = range(len(RESPECT_SOURCES))


class RespectTally(SkaalState):
    """A replay that notes where each clan's respect came from (``SkaalState.outcome``): the
    same rules, never played; ``tally[source][clan]`` sums to each clan's respect."""

    def __init__(self, game: Game) -> None:
        self.source = HARVESTED
        self.tally = [[0] * game.num_players() for _ in RESPECT_SOURCES]
        super().__init__(game)  # type: ignore[arg-type]

    def _start_turn(self) -> None:
        self.source = INCOME
        super()._start_turn()
        self.source = HARVESTED

    def _gain(self, clan: Clan, points: int) -> None:
        c = next(i for i, other in enumerate(self.clans) if other is clan)
        self.tally[self.source][c] += points
        self.tally[HOPPED][c] += clan.accountant < self.pawn <= clan.accountant + points
        super()._gain(clan, points)

    def _apply(self, action: int) -> None:
        before = self.respect()
        super()._apply(action)
        if KIND[action] == PROSPECT:  # the pawn advanced: accountants on its space went back
            for c, (old, new) in enumerate(zip(before, self.respect(), strict=True)):
                self.tally[SET_BACK][c] += new - old
