"""The serving process's own settings: Python's garbage collector, tuned for a server holding
thousands of connections.

With the interpreter's defaults (collect the youngest objects every 700 allocations, a full
collection after ten of the middle generation) a server with 1,000 tables and 3,000 WebSockets
holds some 1.5 million objects, and each full collection of them stops every thread, the event
loop included, for 0.5-1.2 s: 22 of them in 90 s of ``benchmarks/server_load.py --tables 1000
--think 5`` (16 s of collecting in all). Objects that live for one request were promoted to the
old generations only because a collection came every 700 allocations; with ``THRESHOLDS`` the
same run made no full collection and spent about 1 s collecting
(``benchmarks/results/server-load.txt``). Cyclic garbage is still collected, later: the young
generation holds at most ``THRESHOLDS[0]`` objects.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 5, 10)
"""``gc.set_threshold`` for the server: the young generation every 50,000 allocations, the
middle one every 5 of those, a full collection every 10 of the middle one (and, as always,
only once the objects promoted since the last one are a quarter of the old generation). With
the middle one every 20, it grew to about a million objects, and collecting it stopped the
server for 0.3 s once a run: 70 moves waiting, the run's POST p99 300 ms instead of 100-140."""


def tune_collector() -> None:
    """Sets ``THRESHOLDS`` and freezes what is alive now (modules, the app, its routes: objects
    that live as long as the process), so that no collection scans them again. Call it once,
    when the server is built and before it serves."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
