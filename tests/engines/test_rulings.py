"""``Game.rulings()``: the rulings of each game, shipped in its package as ``rulings.json``,
the copy ``tools/make_rulings.py`` writes from the project's rulings files."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path
from types import ModuleType

import pytest

import langbord

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = {"knarr": ("KN", "SK"), "skaal": ("SA",), "skibe": ("SB",), "skoventyr": ("SV",)}


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_rulings", ROOT / "tools/make_rulings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", langbord.games())
def test_every_game_ships_its_rulings(name: str) -> None:
    game = langbord.load(name)
    rulings = game.rulings()
    ids = [r["id"] for r in rulings]
    assert ids and len(ids) == len(set(ids))
    assert all(r.keys() == {"id", "text"} and r["text"] for r in rulings)
    assert all(i.split("-")[0] in PREFIXES[name] for i in ids)
    cited = set(re.findall(r"\b(?:SB|SA|SV|KN|SK)-\d+\b", game.rules()))
    assert cited <= set(ids), cited - set(ids)  # every ruling the game card cites is there
    assert game.rulings() == rulings and game.rulings() is not rulings


def test_skibe_rulings_read_as_written() -> None:
    rulings = {r["id"]: r["text"] for r in langbord.load("skibe").rulings()}
    assert rulings["SB-2"] == "Seat 0 starts; play in seat order."
    assert rulings["SB-5"].startswith("If every ship is at its limit at the start of a player's")
    assert rulings["SB-3"].startswith("Food: from the stock onto a bow. SB-3: if the stock")
    assert "*" not in "".join(rulings.values())


def test_the_tool_reads_items_sentences_rows_and_sub_items() -> None:
    text = (
        "# Title\n\nIntro names `XX-n`. A rule (KN-4: exact). Another sentence.\n\n"
        "| gain | effect |\n|---|---|\n| vp | +1 point (KN-2) |\n\n"
        "- KN-1 **Caps**: at most 3,\n  of each.\n"
        "- SK-1 Two ways:\n  - **Rally**: one.\n  - Involve: two.\n"
        "- Food first. SB-3: if empty, shift.\n"
    )
    assert tool().rulings(text) == [
        {"id": "KN-4", "text": "A rule (KN-4: exact)."},
        {"id": "KN-2", "text": "vp: +1 point (KN-2)"},
        {"id": "KN-1", "text": "Caps: at most 3, of each."},
        {"id": "SK-1", "text": "Two ways: Rally: one. Involve: two."},
        {"id": "SB-3", "text": "Food first. SB-3: if empty, shift."},
    ]


def shared_rulings() -> Path | None:
    """The project's rulings files: ``LANGBORD_SHARED_RULINGS`` when set, else the first
    ``shared/rulings`` beside this checkout or beside one of its parent folders (a worktree or a
    clone nested below the project's folder finds the same files)."""
    if named := os.environ.get("LANGBORD_SHARED_RULINGS"):
        return Path(named)
    for folder in ROOT.parents:
        if (folder / "shared" / "rulings").is_dir():
            return folder / "shared" / "rulings"
    return None


SNAPSHOT = ROOT / "tools" / "rulings"


def test_the_package_copy_is_what_the_tool_writes_from_the_snapshot() -> None:
    """Runs in every checkout, a clean clone in CI included: the shipped ``rulings.json`` files
    are what the tool writes from ``tools/rulings/``, the snapshot of the rulings files."""
    engines = ROOT / "src" / "langbord" / "engines"
    generated = tool().generate(SNAPSHOT)
    assert generated.keys() == set(langbord.games()), sorted(generated)
    for game, text in generated.items():
        assert (engines / game / "rulings.json").read_text(encoding="utf-8") == text, (
            f"{game}: run python tools/make_rulings.py RULINGS_DIR"
        )


def test_the_snapshot_is_the_shared_rulings() -> None:
    """Where the project's rulings folder is at hand, the snapshot is a copy of it."""
    source = shared_rulings()
    if source is None or not source.is_dir():
        pytest.skip(
            f"no rulings directory at {source or 'shared/rulings above ' + str(ROOT)}: "
            "set LANGBORD_SHARED_RULINGS to compare tools/rulings/ with it"
        )
    for name in tool().GAMES.values():
        assert (SNAPSHOT / name).read_text(encoding="utf-8") == (source / name).read_text(
            encoding="utf-8"
        ), f"{name}: run python tools/make_rulings.py {source}"
