"""Where the time goes: CPU profiles of a sitegen build and of sitegen-auth answering checks.

`perf record -e cpu-clock` (a software clock, so it works in virtual machines without hardware counters)
samples call stacks; the summary lists the functions with the largest inclusive share of samples that
belong to sitegen's code or its libraries, demangled. Without a usable perf, the build is profiled with
valgrind's callgrind instead (much slower), and the check path is read from (b) versus (c).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

SWIFT_DEMANGLE = shutil.which("swift-demangle") or "/opt/swift/usr/bin/swift-demangle"
# Mangled module names of sitegen's code and the libraries it calls, as they appear in symbols.
OWN_MODULES = ("11SiteBuilder", "8Mustache", "9EntraAuth", "12sitegen_auth", "11AccessRules", "4Yams", "7sitegen")
NOISE = ("thunk", "partial apply", "closure #1 in closure #1 in concurrentMap", "Thread.main", "NSThreadStart")


def perf_works() -> bool:
    if not shutil.which("perf"):
        return False
    probe = subprocess.run(
        ["perf", "record", "-q", "-e", "cpu-clock", "-o", "/dev/null", "--", "true"], capture_output=True
    )
    return probe.returncode == 0


def demangle(symbols: list[str]) -> list[str]:
    if not Path(SWIFT_DEMANGLE).exists():
        return symbols
    result = subprocess.run(
        [SWIFT_DEMANGLE, "--simplified"], input="\n".join(symbols), capture_output=True, text=True
    )
    lines = result.stdout.splitlines()
    return lines if len(lines) == len(symbols) else symbols


def summarize(data: Path, top: int = 14) -> list[tuple[float, float, str]]:
    """(inclusive %, self %, function) for the heaviest functions of sitegen's own code and libraries."""
    report = subprocess.run(
        ["perf", "report", "-i", str(data), "--children", "--sort", "symbol", "-g", "none", "--stdio",
         "--percent-limit", "1"],
        capture_output=True,
        text=True,
    ).stdout
    rows = []
    for line in report.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+([\d.]+)%\s+\[\.\]\s+(\S+)", line)
        if match and any(module in match.group(3) for module in OWN_MODULES):
            rows.append((float(match.group(1)), float(match.group(2)), match.group(3)))
    names = demangle([symbol for _, _, symbol in rows])
    return condense(rows, names, top)


def condense(rows: list[tuple[float, float, str]], names: list[str], top: int) -> list[tuple[float, float, str]]:
    """Drops thunks and the pass-through frames of a call chain (a caller whose share its callee repeats)."""
    summary: list[tuple[float, float, str]] = []
    for (inclusive, own, _), name in zip(rows, names):
        if any(noise in name for noise in NOISE) or any(name == seen for _, _, seen in summary):
            continue
        if summary and summary[-1][0] - inclusive < 0.5 and summary[-1][1] < 0.5:
            summary.pop()
        summary.append((inclusive, own, name[:140]))
    return summary[:top]


def self_time(data: Path, top: int = 10) -> list[tuple[float, str]]:
    """(self %, function) for the functions that take the most samples themselves, whatever library they are in."""
    report = subprocess.run(
        ["perf", "report", "-i", str(data), "--no-children", "--sort", "dso,symbol", "-g", "none", "--stdio"],
        capture_output=True,
        text=True,
    ).stdout
    rows = []
    for line in report.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[[.k]\]\s+(\S+)", line)
        if match:
            rows.append((float(match.group(1)), match.group(2), match.group(3)))
        if len(rows) == top:
            break
    names = demangle([symbol for _, _, symbol in rows])
    return [(share, f"{name[:110]} ({library})") for (share, library, _), name in zip(rows, names)]


def profile_command(command: list[str], data: Path) -> None:
    subprocess.run(
        ["perf", "record", "-q", "-e", "cpu-clock", "-F", "999", "-g", "-o", str(data), "--", *command],
        capture_output=True,
        check=True,
    )


def profile_process(pid: int, seconds: int, data: Path) -> subprocess.Popen:
    """Starts sampling a running process for `seconds`; the caller drives load meanwhile and waits."""
    return subprocess.Popen(
        ["perf", "record", "-q", "-e", "cpu-clock", "-F", "999", "-g", "-p", str(pid), "-o", str(data),
         "--", "sleep", str(seconds)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def callgrind_build(command: list[str], out: Path, top: int = 14) -> list[tuple[float, float, str]]:
    """The build under callgrind: (inclusive %, self %, function) of sitegen's heaviest functions."""
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command], capture_output=True, check=True
    )
    inclusive = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", str(out)], capture_output=True, text=True
    ).stdout
    total = re.search(r"([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS", inclusive)
    if not total:
        return []
    everything = int(total.group(1).replace(",", ""))
    rows = []
    for line in inclusive.splitlines():
        match = re.match(r"\s*([\d,]+)\s+\([\s\d.]+%\)\s+\S*:(\S+)", line)
        if match and any(module in match.group(2) for module in OWN_MODULES):
            rows.append((100 * int(match.group(1).replace(",", "")) / everything, 0.0, match.group(2)))
    return condense(rows, demangle([symbol for _, _, symbol in rows]), top)
