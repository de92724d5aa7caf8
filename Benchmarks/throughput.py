"""Request throughput of one page served in several ways, measured with wrk on loopback.

(a) nginx, no auth, with the production snippet's SSI and headers; (a₀) nginx serving the file plainly,
for reference (Apache serves it that way too); (b) nginx auth_request to a trivial C FastCGI responder;
(b′) the same responder closing each connection as soon as it has answered, as sitegen-auth does,
instead of libfcgi's default of waiting for nginx to hang up first; (c) nginx auth_request to
sitegen-auth with a valid session (sessions in the default SQLite store); (cₘ) the same with metrics on
(--metrics-listen: every check counted and timed), measured right after (c); (c₀) the same with the sitegen-auth
of before the session store, whose sealed cookie carried the whole session (the reference for the store's
cost); (cᵣ) the same with sessions in Redis; (d) (c) with nginx caching the check's 204 answers for 5 s, keyed on
the Cookie header and the request URI, and (d′) the same with every request for a new URI, so every
check misses; (e) Apache with mod_auth_openidc, client-cookie sessions, and (e′) with server-cache
sessions.

Each round measures every configuration once, back to back; ratios to (a) are taken within a round and
the median round is reported, so load that comes and goes on a shared machine touches all alike. Each
configuration must answer the page with 200 before it is measured, and a run with any non-2xx answer is
an error, so a table never shows the speed of a redirect or a 401. Besides wrk's numbers, the CPU time the
serving processes used (nginx, the FastCGI responder, Apache) is divided by the requests answered.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from quiet import QuietGate
from servers import Servers
from scripted_sign_in import sign_in

WRK_CONNECTIONS = 32
UNIQUE_QUERY_SCRIPT = """
counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. "?miss=" .. counter)
end
"""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Configuration:
    name: str
    label: str
    port: str
    cookie: str = ""
    script: Path | None = None


@dataclass
class Sample:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    cpu_us_per_request: float
    #  Server name (nginx, auth, trivial, apache-e, …) → its CPU µs per request, where it used any.
    cpu_by_server: dict[str, float] = field(default_factory=dict)


@dataclass
class Pair:
    """(c) and (cₘ) measured back to back: requests per second and sitegen-auth's CPU µs per check of each."""

    rate_off: float
    cpu_off: float
    rate_on: float
    cpu_on: float


@dataclass
class Result:
    name: str
    label: str
    samples: list[Sample] = field(default_factory=list)
    ratios: list[tuple[float, float, float]] = field(default_factory=list)
    note: str = ""

    def median(self, attribute: str) -> float:
        return statistics.median(getattr(sample, attribute) for sample in self.samples)

    def median_cpu(self, server: str) -> float:
        return statistics.median(sample.cpu_by_server.get(server, 0.0) for sample in self.samples)

    @property
    def busy_servers(self) -> list[str]:
        """The servers that did work in this configuration, in a stable order."""
        return sorted({name for sample in self.samples for name in sample.cpu_by_server})

    def median_ratio(self, index: int) -> float:
        return statistics.median(ratio[index] for ratio in self.ratios)


def parse_duration(text: str) -> float:
    """wrk's `1.23ms`, `456.00us` or `1.02s`, in milliseconds."""
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def session_cpu_seconds(sessions: dict[int, str]) -> dict[str, float]:
    """Per server: user + system time of its live processes, plus what their reaped children used."""
    totals = dict.fromkeys(sessions.values(), 0.0)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = sessions.get(int(fields[3]))
        if name:
            totals[name] += sum(int(value) for value in fields[11:15]) / CLOCK_TICKS
    return totals


def wrk(url: str, cookie: str, seconds: int, script: Path | None) -> tuple[int, float, float, float]:
    """(requests, requests per second, p50 ms, p99 ms)."""
    command = ["wrk", "-t1", f"-c{WRK_CONNECTIONS}", f"-d{seconds}s", "--latency", "-H", f"Cookie: {cookie}"]
    if script:
        command += ["-s", str(script)]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    if re.search(r"Non-2xx or 3xx responses: (\d+)", output) or re.search(r"Socket errors: connect [1-9]", output):
        raise RuntimeError(f"wrk {url}: not every answer was a 2xx:\n{output}")
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = parse_duration(re.search(r"^\s+50%\s+(\S+)", output, re.MULTILINE).group(1))
    p99 = parse_duration(re.search(r"^\s+99%\s+(\S+)", output, re.MULTILINE).group(1))
    return requests, rate, p50, p99


def expect_page(url: str, cookie: str) -> None:
    request = urllib.request.Request(url, headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=10) as answer:
        if answer.status != 200:
            raise RuntimeError(f"{url} answers {answer.status}, not 200")


def cache_statuses(servers: Servers, name: str) -> dict[str, int]:
    """How the checks of (d) or (d₀) were answered so far, from nginx's access log: HIT, MISS, EXPIRED, BYPASS."""
    servers.reopen_nginx_logs()
    time.sleep(0.5)
    log = servers.state / "access.log"
    counts: dict[str, int] = {}
    prefix = f"{servers.ports[name]} "
    for line in log.read_text().splitlines() if log.exists() else []:
        if line.startswith(prefix):
            status = line.rsplit(" ", 1)[-1]
            counts[status] = counts.get(status, 0) + 1
    return counts


def configurations(servers: Servers, page: str, log) -> list[Configuration]:
    cookie = sign_in(servers.url("c", "/.auth/login?rd=" + page), servers.url("c", page), servers.provider_url, "ann")
    script = servers.state / "unique-query.lua"
    script.write_text(UNIQUE_QUERY_SCRIPT)
    found = [
        Configuration("a", "nginx, no auth", "a", cookie),
        Configuration("a₀", "nginx, plain static file: no SSI, no snippet (reference)", "a₀", cookie),
        Configuration("b", "nginx + auth_request → trivial C FastCGI", "b", cookie),
        Configuration("b′", "(b), the responder closing at once as sitegen-auth does", "b′", cookie),
        Configuration("c", "nginx + auth_request → sitegen-auth, SQLite session store", "c", cookie),
        Configuration("cₘ", "(c), metrics on: --metrics-listen", "cₘ",
                      sign_in(servers.url("cₘ", "/.auth/login?rd=" + page), servers.url("cₘ", page),
                              servers.provider_url, "ann")),
        Configuration("c₀", "(c), sitegen-auth before the session store: stateless cookie (reference)", "c₀",
                      sign_in(servers.url("c₀", "/.auth/login?rd=" + page), servers.url("c₀", page),
                              servers.provider_url, "ann")),
        Configuration("cᵣ", "(c), Redis session store", "cᵣ",
                      sign_in(servers.url("cᵣ", "/.auth/login?rd=" + page), servers.url("cᵣ", page),
                              servers.provider_url, "ann")),
        Configuration("d", "(c) + nginx cache of 204 checks, 5 s", "d", cookie),
        Configuration("d′", "(d), every request a new URI: all misses", "d", cookie, script),
        Configuration("d₀", "(d) keyed on the whole Cookie header, as before check keys (reference)", "d₀", cookie),
    ]
    for name, session_type in [("e", "client-cookie"), ("e′", "server-cache")]:
        servers.start_apache(name, session_type)
        apache_cookie = sign_in(servers.url(name, page), servers.url(name, page), servers.provider_url, "ann")
        found.append(Configuration(name, f"Apache + mod_auth_openidc, {session_type} sessions", name, apache_cookie))
    log(f"  signed in as ann on nginx and on both Apache servers; measuring {page}")
    return found


def run(servers: Servers, page: str, seconds: int, rounds: int, gate: QuietGate, log) -> list[Result]:
    """Measures every configuration `rounds` times against started `servers`."""
    chosen = configurations(servers, page, log)
    results = {configuration.name: Result(configuration.name, configuration.label) for configuration in chosen}
    sessions = servers.server_sessions()
    hits = {"d": 0, "d₀": 0}
    total = {"d": 0, "d₀": 0}
    for number in range(rounds):
        samples: dict[str, Sample] = {}
        for configuration in chosen:
            url = servers.url(configuration.port, page)
            gate.wait()
            expect_page(url, configuration.cookie)
            wrk(url, configuration.cookie, 1, configuration.script)
            cached = configuration.name in hits
            before_cache = cache_statuses(servers, configuration.name) if cached else {}
            counted_before = servers.allowed_checks() if configuration.name == "cₘ" else 0
            cpu_before = session_cpu_seconds(sessions)
            requests, rate, p50, p99 = wrk(url, configuration.cookie, seconds, configuration.script)
            cpu_after = session_cpu_seconds(sessions)
            if configuration.name == "cₘ" and servers.allowed_checks() - counted_before < requests:
                raise RuntimeError(f"(cₘ) answered {requests} requests but its /metrics counted fewer allowed checks")
            by_server = {
                name: 1e6 * (cpu_after[name] - cpu_before[name]) / requests
                for name in cpu_after
                if cpu_after[name] - cpu_before[name] > 0.02
            }
            cpu = sum(cpu_after.values()) - sum(cpu_before.values())
            if cached:
                after_cache = cache_statuses(servers, configuration.name)
                hits[configuration.name] += after_cache.get("HIT", 0) - before_cache.get("HIT", 0)
                total[configuration.name] += sum(after_cache.values()) - sum(before_cache.values())
            samples[configuration.name] = Sample(rate, p50, p99, 1e6 * cpu / requests, by_server)
            log(f"  round {number + 1}, ({configuration.name}) {configuration.label}: {rate:,.0f} req/s, "
                f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, {1e6 * cpu / requests:.0f} µs CPU per request")
        limit = samples["a"]
        for name, sample in samples.items():
            results[name].samples.append(sample)
            results[name].ratios.append(
                (sample.requests_per_second / limit.requests_per_second, sample.p50_ms / limit.p50_ms,
                 sample.p99_ms / limit.p99_ms)
            )
    for name in hits:
        if hits[name] == 0:
            raise RuntimeError(f"({name}) answered no check from the nginx cache; see {servers.state}/access.log")
        results[name].note = f"{100 * hits[name] / total[name]:.2f} % of its checks were answered from the nginx cache"
    return list(results.values())


def drive(servers: Servers, page: str, seconds: int) -> None:
    """Keeps configuration (c) busy for `seconds`, for a profiler watching sitegen-auth."""
    cookie = sign_in(servers.url("c", "/.auth/login?rd=" + page), servers.url("c", page), servers.provider_url, "ann")
    wrk(servers.url("c", page), cookie, seconds, None)


PAIRED_PROCESSES = {
    "c": "auth", "cₘ": "auth-metrics", "cₒ": "auth-recheck-off", "cₖ": "auth-recheck", "d₀": "nginx", "d": "nginx"
}


def paired(
    servers: Servers, page: str, pairs: int, seconds: int, log, off: str = "c", on: str = "cₘ"
) -> list[Pair]:
    """(c) and (cₘ) back to back (or `off` and `on`: (cₒ) and (cₖ), re-checks off and every 10 s; (d₀) and (d), the
    check cache keyed on the Cookie header and on the check key), `pairs` times, in alternating order so load that
    drifts touches both alike.

    The targets are 3 % (metrics), 5 % (re-checks) and 10 % (the key), no more than one round moves on a shared
    machine; pairs measured seconds apart, and the CPU per request of the process that differs (sitegen-auth, or
    nginx for the key), see through that.
    """
    # (d₀) and (d) are nginx's ports in front of (c)'s sitegen-auth, whose redirect_uri is on (c)'s port.
    signs_in_at = {name: "c" if name.startswith("d") else name for name in [off, on]}
    cookies = {
        name: sign_in(
            servers.url(port, "/.auth/login?rd=" + page), servers.url(port, page), servers.provider_for(port), "ann"
        )
        for name, port in signs_in_at.items()
    }
    processes = PAIRED_PROCESSES
    sessions = servers.server_sessions()
    measured: list[Pair] = []
    for number in range(pairs):
        sample = {}
        for name in ([off, on] if number % 2 == 0 else [on, off]):
            url = servers.url(name, page)
            wrk(url, cookies[name], 1, None)
            before = session_cpu_seconds(sessions)
            requests, rate, _, _ = wrk(url, cookies[name], seconds, None)
            after = session_cpu_seconds(sessions)
            server = processes[name]
            sample[name] = (rate, 1e6 * (after[server] - before[server]) / requests)
        measured.append(Pair(*sample[off], *sample[on]))
        log(f"  pair {number + 1}: ({off}) {sample[off][0]:,.0f} req/s, {processes[off]} {sample[off][1]:.0f} µs per "
            f"request; ({on}) {sample[on][0]:,.0f} req/s, {sample[on][1]:.0f} µs")
    return measured
