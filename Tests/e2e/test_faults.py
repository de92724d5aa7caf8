"""What readers get when a part fails: sitegen-auth killed under load, the identity provider down, a build that
stops half-way (a full disk, a kill). Real nginx with the production snippet, the real binaries, loopback only."""

from __future__ import annotations

import collections
import http.client
import os
import random
import shutil
import signal
import subprocess
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import BIN_DIR, REPO, build_site, new_browser
from pages import authorize_as, body_text, sign_in, wait
from provider_faults import ProviderFaults
from scripted_sign_in import sign_in as scripted_sign_in
from stack import Stack, wait_for

CHECK_CACHE_SECONDS = 5


def get(stack: Stack, path: str, cookie: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", stack.http_port, timeout=10)
    try:
        connection.request("GET", path, headers={"Cookie": cookie})
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def test_killed_auth_handler_fails_closed_under_load_and_serves_again_after_restart(workdir, public):
    """SIGKILL under load: 5xx, never a page later than nginx's 5-second check cache allows, then pages again."""
    stack = Stack(state=workdir / "state-killed", public=public).start()
    stop = threading.Event()
    answers: list[tuple[float, float, str, int]] = []  # started, answered, path, status
    try:
        cookie = scripted_sign_in(
            stack.base_url + "/.auth/login?rd=/guide/", stack.base_url + "/guide/", stack.provider_url, "ann"
        )
        # The same four paths over and over (nginx may answer their checks from its cache), and new ones.
        paths = ["/guide/", "/guide/setup/", "/finance/", "/guide/diagram.png"]

        def load(number: int) -> None:
            count = 0
            while not stop.is_set():
                count += 1
                path = paths[count % 4] if count % 2 else f"{paths[count % 4]}?reader={number}-{count}"
                started = time.monotonic()
                try:
                    status, _ = get(stack, path, cookie)
                except OSError:
                    status = 0
                answers.append((started, time.monotonic(), path, status))

        readers = [threading.Thread(target=load, args=(number,)) for number in range(8)]
        for reader in readers:
            reader.start()
        time.sleep(2)
        killed_at = time.monotonic()
        stack.processes.pop("auth").kill()
        time.sleep(CHECK_CACHE_SECONDS + 2)
        restarted_at = time.monotonic()
        stack.start_auth()
        serving_again_at = time.monotonic()
        time.sleep(2)
        stop.set()
        for reader in readers:
            reader.join()

        # A request in flight at the kill may fail either way; one answered before it must have been served.
        before = [status for _, answered, _, status in answers if answered < killed_at]
        down = [
            (start - killed_at, path, status) for start, _, path, status in answers if killed_at <= start < restarted_at
        ]
        after = [status for start, _, _, status in answers if start > serving_again_at]
        assert before and all(status == 200 for status in before), collections.Counter(before)
        assert down, "no request was sent while sitegen-auth was down"
        late_pages = [answer for answer in down if answer[2] == 200 and answer[0] > CHECK_CACHE_SECONDS]
        assert not late_pages, f"pages served after the check cache ran out: {late_pages[:5]}"
        assert all(500 <= status < 600 for _, _, status in down if status != 200), sorted({s for _, _, s in down})
        assert any(500 <= status < 600 for _, _, status in down)
        assert after and all(status == 200 for status in after)
    finally:
        stop.set()
        stack.stop()


@pytest.mark.parametrize("failure", ["fail", "hang"])
def test_provider_down_shows_a_readable_sign_in_error_while_sessions_keep_working(workdir, public, failure):
    """The token endpoint fails or hangs (the sign-in pages still work): a reader who signs in gets sitegen-auth's
    error page within its 5-second timeout, not an endless wait; a reader already signed in reads on."""
    proxy = ProviderFaults()
    stack = Stack(state=workdir / f"state-provider-{failure}", public=public, proxy=proxy).start()
    reader = new_browser()
    newcomer = new_browser()
    try:
        sign_in(reader, stack, "ann", "/guide/")
        proxy.token_mode = failure
        newcomer.get(stack.base_url + "/finance/")
        started = time.monotonic()
        authorize_as(newcomer, stack, "bob")
        wait(newcomer, 15).until(lambda driver: "sign-in" in body_text(driver).lower())
        assert time.monotonic() - started < 8
        text = body_text(newcomer)
        assert "could not complete the sign-in" in text and "Correlation id" in text, text
        assert proxy.token_requests >= 1

        reader.get(stack.base_url + "/guide/setup/")
        assert "GUIDE-SETUP-CONTENT" in body_text(reader)
    finally:
        reader.quit()
        newcomer.quit()
        stack.stop()


def test_provider_unreachable_at_start_sessions_keep_working_and_sign_in_says_so(workdir, public):
    """The provider is gone and sitegen-auth restarts with no cached metadata: it still starts, a signed-in reader
    reads on (checks need no network), and a new reader gets a readable "unavailable" page at once."""
    stack = Stack(state=workdir / "state-provider-gone", public=public).start()
    reader = new_browser()
    try:
        sign_in(reader, stack, "ann", "/guide/")
        stack.terminate("provider")
        stack.stop_auth()
        shutil.rmtree(stack.state / "cache", ignore_errors=True)
        stack.start_auth()

        reader.get(stack.base_url + "/guide/setup/")
        assert "GUIDE-SETUP-CONTENT" in body_text(reader)
        started = time.monotonic()
        status, body = get(stack, "/.auth/login?rd=/finance/", "")
        assert time.monotonic() - started < 2
        assert status == 503 and b"Sign-in is unavailable" in body
    finally:
        reader.quit()
        stack.stop()


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@contextmanager
def small_disk(folder: Path, megabytes: int):
    """A tmpfs of `megabytes` at `folder`; yields None where mounting is not allowed (then the caller limits the
    build's file size instead)."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "sitegen-e2e", str(folder)], capture_output=True
    ).returncode == 0
    try:
        yield folder if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], check=False)


def limited_file_size(limit: int):
    """For a build started without a small disk: files may not grow past `limit` bytes, and writing past it fails
    with EFBIG instead of killing the process (SIGXFSZ ignored), as a full disk fails with ENOSPC."""

    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_build_that_runs_out_of_disk_leaves_the_published_site_byte_identical(workdir, site_source):
    source = workdir / "full-disk-site"
    shutil.copytree(site_source, source)
    with small_disk(workdir / "small-disk", megabytes=2) as disk:
        output = (disk or workdir / "full-disk-output") / "public"
        first = build_site(source, output)
        assert first.returncode == 0, first.stdout + first.stderr
        before = snapshot(output)
        # An image bigger than the room left: the build fails while writing the new site.
        (source / "guide" / "photo.png").write_bytes(random.Random(7).randbytes(3 * 1024 * 1024))
        result = subprocess.run(
            [str(BIN_DIR / "sitegen"), "build", "--site", str(source), "--templates", str(REPO / "templates"),
             "--output", str(output)],
            capture_output=True, text=True, preexec_fn=None if disk else limited_file_size(1024 * 1024),
        )
        assert result.returncode == 1, result.stdout + result.stderr
        assert "No space left on device" in result.stderr or "too large" in result.stderr.lower(), result.stderr
        assert snapshot(output) == before
        leftovers = [path.name for path in output.parent.iterdir() if path.name not in ("public", ".sitegen-cache")]
        assert not leftovers, "the failed build left its staging folder"

        # With room again, the next build publishes.
        (source / "guide" / "photo.png").unlink()
        again = build_site(source, output)
        assert again.returncode == 0, again.stdout + again.stderr
        assert snapshot(output) == before


def test_a_build_killed_half_way_leaves_the_published_site_byte_identical(workdir, site_source):
    """A build is killed (SIGKILL: no clean-up runs) while it writes its pages; the published site is untouched."""
    source = workdir / "killed-build-site"
    shutil.copytree(site_source, source)
    output = workdir / "killed-build" / "public"
    assert build_site(source, output).returncode == 0
    before = snapshot(output)
    for number in range(3000):
        page = source / "guide" / f"page-{number:04}.md"
        page.write_text(f"---\ntitle: Page {number}\n---\n# Page {number}\n\n" + "Lorem ipsum dolor sit amet. " * 40)
    build = subprocess.Popen(
        [str(BIN_DIR / "sitegen"), "build", "--site", str(source), "--templates", str(REPO / "templates"),
         "--output", str(output)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        # In place, the build writes into .public.sitegen-new/ beside the output; in a staging folder otherwise.
        wait_for(lambda: any(path.name.startswith((".public.tmp-", ".public.sitegen-new"))
                             for path in output.parent.iterdir()),
                 "the build to start writing", 60)
        time.sleep(0.2)
        build.send_signal(signal.SIGKILL)
        build.wait()
        assert build.returncode == -signal.SIGKILL, "the build finished before it could be killed"
    finally:
        if build.poll() is None:
            build.kill()
            build.wait()
    assert snapshot(output) == before
