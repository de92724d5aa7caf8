"""Sessions that can be ended, through real nginx, the real sitegen-auth and the test provider: sign-out, Entra's
front-channel logout, an administrator's revocation, restarts, and two servers sharing one Redis."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.parse
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.by import By

from conftest import new_browser
from pages import authorize_as, fetch, sign_in, wait, wait_for_provider_sign_in
from provider_proxy import LoopbackServer
from redis_server import RedisServer
from stack import REPO, Stack, free_port

ANN = "aaaaaaaa-0000-4000-8000-000000000001"
SITEGEN_AUTH = REPO / ".build" / "debug" / "sitegen-auth"


def session_cookie(browser) -> str:
    cookie = browser.get_cookie("sitegen-session")
    assert cookie is not None, "not signed in"
    return cookie["value"]


def opens(stack: Stack, cookie: str, path: str = "/finance/", base_url: str | None = None) -> bool:
    """Whether the cookie opens a protected page; a fresh query string each time, so nginx's 5-second cache of
    allowed checks never answers for sitegen-auth."""
    status, _ = fetch(stack, f"{path}?probe={uuid.uuid4().hex}", cookie, base_url)
    assert status in (200, 302), status
    return status == 200


def sessions_command(stack: Stack, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(SITEGEN_AUTH), "sessions", *arguments, "--config", str(stack.auth_config)],
        capture_output=True, text=True, check=False,
    )


def test_sign_out_ends_a_copied_cookie(stack, browser):
    sign_in(browser, stack, "ann", "/finance/")
    copy = session_cookie(browser)
    assert opens(stack, copy)
    browser.get(stack.base_url + "/.auth/logout")
    wait(browser).until(lambda d: d.current_url.startswith(stack.provider_url))
    assert not opens(stack, copy), "a copy of the cookie must open nothing after sign-out"
    status, _ = fetch(stack, "/.auth/me", copy)
    assert status == 401


def test_a_sign_out_link_on_another_site_asks_first(stack, browser):
    sign_in(browser, stack, "ann", "/finance/")
    cookie = session_cookie(browser)
    link = f'<a id="out" href="{stack.base_url}/.auth/logout">win a prize</a>'
    browser.get("data:text/html," + urllib.parse.quote(link))
    browser.find_element(By.ID, "out").click()
    wait(browser).until(lambda d: d.find_elements(By.TAG_NAME, "h1") and d.current_url.startswith(stack.base_url))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Sign out?"
    assert opens(stack, cookie), "nothing happens until the reader answers"
    browser.find_element(By.LINK_TEXT, "Sign out").click()
    wait(browser).until(lambda d: d.current_url.startswith(stack.provider_url))
    assert not opens(stack, cookie)


def test_an_administrator_revokes_a_user_from_the_command_line(stack, browser):
    sign_in(browser, stack, "ann", "/finance/")
    copy = session_cookie(browser)
    listed = sessions_command(stack, "list", "--user", ANN)
    assert listed.returncode == 0, listed.stderr
    assert "Ann Lee" in listed.stdout and ANN in listed.stdout

    revoked = sessions_command(stack, "revoke", "--user", ANN)
    assert revoked.returncode == 0, revoked.stderr
    assert revoked.stdout.startswith("Ended ") and f"of user {ANN}." in revoked.stdout
    assert not opens(stack, copy)
    assert "Ann Lee" not in sessions_command(stack, "list").stdout

    missing = sessions_command(stack, "revoke", "--session", "no-such-session")
    assert missing.returncode == 1 and "no session with id no-such-session" in missing.stderr
    for command in ("revoke", "list"):
        named = sessions_command(stack, command, "--user", "ann@example.com")
        assert named.returncode != 0 and "--user takes the user's object id" in named.stderr, named.stdout
    neither = sessions_command(stack, "revoke")
    assert neither.returncode != 0 and "exactly one of --user OID, --session ID or --all" in neither.stderr


def test_sessions_and_revocations_survive_a_restart(stack, browser):
    sign_in(browser, stack, "ann", "/finance/")
    ann = session_cookie(browser)
    browser.delete_all_cookies()
    sign_in(browser, stack, "bob", "/guide/")
    bob = session_cookie(browser)
    assert sessions_command(stack, "revoke", "--user", "bbbbbbbb-0000-4000-8000-000000000002").returncode == 0

    stack.stop_auth()
    stack.start_auth()
    assert opens(stack, ann)
    assert not opens(stack, bob, "/guide/")


@pytest.fixture
def framed_stack(workdir, public):
    """A stack whose authority is a proxy in front of the provider, so a page of the authority's origin can frame
    the front-channel logout address as Entra's sign-out page does."""
    provider_port = free_port()
    proxy = LoopbackServer(upstream_port=provider_port).start()
    state = workdir / f"framed-{uuid.uuid4().hex[:8]}"
    running = Stack(
        state=state, public=public, provider_port=provider_port,
        auth_settings={"server_metadata_url": proxy.url + "/.well-known/openid-configuration"},
    )
    try:
        running.start()
        yield running, proxy
    finally:
        running.stop()
        proxy.stop()


def test_front_channel_logout_by_sid_in_the_authoritys_iframe(framed_stack):
    stack, proxy = framed_stack
    sid = "entra-" + uuid.uuid4().hex
    carol = {
        "name": "Carol Diaz", "tid": "11111111-1111-4111-8111-111111111111",
        "oid": "cccccccc-0000-4000-8000-000000000003", "roles": ["Finance.Read"], "sid": sid,
    }
    request = urllib.request.Request(
        proxy.url + "/users/carol", data=json.dumps(carol).encode(), method="PUT",
        headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()

    browser = new_browser(console_logs=True)
    foreign = LoopbackServer().start()
    try:
        browser.get(stack.base_url + "/finance/")
        wait(browser).until(lambda d: d.current_url.startswith(proxy.url + "/oauth2/authorize"))
        browser.find_element(By.CSS_SELECTOR, "input[name='sub']").send_keys("carol")
        browser.find_element(By.CSS_SELECTOR, "form button[type='submit']:not([name])").click()
        wait(browser).until(lambda d: d.current_url == stack.base_url + "/finance/")
        cookie = session_cookie(browser)
        assert opens(stack, cookie)

        logout = stack.base_url + "/.auth/frontchannel-logout?sid="
        browser.get(foreign.url + "/frame?src=" + urllib.parse.quote(logout + "not-carols", safe=""))
        time.sleep(1)
        refusals = [entry["message"] for entry in browser.get_log("browser") if "frame-ancestors" in entry["message"]]
        assert refusals, "a page of another origin must not be able to show the logout answer"
        assert opens(stack, cookie), "another Entra session's logout leaves this one alone"

        browser.get(proxy.url + "/frame?src=" + urllib.parse.quote(logout + sid, safe=""))
        time.sleep(1)
        assert not [entry for entry in browser.get_log("browser") if "frame-ancestors" in entry["message"]]
        assert not opens(stack, cookie), "Entra's front-channel logout must end the session, with no cookie sent"
    finally:
        browser.quit()
        foreign.stop()
    assert "event=frontchannel_logout sessions=1" in stack.log("auth")


@pytest.fixture
def redis_pair(workdir, public):
    """Two sitegen-auth + nginx servers of one site on one Redis, as behind a load balancer."""
    redis = RedisServer(workdir / f"redis-{uuid.uuid4().hex[:8]}").start()
    first = Stack(state=workdir / f"node-a-{uuid.uuid4().hex[:8]}", public=public)
    first.auth_settings = {"session_store": redis.url}
    second = None
    try:
        first.start()
        second = Stack(
            state=workdir / f"node-b-{uuid.uuid4().hex[:8]}", public=public, provider_port=first.provider_port,
            runs_provider=False,
            auth_settings={
                "session_store": redis.url, "redirect_uri": first.base_url + "/.auth/callback",
                "cookie_secret": first.cookie_secret(),
            },
        )
        second.start()
        yield first, second, redis
    finally:
        if second is not None:
            second.stop()
        first.stop()
        redis.stop()


def test_two_servers_on_one_redis_share_every_session_and_sign_out(redis_pair, browser):
    first, second, _ = redis_pair
    sign_in(browser, first, "ann", "/finance/")
    cookie = session_cookie(browser)
    assert opens(second, cookie), "the other server accepts a session signed in here"
    browser.get(first.base_url + "/.auth/logout")
    wait(browser).until(lambda d: d.current_url.startswith(first.provider_url))
    assert not opens(second, cookie), "signed out on one server, dead on the other"


def test_a_stopped_redis_fails_protected_pages_closed_and_serves_public_ones(redis_pair, browser):
    first, _, redis = redis_pair
    sign_in(browser, first, "ann", "/finance/")
    cookie = session_cookie(browser)
    redis.stop()
    status, _ = fetch(first, f"/finance/?probe={uuid.uuid4().hex}", cookie)
    assert 500 <= status < 600, status
    status, body = fetch(first, "/", cookie)
    assert status == 200 and "Welcome" in body
    assert fetch(first, "/.auth/health")[0] == 503
    assert "event=session_store_unavailable" in first.log("auth")

    redis.start()
    assert opens(first, cookie), "the same session works again once Redis is back"
    assert fetch(first, "/.auth/health")[0] == 200
    assert "event=session_store_recovered" in first.log("auth")


def test_a_front_channel_logout_while_redis_is_stopped_is_applied_when_it_is_back(redis_pair, browser):
    first, second, redis = redis_pair
    sid = "entra-" + uuid.uuid4().hex
    carol = {
        "name": "Carol Diaz", "tid": "11111111-1111-4111-8111-111111111111",
        "oid": "cccccccc-0000-4000-8000-000000000003", "roles": ["Finance.Read"], "sid": sid,
    }
    request = urllib.request.Request(
        first.provider_url + "/users/carol", data=json.dumps(carol).encode(), method="PUT",
        headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()
    browser.get(first.base_url + "/finance/")
    wait_for_provider_sign_in(browser, first)
    browser.find_element(By.CSS_SELECTOR, "input[name='sub']").send_keys("carol")
    browser.find_element(By.CSS_SELECTOR, "form button[type='submit']:not([name])").click()
    wait(browser).until(lambda d: d.current_url == first.base_url + "/finance/")
    cookie = session_cookie(browser)
    assert opens(first, cookie) and opens(second, cookie)

    redis.stop()
    with urllib.request.urlopen(first.base_url + "/.auth/frontchannel-logout?sid=" + sid, timeout=10) as answer:
        assert answer.status == 200, "Entra's iframe gets its answer: Entra never calls again"
        assert "frame-ancestors" in answer.headers["Content-Security-Policy"]
    assert "event=frontchannel_logout_pending" in first.log("auth")
    assert (first.state / "cache" / "pending-logouts").read_text().count(sid) == 1

    redis.start()
    assert not opens(first, cookie), "the server that kept the logout refuses the session at once"
    deadline = time.monotonic() + 5
    while opens(second, cookie) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not opens(second, cookie), "and applies it to the shared store, so every server refuses it"
    assert "event=frontchannel_logout sessions=1 waited=yes" in first.log("auth")
    assert (first.state / "cache" / "pending-logouts").read_text() == ""
