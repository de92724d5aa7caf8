"""Traefik's forwardAuth, which Debian does not package, as sitegen-auth sees it: the real binary over HTTP
(--listen-http) asked exactly as Traefik's forwardAuth asks (pkg/middlewares/auth/forward.go): a GET to the
middleware's address with the reader's request headers minus the hop-by-hop ones, Go's User-Agent and
Accept-Encoding, the Host of the address, and X-Forwarded-For, -Method, -Proto, -Host and -Uri set by Traefik.
Traefik passes any answer but a 2xx to the browser, with its Location resolved against the address it asked (Go's
Response.Location(), unless Traefik 3's preserveLocationHeader is set), and copies authResponseHeaders into the
request on a 2xx; deploy/traefik/sitegen.toml names the headers checked here.
"""

from __future__ import annotations

import http.client
import tomllib
import urllib.parse
from pathlib import Path

import pytest

from forward_auth_stack import ForwardAuthStack
from scripted_sign_in import request, until_callback
from stack import REPO

DYNAMIC_CONFIG = REPO / "deploy" / "traefik" / "sitegen.toml"
BROWSER_NAVIGATION = {
    "Accept": "text/html,application/xhtml+xml",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Dest": "document",
    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120",
}


@pytest.fixture(scope="module")
def auth(workdir: Path, public: Path):
    running = ForwardAuthStack(state=workdir / "traefik-state", public=public).start()
    yield running
    running.stop()


def ask_as_traefik(
    auth: ForwardAuthStack, uri: str, reader_headers: dict[str, str], method: str = "GET"
) -> http.client.HTTPResponse:
    """What Traefik sends for a reader's `method uri` request over plain http from 192.0.2.10."""
    headers = {
        **reader_headers,
        "Host": f"127.0.0.1:{auth.auth_port}",
        "User-Agent": reader_headers.get("User-Agent", "Go-http-client/1.1"),
        "Accept-Encoding": "gzip",
        "X-Forwarded-For": "192.0.2.10",
        "X-Forwarded-Method": method,
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "docs.example.com",
        "X-Forwarded-Uri": uri,
    }
    connection = http.client.HTTPConnection("127.0.0.1", auth.auth_port, timeout=10)
    connection.request("GET", "/.auth/check", headers=headers)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer


def signed_in(auth: ForwardAuthStack, user: str) -> str:
    """The Cookie header of `user` signed in through sitegen-auth's own /.auth/login and callback over HTTP."""
    jar, callback = until_callback(auth.base_url + "/.auth/login?rd=/guide/", auth.provider_url, user)
    status, location, _ = request(jar, "GET", callback)
    assert status in (302, 303) and location == auth.base_url + "/guide/"
    cookie = jar.header(f"127.0.0.1:{auth.auth_port}")
    assert "sitegen-session=" in cookie
    return cookie


def test_the_example_configuration_asks_the_check_and_copies_the_identity_headers():
    config = tomllib.loads(DYNAMIC_CONFIG.read_text())
    middlewares = config["http"]["middlewares"]
    forward_auth = middlewares["sitegen-check"]["forwardAuth"]
    assert forward_auth["address"] == "http://@AUTH@/.auth/check"
    assert forward_auth.get("trustForwardHeader", False) is False, "a reader must not choose X-Forwarded-Uri"
    assert {"X-Auth-User", "X-Auth-Name", "X-Auth-Email", "X-Auth-Roles"} <= set(forward_auth["authResponseHeaders"])
    auth_router = config["http"]["routers"]["sitegen-auth"]
    assert "PathPrefix(`/.auth/`)" in auth_router["rule"]
    assert "!Path(`/.auth/check`)" in auth_router["rule"], "the check stays internal"
    site = config["http"]["routers"]["sitegen-site"]
    assert site["middlewares"].index("sitegen-error-pages") < site["middlewares"].index("sitegen-check")
    assert "!PathPrefix(`/.sitegen/`)" in site["rule"], "the access manifest is never served"


def test_the_guide_shows_the_example_configuration_as_shipped():
    guide = (REPO / "site" / "deploy" / "traefik.md").read_text()
    assert "```toml\n" + DYNAMIC_CONFIG.read_text().rstrip("\n") + "\n```" in guide


def test_an_anonymous_navigation_is_sent_to_sign_in_with_its_page(auth):
    answer = ask_as_traefik(auth, "/finance/report/?year=2024", BROWSER_NAVIGATION)
    assert answer.status == 302
    location = answer.getheader("Location")
    assert location == auth.base_url + "/.auth/login?rd=%2Ffinance%2Freport%2F%3Fyear%3D2024"
    # What Traefik sends the browser: the Location resolved against the address it asked, so a path alone would
    # have sent the reader to sitegen-auth's own loopback port.
    assert urllib.parse.urljoin(f"http://127.0.0.1:{auth.auth_port}/.auth/check", location) == location
    assert answer.getheader("Cache-Control") == "no-store"


def test_an_anonymous_script_gets_a_plain_401(auth):
    answer = ask_as_traefik(auth, "/finance/", {**BROWSER_NAVIGATION, "Sec-Fetch-Mode": "cors"})
    assert answer.status == 401 and answer.getheader("Location") is None


def test_a_public_page_is_allowed_without_a_cookie(auth):
    answer = ask_as_traefik(auth, "/", BROWSER_NAVIGATION)
    assert answer.status == 204 and answer.getheader("X-Auth-User") is None


def test_a_role_holder_is_allowed_with_identity_headers_and_another_reader_refused(auth):
    ann = signed_in(auth, "ann")
    answer = ask_as_traefik(auth, "/finance/report/", {**BROWSER_NAVIGATION, "Cookie": f"theme=dark; {ann}"})
    assert answer.status == 204
    assert answer.getheader("X-Auth-Name") == "Ann Lee"
    assert answer.getheader("X-Auth-User") == "aaaaaaaa-0000-4000-8000-000000000001"
    assert answer.getheader("X-Auth-Roles") == "Finance.Read"

    bob = signed_in(auth, "bob")
    answer = ask_as_traefik(auth, "/finance/report/", {**BROWSER_NAVIGATION, "Cookie": bob})
    assert answer.status == 403
    assert "Finance.Read" in answer.getheader("X-Auth-Required")


def test_a_readers_own_x_original_uri_is_never_the_page_asked_about(auth):
    answer = ask_as_traefik(auth, "/finance/", {**BROWSER_NAVIGATION, "X-Original-URI": "/"})
    assert answer.status == 302, "Traefik copies the reader's headers; only X-Forwarded-Uri names the page"


def test_a_check_without_x_forwarded_uri_fails_closed(auth):
    connection = http.client.HTTPConnection("127.0.0.1", auth.auth_port, timeout=10)
    connection.request("GET", "/.auth/check", headers={"X-Original-URI": "/"})
    answer = connection.getresponse()
    assert answer.status == 500 and b"X-Forwarded-Uri is missing" in answer.read()
    connection.close()


def test_sign_in_and_sign_out_are_served_over_http(auth):
    cookie = signed_in(auth, "ann")
    connection = http.client.HTTPConnection("127.0.0.1", auth.auth_port, timeout=10)
    connection.request("GET", "/.auth/me", headers={"Cookie": cookie})
    me = connection.getresponse()
    assert me.status == 200 and b"Ann Lee" in me.read()
    sign_out_link = {**BROWSER_NAVIGATION, "Cookie": cookie, "Sec-Fetch-Site": "same-origin"}
    connection.request("GET", "/.auth/logout", headers=sign_out_link)
    logout = connection.getresponse()
    logout.read()
    assert logout.status in (302, 303) and "/oauth2/end_session" in logout.getheader("Location")
    connection.close()
    answer = ask_as_traefik(auth, "/finance/", {**BROWSER_NAVIGATION, "Cookie": cookie})
    assert answer.status == 302, "the session ended, so its cookie no longer opens the page"
