"""The edge's readers and writers on their own: strict JSON reads every valid body exactly and
refuses the rest with a BadBody; validation errors always render as strict JSON; and a route
added to the app later reads its body strictly too."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from langbord.server.http.app import create_app
from langbord.server.inputs import (
    MAX_DEPTH,
    MAX_INTEGER,
    BadBody,
    printable_name,
    strict_json,
    text_problem,
    validation_errors,
)

valid_text = st.text(
    st.characters(exclude_categories=["Cs"]).filter(lambda c: text_problem(c) is None)
)
leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(MAX_INTEGER - 1), MAX_INTEGER - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | valid_text
)
documents = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(valid_text, inner, max_size=4),
    max_leaves=20,
)


def strict_dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")


@given(documents)
def test_every_valid_body_reads_back_exactly(value: Any) -> None:
    assert strict_json(strict_dumps(value)) == value
    assert strict_json(json.dumps(value).encode()) == value  # \u escapes of the same text


@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_cleanly(raw: bytes) -> None:
    try:
        strict_json(raw)
    except BadBody as refused:
        assert refused.status_code == 422
        strict_dumps({"detail": refused.errors})
    except json.JSONDecodeError:
        pass  # FastAPI answers it with a 422 at the error's position


@given(st.text(max_size=40))
def test_any_text_is_read_or_refused_cleanly(text: str) -> None:
    raw = json.dumps({"name": text}).encode()  # lone surrogates as \ud800 escapes
    try:
        assert strict_json(raw) == {"name": text}
    except BadBody as refused:
        assert refused.errors[0]["loc"] == ["body", "name"]
        strict_dumps({"detail": refused.errors})


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"NaN", "NaN is not allowed"),
        (b"[1, -Infinity]", "-Infinity is not allowed"),
        (b"1e309", "1e309 is not allowed"),
        (b"9007199254740992", "within \u00b12^53"),
        (b'"\\ud83e"', "lone surrogate \\ud83e at character 0"),
        (b'"\\udd8a\\ud83e"', "lone surrogate \\udd8a at character 0"),
        (b'"ok\\u0000"', "NUL character (\\u0000) at character 2"),
        (b'"\\ufdd0"', "noncharacter \\ufdd0"),
        (b'"\\udbff\\udfff"', "noncharacter \\U0010ffff"),
        (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), f"deeper than {MAX_DEPTH}"),
        (b'{"a": 1, "a": 1}', "'a' is given twice"),
    ],
)
def test_refusals_say_what_is_wrong(raw: bytes, words: str) -> None:
    with pytest.raises(BadBody) as refused:
        strict_json(raw)
    assert words in refused.value.errors[0]["msg"]
    strict_dumps({"detail": refused.value.errors})


def test_the_edges_of_what_is_allowed() -> None:
    assert strict_json(b'"\\ud83e\\udd8a"') == "\U0001f98a"  # a pair is a character
    assert strict_json(str(MAX_INTEGER - 1).encode()) == MAX_INTEGER - 1
    assert strict_json(b"-1.7976931348623157e308") == -1.7976931348623157e308
    assert strict_json(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) is not None


def test_problems_are_listed_in_document_order() -> None:
    with pytest.raises(BadBody) as refused:
        strict_json(b'{"a": NaN, "b": ["x", "\\u0000"], "c": {"d": 1e999}}')
    assert [error["loc"] for error in refused.value.errors] == [
        ["body", "a"],
        ["body", "b", 1],
        ["body", "c", "d"],
    ]


@pytest.mark.parametrize("name", ["Bjørn", "Åsa", "🦊", "👩\u200d👩\u200d👧", "a b", "O'Neill"])
def test_printable_names(name: str) -> None:
    assert printable_name(name) == name


@pytest.mark.parametrize("name", ["\x00", "a\tb", "\x1b[2J", "\x7f", "\x9b", "\u2029", "\u202e"])
def test_names_that_cannot_be_shown(name: str) -> None:
    with pytest.raises(ValueError, match="cannot be shown in a name"):
        printable_name(name)


def test_validation_errors_never_echo_what_cannot_be_sent() -> None:
    errors = [
        {"type": "int_type", "loc": ("body", "a\ud800b"), "msg": "bad", "input": math.nan},
        {"type": "x", "loc": ("query", 3), "msg": "m\udfff", "input": "\ud800", "ctx": {}},
        {"type": "x", "loc": ("body",), "msg": "m", "input": 10**4000},
        {"type": "x", "loc": ("body",), "msg": "m", "input": [math.inf]},
        {"type": "value_error", "loc": ("body", "name"), "msg": "Value error, no", "input": "ok"}
        | {"ctx": {"error": ValueError("no \ud800"), "limit": math.inf, "ge": 3}},
        {"type": "x", "loc": ("body",), "msg": "m", "input": "y" * 5000},
    ]
    rendered = validation_errors(errors)
    strict_dumps({"detail": rendered})
    assert rendered[0] == {"type": "int_type", "loc": ["body", "a\\ud800b"], "msg": "bad"}
    assert rendered[1]["loc"] == ["query", 3]
    assert rendered[1]["msg"] == "m\\udfff"
    assert "input" not in rendered[1] and "input" not in rendered[2]
    assert "input" not in rendered[3] and "input" not in rendered[5]  # too long to echo
    assert rendered[4]["input"] == "ok"
    assert rendered[4]["ctx"] == {"error": "no \\ud800", "limit": "inf", "ge": 3}


def test_a_route_added_later_reads_its_body_strictly(tmp_path: Path) -> None:
    """No endpoint, however new, sees NaN or a lone surrogate."""
    app = create_app(f"sqlite:///{tmp_path / 'later.db'}", web=False)

    @app.post("/api/echo")
    async def echo(body: dict[str, Any]) -> dict[str, Any]:
        return body

    headers = {"Content-Type": "application/json"}
    with TestClient(app) as client:
        assert client.post("/api/echo", json={"a": [1.5, "Åsa"]}).json() == {"a": [1.5, "Åsa"]}
        for raw, loc in [(b'{"a": [1, NaN]}', ["body", "a", 1]), (b'{"\\ud800": 1}', None)]:
            refused = client.post("/api/echo", content=raw, headers=headers)
            assert refused.status_code == 422, refused.text
            if loc is not None:
                assert refused.json()["detail"][0]["loc"] == loc
            else:
                assert refused.json()["detail"][0]["loc"] == ["body", "\\ud800"]
