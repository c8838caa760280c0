"""The HTTP and WebSocket API (FastAPI): ``create_app(url)``; ``langbord serve`` runs it.

Every error is a JSON ``{"detail": …}`` with a 4xx status: 400 an illegal action (the engine's
message), 401 a missing or unknown token, 403 a token of another table, 404 no such table, 409
a move that is not (or no longer) this seat's to make (or a table over or abandoned), 413 a body
over 64 KiB, 422 a body of the wrong shape or not strict JSON (``langbord.server.inputs``:
non-finite or huge numbers, text that is not valid Unicode or holds NUL, deep nesting; ``loc``
names the field), 429 too many tables, joins or moves from one address, or chat messages from
one seat (``Retry-After`` says when to try again; see ``guards``); 503 (with ``Retry-After``) a
database that cannot take the change now (busy, read-only, full), or a server that runs its most
analyses at once, nothing changed.

Besides the tables: "why not?" (``POST /api/tables/{id}/why``, :mod:`langbord.server.why`), the
tutorials (``/api/tutorials``, :mod:`langbord.server.learn`) and finished games' analyses
(``/api/tables/{id}/analysis``, :mod:`langbord.server.analyses`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError

from langbord.core.errors import LangbordError
from langbord.server.config import ServerConfig
from langbord.server.db import write_failure
from langbord.server.errors import (
    TooMany,
    Unauthorized,
    Unavailable,
)
from langbord.server.guards import HostCheck, RateLimits, SecurityHeaders, client_of
from langbord.server.http.deps import Token
from langbord.server.http.hub import Hub, compact
from langbord.server.http.middleware import MAX_BODY, BodyLimit, StrictRoute
from langbord.server.http.schemas import (
    Accepted,
    Act,
    AnalysisAsk,
    AnalysisProgress,
    AnalysisSeen,
    Attempt,
    Chat,
    ChatMessage,
    Created,
    GameName,
    Hint,
    Join,
    Joined,
    NewTable,
    PartsOf,
    Rematch,
    Rules,
    StepNumber,
    TableId,
    TableSeen,
    Tried,
    TutorialId,
    TutorialListed,
    UndoAnswer,
    Undone,
    WhyNot,
)
from langbord.server.http.statuses import status_of
from langbord.server.inputs import validation_errors
from langbord.server.learn import Lessons
from langbord.server.service import HINT_LATE, HINT_WAIT, HintSearch, Service

__all__ = ["MAX_BODY", "create_app", "serve"]

REQUEST_THREADS = 32


async def _disconnected(request: Request) -> None:
    """Returns once the client has closed its connection (a request without a body, or
    whose body was read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def create_app(url: str, web: bool = True, config: ServerConfig | None = None) -> FastAPI:
    """The API over the database at ``url``, and (``web``) the browser table's pages, with the
    host's settings ``config`` (the defaults without)."""
    config = config or ServerConfig()
    limits = RateLimits(config)  # a malformed rate is refused before the database is opened
    service = Service(url, config=config)
    hub = Hub(service.table_json, config.spectators)
    service.on_change = hub.changed

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        # The request threads: a move waits there for the database (SQLite has one writer at a
        # time), so the loop's default of cores + 4 threads would leave looks queued behind it.
        hub.loop.set_default_executor(
            ThreadPoolExecutor(max_workers=REQUEST_THREADS, thread_name_prefix="langbord-request")
        )
        service.start()
        yield
        service.stop()
        hub.close()

    app = FastAPI(
        title="langbord",
        summary="Tables, seats, bots and a durable move log for four Nordic board games.",
        lifespan=lifespan,
    )
    app.router.route_class = StrictRoute  # before any route is declared
    app.state.config = config
    app.state.service = service
    app.state.hub = hub
    app.state.limits = limits
    service.bots.charge = limits.charge  # hints' and analyses' worker time, per client
    app.add_middleware(BodyLimit)
    if config.allowed_hosts:
        app.add_middleware(HostCheck, allowed=config.allowed_hosts)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(LangbordError)
    async def refused(_request: Request, exc: LangbordError) -> JSONResponse:
        status = status_of(exc)
        return JSONResponse({"detail": str(exc)}, status_code=status)

    @app.exception_handler(Unavailable)
    async def unavailable(_request: Request, exc: Unavailable) -> JSONResponse:
        retry = {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"detail": str(exc)}, status_code=503, headers=retry)

    @app.exception_handler(TooMany)
    async def too_many(_request: Request, exc: TooMany) -> JSONResponse:
        retry = {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"detail": str(exc)}, status_code=429, headers=retry)

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
        429: {
            "description": "too many such requests from this address (see Retry-After)",
            "headers": {"Retry-After": {"schema": {"type": "integer"}}},
        },
        503: {"description": "the database cannot take the change now (Retry-After)"},
    }

    # The same for the server's whole life (the games installed, the bots' limit): built once,
    # not on the event loop at every page load (about 3 ms: every game loaded and every seat
    # kind's cost estimated).
    games_listed = {"games": service.catalogue(), "agents": service.agent_specs()}

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        """Every game with its options and its bot levels (each with its spec, its calibrated
        strength and its think time a decision), and the seat kinds (human or an agent spec):
        a seat of a new table takes ``human``, a level's name or a spec."""
        return games_listed

    @app.post(
        "/api/tables",
        status_code=201,
        responses=errors,
        dependencies=[Depends(limits.dependency("create"))],
    )
    async def create_table(body: NewTable) -> Created:
        """A new table; its bots start once every human seat is taken. ``hints``: the seat to
        move may ask the best agent (default: when a bot is seated). ``hotseat``: one client
        plays every human seat; the answer holds their ``tokens`` (seats taken under
        ``names``, default "Player 1", …) and the game starts at once."""

        def create() -> tuple[str, dict[int, str] | None]:
            return service.create(
                body.game,
                body.options,
                body.seats,
                hints=body.hints,
                hotseat=body.hotseat,
                names=list(body.names) if body.names is not None else None,
            )

        table_id, tokens = await run(create)
        return Created(id=table_id, tokens=tokens)

    @app.get("/api/games/{game}/rules", responses={404: errors[404]})
    async def rules(game: GameName) -> Rules:
        """The game's rules panel: its card, the card's notation lines and its rulings."""
        return Rules(**service.rules(game))

    lessons = Lessons(service)

    @app.get("/api/tutorials")
    async def list_tutorials() -> list[TutorialListed]:
        """Every tutorial: its id, game, title, summary, players and number of steps."""
        return [TutorialListed(**t) for t in lessons.listed()]

    @app.get("/api/tutorials/{tutorial_id}/steps/{k}", responses={404: errors[404]})
    async def tutorial_step(tutorial_id: TutorialId, k: StepNumber) -> dict[str, Any]:
        """Step ``k`` (0-based) of the tutorial: its position as ``GET /api/tables/{id}`` gives
        a table to the learner's seat, and ``tutorial``: id, title, step, steps, step_title,
        text, rule (a ruling id or ""), rule_text, hint, highlight ([{kind?, args, label}]) and
        expect (the legal action the step asks for)."""
        result: dict[str, Any] = await run(lessons.step, tutorial_id, k)
        return result

    @app.post(
        "/api/tutorials/{tutorial_id}/steps/{k}/try",
        responses=errors,
        dependencies=[Depends(limits.dependency("move"))],
    )
    async def tutorial_try(tutorial_id: TutorialId, k: StepNumber, body: Attempt) -> Tried:
        """A move tried at step ``k``: ``ok`` with the step's effect and ``next``, the table
        after it; or not, with a reason that teaches. Nothing is kept."""
        args = dict(body.args) if body.args is not None else None
        return Tried(**await run(lessons.attempt, tutorial_id, k, body.action, body.kind, args))

    @app.post(
        "/api/tutorials/{tutorial_id}/steps/{k}/why",
        responses=errors,
        dependencies=[Depends(limits.dependency("move"))],
    )
    async def tutorial_why(tutorial_id: TutorialId, k: StepNumber, body: PartsOf) -> WhyNot:
        """ "Why not?" at step ``k``, for the learner's seat: the same answer as at a table."""
        return WhyNot(**await run(lessons.why, tutorial_id, k, body.kind, dict(body.args)))

    @app.get("/api/tables")
    async def lobby() -> dict[str, Any]:
        """Tables people sat down at, open (a seat to take) or being played (to watch); and
        ``finished``, the latest to end (over or abandoned), for their replays."""
        return {"tables": await run(service.lobby), "finished": await run(service.finished)}

    @app.post(
        "/api/tables/{table_id}/join",
        responses=errors,
        dependencies=[Depends(limits.dependency("join"))],
    )
    async def join(table_id: TableId, body: Join, token: Token) -> Joined:
        """Takes a free human seat; the token returned is the only key to it. At a rematch,
        ``rematch_of`` names the last game, and the seat's token there (Authorization) claims
        the same seat here."""
        claim = (body.rematch_of, token) if body.rematch_of is not None else None
        seat, new = await run(service.join, table_id, body.seat, body.name, claim)
        return Joined(seat=seat, token=new)

    @app.get("/api/tables/{table_id}", responses={**errors, 200: {"model": TableSeen}})
    async def look(table_id: TableId, token: Token) -> dict[str, Any]:
        """The table as the token's seat sees it (no token: as a spectator)."""
        seat = await run(service.seat_of, table_id, token)
        result: dict[str, Any] = await run(service.table_json, table_id, seat)
        return result

    @app.post(
        "/api/tables/{table_id}/actions",
        responses=errors,
        dependencies=[Depends(limits.dependency("move"))],
    )
    async def act(table_id: TableId, body: Act, token: Token) -> Accepted:
        """The seat's action at move number ``move``; committed before the answer."""
        if token is None:
            raise Unauthorized("acting needs the seat's token (Authorization: Bearer …)")
        return Accepted(move=await run(act_as, table_id, token, body.action, body.move))

    def act_as(table_id: str, token: str, action: str | int, move: int) -> int:
        """The token's seat acts (one trip to the request threads for the whole move)."""
        seat = service.seat_of(table_id, token)
        assert seat is not None
        return service.act(table_id, seat, action, move)

    def seated(table_id: str, token: str | None, what: str) -> int:
        if token is None:
            raise Unauthorized(f"{what} needs the seat's token (Authorization: Bearer …)")
        seat = service.seat_of(table_id, token)
        assert seat is not None
        return seat

    @app.post(
        "/api/tables/{table_id}/undo",
        responses=errors,
        dependencies=[Depends(limits.dependency("move"))],
    )
    async def undo(table_id: TableId, token: Token) -> Undone:
        """Takes back your own last decisions (to just after the last chance outcome or
        another seat's move): at once when every other seat is a bot or the table is hotseat,
        else as a request the other humans answer (``undone`` is then 0)."""

        def undo_as() -> dict[str, Any]:
            return service.undo(table_id, seated(table_id, token, "undoing"))

        return Undone(**await run(undo_as))

    @app.post(
        "/api/tables/{table_id}/undo/answer",
        responses=errors,
        dependencies=[Depends(limits.dependency("move"))],
    )
    async def answer_undo(table_id: TableId, body: UndoAnswer, token: Token) -> Undone:
        """Your answer to another player's undo request: a refusal cancels it; the last
        acceptance carries it out."""

        def answer_as() -> dict[str, Any]:
            seat = seated(table_id, token, "answering an undo")
            return service.answer_undo(table_id, seat, body.accept)

        return Undone(**await run(answer_as))

    @app.get(
        "/api/tables/{table_id}/hint",
        responses=errors,
        dependencies=[Depends(limits.dependency("move")), Depends(limits.dependency("work"))],
    )
    async def hint(request: Request, table_id: TableId, token: Token) -> Hint:
        """The game's best agent's choice for your decision, from what your seat knows, with
        its estimated chance of winning (403 where hints are off, 409 if not your turn). The
        search takes its turn with other clients' hints and analyses, and its time counts
        against your address's share of the bots (429 once it is spent); a request that is
        closed before the answer drops the search."""
        client = client_of(request)

        def search_for() -> HintSearch:
            return service.hint_search(table_id, seated(table_id, token, "a hint"), client)

        search: HintSearch = await run(search_for)
        answered: asyncio.Future[Any] = asyncio.wrap_future(search.future)
        gone: asyncio.Future[Any] = asyncio.ensure_future(_disconnected(request))
        try:
            await asyncio.wait({answered, gone}, timeout=HINT_WAIT, return_when="FIRST_COMPLETED")
        except BaseException:  # cancelled: the server is stopping
            service.hint_abandon(search)
            raise
        finally:
            gone.cancel()
            if answered.done() and not answered.cancelled():
                answered.exception()  # read here, from the search's own future below
        if not search.future.done():  # late, or its asker left: nobody waits for it any more
            service.hint_abandon(search)
            raise Unavailable(HINT_LATE)
        return Hint(**service.hint_answer(search))

    @app.post(
        "/api/tables/{table_id}/why",
        responses=errors,
        dependencies=[Depends(limits.dependency("move"))],
    )
    async def why(table_id: TableId, body: PartsOf, token: Token) -> WhyNot:
        """Whether the action of these parts may be played now and, if not, the engine's
        reason, with the notation line of its kind; asked with a seat's token or none (a
        spectator, told nothing a hidden hand decides). Changes nothing."""

        def why_for() -> dict[str, Any]:
            seat = service.seat_of(table_id, token)
            return service.why(table_id, seat, body.kind, dict(body.args))

        return WhyNot(**await run(why_for))

    @app.post(
        "/api/tables/{table_id}/chat",
        status_code=201,
        responses=errors,
        dependencies=[Depends(limits.dependency("move"))],
    )
    async def chat(table_id: TableId, body: Chat, token: Token) -> ChatMessage:
        """A message to the table from your seat (1-300 characters, no control characters;
        at most 5 in 10 s a seat), shown to everyone at it as text."""

        def chat_as() -> dict[str, Any]:
            return service.chat(table_id, seated(table_id, token, "chatting"), body.text)

        return ChatMessage(**await run(chat_as))

    @app.post(
        "/api/tables/{table_id}/rematch",
        responses=errors,
        dependencies=[Depends(limits.dependency("create"))],
    )
    async def rematch(table_id: TableId, token: Token) -> Rematch:
        """A new table with the same game, options and seats as this finished one (asked
        again: the same one); each player claims their seat there with their token here."""

        def rematch_as() -> str:
            return service.rematch(table_id, seated(table_id, token, "a rematch"))

        return Rematch(id=await run(rematch_as))

    @app.post(
        "/api/tables/{table_id}/analysis",
        status_code=202,
        responses=errors,
        dependencies=[Depends(limits.dependency("create")), Depends(limits.dependency("work"))],
    )
    async def analyse(
        request: Request, table_id: TableId, body: AnalysisAsk | None = None
    ) -> AnalysisProgress:
        """Queues the analysis of a finished game (409 before its end), each decision judged by
        the game's best agent in the bot workers, ``seconds`` each (0.05 to 2), in turn with
        other clients' analyses and hints, its time counted against your address's share of
        the bots; asked again while it is queued, running or done: the same one (a failed one
        starts over). 429 with ``Retry-After`` when your address has its most analyses under
        way or has spent its share; 503 when the server runs its most at once."""
        seconds = body.seconds if body is not None else None
        client = client_of(request)
        started = await run(service.analyses.start, table_id, seconds, client)
        return AnalysisProgress(**started)

    @app.get("/api/tables/{table_id}/analysis", responses=errors)
    async def analysis(table_id: TableId) -> AnalysisSeen:
        """The table's analysis and its progress (status ``none`` if never asked for); poll it
        while it runs."""
        return AnalysisSeen(**await run(service.analyses.look, table_id))

    @app.get("/api/tables/{table_id}/record", responses=errors)
    async def record(table_id: TableId) -> dict[str, Any]:
        """A finished game's record; while it is played, its public part."""
        result: dict[str, Any] = await run(service.record, table_id)
        return result

    @app.get("/api/tables/{table_id}/steps/{number}", responses=errors)
    async def step(
        table_id: TableId, number: Annotated[int, Path(ge=0, le=1_000_000)], token: Token
    ) -> dict[str, Any]:
        """The table after its first ``number`` moves: a finished game's whole table (the
        replay viewer); while it is played, as the token's seat saw it then (no token: as a
        spectator), so the page can show the moves since a seat's last decision one by one."""
        seat = await run(service.seat_of, table_id, token)
        result: dict[str, Any] = await run(service.step, table_id, number, seat)
        return result

    @app.websocket("/api/tables/{table_id}/ws")
    async def watch(websocket: WebSocket, table_id: str) -> None:
        """Send the seat's token (or an empty message, for a spectator) as the first, text,
        message; the seat's table comes now and after every change, as GET /api/tables/{id}
        gives it, except that after the first message ``log`` holds only the entries from
        ``log_start`` on. The server closes the socket with code 1008 if no first message comes
        within ``ws_token_seconds``, 1003 if it is binary, 1013 if the table has its most
        spectators already, and 4000 + the HTTP status (4401, 4403, 4404) if the token or the
        table is refused (an ``{"error": …}`` message says why)."""
        await websocket.accept()
        seconds = config.ws_token_seconds
        try:
            first = await asyncio.wait_for(websocket.receive(), timeout=seconds)
        except TimeoutError:
            await websocket.close(code=1008, reason=f"no token within {seconds:g} s")
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        if first["type"] != "websocket.receive":
            return  # gone before a word
        if first.get("text") is None:
            await websocket.close(code=1003, reason="send the seat's token (or nothing) as text")
            return
        token = first["text"].strip() or None
        if token is not None and token.lower().startswith("bearer "):
            token = token[7:].strip()
        try:
            seat = await run(service.seat_of, table_id, token)
            await run(service.get_live, table_id)
        except LangbordError as exc:
            await websocket.send_json({"error": str(exc)})
            await websocket.close(code=4000 + status_of(exc))
            return
        subscriber = hub.subscribe(table_id, seat)
        if subscriber is None:
            await websocket.close(
                code=1013, reason=f"this table has {config.spectators} spectators already"
            )
            return
        closed = asyncio.ensure_future(_closed(websocket))
        try:
            # The first message holds the whole log; later ones only the new entries.
            view: dict[str, Any] | None = await hub.compute(table_id, seat, 0)
            while True:
                if view is None:
                    pushed = hub.latest.get((table_id, seat))
                    if pushed is not None and pushed.view["undone"] != subscriber.undone:
                        subscriber.logged = 0  # an undo shortened the log: send it whole again
                    text = pushed.text_for(subscriber.logged) if pushed is not None else None
                    if pushed is None or text is None:  # it fell behind the shared view
                        view = await hub.compute(table_id, seat, subscriber.logged)
                        continue
                    sent = pushed.view
                else:
                    if view["undone"] != subscriber.undone and view["log_start"] > 0:
                        view = await hub.compute(table_id, seat, 0)  # the whole log again
                        continue
                    text, sent = compact(view), view
                await websocket.send_text(text)
                subscriber.logged, subscriber.undone, view = sent["move"], sent["undone"], None
                waiting = asyncio.ensure_future(subscriber.woken.wait())
                done, _ = await asyncio.wait({waiting, closed}, return_when=asyncio.FIRST_COMPLETED)
                if closed in done:
                    waiting.cancel()
                    return
                subscriber.woken.clear()
        except (WebSocketDisconnect, RuntimeError, LangbordError):
            return
        finally:
            closed.cancel()
            hub.unsubscribe(table_id, subscriber)

    if web:
        from langbord.web import mount

        mount(app)
    return app


async def _closed(websocket: WebSocket) -> None:
    """Returns when the client goes away (anything it sends after the token is ignored)."""
    try:
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass
    except (WebSocketDisconnect, RuntimeError):
        return


def serve(url: str, host: str, port: int, config: ServerConfig | None = None) -> None:
    """Runs the server until interrupted, with ``config``'s limits on connections (see
    ``langbord.server.serving``)."""
    from langbord.server.serving import serve as serving

    serving(url, host, port, config)
