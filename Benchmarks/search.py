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
from dataclasses import dataclass, field
from pathlib import Path

from corpus import first_page_url
from lunr_index import lunr_index
from quiet import QuietGate
from search_browser import BrowserResult, measure_site
from search_servers import SearchServers
from search_sites import MKDOCS, SITEGEN
from site_builds import Builders, Run, timed

REPO = Path(__file__).resolve().parent.parent


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
    page = first_page_url(builders.corpus)
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


def as_json(results: SearchResults) -> dict:
    data = {key: value for key, value in results.__dict__.items() if key != "browser"}
    data["with_search"] = [run.__dict__ for run in results.with_search]
    data["without_search"] = [run.__dict__ for run in results.without_search]
    data["browser"] = {name: result.__dict__ for name, result in results.browser.items()}
    return json.loads(json.dumps(data))
