"""The writers' lock (``langbord.server.fairlock``): first come, first served, with timeouts
that leave nothing held or queued."""

from __future__ import annotations

import threading
import time

import pytest

from langbord.server.fairlock import FairLock


def wait_until_waiting(lock: FairLock, count: int) -> None:
    deadline = time.monotonic() + 10
    while len(lock._waiters) < count:
        assert time.monotonic() < deadline, "the threads never queued"
        time.sleep(0.001)


def test_the_lock_goes_to_its_waiters_in_the_order_they_asked() -> None:
    lock = FairLock()
    order: list[int] = []

    def take(k: int) -> None:
        with lock:
            order.append(k)

    lock.acquire()
    threads = []
    for k in range(8):
        thread = threading.Thread(target=take, args=(k,))
        thread.start()
        wait_until_waiting(lock, k + 1)  # each asks after the one before
        threads.append(thread)
    lock.release()  # each waiter in turn takes it and hands it on
    for thread in threads:
        thread.join(10)
    assert order == list(range(8))
    assert not lock.locked()


def test_a_waiter_that_gives_up_leaves_the_queue_and_holds_nothing() -> None:
    lock = FairLock()
    lock.acquire()
    assert lock.acquire(timeout=0.01) is False
    assert not lock._waiters
    lock.release()
    assert not lock.locked()
    assert lock.acquire(timeout=0.01) is True
    lock.release()


def test_releasing_a_free_lock_is_an_error() -> None:
    with pytest.raises(RuntimeError):
        FairLock().release()


def test_many_threads_never_hold_it_together() -> None:
    lock = FairLock()
    inside = 0
    most = 0
    count = 0

    def work() -> None:
        nonlocal inside, most, count
        for _ in range(200):
            if not lock.acquire(timeout=0.5 if count % 3 else -1):
                continue
            inside += 1
            most = max(most, inside)
            count += 1
            inside -= 1
            lock.release()

    threads = [threading.Thread(target=work) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert most == 1 and count > 0 and not lock.locked() and not lock._waiters
