"""Skibe's fast observation path, ``SkibeEncoder.encode_into``, against the view's vector: bit for
bit what ``encode(state.view(seat), seat)`` gives as float32, at every state of many random and
policy-played games (chance nodes and the end included), from every seat, into an ``out`` filled
with NaN first; for every player count; into rows, strided and float64 arrays; unchanged by
what the view does not show (the pile's contents); refusing a seat that does not exist; and
the same after pickling."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import numpy as np
import pytest

import langbord
from langbord import LangbordError
from langbord.agents.heuristics.skibe import policy
from langbord.engines.skibe.data import SHIP_LIMIT, deck_counts
from langbord.engines.skibe.rules import SkibeState
from langbord.envs.encoders import skibe as skibe_encoder
from langbord.envs.encoders.skibe import SkibeEncoder
from langbord.envs.encoding import encoder_for

from .cases import assert_same_bits as assert_same
from .cases import fast_vector as fast
from .cases import view_vector as expected

PLAYERS = [3, 4, 5]
"""Skibe's one option, ``players``, over its whole range."""

ALWAYS_ZERO = (".equipment", "evaluation.chieftain.protection")
"""Slots no state sets: equipment only lies on ship cards (``held``, ``last_laid`` and the display
show 0 stones) and Protection needs no decision in an evaluation."""


def play(game: langbord.Game, seed: int) -> Iterator[SkibeState]:
    """Every state of one game, the end included: chance by its odds; the moves at random with
    an even seed, by the engine's quick policy with an odd one (it fills ships, loads stones)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, SkibeState)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        elif seed % 2:
            action = policy(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def sweep(players: int, seeds: range) -> None:
    """Every state of the games of ``seeds``, from every seat, checked; and the sweep itself
    checked: every game reaches its end, every phase is met, and every slot that can be set is
    set somewhere (so the evaluation, sterns, stones and Chieftains are all exercised)."""
    game = langbord.load("skibe", players=players)
    encoder = encoder_for(game)
    assert isinstance(encoder, SkibeEncoder)
    set_somewhere = np.zeros(encoder.size, dtype=bool)
    phases: set[str] = set()
    ends = 0
    for seed in seeds:
        for step, state in enumerate(play(game, seed)):
            phases.add(state.phase_name())
            ends += state.is_terminal()
            for seat in range(players):
                got = fast(encoder, state, seat)
                want = expected(encoder, state, seat)
                assert_same(encoder, got, want, f"seed {seed} step {step} seat {seat}")
                set_somewhere |= got != 0
    assert ends == len(seeds)
    assert phases == set(SkibeState.flow.names)
    limit = SHIP_LIMIT[players]
    rare = tuple(f".card{j}." for j in range(limit - 1, limit + 1))  # ships are seldom that full
    never = [
        name
        for name, hit in zip(encoder.names, set_somewhere, strict=True)
        if not hit and not name.endswith(ALWAYS_ZERO) and not any(r in name for r in rare)
    ]
    assert never == [], f"slots never set by {len(seeds)} games: {never}"


@pytest.mark.parametrize("players", PLAYERS)
def test_the_fast_path_is_the_view_vector_at_every_state(players: int) -> None:
    sweep(players, range(30))


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_the_fast_path_is_the_view_vector_over_many_games(players: int) -> None:
    sweep(players, range(100, 300))


@pytest.mark.parametrize("players", PLAYERS)
def test_named_slots_hold_the_table(players: int) -> None:
    """A few slots read against the state itself, not through ``encode``."""
    game = langbord.load("skibe", players=players)
    encoder = encoder_for(game)
    assert isinstance(encoder, SkibeEncoder)
    slot = {name: i for i, name in enumerate(encoder.names)}
    deck = sum(deck_counts(players))
    limit = SHIP_LIMIT[players]
    checked = 0
    for state in play(game, 3):
        for seat in range(players):
            out = fast(encoder, state, seat)
            assert out[slot["pile"]] == np.float32(state.pile_size / deck)
            assert out[slot[f"turn.seat+{(state.turn - seat) % players}"]] == 1.0
            assert sum(out[slot[f"turn.seat+{k}"]] for k in range(players)) == 1.0
            for k in range(players):
                points = state.players[(seat + k) % players].points
                assert out[slot[f"score.seat+{k}"]] == np.float32(points / 50)
            for s, ship in enumerate(state.ships, 1):
                assert out[slot[f"ship{s}.cards"]] == np.float32(len(ship.cards) / limit)
                for j in range(limit):
                    assert out[slot[f"ship{s}.card{j + 1}.present"]] == (j < len(ship.cards))
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", PLAYERS)
def test_any_output_array_gets_the_same_values(players: int) -> None:
    """A row of a batch, a strided view and a float64 array (the slow copy) hold what a fresh
    float32 array does."""
    game = langbord.load("skibe", players=players)
    encoder = encoder_for(game)
    assert isinstance(encoder, SkibeEncoder)
    states = list(play(game, 5))[::7]
    batch = np.full((3, encoder.size), np.nan, dtype=np.float32)
    strided = np.full(2 * encoder.size, np.nan, dtype=np.float32)
    wide = np.full(encoder.size, np.nan, dtype=np.float64)
    for state in states:
        for seat in range(players):
            want = expected(encoder, state, seat)
            encoder.encode_into(state, seat, batch[1])
            assert_same(encoder, batch[1], want, "a batch row")
            encoder.encode_into(state, seat, strided[::2])
            assert_same(encoder, strided[::2], want, "a strided view")
            encoder.encode_into(state, seat, wide)
            assert_same(encoder, wide.astype(np.float32), want, "a float64 array")
    assert np.isnan(batch[0]).all() and np.isnan(batch[2]).all(), "wrote outside its row"
    assert np.isnan(strided[1::2]).all(), "wrote between the strided slots"


@pytest.mark.parametrize("players", PLAYERS)
def test_what_the_view_hides_is_not_read(players: int) -> None:
    """The pile's contents (the view shows only its size) and a re-deal leave the vector."""
    game = langbord.load("skibe", players=players)
    encoder = encoder_for(game)
    assert isinstance(encoder, SkibeEncoder)
    rng = random.Random(1)
    checked = 0
    for state in list(play(game, 8))[::5]:
        other = state.clone()
        assert isinstance(other, SkibeState)
        other.pile = other.pile[::-1]  # another pile of the same size
        for seat in range(players):
            mine = fast(encoder, state, seat)
            assert_same(encoder, fast(encoder, other, seat), mine, "another pile")
            redealt = state.resample_hidden(seat, rng)
            assert_same(encoder, fast(encoder, redealt, seat), mine, "a re-deal")
            checked += 1
    assert checked > 20


def test_forgetting_chieftain_lines_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rows of Chieftains kept are bounded; once forgotten they are made again, the same."""
    monkeypatch.setattr(skibe_encoder._Lines, "LIMIT", 3)
    game = langbord.load("skibe", players=4)
    encoder = encoder_for(game)
    assert isinstance(encoder, SkibeEncoder)
    for seed in (1, 2):
        for state in play(game, seed):
            for seat in range(4):
                assert_same(encoder, fast(encoder, state, seat), expected(encoder, state, seat), "")
    kept = [len(encoder._seats[seat].lines) for seat in range(4)]
    assert 0 < max(kept) <= 3


def test_a_seat_that_does_not_exist_is_refused() -> None:
    game = langbord.load("skibe", players=3)
    encoder = encoder_for(game)
    state = game.new_initial_state()
    out = np.zeros(encoder.size, dtype=np.float32)
    for seat in (-1, 3):
        with pytest.raises(LangbordError, match="no seat"):
            state.view(seat)
        with pytest.raises(LangbordError, match="no seat"):
            encoder.encode_into(state, seat, out)
    assert not out.any(), "a refused seat wrote nothing"


def test_the_encoder_pickles_with_its_tables() -> None:
    """The encoder pickles, as it did before it had tables (a vector environment may send one to
    a worker process), and a copy, its tables filled or not, writes what the original does."""
    game = langbord.load("skibe", players=4)
    encoder = encoder_for(game)
    assert isinstance(encoder, SkibeEncoder)
    cold = pickle.loads(pickle.dumps(encoder))
    states = list(play(game, 6))
    for state in states:
        encoder.encode_into(state, 1, np.empty(encoder.size, dtype=np.float32))
    warm = pickle.loads(pickle.dumps(encoder))
    assert len(warm._seats[1].lines) > 0
    for state in states[::3]:
        for seat in range(4):
            mine = fast(encoder, state, seat)
            assert_same(encoder, fast(cold, state, seat), mine, "a pickled encoder")
            assert_same(encoder, fast(warm, state, seat), mine, "a pickled encoder, tables warm")
