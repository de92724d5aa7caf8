"""lunr with an index built ahead of time (Debian's libjs-lunr under node), a library ARCHITECTURE.md weighed for
sitegen's search: its build time and its size over the documents MkDocs indexes."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from site_builds import timed

HERE = Path(__file__).resolve().parent
LUNR = Path("/usr/share/javascript/lunr/lunr.js")


def lunr_index(mkdocs_site: Path, work: Path) -> dict[str, float | str]:
    """Builds a lunr index of MkDocs' search documents with node ahead of time; its time and sizes."""
    if not LUNR.exists() or not shutil.which("node"):
        return {}
    output = work / "lunr-index.json"
    command = ["node", "--max-old-space-size=16384", str(HERE / "lunr-index.js"), str(LUNR),
               str(mkdocs_site / "search" / "search_index.json"), str(output)]
    try:
        run = timed(command)
    except RuntimeError as error:
        return {"error": str(error).strip().splitlines()[-1][:300]}
    index = output.read_bytes()
    documents = (mkdocs_site / "search" / "search_index.json").read_bytes()
    result = {
        "seconds": run.wall,
        "cpu": run.cpu,
        "index_bytes": len(index),
        "index_gzip_bytes": len(gzip.compress(index, 6)),
        "documents_gzip_bytes": len(gzip.compress(documents, 6)),
        "library_gzip_bytes": len(gzip.compress((LUNR.parent / "lunr.min.js").read_bytes(), 6)),
    }
    output.unlink()
    return result
