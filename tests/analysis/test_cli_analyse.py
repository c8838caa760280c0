"""``langbord analyse RECORD``: a table, a per-seat summary, JSON with --out, and one-line errors
with exit status 2 for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from langbord.analysis import Analysis
from langbord.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def record_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    status, _, err = run(
        capsys, "random", "skibe", "--players", "3", "--seed", "4", "--out", str(path)
    )
    assert status == 0, err
    return path


def test_analyse_prints_the_table_and_writes_json(
    capsys: pytest.CaptureFixture[str], record_file: Path, tmp_path: Path
) -> None:
    out_file = tmp_path / "analysis.json"
    status, out, err = run(
        capsys,
        "analyse",
        str(record_file),
        "--iterations",
        "5",
        "--seed",
        "3",
        "--out",
        str(out_file),
    )
    assert status == 0, err
    assert err == ""  # no progress bar when not on a terminal
    for text in ("Skibe: analysis by mcts:iterations=5", "played", "best", "loss", "per seat"):
        assert text in out
    for seat in ("red", "blue", "yellow"):
        assert seat in out
    assert f"analysis written to {out_file}" in out
    data = json.loads(out_file.read_text(encoding="utf-8"))
    analysis = Analysis.from_json(data)
    assert analysis.iterations == 5 and analysis.game == "skibe"
    assert data["decisions"] and all(d["simulations"] >= 0 for d in data["decisions"])
    # The same seed gives the same analysis; the table shows every decision's step.
    again = tmp_path / "again.json"
    run(
        capsys, "analyse", str(record_file), "--iterations", "5", "--seed", "3", "--out", str(again)
    )
    assert json.loads(again.read_text(encoding="utf-8")) == data


def test_analyse_with_a_time_budget(
    capsys: pytest.CaptureFixture[str], record_file: Path, tmp_path: Path
) -> None:
    out_file = tmp_path / "timed.json"
    status, _, err = run(
        capsys, "analyse", str(record_file), "--seconds", "0.002", "--out", str(out_file)
    )
    assert status == 0, err
    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert data["seconds"] == 0.002 and "iterations" not in data
    assert data["agent"] == "mcts:time=0.002"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--iterations", "0"], "iterations per decision must be a whole number from 1"),
        (["--iterations", "many"], "invalid int value"),
        (["--seconds", "nan"], "seconds per decision must be a number from 0.001 to 600"),
        (["--seconds", "-1"], "seconds per decision must be a number"),
        (["--seconds", "1e999"], "seconds per decision must be a number"),
        (["--seconds", "1", "--iterations", "5"], "not allowed with argument"),
        (["--iterations", "5", "--out", "/no/such/dir/a.json"], "no directory"),
    ],
)
def test_analyse_refuses_bad_flags(
    capsys: pytest.CaptureFixture[str], record_file: Path, args: list[str], message: str
) -> None:
    status, _, err = run(capsys, "analyse", str(record_file), *args)
    assert status == 2
    assert message in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_analyse_refuses_bad_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    status, _, err = run(capsys, "analyse", str(missing), "--iterations", "5")
    assert status == 2 and "cannot read record" in err
    for name, text in (
        ("notjson.json", "{not json"),
        ("list.json", "[1, 2]"),
        ("fields.json", '{"game": "skibe"}'),
        ("game.json", '{"game": "chess", "version": 1, "options": {}, "actions": []}'),
        ("step.json", '{"game": "skibe", "version": 1, "options": {}, "actions": ["fly"]}'),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        status, _, err = run(capsys, "analyse", str(path), "--iterations", "5")
        assert status == 2, name
        assert err.startswith("langbord: error: ") and "Traceback" not in err, err
