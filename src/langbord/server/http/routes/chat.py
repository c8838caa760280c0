"""The table's chat: a seat's message to everyone at the table (they read it in the table's
``chat``)."""

from __future__ import annotations

from fastapi import APIRouter

from langbord.core.i18n import N_
from langbord.server import shapes
from langbord.server.http.deps import ServiceDep, Token, limited, run, seated
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import Chat, ChatMessage, TableId
from langbord.server.http.statuses import ERRORS

router = APIRouter(route_class=StrictRoute)

CHATTING = N_("chatting needs the seat's token (Authorization: Bearer …)")


@router.post(
    "/api/tables/{table_id}/chat",
    status_code=201,
    responses=ERRORS,
    dependencies=[limited("move")],
)
async def chat(table_id: TableId, body: Chat, token: Token, service: ServiceDep) -> ChatMessage:
    """A message to the table from your seat (1-300 characters, no control characters;
    at most 5 in 10 s a seat), shown to everyone at it as text."""

    def chat_as() -> shapes.ChatMessage:
        return service.chat(table_id, seated(service, table_id, token, CHATTING), body.text)

    return ChatMessage(**await run(chat_as))
