"""Edit-to-reload of `sitegen serve`: how long after saving a page an open tab has the new page.

The preview runs the release binary on one corpus, as an author would (`sitegen serve --site … --templates …`),
on a free loopback port. A client holds the live-reload event stream open, as a browser tab does. Each round
appends a sentence with a new marker to one page and measures from the write until the stream announces a new
build and a GET of the page returns it with the marker: that is what a tab waits for before it shows the edit
(its own reload, tens of milliseconds in a browser, comes on top). The first build is timed too.
"""

from __future__ import annotations

import signal
import socket
import statistics
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from corpus import first_page, first_page_url
from quiet import QuietGate

REPO = Path(__file__).resolve().parents[1]


@dataclass
class PreviewResult:
    pages: int
    first_build: float
    rounds: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    @property
    def worst(self) -> float:
        return max(self.rounds)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.read().decode()


class EventStream:
    """The live-reload stream of the preview, read line by line like a browser's EventSource."""

    def __init__(self, port: int) -> None:
        self.connection = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.connection.sendall(f"GET /.sitegen-serve/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        self.buffer = b""

    def next_build(self) -> str:
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if line.startswith(b"data: "):
                    return line[6:].decode()
            chunk = self.connection.recv(4096)
            if not chunk:
                raise RuntimeError("the preview closed its event stream")
            self.buffer += chunk

    def close(self) -> None:
        self.connection.close()


def run(
    sitegen: Path, corpus: Path, pages: int, rounds: int, gate: QuietGate, log, settle: float = 0
) -> PreviewResult:
    """`settle` seconds pass between the first build and the first edit: a `sitegen serve` that starts watching
    only once it serves (before b50a730) misses an edit made at once."""
    site = corpus / "sitegen"
    page = first_page(corpus)
    url_path = first_page_url(corpus)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    gate.wait()
    started = time.monotonic()
    process = subprocess.Popen(
        [
            # With search, as `sitegen serve` runs by default: an edit re-indexes the page's shard too.
            str(sitegen), "serve", "--site", str(site), "--templates", str(REPO / "templates"), "--port", str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    stream = None
    try:
        while True:
            try:
                get(base + "/")
                break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError("sitegen serve exited before it served the site")
                time.sleep(0.02)
        result = PreviewResult(pages=pages, first_build=time.monotonic() - started)
        stream = EventStream(port)
        build = stream.next_build()
        time.sleep(settle)
        for number in range(rounds):
            gate.wait()
            marker = f"PREVIEW-EDIT-{number}-{time.time_ns()}"
            begin = time.monotonic()
            with page.open("a") as file:
                file.write(f"\nEdited in the preview: {marker}.\n")
            while (new := stream.next_build()) == build:
                pass
            build = new
            if marker not in get(base + url_path):
                raise RuntimeError(f"the preview announced a build without the edit {marker}")
            result.rounds.append(time.monotonic() - begin)
            log(f"  {pages} pages, sitegen serve edit-to-reload {number + 1}: {result.rounds[-1] * 1000:.0f} ms")
        return result
    finally:
        if stream:
            stream.close()
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
