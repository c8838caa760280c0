"""The attacks on the table's chat, each made through the API: a message of invisible characters
only (every kind found, and those like them) is refused with the chat unchanged, and so is a
player's name of them; a message padded with ideographic or other wide spaces, line breaks or
fillers is kept with each blank run made one space, so it cannot pass for another line; and the
flood limit is counted from the database, so two servers on one database together take no more
than ``CHAT_BURST`` messages from a seat."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, update

from langbord.server.features.chat import CHAT_BURST
from langbord.server.http.app import create_app
from langbord.server.service import Service
from langbord.server.store.schema import ChatRow

from .conftest import GENEROUS
from .test_table_features import Headers, create, humans, join, look, refused, stopped_at

INVISIBLE = {
    "zero-width space U+200B": "\u200b",
    "Hangul filler U+3164": "\u3164",
    "half-width Hangul filler U+FFA0": "\uffa0",
    "Hangul choseong filler U+115F": "\u115f",
    "Hangul jungseong filler U+1160": "\u1160",
    "tag characters U+E0000-U+E007F": "\U000e0001\U000e0068\U000e0069\U000e007f",
    "word joiner, invisible operators U+2060-U+2064": "\u2060\u2061\u2062\u2063\u2064",
    "byte-order mark U+FEFF": "\ufeff",
    "soft hyphen U+00AD": "\u00ad",
    "Mongolian vowel separator U+180E": "\u180e",
    "combining grapheme joiner U+034F": "\u034f",
    "variation selectors": "\ufe00\ufe0f\U000e0100",
    "braille blank U+2800": "\u2800",
    "combining marks alone": "\u0301\u0308\u20dd",
    "zero-width non-joiner and joiner": "\u200c\u200d",
    "ideographic space U+3000": "\u3000",
    "wide spaces U+2000-U+200A": "".join(map(chr, range(0x2000, 0x200B))),
    "no-break, ogham and math spaces": "\u00a0\u1680\u205f\u202f",
    "line and paragraph separators": "\u2028\u2029",
    "line breaks and tabs": "\n\r\t\x0b\x0c\x85",
    "a mix of them": " \u200b\u3164 \u2800\ufeff\u3000\u034f\U000e0041",
}


@pytest.mark.parametrize("text", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_a_message_with_nothing_to_see_is_refused_and_the_chat_is_unchanged(
    client: TestClient, text: str
) -> None:
    table_id, seats = humans(client, 3)
    chat = f"/api/tables/{table_id}/chat"
    assert client.post(chat, headers=seats[1], json={"text": "hej"}).status_code == 201
    before = look(client, table_id)["chat"]
    for sent in (text, text * 3, f" {text} "):
        response = client.post(chat, headers=seats[0], json={"text": sent})
        assert response.status_code == 400, (sent, response.text)
        detail = response.json()["detail"]
        assert "nothing to see" in detail or "empty message" in detail, detail
    assert look(client, table_id)["chat"] == before
    # A visible character among them is a message (kept as it is, blank runs aside).
    kept = client.post(chat, headers=seats[0], json={"text": f"{text}ok{text}"})
    assert kept.status_code == 201, kept.text
    assert "ok" in kept.json()["text"]


PADDED = [
    ("hi" + "\u3000" * 40 + "bob 12:00 I resign", "hi bob 12:00 I resign"),
    ("hi" + "\u2003\u3000\u00a0" * 30 + "bob: I resign", "hi bob: I resign"),
    ("gg\nbob 12:00 I resign", "gg bob 12:00 I resign"),
    ("gg\r\n\r\nbob", "gg bob"),
    ("gg\u2028bob\u2029ann", "gg bob ann"),
    ("a" + " \u200b" * 60 + "b", "a b"),
    ("a" + "\u3164\u2800\uffa0" * 30 + "b", "a b"),
    ("\u3000\u3000  lead and trail \u3000\n", "lead and trail"),
    ("👨\u200d👩\u200d👧  👍\ufe0f", "👨\u200d👩\u200d👧 👍\ufe0f"),  # emoji keep their joiners
]


@pytest.mark.parametrize(("sent", "kept"), PADDED)
def test_blank_runs_of_any_kind_are_kept_as_one_space(tmp_path: Path, sent: str, kept: str) -> None:
    url = f"sqlite:///{tmp_path / 'padded.db'}"
    with TestClient(create_app(url, web=False, config=GENEROUS)) as client:
        table_id, seats = humans(client, 3)
        response = client.post(
            f"/api/tables/{table_id}/chat", headers=seats[0], json={"text": sent}
        )
        assert response.status_code == 201, response.text
        assert response.json()["text"] == kept
        assert [m["text"] for m in look(client, table_id, seats[1])["chat"]] == [kept]
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            stored = connection.execute(select(ChatRow.text)).scalars().all()
    finally:
        engine.dispose()
    assert stored == [kept]  # the database holds it collapsed, not only the answer


def test_a_message_stored_before_with_blank_runs_is_shown_collapsed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    service = Service(url)
    try:
        table_id = service.create_table("skibe", {"players": 3}, ["human"] * 3)
        service.join(table_id, 0, "Ann")
        service.chat(table_id, 0, "placeholder")
    finally:
        service.stop()
    engine = create_engine(url)
    try:
        with engine.begin() as connection:  # as an older server let it in
            connection.execute(update(ChatRow).values(text="hi\u3000\u3000\u3000bob"))
    finally:
        engine.dispose()
    with TestClient(create_app(url, web=False, config=GENEROUS)) as client:
        assert [m["text"] for m in look(client, table_id)["chat"]] == ["hi bob"]


@pytest.mark.parametrize(
    "name", ["\u200b", "\u3164\u3164", "\u2800", "\u0301", "\U000e0041\U000e0042", "\u3000 \u00a0"]
)
def test_a_name_with_nothing_to_see_is_refused(client: TestClient, name: str) -> None:
    table_id = create(client, ["human", "human", "human"])["id"]
    response = client.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": 0})
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert "nothing to see" in detail or "is needed" in detail or "empty" in detail, detail
    assert look(client, table_id)["players"][0]["joined"] is False
    tables = client.get("/api/tables").json()["tables"]
    hotseat = client.post(
        "/api/tables",
        json={
            "game": "skibe",
            "options": {"players": 3},
            "seats": ["human", "human", "random"],
            "hotseat": True,
            "names": ["Ann", name, None],
        },
    )
    refused(hotseat, 400, "the name of seat 1")
    assert client.get("/api/tables").json()["tables"] == tables


def test_a_name_padded_with_wide_spaces_is_kept_with_one_space(client: TestClient) -> None:
    table_id = create(client, ["human", "human", "human"])["id"]
    headers = join(client, table_id, "Ann" + "\u3000" * 20 + "Bo", 0)
    assert look(client, table_id)["players"][0]["name"] == "Ann Bo"
    said = client.post(f"/api/tables/{table_id}/chat", headers=headers, json={"text": "hej"})
    assert said.json()["name"] == "Ann Bo"


# ---- the flood limit, shared through the database ----------------------------------------------


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers (each its own ``Service``, cache and locks) on one SQLite file."""
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    with ExitStack() as stack:
        a = stack.enter_context(TestClient(create_app(url, web=False, config=GENEROUS)))
        b = stack.enter_context(TestClient(create_app(url, web=False, config=GENEROUS)))
        yield a, b


def chat_rows(client: TestClient, table_id: str, seat: int) -> int:
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    with service.store.sessions() as session:
        rows = session.execute(
            select(ChatRow.number).where(ChatRow.table_id == table_id, ChatRow.seat == seat)
        )
        return len(rows.all())


def send(client: TestClient, table_id: str, headers: Headers, text: str) -> Any:
    """The answer to a message, sent again while another server's message took its number
    (409: nothing was written)."""
    for _ in range(10):
        response = client.post(f"/api/tables/{table_id}/chat", headers=headers, json={"text": text})
        if response.status_code != 409:
            return response
    raise AssertionError(f"still 409 after 10 tries: {response.text}")


def test_two_servers_on_one_database_share_the_flood_limit(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    a, b = two_servers
    count, window = CHAT_BURST
    table_id, seats = humans(a, 3)
    answers = [send((a, b)[k % 2], table_id, seats[0], f"m{k}") for k in range(12)]
    statuses = [r.status_code for r in answers]
    assert statuses == [201] * count + [429] * (12 - count), statuses
    assert all("too many messages" in r.json()["detail"] for r in answers[count:])
    assert all(1 <= int(r.headers["Retry-After"]) <= window for r in answers[count:])
    assert chat_rows(a, table_id, 0) == count
    # Another seat has its own limit, on either server.
    assert send(b, table_id, seats[1], "mine").status_code == 201
    # Once the window has passed (by the servers' clocks), the seat may write again.
    for client in (a, b):
        service: Service = client.app.state.service  # type: ignore[attr-defined]
        service.clock = stopped_at(service.clock() + timedelta(seconds=window + 1))
    assert send(b, table_id, seats[0], "again").status_code == 201
    # (A server on SQLite learns of another's messages when it next writes: look through b.)
    texts = [m["text"] for m in look(b, table_id)["chat"]]
    assert texts == [f"m{k}" for k in range(count)] + ["mine", "again"]


def test_two_servers_racing_take_no_more_than_the_burst(
    two_servers: tuple[TestClient, TestClient],
) -> None:
    a, b = two_servers
    count, _window = CHAT_BURST
    table_id, seats = humans(a, 3)
    look(b, table_id)  # both servers have the table cached
    statuses: list[int] = []
    start = threading.Barrier(12)

    def flood(client: TestClient, k: int) -> None:
        start.wait()
        statuses.append(send(client, table_id, seats[0], f"m{k}").status_code)

    threads = [threading.Thread(target=flood, args=((a, b)[k % 2], k)) for k in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201] * count + [429] * (12 - count), statuses
    assert chat_rows(b, table_id, 0) == count
