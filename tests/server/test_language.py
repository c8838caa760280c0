"""The server speaks the request's language: ``?lang=`` first, else ``Accept-Language``, else
English; the table's prompt, its legal moves' and log's words, the games' catalogue and the
rules come in it, and the same table is told in two languages at once. Notation never changes."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import langbord
from langbord.core.i18n import LANGUAGES, speaking

from .test_api import join, look, new_table


def test_the_answer_says_its_language(client: TestClient) -> None:
    plain = client.get("/api/games")
    assert plain.headers["content-language"] == "en"
    assert "Accept-Language" in plain.headers["vary"]
    danish = client.get("/api/games", headers={"Accept-Language": "da-DK,da;q=0.9,en;q=0.5"})
    assert danish.headers["content-language"] == "da"
    asked = client.get("/api/games?lang=fr", headers={"Accept-Language": "da"})
    assert asked.headers["content-language"] == "fr"
    unknown = client.get("/api/games", headers={"Accept-Language": "tlh, *;q=0.1"})
    assert unknown.headers["content-language"] == "en"


@pytest.mark.parametrize("lang", ["xx", "", "d%00a", "x" * 300, "%F0%9F%98%80"])
def test_an_unknown_lang_is_refused_by_name(client: TestClient, lang: str) -> None:
    response = client.get(f"/api/games?lang={lang}")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("unknown language")
    assert "langbord speaks en, da, de, fr" in response.json()["detail"]


def test_an_unknown_lang_closes_a_websocket(client: TestClient) -> None:
    table_id = new_table(client, "skibe", ["human", "random", "random"], {"players": 3})
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/api/tables/{table_id}/ws?lang=xx") as ws,
    ):
        ws.receive_text()
    assert closed.value.code == 1008


def test_the_languages_and_their_page_catalogs(client: TestClient) -> None:
    listed = client.get("/api/locale").json()["languages"]
    assert [entry["code"] for entry in listed] == list(LANGUAGES)
    assert {entry["name"] for entry in listed} == {"English", "Dansk", "Deutsch", "Français"}
    for code in LANGUAGES:
        catalog = client.get(f"/api/locale/{code}")
        assert catalog.status_code == 200
        assert catalog.json()["language"] == code
    assert client.get("/api/locale/en").json()["messages"] == {}
    missing = client.get("/api/locale/xx")
    assert missing.status_code == 404
    assert "unknown language" in missing.json()["detail"]


def test_a_table_is_told_in_each_seats_language(client: TestClient) -> None:
    """Two languages read the same table: each gets the engine's own words in it, the notation
    is the same, and Danish is not English."""
    table_id = new_table(client, "skibe", ["human", "random", "random"], {"players": 3})
    _seat, headers = join(client, table_id, "Ann")
    english = look(client, table_id, headers)
    while not english["legal"]:
        english = look(client, table_id, headers)
    danish = look(client, table_id, {**headers, "Accept-Language": "da"})
    assert danish["move"] == english["move"]
    assert [a["text"] for a in danish["legal"]] == [a["text"] for a in english["legal"]]
    assert [e["action"] for e in danish["log"]] == [e["action"] for e in english["log"]]
    state = langbord.load("skibe", players=3).new_initial_state()
    for entry in english["log"]:
        state.apply_action(state.string_to_action(entry["action"]))
    with speaking("da"):
        assert [a["words"] for a in danish["legal"]] == [
            state.action_words(a["id"]) for a in danish["legal"]
        ]
        assert danish["prompt"] == state.prompt(state.current_player(), notation=False)
    assert [a["words"] for a in english["legal"]] == [
        state.action_words(a["id"]) for a in english["legal"]
    ]
    assert danish["prompt"] != english["prompt"]
    assert [a["words"] for a in danish["legal"]] != [a["words"] for a in english["legal"]]
    assert [e["words"] for e in danish["log"]] != [e["words"] for e in english["log"]]


def test_a_websocket_is_told_in_its_language(client: TestClient) -> None:
    table_id = new_table(client, "skibe", ["human", "random", "random"], {"players": 3})
    _seat, headers = join(client, table_id, "Ann")
    token = headers["Authorization"].removeprefix("Bearer ")
    with client.websocket_connect(f"/api/tables/{table_id}/ws?lang=de") as german:
        german.send_text(token)
        told = german.receive_json()
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as english:
        english.send_text(token)
        plain = english.receive_json()
    assert [e["action"] for e in told["log"]] == [e["action"] for e in plain["log"]][
        : len(told["log"])
    ]
    assert told["log"] and [e["words"] for e in told["log"]] != [
        e["words"] for e in plain["log"][: len(told["log"])]
    ]


def test_the_catalogue_and_the_rules_come_in_the_language(client: TestClient) -> None:
    english = client.get("/api/games").json()["games"]
    french = client.get("/api/games", headers={"Accept-Language": "fr"}).json()["games"]
    assert [g["name"] for g in french] == [g["name"] for g in english]
    assert [lvl["spec"] for g in french for lvl in g["levels"]] == [
        lvl["spec"] for g in english for lvl in g["levels"]
    ]
    assert [lvl["description"] for g in french for lvl in g["levels"]] != [
        lvl["description"] for g in english for lvl in g["levels"]
    ]
    assert [o["label"] for g in french for o in g["options"]] != [
        o["label"] for g in english for o in g["options"]
    ]
    rules_en = client.get("/api/games/skibe/rules").json()
    rules_fr = client.get("/api/games/skibe/rules?lang=fr").json()
    assert [r["id"] for r in rules_fr["rulings"]] == [r["id"] for r in rules_en["rulings"]]
    assert [r["text"] for r in rules_fr["rulings"]] != [r["text"] for r in rules_en["rulings"]]
    page_en, page_fr = rules_en["guide"], rules_fr["guide"]
    assert [s["kind"] for s in page_fr["sections"]] == [s["kind"] for s in page_en["sections"]]
    assert page_fr["summary"] != page_en["summary"]
    for en, fr in zip(page_en["sections"], page_fr["sections"], strict=True):
        assert fr["heading"] != en["heading"] and fr["paragraphs"] != en["paragraphs"]


def test_a_tutorial_is_taught_in_the_language(client: TestClient) -> None:
    """A tutorial's list, a step's words and its refusals come in the language asked for; its
    moves are the same in every language."""
    english = client.get("/api/tutorials").json()
    german = client.get("/api/tutorials?lang=de").json()
    assert [t["id"] for t in german] == [t["id"] for t in english]
    assert [t["title"] for t in german] != [t["title"] for t in english]
    first = english[0]["id"]
    step_en = client.get(f"/api/tutorials/{first}/steps/0").json()
    step_de = client.get(f"/api/tutorials/{first}/steps/0?lang=de").json()
    assert [a["text"] for a in step_de["legal"]] == [a["text"] for a in step_en["legal"]]
    assert step_de["tutorial"]["text"] != step_en["tutorial"]["text"]
    assert step_de["tutorial"]["step_title"] != step_en["tutorial"]["step_title"]
    assert step_de["prompt"] != step_en["prompt"]
