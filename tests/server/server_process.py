"""A real ``langbord serve`` process on a free loopback port, for the tests that must kill one
hard or run two on one database."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx

LAUNCH = "from langbord.cli.main import main; raise SystemExit(main())"
# The limits per client address stay on, but a test's players move as fast as they can.
GENEROUS = (
    *("--create-rate", "100000/minute"),
    *("--join-rate", "100000/minute"),
    *("--move-rate", "1000000/minute"),
)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``langbord serve --db URL`` on 127.0.0.1; its output goes to ``log``."""

    def __init__(
        self, url: str, log: Path, flags: Sequence[str] = GENEROUS, files: int | None = None
    ) -> None:
        self.url = url
        self.log = log
        self.flags = list(flags)  # more of langbord serve's flags (they replace GENEROUS)
        self.files = files  # the process's open-file limit, soft and hard (None: as ours)
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        """Starts the process and returns once it answers (a taken port is retried)."""
        for _attempt in range(3):
            self.port = free_port()
            launch = LAUNCH
            if self.files is not None:
                limit = f"resource.RLIMIT_NOFILE, ({self.files}, {self.files})"
                launch = f"import resource; resource.setrlimit({limit}); {LAUNCH}"
            command = [sys.executable, "-c", launch, "serve", "--db", self.url, *self._where()]
            with self.log.open("ab") as out:
                self.process = subprocess.Popen(
                    [*command, *self.flags],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            if self._wait_ready(timeout):
                return
        raise RuntimeError(f"langbord serve did not start:\n{self.output()}")

    def _where(self) -> list[str]:
        return ["--host", "127.0.0.1", "--port", str(self.port)]

    def _wait_ready(self, timeout: float) -> bool:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False  # exited (e.g. the port was taken meanwhile)
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1.0).status_code == 200:
                    return True
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.kill()
        return False

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing; only what is committed survives."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        if self.process is not None:
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@contextmanager
def serving(url: str, log: Path, flags: Sequence[str] = GENEROUS) -> Iterator[ServerProcess]:
    """A started server (``flags``: more of its flags), stopped (or killed) when the block
    ends."""
    server = ServerProcess(url, log, flags)
    server.start()
    try:
        yield server
    finally:
        server.stop()
