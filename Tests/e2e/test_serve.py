"""`sitegen serve` in a real browser: an open tab follows edits by itself, a broken edit shows the errors over
the last good page while the server keeps running, and fixing it brings the page back."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from conftest import FIXTURE_SITE
from pages import body_text, wait
from stack import REPO, free_port, wait_for

SETUP_PAGE = "guide/setup.md"


def page_text(marker: str) -> str:
    return f"---\ntitle: Setup\n---\n# Setup\n\nThe setup page marker: {marker}.\n"


@pytest.fixture
def preview(tmp_path: Path):
    """`sitegen serve` over a copy of the fixture site, stopped (and checked to stop) at the end."""
    site = tmp_path / "site"
    shutil.copytree(FIXTURE_SITE, site)
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(
        [
            str(REPO / ".build" / "debug" / "sitegen"),
            "serve",
            "--site",
            str(site),
            "--templates",
            str(REPO / "templates"),
            "--port",
            str(port),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: status_of(base + "/") == 200, "sitegen serve to answer", timeout=60)
        yield site, base, process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def overlay_text(driver: WebDriver) -> str:
    found = driver.find_elements(By.ID, "sitegen-serve-overlay")
    return found[0].text if found else ""


def test_tab_follows_edits_and_shows_build_errors(preview, browser, artifacts):
    site, base, process = preview
    browser.get(base + "/guide/setup/")
    assert "GUIDE-SETUP-CONTENT" in body_text(browser)
    # A mark on the page's window survives only as long as no reload happens: it tells a reload from none.
    browser.execute_script("window.sitegenMark = 'before'")

    edited = f"LIVE-EDIT-{uuid.uuid4().hex[:8]}"
    (site / SETUP_PAGE).write_text(page_text(edited))
    wait(browser, 20).until(lambda d: edited in body_text(d))
    assert browser.current_url == base + "/guide/setup/"
    assert browser.execute_script("return window.sitegenMark") is None, "the tab reloaded by itself"

    (site / SETUP_PAGE).write_text("---\ntitle: Setup\nweight: heavy\n---\n# Setup\n\nBROKEN-EDIT.\n")
    wait(browser, 20).until(lambda d: "setup.md:3: front matter: 'weight' must be a number" in overlay_text(d))
    assert process.poll() is None, "the server keeps running after a broken edit"
    assert edited in body_text(browser) and "BROKEN-EDIT" not in body_text(browser)
    browser.save_screenshot(str(artifacts / "serve-build-error.png"))

    fixed = f"FIXED-{uuid.uuid4().hex[:8]}"
    (site / SETUP_PAGE).write_text(page_text(fixed))
    wait(browser, 20).until(lambda d: fixed in body_text(d) and not overlay_text(d))
    assert status_of(base + "/guide/setup/") == 200


def test_stops_on_interrupt_and_leaves_the_site_alone(preview):
    site, base, process = preview
    before = sorted(path.relative_to(site) for path in site.rglob("*"))
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=10) == 0
    assert sorted(path.relative_to(site) for path in site.rglob("*")) == before
    assert not (site.parent / "public").exists()
    time.sleep(0.2)
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(base + "/", timeout=2)


def test_a_misspelt_reader_is_refused_with_the_one_meant(tmp_path: Path):
    """Nothing starts: the error names the reader meant and shows serve's usage, not the top level's."""
    run = subprocess.run(
        [str(REPO / ".build" / "debug" / "sitegen"), "serve", "--site", str(FIXTURE_SITE), "--reader", "anonymus"],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
    )
    assert run.returncode == 64
    assert "'anonymus' names no reader (did you mean 'anonymous'?)" in run.stderr
    assert "Usage: sitegen serve " in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_site_folder_that_is_not_there_is_refused(tmp_path: Path):
    """Nothing to preview and nothing to save: the server does not start, and the error says what to pass."""
    run = subprocess.run(
        [str(REPO / ".build" / "debug" / "sitegen"), "serve", "--site", "nope", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
    )
    assert run.returncode == 1, run.stdout
    assert "there is no site folder 'nope'; pass --site DIR" in run.stderr
    assert "Serving" not in run.stdout
