"""Runs every benchmark of issues 6, 12 and 13 and writes the tables to stdout and to Benchmarks/.work/results.md.

Called by Benchmarks/run.sh (which installs the tools and builds the release binaries first):

    python Benchmarks/bench.py [--quick]

Full: builds of 1,000 and 10,000 pages (median of 3 runs; MkDocs at 10,000 pages once, it takes
minutes), sitegen's rebuilds after one edited page, search at 10,000 pages (2 pairs of builds with and
without it, then Chromium), edit-to-reload of `sitegen serve` at 1,000 pages (10 edits), throughput in
5 rounds of 10 s per configuration. Quick: 1,000 pages once, search at 1,000, 3 edits in the preview,
1 round of 3 s.
--search-only: only search, with one MkDocs build. --incremental-only: only sitegen's rebuilds and preview.
--throughput-only: only the request path and the metrics pairs.
--recheck-only: only the re-check pairs, (cₒ) re-checks off against (cₖ) every 10 s.
--builds-only: the site builds and their targets, without the preview, servers, throughput or profiles.
Progress goes to stderr; every server started is stopped on the way out, also on Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import preview  # noqa: E402
import report  # noqa: E402
import search  # noqa: E402
import site_builds  # noqa: E402
import wide  # noqa: E402
from corpus import write_corpus  # noqa: E402
from environment import machine, output_of, server_versions, versions  # noqa: E402
from quiet import QuietGate  # noqa: E402
from watching import Watching  # noqa: E402
from units import seconds  # noqa: E402
from request_path import recheck_pairs, request_path  # noqa: E402


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1,000 pages once, throughput 1 round of 3 s")
    parser.add_argument("--builds-only", action="store_true", help="site builds only: no servers, throughput or profiles")
    parser.add_argument("--work", type=Path, default=HERE / ".work", help="folder for all generated state")
    parser.add_argument("--bin", type=Path, default=REPO / ".build-bench" / "release", help="release binaries")
    parser.add_argument(
        "--shipped-bin", type=Path, default=REPO / ".build-static" / "release",
        help="binaries as the Debian package ships them (Swift runtime linked statically), which --incremental-only "
        "measures",
    )
    parser.add_argument(
        "--stateless-bin", type=Path, default=REPO / ".build-bench-stateless" / "release" / "sitegen-auth",
        help="sitegen-auth of before the session store, the reference of (c₀)",
    )
    parser.add_argument(
        "--incremental-only", action="store_true",
        help="only sitegen: full builds, no-op and one-page-edit rebuilds at each size, and the preview (issue 12)",
    )
    parser.add_argument(
        "--in-memory", action="store_true",
        help="with --incremental-only or --wide-add-only: sitegen writes its output and cache to a folder in /dev/shm (tmpfs), so the "
        "shares measure sitegen's work and not the disk's",
    )
    parser.add_argument(
        "--wide-add-only", action="store_true",
        help="only one page added to the wide corpus's 1,000-page section (issue 31), by sitegen build and under "
        "sitegen build --watch; with --in-memory, into tmpfs",
    )
    parser.add_argument(
        "--throughput-only", action="store_true",
        help="only the request path: (a) to (e′) and the metrics pairs, over a 1,000-page site built here",
    )
    parser.add_argument(
        "--recheck-only", action="store_true",
        help="only the check with re-checks off (cₒ) and every 10 s (cₖ), in alternating pairs, over a 1,000-page site",
    )
    parser.add_argument(
        "--search-only", action="store_true",
        help="only search (issue 13) at 10,000 pages (1,000 with --quick): one MkDocs build, sitegen's index, Chromium",
    )
    arguments = parser.parse_args()
    work, venv_bin = arguments.work.resolve(), (arguments.work / "venv" / "bin").resolve()
    sizes, runs = ([1000], 1) if arguments.quick else ([1000, 10000], 3)
    seconds, rounds = (3, 1) if arguments.quick else (10, 5)
    pair_count, pair_seconds = (10, 3) if arguments.quick else (20, 5)

    def stop(signal_number: int, _frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signal_number}")

    signal.signal(signal.SIGTERM, stop)
    started = time.time()
    gate = QuietGate()
    tool_versions = versions(venv_bin)
    lines = [
        f"## Results ({'quick' if arguments.quick else 'full'}{' search' if arguments.search_only else ''}{' throughput' if arguments.throughput_only else ''} run, "
        f"{time.strftime('%Y-%m-%d %H:%M %Z')})",
        "",
        *machine(),
        f"- Builds: sitegen {tool_versions['sitegen']}, "
        + ("" if arguments.search_only else f"Hugo {tool_versions['hugo']}, ")
        + f"MkDocs / Material {tool_versions['mkdocs']}",
        *([] if arguments.search_only else [f"- Servers: {server_versions()}"]),
        f"- Search: {output_of(['/usr/bin/chromium', '--version']).splitlines()[0]}, nginx {output_of(['nginx', '-v']).split('/')[-1]}, "
        f"node {output_of(['node', '--version'])}",
        "",
    ]
    if arguments.search_only:
        lines += search_only(arguments, work, venv_bin, gate)
        return finish(work, lines, gate, started, {})
    if arguments.incremental_only:
        lines += incremental_only(arguments, sizes, runs, work, venv_bin, gate)
        return finish(work, lines, gate, started, {})
    if arguments.wide_add_only:
        lines += wide_add(arguments, work, venv_bin, gate)
        return finish(work, lines, gate, started, {})
    if arguments.recheck_only:
        log("Writing the 1,000-page corpus and building it…")
        write_corpus(1000, work / "corpus-1000")
        small = site_builds.Builders(work / "corpus-1000", work / "builds-1000", arguments.bin / "sitegen", venv_bin)
        small.sitegen()
        rechecks = recheck_pairs(arguments, work, small, pair_count, pair_seconds, log)
        lines += report.recheck_table(rechecks, pair_seconds)
        return finish(work, lines, gate, started, {"recheck_pairs": [asdict(pair) for pair in rechecks]})
    if arguments.throughput_only:
        log("Writing the 1,000-page corpus and building it…")
        write_corpus(1000, work / "corpus-1000")
        small = site_builds.Builders(work / "corpus-1000", work / "builds-1000", arguments.bin / "sitegen", venv_bin)
        small.sitegen()
        served, pairs, key_pairs, _ = request_path(
            arguments, work, venv_bin, small, seconds, rounds, pair_count, pair_seconds, gate, log
        )
        lines += report.throughput_table(served, seconds, rounds) + report.metrics_table(pairs, pair_seconds)
        lines += report.check_key_table(key_pairs, pair_seconds)
        lines += report.recheck_table(
            recheck_pairs(arguments, work, small, pair_count, pair_seconds, log), pair_seconds)
        lines += report.request_targets_table(served, pairs)
        raw = {"throughput": [asdict(result) for result in served], "metrics_pairs": [asdict(pair) for pair in pairs]}
        return finish(work, lines, gate, started, raw)
    build_results = {}
    for pages in sizes:
        corpus = work / f"corpus-{pages}"
        log(f"Writing the {pages:,}-page corpus…")
        summary = write_corpus(pages, corpus)
        lines += [f"Corpus of {pages:,}: {summary}.", ""]
        builders = site_builds.Builders(corpus, work / f"builds-{pages}", arguments.bin / "sitegen", venv_bin)
        log(f"Building {pages:,} pages with sitegen, Hugo and MkDocs…")
        mkdocs_runs = 1 if pages >= 10000 else runs
        build_results[pages] = site_builds.run(builders, pages, runs, mkdocs_runs, gate, log)
        lines += report.builds_table(build_results[pages], tool_versions, runs)

    raw: dict = {"builds": {pages: asdict(result) for pages, result in build_results.items()}}
    if arguments.builds_only:
        lines += report.targets_table(build_results[sizes[-1]], [], None, arguments.quick)
        return finish(work, lines, gate, started, raw)

    largest = site_builds.Builders(
        work / f"corpus-{sizes[-1]}", work / f"builds-{sizes[-1]}", arguments.bin / "sitegen", venv_bin
    )
    log(f"Measuring search at {sizes[-1]:,} pages: index builds, then headless Chromium against MkDocs…")
    search_results = search.run(largest, work, venv_bin, arguments.bin, 1 if arguments.quick else 2, gate, log)
    mkdocs_runs = build_results[sizes[-1]].full["mkdocs"].runs
    lines += report.search_table(search_results, mkdocs_runs[-1], arguments.quick)
    raw["search"] = search.as_json(search_results)

    log("Measuring edit-to-reload of sitegen serve at 1,000 pages…")
    edits = 3 if arguments.quick else 10
    previewed = preview.run(arguments.bin / "sitegen", work / "corpus-1000", 1000, edits, gate, log)
    lines += report.preview_table(previewed)
    raw["preview"] = asdict(previewed)

    small = site_builds.Builders(work / "corpus-1000", work / "builds-1000", arguments.bin / "sitegen", venv_bin)
    served, pairs, key_pairs, profiles = request_path(
        arguments, work, venv_bin, small, seconds, rounds, pair_count, pair_seconds, gate, log, profile=True
    )
    lines += report.throughput_table(served, seconds, rounds)
    lines += report.metrics_table(pairs, pair_seconds)
    lines += report.check_key_table(key_pairs, pair_seconds)
    lines += report.targets_table(build_results[sizes[-1]], served, previewed, arguments.quick, pairs)
    lines += profiles
    raw["throughput"] = [asdict(result) for result in served]
    raw["metrics_pairs"] = [asdict(pair) for pair in pairs]
    return finish(work, lines, gate, started, raw)


def incremental_only(
    arguments: argparse.Namespace, sizes: list[int], runs: int, work: Path, venv_bin: Path, gate: QuietGate
) -> list[str]:
    """sitegen on its own, the binary the Debian package ships: the targets of issue 12 are shares of its own full
    build and a time, so no other tool needs to run. Full builds, then no-op and one-page-edit rebuilds, at each
    size; then, unless --quick, a page added to the wide corpus (issue 31); then the preview."""
    lines: list[str] = []
    for pages in sizes:
        corpus = work / f"corpus-{pages}"
        log(f"Writing the {pages:,}-page corpus…")
        summary = write_corpus(pages, corpus)
        builds = Path(tempfile.mkdtemp(prefix="sitegen-bench-", dir="/dev/shm")) if arguments.in_memory else work
        try:
            builders = site_builds.Builders(corpus, builds / f"builds-{pages}", arguments.shipped_bin / "sitegen", venv_bin)
            where = ", built into a tmpfs folder (--in-memory)" if arguments.in_memory else ""
            lines += [f"Corpus of {pages:,}: {summary}{where}.", ""]
            # Without search as in the comparison with Hugo, then as `sitegen build` runs by default.
            for search in [False, True]:
                kind = "with search" if search else "without search"
                full, noop, edit = site_builds.Series(), site_builds.Series(), site_builds.Series()
                for number in range(runs):
                    gate.wait()
                    full.runs.append(builders.sitegen(search=search))
                    log(f"  {pages} pages {kind}, sitegen full build {number + 1}: {full.runs[-1].wall:.1f} s wall")
                # Three times as many rebuilds as full builds: a rebuild takes a twentieth of the time, and
                # this machine's noise moves one by more than the margins the shares are read against.
                rebuilds = 3 * runs
                for number in range(rebuilds):
                    gate.wait()
                    noop.runs.append(builders.sitegen(clean=False, search=search))
                    site_builds.edit_one_page(corpus, number + (rebuilds if search else 0))
                    gate.wait()
                    edit.runs.append(builders.sitegen(clean=False, search=search))
                    log(f"  {pages} pages {kind}, no-op {noop.runs[-1].wall:.2f} s, "
                        f"one-page edit {edit.runs[-1].wall:.2f} s")
                lines += report.incremental_table(pages, full, noop, edit, search)
        finally:
            if arguments.in_memory:
                shutil.rmtree(builds, ignore_errors=True)
    if not arguments.quick:
        lines += wide_add(arguments, work, venv_bin, gate)
    log("Measuring edit-to-reload of sitegen serve at 1,000 pages…")
    edits = 3 if arguments.quick else 10
    previewed = preview.run(arguments.shipped_bin / "sitegen", work / "corpus-1000", 1000, edits, gate, log)
    return lines + report.preview_table(previewed)


def wide_add(arguments: argparse.Namespace, work: Path, venv_bin: Path, gate: QuietGate) -> list[str]:
    """Issue 31's rebuild: one page added to the middle of the 1,000-page section of the wide corpus (20,000 pages,
    the corpus of wide.py), then removed again, seven times, against three full builds; without search, as wide.py
    measures it beside Hugo, then with it, as `sitegen build` runs by default. Each time by a new `sitegen build`,
    then in one running `sitegen build --watch` (`watching.py`: the build's own time as it reports it, and from the
    write until the rebuild's line appears)."""
    corpus = wide.corpus(work, 20000, wide.WIDE, log)
    builds = Path(tempfile.mkdtemp(prefix="sitegen-bench-", dir="/dev/shm")) if arguments.in_memory else work
    lines = [
        f"### sitegen alone, the wide corpus (20,000 pages; sections of {wide.WIDE[0]:,} and {wide.WIDE[1]:,}): one "
        f"page added to the {wide.WIDE[1]:,}-page section (full builds: median of 3; the add: median of 7)",
        "",
        "| sitegen rebuild, same output folder | full build | wall time | share of the full build | CPU time "
        "| share of its CPU | files written |",
        "|---|---|---|---|---|---|---|",
    ]
    watched: list[str] = []
    try:
        builders = site_builds.Builders(corpus, builds / "builds-wide", arguments.shipped_bin / "sitegen", venv_bin)
        for search in [False, True]:
            kind = "with search" if search else "without search"
            full = site_builds.Series()
            for number in range(3):
                gate.wait()
                full.runs.append(builders.sitegen(search=search))
                log(f"  wide corpus {kind}, sitegen full build {number + 1}: {full.runs[-1].wall:.1f} s wall")
            adds = []
            for number in range(7):
                adds.append(wide.add_one_page(builders, gate, search=search))
                log(f"  wide corpus {kind}, one page added: {adds[-1]['wall']:.2f} s, "
                    f"{len(adds[-1]['written'])} files written")
            wall = statistics.median(add["wall"] for add in adds)
            cpu = statistics.median(add["cpu"] for add in adds)
            written = sorted({len(add["written"]) for add in adds})
            lines.append(
                f"| one page added, {kind}, `sitegen build` | {seconds(full.wall)} wall, {seconds(full.cpu)} CPU "
                f"| {seconds(wall)} | **{100 * wall / full.wall:.2f} %** | {seconds(cpu)} | {100 * cpu / full.cpu:.2f} % "
                f"| {', '.join(str(count) for count in written)} |"
            )
            watch = Watching(
                builders.sitegen_binary, corpus / "sitegen", builders.output(search), search,
                builds / f"watch-{'search' if search else 'plain'}.log")
            try:
                rebuilds = []
                for number in range(7):
                    rebuilds.append(wide.add_one_page_watching(builders, watch, gate, search))
                    log(f"  wide corpus {kind}, one page added under --watch: {rebuilds[-1]['reported']:.3f} s "
                        f"reported, {rebuilds[-1]['wall']:.3f} s from the write, {rebuilds[-1]['cpu']:.2f} s CPU, "
                        f"{len(rebuilds[-1]['written'])} files written")
            finally:
                watch.stop()
            reported = statistics.median(rebuild["reported"] for rebuild in rebuilds)
            end_to_end = statistics.median(rebuild["wall"] for rebuild in rebuilds)
            cpu = statistics.median(rebuild["cpu"] for rebuild in rebuilds)
            written = sorted({len(rebuild["written"]) for rebuild in rebuilds})
            watched.append(
                f"| one page added, {kind}, `sitegen build --watch` | {seconds(full.wall)} wall | {seconds(reported)} "
                f"| **{100 * reported / full.wall:.2f} %** | {seconds(end_to_end)} | "
                f"{100 * end_to_end / full.wall:.2f} % | {seconds(cpu)} ({100 * cpu / full.cpu:.2f} %) "
                f"| {', '.join(str(count) for count in written)} |"
            )
    finally:
        if arguments.in_memory:
            shutil.rmtree(builds, ignore_errors=True)
    return lines + [
        "",
        "| sitegen rebuild in a running watch | full build | the build, as it reports it | share of the full build "
        "| from the write | share | CPU time (share) | files written |",
        "|---|---|---|---|---|---|---|---|",
    ] + watched + [""]


def search_only(arguments: argparse.Namespace, work: Path, venv_bin: Path, gate: QuietGate) -> list[str]:
    """The search benchmark on its own: the corpus, one MkDocs build (its site and build time), then search."""
    pages = 1000 if arguments.quick else 10000
    corpus = work / f"corpus-{pages}"
    log(f"Writing the {pages:,}-page corpus…")
    summary = write_corpus(pages, corpus)
    builders = site_builds.Builders(corpus, work / f"builds-{pages}", arguments.bin / "sitegen", venv_bin)
    log(f"Building {pages:,} pages with MkDocs…")
    gate.wait()
    mkdocs = builders.mkdocs()
    log(f"  MkDocs full build: {mkdocs.wall:.1f} s wall, {mkdocs.cpu:.1f} s CPU")
    log(f"Measuring search at {pages:,} pages: index builds, then headless Chromium against MkDocs…")
    results = search.run(builders, work, venv_bin, arguments.bin, 1 if arguments.quick else 2, gate, log)
    (work / "results-search.json").write_text(json.dumps(search.as_json(results), indent=1))
    return [f"Corpus of {pages:,}: {summary}.", ""] + report.search_table(results, mkdocs, arguments.quick)


def finish(work: Path, lines: list[str], gate: QuietGate, started: float, raw: dict) -> int:
    lines.append(f"Quiet machine: {gate.summary()} Total benchmark time: {(time.time() - started) / 60:.1f} min.")
    text = "\n".join(lines) + "\n"
    (work / "results.md").write_text(text)
    if raw:
        (work / "results.json").write_text(json.dumps(raw, indent=1))
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
