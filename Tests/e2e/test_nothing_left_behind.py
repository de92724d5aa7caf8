"""Nothing restricted stays in a reader's browser (issue 29, item 1), through real nginx with the production
snippets and the real sitegen-auth: restricted files and search parts are never stored, public ones stay
cacheable, and a browser that comes back with the cookie of an ended session has its cache emptied once."""

from __future__ import annotations

import http.client
import uuid

from scripted_sign_in import sign_in
from stack import Stack
from test_search import search_part_of
from test_sessions import sessions_command

ANN = "aaaaaaaa-0000-4000-8000-000000000001"


def fetch(stack: Stack, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    """One GET, redirects not followed; a fresh query string, so nginx's 5-second check cache never answers."""
    connection = http.client.HTTPConnection("127.0.0.1", stack.http_port, timeout=10)
    try:
        separator = "&" if "?" in path else "?"
        connection.request("GET", f"{path}{separator}probe={uuid.uuid4().hex}", headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer
    finally:
        connection.close()


def test_restricted_files_and_search_parts_are_never_stored_public_ones_stay_cacheable(stack, public):
    cookie = sign_in(stack.base_url + "/.auth/login?rd=/finance/", stack.base_url + "/finance/", stack.provider_url,
                     "ann", "127.0.0.61")
    restricted = ["/guide/diagram.png", f"/_search/{search_part_of(public, '/finance/forecast/')}/0/index.json"]
    public_files = ["/assets/theme.css", f"/_search/{search_part_of(public, '/')}/0/index.json"]
    for path in restricted + public_files:
        answer = fetch(stack, path, {"Cookie": cookie})
        assert answer.status == 200, (path, answer.status)
        cache_control = answer.getheader("Cache-Control")
        assert "private" in cache_control, (path, cache_control)
        assert ("no-store" in cache_control) == (path in restricted), (path, cache_control)
    assert "no-store" in fetch(stack, "/guide/", {"Cookie": cookie}).getheader("Cache-Control"), "pages as before"


def test_the_cookie_of_an_ended_session_empties_the_browsers_cache_once(stack):
    cookie = sign_in(stack.base_url + "/.auth/login?rd=/finance/", stack.base_url + "/finance/", stack.provider_url,
                     "ann", "127.0.0.62")
    assert fetch(stack, "/finance/", {"Cookie": cookie}).status == 200
    assert fetch(stack, "/finance/", {}).getheader("Clear-Site-Data") is None, "a reader who never signed in"
    revoked = sessions_command(stack, "revoke", "--user", ANN)
    assert revoked.returncode == 0, revoked.stderr

    for headers in ({"Sec-Fetch-Mode": "navigate"}, {"Sec-Fetch-Mode": "no-cors"}):
        answer = fetch(stack, "/guide/diagram.png", {"Cookie": cookie, **headers})
        assert answer.status in (302, 401), answer.status
        assert answer.getheader("Clear-Site-Data") == '"cache"'
        cleared = answer.getheader("Set-Cookie") or ""
        assert cleared.startswith("sitegen-session=;") and "Max-Age=0" in cleared, cleared
    after = fetch(stack, "/guide/diagram.png", {"Sec-Fetch-Mode": "navigate"})
    assert after.status == 302 and after.getheader("Clear-Site-Data") is None, "once the cookie is gone, no more"
