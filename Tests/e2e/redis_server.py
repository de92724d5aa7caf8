"""A redis-server of the test's own on a loopback port, with an append-only file so a restart keeps its data."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from stack import free_port, port_open, wait_for


class RedisServer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        folder.mkdir(parents=True, exist_ok=True)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        log = open(self.folder / "redis.log", "ab")
        self.process = subprocess.Popen(
            [
                "redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                "--appendonly", "yes", "--save", "", "--daemonize", "no",
            ],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
        )
        log.close()
        wait_for(lambda: port_open(self.port), "redis-server")
        return self

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                port_open(self.port)
            except OSError:
                return
            time.sleep(0.05)
