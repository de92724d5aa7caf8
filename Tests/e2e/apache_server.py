"""The product behind Debian's Apache httpd 2.4 on loopback: the OpenID Connect test provider, sitegen-auth on a
loopback TCP port (mod_authnz_fcgi speaks TCP only), and apache2 in the foreground with its own state folder.

Apache runs deploy/apache/demo.conf.in around the files users copy, deploy/apache/sitegen-auth.conf (with the test's
port for sitegen-auth) and deploy/apache/sitegen-site.conf, unchanged. `stop()` ends every process started here.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from stack import REPO, Stack, free_port, port_open, wait_for

APACHE = REPO / "deploy" / "apache"


@dataclass
class ApacheStack(Stack):
    """Stack with Apache httpd in nginx's place; sitegen-auth answers it as FastCGI Authorizer and responder."""

    @property
    def access_log(self) -> Path:
        return self.state / "sitegen-access.log"

    def start(self) -> "ApacheStack":
        self.auth_port = self.auth_port or free_port()
        super().start()
        return self

    def start_web_server(self) -> None:
        run = self.state / "run"
        run.mkdir(parents=True, exist_ok=True)
        auth_conf = (APACHE / "sitegen-auth.conf").read_text()
        auth_conf = auth_conf.replace("Define SITEGEN_AUTH 127.0.0.1:9000", f"Define SITEGEN_AUTH 127.0.0.1:{self.auth_port}")
        (self.state / "sitegen-auth.conf").write_text(auth_conf)
        # apache2 refuses to serve as root: its children run as www-data, which must read the site and the run folder.
        user = "User www-data\nGroup www-data" if os.geteuid() == 0 else ""
        if os.geteuid() == 0:
            shutil.chown(run, "www-data", "www-data")
        config = (APACHE / "demo.conf.in").read_text()
        for key, value in {
            "@USER@": user,
            "@STATE@": str(self.state),
            "@PORT@": str(self.http_port),
            "@PUBLIC@": str(self.public),
            "@SNIPPET@": str(APACHE / "sitegen-site.conf"),
        }.items():
            config = config.replace(key, value)
        (self.state / "apache.conf").write_text(config)
        self.spawn("apache", ["apache2", "-f", str(self.state / "apache.conf"), "-DFOREGROUND"])
        wait_for(lambda: port_open(self.http_port), "Apache")
