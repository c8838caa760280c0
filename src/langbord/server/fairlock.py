"""A lock that is taken in the order it was asked for.

``threading.Lock`` promises no order: under load a thread that asks again at once can win the
lock over one that has waited for seconds. SQLite's one writer at a time is shared by every
move (about 200 a second at 1,000 tables, each holding it for its fsync) and by the bots'
scheduler, which with a plain lock waited up to 7 s for its turn while request threads took it
again and again. :class:`FairLock` hands the lock straight to the longest waiter instead.
"""

from __future__ import annotations

import threading
from collections import deque
from types import TracebackType


class FairLock:
    """A mutual-exclusion lock granted first come, first served (see the module); ``acquire``
    takes a ``timeout`` in seconds like ``threading.Lock``'s (negative: wait as long as it
    takes)."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._waiters: deque[threading.Lock] = deque()
        self._held = False

    def acquire(self, timeout: float = -1) -> bool:
        """Takes the lock; False if ``timeout`` seconds passed first (then nothing is held)."""
        with self._guard:
            if not self._held:  # free: nobody waits either, since a release hands it over
                self._held = True
                return True
            turn = threading.Lock()
            turn.acquire()
            self._waiters.append(turn)
        if turn.acquire(timeout=timeout):
            return True  # handed over by the holder
        with self._guard:
            if turn in self._waiters:
                self._waiters.remove(turn)
                return False
        turn.acquire()  # it was handed over as the wait ran out: returns at once
        return True

    def release(self) -> None:
        """Gives the lock to the longest waiter, or frees it."""
        with self._guard:
            if not self._held:
                raise RuntimeError("release of a FairLock that is not held")
            if self._waiters:
                self._waiters.popleft().release()  # still held: it passes to that waiter
            else:
                self._held = False

    def locked(self) -> bool:
        with self._guard:
            return self._held

    def __enter__(self) -> FairLock:
        self.acquire()
        return self

    def __exit__(
        self,
        _kind: type[BaseException] | None,
        _error: BaseException | None,
        _trace: TracebackType | None,
    ) -> None:
        self.release()
