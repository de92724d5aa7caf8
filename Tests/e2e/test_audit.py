"""The audit trail: nginx writes who read what (log_format sitegen_audit), also for checks its cache answered,
and `sitegen-auth audit` answers from the log."""

from __future__ import annotations

import json
import secrets
import subprocess
import time

from pages import fetch, session_cookie, sign_in
from stack import BIN_DIR, DEMO_USERS

ANN = DEMO_USERS[0]
BOB = DEMO_USERS[1]


def audit(stack, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN_DIR / "sitegen-auth"), "audit", "--log", str(stack.state / "audit.log"), *arguments],
        capture_output=True,
        text=True,
        check=False,
    )


def logged(stack, path: str, count: int) -> list[dict]:
    """The audit lines for `path`, once nginx has written `count` of them."""
    deadline = time.monotonic() + 5
    while True:
        lines = [json.loads(line) for line in (stack.state / "audit.log").read_text().splitlines()]
        found = [line for line in lines if line["path"] == path]
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def test_an_allowed_and_a_cached_read_are_logged_with_the_reader_and_found_by_audit(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    cookie = session_cookie(browser)["value"]
    # The file itself: for /finance/report/ nginx's index module redirects internally to index.html, and the
    # check of that second pass is the one logged (a cache hit of the first).
    path = f"/finance/report/index.html?audit={secrets.token_hex(4)}"
    assert fetch(stack, path, cookie)[0] == 200
    assert fetch(stack, path, cookie)[0] == 200, "the second read within 5 s is answered from nginx's check cache"

    lines = logged(stack, path, 2)
    assert [line["check"] for line in lines] == ["MISS", "HIT"]
    for line in lines:
        assert (line["oid"], line["tenant"], line["name"]) == (ANN["oid"], ANN["tid"], "Ann Lee")
        assert (line["method"], line["status"]) == ("GET", 200) and line["bytes"] > 0
    assert cookie not in (stack.state / "audit.log").read_text(), "no session cookie in the audit log"

    answer = audit(stack, "--path", path, "--user", ANN["oid"].upper(), "--json")
    assert answer.returncode == 0, answer.stderr
    found = [json.loads(line) for line in answer.stdout.splitlines()]
    assert [(entry["oid"], entry["path"], entry["check"]) for entry in found] == [
        (ANN["oid"], path, "MISS"),
        (ANN["oid"], path, "HIT"),
    ]

    table = audit(stack, "--path", "/finance/report/", "--since", "10m")
    assert table.returncode == 0, table.stderr
    rows = [row for row in table.stdout.splitlines() if path in row]
    assert len(rows) == 2 and all("Ann Lee <ann@example.com>" in row and ANN["oid"] in row for row in rows)
    assert table.stdout.startswith("TIME (UTC)")


def test_a_refused_read_is_logged_and_other_readers_are_not_found(stack, browser):
    sign_in(browser, stack, "bob", "/guide/")
    path = f"/finance/report/?audit={secrets.token_hex(4)}"
    assert fetch(stack, path, session_cookie(browser)["value"])[0] == 403

    [line] = logged(stack, path, 1)
    assert (line["oid"], line["status"]) == (BOB["oid"], 403)
    assert audit(stack, "--path", path, "--user", ANN["oid"], "--json").stdout == ""
    assert "No request matches." in audit(stack, "--path", path, "--since", "2099-01-01").stdout


def test_audit_names_a_log_it_cannot_use(stack, tmp_path):
    other = tmp_path / "access.log"
    other.write_text('127.0.0.1 - - [24/Nov/2026:05:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "curl"\n')
    answer = subprocess.run(
        [str(BIN_DIR / "sitegen-auth"), "audit", "--log", str(other)], capture_output=True, text=True, check=False
    )
    assert answer.returncode == 1
    assert f"{other}:1: not a line of the sitegen_audit log format" in answer.stderr
    assert "no line is an audit line" in answer.stderr
    bad_since = audit(stack, "--since", "last month")
    assert bad_since.returncode == 1 and "'last month' is not a day" in bad_since.stderr
