#!/usr/bin/env python3
"""Two sitegen-auth binaries side by side: the check (c), nginx auth_request with a valid session, through each.

    python3 Benchmarks/versus_auth.py --base /tmp/sitegen-auth-base \\
        --new .build-bench/release/sitegen-auth [--pairs 20] [--seconds 5]

For a change to sitegen-auth whose cost must stay under a few per cent: both run at once behind one nginx, each
on its own socket with its own SQLite session store, over the 1,000-page site (corpus.py, written into
Benchmarks/.work/corpus-1000 if missing, built by --sitegen). The new one answers (c)'s port and the base one the
port `make bench` gives (cᵣ), so the production snippet in front of each is the same. Pairs are measured in
alternating order (throughput.paired); reports the median over pairs of new/base for requests per second and for
sitegen-auth's CPU per check, with the range of the pairs.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import corpus as corpus_module  # noqa: E402
import throughput  # noqa: E402
from servers import Servers  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the sitegen-auth binary measured against")
    parser.add_argument("--new", type=Path, required=True, help="the sitegen-auth binary measured")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=5, help="length of each measurement")
    parser.add_argument("--sitegen", type=Path, default=REPO / ".build-bench" / "release" / "sitegen")
    parser.add_argument("--work", type=Path, default=HERE / ".work")
    arguments = parser.parse_args()
    work = arguments.work.resolve()
    needed = [work / "venv" / "bin" / "python", work / "trivial-fcgi", arguments.sitegen]
    if missing := [str(path) for path in needed if not path.exists()]:
        raise SystemExit(f"missing {', '.join(missing)}: run `make bench-throughput` once, which makes them")
    corpus = work / "corpus-1000"
    if not corpus.exists():
        corpus_module.write_corpus(1000, corpus)
    public = work / "versus-auth" / "public"
    subprocess.run(
        [str(arguments.sitegen), "build", "--site", str(corpus / "sitegen"), "--output", str(public), "--no-search"],
        check=True, stdout=subprocess.DEVNULL,
    )
    # The binary folder (c) runs sitegen-auth from holds the new one alone.
    bin_dir = work / "versus-auth" / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    (bin_dir / "sitegen-auth").unlink(missing_ok=True)
    (bin_dir / "sitegen-auth").symlink_to(arguments.new.resolve())
    state = work / "versus-auth" / "serve"
    servers = Servers(
        state, public, bin_dir, work / "venv" / "bin", work / "trivial-fcgi", arguments.base.resolve()
    )
    start_variant = servers.start_auth_variant

    def variant(name, binary, configuration, store, options=None, settings=None):
        # (cᵣ)'s slot serves the base binary, with an SQLite store as (c) has. Every variant keeps its sessions in the
        # state folder: one without a store would open the default one, under /var/lib.
        if configuration == "cᵣ":
            binary = arguments.base.resolve()
        store = f"sqlite:{state / f'sessions-{name}.db'}" if configuration == "cᵣ" or store is None else store
        return start_variant(name, binary, configuration, store, options, settings)

    servers.start_auth_variant = variant
    throughput.PAIRED_PROCESSES["cᵣ"] = "auth-redis"
    try:
        servers.start()
        page = corpus_module.first_page_url(corpus)
        pairs = throughput.paired(servers, page, arguments.pairs, arguments.seconds, print, off="c", on="cᵣ")
    finally:
        servers.stop()
    rates = [pair.rate_off / pair.rate_on for pair in pairs]
    cpus = [pair.cpu_off / pair.cpu_on for pair in pairs]
    print(f"new/base requests/s: {statistics.median(rates):.3f} (pairs {min(rates):.3f}–{max(rates):.3f})")
    print(f"new/base sitegen-auth CPU per check: {statistics.median(cpus):.3f} (pairs {min(cpus):.3f}–{max(cpus):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
