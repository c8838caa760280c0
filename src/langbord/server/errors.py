"""What the tables refuse, by what went wrong.

The feature modules raise these; they know nothing of HTTP. The HTTP layer alone maps each kind
to a status code (``langbord.server.http.statuses``), so a change of protocol never touches the
rules of a table.
"""

from __future__ import annotations

from langbord.core.errors import LangbordError


class ServiceError(LangbordError):
    """A request the tables refuse: it is malformed or breaks a rule of the tables."""


class NotFound(ServiceError):
    """No such table, seat, analysis or tutorial."""


class Unauthorized(ServiceError):
    """The request names no seat, or a token that holds none."""


class Forbidden(ServiceError):
    """The seat exists but may not do this (another seat's turn, a spectator's request)."""


class Conflict(ServiceError):
    """The table is not in a state that allows this now (taken seat, game over, stale move)."""


class BotRefused(ServiceError):
    """A bot seat's spec is bad, or cannot promise a decision within the server's limit."""


class TooMany(ServiceError):
    """Too many requests of a kind from one seat; ``retry_after`` seconds until the next."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Unavailable(ServiceError):
    """The database cannot take a write now (busy, read-only, full): nothing was changed;
    ``retry_after`` seconds is a fair wait before trying again."""

    retry_after = 2


class Busy(Unavailable):
    """The server has as much of some work under way as it takes (analyses): nothing was
    changed; ``retry_after`` seconds is a fair wait."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
