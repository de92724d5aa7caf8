"""The product behind Debian's lighttpd 1.4 on loopback: the OpenID Connect test provider, sitegen-auth on a unix
socket, and lighttpd in the foreground (`-D`) with its own state folder.

lighttpd runs deploy/lighttpd/demo.conf.in around the file users copy, deploy/lighttpd/sitegen-auth.conf, with the
test's socket path in place of /run/sitegen-auth/auth.sock. `stop()` ends every process started here.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from stack import REPO, Stack, port_open, wait_for

LIGHTTPD = REPO / "deploy" / "lighttpd"


@dataclass
class LighttpdStack(Stack):
    """Stack with lighttpd in nginx's place; sitegen-auth answers it as FastCGI Authorizer and responder."""

    @property
    def access_log(self) -> Path:
        return self.state / "logs" / "access.log"

    def start(self) -> "LighttpdStack":
        if os.geteuid() == 0:
            # lighttpd's workers run as www-data, which must be able to connect to sitegen-auth's socket.
            self.auth_arguments = [*self.auth_arguments, "--socket-group", "www-data"]
        super().start()
        return self

    def start_web_server(self) -> None:
        auth_conf = (LIGHTTPD / "sitegen-auth.conf").read_text()
        auth_conf = auth_conf.replace('"/run/sitegen-auth/auth.sock"', f'"{self.socket_path}"')
        (self.state / "sitegen-auth.conf").write_text(auth_conf)
        # lighttpd opens its access log once it runs as its own user (www-data when started as root).
        logs = self.state / "logs"
        logs.mkdir(exist_ok=True)
        user = ""
        if os.geteuid() == 0:
            user = 'server.username = "www-data"\nserver.groupname = "www-data"'
            shutil.chown(logs, "www-data", "www-data")
        config = (LIGHTTPD / "demo.conf.in").read_text()
        for key, value in {
            "@USER@": user,
            "@STATE@": str(self.state),
            "@PORT@": str(self.http_port),
            "@PUBLIC@": str(self.public),
        }.items():
            config = config.replace(key, value)
        (self.state / "lighttpd.conf").write_text(config)
        self.spawn("lighttpd", ["lighttpd", "-D", "-f", str(self.state / "lighttpd.conf")])
        wait_for(lambda: port_open(self.http_port), "lighttpd")
