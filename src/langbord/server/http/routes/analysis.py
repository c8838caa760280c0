"""A finished game's analysis: asked for, then polled (:mod:`langbord.server.analyses`)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from langbord.server.guards import client_of
from langbord.server.http.deps import ServiceDep, limited, run
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import AnalysisAsk, AnalysisProgress, AnalysisSeen, TableId
from langbord.server.http.statuses import ERRORS

router = APIRouter(route_class=StrictRoute)


@router.post(
    "/api/tables/{table_id}/analysis",
    status_code=202,
    responses=ERRORS,
    dependencies=[limited("create"), limited("work")],
)
async def analyse(
    request: Request, table_id: TableId, service: ServiceDep, body: AnalysisAsk | None = None
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


@router.get("/api/tables/{table_id}/analysis", responses=ERRORS)
async def analysis(table_id: TableId, service: ServiceDep) -> AnalysisSeen:
    """The table's analysis and its progress (status ``none`` if never asked for); poll it
    while it runs."""
    return AnalysisSeen(**await run(service.analyses.look, table_id))
