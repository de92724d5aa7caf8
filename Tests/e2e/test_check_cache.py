"""nginx's check cache keeps no session cookie where other code can read it (issue 29, item 7): its key is the
session's check key, a digest nginx verifies against the session cookie, so the cache's files hold no cookie to
replay and an answer is never reused for a request that does not present the cookie it was made for."""

from __future__ import annotations

import http.client
import json
import secrets
import time
from pathlib import Path

from pages import check_key, fetch, session_cookie, sign_in
from stack import DEMO_USERS, Stack

ANN = DEMO_USERS[0]


def cache_files(stack: Stack) -> list[Path]:
    return [path for path in (stack.state / "check-cache").rglob("*") if path.is_file()]


def checks_logged(stack: Stack, path: str, count: int) -> list[str]:
    """How nginx's cache answered the checks of `path` (the audit log's "check"), once `count` are written."""
    deadline = time.monotonic() + 5
    while True:
        lines = [json.loads(line) for line in (stack.state / "audit.log").read_text().splitlines()]
        found = [line["check"] for line in lines if line["path"] == path]
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def get(stack: Stack, path: str, cookie_header: str) -> int:
    """One GET with exactly this Cookie header, redirects not followed."""
    connection = http.client.HTTPConnection("127.0.0.1", stack.http_port, timeout=10)
    try:
        connection.request("GET", path, headers={"Cookie": cookie_header, "Sec-Fetch-Mode": "navigate"})
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def test_the_cache_files_hold_the_check_key_and_no_session_cookie(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    cookie = session_cookie(browser)["value"]
    assert browser.get_cookie("sitegen-check")["value"] == check_key(cookie), "sign-in sets the key nginx verifies"
    path = f"/finance/report/index.html?cache={secrets.token_hex(4)}"
    assert fetch(stack, path, cookie)[0] == 200
    assert fetch(stack, path, cookie)[0] == 200
    assert checks_logged(stack, path, 2) == ["MISS", "HIT"], "an answer is still kept and reused for its session"

    files = [path.read_bytes() for path in cache_files(stack)]
    assert files, "nginx kept the check's answer in its cache folder"
    assert all(cookie.encode() not in content for content in files), "a cache file holds the session cookie"
    assert any(check_key(cookie).encode() in content for content in files)


def test_an_answer_is_never_reused_for_a_request_without_the_cookie_it_was_made_for(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    ann = session_cookie(browser)["value"]
    browser.delete_all_cookies()
    sign_in(browser, stack, "bob", "/guide/")
    bob = session_cookie(browser)["value"]
    path = f"/finance/report/index.html?cache={secrets.token_hex(4)}"
    assert fetch(stack, path, ann)[0] == 200, "Ann holds Finance.Read; her answer is now in nginx's cache"
    assert fetch(stack, path, bob)[0] == 403

    # Ann's key, as whoever reads the cache files learns it, with another session, a forged one or none.
    assert get(stack, path, f"sitegen-session={bob}; sitegen-check={check_key(ann)}") == 403
    assert get(stack, path, f"sitegen-session=forged; sitegen-check={check_key(ann)}") == 302
    assert get(stack, path, f"sitegen-check={check_key(ann)}") == 302
    # Two session cookies that nginx's pattern and sitegen-auth's parser pick differently (an https name beside
    # the loopback one): nginx files the answer under Bob's key, sitegen-auth decides for Ann's cookie and so
    # forbids nginx to keep it. Bob, with his own cookies, must not get Ann's answer from the cache.
    mixed = f"__Host-sitegen-session={bob}; sitegen-session={ann}; sitegen-check={check_key(bob)}"
    assert get(stack, path, mixed) == 200
    assert fetch(stack, path, bob)[0] == 403
    assert fetch(stack, path, ann)[0] == 200
    assert checks_logged(stack, path, 8) == ["MISS", "MISS", "BYPASS", "BYPASS", "BYPASS", "MISS", "MISS", "HIT"]
