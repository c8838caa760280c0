"""Schemathesis against the API's own OpenAPI schema, in process: valid and invalid requests of
every operation, at made-up tables and at real ones (open, being played with a seat's token,
over), never get a 5xx, always get an answer the schema allows, and a refusal changes nothing.
Every body schemathesis makes is also sent with one value or member name swapped for something
hostile (NaN, 1e999, a lone surrogate, a NUL, deep nesting...) as raw JSON: always a 422 that
names the place, and nothing changed."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from schemathesis import Case, GenerationMode
from schemathesis.checks import CheckFunction, not_a_server_error
from schemathesis.python.asgi import ASGIClient, get_client, shutdown_lifespans
from schemathesis.schemas import BaseSchema
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from langbord.server.http.app import create_app
from server.conftest import GENEROUS

EXAMPLES = 10  # per operation, target and mode
HOSTILE_EXAMPLES = 5  # bodies per operation, each sent with every kind of hostile value

CHECKS: list[CheckFunction] = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

# Every operation of the schema (test_operations_are_all_covered keeps this list honest).
OPERATIONS = [
    ("GET", "/api/games"),
    ("GET", "/api/tables"),
    ("POST", "/api/tables"),
    ("POST", "/api/tables/{table_id}/join"),
    ("GET", "/api/tables/{table_id}"),
    ("POST", "/api/tables/{table_id}/actions"),
    ("GET", "/api/tables/{table_id}/record"),
    ("GET", "/api/tables/{table_id}/steps/{number}"),
    ("GET", "/api/games/{game}/rules"),
    ("POST", "/api/tables/{table_id}/undo"),
    ("POST", "/api/tables/{table_id}/undo/answer"),
    ("GET", "/api/tables/{table_id}/hint"),
    ("POST", "/api/tables/{table_id}/chat"),
    ("POST", "/api/tables/{table_id}/rematch"),
    ("POST", "/api/tables/{table_id}/why"),
    ("GET", "/api/tutorials"),
    ("GET", "/api/tutorials/{tutorial_id}/steps/{k}"),
    ("POST", "/api/tutorials/{tutorial_id}/steps/{k}/try"),
    ("POST", "/api/tutorials/{tutorial_id}/steps/{k}/why"),
    ("POST", "/api/tables/{table_id}/analysis"),
    ("GET", "/api/tables/{table_id}/analysis"),
    ("GET", "/api/locale"),
    ("GET", "/api/locale/{lang}"),
]
TARGETS = ["made-up", "open", "playing", "over"]
NO_BODY = {"/api/tables/{table_id}/undo", "/api/tables/{table_id}/rematch"}  # nothing to get wrong


@dataclass
class Api:
    schema: BaseSchema
    client: ASGIClient
    tables: dict[str, str]  # target -> table id
    token: str  # a seat at the "playing" table


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[BaseSchema, ASGIClient, str]]:
    """The schema and a client of one app, and a table whose game the bots have finished."""
    db = Path(tmp_path_factory.mktemp("schema")) / "langbord.db"
    app = create_app(f"sqlite:///{db}", web=False, config=GENEROUS)
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)  # starts the app
    with get_client(app) as client:  # type: ignore[arg-type]  # FastAPI is an ASGI app
        over = new_table(client, ["random", "random", "random"])
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{over}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish their game"
            time.sleep(0.05)
        yield schema, client, over
    shutdown_lifespans()


@pytest.fixture
def api(served: tuple[BaseSchema, ASGIClient, str]) -> Api:
    """Fresh tables for each test: one with free seats, one being played (with a seat's token)."""
    schema, client, over = served
    tables = {"over": over}
    # No bots at these two: nothing but an accepted request may change them.
    tables["open"] = new_table(client, ["human", "human", "human", "human"])
    assert client.post(f"/api/tables/{tables['open']}/join", json={"name": "Astrid"}).ok
    playing = tables["playing"] = new_table(client, ["human", "human", "human"])
    token = client.post(f"/api/tables/{playing}/join", json={"name": "Bjørn"}).json()["token"]
    for name in ["Cilla", "Dagny"]:
        assert client.post(f"/api/tables/{playing}/join", json={"name": name}).ok
    return Api(schema, client, tables, token)


def new_table(client: ASGIClient, seats: list[str]) -> str:
    made = client.post(
        "/api/tables", json={"game": "skibe", "options": {"players": len(seats)}, "seats": seats}
    )
    assert made.status_code == 201, made.text
    table: str = made.json()["id"]
    return table


def snapshot(api: Api) -> list[Any]:
    """What a request could change: every real table as a spectator and the seat see it, and
    the lobby."""
    return [api.client.get(f"/api/tables/{api.tables[t]}").json() for t in TARGETS[1:]] + [
        api.client.get(f"/api/tables/{api.tables['playing']}", headers=auth(api.token)).json(),
        api.client.get("/api/tables").json(),
    ]


def test_operations_are_all_covered(api: Api) -> None:
    found = set()
    for result in api.schema.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]  # an Err would raise here
        found.add((operation.method.upper(), operation.path))
    assert found == set(OPERATIONS)


def runs() -> Iterator[Any]:
    """(method, path, target, mode): every operation at every kind of table its path can name,
    with valid input, and with invalid input wherever the schema leaves something to get wrong
    (a body, a path parameter; a seat's token header has no wrong shape)."""
    for method, path in OPERATIONS:
        real = "{table_id}" in path
        targets = TARGETS if real else TARGETS[:1]
        for target in targets:
            modes = [GenerationMode.POSITIVE]
            has_body = method == "POST" and path not in NO_BODY
            if has_body or "{number}" in path or (target == "made-up" and real):
                modes.append(GenerationMode.NEGATIVE)
            for mode in modes:
                yield pytest.param(
                    method, path, target, mode, id=f"{method} {path} {target} {mode}"
                )


@pytest.mark.parametrize(("method", "path", "target", "mode"), list(runs()))
def test_no_server_errors(
    api: Api, method: str, path: str, target: str, mode: GenerationMode
) -> None:
    real = "{table_id}" in path
    operation = api.schema[path][method]
    fixed: dict[str, Any] = {}
    if target != "made-up":
        fixed["path_parameters"] = {"table_id": api.tables[target]}
    if target == "playing":
        fixed["headers"] = auth(api.token)
    strategy = operation.as_strategy(generation_mode=mode, **fixed)
    watch = method == "POST" and real

    @given(case=strategy)
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Case[Any]) -> None:
        exercise(api, case, CHECKS, watch)

    run()


BOUNDARY_RUNS = [
    pytest.param(
        method,
        path,
        at_tables,
        id=f"{method} {path}{' at tables' if at_tables else ''}",
        marks=pytest.mark.slow if at_tables else (),
    )
    for method, path in OPERATIONS
    for at_tables in ([False, True] if "{table_id}" in path else [False])
]


@pytest.mark.parametrize(("method", "path", "at_tables"), BOUNDARY_RUNS)
def test_boundaries_get_no_server_errors(api: Api, method: str, path: str, at_tables: bool) -> None:
    """Schemathesis's coverage phase: each field at its limits and just past them, missing
    fields, wrong types, unexpected methods; as generated, or (``at_tables``, in the slow suite:
    the default one sends generated cases to the real tables in ``test_no_server_errors``) made
    real at each table, open, being played and over."""
    operation = api.schema[path][method]
    cases = list(
        api.schema.iter_coverage_cases(
            operation,
            generation_modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
            generation_config=api.schema.config.generation_for(operation=operation),
        )
    )
    assert cases
    for case in cases:
        if not at_tables:
            exercise(api, case, CHECKS, watch=False)
            continue
        if not isinstance(case.path_parameters, dict):
            continue
        for target in TARGETS[1:]:
            # Made real, a case may no longer be invalid: only the answers' shape is checked.
            case.path_parameters["table_id"] = api.tables[target]
            if target == "playing" and case.headers and "Authorization" in case.headers:
                case.headers["Authorization"] = auth(api.token)["Authorization"]
            exercise(api, case, CHECKS[:-1], watch=case.method.upper() == "POST")


def exercise(api: Api, case: Case[Any], checks: list[CheckFunction], watch: bool) -> None:
    """Sends ``case``: no 5xx, an answer the schema allows, a refusal with a reason (and, with
    ``watch``, one that changed no table)."""
    before = snapshot(api) if watch else []
    response = case.call()
    case.validate_response(response, checks=checks)
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body, dict) and body.get("detail"), response.text
        if watch:
            assert snapshot(api) == before, f"refused, yet changed: {response.text}"


# ---- hostile values in every body ---------------------------------------------------------------

HOLE = "\x01hostile\x01"  # stands for the hostile value in a body until it is sent
BIG = "1" + "0" * 10_000  # Python's int() refuses more than 4300 digits
HOSTILE_VALUES = {
    "NaN": "NaN",
    "Infinity": "Infinity",
    "-Infinity": "-Infinity",
    "1e999": "1e999",
    "huge-int": BIG,
    "huge-float": BIG + ".5",
    "surrogate": '"a\\ud800b"',
    "low-surrogate": '"\\udfff"',
    "NUL": '"a\\u0000b"',
    "noncharacter": '"\\uffff"',
    "40-arrays": "[" * 40 + "]" * 40,
    "5000-arrays": "[" * 5000 + "]" * 5000,
    "2000-objects": '{"a":' * 2000 + "0" + "}" * 2000,
}
HOSTILE_KEYS = {"key-surrogate": '"\\ud800"', "key-NUL": '"\\u0000"', "key-nonchar": '"\\ufdd0"'}
BODIES = [(m, p) for m, p in OPERATIONS if m == "POST" and p not in NO_BODY]


def places(body: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """The path of every value in ``body``, itself included."""
    yield path
    if isinstance(body, dict):
        for key, value in body.items():
            yield from places(value, (*path, key))
    elif isinstance(body, list):
        for index, value in enumerate(body):
            yield from places(value, (*path, index))


def hollowed(body: Any, path: tuple[str | int, ...], key: bool) -> Any:
    """``body`` with the value at ``path`` (``key``: the member name that leads to it, or a
    new member of the object there) replaced by :data:`HOLE`."""
    if not path:
        if key:
            return {**body, HOLE: 0} if isinstance(body, dict) else {HOLE: body}
        return HOLE
    head, rest = path[0], path[1:]
    if isinstance(body, dict):
        assert isinstance(head, str)
        if key and not rest:
            return {(HOLE if k == head else k): v for k, v in body.items()}
        return {k: hollowed(v, rest, key) if k == head else v for k, v in body.items()}
    assert isinstance(body, list) and isinstance(head, int)
    return [hollowed(v, rest, key) if i == head else v for i, v in enumerate(body)]


@pytest.mark.parametrize(("method", "path"), BODIES, ids=[p for _, p in BODIES])
def test_hostile_values_in_any_body_are_refused(api: Api, method: str, path: str) -> None:
    """Each kind of hostile value at a place of a valid body (or as a member name): a 422 in
    strict JSON whose loc leads to that place; no table, seat or lobby changed."""
    operation = api.schema[path][method]
    real = "{table_id}" in path

    def case_at(target: str) -> st.SearchStrategy[Case[Any]]:
        fixed: dict[str, Any] = {}
        if real and target != "made-up":
            fixed["path_parameters"] = {"table_id": api.tables[target]}
        return operation.as_strategy(generation_mode=GenerationMode.POSITIVE, **fixed)

    targets = TARGETS if real else TARGETS[:1]
    kinds = [(kind, False) for kind in HOSTILE_VALUES] + [(kind, True) for kind in HOSTILE_KEYS]

    @given(case=st.sampled_from(targets).flatmap(case_at), data=st.data())
    @settings(
        max_examples=HOSTILE_EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Case[Any], data: st.DataObject) -> None:
        assume(isinstance(case.body, dict | list))  # an optional body may be left out
        before = snapshot(api)  # what each refusal must leave as it was
        for kind, key in kinds:
            where = data.draw(st.sampled_from(list(places(case.body))), label=kind)
            refuse_hostile(api, case, kind, where, key, before)

    run()


def refuse_hostile(
    api: Api,
    case: Case[Any],
    kind: str,
    where: tuple[str | int, ...],
    key: bool,
    before: list[Any],
) -> None:
    """Sends ``case`` with the ``kind`` of hostile value at ``where``: a 422 that names it, and
    the tables and the lobby as ``before`` (their :func:`snapshot`) after it."""
    body = json.dumps(hollowed(case.body, where, key), ensure_ascii=True)
    hole = json.dumps(HOLE, ensure_ascii=True)
    assert body.count(hole) == 1
    raw = body.replace(hole, (HOSTILE_KEYS if key else HOSTILE_VALUES)[kind]).encode()
    headers = {**auth(api.token), "Content-Type": "application/json"}
    response = api.client.request(case.method, case.formatted_path, data=raw, headers=headers)
    assert response.status_code == 422, (kind, where, response.text)
    answer = json.loads(response.content.decode("utf-8"), parse_constant=_no_constants)
    errors = answer["detail"]
    assert all(error["loc"][0] == "body" and error["msg"] for error in errors), answer
    if kind != "5000-arrays":  # too deep for the decoder: the body as a whole is refused
        # (A generated value may be refused too, such as a seat spec holding a NUL.)
        named = ["body", *(where[:-1] if key and where else where)]
        assert any(error["loc"][: len(named)] == named for error in errors), (kind, where, answer)
    assert snapshot(api) == before, f"refused, yet changed: {response.text}"


def _no_constants(name: str) -> None:
    raise AssertionError(f"the answer holds {name}")
