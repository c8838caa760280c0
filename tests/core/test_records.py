"""Records: JSON round trips, exact replay, and clear errors for records that do not replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import langbord
from langbord import RecordError
from langbord.agents import RandomAgent
from langbord.record import load, replay, save, to_record


@pytest.fixture
def record() -> dict[str, Any]:
    game = langbord.load("skibe", players=3)
    return langbord.play_game(game, [RandomAgent(p) for p in range(3)], seed=5)


def test_record_holds_strings_options_version_and_result(record: dict[str, Any]) -> None:
    assert record["game"] == "skibe"
    assert record["options"] == {"players": 3}
    assert record["version"] == langbord.load("skibe").version
    assert all(isinstance(a, str) for a in record["actions"])
    assert record["actions"][0].startswith("reveal ")
    assert record["result"]["terminal"] is True
    assert sum(record["result"]["returns"]) == pytest.approx(1.0)


def test_replay_reaches_the_same_state(record: dict[str, Any]) -> None:
    state = replay(record)
    assert state.is_terminal()
    assert [state.action_to_string(a) for a in state.history()] == record["actions"]
    assert state.scores() == record["result"]["scores"]
    assert to_record(state, seed=5) == record


def test_save_and_load_round_trip(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save(record, path)
    assert load(path) == record
    assert str(replay(load(path))) == str(replay(record))


def test_partial_replay(record: dict[str, Any]) -> None:
    state = replay(record, upto=10)
    assert len(state.history()) == 10
    with pytest.raises(RecordError, match="outside the record"):
        replay(record, upto=len(record["actions"]) + 1)


def test_a_wrong_version_is_refused(record: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="rules version 999"):
        replay(dict(record, version=999))


def test_an_illegal_step_is_named(record: dict[str, Any]) -> None:
    actions = list(record["actions"])
    actions[12] = "stern 1"
    with pytest.raises(RecordError, match=r"step 13 \('stern 1'\) does not replay") as info:
        replay(dict(record, actions=actions))
    assert info.value.step == 13


def test_a_garbage_step_is_named(record: dict[str, Any]) -> None:
    actions = [*record["actions"][:3], 42]
    with pytest.raises(RecordError, match="step 4: 42 is not an action string"):
        replay(dict(record, actions=actions, result=None))


def test_tampered_scores_are_detected(record: dict[str, Any]) -> None:
    result = dict(record["result"], scores=[999.0, 0.0, 0.0])
    with pytest.raises(RecordError, match="record says scores"):
        replay(dict(record, result=result))


@pytest.mark.parametrize(
    "broken",
    [
        [],
        "skibe",
        {},
        {"game": "skibe"},
        {"game": "chess", "version": 1, "options": {}, "actions": []},
        {"game": "skibe", "version": 1, "options": {"players": 9}, "actions": []},
        {"game": "skibe", "version": "1", "options": {}, "actions": []},
        {"game": "skibe", "version": 1, "options": {}, "actions": "reveal red F"},
        {"format": "pgn", "game": "skibe", "version": 1, "options": {}, "actions": []},
    ],
)
def test_malformed_records_raise_record_error(broken: object) -> None:
    with pytest.raises(RecordError):
        replay(broken)


def test_unreadable_files_raise_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load(bad)
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError):
        load(bad)
    bad.write_text(json.dumps([1, 2]))
    with pytest.raises(RecordError, match="not a JSON object"):
        load(bad)


def test_metadata_must_be_json(record: dict[str, Any]) -> None:
    state = replay(record)
    with pytest.raises(TypeError):
        to_record(state, agent=object())
