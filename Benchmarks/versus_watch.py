"""`versus.py --wide-adds N`: two sitegen binaries, each in a running `sitegen build --watch` of its own copy of the
wide corpus (wide.py: 20,000 pages, sections of 5,000 and 1,000) in tmpfs. One page is added to each copy's
1,000-page section and removed again, the two watches taking turns add by add (which goes first alternates), so a
pair of adds is timed within a second and the host's drift between runs mostly cancels. The ratio new/base of the
rebuild as it reports it (`Watching`), median over the pairs, is measured twice, with the copies swapped: the copy
a watch builds changes its times by a few per cent. Their geometric mean is the figure."""

from __future__ import annotations

import math
import shutil
import statistics
import tempfile
from pathlib import Path

import wide
from quiet import QuietGate
from watching import Watching


def placement(base: Path, new: Path, copies: dict[str, Path], scratch: Path, adds: int, gate: QuietGate) -> list[float]:
    """The ratios of `adds` pairs, base watching `copies["base"]` and new `copies["new"]`."""
    watches = {side: Watching(binary, copies[side], scratch / f"out-{copies[side].parent.name}", False,
                              scratch / f"watch-{side}.log")
               for side, binary in [("base", base), ("new", new)]}
    try:
        # The first add of a watch renders what it does not keep yet: it is left out.
        times: dict[str, list[float]] = {"base": [], "new": []}
        for number in range(adds + 1):
            for side in ["base", "new"] if number % 2 == 0 else ["new", "base"]:
                page = copies[side] / "wide-1000" / "added-for-the-benchmark.md"
                gate.wait()
                rebuild = watches[side].rebuild_after(lambda: page.write_text(wide.ADDED_PAGE))
                watches[side].rebuild_after(page.unlink)
                if number > 0:
                    times[side].append(rebuild["reported"])
        return [new_time / base_time for base_time, new_time in zip(times["base"], times["new"])]
    finally:
        for watch in watches.values():
            watch.stop()


def run(base: Path, new: Path, work: Path, adds: int) -> int:
    corpus = wide.corpus(work, 20000, wide.WIDE)
    scratch = Path(tempfile.mkdtemp(prefix="sitegen-versus-watch-", dir="/dev/shm"))
    gate = QuietGate()
    try:
        first, second = scratch / "first" / "sitegen", scratch / "second" / "sitegen"
        shutil.copytree(corpus / "sitegen", first)
        shutil.copytree(corpus / "sitegen", second)
        medians = []
        for copies in [{"base": first, "new": second}, {"base": second, "new": first}]:
            ratios = placement(base, new, copies, scratch, adds, gate)
            medians.append(statistics.median(ratios))
            print(f"  base on the {copies['base'].parent.name} copy: new / base {medians[-1]:.3f} (pairs "
                  f"{min(ratios):.2f}-{max(ratios):.2f}, {len(ratios)})", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"one page added in a watch, wide corpus, without search: new / base {math.sqrt(medians[0] * medians[1]):.3f}"
          f" (geometric mean of {medians[0]:.3f} and {medians[1]:.3f})")
    print(gate.summary())
    return 0
