#!/usr/bin/env python3
"""Output size and build cost as pages grow, sitegen against Hugo, side by side in one run.

    python3 Benchmarks/wide.py --bin .build-bench/release [--runs 2] [--pages 10000]

Builds the 10,000-page corpus and the wide-section corpus (20,000 pages, top-level sections of 5,000 and
1,000 pages; corpus.py `--wide 5000,1000`) with sitegen (`--no-search`, as Hugo builds no index) and Hugo,
alternating, from nothing each time. Reports, per corpus: total output bytes, the HTML of a page of the
5,000-page section (largest and median), wall time, CPU and peak memory as ratios to Hugo's in the same
run. Then, on the wide corpus, adds one page to the middle of the 1,000-page section and rebuilds: the
rebuild's wall and CPU time as shares of sitegen's full build, and how many output files it wrote
(files whose inode or modification time changed), then removes the page and rebuilds again; then the same
with the search index, as `sitegen build` runs by default, against one full build with it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus as corpus_module  # noqa: E402
import site_builds  # noqa: E402
from quiet import QuietGate  # noqa: E402
from watching import Watching  # noqa: E402

WIDE = (5000, 1000)


def corpus(work: Path, pages: int, wide: tuple[int, ...], log=print) -> Path:
    """The corpus of `pages` pages (with `wide`'s sections) in `work`, in the sitegen and Hugo layouts, written
    once and kept for later runs; `log` is given the summary when it is written."""
    folder = work / (f"corpus-{pages}" + ("-wide" if wide else ""))
    if not (folder / "sitegen").exists() or not (folder / "hugo").exists():
        log(corpus_module.write_corpus(pages, folder, layouts=("sitegen", "hugo"), wide=wide))
    return folder


def tree_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    found = {}
    for path in folder.rglob("*"):
        if path.is_file():
            status = path.stat()
            found[str(path.relative_to(folder))] = (status.st_ino, status.st_mtime_ns)
    return found


def page_sizes(output: Path, section: str) -> list[int]:
    return sorted(path.stat().st_size for path in (output / section).glob("*/index.html"))


def full_builds(builders: site_builds.Builders, runs: int, gate: QuietGate, label: str) -> dict:
    sitegen, hugo = site_builds.Series(), site_builds.Series()
    for number in range(runs):
        for tool, series in [("sitegen", sitegen), ("hugo", hugo)]:
            gate.wait()
            result = getattr(builders, tool)()
            series.runs.append(result)
            print(f"  {label}, {tool} full build {number + 1}: {result.wall:.1f} s wall, {result.cpu:.1f} s CPU, "
                  f"{result.rss_mb:.0f} MB", flush=True)
    pairs = list(zip(sitegen.runs, hugo.runs))
    figures = {
        "sitegen_wall": sitegen.wall, "hugo_wall": hugo.wall, "sitegen_cpu": sitegen.cpu, "hugo_cpu": hugo.cpu,
        "sitegen_rss": sitegen.rss_mb, "hugo_rss": hugo.rss_mb,
        "wall_ratio": statistics.median(s.wall / h.wall for s, h in pairs),
        "cpu_ratio": statistics.median(s.cpu / h.cpu for s, h in pairs),
        "rss_ratio": statistics.median(s.rss_mb / h.rss_mb for s, h in pairs),
        "sitegen_bytes": tree_bytes(builders.sitegen_output), "hugo_bytes": tree_bytes(builders.work / "hugo"),
    }
    return figures


ADDED_PAGE = f"---\ntitle: Added for the benchmark\nweight: {WIDE[1] // 2}\n---\n\nOne new page.\n"


def added_page(builders: site_builds.Builders) -> Path:
    """Where the benchmark adds a page: the middle of the 1,000-page section, by its weight."""
    return builders.corpus / "sitegen" / f"wide-{WIDE[1]}" / "added-for-the-benchmark.md"


def add_one_page(builders: site_builds.Builders, gate: QuietGate, search: bool = False) -> dict:
    new_page = added_page(builders)
    output = builders.output(search)
    gate.wait()
    builders.sitegen(clean=False, search=search)
    before = stamps(output)
    new_page.write_text(ADDED_PAGE)
    try:
        gate.wait()
        rebuild = builders.sitegen(clean=False, search=search)
        after = stamps(output)
    finally:
        new_page.unlink()
    builders.sitegen(clean=False, search=search)
    written = sorted(path for path, stamp in after.items() if before.get(path) != stamp)
    return {"wall": rebuild.wall, "cpu": rebuild.cpu, "written": written}


def add_one_page_watching(builders: site_builds.Builders, watch: Watching, gate: QuietGate, search: bool) -> dict:
    """`add_one_page` for a running `sitegen build --watch`: the page is written, the rebuild that follows timed
    (`Watching.rebuild_after`), then the page removed and its rebuild waited for."""
    new_page = added_page(builders)
    output = builders.output(search)
    gate.wait()
    before = stamps(output)
    rebuild = watch.rebuild_after(lambda: new_page.write_text(ADDED_PAGE))
    after = stamps(output)
    watch.rebuild_after(new_page.unlink)
    rebuild["written"] = sorted(path for path, stamp in after.items() if before.get(path) != stamp)
    return rebuild


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", type=Path, default=HERE.parent / ".build-bench" / "release")
    parser.add_argument("--work", type=Path, default=HERE / ".work")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--pages", type=int, default=10000, help="size of the regular corpus measured beside")
    arguments = parser.parse_args()
    gate = QuietGate()
    work = arguments.work.resolve()  # Hugo wants absolute folders (run.sh passes Benchmarks/.work)
    results = {}
    for label, pages, wide in [(f"{arguments.pages:,} pages", arguments.pages, ()), ("wide, 20,000 pages", 20000, WIDE)]:
        folder = corpus(work, pages, wide, log=lambda summary: print(summary, flush=True))
        builders = site_builds.Builders(
            folder, work / f"builds-{folder.name}", arguments.bin / "sitegen", Path("/nonexistent"))
        figures = full_builds(builders, arguments.runs, gate, label)
        if wide:
            sizes = page_sizes(builders.sitegen_output, f"wide-{WIDE[0]}")
            hugo_sizes = page_sizes(builders.work / "hugo", f"wide-{WIDE[0]}")
            figures["page_max"], figures["page_median"] = sizes[-1], statistics.median(sizes)
            figures["hugo_page_median"] = statistics.median(hugo_sizes) if hugo_sizes else 0
            section_page = builders.sitegen_output / f"wide-{WIDE[0]}" / "index.html"
            figures["section_page"] = section_page.stat().st_size
            added = add_one_page(builders, gate)
            figures["add_wall_share"] = added["wall"] / figures["sitegen_wall"]
            figures["add_cpu_share"] = added["cpu"] / figures["sitegen_cpu"]
            figures["add_written"] = len(added["written"])
            figures["add_written_files"] = added["written"]
            # The same with the search index, as `sitegen build` runs by default, against a full build with it.
            gate.wait()
            full = builders.sitegen(clean=True, search=True)
            added = add_one_page(builders, gate, search=True)
            figures["search_full_wall"] = full.wall
            figures["add_search_wall_share"] = added["wall"] / full.wall
            figures["add_search_cpu_share"] = added["cpu"] / full.cpu
            figures["add_search_written"] = len(added["written"])
        results[label] = figures
        for key, value in figures.items():
            if key != "add_written_files":
                print(f"  {label}: {key} = {value:,.3f}" if isinstance(value, float) else f"  {label}: {key} = {value:,}")
        if "add_written_files" in figures:
            print(f"  {label}: files written by adding one page: {', '.join(figures['add_written_files'])}")
    print(gate.summary())
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
