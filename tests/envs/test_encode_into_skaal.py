"""Skåål's fast observation path, densely: :meth:`SkaalEncoder.encode_into` (which reads the state,
not the view) writes, bit for bit, the float32 of what ``encode`` gives for ``state.view(seat)``:
at every state of many random games (decisions, chance nodes, the end), from every seat, into an
array filled with NaN, over the option sets the game takes (players 3–6, ``prospects``,
``max_rounds``); for values no random game reaches; into rows, strided views and arrays that are
not native float32; without touching the state; and unchanged by ``resample_hidden``."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import langbord
from langbord import State
from langbord.engines.skaal.data import PAWN_START
from langbord.engines.skaal.rules import SkaalState
from langbord.envs.encoders.skaal import REGION_SLUGS, SkaalEncoder
from langbord.envs.encoding import encoder_for

from .cases import assert_same_bits, fast_vector, view_vector

FAST_OPTIONS: list[tuple[dict[str, Any], int]] = [
    ({}, 8),
    ({"players": 3, "prospects": 8}, 5),
    ({"players": 6, "prospects": 5, "max_rounds": 30}, 6),
    ({"players": 5, "prospects": 1, "max_rounds": 3}, 30),
]
"""Option sets of the default suite, with how many random games each plays."""
SLOW_OPTIONS: list[tuple[dict[str, Any], int]] = [
    ({"players": 3}, 20),
    ({"players": 4}, 20),
    ({"players": 5}, 20),
    ({"players": 6}, 20),
    ({"players": 4, "prospects": 5, "max_rounds": 30}, 40),
    ({"players": 3, "prospects": 1}, 20),
    ({"players": 6, "prospects": 200, "max_rounds": 60}, 10),
    ({"players": 4, "prospects": 60}, 15),
    ({"players": 5, "max_rounds": 1}, 60),
]
PHASES = set(SkaalState.flow.names)
SEAT = re.compile(r"seat\+\d+")


def ident(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def every_state(game: langbord.Game, rng: random.Random) -> Iterator[State]:
    """Every state of a random game, chance nodes and the end included."""
    state = game.new_initial_state()
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def family(name: str) -> str:
    """A slot's name without its region and seat: ``region.kamau.inn.seat+2`` → ``region.inn``,
    ``find.kamau`` → ``find``."""
    return ".".join(p for p in name.split(".") if p not in REGION_SLUGS and not SEAT.fullmatch(p))


def sweep(options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """Compares the two paths at every state of ``games`` random games from every seat, and
    every seventh state also on a ``resample_hidden`` copy; returns what was met: the phases,
    terminal states, slots ever not 0, and the number of comparisons."""
    game = langbord.load("skaal", **options)
    encoder = encoder_for(game)
    assert isinstance(encoder, SkaalEncoder)
    n = game.num_players()
    out = np.empty(encoder.size, dtype=np.float32)
    rng = random.Random(seed)
    nonzero = np.zeros(encoder.size, dtype=bool)
    phases: set[str] = set()
    terminal = checked = 0
    for g in range(games):
        for step, state in enumerate(every_state(game, random.Random(seed * 1000 + g))):
            assert isinstance(state, SkaalState)
            phases.add(state.phase_name())
            terminal += state.is_terminal()
            for seat in range(n):
                out.fill(np.nan)
                encoder.encode_into(state, seat, out)
                want = view_vector(encoder, state, seat)
                assert_same_bits(encoder, out, want, f"{ident(options)} game {g} step {step}")
                nonzero |= want != 0
                checked += 1
                if step % 7 == 0:
                    other = state.resample_hidden(seat, rng)
                    again = fast_vector(encoder, other, seat)
                    assert again.tobytes() == out.tobytes(), "a re-deal changed the observation"
    return {
        "phases": phases,
        "terminal": terminal,
        "checked": checked,
        "nonzero": {name for name, hit in zip(encoder.names, nonzero, strict=True) if hit},
        "names": encoder.names,
    }


@pytest.mark.parametrize(
    ("options", "games"), FAST_OPTIONS, ids=[ident(o) for o, _ in FAST_OPTIONS]
)
def test_the_fast_path_is_the_view_vector_bit_for_bit(options: dict[str, Any], games: int) -> None:
    met = sweep(options, games, seed=1)
    assert met["terminal"] == games, "every game was followed to its end"
    assert met["phases"] == PHASES, f"phases never met: {PHASES - met['phases']}"
    assert met["checked"] > 1000
    # Every kind of slot held a value somewhere, so every branch of the fast path was compared
    # (in the default games, every single slot).
    unset = {family(name) for name in met["names"]} - {family(name) for name in met["nonzero"]}
    assert not unset, f"slot kinds never set: {sorted(unset)}"
    if not options:
        assert met["nonzero"] == set(met["names"]), "some slots were never set"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "games"), SLOW_OPTIONS, ids=[ident(o) for o, _ in SLOW_OPTIONS]
)
def test_the_fast_path_over_many_games(options: dict[str, Any], games: int) -> None:
    met = sweep(options, games, seed=2)
    assert met["terminal"] == games
    assert met["checked"] > 100
    assert {"setup", "action", "roll", "over"} <= met["phases"]


def mid_game(options: dict[str, Any], seed: int = 4) -> SkaalState:
    """A copy of the first state of a random game where a clan chooses an action and an Inn
    stands."""
    game = langbord.load("skaal", **options)
    for state in every_state(game, random.Random(seed)):
        assert isinstance(state, SkaalState)
        if state.phase_name() == "action" and max(state.innkeeper) >= 0:
            copy = state.clone()
            assert isinstance(copy, SkaalState)
            return copy
    raise AssertionError("no Inn in a whole game")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_values_no_random_game_reaches(players: int) -> None:
    """Respect far ahead of and far behind the pawn (both clips), large counts, a last round and
    a closed mine: the fast path still computes each value as the view's encoding does."""
    state = mid_game({"players": players, "prospects": 7, "max_rounds": 9})
    encoder = encoder_for(state.game)
    state.pawn = state.mines_closed + 3
    clans = state.clans
    clans[0].accountant = state.pawn + 21  # ahead by more than the clip
    clans[1].accountant = state.pawn - 37  # behind by more than the clip
    clans[2].accountant = state.pawn + 20  # exactly at the clip
    clans[-1].accountant = 999
    state.nuggets[3] = 37
    state.income = 123
    state.rounds = state.max_rounds - 1
    for seat in range(players):
        want = view_vector(encoder, state, seat)
        assert_same_bits(encoder, fast_vector(encoder, state, seat), want, f"seat {seat}")
        ahead = [want[encoder.names.index(f"seat+{k}.accountant_ahead")] for k in range(players)]
        assert min(ahead) == -1.0 and max(ahead) == 1.0


@pytest.mark.parametrize("options", [{}, {"players": 6, "prospects": 200, "max_rounds": 400}])
def test_every_count_and_fraction(options: dict[str, Any]) -> None:
    """Every round, every space of the pawn, and a run of respect, income and nugget counts:
    the fractions the fast path computes are the view's to the bit, not only in the states random
    games happen to reach."""
    state = mid_game(options)
    encoder = encoder_for(state.game)
    n = state.n
    spaces = state.mines_closed - PAWN_START + 3
    for value in range(max(state.max_rounds, spaces, 500)):
        state.rounds = value % state.max_rounds
        state.pawn = PAWN_START + value % spaces
        state.clans[value % n].accountant = value
        state.nuggets[value % len(state.nuggets)] = value % 150
        state.income = value % 90
        seat = value % n
        want = view_vector(encoder, state, seat)
        assert_same_bits(encoder, fast_vector(encoder, state, seat), want, f"value {value}")


def test_any_target_array() -> None:
    """A row of a batch, a strided column, a big-endian and a float64 array all get the same
    values; an array of the wrong size is refused as by the default path."""
    state = mid_game({})
    encoder = encoder_for(state.game)
    size = encoder.size
    for seat in range(state.n):
        want = view_vector(encoder, state, seat)
        batch = np.full((3, size), np.nan, dtype=np.float32)
        encoder.encode_into(state, seat, batch[1])
        assert_same_bits(encoder, batch[1], want, "a row")
        assert np.isnan(batch[[0, 2]]).all(), "wrote outside the row"
        columns = np.full((size, 3), np.nan, dtype=np.float32)
        encoder.encode_into(state, seat, columns[:, 2])
        assert_same_bits(encoder, np.ascontiguousarray(columns[:, 2]), want, "a column")
        assert np.isnan(columns[:, :2]).all(), "wrote outside the column"
        for dtype in (">f4", np.float64):
            other = np.full(size, np.nan, dtype=dtype)
            encoder.encode_into(state, seat, other)
            assert np.array_equal(other, want.astype(dtype)), dtype
    for wrong in (size - 1, size + 1):
        with pytest.raises(ValueError):
            encoder.encode_into(state, 0, np.empty(wrong, dtype=np.float32))


def test_the_state_is_only_read() -> None:
    """Encoding leaves the state as it was: same view, same legal actions, same history."""
    state = mid_game({"players": 5})
    encoder = encoder_for(state.game)
    before = [state.view(seat) for seat in range(state.n)]
    legal, history = state.legal_actions(), state.history()
    out = np.empty(encoder.size, dtype=np.float32)
    for seat in range(state.n):
        encoder.encode_into(state, seat, out)
    assert [state.view(seat) for seat in range(state.n)] == before
    assert state.legal_actions() == legal and state.history() == history
