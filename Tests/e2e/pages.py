"""What a person does in the browser: sign in at the test provider, sign out, read the page."""

from __future__ import annotations

import base64
import hashlib
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from stack import Stack


# Titles of the fixture site's pages that are not public: signed-in, Finance.Read, Handbook.Admin, the board's rule.
RESTRICTED_TITLES = [
    "Guide", "Setup", "Osprey Handbook", "Heron Leave Policy", "Finance", "Pomegranate forecast", "Q3 report",
    "Administration", "Board Minutes",
]


def names_no_restricted_page(html: str) -> bool:
    """Whether a page as served holds no SSI and names no page that is not public (built with includes = "none")."""
    return "<!--#" not in html and not any(f">{title}<" in html for title in RESTRICTED_TITLES)


def wait(driver: WebDriver, timeout: float = 15) -> WebDriverWait:
    return WebDriverWait(driver, timeout)


def on_provider_sign_in(driver: WebDriver, stack: Stack) -> bool:
    return driver.current_url.startswith(stack.provider_url + "/oauth2/authorize")


def wait_for_provider_sign_in(driver: WebDriver, stack: Stack) -> None:
    wait(driver).until(lambda d: on_provider_sign_in(d, stack))
    wait(driver).until(expected_conditions.presence_of_element_located((By.NAME, "sub")))


def authorize_as(driver: WebDriver, stack: Stack, user: str) -> None:
    """On the provider's sign-in form, choose the predefined user."""
    wait_for_provider_sign_in(driver, stack)
    driver.find_element(By.CSS_SELECTOR, f"button[name='sub'][value='{user}']").click()
    wait(driver).until(lambda d: d.current_url.startswith(stack.base_url))


def deny_consent(driver: WebDriver, stack: Stack) -> None:
    wait_for_provider_sign_in(driver, stack)
    driver.find_element(By.CSS_SELECTOR, "button[name='action'][value='deny']").click()
    wait(driver).until(lambda d: d.current_url.startswith(stack.base_url))


def sign_in(driver: WebDriver, stack: Stack, user: str, path: str = "/guide/") -> None:
    driver.get(stack.base_url + path)
    authorize_as(driver, stack, user)
    wait(driver).until(lambda d: d.current_url == stack.base_url + path)


def body_text(driver: WebDriver) -> str:
    return driver.find_element(By.TAG_NAME, "body").text


def session_cookie(driver: WebDriver) -> dict | None:
    return driver.get_cookie("sitegen-session")


def check_key(session_value: str) -> str:
    """The check key sitegen-auth sets beside a session cookie: the unpadded base64url MD5 of its value."""
    return base64.urlsafe_b64encode(hashlib.md5(session_value.encode()).digest()).rstrip(b"=").decode()


def session_cookies(session_value: str) -> str:
    """The Cookie header of a browser holding the session cookie `session_value` and its check key."""
    return f"sitegen-session={session_value}; sitegen-check={check_key(session_value)}"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments, **keywords):
        return None


def fetch(stack: Stack, path: str, cookie: str | None = None, base_url: str | None = None) -> tuple[int, str]:
    """GET a path as a page navigation, without following redirects; the session cookie's value if given."""
    headers = {"Sec-Fetch-Mode": "navigate"}
    if cookie is not None:
        headers["Cookie"] = session_cookies(cookie)
    request = urllib.request.Request((base_url or stack.base_url) + path, headers=headers)
    try:
        with urllib.request.build_opener(_NoRedirect).open(request, timeout=10) as answer:
            return answer.status, answer.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")
