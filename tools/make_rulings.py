"""Write each game's ``rulings.json`` (``Game.rulings()``) from the project's rulings files.

    python tools/make_rulings.py [RULINGS_DIR] [--check]

``RULINGS_DIR`` (default ``../shared/rulings`` beside the repository) holds ``knarr.md``,
``skaal.md``, ``skibe.md`` and ``skoventyr.md``; writing also copies them into ``tools/rulings/``,
the snapshot the tests generate from where the project's rulings folder is not at hand (a clean
clone in CI). A ruling is every id such as ``SB-5``, ``KN-4``
or ``SK-2`` where the file first names it: a list item that starts with the id gives the rest of
the item as its text; an id named inside an item gives that item (the rule it qualifies), inside a
paragraph the sentence, inside a table row the row ("reputation: ... (KN-2)"). Markdown emphasis
and code marks are dropped: the text is plain. ``--check`` writes nothing and fails when a
package's copy differs from what it would write.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "src" / "langbord" / "engines"
DEFAULT_SOURCE = ROOT.parent / "shared" / "rulings"
SNAPSHOT = ROOT / "tools" / "rulings"
GAMES = {"knarr": "knarr.md", "skaal": "skaal.md", "skibe": "skibe.md", "skoventyr": "skoventyr.md"}

RULING_ID = re.compile(r"\b(?:SB|SA|SV|KN|SK)-\d+\b")
ITEM = re.compile(r"^(\s*)(?:[-*]|\d+\.)\s+(.*)$")
LEADING_ID = re.compile(r"^\**((?:SB|SA|SV|KN|SK)-\d+)\**[:.]?\s+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(])")


def _plain(text: str) -> str:
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def blocks(markdown: str) -> list[tuple[str, str]]:
    """The file as ``(kind, text)`` blocks: ``item`` (a list item with its continuation lines
    and its sub-items), ``row`` (a table row, cells joined "first: rest"), ``para`` (a
    paragraph); headings dropped. A sub-item comes before the item that holds it."""
    found: list[tuple[str, str]] = []
    items: list[tuple[int, list[str]]] = []  # the open items, outermost first
    para: list[str] = []

    def close_items(indent: int) -> None:
        while items and items[-1][0] >= indent:
            text = " ".join(items.pop()[1])
            found.append(("item", text))
            if items:
                items[-1][1].append(text)

    def close_para() -> None:
        if para:
            found.append(("para", " ".join(para)))
            para.clear()

    for line in markdown.splitlines():
        item = ITEM.match(line)
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if not stripped or stripped.startswith("#") or stripped.startswith("|"):
            close_items(0)
            close_para()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if stripped.startswith("|") and not set("".join(cells)) <= set("-: "):
                found.append(("row", f"{cells[0]}: {' '.join(cells[1:])}"))
        elif item:
            close_para()
            close_items(len(item.group(1)))
            items.append((len(item.group(1)), [item.group(2)]))
        elif items and indent > items[-1][0]:
            items[-1][1].append(stripped)
        else:
            close_items(0)
            para.append(stripped)
    close_items(0)
    close_para()
    return found


def _text_of(kind: str, text: str, ruling: str) -> str:
    leading = LEADING_ID.match(text)
    if leading and leading.group(1) == ruling:
        return text[leading.end() :]
    if kind == "para":
        return next(s for s in SENTENCE_END.split(text) if ruling in s)
    return text


def rulings(markdown: str) -> list[dict[str, str]]:
    """Every ruling of one rulings file, in the order the file first names them."""
    result: list[dict[str, str]] = []
    seen: set[str] = set()
    for kind, text in blocks(markdown):
        for ruling in RULING_ID.findall(text):
            if ruling not in seen:
                seen.add(ruling)
                result.append({"id": ruling, "text": _plain(_text_of(kind, text, ruling))})
    first: dict[str, int] = {}
    for match in RULING_ID.finditer(markdown):
        first.setdefault(match.group(), match.start())
    return sorted(result, key=lambda r: first[r["id"]])


def generate(source: Path) -> dict[str, str]:
    """Each game's ``rulings.json`` text, from the rulings files in ``source``."""
    return {
        game: json.dumps(
            rulings((source / name).read_text(encoding="utf-8")), ensure_ascii=False, indent=1
        )
        + "\n"
        for game, name in GAMES.items()
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [a for a in argv if a != "--check"]
    source = Path(paths[0]) if paths else DEFAULT_SOURCE
    stale = []
    for game, text in generate(source).items():
        target = ENGINES / game / "rulings.json"
        if target.exists() and target.read_text(encoding="utf-8") == text:
            continue
        stale.append(str(target.relative_to(ROOT)))
        if not check:
            target.write_text(text, encoding="utf-8")
    for name in GAMES.values():
        copy = SNAPSHOT / name
        text = (source / name).read_text(encoding="utf-8")
        if copy.exists() and copy.read_text(encoding="utf-8") == text:
            continue
        stale.append(str(copy.relative_to(ROOT)))
        if not check:
            copy.write_text(text, encoding="utf-8")
    verb = "stale" if check else "written"
    for name in stale:
        print(f"{verb}: {name}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
