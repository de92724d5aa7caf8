"""The pages of the benchmark corpus, planned first (sections, titles, headings) and then given Markdown bodies
whose links all point at pages and headings that exist."""

from __future__ import annotations

import math
import posixpath
import random
from dataclasses import dataclass, field

from corpus_words import ADJECTIVES, LANGUAGES, VERBS, WORDS


@dataclass
class Page:
    """One Markdown page; `folder` is its section's path and `name` its file stem (`index` for a section)."""

    folder: str
    name: str
    title: str
    description: str
    weight: int
    date: str
    tags: list[str]
    headings: list[tuple[int, str]] = field(default_factory=list)
    body: str = ""

    @property
    def path(self) -> str:
        return posixpath.join(self.folder, self.name + ".md")

    @property
    def anchors(self) -> list[str]:
        return [slug(text) for _, text in self.headings]


def slug(text: str) -> str:
    """GitHub-style heading id; headings here are ASCII words and single spaces, so every tool agrees."""
    return text.lower().replace(" ", "-")


def sentence_case(words: list[str]) -> str:
    text = " ".join(words)
    return text[:1].upper() + text[1:]


class Corpus:
    """The pages of one corpus, planned first (titles, headings) so that bodies can link to any of them."""

    def __init__(self, pages: int, seed: int, wide: tuple[int, ...] = ()) -> None:
        self.rng = random.Random(seed)
        self.pages: list[Page] = []
        self.sections: list[str] = []
        nested = pages - sum(wide)
        depth = max(1, math.ceil(math.log10(max(nested, 20) / 10) - 1e-9))
        if wide and nested < 2 * (10 ** (depth + 1) - 1) // 9:
            depth -= 1
        self.plan_sections("", depth)
        leaves = [folder for folder in self.sections if folder.count("/") + 1 == depth and folder]
        content_pages = nested - len(self.sections)
        if content_pages < len(leaves):
            raise SystemExit(f"--pages {pages} is too small: the corpus needs at least {2 * len(self.sections)}")
        used: dict[str, set[str]] = {folder: set() for folder in leaves}
        for number in range(content_pages):
            folder = leaves[number % len(leaves)]
            name = self.unique_name(used[folder])
            self.pages.append(self.plan_page(folder, name, weight=number // len(leaves) + 1))
        for size in wide:
            folder = f"wide-{size}"
            self.sections.append(folder)
            index = self.plan_page(folder, "index", weight=len(self.sections))
            index.title = f"Wide section of {size:,}"
            self.pages.append(index)
            used_names: set[str] = set()
            for number in range(size - 1):
                self.pages.append(self.plan_page(folder, self.unique_name(used_names), weight=number + 1))
        self.by_folder: dict[str, list[Page]] = {}
        for page in self.pages:
            self.by_folder.setdefault(page.folder, []).append(page)
        for page in self.pages:
            page.body = self.write_body(page)

    def plan_sections(self, folder: str, levels: int) -> None:
        self.sections.append(folder)
        title = sentence_case(folder.rsplit("/", 1)[-1].split("-")) if folder else "Handbook"
        index = self.plan_page(folder, "index", weight=len(self.sections))
        index.title = title
        self.pages.append(index)
        if levels == 0:
            return
        used: set[str] = set()
        for _ in range(10):
            self.plan_sections(posixpath.join(folder, self.unique_name(used)), levels - 1)

    def unique_name(self, used: set[str]) -> str:
        while True:
            name = f"{self.rng.choice(ADJECTIVES)}-{self.rng.choice(WORDS)}"
            if name not in used:
                used.add(name)
                return name

    def plan_page(self, folder: str, name: str, weight: int) -> Page:
        rng = self.rng
        subject = rng.choice(WORDS)
        title = sentence_case([rng.choice(VERBS), "the", rng.choice(ADJECTIVES), subject])
        page = Page(
            folder=folder,
            name=name,
            title=title,
            description=sentence_case([rng.choice(WORDS + VERBS) for _ in range(rng.randint(8, 14))]),
            weight=weight,
            date=f"{rng.randint(2019, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            tags=rng.sample(WORDS, rng.randint(1, 4)),
        )
        seen: set[str] = set()
        for _ in range(rng.randint(3, 6)):
            page.headings.append((2, self.heading(seen)))
            for _ in range(rng.choice([0, 0, 1, 2])):
                page.headings.append((3, self.heading(seen)))
        return page

    def heading(self, seen: set[str]) -> str:
        while True:
            words = [self.rng.choice(VERBS), self.rng.choice(ADJECTIVES), self.rng.choice(WORDS)]
            if self.rng.random() < 0.3:
                words.append(self.rng.choice(WORDS))
            text = sentence_case(words)
            if slug(text) not in seen:
                seen.add(slug(text))
                return text

    def sentence(self, low: int = 8, high: int = 20) -> str:
        rng = self.rng
        words = []
        for _ in range(rng.randint(low, high)):
            word = rng.choice(WORDS if rng.random() < 0.6 else VERBS + ADJECTIVES + ["the", "a", "of", "to", "and"])
            roll = rng.random()
            if roll < 0.03:
                word = f"`{word}_{rng.choice(WORDS)}`"
            elif roll < 0.05:
                word = f"**{word}**"
            elif roll < 0.07:
                word = f"*{word}*"
            words.append(word)
        return sentence_case(words) + "."

    def paragraph(self, page: Page, links: list[str]) -> str:
        sentences = [self.sentence() for _ in range(self.rng.randint(2, 5))]
        if links:
            position = self.rng.randrange(len(sentences))
            sentences[position] = sentences[position].rstrip(".") + f", see {links.pop()}."
        return " ".join(sentences)

    def link_targets(self, page: Page) -> list[str]:
        """Two to five links: mostly to nearby pages, some anywhere, half of them to a heading."""
        rng = self.rng
        links = []
        for _ in range(rng.randint(2, 5)):
            near = self.by_folder.get(page.folder) or self.pages
            target = rng.choice(near if rng.random() < 0.6 else self.pages)
            if target is page:
                continue
            destination = posixpath.relpath(target.path, page.folder or ".")
            if rng.random() < 0.5:
                destination += "#" + rng.choice(target.anchors)
            links.append(f"[{target.title.lower()}]({destination})")
        if page.anchors:
            anchor = rng.choice(page.anchors)
            links.append(f"[the part on {anchor.replace('-', ' ')}](#{anchor})")
        rng.shuffle(links)
        return links

    def write_body(self, page: Page) -> str:
        rng = self.rng
        links = self.link_targets(page)
        blocks = [self.paragraph(page, links)]
        for level, text in page.headings:
            blocks.append("#" * level + " " + text)
            blocks.append(self.paragraph(page, links))
            roll = rng.random()
            if roll < 0.25:
                blocks.append(self.bullet_list())
            elif roll < 0.4:
                blocks.append(self.numbered_list())
            elif roll < 0.55:
                blocks.append(self.table())
            elif roll < 0.8:
                blocks.append(self.code_block())
            if rng.random() < 0.5:
                blocks.append(self.paragraph(page, links))
        while links:
            blocks.append(self.paragraph(page, links))
        if page.name == "index":
            children = [child for child in self.pages if child.folder == page.folder and child is not page]
            children += [
                self.index_of(folder) for folder in self.sections if folder and posixpath.dirname(folder) == page.folder
            ]
            if children:
                blocks.append("In this section:")
                blocks.append(
                    "\n".join(
                        f"- [{child.title}]({posixpath.relpath(child.path, page.folder or '.')})"
                        for child in children
                    )
                )
        return "\n\n".join(blocks) + "\n"

    def index_of(self, folder: str) -> Page:
        return next(page for page in self.pages if page.folder == folder and page.name == "index")

    def bullet_list(self) -> str:
        return "\n".join(f"- {self.sentence(4, 10)}" for _ in range(self.rng.randint(3, 6)))

    def numbered_list(self) -> str:
        return "\n".join(f"{number}. {self.sentence(4, 10)}" for number in range(1, self.rng.randint(3, 6) + 1))

    def table(self) -> str:
        rng = self.rng
        columns = rng.randint(3, 5)
        header = [sentence_case([rng.choice(WORDS)]) for _ in range(columns)]
        rows = ["| " + " | ".join(header) + " |", "|" + "---|" * columns]
        for _ in range(rng.randint(3, 8)):
            cells = [
                rng.choice([f"`{rng.choice(WORDS)}`", str(rng.randint(1, 9999)), rng.choice(ADJECTIVES)])
                for _ in range(columns)
            ]
            rows.append("| " + " | ".join(cells) + " |")
        return "\n".join(rows)

    def code_block(self) -> str:
        rng = self.rng
        language = rng.choice(LANGUAGES)
        names = [f"{rng.choice(WORDS)}_{rng.choice(WORDS)}" for _ in range(rng.randint(4, 12))]
        line = {
            "python": lambda n: f"{n} = load_{rng.choice(WORDS)}({rng.randint(1, 99)})",
            "bash": lambda n: f"sitectl {rng.choice(VERBS)} --{rng.choice(WORDS)} {n}",
            "yaml": lambda n: f"{n}: {rng.choice(ADJECTIVES)}",
            "json": lambda n: f'"{n}": {rng.randint(1, 999)},',
            "go": lambda n: f"{n} := {rng.choice(WORDS)}.New({rng.randint(1, 99)})",
            "swift": lambda n: f"let {n} = try {rng.choice(WORDS)}.{rng.choice(VERBS)}()",
            "toml": lambda n: f'{n} = "{rng.choice(ADJECTIVES)}"',
            "javascript": lambda n: f"const {n} = await {rng.choice(VERBS)}({rng.randint(1, 99)});",
        }[language]
        return f"```{language}\n" + "\n".join(line(name) for name in names) + "\n```"
