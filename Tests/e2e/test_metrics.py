"""/metrics end to end: real nginx and a real sitegen-auth started with --metrics-listen on a free loopback port.
A reader signs in through the browser and loads pages, and the counts on /metrics move; /metrics is never served
through nginx."""

from __future__ import annotations

import re
import subprocess
import urllib.request
import uuid

import pytest

from pages import fetch, sign_in, wait
from stack import REPO, Stack, free_port

SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$")
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def scrape(stack: Stack) -> dict[tuple[str, frozenset], float]:
    """Every sample on /metrics: (name, labels) → value. Fails on a line that is not the text format."""
    with urllib.request.urlopen(stack.metrics_url, timeout=5) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
        text = answer.read().decode()
    samples = {}
    for line in text.splitlines():
        if line.startswith("# HELP ") or line.startswith("# TYPE "):
            continue
        match = SAMPLE.match(line)
        assert match, f"not a sample line: {line!r}"
        name, labels, value = match.groups()
        samples[(name, frozenset(LABEL.findall(labels or "")))] = float(value)
    return samples


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture(scope="module")
def metered(workdir, public):
    stack = Stack(state=workdir / "metrics-state", public=public, metrics_port=free_port()).start()
    yield stack
    stack.stop()


def test_sign_in_and_pages_move_the_counts(metered, browser):
    before = scrape(metered)
    status, _ = fetch(metered, f"/guide/?probe={uuid.uuid4().hex}")
    assert status == 302
    anonymous = scrape(metered)
    checks = "sitegen_auth_checks_total"
    assert value(anonymous, checks, outcome="sign_in_required") - value(before, checks, outcome="sign_in_required") == 1

    sign_in(browser, metered, "ann", "/guide/")
    for path in ["/guide/setup/", "/finance/", "/"]:
        browser.get(f"{metered.base_url}{path}?probe={uuid.uuid4().hex}")
    after = scrape(metered)

    assert value(after, "sitegen_auth_sign_ins_total", outcome="signed_in") == 1
    assert value(after, "sitegen_auth_sessions_started_total") == 1
    assert value(after, "sitegen_auth_token_endpoint_duration_seconds_count") == 1
    # Pages, the theme's stylesheet and the guide's image: each a check nginx asked for.
    assert value(after, checks, outcome="allowed") >= value(anonymous, checks, outcome="allowed") + 4
    assert value(after, "sitegen_auth_check_duration_seconds_count") == sum(
        value(after, checks, outcome=outcome) for outcome in ["allowed", "sign_in_required", "forbidden", "error"]
    )
    assert value(after, checks, outcome="error") == 0
    assert value(after, "sitegen_auth_sessions_active") >= 1
    assert value(after, "sitegen_auth_manifest_loaded") == 1
    assert value(after, "sitegen_auth_provider_ready") == 1
    assert value(after, "sitegen_auth_provider_refreshes_total", document="keys", result="success") >= 1
    assert value(after, "sitegen_auth_build_info", version="0.1.0") == 1
    assert value(after, "process_resident_memory_bytes") > 1_000_000
    assert value(after, "process_open_fds") > 3

    browser.get(metered.base_url + "/.auth/logout")
    wait(browser).until(lambda d: d.current_url.startswith(metered.provider_url))
    assert value(scrape(metered), "sitegen_auth_sessions_ended_total", reason="sign_out") == 1


def test_a_provider_error_without_an_open_attempt_is_a_bad_request_not_its_code(metered):
    """Anyone can write such a link: counting it by its code would let made-up codes crowd out real ones."""
    before = scrape(metered)
    status, _ = fetch(metered, "/.auth/callback?error=access_denied&error_description=AADSTS65004%3A+declined")
    assert status == 403
    after = scrape(metered)

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("sitegen_auth_provider_errors_total", error="access_denied", code="AADSTS65004") == 0
    assert moved("sitegen_auth_sign_ins_total", outcome="provider_error") == 0
    assert moved("sitegen_auth_sign_ins_total", outcome="bad_request") == 1


@pytest.mark.parametrize("path", ["/metrics", "/.auth/metrics", "/metrics/"])
def test_metrics_are_not_served_through_nginx(metered, path):
    status, body = fetch(metered, path)
    assert status != 200
    assert "sitegen_auth_" not in body


@pytest.mark.parametrize(
    "option, allow", [("--metrics-listen", "--metrics-allow-remote"), ("--listen-http", "--http-allow-remote")]
)
def test_a_non_loopback_listening_address_is_refused_naming_its_option(metered, option, allow):
    result = subprocess.run(
        [str(REPO / ".build" / "debug" / "sitegen-auth"), "--config", str(metered.auth_config),
         "--listen", f"unix:{metered.state / 'refused.sock'}", option, f"0.0.0.0:{free_port()}"],
        capture_output=True, text=True, timeout=20, check=False,
    )
    assert result.returncode == 64
    assert f"{option} 0.0.0.0:" in result.stderr and "not a loopback address" in result.stderr
    assert allow in result.stderr
