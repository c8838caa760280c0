"""The declared turn flow of ``langbord.core.flow`` on a toy game: a die is rolled, then the seat
to move keeps it or passes; two keeps end a seat's part; the higher total wins. Its pending work
(the roll, the turn's end) is a stack of records."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

import pytest

from langbord.core.errors import IllegalActionError
from langbord.core.flow import OVER, Flow, FlowState, Phase, chance
from langbord.core.game import CHANCE, TERMINAL, Game
from langbord.core.info import GameInfo

STRINGS = ("roll 1", "roll 2", "keep", "pass")
ROLL, CHOOSE = 0, 1
KIND = (ROLL, ROLL, CHOOSE, CHOOSE)


class Roll(NamedTuple):
    def run(self, state: ToyState) -> bool:
        state.phase = ROLLING
        return True


class EndTurn(NamedTuple):
    seat: int

    def run(self, state: ToyState) -> bool:
        if all(k >= 2 for k in state.kept):
            state.phase = OVER
            return True
        state.turn = 1 - self.seat
        state.pending.append(Roll())
        return False


def _apply_roll(state: ToyState, action: int) -> None:
    state.rolled = action + 1
    state.phase = CHOOSING


def _apply_choice(state: ToyState, action: int) -> None:
    if STRINGS[action] == "keep":
        state.totals[state.turn] += state.rolled
        state.kept[state.turn] += 1
    state.pending.append(EndTurn(state.turn))
    state.proceed()


def _choices(state: ToyState) -> list[int]:
    return [2, 3] if state.kept[state.turn] < 2 else [3]


ROLLING: Phase[ToyState] = Phase(
    "roll",
    (ROLL,),
    mover=chance,
    legal=lambda s: [0, 1],
    apply=_apply_roll,
    task=lambda s, quote: "the die is rolled",
    outcomes=lambda s: [(0, 0.5), (1, 0.5)],
)
CHOOSING: Phase[ToyState] = Phase(
    "choose",
    (CHOOSE,),
    mover=lambda s: s.turn,
    legal=_choices,
    apply=_apply_choice,
    task=lambda s, quote: (
        f"keep the {s.rolled} or pass"
        + (f" ({' or '.join(repr(t) for t in s.legal_strings())})" if quote else "")
    ),
    why=lambda s, a: "you have kept two dice already",
)


class ToyGame(Game):
    name: ClassVar[str] = "toy"
    info: ClassVar[GameInfo] = GameInfo("toy", "Toy", 2, 2, renderer="")
    version: ClassVar[int] = 1

    def num_players(self) -> int:
        return 2

    def max_game_length(self) -> int:
        return 100

    def action_strings(self) -> Sequence[str]:
        return STRINGS

    def new_initial_state(self) -> ToyState:
        return ToyState(self)


class ToyState(FlowState):
    flow: ClassVar[Flow[Any]] = Flow(ROLLING, CHOOSING)
    action_kinds: ClassVar[Sequence[int]] = KIND
    __slots__ = ("kept", "rolled", "totals", "turn")
    turn: int
    rolled: int

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.turn = 0
        self.rolled = 0
        self.totals = [0, 0]
        self.kept = [0, 0]
        self.phase = ROLLING
        self.pending = []

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def view(self, player: int | None) -> dict[str, Any]:
        return {"phase": self.phase_name(), "totals": self.totals}

    def resample_hidden(self, player: int, rng: random.Random) -> ToyState:
        return self._copy()

    def _copy(self) -> ToyState:
        new = self._blank_flow()
        new.turn, new.rolled = self.turn, self.rolled
        new.totals, new.kept = self.totals.copy(), self.kept.copy()
        return new

    def component_counts(self) -> dict[str, int]:
        return {}

    def __str__(self) -> str:
        return f"{self.totals}"


def test_the_flow_runs_phases_and_pending_records() -> None:
    state = ToyGame().new_initial_state()
    assert state.flow.names == ("roll", "choose", "over")
    assert state.flow.index(CHOOSING) == 1 and state.flow.index(OVER) == 2
    assert state.current_player() == CHANCE and state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert state.prompt(None) == ""
    for text in ("roll 2", "keep", "roll 1", "pass", "roll 2", "keep", "roll 1", "keep"):
        state.apply_action(state.string_to_action(text))
    state.apply_action(state.string_to_action("roll 1"))
    assert state.legal_strings() == ["pass"]  # seat 0 has kept two dice
    with pytest.raises(IllegalActionError, match="you have kept two dice already"):
        state.apply_action(2)
    for text in ("pass", "roll 2", "keep"):
        state.apply_action(state.string_to_action(text))
    assert state.current_player() == TERMINAL and state.phase_name() == "over"
    assert state.scores() == [4.0, 3.0] and state.legal_actions() == []


def test_refusals_name_the_phase_and_the_prompt() -> None:
    state = ToyGame().new_initial_state()
    with pytest.raises(IllegalActionError, match="now comes a chance event: the die is rolled"):
        state.apply_action(2)
    state.apply_action(1)
    assert state.prompt(0) == "keep the 2 or pass ('keep' or 'pass')" and state.prompt(1) == ""
    with pytest.raises(IllegalActionError, match=r"now seat 0 must keep the 2 or pass \('keep'"):
        state.apply_action(0)
    copy = state._copy()
    copy.apply_action(2)
    assert state.totals == [0, 0] and copy.totals == [2, 0] and copy.pending == []
