"""A stand-in access manifest for a built site, for as long as `sitegen build` does not write one itself.

It has the shape AccessRules reads (Sources/AccessRules/AccessManifest.swift, version 1): every published
path signed-in, the error pages public. The benchmark says in its results when it had to use this.
"""

from __future__ import annotations

import json
from pathlib import Path

RELATIVE_PATH = Path(".sitegen") / "access.json"
PUBLIC_FILES = {"/403.html", "/404.html"}


def ensure(public: Path) -> bool:
    """Writes `public/.sitegen/access.json` unless the build wrote one; True when it had to be written."""
    target = public / RELATIVE_PATH
    if target.exists():
        return False
    paths = {}
    for file in sorted(public.rglob("*")):
        if not file.is_file() or file.relative_to(public).parts[0].startswith("."):
            continue
        relative = "/" + file.relative_to(public).as_posix()
        path = relative[: -len("index.html")] if relative.endswith("/index.html") or relative == "/index.html" else relative
        paths[path] = {"rule": 1 if relative in PUBLIC_FILES else 0, "source": 0}
    manifest = {"version": 1, "rules": ["signed-in", "public"], "sources": ["site.toml"], "paths": paths}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(manifest, sort_keys=True))
    return True
