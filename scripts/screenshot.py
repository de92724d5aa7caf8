#!/usr/bin/env python3
"""Screenshot a built site in headless Chromium, the way a reader sees it.

Serves a folder of built HTML (default: public/) on a free loopback port, with the same
Content-Security-Policy nginx applies in production, and saves PNGs of each chosen page at
desktop (1280x900) and phone (375x812) widths, in light and dark colour schemes, plus the
print stylesheet at desktop width and the phone menu opened. Browser console errors (a CSP
violation, a missing stylesheet) are reported and make the exit status 1.

    python3 scripts/screenshot.py public /tmp/shots
    python3 scripts/screenshot.py public /tmp/shots --page / --page /guide/setup/ --full-page

Needs: selenium (pip), Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import base64
import functools
import http.server
import sys
import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# Kept identical to the policy nginx sends, so an inline style or script shows up here first.
CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"

VIEWPORTS = {"desktop": (1280, 900), "mobile": (375, 812)}
SCHEMES = ("light", "dark")
DEFAULT_PAGE_LIMIT = 12


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler that adds the production CSP and keeps the terminal quiet."""

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("public", nargs="?", default="public", help="folder of built HTML (default: public)")
    parser.add_argument(
        "out",
        nargs="?",
        default=".e2e-artifacts/screenshots",
        help="folder for the PNGs (default: .e2e-artifacts/screenshots)",
    )
    parser.add_argument(
        "--page",
        action="append",
        dest="pages",
        metavar="PATH",
        help="URL path to capture, e.g. /guide/setup/ (repeatable; default: the home page, "
        f"up to {DEFAULT_PAGE_LIMIT} other pages, and 404.html)",
    )
    parser.add_argument("--all", action="store_true", help="capture every page of the site")
    parser.add_argument("--full-page", action="store_true", help="capture the whole page, not only the viewport")
    parser.add_argument("--no-print", action="store_true", help="skip the print-stylesheet screenshots")
    return parser.parse_args()


def discover_pages(public: Path, capture_all: bool) -> list[str]:
    """URL paths of the built pages: pretty-URL folders first by depth, then 404.html."""
    paths = []
    for index in public.rglob("index.html"):
        relative = index.parent.relative_to(public)
        if any(part.startswith(".") for part in relative.parts):
            continue
        paths.append("/" if str(relative) == "." else f"/{relative.as_posix()}/")
    paths.sort(key=lambda path: (path.count("/"), path))
    if not capture_all:
        paths = paths[: DEFAULT_PAGE_LIMIT + 1]
    if (public / "404.html").is_file():
        paths.append("/404.html")
    return paths


def file_stem(path: str) -> str:
    stem = path.strip("/").removesuffix(".html").replace("/", "-")
    return stem or "home"


def start_server(public: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=str(public))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, name="screenshot-server", daemon=True).start()
    return server


def start_browser() -> webdriver.Chrome:
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))


def emulate(driver: webdriver.Chrome, viewport: str, scheme: str, media: str = "") -> None:
    width, height = VIEWPORTS[viewport]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": viewport == "mobile"},
    )
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )


def save_png(driver: webdriver.Chrome, target: Path, full_page: bool) -> None:
    parameters: dict[str, object] = {"format": "png"}
    if full_page:
        width, height = driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        parameters["captureBeyondViewport"] = True
        parameters["clip"] = {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", parameters)
    target.write_bytes(base64.b64decode(shot["data"]))


def console_errors(driver: webdriver.Chrome) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def capture(driver: webdriver.Chrome, base: str, path: str, out: Path, options: argparse.Namespace) -> list[str]:
    """Saves every variant of one page; returns the console errors seen while doing so."""
    errors: list[str] = []
    stem = file_stem(path)
    variants = [(viewport, scheme, "") for viewport in VIEWPORTS for scheme in SCHEMES]
    if not options.no_print:
        variants.append(("desktop", "light", "print"))
    for viewport, scheme, media in variants:
        emulate(driver, viewport, scheme, media)
        driver.get(base + path)
        errors += console_errors(driver)
        save_png(driver, out / f"{stem}-{viewport}-{media or scheme}.png", options.full_page)
        if viewport == "mobile" and scheme == "light":
            toggles = driver.find_elements(By.CSS_SELECTOR, "label[for='nav-toggle']")
            if toggles and toggles[0].is_displayed():
                toggles[0].click()
                save_png(driver, out / f"{stem}-mobile-menu.png", False)
    return errors


def main() -> int:
    options = parse_arguments()
    public = Path(options.public)
    out = Path(options.out)
    if not (public / "index.html").is_file() and not options.pages:
        print(f"error: {public}/index.html not found; build the site first (sitegen build --output {public})")
        return 1
    out.mkdir(parents=True, exist_ok=True)
    pages = options.pages or discover_pages(public, options.all)

    server = start_server(public)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    failures = 0
    try:
        driver = start_browser()
        try:
            for path in pages:
                errors = capture(driver, base, path, out, options)
                status = "ok" if not errors else f"{len(errors)} console error(s)"
                print(f"{path}: {status}")
                for message in dict.fromkeys(errors):
                    print(f"    {message}")
                failures += bool(errors)
        finally:
            driver.quit()
    finally:
        server.shutdown()
        server.server_close()

    print(f"Saved screenshots of {len(pages)} page(s) to {out}/")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
