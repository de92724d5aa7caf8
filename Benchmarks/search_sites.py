"""The two sites of the search benchmark, sitegen's and MkDocs Material's: where a reader types, where the
results appear, and which requests are for search."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Site:
    """How the benchmark finds a site's search field and results, and which requests are for search."""

    name: str
    field: str
    results: str
    search_paths: tuple[str, ...]


SITEGEN = Site(
    name="sitegen",
    field=".search-input",
    results=".search-results",
    search_paths=("/assets/search.js", "/assets/search-worker.js", "/_search/"),
)
MKDOCS = Site(
    name="mkdocs",
    field=".md-search__input",
    results=".md-search-result",
    search_paths=("/search/", "/assets/javascripts/workers/", "/assets/javascripts/lunr/"),
)
