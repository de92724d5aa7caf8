"""The stack as the Debian package sets it up, where no systemd runs (a container): /usr/bin/sitegen-auth started
the way its installed socket and service units say, and nginx with unprivileged workers including the installed
snippets. Everything but the test provider comes from the package's files."""

from __future__ import annotations

import configparser
import os
import pwd
import grp
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from stack import REPO, Stack, http_ok_unix, port_open, wait_for

UNITS = Path("/lib/systemd/system")
NGINX_USER = "www-data"


def read_unit(name: str) -> configparser.SectionProxy:
    """The [Socket] or [Service] section of an installed unit."""
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    parser.read(UNITS / name)
    return parser["Socket" if name.endswith(".socket") else "Service"]


@dataclass
class InstalledStack(Stack):
    """A `Stack` whose sitegen-auth and nginx are the installed ones; `state` keeps only logs and nginx's files."""

    @property
    def auth_config(self) -> Path:
        return Path("/etc/sitegen/auth.toml")

    def write_auth_config(self, **overrides: object) -> None:
        """Edit the installed config in place, keeping the owner and mode postinst gave it."""
        mode = self.auth_config.stat().st_mode & 0o777
        super().write_auth_config(**overrides)
        self.auth_config.chmod(mode)

    @property
    def socket_path(self) -> Path:
        return Path(read_unit("sitegen-auth.socket")["ListenStream"])

    def start_auth(self) -> None:
        """What systemd does for sitegen-auth.socket and, on the first connection, sitegen-auth.service."""
        socket_unit, service = read_unit("sitegen-auth.socket"), read_unit("sitegen-auth.service")
        self.socket_path.parent.mkdir(exist_ok=True)
        self.socket_path.parent.chmod(int(socket_unit["DirectoryMode"], 8))
        self.socket_path.unlink(missing_ok=True)
        user, group = service["User"], service["Group"]
        for base, key in ((Path("/var/lib"), "StateDirectory"), (Path("/var/cache"), "CacheDirectory")):
            folder = base / service[key]
            folder.mkdir(exist_ok=True)
            shutil.chown(folder, user, group)
        command = [
            "systemd-socket-activate", "--inetd", "--listen", str(self.socket_path),
            "setpriv", f"--reuid={user}", f"--regid={group}", "--init-groups", "--no-new-privs",
            "--bounding-set=-all", "--", *shlex.split(service["ExecStart"]),
        ]
        log = open(self.state / "auth.log", "ab")
        self.processes["auth"] = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
            env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}, umask=int(service["UMask"], 8))
        log.close()
        wait_for(self.socket_path.exists, "the sitegen-auth socket")
        os.chown(self.socket_path, pwd.getpwnam(socket_unit["SocketUser"]).pw_uid,
                 grp.getgrnam(socket_unit["SocketGroup"]).gr_gid)
        self.socket_path.chmod(int(socket_unit["SocketMode"], 8))
        wait_for(lambda: http_ok_unix(self.socket_path), "sitegen-auth")

    def start_nginx(self) -> None:
        """deploy/nginx/demo.conf.in with workers as www-data, including the installed snippet and http-level files."""
        for name in ("sitegen-auth-http.conf", "sitegen-auth-cache.conf"):
            (self.state / name).unlink(missing_ok=True)
            (self.state / name).symlink_to(Path("/etc/nginx/conf.d") / name)
        shutil.copy("/etc/nginx/fastcgi_params", self.state / "fastcgi_params")
        config = (
            (REPO / "deploy" / "nginx" / "demo.conf.in").read_text()
            .replace("@USER@", f"user {NGINX_USER};")
            .replace("@STATE@", str(self.state))
            .replace("@PORT@", str(self.http_port))
            .replace("@PUBLIC@", str(self.public))
            .replace("@SNIPPET@", "/etc/nginx/snippets/sitegen-auth.conf")
        )
        (self.state / "nginx.conf").write_text(config)
        self.spawn("nginx", ["nginx", "-c", str(self.state / "nginx.conf"), "-p", str(self.state)])
        wait_for(lambda: port_open(self.http_port), "nginx")
