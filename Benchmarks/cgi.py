"""sitegen-auth as plain CGI against the FastCGI server, and the CGI check against the program's bare start-up.

One nginx serves the same protected page of the 1,000-page corpus on two loopback ports, each with a variant of
its production snippet without the check cache, so every request runs a check: (f) deploy/nginx/sitegen-auth.conf
to the FastCGI server, (g) deploy/nginx/sitegen-auth-cgi.conf to Debian's fcgiwrap (`-c 2`), which starts
sitegen-auth once per request. Both use one config file, so one real session (a scripted sign-in against
oidc-provider-mock) opens the page on both. Each round runs `wrk -t1 -c4` on (f) then (g); ratios are taken within
a round and the median round is reported. The check's own CPU per request is sitegen-auth's: the server process's user +
system time for (f); for (g) the time of the processes fcgiwrap started, read from a cgroup fcgiwrap runs in
(their time reaches no parent's `cutime`: fcgiwrap does not wait for them), less fcgiwrap's own time.

Start-up: the same binary run directly, alternating in batches, as `sitegen-auth --version` and as a CGI check of
the page with the session cookie (the environment fcgiwrap would give it); CPU is user + system time of the
children, wall time around each run. valgrind's callgrind also counts the instructions of one run of each, which
no load on the machine changes. Target: the CGI check within 1.5 × the bare start-up.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from cgi_stack import CGIStack  # noqa: E402
from cgi_startup import measure_startup  # noqa: E402
from corpus import first_page_url, write_corpus  # noqa: E402
from process_cpu import CPUGroup, cpu_seconds, fcgiwrap_pids  # noqa: E402
from quiet import QuietGate  # noqa: E402
from scripted_sign_in import sign_in  # noqa: E402
from stack import Stack, free_port, port_open, wait_for  # noqa: E402
from servers import CACHE_LINE  # noqa: E402
from throughput import expect_page  # noqa: E402

FASTCGI_SNIPPET = REPO / "deploy" / "nginx" / "sitegen-auth.conf"


def uncached(snippet: str) -> str:
    """The snippet without the check cache: every request runs a check."""
    return "\n".join(
        line for line in snippet.splitlines() if not CACHE_LINE.match(line)
    )


class Bench:
    """The provider, the FastCGI sitegen-auth, fcgiwrap and one nginx with (f) and (g)."""

    def __init__(self, work: Path, public: Path, auth_bin: Path) -> None:
        self.state = work / "cgi-serve"
        shutil.rmtree(self.state, ignore_errors=True)
        self.group = CPUGroup(f"sitegen-bench-cgi-{os.getpid()}")
        self.stack = CGIStack(state=self.state, public=public, bin_dir=auth_bin.parent, launcher=self.group.launcher)
        self.ports = {"f": free_port(), "g": free_port()}

    def start(self) -> None:
        stack = self.stack
        stack.http_port = self.ports["f"]
        stack.provider_port = free_port()
        (self.state / "tmp").mkdir(parents=True, exist_ok=True)
        stack.start_provider()
        stack.write_auth_config()
        Stack.start_auth(stack)  # the FastCGI server, as stack.py starts it
        stack.start_auth()  # fcgiwrap, and the CGI snippet with the stack's paths
        (self.state / "snippet-f.conf").write_text(uncached(FASTCGI_SNIPPET.read_text()))
        (self.state / "snippet-g.conf").write_text(uncached(stack.snippet.read_text()))
        stack.snippet = self.state / "snippet-f.conf"
        stack.start_nginx()
        config = (self.state / "nginx.conf").read_text().replace("worker_processes 1;", "worker_processes 2;")
        second = re.search(r"\n    server \{.*?\n    \}\n", config, re.DOTALL).group(0)
        config = config.replace(
            second,
            second
            + second.replace(f":{self.ports['f']};", f":{self.ports['g']};").replace(
                str(self.state / "snippet-f.conf"), str(self.state / "snippet-g.conf")
            ),
        )
        (self.state / "nginx.conf").write_text(config)
        stack.terminate("nginx")
        stack.spawn("nginx", ["nginx", "-c", str(self.state / "nginx.conf"), "-p", str(self.state)])
        wait_for(lambda: port_open(self.ports["g"]), "nginx")

    def url(self, name: str, path: str) -> str:
        return f"http://127.0.0.1:{self.ports[name]}{path}"

    def check_cpu(self, name: str) -> float:
        if name == "f":
            return cpu_seconds(self.stack.processes["auth"].pid, children=False)
        own = sum(cpu_seconds(pid, children=False) for pid in fcgiwrap_pids(self.stack.processes["fcgiwrap"].pid))
        return self.group.seconds() - own

    def stop(self) -> None:
        self.stack.stop()
        self.group.remove()


def wrk(url: str, cookie: str, seconds: int) -> tuple[int, float]:
    """(requests, requests per second) of `wrk -t1 -c4`, whose every answer must be a 2xx."""
    command = ["wrk", "-t1", "-c4", f"-d{seconds}s", "--timeout", "20s", "-H", f"Cookie: {cookie}", url]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    if re.search(r"Non-2xx or 3xx responses|Socket errors", output) or " 0 requests in" in output:
        raise RuntimeError(f"wrk {url}: not every answer was a 2xx:\n{output}")
    return int(re.search(r"(\d+) requests in", output).group(1)), float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def measure_servers(bench: Bench, page: str, cookie: str, rounds: int, seconds: int, gate: QuietGate) -> dict:
    samples: dict[str, list[tuple[float, float]]] = {"f": [], "g": []}
    for _ in range(rounds):
        for name in ("f", "g"):
            for _ in range(4):
                expect_page(bench.url(name, page), cookie)
            gate.wait()
            before = bench.check_cpu(name)
            requests, rate = wrk(bench.url(name, page), cookie, seconds)
            samples[name].append((rate, (bench.check_cpu(name) - before) / requests * 1e6))
    ratios = [g[0] / f[0] for f, g in zip(samples["f"], samples["g"])]
    median = {name: (statistics.median(s[0] for s in rows), statistics.median(s[1] for s in rows))
              for name, rows in samples.items()}
    return {"median": median, "ratio": statistics.median(ratios)}


def report(servers: dict, startup: dict, rounds: int, seconds: int, gate: QuietGate) -> list[str]:
    (f_rate, f_cpu), (g_rate, g_cpu) = servers["median"]["f"], servers["median"]["g"]
    (v_cpu, v_wall), (c_cpu, c_wall) = startup["version"], startup["check"]
    lines = [
        f"## CGI against FastCGI (median of {rounds} rounds of {seconds} s; start-up: median run)", "",
        "| configuration | requests/s | sitegen-auth CPU per check |", "|---|---|---|",
        f"| (f) nginx → sitegen-auth, FastCGI server | {f_rate:,.0f} | {f_cpu:,.0f} µs |",
        f"| (g) nginx → fcgiwrap → sitegen-auth as CGI | {g_rate:,.0f} ({servers['ratio']:.3f} × (f)) | "
        f"{g_cpu:,.0f} µs ({g_cpu / max(f_cpu, 1e-9):.0f} × (f)) |",
        "", "| run | CPU | wall | instructions |", "|---|---|---|---|",
    ]
    counted = startup["instructions"]
    for label, kind, cpu, wall in (("`sitegen-auth --version`", "version", v_cpu, v_wall),
                                   ("a CGI check with a session", "check", c_cpu, c_wall)):
        count = f"{counted[kind] / 1e6:,.1f} M" if kind in counted else "not measured"
        lines.append(f"| {label} | {cpu * 1000:.1f} ms | {wall * 1000:.1f} ms | {count} |")
    ratio = c_cpu / v_cpu if v_cpu else float("nan")
    counted_ratio = f", instructions {counted['check'] / counted['version']:.2f} ×" if counted else ""
    lines += ["", f"CGI check ≤ 1.5 × bare start-up: CPU **{ratio:.2f} ×**{counted_ratio}; "
              f"{'met' if ratio <= 1.5 else 'not met'}.", "", gate.summary(), ""]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=HERE / ".work")
    parser.add_argument("--sitegen", type=Path, default=REPO / ".build-bench" / "release" / "sitegen")
    parser.add_argument("--auth", type=Path, default=REPO / ".build-static" / "release" / "sitegen-auth",
                        help="the sitegen-auth measured: the static release build the Debian package ships")
    parser.add_argument("--quick", action="store_true", help="1 round of 3 s, 100 start-ups of each kind")
    arguments = parser.parse_args()
    rounds, seconds, runs = (1, 3, 100) if arguments.quick else (5, 10, 200)
    work = arguments.work.resolve()
    corpus = work / "corpus-1000"
    if not (corpus / "sitegen").exists():
        write_corpus(1000, corpus, layouts=("sitegen",))
    public = work / "cgi-public"
    subprocess.run([str(arguments.sitegen), "build", "--no-search", "--site", str(corpus / "sitegen"),
                    "--output", str(public)], check=True, capture_output=True)
    page = first_page_url(corpus)
    gate = QuietGate()
    bench = Bench(work, public, arguments.auth.resolve())
    try:
        bench.start()
        cookie = sign_in(bench.url("f", "/.auth/login?rd=" + page), bench.url("f", page), bench.stack.provider_url,
                         "ann")
        for name in ("f", "g"):
            expect_page(bench.url(name, page), cookie)
        servers = measure_servers(bench, page, cookie, rounds, seconds, gate)
        (work / "cgi-cookie.txt").write_text(cookie)
        startup = measure_startup(arguments.auth.resolve(), bench.stack.auth_config, page, cookie, runs, gate, work)
    finally:
        bench.stop()
    lines = report(servers, startup, rounds, seconds, gate)
    print("\n".join(lines))
    (work / "results-cgi.md").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
