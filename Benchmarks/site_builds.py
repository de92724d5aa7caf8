"""Site builds of one corpus by sitegen, Hugo and MkDocs Material, and sitegen's rebuilds.

Every full build starts from nothing: no output folder and no build cache of the tool (sitegen's
`.sitegen-cache/` beside its output, Hugo's cache folder and `resources/`). Runs of the three tools are
interleaved, so a change of background load on a shared machine touches all of them alike.
Times come from GNU time: wall clock, user + system CPU, and peak resident set size.
"""

from __future__ import annotations

import os
import shutil
import statistics
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from corpus import first_page
from quiet import QuietGate


@dataclass
class Run:
    wall: float
    cpu: float
    rss_mb: float


@dataclass
class Series:
    """The runs of one tool (or one rebuild kind) on one corpus; the median run speaks for it."""

    runs: list[Run] = field(default_factory=list)

    @property
    def wall(self) -> float:
        return statistics.median(run.wall for run in self.runs)

    @property
    def cpu(self) -> float:
        return statistics.median(run.cpu for run in self.runs)

    @property
    def rss_mb(self) -> float:
        return statistics.median(run.rss_mb for run in self.runs)


def timed(command: list[str], env: dict[str, str] | None = None) -> Run:
    """Runs `command` under GNU time. It gets a process group of its own, and on Ctrl-C or SIGTERM the whole
    group is killed: killing `time` alone would leave the build it runs going."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        process = subprocess.Popen(
            ["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name, *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
            start_new_session=True,
        )
        try:
            stdout, stderr = process.communicate()
        except BaseException:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise
        if process.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{stdout[-3000:]}{stderr[-3000:]}")
        wall, user, system, rss_kb = report.read().split()[-4:]
    return Run(wall=float(wall), cpu=float(user) + float(system), rss_mb=int(rss_kb) / 1024)


def count_pages(output: Path) -> int:
    return sum(1 for _ in output.rglob("index.html"))


class Builders:
    """The three tools on one corpus folder written by corpus.py; outputs go to `work`."""

    def __init__(self, corpus: Path, work: Path, sitegen: Path, venv_bin: Path) -> None:
        self.corpus = corpus
        self.work = work
        self.sitegen_binary = sitegen
        self.venv_bin = venv_bin

    @property
    def sitegen_output(self) -> Path:
        return self.output(search=False)

    def output(self, search: bool) -> Path:
        """Where sitegen builds, with or without the search index: separate folders, each with its build cache."""
        return self.work / ("sitegen-search" if search else "sitegen") / "public"

    def sitegen(self, clean: bool = True, search: bool = False) -> Run:
        """A build of the sitegen layout; without the search index unless `search` (Hugo builds none; search.py
        measures sitegen's with and without it). Builds with and without search use separate output folders."""
        output = self.output(search)
        if clean:
            shutil.rmtree(output.parent, ignore_errors=True)
        output.parent.mkdir(parents=True, exist_ok=True)
        command = [str(self.sitegen_binary), "build", "--site", str(self.corpus / "sitegen"), "--output", str(output)]
        return timed(command + ([] if search else ["--no-search"]))

    def hugo(self) -> Run:
        for folder in [self.work / "hugo", self.work / "hugo-cache", self.corpus / "hugo" / "resources"]:
            shutil.rmtree(folder, ignore_errors=True)
        return timed(
            [
                "hugo",
                "--quiet",
                "--source",
                str(self.corpus / "hugo"),
                "--destination",
                str(self.work / "hugo"),
                "--cacheDir",
                str(self.work / "hugo-cache"),
            ]
        )

    def mkdocs(self) -> Run:
        shutil.rmtree(self.work / "mkdocs", ignore_errors=True)
        return timed(
            [
                str(self.venv_bin / "mkdocs"),
                "build",
                "--quiet",
                "--config-file",
                str(self.corpus / "mkdocs" / "mkdocs.yml"),
                "--site-dir",
                str(self.work / "mkdocs"),
            ],
            env={"NO_MKDOCS_2_WARNING": "1"},
        )

    def outputs(self) -> dict[str, Path]:
        return {"sitegen": self.sitegen_output, "hugo": self.work / "hugo", "mkdocs": self.work / "mkdocs"}


@dataclass
class BuildResults:
    pages: int
    full: dict[str, Series]
    noop: Series
    edit: Series
    pages_written: dict[str, int]

    def ratio(self, tool: str, attribute: str) -> float:
        """Median over runs of the tool's value over Hugo's in the same run (runs are interleaved)."""
        pairs = zip(self.full[tool].runs, self.full["hugo"].runs)
        return statistics.median(getattr(run, attribute) / getattr(hugo, attribute) for run, hugo in pairs)


def edit_one_page(corpus: Path, number: int) -> None:
    """Appends a paragraph to one content page of the sitegen layout, a different text each time."""
    with first_page(corpus).open("a") as file:
        file.write(f"\nEdited for rebuild number {number}: one more sentence to render.\n")


def run(builders: Builders, pages: int, runs: int, mkdocs_runs: int, gate: QuietGate, log) -> BuildResults:
    full = {"sitegen": Series(), "hugo": Series(), "mkdocs": Series()}
    for number in range(runs):
        for tool in ["sitegen", "hugo", "mkdocs"]:
            if tool == "mkdocs" and number >= mkdocs_runs:
                continue
            gate.wait()
            result = getattr(builders, tool)()
            full[tool].runs.append(result)
            log(f"  {pages} pages, {tool} full build {number + 1}: {result.wall:.1f} s wall, {result.cpu:.1f} s CPU, "
                f"{result.rss_mb:.0f} MB")
    written = {tool: count_pages(output) for tool, output in builders.outputs().items()}
    noop, edit = Series(), Series()
    for number in range(runs):
        gate.wait()
        noop.runs.append(builders.sitegen(clean=False))
        edit_one_page(builders.corpus, number)
        gate.wait()
        edit.runs.append(builders.sitegen(clean=False))
        log(f"  {pages} pages, sitegen no-op rebuild {noop.runs[-1].wall:.2f} s, "
            f"one-page edit {edit.runs[-1].wall:.2f} s")
    return BuildResults(pages=pages, full=full, noop=noop, edit=edit, pages_written=written)
