"""The tutorials' API: the list, each step as a table the boards draw like a real one (the
same JSON as ``GET /api/tables/{id}`` for the learner's seat, plus the step), and moves tried at
a step: the right one (with the table after it), a legal but different one and an illegal one
(each with its teaching reason, nothing kept). Hostile requests get a clear 4xx."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import langbord
import langbord.tutorials
from langbord.core.game import CHANCE, State
from langbord.tutorials import Tutorial, read

from .test_table_features import bearer, look

TABLE_KEYS = {
    "id", "game", "options", "status", "move", "you", "to_move", "players", "view", "text",
    "legal", "prompt", "result", "hints", "hotseat", "undo", "undone", "chat", "rematch",
    "rematch_of", "log_start", "log",
}  # fmt: skip
STEP_KEYS = {
    "id", "title", "step", "steps", "step_title", "text", "rule", "rule_text", "hint",
    "highlight", "expect",
}  # fmt: skip


def _chance(state: State, rng: random.Random) -> list[str]:
    moves = []
    while state.current_player() == CHANCE:
        action = rng.choice(state.legal_actions())
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    return moves


def skibe_lesson() -> Tutorial:
    """A two-step Skibe tutorial of real positions: its chance outcomes chosen by a seeded
    draw, each step asking for the first legal move."""
    state = langbord.load("skibe", players=3).new_initial_state()
    rng = random.Random(5)
    steps = []
    for k in range(2):
        moves = _chance(state, rng)
        legal = state.legal_strings()
        expect, other = legal[0], legal[-1]
        learner = state.current_player()
        after = state.clone()
        after.apply_action(after.string_to_action(expect))
        phase = after.view(learner)["phase"]
        steps.append(
            "[[tutorial.step]]\n"
            f"title = {json.dumps(f'Step {k + 1}')}\n"
            f"text = {json.dumps(f'Play {expect}.')}\n"
            f"moves = {json.dumps(['; '.join(moves)] if moves else [])}\n"
            f'rule = "SB-3"\n'
            f'hint = "Click it."\n'
            f"expect = {json.dumps(expect)}\n"
            f'wrong = "Not that one: this lesson plays the first move."\n'
            f"refuse = {{{json.dumps(other)} = {json.dumps(f'Not {other}: play {expect}.')}}}\n"
            f'effect = "Well played."\n'
            f'highlight = [{{kind = "take", args = {{slot = "d1"}}, label = "the first card"}}]\n'
            f'check = [{{path = "phase", equals = {json.dumps(phase)}}}]\n'
        )
        state.apply_action(state.string_to_action(expect))
    text = (
        '[[tutorial]]\nid = "skibe-test"\ntitle = "Skibe: a test"\n'
        'summary = "Two steps."\nplayers = 3\n\n' + "\n".join(steps)
    )
    (lesson,) = read(text, "skibe", "tests/skibe-test.toml")
    lesson.verify()
    return lesson


@pytest.fixture
def lesson(monkeypatch: pytest.MonkeyPatch) -> Iterator[Tutorial]:
    """The tutorials are this one Skibe lesson."""
    made = skibe_lesson()
    monkeypatch.setattr(langbord.tutorials, "_all", lambda: (made,))
    yield made


def step(client: TestClient, tid: str, k: int) -> dict[str, Any]:
    response = client.get(f"/api/tutorials/{tid}/steps/{k}")
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()
    return table


def tried(client: TestClient, tid: str, k: int, body: Any) -> dict[str, Any]:
    response = client.post(f"/api/tutorials/{tid}/steps/{k}/try", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    assert set(answer) == {"ok", "message", "next"}
    return answer


def test_the_list(client: TestClient, lesson: Tutorial) -> None:
    response = client.get("/api/tutorials")
    assert response.status_code == 200, response.text
    assert response.json() == [
        {
            "id": "skibe-test",
            "game": "skibe",
            "title": "Skibe: a test",
            "summary": "Two steps.",
            "players": 3,
            "steps": 2,
        }
    ]


def test_a_step_is_drawn_like_a_table(client: TestClient, lesson: Tutorial) -> None:
    for k in range(2):
        table = step(client, "skibe-test", k)
        assert set(table) == TABLE_KEYS | {"tutorial"}
        state = lesson.position(k)
        learner = state.current_player()
        assert table["game"] == "skibe" and table["status"] == "playing"
        assert table["you"] == table["to_move"] == learner
        assert table["view"] == json.loads(json.dumps(state.view(learner)))
        assert table["text"] == state.render(learner)
        assert [a["text"] for a in table["legal"]] == state.legal_strings()
        assert all(set(a) == {"id", "text", "kind", "args", "words"} for a in table["legal"])
        assert table["move"] == len(table["log"]) == len(state.history())
        assert table["undo"] == {"available": False, "request": None}
        assert [p["name"] for p in table["players"]] == ["", "", ""]  # the board says "(you)"
        tutorial = table["tutorial"]
        assert set(tutorial) == STEP_KEYS
        assert tutorial["step"] == k and tutorial["steps"] == 2 and tutorial["rule"] == "SB-3"
        assert tutorial["rule_text"] and tutorial["step_title"] == f"Step {k + 1}"
        assert tutorial["expect"] in table["legal"]
        assert tutorial["expect"]["text"] == lesson.steps[k].expect
        assert tutorial["highlight"] == [
            {"kind": "take", "args": {"slot": "d1"}, "label": "the first card"}
        ]
    assert step(client, "skibe-test", 0) == step(client, "skibe-test", 0)  # cached, the same


def test_the_right_move_by_id_or_by_parts(client: TestClient, lesson: Tutorial) -> None:
    expect = step(client, "skibe-test", 0)["tutorial"]["expect"]
    by_id = tried(client, "skibe-test", 0, {"action": expect["id"]})
    assert by_id["ok"] is True and by_id["message"] == "Well played."
    after = by_id["next"]
    assert set(after) == TABLE_KEYS
    assert after["log"][-1]["action"] == expect["text"]
    attempt = lesson.attempt(0, lesson.expected(0))
    assert attempt.state is not None and after["move"] == len(attempt.state.history())
    by_parts = tried(client, "skibe-test", 0, {"kind": expect["kind"], "args": expect["args"]})
    assert by_parts == by_id


def test_a_wrong_or_illegal_move_is_refused_with_its_teaching(
    client: TestClient, lesson: Tutorial
) -> None:
    table = step(client, "skibe-test", 0)
    other = table["legal"][-1]
    wrong = tried(client, "skibe-test", 0, {"action": other["id"]})
    assert wrong == {
        "ok": False,
        "message": f"Not {other['text']}: play {table['tutorial']['expect']['text']}.",
        "next": None,
    }
    state = lesson.position(0)
    illegal = next(
        a for a in range(state.game.num_distinct_actions()) if a not in state.legal_actions()
    )
    refused = tried(client, "skibe-test", 0, {"action": illegal})
    assert refused["ok"] is False and refused["message"].endswith("Click it.")
    assert tried(client, "skibe-test", 0, {"action": 999_999})["ok"] is False
    none = tried(client, "skibe-test", 0, {"kind": "fly", "args": {"to": "Valhalla"}})
    assert none["ok"] is False and "no such move" in none["message"]
    assert step(client, "skibe-test", 0) == table  # nothing kept


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/tutorials/no-such/steps/0", 404),
        ("/api/tutorials/skibe-test/steps/2", 404),
        ("/api/tutorials/skibe-test/steps/-1", 422),
        ("/api/tutorials/skibe-test/steps/one", 422),
        ("/api/tutorials/skibe-test/steps/1.5", 422),
        ("/api/tutorials/skibe-test/steps/99999999999999999999", 422),
        ("/api/tutorials/a%2Fb/steps/0", 404),
        ("/api/tutorials/" + "x" * 80 + "/steps/0", 422),
    ],
)
def test_no_such_step(client: TestClient, lesson: Tutorial, path: str, status: int) -> None:
    response = client.get(path)
    assert response.status_code == status, response.text
    assert response.json()["detail"]
    answer = client.post(path + "/try", json={"action": 0})
    assert answer.status_code == status, answer.text


@pytest.mark.parametrize(
    "raw",
    [
        b'{"action": NaN}',
        b'{"action": 1e999}',
        b'{"action": -1}',
        b'{"action": 1.5}',
        b'{"action": true}',
        b'{"action": "take d1"}',
        b'{"action": 1, "kind": "take"}',
        b'{"action": 1, "args": {}}',
        b"{}",
        b'{"kind": "t\\u0000ake", "args": {}}',
        b'{"kind": "\\ud800"}',
        b'{"kind": "take", "args": {"slot": [1]}}',
        b'{"kind": "take", "args": ' + b'{"a": ' * 40 + b"1" + b"}" * 40 + b"}",
        b'{"kind": "take", "extra": 1}',
        b"[]",
        b"null",
    ],
)
def test_hostile_tries_are_refused(client: TestClient, lesson: Tutorial, raw: bytes) -> None:
    response = client.post(
        "/api/tutorials/skibe-test/steps/0/try",
        content=raw,
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 422, response.text
    assert response.json()["detail"]


def test_a_tutorial_step_is_the_tables_own_json(client: TestClient, lesson: Tutorial) -> None:
    """The same position at a real hotseat table (its chance outcomes drawn differently, so
    compared by shape): the keys and the kinds of every value agree."""
    made = client.post(
        "/api/tables",
        json={"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3, "hotseat": True},
    ).json()
    real = look(client, made["id"], bearer(made["tokens"]["0"]))
    tutorial = step(client, "skibe-test", 0)
    assert set(real) | {"tutorial"} == set(tutorial)
    for key, value in real.items():
        assert type(tutorial[key]) is type(value) or value is None or tutorial[key] is None, key


@pytest.mark.parametrize("found", langbord.tutorials.tutorials(), ids=lambda t: t.id)
def test_every_shipped_tutorial_step_is_served(client: TestClient, found: Tutorial) -> None:
    for k in range(len(found.steps)):
        table = step(client, found.id, k)
        expect = table["tutorial"]["expect"]
        answer = tried(client, found.id, k, {"action": expect["id"]})
        assert answer["ok"] is True and answer["next"] is not None


def test_why_not_at_a_step(client: TestClient, lesson: Tutorial) -> None:
    table = step(client, "skibe-test", 0)
    path = "/api/tutorials/skibe-test/steps/0/why"
    expect = table["tutorial"]["expect"]
    legal = client.post(path, json={"kind": expect["kind"], "args": expect["args"]})
    assert legal.status_code == 200, legal.text
    assert legal.json() == {
        "legal": True,
        "action": expect["text"],
        "words": expect["words"],
        "reason": "",
        "rulings": [],
        "rule": legal.json()["rule"],
    }
    illegal = client.post(path, json={"kind": "lay", "args": {"ship": 1}}).json()
    assert illegal["legal"] is False and illegal["action"] == "lay 1" and illegal["reason"]
    assert illegal["rule"].startswith("lay 3:")
    none = client.post(path, json={"kind": "fly", "args": {}}).json()
    assert none["action"] is None and "no such move" in none["reason"]
    assert client.post(path, json={"kind": 1}).status_code == 422
    assert client.post("/api/tutorials/skibe-test/steps/9/why", json=none).status_code == 422
    missing = client.post("/api/tutorials/skibe-test/steps/9/why", json={"kind": "fly"})
    assert missing.status_code == 404
    assert step(client, "skibe-test", 0) == table
