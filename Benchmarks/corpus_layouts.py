"""Writes a planned corpus as each tool reads it: sitegen (site.toml + Markdown), Hugo (config, content/,
layouts/) and MkDocs Material (mkdocs.yml + docs/)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from corpus_pages import Corpus, Page


def front_matter(page: Page, extra: dict[str, str] | None = None) -> str:
    lines = [
        "---",
        f"title: {page.title}",
        f"description: {page.description}",
        f"weight: {page.weight}",
        f"date: {page.date}",
        "tags: [" + ", ".join(page.tags) + "]",
    ]
    lines += [f"{key}: {value}" for key, value in (extra or {}).items()]
    return "\n".join(lines + ["---", ""])


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def write_sitegen(corpus: Corpus, root: Path) -> None:
    write(root / "site.toml", 'title = "Handbook"\nfooter = "Benchmark corpus"\n')
    for page in corpus.pages:
        write(root / page.path, front_matter(page) + "\n" + page.body)


def write_mkdocs(corpus: Corpus, root: Path) -> None:
    write(
        root / "mkdocs.yml",
        "site_name: Handbook\n"
        "site_url: https://docs.example.com/\n"
        "docs_dir: docs\n"
        "theme:\n"
        "  name: material\n"
        "  features:\n"
        "    - navigation.indexes\n"
        "    # Material's setting for large sites: each page carries only the navigation it shows, like sitegen.\n"
        "    - navigation.prune\n"
        "# Code highlighted at build time (Pygments), as sitegen and Hugo do; Material's recommended setup.\n"
        "markdown_extensions:\n"
        "  - pymdownx.highlight\n"
        "  - pymdownx.superfences\n",
    )
    for page in corpus.pages:
        write(root / "docs" / page.path, front_matter(page) + "\n" + page.body)


def hugo_text(text: str) -> str:
    """Hugo calls a section page `_index.md`; links follow the file name."""
    return re.sub(r"(?<=[(/])index\.md(?=[)#])", "_index.md", text)


def write_hugo(corpus: Corpus, root: Path) -> None:
    write(
        root / "config.toml",
        'baseURL = "https://docs.example.com/"\n'
        'title = "Handbook"\n'
        "# sitegen writes no taxonomy pages and no feeds: neither does Hugo here. Both highlight code at build\n"
        "# time, as token spans with CSS classes and a stylesheet (Hugo's default would be inline styles).\n"
        'disableKinds = ["taxonomy", "term", "RSS"]\n'
        "[markup.highlight]\n"
        "  codeFences = true\n"
        "  noClasses = false\n"
        "  guessSyntax = false\n",
    )
    for page in corpus.pages:
        name = "_index.md" if page.name == "index" else page.name + ".md"
        write(root / "content" / page.folder / name, front_matter(page) + "\n" + hugo_text(page.body))
    shutil.copytree(Path(__file__).parent / "hugo-layouts", root / "layouts", dirs_exist_ok=True)
