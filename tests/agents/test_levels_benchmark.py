"""``benchmarks/levels.py``, the levels' calibration: its schedule, its fit, and a tiny run."""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest

from scripts import load_benchmark

LEVELS = load_benchmark("levels")


def test_the_schedule_seats_every_pair_and_every_entrant_in_every_seat() -> None:
    games = [LEVELS.schedule(6, 4, i) for i in range(15 * 4)]
    met = {frozenset(p) for g in games for p in itertools.combinations(g, 2)}
    assert len(met) == 15
    for seat in range(4):
        assert {g[seat] for g in games} == set(range(6))


def test_pair_results_follow_the_finishing_ranks() -> None:
    pairs = LEVELS.pair_results([1.0, 0.0, 0.0], [30.0, 20.0, 20.0])
    assert pairs == [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 0.5)]


def test_bradley_terry_recovers_known_strengths() -> None:
    """Games drawn from strengths 400 and 200 points over the last entrant come back near
    them (the last entrant is 0 by definition)."""
    rng = random.Random(1)
    truth = [400.0, 200.0, 0.0]
    games = []
    for _ in range(3000):
        i, j = rng.sample(range(3), 2)
        p = 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400))
        games.append([(i, j, 1.0 if rng.random() < p else 0.0)])
    fitted = LEVELS.bradley_terry(games, 3)
    assert fitted[2] == 0.0
    assert math.isclose(fitted[0], 400, abs_tol=40) and math.isclose(fitted[1], 200, abs_tol=40)


@pytest.mark.slow
def test_a_tiny_run_writes_the_levels_and_the_readme_table(tmp_path: Path) -> None:
    out = tmp_path / "levels.json"
    cheap = ["--spec", "strong=mcts:iterations=2", "--spec", "best=mcts:iterations=3"]
    argv = ["skibe", "--games", "2", "--fast-games", "6", "--bootstrap", "5", "--out", str(out)]
    argv += [*cheap, "--fast-seconds", "60"]  # every entrant joins, however loaded the machine
    assert LEVELS.main(argv) == 0
    run = json.loads(out.read_text("utf-8"))["games"]["skibe"]
    assert run["games"] == 2 and run["fast_games"] == 6
    assert set(run["levels"]) == {"beginner", "casual", "club", "strong", "best"}
    assert run["levels"]["best"]["spec"] == "mcts:iterations=3"
    # Two games seat the five levels; random, unseated, made no decision and is not fast.
    assert run["random"]["decisions"] == 0
    assert run["fast"] == ["beginner", "casual", "club", "strong", "best"]
    for entry in [*run["levels"].values(), run["random"]]:
        low, high = entry["interval"]
        assert low <= entry["rating"] <= high or entry["decisions"] == 0
    table = LEVELS.markdown(json.loads(out.read_text("utf-8")))
    assert "| Skibe (4) | 2 + 6 | beginner |" in table
    assert "(2 games and 6 fast games in" in table
    assert run["cores"] >= 1
    trial = LEVELS.summary(json.loads(out.read_text("utf-8"))).splitlines()
    assert trial[0].startswith("$ python benchmarks/levels.py skibe --games 2")
    assert trial[1].startswith("# 2 games and 6 fast games (beginner, casual, club, strong, best)")
    assert [line.split()[:2] for line in trial[2:8]] == [
        [level, spec]
        for level, spec in [
            ("beginner", run["levels"]["beginner"]["spec"]),
            ("casual", run["levels"]["casual"]["spec"]),
            ("club", run["levels"]["club"]["spec"]),
            ("strong", "mcts:iterations=2"),
            ("best", "mcts:iterations=3"),
            ("random", "random"),
        ]
    ]
    assert trial[8].startswith("# steps [") and "of the mean: " in trial[8]


def test_the_summary_judges_the_spacing_of_the_steps() -> None:
    """Steps 0.67-1.16x the mean are evenly spaced; a step under half of it is not."""

    def run(ratings: list[float]) -> dict[str, object]:
        entry = {"spec": "random", "interval": [0, 0], "seconds": 0.0, "rating": 0.0}
        return {
            "games": {
                "skaal": {
                    "command": "python benchmarks/levels.py skaal",
                    "measure": "rating",
                    "games": 240,
                    "minutes": 32.5,
                    "load": [1.5, 1.9, 2.0],
                    "date": "2026-12-05 08:22 UTC",
                    "levels": {
                        level: {**entry, "rating": rating}
                        for level, rating in zip(
                            ["beginner", "casual", "club", "strong", "best"], ratings, strict=True
                        )
                    },
                    "random": entry,
                }
            }
        }

    even = LEVELS.summary(run([7.0, 186.8, 458.5, 770.1, 1080.5]))
    assert "# steps [180, 272, 312, 310], mean 268, [0.67, 1.01, 1.16, 1.16]" in even
    assert even.endswith("of the mean: evenly spaced (each step 0.5-1.5x)")
    assert "load 1.5, 2026-12-05 08:22 UTC" in even  # no core count recorded, none shown
    uneven = LEVELS.summary(run([47.0, 169.0, 404.0, 722.0, 1058.0]))
    assert "[0.48, 0.93, 1.26, 1.33] of the mean: not evenly spaced" in uneven


def test_the_fast_entrants_are_those_under_the_limit_that_decided() -> None:
    """An entrant is fast by its mean time a decision; one that made no decision is not."""
    decisions = [40, 30, 20, 0, 10]
    seconds = [0.004, 0.3, 0.0001, 0.0, 0.06]
    assert LEVELS.fast_entrants(decisions, seconds, 0.005) == [0, 2]
    assert LEVELS.fast_entrants(decisions, seconds, 0.01) == [0, 2, 4]
    assert LEVELS.fast_entrants(decisions, seconds, 60) == [0, 1, 2, 4]


@pytest.mark.slow
def test_fast_seconds_admits_a_short_search_to_the_fast_games(tmp_path: Path) -> None:
    """With four seats and only three entrants that do not search (a short search as the
    club level, as at Skåål), the fast games need ``--fast-seconds`` to admit the search."""
    out = tmp_path / "levels.json"
    argv = ["skibe", "--games", "2", "--fast-games", "3", "--bootstrap", "5", "--out", str(out)]
    argv += ["--spec", "club=mcts:iterations=2", "--spec", "strong=mcts:iterations=2"]
    argv += ["--spec", "best=mcts:iterations=3"]
    assert LEVELS.main([*argv, "--fast-seconds", "1e-9"]) == 0
    run = json.loads(out.read_text("utf-8"))["games"]["skibe"]
    assert run["fast_games"] == 0  # nobody who played decides in a nanosecond
    assert LEVELS.main([*argv, "--fast-seconds", "30"]) == 0
    run = json.loads(out.read_text("utf-8"))["games"]["skibe"]
    assert run["fast_games"] == 3 and "club" in run["fast"] and "best" in run["fast"]


def test_a_bad_candidate_spec_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for bad, said in (("expert=greedy", "'expert' is no level"), ("club=mcts:c=-1", "mcts")):
        with pytest.raises(SystemExit) as exit_:
            LEVELS.main(["skibe", "--spec", bad, "--out", "/nonexistent/levels.json"])
        assert exit_.value.code == 2 and said in capsys.readouterr().err
    for seconds in ("nan", "0", "-1", "inf"):
        with pytest.raises(SystemExit) as exit_:
            LEVELS.main(["skibe", "--fast-seconds", seconds, "--out", "/nonexistent/levels.json"])
        assert exit_.value.code == 2 and "--fast-seconds" in capsys.readouterr().err
