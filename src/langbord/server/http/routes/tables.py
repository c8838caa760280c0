"""The tables: a new one, the lobby, taking a seat, the table as a seat sees it, a rematch."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from langbord.core.i18n import N_
from langbord.server.http.deps import ServiceDep, Token, limited, run, seated
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import (
    Created,
    Join,
    Joined,
    NewTable,
    Rematch,
    TableId,
    TableSeen,
)
from langbord.server.http.statuses import ERRORS

router = APIRouter(route_class=StrictRoute)

REMATCH = N_("a rematch needs the seat's token (Authorization: Bearer …)")


@router.post(
    "/api/tables",
    status_code=201,
    responses=ERRORS,
    dependencies=[limited("create")],
)
async def create_table(body: NewTable, service: ServiceDep) -> Created:
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


@router.get("/api/tables")
async def lobby(service: ServiceDep) -> dict[str, Any]:
    """Tables people sat down at, open (a seat to take) or being played (to watch); and
    ``finished``, the latest to end (over or abandoned), for their replays."""
    return {"tables": await run(service.lobby), "finished": await run(service.finished)}


@router.post(
    "/api/tables/{table_id}/join",
    responses=ERRORS,
    dependencies=[limited("join")],
)
async def join(table_id: TableId, body: Join, token: Token, service: ServiceDep) -> Joined:
    """Takes a free human seat; the token returned is the only key to it. At a rematch,
    ``rematch_of`` names the last game, and the seat's token there (Authorization) claims
    the same seat here."""
    claim = (body.rematch_of, token) if body.rematch_of is not None else None
    seat, new = await run(service.join, table_id, body.seat, body.name, claim)
    return Joined(seat=seat, token=new)


@router.get("/api/tables/{table_id}", responses={**ERRORS, 200: {"model": TableSeen}})
async def look(table_id: TableId, token: Token, service: ServiceDep) -> dict[str, Any]:
    """The table as the token's seat sees it (no token: as a spectator)."""
    seat = await run(service.seat_of, table_id, token)
    result: dict[str, Any] = await run(service.table_json, table_id, seat)
    return result


@router.post(
    "/api/tables/{table_id}/rematch",
    responses=ERRORS,
    dependencies=[limited("create")],
)
async def rematch(table_id: TableId, token: Token, service: ServiceDep) -> Rematch:
    """A new table with the same game, options and seats as this finished one (asked
    again: the same one); each player claims their seat there with their token here."""

    def rematch_as() -> str:
        return service.rematch(table_id, seated(service, table_id, token, REMATCH))

    return Rematch(id=await run(rematch_as))
