"""The rollout agent: legal moves, reproducible, blind to what its seat cannot see, its budget,
its statistics and its spec."""

from __future__ import annotations

import random

import pytest

import langbord
from langbord import CHANCE, OptionError
from langbord.agents import RolloutAgent, heuristics, make_agent
from langbord.core.runner import sample_chance

from .test_agents import Ticks

GAMES = langbord.games()


def decisions(name: str, count: int, seed: int, **options: object) -> list[langbord.State]:
    """Decision states (more than one legal action) met in a seeded game of the policy."""
    game = langbord.load(name, **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[langbord.State] = []
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(heuristics.policy_action(state, rng))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_and_statistics(name: str) -> None:
    for i, state in enumerate(decisions(name, 3, seed=3)):
        agent = RolloutAgent(seed=i, rollouts=12, depth=30)
        action = agent.step(state)
        legal = state.legal_actions()
        assert action in legal
        stats = agent.last_search
        assert sorted(s.action for s in stats) == legal
        assert stats[0].action == action and stats[0].text == state.action_to_string(action)
        assert all(s.visits >= 1 for s in stats)  # every action is tried at least once
        assert sum(s.visits for s in stats) == agent.last_iterations >= 12
        assert all(0.0 <= s.win <= 1.0 for s in stats)
        # The chosen action survived every halving: no action had more rollouts.
        assert stats[0].visits == max(s.visits for s in stats)


@pytest.mark.parametrize("name", GAMES)
def test_no_peeking(name: str) -> None:
    """A state re-dealt for the seat to move gets the same decision from the same seed."""
    for i, state in enumerate(decisions(name, 3, seed=5)):
        seat = state.current_player()
        other = state.resample_hidden(seat, random.Random(1000 + i))
        assert other.view(seat) == state.view(seat)
        first = RolloutAgent(seed=i, rollouts=10, depth=40)
        second = RolloutAgent(seed=i, rollouts=10, depth=40)
        assert first.step(state) == second.step(other)
        assert first.last_search == second.last_search


def test_reproducible_with_a_seed() -> None:
    state = decisions("skoventyr", 1, seed=8)[0]
    first = RolloutAgent(seed=3, rollouts=24)
    second = RolloutAgent(seed=3, rollouts=24)
    assert first.step(state) == second.step(state)
    assert first.last_search == second.last_search
    assert first.step(state) == second.step(state)  # the agents' own randomness moves on alike


def test_the_state_is_left_alone() -> None:
    state = decisions("skoventyr", 1, seed=2)[0]
    before = (state.history(), str(state))
    RolloutAgent(seed=1, rollouts=16).step(state)
    assert (state.history(), str(state)) == before


def test_one_legal_action_costs_nothing() -> None:
    forced = [
        state
        for name in GAMES
        for state in _all_decisions(name, seed=1)
        if len(state.legal_actions()) == 1
    ]
    assert forced, "no game met a decision with a single legal action"
    agent = RolloutAgent(seed=0, rollouts=8)
    for state in forced[:5]:
        assert agent.step(state) == state.legal_actions()[0]
        assert agent.last_iterations == 0


def _all_decisions(name: str, seed: int) -> list[langbord.State]:
    game = langbord.load(name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[langbord.State] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        found.append(state.clone())
        state.apply_action(heuristics.policy_action(state, rng))
    return found


def test_rollouts_to_the_end_find_a_won_game() -> None:
    """Near the end of a won Skoventyr game, every rollout from the winning line wins: the agent
    rates its choice 1.0 and takes an action the policy's continuation wins with."""
    game = langbord.load("skoventyr", trees=8)
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        trail: list[langbord.State] = []
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            if len(state.legal_actions()) > 1:
                trail.append(state.clone())
            state.apply_action(heuristics.policy_action(state, rng))
        if state.returns()[0] == 1.0 and trail:
            break
    else:
        pytest.fail("the policy won none of 40 games with eight Trees")
    last = trail[-1]  # the last decision before the victory
    agent = RolloutAgent(seed=5, rollouts=12)
    agent.step(last)
    assert agent.last_search[0].win == 1.0


def test_time_budget() -> None:
    """The first round tries every action once whatever the clock says; the clock, read again
    before the next round, is past the budget, so that is all."""
    state = decisions("skoventyr", 1, seed=4)[0]
    legal = state.legal_actions()
    reads = iter([0.0, 0.0])  # the start, then the first round's look

    def clock() -> float:
        return next(reads, 1.0)

    agent = RolloutAgent(seed=1, time_limit=0.2, clock=clock)
    agent.step(state)
    assert agent.last_iterations == len(legal)
    assert sorted(s.action for s in agent.last_search) == legal
    assert all(s.visits == 1 for s in agent.last_search)


def test_max_seconds_stops_before_the_rollout_past_the_cap() -> None:
    """Under ``max_seconds`` the clock is read once at the start and before each rollout: at
    one second a read, a cap of 5.5 s lets five rollouts through, whatever the budget."""
    state = decisions("skoventyr", 1, seed=4)[0]
    clock = Ticks(1.0)
    agent = RolloutAgent(seed=1, rollouts=1_000_000, max_seconds=5.5, clock=clock)
    action = agent.step(state)
    assert agent.last_iterations == 5 and clock.reads == 7
    assert sum(s.visits for s in agent.last_search) == 5
    assert action in state.legal_actions()


def test_depth_zero_scores_with_evaluate() -> None:
    """With depth 0 an action's value is ``evaluate()`` right after it; Skoventyr's reads only
    the public table, so every re-deal gives the same value."""
    for state in decisions("skoventyr", 3, seed=6):
        agent = RolloutAgent(seed=2, rollouts=8, depth=0)
        agent.step(state)
        seat = state.current_player()
        for stat in agent.last_search:
            after = state.clone()
            after.apply_action(stat.action)
            assert stat.win == pytest.approx(heuristics.evaluate(after)[seat])


def test_spec() -> None:
    agent = make_agent("rollouts", 1)
    assert isinstance(agent, RolloutAgent) and agent.rollouts == 64
    agent = make_agent("rollouts:rollouts=20,depth=30", 1)
    assert isinstance(agent, RolloutAgent)
    assert (agent.rollouts, agent.time_limit, agent.depth) == (20, None, 30)
    timed = make_agent("Rollouts:time=0.05", 1)
    assert isinstance(timed, RolloutAgent)
    assert (timed.rollouts, timed.time_limit) == (None, 0.05)
    credited = make_agent("rollouts:rollouts=8,credit=0.3", 1)
    assert isinstance(credited, RolloutAgent) and credited.credit == 0.3
    assert isinstance(agent, RolloutAgent) and agent.credit == 0.0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rollouts:iterations=3", "bad rollouts option 'iterations=3'"),
        ("rollouts:rollouts=many", "rollouts must be a whole number from 1 to 1,000,000"),
        ("rollouts:rollouts=0", "rollouts must be a whole number from 1 to 1,000,000"),
        ("rollouts:time=0", "time must be a number of seconds from 0.001 to 3,600"),
        ("rollouts:depth=-2", "depth must be a whole number from 0 to 10,000"),
        ("rollouts:credit=1.5", "credit must be a number from 0 to 1"),
        ("rollouts:credit=nan", "credit must be a number from 0 to 1"),
    ],
)
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_agent(spec, 0)


def test_credit_scores_a_lost_rollout_by_the_progress_it_made() -> None:
    """With ``credit`` c a rollout scores its return, or, short of a win, c × the share of
    Minion strength it defeated (Skoventyr's ``progress``): a win is still 1, a loss at most c,
    and losses that got further score more than the bare 0 they scored without it."""
    state = decisions("skoventyr", 1, seed=8, lygtemands=True)[0]
    seat = state.current_player()
    plain = RolloutAgent(seed=1, credit=0.0)
    credited = RolloutAgent(seed=1, credit=0.4)
    known = heuristics.heuristics_for(state.game)
    graded = 0
    for k in range(40):
        for action in state.legal_actions():
            bare = plain._rollout(state, seat, action, k, known)
            value = credited._rollout(state, seat, action, k, known)
            assert bare in (0.0, 1.0)
            if bare == 1.0:
                assert value == 1.0
            else:
                assert 0.0 <= value <= 0.4
                graded += value > 0.0
    assert graded, "no lost rollout defeated a Minion"


def test_progress_is_the_share_of_minion_strength_defeated() -> None:
    state = langbord.load("skoventyr").new_initial_state()
    assert heuristics.progress(state) == 0.0
    in_game = state.in_game  # type: ignore[attr-defined]
    in_game[0] = False  # a Lindorm (4 of the 18 points)
    assert heuristics.progress(state) == pytest.approx(4 / 18)


@pytest.mark.parametrize("name", [name for name in GAMES if name != "skoventyr"])
def test_credit_changes_nothing_where_a_game_measures_no_progress(name: str) -> None:
    for i, state in enumerate(decisions(name, 2, seed=9)):
        assert heuristics.progress(state) is None
        first = RolloutAgent(seed=i, rollouts=10, depth=40)
        second = RolloutAgent(seed=i, rollouts=10, depth=40, credit=1)
        assert first.step(state) == second.step(state)
        assert first.last_search == second.last_search
