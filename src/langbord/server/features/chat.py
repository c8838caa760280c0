"""The table's chat: a seat's messages, checked (:func:`check_chat`), numbered per table and
limited per seat (``CHAT_BURST``) across every server process on the database."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from datetime import datetime, timedelta

from langbord.core.i18n import _, ngettext
from langbord.server.config import ServerConfig
from langbord.server.errors import Conflict, ServiceError, TooMany
from langbord.server.shapes import ChatMessage
from langbord.server.shared import abandoned_detail, name_of
from langbord.server.store import Store
from langbord.server.store.schema import CHAT_LENGTH, ChatRow, utc
from langbord.server.tables import Tables, add_chat
from langbord.server.views import chat_json
from langbord.server.visible import collapsed, has_visible

CHAT_BURST = (5, 10.0)
"""At most this many chat messages from one seat within this many seconds (a flood answers
429), counted in the database, so every server process on it shares the limit; the limit per
client address on moves applies to chat as well."""
# Shown to others, these reorder text or hide it: refused in chat as in names.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_chat(text: str) -> str:
    """``text`` as the chat keeps it, if it may be a chat message: every run of blank space
    (spaces of any width, line breaks, line and paragraph separators, blank fillers, with the
    invisible characters among them) made one ordinary space and the ends trimmed
    (:func:`~langbord.server.visible.collapsed`), so that no message can seem to start a line
    of its own; then 1 to ``CHAT_LENGTH`` characters, at least one of them visible
    (:func:`~langbord.server.visible.has_visible`). A control character that is not blank
    space (a bell, DEL, ESC), or a text-direction control, is refused wherever it is. Else
    :class:`ServiceError` saying which rule the text broke."""
    for at, char in enumerate(text):
        if (unicodedata.category(char) in ("Cc", "Cs") and not char.isspace()) or char in _BIDI:
            raise ServiceError(
                _("the character U+{code} at character {at} cannot be sent in the chat").format(
                    code=f"{ord(char):04X}", at=at
                )
            )
    if not text.strip():
        raise ServiceError(_("an empty message: write something"))
    if not has_visible(text):
        raise ServiceError(
            _("a message with nothing to see: it holds only invisible characters or blank space")
        )
    text = collapsed(text)
    if len(text) > CHAT_LENGTH:
        raise ServiceError(
            ngettext(
                "a message has at most {most} character, not {length}",
                "a message has at most {most} characters, not {length}",
                CHAT_LENGTH,
            ).format(most=CHAT_LENGTH, length=len(text))
        )
    return text


def _check_burst(latest: list[datetime], stamp: datetime) -> None:
    """Refuses (:class:`TooMany`) a message from a seat at ``stamp`` if its last
    ``CHAT_BURST[0]`` messages at the table (``latest``, as the database holds them) were all
    written within ``CHAT_BURST[1]`` seconds before; the refusal says how long to wait."""
    count, window = CHAT_BURST
    if len(latest) < count:
        return
    left = (min(map(utc, latest)) + timedelta(seconds=window) - stamp).total_seconds()
    if left > 0:
        pause = max(1, math.ceil(left))
        raise TooMany(
            ngettext(
                "too many messages: at most {count} in {window} s; try again in {pause} s",
                "too many messages: at most {count} in {window} s; try again in {pause} s",
                count,
            ).format(count=count, window=f"{window:g}", pause=pause),
            pause,
        )


class Chat:
    """The chat of the tables (see the module). ``clock()`` is the time; ``changed(table_id)``
    is told of every message written."""

    def __init__(
        self,
        tables: Tables,
        store: Store,
        config: ServerConfig,
        clock: Callable[[], datetime],
        changed: Callable[[str], None],
    ) -> None:
        self.tables = tables
        self.store = store
        self.config = config
        self.clock = clock
        self.changed = changed

    def chat(self, table_id: str, seat: int, text: str) -> ChatMessage:
        """Writes ``seat``'s message, as :func:`check_chat` keeps it, into the table's chat; the
        message as the table's JSON shows it.

        At most ``CHAT_BURST`` messages a seat: counted from the database's rows in the write
        that adds the message, so every server process on the database shares one limit (too
        many answers :class:`TooMany`, nothing written). The count is exact across processes:
        a message takes the table's next number, its key, and is written only if no other
        process took that number first (else :class:`Conflict`, nothing written); so every
        message numbered before it was committed before it was counted."""
        text = check_chat(text)
        with self.tables.writer(table_id) as live:
            self.tables.fresh(live)
            with live.lock:
                if live.status == "abandoned":
                    raise Conflict(abandoned_detail(self.config.abandon_days))
                number = live.chat_count
                name = name_of(live, seat)
            stamp = self.clock()
            row = ChatRow(
                table_id=live.id, number=number, seat=seat, name=name, text=text, created=stamp
            )
            try:
                self.store.add_chat(row, CHAT_BURST[0], lambda latest: _check_burst(latest, stamp))
            except Conflict:
                self.tables.refresh(live)
                raise
            with live.lock:
                add_chat(live, [row])
                entry = chat_json(live.chat[-1])
        self.changed(table_id)
        return entry
