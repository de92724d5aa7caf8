"""`sitegen build --watch`, the real binary over a copy of the fixture site: every save is published into the
output as a clean build would publish it (a page added to a section, an edit, a page removed, a new folder), a
broken edit leaves the output as it was and the watch goes on, and SIGTERM stops it."""

from __future__ import annotations

import filecmp
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from conftest import FIXTURE_SITE
from stack import REPO, wait_for

SITEGEN = REPO / ".build" / "debug" / "sitegen"


class Watch:
    """A running `sitegen build --watch` and its log."""

    def __init__(self, root: Path):
        self.site = root / "site"
        self.output = root / "public"
        self.log_path = root / "watch.log"
        shutil.copytree(FIXTURE_SITE, self.site)
        self.log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [str(SITEGEN), "build", "--watch", "--no-search", "--site", str(self.site), "--templates",
             str(REPO / "templates"), "--output", str(self.output)],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=root)

    def text(self) -> str:
        return self.log_path.read_text()

    def rebuilds(self) -> int:
        return self.text().count("Rebuilt in ") + self.text().count("Build failed")

    def save(self, files: dict[str, str | None]) -> None:
        """Writes (or, for None, removes) files of the site, then waits for the build that follows."""
        before = self.rebuilds()
        for path, text in files.items():
            target = self.site / path
            if text is None:
                target.unlink()
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text)
        wait_for(lambda: self.rebuilds() > before, "the watch to build again", timeout=60)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode


@pytest.fixture
def watch(tmp_path: Path):
    running = Watch(tmp_path)
    try:
        wait_for(lambda: "Watching " in running.text(), "the first build and the watch", timeout=120)
        yield running
    finally:
        running.stop()


def clean_build(site: Path, output: Path) -> None:
    subprocess.run(
        [str(SITEGEN), "build", "--no-search", "--site", str(site), "--templates", str(REPO / "templates"),
         "--output", str(output)],
        check=True, capture_output=True)


def differences(left: Path, right: Path) -> list[str]:
    """Paths that are in one folder only or differ in their bytes, the build cache's folder left out."""
    found = []
    comparison = filecmp.dircmp(left, right)
    pending = [(comparison, "")]
    while pending:
        current, prefix = pending.pop()
        found += [prefix + name for name in current.left_only + current.right_only]
        _, mismatch, errors = filecmp.cmpfiles(current.left, current.right, current.common_files, shallow=False)
        found += [prefix + name for name in mismatch + errors]
        pending += [(sub, prefix + name + "/") for name, sub in current.subdirs.items()]
    return sorted(found)


def test_every_save_is_published_as_a_clean_build_publishes_it(watch: Watch, tmp_path: Path):
    watch.save({"guide/added.md": "---\ntitle: Added while watching\n---\n\nA page added to the guide.\n"})
    added = watch.output / "guide" / "added" / "index.html"
    assert "A page added to the guide." in added.read_text()
    assert "Added while watching" in (watch.output / "guide" / "index.html").read_text(), "the section lists it"
    assert "guide/added.md" in watch.text()

    watch.save({"guide/setup.md": "---\ntitle: Setup\n---\n# Setup\n\nEdited while watching.\n"})
    assert "Edited while watching." in (watch.output / "guide" / "setup" / "index.html").read_text()

    watch.save({"guide/added.md": None})
    assert not added.exists() and not added.parent.exists()

    watch.save({"notes/first.md": "---\ntitle: Notes\n---\n\nIn a new folder.\n"})
    assert "In a new folder." in (watch.output / "notes" / "first" / "index.html").read_text()

    clean = tmp_path / "clean"
    clean_build(watch.site, clean)
    assert differences(watch.output, clean) == []
    assert watch.stop() == 0
    assert watch.text().rstrip().endswith("Stopped.")


def test_a_broken_save_leaves_the_output_as_it_was_and_the_watch_goes_on(watch: Watch):
    page = watch.output / "guide" / "setup" / "index.html"
    before = page.read_bytes()
    watch.save({"guide/setup.md": "---\ntitle: Setup\n---\n\n[A link to nowhere](missing.md)\n"})
    assert "missing.md" in watch.text() and "nothing was published" in watch.text()
    assert page.read_bytes() == before
    watch.save({"guide/setup.md": "---\ntitle: Setup\n---\n\nFixed while watching.\n"})
    assert "Fixed while watching." in page.read_text()
    assert watch.process.poll() is None
