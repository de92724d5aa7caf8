"""auth.toml as an administrator meets it: for a broken file the real sitegen-auth names every problem in one run,
each on a line of its own that starts with the program's name and the file's line, and starts nothing; for a valid
one, `--check-config` writes its report alone."""

from __future__ import annotations

import secrets
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


def test_check_config_reports_on_stdout_alone(tmp_path: Path) -> None:
    """A valid file whose provider and manifest are not there: the report says so, and nothing else is written."""
    config = tmp_path / "auth.toml"
    config.write_text(
        "[auth]\n"
        'redirect_uri = "http://127.0.0.1:8080/.auth/callback"\n'
        f'cookie_secret = "{secrets.token_urlsafe(48)}"\n'
        'client_id = "00000000-0000-0000-0000-000000000001"\n'
        'client_secret = "a secret"\n'
        # The discard port: nothing listens, so discovery fails at once.
        'server_metadata_url = "http://127.0.0.1:9/v2.0/.well-known/openid-configuration"\n'
        f'manifest = "{tmp_path}/public/.sitegen/access.json"\n'
        f'cache_dir = "{tmp_path}/cache"\n'
        f'session_store = "sqlite:{tmp_path}/sessions.db"\n'
    )
    config.chmod(0o600)
    run = subprocess.run(
        [str(BIN_DIR / "sitegen-auth"), "--config", str(config), "--check-config"],
        capture_output=True, text=True, timeout=30,
    )
    assert run.returncode == 1, run
    assert run.stderr == ""
    assert run.stdout.startswith("config: ok\n")
    assert "identity provider: FAILED" in run.stdout
    assert "access manifest: not loaded" in run.stdout and "does not exist; run `sitegen build`" in run.stdout
