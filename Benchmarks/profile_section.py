"""The Profiles section of the results: the heaviest functions of a full sitegen build and of sitegen-auth answering
checks of (c) under load, with perf where it works and callgrind where it does not."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import profiles
import site_builds
import throughput
from servers import Servers


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
