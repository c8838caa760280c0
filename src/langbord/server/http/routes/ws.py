"""The table pushed over a WebSocket: the seat's view now and after every change (the
:class:`~langbord.server.http.hub.Hub` computes it once per seat and wakes the sockets)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from langbord.core.errors import LangbordError
from langbord.core.i18n import _, language, ngettext
from langbord.server.guards import close_reason
from langbord.server.http.deps import ConfigDep, HubDep, ServiceDep, run
from langbord.server.http.hub import Subscriber, compact
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.statuses import status_of

router = APIRouter(route_class=StrictRoute)


@router.websocket("/api/tables/{table_id}/ws")
async def watch(
    websocket: WebSocket, table_id: str, service: ServiceDep, hub: HubDep, config: ConfigDep
) -> None:
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
        reason = _("no token within {seconds} s").format(seconds=f"{seconds:g}")
        await websocket.close(code=1008, reason=close_reason(reason))
        return
    except (WebSocketDisconnect, RuntimeError):
        return
    if first["type"] != "websocket.receive":
        return  # gone before a word
    if first.get("text") is None:
        reason = _("send the seat's token (or nothing) as text")
        await websocket.close(code=1003, reason=close_reason(reason))
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
    spoken = language()  # ``?lang=`` or Accept-Language (the Speaking middleware's)
    subscriber = hub.subscribe(table_id, seat, spoken)
    if subscriber is None:
        reason = ngettext(
            "this table has {count} spectator already",
            "this table has {count} spectators already",
            config.spectators,
        ).format(count=config.spectators)
        await websocket.close(code=1013, reason=close_reason(reason))
        return
    closed = asyncio.ensure_future(_closed(websocket, subscriber))
    try:
        # The first message holds the whole log; later ones only the new entries.
        view: dict[str, Any] | None = await hub.compute(table_id, seat, 0, spoken)
        while True:
            if view is None:
                pushed = hub.latest.get((table_id, seat, spoken))
                if pushed is not None and pushed.view["undone"] != subscriber.undone:
                    subscriber.logged = 0  # an undo shortened the log: send it whole again
                text = pushed.text_for(subscriber.logged) if pushed is not None else None
                if pushed is None or text is None:  # it fell behind the shared view
                    view = await hub.compute(table_id, seat, subscriber.logged, spoken)
                    continue
                sent = pushed.view
            else:
                if view["undone"] != subscriber.undone and view["log_start"] > 0:
                    view = await hub.compute(table_id, seat, 0, spoken)  # the whole log again
                    continue
                text, sent = compact(view), view
            await websocket.send_text(text)
            subscriber.logged, subscriber.undone, view = sent["move"], sent["undone"], None
            await subscriber.woken.wait()  # a newer view, or the client gone
            if subscriber.gone:
                return
            subscriber.woken.clear()
    except (WebSocketDisconnect, RuntimeError, LangbordError):
        return
    finally:
        closed.cancel()
        hub.unsubscribe(table_id, subscriber)


async def _closed(websocket: WebSocket, subscriber: Subscriber) -> None:
    """Marks ``subscriber`` gone, and wakes it, when the client goes away (anything it sends
    after the token is ignored)."""
    try:
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass
    except (WebSocketDisconnect, RuntimeError):
        pass
    subscriber.gone = True
    subscriber.woken.set()
