"""The servers of the search benchmark: the test provider and sitegen-auth as `make demo` starts them, and one
nginx for both sites (Benchmarks/search-nginx.conf.in), compressing text as production servers do."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from search_sites import SITEGEN, Site

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from stack import Stack, free_port, port_open, wait_for  # noqa: E402


class SearchServers:
    """The test provider and sitegen-auth (as `make demo` starts them) and one nginx for both sites."""

    def __init__(self, state: Path, sitegen: Path, mkdocs: Path, venv_bin: Path, bin_dir: Path) -> None:
        self.state = state
        self.mkdocs = mkdocs
        self.mkdocs_port = free_port()
        self.stack = Stack(state=state, public=sitegen, http_port=free_port(), bin_dir=bin_dir, venv_bin=venv_bin)

    def start(self) -> None:
        (self.state / "tmp").mkdir(parents=True, exist_ok=True)
        try:
            self.stack.provider_port = free_port()
            self.stack.start_provider()
            self.stack.write_auth_config()
            self.stack.start_auth()
            self.start_nginx()
        except BaseException:
            self.stop()
            raise

    def start_nginx(self) -> None:
        self.stack.write_nginx_includes()
        config = (HERE / "search-nginx.conf.in").read_text()
        for key, value in {
            "@USER@": "user root;" if os.geteuid() == 0 else "",
            "@STATE@": str(self.state),
            "@SITEGEN_PORT@": str(self.stack.http_port),
            "@SITEGEN@": str(self.stack.public),
            "@MKDOCS_PORT@": str(self.mkdocs_port),
            "@MKDOCS@": str(self.mkdocs),
            "@SNIPPET@": str(REPO / "deploy" / "nginx" / "sitegen-auth.conf"),
        }.items():
            config = config.replace(key, value)
        (self.state / "nginx.conf").write_text(config)
        self.stack.spawn("nginx", ["nginx", "-c", str(self.state / "nginx.conf"), "-p", str(self.state)])
        for port in (self.stack.http_port, self.mkdocs_port):
            wait_for(lambda: port_open(port), f"nginx on port {port}")

    def base_url(self, site: Site) -> str:
        return self.stack.base_url if site is SITEGEN else f"http://127.0.0.1:{self.mkdocs_port}"

    def log(self, site: Site) -> Path:
        return self.state / f"{site.name}.log"

    def stop(self) -> None:
        self.stack.stop()
