"""``benchmarks/train_baseline.py``: a tiny training run, then both policies judged on the same
seeds."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sb3_contrib", reason="the baseline needs langbord[train]")

ROOT = Path(__file__).resolve().parents[2]


def _baseline() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "train_baseline", ROOT / "benchmarks" / "train_baseline.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_short_run_trains_and_judges(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["skoventyr", "--reward", "shaped", "--minutes", "0.01", "--games", "3"]
    assert _baseline().main([*arguments, "--n-steps", "64", "--option", "trees=7"]) == 0
    out = capsys.readouterr().out
    assert "MaskablePPO trained" in out and "reward shaped" in out and "'trees': 7" in out
    assert out.count("of 3 games") == 2
