"""A finished game's analysis through the API: queued, judged one decision per job in the bot
workers, its progress kept in the database (a restarted server goes on from it), the result
shown and kept; refused before the game's end, beyond the server's limit and for hostile bodies;
asked again, the same one. The bots' queue serves bot tables between two of its decisions."""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect

from langbord.server import bots as bots_module
from langbord.server.analyses import KEY
from langbord.server.bots import Bots, Job, examine
from langbord.server.errors import Busy, Conflict, NotFound, TooMany
from langbord.server.http.app import create_app
from langbord.server.service import Service
from langbord.server.store.schema import SCHEMA_VERSION

from .conftest import GENEROUS

QUICK = replace(GENEROUS, bot_seconds=1.0, bot_workers=1)
DECISION_KEYS = {
    "move", "seat", "played", "played_words", "best", "best_words", "best_kind", "best_args",
    "chances", "played_chance", "best_chance", "loss", "mark", "simulations",
}  # fmt: skip


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'analysis.db'}"


def finished(client: TestClient) -> str:
    """A Skibe table of three random bots, played to its end."""
    made = client.post(
        "/api/tables", json={"game": "skibe", "options": {"players": 3}, "seats": ["random"] * 3}
    )
    assert made.status_code == 201, made.text
    table_id: str = made.json()["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table_id


def analysed(client: TestClient, table_id: str) -> dict[str, Any]:
    """The table's analysis once it is done (its progress only ever grows meanwhile)."""
    deadline, done = time.monotonic() + 120, 0
    while True:
        seen: dict[str, Any] = client.get(f"/api/tables/{table_id}/analysis").json()
        assert seen["status"] in ("queued", "running", "done"), seen
        assert seen["done"] >= done and seen["total"] > 0
        done = seen["done"]
        if seen["status"] == "done":
            return seen
        assert time.monotonic() < deadline, seen
        time.sleep(0.1)


def played_out(service: Service, rng: random.Random) -> str:
    """A hotseat Skibe table played to its end by random moves (no bots, none started)."""
    table_id, tokens = service.create("skibe", {"players": 3}, ["human"] * 3, hotseat=True)
    assert tokens is not None
    while True:
        live = service.get_live(table_id)
        with live.lock:
            if live.state.is_terminal():
                return table_id
            seat, moves = live.state.current_player(), live.moves
            action = rng.choice(live.state.legal_actions())
        service.act(table_id, seat, action, moves)


def test_an_analysis_runs_is_shown_and_kept(db_url: str) -> None:
    url = db_url
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        table_id = finished(client)
        look = f"/api/tables/{table_id}/analysis"
        assert client.get(look).json() == {
            "status": "none",
            "done": 0,
            "total": 0,
            "seconds": None,
            "error": None,
            "analysis": None,
        }
        started = client.post(look, json={"seconds": 0.05})
        assert started.status_code == 202, started.text
        first = started.json()
        assert first["status"] in ("queued", "running", "done") and first["total"] > 0
        again = client.post(look, json={"seconds": 1.5})  # the same analysis, not a new one
        assert again.status_code == 202 and again.json()["total"] == first["total"]
        seen = analysed(client, table_id)
        analysis = seen["analysis"]
        assert seen["done"] == seen["total"] == len(analysis["decisions"]) == first["total"]
        assert seen["seconds"] == 0.05 and seen["error"] is None
        assert analysis["game"] == "skibe" and analysis["seats"] == ["red", "blue", "yellow"]
        assert set(analysis["thresholds"]) == {"inaccuracy", "mistake", "blunder"}
        assert set(analysis["summary"]) == {"0", "1", "2"}
        record = client.get(f"/api/tables/{table_id}/record").json()
        table = client.get(f"/api/tables/{table_id}").json()
        moves = [m for m in table["log"] if m["player"] is not None]
        assert [d["move"] for d in analysis["decisions"]] == [m["move"] for m in moves]
        for decision, logged in zip(analysis["decisions"], moves, strict=True):
            assert set(decision) >= DECISION_KEYS
            assert decision["seat"] == logged["player"] and decision["played"] == logged["action"]
            assert len(decision["chances"]) == 3
            assert decision["mark"] in (None, "inaccuracy", "mistake", "blunder")
        assert record["result"] is not None
        done = client.post(look)
        assert done.status_code == 202 and done.json()["status"] == "done"
        assert client.get(look).json() == seen
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        assert client.get(look).json() == seen  # kept in the database


def test_refusals(url: str) -> None:
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        made = client.post(
            "/api/tables", json={"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3}
        ).json()["id"]
        response = client.post(f"/api/tables/{made}/analysis")
        assert response.status_code == 409 and "finished game" in response.json()["detail"]
        playing = client.post(
            "/api/tables",
            json={
                "game": "skibe",
                "options": {"players": 3},
                "seats": ["human"] * 3,
                "hotseat": True,
            },
        ).json()["id"]
        response = client.post(f"/api/tables/{playing}/analysis")
        assert response.status_code == 409 and "playing" in response.json()["detail"]
        assert client.get(f"/api/tables/{playing}/analysis").json()["status"] == "none"
        for path in ("/api/tables/no-such/analysis", "/api/tables/a.b/analysis"):
            assert client.post(path).status_code in (404, 422)
            assert client.get(path).status_code in (404, 422)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"seconds": NaN}',
        b'{"seconds": Infinity}',
        b'{"seconds": 1e999}',
        b'{"seconds": "0.5"}',
        b'{"seconds": 0.01}',
        b'{"seconds": 5}',
        b'{"seconds": true}',
        b'{"seconds": [1]}',
        b'{"seconds": 0.5, "more": 1}',
        b'{"secs": 0.5}',
        b"[0.5]",
        b'{"seconds": ' + b"[" * 40 + b"]" * 40 + b"}",
        b'{"\\ud800": 1}',
    ],
)
def test_hostile_bodies_are_refused_and_change_nothing(url: str, raw: bytes) -> None:
    service = Service(url, config=QUICK)
    try:
        table_id = played_out(service, random.Random(1))
    finally:
        service.stop()
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        response = client.post(
            f"/api/tables/{table_id}/analysis",
            content=raw,
            headers={"Content-Type": "application/json"},
        )
        assert response.status_code == 422, response.text
        assert response.json()["detail"]
        assert client.get(f"/api/tables/{table_id}/analysis").json()["status"] == "none"


def test_the_servers_limit_on_analyses(url: str) -> None:
    """Bots not started: analyses stay queued; one past a client's limit is refused to that
    client (429, nothing kept) and queued for another; one past the server's limit is refused
    to anyone (503); a finished analysis makes room."""
    service = Service(url, config=replace(QUICK, analyses=1, analyses_total=2))
    try:
        rng = random.Random(2)
        first, second = played_out(service, rng), played_out(service, rng)
        third = played_out(service, rng)
        assert service.analyses.start(first, 0.05, "a")["status"] == "queued"
        with pytest.raises(TooMany, match="your address has 1 analyses under way") as refused:
            service.analyses.start(second, 0.05, "a")
        assert refused.value.retry_after > 0
        assert service.analyses.look(second)["status"] == "none"
        assert service.analyses.start(third, 0.05, "b")["status"] == "queued"
        with pytest.raises(Busy, match="analysing 2 games already") as busy:
            service.analyses.start(second, 0.05, "c")
        assert busy.value.retry_after > 0
        assert service.analyses.look(second)["status"] == "none"
        run_all(service, third)
        assert service.analyses.start(first, None)["status"] == "queued"  # the same one
        with pytest.raises(Conflict):
            service.analyses.start(service.create("skibe", {"players": 3}, ["human"] * 3)[0], None)
        with pytest.raises(NotFound):
            service.analyses.look("no-such")
        run_all(service, first)
        assert service.analyses.look(first)["status"] == "done"
        assert service.analyses.start(second, 0.05, "a")["status"] == "queued"
    finally:
        service.stop()
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        response = client.post(f"/api/tables/{first}/analysis")
        assert response.status_code == 202 and response.json()["status"] == "done"
        third = finished(client)
        busy = client.post(f"/api/tables/{third}/analysis")
        if busy.status_code == 503:  # the second still runs
            assert busy.headers["Retry-After"] and "try again" in busy.json()["detail"]
        analysed(client, second)


def run_all(service: Service, table_id: str, count: int | None = None) -> None:
    """Judges the analysis's decisions here, as the bots' thread would (``count`` of them)."""
    judged = 0
    while count is None or judged < count:
        job = service.analyses.job(table_id + KEY)
        if job is None:
            return
        service.analyses.done(job, examine(job))
        judged += 1


def test_a_restarted_server_goes_on_where_it_stopped(db_url: str) -> None:
    url = db_url
    service = Service(url, config=QUICK)
    try:
        table_id = played_out(service, random.Random(3))
        service.analyses.start(table_id, 0.05)
        run_all(service, table_id, count=3)
        kept = service.analyses.look(table_id)
        assert kept["status"] == "running" and kept["done"] == 3 and kept["analysis"] is None
        from langbord.server.store.schema import AnalysisRow

        with service.store.sessions() as session:
            row = session.get(AnalysisRow, table_id)
            assert row is not None
            first_three = list(row.reports)
    finally:
        service.stop()
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        seen = analysed(client, table_id)
        assert seen["analysis"]["decisions"][:3] == first_three


def test_a_failed_decision_fails_the_analysis_which_may_start_again(url: str) -> None:
    service = Service(url, config=QUICK)
    try:
        table_id = played_out(service, random.Random(4))
        service.analyses.start(table_id, 0.05)
        run_all(service, table_id, count=1)
        job = service.analyses.job(table_id + KEY)
        assert job is not None and job.move == 1
        service.analyses.done(job, None)  # its worker died or ran late
        failed = service.analyses.look(table_id)
        assert failed["status"] == "failed" and failed["done"] == 1
        assert f"move {job.analysis}" in failed["error"]
        assert service.analyses.job(table_id + KEY) is None
        again = service.analyses.start(table_id, 0.05)
        assert again == {"status": "queued", "done": 0, "total": failed["total"]}
        run_all(service, table_id)
        assert service.analyses.look(table_id)["status"] == "done"
    finally:
        service.stop()


def test_bot_tables_are_served_between_an_analysiss_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two bot tables and an analysis, each with jobs to do: the queue takes one job of each
    in turn."""
    order: list[str] = []
    left = {"a": 4, "b": 4, "t#analysis": 4}
    lock = threading.Lock()
    finished_all: Future[None] = Future()

    def prepare(key: str) -> Job | None:
        with lock:
            if left[key] == 0:
                return None
            left[key] -= 1
            order.append(key)
        analysis = 0 if key.endswith(KEY) else None
        return Job(key, "skibe", {}, [], 0, 0, "random", 0, 1.0, analysis=analysis)

    def finish(job: Job, _answer: Any) -> None:
        with lock:
            if not any(left.values()) and not finished_all.done():
                finished_all.set_result(None)

    monkeypatch.setattr(bots_module, "examine", lambda job: {"move": 0})
    bots = Bots(prepare, finish, workers=0, seconds=1.0)
    bots.decide = lambda job: 0
    for key in left:
        bots.wake(key)
    bots.start()
    try:
        finished_all.result(timeout=20)
    finally:
        bots.stop()
    assert order == ["a", "b", "t#analysis"] * 4


def analysis_schema(url: str) -> tuple[int, set[str]]:
    """The database's schema version and the columns of its analyses' table."""
    engine = create_engine(url)
    with engine.connect() as connection:
        version = connection.exec_driver_sql("SELECT value FROM lb_schema").scalar_one()
        columns = {c["name"] for c in inspect(connection).get_columns("lb_analysis")}
    engine.dispose()
    return int(version), columns


def test_a_schema_3_database_is_migrated(url: str) -> None:
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        table_id = finished(client)
        before = client.get(f"/api/tables/{table_id}").json()
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP TABLE lb_analysis")
        connection.exec_driver_sql("UPDATE lb_schema SET value = 3")
    engine.dispose()
    with TestClient(create_app(url, web=False, config=QUICK)) as client:
        version, columns = analysis_schema(url)
        assert version == SCHEMA_VERSION == 5
        assert {"table_id", "status", "done", "total", "seconds", "reports", "result"} <= columns
        assert client.get(f"/api/tables/{table_id}").json() == before
        assert (
            client.post(f"/api/tables/{table_id}/analysis", json={"seconds": 0.05}).status_code
            == 202
        )
        assert analysed(client, table_id)["analysis"]["game"] == "skibe"
