"""Soak test (make soak): 100 connections for 60 s against a protected page through the production snippet.

Three runs, each against a fresh stack (real nginx around deploy/nginx/sitegen-auth.conf, the release sitegen-auth, the
test provider) and a session from a scripted sign-in:

  cached    the production snippet, nginx keeping allowed check answers for 5 s;
  uncached  the snippet without the check cache: every request is checked by sitegen-auth;
  new-uri   the production snippet, every request for a new query string: every check misses the cache.

Passes when every run had no socket error and no answer other than 200 (counted by a wrk script, 3xx included),
and sitegen-auth's resident memory stayed flat: its largest sample during the run at most 1.1 × its first (taken
after a warm-up run). Memory is read from /proc/PID/status every half second. The machine may be shared: each run
waits for a quiet machine first (at most 30 s), and the results say how many started quiet. Results: a Markdown
table on stdout and in Benchmarks/.work/soak.md.

  SOAK_SECONDS (60), SOAK_CONNECTIONS (100), SOAK_WARMUP_SECONDS (10)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from quiet import QuietGate  # noqa: E402
from scripted_sign_in import sign_in  # noqa: E402
from servers import snippet_variants  # noqa: E402
from stack import Stack  # noqa: E402

SECONDS = int(os.environ.get("SOAK_SECONDS", "60"))
CONNECTIONS = int(os.environ.get("SOAK_CONNECTIONS", "100"))
WARMUP_SECONDS = int(os.environ.get("SOAK_WARMUP_SECONDS", "10"))
RSS_GROWTH_LIMIT = 1.1
PAGE = "/finance/report/"
WORK = HERE / ".work" / "soak"
# Every run counts the answers that are not 200 in each wrk thread (wrk's own "Non-2xx or 3xx" count leaves out
# 3xx, such as the 302 to sign-in a lost session would get); NEW_URI makes each thread's addresses its own.
STATUS_SCRIPT = """
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
function init(args)
  counter = 0
  other = 0
end
%s
function response(status, headers, body)
  if status ~= 200 then other = other + 1 end
end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("other") end
  io.write(string.format("Answers other than 200: %%d\\n", total))
end
"""
NEW_URI = """
function request()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. "?soak=" .. id .. "-" .. counter)
end
"""


@dataclass
class Run:
    name: str
    label: str
    snippet: Path
    new_uri: bool = False
    requests: int = 0
    rate: float = 0.0
    p99_ms: float = 0.0
    socket_errors: int = 0
    not_200: int = 0
    rss_kib: list[int] = field(default_factory=list)

    @property
    def growth(self) -> float:
        return max(self.rss_kib) / self.rss_kib[0]

    @property
    def passed(self) -> bool:
        return self.requests > 0 and self.socket_errors == 0 and self.not_200 == 0 and self.growth <= RSS_GROWTH_LIMIT


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"^VmRSS:\s+(\d+) kB", status.read(), re.MULTILINE).group(1))


def wrk(url: str, cookie: str, seconds: int, script: Path) -> str:
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--timeout", "10s", "--latency"]
    command += ["-H", f"Cookie: {cookie}", "-s", str(script), url]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def milliseconds(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def measure(run: Run, public: Path, gate: QuietGate) -> None:
    state = WORK / run.name
    shutil.rmtree(state, ignore_errors=True)
    stack = Stack(state=state, public=public, bin_dir=REPO / ".build" / "release", snippet=run.snippet)
    stack.start()
    try:
        cookie = sign_in(
            stack.base_url + "/.auth/login?rd=" + PAGE, stack.base_url + PAGE, stack.provider_url, "ann"
        )
        url = stack.base_url + PAGE
        script = WORK / f"{run.name}.lua"
        script.write_text(STATUS_SCRIPT % (NEW_URI if run.new_uri else ""))
        gate.wait()
        wrk(url, cookie, WARMUP_SECONDS, script)
        pid = stack.processes["auth"].pid
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                run.rss_kib.append(rss_kib(pid))
                done.wait(0.5)

        sampler = threading.Thread(target=sample)
        sampler.start()
        try:
            output = wrk(url, cookie, SECONDS, script)
        finally:
            done.set()
            sampler.join()
        run.requests = int(re.search(r"(\d+) requests in", output).group(1))
        run.rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
        run.p99_ms = milliseconds(re.search(r"^\s+99%\s+(\S+)", output, re.MULTILINE).group(1))
        errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
        run.socket_errors = sum(int(count) for count in errors.groups()) if errors else 0
        run.not_200 = int(re.search(r"Answers other than 200: (\d+)", output).group(1))
        if stack.processes["auth"].poll() is not None:
            raise RuntimeError(f"sitegen-auth exited during the run; see {state / 'auth.log'}")
    finally:
        stack.stop()


def table(runs: list[Run], gate: QuietGate) -> str:
    lines = [
        f"{CONNECTIONS} connections, {SECONDS} s per run after a {WARMUP_SECONDS} s warm-up, page {PAGE} "
        f"(app role rule), release build. {gate.summary()}",
        "",
        "| run | requests | req/s | p99 | socket errors | not 200 | sitegen-auth RSS first → last (max) | max/first | |",
        "|---|---:|---:|---:|---:|---:|---|---:|---|",
    ]
    for run in runs:
        first, last, largest = run.rss_kib[0] / 1024, run.rss_kib[-1] / 1024, max(run.rss_kib) / 1024
        lines.append(
            f"| {run.label} | {run.requests:,} | {run.rate:,.0f} | {run.p99_ms:.1f} ms | {run.socket_errors} | "
            f"{run.not_200} | {first:.1f} → {last:.1f} MiB ({largest:.1f}) | {run.growth:.3f} | "
            f"{'pass' if run.passed else 'FAIL'} |"
        )
    return "\n".join(lines)


def main() -> int:
    WORK.mkdir(parents=True, exist_ok=True)
    public = WORK / "public"
    build = subprocess.run(
        [str(REPO / ".build" / "release" / "sitegen"), "build", "--site", str(REPO / "Tests" / "e2e" / "site"),
         "--templates", str(REPO / "templates"), "--output", str(public)],
        capture_output=True, text=True,
    )
    if build.returncode != 0:
        print(build.stdout + build.stderr, file=sys.stderr)
        return 1
    uncached = WORK / "snippet-uncached.conf"
    uncached.write_text(snippet_variants()["c"])
    production = REPO / "deploy" / "nginx" / "sitegen-auth.conf"
    runs = [
        Run("cached", "with the check cache (production snippet)", production),
        Run("uncached", "without the check cache", uncached),
        Run("new-uri", "with the cache, a new URI per request (every check misses)", production, new_uri=True),
    ]
    gate = QuietGate()
    for run in runs:
        print(f"soak: {run.label}, {CONNECTIONS} connections for {SECONDS} s…", file=sys.stderr, flush=True)
        measure(run, public, gate)
    report = table(runs, gate)
    (HERE / ".work" / "soak.md").write_text(report + "\n")
    print(report)
    return 0 if all(run.passed for run in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
