"""What a route is given (FastAPI dependencies): the service, the hub, the tutorials and the
settings that ``create_app`` keeps in ``app.state``; the bearer token of the request; the rate
limit of each kind of request. And ``run``, which calls the service on the request threads
(it waits there for the database), never on the event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from fastapi.params import Depends as Dependency
from starlette.requests import HTTPConnection

from langbord.core.i18n import _, language
from langbord.server.config import ServerConfig
from langbord.server.errors import Unauthorized
from langbord.server.http.hub import Hub
from langbord.server.learn import Lessons
from langbord.server.service import Service

RateCheck = Callable[[Request], Awaitable[None]]
KINDS = ("create", "join", "move", "work")
"""The kinds of request with a rate per address (``guards.RateLimits``)."""


async def run(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` on the request threads."""
    return await asyncio.to_thread(function, *args)


async def the_service(connection: HTTPConnection) -> Service:
    service: Service = connection.app.state.service
    return service


async def the_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


async def the_lessons(connection: HTTPConnection) -> Lessons:
    lessons: Lessons = connection.app.state.lessons
    return lessons


async def the_config(connection: HTTPConnection) -> ServerConfig:
    config: ServerConfig = connection.app.state.config
    return config


async def the_games(connection: HTTPConnection) -> dict[str, Any]:
    """The games and seat kinds, as ``GET /api/games`` lists them in the language spoken
    (built once per language, by the app)."""
    games: dict[str, Any] = connection.app.state.games[language()]
    return games


ServiceDep = Annotated[Service, Depends(the_service)]
HubDep = Annotated[Hub, Depends(the_hub)]
LessonsDep = Annotated[Lessons, Depends(the_lessons)]
ConfigDep = Annotated[ServerConfig, Depends(the_config)]
GamesDep = Annotated[dict[str, Any], Depends(the_games)]


def limited(kind: str) -> Dependency:
    """The rate limit of ``kind`` (one of :data:`KINDS`) per address, as a route's dependency:
    429 with ``Retry-After`` once the address has made its most such requests."""

    async def check(request: Request) -> None:
        checks: dict[str, RateCheck] = request.app.state.rate_checks
        await checks[kind](request)

    dependency: Dependency = Depends(check)
    return dependency


def bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _space, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized(_("Authorization must be 'Bearer <token>'"))
    return token.strip()


async def seat_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The bearer token of the request, if any."""
    return bearer(authorization)


Token = Annotated[str | None, Depends(seat_token)]


def seated(service: Service, table_id: str, token: str | None, refusal: str) -> int:
    """The token's seat at the table (on the request threads); 401 without a token, told in
    the words of ``refusal`` (English marked with ``N_``: "chatting needs the seat's token …",
    translated here)."""
    if token is None:
        raise Unauthorized(_(refusal))
    seat = service.seat_of(table_id, token)
    assert seat is not None
    return seat
