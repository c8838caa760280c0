"""What the server accepts from outside, checked once at the edge.

- :func:`strict_json` reads every JSON body. Bodies must be I-JSON (RFC 7493): UTF-8, no lone
  surrogates or noncharacters in any string or member name, no ``NaN``/``Infinity`` and no
  number beyond a double's range (``1e999``), no integer beyond ±2^53, no member given twice;
  on top of that no NUL in any string (PostgreSQL cannot store one) and no nesting deeper than
  :data:`MAX_DEPTH`. A refusal is :class:`BadBody`, a 422 that names where the body is wrong.
- :data:`Name` is the type of a name shown to other players: printable text only.
- :func:`validation_errors` renders any validation error as JSON that always encodes: it never
  echoes a value that cannot be sent (a non-finite number, a lone surrogate, a huge integer).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Annotated, Any

from fastapi import HTTPException
from fastapi.encoders import jsonable_encoder
from pydantic import AfterValidator, Field

from langbord.core.i18n import _, ngettext

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a body may have (the API's own need two)."""
MAX_INTEGER = 2**53
"""I-JSON: integers of magnitude 2^53 or more do not survive every JSON reader exactly."""
MAX_ERRORS = 16
"""At most this many problems are listed for one body."""

Loc = tuple[str | int, ...]

# Lone surrogates, NUL, and the 66 noncharacters (U+FDD0..U+FDEF and the last two code points of
# every plane), which I-JSON forbids.
_BAD_TEXT = re.compile(
    "[\x00\ud800-\udfff\ufdd0-\ufdef"
    + "".join(
        f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17)
    )
    + "]"
)


class BadBody(HTTPException):
    """A body that is not strict JSON: 422, with one error per problem in FastAPI's shape
    (``{"detail": [{"type", "loc", "msg"}]}``), each ``loc`` naming the field."""

    def __init__(self, problems: list[tuple[Loc, str, str]]) -> None:
        detail: list[dict[str, Any]] = [
            {"type": kind, "loc": ["body", *_place(loc)], "msg": message}
            for loc, kind, message in problems[:MAX_ERRORS]
        ]
        super().__init__(status_code=422, detail=detail)
        self.errors = detail


class _Refused:
    """A value the decoder refuses, left in its place so that the walk can name its field."""

    __slots__ = ("kind", "message")

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind
        self.message = message


def strict_json(body: bytes) -> Any:
    """``body`` decoded as strict JSON (see the module); raise :class:`BadBody`.

    ``json.JSONDecodeError`` (not JSON at all) is left to FastAPI, which answers 422 with the
    position of the error."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        why = _("the body is not UTF-8 (byte {byte}: {reason})").format(
            byte=exc.start, reason=exc.reason
        )
        raise BadBody([((), "json_invalid", why)]) from None
    try:
        value = json.loads(
            text,
            parse_constant=_constant,
            parse_float=_float,
            parse_int=_int,
            object_pairs_hook=_object,
        )
    except RecursionError:
        raise BadBody([((), "json_invalid", _too_deep())]) from None
    problems = _problems(value)
    if problems:
        raise BadBody(problems)
    return value


def _constant(name: str) -> _Refused:
    return _Refused(
        "finite_number", _("{number} is not allowed: numbers must be finite").format(number=name)
    )


def _float(text: str) -> float | _Refused:
    number = float(text)
    if math.isfinite(number):
        return number
    return _Refused(
        "finite_number",
        _("{number} is not allowed: numbers must be finite").format(number=_abridged(text)),
    )


def _int(text: str) -> int | _Refused:
    digits = len(text.lstrip("-"))
    if digits <= 15:  # always within 2^53
        return int(text)
    if digits <= 20 and abs(number := int(text)) < MAX_INTEGER:
        return number
    return _Refused(
        "int_too_large",
        ngettext(
            "{number} ({digits} digit) is not allowed: integers must be within ±2^53",
            "{number} ({digits} digits) is not allowed: integers must be within ±2^53",
            digits,
        ).format(number=_abridged(text), digits=digits),
    )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Refused:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            return _Refused(
                "json_invalid", _("the member '{name}' is given twice").format(name=shown(key))
            )
        found[key] = value
    return found


def _too_deep() -> str:
    return ngettext(
        "the body is nested deeper than {depth} level",
        "the body is nested deeper than {depth} levels",
        MAX_DEPTH,
    ).format(depth=MAX_DEPTH)


def _problems(value: Any) -> list[tuple[Loc, str, str]]:
    """Every refused value, bad string and too deep a nesting in ``value``, with its place."""
    problems: list[tuple[Loc, str, str]] = []
    stack: list[tuple[Loc, Any]] = [((), value)]
    while stack and len(problems) < MAX_ERRORS:
        loc, item = stack.pop()
        if isinstance(item, str):
            if (why := text_problem(item)) is not None:
                problems.append((loc, *why))
        elif isinstance(item, _Refused):
            problems.append((loc, item.kind, item.message))
        elif isinstance(item, (dict, list)):
            if len(loc) >= MAX_DEPTH:
                problems.append((loc, "json_invalid", _too_deep()))
                continue
            if isinstance(item, dict):
                for key, inner in reversed(item.items()):
                    if (why := text_problem(key)) is not None:
                        problems.append(((*loc, key), *why))
                    else:
                        stack.append(((*loc, key), inner))
            else:
                stack.extend(((*loc, i), inner) for i, inner in reversed(list(enumerate(item))))
    return problems


def text_problem(text: str) -> tuple[str, str] | None:
    """(error type, message) if ``text`` is not valid Unicode or holds a NUL, else None."""
    found = _BAD_TEXT.search(text)
    if found is None:
        return None
    char = found.group()
    at = found.start()
    if char == "\x00":
        return "string_nul", _(
            "a NUL character (\\u0000) at character {at}: text may not hold NUL"
        ).format(at=at)
    if "\ud800" <= char <= "\udfff":
        return "string_unicode", _(
            "a lone surrogate {char} at character {at}: text must be valid Unicode"
        ).format(char=_escape(char), at=at)
    return "string_unicode", _(
        "the noncharacter {char} at character {at}: text must be valid Unicode"
    ).format(char=_escape(char), at=at)


# ---- names --------------------------------------------------------------------------------------

# Text-direction controls: shown to others, they reorder what follows (names that spoof others).
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def printable_name(name: str) -> str:
    """``name`` if every character in it can be shown to other players as it is: no control
    characters (C0, DEL, C1), no line or paragraph separators, no text-direction controls.
    Every letter, mark, symbol and emoji of Unicode is welcome (zero-width joiners too)."""
    for at, char in enumerate(name):
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp", "Cs") or char in _BIDI_CONTROLS:
            raise ValueError(
                _("the character {char} at character {at} cannot be shown in a name").format(
                    char=_escape(char), at=at
                )
            )
    return name


Name = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(printable_name)]
"""A player's name, shown to the others at the table."""


# ---- answers ------------------------------------------------------------------------------------


def validation_errors(errors: Any) -> list[dict[str, Any]]:
    """FastAPI's validation ``errors`` as JSON that always encodes (strict: UTF-8, finite)."""
    rendered: list[dict[str, Any]] = []
    for error in list(errors)[:MAX_ERRORS]:
        entry: dict[str, Any] = {
            "type": shown(error.get("type", "value_error")),
            "loc": _place(error.get("loc", ())),
            "msg": shown(error.get("msg", "")),
        }
        if isinstance(error.get("input"), bytes):  # a body FastAPI did not read as JSON
            entry["msg"] = _("the body must be JSON, sent as Content-Type: application/json")
        elif "input" in error and (echo := _echo(error["input"])) is not None:
            entry["input"] = echo
        context = error.get("ctx")
        if isinstance(context, dict):
            entry["ctx"] = {shown(key): _context(value) for key, value in context.items()}
        rendered.append(entry)
    return rendered


def _context(value: Any) -> Any:
    if isinstance(value, (int, float, str)) and (echo := _echo(value)) is not None:
        return echo
    return shown(value)  # an exception (a validator's ValueError), or what would not encode


def _echo(value: Any) -> Any:
    """``value`` as JSON if it encodes as strict JSON in few enough bytes, else None."""
    try:
        plain = jsonable_encoder(value)
        text = json.dumps(plain, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except (ValueError, TypeError, RecursionError):  # NaN, a surrogate, a huge int, a cycle
        return None
    return plain if len(text) <= 1024 else None


def _place(loc: Any) -> list[str | int]:
    """A ``loc`` that encodes: indexes as they are, member names as :func:`shown` text."""
    return [part if type(part) is int else shown(part) for part in loc]


def shown(value: Any) -> str:
    """``value`` as text that encodes as UTF-8: a lone surrogate is written as its escape."""
    text = value if isinstance(value, str) else str(value)
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _escape(char: str) -> str:
    point = ord(char)
    return f"\\u{point:04x}" if point <= 0xFFFF else f"\\U{point:08x}"


def _abridged(text: str) -> str:
    return text if len(text) <= 24 else f"{text[:20]}…"
