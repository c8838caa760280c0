"""Running a command on a pseudo-terminal, as a person at a terminal would."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time


def run_in_terminal(command: list[str], keys: list[str], timeout: float = 60) -> str:
    """Runs ``command`` on a pseudo-terminal, typing ``keys`` one line at a time as the
    program asks (after each prompt), and returns everything it wrote."""
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "50"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
    )
    os.close(slave)
    output = b""
    pending = list(keys)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
                if pending and output.rstrip().endswith((b">", b":")):
                    os.write(master, (pending.pop(0) + "\n").encode())
            elif proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(master)
    return output.decode("utf-8", "replace")
