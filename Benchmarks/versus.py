#!/usr/bin/env python3
"""Two sitegen binaries side by side: full builds of one corpus, alternating, as ratios of the second to the first.

    python3 Benchmarks/versus.py --base /work/wt-base/.build-base/release/sitegen \\
        --new .build-bench/release/sitegen [--pages 10000] [--runs 5] [--search] [--rebuilds]

For a change whose cost must stay under a few per cent (a feature present but unused, a refactoring): the
same corpus (corpus.py, written into Benchmarks/.work/corpus-N if missing) is built from nothing by each
binary in turn, base first in odd pairs and new first in even ones, each build after the quiet gate. Output and
build cache go to a tmpfs folder (/dev/shm), so the disk's mood does not enter a ratio. Reports the median
over pairs of new/base for wall time, CPU time (user + system, the better signal on a shared machine),
user and system time apart, and peak memory, each pair's CPU ratio, and how many builds started quiet.
With --rebuilds each full build is followed by the binary's no-op rebuild and its rebuild after a paragraph is
appended to one page (the page is restored before the other binary builds), reported the same way.
With --preview N, instead of builds, each pair runs each binary's `sitegen serve` on the corpus, with search as
it runs by default, for N edits of one page (preview.py), and reports the median edit-to-reload of each.
With --wide-adds N, instead of builds, each binary watches a copy of the wide corpus and N pages are added to it,
the binaries taking turns add by add (versus_watch.py).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpus as corpus_module  # noqa: E402
import preview  # noqa: E402
import versus_watch  # noqa: E402
from quiet import QuietGate  # noqa: E402


def build(binary: Path, site: Path, output: Path, search: bool) -> dict[str, float]:
    """One full build from nothing under GNU time: wall, user and system seconds, peak RSS in MB."""
    shutil.rmtree(output.parent, ignore_errors=True)
    output.parent.mkdir(parents=True)
    return rebuild(binary, site, output, search)


def rebuild(binary: Path, site: Path, output: Path, search: bool) -> dict[str, float]:
    """One build into `output` as it is, under GNU time."""
    report = output.parent / "time.txt"
    command = [str(binary), "build", "--site", str(site), "--output", str(output)] + ([] if search else ["--no-search"])
    finished = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", str(report), "--", *command],
                              capture_output=True, text=True)
    if finished.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{finished.stdout[-3000:]}{finished.stderr[-3000:]}")
    wall, user, system, rss_kb = report.read_text().split()[-4:]
    return {"wall": float(wall), "user": float(user), "sys": float(system), "cpu": float(user) + float(system),
            "rss": int(rss_kb) / 1024}


def edited_page(site: Path) -> Path:
    """The page a one-page edit appends to: the first, in path order, of the most deeply nested pages."""
    return sorted(site.rglob("*.md"), key=lambda path: (-len(path.parts), str(path)))[0]


def rebuilds(
    binary: Path, site: Path, output: Path, search: bool, number: int, gate: QuietGate
) -> dict[str, dict[str, float]]:
    """The no-op rebuild and the one-page-edit rebuild into the output `build` made, each once the machine is
    quiet; the page is restored."""
    gate.wait()
    figures = {"no-op": rebuild(binary, site, output, search)}
    page = edited_page(site)
    original = page.read_text()
    page.write_text(original + f"\n\nA paragraph appended for the rebuild of pair {number}.\n")
    try:
        gate.wait()
        figures["edit"] = rebuild(binary, site, output, search)
    finally:
        page.write_text(original)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="the sitegen binary measured against")
    parser.add_argument("--new", type=Path, required=True, help="the sitegen binary measured")
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=5, help="pairs of builds")
    parser.add_argument("--search", action="store_true", help="build the search index too (default: --no-search)")
    parser.add_argument("--work", type=Path, default=HERE / ".work")
    parser.add_argument("--rebuilds", action="store_true", help="also a no-op and a one-page-edit rebuild")
    parser.add_argument("--preview", type=int, metavar="N", help="sitegen serve's edit-to-reload over N edits instead")
    parser.add_argument("--wide-adds", type=int, metavar="N",
                        help="one page added to the wide corpus in a watch, N times a binary, instead")
    arguments = parser.parse_args()
    if arguments.wide_adds:
        return versus_watch.run(arguments.base, arguments.new, arguments.work, arguments.wide_adds)
    corpus = arguments.work / f"corpus-{arguments.pages}"
    if not (corpus / "sitegen").exists():
        print(corpus_module.write_corpus(arguments.pages, corpus, layouts=("sitegen", "hugo")), flush=True)
    if arguments.preview:
        return previews(arguments, corpus)
    scratch = Path(tempfile.mkdtemp(prefix="sitegen-versus-", dir="/dev/shm"))
    gate = QuietGate()
    pairs = []
    try:
        for number in range(arguments.runs):
            order = ["base", "new"] if number % 2 == 0 else ["new", "base"]
            pair = {}
            for side in order:
                gate.wait()
                binary = arguments.base if side == "base" else arguments.new
                pair[side] = build(binary, corpus / "sitegen", scratch / side / "public", arguments.search)
                figures = pair[side]
                print(f"  pair {number + 1}, {side}: {figures['wall']:.2f} s wall, {figures['cpu']:.2f} s CPU "
                      f"({figures['user']:.2f} user, {figures['sys']:.2f} sys), {figures['rss']:.0f} MB", flush=True)
                if arguments.rebuilds:
                    for kind, again in rebuilds(binary, corpus / "sitegen", scratch / side / "public",
                                                arguments.search, number, gate).items():
                        pair[f"{side} {kind}"] = again
                        print(f"    {kind}: {again['wall']:.2f} s wall, {again['cpu']:.2f} s CPU", flush=True)
                shutil.rmtree(scratch / side, ignore_errors=True)
                time.sleep(1)
            pairs.append(pair)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{arguments.pages:,} pages, {'with' if arguments.search else 'without'} search, {len(pairs)} pairs, "
          f"new / base (median over pairs):")
    for kind in ["", " no-op", " edit"] if arguments.rebuilds else [""]:
        if kind:
            print(f"{kind.strip()} rebuilds:")
        for key in ["wall", "cpu", "user", "sys", "rss"]:
            # A rebuild can take less than GNU time's 10 ms: such a pair has no ratio.
            measured = [pair for pair in pairs if pair["base" + kind][key] > 0 and pair["new" + kind][key] > 0]
            if not measured:
                continue
            ratios = [pair["new" + kind][key] / pair["base" + kind][key] for pair in measured]
            base = statistics.median(pair["base" + kind][key] for pair in measured)
            new = statistics.median(pair["new" + kind][key] for pair in measured)
            print(f"  {key:5} {statistics.median(ratios):.3f} × (base {base:.2f}, new {new:.2f}; pairs "
                  f"{', '.join(f'{ratio:.3f}' for ratio in ratios)})")
    print(gate.summary())
    return 0


def previews(arguments: argparse.Namespace, corpus: Path) -> int:
    """Edit-to-reload of each binary's preview, alternating which starts each pair."""
    gate = QuietGate()
    rounds: dict[str, list[float]] = {"base": [], "new": []}
    ratios = []
    for number in range(arguments.runs):
        medians = {}
        for side in ["base", "new"] if number % 2 == 0 else ["new", "base"]:
            binary = arguments.base if side == "base" else arguments.new
            result = preview.run(binary, corpus, arguments.pages, arguments.preview, gate, lambda line: None, settle=3)
            rounds[side] += result.rounds
            medians[side] = result.median
            print(f"  pair {number + 1}, {side}: edit-to-reload median {result.median * 1000:.0f} ms "
                  f"(slowest {result.worst * 1000:.0f} ms)", flush=True)
        ratios.append(medians["new"] / medians["base"])
    base, new = statistics.median(rounds["base"]), statistics.median(rounds["new"])
    print(f"{arguments.pages:,} pages, sitegen serve edit-to-reload over {len(rounds['new'])} edits each: base "
          f"{base * 1000:.0f} ms, new {new * 1000:.0f} ms, {new / base:.3f} × (pairs "
          f"{', '.join(f'{ratio:.3f}' for ratio in ratios)})")
    print(gate.summary())
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
