"""What stands between a client and the routes: the body's size (``BodyLimit``, 413 over
``MAX_BODY`` bytes, declared or streamed), its JSON (``StrictRoute``: strict JSON, a refusal
is a 422 naming the field) and its language (``Speaking``: ``?lang=`` or
``Accept-Language``). The host check and the security headers are in
:mod:`langbord.server.guards`."""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine, MutableMapping
from typing import Any
from urllib.parse import parse_qs

from fastapi import Request
from fastapi.exceptions import HTTPException
from fastapi.routing import APIRoute
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from langbord.core.i18n import UnknownLanguage, known, negotiate, speaking
from langbord.server.inputs import strict_json

MAX_BODY = 64 * 1024
TOO_LARGE = f"request body over {MAX_BODY} bytes"


# ---- reading bodies -----------------------------------------------------------------------------


class StrictRequest(Request):
    """A request whose JSON body is read by :func:`~langbord.server.inputs.strict_json`."""

    async def json(self) -> Any:
        if not hasattr(self, "_strict_json"):
            self._strict_json = strict_json(await self.body())
        return self._strict_json


class StrictRoute(APIRoute):
    """Every route of the app reads its body as strict JSON (a refusal is a 422 naming the
    field), so no endpoint, however new, sees NaN, a lone surrogate or a NUL."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictRequest(request.scope, request.receive))

        return strict


class BodyLimit:
    """Refuses request bodies over ``MAX_BODY`` bytes (declared or streamed) with 413."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await _too_large(send)
            return
        seen = 0

        async def limited() -> MutableMapping[str, Any]:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send)


class _TooLarge(HTTPException):
    """Raised while the body is read: FastAPI passes an HTTPException on as it is (any other
    error there becomes a 400), so the client gets this 413."""

    def __init__(self) -> None:
        super().__init__(413, TOO_LARGE)


async def _too_large(send: Send) -> None:
    body = json.dumps({"detail": TOO_LARGE}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


# ---- the language ------------------------------------------------------------------------------


class Speaking:
    """Every request is answered in its language: ``?lang=`` where it names one (an unknown
    one is refused: 400 over HTTP, close code 1008 on a WebSocket), else the one its
    ``Accept-Language`` prefers among those langbord speaks, else English. HTTP answers say
    which (``Content-Language``) and that it depends on the header (``Vary``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        asked = query.get("lang", [None])[-1]
        try:
            if asked is not None:
                spoken = known(asked)
            else:
                headers = dict(scope.get("headers") or [])
                spoken = negotiate(headers.get(b"accept-language", b"").decode("latin-1"))
        except UnknownLanguage as exc:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": str(exc)[:120]})
                return
            body = json.dumps({"detail": str(exc)}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 400,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return

        async def said(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = [
                    *message.get("headers", []),
                    (b"content-language", spoken.encode()),
                    (b"vary", b"Accept-Language"),
                ]
            await send(message)

        with speaking(spoken):
            await self.app(scope, receive, said)
