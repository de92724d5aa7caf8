"""Waiting for a process started on loopback to be ready: a free port to give it, and probes of its port,
its URL or its unix socket that `wait_for` repeats until one answers."""

from __future__ import annotations

import socket
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(check, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"timed out waiting for {what}")


def http_ok(url: str) -> bool:
    with urllib.request.urlopen(url, timeout=2) as answer:
        return answer.status == 200


def port_open(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=1):
        return True


def http_ok_unix(path: Path) -> bool:
    """sitegen-auth is up once its socket accepts a connection."""
    if not path.exists():
        return False
    with socket.socket(socket.AF_UNIX) as probe:
        probe.connect(str(path))
        return True
