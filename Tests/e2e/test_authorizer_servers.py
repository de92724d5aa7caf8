"""sitegen-auth as FastCGI Authorizer behind Debian's Apache httpd (mod_authnz_fcgi) and lighttpd (mod_fastcgi in
authorizer mode), each started here on loopback from the configuration users copy, with the real sitegen-auth, the
OIDC test provider and Chromium: the same reader journeys as behind nginx.
"""

from __future__ import annotations

import http.client
import os
import shutil
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from apache_server import ApacheStack
from conftest import build_without_includes
from lighttpd_server import LighttpdStack
from scripted_sign_in import sign_in as scripted_sign_in
from pages import (
    authorize_as, body_text, fetch, names_no_restricted_page, session_cookie, sign_in, wait,
    wait_for_provider_sign_in,
)
from stack import wait_for

SERVERS = {"apache": ApacheStack, "lighttpd": LighttpdStack}


@pytest.fixture(scope="module")
def readable_public():
    """The fixture site built for a server without nginx's SSI (`includes = "none"`) into a folder the web server's
    own user (www-data) may read."""
    folder = Path(tempfile.mkdtemp(prefix="sitegen-authorizer-"))
    folder.chmod(0o755)
    public = build_without_includes(folder)
    for root, folders, files in os.walk(folder):
        for name in folders:
            (Path(root) / name).chmod(0o755)
        for name in files:
            (Path(root) / name).chmod(0o644)
    yield public
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module", params=sorted(SERVERS))
def served(request, readable_public: Path):
    state = readable_public.parent / f"state-{request.param}"
    running = SERVERS[request.param](state=state, public=readable_public).start()
    yield running
    started = list(running.processes.values())
    running.stop()
    assert started and all(process.poll() is not None for process in started), "every process started is stopped"


def test_an_anonymous_reader_is_sent_to_sign_in_and_fetches_get_401(served):
    status, _ = fetch(served, "/guide/setup/?tab=2")
    assert status == 302
    redirect = answer_to(served, "/guide/setup/?tab=2")
    assert (redirect.status, redirect.reason) == (302, "Found"), "the Status line carries its reason phrase"
    headers = answer_headers(served, "/guide/setup/?tab=2", navigate=True)
    assert headers["Location"].endswith("/.auth/login?rd=%2Fguide%2Fsetup%2F%3Ftab%3D2"), headers
    status, body = fetch_as(served, "/guide/diagram.png", mode="no-cors")
    assert status == 401 and "PNG" not in body


def test_a_public_page_is_served_without_a_cookie_and_the_manifest_never(served):
    status, body = fetch(served, "/")
    assert status == 200 and "Welcome" in body
    assert names_no_restricted_page(body), "no SSI here: a public page names only public pages"
    status, body = fetch(served, "/.sitegen/access.json")
    assert status in (403, 404) and '"paths"' not in body, "the access manifest is for sitegen-auth only"
    status, body = fetch(served, "/.auth/check")
    assert status in (403, 404) and "X-Auth" not in body


def test_sign_in_through_the_provider_returns_to_the_page(served, browser):
    browser.get(served.base_url + "/guide/setup/?tab=2")
    wait_for_provider_sign_in(browser, served)
    authorize_as(browser, served, "ann")
    wait(browser).until(lambda d: d.current_url == served.base_url + "/guide/setup/?tab=2")
    assert "GUIDE-SETUP-CONTENT" in body_text(browser)
    # The greeting comes from /.auth/me, which the server passes to sitegen-auth as a responder.
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".user-name"))
    assert browser.find_element(By.CSS_SELECTOR, ".user-name").text == "Ann Lee"


def test_the_access_log_names_the_reader_and_keeps_no_code_or_state(served, browser):
    sign_in(browser, served, "ann", "/guide/?tab=3")
    wait_for(lambda: "/.auth/callback?- " in served.access_log.read_text(errors="replace"), "the access log")
    lines = served.access_log.read_text(errors="replace")
    assert "aaaaaaaa-0000-4000-8000-000000000001" in lines, "the signed-in reader's object id is logged"
    for secret in ["code=", "state=", "rd="]:
        assert secret not in lines, secret


def test_a_role_page_is_200_for_a_holder_and_403_for_another_reader(served, browser):
    sign_in(browser, served, "ann", "/finance/")
    assert "FINANCE-CONTENT" in body_text(browser)
    ann = session_cookie(browser)["value"]
    status, body = fetch(served, "/finance/report/", cookie=ann)
    assert status == 200 and "FINANCE-REPORT-CONTENT" in body

    browser.delete_all_cookies()
    sign_in(browser, served, "bob", "/guide/")
    bob = session_cookie(browser)["value"]
    status, body = fetch(served, "/finance/report/", cookie=bob)
    assert status == 403 and "FINANCE-REPORT-CONTENT" not in body
    assert "it-help@acme.example" in body, "the site's own 403 page names whom to ask"
    status, body = fetch(served, "/guide/", cookie=bob)
    assert status == 200 and ">Finance<" not in body, "a page names no page its reader may not open"
    browser.get(served.base_url + "/finance/report/")
    assert "FINANCE-REPORT-CONTENT" not in body_text(browser)
    assert "You do not have access" in body_text(browser)


@pytest.mark.parametrize("server", sorted(SERVERS))
def test_a_path_past_a_file_names_no_file_even_when_unknown_paths_open_to_signed_in_readers(server, readable_public):
    """lighttpd serves /page/index.html/x as /page/index.html with the rest as PATH_INFO unless told not to; the check
    sees an unlisted path, which unknown_paths = "signed-in" opens to any signed-in reader."""
    state = readable_public.parent / f"state-{server}-lenient"
    running = SERVERS[server](
        state=state, public=readable_public, auth_settings={"unknown_paths": "signed-in"}
    ).start()
    try:
        bob = scripted_sign_in(
            running.base_url + "/.auth/login?rd=/guide/", running.base_url + "/guide/", running.provider_url, "bob"
        )
        for path in ["/finance/report/", "/finance/report/index.html/x", "/finance/report/index.html/", "/finance/x/"]:
            request = urllib.request.Request(running.base_url + path, headers={"Cookie": bob})
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    status, body = answer.status, answer.read().decode(errors="replace")
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read().decode(errors="replace")
            assert status in (403, 404) and "FINANCE-REPORT-CONTENT" not in body, (path, status)
    finally:
        running.stop()


def test_answers_carry_the_sites_headers_and_never_the_identity(served, browser):
    sign_in(browser, served, "ann", "/finance/")
    cookie = session_cookie(browser)["value"]
    headers = answer_headers(served, "/finance/report/", cookie=cookie)
    assert "no-store" in headers["Cache-Control"], "restricted pages are not stored"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert not any(name.lower().startswith(("variable-", "x-auth-")) for name in headers), headers
    assert "Ann Lee" not in str(headers) and "aaaaaaaa-" not in str(headers)


def test_sign_out_ends_the_session(served, browser):
    sign_in(browser, served, "ann", "/guide/setup/")
    wait(browser).until(lambda d: d.find_elements(By.LINK_TEXT, "Sign out"))
    browser.find_element(By.LINK_TEXT, "Sign out").click()
    wait(browser).until(lambda d: d.current_url.startswith(served.provider_url + "/oauth2/end_session"))
    browser.find_element(By.XPATH, "//button[normalize-space()='End session']").click()
    wait(browser).until(lambda d: d.current_url == served.base_url + "/signed-out/")
    assert session_cookie(browser) is None
    browser.get(served.base_url + "/guide/setup/")
    wait_for_provider_sign_in(browser, served)


def fetch_as(served, path: str, mode: str) -> tuple[int, str]:
    """GET a path with the given Sec-Fetch-Mode (`no-cors`: an image or script, not a page)."""
    request = urllib.request.Request(served.base_url + path, headers={"Sec-Fetch-Mode": mode})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def answer_headers(served, path: str, cookie: str | None = None, navigate: bool = True) -> dict[str, str]:
    """The headers of one answer, without following a redirect."""
    return dict(answer_to(served, path, cookie, navigate).getheaders())


def answer_to(served, path: str, cookie: str | None = None, navigate: bool = True) -> http.client.HTTPResponse:
    """One answer, read whole, without following a redirect."""
    connection = http.client.HTTPConnection("127.0.0.1", served.http_port, timeout=10)
    headers = {"Sec-Fetch-Mode": "navigate" if navigate else "no-cors"}
    if cookie:
        headers["Cookie"] = f"sitegen-session={cookie}"
    connection.request("GET", path, headers=headers)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer
