"""Actions' parts: each action's kind and arguments, declared once per kind in the game's
notation and read by clients instead of the action's text."""

from __future__ import annotations

import dataclasses
import json

import pytest

import langbord
from langbord import InvalidActionError, LangbordError
from langbord.core.game import normalize_action_text
from langbord.core.info import GameInfo
from langbord.core.notation import ActionTable, first, second

EXAMPLES = [
    ("skibe", "take d2", "take", {"slot": "d2"}),
    ("skibe", "lay 2", "lay", {"ship": 2}),
    ("skibe", "food 1>3", "food", {"from": 1, "to": 3}),
    ("skibe", "move food stock>2", "move food", {"from": "stock", "to": 2}),
    ("skibe", "swap 1.2<>d1", "swap", {"slot": "1.2", "with": "d1"}),
    ("skibe", "chief swap 3", "chief", {"action": "swap", "ship": 3}),
    ("skibe", "reveal red/blue F", "reveal", {"card": "red/blue F"}),
    ("skibe", "draw", "draw", {}),
    ("skaal", "harvest Topa 3", "harvest", {"region": "Topa", "nuggets": 3}),
    ("skaal", "move Sláinte>Kippis", "move", {"from": "Sláinte", "to": "Kippis"}),
    ("skaal", "rumor Kamau light blue", "rumor", {"region": "Kamau", "clan": "light blue"}),
    ("skaal", "prospect", "prospect", {}),
    ("skaal", "roll Ooops", "roll", {"face": "Ooops"}),
    ("knarr", "take blue", "take", {"slot": "blue"}),
    ("knarr", "draw red vp", "draw", {"card": "red vp"}),
    ("knarr", "explore B7", "explore", {"destination": "B7"}),
    ("knarr", "renew slot 2", "renew", {"slot": 2}),
    ("knarr", "renew slots 1+3", "renew", {"slot": 1, "with": 3}),
    ("knarr", "activate skali", "activate", {"card": "skali"}),
    ("knarr", "activate building 12", "activate", {"card": "building 12"}),
    ("knarr", "first seat 1", "first seat", {"seat": 1}),
    ("skoventyr", "call f2", "call", {"slot": "f2"}),
    ("skoventyr", "call f1 risky", "call risky", {"slot": "f1"}),
    ("skoventyr", "bottom f3", "bottom", {"slot": "f3"}),
    ("skoventyr", "bottom Gamle Erik", "bottom", {"card": "Gamle Erik"}),
    ("skoventyr", "wrath Mare 2", "wrath", {"minion": "Mare 2"}),
    ("skoventyr", "vogter to C", "vogter to", {"tree": "C"}),
]


@pytest.mark.parametrize(("name", "text", "kind", "args"), EXAMPLES)
def test_parts_name_an_action_as_a_player_does(
    name: str, text: str, kind: str, args: dict[str, object]
) -> None:
    game = langbord.load(name)
    state = game.new_initial_state()
    action = game.action_lookup()[normalize_action_text(text)]
    assert state.action_parts(action) == {"kind": kind, "args": args}
    assert game.action_of_parts(kind, args) == action
    assert kind in game.action_kind_names()


@pytest.mark.parametrize("name", langbord.games())
def test_every_action_has_its_own_json_parts(name: str) -> None:
    game = langbord.load(name)
    state = game.new_initial_state()
    seen: dict[str, int] = {}
    for action in range(game.num_distinct_actions()):
        parts = state.action_parts(action)
        key = json.dumps(parts, sort_keys=True)
        assert key not in seen, (game.action_strings()[action], seen.get(key))
        seen[key] = action
    assert game.action_parts_table() is game.action_parts_table()  # built once


def test_parts_are_a_fresh_dict_each_call() -> None:
    state = langbord.load("skibe").new_initial_state()
    action = state.string_to_action("reveal red F")
    state.action_parts(action)["args"]["card"] = "changed"
    assert state.action_parts(action)["args"] == {"card": "red F"}


@pytest.mark.parametrize("bad", [-1, 10**6, 1.0, "3", None, True])
def test_parts_of_what_is_no_action_id_raise(bad: object) -> None:
    state = langbord.load("skibe").new_initial_state()
    with pytest.raises(InvalidActionError, match="is not an action id"):
        state.action_parts(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "args"),
    [
        ("lay", {"ship": 9}),
        ("lay", {"ship": "2"}),
        ("lay", {"ship": True}),
        ("lay", {}),
        ("fly", {}),
        ("lay", {"ship": [2]}),
        ("lay", {"ship": 2, "extra": 1}),
    ],
)
def test_parts_of_no_action_raise(kind: str, args: dict[str, object]) -> None:
    with pytest.raises(InvalidActionError, match="no action has the parts"):
        langbord.load("skibe").action_of_parts(kind, args)


def test_a_table_refuses_parts_that_do_not_determine_the_action() -> None:
    table = ActionTable()
    for ship in range(3):
        table.add(0, ship, 0, f"lay {ship + 1}")
    table.declare(0, "lay")
    with pytest.raises(ValueError, match="'lay 1' and 'lay 2' have the same parts"):
        table.parts()
    fixed = ActionTable()
    for ship in range(3):
        fixed.add(0, ship, 7, f"lay {ship + 1}")
    fixed.declare(0, "lay", ship=first(plus=1), crew=second())
    assert fixed.parts()[2] == ("lay", (("ship", 3), ("crew", 7)))


def test_a_table_refuses_undeclared_kinds_bad_values_and_second_declarations() -> None:
    table = ActionTable()
    table.add(0, 0, 0, "pass")
    table.add(1, 0, 0, "skip")
    table.declare(0, "pass")
    with pytest.raises(ValueError, match="'skip': its kind 1 declares no parts"):
        table.parts()
    with pytest.raises(ValueError, match="declared twice"):
        table.declare(0, "pass")
    with pytest.raises(ValueError, match="not a kind name"):
        table.declare(2, " skip")
    table.declare(1, "skip", how=first(lambda a: 1.5))  # type: ignore[arg-type,return-value]
    with pytest.raises(ValueError, match=r"'skip': how is 1\.5"):
        table.parts()


def test_a_game_without_an_action_table_says_so() -> None:
    info = dataclasses.replace(langbord.load("skibe").info, actions="", _loaded={})
    with pytest.raises(LangbordError, match="declares no action table"):
        info.load_actions()
    wrong = dataclasses.replace(info, actions="langbord.engines.skibe.notation:ACTION_STRINGS")
    with pytest.raises(LangbordError, match="is not one"):
        wrong.load_actions()
    assert isinstance(langbord.load("skibe").info, GameInfo)
