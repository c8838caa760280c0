"""Bot levels: five per game, each a spec wherever a spec goes once the game is known; the
beginner plays the policy with a person's slips, never random nonsense."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import langbord
from langbord.agents import decision_seconds, heuristics, make_agent
from langbord.agents.greedy import value_after
from langbord.agents.levels import (
    EVEN_STEP,
    LEVELS,
    Level,
    calibration,
    evenly_spaced,
    is_level,
    ladder_steps,
    level_spec,
    levels,
    whole,
)
from langbord.agents.noisy import NoisyPolicyAgent
from langbord.agents.random_agent import RandomAgent
from langbord.agents.specs import parse_spec
from langbord.core.errors import OptionError
from langbord.core.game import CHANCE, State
from langbord.core.runner import sample_chance
from langbord.sim.arena import run_arena
from langbord.sim.bench import decision_states

SHIPPED = Path(langbord.__file__).parent / "agents" / "levels.json"


@pytest.mark.parametrize("name", langbord.games())
def test_every_game_has_five_levels_that_are_specs(name: str) -> None:
    game = langbord.load(name)
    found = levels(game)
    assert [level.name for level in found] == list(LEVELS)
    for level in found:
        parse_spec(level.spec)  # a real spec, within the bounds
        assert level_spec(name, level.name) == level.spec
        assert decision_seconds(level.name, game) == decision_seconds(level.spec, game)
    best, _ = parse_spec(found[-1].spec)  # the best agent, perhaps with a larger budget
    assert best == parse_spec(heuristics.best_agent(game))[0]
    # the beginner is the policy with a person's slips
    assert found[0].spec.startswith("noisy:")


@pytest.mark.parametrize("name", langbord.games())
def test_the_shipped_calibration_covers_every_level(name: str) -> None:
    shipped = json.loads(SHIPPED.read_text("utf-8"))["games"][name]
    assert shipped == calibration(name)
    for level in levels(name):
        assert level.rating is not None, f"{name} {level.name}: {level.spec} is not calibrated"
        assert level.interval is not None and level.interval[0] <= level.interval[1]
        assert level.seconds is not None and level.seconds >= 0
        assert level.name in level.describe() and level.spec in level.describe()


def test_a_figure_is_shown_rounded_halves_up_as_the_lobby_rounds_it() -> None:
    """The README's table, ``langbord rules`` and the lobby (``Math.round``, which is
    ``floor(x + 0.5)``) show one number for a stored 458.5 or a 42.5% win rate."""
    assert [whole(x) for x in (458.5, 1080.5, 42.5, 10.49, -45.5, -45.6, 0.0)] == [
        459,
        1081,
        43,
        10,
        -45,
        -46,
        0,
    ]
    club = Level("club", "mcts:iterations=30", 458.5, (402.3, 533.7), 0.002)
    assert "rating 459 [402, 534]" in club.describe()
    casual = Level("casual", "policy", 42.5, (28.5, 57.8), 0.02, measure="win rate")
    assert "win rate 43% [29, 58]" in casual.describe()


def test_a_level_name_and_a_spec_both_make_an_agent() -> None:
    game = langbord.load("skaal")
    club = make_agent("club", 1, game=game)
    same = make_agent(level_spec(game, "club"), 1)
    assert type(club) is type(same)
    assert type(make_agent(" Beginner ", 1, game="skaal")) is NoisyPolicyAgent
    state = game.new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, random.Random(0)))
    assert club.step(state.clone()) == same.step(state.clone())


def test_a_level_needs_a_game_and_a_bad_name_says_what_is_allowed() -> None:
    assert is_level("club") and is_level(" BEST ") and not is_level("mcts")
    with pytest.raises(OptionError, match="level 'club' is a strength at a game"):
        make_agent("club")
    with pytest.raises(
        OptionError,
        match=r"levels \(where the game is known\) are: beginner, casual, club, strong, best",
    ):
        make_agent("clubb", game="skaal")
    with pytest.raises(OptionError, match="noisy option policy=2: policy must be a number"):
        make_agent("noisy:policy=2")
    with pytest.raises(OptionError, match=r"temperature must be a number from 0\.001 to 10"):
        make_agent("noisy:temperature=0")


def decisions(name: str, count: int, seed: int) -> list[State]:
    """``count`` decision points of random games of ``name`` (more than one legal action)."""
    return decision_states(name, {}, count, seed)


@pytest.mark.parametrize("name", langbord.games())
def test_the_beginners_slips_are_small_where_a_random_move_is_not(name: str) -> None:
    """What a move gives away against the best move one decision ahead: the game's beginner's
    moves off the policy (its softmax over the evaluation, at its own temperature) give away
    less than half of what a random move does, summed over 30 positions of random games."""
    noisy = next(level.spec for level in levels(name) if level.spec.startswith("noisy:"))
    _, settings = parse_spec(noisy)
    beginner = NoisyPolicyAgent(1, **{**settings, "policy": 0.0})
    rng = random.Random(2)
    slips, randoms = 0.0, 0.0
    for state in decisions(name, 30, seed=3):
        me = state.current_player()
        legal = state.legal_actions()
        values = {a: value_after(state, a, me) for a in legal}
        best = max(values.values())
        slips += best - values[beginner.step(state.clone())]
        randoms += best - values[legal[rng.randrange(len(legal))]]
    assert slips < randoms / 2, (slips, randoms)


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def test_the_beginner_beats_random_clearly() -> None:
    result = run_arena("skaal", ["beginner", "random"], 8, seed=5, options={"players": 3})
    beginner, random_agent = result.agents["beginner"], result.agents["random"]
    assert beginner.win_rate >= 0.75
    assert mean(beginner.scores) > 1.2 * mean(random_agent.scores)


def shipped_ratings(name: str) -> list[float]:
    """The calibrated rating of each of ``name``'s levels, weakest first (every level has one)."""
    found = levels(name)
    ratings = [level.rating for level in found if level.rating is not None]
    assert len(ratings) == len(found), [level.describe() for level in found]
    return ratings


@pytest.mark.parametrize("name", langbord.games())
def test_the_shipped_ladder_rises(name: str) -> None:
    """Every level is rated above the one below it, and the beginner above random: the names
    read in the order of the strengths the calibration measured."""
    ratings = shipped_ratings(name)
    random_rating = calibration(name)["random"]["rating"]
    assert [random_rating, *ratings] == sorted([random_rating, *ratings])
    assert len(set(ratings)) == len(ratings), ratings


@pytest.mark.parametrize("name", langbord.games())
def test_the_shipped_levels_are_evenly_spaced(name: str) -> None:
    """Each step up the ladder, beginner to best, is between half and one and a half times the
    mean step: no two neighbouring levels play nearly alike while another step is a leap."""
    ratings = shipped_ratings(name)
    steps, mean_step = ladder_steps(ratings)
    assert EVEN_STEP == (0.5, 1.5)
    assert all(0.5 * mean_step <= step <= 1.5 * mean_step for step in steps), (ratings, steps)
    assert evenly_spaced(ratings), (ratings, steps)


def test_a_ladder_that_does_not_rise_evenly_is_not_evenly_spaced() -> None:
    """The rule ``levels.py --summary`` judges a trial by: Skåål's replay of seed 1 had a first
    step of 0.48x the mean; a flat or falling ladder has no mean step to be within."""
    assert evenly_spaced([7.0, 186.8, 458.5, 770.1, 1080.5])
    assert not evenly_spaced([47.0, 169.0, 404.0, 722.0, 1058.0])
    assert not evenly_spaced([10.0, 10.0, 10.0])
    assert not evenly_spaced([40.0, 30.0, 20.0])


def test_the_beginner_plays_legal_moves_of_its_seat_only() -> None:
    agent = make_agent("beginner", 4, game="knarr")
    for state in decisions("knarr", 10, seed=7):
        assert agent.step(state.clone()) in state.legal_actions()
    assert RandomAgent(0).step(state) in state.legal_actions()
