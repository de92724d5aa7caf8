"""Per-page access rules from front matter, enforced by sitegen-auth, seen in a real browser."""

from __future__ import annotations

import time

from selenium.webdriver.common.by import By

from conftest import build_site
from pages import body_text, sign_in, wait, wait_for_provider_sign_in


def nav_links(browser) -> list[str]:
    return [link.get_attribute("href") for link in browser.find_elements(By.CSS_SELECTOR, "nav a")]


def test_role_holder_reads_role_pages(stack, browser):
    sign_in(browser, stack, "ann", "/finance/")
    assert "FINANCE-CONTENT" in body_text(browser)
    browser.get(stack.base_url + "/finance/report/")
    assert "FINANCE-REPORT-CONTENT" in body_text(browser)


def test_reader_without_the_role_gets_the_403_page(stack, browser):
    sign_in(browser, stack, "bob", "/guide/")
    browser.get(stack.base_url + "/finance/report/")
    text = body_text(browser)
    assert "FINANCE-REPORT-CONTENT" not in text
    assert "Finance.Read" in text, "the 403 page should name the access that is needed"
    assert "it-help@acme.example" in text, "the 403 page should say whom to ask"


def test_role_holder_is_refused_other_roles_pages(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    browser.get(stack.base_url + "/admin/")
    text = body_text(browser)
    assert "ADMIN-CONTENT" not in text and "Handbook.Admin" in text


def test_anonymous_reader_reads_public_pages_and_signs_in_elsewhere(stack, browser):
    browser.get(stack.base_url + "/")
    assert browser.current_url == stack.base_url + "/"
    assert "Welcome" in body_text(browser)
    browser.get(stack.base_url + "/finance/")
    wait_for_provider_sign_in(browser, stack)


def test_navigation_hides_pages_the_reader_cannot_open(stack, browser):
    sign_in(browser, stack, "bob", "/guide/")
    links = nav_links(browser)
    assert any(link.endswith("/guide/setup/") for link in links)
    assert not any("/finance/" in link for link in links)
    assert "/finance/" not in browser.page_source, "restricted titles and links must not reach the browser"

    browser.delete_all_cookies()
    sign_in(browser, stack, "ann", "/guide/")
    assert any(link.endswith("/finance/") for link in nav_links(browser))
    assert not any("/admin/" in link for link in nav_links(browser))


def test_anonymous_navigation_shows_no_restricted_pages(stack, browser):
    browser.get(stack.base_url + "/")
    assert not any("/finance/" in link or "/admin/" in link for link in nav_links(browser))


def test_rebuild_that_restricts_a_page_applies_without_restart(stack, browser, site_source, public):
    sign_in(browser, stack, "ann", "/guide/setup/")
    assert "GUIDE-SETUP-CONTENT" in body_text(browser)
    page = site_source / "guide" / "setup.md"
    original = page.read_text()
    page.write_text(original.replace("title: Setup", "title: Setup\naccess:\n  roles: [Handbook.Admin]"))
    try:
        result = build_site(site_source, public)
        assert result.returncode == 0, result.stdout + result.stderr
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            browser.get(stack.base_url + "/guide/setup/")
            if "GUIDE-SETUP-CONTENT" not in body_text(browser):
                break
            time.sleep(0.5)
        assert "GUIDE-SETUP-CONTENT" not in body_text(browser)
        assert "Handbook.Admin" in body_text(browser)
    finally:
        page.write_text(original)
        result = build_site(site_source, public)
        assert result.returncode == 0, result.stdout + result.stderr
    wait(browser).until(lambda d: d.get(stack.base_url + "/guide/setup/") or "GUIDE-SETUP-CONTENT" in body_text(d))
