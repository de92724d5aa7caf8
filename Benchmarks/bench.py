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
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import preview  # noqa: E402
import profiles  # noqa: E402
import report  # noqa: E402
import search  # noqa: E402
import site_builds  # noqa: E402
import throughput  # noqa: E402
from corpus import write_corpus  # noqa: E402
from quiet import QuietGate  # noqa: E402
from servers import Servers  # noqa: E402


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def output_of(command: list[str]) -> str:
    try:
        result = subprocess.run(command, capture_output=True, text=True)
        return (result.stdout + result.stderr).strip()
    except OSError:
        return ""


def machine() -> list[str]:
    model = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
    memory = re.search(r"MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text())
    load = os.getloadavg()
    return [
        f"- CPU: {os.cpu_count()} × {model.group(1) if model else platform.processor()}",
        f"- Memory: {int(memory.group(1)) / 1024 / 1024:.1f} GiB" if memory else "- Memory: unknown",
        f"- Kernel: {platform.release()}; load average at start {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f}",
    ]


def versions(venv_bin: Path) -> dict[str, str]:
    hugo = re.search(r"v(\d+\.\d+\.\d+)", output_of(["hugo", "version"]))
    mkdocs = re.search(r"version (\S+)", output_of([str(venv_bin / "mkdocs"), "--version"]))
    material = re.search(r"Version: (\S+)", output_of([str(venv_bin / "pip"), "show", "mkdocs-material"]))
    commit = output_of(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"])
    return {
        "sitegen": f"({commit})" if commit else "",
        "hugo": hugo.group(1) if hugo else "",
        "mkdocs": f"{mkdocs.group(1) if mkdocs else ''} / {material.group(1) if material else ''}",
    }


def server_versions() -> str:
    nginx = re.search(r"nginx/(\S+)", output_of(["nginx", "-v"]))
    apache = re.search(r"Apache/(\S+)", output_of(["apache2", "-v"]))
    openidc = re.search(r"Version: (\S+)", output_of(["dpkg", "-s", "libapache2-mod-auth-openidc"]))
    wrk = re.search(r"wrk (\S+)", output_of(["wrk", "--version"]))
    return (
        f"nginx {nginx.group(1) if nginx else '?'}, Apache {apache.group(1) if apache else '?'} with "
        f"mod_auth_openidc {openidc.group(1) if openidc else '?'}, wrk {wrk.group(1) if wrk else '?'}"
    )


def page_url(corpus: Path) -> str:
    """The URL of the first content page of the corpus: a page of a section three levels down."""
    first = next(path for path in sorted((corpus / "sitegen").rglob("*.md")) if path.name != "index.md")
    return "/" + first.relative_to(corpus / "sitegen").with_suffix("").as_posix() + "/"


def profile_section(work: Path, builders: site_builds.Builders, servers: Servers, page: str) -> list[str]:
    lines = ["### Profiles", ""]
    sitegen_command = [
        str(builders.sitegen_binary), "build", "--site", str(builders.corpus / "sitegen"),
        "--output", str(work / "profile-build" / "public"), "--no-search",
    ]
    shutil.rmtree(work / "profile-build", ignore_errors=True)
    (work / "profile-build").mkdir(parents=True)
    if profiles.perf_works():
        data = work / "profile-build.perf"
        profiles.profile_command(sitegen_command, data)
        build_rows, build_self = profiles.summarize(data), profiles.self_time(data)
        auth_data = work / "profile-auth.perf"
        sampler = profiles.profile_process(servers.stack.processes["auth"].pid, 6, auth_data)
        time.sleep(0.5)
        throughput.drive(servers, page, 5)
        sampler.wait()
        auth_rows, auth_self = profiles.summarize(auth_data), profiles.self_time(auth_data)
        how = "perf record -e cpu-clock -g (sampled call stacks; shares are of all samples of the process)"
    else:
        build_rows, build_self = profiles.callgrind_build(sitegen_command, work / "profile-build.callgrind"), []
        auth_rows, auth_self = [], []
        how = "valgrind --tool=callgrind (perf is not usable here; sitegen-auth is read from (b) versus (c))"
    shutil.rmtree(work / "profile-build", ignore_errors=True)
    lines += [f"Profiler: {how}.", ""]
    for title, rows, own in [
        (f"sitegen build, full, {builders.corpus.name.split('-')[-1]} pages", build_rows, build_self),
        ("sitegen-auth answering checks of (c)", auth_rows, auth_self),
    ]:
        if not rows:
            continue
        lines += [f"**{title}** — heaviest functions of sitegen and its libraries:", "",
                  "| inclusive | self | function |", "|---|---|---|"]
        lines += [f"| {inclusive:.1f} % | {self_share:.1f} % | `{name}` |" for inclusive, self_share, name in rows]
        if own:
            lines += ["", "Most samples by themselves: " + "; ".join(f"`{name}` {share:.1f} %" for share, name in own)]
        lines.append("")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1,000 pages once, throughput 1 round of 3 s")
    parser.add_argument("--builds-only", action="store_true", help="site builds only: no servers, throughput or profiles")
    parser.add_argument("--work", type=Path, default=HERE / ".work", help="folder for all generated state")
    parser.add_argument("--bin", type=Path, default=REPO / ".build-bench" / "release", help="release binaries")
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
        help="with --incremental-only: sitegen writes its output and cache to a folder in /dev/shm (tmpfs), so the "
        "shares measure sitegen's work and not the disk's",
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
            arguments, work, venv_bin, small, seconds, rounds, pair_count, pair_seconds, gate
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
        arguments, work, venv_bin, small, seconds, rounds, pair_count, pair_seconds, gate, profile=True
    )
    lines += report.throughput_table(served, seconds, rounds)
    lines += report.metrics_table(pairs, pair_seconds)
    lines += report.check_key_table(key_pairs, pair_seconds)
    lines += report.targets_table(build_results[sizes[-1]], served, previewed, arguments.quick, pairs)
    lines += profiles
    raw["throughput"] = [asdict(result) for result in served]
    raw["metrics_pairs"] = [asdict(pair) for pair in pairs]
    return finish(work, lines, gate, started, raw)


def request_path(
    arguments: argparse.Namespace, work: Path, venv_bin: Path, small: site_builds.Builders, seconds: int, rounds: int,
    pair_count: int, pair_seconds: int, gate: QuietGate, profile: bool = False,
) -> tuple[list, list, list, list[str]]:
    """Throughput of (a) to (e′), the metrics pairs, the check-key pairs and, with `profile`, the profiles, over
    `small`'s built site."""
    public = small.sitegen_output
    if not (public / ".sitegen" / "access.json").exists():
        raise SystemExit(f"sitegen build wrote no access manifest in {public}/.sitegen/; sitegen-auth needs one")
    page = page_url(small.corpus)
    servers = Servers(
        work / "serve", public, arguments.bin, venv_bin, work / "trivial-fcgi", arguments.stateless_bin.resolve()
    )
    shutil.rmtree(work / "serve", ignore_errors=True)
    try:
        log("Starting the provider, sitegen-auth, the trivial responder, nginx and Apache on loopback…")
        servers.start()
        log("Measuring request throughput…")
        served = throughput.run(servers, page, seconds, rounds, gate, log)
        log("Measuring metrics on and off, (c) and (cₘ) in pairs…")
        pairs = throughput.paired(servers, page, pair_count, pair_seconds, log)
        log("Measuring the check cache keyed on the cookie and on the check key, (d₀) and (d) in pairs…")
        key_pairs = throughput.paired(servers, page, pair_count, pair_seconds, log, off="d₀", on="d")
        profiles = []
        if profile:
            log("Profiling a sitegen build and sitegen-auth…")
            profiles = profile_section(work, small, servers, page)
    finally:
        servers.stop()
    return served, pairs, key_pairs, profiles


def recheck_pairs(
    arguments: argparse.Namespace, work: Path, small: site_builds.Builders, pairs: int, seconds: int, log
) -> list:
    """(cₒ) and (cₖ) in alternating pairs: the check with re-checks off, and every 10 s against world_provider.py
    (each session is due several times a pair, so re-checks run on the network workers while wrk measures)."""
    servers = Servers(
        work / "serve-recheck", small.sitegen_output, arguments.bin, (work / "venv" / "bin").resolve(),
        work / "trivial-fcgi", arguments.stateless_bin.resolve(),
    )
    shutil.rmtree(work / "serve-recheck", ignore_errors=True)
    try:
        log("Starting world_provider.py, sitegen-auth with re-checks off and every 10 s, and nginx…")
        servers.start_recheck_only()
        log("Measuring re-checks off and on, (cₒ) and (cₖ) in pairs…")
        measured = throughput.paired(servers, page_url(small.corpus), pairs, seconds, log, off="cₒ", on="cₖ")
        kept = servers.rechecks_kept()
        if kept == 0:
            raise RuntimeError("(cₖ) re-checked no session while it was measured; see its log in serve-recheck/")
        log(f"  (cₖ) re-checked sessions {kept} times, every one kept")
        return measured
    finally:
        servers.stop()


def incremental_only(
    arguments: argparse.Namespace, sizes: list[int], runs: int, work: Path, venv_bin: Path, gate: QuietGate
) -> list[str]:
    """sitegen on its own: the targets of issue 12 are shares of its own full build and a time, so no other tool
    needs to run. Full builds, then no-op and one-page-edit rebuilds, at each size; then the preview."""
    lines: list[str] = []
    for pages in sizes:
        corpus = work / f"corpus-{pages}"
        log(f"Writing the {pages:,}-page corpus…")
        summary = write_corpus(pages, corpus)
        builds = Path(tempfile.mkdtemp(prefix="sitegen-bench-", dir="/dev/shm")) if arguments.in_memory else work
        try:
            builders = site_builds.Builders(corpus, builds / f"builds-{pages}", arguments.bin / "sitegen", venv_bin)
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
    log("Measuring edit-to-reload of sitegen serve at 1,000 pages…")
    edits = 3 if arguments.quick else 10
    previewed = preview.run(arguments.bin / "sitegen", work / "corpus-1000", 1000, edits, gate, log)
    return lines + report.preview_table(previewed)


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
