"""Knarr's fast observation path, ``KnarrEncoder.encode_into``, which reads the state directly:
bit for bit the vector ``encode`` gives for the seat's view, in every state of random games
(chance nodes and the end included), from every seat, over the options the engine has; what the
seat cannot see never reaches it; and ``out`` may be any float32 vector (a row of a batch, a
strided or reversed view) or another dtype, which is filled all the same."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import langbord
from langbord.core.errors import LangbordError
from langbord.engines.knarr.rules import ARTIFACT_OPTIONS, BOAT_OPTIONS, KnarrState
from langbord.envs.encoders.knarr import KnarrEncoder
from langbord.envs.encoding import encoder_for

from .cases import assert_same_bits
from .cases import fast_vector as fast
from .cases import view_vector as expected

FAST: list[dict[str, Any]] = [
    {},
    {"players": 2, "skali": True, "artifact": "golden_bracelet"},
    {"players": 4, "skali": True, "skali_board": "digital", "artifact": "helmet", "boat": "random"},
    {"players": 3, "artifact": "weathervane", "boat": "advanced"},
    {"players": 2, "artifact": "two-player-mead-cup", "boat": "random"},
    {"players": 4, "artifact": "amulet"},
]
"""Option sets of the default suite: every player count, both modes and skáli boards, all three
boat options, the artifacts that add slots' values of their own (reservations, extras)."""
FAST_GAMES = 3

SWEEP: list[dict[str, Any]] = [
    {
        "players": players,
        "skali": skali,
        **({"skali_board": "digital"} if skali and a % 2 else {}),
        "artifact": artifact,
        "boat": boat,
    }
    for players, skali, (a, artifact), boat in itertools.product(
        (2, 3, 4), (False, True), enumerate(ARTIFACT_OPTIONS), BOAT_OPTIONS
    )
]
"""Every combination of the options (``skali_board`` digital for every other artifact)."""


def encoder_of(options: dict[str, Any]) -> KnarrEncoder:
    encoder = encoder_for(langbord.load("knarr", **options))
    assert isinstance(encoder, KnarrEncoder)
    return encoder


def every_state(options: dict[str, Any], seed: int) -> Iterator[KnarrState]:
    """Every state of a random game, chance nodes (drawn by their probabilities) and the end
    included; the same object, played on after each yield."""
    rng = random.Random(seed)
    state = langbord.load("knarr", **options).new_initial_state()
    assert isinstance(state, KnarrState)
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


def check_games(options: dict[str, Any], seeds: range) -> tuple[int, int]:
    """Every state of the games of ``seeds``, from every seat; the states and the games (each
    checked in its final state) seen."""
    encoder = encoder_of(options)
    n = encoder.n
    out = np.empty(encoder.size, dtype=np.float32)
    states = ended = 0
    for seed in seeds:
        for step, state in enumerate(every_state(options, seed)):
            for seat in range(n):
                out.fill(np.nan)
                encoder.encode_into(state, seat, out)
                where = f"{options} seed {seed} step {step} ({state.phase.name}) seat {seat}"
                assert_same_bits(encoder, out, expected(encoder, state, seat), where)
            states += 1
            ended += state.is_terminal()
    return states, ended


@pytest.mark.parametrize("options", FAST, ids=str)
def test_the_fast_path_is_the_view_vector_bit_for_bit(options: dict[str, Any]) -> None:
    states, ended = check_games(options, range(FAST_GAMES))
    assert ended == FAST_GAMES, "every game is checked in its final state too"
    assert states > 100 * FAST_GAMES


def test_the_games_reach_the_slots_that_are_rarely_set() -> None:
    """The default suite's games reach what only some states hold: a public deck (KN-7), a
    payment, the take, extra actions, reservations, cards known in a hand, villages, renewed
    buildings, empty market and destination slots, and the end (of the phases, all but the rare
    forced discards, village orders and reservations)."""
    seen: set[str] = set()
    for options in FAST:
        for seed in range(FAST_GAMES):
            for state in every_state(options, seed):
                seen.add(f"phase {state.phase.name}")
                seen.update(
                    name
                    for name, here in (
                        ("deck public", state.deck_public),
                        ("payment", state.pay_dest >= 0),
                        ("extras", bool(state.extras)),
                        ("reserved", any(p.reserved for p in state.players)),
                        ("known", any(p.known for p in state.players)),
                        ("village", any(p.village for p in state.players)),
                        ("renewed", bool(state.building_deck_bottom)),
                        ("empty market slot", -1 in state.market),
                        ("empty destination slot", -1 in state.visible),
                        ("ended", state.ended),
                    )
                    if here
                )
    phases = {f"phase {name}" for name in KnarrState.flow.names} - {
        "phase forced discard",
        "phase activate village",
        "phase reserve",
    }
    missing = phases | {
        "deck public",
        "payment",
        "extras",
        "reserved",
        "known",
        "village",
        "renewed",
        "empty market slot",
        "empty destination slot",
        "ended",
    }
    assert not missing - seen, f"never reached: {sorted(missing - seen)}"


@pytest.mark.parametrize("options", FAST[:3], ids=str)
def test_what_a_seat_cannot_see_never_reaches_it(options: dict[str, Any]) -> None:
    """Re-dealing what a seat cannot see (the others' unseen cards, the deck while it is secret)
    leaves its fast vector; re-dealing for another seat, which changes what this one knows (its
    own hand), changes it, as it changes the view."""
    encoder = encoder_of(options)
    n = encoder.n
    rng = random.Random(4)
    redealt = changed = 0
    for seed in range(2):
        for step, state in enumerate(every_state(options, seed)):
            if step % 4:
                continue
            mine = [fast(encoder, state, seat) for seat in range(n)]
            for seat in range(n):
                other = state.resample_hidden(seat, rng)
                assert isinstance(other, KnarrState)
                hidden = [q for q in range(n) if q != seat]
                if any(other.players[q].hand != state.players[q].hand for q in hidden) or (
                    other.deck != state.deck
                ):
                    redealt += 1
                assert_same_bits(encoder, fast(encoder, other, seat), mine[seat], "re-dealt")
                for q in hidden:
                    if other.view(q) != state.view(q):
                        assert not np.array_equal(fast(encoder, other, q), mine[q])
                        changed += 1
    assert redealt > 20, "the re-deals hardly changed anything hidden"
    assert changed > 20, "no re-deal changed what another seat knows"


def test_reading_the_state_leaves_it_as_it_was() -> None:
    encoder = encoder_of(FAST[1])
    for step, state in enumerate(every_state(FAST[1], 5)):
        if step % 10:
            continue
        before = [state.view(q) for q in range(encoder.n)]
        clone = state.clone()
        for seat in range(encoder.n):
            fast(encoder, state, seat)
        assert [state.view(q) for q in range(encoder.n)] == before
        assert state.legal_actions() == clone.legal_actions()
        assert state.history() == clone.history()


def test_out_may_be_a_row_a_strided_view_or_another_dtype() -> None:
    """A row of a batch, a strided or a reversed view take the fast path, a float64 array is
    filled through a float32 copy, all with the same values; the rest of a strided view's base is
    untouched."""
    options = FAST[2]
    encoder = encoder_of(options)
    n, size = encoder.n, encoder.size
    checked = 0
    for step, state in enumerate(every_state(options, 1)):
        if step % 25:
            continue
        batch = np.full((n, size), np.nan, dtype=np.float32)
        strided = np.full(2 * size, np.nan, dtype=np.float32)
        reversed_ = np.full(size, np.nan, dtype=np.float32)[::-1]
        wide = np.full(size, np.nan, dtype=np.float64)
        for seat in range(n):
            want = expected(encoder, state, seat)
            encoder.encode_into(state, seat, batch[seat])
            assert_same_bits(encoder, batch[seat], want, "a row of a batch")
            encoder.encode_into(state, seat, strided[::2])
            assert_same_bits(encoder, strided[::2], want, "a strided view")
            assert np.isnan(strided[1::2]).all(), "wrote outside the view"
            encoder.encode_into(state, seat, reversed_)
            assert_same_bits(encoder, reversed_, want, "a reversed view")
            encoder.encode_into(state, seat, wide)
            assert np.array_equal(wide, want.astype(np.float64))
            checked += 1
    assert checked > 10


def test_a_seat_that_does_not_exist_is_refused_as_the_view_refuses_it() -> None:
    encoder = encoder_of({})
    state = next(itertools.islice(every_state({}, 0), 40, None))
    out = np.zeros(encoder.size, dtype=np.float32)
    for seat in (-1, encoder.n, 7):
        with pytest.raises(LangbordError, match="no seat"):
            encoder.encode_into(state, seat, out)
    assert not out.any(), "a refused seat writes nothing"


@pytest.mark.slow
@pytest.mark.parametrize("options", SWEEP, ids=str)
def test_every_combination_of_options(options: dict[str, Any]) -> None:
    states, ended = check_games(options, range(2))
    assert ended == 2
    assert states > 100


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_games(players: int) -> None:
    states, ended = check_games({"players": players}, range(100, 125))
    assert ended == 25
    assert states > 2500
