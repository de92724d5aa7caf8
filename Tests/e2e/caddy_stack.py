"""The stack of stack.py with Caddy in nginx's place: Debian's caddy runs deploy/caddy/Caddyfile, whose
forward_auth asks sitegen-auth over HTTP (--listen-http on a loopback port of its own).

The Caddyfile's placeholders become the stack's own address, site folder and sitegen-auth address; a global
options block turns Caddy's admin endpoint off and keeps its files in the state folder, so several stacks may
run at once. Every process started here is stopped by `stop()`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from stack import REPO, Stack, free_port, port_open, wait_for

CADDYFILE = REPO / "deploy" / "caddy" / "Caddyfile"


@dataclass
class CaddyStack(Stack):
    """Caddy → sitegen-auth --listen-http, with the test provider."""

    auth_port: int = 0

    @property
    def auth_url(self) -> str:
        return f"http://127.0.0.1:{self.auth_port}"

    def start_auth(self) -> None:
        self.auth_port = self.auth_port or free_port()
        command = [
            str(self.bin_dir / "sitegen-auth"),
            "--config",
            str(self.auth_config),
            "--listen-http",
            f"127.0.0.1:{self.auth_port}",
            *self.auth_arguments,
        ]
        self.spawn("auth", command)
        wait_for(lambda: port_open(self.auth_port), "sitegen-auth --listen-http")

    def start_nginx(self) -> None:
        """Starts Caddy, the web server of this stack, where stack.py starts nginx."""
        caddyfile = (
            CADDYFILE.read_text()
            .replace("@SITE@", self.base_url)
            .replace("@PUBLIC@", str(self.public))
            .replace("@AUTH@", f"127.0.0.1:{self.auth_port}")
        )
        options = "{\n\tadmin off\n}\n\n"
        (self.state / "Caddyfile").write_text(options + caddyfile)
        home = self.state / "caddy-home"
        home.mkdir(exist_ok=True)
        environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home), "XDG_CONFIG_HOME": str(home)}
        command = ["caddy", "run", "--adapter", "caddyfile", "--config", str(self.state / "Caddyfile")]
        self.spawn("caddy", command, environment)
        wait_for(lambda: port_open(self.http_port), "caddy")

    def stop(self) -> None:
        self.terminate("caddy")
        super().stop()
