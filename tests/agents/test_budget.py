"""The cost model of bot specs: measured data for every game, estimates that grow with the budget,
time specs that cost their time, and the benchmark that re-measures the data."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

import langbord
from langbord.agents import heuristics
from langbord.agents.budget import decision_seconds
from langbord.agents.costs import COSTS, Costs
from langbord.agents.heuristics import search_defaults
from langbord.core.errors import OptionError

ROOT = Path(__file__).resolve().parents[2]
GAMES = langbord.games()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_costs(name: str) -> None:
    costs = COSTS[name]
    figures = [costs.iteration, costs.growth, *costs.step.values(), *costs.decision.values()]
    assert set(costs.step) == {"random", "greedy", "policy"} == set(costs.decision)
    assert all(0 < x < 1 and math.isfinite(x) for x in figures)
    assert costs.length >= 2 and costs.legal >= 2


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "template",
    [
        "mcts:iterations={}",
        "mcts:iterations={},rollout=greedy",
        "mcts:iterations={},rollout=policy,rollout_depth=50",
        "mcts:iterations={},prior=2",
        "rollouts:rollouts={}",
        "rollouts:rollouts={},depth=10",
    ],
)
def test_estimates_grow_with_the_budget(name: str, template: str) -> None:
    game = langbord.load(name)
    costs = [decision_seconds(template.format(n), game) for n in (1, 10, 100, 1000, 1_000_000)]
    assert all(0 < c < math.inf for c in costs)
    assert costs == sorted(costs) and costs[0] < costs[-1]


@pytest.mark.parametrize("name", GAMES)
def test_an_iteration_costs_more_in_a_longer_search(name: str) -> None:
    game = langbord.load(name)
    base = COSTS[name].base
    each = [decision_seconds(f"mcts:iterations={n}", game) / n for n in (1, base, 10 * base)]
    assert each[0] == each[1] < each[2]  # a tree smaller than the one measured costs no less


@pytest.mark.parametrize("name", GAMES)
def test_deeper_rollouts_cost_more_up_to_the_length_of_a_game(name: str) -> None:
    game = langbord.load(name)
    depths = [0, 1, 10, 100, 10_000]
    mcts = [decision_seconds(f"mcts:iterations=100,rollout_depth={d}", game) for d in depths]
    flat = [decision_seconds(f"rollouts:rollouts=100,depth={d}", game) for d in depths]
    assert mcts == sorted(mcts) and mcts[0] < mcts[-1]
    assert flat == sorted(flat) and flat[0] < flat[-1]
    # A rollout ends with the game: past its length, depth costs nothing more.
    assert flat[-1] == decision_seconds("rollouts:rollouts=100", game)


@pytest.mark.parametrize("name", GAMES)
def test_time_specs_cost_their_time(name: str) -> None:
    game = langbord.load(name)
    for seconds in (0.001, 0.25, 1, 10, 3600):
        assert decision_seconds(f"mcts:time={seconds}", game) == seconds
        assert decision_seconds(f"rollouts:time={seconds},depth=5", game) == seconds
        assert decision_seconds(f"mcts:time={seconds},rollout=greedy", game) == seconds
    # With a budget as well, whichever ends first.
    small = decision_seconds("mcts:iterations=1", game)
    assert decision_seconds("mcts:iterations=1,time=3600", game) == small
    assert decision_seconds("mcts:iterations=1000000,time=2", game) == 2


@pytest.mark.parametrize("name", GAMES)
def test_a_spec_without_budget_costs_the_games_default(name: str) -> None:
    game = langbord.load(name)
    search = search_defaults(game)
    iterations = int(search.get("iterations", 1000))
    explicit = f"mcts:iterations={iterations}"
    assert decision_seconds("mcts", game) == decision_seconds(explicit, game)
    assert decision_seconds("rollouts", game) == decision_seconds("rollouts:rollouts=64", game)


def test_skibes_plain_mcts_is_fifty_greedy_iterations_of_sixteen_steps() -> None:
    game = langbord.load("skibe")
    explicit = "mcts:iterations=50,rollout=greedy,rollout_depth=16"
    assert decision_seconds("mcts", game) == decision_seconds(explicit, game)
    assert decision_seconds("mcts", game) < decision_seconds("mcts:iterations=51", game)


def test_the_simple_agents_cost_a_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """With stated costs (powers of two, so sums are exact), a simple agent's decision costs
    its figure, and ``noisy`` (greedy, or the policy) the two together."""
    stated = Costs(
        iteration=0.125,
        growth=0.0,
        base=8,
        step={"random": 0.5, "greedy": 1.0, "policy": 0.25},
        decision={"random": 0.5, "greedy": 2.0, "policy": 0.25},
        length=16,
        legal=4,
    )
    monkeypatch.setitem(COSTS, "skibe", stated)
    game = langbord.load("skibe")
    expected = {"random": 0.5, "greedy": 2.0, "policy": 0.25, "noisy": 2.25}
    assert {spec: decision_seconds(spec, game) for spec in expected} == expected


def test_the_figures_named_in_the_issue() -> None:
    skibe = langbord.load("skibe")
    # About 21 minutes a Skibe decision, idle: the estimate is an upper bound of that.
    assert decision_seconds("mcts:iterations=200000", skibe) > 1200
    assert decision_seconds("mcts:iterations=2000", skibe) > 10
    for name in GAMES:
        game = langbord.load(name)
        assert decision_seconds(heuristics.best_agent(game), game) < 10
        assert decision_seconds("mcts", game) < 10


def test_a_game_without_costs_promises_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(COSTS, "skibe")
    assert decision_seconds("mcts:iterations=1", langbord.load("skibe")) == math.inf
    assert decision_seconds("mcts:time=1", langbord.load("skibe")) == math.inf


def test_a_bad_spec_is_refused_not_costed() -> None:
    for spec in ("mcts:time=nan", "rollouts:rollouts=1000000000", "wizard"):
        with pytest.raises(OptionError):
            decision_seconds(spec, langbord.load("knarr"))


def test_the_benchmark_measures_one_game_in_a_few_steps() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "agent_costs.py"),
            "skibe",
            "--games",
            "1",
            "--positions",
            "2",
            "--iterations",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    namespace: dict[str, object] = {"Costs": Costs}
    exec(done.stdout, namespace)
    printed = namespace["COSTS"]
    assert isinstance(printed, dict) and list(printed) == ["skibe"]
    measured = printed["skibe"]
    assert isinstance(measured, Costs)
    assert measured.base == 3 and measured.iteration > 0
    assert all(x > 0 for x in measured.step.values())
    assert measured.legal >= 2 and measured.length >= 2
