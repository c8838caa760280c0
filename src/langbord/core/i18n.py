"""The languages langbord speaks to players: English, Danish, German and French.

Every string a player reads is English in the source, marked where it is written, and looked up
in the catalog of the language being spoken when it is made:

    from langbord.core.i18n import _, N_

    _("take a display card")                       # a phrase
    _("{colour} must lay a card").format(colour=_(name))   # placeholders by name
    ngettext("{n} card", "{n} cards", n).format(n=n)        # plurals by the language's rules
    COLOURS = (N_("red"), N_("blue"))              # marked where written, translated at use: _(c)

The catalogs are gettext PO files, one per language and domain, under ``langbord/locale``:
``langbord.po`` for the engines, the server and the terminal, ``tutorials.po`` for the
tutorials' texts, ``page.po`` for the browser page (served to it as JSON, see
:func:`page_catalog`). ``tools/i18n.py`` extracts the marked strings
from the source, merges them into every catalog and checks that each is translated with the
same placeholders (CI runs ``python tools/i18n.py --check``).

The language spoken is a context variable: English unless a caller says otherwise with
:func:`speaking` (the server does per request, from ``?lang=`` or ``Accept-Language``; the
terminal from ``--lang`` or ``LANG``). Action notation and records never pass through here:
they are language-neutral, so a record replays in every language.
"""

from __future__ import annotations

import functools
import gettext
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

SOURCE = "en"
"""The language the source is written in."""

LANGUAGES: tuple[str, ...] = ("en", "da", "de", "fr")
"""Every language spoken, the source's first."""

NAMES: dict[str, str] = {"en": "English", "da": "Dansk", "de": "Deutsch", "fr": "Français"}
"""Each language's name in itself, for a picker."""

DOMAINS: tuple[str, ...] = ("langbord", "tutorials", "rules", "page")
"""The catalogs: ``langbord`` for Python, ``tutorials`` for the tutorials' texts (their TOML
files), ``page`` for the browser page."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_spoken: ContextVar[str] = ContextVar("langbord_language", default=SOURCE)


@dataclass(frozen=True)
class UnknownLanguage(ValueError):
    """A language langbord does not speak."""

    language: str

    def __str__(self) -> str:
        return f"unknown language {self.language!r}: langbord speaks {', '.join(LANGUAGES)}"


def catalog_path(language: str, domain: str = "langbord") -> Path:
    """Where ``language``'s catalog of ``domain`` is kept."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def translations(language: str, domain: str = "langbord") -> gettext.NullTranslations:
    """``language``'s catalog of ``domain``, read once: untranslated and fuzzy entries fall
    back to the English source. The source language, or a missing catalog, translates
    nothing."""
    path = catalog_path(language, domain)
    if language == SOURCE or not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=language, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def language() -> str:
    """The language being spoken."""
    return _spoken.get()


def known(tag: str) -> str:
    """``tag`` (``da``, ``de-AT``, ``FR``) as a language spoken; :class:`UnknownLanguage`
    otherwise."""
    base = tag.strip().replace("_", "-").split("-")[0].lower()
    if base not in LANGUAGES:
        raise UnknownLanguage(tag)
    return base


@contextmanager
def speaking(tag: str) -> Iterator[str]:
    """Speak ``tag`` (see :func:`known`) inside the block; yields the language."""
    token = _spoken.set(known(tag))
    try:
        yield _spoken.get()
    finally:
        _spoken.reset(token)


_TAG = re.compile(r"[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*")


def negotiate(accept_language: str | None, default: str = SOURCE) -> str:
    """The language spoken that an ``Accept-Language`` header prefers most (its q-values
    weigh, its order breaks ties); ``default`` where it names none of them. Malformed parts
    are passed over."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "")[:1000].split(",")):
        tag, *params = (piece.strip() for piece in part.split(";"))
        if not _TAG.fullmatch(tag):
            continue
        weight = 1.0
        for param in params:
            name, _eq, value = param.partition("=")
            if name.strip().lower() != "q":
                continue
            try:
                weight = float(value)
            except ValueError:
                weight = -1.0
        if not 0 < weight <= 1:
            continue
        try:
            ranked.append((-weight, order, known(tag)))
        except UnknownLanguage:
            continue
    return min(ranked)[2] if ranked else default


def _(message: str) -> str:
    """``message`` in the language being spoken."""
    if _spoken.get() == SOURCE:
        return message
    return translations(_spoken.get()).gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language being spoken, where ``context`` tells two of the same
    English apart (a card's "red" and a player's)."""
    if _spoken.get() == SOURCE:
        return message
    return translations(_spoken.get()).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language being spoken."""
    if _spoken.get() == SOURCE:
        return singular if n == 1 else plural
    return translations(_spoken.get()).ngettext(singular, plural, n)


def dgettext(domain: str, message: str) -> str:
    """``message`` of catalog ``domain`` (``tutorials``) in the language being spoken."""
    if _spoken.get() == SOURCE:
        return message
    return translations(_spoken.get(), domain).gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is written and returns it unchanged: it is
    translated where it is used, with ``_(value)``."""
    return message


def page_catalog(language: str) -> dict[str, object]:
    """``language``'s page catalog as the browser page reads it: ``{"language", "plural",
    "messages": {msgid: msgstr or [forms]}}``, translated entries only (the page falls back to
    its English source)."""
    language = known(language)
    path = catalog_path(language, "page")
    messages: dict[str, object] = {}
    if language != SOURCE and path.is_file():
        with path.open("rb") as po:
            catalog = read_po(po, locale=language, domain="page")
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, tuple):
                forms = [str(form) for form in message.string or ()]
                if all(forms):
                    messages[str(message.id[0])] = forms
            elif message.string:
                messages[str(message.id)] = str(message.string)
    return {"language": language, "messages": messages}


__all__ = [
    "DOMAINS",
    "LANGUAGES",
    "LOCALE_DIR",
    "NAMES",
    "N_",
    "SOURCE",
    "UnknownLanguage",
    "_",
    "catalog_path",
    "dgettext",
    "known",
    "language",
    "negotiate",
    "ngettext",
    "page_catalog",
    "pgettext",
    "speaking",
    "translations",
]
