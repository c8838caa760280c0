"""The typed contracts from engine to browser: the views a game gives (each seat's and a
spectator's, at the decisions of seeded random games under each conformance option set, and at
the end; every decision in the slow suite) are instances of the JSON Schema exported from its
``TypedDict`` declaration; the committed schema, JSDoc types and fixture tables are what
``tools/contracts.py`` writes from the declarations today; and the exporter refuses a type it
cannot express."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, Literal, NotRequired, TypedDict, get_args

import pytest
from jsonschema import Draft202012Validator

import langbord
from langbord import CHANCE
from langbord.core.contracts import ContractError, jsdoc_of, schema_for, schema_of, schemas_of
from langbord.core.registry import game_class, view_type
from langbord.core.runner import sample_chance

ROOT = Path(__file__).resolve().parents[2]
DECLARED = [game for game in langbord.games() if view_type(game) is not None]


def tool() -> ModuleType:
    """``tools/contracts.py`` as a module."""
    spec = importlib.util.spec_from_file_location("contracts_tool", ROOT / "tools" / "contracts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def validator(game: str) -> Draft202012Validator:
    path = ROOT / "src" / "langbord" / "engines" / game / "view.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_every_game_declares_its_view() -> None:
    assert langbord.games() == DECLARED


def test_the_committed_contracts_are_what_the_declarations_give() -> None:
    stale = tool().drifted()
    assert not stale, f"run `python tools/contracts.py`: {[str(p) for p in stale]}"


def walk(game: str, seeds: int, every: int) -> None:
    """Plays ``seeds`` seeded random games of ``game`` under each conformance option set and
    checks against the schema every seat's and a spectator's view at the first decision, at the
    end, at every ``every``-th decision and at the first decision of each phase in a game (the
    mover's and a spectator's there)."""
    check = validator(game)

    def fits(view: Mapping[str, Any], where: object) -> None:
        if not check.is_valid(view):
            errors = [e.message for e in check.iter_errors(view)]
            raise AssertionError(f"{where}: {errors[:3]}")

    for options in game_class(game).conformance_options:
        g = langbord.load(game, **options)
        everyone: list[int | None] = [*range(g.num_players()), None]
        for seed in range(seeds):
            state, rng = g.new_initial_state(), random.Random(seed)
            decision, phases = 0, set()
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_action(sample_chance(state, rng))
                    continue
                mover = state.current_player()
                view = state.view(mover)
                if decision % every == 0 or view.get("phase") not in phases:
                    for seat in everyone if decision == 0 else [mover, None]:
                        seen = view if seat == mover else state.view(seat)
                        fits(seen, (options, seed, decision, seat))
                phases.add(view.get("phase"))
                decision += 1
                state.apply_action(rng.choice(state.legal_actions()))
            for seat in everyone:
                fits(state.view(seat), (options, seed, "end", seat))


@pytest.mark.parametrize("game", DECLARED)
def test_views_of_seeded_games_fit_the_schema(game: str) -> None:
    walk(game, seeds=1, every=10)


@pytest.mark.slow
@pytest.mark.parametrize("game", DECLARED)
def test_every_view_of_seeded_games_fits_the_schema(game: str) -> None:
    walk(game, seeds=3, every=1)


@pytest.mark.parametrize("game", DECLARED)
def test_the_fixture_tables_fit_the_schema(game: str) -> None:
    check = validator(game)
    path = ROOT / "tests" / "fixtures" / "views" / f"{game}.json"
    tables: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    assert {t["at"] for t in tables} == {"first decision", "halfway", "end"}
    for table in tables:
        assert not list(check.iter_errors(table["view"])), table["at"]


class _Inner(TypedDict):
    name: str


class _Outer(TypedDict):
    kind: Literal["a", "b"]
    inner: _Inner | None
    many: list[int | None]
    named: dict[str, float]
    maybe: NotRequired[bool]


def test_the_closed_value_sets_are_the_engines_own() -> None:
    """The Literals of the view declarations are written out for the schema: a value renamed in
    an engine's data must show here (Knarr's are checked in test_knarr_rules.py)."""
    from langbord.engines.skaal import data as skaal_data
    from langbord.engines.skaal import views as skaal_views
    from langbord.engines.skoventyr import data as skoventyr_data
    from langbord.engines.skoventyr import views as skoventyr_views

    assert get_args(skaal_views.SkaalColour) == skaal_data.CLANS
    assert get_args(skaal_views.SkaalFace) == skaal_data.DIE_FACES
    assert get_args(skoventyr_views.SkoventyrAlly) == skoventyr_data.ALLY_TYPES
    assert get_args(skoventyr_views.SkoventyrCard) == skoventyr_data.CARD_NAMES
    assert get_args(skoventyr_views.SkoventyrLygtemandKind) == skoventyr_data.LYGTEMANDS
    assert get_args(skoventyr_views.SkoventyrAcorn) == skoventyr_data.ACORN_KINDS
    assert get_args(skoventyr_views.SkoventyrSide) == skoventyr_data.SIDES


def test_the_exporter_and_the_jsdoc_it_gives() -> None:
    schema = schema_of(_Outer, "x")
    assert schema["$ref"] == "#/$defs/_Outer"
    outer = schema["$defs"]["_Outer"]
    assert outer["required"] == ["kind", "inner", "many", "named"]
    assert outer["additionalProperties"] is False
    assert outer["properties"]["kind"] == {"enum": ["a", "b"]}
    check = Draft202012Validator(schema)
    good = {"kind": "a", "inner": {"name": "n"}, "many": [1, None], "named": {"x": 1.5}}
    assert check.is_valid(good)
    assert not check.is_valid({**good, "extra": 1})
    assert not check.is_valid({**good, "kind": "c"})
    assert not check.is_valid({**good, "many": ["1"]})
    text = jsdoc_of(schema, "the test's types")
    assert ' * @property {"a" | "b"} kind' in text
    assert " * @property {_Inner | null} inner" in text
    assert " * @property {(number | null)[]} many" in text
    assert " * @property {Record<string, number>} named" in text
    assert " * @property {boolean} [maybe]" in text


def test_a_type_with_no_json_form_is_refused() -> None:
    class Bad(TypedDict):
        when: complex

    with pytest.raises(ContractError, match="no JSON Schema for <class 'complex'>"):
        schema_of(Bad, "x")


class _Seat(TypedDict):
    """A seat.

    Its ``name`` may be missing."""

    name: NotRequired[str]


class _Envelope(TypedDict):
    """Around a view."""

    view: _Outer
    seats: list[_Seat]


class _Wider(_Envelope):
    extra: int


def test_several_shapes_in_one_schema_and_their_jsdoc() -> None:
    """``schemas_of`` makes one ``$defs`` entry a shape, described by its docstring, checked
    one at a time (``schema_for``); the JSDoc imports the types another file declares and
    leaves out what only they are made of; a class that extends another has both's members."""
    schema = schemas_of([_Envelope, _Wider], "x")
    assert "$ref" not in schema
    assert set(schema["$defs"]) == {"_Envelope", "_Outer", "_Inner", "_Seat", "_Wider"}
    assert schema["$defs"]["_Seat"]["description"] == "A seat.\n\nIts ``name`` may be missing."
    assert schema["$defs"]["_Wider"]["required"] == ["view", "seats", "extra"]
    view: dict[str, Any] = {"kind": "a", "inner": None, "many": [], "named": {}}
    check = Draft202012Validator(schema_for(schema, "_Envelope"))
    assert check.is_valid({"view": view, "seats": [{}, {"name": "Ann"}]})
    assert not check.is_valid({"view": view, "seats": [{"name": 1}]})
    assert not check.is_valid({"view": {}, "seats": []})
    with pytest.raises(ContractError, match="no shape 'Nothing'"):
        schema_for(schema, "Nothing")
    text = jsdoc_of(schema, "the test's shapes", {"_Outer": "./outer.js"})
    assert '/** @typedef {import("./outer.js")._Outer} _Outer */' in text
    assert "@typedef {object} _Inner" not in text and "@typedef {object} _Outer" not in text
    assert " * A seat.\n *\n * Its `name` may be missing.\n * @typedef {object} _Seat" in text
    assert " * @property {_Outer} view" in text
