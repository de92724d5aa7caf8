"""Runs the whole product on loopback: the OpenID Connect test provider, sitegen-auth and nginx.

Used by `make demo` (python Tests/e2e/stack.py --demo) and by the end-to-end tests, so both run
the same configuration: deploy/nginx/demo.conf.in around the production snippet deploy/nginx/sitegen-auth.conf.
Every file lives under one state folder; every process started here is stopped by `stop()`.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from demo_users import DEMO_USERS
from provider_faults import ProviderFaults
from readiness import free_port, http_ok, http_ok_unix, port_open, wait_for

# What the end-to-end tests and the benchmarks import from here.
__all__ = ["BIN_DIR", "DEMO_USERS", "REPO", "Stack", "free_port", "http_ok", "http_ok_unix", "port_open", "wait_for"]

REPO = Path(__file__).resolve().parents[2]
# The sitegen and sitegen-auth under test; SITEGEN_BIN_DIR points the tests at another build (an older commit's).
BIN_DIR = Path(os.environ.get("SITEGEN_BIN_DIR", REPO / ".build" / "debug"))


@dataclass
class Stack:
    """The provider, the auth handler and nginx, configured into `state`."""

    state: Path
    public: Path
    http_port: int = 0
    provider_port: int = 0
    users: list[dict] = field(default_factory=lambda: list(DEMO_USERS))
    bin_dir: Path = BIN_DIR
    venv_bin: Path = REPO / ".venv" / "bin"
    auth_settings: dict[str, object] = field(default_factory=dict)
    auth_arguments: list[str] = field(default_factory=list)
    snippet: Path = REPO / "deploy" / "nginx" / "sitegen-auth.conf"
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    # False when another stack's provider (at provider_port) is shared.
    runs_provider: bool = True
    # When set, the browser and sitegen-auth reach the provider through this proxy (see provider_faults.py).
    proxy: ProviderFaults | None = None
    # When set, sitegen-auth serves /metrics on this loopback port (--metrics-listen).
    metrics_port: int = 0
    # "mock" runs oidc-provider-mock; "world" runs world_provider.py, whose control API changes users and the
    # token endpoint while sessions live (re-checks).
    provider_kind: str = "mock"
    # When set, sitegen-auth listens on this loopback TCP port instead of the unix socket (Apache's
    # mod_authnz_fcgi speaks TCP only).
    auth_port: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    @property
    def provider_url(self) -> str:
        return f"http://127.0.0.1:{self.provider_port}"

    @property
    def metrics_url(self) -> str:
        return f"http://127.0.0.1:{self.metrics_port}/metrics"

    @property
    def socket_path(self) -> Path:
        return self.state / "auth.sock"

    @property
    def auth_config(self) -> Path:
        return self.state / "auth.toml"

    def start(self) -> "Stack":
        self.http_port = self.http_port or free_port()
        self.provider_port = self.provider_port or free_port()
        (self.state / "tmp").mkdir(parents=True, exist_ok=True)
        try:
            if self.runs_provider:
                self.start_provider()
            if self.proxy is not None:
                self.provider_port = self.proxy.start(upstream_port=self.provider_port).port
            self.write_auth_config()
            self.start_auth()
            self.start_web_server()
        except BaseException:
            self.stop()
            raise
        return self

    def start_provider(self) -> None:
        command = [str(self.venv_bin / "oidc-provider-mock"), "--port", str(self.provider_port)]
        if self.provider_kind == "world":
            script = Path(__file__).with_name("world_provider.py")
            command = [str(self.venv_bin / "python"), str(script), "--port", str(self.provider_port)]
        for user in self.users:
            command += ["--user-claims", json.dumps(user)]
        self.spawn("provider", command)
        wait_for(lambda: http_ok(self.provider_url + "/.well-known/openid-configuration"), "the test provider")

    def write_auth_config(self, **overrides: object) -> None:
        settings: dict[str, object] = {
            "redirect_uri": self.base_url + "/.auth/callback",
            "cookie_secret": self.cookie_secret(),
            "client_id": "sitegen-demo",
            "client_secret": "demo-client-secret",
            "server_metadata_url": self.provider_url + "/.well-known/openid-configuration",
            "manifest": str(self.public / ".sitegen" / "access.json"),
            "cache_dir": str(self.state / "cache"),
            "session_store": "sqlite:" + str(self.state / "sessions.db"),
        }
        settings.update(self.auth_settings)
        settings.update(overrides)
        lines = ["[auth]"] + [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
        self.auth_config.write_text("\n".join(lines) + "\n")
        self.auth_config.chmod(0o600)

    def cookie_secret(self) -> str:
        path = self.state / "cookie_secret"
        if not path.exists():
            path.write_text(base64.b64encode(secrets.token_bytes(48)).decode())
            path.chmod(0o600)
        return path.read_text().strip()

    def start_auth(self) -> None:
        if self.socket_path.exists():
            self.socket_path.unlink()
        listen = f"127.0.0.1:{self.auth_port}" if self.auth_port else f"unix:{self.socket_path}"
        command = [
            str(self.bin_dir / "sitegen-auth"),
            "--config",
            str(self.auth_config),
            "--listen",
            listen,
            *self.auth_arguments,
        ]
        if self.metrics_port:
            command += ["--metrics-listen", f"127.0.0.1:{self.metrics_port}"]
        self.spawn("auth", command)
        if self.auth_port:
            wait_for(lambda: port_open(self.auth_port), "sitegen-auth")
        else:
            wait_for(lambda: http_ok_unix(self.socket_path), "sitegen-auth")
        if self.metrics_port:
            wait_for(lambda: http_ok(self.metrics_url), "sitegen-auth's metrics listener")

    def stop_auth(self) -> None:
        self.terminate("auth")

    def start_web_server(self) -> None:
        """nginx here; the stacks for other web servers (apache_server.py, lighttpd_server.py) start theirs."""
        self.start_nginx()

    def write_nginx_includes(self, cache_folder: Path | None = None) -> None:
        """The shipped http-level nginx files and fastcgi_params in the state folder, pointed at this stack's socket
        and `cache_folder` (by default check-cache/ in the state folder), for an nginx.conf there to include."""
        http_conf = (REPO / "deploy" / "nginx" / "sitegen-auth-http.conf").read_text()
        http_conf = http_conf.replace("unix:/run/sitegen-auth/auth.sock", f"unix:{self.socket_path}")
        (self.state / "sitegen-auth-http.conf").write_text(http_conf)
        cache_conf = (REPO / "deploy" / "nginx" / "sitegen-auth-cache.conf").read_text()
        cache_folder = cache_folder or self.state / "check-cache"
        cache_conf = cache_conf.replace("/run/nginx-sitegen-auth-cache", str(cache_folder))
        (self.state / "sitegen-auth-cache.conf").write_text(cache_conf)
        shutil.copy("/etc/nginx/fastcgi_params", self.state / "fastcgi_params")

    def start_nginx(self) -> None:
        self.write_nginx_includes()
        template = (REPO / "deploy" / "nginx" / "demo.conf.in").read_text()
        user = "user root;" if os.geteuid() == 0 else ""
        config = (
            template.replace("@USER@", user)
            .replace("@STATE@", str(self.state))
            .replace("@PORT@", str(self.http_port))
            .replace("@PUBLIC@", str(self.public))
            .replace("@SNIPPET@", str(self.snippet))
        )
        (self.state / "nginx.conf").write_text(config)
        self.spawn("nginx", ["nginx", "-c", str(self.state / "nginx.conf"), "-p", str(self.state)])
        wait_for(lambda: port_open(self.http_port), "nginx")

    def spawn(self, name: str, command: list[str], environment: dict[str, str] | None = None) -> None:
        log = open(self.state / f"{name}.log", "ab")
        self.processes[name] = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            env=environment,
        )
        log.close()

    def terminate(self, name: str) -> None:
        self.terminate_all([name])

    def terminate_all(self, names: list[str]) -> None:
        """Asks each of `names` to stop, in that order, then waits for them together: 10 s in all, not each,
        before the rest are killed (the demo's runner stops within the time its test allows even if one hangs)."""
        stopping = []
        for name in names:
            process = self.processes.pop(name, None)
            if process is None or process.poll() is not None:
                continue
            process.send_signal(signal.SIGTERM if name != "nginx" else signal.SIGQUIT)
            stopping.append((name, process))
        deadline = time.monotonic() + 10
        for name, process in stopping:
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                print(f"{name} did not stop within 10 s of being asked; killed", file=sys.stderr)
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

    def stop(self) -> None:
        web_servers = [name for name in self.processes if name not in ("auth", "provider")]
        self.terminate_all([*web_servers, "auth", "provider"])
        if self.proxy is not None:
            self.proxy.stop()

    def log(self, name: str) -> str:
        path = self.state / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""



def main() -> int:
    parser = argparse.ArgumentParser(description="Serve a built site behind sign-in on loopback (make demo).")
    parser.add_argument("--demo", action="store_true", help="run until Ctrl-C")
    parser.add_argument("--state", default=str(REPO / ".demo"), help="folder for every file of the run")
    parser.add_argument("--public", default=None, help="the built site (default: STATE/public)")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--provider-port", type=int, default=9400)
    arguments = parser.parse_args()
    state = Path(arguments.state).resolve()
    public = Path(arguments.public).resolve() if arguments.public else state / "public"
    stack = Stack(state=state, public=public, http_port=arguments.port, provider_port=arguments.provider_port)
    for port in (arguments.port, arguments.provider_port):
        try:
            port_open(port)
            print(f"Port {port} is already in use; stop what uses it, or pass --port/--provider-port.")
            return 1
        except OSError:
            pass
    stopping = False

    def request_stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    # `kill`, and the terminal closing, stop the demo as Ctrl-C does, also while it starts: the servers run in
    # sessions of their own, so nothing else would stop them, and they would hold the ports the next `make demo`
    # needs.
    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGHUP, request_stop)
    # Ctrl-C too, even when the runner started with SIGINT ignored, as a command run in the background of a shell
    # without job control does (nohup, CI launchers): Python keeps an ignored SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        stack.start()
        say(
            f"""
sitegen demo is running:  {stack.base_url}/

  Open it in a browser and sign in at the test provider with one of these users:
    ann  — Ann Lee, has the app role Finance.Read
    bob  — Bob Stone, no app roles
  (type the name into the "sub" field or click it, then Authorize)

  Logs and configuration: {state}
  Press Ctrl-C to stop.
"""
        )
        while not stopping:
            for name, process in stack.processes.items():
                if process.poll() is not None:
                    say(f"{name} stopped unexpectedly; see {state / (name + '.log')}")
                    stopping = True
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        say("\nStopping…")
        stack.stop()
        say("Stopped.")
    return 0


def say(text: str) -> None:
    """Prints `text`, unless the terminal is gone (it was closed): stopping the servers must not depend on it."""
    try:
        print(text, flush=True)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
