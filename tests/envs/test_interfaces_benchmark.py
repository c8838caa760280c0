"""``benchmarks/interfaces.py``: every interface plays and is timed beside native playouts."""

from __future__ import annotations

import re

import pytest

from scripts import load_benchmark

pytest.importorskip("pyspiel", reason="the OpenSpiel row needs langbord[rl]")


def test_every_interface_is_timed(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("interfaces")
    assert bench.main(["skibe", "skoventyr", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("| skibe", "| skoventyr"))]
    assert len(rows) == 2
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert all(re.fullmatch(r"[\d,]+", c) and c != "0" for c in cells[1:6]), row
        assert cells[6].endswith("%") and cells[7].endswith("%")


def test_the_seat_count_is_every_decision_of_the_game() -> None:
    """The seat environment's figure counts the other seats' decisions as well as the
    learner's, as native playouts do."""
    bench = load_benchmark("interfaces")
    native, seat = bench.native("skibe")(), bench.seat("skibe")()
    assert 60 < seat < 200 and 60 < native < 200


def test_the_vector_count_is_every_decision_of_the_games() -> None:
    """50 batched steps of 32 solo Skoventyr games are 1,600 decisions, each the learner's; at
    Skibe (4 players by default) the other seats add about three times as many."""
    bench = load_benchmark("interfaces")
    assert bench.vector("skoventyr")() == 50 * 32
    assert 3 * 50 * 32 < bench.vector("skibe")() < 5 * 50 * 32
