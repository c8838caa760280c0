"""Bots that misbehave, for the tests of the server's bot workers: each is what a worker runs in
place of :func:`langbord.server.bots.decide`, importable by a worker process. Bound to a folder
with ``functools.partial``; each call appends ``"<pid> <spec>"`` to ``calls.txt`` there, so a test
can tell which worker decided. Only the ``greedy`` seats misbehave: the others decide as usual.
A hook that waits does so until ``release`` appears in the folder (the test's cleanup)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from langbord.server.bots import Job, decide


def _called(folder: str, job: Job) -> None:
    with (Path(folder) / "calls.txt").open("a") as calls:
        calls.write(f"{os.getpid()} {job.spec}\n")


def _wait_for_release(folder: str) -> None:
    while not (Path(folder) / "release").exists():
        time.sleep(0.05)


def calls(folder: Path) -> list[tuple[int, str]]:
    """The calls made so far: (worker pid, spec), in order."""
    path = folder / "calls.txt"
    if not path.exists():
        return []
    return [
        (int(pid), spec)
        for pid, spec in (line.split(" ", 1) for line in path.read_text().split("\n") if line)
    ]


def hang_once(folder: str, job: Job) -> int:
    """The first greedy decision never ends (it writes ``hung`` with its pid first)."""
    _called(folder, job)
    marker = Path(folder) / "hung"
    if job.spec == "greedy" and not marker.exists():
        marker.write_text(str(os.getpid()))
        _wait_for_release(folder)
    return decide(job)


def die_once(folder: str, job: Job) -> int:
    """The first greedy decision writes ``deciding`` with its pid and waits to be killed."""
    _called(folder, job)
    marker = Path(folder) / "deciding"
    if job.spec == "greedy" and not marker.exists():
        marker.write_text(str(os.getpid()))
        _wait_for_release(folder)
    return decide(job)


def raise_always(folder: str, job: Job) -> int:
    """Every greedy decision raises."""
    _called(folder, job)
    if job.spec == "greedy":
        raise ValueError(f"greedy cannot decide at move {job.move}")
    return decide(job)


def illegal_always(folder: str, job: Job) -> int:
    """Every greedy decision answers an action number no game has."""
    _called(folder, job)
    return 10**9 if job.spec == "greedy" else decide(job)
