"""The authoring loop from the command line: sitegen new, the built-in theme and its overrides, and
highlighted code with its copy button in a browser, behind nginx's Content-Security-Policy."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pages import wait
from stack import REPO

SITEGEN = str(REPO / ".build" / "debug" / "sitegen")


def sitegen(*arguments: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([SITEGEN, *arguments], cwd=cwd, capture_output=True, text=True, check=False)


def test_new_site_builds_and_overrides_one_partial(workdir: Path):
    created = sitegen("new", "handbook", cwd=workdir)
    assert created.returncode == 0, created.stderr
    site = workdir / "handbook"
    built = sitegen("build", cwd=site)
    assert built.returncode == 0, built.stderr
    page = (site / "public" / "guide" / "first-page" / "index.html").read_text()
    assert '<span class="hl-keyword">def</span>' in page
    assert '<footer class="site-footer">' in page

    again = sitegen("new", "handbook", cwd=workdir)
    assert again.returncode == 1 and "is not empty" in again.stderr

    exported = sitegen("theme", "export", "templates", "partials/footer.mustache", cwd=site)
    assert exported.returncode == 0, exported.stderr
    refused = sitegen("theme", "export", "templates", "partials/footer.mustache", cwd=site)
    assert refused.returncode == 1 and "--force" in refused.stderr
    footer = site / "templates" / "partials" / "footer.mustache"
    footer.write_text('<footer class="my-footer">Our handbook</footer>\n')
    listing = sitegen("theme", "list", cwd=site).stdout
    assert re.search(r"^partials/footer\.mustache +templates/partials/footer\.mustache$", listing, re.M)
    assert re.search(r"^partials/nav\.mustache +built-in$", listing, re.M)

    rebuilt = sitegen("build", cwd=site)
    assert rebuilt.returncode == 0, rebuilt.stderr
    page = (site / "public" / "guide" / "first-page" / "index.html").read_text()
    assert '<footer class="my-footer">Our handbook</footer>' in page
    assert '<nav class="site-nav" aria-label="Site">' in page


def test_code_is_highlighted_and_copied_from_the_keyboard(stack, browser):
    browser.get(stack.base_url + "/")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".code-block .copy-button"))
    assert browser.find_element(By.CSS_SELECTOR, "pre code.language-bash .hl-extension").text == "curl"
    button = browser.find_element(By.CSS_SELECTOR, ".copy-button")
    for _ in range(40):
        if browser.switch_to.active_element == button:
            break
        browser.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.switch_to.active_element == button, "the copy button is reachable with Tab"
    button.send_keys(Keys.ENTER)
    status = browser.find_element(By.CSS_SELECTOR, "[role=status]")
    wait(browser).until(lambda d: status.get_attribute("textContent"))
    assert button.text in ("Copied", "Selected")
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], "no Content-Security-Policy violation or script error"
