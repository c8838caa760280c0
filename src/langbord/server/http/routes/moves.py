"""A seat's moves: an action at a move number, and take-backs (an undo, and the other
players' answers to one)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from langbord.core.i18n import N_, _
from langbord.server.errors import Unauthorized
from langbord.server.http.deps import ServiceDep, Token, limited, run, seated
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import Accepted, Act, TableId, UndoAnswer, Undone
from langbord.server.http.statuses import ERRORS
from langbord.server.service import Service

router = APIRouter(route_class=StrictRoute)

UNDOING = N_("undoing needs the seat's token (Authorization: Bearer …)")
ANSWERING = N_("answering an undo needs the seat's token (Authorization: Bearer …)")


@router.post(
    "/api/tables/{table_id}/actions",
    responses=ERRORS,
    dependencies=[limited("move")],
)
async def act(table_id: TableId, body: Act, token: Token, service: ServiceDep) -> Accepted:
    """The seat's action at move number ``move``; committed before the answer."""
    if token is None:
        raise Unauthorized(_("acting needs the seat's token (Authorization: Bearer …)"))
    return Accepted(move=await run(act_as, service, table_id, token, body.action, body.move))


def act_as(service: Service, table_id: str, token: str, action: str | int, move: int) -> int:
    """The token's seat acts (one trip to the request threads for the whole move)."""
    seat = service.seat_of(table_id, token)
    assert seat is not None
    return service.act(table_id, seat, action, move)


@router.post(
    "/api/tables/{table_id}/undo",
    responses=ERRORS,
    dependencies=[limited("move")],
)
async def undo(table_id: TableId, token: Token, service: ServiceDep) -> Undone:
    """Takes back your own last decisions (to just after the last chance outcome or
    another seat's move): at once when every other seat is a bot or the table is hotseat,
    else as a request the other humans answer (``undone`` is then 0)."""

    def undo_as() -> dict[str, Any]:
        return service.undo(table_id, seated(service, table_id, token, UNDOING))

    return Undone(**await run(undo_as))


@router.post(
    "/api/tables/{table_id}/undo/answer",
    responses=ERRORS,
    dependencies=[limited("move")],
)
async def answer_undo(
    table_id: TableId, body: UndoAnswer, token: Token, service: ServiceDep
) -> Undone:
    """Your answer to another player's undo request: a refusal cancels it; the last
    acceptance carries it out."""

    def answer_as() -> dict[str, Any]:
        seat = seated(service, table_id, token, ANSWERING)
        return service.answer_undo(table_id, seat, body.accept)

    return Undone(**await run(answer_as))
