"""Words for a prompt: the choices the seat to move has, each with examples that are legal now.

A prompt names what a seat must decide and quotes a few of its legal moves as examples, so a
player never reads a move that would be refused. An engine lists its choices as ``(phrase,
examples)`` pairs, the examples being the strings of the legal actions of that choice (an empty
list: the choice is not open now, and is left out); :func:`offer` words them::

    >>> offer([("take a display card", ["take d2"]), ("draw", ["draw"]), ("lay a stern", [])])
    "take a display card ('take d2') or draw ('draw')"
    >>> offer([("discard down to 5 cards", ["discard Trold", "discard Nisse"])])
    "discard down to 5 cards ('discard Trold' or 'discard Nisse')"

``examples=None`` words a choice without quoting anything: for a seat that may not see the mover's
legal moves (they would show a hidden hand).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from langbord.core.i18n import _

MAX_EXAMPLES = 3
"""A prompt quotes at most this many moves."""

_QUOTED = re.compile(r"(?<!\w)'([^']+)'(?!\w)")

Choice = tuple[str, Sequence[str] | None]
"""A phrase and the strings of its legal actions (``None``: shown, nothing quoted)."""


def join_or(parts: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: the "or" in the language being spoken."""
    if len(parts) <= 1:
        return "".join(parts)
    return _("{items} or {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def quote(examples: Sequence[str]) -> str:
    """The examples quoted as action strings: ``'a', 'b' or 'c'``."""
    return join_or([f"'{text}'" for text in examples])


def pick(groups: Sequence[Sequence[str]], limit: int = MAX_EXAMPLES) -> list[str]:
    """Up to ``limit`` examples, one from each group in turn (the first of each group, then the
    second, ...), so that every kind of move open is shown before a second of one kind::

        >>> pick([["food 1", "food 2", "food 3"], [], ["no food"]])
        ['food 1', 'no food', 'food 2']
    """
    chosen: list[str] = []
    depth = 0
    while len(chosen) < limit and any(len(group) > depth for group in groups):
        chosen.extend(group[depth] for group in groups if len(group) > depth)
        depth += 1
    return chosen[:limit]


def offer(choices: Sequence[Choice], limit: int = MAX_EXAMPLES) -> str:
    """The open choices joined with "or", each with its first example quoted while fewer than
    ``limit`` are quoted; a lone choice quotes up to ``limit`` of its examples."""
    open_ = [(phrase, ex) for phrase, ex in choices if ex is None or ex]
    if len(open_) == 1:
        phrase, only = open_[0]
        if only is not None:
            return f"{phrase} ({quote(only[:limit])})"
    parts: list[str] = []
    left = limit
    for phrase, examples in open_:
        if examples is not None and left > 0:
            parts.append(f"{phrase} ({quote(examples[:1])})")
            left -= 1
        else:
            parts.append(phrase)
    return join_or(parts)


def quoted(text: str) -> list[str]:
    """Every ``'…'`` quoted in ``text`` (what the conformance suite checks is legal); an
    apostrophe inside a word (``Vogter's``) opens no quote."""
    return _QUOTED.findall(text)


__all__ = ["MAX_EXAMPLES", "Choice", "join_or", "offer", "pick", "quote", "quoted"]
