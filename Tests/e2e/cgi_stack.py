"""The stack of stack.py with sitegen-auth run as a plain CGI program: nginx with the CGI snippet
(deploy/nginx/sitegen-auth-cgi.conf) passes to Debian's fcgiwrap, which starts sitegen-auth once per request.

fcgiwrap listens on a unix socket in the state folder, with two processes so a sign-in and its checks may overlap;
the snippet's paths (fcgiwrap's socket, the program, its config file) are replaced by the stack's own. Every
process started here is stopped by `stop()`.
"""

from __future__ import annotations

import os
import signal
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from stack import REPO, Stack, http_ok_unix, wait_for

CGI_SNIPPET = REPO / "deploy" / "nginx" / "sitegen-auth-cgi.conf"


@dataclass
class CGIStack(Stack):
    """nginx → fcgiwrap → sitegen-auth as CGI, with the test provider."""

    fcgiwrap_processes: int = 2
    # Put in front of fcgiwrap's command, e.g. to start it in a cgroup (Benchmarks/cgi.py).
    launcher: list[str] = field(default_factory=list)

    @property
    def fcgiwrap_socket(self) -> Path:
        return self.state / "fcgiwrap.sock"

    def start_auth(self) -> None:
        """Starts fcgiwrap, allowed to run nothing but the sitegen-auth under test."""
        if self.fcgiwrap_socket.exists():
            self.fcgiwrap_socket.unlink()
        program = str(self.bin_dir / "sitegen-auth")
        command = ["/usr/sbin/fcgiwrap", "-f", "-c", str(self.fcgiwrap_processes), "-p", program]
        self.spawn("fcgiwrap", self.launcher + command + ["-s", f"unix:{self.fcgiwrap_socket}"])
        wait_for(lambda: http_ok_unix(self.fcgiwrap_socket), "fcgiwrap")
        snippet = (
            CGI_SNIPPET.read_text()
            .replace("unix:/run/fcgiwrap.socket", f"unix:{self.fcgiwrap_socket}")
            .replace("/usr/bin/sitegen-auth", program)
            .replace("/etc/sitegen/auth.toml", str(self.auth_config))
        )
        self.snippet = self.state / "sitegen-auth-cgi.conf"
        self.snippet.write_text(snippet)

    def stop_auth(self) -> None:
        """Stops fcgiwrap and the processes it forked (its own process group)."""
        process = self.processes.pop("fcgiwrap", None)
        if process is None or process.poll() is not None:
            return
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def stop(self) -> None:
        self.terminate("nginx")
        self.stop_auth()
        super().stop()
