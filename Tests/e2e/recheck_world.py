"""The world of the re-check tests: readers of world_provider.py, its control API, and a page load timed as a
browser's navigation with a session cookie (test_rechecks.py, test_cgi.py)."""

from __future__ import annotations

import json
import time
import urllib.request

from scripted_sign_in import request, sign_in, CookieJar
from stack import Stack

TENANT = "11111111-1111-4111-8111-111111111111"


def user(sub: str, roles: list[str]) -> dict:
    return {
        "sub": sub,
        "name": sub.title(),
        "email": f"{sub}@example.com",
        "preferred_username": f"{sub}@example.com",
        "tid": TENANT,
        "oid": f"{sub:a<8.8}-0000-4000-8000-000000000001",
        "roles": roles,
    }


USERS = [user(name, ["Finance.Read"]) for name in ("ann", "bob", "carol", "dave", "erin")]


def control(stack: Stack, path: str, change: dict | None = None) -> dict:
    data = json.dumps(change).encode() if change is not None else None
    with urllib.request.urlopen(urllib.request.Request(stack.provider_url + path, data=data), timeout=5) as answer:
        return json.loads(answer.read())


def signed_in(stack: Stack, sub: str) -> str:
    return sign_in(stack.base_url + "/finance/", stack.base_url + "/finance/", stack.provider_url, sub)


def load(stack: Stack, path: str, cookie: str) -> tuple[int, str | None, float, bytes]:
    """A page navigation with `cookie`: status, redirect target, seconds taken, body."""
    jar = CookieJar()
    jar.cookies[stack.base_url.split("//")[1]] = dict(pair.split("=", 1) for pair in cookie.split("; "))
    started = time.monotonic()
    status, location, body = request(jar, "GET", stack.base_url + path)
    return status, location, time.monotonic() - started, body


def metric(stack: Stack, outcome: str) -> float:
    with urllib.request.urlopen(stack.metrics_url, timeout=5) as answer:
        for line in answer.read().decode().splitlines():
            if line.startswith(f'sitegen_auth_rechecks_total{{outcome="{outcome}"}}'):
                return float(line.split()[-1])
    return 0.0


def until(deadline: float, condition) -> float:
    """Polls `condition` every 0.2 s until it holds; the time it took, or fails at `deadline` seconds."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < deadline, f"not within {deadline} s"
        time.sleep(0.2)
    return time.monotonic() - started
