"""Quick checks of the docs that need no Sphinx build: every results file shown with its
commands, every guide in a toctree, every game's page citing only rulings it shows in words."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import langbord

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RESULTS_FILE = re.compile(r"```\{results-file\} benchmarks/results/(\S+)\n(.*?)```", re.S)


def _extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location("langbord_docs", DOCS / "_ext/langbord_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("langbord_docs", module)
    spec.loader.exec_module(module)
    return module


def _pages() -> dict[str, str]:
    return {
        str(p.relative_to(DOCS)): p.read_text("utf-8")
        for p in DOCS.rglob("*.md")
        if not p.relative_to(DOCS).parts[0].startswith(("_", "generated"))
    }


def test_every_results_file_is_shown_with_its_commands() -> None:
    shown: dict[str, str] = {}
    for text in _pages().values():
        for name, commands in RESULTS_FILE.findall(text):
            shown[name] = commands
    files = sorted(p.name for p in (ROOT / "benchmarks/results").iterdir() if p.is_file())
    assert sorted(set(files) - set(shown)) == []
    assert sorted(set(shown) - set(files)) == []
    assert all(commands.strip() for commands in shown.values())


def test_every_page_is_in_a_toctree() -> None:
    pages = _pages()
    listed = "\n".join(pages.values())
    for page in pages:
        if page != "index.md":
            assert re.search(rf"^{re.escape(page[:-3])}$", listed, re.M), page


@pytest.mark.parametrize("name", langbord.games())
def test_a_games_page_shows_every_ruling_it_cites_in_words(name: str) -> None:
    page = _extension().game_page(name)
    game = langbord.load(name)
    assert game.rules() in page
    for ruling in game.rulings():
        assert f"{ruling['id']}\n\n: " in page
    cited = set(re.findall(r"\b[A-Z]{2}-\d+\b", page))
    assert cited <= {ruling["id"] for ruling in game.rulings()}


def test_the_http_page_names_every_route() -> None:
    extension = _extension()
    document = extension.openapi()
    page = extension.http_page(document)
    for path, operations in document["paths"].items():
        for method in operations:
            assert f"### `{method.upper()} {path}`" in page
