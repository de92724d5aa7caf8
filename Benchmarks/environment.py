"""The machine and the tools a benchmark run measured, for the head of its results."""

from __future__ import annotations

import os
import platform
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


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
