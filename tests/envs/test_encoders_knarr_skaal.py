"""Knarr's and Skåål's observation encoders: fixed sizes for given options, finite values, every
slot named and documented, secrecy (re-dealing what a seat cannot see leaves its observation
unchanged), seats relative to the observer, and named slots holding the right numbers for
positions built by action strings."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import langbord
from langbord import CHANCE, State
from langbord.engines.knarr.data import (
    BOATS,
    BUILDINGS,
    DESTINATIONS,
    GAINS,
    LINES,
    RECRUIT,
    TYPE_NAMES,
    VP,
)
from langbord.envs.encoders import knarr as knarr_encoder
from langbord.envs.encoders import skaal as skaal_encoder
from langbord.envs.encoding import Encoder, encoder_for

KNARR_OPTIONS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4, "boat": "advanced"},
    {"players": 2, "skali": True},
    {"players": 3, "skali": True, "skali_board": "digital", "boat": "advanced"},
    {"players": 4, "skali": True, "artifact": "random"},
    {"players": 3, "artifact": "random"},
    {"players": 2, "skali": True, "artifact": "golden_bracelet"},
    {"players": 4, "artifact": "helmet"},
]
SKAAL_OPTIONS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 4, "prospects": 5, "max_rounds": 30},
]
CASES = [("knarr", o) for o in KNARR_OPTIONS] + [("skaal", o) for o in SKAAL_OPTIONS]
CASE_IDS = [f"{g}-" + ",".join(f"{k}={v}" for k, v in o.items()) for g, o in CASES]


def random_game(state: State, rng: random.Random) -> Iterator[State]:
    """Every state of a random game from ``state`` (chance by its probabilities)."""
    while True:
        yield state
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            action = rng.choices(actions, [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def observe(encoder: Encoder, state: State, seat: int) -> list[float]:
    return encoder.encode(state.view(seat), seat)


def named(encoder: Encoder, vector: list[float]) -> dict[str, float]:
    return dict(zip(encoder.names, vector, strict=True))


def block(observation: dict[str, float], prefix: str) -> dict[str, float]:
    """The slots whose names start with ``prefix``, by the rest of the name."""
    return {k[len(prefix) :]: v for k, v in observation.items() if k.startswith(prefix)}


def play(state: State, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.string_to_action(text))


# ---- sizes, names, documentation -------------------------------------------------------------


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_slots_are_named_once_and_documented(game: str, options: dict[str, Any]) -> None:
    encoder = encoder_for(langbord.load(game, **options))
    assert encoder.size == len(encoder.names) == len(set(encoder.names)) > 0
    # the size depends only on the options
    assert encoder_for(langbord.load(game, **options)).names == encoder.names
    # seat groups are exactly seat+0 … seat+{n-1}
    n = int(options["players"])
    groups = {m for name in encoder.names for m in re.findall(r"seat\+(\d+)", name)}
    assert groups == {str(k) for k in range(n)}
    # every slot's field is named in the module's docstring (the documentation of the layout)
    module = knarr_encoder if game == "knarr" else skaal_encoder
    doc = module.__doc__ or ""
    for name in encoder.names:
        parts = [p for p in name.split(".") if not p.startswith("seat+")]
        if parts[0] == "region":
            parts = parts[2:]
        assert parts[0] in doc, name


def test_sizes_follow_the_options() -> None:
    def size(game: str, **options: Any) -> int:
        return encoder_for(langbord.load(game, **options)).size

    # Skåål: only the players option changes the size
    assert size("skaal", players=4) == size("skaal", players=4, prospects=5, max_rounds=30)
    assert size("skaal", players=3) < size("skaal", players=4) < size("skaal", players=6)
    # Knarr: players, Skali and the artifact block; boat and skali_board change only values
    assert size("knarr", players=3) == size("knarr", players=3, boat="advanced")
    assert size("knarr", players=3, skali=True) == size(
        "knarr", players=3, skali=True, skali_board="digital"
    )
    assert size("knarr", players=3) < size("knarr", players=3, skali=True)
    assert size("knarr", players=3) < size("knarr", players=3, artifact="random")
    assert size("knarr", players=3, artifact="random") == size(
        "knarr", players=3, artifact="amulet"
    )


# ---- random games: fixed size, finite values, secrecy ----------------------------------------


@pytest.mark.parametrize(("game", "options"), CASES, ids=CASE_IDS)
def test_random_games_fixed_size_finite_and_secret(game: str, options: dict[str, Any]) -> None:
    g = langbord.load(game, **options)
    encoder = encoder_for(g)
    n = g.num_players()
    rng = random.Random(f"{game}{options}")
    # the documented lower bounds: Knarr's Skali village sums, Skåål's clipped accountant_ahead
    low = -1.0 if game == "skaal" else -35.0 if options.get("skali") else 0.0
    redealt = 0  # re-deals that changed another seat's observation: the check has teeth
    for number in range(2 if game == "knarr" else 1):  # Skåål's random games are long
        for step, state in enumerate(random_game(g.new_initial_state(), rng)):
            if (step + number) % 3 and not state.is_terminal():
                continue
            observations = [observe(encoder, state, p) for p in range(n)]
            for vector in observations:
                assert len(vector) == encoder.size
                assert all(math.isfinite(x) and x >= low for x in vector)
            if (step + number) % 9:
                continue
            for p in range(n):
                other = state.resample_hidden(p, random.Random(step * 10 + p))
                assert observe(encoder, other, p) == observations[p]
                if not redealt:
                    redealt += any(observe(encoder, other, q) != observations[q] for q in range(n))
    if game == "knarr":
        assert redealt > 0


# ---- Knarr: a position built by action strings -----------------------------------------------

MARKET = ("red vp", "yellow vp", "green vp", "blue vp", "purple vp")
CREWS = [("red vp", "yellow vp"), ("green vp", "blue vp"), ("red bracelet", "purple vp")]
HANDS = [
    ("green recruit", "blue reputation", "purple bracelet"),
    ("red bracelet", "yellow reputation", "purple recruit"),
    ("blue bracelet", "green recruit", "purple recruit"),
]


def knarr_setup(players: int = 3, reveal_artifact: str | None = None, **options: Any) -> State:
    """A game with every setup card named (``reveal_artifact``: drawn with artifact=random)."""
    if reveal_artifact:
        options["artifact"] = "random"
    state = langbord.load("knarr", players=players, **options).new_initial_state()
    if reveal_artifact:
        play(state, f"artifact {reveal_artifact}")
    play(state, *(f"reveal {d}" for d in ("A1", "A6", "A15", "B1", "B4", "B6")))
    play(state, *(f"draw {card}" for card in MARKET))
    for p in range(players):
        play(state, *(f"draw {card}" for card in (*CREWS[p], *HANDS[p])))
    if options.get("skali"):
        play(state, *(f"reveal building {b}" for b in (1, 2, 3, 4)))
    play(state, "first seat 0")
    return state


def test_knarr_named_slots_of_a_built_position() -> None:
    state = knarr_setup()
    encoder = encoder_for(state.game)
    me, left = (named(encoder, observe(encoder, state, p)) for p in (0, 1))
    assert me["phase.action"] == 1 and me["to_move.seat+0"] == 1 and me["to_move.chance"] == 0
    assert left["to_move.seat+2"] == 1 and left["to_move.seat+0"] == 0  # seat 0 seen from seat 1
    assert left["first.seat+2"] == 1 and left["turn.seat+2"] == 1
    # the market: one viking per slot
    assert me["market.red.red_vp"] == me["market.purple.purple_vp"] == 1
    assert sum(block(me, "market.red.").values()) == 1
    # destinations by their cards: A1 is the first visible Trading Land, B6 the third Land of
    # Influence
    a1, b6 = DESTINATIONS[0], next(d for d in DESTINATIONS if d.name == "B6")
    tl1 = block(me, "destinations.trading_lands.1.")
    assert tl1["present"] == 1 and tl1["land_of_influence"] == 0
    assert tl1["gain.vp"] == a1.immediate[VP]
    assert [tl1[f"trade.{c + 1}.{g}"] for c in range(3) for g in GAINS] == [
        float(a1.trade[c] == i) for c in range(3) for i in range(len(GAINS))
    ]
    loi3 = block(me, "destinations.lands_of_influence.3.")
    assert loi3["land_of_influence"] == 1
    assert sum(v for k, v in loi3.items() if k.startswith("cost.")) == b6.size
    # the decks: 40 vikings - 5 in the market - 15 dealt; 6 destinations revealed
    assert me["decks.vikings"] == pytest.approx(20 / 40)
    assert me["unseen.A1"] == me["unseen.B6"] == 0 and me["unseen.A2"] == me["unseen.B2"] == 1
    assert sum(block(me, "unseen.").values()) == 35 - 6
    assert "unseen.A21" not in me  # Skali's destinations only in Skali
    # seats, relative to the observer
    assert me["seat+0.crew.red_vp"] == me["seat+0.crew.yellow_vp"] == 1
    assert left["seat+2.crew.red_vp"] == 1 and left["seat+0.crew.green_vp"] == 1
    assert me["seat+1.crew.green_vp"] == 1 and me["seat+2.crew.red_bracelet"] == 1
    assert me["seat+0.bracelets"] == me["seat+0.recruits"] == pytest.approx(1 / 3)
    assert me["seat+1.hand_size"] == 1 and sum(block(me, "seat+1.hand_known.").values()) == 0
    # the boat's trade columns (normal side: column 2 gives a recruit)
    assert BOATS["normal"][1] == RECRUIT
    assert me["seat+0.column.2.recruit"] == 1 and me["seat+0.column.1.recruit"] == 0
    # the hands: each observer sees only its own, as seat+0
    assert block(me, "seat+0.hand.") == {
        t.replace(" ", "_"): float(t in HANDS[0]) for t in TYPE_NAMES
    }
    assert left["seat+0.hand.red_bracelet"] == 1 and left["seat+0.hand.green_recruit"] == 0
    assert not any(k.startswith(("seat+1.hand.", "seat+2.hand.")) for k in me)

    # Recruit: seat 0 plays green recruit and takes the green slot's viking, known to all
    play(state, "recruit green recruit", "take green", "draw red recruit")
    me, left = (named(encoder, observe(encoder, state, p)) for p in (0, 1))
    assert me["seat+0.crew.green_recruit"] == 1
    assert me["seat+0.hand.green_vp"] == 1 and me["seat+0.hand_known.green_vp"] == 1
    assert left["seat+2.hand_known.green_vp"] == 1  # seat 1 knows seat 0 took it
    assert left["seat+2.hand_size"] == 1
    assert me["market.green.red_recruit"] == 1 and me["market.green.green_vp"] == 0


def test_knarr_hands_differ_between_seats_and_stay_secret() -> None:
    state = knarr_setup()
    encoder = encoder_for(state.game)
    mine = named(encoder, observe(encoder, state, 0))
    theirs = named(encoder, observe(encoder, state, 1))
    assert block(mine, "seat+0.hand.") != block(theirs, "seat+0.hand.")
    # re-deal from seat 1's knowledge until seat 0's hand changes: seat 1 sees no difference,
    # seat 0 does
    for seed in range(50):
        other = state.resample_hidden(1, random.Random(seed))
        if other.view(0)["seats"][0]["hand"] != state.view(0)["seats"][0]["hand"]:
            break
    else:
        raise AssertionError("no re-deal changed seat 0's hand")
    assert observe(encoder, other, 1) == observe(encoder, state, 1)
    changed = named(encoder, observe(encoder, other, 0))
    assert block(changed, "seat+0.hand.") != block(mine, "seat+0.hand.")
    assert sum(block(changed, "seat+0.hand.").values()) == 3


def test_knarr_skali_and_artifact_slots() -> None:
    state = knarr_setup(players=2, reveal_artifact="Golden bracelet", skali=True)
    encoder = encoder_for(state.game)
    me = named(encoder, observe(encoder, state, 0))
    assert me["artifact.golden_bracelet"] == 1 and sum(block(me, "artifact.").values()) == 1
    first = block(me, "buildings.1.")
    assert first["present"] == 1 and first["cost"] == BUILDINGS[0].cost
    assert [first[f"line.{line}.{g}"] for line in LINES for g in GAINS] == [
        float(k) for line in BUILDINGS[0].lines for k in line
    ]
    assert sum(block(me, "building_unseen.").values()) == 35 - 4
    assert me["building_unseen.1"] == 0 and me["building_unseen.5"] == 1
    assert me["building_deck"] == pytest.approx(31 / 35)
    assert me["seat+0.change_token"] == me["seat+1.change_token"] == 1  # 2 players: SK-6
    assert me["seat+0.village"] == 0 and sum(block(me, "seat+0.village.").values()) == 0
    assert sum(block(me, "unseen.").values()) == 48 - 6
    assert me["seat+0.last_explored.trading_land"] == 0
    assert sum(block(me, "seat+0.reserved.").values()) == 0


# ---- Skåål: seats relative to the observer, a built position ----------------------------------


def test_skaal_named_slots_of_a_built_position() -> None:
    state = langbord.load("skaal", players=4, prospects=10).new_initial_state()
    encoder = encoder_for(state.game)
    play(state, "place Kamau", "place Le Chaim")
    black, white, red = (named(encoder, observe(encoder, state, p)) for p in (0, 1, 2))
    assert black["phase.setup"] == 1 and black["to_move.seat+2"] == 1
    assert red["to_move.seat+0"] == 1 and red["turn.seat+0"] == 1
    assert black["region.kamau.dwarfs.seat+0"] == pytest.approx(1 / 5)
    assert white["region.kamau.dwarfs.seat+3"] == pytest.approx(1 / 5)  # black, seen from white
    assert red["region.le_chaim.dwarfs.seat+3"] == pytest.approx(1 / 5)  # white, seen from red
    assert sum(v for k, v in black.items() if ".dwarfs." in k) == pytest.approx(2 / 5)
    # 4 players: 3 dwarfs to place each (SA-1); black and white placed one
    assert black["seat+0.to_place"] == black["seat+1.to_place"] == pytest.approx(2 / 4)
    assert black["seat+2.to_place"] == pytest.approx(3 / 4)
    assert black["seat+0.reserve"] == 1 and black["seat+0.inns"] == 1
    # the track: accountants on 1, the pawn on 2, the mines close 10 prospects later
    assert black["seat+0.respect"] == 0
    assert black["seat+0.accountant_ahead"] == pytest.approx(-1 / 20)
    assert black["prospects_left"] == 1 and black["mines_closed"] == 0
    assert black["region.kamau.ooops"] == 0 and black["region.kamau.nuggets"] == 0
    assert sum(block(black, "roll.").values()) == sum(block(black, "find.").values()) == 0


def test_skaal_observations_are_rotations_of_one_table() -> None:
    g = langbord.load("skaal", players=5)
    encoder = encoder_for(g)
    rng = random.Random(7)
    for step, state in enumerate(random_game(g.new_initial_state(), rng)):
        if step % 23 or step > 300:
            continue
        views = [named(encoder, observe(encoder, state, p)) for p in range(5)]
        for p in range(5):
            for k in range(5):
                # seat+k of observer p is seat+(k+p-q) of observer q
                mine = {
                    re.sub(r"seat\+\d+", "S", name): v
                    for name, v in views[p].items()
                    if f"seat+{k}" in name.split(".")[-1] or name.startswith(f"seat+{k}.")
                }
                q = (p + 1) % 5
                other_k = (k + p - q) % 5
                theirs = {
                    re.sub(r"seat\+\d+", "S", name): v
                    for name, v in views[q].items()
                    if f"seat+{other_k}" in name.split(".")[-1]
                    or name.startswith(f"seat+{other_k}.")
                }
                assert mine == theirs
        # seat-free slots are the same for everyone (Skåål has no secrets)
        shared = [{k: v for k, v in o.items() if "seat+" not in k} for o in views]
        assert all(o == shared[0] for o in shared)
