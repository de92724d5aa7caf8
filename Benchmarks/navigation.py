#!/usr/bin/env python3
"""(d) for a page as built before the navigation changes and as built now, side by side (issue 31).

    python3 Benchmarks/navigation.py --base .build-bench-navbase/release/sitegen --bin .build-bench/release

The 1,000-page corpus is built twice: by the `sitegen` given as --base (run.sh builds 3f432eb's, whose
navigation wrapped every link in an SSI condition) and by the one in --bin. Each output is served by the same
stack as `make demo` and the end-to-end tests (Tests/e2e/stack.py: nginx with the production snippet and the check
cache, the release `sitegen-auth` of --bin, the OIDC test provider), both running at once; both stacks' checks read
the new build's access manifest, so the check is the same and only the page differs. After a scripted sign-in on
each, wrk asks for the same page through both in alternating pairs, and the report is the median over pairs of new
/ base requests per second. Every server is stopped at the end, also on failure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "e2e"))

import corpus as corpus_module  # noqa: E402
from quiet import QuietGate  # noqa: E402
from corpus import first_page_url  # noqa: E402
from scripted_sign_in import sign_in  # noqa: E402
from stack import Stack  # noqa: E402
from throughput import expect_page, wrk  # noqa: E402

PAGES = 1000


def built(binary: Path, corpus: Path, output: Path) -> Path:
    """`output/public` built from nothing by `binary`."""
    shutil.rmtree(output, ignore_errors=True)
    output.mkdir(parents=True)
    command = [str(binary), "build", "--site", str(corpus / "sitegen"), "--output", str(output / "public")]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return output / "public"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="the sitegen that builds the base page")
    parser.add_argument("--bin", type=Path, default=HERE.parent / ".build-bench" / "release")
    parser.add_argument("--work", type=Path, default=HERE / ".work")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--seconds", type=int, default=5)
    arguments = parser.parse_args()
    work = arguments.work.resolve()
    corpus = work / f"corpus-{PAGES}"
    if not (corpus / "sitegen").exists():
        print(corpus_module.write_corpus(PAGES, corpus, layouts=("sitegen", "hugo")), flush=True)
    state = work / "navigation"
    publics = {
        "base": built(arguments.base.resolve(), corpus, state / "base"),
        "new": built(arguments.bin.resolve() / "sitegen", corpus, state / "new"),
    }
    manifest = str(publics["new"] / ".sitegen" / "access.json")
    stacks: dict[str, Stack] = {}
    try:
        for side, public in publics.items():
            stacks[side] = Stack(
                state=state / f"{side}-state", public=public, bin_dir=arguments.bin.resolve(),
                venv_bin=Path(sys.executable).parent, auth_settings={"manifest": manifest},
            ).start()
        path = first_page_url(corpus)
        cookies = {}
        for side, stack in stacks.items():
            cookies[side] = sign_in(stack.base_url + path, stack.base_url + path, stack.provider_url, "ann")
            expect_page(stack.base_url + path, cookies[side])
        sizes = {side: (public / path.strip("/") / "index.html").stat().st_size for side, public in publics.items()}
        print(f"page {path}: {sizes['base']:,} bytes as built by the base, {sizes['new']:,} now", flush=True)
        gate = QuietGate()
        ratios, rates = [], {"base": [], "new": []}
        for number in range(arguments.pairs):
            order = ["base", "new"] if number % 2 == 0 else ["new", "base"]
            rate = {}
            for side in order:
                gate.wait()
                _, rate[side], _, _ = wrk(stacks[side].base_url + path, cookies[side], arguments.seconds, None)
                rates[side].append(rate[side])
                time.sleep(1)
            ratios.append(rate["new"] / rate["base"])
            print(f"  pair {number + 1}: base {rate['base']:,.0f}/s, new {rate['new']:,.0f}/s", flush=True)
    finally:
        for stack in stacks.values():
            stack.stop()
    print(f"(d) new / base requests/s: {statistics.median(ratios):.3f} × (median of {len(ratios)} pairs: "
          f"{', '.join(f'{ratio:.2f}' for ratio in ratios)}); base {statistics.median(rates['base']):,.0f}/s, "
          f"new {statistics.median(rates['new']):,.0f}/s as medians of each")
    print(gate.summary())
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
