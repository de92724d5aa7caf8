"""Starts and stops every server of the throughput benchmark on loopback, all files under one state folder.

The provider and sitegen-auth are started by Tests/e2e/stack.py, the launcher of `make demo` and the
end-to-end tests, so the benchmark signs in exactly as they do. nginx serves configurations (a)–(d) from
variants of the production snippet deploy/nginx/sitegen-auth.conf; Apache with mod_auth_openidc serves (e).
`stop()` ends every process started here, and only those.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from stack import Stack, free_port, port_open, wait_for  # noqa: E402

SNIPPET = REPO / "deploy" / "nginx" / "sitegen-auth.conf"
CACHE_CONF = REPO / "deploy" / "nginx" / "sitegen-auth-cache.conf"
CHECK_LOCATION = "location = /.auth/check {"
# Debian's nginx.conf says `worker_processes auto`, one per core: two on the benchmark machine.
NGINX_WORKERS = int(os.environ.get("BENCH_NGINX_WORKERS", "2"))
NGINX_CONFIGURATIONS = ["a₀", "a", "b", "b′", "c", "cₘ", "c₀", "cᵣ", "cₒ", "cₖ", "d", "d₀"]
# The lines of the check location that belong to the check cache, with or without its check key.
CACHE_LINE = re.compile(
    r"\s*(fastcgi_cache|fastcgi_ignore_headers|fastcgi_no_cache|secure_link|fastcgi_param HTTP_X_SITEGEN_CHECK_KEY)"
)


def port_placeholder(name: str) -> str:
    """a₀ → @PORT_A0@, b′ → @PORT_B1@, cᵣ → @PORT_CR@, cₘ → @PORT_CM@: the port of a configuration in nginx.conf.in."""
    for mark, letter in [("₀", "0"), ("′", "1"), ("ᵣ", "R"), ("ₘ", "M"), ("ₒ", "O"), ("ₖ", "K")]:
        name = name.replace(mark, letter)
    return "@PORT_" + name.upper() + "@"


def cache_settings() -> tuple[str, list[str]]:
    """The http-level part of sitegen-auth-cache.conf, and the check-location lines it documents."""
    text = CACHE_CONF.read_text()
    http_part = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    location_lines = [line.strip("# ") for line in text.splitlines() if re.match(r"#\s{4}", line) and
                      CACHE_LINE.match(line[1:])]
    if not location_lines or "fastcgi_cache_path" not in http_part:
        raise RuntimeError(f"{CACHE_CONF} no longer has the fastcgi_cache_path and check-location lines expected")
    return http_part, location_lines


def snippet_variants() -> dict[str, str]:
    """b: checks by the trivial responder; b-closing: by the one closing at once (b′); c: sitegen-auth without
    the check cache; c-metrics, c-stateless and c-redis: the same against the other three sitegen-auth processes;
    d: (c) with the check cache; d-cookie: the same keyed on the whole Cookie header, as before check keys (nginx
    still passes the check key, so today's sitegen-auth lets it keep answers: only nginx's side differs)."""
    production = SNIPPET.read_text()
    if CHECK_LOCATION not in production:
        raise RuntimeError(f"{SNIPPET} has no '{CHECK_LOCATION}' block to vary")
    _, cache_lines = cache_settings()
    uncached = "\n".join(
        line for line in production.splitlines() if not CACHE_LINE.match(line)
    )
    indented = "".join(f"\n    {line}" for line in cache_lines)
    cookie_keyed = "".join(
        f"\n    {line.replace('$sitegen_check_key', '$http_cookie') if line.startswith('fastcgi_cache_key') else line}"
        for line in cache_lines
        if not re.match(r"secure_link|fastcgi_cache_bypass|fastcgi_no_cache", line)
    )
    return {
        "b": uncached.replace("fastcgi_pass sitegen_auth;", "fastcgi_pass trivial_fcgi;"),
        "b-closing": uncached.replace("fastcgi_pass sitegen_auth;", "fastcgi_pass trivial_fcgi_closing;"),
        "c": uncached,
        "c-metrics": uncached.replace("fastcgi_pass sitegen_auth;", "fastcgi_pass sitegen_auth_metrics;"),
        "c-stateless": uncached.replace("fastcgi_pass sitegen_auth;", "fastcgi_pass sitegen_auth_stateless;"),
        "c-redis": uncached.replace("fastcgi_pass sitegen_auth;", "fastcgi_pass sitegen_auth_redis;"),
        "c-recheck-off": uncached.replace("fastcgi_pass sitegen_auth;", "fastcgi_pass sitegen_auth_recheck_off;"),
        "c-recheck": uncached.replace("fastcgi_pass sitegen_auth;", "fastcgi_pass sitegen_auth_recheck;"),
        "d": uncached.replace(CHECK_LOCATION, CHECK_LOCATION + indented),
        "d-cookie": uncached.replace(CHECK_LOCATION, CHECK_LOCATION + cookie_keyed),
    }


class Servers:
    """Provider, sitegen-auth (SQLite store), the same with metrics on, the sitegen-auth of before the session store,
    sitegen-auth on Redis, the trivial responders and nginx (a₀)–(d); Apache (e), (e′) on demand."""

    def __init__(
        self, state: Path, public: Path, bin_dir: Path, venv_bin: Path, trivial: Path, stateless_bin: Path
    ) -> None:
        self.state = state
        self.public = public
        self.trivial = trivial
        self.stateless_bin = stateless_bin
        self.ports = {
            name: free_port() for name in [*NGINX_CONFIGURATIONS, "e", "e′"]
        }
        self.world_port = free_port()
        self.redis_port = free_port()
        self.metrics_port = free_port()
        # oidc-provider-mock answers a refresh grant without an ID token, so a re-check against it never succeeds:
        # 15 minutes into a run, every session would be overdue, and sitegen-auth lets nginx keep no answer for an
        # overdue session. Re-checks are measured on their own, against world_provider.py: (cₒ) and (cₖ).
        self.stack = Stack(
            state=state, public=public, http_port=self.ports["c"], bin_dir=bin_dir, venv_bin=venv_bin,
            auth_settings={"recheck_every": "off"},
        )
        self.cache_folder = Path("/dev/shm") / f"sitegen-bench-cache-{os.getpid()}"

    def url(self, name: str, path: str) -> str:
        return f"http://127.0.0.1:{self.ports[name]}{path}"

    @property
    def provider_url(self) -> str:
        return self.stack.provider_url

    @property
    def world_url(self) -> str:
        """world_provider.py, which answers refresh grants with ID tokens, for the re-check pair (cₒ), (cₖ)."""
        return f"http://127.0.0.1:{self.world_port}"

    def provider_for(self, configuration: str) -> str:
        return self.world_url if configuration in ("cₒ", "cₖ") else self.provider_url

    def start(self) -> None:
        (self.state / "tmp").mkdir(parents=True, exist_ok=True)
        self.stack.provider_port = free_port()
        self.stack.start_provider()
        self.stack.write_auth_config()
        self.stack.start_auth()
        self.start_redis()
        self.start_auth_variant("stateless", self.stateless_bin, "c₀", store=None)
        self.start_auth_variant(
            "redis", self.stack.bin_dir / "sitegen-auth", "cᵣ", store=f"redis://127.0.0.1:{self.redis_port}/0"
        )
        self.start_auth_variant(
            "metrics", self.stack.bin_dir / "sitegen-auth", "cₘ", store=f"sqlite:{self.state / 'sessions-metrics.db'}",
            options=["--metrics-listen", f"127.0.0.1:{self.metrics_port}"],
        )
        self.start_recheck_pair()
        for name, options in [("trivial", []), ("trivial-closing", ["--close-at-once"])]:
            socket_path = self.state / f"{name}.sock"
            self.stack.spawn(name, [str(self.trivial), str(socket_path), "4", *options])
            wait_for(socket_path.exists, f"the {name} FastCGI responder")
        self.start_nginx()

    def start_recheck_pair(self) -> None:
        """(cₒ) re-checks off and (cₖ) re-checks every 10 s, both signing in at world_provider.py, so (cₖ)'s
        re-checks redeem real refresh tokens and succeed while it is measured."""
        script = REPO / "Tests" / "e2e" / "world_provider.py"
        users = [json.dumps(user) for user in self.stack.users]
        self.stack.spawn(
            "world", [str(self.stack.venv_bin / "python"), str(script), "--port", str(self.world_port)]
            + [argument for user in users for argument in ("--user-claims", user)],
        )
        wait_for(lambda: port_open(self.world_port), "world_provider.py")
        metadata = self.world_url + "/.well-known/openid-configuration"
        for name, configuration, every in [("recheck-off", "cₒ", "off"), ("recheck", "cₖ", "10s")]:
            self.start_auth_variant(
                name, self.stack.bin_dir / "sitegen-auth", configuration,
                store=f"sqlite:{self.state / f'sessions-{name}.db'}",
                settings={"server_metadata_url": metadata, "recheck_every": every, "recheck_grace": "1h"},
            )

    def start_recheck_only(self) -> None:
        """Only what the re-check pairs need: world_provider.py, (cₒ), (cₖ) and nginx."""
        (self.state / "tmp").mkdir(parents=True, exist_ok=True)
        self.start_recheck_pair()
        self.start_nginx()

    def rechecks_kept(self) -> int:
        """How many refresh grants (cₖ) sent world_provider.py; an error if any re-check failed or ended a session."""
        with urllib.request.urlopen(self.world_url + "/control/issued", timeout=5) as answer:
            grants = json.loads(answer.read())["refresh_grants"]
        log = self.log("auth-recheck")
        if "event=session_recheck_failed" in log or "event=session_ended_by_recheck" in log:
            raise RuntimeError(f"a re-check of (cₖ) failed; see {self.state}/auth-recheck.log")
        return grants

    def start_redis(self) -> None:
        """A redis-server of its own for (cᵣ), in memory only."""
        self.stack.spawn(
            "redis",
            ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        )
        wait_for(lambda: port_open(self.redis_port), "redis-server")

    def start_auth_variant(
        self, name: str, binary: Path, configuration: str, store: str | None, options: list[str] | None = None,
        settings: dict[str, str] | None = None,
    ) -> None:
        """Another sitegen-auth on socket auth-NAME.sock, signing in through the nginx port of `configuration`;
        with `store` None, a configuration without `session_store` (the version before it knew the key);
        `options` are added to its command line."""
        settings = {"redirect_uri": self.url(configuration, "/.auth/callback"), **(settings or {})}
        if store:
            settings["session_store"] = store
        self.stack.write_auth_config(**settings)
        lines = self.stack.auth_config.read_text().splitlines()
        if store is None:
            lines = [line for line in lines if not line.startswith(("session_store", "recheck_"))]
        config = self.state / f"auth-{name}.toml"
        config.write_text("\n".join(lines) + "\n")
        config.chmod(0o600)
        self.stack.write_auth_config()
        socket_path = self.state / f"auth-{name}.sock"
        self.stack.spawn(
            f"auth-{name}",
            [str(binary), "--config", str(config), "--listen", f"unix:{socket_path}", *(options or [])],
        )
        wait_for(socket_path.exists, f"sitegen-auth ({configuration})")

    def start_nginx(self) -> None:
        self.stack.write_nginx_includes(cache_folder=self.cache_folder)
        for name, text in snippet_variants().items():
            (self.state / f"snippet-{name}.conf").write_text(text)
        config = (HERE / "nginx.conf.in").read_text()
        config = config.replace("@USER@", "user root;" if os.geteuid() == 0 else "")
        settings = {"@WORKERS@": str(NGINX_WORKERS), "@STATE@": str(self.state), "@PUBLIC@": str(self.public)}
        for key, value in settings.items():
            config = config.replace(key, value)
        for name in NGINX_CONFIGURATIONS:
            config = config.replace(port_placeholder(name), str(self.ports[name]))
        (self.state / "nginx.conf").write_text(config)
        self.stack.spawn("nginx", ["nginx", "-c", str(self.state / "nginx.conf"), "-p", str(self.state)])
        for name in NGINX_CONFIGURATIONS:
            wait_for(lambda: port_open(self.ports[name]), f"nginx on port {self.ports[name]}")

    def start_apache(self, name: str, session_type: str) -> None:
        """Apache (e) on the port of `name`, with mod_auth_openidc keeping sessions as `session_type`."""
        prefix = self.state / f"apache-{name}"
        run = prefix / "run"
        run.mkdir(parents=True, exist_ok=True)
        user = "User www-data\nGroup www-data" if os.geteuid() == 0 else ""
        config = (HERE / "apache.conf.in").read_text()
        for key, value in {
            "@USER@": user,
            "@STATE@": str(prefix),
            "@PUBLIC@": str(self.public),
            "@PORT@": str(self.ports[name]),
            "@PROVIDER@": self.provider_url,
            "@PASSPHRASE@": secrets.token_hex(24),
            "@SESSION_TYPE@": session_type,
        }.items():
            config = config.replace(key, value)
        (prefix / "apache.conf").write_text(config)
        if os.geteuid() == 0:
            shutil.chown(run, "www-data", "www-data")
        self.stack.spawn(f"apache-{name}", ["apache2", "-f", str(prefix / "apache.conf"), "-DFOREGROUND"])
        wait_for(lambda: port_open(self.ports[name]), "Apache")

    def server_sessions(self) -> dict[int, str]:
        """Session id → name of the serving processes (each was started as a session leader), not the provider."""
        return {process.pid: name for name, process in self.stack.processes.items() if name not in ("provider", "world")}

    def reopen_nginx_logs(self) -> None:
        """Flushes nginx's buffered access log (SIGUSR1 reopens, and so writes, its log files)."""
        process = self.stack.processes.get("nginx")
        if process and process.poll() is None:
            subprocess.run(
                ["nginx", "-c", str(self.state / "nginx.conf"), "-p", str(self.state), "-s", "reopen"],
                capture_output=True,
            )

    def stop(self) -> None:
        for name in [
            "apache-e", "apache-e′", "nginx", "trivial", "trivial-closing", "auth", "auth-metrics", "auth-stateless",
            "auth-redis", "redis", "provider", "auth-recheck-off", "auth-recheck", "world",
        ]:
            self.stack.terminate(name)
        shutil.rmtree(self.cache_folder, ignore_errors=True)

    def log(self, name: str) -> str:
        return self.stack.log(name)

    def allowed_checks(self) -> float:
        """sitegen_auth_checks_total{outcome="allowed"} on the /metrics of (cₘ)'s sitegen-auth."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.metrics_port}/metrics", timeout=5) as answer:
            text = answer.read().decode()
        found = re.search(r'^sitegen_auth_checks_total\{outcome="allowed"\} (\d+)$', text, re.MULTILINE)
        if not found:
            raise RuntimeError("the /metrics of (cₘ) has no sitegen_auth_checks_total{outcome=\"allowed\"}")
        return float(found.group(1))
