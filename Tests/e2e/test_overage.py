"""Groups overage: Entra leaves `groups` out of the ID token of a reader in more than 200 groups, and sitegen-auth
reads them from Microsoft Graph (a small Graph of our own on loopback, graph_server.py) with the access token of the
same sign-in; Graph down at sign-in means an error page and no session, and trying again works."""

from __future__ import annotations

import urllib.request

import pytest
from selenium.webdriver.common.by import By

from graph_server import GraphServer
from pages import authorize_as, body_text, session_cookie, sign_in, wait
from stack import DEMO_USERS, Stack, free_port

BOARD_GROUP = "5c2a7e4d-9b1f-4e3a-8c6d-0f1e2d3c4b5a"  # the group of Tests/e2e/site/board/index.md
OTHER_GROUPS = [f"{n:08x}-2222-4000-8000-{n:012x}" for n in range(300)]
OVERAGE = {
    "_claim_names": {"groups": "src1"},
    "_claim_sources": {"src1": {"endpoint": "https://graph.microsoft.com/v1.0/users/x/getMemberObjects"}},
}
TENANT = DEMO_USERS[0]["tid"]
DANA = {"sub": "dana", "name": "Dana Park", "email": "dana@example.com", "preferred_username": "dana@example.com",
        "tid": TENANT, "oid": "dddddddd-0000-4000-8000-000000000004", "roles": [], **OVERAGE}
ELI = {"sub": "eli", "name": "Eli Moss", "email": "eli@example.com", "preferred_username": "eli@example.com",
       "tid": TENANT, "oid": "eeeeeeee-0000-4000-8000-000000000005", "roles": [], **OVERAGE}


@pytest.fixture(scope="module")
def graph():
    server = GraphServer({"dana": OTHER_GROUPS + [BOARD_GROUP], "eli": OTHER_GROUPS}).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def overage_stack(workdir, public, graph):
    stack = Stack(
        state=workdir / "state-overage", public=public, users=DEMO_USERS + [DANA, ELI],
        auth_settings={"graph_url": graph.url}, metrics_port=free_port(),
    ).start()
    graph.provider_url = stack.provider_url
    yield stack
    stack.stop()


def metric(stack: Stack, series: str) -> float:
    with urllib.request.urlopen(stack.metrics_url, timeout=5) as answer:
        for line in answer.read().decode().splitlines():
            if line.startswith(series + " "):
                return float(line.split(" ")[1])
    return 0.0


def test_a_member_in_too_many_groups_reads_the_group_page_and_a_non_member_gets_403(overage_stack, graph, browser):
    sign_in(browser, overage_stack, "dana", "/board/")
    assert "BOARD-CONTENT" in body_text(browser)
    assert {"sub": "dana"} in graph.calls, "the real access token of the sign-in reached Graph"

    browser.delete_all_cookies()
    sign_in(browser, overage_stack, "eli", "/guide/")
    browser.get(overage_stack.base_url + "/board/")
    assert "BOARD-CONTENT" not in body_text(browser)
    assert "Board.Read" in body_text(browser), "the 403 page names the access needed"
    assert metric(overage_stack, 'sitegen_auth_graph_calls_total{outcome="success"}') >= 2


def test_graph_down_at_sign_in_shows_an_error_page_starts_no_session_and_trying_again_works(
    overage_stack, graph, browser
):
    graph.stop()
    try:
        browser.get(overage_stack.base_url + "/board/")
        authorize_as(browser, overage_stack, "dana")
        wait(browser).until(lambda d: "Microsoft Graph" in body_text(d))
        assert "BOARD-CONTENT" not in body_text(browser)
        assert session_cookie(browser) is None, "no session that silently has no groups"
        assert metric(overage_stack, 'sitegen_auth_graph_calls_total{outcome="unreachable"}') == 1
        assert metric(overage_stack, 'sitegen_auth_sign_ins_total{outcome="graph_error"}') == 1
    finally:
        graph.start()
    browser.find_element(By.LINK_TEXT, "Try again").click()
    authorize_as(browser, overage_stack, "dana")
    wait(browser).until(lambda d: "BOARD-CONTENT" in body_text(d))
    assert session_cookie(browser) is not None
