"""``langbord simulate`` and ``langbord report``: identical results whatever the backend, jobs or
order of completion; resuming; the output file's safety; the report's numbers; the CLI."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from langbord import OptionError
from langbord.cli.main import main
from langbord.sim.report import ReportError, group, load_runs, plot, report
from langbord.sim.simulate import SimulationError, make_plan, read_done, simulate
from terminal import run_in_terminal

FIELD = ["greedy", "random"]


def lines(path: Path) -> list[dict[str, Any]]:
    return sorted(
        (json.loads(line) for line in path.read_text().splitlines()), key=lambda e: e["game"]
    )


def test_results_are_the_same_whatever_the_jobs(tmp_path: Path) -> None:
    """One game per line, each fully determined by the plan and its index: one process and two
    processes (finishing in any order) give the same games."""
    plan = make_plan("skibe", FIELD, 12, seed=7, options={"players": 3})
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    simulate(plan, one, jobs=1)
    simulate(plan, two, jobs=2)
    first = lines(one)
    assert [e["game"] for e in first] == list(range(12))
    assert lines(two) == first
    entry = first[1]
    assert entry["agents"] == ["random", "greedy", "random"]  # the field rotated by one seat
    assert entry["name"] == "skibe" and entry["options"] == {"players": 3}
    assert entry["field"] == FIELD and entry["plan_seed"] == 7
    assert entry["record"]["actions"] and entry["length"] == len(entry["record"]["actions"])
    best = max(entry["returns"])
    assert entry["winners"] == [p for p, r in enumerate(entry["returns"]) if r == best]


@pytest.mark.slow
def test_results_are_the_same_on_ray(tmp_path: Path) -> None:
    """A real local Ray (started for the test: several seconds) gives the games one process
    gives."""
    plan = make_plan("skibe", FIELD, 12, seed=7, options={"players": 3})
    one, on_ray = tmp_path / "one.jsonl", tmp_path / "ray.jsonl"
    simulate(plan, one, jobs=1)
    simulate(plan, on_ray, jobs=2, backend="ray")
    assert lines(on_ray) == lines(one)


def test_fixed_seats(tmp_path: Path) -> None:
    plan = make_plan("skibe", ["greedy", "random"], 4, options={"players": 3}, fixed_seats=True)
    out = tmp_path / "fixed.jsonl"
    simulate(plan, out, jobs=1)
    assert {tuple(e["agents"]) for e in lines(out)} == {("greedy", "random", "random")}


def test_an_interrupted_run_resumes(tmp_path: Path) -> None:
    plan = make_plan("skoventyr", ["greedy"], 10, seed=3)
    full, cut = tmp_path / "full.jsonl", tmp_path / "cut.jsonl"
    simulate(plan, full, jobs=1)
    text = full.read_text().splitlines(keepends=True)
    cut.write_text("".join(text[:4]) + text[4][: len(text[4]) // 2])  # died mid-line
    assert read_done(plan, cut) == {e["game"] for e in map(json.loads, text[:4])}
    assert cut.read_text() == "".join(text[:4])  # the half line is gone
    outcome = simulate(plan, cut, jobs=2, resume=True)
    assert (outcome.skipped, outcome.played) == (4, 6)
    assert lines(cut) == lines(full)
    again = simulate(plan, cut, jobs=1, resume=True)
    assert (again.skipped, again.played) == (10, 0)


def test_the_output_file_is_never_overwritten_or_mixed(tmp_path: Path) -> None:
    plan = make_plan("skibe", FIELD, 2, options={"players": 3})
    out = tmp_path / "runs.jsonl"
    simulate(plan, out, jobs=1)
    before = out.read_text()
    with pytest.raises(SimulationError, match="already holds games: continue it with --resume"):
        simulate(plan, out, jobs=1)
    other = make_plan("skibe", FIELD, 2, seed=1, options={"players": 3})
    with pytest.raises(SimulationError, match="holds games of another simulation"):
        simulate(other, out, jobs=1, resume=True)
    out.write_text(before + "garbage\n")
    with pytest.raises(SimulationError, match=r"runs.jsonl:3: not a game line"):
        simulate(plan, out, jobs=1, resume=True)
    assert out.read_text() == before + "garbage\n"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"backend": "dask"}, "unknown backend 'dask'"),
        ({"ray_address": "auto"}, "--ray-address goes with --backend ray"),
        ({"jobs": 0}, "--jobs must be at least 1"),
    ],
)
def test_bad_settings(tmp_path: Path, kwargs: dict[str, Any], message: str) -> None:
    plan = make_plan("skibe", FIELD, 2, options={"players": 3})
    with pytest.raises(OptionError, match=message):
        simulate(plan, tmp_path / "x.jsonl", **kwargs)
    assert not (tmp_path / "x.jsonl").exists()


def test_bad_plans() -> None:
    with pytest.raises(OptionError, match="unknown agent"):
        make_plan("skibe", ["greedy", "wizard"], 2)
    with pytest.raises(OptionError, match="at least 1"):
        make_plan("skibe", FIELD, 0)


def test_report_numbers(tmp_path: Path) -> None:
    plan = make_plan("skibe", FIELD, 9, options={"players": 3})
    out = tmp_path / "r.jsonl"
    simulate(plan, out, jobs=1)
    runs = load_runs([out])
    by_seat = group(runs, "seat")
    assert [g.label for g in by_seat] == ["seat 0", "seat 1", "seat 2"]
    assert all(g.plays == 9 for g in by_seat)
    assert sum(g.wins for g in by_seat) == pytest.approx(9)  # one win shared out per game
    by_agent = {g.label: g for g in group(runs, "agent")}
    assert by_agent["greedy"].plays == 9 and by_agent["random"].plays == 18
    greedy_wins = sum(e["returns"][e["agents"].index("greedy")] for e in runs)
    assert by_agent["greedy"].wins == pytest.approx(greedy_wins)
    text = report(runs)
    assert "Skibe: 9 games, 1 option set (players=3)" in text
    assert "by seat" in text and "by agent" in text and "x fair" in text
    assert "game length: mean" in text


def test_report_of_a_cooperative_game_by_option(tmp_path: Path) -> None:
    easy, hard = tmp_path / "easy.jsonl", tmp_path / "hard.jsonl"
    simulate(make_plan("skoventyr", ["greedy"], 6, options={"trees": 8}), easy, jobs=1)
    simulate(make_plan("skoventyr", ["greedy"], 6, options={"damaged": 2}), hard, jobs=1)
    runs = load_runs([easy, hard])
    text = report(runs)
    assert "team win rate:" in text and "over 12 games" in text
    assert "by option set (team)" in text
    options = {g.label: g for g in group(runs, "option")}
    assert {g.plays for g in options.values()} == {6}
    assert any("trees=8" in label for label in options)
    figure = tmp_path / "f.png"
    plot(runs, figure, "option")
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_broken_runs_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"name": "skibe"}\n')
    with pytest.raises(ReportError, match=r"bad.jsonl:1: field 'options' is missing"):
        load_runs([bad])
    bad.write_text("{not json\n")
    with pytest.raises(ReportError, match=r"bad.jsonl:1: not JSON"):
        load_runs([bad])
    bad.write_text("")
    with pytest.raises(ReportError, match="no games in"):
        load_runs([bad])
    with pytest.raises(ReportError, match="cannot read"):
        load_runs([tmp_path / "missing.jsonl"])
    skibe, coop = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    simulate(make_plan("skibe", FIELD, 1, options={"players": 3}), skibe, jobs=1)
    simulate(make_plan("skoventyr", ["random"], 1), coop, jobs=1)
    with pytest.raises(ReportError, match="the files mix games"):
        load_runs([skibe, coop])


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c.jsonl"
    argv = ["simulate", "skibe", "--agents", "greedy,random", "--players", "3", "--games", "4"]
    assert main([*argv, "--jobs", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert "4 games played in" in printed.out and "games/s" in printed.out
    assert len(out.read_text().splitlines()) == 4
    assert main([*argv, "--out", str(out)]) == 2
    assert "already holds games" in capsys.readouterr().err
    assert main([*argv, "--out", str(out), "--resume"]) == 0
    assert "0 games played" in capsys.readouterr().out
    figure = tmp_path / "c.png"
    assert main(["report", str(out), "--by", "agent", "--plot", str(figure)]) == 0
    text = capsys.readouterr().out
    assert "by agent" in text and "by seat" not in text and figure.exists()
    assert (
        main(
            [
                "simulate",
                "skibe",
                "--agents",
                "greedy",
                "--games",
                "2",
                "--out",
                str(tmp_path / "d.jsonl"),
                "--backend",
                "spark",
            ]
        )
        == 2
    )
    assert "unknown backend 'spark'" in capsys.readouterr().err


def test_a_progress_bar_on_a_terminal_only(tmp_path: Path) -> None:
    script = shutil.which("langbord", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "langbord.cli.main"]
    argv = ["simulate", "skibe", "--agents", "greedy,random", "--games", "6", "--jobs", "1"]
    shown = run_in_terminal([*command, *argv, "--out", str(tmp_path / "t.jsonl")], [])
    assert "simulating" in shown and "6/6" in shown and "games/s" in shown and "ETA" in shown
