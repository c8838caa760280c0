"""What stands between a client and the routes: the body's size (``BodyLimit``, 413 over
``MAX_BODY`` bytes, declared or streamed) and its JSON (``StrictRoute``: strict JSON, a refusal
is a 422 naming the field). The host check and the security headers are in
:mod:`langbord.server.guards`."""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine, MutableMapping
from typing import Any

from fastapi import Request
from fastapi.exceptions import HTTPException
from fastapi.routing import APIRoute
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

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
