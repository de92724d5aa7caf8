"""Search in a real browser, through the production nginx snippet and the real sitegen-auth.

The leak checks read nginx's access log for every request the browser made while the test ran, from
before it signed in or opened the first page (the pages, the stylesheet, the scripts, the search
worker and every file of the index it fetched) and fetch each again with
the reader's own session, so they see exactly the bytes that reader was given, and look for the words
of pages the reader may not open. The same check finds those words in what a reader who may open the
pages fetched, so it can fail.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import FIXTURE_SITE, build_site
from pages import session_cookie, sign_in, wait
from stack import REPO, Stack

# Words (and the URL) of the role page /finance/forecast/ (Finance.Read): a title word, a body word, and its
# address.
ROLE_PAGE = ["pomegranate", "kumquat", "finance/forecast"]
SIGNED_IN_ONLY = ["narwhal"]
ADMIN_ONLY = ["zeppelin", "administration"]

REQUEST = re.compile(r'"(?P<method>[A-Z]+) (?P<uri>\S+) HTTP/[\d.]+" (?P<status>\d{3}) ')


def search(browser, query: str) -> list[dict]:
    """Types `query` into the search field and returns the results once they are shown for it."""
    field = browser.find_element(By.CSS_SELECTOR, ".search-input")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys(query)
    wait(browser).until(
        lambda d: d.execute_script("return document.querySelector('.search-results').dataset.query") == query
    )
    return browser.execute_script(
        """return [...document.querySelectorAll('.search-result')].map((item) => ({
            url: new URL(item.querySelector('a').href).pathname,
            title: item.querySelector('.search-title').textContent,
            crumbs: item.querySelector('.search-crumbs')?.textContent ?? '',
            selected: item.getAttribute('aria-selected') === 'true',
        }))"""
    )


def access_log(stack: Stack) -> Path:
    return stack.state / "access.log"


def log_position(stack: Stack) -> int:
    path = access_log(stack)
    return path.stat().st_size if path.exists() else 0


def served_since(stack: Stack, position: int) -> list[tuple[str, int]]:
    """(URI, status) of every request nginx answered since `position` in its access log."""
    with access_log(stack).open("rb") as log:
        log.seek(position)
        lines = log.read().decode(errors="replace").splitlines()
    return [(match["uri"], int(match["status"])) for line in lines if (match := REQUEST.search(line))]


def fetch(stack: Stack, uri: str, cookie: dict | None) -> tuple[int, bytes]:
    request = urllib.request.Request(stack.base_url + uri, headers={"Accept-Encoding": "identity"})
    if cookie:
        request.add_header("Cookie", f"{cookie['name']}={cookie['value']}")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def readable(body: bytes) -> str:
    """The body as lower-case text, decompressed should a server send it gzip-compressed anyway."""
    if body[:2] == b"\x1f\x8b":
        body = gzip.decompress(body)
    return body.decode("utf-8", errors="replace").lower()


def words_served(stack: Stack, served: list[tuple[str, int]], cookie: dict | None, words: list[str]) -> dict:
    """Which of `words` occur in which of the served resources, fetched again as the same reader."""
    found: dict[str, list[str]] = {}
    for uri in sorted({uri for uri, _ in served if not uri.startswith("/.auth/")}):
        _, body = fetch(stack, uri, cookie)
        text = readable(body)
        for word in words:
            if word in text:
                found.setdefault(word, []).append(uri)
    return found


def search_requests(served: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [(uri, status) for uri, status in served if uri.startswith("/_search/")]


def manifest(public: Path) -> dict:
    return json.loads((public / ".sitegen" / "access.json").read_text())


def rule_of(public: Path, path: str) -> int:
    return manifest(public)["paths"][path]["rule"]


def search_part_of(public: Path, path: str) -> str:
    """The folder of the index's part that holds the page at `path`, named by its rule's id."""
    for page in (public / "_search").glob("*/*/p/*.json"):
        if json.loads(page.read_text())["url"] == path:
            return page.parts[-4]
    raise AssertionError(f"no part of the search index holds {path}")


def test_role_holder_finds_a_role_page_by_title_and_body(stack, browser):
    position = log_position(stack)
    sign_in(browser, stack, "ann", "/guide/")
    by_title = search(browser, "pomegranate")
    assert [result["url"] for result in by_title] == ["/finance/forecast/", "/finance/report/"], (
        "the page with the word in its title comes first"
    )
    assert by_title[0]["title"] == "Pomegranate forecast" and by_title[0]["crumbs"] == "Finance"
    assert [result["url"] for result in search(browser, "kumquat")] == ["/finance/forecast/"]
    served = served_since(stack, position)
    assert search_requests(served) and all(status == 200 for _, status in search_requests(served))
    # The leak check below must be able to fail: for this reader it finds the words in what was served.
    found = words_served(stack, served, session_cookie(browser), ROLE_PAGE)
    assert set(found) == set(ROLE_PAGE), found
    assert any(re.search(r"/p/\d+\.json$", uri) for uri in found["kumquat"]), "the page file of a result shown"


def test_reader_without_the_role_neither_finds_nor_fetches_the_role_page(stack, browser, public):
    position = log_position(stack)
    sign_in(browser, stack, "bob", "/guide/")
    assert search(browser, "pomegranate") == []
    assert search(browser, "kumquat") == []
    assert [result["url"] for result in search(browser, "narwhal")] == ["/guide/setup/"], "bob's own parts work"
    served = served_since(stack, position)
    requests = search_requests(served)
    assert requests and all(status == 200 for _, status in requests), f"a part bob may not read was asked for: {requests}"
    assert {"/guide/", "/assets/theme.css", "/assets/search.js"} <= {uri.split("?")[0] for uri, _ in served}, (
        "the first page load is checked too"
    )
    finance = search_part_of(public, "/finance/forecast/")
    assert not any(uri.startswith(f"/_search/{finance}/") for uri, _ in requests)
    cookie = session_cookie(browser)
    assert words_served(stack, served, cookie, ROLE_PAGE + ADMIN_ONLY) == {}
    status, _ = fetch(stack, f"/_search/{finance}/0/index.json", cookie)
    assert status == 403, "nginx and sitegen-auth refuse the Finance part to bob"


def test_anonymous_reader_finds_only_public_pages(stack, browser, public):
    position = log_position(stack)
    browser.get(stack.base_url + "/")
    assert [result["url"] for result in search(browser, "lighthouse")] == ["/"]
    desk = search(browser, "hours")
    assert [result["url"] for result in desk] == ["/admin/contact/"]
    assert desk[0]["crumbs"] == "…", "the restricted section above a public page stays unnamed"
    for query in ["narwhal", "pomegranate", "zeppelin", "guide"]:
        results = search(browser, query)
        public_rule = rule_of(public, "/")
        assert all(rule_of(public, result["url"]) == public_rule for result in results), (query, results)
    assert search(browser, "narwhal") == [] and search(browser, "zeppelin") == []
    served = served_since(stack, position)
    requests = search_requests(served)
    assert requests and {uri.split("/")[2] for uri, _ in requests} == {search_part_of(public, "/")}
    assert words_served(stack, served, None, ROLE_PAGE + SIGNED_IN_ONLY + ADMIN_ONLY) == {}


def test_a_query_still_waiting_when_the_field_gets_focus_again_is_answered(stack, browser):
    """Focus asks the worker to load the index (as switching back to the window does); that must not make a query still
    waiting on the index stale, which left the field's results those of no query, or of the one before."""
    browser.get(stack.base_url + "/")
    browser.execute_script(
        """const field = document.querySelector('.search-input');
        field.value = arguments[0];
        field.dispatchEvent(new Event('input'));
        field.dispatchEvent(new Event('focus'));""",
        "lighthouse",
    )
    wait(browser).until(
        lambda d: d.execute_script(
            "return [...document.querySelectorAll('.search-result a')].map((a) => new URL(a.href).pathname)"
        ) == ["/"]
    )


def test_results_as_you_type_lead_to_the_section_and_mark_the_words(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    assert [result["url"] for result in search(browser, "pomeg")] == ["/finance/forecast/", "/finance/report/"], (
        "a word being typed matches the words it begins"
    )
    assert [result["url"] for result in search(browser, "kumquat treasury")] == ["/finance/forecast/"]
    assert search(browser, "kumquat walrus") == [], "every word of the query must be on the page"
    search(browser, "slowly")
    shown = browser.execute_script(
        """const item = document.querySelector('.search-result');
        return {href: item.querySelector('a').getAttribute('href'),
                section: item.querySelector('.search-section')?.textContent ?? '',
                marked: [...item.querySelectorAll('.search-snippet mark')].map((mark) => mark.textContent),
                snippet: item.querySelector('.search-snippet').textContent}"""
    )
    assert shown["href"] == "/finance/forecast/#assumptions", "the result leads to the heading its word is under"
    assert shown["section"] == " › Assumptions"
    assert shown["marked"] == ["slowly"] and "Prices rise slowly." in shown["snippet"]


def test_chinese_and_japanese_text_is_found_by_any_part_of_a_phrase(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    for query in ["京都", "技術者", "東京都に住む"]:
        assert [result["url"] for result in search(browser, query)] == ["/guide/setup/"], query
    assert search(browser, "大阪") == [], "a phrase none of whose pairs is on a page finds nothing"
    assert search(browser, "東京大阪") == [], "every pair of the query must be on the page"


def test_keyboard_slash_arrows_and_enter(stack, browser):
    sign_in(browser, stack, "ann", "/guide/")
    ActionChains(browser).send_keys("/").perform()
    assert browser.switch_to.active_element.get_attribute("class") == "search-input"
    results = search(browser, "pomegranate")
    assert [result["selected"] for result in results] == [True, False]
    field = browser.switch_to.active_element
    field.send_keys(Keys.ARROW_DOWN)
    assert [result["selected"] for result in search_results_state(browser)] == [False, True]
    field.send_keys(Keys.ARROW_DOWN)
    assert [result["selected"] for result in search_results_state(browser)] == [True, False], "wraps around"
    field.send_keys(Keys.ARROW_UP, Keys.ENTER)
    wait(browser).until(lambda d: d.current_url == stack.base_url + "/finance/report/")


def search_results_state(browser) -> list[dict]:
    return browser.execute_script(
        "return [...document.querySelectorAll('.search-result')]"
        ".map((item) => ({selected: item.getAttribute('aria-selected') === 'true'}))"
    )


def test_no_search_builds_without_the_field_or_the_index(workdir):
    output = workdir / "no-search" / "public"
    result = subprocess.run(
        [
            str(REPO / ".build" / "debug" / "sitegen"), "build", "--site", str(FIXTURE_SITE),
            "--templates", str(REPO / "templates"), "--output", str(output), "--no-search",
        ],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert 'class="search"' not in (output / "index.html").read_text()
    assert not (output / "_search").exists()
    rebuilt = build_site(FIXTURE_SITE, output)
    assert rebuilt.returncode == 0 and (output / "_search").is_dir(), "without --no-search the next build adds it"
