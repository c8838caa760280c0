""" "Why not?" at a table: legal, illegal and no-such-move answers, from the seat to move,
another seat and a spectator; a spectator of a game with hidden hands is never told what a hand
decides; hostile bodies are refused with a clear 4xx and change nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import langbord
from langbord.core.i18n import speaking
from langbord.guides import guide, in_words
from langbord.server.why import rule_line, why_not

from .test_table_features import bearer, create, humans, join, look, refused

Headers = dict[str, str]


def why(client: TestClient, table_id: str, body: Any, headers: Headers | None = None) -> Any:
    return client.post(f"/api/tables/{table_id}/why", json=body, headers=headers or {})


def asked(client: TestClient, table_id: str, body: Any, headers: Headers | None = None) -> Any:
    response = why(client, table_id, body, headers)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert set(answer) == {"legal", "action", "words", "reason", "rulings", "rule"}
    return answer


def parts(action: dict[str, Any]) -> dict[str, Any]:
    return {"kind": action["kind"], "args": action["args"]}


def test_a_legal_move_is_legal_with_its_rule(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    table = look(client, table_id, seats[0])
    for action in table["legal"]:
        answer = asked(client, table_id, parts(action), seats[0])
        assert answer == {
            "legal": True,
            "action": action["text"],
            "words": action["words"],
            "reason": "",
            "rulings": [],
            "rule": answer["rule"],
        }
        assert answer["rule"].startswith(action["text"].split()[0])


def test_an_illegal_move_gets_the_engines_reason(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    before = look(client, table_id, seats[0])
    answer = asked(client, table_id, {"kind": "lay", "args": {"ship": 1}}, seats[0])
    assert answer["legal"] is False and answer["action"] == "lay 1"
    assert answer["reason"] and not answer["reason"].startswith("'lay 1'")
    state = langbord.load("skibe", players=3).new_initial_state()
    for action in before["log"]:
        state.apply_action(state.string_to_action(action["action"]))
    with pytest.raises(langbord.IllegalActionError) as caught:
        state.string_to_action("lay 1")
    # The engine's refusal, in words: the moves it quotes as examples are left out.
    engine = str(caught.value).removeprefix("'lay 1': ")
    assert "('take d1')" in engine and answer["reason"] == in_words(engine)[0]
    assert "'" not in answer["reason"] and answer["words"] == "lay the card in ship 1"
    assert answer["rule"] == "lay 3: lay the card taken in ship 3 (below its limit)"
    spectator = asked(client, table_id, {"kind": "lay", "args": {"ship": 1}})
    assert spectator == answer  # Skibe hides nothing
    assert look(client, table_id, seats[0]) == before


def test_no_such_move(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    for body in (
        {"kind": "fly", "args": {}},
        {"kind": "lay", "args": {"ship": 99}},
        {"kind": "lay", "args": {"boat": 1}},
        {"kind": "lay"},
        {"kind": "take", "args": {"slot": "d2", "ship": 1}},
    ):
        answer = asked(client, table_id, body, seats[0])
        assert answer["legal"] is False and answer["action"] is None, body
        assert "no such move here" in answer["reason"]
    assert asked(client, table_id, {"kind": "lay", "args": {"ship": 9}})["rule"].startswith("lay")


def test_another_seat_is_told_it_is_not_their_decision(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    table = look(client, table_id, seats[0])
    answer = asked(client, table_id, parts(table["legal"][0]), seats[1])
    assert answer["legal"] is False and "not your decision" in answer["reason"]


def test_refusals_of_the_asker(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    body = {"kind": "draw", "args": {}}
    refused(why(client, "no-such-table", body), 404, "no table")
    refused(why(client, table_id, body, bearer("made-up")), 401, "unknown")
    other, _ = humans(client, 3)
    refused(why(client, other, body, seats[0]), 403, "another table")
    waiting = create(client, ["human", "human", "human"])["id"]
    join(client, waiting, "Ann", 0)
    assert "waiting for players" in asked(client, waiting, body)["reason"]


HOSTILE: list[tuple[bytes, str]] = [
    (b'{"kind": "lay", "args": {"ship": NaN}}', "args"),
    (b'{"kind": "lay", "args": {"ship": 1e999}}', "args"),
    (b'{"kind": "lay", "args": {"ship": 123456789012345678901234567890}}', "args"),
    (b'{"kind": "l\\u0000ay", "args": {}}', "kind"),
    (b'{"kind": "\\ud800", "args": {}}', "kind"),
    (b'{"kind": "lay", "args": {"\\udfff": 1}}', "args"),
    (b'{"kind": "lay", "args": ' + b'{"a": ' * 40 + b"1" + b"}" * 40 + b"}", "deeper"),
    (b'{"kind": 5, "args": {}}', "kind"),
    (b'{"kind": ["lay"], "args": {}}', "kind"),
    (b'{"kind": "lay", "args": [1]}', "args"),
    (b'{"kind": "lay", "args": {"ship": true}}', "args"),
    (b'{"kind": "lay", "args": {"ship": 1.5}}', "args"),
    (b'{"kind": "lay", "args": {"ship": {"n": 1}}}', "args"),
    (b'{"kind": "lay", "args": {"ship": null}}', "args"),
    (b'{"kind": "", "args": {}}', "kind"),
    (b'{"kind": "' + b"x" * 100 + b'", "args": {}}', "kind"),
    (b'{"kind": "lay", "args": {"ship": "' + b"1" * 100 + b'"}}', "args"),
    (b'{"kind": "lay", "args": {' + b",".join(b'"a%d": 1' % k for k in range(20)) + b"}}", "args"),
    (b'{"kind": "lay", "args": {}, "extra": 1}', "extra"),
    (b'{"args": {}}', "kind"),
    (b'{"kind": "lay", "kind": "draw"}', "kind"),
    (b"[1, 2]", "body"),
    (b"not json", "json"),
    (b"\xff\xfe", "UTF-8"),
    (b"", "body"),
]


@pytest.mark.parametrize(
    ("raw", "words"), HOSTILE, ids=[r[:40].decode("latin-1") for r, _ in HOSTILE]
)
def test_hostile_bodies_are_refused_and_change_nothing(
    client: TestClient, raw: bytes, words: str
) -> None:
    table_id, seats = humans(client, 3)
    before = look(client, table_id, seats[0])
    response = client.post(
        f"/api/tables/{table_id}/why",
        content=raw,
        headers={**seats[0], "Content-Type": "application/json"},
    )
    assert response.status_code == 422, response.text
    assert words.lower() in response.text.lower() or "field required" in response.text.lower()
    assert look(client, table_id, seats[0]) == before


def test_a_huge_body_is_refused(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    body = {"kind": "lay", "args": {"ship": "x" * 70_000}}
    refused(why(client, table_id, body, seats[0]), 413, "over")


def knarr_start(seed: int) -> Any:
    state = langbord.load("knarr", players=2).new_initial_state()
    rng = random.Random(seed)
    while state.current_player() < 0:
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    return state


def test_a_spectator_is_not_told_what_a_hidden_hand_decides() -> None:
    """At Knarr a card's recruit is legal only from the hand: the spectator's answer about a
    card the mover holds and one they do not is the same, while the mover learns which."""
    for seed in range(4):
        state = knarr_start(seed)
        game, mover = state.game, state.current_player()
        held: list[dict[str, Any]] = []
        missing: list[dict[str, Any]] = []
        for action in range(game.num_distinct_actions()):
            found = state.action_parts(action)
            if found["kind"] != "recruit":
                continue
            own = why_not(game, state, mover, **found, status="playing")
            seen = why_not(game, state, None, **found, status="playing")
            (held if own["legal"] else missing).append(seen)
            if seen["legal"] or "holds" not in seen["reason"]:
                # told: the same on every re-deal, so no hand decided it
                assert (seen["legal"], seen["reason"]) == (own["legal"], own["reason"])
        assert held and missing
        assert all(not s["legal"] and "only they can see" in s["reason"] for s in held)
        hidden = {s["reason"] for s in held}
        assert len(hidden) == 1 and hidden <= {s["reason"] for s in missing}


def test_a_spectator_at_knarr_through_the_api(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={"game": "knarr", "options": {"players": 2}, "seats": ["human"] * 2, "hotseat": True},
    )
    assert response.status_code == 201, response.text
    table_id, tokens = response.json()["id"], response.json()["tokens"]
    table = look(client, table_id)
    mover = table["to_move"]
    mine = look(client, table_id, bearer(tokens[str(mover)]))
    recruit = next(a for a in mine["legal"] if a["kind"] == "recruit")
    own = asked(client, table_id, parts(recruit), bearer(tokens[str(mover)]))
    assert own["legal"] is True and own["reason"] == ""
    seen = asked(client, table_id, parts(recruit))
    assert seen["legal"] is False and "only they can see" in seen["reason"]
    other = asked(client, table_id, parts(recruit), bearer(tokens[str(1 - mover)]))
    assert "not your decision" in other["reason"]
    assert asked(client, table_id, parts(recruit)) == seen  # the same answer when asked again


def test_rule_lines_of_every_game() -> None:
    assert rule_line("skibe", "food 1>3", "move food").startswith("food 1>3: stock empty")
    assert rule_line("skibe", "food 2", "food").startswith("food 2: food from the stock")
    assert rule_line("knarr", "no mead", "no mead").startswith("no mead: Mead Cup")
    assert rule_line("skaal", "prospect", "prospect").startswith("prospect: advance the pawn")
    assert rule_line("skibe", None, "fly") == ""


def test_a_ruling_behind_a_refusal_comes_in_words() -> None:
    """A refusal that rests on a ruling names no id: the ruling comes beside it, in the words of
    the game's page for players (its clarification), in the language spoken."""
    game = langbord.load("skaal", players=3)
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("place Kamau"))
    answer = why_not(
        game, state, state.current_player(), "place", {"region": "Kamau"}, status="playing"
    )
    assert answer["words"] == "place a dwarf in Kamau"
    assert answer["reason"] == "Kamau is not empty: setup dwarfs go to empty regions"
    page = guide("skaal")
    assert page is not None
    (sa4,) = [c.text for c in page.clarifications if c.ruling == "SA-4"]
    assert answer["rulings"] == [{"id": "SA-4", "text": sa4}]
    with speaking("de"):
        german = why_not(game, state, 1, "place", {"region": "Kamau"}, status="playing")
    assert german["rulings"][0]["id"] == "SA-4" and german["rulings"][0]["text"] != sa4
    assert "SA-4" not in str(german["reason"]) and german["reason"] != answer["reason"]
