"""A broken auth.toml as an administrator meets it: the real sitegen-auth names every problem in one run, each on a
line of its own that starts with the program's name and the file's line, and starts nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from stack import BIN_DIR

BROKEN = """\
[auth]
tenant_id = "72f988bf-86f1-41af-91ab-2d7cd011db47"
redirect_uri = "http://site.example/.auth/callback"
client_id = "00000000-0000-0000-0000-000000000001"
client_secret = "a secret"
cookie_domian = "site.example"
"""


@pytest.mark.parametrize("command", ["--check-config", "serve"])
def test_every_problem_of_the_file_is_listed_once_each_on_its_line(tmp_path: Path, command: str) -> None:
    arguments = [command] if command == "--check-config" else [command, "--listen", f"unix:{tmp_path}/auth.sock"]
    config = tmp_path / "auth.toml"
    config.write_text(BROKEN)
    run = subprocess.run(
        [str(BIN_DIR / "sitegen-auth"), *arguments, "--config", str(config)],
        capture_output=True, text=True, timeout=30,
    )
    assert run.returncode == 1, run
    assert run.stdout == ""
    assert not (tmp_path / "auth.sock").exists()
    lines = run.stderr.splitlines()
    assert all(line.startswith(f"sitegen-auth: {config}") for line in lines), lines
    assert [line.split(": ", 2)[1] for line in lines] == [
        f"{config}:2",  # tenant_id: where the tenant goes instead
        f"{config}:6",  # cookie_domian
        f"{config}:3",  # redirect_uri over http
        str(config),  # cookie_secret missing
        str(config),  # server_metadata_url missing
    ], lines
    assert "the tenant and issuer come from server_metadata_url" in lines[0]
    assert "must use https" in lines[2]
    assert "cookie_secret is missing" in lines[3]
