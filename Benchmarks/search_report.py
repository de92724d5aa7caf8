"""The search benchmark's table and its targets (issue 13): sitegen's search against MkDocs Material's."""

from __future__ import annotations

import statistics

from search import SearchResults
from search_browser import KEYSTROKE_TIMEOUT, QUERIES as QUERY_NAMES
from site_builds import Run
from units import kib, mib, seconds


def search_table(results: SearchResults, mkdocs_build: Run, quick: bool) -> list[str]:
    sitegen, mkdocs = results.browser["sitegen"], results.browser["mkdocs"]
    with_search = statistics.median(run.wall for run in results.with_search)
    without = statistics.median(run.wall for run in results.without_search)
    with_cpu = statistics.median(run.cpu for run in results.with_search)
    without_cpu = statistics.median(run.cpu for run in results.without_search)
    rows = [
        (
            "bytes fetched for the first query",
            f"{kib(sitegen.first_query_bytes)} in {sitegen.first_query_requests} requests",
            f"{kib(mkdocs.first_query_bytes)} in {mkdocs.first_query_requests} requests",
            sitegen.first_query_bytes / mkdocs.first_query_bytes,
        ),
        (
            "first query: first keystroke to its results",
            seconds(sitegen.first_query_seconds),
            seconds(mkdocs.first_query_seconds),
            sitegen.first_query_seconds / mkdocs.first_query_seconds,
        ),
        ("keystroke to results, p50", f"{sitegen.p50:.0f} ms", f"{mkdocs.p50:.0f} ms", sitegen.p50 / mkdocs.p50),
        ("keystroke to results, p95", f"{sitegen.p95:.0f} ms", f"{mkdocs.p95:.0f} ms", sitegen.p95 / mkdocs.p95),
        (
            "full build with the search index, wall time",
            f"{seconds(with_search)} ({seconds(without)} without)",
            f"{seconds(mkdocs_build.wall)} (always with)",
            with_search / mkdocs_build.wall,
        ),
        (
            "full build with the search index, CPU time",
            f"{seconds(with_cpu)} ({seconds(without_cpu)} without)",
            f"{seconds(mkdocs_build.cpu)} (always with)",
            with_cpu / mkdocs_build.cpu,
        ),
    ]
    lines = [
        f"### Search, {results.pages:,} pages, headless Chromium",
        "",
        "| | sitegen, parts per access rule | MkDocs Material 9.8.1 (lunr in the browser) "
        "| sitegen ÷ MkDocs |",
        "|---|---|---|---|",
    ]
    lines += [f"| {label} | {ours} | {theirs} | **{ratio:.2f}×** |" for label, ours, theirs, ratio in rows]
    keystrokes = len(sitegen.keystrokes_ms)
    lines += [
        "",
        f"The first query is '{QUERY_NAMES[0]}'; keystrokes are those of {len(QUERY_NAMES) - 1} further queries typed a "
        f"character at a time, {keystrokes} keystrokes for each site (from the second character of a query on), "
        f"each waited on until its results were in the page; sitegen does not search a one-letter word, and shows "
        f"the results of the words before it meanwhile. Keystrokes without results within "
        f"{KEYSTROKE_TIMEOUT:.0f} s: sitegen {sitegen.timeouts}, MkDocs {mkdocs.timeouts}. The search index "
        f"on disk: sitegen {results.index_files:,} files, {mib(results.index_bytes)}; MkDocs "
        f"search_index.json {mib(results.mkdocs_index_bytes)} ({mib(results.mkdocs_index_gzip_bytes)} gzip). "
        f"Builds: median of {len(results.with_search)} pair(s) of sitegen builds with and without search, "
        f"alternating, into a folder on {'a RAM disk (tmpfs)' if results.build_filesystem == 'tmpfs' else 'disk'}; MkDocs' full build, which always makes its index, once.",
        "",
    ]
    if "error" in results.lunr:
        lines += [f"lunr 2.3.9 with its index built ahead of time by node failed: {results.lunr['error']}", ""]
    elif results.lunr:
        lunr = results.lunr
        first_query = lunr["index_gzip_bytes"] + lunr["documents_gzip_bytes"] + lunr["library_gzip_bytes"]
        lines += [
            f"lunr 2.3.9 (Debian libjs-lunr) with its index built ahead of time by node over the same documents "
            f"MkDocs indexes: {seconds(lunr['seconds'])} ({seconds(lunr['cpu'])} CPU), an index of "
            f"{mib(lunr['index_bytes'])} ({mib(lunr['index_gzip_bytes'])} gzip); with the documents for titles and "
            f"snippets ({mib(lunr['documents_gzip_bytes'])} gzip) and the library, a reader's first query fetches "
            f"{mib(first_query)}.",
            "",
        ]
    share = (with_search - without) / with_search
    cpu_share = (with_cpu - without_cpu) / with_cpu
    size = f"{results.pages:,} pages" + (" (quick run; the targets are at 10,000)" if quick else "")
    # A build with the index cannot take less than one without it: a negative share is the host's noise.
    share_met = None if share < 0 or cpu_share < 0 else share <= 0.15
    targets = [
        (f"bytes for a reader's first query ≤ 500 KB, {size}", f"{sitegen.first_query_bytes / 1000:,.0f} KB",
         sitegen.first_query_bytes <= 500_000),
        (f"keystroke to results p95 ≤ 100 ms, {size}", f"{sitegen.p95:.0f} ms", sitegen.p95 <= 100),
        (f"index build time ≤ 15 % of the build, {size}", f"{100 * share:.0f} % of the wall time, "
         f"{100 * cpu_share:.0f} % of the CPU time", share_met),
    ]
    verdicts = {True: "met", False: "**not met**", None: "not measured: a build without the index took longer"}
    lines += ["### Targets of issue 13", "", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {label} | {value} | {verdicts[met]} |" for label, value, met in targets]
    return lines + [""]
