#!/usr/bin/env python3
"""Writes one deterministic documentation corpus in three layouts: sitegen, Hugo and MkDocs Material.

    python3 Benchmarks/corpus.py --pages 1000 --out Benchmarks/.work/corpus-1000

gives corpus-1000/sitegen (site.toml + Markdown), corpus-1000/hugo (config, content/, layouts/) and
corpus-1000/mkdocs (mkdocs.yml + docs/), with the same pages, front matter, headings and links.
Every link points at a page that exists and every `#anchor` at a heading that exists, with
GitHub-style heading ids, because sitegen fails a build on a broken link or anchor.

Shape: sections nested with ten subsections per level, as deep as needed for about ten pages per
innermost section (1,000 pages → two levels, 10,000 → three); every section has an index page.
`--wide 5000,1000` adds top-level sections of that many pages each (`wide-5000/`, `wide-1000/`), counted
in `--pages`: the wide-section corpus is `--pages 20000 --wide 5000,1000`.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from corpus_layouts import write_hugo, write_mkdocs, write_sitegen
from corpus_pages import Corpus


def first_page(corpus: Path) -> Path:
    """The first content page (not a section's index.md), in path order, of the sitegen layout in `corpus`: a page
    of a section three levels down, the page the benchmarks request and edit."""
    return next(path for path in sorted((corpus / "sitegen").rglob("*.md")) if path.name != "index.md")


def first_page_url(corpus: Path) -> str:
    """The URL of `first_page(corpus)`."""
    return "/" + first_page(corpus).relative_to(corpus / "sitegen").with_suffix("").as_posix() + "/"


def write_corpus(
    pages: int, out: Path, seed: int = 6, layouts: tuple[str, ...] = ("sitegen", "hugo", "mkdocs"),
    wide: tuple[int, ...] = (),
) -> str:
    """Writes the corpus into out/<layout>/ for each layout; returns a one-line description."""
    corpus = Corpus(pages, seed, wide)
    writers = {"sitegen": write_sitegen, "hugo": write_hugo, "mkdocs": write_mkdocs}
    for layout in layouts:
        target = out / layout
        if target.exists():
            shutil.rmtree(target)
        writers[layout](corpus, target)
    size = sum(len(page.body) for page in corpus.pages)
    return f"{len(corpus.pages):,} pages in {len(corpus.sections):,} sections, {size // 1024:,} KiB of Markdown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, required=True, help="number of pages, section index pages included")
    parser.add_argument("--out", type=Path, required=True, help="folder to write sitegen/, hugo/ and mkdocs/ into")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--layouts", default="sitegen,hugo,mkdocs", help="comma-separated subset to write")
    parser.add_argument("--wide", default="", help="comma-separated sizes of wide top-level sections to add")
    arguments = parser.parse_args()
    wide = tuple(int(size) for size in arguments.wide.split(",") if size)
    summary = write_corpus(
        arguments.pages, arguments.out, arguments.seed, tuple(arguments.layouts.split(",")), wide)
    print(f"{summary} → {arguments.out}")


if __name__ == "__main__":
    main()
