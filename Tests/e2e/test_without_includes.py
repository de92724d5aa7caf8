"""A site built with `[server] includes = "none"` (for servers that run no nginx SSI), served by the real stack.

nginx still runs SSI here, but the pages hold none: what a reader gets is what Apache without mod_include,
lighttpd, Caddy or Traefik would send. Pages name only pages every one of their readers may open, the
greeting comes from /.auth/me through the theme's script, and search finds the parts a reader may read by
asking for each and keeping those the server does not refuse.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from pages import RESTRICTED_TITLES, fetch, session_cookie, sign_in, wait
from stack import Stack
from test_search import log_position, search, search_requests, served_since, words_served

@pytest.fixture(scope="module")
def none_stack(workdir, none_public):
    running = Stack(state=workdir / "none-state", public=none_public).start()
    yield running
    running.stop()


def test_no_page_holds_ssi_and_public_pages_name_no_restricted_page(none_public, none_stack, public):
    for page in none_public.rglob("*.html"):
        assert "<!--#" not in page.read_text(), page
    for path in ["/", "/osprey/visitors/", "/admin/contact/", "/404.html"]:
        status, html = fetch(none_stack, path)
        assert status == 200, (path, status)
        for title in RESTRICTED_TITLES:
            assert f">{title}<" not in html, (path, title)
    # The check can fail: the nginx build's files hold those titles, inside SSI conditions.
    nginx_home = (public / "index.html").read_text()
    assert all(f">{title}<" in nginx_home for title in ["Guide", "Finance", "Administration"])


def test_greeting_comes_from_auth_me(none_stack, browser):
    browser.get(none_stack.base_url + "/")
    assert browser.find_element(By.CSS_SELECTOR, ".user-action").text == "Sign in"
    sign_in(browser, none_stack, "ann", "/finance/forecast/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".user-name"))
    assert browser.find_element(By.CSS_SELECTOR, ".user-name").text == "Ann Lee"
    assert browser.find_element(By.LINK_TEXT, "Sign out").get_attribute("href").endswith("/.auth/logout")
    assert browser.find_element(By.CSS_SELECTOR, ".breadcrumbs").text.strip() != ""


def test_search_finds_the_readers_parts_and_only_those(none_stack, browser):
    sign_in(browser, none_stack, "ann", "/guide/")
    assert [result["url"] for result in search(browser, "kumquat")] == ["/finance/forecast/"]
    browser.delete_all_cookies()
    position = log_position(none_stack)
    sign_in(browser, none_stack, "bob", "/guide/")
    assert search(browser, "kumquat") == []
    assert [result["url"] for result in search(browser, "narwhal")] == ["/guide/setup/"]
    served = served_since(none_stack, position)
    refused = [uri for uri, status in search_requests(served) if status == 403]
    assert refused and all(uri.endswith("/index.json") for uri in refused), "only each refused part's index is asked"
    assert words_served(none_stack, served, session_cookie(browser), ["pomegranate", "kumquat", "zeppelin"]) == {}
