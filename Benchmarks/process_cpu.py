"""The CPU time of processes the CGI benchmark cannot wait for: a process's own or its reaped children's from
/proc, fcgiwrap's processes, and a cgroup that also counts processes that have exited."""

from __future__ import annotations

import os
import re
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, children: bool) -> float:
    """A process's own user + system time, or that of its reaped children."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    start = 13 if children else 11
    return (int(fields[start]) + int(fields[start + 1])) / CLOCK_TICKS


def fcgiwrap_pids(leader: int) -> list[int]:
    """fcgiwrap's processes: the one started and the workers it forked (-c), which start the CGI programs."""
    pids = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                name, fields = stat.read().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, IndexError):
            continue
        if name == "fcgiwrap" and int(fields.split()[3]) == leader:
            pids.append(int(entry))
    return pids


class CPUGroup:
    """A cgroup (v1 cpuacct, else v2) whose processes' CPU time, exited ones included, can be read."""

    def __init__(self, name: str) -> None:
        self.path: Path | None = None
        for base, tasks, usage in (("/sys/fs/cgroup/cpuacct", "tasks", "cpuacct.usage"),
                                   ("/sys/fs/cgroup", "cgroup.procs", "cpu.stat")):
            try:
                (Path(base) / name).mkdir()
            except OSError:
                continue
            if (Path(base) / name / usage).exists():
                self.path, self.tasks, self.usage = Path(base) / name, tasks, usage
                break
            (Path(base) / name).rmdir()

    @property
    def launcher(self) -> list[str]:
        """Moves the command into the group before it runs (its children follow)."""
        return [] if self.path is None else ["sh", "-c", 'echo $$ > "$0" && exec "$@"', str(self.path / self.tasks)]

    def seconds(self) -> float:
        if self.path is None:
            return float("nan")
        text = (self.path / self.usage).read_text()
        if self.usage == "cpuacct.usage":
            return int(text) / 1e9
        return int(re.search(r"usage_usec (\d+)", text).group(1)) / 1e6

    def remove(self) -> None:
        if self.path is not None:
            try:
                self.path.rmdir()
            except OSError:
                pass

