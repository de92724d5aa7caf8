"""The built-in theme in a real browser: an axe-core 4 audit of every page of the guide (site/) in light and dark
mode, and screenshots of callouts, math and a diagram in both modes, kept in .e2e-artifacts/ to look at.

The guide is built with the theme of this repository and served as files; axe runs the WCAG 2.1 A and AA rules
and its best practices, and any serious or critical violation fails, listed by page and rule.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from axe_core_python.selenium import Axe

from conftest import build_site, new_browser
from stack import REPO

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
MODES = ["light", "dark"]

SHOWCASE = """---
title: Showcase
---
> [!WARNING]
> Mind the gap between $e^{i\\pi}+1=0$ and the platform.

Fares: $\\boxed{2}$, $\\cancel{3}$ and $\\fcolorbox{red}{yellow}{4}$.

$$
\\begin{aligned} a + b + c &= d \\\\ x &= y + z + w \\end{aligned}
$$

Stacked: $\\overset{!}{=}$ and $\\begin{vmatrix} a \\\\ b \\end{vmatrix}$.

!!! tip "Keep going"
    The next train is in $$\\sum_{k=1}^{3} k$$ minutes.

```dot
digraph Line {
  rankdir=LR
  node [shape=box]
  Platform -> Train -> Depot
}
```

Trains run every ten minutes.[^1]

[Timetable](index.md){ .md-button } [Tickets](index.md){: .btn .btn-primary }

Mind the gap
{: .fs-9 .fw-300 }

[^1]: On weekdays.
"""


class Served:
    """A folder served over HTTP on a free port, in a thread."""

    def __init__(self, folder: Path):
        handler = functools.partial(QuietHandler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


# The production snippet's Content-Security-Policy, which every page is served with here too.
POLICY = re.search(
    r'add_header Content-Security-Policy "([^"]+)"', (REPO / "deploy" / "nginx" / "sitegen-auth.conf").read_text()
).group(1)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Content-Security-Policy", POLICY)
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 (the name http.server gives it)
        pass


def set_mode(driver, mode: str):
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": mode}]}
    )


@pytest.fixture(scope="module")
def guide(tmp_path_factory):
    output = tmp_path_factory.mktemp("guide") / "public"
    result = build_site(REPO / "site", output)
    assert result.returncode == 0, result.stdout + result.stderr
    served = Served(output)
    yield output, served.base
    served.stop()


def guide_pages(output: Path) -> list[str]:
    pages = []
    for path in output.rglob("index.html"):
        relative = path.parent.relative_to(output)
        if any(part.startswith(("_", ".")) for part in relative.parts):
            continue
        pages.append("/" if relative == Path(".") else f"/{quote(relative.as_posix())}/")
    return sorted(pages) + ["/404.html"]


def test_every_guide_page_passes_axe_in_light_and_dark_mode(guide):
    output, base = guide
    pages = guide_pages(output)
    assert len(pages) > 30 and "/writing/callouts/" in pages and "/writing/math/" in pages
    axe = Axe()
    driver = new_browser()
    found = []
    try:
        for mode in MODES:
            set_mode(driver, mode)
            for page in pages:
                driver.get(base + page)
                results = axe.run(driver, options={"runOnly": {"type": "tag", "values": AXE_TAGS}})
                assert results["testEngine"]["version"].startswith("4."), results["testEngine"]
                for violation in results["violations"]:
                    if violation["impact"] in ("serious", "critical"):
                        targets = [node["target"] for node in violation["nodes"]][:3]
                        found.append(f"{mode} {page}: {violation['id']} ({violation['impact']}) {targets}")
    finally:
        driver.quit()
    assert found == [], "\n".join(found)


def test_callouts_math_and_a_diagram_in_light_and_dark_mode(tmp_path, artifacts):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.md").write_text("# Home\n")
    (site / "showcase.md").write_text(SHOWCASE)
    output = tmp_path / "public"
    result = build_site(site, output)
    assert result.returncode == 0, result.stdout + result.stderr
    served = Served(output)
    driver = new_browser(console_logs=True)
    seen = {}
    try:
        for mode in MODES:
            set_mode(driver, mode)
            driver.get(served.base + "/showcase/")
            seen[mode] = driver.execute_script(
                """const style = (selector, pseudo) => getComputedStyle(document.querySelector(selector), pseudo);
                const box = (selector) => document.querySelector(selector).getBoundingClientRect();
                return {
                  text: getComputedStyle(document.body).color,
                  background: getComputedStyle(document.body).backgroundColor,
                  warning: style('.callout-warning .callout-title').color,
                  tip: style('.callout-tip .callout-title').color,
                  icon: box('.callout-warning .callout-title').height > 0
                    && parseFloat(style('.callout-warning .callout-title', '::before').width) > 0,
                  diagramText: style('.diagram text').fill,
                  math: [...document.querySelectorAll('math')].map((m) => m.getBoundingClientRect().height),
                  footnoteBorder: style('a[data-footnote-ref]').borderTopWidth,
                  buttons: ['a.md-button', 'a.btn', 'a.btn-primary'].map((s) => style(s).borderTopWidth),
                  primary: style('a.btn-primary').backgroundColor,
                  large: parseFloat(style('p.fs-9').fontSize) / parseFloat(getComputedStyle(document.body).fontSize),
                  light: style('p.fs-9').fontWeight,
                  boxed: [style('.math-enclose-box').borderTopWidth, style('.math-enclose-box').borderTopColor],
                  cancelled: style('.math-enclose-updiagonalstrike').backgroundImage,
                  frame: style('.math-fcolorbox').backgroundColor,
                  filled: style('.math-colorbox').backgroundColor,
                  framed: box('.math-fcolorbox').width - box('.math-colorbox').width,
                  equals: [...document.querySelectorAll('mtable mo')].filter((mo) => mo.textContent === '=')
                    .map((mo) => Math.round(mo.getBoundingClientRect().left)),
                  stacked: (() => {
                    const stack = [...document.querySelectorAll('mover')].find((mover) => mover.textContent === '=!');
                    const [equals, mark] = [...stack.children].map((child) => child.getBoundingClientRect());
                    return mark.bottom <= equals.top + 1;
                  })(),
                  fence: box('mo[fence="true"]').height / box('mtd mi').height,
                  leftSides: [...document.querySelectorAll('mtr:has(> mtd.math-align-right)')]
                    .map((row) => Math.round(row.firstElementChild.firstElementChild.getBoundingClientRect().right)),
                };"""
            )
            logged = driver.get_log("browser")
            refused = [entry["message"] for entry in logged if "Content Security" in entry["message"]]
            assert not refused, refused
            driver.save_screenshot(str(artifacts / f"writing-features-{mode}.png"))
    finally:
        driver.quit()
        served.stop()
    light, dark = seen["light"], seen["dark"]
    assert light["background"] != dark["background"], "the dark mode is on"
    for mode in (light, dark):
        assert mode["icon"], "the callout title has its icon"
        assert mode["warning"] != mode["tip"], "kinds have their colours"
        assert mode["diagramText"] == mode["text"], "the diagram's text follows the theme"
        assert len(mode["math"]) == 8 and all(height > 5 for height in mode["math"]), mode["math"]
        width, colour = mode["boxed"]
        assert float(width[:-2]) > 0 and colour == mode["text"], "\\boxed is framed in the text's colour"
        assert mode["cancelled"].startswith("linear-gradient"), "\\cancel is struck through"
        assert (mode["frame"], mode["filled"]) == ("rgb(255, 0, 0)", "rgb(255, 255, 0)"), "\\fcolorbox's colours"
        assert mode["framed"] > 0, "the frame shows around the coloured box"
        assert len(mode["equals"]) == 2 and len(set(mode["equals"])) == 1, f"aligned's = line up: {mode['equals']}"
        assert mode["stacked"], "\\overset's mark stands above the ="
        assert mode["fence"] > 1.5, f"a matrix's bars stretch over its rows: {mode['fence']:.2f} times a letter"
        assert len(set(mode["leftSides"])) == 1, f"the left sides end together: {mode['leftSides']}"
        assert mode["footnoteBorder"] == "0px", "a footnote's number is no button"
        assert mode["buttons"] == ["2px"] * 3, "MkDocs Material's and Just the Docs's buttons are drawn as buttons"
        assert mode["primary"] != mode["background"], "a primary button is filled"
        assert mode["large"] > 1.8 and mode["light"] == "300", "Just the Docs's type classes size and weigh text"
    assert light["warning"] != dark["warning"] and light["diagramText"] != dark["diagramText"]
