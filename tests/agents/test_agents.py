"""Agents: legal moves only, decisions from what the seat knows, specs, search statistics."""

from __future__ import annotations

import random

import pytest

import langbord
from langbord import CHANCE, OptionError
from langbord.agents import GreedyAgent, MCTSAgent, PolicyAgent, RandomAgent, heuristics, make_agent
from langbord.core.runner import sample_chance

SPECS = ["random", "greedy", "policy", "mcts:iterations=30", "mcts:iterations=20,rollout=policy"]
GAMES = langbord.games()


def states_to_decide(name: str, count: int, seed: int) -> list[langbord.State]:
    """Decision states met in a seeded random game (with more than one legal action)."""
    game = langbord.load(name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[langbord.State] = []
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_agents_return_legal_actions(name: str, spec: str) -> None:
    for i, state in enumerate(states_to_decide(name, 4, seed=3)):
        agent = make_agent(spec, seed=i)
        assert agent.step(state) in state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_no_agent_peeks(name: str, spec: str) -> None:
    """Two states that differ only in what the seat to move cannot see (one re-dealt from the
    other) get the same decision from agents with the same seed."""
    for i, state in enumerate(states_to_decide(name, 3, seed=5)):
        seat = state.current_player()
        other = state.resample_hidden(seat, random.Random(1000 + i))
        assert other.view(seat) == state.view(seat)
        first = make_agent(spec, seed=i).step(state)
        second = make_agent(spec, seed=i).step(other)
        assert first == second, f"{spec} on {name} decided differently on a re-dealt state"


def test_make_agent_specs() -> None:
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent(" Greedy ", 1), GreedyAgent)
    assert isinstance(make_agent("policy", 1), PolicyAgent)
    mcts = make_agent("mcts:iterations=2000", 1)
    assert isinstance(mcts, MCTSAgent) and mcts.iterations == 2000
    timed = make_agent("mcts:time=1.0,rollout=greedy,c=1.4,rollout_depth=10", 1)
    assert isinstance(timed, MCTSAgent)
    assert (timed.time_limit, timed.rollout, timed.c, timed.rollout_depth) == (
        1.0,
        "greedy",
        1.4,
        10,
    )
    assert make_agent("mcts", 1).iterations is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown agent 'alphazero'; agents are: random, greedy, policy, mcts"),
        ("random:x=1", "takes no options"),
        ("mcts:speed=3", "bad mcts option 'speed=3'"),
        ("mcts:iterations=many", "iterations must be a whole number from 1 to 1,000,000"),
        ("mcts:iterations=0", "iterations must be a whole number from 1 to 1,000,000"),
        ("mcts:time=-1", "time must be a number of seconds from 0.001 to 3,600"),
        ("mcts:time=inf", "time must be a number of seconds from 0.001 to 3,600"),
        ("mcts:rollout=smart", "rollout must be random, greedy or policy"),
    ],
)
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_agent(spec, 0)


def test_mcts_reports_visits_and_win_estimates() -> None:
    state = states_to_decide("skibe", 1, seed=2)[0]
    agent = MCTSAgent(seed=4, iterations=200)
    action = agent.step(state)
    stats = agent.last_search
    assert agent.last_iterations == 200
    assert [s.action for s in stats if s.visits] and stats[0].action == action
    assert sorted(s.action for s in stats) == state.legal_actions()
    assert sum(s.visits for s in stats) == 200
    assert all(0.0 <= s.win <= 1.0 for s in stats)
    assert stats[0].text == state.action_to_string(action)


class Ticks:
    """A clock for an agent's time budget that moves ``tick`` seconds each time it is read (a
    power of two, so the sums are exact), counting the reads."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.reads = 0

    def __call__(self) -> float:
        now = self.reads * self.tick
        self.reads += 1
        return now


def test_mcts_time_budget() -> None:
    """The clock is read as the search starts and after each iteration: a quarter second at
    1/16 s a read is four iterations, whatever the machine's speed."""
    state = states_to_decide("skaal", 1, seed=2)[0]
    clock = Ticks(1 / 16)
    agent = MCTSAgent(seed=1, time_limit=0.25, clock=clock)
    action = agent.step(state)
    assert agent.last_iterations == 4 and clock.reads == 5
    assert sum(s.visits for s in agent.last_search) == 4
    assert action == agent.last_search[0].action
    # The tighter of time_limit and max_seconds decides; max_seconds caps an iteration count.
    capped = MCTSAgent(seed=1, time_limit=0.25, max_seconds=0.125, clock=Ticks(1 / 16))
    capped.step(state)
    assert capped.last_iterations == 2
    huge = MCTSAgent(seed=1, iterations=1_000_000, max_seconds=0.5, clock=Ticks(1 / 16))
    huge.step(state)
    assert huge.last_iterations == 8


def test_mcts_is_reproducible() -> None:
    state = states_to_decide("skibe", 1, seed=8)[0]
    first = MCTSAgent(seed=3, iterations=150)
    second = MCTSAgent(seed=3, iterations=150)
    assert first.step(state) == second.step(state)
    assert first.last_search == second.last_search


def test_a_single_legal_action_is_taken_without_search() -> None:
    game = langbord.load("skibe", players=3)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.current_player() == CHANCE or len(state.legal_actions()) != 1:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    agent = MCTSAgent(seed=0, iterations=500)
    assert agent.step(state) == state.legal_actions()[0]
    assert agent.last_iterations == 0


def test_agents_refuse_a_finished_game() -> None:
    game = langbord.load("skibe", players=3)
    record = langbord.play_game(game, [RandomAgent(p) for p in range(3)], seed=1)
    state = langbord.record.replay(record)
    for agent in (RandomAgent(0), GreedyAgent(0), MCTSAgent(0, iterations=5)):
        with pytest.raises(ValueError, match="no legal action"):
            agent.step(state)


def test_greedy_beats_random_at_skibe() -> None:
    """A smoke test of the evaluation function, not a benchmark: greedy wins most games."""
    game = langbord.load("skibe", players=3)
    wins = 0.0
    for g in range(12):
        seat = g % 3
        agents = [GreedyAgent(g) if p == seat else RandomAgent(10 * g + p) for p in range(3)]
        wins += langbord.play_game(game, agents, seed=g)["result"]["returns"][seat]
    assert wins / 12 > 0.6


def test_progressive_bias_is_zero_for_the_best_action_and_negative_for_the_rest() -> None:
    from langbord.agents.mcts import _bias

    for name in ("skibe", "knarr", "skaal"):
        for state in states_to_decide(name, 3, seed=4):
            me = state.current_player()
            legal = state.legal_actions()
            bias = _bias(state, legal, me, heuristics.heuristics_for(state.game))
            assert sorted(bias) == legal
            assert max(bias.values()) == 0.0
            assert all(-1.0 <= b <= 0.0 for b in bias.values())
            for action in legal:
                after = state.clone()
                after.apply_action(action)
                best = max(bias, key=lambda a: bias[a])
                top = state.clone()
                top.apply_action(best)
                expected = heuristics.evaluate(after)[me] - heuristics.evaluate(top)[me]
                assert bias[action] == pytest.approx(expected)


def test_mcts_with_progressive_bias_searches_and_stays_legal() -> None:
    for name in ("skibe", "knarr"):
        for i, state in enumerate(states_to_decide(name, 2, seed=6)):
            agent = MCTSAgent(seed=i, iterations=300, prior=10.0, prior_visits=5, rollout="random")
            action = agent.step(state)
            assert action in state.legal_actions()
            assert sum(s.visits for s in agent.last_search) == 300
    spec = make_agent("mcts:iterations=5,prior=2.5,prior_visits=3", 0)
    assert isinstance(spec, MCTSAgent)
    assert (spec.prior, spec.prior_visits) == (2.5, 3)


def test_mcts_rollouts_default_to_the_games_search_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without ``rollout``/``rollout_depth`` MCTS plays rollouts as its game's heuristics say
    (``SEARCH``), else random ones of ``DEFAULT_ROLLOUT_DEPTH`` steps; given options win."""
    from langbord.agents.heuristics import knarr as knarr_heuristics
    from langbord.agents.mcts import DEFAULT_ROLLOUT, DEFAULT_ROLLOUT_DEPTH

    knarr = states_to_decide("knarr", 1, seed=3)[0]
    skaal = states_to_decide("skaal", 1, seed=3)[0]
    agent = MCTSAgent(0, iterations=20)
    assert agent.rollout_for(knarr) == (
        knarr_heuristics.SEARCH.get("rollout", DEFAULT_ROLLOUT),
        knarr_heuristics.SEARCH["rollout_depth"],
    )
    assert agent.rollout_for(skaal) == (DEFAULT_ROLLOUT, DEFAULT_ROLLOUT_DEPTH)
    given = MCTSAgent(0, iterations=20, rollout="policy", rollout_depth=3)
    assert given.rollout_for(knarr) == ("policy", 3)
    # The rollouts get those settings.
    monkeypatch.setitem(knarr_heuristics.SEARCH, "rollout_depth", 2)
    monkeypatch.setitem(knarr_heuristics.SEARCH, "rollout", "policy")
    seen: list[tuple[str, int]] = []
    rollout = agent._rollout

    def recording(
        state: langbord.State, kind: str, depth: int, known: heuristics.Heuristics
    ) -> list[float]:
        seen.append((kind, depth))
        return rollout(state, kind, depth, known)

    monkeypatch.setattr(agent, "_rollout", recording)
    agent.step(knarr)
    assert seen == [("policy", 2)] * 20
    # Without a budget: the game's SEARCH["iterations"], else DEFAULT_ITERATIONS.
    import langbord.agents.mcts as mcts_module

    monkeypatch.setitem(knarr_heuristics.SEARCH, "iterations", 7)
    monkeypatch.setattr(mcts_module, "DEFAULT_ITERATIONS", 9)
    unbudgeted = MCTSAgent(0)
    unbudgeted.step(knarr)
    assert unbudgeted.last_iterations == 7
    unbudgeted.step(skaal)
    assert unbudgeted.last_iterations == 9
    # A game's bad setting is a clear error, not a silent random rollout.
    monkeypatch.setitem(knarr_heuristics.SEARCH, "rollout", "clever")
    with pytest.raises(ValueError, match="bad SEARCH settings"):
        agent.step(knarr)
