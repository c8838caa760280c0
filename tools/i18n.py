"""Keep langbord's catalogs in step with its source: ``python tools/i18n.py`` extracts every
marked string and merges them into each language's catalogs (new strings empty, strings no
longer marked dropped); ``--check`` changes nothing and fails, naming each one, on a string a
catalog misses or keeps unused, one left untranslated (or fuzzy), and a translation whose
placeholders (``{name}``) differ from the English.

What is extracted (see :mod:`langbord.core.i18n` for the functions that mark):
- Python under ``src/langbord`` (domain ``langbord``): ``_``, ``N_``, ``pgettext``,
  ``ngettext`` and the templates of ``ActionTable.word``; the words of every ruling in the
  games' ``rulings.json``;
- the tutorials' texts in ``tutorials/*.toml`` (domain ``tutorials``);
- the players' rules pages in ``guides/*.toml`` (domain ``rules``);
- the browser page (domain ``page``): ``t``/``tn`` in ``web/static/**/*.js``, and the
  ``data-i18n*`` attributes of ``index.html``.

Adding a language: add its code to ``LANGUAGES`` in ``langbord/core/i18n.py`` (and its name to
``NAMES``), run this tool, translate the new ``src/langbord/locale/<code>/LC_MESSAGES/*.po`` and
run ``--check``.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "langbord"
sys.path.insert(0, str(ROOT / "src"))

from langbord.core.i18n import LANGUAGES, SOURCE, catalog_path  # noqa: E402

PYTHON_KEYWORDS = {
    "_": None,
    "N_": None,
    "pgettext": ((1, "c"), 2),
    "ngettext": (1, 2),
    "word": (2,),
}
PAGE_KEYWORDS = {"t": None, "tn": (1, 2)}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!][^{}]*)?\}")
HTML_MARK = re.compile(r'data-i18n(?:-[a-z-]+)?="([^"]+)"')

HEADER: dict[str, Any] = {
    "header_comment": "# langbord's {language} catalog: see tools/i18n.py.",
    "version": "1",
    "copyright_holder": "langbord",
    "msgid_bugs_address": "",
    "creation_date": datetime(2026, 12, 7, tzinfo=UTC),
    "revision_date": datetime(2026, 12, 7, tzinfo=UTC),
    "last_translator": "langbord",
    "language_team": "langbord",
}

Entry = tuple[str | tuple[str, str], str | None]
"""A string to translate: its msgid (a (singular, plural) pair for plurals) and its context."""


def _extracted(
    directory: Path, method_map: list[tuple[str, str]], keywords: object
) -> Iterator[Entry]:
    for _file, _line, message, _comments, context in extract_from_dir(
        str(directory),
        method_map,
        keywords=keywords,  # type: ignore[arg-type]
    ):
        if isinstance(message, tuple):
            yield (str(message[0]), str(message[1])), context
        else:
            yield str(message), context


def python_entries() -> Iterator[Entry]:
    """The Python domain's strings."""
    yield from _extracted(
        PACKAGE,
        [("web/**", "ignore"), ("**.py", "python")],
        PYTHON_KEYWORDS,
    )
    for rulings in sorted(PACKAGE.glob("engines/*/rulings.json")):
        for ruling in json.loads(rulings.read_text(encoding="utf-8")):
            if ruling.get("text"):
                yield str(ruling["text"]), None


TUTORIAL_TEXTS = ("title", "summary", "text", "hint", "wrong", "effect")


def tutorial_entries() -> Iterator[Entry]:
    """The tutorials' texts: each tutorial's title and summary, each step's texts, the words
    refusing a named move and the labels of its highlights."""
    for path in sorted((PACKAGE / "tutorials").glob("*.toml")):
        for tutorial in tomllib.loads(path.read_text(encoding="utf-8")).get("tutorial", []):
            for table in [tutorial, *tutorial.get("step", [])]:
                for key in TUTORIAL_TEXTS:
                    if isinstance(table.get(key), str):
                        yield table[key].strip(), None
                for refusal in table.get("refuse", {}).values():
                    yield str(refusal).strip(), None
                for mark in table.get("highlight", []):
                    if mark.get("label"):
                        yield str(mark["label"]).strip(), None


def rules_entries() -> Iterator[Entry]:
    """The players' rules pages: every text of each game's page, as the page reads it."""
    from langbord.guides import read

    for path in sorted((PACKAGE / "guides").glob("*.toml")):
        page = read(path.read_text(encoding="utf-8"), path.stem, f"guides/{path.name}")
        for text in page.texts():
            yield text, None


def page_entries() -> Iterator[Entry]:
    """The browser page's strings."""
    static = PACKAGE / "web" / "static"
    yield from _extracted(static, [("**.js", "javascript")], PAGE_KEYWORDS)
    for page in sorted(static.glob("*.html")):
        for match in HTML_MARK.finditer(page.read_text(encoding="utf-8")):
            yield match.group(1), None


SOURCES = {
    "langbord": python_entries,
    "tutorials": tutorial_entries,
    "rules": rules_entries,
    "page": page_entries,
}


def template(domain: str) -> Catalog:
    """Every string of ``domain`` marked in the source, once each."""
    catalog = Catalog(domain=domain, project="langbord", fuzzy=False, **HEADER)
    for message, context in SOURCES[domain]():
        if not (message[0] if isinstance(message, tuple) else message).strip():
            continue
        catalog.add(message, context=context)
    return catalog


def _read(language: str, domain: str) -> Catalog:
    path = catalog_path(language, domain)
    if not path.is_file():
        return Catalog(locale=language, domain=domain, project="langbord", fuzzy=False, **HEADER)
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=domain)


def _written(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        no_location=True,
        omit_header=False,
        sort_output=True,
        ignore_obsolete=True,
    )
    return out.getvalue()


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of ``text``."""
    return set(PLACEHOLDER.findall(text))


def _key(message: Message) -> tuple[str, str | None]:
    ident = message.id[0] if isinstance(message.id, tuple) else message.id
    return str(ident), message.context


def problems(language: str, domain: str, wanted: Catalog) -> Iterator[str]:
    """What is wrong with ``language``'s catalog of ``domain`` against the source."""
    have = _read(language, domain)
    where = catalog_path(language, domain).relative_to(ROOT)
    wanted_keys = {_key(m) for m in wanted if m.id}
    have_keys = {_key(m): m for m in have if m.id}
    for key in sorted(wanted_keys - set(have_keys), key=str):
        yield f"{where}: missing {key[0]!r}" + (f" (context {key[1]!r})" if key[1] else "")
    for key in sorted(set(have_keys) - wanted_keys, key=str):
        yield f"{where}: unused {key[0]!r}"
    for key in sorted(wanted_keys & set(have_keys), key=str):
        message = have_keys[key]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.fuzzy or not all(forms):
            yield f"{where}: untranslated {key[0]!r}"
            continue
        expected = placeholders(str(ids[-1])) | placeholders(str(ids[0]))
        for form in forms:
            found = placeholders(str(form))
            if found != expected and not (len(ids) == 2 and found <= expected):
                yield (
                    f"{where}: {key[0]!r} has placeholders {sorted(found)}, "
                    f"the English {sorted(expected)}"
                )


def update(domain: str, wanted: Catalog, languages: Iterable[str]) -> list[str]:
    """Merge ``wanted`` into each language's catalog; the paths written."""
    written: list[str] = []
    for language in languages:
        catalog = _read(language, domain)
        catalog.update(wanted, no_fuzzy_matching=True, update_header_comment=False)
        catalog.header_comment = HEADER["header_comment"].format(language=language)
        catalog.creation_date = catalog.revision_date = HEADER["creation_date"]
        path = catalog_path(language, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = _written(catalog)
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
            written.append(str(path.relative_to(ROOT)))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail on a problem")
    args = parser.parse_args(argv)
    languages = [lang for lang in LANGUAGES if lang != SOURCE]
    found: list[str] = []
    for domain in SOURCES:
        wanted = template(domain)
        if args.check:
            for language in languages:
                found.extend(problems(language, domain, wanted))
        else:
            for path in update(domain, wanted, languages):
                print(f"wrote {path}")
            for language in languages:
                left = sum(1 for _p in problems(language, domain, wanted))
                print(f"{domain} {language}: {len(wanted)} strings, {left} to translate")
    if found:
        for line in found:
            print(line, file=sys.stderr)
        print(
            f"{len(found)} problems in the catalogs (python tools/i18n.py updates them)",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
