"""sitegen-auth's start-up: the binary run directly as `sitegen-auth --version` and as a CGI check with a session,
alternating in batches; CPU and wall time of each run, and callgrind's count of the instructions of one of each."""

from __future__ import annotations

import re
import resource
import shutil
import statistics
import subprocess
import time
from pathlib import Path

from quiet import QuietGate


def run_once(command: list[str], environment: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run, which must succeed (a check: allow the page)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, env=environment, stdin=subprocess.DEVNULL, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0 or (environment and not result.stdout.startswith(b"Status: 204")):
        raise RuntimeError(f"{' '.join(command)} failed: {result.stdout[:200]!r} {result.stderr[:300]!r}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def measure_startup(
    auth: Path, config: Path, page: str, cookie: str, runs: int, gate: QuietGate, work: Path
) -> dict:
    check_environment = {
        "SITEGEN_AUTH_CONFIG": str(config), "REQUEST_METHOD": "GET", "DOCUMENT_URI": "/.auth/check",
        "HTTP_X_ORIGINAL_URI": page, "HTTP_COOKIE": cookie, "GATEWAY_INTERFACE": "CGI/1.1",
    }
    kinds = {"version": ([str(auth), "--version"], {}), "check": ([str(auth)], check_environment)}
    samples: dict[str, list[tuple[float, float]]] = {"version": [], "check": []}
    for batch in range(max(1, runs // 20)):
        gate.wait()
        for kind in ("version", "check") if batch % 2 == 0 else ("check", "version"):
            command, environment = kinds[kind]
            samples[kind] += [run_once(command, environment) for _ in range(20)]
    result = {kind: (statistics.median(s[0] for s in rows), statistics.median(s[1] for s in rows))
              for kind, rows in samples.items()}
    result["instructions"] = {}
    if shutil.which("valgrind"):
        # valgrind cannot read the DWARF of Swift binaries; without it (symbols kept) the code is the same.
        readable = work / "sitegen-auth-without-debug-info"
        subprocess.run(["strip", "--strip-debug", "-o", str(readable), str(auth)], check=True)
        for kind, (command, environment) in kinds.items():
            out = work / f"callgrind-{kind}.out"
            result["instructions"][kind] = instructions([str(readable), *command[1:]], environment, out)
    return result


def instructions(command: list[str], environment: dict[str, str], out: Path) -> int:
    """Instructions one run executes, counted by callgrind into `out` (callgrind_annotate reads it)."""
    output = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
        env=environment, stdin=subprocess.DEVNULL, capture_output=True, text=True,
    ).stderr
    found = re.search(r"Collected : (\d+)", output)
    if not found:
        raise RuntimeError(f"callgrind could not run {command[0]}:\n{output[-2000:]}")
    return int(found.group(1))

