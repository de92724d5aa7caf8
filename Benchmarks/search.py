"""Search at scale, in headless Chromium: sitegen's access-aware search index against MkDocs Material's
search (lunr), on the same corpus, in one run.

- Index build time: sitegen full builds with and without the search index, alternating; the index's share
  of the build is (with − without) / with, the median over runs.
- In the browser, both sites are served by one nginx on loopback that compresses text as production
  servers do (Benchmarks/search-nginx.conf.in): sitegen through the production snippet and the real
  sitegen-auth, read by a signed-in reader; MkDocs Material as plain files. Each site gets a fresh
  Chromium profile (cold cache). Queries are typed a character at a time, and every keystroke is waited on
  until the results for that text are in the page:
  * bytes for the first query: what nginx sent for search from the page load until the first query's
    results were shown (sitegen: `assets/search.js`, `assets/search-worker.js` and `_search/`; MkDocs:
    `search/search_index.json` and `assets/javascripts/workers/` and `lunr/`), from nginx's access log;
  * keystroke to results: from the input event to the results for that text being in the page (the DOM
    change that shows them, then one animation frame). The first query's keystrokes, which wait for the
    index to load, are reported apart from the rest.
- lunr with an index built ahead of time (Debian's libjs-lunr under node), a library ARCHITECTURE.md
  weighed for sitegen's search: its build time and size over the documents MkDocs indexes.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from quiet import QuietGate
from site_builds import Builders, Run, timed

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "Tests" / "e2e"))

from stack import Stack, free_port, port_open, wait_for  # noqa: E402

# Words of the corpus (Benchmarks/corpus.py), typed as a reader would; the first is the first query.
QUERIES = [
    "config", "token", "webhook", "cluster", "tenant", "gateway", "quota", "ledger", "deploy token",
    "cache policy", "rotate secret", "webhook handler",
]
LUNR = Path("/usr/share/javascript/lunr/lunr.js")
FIRST_RESULTS_TIMEOUT = 900.0
KEYSTROKE_TIMEOUT = 60.0


@dataclass
class Site:
    """How the benchmark finds a site's search field and results, and which requests are for search."""

    name: str
    field: str
    results: str
    search_paths: tuple[str, ...]


SITEGEN = Site(
    name="sitegen",
    field=".search-input",
    results=".search-results",
    search_paths=("/assets/search.js", "/assets/search-worker.js", "/_search/"),
)
MKDOCS = Site(
    name="mkdocs",
    field=".md-search__input",
    results=".md-search-result",
    search_paths=("/search/", "/assets/javascripts/workers/", "/assets/javascripts/lunr/"),
)

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


@dataclass
class SearchResults:
    pages: int
    with_search: list[Run] = field(default_factory=list)
    without_search: list[Run] = field(default_factory=list)
    index_files: int = 0
    index_bytes: int = 0
    browser: dict[str, BrowserResult] = field(default_factory=dict)
    mkdocs_index_bytes: int = 0
    mkdocs_index_gzip_bytes: int = 0
    lunr: dict[str, float | str] = field(default_factory=dict)
    build_filesystem: str = "disk"


def sitegen_build(builders: Builders, output: Path, search: bool) -> Run:
    shutil.rmtree(output.parent, ignore_errors=True)
    output.parent.mkdir(parents=True)
    return timed(
        [
            str(builders.sitegen_binary), "build", "--site", str(builders.corpus / "sitegen"),
            "--templates", str(REPO / "templates"), "--output", str(output), *([] if search else ["--no-search"]),
        ]
    )


def start_browser() -> webdriver.Chrome:
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(30)
    return driver


class SearchServers:
    """The test provider and sitegen-auth (as `make demo` starts them) and one nginx for both sites."""

    def __init__(self, state: Path, sitegen: Path, mkdocs: Path, venv_bin: Path, bin_dir: Path) -> None:
        self.state = state
        self.mkdocs = mkdocs
        self.mkdocs_port = free_port()
        self.stack = Stack(state=state, public=sitegen, http_port=free_port(), bin_dir=bin_dir, venv_bin=venv_bin)

    def start(self) -> None:
        (self.state / "tmp").mkdir(parents=True, exist_ok=True)
        try:
            self.stack.provider_port = free_port()
            self.stack.start_provider()
            self.stack.write_auth_config()
            self.stack.start_auth()
            self.start_nginx()
        except BaseException:
            self.stop()
            raise

    def start_nginx(self) -> None:
        http_conf = (REPO / "deploy" / "nginx" / "sitegen-auth-http.conf").read_text()
        http_conf = http_conf.replace("unix:/run/sitegen-auth/auth.sock", f"unix:{self.stack.socket_path}")
        (self.state / "sitegen-auth-http.conf").write_text(http_conf)
        cache_conf = (REPO / "deploy" / "nginx" / "sitegen-auth-cache.conf").read_text()
        cache_conf = cache_conf.replace("/run/nginx-sitegen-auth-cache", str(self.state / "check-cache"))
        (self.state / "sitegen-auth-cache.conf").write_text(cache_conf)
        shutil.copy("/etc/nginx/fastcgi_params", self.state / "fastcgi_params")
        config = (HERE / "search-nginx.conf.in").read_text()
        for key, value in {
            "@USER@": "user root;" if os.geteuid() == 0 else "",
            "@STATE@": str(self.state),
            "@SITEGEN_PORT@": str(self.stack.http_port),
            "@SITEGEN@": str(self.stack.public),
            "@MKDOCS_PORT@": str(self.mkdocs_port),
            "@MKDOCS@": str(self.mkdocs),
            "@SNIPPET@": str(REPO / "deploy" / "nginx" / "sitegen-auth.conf"),
        }.items():
            config = config.replace(key, value)
        (self.state / "nginx.conf").write_text(config)
        self.stack.spawn("nginx", ["nginx", "-c", str(self.state / "nginx.conf"), "-p", str(self.state)])
        for port in (self.stack.http_port, self.mkdocs_port):
            wait_for(lambda: port_open(port), f"nginx on port {port}")

    def base_url(self, site: Site) -> str:
        return self.stack.base_url if site is SITEGEN else f"http://127.0.0.1:{self.mkdocs_port}"

    def log(self, site: Site) -> Path:
        return self.state / f"{site.name}.log"

    def stop(self) -> None:
        self.stack.stop()


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


def lunr_index(mkdocs_site: Path, work: Path) -> dict[str, float | str]:
    """Builds a lunr index of MkDocs' search documents with node ahead of time; its time and sizes."""
    if not LUNR.exists() or not shutil.which("node"):
        return {}
    output = work / "lunr-index.json"
    command = ["node", "--max-old-space-size=16384", str(HERE / "lunr-index.js"), str(LUNR),
               str(mkdocs_site / "search" / "search_index.json"), str(output)]
    try:
        run = timed(command)
    except RuntimeError as error:
        return {"error": str(error).strip().splitlines()[-1][:300]}
    index = output.read_bytes()
    documents = (mkdocs_site / "search" / "search_index.json").read_bytes()
    result = {
        "seconds": run.wall,
        "cpu": run.cpu,
        "index_bytes": len(index),
        "index_gzip_bytes": len(gzip.compress(index, 6)),
        "documents_gzip_bytes": len(gzip.compress(documents, 6)),
        "library_gzip_bytes": len(gzip.compress((LUNR.parent / "lunr.min.js").read_bytes(), 6)),
    }
    output.unlink()
    return result


# The builds go to a RAM disk when there is one. On ext4, creating files soon after many were deleted costs
# seconds of system time (the inode allocator passes over recently deleted inodes): a 10,000-page build with
# search spent 1.8 s of system time in a fresh folder and 18 s right after the previous build's output was
# removed. On disk this benchmark would measure the file system's handling of its own deletions.
RAM_DISK = Path("/dev/shm")


def build_folder(work: Path) -> tuple[Path, str]:
    if RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK):
        return RAM_DISK / "sitegen-search-build" / "public", "tmpfs"
    return work / "search-build" / "public", "disk"


def run(builders: Builders, work: Path, venv_bin: Path, bin_dir: Path, runs: int, gate: QuietGate, log) -> SearchResults:
    results = SearchResults(pages=int(builders.corpus.name.split("-")[-1]))
    output, results.build_filesystem = build_folder(work)
    try:
        measure(builders, work, venv_bin, bin_dir, runs, gate, log, results, output)
    finally:
        if results.build_filesystem == "tmpfs":
            shutil.rmtree(output.parent, ignore_errors=True)
    return results


def measure(
    builders: Builders, work: Path, venv_bin: Path, bin_dir: Path, runs: int, gate: QuietGate, log,
    results: SearchResults, output: Path,
) -> None:
    for number in range(runs):
        gate.wait()
        results.without_search.append(sitegen_build(builders, output, False))
        gate.wait()
        results.with_search.append(sitegen_build(builders, output, True))
        log(f"  {results.pages} pages, sitegen without search {results.without_search[-1].wall:.1f} s, "
            f"with search {results.with_search[-1].wall:.1f} s")
    index_files = [path for path in (output / "_search").rglob("*") if path.is_file()]
    results.index_files = len(index_files)
    results.index_bytes = sum(path.stat().st_size for path in index_files)
    mkdocs_site = builders.work / "mkdocs"
    documents = (mkdocs_site / "search" / "search_index.json").read_bytes()
    results.mkdocs_index_bytes = len(documents)
    results.mkdocs_index_gzip_bytes = len(gzip.compress(documents, 6))
    page = first_content_page(builders.corpus)
    servers = SearchServers(work / "search-serve", output, mkdocs_site, venv_bin, bin_dir)
    shutil.rmtree(work / "search-serve", ignore_errors=True)
    try:
        servers.start()
        for site in (SITEGEN, MKDOCS):
            gate.wait()
            measured = measure_site(servers, site, page, log)
            results.browser[site.name] = measured
            log(f"  {site.name}: keystroke to results p50 {measured.p50:.0f} ms, p95 {measured.p95:.0f} ms "
                f"over {len(measured.keystrokes_ms)} keystrokes, {measured.timeouts} without results in time")
    finally:
        servers.stop()
    log("  building a lunr index of the same documents with node…")
    gate.wait()
    results.lunr = lunr_index(mkdocs_site, work)


def first_content_page(corpus: Path) -> str:
    first = next(path for path in sorted((corpus / "sitegen").rglob("*.md")) if path.name != "index.md")
    return "/" + first.relative_to(corpus / "sitegen").with_suffix("").as_posix() + "/"


def as_json(results: SearchResults) -> dict:
    data = {key: value for key, value in results.__dict__.items() if key != "browser"}
    data["with_search"] = [run.__dict__ for run in results.with_search]
    data["without_search"] = [run.__dict__ for run in results.without_search]
    data["browser"] = {name: result.__dict__ for name, result in results.browser.items()}
    return json.loads(json.dumps(data))
