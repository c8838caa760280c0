"""Analyses shared per client: one client's analyses cannot hold the bots from another's (its
third is refused, another client's starts while its two run), and the analyses kept are
bounded (the least recently looked at are dropped, and computed again when asked for)."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from langbord.server import analyses as analyses_module
from langbord.server.analyses import KEY
from langbord.server.bots import examine
from langbord.server.http.app import create_app
from langbord.server.service import Service
from langbord.server.store.schema import SCHEMA_VERSION, AnalysisRow, now

from .conftest import GENEROUS
from .test_analysis_api import QUICK, analysis_schema, played_out


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'share.db'}"


def judged(service: Service, table_id: str) -> None:
    """Judges the analysis's decisions here, as the bots' thread would, quickly: the first
    decision is searched, the others are given its report (their own move and seat)."""
    first: dict[str, Any] | None = None
    while (job := service.analyses.job(table_id + KEY)) is not None:
        if first is None:
            first = examine(job)
        service.analyses.done(job, {**first, "move": job.analysis, "seat": job.seat})


def progress(client: TestClient, table_id: str) -> dict[str, Any]:
    seen: dict[str, Any] = client.get(f"/api/tables/{table_id}/analysis").json()
    return seen


def test_another_clients_analysis_starts_while_one_clients_two_run(url: str) -> None:
    """The attack: one address asks for two slow analyses (2 s a decision); a third from it is
    refused (429), and another address's analysis is judged while the first two still run."""
    with_service = Service(url, config=QUICK)
    rng = random.Random(7)
    tables = [played_out(with_service, rng) for _ in range(5)]
    with_service.stop()
    app = create_app(url, web=False, config=replace(QUICK, bot_workers=1))
    with (
        TestClient(app, client=("203.0.113.5", 1)) as attacker,
        TestClient(app, client=("2001:db8:1:2::7", 1)) as other,
    ):
        for table_id in tables[:2]:
            started = attacker.post(f"/api/tables/{table_id}/analysis", json={"seconds": 2.0})
            assert started.status_code == 202, started.text
        third = attacker.post(f"/api/tables/{tables[2]}/analysis", json={"seconds": 2.0})
        assert third.status_code == 429, third.text
        assert "your address has 2 analyses under way" in third.json()["detail"]
        assert int(third.headers["Retry-After"]) > 0
        assert progress(attacker, tables[2])["status"] == "none"  # nothing kept
        mine = other.post(f"/api/tables/{tables[3]}/analysis", json={"seconds": 0.05})
        assert mine.status_code == 202, mine.text
        deadline = time.monotonic() + 60
        while progress(other, tables[3])["done"] < 1:
            assert time.monotonic() < deadline, progress(other, tables[3])
            time.sleep(0.05)
        slow = [progress(attacker, t) for t in tables[:2]]
        assert all(s["status"] in ("queued", "running") and s["done"] < s["total"] for s in slow), (
            slow
        )
        # Another address of the same /64 is the same client: one more, then refused.
        with TestClient(app, client=("2001:db8:1:2::8", 1)) as same:
            more = same.post(f"/api/tables/{tables[2]}/analysis", json={"seconds": 0.05})
            assert more.status_code == 202, more.text
            refused = same.post(f"/api/tables/{tables[4]}/analysis", json={"seconds": 0.05})
            assert refused.status_code == 429, refused.text


def test_the_analyses_kept_are_bounded(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With two kept, a third done drops the one looked at least recently (not the oldest
    that was looked at since); asked for again, it is computed again."""
    service = Service(url, config=replace(QUICK, analyses_kept=2))
    clock = [now()]
    monkeypatch.setattr(analyses_module, "now", lambda: clock[0])
    try:
        rng = random.Random(3)
        first, second, third = (played_out(service, rng) for _ in range(3))
        for table_id in (first, second):
            assert service.analyses.start(table_id, 0.05, "a")["status"] == "queued"
            judged(service, table_id)
            clock[0] += timedelta(minutes=1)
        clock[0] += timedelta(hours=2)
        assert service.analyses.look(first)["status"] == "done"  # looked at again: kept
        clock[0] += timedelta(minutes=1)
        assert service.analyses.start(third, 0.05, "a")["status"] == "queued"
        judged(service, third)
        assert service.analyses.look(second)["status"] == "none"  # dropped
        assert service.analyses.look(first)["status"] == "done"
        assert service.analyses.look(third)["status"] == "done"
        with service.store.sessions() as session:
            kept = set(session.execute(select(AnalysisRow.table_id)).scalars())
        assert kept == {first, third}
        assert service.analyses.start(second, 0.05, "a")["status"] == "queued"  # anew
        judged(service, second)
        assert service.analyses.look(second)["status"] == "done"
    finally:
        service.stop()


def test_a_schema_4_database_is_migrated(url: str) -> None:
    """Schema 4's analyses gain the client and the last look; an analysis it left queued goes
    on after the migration (in a lane of its own)."""
    service = Service(url, config=QUICK)
    try:
        table_id = played_out(service, random.Random(4))
        assert service.analyses.start(table_id, 0.05, "a")["status"] == "queued"
    finally:
        service.stop()
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP INDEX ix_lb_analysis_client")
        connection.exec_driver_sql("ALTER TABLE lb_analysis DROP COLUMN client")
        connection.exec_driver_sql("ALTER TABLE lb_analysis DROP COLUMN viewed")
        connection.exec_driver_sql("UPDATE lb_schema SET value = 4")
    engine.dispose()
    with TestClient(create_app(url, web=False, config=replace(GENEROUS, bot_workers=0))) as client:
        version, columns = analysis_schema(url)
        assert version == SCHEMA_VERSION == 5
        assert {"client", "viewed"} <= columns
        deadline = time.monotonic() + 60
        while (seen := progress(client, table_id))["status"] != "done":
            assert seen["status"] in ("queued", "running"), seen
            assert time.monotonic() < deadline, seen
            time.sleep(0.1)
