"""The authoring loop from the command line: sitegen new, the built-in theme and its overrides, and
highlighted code with its copy button and GitHub's images for one colour scheme in a browser, under the
Content-Security-Policy nginx sends."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import shutil
import struct
import subprocess
import tempfile
import threading
import zlib
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import new_browser
from pages import wait
from stack import REPO

SITEGEN = str(REPO / ".build" / "debug" / "sitegen")
CSP = re.search(r'Content-Security-Policy "([^"]+)"', (REPO / "deploy" / "nginx" / "sitegen-auth.conf").read_text()).group(1)


def sitegen(*arguments: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([SITEGEN, *arguments], cwd=cwd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def new_site(workdir: Path) -> Path:
    """A site made by `sitegen new` and built as it is."""
    created = sitegen("new", "handbook", cwd=workdir)
    assert created.returncode == 0, created.stderr
    built = sitegen("build", cwd=workdir / "handbook")
    assert built.returncode == 0, built.stderr
    return workdir / "handbook"


class PolicyHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the production Content-Security-Policy, so an inline script or style fails here."""

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serving(folder: Path):
    """`folder` served on a loopback port with the production policy, at the address yielded."""
    handler = functools.partial(PolicyHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def served(new_site: Path):
    with serving(new_site / "public") as address:
        yield address


def test_new_site_builds_and_overrides_one_partial(workdir: Path, new_site: Path):
    page = (new_site / "public" / "guide" / "first-page" / "index.html").read_text()
    assert '<span class="hl-kw">def</span>' in page
    assert '<footer class="site-footer">' in page

    again = sitegen("new", "handbook", cwd=workdir)
    assert again.returncode == 1 and "is not empty" in again.stderr

    exported = sitegen("theme", "export", "templates", "partials/footer.mustache", cwd=new_site)
    assert exported.returncode == 0, exported.stderr
    refused = sitegen("theme", "export", "templates", "partials/footer.mustache", cwd=new_site)
    assert refused.returncode == 1 and "--force" in refused.stderr
    footer = new_site / "templates" / "partials" / "footer.mustache"
    footer.write_text('<footer class="my-footer">Our handbook</footer>\n')
    listing = sitegen("theme", "list", cwd=new_site).stdout
    assert re.search(r"^partials/footer\.mustache +templates/partials/footer\.mustache$", listing, re.M)
    assert re.search(r"^partials/nav\.mustache +built-in$", listing, re.M)

    rebuilt = sitegen("build", cwd=new_site)
    assert rebuilt.returncode == 0, rebuilt.stderr
    page = (new_site / "public" / "guide" / "first-page" / "index.html").read_text()
    assert '<footer class="my-footer">Our handbook</footer>' in page
    assert '<nav class="site-nav" aria-label="Site">' in page
    footer.unlink()
    assert sitegen("build", cwd=new_site).returncode == 0


@pytest.fixture
def logging_browser():
    driver = new_browser(console_logs=True)
    yield driver
    driver.quit()


def test_code_is_highlighted_and_copied_from_the_keyboard(served: str, logging_browser):
    browser = logging_browser
    browser.get(served + "/guide/first-page/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".code-block .copy-button"))
    assert browser.find_element(By.CSS_SELECTOR, "pre code.language-python .hl-kw").text == "def"
    button = browser.find_element(By.CSS_SELECTOR, ".copy-button")
    for _ in range(60):
        if browser.switch_to.active_element == button:
            break
        browser.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.switch_to.active_element == button, "the copy button is reachable with Tab"
    button.send_keys(Keys.ENTER)
    status = browser.find_element(By.CSS_SELECTOR, "body > [role=status]")
    wait(browser).until(lambda d: status.get_attribute("textContent"))
    assert button.text in ("Copied", "Selected")
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], "no Content-Security-Policy violation or script error"


def _png(red: int, green: int, blue: int) -> bytes:
    """An 8 × 8 image of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + bytes((red, green, blue)) * 8 for _ in range(8))
    header = struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.fixture(scope="module")
def themed_images(workdir: Path):
    """A README as GitHub shows it, with a logo for each colour scheme, built and served."""
    folder = workdir / "themed-images"
    (folder / "site").mkdir(parents=True)
    (folder / "site" / "light.png").write_bytes(_png(255, 255, 255))
    (folder / "site" / "dark.png").write_bytes(_png(0, 0, 0))
    (folder / "site" / "README.md").write_text(
        "# Logos\n\n![Light logo](light.png#gh-light-mode-only)\n![Dark logo](dark.png#gh-dark-mode-only)\n"
        '\n<img src="dark.png#gh-dark-mode-only" alt="Dark logo in HTML">\n\n![Both](light.png)\n'
    )
    built = sitegen("build", cwd=folder)
    assert built.returncode == 0, built.stderr
    with serving(folder / "public") as address:
        yield address + "/"


@pytest.mark.parametrize(
    ("media", "scheme", "shown"),
    [
        ("screen", "light", {"Light logo", "Both"}),
        ("screen", "dark", {"Dark logo", "Dark logo in HTML", "Both"}),
        ("print", "dark", {"Light logo", "Both"}),
    ],
)
def test_github_images_for_one_colour_scheme_show_in_it_alone(themed_images: str, media, scheme, shown):
    browser = new_browser()
    try:
        browser.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]},
        )
        browser.get(themed_images)
        images = browser.find_elements(By.CSS_SELECTOR, "main img")
        assert len(images) == 4
        assert {image.get_attribute("alt") for image in images if image.is_displayed()} == shown
    finally:
        browser.quit()


@pytest.fixture
def builders_site():
    """A site in a folder of its own that the build may write to; as root, owned by nobody, who builds it."""
    with tempfile.TemporaryDirectory(prefix="sitegen-unreadable-") as folder:
        site = Path(folder)
        site.chmod(0o755)
        (site / "site" / "team" / "private").mkdir(parents=True)
        (site / "site" / "index.md").write_text("# Home\n")
        (site / "site" / "team" / "private" / "plans.md").write_text("# Plans\n")
        if os.geteuid() == 0:
            for parent, names, files in os.walk(site):
                for path in [Path(parent), *(Path(parent) / name for name in names + files)]:
                    shutil.chown(path, "nobody", "nogroup")
        yield site
        for parent, names, _ in os.walk(site):
            for name in names:
                (Path(parent) / name).chmod(0o755)


def test_a_folder_that_cannot_be_read_is_named_and_nothing_is_published(builders_site: Path):
    """Root reads every folder, so as root the build runs as nobody, who may not read the folder."""
    as_builder = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] if os.geteuid() == 0 else []
    build = [*as_builder, SITEGEN, "build"]
    built = subprocess.run(build, cwd=builders_site, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    published = (builders_site / "public" / "index.html").read_bytes()

    (builders_site / "site" / "index.md").write_text("# Home, edited\n")
    (builders_site / "site" / "team" / "private").chmod(0)
    failed = subprocess.run(build, cwd=builders_site, capture_output=True, text=True, check=False)
    assert failed.returncode == 1
    assert failed.stderr.startswith(
        "site/team/private: content: cannot read this folder (Permission denied), so its pages and files cannot be "
        "published; check who may read it"
    ), failed.stderr
    assert (builders_site / "public" / "index.html").read_bytes() == published, "the published site stays as it was"

    (builders_site / "site").chmod(0)
    failed = subprocess.run(build, cwd=builders_site, capture_output=True, text=True, check=False)
    assert failed.returncode == 1
    assert failed.stderr.startswith("content: cannot read the site folder 'site' (Permission denied)"), failed.stderr
