"""The results as Markdown tables: ratios first, absolute numbers in parentheses."""

from __future__ import annotations

import statistics

from preview import PreviewResult
from search_report import search_table  # noqa: F401 (bench.py calls report.search_table)
from site_builds import BuildResults, Series
from throughput import Pair, Result
from units import seconds

TOOL_NAMES = {"sitegen": "sitegen", "hugo": "Hugo", "mkdocs": "MkDocs + Material"}
SERVER_NAMES = {
    "auth": "sitegen-auth",
    "auth-metrics": "sitegen-auth",
    "trivial": "trivial responder",
    "trivial-closing": "trivial responder",
    "apache-e": "Apache",
    "apache-e′": "Apache",
}


def rebuilds_rows(full: Series, noop: Series, edit: Series) -> list[str]:
    """sitegen's rebuilds into the same output folder, each as a share of its full build of the same corpus."""
    return [
        "| sitegen rebuild, same output folder | wall time | share of sitegen's full build | CPU time | peak RSS |",
        "|---|---|---|---|---|",
        f"| nothing changed | {seconds(noop.wall)} | **{100 * noop.wall / full.wall:.1f} %** "
        f"| {seconds(noop.cpu)} | {noop.rss_mb:,.0f} MB |",
        f"| one page edited | {seconds(edit.wall)} | **{100 * edit.wall / full.wall:.1f} %** "
        f"| {seconds(edit.cpu)} | {edit.rss_mb:,.0f} MB |",
    ]


def incremental_table(pages: int, full: Series, noop: Series, edit: Series, search: bool) -> list[str]:
    kind = "with the search index" if search else "without search (--no-search)"
    return [
        f"### sitegen alone, {pages:,} pages {kind}: full build {seconds(full.wall)} wall, {seconds(full.cpu)} CPU, "
        f"{full.rss_mb:,.0f} MB (median of {len(full.runs)}; rebuilds: median of {len(edit.runs)})",
        "",
        *rebuilds_rows(full, noop, edit),
        "",
    ]


def builds_table(results: BuildResults, versions: dict[str, str], runs: int) -> list[str]:
    lines = [
        f"### Site builds, {results.pages:,} pages",
        "",
        "| tool | wall time | CPU time (user + sys) | peak RSS | pages written | runs |",
        "|---|---|---|---|---|---|",
    ]
    for tool, series in results.full.items():
        lines.append(
            f"| {TOOL_NAMES[tool]} {versions.get(tool, '')} "
            f"| **{results.ratio(tool, 'wall'):.2f}×** ({seconds(series.wall)}) "
            f"| **{results.ratio(tool, 'cpu'):.2f}×** ({seconds(series.cpu)}) "
            f"| **{results.ratio(tool, 'rss_mb'):.2f}×** ({series.rss_mb:,.0f} MB) "
            f"| {results.pages_written[tool]:,} | {len(series.runs)} |"
        )
    lines += [""] + rebuilds_rows(results.full["sitegen"], results.noop, results.edit)
    lines += [
        "",
        f"Runs of the three tools alternate; a ratio is the median over runs of the tool's value over Hugo's "
        f"in the same run, the absolute value the median of {runs} run(s)"
        + (" (MkDocs: 1 run at this size)" if len(results.full["mkdocs"].runs) < runs else "")
        + ". \"Pages written\" counts index.html files in the output.",
        "",
    ]
    return lines


def preview_table(result: PreviewResult) -> list[str]:
    return [
        f"### Preview: `sitegen serve`, {result.pages:,} pages, with search (its default)",
        "",
        "| measure | time |",
        "|---|---|",
        f"| start: first build until the site is served | {seconds(result.first_build)} |",
        f"| edit-to-reload, median of {len(result.rounds)} | **{result.median * 1000:.0f} ms** |",
        f"| edit-to-reload, slowest | {result.worst * 1000:.0f} ms |",
        "",
        "Edit-to-reload: from appending a sentence to one page until the live-reload stream has announced the "
        "new build and the page is served with the sentence; a browser tab's own reload comes on top.",
        "",
    ]


def throughput_table(results: list[Result], seconds_per_run: int, rounds: int) -> list[str]:
    lines = [
        "### Request throughput, one page, wrk -t1 -c32 on loopback",
        "",
        "| configuration | requests/s | p50 latency | p99 latency | server CPU per request |",
        "|---|---|---|---|---|",
    ]
    for result in results:
        lines.append(
            f"| ({result.name}) {result.label} | **{result.median_ratio(0):.2f}×** "
            f"({result.median('requests_per_second'):,.0f}/s) "
            f"| **{result.median_ratio(1):.2f}×** ({result.median('p50_ms'):.2f} ms) "
            f"| **{result.median_ratio(2):.2f}×** ({result.median('p99_ms'):.2f} ms) "
            f"| {result.median('cpu_us_per_request'):.0f} µs ("
            + ", ".join(f"{SERVER_NAMES.get(name, name)} {result.median_cpu(name):.0f}" for name in result.busy_servers)
            + ") |"
        )
    lines += [
        "",
        f"Ratios are to (a) within each round, median of {rounds} round(s) of {seconds_per_run} s per configuration. "
        "Server CPU per request is the user + system time of nginx, the FastCGI responder and Apache together, "
        "divided by the requests answered (wrk's own CPU excluded).",
    ]
    lines += [f"- ({result.name}): {result.note}" for result in results if result.note]
    return lines + [""]


def within_rounds(results: list[Result], numerator: str, denominators: list[str]) -> float:
    """Median over rounds of numerator's rate over the best of the denominators' rates in the same round."""
    by_name = {result.name: result for result in results}
    values = []
    for index, sample in enumerate(by_name[numerator].samples):
        best = max(by_name[name].samples[index].requests_per_second for name in denominators)
        values.append(sample.requests_per_second / best)
    return statistics.median(values)


def metrics_table(pairs: list[Pair], seconds_per_run: int) -> list[str]:
    return pair_table(
        pairs, f"### Metrics on and off: (cₘ) against (c) in {len(pairs)} pairs of {seconds_per_run} s",
        ("(c) metrics off", "(cₘ) metrics on", "(cₘ) / (c)"),
        "Each pair measures (c) and (cₘ) back to back, in alternating order; a ratio is taken within each pair and "
        "the median pair is reported. Per pair, (cₘ) / (c) in requests/s: ", ".")


def recheck_table(pairs: list[Pair], seconds_per_run: int) -> list[str]:
    rate_ratio = statistics.median(pair.rate_on / pair.rate_off for pair in pairs)
    return pair_table(
        pairs, f"### Re-checks on and off: (cₖ) against (cₒ) in {len(pairs)} pairs of {seconds_per_run} s",
        ("(cₒ) re-checks off", "(cₖ) re-checks every 10 s", "(cₖ) / (cₒ)"),
        "Per pair, (cₖ) / (cₒ) in requests/s: ",
        f". Target: (cₖ) ≥ 0.95 × (cₒ): {'met' if rate_ratio >= 0.95 else 'not met'}.")


def check_key_table(pairs: list[Pair], seconds_per_run: int) -> list[str]:
    rate_ratio = statistics.median(pair.rate_on / pair.rate_off for pair in pairs)
    return pair_table(
        pairs, f"### The check cache's key: (d) check key against (d₀) Cookie header in {len(pairs)} pairs of "
        f"{seconds_per_run} s",
        ("(d₀) keyed on the Cookie header", "(d) keyed on the check key", "(d) / (d₀)"),
        "Per pair, (d) / (d₀) in requests/s: ",
        f". Target: (d) ≥ 0.9 × (d₀): {'met' if rate_ratio >= 0.9 else 'not met'}.",
        cpu_label="nginx CPU per request")


def pair_table(
    pairs: list[Pair], heading: str, columns: tuple[str, str, str], before: str, after: str,
    cpu_label: str = "sitegen-auth CPU per check",
) -> list[str]:
    """A feature off against on in alternating pairs: medians of each side, and the median of the ratios per pair."""
    off, on, ratio = columns
    rate_ratio = statistics.median(pair.rate_on / pair.rate_off for pair in pairs)
    cpu_ratio = statistics.median(pair.cpu_on / pair.cpu_off for pair in pairs)
    return [
        heading,
        "",
        f"| | {off} | {on} | {ratio}, median of the pairs |",
        "|---|---|---|---|",
        f"| requests/s | {statistics.median(pair.rate_off for pair in pairs):,.0f}/s "
        f"| {statistics.median(pair.rate_on for pair in pairs):,.0f}/s | **{rate_ratio:.3f}×** |",
        f"| {cpu_label} | {statistics.median(pair.cpu_off for pair in pairs):.0f} µs "
        f"| {statistics.median(pair.cpu_on for pair in pairs):.0f} µs | **{cpu_ratio:.3f}×** |",
        "",
        before + ", ".join(f"{pair.rate_on / pair.rate_off:.2f}" for pair in pairs) + after,
        "",
    ]


def targets_table(
    builds: BuildResults,
    throughput: list[Result],
    preview: PreviewResult | None,
    quick: bool,
    pairs: list[Pair] | None = None,
) -> list[str]:
    size = f"{builds.pages:,} pages" + (" (quick run; the target is at 10,000)" if quick else "")
    sitegen = builds.full["sitegen"]
    rows = [(f"sitegen one-page edit ≤ 5 % of its full build, {size}", builds.edit.wall / sitegen.wall, "≤", 0.05)]
    if preview:
        rows.append((f"sitegen serve edit-to-reload ≤ 1 s, {preview.pages:,} pages (seconds)", preview.median, "≤", 1.0))
    rows += [
        (f"sitegen full build wall time ≤ 0.5 × Hugo, {size}", builds.ratio("sitegen", "wall"), "≤", 0.5),
        (f"sitegen peak RSS ≤ 0.25 × Hugo, {size}", builds.ratio("sitegen", "rss_mb"), "≤", 0.25),
        (f"sitegen no-op rebuild ≤ 10 % of its full build, {size}", builds.noop.wall / sitegen.wall, "≤", 0.10),
    ]
    if throughput:
        rows += throughput_targets(throughput)
    if pairs:
        rows.append(metrics_target(pairs))
    return target_lines("Targets", rows)


def request_targets_table(throughput: list[Result], pairs: list[Pair]) -> list[str]:
    """The targets of the request path alone, for `--throughput-only`."""
    return target_lines("Targets of the request path", throughput_targets(throughput) + [metrics_target(pairs)])


def metrics_target(pairs: list[Pair]) -> tuple[str, float, str, float]:
    rate = statistics.median(pair.rate_on / pair.rate_off for pair in pairs)
    return (f"(cₘ) metrics on ≥ 0.97 × (c) metrics off requests/s, median of {len(pairs)} pairs", rate, "≥", 0.97)


def target_lines(title: str, rows: list[tuple[str, float, str, float]]) -> list[str]:
    """A table of targets: each row's label, its measured value, and whether it meets its bound."""
    lines = [f"### {title}", "", "| target | measured | |", "|---|---|---|"]
    for label, value, relation, bound in rows:
        met = value <= bound if relation == "≤" else value >= bound
        lines.append(f"| {label} | {value:.2f} | {'met' if met else '**not met**'} |")
    return lines + [""]


def throughput_targets(throughput: list[Result]) -> list[tuple[str, float, str, float]]:
    by_name = {result.name: result for result in throughput}
    return [
        ("(c) ≥ 0.9 × (b) requests/s", within_rounds(throughput, "c", ["b"]), "≥", 0.9),
        (
            "(c) ≥ 0.9 × (b′) requests/s, the floor with the same close",
            within_rounds(throughput, "c", ["b′"]),
            "≥",
            0.9,
        ),
        ("(d) ≥ 2 × (e) requests/s, client-cookie sessions", within_rounds(throughput, "d", ["e"]), "≥", 2.0),
        ("(d) ≥ 2 × (e′) requests/s, server-cache sessions", within_rounds(throughput, "d", ["e′"]), "≥", 2.0),
        ("(d) ≥ 0.5 × (a) requests/s", by_name["d"].median_ratio(0), "≥", 0.5),
        ("(c) SQLite store ≥ 0.9 × (c₀) stateless requests/s", within_rounds(throughput, "c", ["c₀"]), "≥", 0.9),
        ("(cᵣ) Redis store ≥ 0.8 × (c₀) stateless requests/s", within_rounds(throughput, "cᵣ", ["c₀"]), "≥", 0.8),
    ]
