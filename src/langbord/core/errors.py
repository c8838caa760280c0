"""The error types of langbord. Every one is a ``ValueError``, so callers can catch them broadly.

- :class:`UnknownGameError` — ``load("chess")``: the message lists the registered games.
- :class:`OptionError` — an unknown option or a bad value: the message lists what is allowed.
- :class:`InvalidActionError` — text or a number that is not an action of the game at all.
- :class:`IllegalActionError` — a real action that the rules forbid now; the message says why,
  citing the ruling id (``SB-3``) where one applies.
- :class:`RecordError` — a record that cannot be read or does not replay; ``step`` names the
  1-based step at which replay failed, when it got that far.
"""

from __future__ import annotations


class LangbordError(ValueError):
    """Base of every error langbord raises on bad input."""


class UnknownGameError(LangbordError):
    """The game name is not registered."""


class OptionError(LangbordError):
    """An option name is unknown or its value is not allowed."""


class InvalidActionError(LangbordError):
    """The text or number does not denote any action of this game."""


class IllegalActionError(LangbordError):
    """The action exists but the rules do not allow it in this state."""


class RecordError(LangbordError):
    """A game record is malformed or does not replay."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step


for _error in (
    LangbordError,
    UnknownGameError,
    OptionError,
    InvalidActionError,
    IllegalActionError,
    RecordError,
):
    _error.__module__ = "langbord"  # shown as langbord.IllegalActionError, where users import it
