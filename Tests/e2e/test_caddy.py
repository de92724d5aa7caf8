"""sitegen behind Caddy: Debian's caddy runs deploy/caddy/Caddyfile, whose forward_auth asks sitegen-auth over HTTP
(--listen-http), with the OIDC test provider and headless Chromium, serving the site built as the guide says for
Caddy (`includes = "none"`). Anonymous readers are sent to sign in, a role page opens for its holder and is refused
to another reader with the site's 403 page, public pages need no cookie and name no page a reader may not open,
and sign-out ends the session.
"""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from caddy_stack import CaddyStack
from pages import body_text, fetch, names_no_restricted_page, session_cookie, sign_in, wait, wait_for_provider_sign_in


@pytest.fixture(scope="module")
def caddy_stack(workdir, none_public):
    running = CaddyStack(state=workdir / "caddy-state", public=none_public).start()
    yield running
    running.stop()


def answer(stack: CaddyStack, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], str]:
    """Status, headers and body of a GET through Caddy, redirects not followed."""
    request = urllib.request.Request(stack.base_url + path, headers=headers)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode(errors="replace")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments, **keywords):
        return None


def test_an_anonymous_reader_of_a_protected_page_is_sent_to_sign_in(caddy_stack, browser):
    status, headers, _ = answer(caddy_stack, "/finance/?q=1", {"Sec-Fetch-Mode": "navigate"})
    assert status == 302
    assert headers["Location"] == caddy_stack.base_url + "/.auth/login?rd=%2Ffinance%2F%3Fq%3D1"
    browser.get(caddy_stack.base_url + "/finance/")
    wait_for_provider_sign_in(browser, caddy_stack)


def test_a_script_asking_anonymously_gets_a_plain_401(caddy_stack):
    status, headers, _ = answer(caddy_stack, "/finance/", {"Sec-Fetch-Mode": "cors"})
    assert status == 401 and "Location" not in headers


def test_a_public_page_is_served_without_a_cookie_and_never_stored(caddy_stack):
    status, headers, body = answer(caddy_stack, "/", {})
    assert status == 200 and "Welcome" in body
    assert names_no_restricted_page(body), "Caddy runs no SSI: a public page names only public pages"
    assert headers["Cache-Control"] == "private, no-cache, no-store"
    assert headers["X-Frame-Options"] == "DENY"


def test_a_readers_own_headers_neither_open_a_page_nor_mark_one(caddy_stack):
    status, _, body = answer(
        caddy_stack, "/finance/", {"Sec-Fetch-Mode": "navigate", "X-Original-URI": "/", "X-Auth-User": "ann"}
    )
    assert status == 302 and "FINANCE-CONTENT" not in body, "the check asks about X-Forwarded-Uri, set by Caddy"
    stylesheet = "/assets/" + next(name for name in (caddy_stack.public / "assets").iterdir() if name.suffix == ".css").name
    status, headers, _ = answer(caddy_stack, stylesheet, {"X-Auth-Restricted": "1"})
    assert status == 200 and headers["Cache-Control"] == "private, no-cache", "only sitegen-auth marks restricted files"


def test_the_manifest_and_the_check_itself_are_not_served(caddy_stack):
    for path in ["/.sitegen/access.json", "/.auth/check", "/.auth/sign-in-required"]:
        status, headers, body = answer(caddy_stack, path, {"X-Forwarded-Uri": "/finance/"})
        assert status == 404 and '"rules"' not in body, path
        assert not [name for name in headers if name.lower().startswith("x-auth-")], path
        assert "Acme Handbook" in body, "the site's own 404 page"


def test_a_role_holder_reads_the_role_page_and_another_reader_gets_403(caddy_stack, browser):
    sign_in(browser, caddy_stack, "ann", "/finance/")
    assert "FINANCE-CONTENT" in body_text(browser)

    browser.delete_all_cookies()
    sign_in(browser, caddy_stack, "bob", "/guide/")
    status, body = fetch(caddy_stack, "/finance/report/", cookie=session_cookie(browser)["value"])
    assert status == 403 and "FINANCE-REPORT-CONTENT" not in body
    browser.get(caddy_stack.base_url + "/finance/report/")
    assert "You do not have access to this page" in body_text(browser), "the site's own 403 page"


def test_sign_out_ends_the_session(caddy_stack, browser):
    sign_in(browser, caddy_stack, "ann", "/guide/setup/")
    cookie = session_cookie(browser)["value"]
    browser.get(caddy_stack.base_url + "/.auth/logout")
    wait(browser).until(lambda d: d.current_url.startswith(caddy_stack.provider_url + "/oauth2/end_session"))
    browser.find_element(By.XPATH, "//button[normalize-space()='End session']").click()
    wait(browser).until(lambda d: d.current_url == caddy_stack.base_url + "/signed-out/")
    assert session_cookie(browser) is None
    status, _ = fetch(caddy_stack, "/guide/setup/?after-sign-out", cookie=cookie)
    assert status == 302, "the session ended in the store, so its old cookie no longer opens the page"
