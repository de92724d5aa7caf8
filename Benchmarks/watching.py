"""`sitegen build --watch` over a corpus, as a user runs it to publish each save: a page is added or removed and
the rebuild that follows is timed three ways. `reported` is the build's own time as its line prints it (`Rebuilt in
0.123 s`), from the moment the watch hands the change to the build until it is published; `wall` is from the write
until that line appears (inotify's notice and the 30 ms the watch waits for an editor's further writes included);
`cpu` is the process's user + system time over the rebuild, once the last build's objects are freed (another thread
frees them after the line)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

from process_cpu import cpu_seconds

REBUILT = re.compile(r"Rebuilt in ([0-9.]+) s")


class Watching:
    """A running `sitegen build --watch` of `site` into `output`, its log in `log_path`."""

    def __init__(self, sitegen: Path, site: Path, output: Path, search: bool, log_path: Path) -> None:
        self.log_path = log_path
        self.log = log_path.open("w")
        command = [str(sitegen), "build", "--watch", "--site", str(site), "--output", str(output)]
        self.process = subprocess.Popen(
            command + ([] if search else ["--no-search"]), stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.wait_until(lambda text: "Watching " in text, "the watch's first build", timeout=600)

    def text(self) -> str:
        return self.log_path.read_text()

    def wait_until(self, done, what: str, timeout: float = 120) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if done(text):
                return text
            if self.process.poll() is not None:
                raise RuntimeError(f"sitegen build --watch ended while waiting for {what}:\n{text[-3000:]}")
            time.sleep(0.002)
        raise RuntimeError(f"timed out waiting for {what}:\n{self.text()[-3000:]}")

    def rebuild_after(self, change) -> dict:
        """Makes `change` (a function that writes or removes files) and times the rebuild that follows."""
        before = len(REBUILT.findall(self.text()))
        cpu_before = cpu_seconds(self.process.pid, children=False)
        started = time.monotonic()
        change()
        text = self.wait_until(lambda text: len(REBUILT.findall(text)) > before, "the rebuild")
        wall = time.monotonic() - started
        time.sleep(0.5)
        cpu = cpu_seconds(self.process.pid, children=False) - cpu_before
        return {"reported": float(REBUILT.findall(text)[-1]), "wall": wall, "cpu": cpu}

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()
