"""Waits for a quiet machine before a measurement, so another user's burst of work does not land in it.

The benchmark machine may be shared (other builds, tests). Before each timed run the CPU is sampled for
a second; the run starts once the whole machine is at most QUIET_BUSY busy, or after MAX_WAIT seconds
regardless, which is counted and reported with the results.
"""

from __future__ import annotations

import time

QUIET_BUSY = 0.25
MAX_WAIT = 30.0


def busy_fraction(seconds: float = 1.0) -> float:
    def sample() -> tuple[int, int]:
        with open("/proc/stat") as stat:
            values = [int(value) for value in stat.readline().split()[1:]]
        idle = values[3] + values[4]
        return sum(values) - idle, sum(values)

    busy_before, total_before = sample()
    time.sleep(seconds)
    busy_after, total_after = sample()
    return (busy_after - busy_before) / max(1, total_after - total_before)


class QuietGate:
    """Counts how many measurements started on a quiet machine and how many had to start anyway."""

    def __init__(self) -> None:
        self.quiet = 0
        self.busy = 0

    def wait(self) -> None:
        deadline = time.monotonic() + MAX_WAIT
        while time.monotonic() < deadline:
            if busy_fraction() <= QUIET_BUSY:
                self.quiet += 1
                return
        self.busy += 1

    def summary(self) -> str:
        total = self.quiet + self.busy
        return (
            f"{self.quiet} of {total} measurements started with the machine at most {QUIET_BUSY:.0%} busy; "
            f"{self.busy} started after waiting {MAX_WAIT:.0f} s for that in vain."
        )
