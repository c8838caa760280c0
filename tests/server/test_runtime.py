"""The serving process's collector settings (``langbord.server.runtime``)."""

from __future__ import annotations

import gc

from langbord.server.runtime import THRESHOLDS, tune_collector


def test_the_server_collects_young_objects_rarely_and_never_scans_its_startup_again() -> None:
    before = gc.get_threshold()
    try:
        tune_collector()
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 1000  # the modules, functions and classes loaded so far
        assert gc.isenabled()  # cyclic garbage is still collected, in larger steps
        frozen = gc.get_freeze_count()
        made = [[i] for i in range(100)]  # new objects are tracked as usual, not frozen
        assert gc.get_freeze_count() == frozen and all(gc.is_tracked(m) for m in made)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
