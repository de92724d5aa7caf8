"""The request path over a built 1,000-page site: throughput of (a) to (e′), the metrics and check-key pairs, the
profiles, and the re-check pairs, each with its servers started for it and stopped after."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import site_builds
from corpus import first_page_url
import throughput
from profile_section import profile_section
from quiet import QuietGate
from servers import Servers


def request_path(
    arguments: argparse.Namespace, work: Path, venv_bin: Path, small: site_builds.Builders, seconds: int, rounds: int,
    pair_count: int, pair_seconds: int, gate: QuietGate, log, profile: bool = False,
) -> tuple[list, list, list, list[str]]:
    """Throughput of (a) to (e′), the metrics pairs, the check-key pairs and, with `profile`, the profiles, over
    `small`'s built site."""
    public = small.sitegen_output
    if not (public / ".sitegen" / "access.json").exists():
        raise SystemExit(f"sitegen build wrote no access manifest in {public}/.sitegen/; sitegen-auth needs one")
    page = first_page_url(small.corpus)
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
        measured = throughput.paired(servers, first_page_url(small.corpus), pairs, seconds, log, off="cₒ", on="cₖ")
        kept = servers.rechecks_kept()
        if kept == 0:
            raise RuntimeError("(cₖ) re-checked no session while it was measured; see its log in serve-recheck/")
        log(f"  (cₖ) re-checked sessions {kept} times, every one kept")
        return measured
    finally:
        servers.stop()
