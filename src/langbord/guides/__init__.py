"""The players' rules pages: per game, what a newcomer reads before a first game.

A page is data, a TOML file per game in this package (``skibe.toml`` …):

- ``game``, and ``summary``: a sentence or two on what the game is;
- ``[[section]]`` tables, each a ``kind``, a ``heading`` and its ``paragraphs`` (plain words),
  with an optional ``picture``: ``{tutorial, step, caption}``, a step (counted from 1) of one of
  the game's tutorials, whose position the page draws with the table's own board. The kinds
  ``goal``, ``setup``, ``turn``, ``scoring`` and ``end`` come once each, in that order; any
  ``module`` sections (a mode or module of the game) follow;
- ``[[clarification]]`` tables, one for every ruling of the game (``rulings.json``): the ruling's
  id (``ruling``, never shown to a player) and its ``text`` in a player's words.

Texts are words for players: no notation, no backticks, no ruling ids, no seat numbers counted
from 0. :func:`guide` refuses a file that breaks any of this (:class:`GuideError`, naming the file
and the place), so a test that reads every guide keeps them so. Texts are translated in the
``rules`` catalog (``tools/i18n.py``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from langbord.core.errors import LangbordError
from langbord.core.game import JSON
from langbord.core.i18n import SOURCE, dgettext, language, speaking
from langbord.core.registry import games, load

__all__ = [
    "Clarification",
    "Guide",
    "GuideError",
    "Picture",
    "Section",
    "clarification",
    "guide",
    "in_words",
    "plain",
]

DOMAIN = "rules"
"""The catalog of the pages' texts."""

KINDS = ("goal", "setup", "turn", "scoring", "end")
"""The sections every page has, in this order; ``module`` sections may follow."""

_GUIDE_KEYS = frozenset({"game", "summary", "section", "clarification"})
_SECTION_KEYS = frozenset({"kind", "heading", "paragraphs", "picture"})
_PICTURE_KEYS = frozenset({"tutorial", "step", "caption"})
_CLARIFICATION_KEYS = frozenset({"ruling", "text"})

_NOT_FOR_PLAYERS = (
    (re.compile(r"`"), "a backtick"),
    (re.compile(r"\b[A-Z]{2}-\d+\b"), "a ruling id"),
    (re.compile(r"\bseat 0\b", re.IGNORECASE), "a seat counted from 0"),
    (re.compile(r"[{}]"), "a brace"),
    (re.compile(r"(?:^|[\s(])'[a-z]+(?: [^'\s]+)*'"), "quoted notation"),
)


class GuideError(LangbordError):
    """A rules page that cannot be read, or whose words are not for players."""


@dataclass(frozen=True)
class Picture:
    """A board drawn on the page: step ``step`` (0-based) of tutorial ``tutorial``."""

    tutorial: str
    step: int
    caption: str


@dataclass(frozen=True)
class Section:
    kind: str
    heading: str
    paragraphs: tuple[str, ...]
    picture: Picture | None = None


@dataclass(frozen=True)
class Clarification:
    ruling: str
    text: str


@dataclass(frozen=True)
class Guide:
    """A game's rules page (see the module)."""

    game: str
    summary: str
    sections: tuple[Section, ...]
    clarifications: tuple[Clarification, ...]

    def to_json(self) -> dict[str, JSON]:
        return {
            "summary": self.summary,
            "sections": [
                {
                    "kind": s.kind,
                    "heading": s.heading,
                    "paragraphs": list(s.paragraphs),
                    "picture": None
                    if s.picture is None
                    else {
                        "tutorial": s.picture.tutorial,
                        "step": s.picture.step,
                        "caption": s.picture.caption,
                    },
                }
                for s in self.sections
            ],
            "clarifications": [{"ruling": c.ruling, "text": c.text} for c in self.clarifications],
        }

    def texts(self) -> list[str]:
        """Every text of the page, in order (what the catalog translates)."""
        found = [self.summary]
        for section in self.sections:
            found += [section.heading, *section.paragraphs]
            if section.picture is not None:
                found.append(section.picture.caption)
        found += [c.text for c in self.clarifications]
        return found


def _unknown(table: dict[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise GuideError(f"{where}: unknown keys {extra} (allowed: {sorted(allowed)})")


def _words(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise GuideError(f"{where}: {key!r} must be a non-empty text")
    text = " ".join(value.split())
    for pattern, what in _NOT_FOR_PLAYERS:
        found = pattern.search(text)
        if found:
            raise GuideError(f"{where}: {key!r} holds {what} ({found.group(0)!r}): words only")
    return text


def _picture(raw: Any, game: str, where: str) -> Picture:
    from langbord.tutorials import TutorialError, get_tutorial

    if not isinstance(raw, dict):
        raise GuideError(f"{where}: a picture is a table {{tutorial, step, caption}}")
    _unknown(raw, _PICTURE_KEYS, where)
    name, step = raw.get("tutorial"), raw.get("step")
    try:
        tutorial = get_tutorial(str(name))
    except TutorialError as exc:
        raise GuideError(f"{where}: {exc}") from None
    if tutorial.game != game:
        raise GuideError(f"{where}: tutorial {name!r} teaches {tutorial.game}, not {game}")
    if type(step) is not int or not 1 <= step <= len(tutorial.steps):
        raise GuideError(f"{where}: step must be 1 to {len(tutorial.steps)}, not {step!r}")
    return Picture(tutorial.id, step - 1, _words(raw, "caption", where))


def _section(raw: Any, game: str, where: str) -> Section:
    if not isinstance(raw, dict):
        raise GuideError(f"{where}: a section is a table")
    _unknown(raw, _SECTION_KEYS, where)
    kind = raw.get("kind")
    if kind not in (*KINDS, "module"):
        raise GuideError(f"{where}: kind must be one of {[*KINDS, 'module']}, not {kind!r}")
    paragraphs = raw.get("paragraphs")
    if not isinstance(paragraphs, list) or not paragraphs:
        raise GuideError(f"{where}: paragraphs must be a non-empty list of texts")
    said = tuple(
        _words({"paragraph": p}, "paragraph", f"{where}, paragraph {n}")
        for n, p in enumerate(paragraphs, start=1)
    )
    picture = raw.get("picture")
    return Section(
        str(kind),
        _words(raw, "heading", where),
        said,
        None if picture is None else _picture(picture, game, f"{where}, picture"),
    )


def read(text: str, game: str, source: str) -> Guide:
    """The rules page of ``game`` from ``text`` (TOML); :class:`GuideError` naming ``source``
    and the place if it breaks the module's rules."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GuideError(f"{source}: {exc}") from None
    _unknown(raw, _GUIDE_KEYS, source)
    if raw.get("game") != game:
        raise GuideError(f"{source}: game must be {game!r}, not {raw.get('game')!r}")
    sections = tuple(
        _section(s, game, f"{source}: section {n}")
        for n, s in enumerate(raw.get("section", []), start=1)
    )
    kinds = [s.kind for s in sections]
    if tuple(kinds[: len(KINDS)]) != KINDS or set(kinds[len(KINDS) :]) - {"module"}:
        raise GuideError(
            f"{source}: sections must be {list(KINDS)} in this order, then modules; not {kinds}"
        )
    clarifications: list[Clarification] = []
    for n, c in enumerate(raw.get("clarification", []), start=1):
        where = f"{source}: clarification {n}"
        if not isinstance(c, dict):
            raise GuideError(f"{where}: a clarification is a table {{ruling, text}}")
        _unknown(c, _CLARIFICATION_KEYS, where)
        clarifications.append(Clarification(str(c.get("ruling")), _words(c, "text", where)))
    rulings = [str(r["id"]) for r in load(game).rulings()]
    have = [c.ruling for c in clarifications]
    missing = [r for r in rulings if r not in have]
    strange = [r for r in have if r not in rulings or have.count(r) > 1]
    if missing or strange:
        raise GuideError(
            f"{source}: one clarification per ruling of {game} ({', '.join(rulings)}); "
            f"missing {missing}, unknown or doubled {sorted(set(strange))}"
        )
    order = {r: n for n, r in enumerate(rulings)}
    clarifications.sort(key=lambda c: order[c.ruling])
    return Guide(game, _words(raw, "summary", source), sections, tuple(clarifications))


def _said(text: str) -> str:
    return dgettext(DOMAIN, text)


def _guide_said(page: Guide) -> Guide:
    return replace(
        page,
        summary=_said(page.summary),
        sections=tuple(
            replace(
                s,
                heading=_said(s.heading),
                paragraphs=tuple(_said(p) for p in s.paragraphs),
                picture=None
                if s.picture is None
                else replace(s.picture, caption=_said(s.picture.caption)),
            )
            for s in page.sections
        ),
        clarifications=tuple(replace(c, text=_said(c.text)) for c in page.clarifications),
    )


@cache
def _guide_in(game: str, spoken: str) -> Guide | None:
    if spoken != SOURCE:
        with speaking(spoken):
            english = _guide_in(game, SOURCE)
            return None if english is None else _guide_said(english)
    file = resources.files(__name__) / f"{game}.toml"
    if not file.is_file():
        return None
    return read(file.read_text(encoding="utf-8"), game, f"guides/{game}.toml")


def guide(game: str) -> Guide | None:
    """The rules page of ``game`` in the language spoken; None for a game without one.
    :class:`GuideError` for a game langbord does not know or a page that cannot be read."""
    if game not in games():
        raise GuideError(f"no game {game!r}: the games are {', '.join(games())}")
    return _guide_in(game, language())


def clarification(game: str, ruling: str) -> str | None:
    """The clarification of ``ruling`` on ``game``'s page, in the language spoken; None where
    the game has no page or the page no such ruling."""
    try:
        page = guide(game)
    except GuideError:
        return None  # a game langbord does not know, or a page that cannot be read
    if page is None:
        return None
    return next((c.text for c in page.clarifications if c.ruling == ruling), None)


_EXAMPLES = re.compile(r"\s*\('[^()]*'\)")
_RULING = re.compile(r"\b[A-Z]{2}-\d+\b")
_ID_ALONE = re.compile(r"\s*\((?:[A-Z]{2}-\d+(?:,\s*)?)+\)")
_ID_LAST = re.compile(r",\s*[A-Z]{2}-\d+(?=\))")
_ID_OPENS = re.compile(r"(^|[.!?] +)?\b[A-Z]{2}-\d+\s*:\s*(\w?)")
_ID_ANY = re.compile(r"\s*\b[A-Z]{2}-\d+\b")
_SPACE_BEFORE = re.compile(r" +([,.)])")


def _opened(match: re.Match[str]) -> str:
    """A ruling id opening a phrase taken out: a sentence it opened begins with a capital."""
    start, first = match.group(1), match.group(2)
    return (start + first.upper()) if start is not None else first


def in_words(text: str) -> tuple[str, list[str]]:
    """An engine's message as a player reads it, and the rulings it cites: the moves it quotes as
    examples (``take a card ('take d1')``) and the ruling ids (``(SB-3)``, ``(rulebook, SB-3)``,
    ``SA-6: …``) taken out, in any language (notation and ids are never translated)."""
    rulings = list(dict.fromkeys(_RULING.findall(text)))
    if not rulings and "('" not in text:
        return text, []  # nothing to take out (most messages): no pattern need run
    said = _EXAMPLES.sub("", text)
    said = _ID_ALONE.sub("", said)
    said = _ID_LAST.sub("", said)
    said = _ID_OPENS.sub(_opened, said)
    said = _ID_ANY.sub("", said)
    said = _SPACE_BEFORE.sub(r"\1", re.sub(r" {2,}", " ", said))
    said = said.replace("()", "").strip()
    return said, rulings


def plain(text: str) -> str:
    """:func:`in_words` without the rulings: what a player reads where the rulings are told
    elsewhere (a prompt, a log entry, a lesson)."""
    return in_words(text)[0]
