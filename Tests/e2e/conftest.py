"""Fixtures for the end-to-end tests: a built fixture site, the running stack, a headless browser."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from stack import BIN_DIR, REPO, Stack

FIXTURE_SITE = Path(__file__).parent / "site"
ARTIFACTS = REPO / ".e2e-artifacts"


def build_site(site: Path, output: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            str(BIN_DIR / "sitegen"),
            "build",
            "--site",
            str(site),
            "--templates",
            str(REPO / "templates"),
            "--output",
            str(output),
        ],
        capture_output=True,
        text=True,
        check=False,
    )


def build_without_includes(folder: Path) -> Path:
    """The fixture site built for servers that run no nginx SSI (`[server] includes = "none"`) into folder/public."""
    source = folder / "site"
    shutil.copytree(FIXTURE_SITE, source)
    with (source / "site.toml").open("a") as toml:
        toml.write('\n[server]\nincludes = "none"\n')
    output = folder / "public"
    result = build_site(source, output)
    assert result.returncode == 0, result.stdout + result.stderr
    return output


@pytest.fixture(scope="session")
def workdir():
    folder = Path(tempfile.mkdtemp(prefix="sitegen-e2e-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def site_source(workdir: Path) -> Path:
    """A copy of the fixture site that tests may edit and rebuild."""
    source = workdir / "site"
    shutil.copytree(FIXTURE_SITE, source)
    return source


@pytest.fixture(scope="session")
def public(workdir: Path, site_source: Path) -> Path:
    output = workdir / "public"
    result = build_site(site_source, output)
    assert result.returncode == 0, result.stdout + result.stderr
    return output


@pytest.fixture(scope="session")
def none_public(workdir: Path) -> Path:
    """The fixture site as built for Apache without mod_include, lighttpd, Caddy and Traefik."""
    folder = workdir / "none"
    folder.mkdir()
    return build_without_includes(folder)


@pytest.fixture(scope="session")
def stack(workdir: Path, public: Path):
    running = Stack(state=workdir / "state", public=public).start()
    yield running
    running.stop()


def new_browser(console_logs: bool = False) -> webdriver.Chrome:
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    if console_logs:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    return driver


@pytest.fixture
def browser():
    driver = new_browser()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
