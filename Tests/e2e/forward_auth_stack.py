"""sitegen-auth over HTTP (--listen-http) with the test provider and no web server in front: the stack of
caddy_stack.py without Caddy. The browser-facing origin is sitegen-auth itself, as Traefik's router for /.auth/
would pass it on, so a test can sign in through /.auth/login and the callback and then ask /.auth/check exactly
as a proxy does. Every process started here is stopped by `stop()`.
"""

from __future__ import annotations

from dataclasses import dataclass

from caddy_stack import CaddyStack
from stack import free_port


@dataclass
class ForwardAuthStack(CaddyStack):
    """sitegen-auth --listen-http alone, on the stack's own port."""

    def start(self) -> "ForwardAuthStack":
        self.auth_port = self.auth_port or self.http_port or free_port()
        self.http_port = self.auth_port
        super().start()
        return self

    def start_nginx(self) -> None:
        """No web server in front."""
