"""A seat's help with its decision: a hint (the best agent's choice, searched in the bot
workers) and "why not?" (:mod:`langbord.server.why`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from langbord.core.i18n import N_, _
from langbord.server.errors import Unavailable
from langbord.server.features.hints import HINT_LATE, HINT_WAIT, HintSearch
from langbord.server.guards import client_of
from langbord.server.http.deps import ServiceDep, Token, limited, run, seated
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import Hint, PartsOf, TableId, WhyNot
from langbord.server.http.statuses import ERRORS

router = APIRouter(route_class=StrictRoute)

HINT = N_("a hint needs the seat's token (Authorization: Bearer …)")


@router.get(
    "/api/tables/{table_id}/hint",
    responses=ERRORS,
    dependencies=[limited("move"), limited("work")],
)
async def hint(request: Request, table_id: TableId, token: Token, service: ServiceDep) -> Hint:
    """The game's best agent's choice for your decision, from what your seat knows, with
    its estimated chance of winning (403 where hints are off, 409 if not your turn). The
    search takes its turn with other clients' hints and analyses, and its time counts
    against your address's share of the bots (429 once it is spent); a request that is
    closed before the answer drops the search."""
    client = client_of(request)

    def search_for() -> HintSearch:
        return service.hint_search(table_id, seated(service, table_id, token, HINT), client)

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
        raise Unavailable(_(HINT_LATE))
    return Hint(**service.hint_answer(search))


async def _disconnected(request: Request) -> None:
    """Returns once the client has closed its connection (a request without a body, or
    whose body was read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


@router.post(
    "/api/tables/{table_id}/why",
    responses=ERRORS,
    dependencies=[limited("move")],
)
async def why(table_id: TableId, body: PartsOf, token: Token, service: ServiceDep) -> WhyNot:
    """Whether the action of these parts may be played now and, if not, the engine's
    reason, with the notation line of its kind; asked with a seat's token or none (a
    spectator, told nothing a hidden hand decides). Changes nothing."""

    def why_for() -> dict[str, Any]:
        seat = service.seat_of(table_id, token)
        return service.why(table_id, seat, body.kind, dict(body.args))

    return WhyNot(**await run(why_for))
