"""Signing in and out through real nginx, the real sitegen-auth and the OIDC test provider, in Chromium."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import new_browser
from pages import authorize_as, body_text, deny_consent, session_cookie, sign_in, wait, wait_for_provider_sign_in


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request without following redirects: status, headers, body."""
    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with opener.open(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_deep_link_signs_in_and_returns_to_it(stack, browser, artifacts):
    browser.get(stack.base_url + "/guide/setup/?tab=2")
    wait_for_provider_sign_in(browser, stack)
    authorize_as(browser, stack, "ann")
    wait(browser).until(lambda d: d.current_url == stack.base_url + "/guide/setup/?tab=2")
    assert "GUIDE-SETUP-CONTENT" in body_text(browser)
    assert browser.find_element(By.CSS_SELECTOR, ".user-name").text == "Ann Lee"
    assert browser.find_element(By.LINK_TEXT, "Sign out").get_attribute("href").endswith("/.auth/logout")
    browser.get(stack.base_url + "/")
    browser.save_screenshot(str(artifacts / "signed-in-home.png"))
    assert "Ann Lee" in body_text(browser)


def test_the_access_log_keeps_no_code_or_state(stack, browser):
    log = stack.state / "access.log"
    start = log.stat().st_size if log.exists() else 0
    sign_in(browser, stack, "ann", "/guide/?tab=3")
    with log.open("rb") as file:
        file.seek(start)
        lines = file.read().decode(errors="replace")
    assert '"GET /.auth/callback?- HTTP/1.1" 303 ' in lines, lines
    assert '"GET /guide/?tab=3 HTTP/1.1" 200 ' in lines, "other query strings are logged as they were"
    for secret in ["code=", "state=", "rd="]:
        assert secret not in lines, secret


def test_a_refused_sign_in_passes_no_code_to_the_log(stack, browser):
    """The refusal page stands at the callback's address, code and state in its query: the stylesheet it loads must
    not carry them to the access log in its Referer."""
    log = stack.state / "access.log"
    start = log.stat().st_size if log.exists() else 0
    browser.get(stack.base_url + "/.auth/callback?code=LEAKY-CODE-4711&state=UNKNOWN-STATE-0815")
    assert "This sign-in link has expired" in body_text(browser)
    loaded = lambda: log.read_bytes()[start:].decode(errors="replace")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "GET /assets/theme.css " not in loaded():
        time.sleep(0.1)
    lines = loaded()
    assert "GET /assets/theme.css " in lines, "the refusal page loaded the theme's stylesheet"
    assert "LEAKY-CODE" not in lines and "UNKNOWN-STATE" not in lines, lines


def test_public_page_offers_sign_in_to_anonymous_readers(stack, browser):
    browser.get(stack.base_url + "/")
    assert browser.current_url == stack.base_url + "/"
    links = browser.find_elements(By.LINK_TEXT, "Sign in")
    assert links and "/.auth/login?rd=" in links[0].get_attribute("href")
    assert not browser.find_elements(By.CSS_SELECTOR, ".user-name")


def test_assets_load_when_signed_in_and_are_refused_anonymously(stack, browser):
    sign_in(browser, stack, "bob", "/guide/")
    loaded = browser.execute_script(
        "const img = document.querySelector('main img');"
        "return img && img.complete && img.naturalWidth > 0;"
    )
    assert loaded, "the guide's image did not load for a signed-in reader"
    styled = browser.execute_script("return document.styleSheets.length > 0 && document.styleSheets[0].cssRules.length > 0")
    assert styled, "the theme stylesheet did not load"

    status, headers, body = fetch(stack.base_url + "/guide/diagram.png", {"Sec-Fetch-Mode": "no-cors"})
    assert status == 401 and b"\x89PNG" not in body
    status, headers, _ = fetch(stack.base_url + "/guide/diagram.png")
    assert status == 302 and headers["Location"].startswith("/.auth/login?rd=%2Fguide%2Fdiagram.png")


def test_protected_responses_are_not_cached(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    cookie = session_cookie(browser)
    status, headers, body = fetch(stack.base_url + "/guide/", {"Cookie": f"sitegen-session={cookie['value']}"})
    assert status == 200 and b"Guide" in body
    assert "private" in headers["Cache-Control"] and "no-cache" in headers["Cache-Control"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_sign_out_goes_through_the_provider_and_stays_signed_out(stack, browser):
    sign_in(browser, stack, "ann", "/guide/setup/")
    browser.find_element(By.LINK_TEXT, "Sign out").click()
    wait(browser).until(lambda d: d.current_url.startswith(stack.provider_url + "/oauth2/end_session"))
    assert "post_logout_redirect_uri" in browser.current_url
    browser.find_element(By.XPATH, "//button[normalize-space()='End session']").click()
    wait(browser).until(lambda d: d.current_url == stack.base_url + "/signed-out/")
    assert session_cookie(browser) is None
    assert "Sign in" in body_text(browser)

    browser.back()
    browser.back()
    wait(browser).until(lambda d: "GUIDE-SETUP-CONTENT" not in body_text(d))
    browser.get(stack.base_url + "/guide/setup/")
    wait_for_provider_sign_in(browser, stack)
    browser.back()
    browser.refresh()
    assert "GUIDE-SETUP-CONTENT" not in browser.page_source


@pytest.mark.parametrize("spoil", ["tampered", "garbage", "truncated"])
def test_spoiled_session_cookie_counts_as_signed_out(stack, browser, spoil):
    sign_in(browser, stack, "ann", "/guide/")
    value = session_cookie(browser)["value"]
    spoiled = {
        "tampered": value[:20] + ("A" if value[20] != "A" else "B") + value[21:],
        "garbage": "not-a-session",
        "truncated": value[: len(value) // 2],
    }[spoil]
    browser.delete_cookie("sitegen-session")
    browser.add_cookie({"name": "sitegen-session", "value": spoiled, "path": "/", "httpOnly": True})
    browser.get(stack.base_url + "/guide/setup/")
    wait_for_provider_sign_in(browser, stack)


def test_two_tabs_signing_in_at_once_both_succeed(stack, browser):
    browser.get(stack.base_url + "/guide/")
    wait_for_provider_sign_in(browser, stack)
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(stack.base_url + "/guide/setup/")
    wait_for_provider_sign_in(browser, stack)
    second = browser.current_window_handle

    browser.switch_to.window(first)
    authorize_as(browser, stack, "ann")
    wait(browser).until(lambda d: d.current_url == stack.base_url + "/guide/")
    browser.switch_to.window(second)
    authorize_as(browser, stack, "ann")
    wait(browser).until(lambda d: d.current_url == stack.base_url + "/guide/setup/")
    assert "GUIDE-SETUP-CONTENT" in body_text(browser)


def test_denied_consent_shows_the_error_page_with_a_retry_link(stack, browser):
    browser.get(stack.base_url + "/guide/setup/")
    deny_consent(browser, stack)
    assert "Sign-in was not completed" in body_text(browser)
    assert "access_denied" in body_text(browser)
    assert "Correlation id" in body_text(browser)
    retry = browser.find_element(By.LINK_TEXT, "Try again").get_attribute("href")
    assert retry.endswith("/.auth/login?rd=%2Fguide%2Fsetup%2F")
    assert session_cookie(browser) is None
    browser.find_element(By.LINK_TEXT, "Try again").click()
    authorize_as(browser, stack, "bob")
    wait(browser).until(lambda d: d.current_url == stack.base_url + "/guide/setup/")


def test_provider_error_response_shows_the_error_page(stack, browser):
    browser.get(stack.base_url + "/.auth/login?rd=/guide/")
    wait_for_provider_sign_in(browser, stack)
    state = dict(part.split("=", 1) for part in browser.current_url.split("?", 1)[1].split("&"))["state"]
    browser.get(
        stack.base_url
        + f"/.auth/callback?state={state}&error=server_error"
        + "&error_description=AADSTS50011%3A+The+redirect+URI+does+not+match"
    )
    text = body_text(browser)
    assert "AADSTS50011" in text and "Correlation id" in text
    correlation = browser.find_element(By.CSS_SELECTOR, "dd:last-of-type code").text
    assert f"correlation={correlation}" in stack.log("auth")


def test_sessions_expire(workdir, public):
    from stack import Stack

    short = Stack(state=workdir / "state-expiry", public=public, auth_settings={"session_lifetime": "3s"}).start()
    driver = new_browser()
    try:
        sign_in(driver, short, "ann", "/guide/")
        time.sleep(4)
        driver.get(short.base_url + "/guide/setup/")
        wait_for_provider_sign_in(driver, short)
    finally:
        driver.quit()
        short.stop()


def test_cookie_sealed_with_another_secret_counts_as_signed_out(workdir, public):
    from stack import Stack

    other = Stack(state=workdir / "state-rotation", public=public).start()
    driver = new_browser()
    try:
        sign_in(driver, other, "ann", "/guide/")
        other.stop_auth()
        (other.state / "cookie_secret").unlink()
        other.write_auth_config()
        other.start_auth()
        driver.get(other.base_url + "/guide/setup/")
        wait_for_provider_sign_in(driver, other)
    finally:
        driver.quit()
        other.stop()


def test_stopped_auth_handler_means_5xx_never_the_page(workdir, public):
    from stack import Stack

    down = Stack(state=workdir / "state-down", public=public).start()
    driver = new_browser()
    try:
        sign_in(driver, down, "ann", "/guide/")
        cookie = session_cookie(driver)["value"]
        down.stop_auth()
        # Never checked before: no decision exists, so nginx must fail closed at once.
        for path in ["/guide/setup/", "/finance/"]:
            status, _, body = fetch(down.base_url + path, {"Cookie": f"sitegen-session={cookie}"})
            assert 500 <= status < 600, path
            assert b"GUIDE-SETUP-CONTENT" not in body
        # The image was allowed moments ago; nginx may reuse that answer for its 5 s lifetime, never longer.
        time.sleep(6)
        for path in ["/guide/", "/guide/diagram.png", "/guide/setup/"]:
            status, _, body = fetch(down.base_url + path, {"Cookie": f"sitegen-session={cookie}"})
            assert 500 <= status < 600, path
            assert b"\x89PNG" not in body and b"Guide" not in body
    finally:
        driver.quit()
        down.stop()
