"""Skoventyr's fast observation path, ``SkoventyrEncoder.encode_into``, which reads the state
directly: bit for bit the vector ``encode`` gives for the seat's view, at every state of many
games (chance nodes and won and lost ends included), from every seat, over the engine's option
sets, into a vector full of NaN; unchanged by a re-deal; never asking for a view; into any
float vector (a row of a batch, a strided one)."""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import langbord
from langbord import LangbordError
from langbord.agents.heuristics.skoventyr import policy
from langbord.engines.skoventyr.data import ACORN_KINDS, CARD_NAMES, LYGTEMANDS, TREE_NAMES
from langbord.engines.skoventyr.rules import LOST, WON, SkoventyrGame, SkoventyrState
from langbord.envs.encoders.skoventyr import SkoventyrEncoder
from langbord.envs.encoding import encoder_for

from .cases import assert_same_bits, fast_vector, view_vector

Array = np.ndarray[Any, Any]
FAST_OPTIONS: list[dict[str, Any]] = [
    {},
    {"players": 2, "lygtemands": True, "rescue": True},
    {"players": 4, "rescue": True},
    {"players": 3, "lygtemands": True},
    {"players": 3, "trees": 8, "damaged": 3},
    {"players": 1, "trees": 7, "damaged": 7, "lygtemands": True, "rescue": True},
]
"""The default suite's option sets: the default, each module, and the difficulty options."""
SLOW_OPTIONS: list[dict[str, Any]] = [
    *(dict(o) for o in SkoventyrGame.conformance_options),
    {"players": 4, "trees": 8, "damaged": 8, "lygtemands": True, "rescue": True},
    {"players": 2, "trees": 6, "damaged": 6},
    {"players": 1, "trees": 8},
]
"""Every player count with every combination of the modules, and more Forests."""


def option_id(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def encoder(options: dict[str, Any]) -> SkoventyrEncoder:
    made = encoder_for(langbord.load("skoventyr", **options))
    assert isinstance(made, SkoventyrEncoder)
    return made


def play(state: SkoventyrState, rng: random.Random, expert: float) -> Iterator[SkoventyrState]:
    """Every state of a game from ``state``, its end included (chance by its probabilities; a
    decision by the expert policy with probability ``expert``, else at random)."""
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        elif rng.random() < expert:
            action = policy(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def new_game(options: dict[str, Any]) -> SkoventyrState:
    state = langbord.load("skoventyr", **options).new_initial_state()
    assert isinstance(state, SkoventyrState)
    return state


def check(enc: SkoventyrEncoder, state: SkoventyrState, seat: int) -> Array:
    """The fast vector of ``seat`` (written over NaN), after checking it is bit for bit the view's
    vector."""
    out = fast_vector(enc, state, seat)
    assert_same_bits(enc, out, view_vector(enc, state, seat), f"seat {seat}, {state.phase.name}")
    return out


def sweep(options: dict[str, Any], games: int, seed: int) -> tuple[int, set[int], Array]:
    """Check every state of ``games`` games from every seat: how many vectors were checked, the
    results the games ended with, and which slots were ever not 0."""
    enc = encoder(options)
    n = enc.game.num_players()
    checked = 0
    results: set[int] = set()
    seen = np.zeros(enc.size, dtype=bool)
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        expert = (0.0, 0.7, 0.95)[g % 3]
        for state in play(new_game(options), rng, expert):
            for seat in range(n):
                seen |= check(enc, state, seat) != 0
                checked += 1
        results.add(state.result)
    return checked, results, seen


def family(name: str) -> str:
    """A slot's name without its card, Tree or token and with ``+k`` for the seat or place:
    ``ring+3.ally.Nisse`` -> ``ring+k.ally``, ``minion.Mare 1.acorn.2`` -> ``minion.acorn``."""
    head, _, last = name.rpartition(".")
    if last in LAST_PARTS:
        name = head
    if name.startswith("minion."):
        name = "minion." + name.split(".", 2)[2]
    return re.sub(r"\+\d+", "+k", name)


LAST_PARTS = {*CARD_NAMES, *TREE_NAMES, *LYGTEMANDS, *ACORN_KINDS}
EVERY_GAME = {
    *("to_move.chance", "to_move.seat+k", "turn.seat+k", "result.lost", "turns_played"),
    *("phase.draw", "phase.action", "phase.gambit", "phase.damage", "phase.over"),
    *("ring+k.present", "ring+k.damaged", "ring+k.gamle_erik", "ring+k.ally", "ring+k.revealed"),
    *("ring+k.tree", "tree.A.discarded", "distance", "allies_in_forest", "future3"),
    *("taking", "placing", "hand.seat+k", "discard", "deck.size", "deck.hidden", "deck.bottom"),
    *("deck.bottom1", "deck.bottom5", "set_aside", "minion.in_game"),
}
"""The slot families every option set's sweep sets to something other than 0."""
MODULES = {
    "lygtemands": {"minion.lygtemand", "lygtemands.rallied", "lygtemands.removed"},
    "rescue": {"hostage", "minion.acorn", "acorns_in_centre"},
}


def assert_touched(options: dict[str, Any], seen: Array) -> None:
    """Most slot families (those of the modules played too, none of the others') took other
    values than 0 in a sweep: its comparisons were not of zeros."""
    names = encoder(options).names
    touched = {family(name) for name, s in zip(names, seen, strict=True) if s}
    expected = EVERY_GAME.union(*(MODULES[m] for m in MODULES if options.get(m)))
    assert expected <= touched, sorted(expected - touched)
    for module, slots in MODULES.items():
        if not options.get(module):
            assert not slots & touched, sorted(slots & touched)


@pytest.mark.parametrize("options", FAST_OPTIONS, ids=option_id)
def test_every_state_from_every_seat_is_the_view_vector(options: dict[str, Any]) -> None:
    """20 games (random, mostly expert, expert), every state, every seat."""
    checked, results, seen = sweep(options, games=20, seed=1)
    assert checked > 1000
    assert LOST in results
    assert_touched(options, seen)


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 2, "trees": 8}], ids=option_id)
def test_won_and_lost_games_end_on_the_view_vector(options: dict[str, Any]) -> None:
    """Ends of both kinds, from every seat: the expert policy wins some games."""
    enc = encoder(options)
    n = enc.game.num_players()
    ends: dict[int, int] = {WON: 0, LOST: 0}
    for g in range(80):
        *_, end = play(new_game(options), random.Random(g), expert=1.0)
        assert end.is_terminal()
        for seat in range(n):
            out = check(enc, end, seat)
            assert out[enc.names.index("phase.over")] == 1.0
            assert out[enc.names.index("result.won" if end.result == WON else "result.lost")]
        ends[end.result] += 1
        if ends[WON] >= 2 and ends[LOST] >= 2:
            break
    assert ends[WON] >= 2 and ends[LOST] >= 2, ends


def test_rare_table_positions_are_the_view_vector() -> None:
    """Fields random games seldom fill, set on real states (the view reads them as the fast path
    does): long known tops and bottoms, cards revealed by Involve, a card being placed, Gamle
    Erik set aside, an x2 Hostage, Acorns in the centre, Lygtemands on Minions, a ring shorter
    than the Forest."""
    options = {"players": 3, "trees": 8, "lygtemands": True, "rescue": True}
    enc = encoder(options)
    rng = random.Random(4)
    states = [s.clone() for s in play(new_game(options), random.Random(8), 0.5)][::7]
    assert len(states) > 5
    seen = np.zeros(enc.size, dtype=bool)
    for k, base in enumerate(states):
        state = base.clone()
        assert isinstance(state, SkoventyrState)
        state.top = [rng.randrange(6) for _ in range(k % 9)]
        state.bottom = [rng.randrange(6) for _ in range((k * 5) % 11)]
        state.involve_cards = [rng.randrange(6) for _ in range(k % 4)]
        state.placing = rng.randrange(-1, 5)
        state.taking = rng.randrange(-1, 6)
        state.set_aside = k % 3
        state.hostage = [rng.randrange(3) for _ in range(5)]
        state.centre = [rng.randrange(3) for _ in range(3)]
        state.lygtemand_on = [rng.randrange(-1, 6) for _ in range(6)]
        state.acorn_on = [rng.randrange(-1, 3) for _ in range(6)]
        state.in_game = [rng.random() < 0.7 for _ in range(6)]
        state.rallied, state.lygtemands_removed = k % 4, k % 3
        state.revealed = [rng.random() < 0.5 for _ in range(8)]
        if k % 2 and state.gamle_erik != state.ring[-1] and state.vogter != state.ring[-1]:
            state.discarded_trees = [*state.discarded_trees, state.ring[-1]]
            state.ring = state.ring[:-1]
        for seat in range(3):
            seen |= check(enc, state, seat) != 0
    touched = {name for name, s in zip(enc.names, seen, strict=True) if s}
    rare = {"deck.top.Nisse", "deck.top5.Trold", "deck.bottom5.Huldre", "revealed.Ellefolk"}
    rare |= {"placing.Formskifter", "set_aside", "hostage.Trold", "acorns_in_centre.3"}
    rare |= {"minion.Mare 2.lygtemand.?", "minion.Lindorm 1.acorn.1", "tree.H.discarded"}
    assert rare <= touched, sorted(rare - touched)


def test_a_redeal_leaves_the_fast_vector_unchanged() -> None:
    enc = encoder({"players": 2, "lygtemands": True, "rescue": True})
    rng = random.Random(2)
    for state in list(play(new_game(enc.game.options), random.Random(3), 0.8))[::4]:
        for seat in range(2):
            mine = check(enc, state, seat)
            again = np.full(enc.size, np.nan, dtype=np.float32)
            enc.encode_into(state.resample_hidden(seat, rng), seat, again)
            assert again.tobytes() == mine.tobytes()


def test_the_fast_path_asks_for_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = encoder({"players": 2, "rescue": True})
    states = [s.clone() for s in play(new_game(enc.game.options), random.Random(5), 0.8)]
    expected = [view_vector(enc, s, 1) for s in states]

    def no_view(self: SkoventyrState, player: int | None) -> dict[str, Any]:
        raise AssertionError("encode_into asked for a view")

    monkeypatch.setattr(SkoventyrState, "view", no_view)
    out = np.empty(enc.size, dtype=np.float32)
    for state, vector in zip(states, expected, strict=True):
        assert isinstance(state, SkoventyrState)
        enc.encode_into(state, 1, out)
        assert out.tobytes() == vector.tobytes()


def test_any_float_vector_takes_the_fast_path() -> None:
    """A row of a batch, a strided vector, a float64 vector (the view's float64 values)."""
    enc = encoder({"players": 2})
    batch = np.full((3, enc.size), np.nan, dtype=np.float32)
    wide = np.full(2 * enc.size, np.nan, dtype=np.float32)
    double = np.full(enc.size, np.nan)
    for state in list(play(new_game(enc.game.options), random.Random(6), 0.8))[::5]:
        expected = view_vector(enc, state, 0)
        enc.encode_into(state, 0, batch[1])
        enc.encode_into(state, 0, wide[::2])
        enc.encode_into(state, 0, double)
        assert batch[1].tobytes() == expected.tobytes()
        assert np.isnan(batch[[0, 2]]).all()
        assert wide[::2].tobytes() == expected.tobytes() and np.isnan(wide[1::2]).all()
        assert np.array_equal(double, enc.encode(state.view(0), 0))


def test_the_encoder_pickles_and_copies() -> None:
    """A vector environment may send its encoder to another process: a pickled (or deep-copied)
    encoder writes the same vectors."""
    enc = encoder({"players": 2, "lygtemands": True})
    copies = [pickle.loads(pickle.dumps(enc)), copy.deepcopy(enc)]
    out = np.empty(enc.size, dtype=np.float32)
    for state in list(play(new_game(enc.game.options), random.Random(7), 0.8))[::5]:
        for seat in range(2):
            mine = check(enc, state, seat)
            for other in copies:
                out.fill(np.nan)
                other.encode_into(state, seat, out)
                assert out.tobytes() == mine.tobytes()


@pytest.mark.parametrize("seat", [-1, 2, None, 1.0])
def test_a_seat_that_does_not_exist_is_refused(seat: Any) -> None:
    enc = encoder({"players": 2})
    out = np.zeros(enc.size, dtype=np.float32)
    with pytest.raises(LangbordError, match="no seat"):
        enc.encode_into(new_game(enc.game.options), seat, out)


@pytest.mark.slow
@pytest.mark.parametrize("options", SLOW_OPTIONS, ids=option_id)
def test_many_games_of_every_option_set_are_the_view_vector(options: dict[str, Any]) -> None:
    checked, results, seen = sweep(options, games=60, seed=2)
    assert checked > 2000
    assert LOST in results
    assert_touched(options, seen)
