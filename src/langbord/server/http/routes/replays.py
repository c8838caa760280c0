"""A table's past: its record, and the table after any number of its moves (the replay
viewer; the moves since a seat's last decision)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from langbord.server.http.deps import ServiceDep, Token, run
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import MoveNumber, TableId
from langbord.server.http.statuses import ERRORS

router = APIRouter(route_class=StrictRoute)


@router.get("/api/tables/{table_id}/record", responses=ERRORS)
async def record(table_id: TableId, service: ServiceDep) -> dict[str, Any]:
    """A finished game's record; while it is played, its public part."""
    result: dict[str, Any] = await run(service.record, table_id)
    return result


@router.get("/api/tables/{table_id}/steps/{number}", responses=ERRORS)
async def step(
    table_id: TableId, number: MoveNumber, token: Token, service: ServiceDep
) -> dict[str, Any]:
    """The table after its first ``number`` moves: a finished game's whole table (the
    replay viewer); while it is played, as the token's seat saw it then (no token: as a
    spectator), so the page can show the moves since a seat's last decision one by one."""
    seat = await run(service.seat_of, table_id, token)
    result: dict[str, Any] = await run(service.step, table_id, number, seat)
    return result
