"""The auth-side defects of the hardening review (issue 10), each reproduced end to end: real nginx with the
production snippet, the real sitegen-auth, the test provider. Each of these failed on the code before the fix
(SITEGEN_BIN_DIR pointed at a build of it; the history of BENCHMARKS.md has what each did there).

Requests that must reach sitegen-auth every time use a new query string: nginx keeps allowed answers for 5 s,
keyed on the URI and the Cookie header. Sign-in requests come from their own loopback addresses (127.0.0.x), as
different readers would, so nginx's limit of 5 sign-in requests a second per address does not pool them.
"""

from __future__ import annotations

import http.client
import os
import resource
import shutil
import socket
import stat
import threading
import time
import urllib.parse

import pytest

from conftest import build_site
from pages import body_text, sign_in
from provider_faults import ProviderFaults
from scripted_sign_in import CookieJar, request, until_callback
from scripted_sign_in import sign_in as scripted_sign_in
from stack import Stack, wait_for
from test_fastcgi import body_records, check_params, read_answer, request_records


def fetch(stack: Stack, path: str, headers: dict[str, str]) -> tuple[http.client.HTTPResponse, bytes]:
    """One GET with these headers, redirects not followed: the answer and its body."""
    connection = http.client.HTTPConnection("127.0.0.1", stack.http_port, timeout=10)
    try:
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        return answer, answer.read()
    finally:
        connection.close()


def get(stack: Stack, path: str, cookie: str = "") -> int:
    """The status of one request with this Cookie header, redirects not followed."""
    return fetch(stack, path, {"Cookie": cookie} if cookie else {})[0].status


def signed_in_cookie(stack: Stack, user: str, source: str) -> str:
    return scripted_sign_in(
        stack.base_url + "/.auth/login?rd=/guide/", stack.base_url + "/guide/", stack.provider_url, user, source
    )


def test_a_hanging_token_endpoint_never_slows_a_signed_in_readers_pages(workdir, public):
    """Defect 2: twelve sign-ins wait on a token endpoint that never answers; the check runs on other threads."""
    proxy = ProviderFaults()
    stack = Stack(state=workdir / "state-hanging-token", public=public, proxy=proxy).start()
    callbacks: list[threading.Thread] = []
    try:
        reader = signed_in_cookie(stack, "ann", "127.0.0.2")
        proxy.token_mode = "hang"
        for number in range(12):
            source = f"127.0.0.{20 + number}"
            jar, callback = until_callback(
                stack.base_url + "/.auth/login?rd=/guide/", stack.provider_url, "bob", source
            )
            thread = threading.Thread(
                target=lambda jar=jar, callback=callback, source=source: request(
                    jar, "GET", callback, source=source, timeout=60
                ),
                daemon=True,
            )
            thread.start()
            callbacks.append(thread)
        wait_for(lambda: proxy.held == 12, "12 callbacks waiting on the token endpoint", timeout=15)

        took = []
        for number in range(20):
            started = time.monotonic()
            assert get(stack, f"/guide/?load={number}", reader) == 200
            took.append(time.monotonic() - started)
        assert max(took) < 0.5, f"page loads took up to {max(took):.2f} s while sign-ins waited: {took}"
        assert proxy.held == 12, "the callbacks were no longer waiting while the pages loaded"
    finally:
        proxy.release()
        for thread in callbacks:
            thread.join(timeout=30)
        stack.stop()


def test_an_unusable_manifest_fails_closed_until_a_good_one_is_published(workdir, public):
    """Defect 3: a truncated access.json must not leave the previous rules in force."""
    site = workdir / "public-manifest"
    shutil.copytree(public, site)
    stack = Stack(state=workdir / "state-manifest", public=site).start()
    try:
        cookie = signed_in_cookie(stack, "ann", "127.0.0.3")
        manifest = site / ".sitegen" / "access.json"
        good = manifest.read_bytes()
        checks = [("/", ""), ("/osprey/visitors/", ""), ("/guide/", cookie), ("/finance/", cookie)]
        probe = iter(range(1_000_000))

        def statuses() -> list[int]:
            """Every path once, each with a new query string so nginx's check cache is never used; then health."""
            answers = [get(stack, f"{path}?probe={next(probe)}", cookie) for path, cookie in checks]
            return answers + [get(stack, "/.auth/health")]

        assert statuses() == [200, 200, 200, 200, 200]

        replace(manifest, good[: len(good) // 2])
        started = time.monotonic()
        wait_for(lambda: all(500 <= status < 600 for status in statuses()), "every path to fail closed", 5)
        assert time.monotonic() - started < 2.5
        assert statuses()[-1] == 503

        replace(manifest, good)
        started = time.monotonic()
        wait_for(lambda: statuses() == [200, 200, 200, 200, 200], "serving again after a good manifest", 5)
        assert time.monotonic() - started < 2.5
        assert stack.log("auth").count("manifest_rejected") == 1
    finally:
        stack.stop()


def replace(path, content: bytes) -> None:
    """As a publish does: a new file renamed over the old one."""
    staged = path.with_name(path.name + ".new")
    staged.write_bytes(content)
    os.replace(staged, path)


@pytest.mark.parametrize(
    "long_path",
    ["/guide/" + "x" * 2000, "/x" + '"' * 1020, "/x" + "/" * 1020],
    ids=["2 KB of letters", "1 KB of quotes", "1 KB of slashes"],
)
def test_sign_in_attempts_with_long_return_paths_cannot_grow_the_cookie_header_past_nginx(stack, long_path):
    """Defect 7, cookie bomb: sign-ins started with a long return path, as a hostile page could make a browser do,
    must leave a Cookie header nginx accepts (8 KiB per header line) and at most 3 sign-in cookies. Quotes and
    slashes are the characters JSON would escape into two bytes each inside the sealed sign-in cookie."""
    jar = CookieJar()
    origin = f"127.0.0.1:{stack.http_port}"
    for number in range(12):
        target = "/.auth/login?rd=" + urllib.parse.quote(f"{long_path}{number}", safe="")
        status, _, _ = request(jar, "GET", stack.base_url + target, source="127.0.0.4")
        assert status == 302, f"sign-in {number} answered {status}"
        time.sleep(0.21)
    status, _, body = request(jar, "GET", stack.base_url + "/", source="127.0.0.4")
    cookies = len(jar.header(origin))
    assert status == 200 and b"Welcome" in body, f"the home page answered {status} to {cookies} bytes of cookies"
    status, _, _ = request(jar, "GET", stack.base_url + "/guide/", source="127.0.0.4")
    assert status == 302, "a protected page must still send the reader to sign in, not answer 400"
    names = list(jar.cookies.get(origin, {}))
    assert len(names) <= 3, f"{len(names)} sign-in cookies: {names}"
    assert len(jar.header(origin)) < 8192


def test_the_listening_socket_admits_its_owner_and_group_only(stack):
    """Defect 7: anyone who can connect can ask sitegen-auth anything; the socket is 0660, not 0666."""
    assert stat.S_IMODE(os.stat(stack.socket_path).st_mode) == 0o660


def test_running_out_of_file_descriptors_loses_no_worker(workdir, public):
    """Defect 7: a failing accept (EMFILE) must not end a worker. sitegen-auth runs with 4 workers and room for
    one more open file (RLIMIT_NOFILE lowered on the running process), a flood of connections makes accepts fail,
    then the limit is lifted: all 4 workers must still be there, which 3 connections that send nothing (each
    holding a worker) and a 4th with a check show."""
    stack = Stack(state=workdir / "state-nofile", public=public, auth_arguments=["--workers", "4"]).start()
    try:
        pid = stack.processes["auth"].pid
        limits = resource.prlimit(pid, resource.RLIMIT_NOFILE)
        open_files = len(os.listdir(f"/proc/{pid}/fd"))
        resource.prlimit(pid, resource.RLIMIT_NOFILE, (open_files + 1, limits[1]))
        answered = flood(stack, threads=48, seconds=3)
        resource.prlimit(pid, resource.RLIMIT_NOFILE, limits)
        assert stack.processes["auth"].poll() is None, "sitegen-auth exited during the flood"
        assert answered > 0
        time.sleep(1.5)  # a worker backs off at most 1 s between failed accepts

        idle = []
        try:
            for _ in range(3):
                connection = socket.socket(socket.AF_UNIX)
                connection.connect(str(stack.socket_path))
                idle.append(connection)
            time.sleep(0.3)
            with socket.socket(socket.AF_UNIX) as connection:
                connection.settimeout(3)
                connection.connect(str(stack.socket_path))
                connection.sendall(request_records(check_params()) + body_records(b""))
                stdout, ended = read_answer(connection)
            assert ended and stdout.startswith(b"Status: 204"), "the fourth worker did not answer"
        finally:
            for connection in idle:
                connection.close()
    finally:
        stack.stop()


def flood(stack: Stack, threads: int, seconds: float) -> int:
    """Checks on the socket from `threads` threads at once for `seconds`; how many were answered."""
    deadline = time.monotonic() + seconds
    answered = [0] * threads

    def send(number: int) -> None:
        while time.monotonic() < deadline:
            try:
                with socket.socket(socket.AF_UNIX) as connection:
                    connection.settimeout(2)
                    connection.connect(str(stack.socket_path))
                    connection.sendall(request_records(check_params()) + body_records(b""))
                    _, ended = read_answer(connection)
                    answered[number] += ended
            except OSError:
                pass

    workers = [threading.Thread(target=send, args=(number,)) for number in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(answered)


def test_the_403_page_names_the_app_role_but_no_group_user_or_address(stack, browser):
    """Defect 7: the page a refused reader sees says what is needed without ids or e-mail addresses."""
    sign_in(browser, stack, "bob", "/guide/")
    browser.get(stack.base_url + "/board/")
    text = body_text(browser)
    assert "BOARD-CONTENT" not in text
    assert "Board.Read" in text
    named = ["5c2a7e4d-9b1f-4e3a-8c6d-0f1e2d3c4b5a", "cccccccc-0000-4000-8000-000000000003", "chair@acme.example"]
    for secret in named:
        assert secret not in browser.page_source, f"the 403 page shows {secret}"


def test_an_encoded_question_mark_reaches_no_endpoint(stack):
    """nginx decodes `%3F` into the path, so `/.auth/check%3F` misses the `internal` check location; sitegen-auth
    must not split that decoded path again at `?` and answer as the check (with the reader's identity headers and a
    path the client chose) or as the login and callback endpoints."""
    cookie = signed_in_cookie(stack, "bob", "127.0.0.5")
    targets = ["/.auth/check%3F", "/.auth/check%3Fx=1", "/.auth/login%3Frd=/board/", "/.auth/callback%3Fcode=c&state=s"]
    for target in targets:
        answer, _ = fetch(stack, target, {"Cookie": cookie, "X-Original-URI": "/board/"})
        assert answer.status == 404, f"{target} answered {answer.status}"
        assert not [name for name, _ in answer.getheaders() if name.lower().startswith("x-auth-")], target
    assert get(stack, "/.auth/check") == 404, "the check itself is internal"


@pytest.mark.parametrize("reader", ["anonymous", "bob"])
def test_a_page_made_restricted_is_never_served_with_its_new_text_under_its_old_rule(workdir, site_source, reader):
    """A public page rebuilt with new text and a role rule: `sitegen build` renames pages into place before the new
    manifest, and sitegen-auth reads a manifest about once a second, so without the stricter rules published first
    an anonymous reader got the new text for up to that second. A signed-in reader's allowed checks are also kept by
    nginx for 5 seconds (sitegen-auth-cache.conf), so the pages wait out that cache too: bob, who lacks the role,
    polls one address throughout, and every answer after the first of each 5 seconds comes from that cache."""
    source = workdir / f"site-stricter-{reader}"
    shutil.copytree(site_source, source)
    site = workdir / f"public-stricter-{reader}"
    assert build_site(source, site).returncode == 0
    stack = Stack(state=workdir / f"state-stricter-{reader}", public=site).start()
    cookie = "" if reader == "anonymous" else signed_in_cookie(stack, reader, "127.0.0.1")
    leaked: list[int] = []
    answers: list[int] = []
    done = threading.Event()

    def poll() -> None:
        probe = 0
        while not done.is_set():
            probe += 1
            path = f"/osprey/visitors/?probe={probe}" if reader == "anonymous" else "/osprey/visitors/"
            answer, body = fetch(stack, path, {"Cookie": cookie} if cookie else {})
            answers.append(answer.status)
            if answer.status == 200 and b"MOVED-TO-THE-BOARD" in body:
                leaked.append(probe)

    try:
        assert get(stack, "/osprey/visitors/", cookie) == 200
        page = source / "osprey" / "visitors.md"
        page.write_text(
            page.read_text().replace("access: public", "access: { roles: [Board.Read] }")
            + "\nMOVED-TO-THE-BOARD: the board's own notes.\n"
        )
        poller = threading.Thread(target=poll)
        poller.start()
        try:
            result = build_site(source, site)
            time.sleep(1.5)
        finally:
            done.set()
            poller.join()
        assert result.returncode == 0, result.stdout + result.stderr
        assert answers.count(200) > 10, "the page was readable while the build ran"
        assert not leaked, f"{len(leaked)} answers to {reader} held the new text"
        assert "An access rule got stricter" in result.stdout
        assert get(stack, "/osprey/visitors/?after", cookie) == (302 if reader == "anonymous" else 403)
    finally:
        stack.stop()
