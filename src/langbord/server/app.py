"""The HTTP and WebSocket API (FastAPI): ``create_app(url)``; ``langbord serve`` runs it.

Every error is a JSON ``{"detail": …}`` with a 4xx status: 400 an illegal action (the engine's
message), 401 a missing or unknown token, 403 a token of another table, 404 no such table, 409
a move that is not (or no longer) this seat's to make (or a table over or abandoned), 413 a body
over 64 KiB, 422 a body of the wrong shape or not strict JSON (``langbord.server.inputs``:
non-finite or huge numbers, text that is not valid Unicode or holds NUL, deep nesting; ``loc``
names the field); 503 (with ``Retry-After``) a database that cannot take the change now (busy,
read-only, full), nothing changed.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, MutableMapping
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Path, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import HTTPException, RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import OperationalError
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from langbord.core.errors import LangbordError
from langbord.server.config import ServerConfig
from langbord.server.db import write_failure
from langbord.server.inputs import Name, strict_json, validation_errors
from langbord.server.service import Service, ServiceError, Unauthorized, Unavailable

MAX_BODY = 64 * 1024
TOO_LARGE = f"request body over {MAX_BODY} bytes"
TableId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", max_length=32)]


# ---- request bodies -----------------------------------------------------------------------------


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    options: dict[
        Annotated[str, Field(max_length=32)], Annotated[str, Field(max_length=64)] | int | bool
    ] = Field(default_factory=dict, max_length=16)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(min_length=1, max_length=8)


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    seat: int | None = Field(default=None, ge=0, le=16)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(min_length=1, max_length=200)
    move: int = Field(ge=0, le=1_000_000)


class Created(BaseModel):
    id: str


class Joined(BaseModel):
    seat: int
    token: str


class Accepted(BaseModel):
    move: int


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


# ---- pushing views ------------------------------------------------------------------------------


class Hub:
    """WebSocket subscribers per table; ``changed(table_id)`` may be called from any thread."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.subscribers: dict[str, set[asyncio.Queue[None]]] = {}
        self._lock = threading.Lock()

    def subscribe(self, table_id: str) -> asyncio.Queue[None]:
        box: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
        with self._lock:
            self.subscribers.setdefault(table_id, set()).add(box)
        return box

    def unsubscribe(self, table_id: str, box: asyncio.Queue[None]) -> None:
        with self._lock:
            boxes = self.subscribers.get(table_id)
            if boxes is not None:
                boxes.discard(box)
                if not boxes:
                    del self.subscribers[table_id]

    def changed(self, table_id: str) -> None:
        with self._lock:
            boxes = list(self.subscribers.get(table_id, ()))
        if boxes and self.loop is not None:
            self.loop.call_soon_threadsafe(self._wake, boxes)

    @staticmethod
    def _wake(boxes: list[asyncio.Queue[None]]) -> None:
        for box in boxes:
            if box.empty():  # one pending wake-up is enough: the view is read fresh
                box.put_nowait(None)


# ---- limits -------------------------------------------------------------------------------------


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


# ---- the application ----------------------------------------------------------------------------


def bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("Authorization must be 'Bearer <token>'")
    return token.strip()


def seat_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The bearer token of the request, if any."""
    return bearer(authorization)


Token = Annotated[str | None, Depends(seat_token)]


def create_app(url: str, web: bool = True, config: ServerConfig | None = None) -> FastAPI:
    """The API over the database at ``url``, and (``web``) the browser table's pages, with the
    host's settings ``config`` (the defaults without)."""
    config = config or ServerConfig()
    hub = Hub()
    service = Service(url, on_change=hub.changed, config=config)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        service.start()
        yield
        service.stop()

    app = FastAPI(
        title="langbord",
        summary="Tables, seats, bots and a durable move log for four Nordic board games.",
        lifespan=lifespan,
    )
    app.router.route_class = StrictRoute  # before any route is declared
    app.state.config = config
    app.state.service = service
    app.state.hub = hub
    app.add_middleware(BodyLimit)

    @app.exception_handler(LangbordError)
    async def refused(_request: Request, exc: LangbordError) -> JSONResponse:
        status = exc.status if isinstance(exc, ServiceError) else 400
        return JSONResponse({"detail": str(exc)}, status_code=status)

    @app.exception_handler(Unavailable)
    async def unavailable(_request: Request, exc: Unavailable) -> JSONResponse:
        retry = {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"detail": str(exc)}, status_code=503, headers=retry)

    @app.exception_handler(OperationalError)
    async def database_down(_request: Request, exc: OperationalError) -> JSONResponse:
        detail = f"{write_failure(exc)}: try again"  # a read the database could not answer
        return JSONResponse({"detail": detail}, status_code=503, headers={"Retry-After": "2"})

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_errors(exc.errors())}, status_code=422)

    async def run(function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(function, *args)

    errors: dict[int | str, dict[str, Any]] = {
        400: {"description": "refused (the reason in detail)"},
        401: {"description": "no or unknown token"},
        403: {"description": "a token of another table"},
        404: {"description": "no such table"},
        409: {"description": "not this seat's move now"},
        413: {"description": "body too large"},
        503: {"description": "the database cannot take the change now (Retry-After)"},
    }

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        """Every game with its options, and the seat kinds (human or an agent spec)."""
        return {"games": service.catalogue(), "agents": service.agent_specs()}

    @app.post("/api/tables", status_code=201, responses=errors)
    async def create_table(body: NewTable) -> Created:
        """A new table; its bots start once every human seat is taken."""
        return Created(id=await run(service.create_table, body.game, body.options, body.seats))

    @app.get("/api/tables")
    async def lobby() -> dict[str, Any]:
        """Tables people sat down at, open (a seat to take) or being played (to watch); and
        ``finished``, the latest to end (over or abandoned), for their replays."""
        return {"tables": await run(service.lobby), "finished": await run(service.finished)}

    @app.post("/api/tables/{table_id}/join", responses=errors)
    async def join(table_id: TableId, body: Join) -> Joined:
        """Takes a free human seat; the token returned is the only key to it."""
        seat, token = await run(service.join, table_id, body.seat, body.name)
        return Joined(seat=seat, token=token)

    @app.get("/api/tables/{table_id}", responses=errors)
    async def look(table_id: TableId, token: Token) -> dict[str, Any]:
        """The table as the token's seat sees it (no token: as a spectator)."""
        seat = await run(service.seat_of, table_id, token)
        result: dict[str, Any] = await run(service.table_json, table_id, seat)
        return result

    @app.post("/api/tables/{table_id}/actions", responses=errors)
    async def act(table_id: TableId, body: Act, token: Token) -> Accepted:
        """The seat's action at move number ``move``; committed before the answer."""
        if token is None:
            raise Unauthorized("acting needs the seat's token (Authorization: Bearer …)")
        seat = await run(service.seat_of, table_id, token)
        assert seat is not None
        await run(service.act, table_id, seat, body.action, body.move)
        live = service.get_live(table_id)
        return Accepted(move=live.moves)

    @app.get("/api/tables/{table_id}/record", responses=errors)
    async def record(table_id: TableId) -> dict[str, Any]:
        """A finished game's record; while it is played, its public part."""
        result: dict[str, Any] = await run(service.record, table_id)
        return result

    @app.get("/api/tables/{table_id}/steps/{number}", responses=errors)
    async def step(
        table_id: TableId, number: Annotated[int, Path(ge=0, le=1_000_000)]
    ) -> dict[str, Any]:
        """A finished game's table after its first ``number`` moves, for the replay viewer."""
        result: dict[str, Any] = await run(service.step, table_id, number)
        return result

    @app.websocket("/api/tables/{table_id}/ws")
    async def watch(websocket: WebSocket, table_id: str) -> None:
        """Send the seat's token (or nothing, for a spectator) as the first message; the
        seat's table comes now and after every change, as GET /api/tables/{id} gives it, except
        that after the first message ``log`` holds only the entries from ``log_start`` on."""
        await websocket.accept()
        try:
            first = await asyncio.wait_for(websocket.receive_text(), timeout=30)
            token = first.strip() or None
            if token is not None and token.lower().startswith("bearer "):
                token = token[7:].strip()
            seat = await run(service.seat_of, table_id, token)
            await run(service.get_live, table_id)
        except (TimeoutError, WebSocketDisconnect):
            return
        except LangbordError as exc:
            await websocket.send_json({"error": str(exc)})
            await websocket.close(code=4000 + getattr(exc, "status", 400))
            return
        box = hub.subscribe(table_id)
        logged = 0
        try:
            closed = asyncio.ensure_future(_closed(websocket))
            while True:
                # The first message holds the whole log; later ones only the new entries.
                view = await run(service.table_json, table_id, seat, logged)
                logged = view["move"]
                await websocket.send_json(view)
                waiting = asyncio.ensure_future(box.get())
                done, _ = await asyncio.wait({waiting, closed}, return_when=asyncio.FIRST_COMPLETED)
                if closed in done:
                    waiting.cancel()
                    return
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            hub.unsubscribe(table_id, box)

    if web:
        from langbord.web import mount

        mount(app)
    return app


async def _closed(websocket: WebSocket) -> None:
    """Returns when the client goes away (anything it sends after the token is ignored)."""
    try:
        while True:
            await websocket.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        return


def serve(url: str, host: str, port: int, config: ServerConfig | None = None) -> None:
    """Runs the server until interrupted."""
    import uvicorn

    uvicorn.run(create_app(url, config=config), host=host, port=port, log_level="warning")
