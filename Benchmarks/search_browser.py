"""A reader of each site in headless Chromium: queries typed a character at a time, each keystroke waited on until
its results are in the page, and the bytes nginx sent for search until the first query's results were shown."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from search_servers import SearchServers
from search_sites import SITEGEN, Site

# Words of the corpus (Benchmarks/corpus.py), typed as a reader would; the first is the first query.
QUERIES = [
    "config", "token", "webhook", "cluster", "tenant", "gateway", "quota", "ledger", "deploy token",
    "cache policy", "rotate secret", "webhook handler",
]
FIRST_RESULTS_TIMEOUT = 900.0
KEYSTROKE_TIMEOUT = 60.0

# Records each keystroke (input event) and each time results for the field's text are in the page:
# sitegen marks its results list with the query it shows; MkDocs shows results once its index is ready.
INSTRUMENT = """
const [fieldSelector, resultsSelector, siteName] = arguments;
const input = document.querySelector(fieldSelector);
const results = document.querySelector(resultsSelector);
const showsCurrent = siteName === "sitegen"
  ? () => results.dataset.query === input.value
  : () => !/Initializing/i.test(results.querySelector(".md-search-result__meta")?.textContent ?? "");
window.__search = {keys: [], shown: []};
input.addEventListener("input", () => __search.keys.push({value: input.value, t: performance.now()}), true);
new MutationObserver(() => {
  if (!showsCurrent(input, results)) return;
  const value = input.value;
  requestAnimationFrame(() => __search.shown.push({value, t: performance.now()}));
}).observe(results, {childList: true, subtree: true, attributes: true, characterData: true});
"""


@dataclass
class BrowserResult:
    first_query_bytes: int
    first_query_requests: int
    first_query_seconds: float
    first_keystrokes_ms: list[float]
    keystrokes_ms: list[float]
    timeouts: int = 0

    @property
    def p50(self) -> float:
        return statistics.median(self.keystrokes_ms)

    @property
    def p95(self) -> float:
        ordered = sorted(self.keystrokes_ms)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]



def start_browser() -> webdriver.Chrome:
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(30)
    return driver


def sign_in(driver: webdriver.Chrome, servers: SearchServers, page: str, user: str = "ann") -> None:
    """Signs in at the test provider's form, as the end-to-end tests do, and empties the browser cache."""
    driver.get(servers.stack.base_url + page)
    WebDriverWait(driver, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, f"button[name='sub'][value='{user}']")
    )
    driver.find_element(By.CSS_SELECTOR, f"button[name='sub'][value='{user}']").click()
    WebDriverWait(driver, 60).until(lambda d: d.current_url == servers.stack.base_url + page)
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})


def log_size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def served(path: Path, position: int) -> list[tuple[str, int, int]]:
    with path.open("rb") as log:
        log.seek(position)
        lines = log.read().decode(errors="replace").splitlines()
    entries = []
    for line in lines:
        uri, status, sent = line.rsplit(" ", 2)
        entries.append((uri, int(status), int(sent)))
    return entries


def type_query(driver: webdriver.Chrome, query: str, timeout: float) -> tuple[list[float], int]:
    """Types `query` a character at a time and returns each keystroke's time to results (ms), from the
    second character on (sitegen searches from two characters; one matches most words of any site), and
    how many keystrokes had no results in time."""
    field_element = driver.switch_to.active_element
    latencies: list[float] = []
    timeouts = 0
    for index in range(len(query)):
        text = query[: index + 1]
        field_element.send_keys(query[index])
        if text.endswith(" "):
            continue
        deadline = time.monotonic() + timeout
        state = None
        while time.monotonic() < deadline:
            state = driver.execute_script("return window.__search")
            key = next((k for k in reversed(state["keys"]) if k["value"] == text), None)
            shown = key and next((s for s in state["shown"] if s["value"] == text and s["t"] >= key["t"]), None)
            if shown:
                if len(text) >= 2:
                    latencies.append(shown["t"] - key["t"])
                break
            time.sleep(0.01)
        else:
            timeouts += 1
    return latencies, timeouts


def clear_field(driver: webdriver.Chrome) -> None:
    driver.execute_script(
        "const input = document.activeElement; input.value = '';"
        "input.dispatchEvent(new Event('input', {bubbles: true}));"
    )
    time.sleep(0.2)


def measure_site(servers: SearchServers, site: Site, page: str, log) -> BrowserResult:
    driver = start_browser()
    try:
        if site is SITEGEN:
            sign_in(driver, servers, page)
        position = log_size(servers.log(site))
        driver.get(servers.base_url(site) + page)
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.readyState") == "complete")
        driver.execute_script(INSTRUMENT, site.field, site.results, site.name)
        driver.find_element(By.CSS_SELECTOR, site.field).click()
        started = time.monotonic()
        first, timeouts = type_query(driver, QUERIES[0], FIRST_RESULTS_TIMEOUT)
        first_seconds = time.monotonic() - started
        time.sleep(0.5)
        entries = [entry for entry in served(servers.log(site), position) if entry[0].startswith(site.search_paths)]
        log(f"  {site.name}: first query '{QUERIES[0]}' in {first_seconds:.1f} s, "
            f"{sum(sent for _, _, sent in entries) / 1024:,.0f} KiB in {len(entries)} requests for search")
        keystrokes: list[float] = []
        for query in QUERIES[1:]:
            clear_field(driver)
            latencies, missed = type_query(driver, query, KEYSTROKE_TIMEOUT)
            keystrokes += latencies
            timeouts += missed
        return BrowserResult(
            first_query_bytes=sum(sent for _, _, sent in entries),
            first_query_requests=len(entries),
            first_query_seconds=first_seconds,
            first_keystrokes_ms=first,
            keystrokes_ms=keystrokes,
            timeouts=timeouts,
        )
    finally:
        driver.quit()
