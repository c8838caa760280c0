"""Hostile request bodies, sent as raw bytes: non-finite and huge numbers, lone surrogates, NUL
and control characters, deep nesting, repeated members, unknown options, oversized chunked
bodies. Each is refused with a 4xx whose JSON body says what is wrong and where, and the
database, the lobby and the tables are as they were."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, select

from langbord.server.http.app import create_app
from langbord.server.http.middleware import MAX_BODY
from server.server_process import serving

SEATS = b'"seats":["human","human","human","human"]'  # Skibe: four players by default
PLAYERS = b'{"game":"skibe","options":{"players":%s},' + SEATS + b"}"
BIG = b"1" + b"0" * 10_000  # Python refuses int() of more than 4300 digits


@dataclass
class Site:
    client: TestClient
    url: str
    open: str  # a table with free seats, one taken
    playing: str  # a table being played; ``token`` is seat 0's
    token: str

    def path(self, endpoint: str) -> str:
        return {
            "create": "/api/tables",
            "join": f"/api/tables/{self.open}/join",
            "act": f"/api/tables/{self.playing}/actions",
            "chat": f"/api/tables/{self.playing}/chat",
            "answer": f"/api/tables/{self.playing}/undo/answer",
            "undo": f"/api/tables/{self.playing}/undo",
            "rematch": f"/api/tables/{self.playing}/rematch",
        }[endpoint]

    def send(self, endpoint: str, body: bytes) -> httpx.Response:
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"}
        response: httpx.Response = self.client.post(
            self.path(endpoint), content=body, headers=headers
        )
        return response


def open_site(url: str) -> Iterator[Site]:
    with TestClient(create_app(url, web=False)) as client:

        def table() -> str:
            made = client.post("/api/tables", json={"game": "skibe", "seats": ["human"] * 4})
            assert made.status_code == 201, made.text
            table_id: str = made.json()["id"]
            return table_id

        def join(table_id: str, name: str) -> str:
            joined = client.post(f"/api/tables/{table_id}/join", json={"name": name})
            assert joined.status_code == 200, joined.text
            token: str = joined.json()["token"]
            return token

        free = table()
        join(free, "Astrid")
        playing = table()
        token = join(playing, "Bjørn")
        join(playing, "Cilla")
        join(playing, "Dagny")
        join(playing, "Eir")
        yield Site(client, url, free, playing, token)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """Tables on a fresh SQLite file."""
    yield from open_site(f"sqlite:///{tmp_path / 'hostile.db'}")


@pytest.fixture
def any_site(db_url: str) -> Iterator[Site]:
    """Tables on a fresh database of each kind (SQLite, PostgreSQL)."""
    yield from open_site(db_url)


def everything(site: Site) -> dict[str, Any]:
    """What a request could change: every row of the database, the lobby, the tables' views."""
    engine = create_engine(site.url)
    try:
        metadata = MetaData()
        metadata.reflect(engine)
        with engine.connect() as connection:
            rows = {
                name: sorted((tuple(row) for row in connection.execute(select(table))), key=repr)
                for name, table in metadata.tables.items()
            }
    finally:
        engine.dispose()
    auth = {"Authorization": f"Bearer {site.token}"}
    return {
        "rows": rows,
        "lobby": site.client.get("/api/tables").json(),
        "open": site.client.get(f"/api/tables/{site.open}").json(),
        "playing": site.client.get(f"/api/tables/{site.playing}", headers=auth).json(),
    }


def refusal(response: httpx.Response, status: int) -> Any:
    """The ``detail`` of a refusal with ``status``: strict JSON (UTF-8, no NaN) that says why."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"

    def no_constants(name: str) -> None:
        raise AssertionError(f"the answer holds {name}")

    body = json.loads(response.content.decode("utf-8"), parse_constant=no_constants)
    assert isinstance(body, dict) and body["detail"], body
    return body["detail"]


def refused_at(response: httpx.Response, loc: list[str | int], words: str) -> None:
    """A 422 whose first error is at ``loc`` and says ``words``."""
    detail = refusal(response, 422)
    assert isinstance(detail, list)
    first = detail[0]
    assert first["loc"] == loc, detail
    assert words in first["msg"], detail


# ---- numbers ------------------------------------------------------------------------------------

NON_FINITE = [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1e999", BIG + b".5"]


@pytest.mark.parametrize("number", NON_FINITE, ids=lambda n: n[:12].decode())
@pytest.mark.parametrize(
    ("endpoint", "template", "loc"),
    [
        ("create", PLAYERS, ["options", "players"]),
        ("create", b'{"game":%s,' + SEATS + b"}", ["game"]),
        ("create", b'{"game":"skibe","seats":["human",%s,"human"]}', ["seats", 1]),
        ("create", b'{"game":"skibe",' + SEATS + b',"extra":[%s]}', ["extra", 0]),
        ("join", b'{"name":"Eir","seat":%s}', ["seat"]),
        ("join", b'{"name":%s}', ["name"]),
        ("act", b'{"action":"take d1","move":%s}', ["move"]),
        ("create", b'{"game":"skibe",' + SEATS + b',"hints":%s}', ["hints"]),
        ("answer", b'{"accept":%s}', ["accept"]),
        ("chat", b'{"text":"hej","extra":%s}', ["extra"]),
        ("join", b'{"rematch_of":"abc","seat":%s}', ["seat"]),
    ],
    ids=[
        "option",
        "game",
        "seat-spec",
        "extra-field",
        "seat",
        "name",
        "move",
        "hints",
        "accept",
        "chat-extra",
        "claim-seat",
    ],
)
def test_non_finite_numbers_are_refused_naming_the_field(
    site: Site, endpoint: str, template: bytes, loc: list[str | int], number: bytes
) -> None:
    before = everything(site)
    response = site.send(endpoint, template % number)
    refused_at(response, ["body", *loc], "finite")
    assert number.decode()[:12] in response.json()["detail"][0]["msg"]
    assert everything(site) == before


@pytest.mark.parametrize(
    ("endpoint", "body", "loc"),
    [
        ("create", PLAYERS, ["options", "players"]),
        ("join", b'{"name":"Eir","seat":%s}', ["seat"]),
        ("act", b'{"action":"take d1","move":%s}', ["move"]),
        ("act", b'{"action":"take d1","move":-%s}', ["move"]),
    ],
    ids=["option", "seat", "move", "negative-move"],
)
def test_huge_integers_are_refused_without_echoing_them(
    site: Site, endpoint: str, body: bytes, loc: list[str | int]
) -> None:
    before = everything(site)
    response = site.send(endpoint, body % BIG)
    refused_at(response, ["body", *loc], "10001 digits")
    assert len(response.content) < 1000  # the number is not echoed
    assert everything(site) == before


def test_integers_beyond_what_json_carries_exactly_are_refused(site: Site) -> None:
    before = everything(site)
    response = site.send("act", b'{"action":"take d1","move":9007199254740993}')
    refused_at(response, ["body", "move"], "2^53")
    assert everything(site) == before


# ---- text ---------------------------------------------------------------------------------------

BAD_TEXT = [
    (b"a\\ud800b", "lone surrogate"),
    (b"\\udfffa", "lone surrogate"),
    (b"a\\u0000b", "NUL"),
    (b"a\\uffffb", "noncharacter"),
]


@pytest.mark.parametrize(("text", "words"), BAD_TEXT, ids=["high", "low", "nul", "nonchar"])
@pytest.mark.parametrize(
    ("endpoint", "template", "loc"),
    [
        ("create", b'{"game":"%s",' + SEATS + b"}", ["game"]),
        ("create", b'{"game":"skibe","seats":["human","%s","human"]}', ["seats", 1]),
        ("create", PLAYERS.replace(b"%s", b'"%s"'), ["options", "players"]),
        ("join", b'{"name":"%s"}', ["name"]),
        ("act", b'{"action":"%s","move":0}', ["action"]),
        ("chat", b'{"text":"%s"}', ["text"]),
        ("join", b'{"rematch_of":"%s"}', ["rematch_of"]),
        (
            "create",
            b'{"game":"skibe",' + SEATS + b',"hotseat":true,"names":["%s",null,null,null]}',
            ["names", 0],
        ),
    ],
    ids=["game", "seat-spec", "option-value", "name", "action", "chat", "claim", "hotseat-name"],
)
def test_text_that_is_not_valid_unicode_is_refused_naming_the_field(
    site: Site, endpoint: str, template: bytes, loc: list[str | int], text: bytes, words: str
) -> None:
    before = everything(site)
    refused_at(site.send(endpoint, template % text), ["body", *loc], words)
    assert everything(site) == before


@pytest.mark.parametrize(("text", "words"), BAD_TEXT, ids=["high", "low", "nul", "nonchar"])
def test_an_option_key_that_is_not_valid_unicode_is_named_escaped(
    site: Site, text: bytes, words: str
) -> None:
    before = everything(site)
    body = b'{"game":"skibe","options":{"%s":3},' % text + SEATS + b"}"
    response = site.send("create", body)
    # The key as sent; a lone surrogate, which no answer can carry, as its escape.
    shown = json.loads(b'"%s"' % text).encode("utf-8", "backslashreplace").decode()
    refused_at(response, ["body", "options", shown], words)
    assert everything(site) == before


def test_bytes_that_are_not_utf8_are_refused(site: Site) -> None:
    before = everything(site)
    # A surrogate encoded as if it were a character, and a stray byte.
    for raw in [b'{"game":"sk\xed\xa0\x80ibe",' + SEATS + b"}", b'{"game":"sk\xffibe"}']:
        refused_at(site.send("create", raw), ["body"], "UTF-8")
    assert everything(site) == before


@pytest.mark.parametrize("kind", [None, "text/plain", "application/x-www-form-urlencoded"])
@pytest.mark.parametrize("raw", [b"\xff\xfe", b'{"game":"skibe",' + SEATS + b"}"])
def test_a_body_not_sent_as_json_is_refused(site: Site, kind: str | None, raw: bytes) -> None:
    before = everything(site)
    headers = {} if kind is None else {"Content-Type": kind}
    response = site.client.post("/api/tables", content=raw, headers=headers)
    refused_at(response, ["body"], "Content-Type: application/json")
    assert everything(site) == before


@pytest.mark.parametrize(
    "name",
    [
        *["a\\u0000b", "bell\\u0007", "\\u001b[31mred", "del\\u007f", "c1\\u0085"],
        *["two\\u2028lines", "\\u202eevil", "tab\\tbed", "new\\nline"],
    ],
)
def test_names_with_control_characters_are_refused(any_site: Site, name: str) -> None:
    """A name is shown to every other player: no NUL (which PostgreSQL cannot store), no
    terminal escapes, line breaks or text-direction overrides."""
    before = everything(any_site)
    response = any_site.send("join", b'{"name":"%s"}' % name.encode())
    detail = refusal(response, 422)
    assert detail[0]["loc"] == ["body", "name"], detail
    assert "character" in detail[0]["msg"], detail
    assert everything(any_site) == before


@pytest.mark.parametrize(
    "name", ["Bjørn", "Åsa", "Ngũgĩ wa Thiong'o", "Sigurðsdóttir", "李小龍", "🦊", "👩‍👩‍👧 family"]
)
def test_names_people_use_are_welcome(any_site: Site, name: str) -> None:
    joined = any_site.client.post(f"/api/tables/{any_site.open}/join", json={"name": name})
    assert joined.status_code == 200, joined.text
    table = any_site.client.get(f"/api/tables/{any_site.open}").json()
    assert name in json.dumps(table, ensure_ascii=False)


# ---- shapes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("endpoint", "body", "loc"),
    [
        ("join", b'{"name":' + b"[" * 60_000, ["body"]),
        ("create", b'{"game":"skibe","options":' + b'{"a":' * 12_000, ["body"]),
        ("act", b'{"action":"take d1","move":' + b"[" * 40 + b"0" + b"]" * 40 + b"}", None),
    ],
    ids=["60000-arrays", "12000-objects", "40-arrays"],
)
def test_deep_nesting_is_refused(
    site: Site, endpoint: str, body: bytes, loc: list[str | int] | None
) -> None:
    assert len(body) < MAX_BODY
    before = everything(site)
    response = site.send(endpoint, body)
    detail = refusal(response, 422)
    assert "nested deeper than" in detail[0]["msg"], detail
    if loc is not None:
        assert detail[0]["loc"] == loc
    else:
        assert detail[0]["loc"][:2] == ["body", "move"]
    assert everything(site) == before


def test_a_member_given_twice_is_refused(site: Site) -> None:
    before = everything(site)
    body = b'{"game":"skibe","game":"knarr",' + SEATS + b"}"
    refused_at(site.send("create", body), ["body"], "'game' is given twice")
    body = b'{"game":"skibe","options":{"players":3,"players":4},' + SEATS + b"}"
    refused_at(site.send("create", body), ["body", "options"], "'players' is given twice")
    assert everything(site) == before


@pytest.mark.parametrize("key", ["self", "__class__", "name", "options", "Players"])
def test_an_unknown_option_names_the_games_options(site: Site, key: str) -> None:
    before = everything(site)
    body = {"game": "skibe", "options": {key: 3}, "seats": ["human"] * 4}
    detail = refusal(site.client.post("/api/tables", json=body), 400)
    assert detail == (
        f"skibe: unknown option {key}; options are: players (integers 3..5; default 4)"
    )
    assert everything(site) == before


# ---- sizes --------------------------------------------------------------------------------------


def test_a_chunked_body_over_the_limit_is_413(site: Site) -> None:
    before = everything(site)

    def chunks() -> Iterator[bytes]:
        yield b'{"game":"skibe",' + SEATS + b',"x":"'
        for _ in range(MAX_BODY // 1024 + 1):
            yield b"y" * 1024
        yield b'"}'

    for endpoint in ["create", "join", "act"]:
        response = site.client.post(
            site.path(endpoint), content=chunks(), headers={"Content-Type": "application/json"}
        )
        assert "content-length" not in response.request.headers
        assert refusal(response, 413) == f"request body over {MAX_BODY} bytes"
    assert everything(site) == before


def test_a_declared_length_over_the_limit_is_413(site: Site) -> None:
    before = everything(site)
    body = b'{"game":"skibe",' + SEATS + b',"x":"' + b"y" * MAX_BODY + b'"}'
    response = site.send("create", body)
    assert refusal(response, 413) == f"request body over {MAX_BODY} bytes"
    assert everything(site) == before


def test_a_chunked_body_within_the_limit_is_read(site: Site) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game":"skibe",'
        yield SEATS + b"}"

    response = site.client.post(
        "/api/tables", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 201, response.text
    assert site.client.get(f"/api/tables/{response.json()['id']}").json()["status"] == "open"


def test_a_real_server_refuses_them_without_a_traceback(tmp_path: Path) -> None:
    """Through uvicorn's own HTTP parsing: a chunked body over the limit, NaN and a NUL name."""
    with serving(f"sqlite:///{tmp_path / 'real.db'}", tmp_path / "serve.log") as server:
        made = httpx.post(
            f"{server.base}/api/tables", json={"game": "skibe", "seats": ["human"] * 4}
        )
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        before = httpx.get(f"{server.base}/api/tables").json()

        def chunks() -> Iterator[bytes]:
            for _ in range(MAX_BODY // 4096 + 2):
                yield b" " * 4096

        json_type = {"Content-Type": "application/json"}
        response = httpx.post(f"{server.base}/api/tables", content=chunks(), headers=json_type)
        assert refusal(response, 413) == f"request body over {MAX_BODY} bytes"
        response = httpx.post(
            f"{server.base}/api/tables", content=PLAYERS % b"NaN", headers=json_type
        )
        refused_at(response, ["body", "options", "players"], "finite")
        join = f"{server.base}/api/tables/{table}/join"
        response = httpx.post(join, content=b'{"name":"a\\u0000b"}', headers=json_type)
        refused_at(response, ["body", "name"], "NUL")
        assert httpx.get(f"{server.base}/api/tables").json() == before
    assert "Traceback" not in server.output()


# ---- the table's other requests: bodies where none is read, and floods ------------------------


@pytest.mark.parametrize("endpoint", ["undo", "rematch"])
@pytest.mark.parametrize(
    "body", [b"NaN", b'{"a":1e999}', b'"\\ud800"', b"[" * 40 + b"]" * 40, b'{"a":1,"a":2}']
)
def test_hostile_bodies_to_endpoints_that_read_none_change_nothing(
    site: Site, endpoint: str, body: bytes
) -> None:
    before = everything(site)
    response = site.send(endpoint, body)
    assert 400 <= response.status_code < 500, response.text
    refusal(response, response.status_code)
    assert everything(site) == before


def test_a_chat_flood_is_refused_and_keeps_only_what_came_before(site: Site) -> None:
    sent = [site.send("chat", b'{"text":"%d"}' % k) for k in range(8)]
    assert [r.status_code for r in sent] == [201] * 5 + [429] * 3
    assert all(int(r.headers["Retry-After"]) >= 1 for r in sent[5:])
    chat = everything(site)["playing"]["chat"]
    assert [m["text"] for m in chat] == ["0", "1", "2", "3", "4"]
