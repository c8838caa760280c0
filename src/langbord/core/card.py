"""A game's card, declared as data: :class:`Card`, read from a TOML file of the game's package.

The card is what ``langbord rules --card`` prints and the docs show: players, options,
components, the notation of actions, the rulings implemented and what the engine decides where
the rules are silent. A game names its file in ``GameInfo.card`` (``"package:file"``) and its
tagline in ``GameInfo.tagline``; ``GameInfo.card_text`` puts the title line and the card
together. Nothing reads a docstring at run time, so every game works the same under
``python -OO``.

The file holds three strings: ``before`` (the text before the notation), ``notation`` (a
heading line, then indented examples with what each does and sub-headings such as "Skali:":
what the rules panel lists and "why not?" quotes) and ``after`` (the rest).
"""

from __future__ import annotations

import importlib.resources
import tomllib
from dataclasses import dataclass

from langbord.core.errors import LangbordError


@dataclass(frozen=True)
class Card:
    """A game's card: the text before its notation, the notation's lines and the text after."""

    before: str = ""
    notation: tuple[str, ...] = ()
    after: str = ""

    def text(self, head: str) -> str:
        """The whole card under the line ``head`` ("Skibe — build three viking ships, …"): a
        blank line between it, the text before the notation, the notation and the text after."""
        parts = (head, self.before, "\n".join(self.notation), self.after)
        return "\n\n".join(part for part in parts if part)


NO_CARD = Card()
"""The card of a game that declares none: its title line alone."""

_PARTS = ("before", "notation", "after")


def read_card(reference: str) -> Card:
    """The :class:`Card` in the TOML file ``reference`` (``"package:file"``);
    :class:`LangbordError` if it cannot be read or holds anything but the three strings."""
    package, _, resource = reference.partition(":")
    try:
        text = importlib.resources.files(package).joinpath(resource).read_text("utf-8")
        data = tomllib.loads(text)
    except (ImportError, OSError, ValueError) as exc:
        raise LangbordError(f"card {reference!r} cannot be read: {exc}") from exc
    unknown = sorted(set(data) - set(_PARTS))
    parts = {key: data.get(key, "") for key in _PARTS}
    if unknown or not all(isinstance(value, str) for value in parts.values()):
        raise LangbordError(
            f"card {reference!r} may hold only the strings {', '.join(_PARTS)}"
            + (f", not {', '.join(unknown)}" if unknown else "")
        )
    return Card(
        before=parts["before"].strip("\n"),
        notation=tuple(parts["notation"].strip("\n").splitlines()),
        after=parts["after"].strip("\n"),
    )


__all__ = ["NO_CARD", "Card", "read_card"]
