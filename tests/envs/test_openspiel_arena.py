"""``benchmarks/openspiel_arena.py``: one very short game per game at tiny budgets, OpenSpiel's
MCTSBot (ISMCTSBot for Knarr) against the game's best agent through ``python_langbord_<game>``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scripts import load_benchmark, refusal

pytest.importorskip("pyspiel", reason="the OpenSpiel games need langbord[rl]")

ARENA = load_benchmark("openspiel_arena")


@pytest.mark.parametrize(
    ("game", "players", "opponent"),
    [("skibe", 3, "MCTSBot"), ("knarr", 2, "ISMCTSBot"), ("skaal", 3, "MCTSBot")],
)
def test_one_game_against_openspiel(game: str, players: int, opponent: str) -> None:
    lines = ARENA.run(game, players, 1, 0.002, seed=3, echo=False)
    assert lines[0].startswith("game 1: langbord in seat 0, returns ")
    summary = lines[-1]
    assert summary.startswith(f"result {game} {players}p at 0.002 s: langbord ")
    assert f"against OpenSpiel {opponent}" in summary
    assert "s a decision" in summary


def test_cooperative_game_plays_each_seed_both_ways() -> None:
    lines = ARENA.run("skoventyr", 1, 1, 0.002, seed=3, echo=False)
    assert lines[0].startswith("game 1: langbord in every seat")
    assert lines[1].startswith("game 2: OpenSpiel in every seat")
    assert "on the same seeds" in lines[-1]


def test_openspiel_bot_simulations_follow_its_rate() -> None:
    clock = ARENA.Clock()
    bot = ARENA.TimedSpielBot(_game("skibe", 3), 0.01, seed=1)
    state = _game("skibe", 3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot.step(state, clock)
    assert clock.simulations == ARENA.FIRST_SIMULATIONS
    assert bot.rate is not None and bot.rate > 0
    bot.step(state, clock)
    assert clock.decisions == 2
    assert clock.simulations - ARENA.FIRST_SIMULATIONS >= ARENA.MIN_SIMULATIONS


def test_a_search_that_solved_its_root_early_does_not_set_the_rate() -> None:
    """MCTSBot stops once it has solved the root, a few simulations into its allowance: its rate
    is measured only from searches that ran their whole allowance (else the next one, allowed that
    rate times the budget, could run for minutes), and the clock counts the simulations run."""
    game = _game("skibe", 3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot = ARENA.TimedSpielBot(game, 0.01, seed=1)
    assert isinstance(bot.bot, ARENA.CountingMCTSBot)
    clock = ARENA.Clock()
    bot.step(state, clock)
    assert bot.bot.simulations_run == ARENA.FIRST_SIMULATIONS == clock.simulations
    rate = bot.rate

    def solved(_: Any) -> int:
        # What CountingMCTSBot notes of a search stopped early: fewer simulations than even the
        # least allowance (a slow first search on a loaded machine allows only that least).
        bot.bot.simulations_run = ARENA.MIN_SIMULATIONS - 1
        return 0

    bot.bot.step = solved
    bot.step(state, clock)
    assert bot.rate == rate
    early = ARENA.MIN_SIMULATIONS - 1
    assert clock.simulations == ARENA.FIRST_SIMULATIONS + early and clock.decisions == 2


def test_best_agent_gets_the_time_budget() -> None:
    assert ARENA._timed("mcts", 0.25) == "mcts:time=0.25"
    assert ARENA._timed("rollouts:rollouts=256", 0.5) == "rollouts:time=0.5"
    assert ARENA._timed("mcts:iterations=9,c=1", 1) == "mcts:c=1,time=1"


def _game(name: str, players: int) -> Any:
    import pyspiel  # type: ignore[import-not-found]

    from langbord.envs import register_openspiel

    register_openspiel()
    return pyspiel.load_game(f"python_langbord_{name}", {"players": players})


def test_a_run_played_in_parts_merges_into_the_runs_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--start`` plays the later games of a run with the seeds and seats one run would give
    them, and ``--merge`` adds the parts' saved reports up: wins and decisions are the parts'
    sums, the interval is over all the games."""
    assert ARENA.jobs("skibe", 3, 5, 0.002, 7, None)[3:] == ARENA.jobs(
        "skibe", 3, 2, 0.002, 7, None, start=3
    )
    common = ["skibe", "--players", "3", "--seconds", "0.002", "--seed", "7"]
    reports = []
    for name, extra in (("b.txt", ["--games", "1", "--start", "2"]), ("a.txt", ["--games", "2"])):
        assert ARENA.main([*common, *extra]) == 0
        report = tmp_path / name
        report.write_text(capsys.readouterr().out)
        reports.append(report)
    b, a = (report.read_text().splitlines() for report in reports)
    assert [line.split(":")[0] for line in a[:2] + b[:1]] == ["game 1", "game 2", "game 3"]
    assert b[0].startswith("game 3: langbord in seat 2, returns ")

    assert ARENA.main(["--merge", str(reports[0]), str(reports[1])]) == 0
    merged = capsys.readouterr().out.splitlines()
    assert merged[0] == f"part {reports[1]}: games 1-2, " + a[-1][9:].split(";")[0]
    assert merged[1].startswith(f"part {reports[0]}: games 3-3, ")
    won = sum(ARENA.read_part(str(r)).wins[True] for r in reports)
    decisions = sum(ARENA.read_part(str(r)).ours.decisions for r in reports)
    assert merged[2].startswith("result skibe 3p at 0.002 s: langbord ")
    assert f"over 3 games ({won:g} won, a fair share is 1)" in merged[2]
    assert f"s a decision ({decisions})," in merged[2]
    assert merged[3].startswith("merged by: python benchmarks/openspiel_arena.py --merge ")


def _report(path: Path, start: int, games: int, *, seconds: str = "0.25", seats: int = 3) -> str:
    """A finished report of games ``start + 1`` to ``start + games`` (langbord wins them all)."""
    lines = []
    for g in range(start, start + games):
        returns = ["1.00" if p == g % seats else "0.00" for p in range(seats)]
        lines.append(f"game {g + 1}: langbord in seat {g % seats}, returns {' '.join(returns)}")
    lines.append(
        f"result skibe {seats}p at {seconds} s: langbord ...; langbord 0.250 s a decision (40),"
        " OpenSpiel 0.240 s (120, 300 simulations)"
    )
    lines.append(
        f"command: python benchmarks/openspiel_arena.py skibe --players {seats} --games {games}"
        f" --seconds {seconds} --seed 100 --start {start} --workers 2; started 2026-12-03"
    )
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_merge_adds_up_the_printed_clocks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parts = [_report(tmp_path / "b", 3, 3), _report(tmp_path / "a", 0, 3)]
    assert ARENA.main(["--merge", *parts]) == 0
    result = capsys.readouterr().out.splitlines()[2]
    assert "3.00x fair share" in result and "over 6 games (6 won, a fair share is 2)" in result
    assert result.endswith(
        "langbord 0.250 s a decision (80), OpenSpiel 0.240 s (240, 300 simulations)"
    )


@pytest.mark.parametrize(
    ("reports", "says"),
    [
        ([(0, 3), (2, 3)], "overlaps"),
        ([(0, 3), (4, 3)], "leaves out games before it"),
        ([(3, 3)], "leaves out games before it"),
    ],
)
def test_merge_refuses_parts_that_do_not_cover_the_run_once(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    reports: list[tuple[int, int]],
    says: str,
) -> None:
    paths = [_report(tmp_path / f"{k}.txt", *part) for k, part in enumerate(reports)]
    assert says in refusal(ARENA, ["--merge", *paths], capsys)


def test_merge_refuses_reports_it_cannot_trust(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _report(tmp_path / "good.txt", 0, 3)
    other = _report(tmp_path / "other.txt", 3, 3, seconds="0.5")
    assert "its seconds is 0.5, but" in refusal(ARENA, ["--merge", good, other], capsys)

    unfinished = tmp_path / "unfinished.txt"
    unfinished.write_text("\n".join(Path(good).read_text().splitlines()[:2]) + "\n")
    assert "no 'command:' line" in refusal(ARENA, ["--merge", str(unfinished)], capsys)

    short = tmp_path / "short.txt"
    short.write_text("\n".join(Path(good).read_text().splitlines()[1:]) + "\n")
    assert "holds games 2-3, but its command plays 1-3" in refusal(
        ARENA, ["--merge", str(short)], capsys
    )

    bad_seat = tmp_path / "seat.txt"
    bad_seat.write_text(Path(good).read_text().replace("in seat 2,", "in seat 9,"))
    assert "a game line cannot be read" in refusal(ARENA, ["--merge", str(bad_seat)], capsys)

    foreign = tmp_path / "foreign.txt"
    foreign.write_text(Path(good).read_text().replace("skibe --players", "chess --players"))
    assert "cannot be loaded" in refusal(ARENA, ["--merge", str(foreign)], capsys)

    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00game")
    assert "cannot be read" in refusal(ARENA, ["--merge", str(binary)], capsys)
    assert "cannot be read" in refusal(ARENA, ["--merge", str(tmp_path / "missing")], capsys)
    assert "not a game" in refusal(ARENA, ["skibe", "--merge", good], capsys)


@pytest.mark.parametrize(
    "arguments",
    [[], ["skibe", "--games", "0"], ["skibe", "--start", "-1"], ["skibe", "--seconds", "nan"]],
)
def test_bad_options_are_refused_before_a_game_is_played(
    capsys: pytest.CaptureFixture[str], arguments: list[str]
) -> None:
    refusal(ARENA, arguments, capsys)


def test_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "chess" in refusal(ARENA, ["chess"], capsys)
