"""The scripts of ``benchmarks/`` as modules, for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module (registered in ``sys.modules``, where its
    dataclasses look their module up)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def refusal(script: ModuleType, arguments: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``script.main(arguments)``, which must refuse them as a command line does (exit status
    2, an ``error:`` line, no traceback); what it printed to stderr."""
    with pytest.raises(SystemExit) as exit_:
        script.main(arguments)
    assert exit_.value.code == 2
    err: str = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err
    return err
