"""sitegen-auth as a plain CGI program, one process per request, behind real nginx and Debian's fcgiwrap
(deploy/nginx/sitegen-auth-cgi.conf), with the OIDC test provider behind a proxy that counts what it is asked.

The check, /.auth/me and sign-out never reach the provider: only sign-in and the callback do, and they read
discovery and keys from cache_dir, fetched once for every process after. A session due for its re-check is
re-checked after the answer, by a process detached from fcgiwrap, so no page load waits for the provider.
"""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from cgi_stack import CGIStack
from pages import body_text, fetch, session_cookie, sign_in, wait, wait_for_provider_sign_in
from provider_faults import ProviderFaults
from recheck_world import USERS, control, load, signed_in, until
from scripted_sign_in import sign_in as scripted_sign_in

DISCOVERY = "/.well-known/openid-configuration"


@pytest.fixture(scope="module")
def cgi_stack(workdir, public):
    running = CGIStack(state=workdir / "cgi-state", public=public, proxy=ProviderFaults()).start()
    yield running
    running.stop()


def provider_documents_fetched(stack: CGIStack) -> tuple[int, int]:
    """How often sitegen-auth asked the provider for discovery and for its keys."""
    assert stack.proxy is not None
    upstream = f"http://127.0.0.1:{stack.proxy.upstream_port}{DISCOVERY}"
    with urllib.request.urlopen(upstream, timeout=5) as answer:
        keys_path = urllib.request.urlparse(json.load(answer)["jwks_uri"]).path
    return stack.proxy.requests[DISCOVERY], stack.proxy.requests[keys_path]


def test_an_anonymous_reader_of_a_protected_page_is_sent_to_sign_in(cgi_stack, browser):
    status, _ = fetch(cgi_stack, "/finance/")
    assert status == 302
    browser.get(cgi_stack.base_url + "/finance/")
    wait_for_provider_sign_in(browser, cgi_stack)


def test_a_public_page_is_served_without_a_cookie(cgi_stack):
    status, body = fetch(cgi_stack, "/")
    assert status == 200 and "Welcome" in body


def test_a_role_holder_reads_the_role_page_and_another_reader_gets_403(cgi_stack, browser):
    sign_in(browser, cgi_stack, "ann", "/finance/")
    assert "FINANCE-CONTENT" in body_text(browser)
    assert browser.find_element(By.CSS_SELECTOR, ".user-name").text == "Ann Lee"

    browser.delete_all_cookies()
    sign_in(browser, cgi_stack, "bob", "/guide/")
    status, body = fetch(cgi_stack, "/finance/report/", cookie=session_cookie(browser)["value"])
    assert status == 403 and "FINANCE-REPORT-CONTENT" not in body
    browser.get(cgi_stack.base_url + "/finance/report/")
    assert "Finance.Read" in body_text(browser), "the 403 page names the access that is needed"


def test_sign_out_ends_the_session(cgi_stack, browser):
    sign_in(browser, cgi_stack, "ann", "/guide/setup/")
    cookie = session_cookie(browser)["value"]
    browser.find_element(By.LINK_TEXT, "Sign out").click()
    wait(browser).until(lambda d: d.current_url.startswith(cgi_stack.provider_url + "/oauth2/end_session"))
    browser.find_element(By.XPATH, "//button[normalize-space()='End session']").click()
    wait(browser).until(lambda d: d.current_url == cgi_stack.base_url + "/signed-out/")
    assert session_cookie(browser) is None
    status, _ = fetch(cgi_stack, "/guide/setup/?after-sign-out", cookie=cookie)
    assert status == 302, "the session ended in the store, so its old cookie no longer opens the page"


def test_discovery_and_keys_are_fetched_at_most_once_across_sign_ins_and_100_checks(cgi_stack):
    cookie = scripted_sign_in(
        cgi_stack.base_url + "/.auth/login?rd=/finance/", cgi_stack.base_url + "/finance/", cgi_stack.provider_url, "ann"
    )
    for number in range(100):
        # A new query string each time: nginx's cache of allowed checks must not answer for sitegen-auth.
        request = urllib.request.Request(f"{cgi_stack.base_url}/finance/?check={number}", headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200 and b"FINANCE-CONTENT" in answer.read()
    discovery, keys = provider_documents_fetched(cgi_stack)
    assert discovery <= 1 and keys <= 1, (discovery, keys)
    assert discovery == 1 and keys == 1, "the first sign-in fetched them into cache_dir"


def test_a_query_made_into_arguments_as_rfc_3875_says_runs_no_command(cgi_stack):
    """Apache's mod_cgi makes a query without '=' into the program's arguments (RFC 3875 4.4): started that way,
    sitegen-auth answers the request and runs no command, so no visitor can end every session or list them."""
    cookie = scripted_sign_in(
        cgi_stack.base_url + "/.auth/login?rd=/finance/", cgi_stack.base_url + "/finance/", cgi_stack.provider_url, "ann"
    )
    assert load(cgi_stack, "/finance/", cookie)[0] == 200
    for query in ("sessions+revoke+--all", "sessions+list", "--version"):
        environment = {
            "PATH": "/usr/bin:/bin",
            "GATEWAY_INTERFACE": "CGI/1.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REQUEST_METHOD": "GET",
            "REQUEST_URI": "/.auth/me?" + query,
            "SCRIPT_NAME": "/.auth",
            "PATH_INFO": "/me",
            "QUERY_STRING": query,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": str(cgi_stack.http_port),
            "SITEGEN_AUTH_CONFIG": str(cgi_stack.auth_config),
        }
        answered = subprocess.run(
            [str(cgi_stack.bin_dir / "sitegen-auth"), *query.split("+")],
            env=environment,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=30,
        )
        head = answered.stdout.split(b"\r\n\r\n")[0].decode(errors="replace")
        assert answered.returncode == 0 and head.startswith("Status: 401"), (query, answered.stdout[:300])
        assert b"sitegen-auth " not in answered.stdout and b"oid" not in answered.stdout, "no command's output"
    assert load(cgi_stack, "/finance/?after", cookie)[0] == 200, "the session was not revoked"


def test_the_cgi_snippet_is_the_fastcgi_snippet_with_fcgiwrap_in_every_fastcgi_location():
    """The two snippets must not drift apart: only the header and the lines naming fcgiwrap, the program and its
    config differ."""
    from cgi_stack import CGI_SNIPPET
    from stack import REPO

    def body(text: str) -> list[str]:
        lines = text.splitlines()
        start = next(number for number, line in enumerate(lines) if not line.startswith("#") and line.strip())
        return lines[start:]

    fastcgi = body((REPO / "deploy" / "nginx" / "sitegen-auth.conf").read_text())
    cgi = body(CGI_SNIPPET.read_text())
    fcgiwrap_lines = [
        "    fastcgi_pass unix:/run/fcgiwrap.socket;",
        "    fastcgi_param SCRIPT_FILENAME /usr/bin/sitegen-auth;",
        "    fastcgi_param SITEGEN_AUTH_CONFIG /etc/sitegen/auth.toml;",
    ]
    expected: list[str] = []
    for line in fastcgi:
        expected += fcgiwrap_lines if line == "    fastcgi_pass sitegen_auth;" else [line]
    assert cgi == expected
    assert fastcgi.count("    fastcgi_pass sitegen_auth;") == 4


def test_a_due_re_check_runs_after_the_answer_and_never_holds_a_page(workdir, public):
    every = 10
    stack = CGIStack(
        state=workdir / "cgi-recheck-state",
        public=public,
        users=USERS,
        provider_kind="world",
        auth_settings={"recheck_every": f"{every}s", "recheck_grace": "120s"},
    ).start()
    try:
        cookie = signed_in(stack, "ann")
        at_sign_in = control(stack, "/control/issued")["token_requests"]
        control(stack, "/control/token", {"mode": "hang", "seconds": 30})
        time.sleep(every + 1)
        took = []
        for number in range(8):
            status, _, seconds, _ = load(stack, f"/finance/?due={number}", cookie)
            assert status == 200
            took.append(seconds)
        # A CGI check that waited for the hung token endpoint would take its 5 s timeout at least.
        assert max(took) < 2.0, took
        until(5, lambda: control(stack, "/control/issued")["token_requests"] > at_sign_in)  # the detached re-check

        control(stack, "/control/token", {"mode": "pass"})
        control(stack, "/control/user", {"sub": "ann", "roles": []})
        # The hung attempt keeps its lease for recheck_every; the next load after it starts a re-check that succeeds.
        until(every + 15, lambda: load(stack, f"/finance/?after={time.monotonic()}", cookie)[0] == 403)
        assert load(stack, "/guide/?still-signed-in", cookie)[0] == 200
    finally:
        control(stack, "/control/token", {"mode": "pass"})
        stack.stop()
