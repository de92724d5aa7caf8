"""The http-level files the package drops into Debian's /etc/nginx/conf.d/, which every nginx.conf there loads: real
nginx must accept them on their own, before any server includes sitegen-auth.conf, or every site on the host goes
down at the next restart."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from stack import REPO

NGINX = REPO / "deploy" / "nginx"


def nginx_test(folder: Path, servers: str) -> subprocess.CompletedProcess:
    for name in ("sitegen-auth-http.conf", "sitegen-auth-cache.conf"):
        text = (NGINX / name).read_text().replace("/run/nginx-sitegen-auth-cache", str(folder / "cache"))
        (folder / name).write_text(text)
    shutil.copy("/etc/nginx/fastcgi_params", folder / "fastcgi_params")
    (folder / "nginx.conf").write_text(
        f"""error_log {folder}/error.log;
pid {folder}/nginx.pid;
events {{}}
http {{
    access_log off;
    include {folder}/sitegen-auth-http.conf;
    include {folder}/sitegen-auth-cache.conf;
{servers}
}}
"""
    )
    return subprocess.run(
        ["nginx", "-t", "-c", str(folder / "nginx.conf"), "-p", str(folder)], capture_output=True, text=True
    )


def test_the_http_level_files_load_while_no_server_includes_the_snippet(tmp_path):
    plain = "    server { listen 127.0.0.1:8999; location / { return 204; } }"
    checked = nginx_test(tmp_path, plain)
    assert checked.returncode == 0, checked.stderr


def test_with_the_snippet_included_they_load_too(tmp_path):
    snippet = (NGINX / "sitegen-auth.conf").read_text()
    snippet = snippet.replace("include fastcgi_params;", f"include {tmp_path}/fastcgi_params;")
    (tmp_path / "sitegen-auth.conf").write_text(snippet)
    server = f"    server {{ listen 127.0.0.1:8999; root {tmp_path}; include {tmp_path}/sitegen-auth.conf; }}"
    checked = nginx_test(tmp_path, server)
    assert checked.returncode == 0, checked.stderr
