"""``create_app(url)``: the API over a database, with the browser table's pages (see the
package's description of the routes and their refusals)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI

from langbord.core.i18n import LANGUAGES, speaking
from langbord.server.config import ServerConfig
from langbord.server.guards import HostCheck, RateLimits, SecurityHeaders
from langbord.server.http.deps import KINDS
from langbord.server.http.hub import Hub
from langbord.server.http.middleware import BodyLimit, Speaking, StrictRoute
from langbord.server.http.routes import (
    analysis,
    chat,
    games,
    hints,
    moves,
    replays,
    tables,
    tutorials,
    ws,
)
from langbord.server.http.statuses import handle_refusals
from langbord.server.learn import Lessons
from langbord.server.service import Service
from langbord.web import mount

REQUEST_THREADS = 32
ROUTERS = (games, tables, tutorials, moves, hints, chat, analysis, replays, ws)


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Starts the service (its bots, its sweeps) with the app and stops it after."""
    service: Service = app.state.service
    hub: Hub = app.state.hub
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


def create_app(url: str, web: bool = True, config: ServerConfig | None = None) -> FastAPI:
    """The API over the database at ``url``, and (``web``) the browser table's pages, with the
    host's settings ``config`` (the defaults without)."""
    config = config or ServerConfig()
    limits = RateLimits(config)  # a malformed rate is refused before the database is opened
    service = Service(url, config=config)
    hub = Hub(service.table_json, config.spectators)
    service.on_change = hub.changed
    service.bots.charge = limits.charge  # hints' and analyses' worker time, per client

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
    app.state.rate_checks = {kind: limits.dependency(kind) for kind in KINDS}
    app.state.lessons = Lessons()
    # The same for the server's whole life (the games installed, the bots' limit): built once
    # per language, not on the event loop at every page load (about 3 ms: every game loaded and
    # every seat kind's cost estimated).
    app.state.games = {spoken: _games_in(service, spoken) for spoken in LANGUAGES}
    app.add_middleware(BodyLimit)
    if config.allowed_hosts:
        app.add_middleware(HostCheck, allowed=config.allowed_hosts)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(Speaking)
    handle_refusals(app)
    for group in ROUTERS:
        # The routes themselves, not the router: an included router is resolved again at
        # every request (FastAPI 0.137 and later), a tenth of a move's CPU.
        app.router.routes.extend(group.router.routes)
    if web:
        mount(app)
    return app


def _games_in(service: Service, spoken: str) -> dict[str, Any]:
    """``GET /api/games`` in language ``spoken``."""
    with speaking(spoken):
        return {"games": service.catalogue(), "agents": service.agent_specs()}
