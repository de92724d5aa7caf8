"""`make demo`'s runner (`Tests/e2e/stack.py --demo`) serves the site until it is told to stop — Ctrl-C, `kill`, or
the terminal it runs in closing — and then stops every server it started, so the next `make demo` finds its
ports free."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from readiness import free_port, http_ok, port_open, wait_for


def port_is_free(port: int) -> bool:
    try:
        port_open(port)
    except OSError:
        return True
    return False


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda stop: stop.name)
def test_the_demo_stops_every_server_it_started(workdir: Path, public: Path, stop: signal.Signals):
    state = workdir / f"demo-{stop.name}"
    http_port, provider_port = free_port(), free_port()
    runner = subprocess.Popen(
        [sys.executable, str(Path(__file__).parent / "stack.py"), "--demo", "--state", str(state),
         "--public", str(public), "--port", str(http_port), "--provider-port", str(provider_port)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        wait_for(lambda: http_ok(f"http://127.0.0.1:{http_port}/"), "the demo's home page", timeout=60)
        listed = subprocess.run(["pgrep", "-af", str(state)], capture_output=True, text=True).stdout.splitlines()
        servers = [line for line in listed if int(line.split()[0]) != runner.pid]
        for name in ("nginx", "sitegen-auth"):
            assert any(name in line for line in servers), f"{name} runs with the demo's state folder: {servers}"
        if stop == signal.SIGHUP:
            runner.stdout.close()  # a closed terminal: nothing reads what the runner prints any more
        runner.send_signal(stop)
        try:
            runner.wait(timeout=30)
        except subprocess.TimeoutExpired:
            left = subprocess.run(["pgrep", "-af", str(state)], capture_output=True, text=True).stdout
            pytest.fail(f"the runner did not stop within 30 s of {stop.name}; still running:\n{left}")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (port_is_free(http_port) and port_is_free(provider_port)):
            time.sleep(0.2)
        assert port_is_free(http_port) and port_is_free(provider_port), "the demo's ports are free again"
        left = subprocess.run(["pgrep", "-f", str(state)], capture_output=True, text=True).stdout.split()
        assert left == [], f"processes left running: {left}"
    finally:
        if runner.poll() is None:
            runner.send_signal(signal.SIGTERM)
            runner.wait(timeout=30)
        if runner.stdout and not runner.stdout.closed:
            runner.stdout.close()
