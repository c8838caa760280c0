"""The HTTP status of each refusal: the tables raise errors that name what went wrong
(:mod:`langbord.server.errors`), and only here do they become status codes, with
``Retry-After`` where waiting helps. A route's possible refusals are documented by ``ERRORS``."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError

from langbord.core.errors import LangbordError
from langbord.core.i18n import _
from langbord.server.errors import (
    BotRefused,
    Busy,
    Conflict,
    Forbidden,
    NotFound,
    ServiceError,
    TooMany,
    Unauthorized,
    Unavailable,
)
from langbord.server.inputs import validation_errors
from langbord.server.store.schema import write_failure

STATUS: dict[type[LangbordError], int] = {
    ServiceError: 400,
    NotFound: 404,
    Unauthorized: 401,
    Forbidden: 403,
    Conflict: 409,
    BotRefused: 422,
    TooMany: 429,
    Unavailable: 503,
    Busy: 503,
}
"""The HTTP status of each kind of refusal; anything else the rules refuse is a 400."""


def status_of(exc: LangbordError) -> int:
    """The HTTP status of a refusal: that of its nearest kind in :data:`STATUS`."""
    for kind in type(exc).__mro__:
        if kind in STATUS:
            return STATUS[kind]
    return 400


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "refused (the reason in detail)"},
    401: {"description": "no or unknown token"},
    403: {"description": "a token of another table"},
    404: {"description": "no such table"},
    409: {"description": "not this seat's move now"},
    413: {"description": "body too large"},
    429: {
        "description": "too many such requests from this address (see Retry-After)",
        "headers": {"Retry-After": {"schema": {"type": "integer"}}},
    },
    503: {"description": "the database cannot take the change now (Retry-After)"},
}
"""The refusals a route may answer, for the OpenAPI document (``responses=ERRORS``)."""


async def refused(_request: Request, exc: LangbordError) -> JSONResponse:
    return JSONResponse({"detail": str(exc)}, status_code=status_of(exc))


async def unavailable(_request: Request, exc: Unavailable) -> JSONResponse:
    retry = {"Retry-After": str(exc.retry_after)}
    return JSONResponse({"detail": str(exc)}, status_code=503, headers=retry)


async def too_many(_request: Request, exc: TooMany) -> JSONResponse:
    retry = {"Retry-After": str(exc.retry_after)}
    return JSONResponse({"detail": str(exc)}, status_code=429, headers=retry)


async def database_down(_request: Request, exc: OperationalError) -> JSONResponse:
    # a read the database could not answer
    detail = _("{why}: try again").format(why=_(write_failure(exc)))
    return JSONResponse({"detail": detail}, status_code=503, headers={"Retry-After": "2"})


async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
    return JSONResponse({"detail": validation_errors(exc.errors())}, status_code=422)


def handle_refusals(app: FastAPI) -> None:
    """Answers every refusal of ``app`` as JSON ``{"detail": …}`` with its status."""
    app.exception_handler(LangbordError)(refused)
    app.exception_handler(Unavailable)(unavailable)
    app.exception_handler(TooMany)(too_many)
    app.exception_handler(OperationalError)(database_down)
    app.exception_handler(RequestValidationError)(invalid)
