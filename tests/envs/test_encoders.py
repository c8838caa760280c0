"""Every game's observation encoder (parametrized over the games whose encoder module exists):
sizes fixed by the options, finite values within the encoder's bounds, every slot named and
documented, secrecy through ``resample_hidden`` and through the PettingZoo observations, and a
seat's private knowledge reaching its own observation."""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import langbord
from langbord import State
from langbord.core import registry
from langbord.envs.encoding import Encoder, encoder_for

from .cases import HAVE, cases

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "skibe": [{"players": 3}, {"players": 4}, {"players": 5}],
    "skoventyr": [
        {},
        {"players": 2, "lygtemands": True, "rescue": True},
        {"players": 3, "trees": 8, "damaged": 3},
    ],
    "knarr": [
        {"players": 2},
        {"players": 4, "skali": True, "artifact": "random"},
        {"players": 2, "boat": "random", "artifact": "two-player-mead-cup"},
    ],
    "skaal": [{"players": 3}, {"players": 6, "prospects": 5, "max_rounds": 30}],
}
CASES = cases(OPTIONS)


def play_random(state: State, rng: random.Random) -> Iterator[State]:
    """Every decision state of a random game from ``state`` (chance by its probabilities)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            yield state
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    yield state


def encode(encoder: Encoder, state: State, seat: int) -> list[float]:
    return encoder.encode(state.view(seat), seat)


def test_every_game_has_an_encoder() -> None:
    assert HAVE, "no encoder module found"
    assert set(HAVE) <= set(OPTIONS)


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_slots_name_and_document_every_slot(game_name: str, options: dict[str, Any]) -> None:
    encoder = encoder_for(langbord.load(game_name, **options))
    assert encoder.size == len(encoder.slots()) == len(encoder.names) > 0
    assert len(set(encoder.names)) == encoder.size, "slot names must be unique"
    doc = importlib.import_module(f"langbord.envs.encoders.{game_name}").__doc__ or ""
    for name in encoder.names:
        family = re.sub(r"[0-9+]+$", "", name.split(".")[0])
        assert family and family in doc, f"slot {name!r}: {family!r} is not documented"


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_vectors_have_a_fixed_size_and_bounded_values(
    game_name: str, options: dict[str, Any]
) -> None:
    game = langbord.load(game_name, **options)
    encoder = encoder_for(game)
    n = game.num_players()
    for seed in range(2):
        distinct: set[tuple[float, ...]] = set()
        steps = 0
        for state in play_random(game.new_initial_state(), random.Random(seed)):
            steps += 1
            if steps > 80:
                break
            for seat in range(n):
                vector = encode(encoder, state, seat)
                assert len(vector) == encoder.size
                if not all(math.isfinite(x) and encoder.low <= x <= encoder.high for x in vector):
                    pairs = zip(encoder.names, vector, strict=True)
                    bad = [(k, x) for k, x in pairs if not encoder.low <= x <= encoder.high]
                    pytest.fail(f"{game_name}: slots out of bounds or not finite: {bad}")
                distinct.add(tuple(vector))
        assert len(distinct) >= min(10, steps // 2), "the observation hardly changes in a game"


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_redealing_what_a_seat_cannot_see_leaves_its_observation(
    game_name: str, options: dict[str, Any]
) -> None:
    pytest.importorskip("pettingzoo", reason="the environments need langbord[rl]")
    from langbord.envs import pettingzoo_env

    env = pettingzoo_env(game_name, **options)
    env.reset(seed=7)
    n = env.game.num_players()
    rng = random.Random(3)
    states = list(play_random(env.game.new_initial_state(), random.Random(11)))
    for state in states[:: max(1, len(states) // 15)]:
        for seat in range(n):
            other = state.resample_hidden(seat, rng)
            assert encode(env.encoder, other, seat) == encode(env.encoder, state, seat)
            agent = env.possible_agents[seat]
            env.state = state
            mine = env.observe(agent)["observation"]
            env.state = other
            assert (env.observe(agent)["observation"] == mine).all()


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_private_knowledge_reaches_only_its_seat(game_name: str, options: dict[str, Any]) -> None:
    """Where re-dealing for one seat changes what another seat knows (its own hand), that other
    seat's observation changes too: the encoder does not drop private knowledge."""
    game = langbord.load(game_name, **options)
    encoder = encoder_for(game)
    n = game.num_players()
    rng = random.Random(5)
    changed = 0
    for seed in range(2):
        for state in play_random(game.new_initial_state(), random.Random(seed)):
            if len(state.history()) % 7:
                continue
            for seat in range(n):
                other = state.resample_hidden(seat, rng)
                for q in range(n):
                    if other.view(q) != state.view(q):
                        assert encode(encoder, other, q) != encode(encoder, state, q)
                        changed += 1
    if registry.info(game_name).private_information:
        assert changed > 0, "no re-deal ever changed another seat's knowledge"
    else:
        assert changed == 0


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_seats_see_the_table_from_their_own_chair(game_name: str, options: dict[str, Any]) -> None:
    """Seats are relative to the observer: over a game, two seats' vectors are not the same
    (unless the game has one seat)."""
    game = langbord.load(game_name, **options)
    encoder = encoder_for(game)
    if game.num_players() == 1:
        pytest.skip("one seat")
    states = list(play_random(game.new_initial_state(), random.Random(2)))
    assert any(encode(encoder, s, 0) != encode(encoder, s, 1) for s in states)


@pytest.mark.parametrize(("game_name", "options"), CASES)
def test_the_fast_path_writes_exactly_the_view_vector(
    game_name: str, options: dict[str, Any]
) -> None:
    """``encode_into`` (which a game's encoder may make read the state directly) writes every
    slot, each exactly the value ``encode`` gives for the seat's view, from every seat, over whole
    random games; and re-dealing what a seat cannot see leaves what it writes unchanged."""
    game = langbord.load(game_name, **options)
    encoder = encoder_for(game)
    n = game.num_players()
    out = np.empty(encoder.size, dtype=np.float32)
    rng = random.Random(9)
    checked = 0
    for seed in range(12):
        for step, state in enumerate(play_random(game.new_initial_state(), random.Random(seed))):
            for seat in range(n):
                out.fill(np.nan)
                encoder.encode_into(state, seat, out)
                expected = np.asarray(encode(encoder, state, seat), dtype=np.float32)
                if not np.array_equal(out, expected):
                    wrong = [
                        (name, float(a), float(b))
                        for name, a, b in zip(encoder.names, out, expected, strict=True)
                        if a != b
                    ]
                    pytest.fail(f"{game_name} seat {seat} step {step}: {wrong[:8]}")
                if step % 5 == 0:
                    other = state.resample_hidden(seat, rng)
                    again = np.empty_like(out)
                    encoder.encode_into(other, seat, again)
                    assert np.array_equal(again, out), "a re-deal changed the fast observation"
                checked += 1
    assert checked > 100
